import SystemCalls

/// A certificate as a report shows it: docs/DESIGN.md's CERTIFICATE plus key identifiers,
/// AIA and CRL URLs, policies and the SPKI pin.
public struct CertificateDetails: Sendable, Hashable {
    /// Position in what was presented (0 = leaf) or in the file.
    public var index: Int
    public var subject: String
    public var issuer: String
    public var serial: String
    public var version: Int
    public var notBefore: Date
    public var notAfter: Date
    public var dnsNames: [String]
    public var ipAddresses: [String]
    public var emailAddresses: [String]
    public var uris: [String]
    public var key: KeyDescription
    public var signatureAlgorithm: String
    public var isCA: Bool
    public var pathLength: Int?
    public var keyUsage: [String]
    public var extendedKeyUsage: [String]
    public var sha256: String
    public var spkiSHA256: String
    public var pin: String
    public var selfSigned: Bool
    public var subjectKeyID: String?
    public var authorityKeyID: String?
    public var ocspURLs: [String]
    public var caIssuerURLs: [String]
    public var crlURLs: [String]
    public var policies: [String]
    /// Rule breaks found while reading it.
    public var anomalies: [String]
    /// The certificate itself, PEM-encoded (64 columns, as OpenSSL writes it).
    public var pem: String

    /// The details of `certificate` at position `index`.
    public init(_ certificate: X509Certificate, index: Int) {
        self.index = index
        self.subject = certificate.subjectString
        self.issuer = certificate.issuerString
        self.serial = certificate.serialHex
        self.version = certificate.version
        self.notBefore = certificate.notBefore
        self.notAfter = certificate.notAfter
        self.dnsNames = certificate.dnsNames
        self.ipAddresses = certificate.ipAddresses.map(IPAddressText.format)
        self.emailAddresses = certificate.emailAddresses
        self.uris = certificate.uris
        self.key = certificate.key
        self.signatureAlgorithm = certificate.signatureAlgorithm.name
        self.isCA = certificate.isCA
        self.pathLength = certificate.pathLengthConstraint
        self.keyUsage = certificate.keyUsageNames
        self.extendedKeyUsage = certificate.extendedKeyUsageNames
        self.sha256 = certificate.sha256
        self.spkiSHA256 = certificate.spkiSHA256
        self.pin = certificate.pin
        self.selfSigned = certificate.isSelfSigned
        self.subjectKeyID = certificate.subjectKeyIDHex
        self.authorityKeyID = certificate.authorityKeyIDHex
        self.ocspURLs = certificate.ocspURLs
        self.caIssuerURLs = certificate.caIssuerURLs
        self.crlURLs = certificate.crlDistributionPoints
        self.policies = certificate.policies
        self.anomalies = certificate.anomalies.map(\.description)
        self.pem = PEM.encode(certificate.der, label: "CERTIFICATE")
    }
}

/// A certificate named briefly: in the trust section's anchors and path.
public struct CertificateSummary: Sendable, Hashable {
    public var subject: String
    public var issuer: String
    public var notAfter: Date
    public var sha256: String
    public var spkiSHA256: String
    /// Where it came from: `chain[1]`, `anchor root.pem`, `system`.
    public var source: String

    public init(_ certificate: X509Certificate, source: String) {
        self.subject = certificate.subjectString
        self.issuer = certificate.issuerString
        self.notAfter = certificate.notAfter
        self.sha256 = certificate.sha256
        self.spkiSHA256 = certificate.spkiSHA256
        self.source = source
    }
}
