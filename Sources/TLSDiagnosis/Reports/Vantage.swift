import SystemCalls

/// Who is speaking in a connection report: tlsprobe as the client that dialled a server
/// (`connect`), as the server a client dialled (`listen`), or as an observer of someone
/// else's connection (`capture`). The vantage decides which side's alerts and hang-ups are
/// "ours", whether the server chain is judged, and how a report reads; renderers switch on
/// it exhaustively instead of comparing command names.
public enum Vantage: Sendable, Hashable {
    /// `connect`: we dialled the server.
    case client(ClientVantage)
    /// `listen`: a client dialled us.
    case server(ServerVantage)
    /// `capture`: we watched a connection between two others.
    case observer(ObserverVantage)

    /// The command that reports from this vantage: `connect`, `listen`, `capture` (the JSON
    /// `command` key).
    public var command: String {
        switch self {
        case .client: return "connect"
        case .server: return "listen"
        case .observer: return "capture"
        }
    }

    /// The code of an alert nothing more specific explains: `capture.alert` for an observer,
    /// who cannot tell which library failed; `tls.handshake_failed` otherwise.
    public var genericAlertCode: FindingCode {
        if case .observer = self { return .captureAlert }
        return .tlsHandshakeFailed
    }

    /// The side whose TLS library is tlsprobe's own (its errors become evidence of the alerts
    /// that side sent); nil for an observer.
    public var localSide: Side? {
        switch self {
        case .client: return .client
        case .server: return .server
        case .observer: return nil
        }
    }
}

/// `connect`'s vantage: what we dialled, and the identity we offered for mutual TLS.
public struct ClientVantage: Sendable, Hashable {
    /// What was dialled, the address reached and the SNI sent.
    public var target: ConnectTarget
    /// Our client certificate chain (`--identity`, `--cert`), leaf first, when one was given.
    public var identity: [X509Certificate]?

    public init(target: ConnectTarget, identity: [X509Certificate]? = nil) {
        self.target = target
        self.identity = identity
    }
}

/// `listen`'s vantage: the connection a client made to us, what we served it and whom we
/// accept client certificates from.
public struct ServerVantage: Sendable, Hashable {
    /// Who connected, to which of our addresses, and when.
    public var flow: Flow
    /// The chain we presented and what we accept: a client's verdict on it is read from how
    /// the connection ended, not judged again per connection.
    public var served: ServedSide
    /// The roots client certificates must lead to (`--client-anchor`); empty: the client's
    /// chain is shown but not judged.
    public var clientAnchors: [TrustAnchor]
    /// The HTTP request the client sent after the handshake, and whether it was answered.
    public var http: HTTPExchange?
    /// Application bytes the client sent after the handshake (an HTTP request or anything
    /// else: gRPC, MQTT).
    public var applicationBytes: Int

    public init(
        flow: Flow,
        served: ServedSide,
        clientAnchors: [TrustAnchor] = [],
        http: HTTPExchange? = nil,
        applicationBytes: Int = 0
    ) {
        self.flow = flow
        self.served = served
        self.clientAnchors = clientAnchors
        self.http = http
        self.applicationBytes = applicationBytes
    }
}

/// `capture`'s vantage: a connection seen on the wire between two other parties.
public struct ObserverVantage: Sendable, Hashable {
    /// Who talked to whom, and when the first and last packets were seen.
    public var flow: Flow
    /// What the capture says about the connection: gaps, what the key log did, encrypted
    /// alert-sized records (the `capture.*` findings come from these).
    public var capture: CaptureFacts

    public init(flow: Flow, capture: CaptureFacts = CaptureFacts()) {
        self.flow = flow
        self.capture = capture
    }
}
