import SystemCalls
import TLSWire

/// The report of one TLS connection — `connect`'s one object, and one JSON line per
/// connection for `capture` and `listen` (docs/DESIGN.md's report shape).
public struct ConnectionReport: Sendable, Hashable {
    /// Who is speaking: tlsprobe as the client, the server, or an observer.
    public var vantage: Vantage
    public var handshake: HandshakeSummary
    /// The first ClientHello (fingerprints come from it).
    public var clientHello: ClientHelloSummary?
    /// The ClientHello sent in answer to a HelloRetryRequest (or HelloVerifyRequest), or
    /// the next one the client sent unasked.
    public var secondClientHello: ClientHelloSummary? = nil
    public var serverHello: ServerHelloSummary?
    /// The server's chain as presented, index 0 = leaf.
    public var chain: [CertificateDetails]
    public var certificateRequest: CertificateRequestSummary?
    /// The client's chain as presented; nil when it sent none (or it was not seen).
    public var clientChain: [CertificateDetails]?
    public var alerts: [AlertEvent]
    public var outcome: Outcome
    public var trust: TrustSection
    /// Worst first.
    public var findings: [Finding]
    /// Which protocol versions the server accepts (connect --versions), in version order.
    public var versions: [VersionProbe]?
    /// The verdict on the client's chain for client use (against the client anchors); nil
    /// when the client sent no certificate.
    public var clientTrust: TrustSection?
    /// The instant the certificates were judged at (`--at`, the capture's time, or now);
    /// text output says "expires in" from it. Not in the JSON.
    public var evaluatedAt: Date?
    /// connect: the first handshake failed on the version and a fallback handshake at an
    /// older one was made (its chain is the one shown); nil when none was needed.
    public var fallback: FallbackSummary? = nil
    /// connect --ciphers: the suites accepted at each version; nil when not asked.
    public var ciphers: [CipherVersionSummary]? = nil
    /// connect: what the server stapled in answer to our status_request; nil when not asked.
    public var ocsp: OCSPStaple? = nil
    /// scan --bonjour: the DNS-SD instance this endpoint was found as; nil otherwise.
    public var bonjour: BonjourService? = nil

    public init(
        vantage: Vantage,
        handshake: HandshakeSummary,
        clientHello: ClientHelloSummary? = nil,
        serverHello: ServerHelloSummary? = nil,
        chain: [CertificateDetails],
        certificateRequest: CertificateRequestSummary? = nil,
        clientChain: [CertificateDetails]? = nil,
        alerts: [AlertEvent] = [],
        outcome: Outcome,
        trust: TrustSection,
        findings: [Finding],
        versions: [VersionProbe]? = nil,
        clientTrust: TrustSection? = nil
    ) {
        self.vantage = vantage
        self.handshake = handshake
        self.clientHello = clientHello
        self.serverHello = serverHello
        self.chain = chain
        self.certificateRequest = certificateRequest
        self.clientChain = clientChain
        self.alerts = alerts
        self.outcome = outcome
        self.trust = trust
        self.findings = findings.inReportOrder()
        self.versions = versions
        self.clientTrust = clientTrust
    }
}

extension ConnectionReport {
    /// The command that made the report: `connect`, `listen` or `capture`.
    public var command: String { vantage.command }

    /// What was dialled (connect); nil for the other vantages.
    public var target: ConnectTarget? {
        if case .client(let client) = vantage { return client.target }
        return nil
    }

    /// Who talked to whom, and when (listen, capture); nil for connect.
    public var flow: Flow? {
        switch vantage {
        case .client: return nil
        case .server(let server): return server.flow
        case .observer(let observer): return observer.flow
        }
    }

    /// listen: the HTTP request the client sent after the handshake; nil otherwise.
    public var http: HTTPExchange? {
        if case .server(let server) = vantage { return server.http }
        return nil
    }
}

/// What `connect` dialled.
public struct ConnectTarget: Sendable, Hashable {
    /// The host as given (name or address).
    public var host: String
    public var port: Int
    /// The address actually connected to.
    public var address: String?
    /// The SNI sent, nil when none.
    public var sni: String?
    /// The plain-text protocol upgraded from (`--starttls`): `smtp`, `imap`; nil when none.
    public var upgrade: PlaintextProtocol? = nil
    /// TCP, or UDP for DTLS (`--dtls`).
    public var transport = Transport.tcp

    public init(host: String, port: Int, address: String?, sni: String?) {
        self.host = host
        self.port = port
        self.address = address
        self.sni = sni
    }
}

/// What was negotiated (docs/DESIGN.md's `handshake`).
public struct HandshakeSummary: Sendable, Hashable {
    public var established: Bool
    public var version: ProtocolVersion?
    public var cipherSuite: CipherSuite?
    /// The key exchange group by name (`x25519`), when known.
    public var group: String?
    public var alpn: String?
    public var resumed: Bool?

    public init(
        established: Bool,
        version: ProtocolVersion?,
        cipherSuite: CipherSuite?,
        group: String?,
        alpn: String?,
        resumed: Bool? = nil
    ) {
        self.established = established
        self.version = version
        self.cipherSuite = cipherSuite
        self.group = group
        self.alpn = alpn
        self.resumed = resumed
    }
}
