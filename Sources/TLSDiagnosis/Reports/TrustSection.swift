import Foundation

/// The trust verdict: whether a client with these anchors, expecting this name for this
/// purpose, would accept the chain (path and name), and the evidence.
public struct TrustSection: Sendable, Hashable {
    /// Whether trust was evaluated at all (it is not when no anchors were given).
    public var evaluated: Bool
    /// The verdict; nil when not evaluated.
    public var trusted: Bool?
    /// The profile that judged it.
    public var profile: String
    /// Why trust was not evaluated, when it was not.
    public var note: String?
    /// The anchors it was judged against.
    public var anchors: [CertificateSummary]
    /// The path built, leaf first and anchor last, when one was.
    public var path: [CertificateSummary]?
    /// What OpenSSL's X509_verify_cert decided on the same input, as evidence.
    public var openssl: ExternalVerdict?

    public init(
        evaluated: Bool, trusted: Bool?, profile: String, note: String? = nil,
        anchors: [CertificateSummary], path: [CertificateSummary]?, openssl: ExternalVerdict? = nil
    ) {
        self.evaluated = evaluated
        self.trusted = trusted
        self.profile = profile
        self.note = note
        self.anchors = anchors
        self.path = path
        self.openssl = openssl
    }
}

/// Another verifier's outcome on the same input, kept as evidence so a user can see
/// where tlsprobe and that verifier disagree.
public struct ExternalVerdict: Sendable, Hashable {
    /// Which verifier: "OpenSSL 3.0.19".
    public var verifier: String
    /// Whether it accepted the chain.
    public var ok: Bool
    /// Its error by symbol (`X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY`), when it refused.
    public var error: String?
    /// The depth in the chain at which it refused (0 = leaf).
    public var depth: Int?
    /// Its own message.
    public var message: String?

    public init(verifier: String, ok: Bool, error: String?, depth: Int?, message: String?) {
        self.verifier = verifier
        self.ok = ok
        self.error = error
        self.depth = depth
        self.message = message
    }
}
