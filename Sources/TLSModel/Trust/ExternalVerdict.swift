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
