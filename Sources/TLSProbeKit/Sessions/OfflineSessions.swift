import SystemCalls
import OpenSSLProbe
import TLSDiagnosis

/// `verify`: a chain from files judged offline against the anchors, which it loads itself
/// (after the chain, so a chain file's error comes first), with OpenSSL's own verdict on the
/// same input beside it.
public struct VerifySession: Session, Sendable {
    /// The certificates as loaded: the leaf, then what the peer presented, in order.
    public struct Chain: Sendable {
        public var leaf: X509Certificate
        public var presented: [X509Certificate]
    }

    /// The files and the anchors as named, and what to judge them for.
    public struct Configuration: Sendable {
        public var files: [String]
        /// The roots to judge against, as named (`--anchor`, `--system-roots`): loaded by the run.
        public var anchors: AnchorSources
        public var context: TrustContext
        /// The expected name as given (`--host`), for the report.
        public var host: String?
        /// Passwords for PKCS#12 and encrypted files, chain and anchors alike.
        public var password: PasswordProvider
        /// Which findings fail the report (`--fail-on`).
        public var threshold: FailThreshold = .error

        public init(
            files: [String],
            anchors: AnchorSources,
            context: TrustContext,
            host: String? = nil,
            password: @escaping PasswordProvider = { _ in nil }
        ) {
            self.files = files
            self.anchors = anchors
            self.context = context
            self.host = host
            self.password = password
        }
    }

    public let configuration: Configuration

    public init(_ configuration: Configuration) { self.configuration = configuration }

    /// Loads the chain, then the anchors (so a chain file's error comes first), judges, and
    /// writes the report to `sink`; returns it. Offline: `stop` is not consulted.
    @discardableResult
    public func run(into sink: some ReportSink, until stop: StopToken) throws -> VerifyReport {
        let c = configuration
        let chain = try loadChain()
        let report = judge(chain, anchors: try c.anchors.load(password: c.password))
        sink.emit(.verify(report), threshold: c.threshold)
        return report
    }

    /// Loads the files, leaf first; throws when a file cannot be read or none holds a
    /// certificate. (The files are read before the anchors, so their errors come first.)
    func loadChain() throws -> Chain {
        let files = configuration.files
        var certificates: [X509Certificate] = []
        for file in files {
            certificates += try CredentialFile.load(
                path: file,
                expecting: .certificates,
                password: configuration.password
            )
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
        let context = configuration.context
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
            files: configuration.files,
            leaf: chain.leaf,
            presented: chain.presented,
            anchors: anchors,
            context: context,
            host: configuration.host,
            openssl: openssl
        )
    }
}

/// `inspect`: what certificate, key and PKCS#12 files hold, linted under the profile.
public struct InspectSession: Session, Sendable {
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

    /// The files, and what to lint them under.
    public struct Configuration: Sendable {
        public var files: [String]
        /// A private key to check against the first certificate (`--key`).
        public var key: String?
        public var context: TrustContext
        public var password: PasswordProvider
        /// Which findings fail the report (`--fail-on`).
        public var threshold: FailThreshold = .error

        public init(
            files: [String],
            key: String? = nil,
            context: TrustContext,
            password: @escaping PasswordProvider = { _ in nil }
        ) {
            self.files = files
            self.key = key
            self.context = context
            self.password = password
        }
    }

    public let configuration: Configuration

    public init(_ configuration: Configuration) { self.configuration = configuration }

    /// Reads every file by its contents and writes the report to `sink`; returns it with
    /// the files left unopened. Throws when a file cannot be read at all. Offline: `stop`
    /// is not consulted.
    @discardableResult
    public func run(into sink: some ReportSink, until stop: StopToken) throws -> Result {
        let result = try examine()
        sink.emit(.inspect(result.report), threshold: configuration.threshold)
        return result
    }

    private func examine() throws -> Result {
        let files = configuration.files
        let password = configuration.password
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
        if let key = configuration.key {
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
            report: OfflineDiagnosis.inspect(inputs, keyChecks: keyChecks, context: configuration.context),
            unopened: unopened
        )
    }
}
