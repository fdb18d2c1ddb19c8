/// What a report opens with: whether the client of the profile would connect, and why not.
///
/// Decided from the findings as the profile judged them: the client cannot connect when any
/// finding has error severity (an error means such a client refuses the connection), or a
/// finding that says the client itself refused (`Entry.refusedByTheClient`), or when the
/// handshake failed or was not seen to end. The cause is the root of the first such finding (a consequence
/// names its cause, `Finding.causedBy`), so a duplicate or an alert never stands for it.
/// Chain trust is beside it, not instead of it.
public struct ClientVerdict: Sendable, Hashable {
    /// The profile's client ("iPhone/Mac (iOS 17+)").
    public var client: String
    public var connects: Bool
    /// The root cause when the client cannot connect; nil when it can (or when a failed
    /// handshake left no finding).
    public var cause: Finding?
    /// The chain's trust verdict; nil when not evaluated.
    public var trusted: Bool?

    public init(client: String, connects: Bool, cause: Finding?, trusted: Bool?) {
        self.client = client
        self.connects = connects
        self.cause = cause
        self.trusted = trusted
    }

    /// The verdict on `findings` (in report order) under `profile`, for a handshake that
    /// ended with `outcome`.
    public init(findings: [Finding], trusted: Bool?, handshakeFailed: Bool, profile: String) {
        client = Profile.named(profile)?.client ?? profile
        self.trusted = trusted
        if let stopping = findings.first(where: { $0.severity == .error || $0.code.entry.refusedByTheClient }) {
            var root = stopping
            for _ in 0..<8 {
                guard let code = root.causedBy, let cause = findings.first(where: { $0.code == code }) else { break }
                root = cause
            }
            connects = false
            cause = root
        } else if handshakeFailed {
            connects = false
            cause = findings.rootCause
        } else {
            connects = true
            cause = nil
        }
    }
}

extension ConnectionReport {
    /// Whether the profile's client would connect (see `ClientVerdict`). For listen the
    /// chain served is our own: `trusted` is then the client certificate's verdict, when
    /// client anchors judged one.
    public var verdict: ClientVerdict {
        let trusted: Bool?
        if case .server = vantage { trusted = clientTrust?.trusted } else { trusted = trust.trusted }
        return ClientVerdict(
            findings: findings,
            trusted: trusted,
            // A handshake not seen to end (a capture cut short, a dropped ClientHello) is
            // not a connection either.
            handshakeFailed: outcome != .established,
            profile: trust.profile
        )
    }
}
