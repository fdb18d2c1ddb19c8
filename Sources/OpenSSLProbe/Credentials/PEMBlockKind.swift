internal import COpenSSL
import TLSModel

/// The PEM blocks tlsprobe knows, by label (RFC 7468 section 4 and OpenSSL's).
enum PEMBlockKind: Equatable {
    case certificate
    case trustedCertificate
    case pkcs8
    case encryptedPKCS8
    /// A "traditional" key: RSA (PKCS#1), EC (SEC1) or DSA, by EVP_PKEY type.
    case traditional(type: Int32, format: String)
    case certificateRequest
    case crl
    case publicKey
    case pkcs7
    case opensshKey
    case parameters
    case unknown

    init(label: String) {
        switch label {
        case "CERTIFICATE", "X509 CERTIFICATE", "X.509 CERTIFICATE": self = .certificate
        case "TRUSTED CERTIFICATE": self = .trustedCertificate
        case "PRIVATE KEY": self = .pkcs8
        case "ENCRYPTED PRIVATE KEY": self = .encryptedPKCS8
        case "RSA PRIVATE KEY": self = .traditional(type: EVP_PKEY_RSA, format: "PKCS#1")
        case "EC PRIVATE KEY": self = .traditional(type: EVP_PKEY_EC, format: "SEC1")
        case "DSA PRIVATE KEY": self = .traditional(type: EVP_PKEY_DSA, format: "DSA")
        case "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST": self = .certificateRequest
        case "X509 CRL": self = .crl
        case "PUBLIC KEY", "RSA PUBLIC KEY": self = .publicKey
        case "PKCS7", "PKCS #7 SIGNED DATA", "CMS": self = .pkcs7
        case "OPENSSH PRIVATE KEY", "SSH2 ENCRYPTED PRIVATE KEY": self = .opensshKey
        case let other where other.hasSuffix(" PARAMETERS"): self = .parameters
        default: self = .unknown
        }
    }

    func item(label: String) -> CredentialItem {
        switch self {
        case .certificate, .trustedCertificate: return .certificate
        case .pkcs8, .encryptedPKCS8, .traditional: return .privateKey
        case .certificateRequest: return .certificateRequest
        case .crl: return .crl
        case .publicKey: return .publicKey
        case .pkcs7: return .pkcs7
        case .opensshKey: return .opensshKey
        case .parameters: return .parameters(label)
        case .unknown: return .unknown(label)
        }
    }

    var holdsCertificates: Bool { self == .certificate || self == .trustedCertificate || self == .pkcs7 }
    var isPrivateKey: Bool { item(label: "") == .privateKey }
}
