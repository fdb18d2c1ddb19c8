/// A plain-text protocol that upgrades to TLS on the same connection (STARTTLS and its
/// kin): what `connect --starttls` speaks, what a capture recognises before the TLS, and
/// how the diagnosis names it. The raw value is the name in options and JSON.
///
/// A new protocol: its case and facts here, its client prelude in
/// `LiveNetwork/StartTLS.swift`, its recognition in `PcapSource/Flows/PreludeWatcher.swift`.
public enum PlaintextProtocol: String, CaseIterable, Sendable, Hashable {
    case smtp, submission, lmtp, imap, pop3, ftp, xmpp
    case xmppServer = "xmpp-server"
    case ldap, postgres, mysql, irc, nntp, sieve

    /// The port the protocol is served on in plain text (IANA): `--starttls auto` and scan
    /// pick the protocol by it.
    public var wellKnownPort: Int {
        switch self {
        case .smtp: 25
        case .submission: 587
        case .lmtp: 24
        case .imap: 143
        case .pop3: 110
        case .ftp: 21
        case .xmpp: 5222
        case .xmppServer: 5269
        case .ldap: 389
        case .postgres: 5432
        case .mysql: 3306
        case .irc: 6667
        case .nntp: 119
        case .sieve: 4190
        }
    }

    /// The protocol whose well-known port is `port`.
    public static func forPort(_ port: Int) -> PlaintextProtocol? {
        allCases.first { $0.wellKnownPort == port }
    }

    /// How people write the protocol's name: "SMTP", "ManageSieve", "PostgreSQL".
    public var displayName: String {
        switch self {
        case .submission: "SMTP (submission)"
        case .xmppServer: "XMPP (server-to-server)"
        case .postgres: "PostgreSQL"
        case .mysql: "MySQL"
        case .sieve: "ManageSieve"
        default: rawValue.uppercased()
        }
    }

    /// The step that asks for TLS, as the protocol names it: "STARTTLS", "STLS", "AUTH TLS".
    public var upgradeCommand: String {
        switch self {
        case .smtp, .submission, .lmtp, .imap, .xmpp, .xmppServer, .irc, .nntp, .sieve: "STARTTLS"
        case .pop3: "STLS"
        case .ftp: "AUTH TLS"
        case .ldap: "StartTLS"
        case .postgres, .mysql: "SSLRequest"
        }
    }

    /// How a client asks for TLS, as a capture's finding words it ("the CLIENT_SSL
    /// capability", "<starttls/>").
    public var upgradeRequest: String {
        switch self {
        case .pop3: "STLS"
        case .ftp: "AUTH TLS"
        case .ldap: "the StartTLS extended operation"
        case .postgres: "SSLRequest"
        case .mysql: "the CLIENT_SSL capability"
        case .xmpp, .xmppServer: "<starttls/>"
        default: "STARTTLS"
        }
    }
}
