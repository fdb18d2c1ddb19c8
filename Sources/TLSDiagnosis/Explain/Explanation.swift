/// What one error code, alert or message means, in plain words, and what to check next.
///
/// `tlsprobe explain` prints these; `ErrorCatalog` holds them. Every text here is written
/// for the person at the front desk's network, not quoted from vendor documentation.
public struct Explanation: Sendable, Hashable {
    /// The family a code or message belongs to; the raw value is what JSON prints.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case opensslVerifyError = "openssl_verify_error"
        case tlsAlert = "tls_alert"
        case appleOSStatus = "apple_osstatus"
        case
            nsurlError = "nsurlerror"
        case boringssl = "boringssl"
        case opensslError = "openssl_error"
        case findingCode = "finding_code"
    }

    /// Which family this entry belongs to.
    public var kind: Kind
    /// The canonical symbol: `X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY`, `unknown_ca`,
    /// `errSSLXCertChainInvalid`, `NSURLErrorServerCertificateUntrusted`.
    public var name: String
    /// The number in its family (`20`, `48`, `-9807`, `-1202`; OpenSSL packed codes as hex), if any.
    public var code: String?
    /// One line: what it means.
    public var summary: String
    /// A few sentences: what happened, who said it, the usual causes on a local network.
    public var meaning: String
    /// What to check next, most useful first; may name the tlsprobe command that finds it.
    public var checks: [String]
    /// Related tlsprobe finding codes (`chain.untrusted_root`).
    public var related: [String]

    /// An explanation with every field given.
    public init(
        kind: Kind,
        name: String,
        code: String?,
        summary: String,
        meaning: String,
        checks: [String],
        related: [String]
    ) {
        self.kind = kind
        self.name = name
        self.code = code
        self.summary = summary
        self.meaning = meaning
        self.checks = checks
        self.related = related
    }
}
