import Crypto
import SystemCalls
import SwiftASN1
import X509
import _CryptoExtras

/// The key types `identity` makes (`--key`).
public enum IdentityKeyType: String, CaseIterable, Sendable {
    case rsa2048, rsa3072, p256, p384, ed25519

    /// "EC P-256", "RSA 2048", …
    public var label: String {
        switch self {
        case .rsa2048: "RSA 2048"
        case .rsa3072: "RSA 3072"
        case .p256: "EC P-256"
        case .p384: "EC P-384"
        case .ed25519: "Ed25519"
        }
    }

    /// The type as a certificate's key description names it (`KeyDescription.type`), which
    /// is what a profile's `LeafKeyTypeRule` lists: "RSA", "EC", "Ed25519".
    public var certificateKeyType: String {
        switch self {
        case .rsa2048, .rsa3072: "RSA"
        case .p256, .p384: "EC"
        case .ed25519: "Ed25519"
        }
    }

    /// The warning for this key type when Apple's clients refuse it (`Profile.apple` says when).
    public var appleRefusalWarning: String {
        "Apple clients (iOS, iPadOS, macOS) do not accept \(label) certificates for TLS, and many other clients neither: use --key p256 (the default) unless every client is known to take \(label)"
    }

    /// A fresh key of this type.
    func generate() throws -> IdentityKey {
        switch self {
        case .rsa2048: .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        case .rsa3072: .rsa(try _RSA.Signing.PrivateKey(keySize: .bits3072))
        case .p256: .p256(P256.Signing.PrivateKey())
        case .p384: .p384(P384.Signing.PrivateKey())
        case .ed25519: .ed25519(Curve25519.Signing.PrivateKey())
        }
    }
}

/// A private key `identity` made or read: the form swift-certificates signs with, and the
/// PKCS#8 form written to files.
enum IdentityKey {
    case rsa(_RSA.Signing.PrivateKey)
    case p256(P256.Signing.PrivateKey)
    case p384(P384.Signing.PrivateKey)
    case ed25519(Curve25519.Signing.PrivateKey)

    var certificateKey: Certificate.PrivateKey {
        switch self {
        case .rsa(let key): Certificate.PrivateKey(key)
        case .p256(let key): Certificate.PrivateKey(key)
        case .p384(let key): Certificate.PrivateKey(key)
        case .ed25519(let key): Certificate.PrivateKey(key)
        }
    }

    var publicKey: Certificate.PublicKey { certificateKey.publicKey }

    var isRSA: Bool { if case .rsa = self { true } else { false } }

    /// The signature algorithm a certificate signed by this key carries.
    var signatureAlgorithm: Certificate.SignatureAlgorithm {
        switch self {
        case .rsa: .sha256WithRSAEncryption
        case .p256: .ecdsaWithSHA256
        case .p384: .ecdsaWithSHA384
        case .ed25519: .ed25519
        }
    }

    /// The unencrypted PKCS#8 DER (what `-----BEGIN PRIVATE KEY-----` holds).
    var pkcs8DER: [UInt8] {
        switch self {
        case .rsa(let key): return (try? PEMDocument(pemString: key.pkcs8PEMRepresentation).derBytes) ?? []
        case .p256(let key): return Array(key.derRepresentation)
        case .p384(let key): return Array(key.derRepresentation)
        case .ed25519(let key):
            // RFC 8410 section 7: SEQUENCE { 0, { id-Ed25519 }, OCTET STRING { OCTET STRING key } }.
            return [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
                + Array(key.rawRepresentation)
        }
    }

    /// The key file's text: PKCS#8 PEM.
    var pem: String { PEMDocument(type: "PRIVATE KEY", derBytes: pkcs8DER).pemString + "\n" }

    /// Reads unencrypted PKCS#8 DER.
    init(pkcs8DER der: [UInt8]) throws {
        try self.init(pem: PEMDocument(type: "PRIVATE KEY", derBytes: der).pemString)
    }

    /// Reads a PEM private key (PKCS#8, SEC1 `EC PRIVATE KEY` or PKCS#1 `RSA PRIVATE KEY`).
    init(pem text: String) throws {
        let document = try PEMDocument(pemString: text)
        switch document.discriminator {
        case "RSA PRIVATE KEY":
            self = .rsa(try _RSA.Signing.PrivateKey(derRepresentation: document.derBytes))
            return
        case "EC PRIVATE KEY", "PRIVATE KEY":
            break
        default:
            throw IdentityKeyError.unsupported(document.discriminator)
        }
        if let key = try? P256.Signing.PrivateKey(derRepresentation: document.derBytes) {
            self = .p256(key)
            return
        }
        if let key = try? P384.Signing.PrivateKey(derRepresentation: document.derBytes) {
            self = .p384(key)
            return
        }
        if let key = try? _RSA.Signing.PrivateKey(derRepresentation: document.derBytes) {
            self = .rsa(key)
            return
        }
        let der = document.derBytes
        let prefix: [UInt8] = [
            0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
        ]
        if der.count == 48, Array(der.prefix(16)) == prefix {
            self = .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: der.suffix(32)))
            return
        }
        throw IdentityKeyError.unsupported(document.discriminator)
    }
}

enum IdentityKeyError: Error {
    case unsupported(String)
}
