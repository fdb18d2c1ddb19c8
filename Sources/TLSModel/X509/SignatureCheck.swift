import Crypto
import SwiftASN1
import X509
import _CryptoExtras

/// The outcome of checking one certificate's signature against a candidate issuer's key.
public enum SignatureCheck: Sendable, Hashable {
    /// The issuer's key made this signature.
    case valid
    /// It did not.
    case invalid
    /// The algorithm or key cannot be checked by this build; `reason` says which.
    case unsupported(reason: String)
}

extension X509Certificate {
    /// Checks this certificate's signature with `issuer`'s public key.
    ///
    /// swift-certificates checks the algorithms it models (RSA PKCS#1 v1.5 with SHA-1/2,
    /// ECDSA with SHA-2, Ed25519); swift-crypto directly checks the rest a local CA may
    /// still produce (RSA-PSS, ECDSA with SHA-1).
    public func signatureCheck(by issuer: X509Certificate) -> SignatureCheck {
        guard let key = issuer.publicKey else {
            return .unsupported(reason: "the issuer's \(issuer.key.summary) key cannot be used to check signatures")
        }
        let tbs = tbsBytes
        switch signatureAlgorithm.oid.description {
        case "1.2.840.113549.1.1.5":
            return check(key.isValidSignature(signature, for: tbs, signatureAlgorithm: .sha1WithRSAEncryption))
        case "1.2.840.113549.1.1.11":
            return check(key.isValidSignature(signature, for: tbs, signatureAlgorithm: .sha256WithRSAEncryption))
        case "1.2.840.113549.1.1.12":
            return check(key.isValidSignature(signature, for: tbs, signatureAlgorithm: .sha384WithRSAEncryption))
        case "1.2.840.113549.1.1.13":
            return check(key.isValidSignature(signature, for: tbs, signatureAlgorithm: .sha512WithRSAEncryption))
        case "1.2.840.10045.4.3.2":
            return check(key.isValidSignature(signature, for: tbs, signatureAlgorithm: .ecdsaWithSHA256))
        case "1.2.840.10045.4.3.3":
            return check(key.isValidSignature(signature, for: tbs, signatureAlgorithm: .ecdsaWithSHA384))
        case "1.2.840.10045.4.3.4":
            return check(key.isValidSignature(signature, for: tbs, signatureAlgorithm: .ecdsaWithSHA512))
        case "1.3.101.112":
            return check(key.isValidSignature(signature, for: tbs, signatureAlgorithm: .ed25519))
        case "1.2.840.10045.4.1":
            return ecdsaSHA1(issuer: issuer)
        case "1.2.840.113549.1.1.10":
            return rsaPSS(issuer: issuer)
        default:
            return .unsupported(reason: "signature algorithm \(signatureAlgorithm.name) is not supported")
        }
    }

    private func check(_ ok: Bool) -> SignatureCheck { ok ? .valid : .invalid }

    private func ecdsaSHA1(issuer: X509Certificate) -> SignatureCheck {
        let digest = Insecure.SHA1.hash(data: tbsBytes)
        guard let spki = try? DER.parse(issuer.spkiDER), case .constructed(let parts) = spki.content,
            let bits = Array(parts).last, let point = try? ASN1BitString(derEncoded: bits)
        else { return .invalid }
        let x963 = Array(point.bytes)
        switch issuer.key.curve {
        case "P-256":
            guard let k = try? P256.Signing.PublicKey(x963Representation: x963),
                let s = try? P256.Signing.ECDSASignature(derRepresentation: signature)
            else { return .invalid }
            return check(k.isValidSignature(s, for: digest))
        case "P-384":
            guard let k = try? P384.Signing.PublicKey(x963Representation: x963),
                let s = try? P384.Signing.ECDSASignature(derRepresentation: signature)
            else { return .invalid }
            return check(k.isValidSignature(s, for: digest))
        case "P-521":
            guard let k = try? P521.Signing.PublicKey(x963Representation: x963),
                let s = try? P521.Signing.ECDSASignature(derRepresentation: signature)
            else { return .invalid }
            return check(k.isValidSignature(s, for: digest))
        default:
            return .unsupported(reason: "ecdsa-with-SHA1 on \(issuer.key.summary)")
        }
    }

    /// RSASSA-PSS-params ::= SEQUENCE { hashAlgorithm [0] ..., maskGenAlgorithm [1] ...,
    /// saltLength [2] INTEGER DEFAULT 20, trailerField [3] ... }   (RFC 4055 3.1).
    /// swift-crypto checks PSS with MGF1 over the same hash and a salt as long as the hash.
    private func rsaPSS(issuer: X509Certificate) -> SignatureCheck {
        guard issuer.key.type == "RSA" || issuer.key.type == "RSA-PSS",
            let key = try? _RSA.Signing.PublicKey(unsafeDERRepresentation: issuer.spkiDER)
        else { return .unsupported(reason: "RSA-PSS signature from a \(issuer.key.summary) key") }
        guard let params = signatureAlgorithm.parameters, let node = try? DER.parse(params),
            case .constructed(let fields) = node.content
        else { return .unsupported(reason: "RSA-PSS without parameters") }
        var hashOID = "1.3.14.3.2.26"
        var saltLength = 20
        for field in fields {
            guard case .constructed(let inner) = field.content, let value = Array(inner).first else { continue }
            switch field.identifier.tagNumber {
            case 0:
                if case .constructed(let alg) = value.content, let oid = Array(alg).first,
                    let parsed = try? ASN1ObjectIdentifier(derEncoded: oid)
                {
                    hashOID = parsed.description
                }
            case 2:
                saltLength = (try? Int(derEncoded: value)) ?? -1
            default:
                break
            }
        }
        let sig = _RSA.Signing.RSASignature(rawRepresentation: signature)
        switch (hashOID, saltLength) {
        case ("2.16.840.1.101.3.4.2.1", 32):
            return check(key.isValidSignature(sig, for: SHA256.hash(data: tbsBytes), padding: .PSS))
        case ("2.16.840.1.101.3.4.2.2", 48):
            return check(key.isValidSignature(sig, for: SHA384.hash(data: tbsBytes), padding: .PSS))
        case ("2.16.840.1.101.3.4.2.3", 64):
            return check(key.isValidSignature(sig, for: SHA512.hash(data: tbsBytes), padding: .PSS))
        default:
            return .unsupported(reason: "RSA-PSS with hash \(hashOID) and salt length \(saltLength)")
        }
    }
}
