import SystemCalls
import TLSModel
import SafeFiles

/// Reads certificate, key and PKCS#12 files, whatever their name says: the content is
/// sniffed (PEM text, DER, PKCS#12), and a file that holds something other than what
/// was asked for is an error that says what it holds instead.
public enum CredentialFile {
    /// The largest file read: 16 MiB (the biggest CA bundles are under 1 MiB).
    public static let maximumSize = 16 << 20

    /// The name that reads standard input (`verify -`, `inspect -`).
    public static let standardInput = "-"

    /// Reads the file at `path` ("-": standard input, through the same bound). `password`
    /// is asked only when the empty password does not open an encrypted part, at most once per file.
    public static func load(
        path: String,
        expecting: CredentialExpectation,
        password: @escaping PasswordProvider
    ) throws(LoadError) -> LoadedFile {
        let bytes =
            path == standardInput
            ? try FileBytes.read(fd: 0, path: path, limit: maximumSize, what: "credential files")
            : try FileBytes.read(path, limit: maximumSize)
        return try load(bytes: bytes, name: path, expecting: expecting, password: password)
    }

    /// Reads `bytes` as if from a file called `name` (tests and fuzzing).
    public static func load(
        bytes: [UInt8],
        name: String,
        expecting: CredentialExpectation,
        password: @escaping PasswordProvider
    ) throws(LoadError) -> LoadedFile {
        guard bytes.count <= maximumSize else {
            throw LoadError(
                name,
                .tooLarge,
                "the file is \(bytes.count) bytes; tlsprobe reads credential files up to 16 MiB"
            )
        }
        guard !bytes.isEmpty else { throw LoadError(name, .empty, "the file is empty") }
        let session = PasswordSession(name: name, provider: password)
        // Binary that starts like DER is DER, even if "-----BEGIN " occurs inside it.
        let looksLikeDER = bytes.first == 0x30 && !Sniff.looksLikeText(bytes)
        if !looksLikeDER && PEM.containsPEM(bytes) {
            return try PEMLoader(name: name, expecting: expecting, session: session).load(bytes)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            // Windows editors' "Unicode": PEM must be ASCII.
            throw LoadError(
                name,
                .malformed,
                "this is UTF-16 text; save it as plain text (ASCII or UTF-8) and try again"
            )
        }
        if Sniff.looksLikeText(bytes) {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                throw LoadError(name, .empty, "the file holds only white space")
            }
            throw LoadError(name, .malformed, "no certificate, key or PKCS#12 data found (it looks like text)")
        }
        if looksLikeDER {
            return try DERLoader(name: name, expecting: expecting, session: session, provider: password).load(bytes)
        }
        throw LoadError(name, .malformed, "no certificate, key or PKCS#12 data found (it looks like binary data)")
    }
}

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
