import Crypto
import Foundation
import X509

/// Certificates that are the same bytes on every run, for golden files
/// (Tests/TLSProbeOutputTests/GoldenOutputTests.swift). `TestPKI.issue` makes a fresh key
/// and the next serial each time, and ECDSA signatures are random; here each key comes
/// from a label, each serial is given, and the dates are those of TestPKI's specs (fixed
/// against `TestPKI.referenceTime`).
///
/// Only Ed25519 keys sign: Ed25519 signatures are deterministic (RFC 8032, as BoringSSL
/// makes them; swift-crypto uses BoringSSL on Linux). A P-256 key is a leaf's only: its
/// public half goes into the certificate, and it never signs.
extension TestPKI {
    /// The private key of `kind` derived from `label`: the same label, the same key.
    /// Only `.ed25519` and `.p256`.
    public static func fixedKey(_ kind: KeyKind, label: String) -> Certificate.PrivateKey {
        let seed = Data(SHA256.hash(data: Data("tlsprobe fixed test key: \(label)".utf8)))
        switch kind {
        case .ed25519: return Certificate.PrivateKey(try! Curve25519.Signing.PrivateKey(rawRepresentation: seed))
        case .p256: return Certificate.PrivateKey(try! P256.Signing.PrivateKey(rawRepresentation: seed))
        default: preconditionFailure("no fixed \(kind) key: only Ed25519 and P-256 keys are derived from a label")
        }
    }

    /// Issues `spec` with the key `fixedKey(spec.key, label:)` and serial `serial`, signed
    /// by `issuer` (self-signed when nil). `issuer` and a self-signed `spec` must have
    /// Ed25519 keys, so that the signature is the same on every run.
    public static func issueFixed(_ spec: Spec, label: String, serial: Int, by issuer: Issued? = nil) -> Issued {
        precondition(issuer != nil || spec.key == .ed25519, "a self-signed fixed certificate needs an Ed25519 key")
        var spec = spec
        spec.serial = serial
        return issue(spec, by: issuer, reuseKey: fixedKey(spec.key, label: label))
    }
}
