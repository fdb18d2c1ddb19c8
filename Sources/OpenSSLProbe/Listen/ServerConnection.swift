internal import COpenSSL
import SystemCalls
import TLSModel
import TLSWire
import LiveNetwork
import SafeFiles

/// What one client's connection showed, for the diagnosis: `listen` reports one per
/// connection as it completes.
public struct ServedConnection: Sendable {
    /// Every message and alert as it went over the wire, parsed by TLSWire.
    public var observation: HandshakeObservation
    /// How it ended when no alert says why (the client closed, reset, went silent, spoke
    /// another protocol, or OpenSSL refused what it sent).
    public var ending: HandshakeEnding?
    /// OpenSSL's error queue when it refused something, as reason texts.
    public var localErrors: [String]
    /// The key exchange group as OpenSSL names it, when the handshake completed.
    public var negotiatedGroup: String?
    /// `addr:port` of the client and of our end (`[v6]:port` for IPv6).
    public var client: String
    public var server: String
    /// When the connection was accepted and when it ended.
    public var accepted: Date
    public var ended: Date
    /// Bytes the client sent.
    public var clientBytes: Int
    /// The HTTP request it sent after the handshake, and whether it was answered.
    public var http: HTTPExchange?
    /// Application bytes it sent after the handshake (read while waiting for a request).
    public var applicationBytes = 0

    /// A connection that closed before sending a single byte (a port check, a health
    /// probe): not a TLS connection, so not reported.
    public var silent: Bool {
        guard clientBytes == 0 else { return false }
        switch ending {
        case .closed?, .reset?: return true
        default: return false
        }
    }
}

/// One client connection on the server side, on a `TLSChannel`: the handshake (SSL_accept)
/// within the timeout, then, when the client speaks HTTP/1.x, tlsprobe's page in answer.
final class ServerConnection {
    private let channel: TLSChannel
    private var recorder: HandshakeRecorder { channel.recorder }

    /// The longest wait for an HTTP request after the handshake.
    static let requestWait: TimeInterval = 2
    /// The longest wait for a client's first byte (never more than the timeout): a
    /// connection that says nothing holds one of the few slots only this long.
    static let firstByteWait: TimeInterval = 2
    /// The longest wait for a client's whole ClientHello (never more than the timeout):
    /// clients that send part of one and stall hold a slot only this long.
    static let helloWait: TimeInterval = 3
    /// The wait for the whole ClientHello of a client whose address already has
    /// `TLSServer.maxPendingHellosPerAddress` connections without one.
    static let crowdedHelloWait: TimeInterval = 1

    init(connection: TCPConnection, context: OwnedSSLContext, keyLog: KeyLogFile?) throws(OpenSSLSetupError) {
        channel = try TLSChannel(
            connection: connection,
            context: context,
            recorder: HandshakeRecorder(localSide: .server, keyLog: keyLog)
        )
    }

    /// Serves the connection. `page` makes the text answered to an HTTP request from what
    /// was seen so far; `client` and `server` name the two ends.
    func run(
        timeout: TimeInterval,
        client: String,
        server: String,
        accepted: Date,
        crowded: Bool = false,
        onHello: (() -> Void)? = nil,
        page: (ServedConnection) -> String
    ) -> ServedConnection {
        let run = channel.runHandshake(
            timeout: timeout,
            firstByteWithin: Self.firstByteWait,
            helloWithin: crowded ? Self.crowdedHelloWait : Self.helloWait,
            onPeerHello: onHello
        ) { SSL_accept($0) }
        var ending = run.ending
        let localErrors = run.localErrors
        let completed = run.completed

        var served = ServedConnection(
            observation: recorder.builder.build(),
            ending: ending,
            localErrors: localErrors,
            negotiatedGroup: completed ? channel.negotiatedGroup() : nil,
            client: client,
            server: server,
            accepted: accepted,
            ended: Date(),
            clientBytes: channel.peerBytes,
            http: nil
        )
        if completed {
            served.observation = recorder.builder.build(outcome: .established)
            // Browsers, curl and URL sessions send their request with or right after their
            // Finished; a client that says nothing in 2 s (s_client) is not kept waiting for.
            served.http = answerHTTP(until: Deadline.after(min(timeout, Self.requestWait)), served: &served, page: page)
        }
        channel.close()

        var outcome: Outcome
        if !recorder.fatalAlertFrom.isEmpty || ending != nil {
            outcome = .failed
        } else if completed {
            outcome = .established
        } else {
            outcome = recorder.builder.build().outcome
        }
        // The client's own alert says why; a hang-up after it adds nothing.
        if recorder.fatalAlertFrom.contains(.client) { ending = nil }
        served.observation = recorder.builder.build(outcome: outcome)
        served.ending = ending
        served.ended = Date()
        served.clientBytes = channel.peerBytes
        return served
    }

    /// Reads what the client sends after the handshake; an HTTP/1.x request is answered
    /// with `page` and the connection closed. Anything else (silence, close_notify, another
    /// protocol) is left alone.
    private func answerHTTP(
        until deadline: Deadline,
        served: inout ServedConnection,
        page: (ServedConnection) -> String
    ) -> HTTPExchange? {
        var received: [UInt8] = []
        defer { served.applicationBytes = received.count }
        var scratch = [UInt8](repeating: 0, count: 4096)
        var head: HTTPRequestHead?
        reading: while received.count < HTTPRequestHead.maximumSize {
            let (result, count) = channel.read(into: &scratch)
            _ = channel.flush(until: deadline)
            switch result {
            case .success:
                received += scratch[0..<count]
                switch HTTPRequestHead.read(received) {
                case .needMore: continue
                case .notHTTP: break reading
                case .request(let request):
                    head = request
                    break reading
                }
            case .wantRead, .wantWrite:
                guard channel.pull(until: deadline) == .received else { break reading }
            case .closed, .syscall, .failed:
                break reading
            }
        }
        guard let head else { return nil }
        var exchange = HTTPExchange(
            requestLine: head.requestLine,
            host: head.host,
            userAgent: head.userAgent,
            answered: false
        )
        exchange.wantsHTML = head.wantsHTML
        var current = served
        current.http = exchange
        current.ended = Date()
        let response = HTTPRequestHead.response(body: page(current), method: head.method, html: head.wantsHTML)
        exchange.answered = channel.write(response, until: deadline)
        return exchange
    }
}
