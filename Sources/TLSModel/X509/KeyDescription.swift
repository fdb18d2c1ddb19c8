import Crypto
import SwiftASN1
import X509
import _CryptoExtras

/// A public key's algorithm and size, as a report shows it.
public struct KeyDescription: Sendable, Hashable {
    /// `RSA`, `RSA-PSS`, `EC`, `Ed25519`, `Ed448`, `DSA`, or the dotted OID of an unknown algorithm.
    public let type: String
    /// The size in bits (RSA modulus, curve size, DSA p), when known.
    public let bits: Int?
    /// The named curve for EC keys: `P-256`, `P-384`, `secp256k1`, or the dotted OID.
    public let curve: String?

    public init(type: String, bits: Int?, curve: String? = nil) {
        self.type = type
        self.bits = bits
        self.curve = curve
    }

    /// "RSA 2048", "EC P-256", "Ed25519".
    public var summary: String {
        if let curve { return "\(type) \(curve)" }
        if let bits, type == "RSA" || type == "RSA-PSS" || type == "DSA" { return "\(type) \(bits)" }
        return type
    }

    /// SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
    /// (RFC 5280 4.1.2.7). Never throws: an unreadable key is described as such.
    static func read(spki node: ASN1Node, anomalies: inout [X509Anomaly]) -> (KeyDescription, Certificate.PublicKey?) {
        guard node.identifier == .sequence, case .constructed(let children) = node.content else {
            anomalies.append(X509Anomaly(field: "subjectPublicKeyInfo", problem: "not a SEQUENCE"))
            return (KeyDescription(type: "unreadable", bits: nil), nil)
        }
        let items = Array(children)
        guard items.count == 2,
            let algorithm = try? AlgorithmIdentifierView(node: items[0], field: "subjectPublicKeyInfo.algorithm"),
            let bitString = try? ASN1BitString(derEncoded: items[1])
        else {
            anomalies.append(
                X509Anomaly(field: "subjectPublicKeyInfo", problem: "not an AlgorithmIdentifier and a BIT STRING")
            )
            return (KeyDescription(type: "unreadable", bits: nil), nil)
        }
        let keyBytes = Array(bitString.bytes)
        let isRSA = ["1.2.840.113549.1.1.1", "1.2.840.113549.1.1.10"].contains(algorithm.oid.description)
        // RSA keys never go through swift-crypto's DER parsing (nor swift-certificates',
        // which calls it): in swift-crypto 3.x a key that neither of its RSA parsers reads
        // is freed twice (RSA_boring.swift: the catch frees it, then deinit). Found by
        // FuzzCredentials; see rsaPublicKey(_:).
        let publicKey = isRSA ? nil : try? Certificate.PublicKey(derEncoded: node)

        switch algorithm.oid.description {
        case "1.2.840.113549.1.1.1", "1.2.840.113549.1.1.10":
            let type = algorithm.oid.description.hasSuffix(".10") ? "RSA-PSS" : "RSA"
            let bits = rsaModulusBits(keyBytes)
            if bits == nil {
                anomalies.append(X509Anomaly(field: "subjectPublicKeyInfo", problem: "RSA key cannot be read"))
            }
            return (KeyDescription(type: type, bits: bits), rsaPublicKey(keyBytes).map(Certificate.PublicKey.init))
        case "1.2.840.10045.2.1":
            var curveName = "unknown curve"
            var bits: Int?
            if let params = algorithm.parameters, let paramNode = try? DER.parse(params),
                let curveOID = try? ASN1ObjectIdentifier(derEncoded: paramNode)
            {
                if let known = OIDNames.curve(curveOID) {
                    curveName = known.name
                    bits = known.bits
                } else {
                    curveName = curveOID.description
                }
            } else {
                anomalies.append(X509Anomaly(field: "subjectPublicKeyInfo", problem: "EC key without a named curve"))
            }
            return (KeyDescription(type: "EC", bits: bits, curve: curveName), publicKey)
        case "1.3.101.112":
            return (KeyDescription(type: "Ed25519", bits: 256), publicKey)
        case "1.3.101.113":
            return (KeyDescription(type: "Ed448", bits: 456), nil)
        case "1.3.101.110":
            return (KeyDescription(type: "X25519", bits: 256), nil)
        case "1.2.840.10040.4.1":
            return (KeyDescription(type: "DSA", bits: dsaPrimeBits(algorithm.parameters)), nil)
        default:
            return (KeyDescription(type: algorithm.name, bits: nil), nil)
        }
    }

    /// RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }   (RFC 8017 A.1.1)
    /// as a key that checks signatures, built from its two integers (`init(n:e:)` frees
    /// what it allocated once, whatever fails). swift-certificates refuses RSA keys under
    /// 2048 bits; a diagnosis still needs to check what they signed, so the floor is
    /// swift-crypto's 1024 bits, as with its `unsafeDERRepresentation`.
    private static func rsaPublicKey(_ bytes: [UInt8]) -> _RSA.Signing.PublicKey? {
        guard let node = try? DER.parse(bytes), node.identifier == .sequence,
            case .constructed(let children) = node.content
        else { return nil }
        let items = Array(children)
        guard items.count == 2, items.allSatisfy({ $0.identifier == .integer }),
            case .primitive(let n) = items[0].content, case .primitive(let e) = items[1].content,
            let first = n.first, first & 0x80 == 0, let eFirst = e.first, eFirst & 0x80 == 0,
            let bits = bitLength(n), bits >= 1024, bits <= 16384
        else { return nil }
        return try? _RSA.Signing.PublicKey(n: Array(n.drop(while: { $0 == 0 })), e: Array(e.drop(while: { $0 == 0 })))
    }

    private static func rsaModulusBits(_ bytes: [UInt8]) -> Int? {
        guard let node = try? DER.parse(bytes), node.identifier == .sequence,
            case .constructed(let children) = node.content,
            let modulus = Array(children).first, case .primitive(let value) = modulus.content
        else { return nil }
        return bitLength(value)
    }

    /// Dss-Parms ::= SEQUENCE { p INTEGER, q INTEGER, g INTEGER }   (RFC 3279 2.3.2)
    private static func dsaPrimeBits(_ parameters: [UInt8]?) -> Int? {
        guard let parameters, let node = try? DER.parse(parameters), case .constructed(let children) = node.content,
            let p = Array(children).first, case .primitive(let value) = p.content
        else { return nil }
        return bitLength(value)
    }

    private static func bitLength(_ value: ArraySlice<UInt8>) -> Int? {
        let significant = value.drop(while: { $0 == 0 })
        guard let first = significant.first else { return nil }
        return (significant.count - 1) * 8 + (8 - first.leadingZeroBitCount)
    }
}
