/// A private key as a report shows it (never its secret parts).
public struct KeyDetails: Sendable, Hashable {
    /// Where in the file it was: `line 31`, `PKCS#12 key bag`, `DER`.
    public var location: String
    /// `PKCS#8`, `encrypted PKCS#8`, `PKCS#1`, `SEC1`, `legacy encrypted PEM`, `PKCS#12`.
    public var format: String
    /// The key's algorithm and size.
    public var key: KeyDescription
    /// SHA-256 of its public key's SubjectPublicKeyInfo, lowercase hex: equal to the
    /// `spki_sha256` of the certificate it belongs to.
    public var spkiSHA256: String
    /// The same as a pin, `sha256/BASE64`.
    public var pin: String

    public init(location: String, format: String, key: KeyDescription, spkiSHA256: String, pin: String) {
        self.location = location
        self.format = format
        self.key = key
        self.spkiSHA256 = spkiSHA256
        self.pin = pin
    }
}

/// What a PKCS#12 file says about itself; the algorithms are readable without the password.
public struct PKCS12Details: Sendable, Hashable {
    /// The integrity MAC's digest (`sha256`, `sha1`), or nil when the file has no MAC.
    public var macAlgorithm: String?
    /// The MAC key derivation's iteration count.
    public var macIterations: Int?
    /// How each encrypted part is protected, in file order.
    public var encryption: [PKCS12Encryption]
    /// Whether the password was needed (the empty password did not open it).
    public var passwordRequired: Bool
    /// Whether the contents were decrypted (a password was given and it was right).
    public var decrypted: Bool
    /// Whether it holds a private key; nil when not decrypted.
    public var hasPrivateKey: Bool?
    /// Whether that key belongs to the first certificate; nil when either is missing.
    public var keyMatchesCertificate: Bool?
    /// The friendlyName attribute, when present.
    public var friendlyName: String?

    public init(
        macAlgorithm: String?,
        macIterations: Int?,
        encryption: [PKCS12Encryption],
        passwordRequired: Bool,
        decrypted: Bool,
        hasPrivateKey: Bool?,
        keyMatchesCertificate: Bool?,
        friendlyName: String?
    ) {
        self.macAlgorithm = macAlgorithm
        self.macIterations = macIterations
        self.encryption = encryption
        self.passwordRequired = passwordRequired
        self.decrypted = decrypted
        self.hasPrivateKey = hasPrivateKey
        self.keyMatchesCertificate = keyMatchesCertificate
        self.friendlyName = friendlyName
    }

    /// Whether any part uses PBES2 (AES) or the MAC uses SHA-2: what older Apple systems
    /// cannot import.
    public var usesModernAlgorithms: Bool {
        encryption.contains { !$0.legacy } || (macAlgorithm.map { $0 != "sha1" } ?? false)
    }
}

/// One encrypted part of a PKCS#12 file.
public struct PKCS12Encryption: Sendable, Hashable {
    /// What it holds: `certificates`, `private key`.
    public var contents: String
    /// The scheme as readable text: `PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC)`,
    /// `pbeWithSHA1And40BitRC2-CBC`, `pbeWithSHA1And3-KeyTripleDES-CBC`, `none`.
    public var algorithm: String
    /// The key derivation's iteration count.
    public var iterations: Int?
    /// Whether it is one of the PKCS#12 v1 PBE schemes older systems import.
    public var legacy: Bool

    public init(contents: String, algorithm: String, iterations: Int?, legacy: Bool) {
        self.contents = contents
        self.algorithm = algorithm
        self.iterations = iterations
        self.legacy = legacy
    }
}
