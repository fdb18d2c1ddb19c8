import TLSModel

/// What one credential file holds, as read.
public struct LoadedFile: Sendable {
    /// The path (or name) as given.
    public var path: String
    /// `PEM`, `DER`, `PKCS#12`.
    public var format: String
    /// The certificates in file order (for PKCS#12: the one matching the key first).
    public var certificates: [X509Certificate]
    /// Where each certificate was, index for index: `line 12`, `DER`, `PKCS#12 bag 1`.
    public var certificateLocations: [String]
    /// The private keys, decrypted.
    public var keys: [PrivateKey]
    /// What a PKCS#12 file says about itself.
    public var pkcs12: PKCS12Details?
    /// Things held but not examined: `X509 CRL at line 40`, `CERTIFICATE REQUEST at line 1`.
    public var other: [String]

    public init(
        path: String,
        format: String,
        certificates: [X509Certificate] = [],
        certificateLocations: [String] = [],
        keys: [PrivateKey] = [],
        pkcs12: PKCS12Details? = nil,
        other: [String] = []
    ) {
        self.path = path
        self.format = format
        self.certificates = certificates
        self.certificateLocations = certificateLocations
        self.keys = keys
        self.pkcs12 = pkcs12
        self.other = other
    }
}
