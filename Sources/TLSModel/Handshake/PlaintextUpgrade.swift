/// How a plain-text protocol's upgrade to TLS went (`connect --starttls`): SMTP's
/// STARTTLS, IMAP's STARTTLS, POP3's STLS, FTP's AUTH TLS, LDAP's StartTLS extended
/// operation, PostgreSQL's SSLRequest and the like.
public struct PlaintextUpgrade: Sendable, Hashable {
    /// The protocol: `smtp`, `imap`, `postgres`.
    public var plaintextProtocol: PlaintextProtocol
    /// The server agreed: TLS was started on the connection.
    public var upgraded: Bool
    /// The step that decided it: `EHLO`, `STARTTLS`, `greeting`, `SSLRequest`.
    public var step: String
    /// Why it did not upgrade, in a few words ("does not offer STARTTLS", "refused STARTTLS",
    /// "closed the connection"); nil when it did.
    public var reason: String?
    /// What the server said at that step, printable and bounded (control bytes escaped).
    public var reply: String

    public init(
        plaintextProtocol: PlaintextProtocol,
        upgraded: Bool,
        step: String,
        reason: String? = nil,
        reply: String
    ) {
        self.plaintextProtocol = plaintextProtocol
        self.upgraded = upgraded
        self.step = step
        self.reason = reason
        self.reply = reply
    }
}
