import SystemCalls

/// Where in a chain a certificate stands; some checks apply only to some roles.
public enum CertificateRole: String, Sendable, Hashable {
    /// The end-entity certificate being judged.
    case leaf
    /// A CA between the leaf and the anchor.
    case intermediate
    /// A trust anchor (root) the client already has.
    case anchor
}

/// Everything a check needs besides the certificates: the instant, the expected name,
/// the purpose and the profile. Time is injected, never read inside a check.
public struct TrustContext: VerificationQuestion, Hashable {
    /// The instant at which validity is judged (`--at`, default now).
    public var at: Date
    /// The name the peer must carry; nil when no name is checked.
    public var expectedName: ExpectedName?
    /// What the leaf is for.
    public var purpose: Purpose
    /// Which rules apply.
    public var profile: Profile
    /// The most intermediates a path may have, when limited (x509-limbo's max_chain_depth).
    public var maxIntermediates: Int?
    /// Whether `at` is the client's clock as the user read it (`--at`), rather than this
    /// machine's: a date problem is then first the client's clock, not the issuer's.
    public var clientClock: Bool

    public init(
        at: Date,
        expectedName: ExpectedName? = nil,
        purpose: Purpose = .server,
        profile: Profile = .default,
        maxIntermediates: Int? = nil,
        clientClock: Bool = false
    ) {
        self.at = at
        self.clientClock = clientClock
        self.expectedName = expectedName
        self.purpose = purpose
        self.profile = profile
        self.maxIntermediates = maxIntermediates
    }
}
