/// The Content-Security-Policy of every HTML report page, written once for the two places
/// that send it: the page's own `<meta http-equiv>` (`--html`, listen's page) and listen's
/// HTTP header, which adds what only a header can say (no framing).
public enum ReportPagePolicy {
    /// Nothing may be loaded, no script runs, only the inline styles apply.
    public static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// The header form: the same, and no page may frame it.
    public static let header = contentSecurityPolicy + "; frame-ancestors 'none'"
}
