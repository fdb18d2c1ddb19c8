import OpenSSLProbe
import SafeFiles
import TLSDiagnosis

/// Where the roots a client trusts come from: `--anchor` files, an `--anchors` directory,
/// the system's roots. Loaded once, each certificate kept once (by its DER).
public struct AnchorSources: Sendable, Hashable {
    /// Files of certificates (PEM bundle, DER or PKCS#12).
    public var files: [String]
    /// Every certificate file in a directory.
    public var directory: String?
    /// This machine's roots (SSL_CERT_FILE, else OpenSSL's bundle), read only when asked for.
    public var system: Bool

    public init(files: [String] = [], directory: String? = nil, system: Bool = false) {
        self.files = files
        self.directory = directory
        self.system = system
    }

    /// Whether no source is named.
    public var isEmpty: Bool { files.isEmpty && directory == nil && !system }

    /// Every anchor, in the order named, each certificate once.
    public func load(password: @escaping PasswordProvider) throws -> [TrustAnchor] {
        var anchors: [TrustAnchor] = []
        var seen = Set<[UInt8]>()
        func add(_ certificate: X509Certificate, _ source: String) {
            if seen.insert(certificate.der).inserted {
                anchors.append(TrustAnchor(certificate: certificate, source: source))
            }
        }
        for file in files {
            for certificate in try CredentialFile.load(path: file, expecting: .certificates, password: password)
                .certificates
            {
                add(certificate, file)
            }
        }
        if let directory {
            var skipped: [String] = []
            for (source, certificate) in try AnchorDirectory.load(path: directory, skipped: &skipped) {
                add(certificate, source)
            }
            for reason in skipped { Console.note("Note: --anchors \(reason); skipped, the other files are used.") }
        }
        if system {
            for certificate in try SystemAnchors.load().certificates { add(certificate, TrustAnchor.systemSource) }
        }
        return anchors
    }
}
