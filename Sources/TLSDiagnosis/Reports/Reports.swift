import SystemCalls

/// The report of `tlsprobe verify`: the chain as given, the trust verdict and findings.
public struct VerifyReport: Sendable, Hashable {
    /// What was judged: the files, the expected name, the purpose and the instant.
    public var target: VerifyTarget
    /// The certificates as given, index 0 = leaf.
    public var chain: [CertificateDetails]
    public var trust: TrustSection
    /// In report order: worst first.
    public var findings: [Finding]

    public init(target: VerifyTarget, chain: [CertificateDetails], trust: TrustSection, findings: [Finding]) {
        self.target = target
        self.chain = chain
        self.trust = trust
        self.findings = findings.inReportOrder()
    }
}

/// What `verify` was asked to judge.
public struct VerifyTarget: Sendable, Hashable {
    public var files: [String]
    /// The expected name, as given (`--host`), or nil.
    public var host: String?
    public var purpose: Purpose
    /// The evaluation instant.
    public var at: Date

    public init(files: [String], host: String?, purpose: Purpose, at: Date) {
        self.files = files
        self.host = host
        self.purpose = purpose
        self.at = at
    }
}

/// The report of `tlsprobe inspect`: each file's contents and the lint findings.
public struct InspectReport: Sendable, Hashable {
    public var files: [InspectedFile]
    public var profile: String
    /// The instant dates were judged at.
    public var at: Date
    /// In report order: worst first.
    public var findings: [Finding]

    public init(files: [InspectedFile], profile: String, at: Date, findings: [Finding]) {
        self.files = files
        self.profile = profile
        self.at = at
        self.findings = findings.inReportOrder()
    }
}

/// One file as `inspect` read it.
public struct InspectedFile: Sendable, Hashable {
    public var path: String
    /// `PEM`, `DER`, `PKCS#12`.
    public var format: String
    public var certificates: [CertificateDetails]
    public var keys: [KeyDetails]
    public var pkcs12: PKCS12Details?
    /// What else the file held that is not examined (`X509 CRL at line 40`).
    public var other: [String]

    public init(
        path: String,
        format: String,
        certificates: [CertificateDetails],
        keys: [KeyDetails],
        pkcs12: PKCS12Details?,
        other: [String]
    ) {
        self.path = path
        self.format = format
        self.certificates = certificates
        self.keys = keys
        self.pkcs12 = pkcs12
        self.other = other
    }
}

/// The report of `tlsprobe explain`: what the text means, best match first.
public struct ExplainReport: Sendable, Hashable {
    /// The text as given.
    public var query: String
    /// Every entry the text matched; empty when nothing was recognised.
    public var matches: [Explanation]

    public init(query: String, matches: [Explanation]) {
        self.query = query
        self.matches = matches
    }
}
