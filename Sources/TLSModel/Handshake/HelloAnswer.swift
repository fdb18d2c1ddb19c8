import TLSWire

/// How a server answered one hand-built ClientHello, read up to its first flight only:
/// what the large-hello probe compares (`tls.large_hello_refused`).
public struct HelloAnswer: Sendable, Hashable {
    /// What came back first.
    public enum Reply: Sendable, Hashable {
        /// A ServerHello choosing `version`.
        case serverHello(version: ProtocolVersion)
        /// A HelloRetryRequest, asking for a key share in `group` (nil: a cookie only).
        case helloRetryRequest(group: NamedGroup?)
        /// An alert.
        case alert(AlertDescription)
        /// The connection closed (FIN) before any answer.
        case closed
        /// The connection was reset (RST) before any answer.
        case reset
        /// Nothing came back within the timeout.
        case timedOut
        /// Bytes that are not a TLS handshake record.
        case notTLS
        /// We could not send the hello (the errno's text).
        case sendFailed(String)

        /// Whether the server went on with the handshake: a ServerHello, or a
        /// HelloRetryRequest for another group (what a working server does).
        public var answered: Bool {
            switch self {
            case .serverHello, .helloRetryRequest: true
            default: false
            }
        }

        /// One word for evidence: `server_hello`, `hello_retry_request`, `alert`, `closed`,
        /// `reset`, `timeout`, `not_tls`, `send_failed`.
        public var keyword: String {
            switch self {
            case .serverHello: "server_hello"
            case .helloRetryRequest: "hello_retry_request"
            case .alert: "alert"
            case .closed: "closed"
            case .reset: "reset"
            case .timedOut: "timeout"
            case .notTLS: "not_tls"
            case .sendFailed: "send_failed"
            }
        }

        /// A few words for a message: "closed the connection", "sent alert decode_error".
        public var text: String {
            switch self {
            case .serverHello(let version): "answered with a \(version) ServerHello"
            case .helloRetryRequest(let group):
                "answered with a HelloRetryRequest\(group.map { " for \($0)" } ?? "")"
            case .alert(let alert): "sent alert \(alert.name ?? alert.hex)"
            case .closed: "closed the connection without an answer"
            case .reset: "reset the connection"
            case .timedOut: "did not answer in time"
            case .notTLS: "answered with bytes that are not TLS"
            case .sendFailed(let reason): "did not take the whole hello (\(reason))"
            }
        }
    }

    public var reply: Reply
    /// The bytes of the ClientHello record sent, its 5-byte header included.
    public var helloBytes: Int
    /// Seconds from sending to the answer (or to giving up).
    public var seconds: Double

    public init(reply: Reply, helloBytes: Int, seconds: Double) {
        self.reply = reply
        self.helloBytes = helloBytes
        self.seconds = seconds
    }
}

/// The large-hello probe's two answers: an ordinary ClientHello (Apple's of iOS 17+,
/// x25519 key share) and the post-quantum one of iOS 26 and Chrome.
public struct LargeHelloProbe: Sendable, Hashable {
    public var ordinary: HelloAnswer
    public var large: HelloAnswer
    /// Who sends the large hello.
    public var largeClient: String

    public init(ordinary: HelloAnswer, large: HelloAnswer, largeClient: String) {
        self.ordinary = ordinary
        self.large = large
        self.largeClient = largeClient
    }
}
