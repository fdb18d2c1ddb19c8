/// A certificate on a built path and where it came from.
public struct PathElement: Sendable, Hashable {
    public var certificate: X509Certificate
    /// `certificate[2]` for one the peer presented, `anchor root.pem` for an anchor.
    public var source: String

    public init(certificate: X509Certificate, source: String) {
        self.certificate = certificate
        self.source = source
    }
}

/// What the trust engine decided and why.
public struct TrustEvaluation: Sendable, Hashable {
    /// Whether a client with these anchors, expecting this name for this purpose, accepts
    /// the chain: a path exists, no error-level finding is on it, and the name matches.
    public var trusted: Bool
    /// The path judged (leaf first, anchor last), the valid one or else the closest; nil
    /// when no path to an anchor exists.
    public var path: [PathElement]?
    /// Every finding: path and structure, names, and per-certificate checks.
    public var findings: [Finding]

    public init(trusted: Bool, path: [PathElement]?, findings: [Finding]) {
        self.trusted = trusted
        self.path = path
        self.findings = findings
    }
}

/// Path building and RFC 5280 path validation with findings that say why.
public enum TrustEngine {
    /// Judges `leaf` with the certificates the peer `presented` after it (in order) against
    /// `anchors`. With no anchors, trust is not judged but every other check still runs.
    public static func evaluate(
        leaf: X509Certificate, presented: [X509Certificate], anchors: [TrustAnchor], context: TrustContext
    ) -> TrustEvaluation {
        // Placeholder until path building lands: per-certificate checks on the leaf only.
        let findings = CertificateLint.check(leaf, role: .leaf, subject: "certificate[0]", context: context)
        return TrustEvaluation(trusted: false, path: nil, findings: findings)
    }
}
