import SystemCalls
import OpenSSLProbe
import TLSDiagnosis

/// `verify`: a chain from files judged offline against the anchors, with OpenSSL's own
/// verdict on the same input beside it.
public struct VerifySession: Sendable {
    /// The certificates as loaded: the leaf, then what the peer presented, in order.
    public struct Chain: Sendable {
        public var leaf: X509Certificate
        public var presented: [X509Certificate]
    }

    public var files: [String]
    /// The roots to judge against.
    public var anchors: AnchorSources
    public var context: TrustContext
    /// The expected name as given (`--host`), for the report.
    public var host: String?
    public var password: PasswordProvider

    public init(
        files: [String],
        anchors: AnchorSources,
        context: TrustContext,
        host: String?,
        password: @escaping PasswordProvider
    ) {
        self.files = files
        self.anchors = anchors
        self.context = context
        self.host = host
        self.password = password
    }

    /// Loads the chain, then the anchors (so a chain file's error comes first), and judges.
    public func run() throws -> VerifyReport {
        let chain = try loadChain()
        return judge(chain, anchors: try anchors.load(password: password))
    }

    /// Loads the files, leaf first; throws when a file cannot be read or none holds a
    /// certificate. (The files are read before the anchors, so their errors come first.)
    func loadChain() throws -> Chain {
        var certificates: [X509Certificate] = []
        for file in files {
            certificates += try CredentialFile.load(path: file, expecting: .certificates, password: password)
                .certificates
        }
        guard let leaf = certificates.first else {
            throw CouldNotExamine(
                .fileInvalid,
                description: "\(files.joined(separator: ", ")): no certificate found",
                target: files.count == 1 ? files[0] : nil
            )
        }
        return Chain(leaf: leaf, presented: Array(certificates.dropFirst()))
    }

    /// Judges `chain` against `anchors`, OpenSSL's verdict beside tlsprobe's.
    func judge(_ chain: Chain, anchors: [TrustAnchor]) -> VerifyReport {
        let openssl =
            anchors.isEmpty
            ? nil
            : OpenSSLVerification.verify(
                leaf: chain.leaf,
                presented: chain.presented,
                anchors: anchors.map(\.certificate),
                context: context
            )
        return OfflineDiagnosis.verify(
            files: files,
            leaf: chain.leaf,
            presented: chain.presented,
            anchors: anchors,
            context: context,
            host: host,
            openssl: openssl
        )
    }
}

/// `inspect`: what certificate, key and PKCS#12 files hold, linted under the profile.
public struct InspectSession: Sendable {
    /// The report, and the files that could not be opened for want of a password.
    public struct Result: Sendable {
        public var report: InspectReport
        /// Files that need a password none was given for: `Error: …` lines for stderr.
        public var unopened: [String]

        /// Whether something could not be examined (a password missing or wrong): exit 2.
        public var incomplete: Bool {
            !unopened.isEmpty || report.findings.contains { $0.code == .pkcs12WrongPassword }
        }
    }

    public var files: [String]
    /// A private key to check against the first certificate (`--key`).
    public var key: String?
    public var context: TrustContext
    public var password: PasswordProvider

    public init(files: [String], key: String?, context: TrustContext, password: @escaping PasswordProvider) {
        self.files = files
        self.key = key
        self.context = context
        self.password = password
    }

    /// Reads every file by its contents; throws when a file cannot be read at all.
    public func run() throws -> Result {
        var inputs: [OfflineDiagnosis.InspectInput] = []
        var keyChecks: [OfflineDiagnosis.KeyCheck] = []
        var unopened: [String] = []
        var firstCertificate: (label: String, certificate: X509Certificate)?
        for file in files {
            let loaded: LoadedFile
            do throws(LoadError) {
                loaded = try CredentialFile.load(path: file, expecting: .anything, password: password)
            } catch {
                guard error.pkcs12 != nil && (error.kind == .wrongPassword || error.kind == .passwordNeeded) else {
                    throw error
                }
                // Still a report: a PKCS#12 file's protection is readable without the password.
                let wrong = error.kind == .wrongPassword
                inputs.append(
                    .init(
                        path: file,
                        format: "PKCS#12",
                        certificates: [],
                        keys: [],
                        pkcs12: error.pkcs12,
                        other: [],
                        passwordRefused: wrong ? error.description : nil
                    )
                )
                if !wrong { unopened.append(error.description) }
                continue
            }
            inputs.append(
                .init(
                    path: file,
                    format: loaded.format,
                    certificates: loaded.certificates,
                    keys: loaded.keys.map(\.details),
                    pkcs12: loaded.pkcs12,
                    other: loaded.other
                )
            )
            if let cert = loaded.certificates.first {
                if firstCertificate == nil { firstCertificate = ("\(file): certificate[0]", cert) }
                // A key beside its certificate in one PEM file (PKCS#12 reports its own pairing).
                if loaded.pkcs12 == nil {
                    for k in loaded.keys {
                        keyChecks.append(
                            .init(
                                key: "\(file): key at \(k.details.location)",
                                certificate: "\(file): certificate[0]",
                                keyPin: k.details.pin,
                                certificatePin: cert.pin,
                                matches: k.matches(cert)
                            )
                        )
                    }
                }
            }
        }
        if let key {
            let loadedKey = try CredentialFile.load(path: key, expecting: .privateKey, password: password)
            guard let target = firstCertificate else {
                throw CouldNotExamine(
                    .fileInvalid,
                    description: "--key \(key): none of the files holds a certificate to check it against",
                    target: key
                )
            }
            for k in loadedKey.keys {
                keyChecks.append(
                    .init(
                        key: key,
                        certificate: target.label,
                        keyPin: k.details.pin,
                        certificatePin: target.certificate.pin,
                        matches: k.matches(target.certificate)
                    )
                )
            }
            inputs.append(
                .init(
                    path: key,
                    format: loadedKey.format,
                    certificates: [],
                    keys: loadedKey.keys.map(\.details),
                    pkcs12: nil,
                    other: loadedKey.other
                )
            )
        }
        return Result(
            report: OfflineDiagnosis.inspect(inputs, keyChecks: keyChecks, context: context),
            unopened: unopened
        )
    }
}
