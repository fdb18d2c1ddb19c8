import SystemCalls

/// The trust verdict: whether a client with these anchors, expecting this name for this
/// purpose, would accept the chain (path and name), and the evidence.
public struct TrustSection: Sendable, Hashable {
    /// Whether trust was evaluated at all (it is not when no anchors were given).
    public var evaluated: Bool
    /// The verdict; nil when not evaluated.
    public var trusted: Bool?
    /// The profile that judged it.
    public var profile: String
    /// Where that profile was chosen: `option`, `environment` or `default`.
    public var profileSource: String
    /// Why trust was not evaluated, when it was not.
    public var note: String?
    /// The anchors it was judged against.
    public var anchors: [CertificateSummary]
    /// The path built, leaf first and anchor last, when one was.
    public var path: [CertificateSummary]?
    /// What OpenSSL's X509_verify_cert decided on the same input, as evidence.
    public var openssl: ExternalVerdict?

    public init(
        evaluated: Bool,
        trusted: Bool?,
        profile: String,
        profileSource: String = "default",
        note: String? = nil,
        anchors: [CertificateSummary],
        path: [CertificateSummary]?,
        openssl: ExternalVerdict? = nil
    ) {
        self.evaluated = evaluated
        self.trusted = trusted
        self.profile = profile
        self.profileSource = profileSource
        self.note = note
        self.anchors = anchors
        self.path = path
        self.openssl = openssl
    }
}
