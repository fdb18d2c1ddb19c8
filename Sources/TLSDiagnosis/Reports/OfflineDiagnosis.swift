import SystemCalls

/// Assembles the reports of the offline commands from what was loaded: pure functions,
/// so the commands stay thin and the reports testable without files.
public enum OfflineDiagnosis {
    /// The report of `verify`: the engine's verdict on `leaf` and `presented` against
    /// `anchors`, with OpenSSL's verdict on the same input kept as evidence.
    public static func verify(
        files: [String],
        leaf: X509Certificate,
        presented: [X509Certificate],
        anchors: [TrustAnchor],
        context: TrustContext,
        host: String?,
        openssl: ExternalVerdict?
    ) -> VerifyReport {
        let evaluation = TrustEngine.evaluate(leaf: leaf, presented: presented, anchors: anchors, context: context)
        let evaluated = !anchors.isEmpty
        let trust = TrustSection(
            evaluated: evaluated,
            trusted: evaluated ? evaluation.trusted : nil,
            profile: context.profile.name,
            profileSource: context.profile.source.rawValue,
            note: evaluated
                ? nil
                : "No anchors were given, so trust was not judged: name the root the client has with --anchor FILE (or --anchors DIR, --system-anchors). Every other check ran.",
            anchors: anchors.map { CertificateSummary($0.certificate, source: $0.source) },
            path: evaluation.path.map { $0.map { CertificateSummary($0.certificate, source: $0.source) } },
            openssl: evaluated ? openssl : nil
        )
        let chain = ([leaf] + presented).enumerated().map { CertificateDetails($0.element, index: $0.offset) }
        return VerifyReport(
            target: VerifyTarget(files: files, host: host, purpose: context.purpose, at: context.at),
            chain: chain,
            trust: trust,
            findings: evaluation.findings
        )
    }

    /// One file as loaded for `inspect`.
    public struct InspectInput: Sendable {
        public var path: String
        public var format: String
        public var certificates: [X509Certificate]
        public var keys: [KeyDetails]
        public var pkcs12: PKCS12Details?
        public var other: [String]
        /// A PKCS#12 file the password given did not open: the loader's words for it
        /// (becomes `pkcs12.wrong_password`; the file's protection is still shown).
        public var passwordRefused: String?

        public init(
            path: String,
            format: String,
            certificates: [X509Certificate],
            keys: [KeyDetails],
            pkcs12: PKCS12Details?,
            other: [String],
            passwordRefused: String? = nil
        ) {
            self.path = path
            self.format = format
            self.certificates = certificates
            self.keys = keys
            self.pkcs12 = pkcs12
            self.other = other
            self.passwordRefused = passwordRefused
        }
    }

    /// Whether a private key belongs to a certificate, as checked by the loader.
    public struct KeyCheck: Sendable {
        /// The key, as a reader would name it: `server.key`, `bundle.pem: key at line 30`.
        public var key: String
        /// The certificate: `server.pem: certificate[0]`.
        public var certificate: String
        public var keyPin: String
        public var certificatePin: String
        public var matches: Bool

        public init(key: String, certificate: String, keyPin: String, certificatePin: String, matches: Bool) {
            self.key = key
            self.certificate = certificate
            self.keyPin = keyPin
            self.certificatePin = certificatePin
            self.matches = matches
        }
    }

    /// The report of `inspect`: every certificate in full and the lint findings under the
    /// profile, PKCS#12 protection, and key/certificate pairs.
    public static func inspect(_ inputs: [InspectInput], keyChecks: [KeyCheck], context: TrustContext) -> InspectReport
    {
        var findings: [Finding] = []
        var files: [InspectedFile] = []
        for input in inputs {
            for (i, cert) in input.certificates.enumerated() {
                let role: CertificateRole =
                    cert.isCA
                    ? (cert.isSelfIssued ? (looksLikeEndEntity(cert) ? .leaf : .anchor) : .intermediate)
                    : .leaf
                // A client identity is judged as one: its EKU says what it is for.
                var certContext = context
                let usages = cert.extendedKeyUsageNames
                if usages.contains("clientAuth") && !usages.contains("serverAuth") { certContext.purpose = .client }
                findings += CertificateLint.check(
                    cert,
                    role: role,
                    subject: .certificateInFile(path: input.path, index: i),
                    context: certContext
                )
            }
            if let p = input.pkcs12 {
                findings += pkcs12Findings(p, path: input.path).compactMap(context.profile.apply)
            }
            if let refused = input.passwordRefused {
                findings.append(Finding(code: .pkcs12WrongPassword, subject: .file(input.path), message: refused))
            }
            files.append(
                InspectedFile(
                    path: input.path,
                    format: input.format,
                    certificates: input.certificates.enumerated().map {
                        CertificateDetails($0.element, index: $0.offset)
                    },
                    keys: input.keys,
                    pkcs12: input.pkcs12,
                    other: input.other
                )
            )
        }
        for check in keyChecks where !check.matches {
            findings.append(
                Finding(
                    code: .keyMismatch,
                    subject: .key(check.key),
                    message:
                        "The private key \(check.key) does not belong to \(check.certificate): their public keys differ, so a server configured with both fails every handshake.",
                    evidence: ["key_pin": .string(check.keyPin), "certificate_pin": .string(check.certificatePin)]
                )
            )
        }
        return InspectReport(files: files, profile: context.profile.name, at: context.at, findings: findings)
    }

    /// Whether a self-issued CA:TRUE certificate is really a device's own server (or
    /// client) certificate, as `openssl req -x509` makes one, rather than a root: it names
    /// a host (a subjectAltName, or a Common Name that is a host name with a dot, localhost
    /// or an IP address) or is for TLS (serverAuth or clientAuth), or its keyUsage leaves
    /// out keyCertSign. A Common Name alone does not outweigh a keyUsage with keyCertSign:
    /// a root may be called ca.corp.local.
    static func looksLikeEndEntity(_ cert: X509Certificate) -> Bool {
        if cert.extensionValue(.X509ExtensionID.subjectAlternativeName) != nil { return true }
        let usages = cert.extendedKeyUsageNames
        if usages.contains("serverAuth") || usages.contains("clientAuth") { return true }
        if let ku = cert.keyUsage { return !ku.keyCertSign }
        return cert.commonNames.contains { cn in
            IPAddressText.parse(cn) != nil || cn.lowercased() == "localhost"
                || (cn.containsText(".") && HostSyntax.isHostName(cn, allowWildcard: true))
        }
    }

    static func pkcs12Findings(_ p: PKCS12Details, path: String) -> [Finding] {
        var findings: [Finding] = []
        let subject = Finding.Subject.file(path)
        if p.usesModernAlgorithms {
            let parts = p.encryption.filter { !$0.legacy }.map { "\($0.contents): \($0.algorithm)" }
            let mac = p.macAlgorithm.map { $0 == "sha1" ? [] : ["MAC: HMAC-\($0.uppercased())"] } ?? []
            // Read from standard input: the commands name a file, not "-" (which openssl would
            // read as standard input and write as standard output).
            let file = path == "-" ? "identity.p12" : path
            let saved = path == "-" ? " (it was read from standard input: save it as identity.p12 first)" : ""
            findings.append(
                Finding(
                    code: .pkcs12ModernEncryption,
                    subject: subject,
                    message:
                        "\(path) is protected with \((parts + mac).joined(separator: "; ")). OpenSSL 3 writes this by default; older iOS and macOS releases, older Windows and older Java keystores cannot import it, and they usually say only that the password is wrong.",
                    evidence: [
                        "mac_algorithm": .optional(p.macAlgorithm),
                        "encryption": .strings(p.encryption.map { "\($0.contents): \($0.algorithm)" }),
                    ],
                    fix:
                        "Re-export with legacy algorithms: openssl pkcs12 -export -legacy -in cert.pem -inkey key.pem -out \(file) (or openssl pkcs12 -in \(file) -nodes | openssl pkcs12 -export -legacy -out legacy.p12)\(saved); tlsprobe identity server|client writes the legacy form by default."
                )
            )
        }
        if p.decrypted, p.hasPrivateKey == false {
            findings.append(
                Finding(
                    code: .pkcs12NoPrivateKey,
                    subject: subject,
                    message:
                        "\(path) holds certificates but no private key, so it cannot serve as an identity for a client or server."
                )
            )
        }
        if p.keyMatchesCertificate == false {
            findings.append(
                Finding(
                    code: .keyMismatch,
                    subject: subject,
                    message: "The private key in \(path) does not belong to its certificate: their public keys differ."
                )
            )
        }
        return findings
    }
}
