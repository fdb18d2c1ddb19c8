import SystemCalls

/// One TCP connection (or, in a capture, one UDP flow carrying DTLS) seen in a capture or
/// by `listen`.
public struct Flow: Sendable, Hashable {
    /// `addr:port` of the client (`[v6]:port` for IPv6).
    public var client: String
    public var server: String
    public var firstPacket: Date
    public var lastPacket: Date
    /// capture: the protocol that upgraded to TLS in place (`smtp`, `imap`, `postgres`…),
    /// when the flow began in plain text.
    public var upgrade: PlaintextProtocol? = nil
    /// capture: the proxy whose tunnel carried the TLS (`socks5`, `socks4`, `http-connect`).
    public var tunnel: TunnelProtocol? = nil
    /// TCP, or UDP for a capture's DTLS flow.
    public var transport = Transport.tcp

    public init(client: String, server: String, firstPacket: Date, lastPacket: Date) {
        self.client = client
        self.server = server
        self.firstPacket = firstPacket
        self.lastPacket = lastPacket
    }
}

/// listen: an HTTP/1.x request a client sent after the handshake (a browser, curl, an app's
/// URL session) and whether tlsprobe answered it with its page.
public struct HTTPExchange: Sendable, Hashable {
    /// The request line, e.g. `GET /status HTTP/1.1` (at most 200 characters).
    public var requestLine: String
    /// The Host header, when sent.
    public var host: String?
    /// The User-Agent header, when sent: which app or library is talking.
    public var userAgent: String?
    /// Whether tlsprobe sent its page back.
    public var answered: Bool
    /// The request's Accept header names text/html (a browser): the page is HTML, else
    /// plain text (curl, an app's URL session).
    public var wantsHTML = false

    public init(requestLine: String, host: String?, userAgent: String?, answered: Bool) {
        self.requestLine = requestLine
        self.host = host
        self.userAgent = userAgent
        self.answered = answered
    }
}
