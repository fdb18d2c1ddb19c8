import SwiftASN1
import X509

/// Readable names for the object identifiers a TLS diagnosis meets.
public enum OIDNames {
    static let crlDistributionPoints: ASN1ObjectIdentifier = [2, 5, 29, 31]
    static let certificatePolicies: ASN1ObjectIdentifier = [2, 5, 29, 32]

    private static let algorithms: [String: String] = [
        "1.2.840.113549.1.1.1": "rsaEncryption",
        "1.2.840.113549.1.1.4": "md5WithRSAEncryption",
        "1.2.840.113549.1.1.5": "sha1WithRSAEncryption",
        "1.2.840.113549.1.1.10": "rsassa-pss",
        "1.2.840.113549.1.1.11": "sha256WithRSAEncryption",
        "1.2.840.113549.1.1.12": "sha384WithRSAEncryption",
        "1.2.840.113549.1.1.13": "sha512WithRSAEncryption",
        "1.2.840.113549.1.1.14": "sha224WithRSAEncryption",
        "1.2.840.10045.2.1": "id-ecPublicKey",
        "1.2.840.10045.4.1": "ecdsa-with-SHA1",
        "1.2.840.10045.4.3.1": "ecdsa-with-SHA224",
        "1.2.840.10045.4.3.2": "ecdsa-with-SHA256",
        "1.2.840.10045.4.3.3": "ecdsa-with-SHA384",
        "1.2.840.10045.4.3.4": "ecdsa-with-SHA512",
        "1.2.840.10040.4.1": "dsa",
        "1.2.840.10040.4.3": "dsa-with-SHA1",
        "2.16.840.1.101.3.4.3.2": "dsa-with-SHA256",
        "1.3.101.110": "X25519",
        "1.3.101.111": "X448",
        "1.3.101.112": "Ed25519",
        "1.3.101.113": "Ed448",
    ]

    private static let curves: [String: (name: String, bits: Int)] = [
        "1.2.840.10045.3.1.1": ("P-192", 192),
        "1.3.132.0.33": ("P-224", 224),
        "1.2.840.10045.3.1.7": ("P-256", 256),
        "1.3.132.0.34": ("P-384", 384),
        "1.3.132.0.35": ("P-521", 521),
        "1.3.132.0.10": ("secp256k1", 256),
        "1.3.36.3.3.2.8.1.1.7": ("brainpoolP256r1", 256),
        "1.3.36.3.3.2.8.1.1.11": ("brainpoolP384r1", 384),
        "1.3.36.3.3.2.8.1.1.13": ("brainpoolP512r1", 512),
    ]

    private static let extensions: [String: String] = [
        "2.5.29.14": "subjectKeyIdentifier",
        "2.5.29.15": "keyUsage",
        "2.5.29.17": "subjectAltName",
        "2.5.29.18": "issuerAltName",
        "2.5.29.19": "basicConstraints",
        "2.5.29.30": "nameConstraints",
        "2.5.29.31": "cRLDistributionPoints",
        "2.5.29.32": "certificatePolicies",
        "2.5.29.33": "policyMappings",
        "2.5.29.35": "authorityKeyIdentifier",
        "2.5.29.36": "policyConstraints",
        "2.5.29.37": "extendedKeyUsage",
        "2.5.29.54": "inhibitAnyPolicy",
        "1.3.6.1.5.5.7.1.1": "authorityInfoAccess",
        "1.3.6.1.5.5.7.1.11": "subjectInfoAccess",
        "1.3.6.1.5.5.7.1.24": "tlsFeature",
        "1.3.6.1.4.1.11129.2.4.2": "signedCertificateTimestampList",
        "1.3.6.1.4.1.11129.2.4.3": "ctPrecertificatePoison",
        "2.16.840.1.113730.1.1": "netscapeCertType",
        "2.16.840.1.113730.1.13": "netscapeComment",
    ]

    private static let usages: [String: String] = [
        "1.3.6.1.5.5.7.3.1": "serverAuth",
        "1.3.6.1.5.5.7.3.2": "clientAuth",
        "1.3.6.1.5.5.7.3.3": "codeSigning",
        "1.3.6.1.5.5.7.3.4": "emailProtection",
        "1.3.6.1.5.5.7.3.8": "timeStamping",
        "1.3.6.1.5.5.7.3.9": "OCSPSigning",
        "2.5.29.37.0": "anyExtendedKeyUsage",
        "1.3.6.1.4.1.311.10.3.3": "msSGC",
        "2.16.840.1.113730.4.1": "nsSGC",
    ]

    /// `sha256WithRSAEncryption`, `ecdsa-with-SHA256`, `Ed25519`, or the dotted OID.
    public static func algorithmName(_ oid: ASN1ObjectIdentifier) -> String {
        let dotted = oid.description
        return algorithms[dotted] ?? dotted
    }

    /// `P-256`, `secp256k1`, … with the size in bits, or nil for an unknown curve.
    public static func curve(_ oid: ASN1ObjectIdentifier) -> (name: String, bits: Int)? { curves[oid.description] }

    /// `basicConstraints`, `subjectAltName`, …, or the dotted OID.
    public static func extensionName(_ oid: ASN1ObjectIdentifier) -> String {
        let dotted = oid.description
        return extensions[dotted] ?? dotted
    }

    /// Whether this build understands the extension well enough to honour it when critical.
    ///
    /// The policy extensions (policyMappings 2.5.29.33, policyConstraints 2.5.29.36,
    /// inhibitAnyPolicy 2.5.29.54) are among them as they are for OpenSSL, which accepts a
    /// CA carrying them critical (RFC 5280 requires the last two to be): clients know them,
    /// so they are no reason to refuse. Like certificatePolicies, their content is not
    /// evaluated: tlsprobe does no certificate-policy processing.
    public static func isUnderstoodExtension(_ oid: ASN1ObjectIdentifier) -> Bool {
        switch oid.description {
        case "2.5.29.14", "2.5.29.15", "2.5.29.17", "2.5.29.19", "2.5.29.30", "2.5.29.32", "2.5.29.35", "2.5.29.37",
            "1.3.6.1.5.5.7.1.1", "2.5.29.31", "2.5.29.33", "2.5.29.36", "2.5.29.54":
            return true
        default:
            return false
        }
    }

    /// `serverAuth`, `clientAuth`, …, or the dotted OID.
    public static func usageName(_ oid: ASN1ObjectIdentifier) -> String {
        let dotted = oid.description
        return usages[dotted] ?? dotted
    }
}
