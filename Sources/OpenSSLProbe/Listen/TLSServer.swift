internal import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel
import TLSWire
import LiveNetwork
import SafeFiles

/// How `listen` serves.
public struct ListenOptions: Sendable {
    /// The certificate chain and key we present (loaded, or ephemeral).
    public var identity: TLSIdentity
    /// Whether `identity` is the ephemeral one made on the spot.
    public var ephemeral: Bool
    /// The oldest and newest versions we accept.
    public var minVersion: ProtocolVersion
    public var maxVersion: ProtocolVersion
    public var clientAuthentication: ServedSide.ClientAuthentication
    /// Roots a client certificate must lead to (and the CA names sent in the
    /// CertificateRequest); empty: any client certificate is accepted.
    public var clientAnchors: [TrustAnchor]
    /// How client certificates are judged during the handshake; nil: all are accepted.
    public var judgeClientChain: ClientChainJudgement?
    /// ALPN protocols we select, in our order, when the client offers them.
    public var alpn: [String]
    /// Bounds each connection's handshake (and, up to 2 s, the wait for its HTTP request).
    public var timeout: TimeInterval
    public var keyLog: KeyLogFile?
    /// The most connections served at once; more wait in the kernel's backlog.
    public var maxConnections: Int

    public init(
        identity: TLSIdentity,
        ephemeral: Bool,
        minVersion: ProtocolVersion = .tls12,
        maxVersion: ProtocolVersion = .tls13,
        clientAuthentication: ServedSide.ClientAuthentication = .none,
        clientAnchors: [TrustAnchor] = [],
        judgeClientChain: ClientChainJudgement? = nil,
        alpn: [String] = ["http/1.1"],
        timeout: TimeInterval = 10,
        keyLog: KeyLogFile? = nil,
        maxConnections: Int = 64
    ) {
        self.identity = identity
        self.ephemeral = ephemeral
        self.minVersion = minVersion
        self.maxVersion = maxVersion
        self.clientAuthentication = clientAuthentication
        self.clientAnchors = clientAnchors
        self.judgeClientChain = judgeClientChain
        self.alpn = alpn
        self.timeout = timeout
        self.keyLog = keyLog
        self.maxConnections = maxConnections
    }
}

/// Why serving stopped.
public enum StopReason: Sendable, Hashable, CustomStringConvertible {
    /// `--count` connections were served.
    case count
    /// `--duration` passed.
    case duration
    /// SIGINT (Ctrl-C) or SIGTERM.
    case signal(Int32)
    /// The reader of stdout went away (`tlsprobe listen | head`): no one reads the reports.
    case stdoutClosed

    public var description: String {
        switch self {
        case .count: return "--count reached"
        case .duration: return "--duration passed"
        case .signal(SIGINT): return "SIGINT"
        case .signal(SIGTERM): return "SIGTERM"
        case .signal(let number): return "signal \(number)"
        case .stdoutClosed: return "stdout closed"
        }
    }
}

/// What serving came to.
public struct ServeSummary: Sendable {
    /// Connections reported (TLS or not, but with at least one byte from the client).
    public var reported: Int
    /// Of those, the ones whose handshake completed.
    public var established: Int
    /// Connections that closed without sending a byte (port checks): not reported.
    public var silent: Int
    /// Connections still open when a signal stopped us, left unreported.
    public var abandoned: Int
    public var reason: StopReason
}

/// `tlsprobe listen`: a TLS server on one or more sockets that serves each client on a
/// thread of its own (at most `maxConnections` at once), records its handshake, answers
/// an HTTP request with tlsprobe's page, and reports each connection as it completes.
public final class TLSServer: @unchecked Sendable {
    // @unchecked: the sockets, context and callback arguments are read-only after init; the
    // counters live under `lock`; the SSL_CTX is shared read-only by the connection threads,
    // as OpenSSL allows.

    /// What we serve: the chain, the versions and cipher suites we accept.
    public let served: ServedSide
    /// The addresses listened on: `127.0.0.1:4433`, `[::]:4433`.
    public let addresses: [String]
    /// The bare listening addresses (`0.0.0.0`, `::1`), for the ephemeral certificate's SANs.
    public let boundHosts: [String]

    private let options: ListenOptions
    private let sockets: [ListeningSocket]
    private let context: OwnedSSLContext
    // Callback arguments: kept alive as long as the context that points at them.
    private let judge: ClientCertificateJudge
    private let alpn: ALPNPreference
    private let wakeRead: Int32
    private let wakeWrite: Int32

    private let lock = Condition()
    private var inFlight = 0
    /// Connections per client address whose ClientHello is not whole yet.
    private var pendingHellos: [String: Int] = [:]
    /// Past this many connections from one address without a whole ClientHello, the next
    /// from it gets `ServerConnection.crowdedHelloWait` for its hello: partial hellos from
    /// one address cannot hold every slot.
    static let maxPendingHellosPerAddress = 16
    private var reported = 0
    private var established = 0
    private var silent = 0
    private var stopReason: StopReason?
    private var hurry = false
    /// Once set, late reports (connections abandoned at a signal) are dropped.
    private var closed = false

    /// Binds `address` (exit status 2 when it cannot). The identity is installed by
    /// `init(bound:options:)` afterwards; binding first lets the ephemeral certificate carry
    /// the addresses actually bound.
    public static func bind(_ address: ListenAddress, timeout: TimeInterval) throws(ListenFailure) -> BoundSockets {
        BoundSockets(sockets: try ListeningSocket.open(address, timeout: timeout))
    }

    /// Sockets bound and listening, not yet served.
    public final class BoundSockets: @unchecked Sendable {
        fileprivate let sockets: [ListeningSocket]
        fileprivate init(sockets: [ListeningSocket]) { self.sockets = sockets }
        /// `127.0.0.1:4433`, `[::]:4433`.
        public var addresses: [String] { sockets.map(\.display) }
        /// `127.0.0.1`, `::`.
        public var hosts: [String] { sockets.map(\.address) }
    }

    /// Sets up OpenSSL to serve `options` on `bound`.
    public init(bound: BoundSockets, options: ListenOptions) throws(ListenFailure) {
        self.options = options
        sockets = bound.sockets
        addresses = bound.addresses
        boundHosts = bound.hosts
        judge = ClientCertificateJudge(options.judgeClientChain)
        alpn = ALPNPreference(options.alpn)
        do throws(OpenSSLSetupError) {
            context = try SSLContextSetup.make(
                .server,
                minVersion: options.minVersion,
                maxVersion: options.maxVersion,
                cipherList: "DEFAULT:@SECLEVEL=0",
                keyLog: options.keyLog != nil
            )
        } catch {
            throw ListenFailure(.local, error.description)
        }
        do throws(OpenSSLSetupError) {
            try options.identity.install(on: context, role: "server")
        } catch {
            throw ListenFailure(.identity, "the identity cannot be served: \(error.description)")
        }
        let ctx = context.pointer
        // Every connection a full handshake: no tickets, no session cache, so a client that
        // reconnects shows its certificate checks again.
        _ = SSL_CTX_set_num_tickets(ctx, 0)
        _ = tlsprobe_SSL_CTX_set_session_cache_mode(ctx, Int(SSL_SESS_CACHE_OFF))
        _ = SSL_CTX_set_options(ctx, tlsprobe_SSL_OP_NO_TICKET() | tlsprobe_SSL_OP_NO_RENEGOTIATION())
        SSL_CTX_set_alpn_select_cb(ctx, alpnSelectCallback, Unmanaged.passUnretained(alpn).toOpaque())
        if options.clientAuthentication != .none {
            for anchor in options.clientAnchors {
                // The CA names of the CertificateRequest (RFC 8446 4.2.4, RFC 5246 7.4.4).
                guard let x509 = OwnedX509(der: anchor.certificate.der) else { continue }
                OpenSSLErrorQueue.clear()
                _ = SSL_CTX_add_client_CA(ctx, x509.pointer)
            }
            let mode =
                SSL_VERIFY_PEER | (options.clientAuthentication == .required ? SSL_VERIFY_FAIL_IF_NO_PEER_CERT : 0)
            SSL_CTX_set_verify(ctx, mode, nil)
            SSL_CTX_set_cert_verify_callback(ctx, judgeClientChainCallback, Unmanaged.passUnretained(judge).toOpaque())
        }
        OpenSSLErrorQueue.clear()

        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw ListenFailure(.local, "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for fd in pipeEnds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]

        served = ServedSide(
            chain: options.identity.certificates,
            ephemeral: options.ephemeral,
            acceptedVersions: TLSClient.probedVersions.filter { $0 >= options.minVersion && $0 <= options.maxVersion },
            acceptedCipherSuites: Self.acceptedCipherSuites(ctx, key: options.identity.key),
            clientAuthentication: options.clientAuthentication
        )
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// The suites OpenSSL would choose with our key: TLS 1.3's, and those of TLS 1.2 and
    /// earlier whose authentication fits the key type.
    private static func acceptedCipherSuites(_ ctx: OpaquePointer, key: PrivateKey) -> [CipherSuite] {
        guard let stack = SSL_CTX_get_ciphers(ctx) else { return [] }
        let keyType = EVP_PKEY_get_base_id(key.pointer)
        let authentication = keyType == NID_rsaEncryption || keyType == NID_rsassaPss ? NID_auth_rsa : NID_auth_ecdsa
        var suites: [CipherSuite] = []
        for index in 0..<min(Int(tlsprobe_sk_SSL_CIPHER_num(stack)), 512) {
            guard let cipher = tlsprobe_sk_SSL_CIPHER_value(stack, Int32(index)) else { continue }
            let auth = SSL_CIPHER_get_auth_nid(cipher)
            guard auth == NID_auth_any || auth == authentication else { continue }
            suites.append(CipherSuite(rawValue: SSL_CIPHER_get_protocol_id(cipher)))
        }
        return suites
    }

    /// Stops accepting; connections in progress get a short grace (a second call: none).
    /// Safe from any thread.
    public func stop(_ reason: StopReason) {
        lock.lock()
        if stopReason == nil { stopReason = reason } else { hurry = true }
        lock.broadcast()
        lock.unlock()
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Serves until `count` connections were reported, `duration` seconds passed, or
    /// `stop` is called. `report` gets each connection as it completes, one at a time;
    /// `page` makes the text answered to an HTTP request. Returns when every connection
    /// has been reported, or after a grace of 3 s following a signal (enough for a connection
    /// that only waits for its HTTP request).
    public func serve(
        count: Int?,
        duration: TimeInterval?,
        page: @escaping @Sendable (ServedConnection) -> String,
        report: @escaping @Sendable (ServedConnection) -> Void
    ) -> ServeSummary {
        let ends = duration.map { Deadline.after($0) }
        acceptLoop: while true {
            lock.lock()
            if let count, reported >= count, stopReason == nil { stopReason = .count }
            let stopping = stopReason != nil
            let accepting = inFlight < options.maxConnections && (count.map { reported + inFlight < $0 } ?? true)
            lock.unlock()
            if stopping { break acceptLoop }

            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if accepting { descriptors += sockets.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) } }
            let ready = poll(&descriptors, nfds_t(descriptors.count), ends?.remainingMilliseconds ?? -1)
            if ready < 0 && errno != EINTR { break acceptLoop }
            if let ends, ends.hasPassed {
                lock.lock()
                if stopReason == nil { stopReason = .duration }
                lock.unlock()
                continue
            }
            if descriptors[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &drain, drain.count) > 0 {}
            }
            for (index, socket) in sockets.enumerated()
            where accepting && descriptors.count > index + 1 && descriptors[index + 1].revents != 0 {
                lock.lock()
                let room = inFlight < options.maxConnections && (count.map { reported + inFlight < $0 } ?? true)
                lock.unlock()
                guard room, let connection = socket.accept() else { continue }
                start(connection, listener: socket, page: page, report: report)
            }
        }

        // No new connections: the kernel refuses them from here on.
        for socket in sockets { shutdown(socket.fd, Int32(SHUT_RDWR)) }
        lock.lock()
        var grace: Date?
        while inFlight > 0 && !hurry {
            // Stopped from outside (a signal, a closed stdout): connections in progress
            // get the grace, no longer.
            if stopReason != .count && stopReason != .duration && stopReason != nil {
                let limit = grace ?? Date().addingTimeInterval(3)
                grace = limit
                if !lock.wait(untilSecondsSince1970: limit.timeIntervalSince1970) { break }
            } else {
                lock.wait()
            }
        }
        closed = true
        let summary = ServeSummary(
            reported: reported,
            established: established,
            silent: silent,
            abandoned: inFlight,
            reason: stopReason ?? .count
        )
        lock.unlock()
        return summary
    }

    /// Serves one connection on a thread of its own.
    private func start(
        _ connection: TCPConnection,
        listener: ListeningSocket,
        page: @escaping @Sendable (ServedConnection) -> String,
        report: @escaping @Sendable (ServedConnection) -> Void
    ) {
        let address = connection.peer.text
        lock.lock()
        inFlight += 1
        let crowded = pendingHellos[address, default: 0] >= Self.maxPendingHellosPerAddress
        pendingHellos[address, default: 0] += 1
        lock.unlock()
        let accepted = Date()
        let client = HostPort.display(host: connection.peer.text, port: ListeningSocket.port(of: connection.peer))
        let server = HostPort.display(host: ListeningSocket.localAddress(of: connection.fd), port: listener.port)
        let handed = Handed(connection)
        // With no thread to be had, served here: the next connection waits, none is lost.
        SystemCall.runBeside { [self] in
            let hello = HelloPending(server: self, address: address)
            let served = self.serve(
                handed.take(),
                client: client,
                server: server,
                accepted: accepted,
                crowded: crowded,
                onHello: hello.done,
                page: page
            )
            hello.done()
            self.lock.lock()
            self.inFlight -= 1
            if served.silent {
                self.silent += 1
            } else if !self.closed {
                self.reported += 1
                if served.observation.outcome == .established { self.established += 1 }
                // Reports go out one at a time, under the lock, so lines never interleave.
                report(served)
            }
            self.lock.broadcast()
            self.lock.unlock()
            self.wake()
        }
    }

    /// A connection's place in `pendingHellos`, given back once (its ClientHello is whole,
    /// or it ended). Used from the connection's own thread only.
    private final class HelloPending {
        private let server: TLSServer
        private let address: String
        private var pending = true
        init(server: TLSServer, address: String) {
            self.server = server
            self.address = address
        }
        func done() {
            guard pending else { return }
            pending = false
            server.lock.lock()
            let left = server.pendingHellos[address, default: 1] - 1
            server.pendingHellos[address] = left > 0 ? left : nil
            server.lock.unlock()
        }
    }

    private func serve(
        _ connection: TCPConnection,
        client: String,
        server: String,
        accepted: Date,
        crowded: Bool,
        onHello: @escaping () -> Void,
        page: (ServedConnection) -> String
    ) -> ServedConnection {
        do throws(OpenSSLSetupError) {
            let handler = try ServerConnection(connection: connection, context: context, keyLog: options.keyLog)
            return handler.run(
                timeout: options.timeout,
                client: client,
                server: server,
                accepted: accepted,
                crowded: crowded,
                onHello: onHello,
                page: page
            )
        } catch {
            return ServedConnection(
                observation: HandshakeObservation(outcome: .failed),
                ending: .refusedLocally(reasons: [error.description]),
                localErrors: [error.description],
                negotiatedGroup: nil,
                client: client,
                server: server,
                accepted: accepted,
                ended: Date(),
                clientBytes: 0,
                http: nil
            )
        }
    }

    /// Hands a connection to the thread that serves it.
    private final class Handed: @unchecked Sendable {
        // @unchecked: written once here, taken once by the one thread that serves it.
        private let connection: TCPConnection
        init(_ connection: TCPConnection) { self.connection = connection }
        func take() -> TCPConnection { connection }
    }
}
