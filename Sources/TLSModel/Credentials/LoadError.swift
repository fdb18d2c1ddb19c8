/// What the caller means to use a file for; a file holding something else is an error
/// that says what it holds instead.
public enum CredentialExpectation: Sendable {
    /// Trust anchors, a chain to verify: at least one certificate.
    case certificates
    /// A key for `--key` or an identity: at least one private key.
    case privateKey
    /// `inspect`: whatever the file holds.
    case anything
}

/// Supplies the password for an encrypted file (PKCS#12, encrypted PKCS#8, legacy
/// encrypted PEM). Called only when the empty password does not open the file; returns
/// nil when no password is available. Passwords never come from argv
/// (`--password-env VAR`, `--password-file F`).
public typealias PasswordProvider = @Sendable (_ path: String) throws -> String?

/// Why a file could not be used, in words that name the file.
public struct LoadError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, comparable.
    public enum Kind: Sendable, Hashable {
        /// The file cannot be read (missing, a directory, no permission).
        case unreadable
        /// The file holds something, but not what was asked for.
        case notWhatWasExpected
        /// The password given does not open it.
        case wrongPassword
        /// It is encrypted and no password was given.
        case passwordNeeded
        /// It is (or starts like) a known format but cannot be read.
        case malformed
        /// The file is empty.
        case empty
        /// The file is over the size limit (16 MiB).
        case tooLarge
        /// An identity whose private key belongs to none of its certificates (`keyMismatch`
        /// says which key and certificates).
        case keyMismatch
    }

    /// For `.keyMismatch`: the identity's certificates (file order) and its key's pin.
    public struct KeyMismatch: Sendable {
        public let certificates: [X509Certificate]
        public let keyPin: String

        public init(certificates: [X509Certificate], keyPin: String) {
            self.certificates = certificates
            self.keyPin = keyPin
        }
    }

    /// The path (or name) as given.
    public var path: String
    public var kind: Kind
    /// The whole message, starting with the path: "root.key: this is a private key, not a certificate".
    public var description: String
    /// For a PKCS#12 file that could not be opened (wrong password, no password), what it
    /// says about itself without the password: MAC and encryption algorithms.
    public var pkcs12: PKCS12Details?
    /// For `.keyMismatch`: what did not match.
    public var keyMismatch: KeyMismatch?

    public init(path: String, kind: Kind, description: String, pkcs12: PKCS12Details? = nil) {
        self.path = path
        self.kind = kind
        self.description = description
        self.pkcs12 = pkcs12
    }

    /// An error whose message is "`path`: `message`".
    package init(_ path: String, _ kind: Kind, _ message: String, pkcs12: PKCS12Details? = nil) {
        self.init(path: path, kind: kind, description: "\(path): \(message)", pkcs12: pkcs12)
    }

    /// The hint given whenever a password is needed and was not given.
    package static let passwordHint =
        "give it with --password-env VAR or --password-file FILE (never on the command line)"
}
