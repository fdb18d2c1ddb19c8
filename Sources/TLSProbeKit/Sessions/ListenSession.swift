import SystemCalls
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeOutput
import TLSWire
import LiveNetwork
import SafeFiles

/// `listen`: a stand-in server that reports each client's connection from the server's
/// vantage, as it completes.
public final class ListenSession: Session, Sendable {
    /// Where to listen, what to serve, whom to ask for client certificates.
    public struct Configuration: Sendable {
        public var address: ListenAddress
        /// Our identity; nil: an ephemeral self-signed certificate made on the spot.
        public var identity: TLSIdentity?
        /// Extra names and addresses for the ephemeral certificate's SAN (`--host`).
        public var extraHosts: [String] = []
        public var clientAuthentication: ServedSide.ClientAuthentication = .none
        /// The roots client certificates must lead to (`--client-anchor`).
        public var clientAnchors: [TrustAnchor] = []
        public var profile: Profile = .default
        /// ALPN protocols we select when offered, in our order.
        public var alpn: [String] = ["http/1.1"]
        public var minVersion: ProtocolVersion = .tls12
        public var maxVersion: ProtocolVersion = .tls13
        /// Seconds each client gets for its handshake.
        public var timeout: TimeInterval = 10
        public var keyLog: KeyLogFile?
        /// Stop after this many connections.
        public var count: Int?
        /// Stop after this many seconds.
        public var duration: TimeInterval?
        /// Where to write the certificate we serve, as PEM (`--save-cert`), for a client to
        /// trust.
        public var saveCertPath: String?
        /// Which findings fail a connection's report (`--fail-on`).
        public var threshold: FailThreshold = .error

        public init(address: ListenAddress) {
            self.address = address
        }
    }

    public let configuration: Configuration
    private let server: TLSServer
    /// The thread that writes the sink's output, when the sink writes through it (stdout):
    /// started by the run, given the stop, finished when serving stops.
    private let writer: QueuedWriter
    /// What we serve, before the first connection, and the summary line at the end (stderr).
    private let notes: @Sendable (String) -> Void

    /// Binds the address and sets up what we serve; throws when we cannot listen (port in
    /// use, permission) or cannot make the ephemeral certificate. `writer` is the queue the
    /// sink given to `run` writes through (the command's stdout), so that no connection waits
    /// for whoever reads stdout; a sink that never waits needs none of its own.
    public init(
        _ configuration: Configuration,
        writer: QueuedWriter = QueuedWriter(output: { _ in }),
        notes: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
        let c = configuration
        self.configuration = c
        self.writer = writer
        self.notes = notes
        if let path = c.saveCertPath { try ChainFile.check(path, option: "--save-cert") }
        let bound = try TLSServer.bind(c.address, timeout: c.timeout)
        let served: TLSIdentity
        if let identity = c.identity {
            served = identity
        } else {
            let names = EphemeralIdentity.names(for: c.address, boundAddresses: bound.hosts, extra: c.extraHosts)
            served = try EphemeralIdentity.make(dns: names.dns, ips: names.ips)
        }
        server = try TLSServer(
            bound: bound,
            options: ListenOptions(
                identity: served,
                ephemeral: c.identity == nil,
                minVersion: c.minVersion,
                maxVersion: c.maxVersion,
                clientAuthentication: c.clientAuthentication,
                clientAnchors: c.clientAnchors,
                judgeClientChain: c.clientAnchors.isEmpty
                    ? nil : Self.clientChainJudgement(anchors: c.clientAnchors, profile: c.profile),
                alpn: c.alpn,
                timeout: c.timeout,
                keyLog: c.keyLog
            )
        )
        if let path = c.saveCertPath {
            try ChainFile.write(server.served.chain, to: path, option: "--save-cert")
        }
    }

    /// A URL of ours a client on this machine can dial.
    private var dialURL: String { "https://\(dialAddress)/" }

    /// HOST:PORT a client on this machine can dial: the address bound, or loopback where
    /// every address is.
    private var dialAddress: String {
        let port = configuration.address.port
        let hosts = server.boundHosts
        let host: String
        if let specific = hosts.first(where: { $0 != "0.0.0.0" && $0 != "::" }) {
            host = specific.contains(":") ? "[\(specific)]" : specific
        } else {
            host = hosts.contains("0.0.0.0") ? "127.0.0.1" : "[::1]"
        }
        return "\(host):\(port)"
    }

    /// What we serve, for stderr before the first connection: the addresses, the names and
    /// pin of our certificate, and what a client will dislike about it.
    public func announcement(now: Date = Date()) -> [String] {
        let served = server.served
        var lines: [String] = []
        let clientAuth: String
        switch served.clientAuthentication {
        case .none: clientAuth = "not requested"
        case .requested: clientAuth = "requested"
        case .required: clientAuth = "required"
        }
        lines.append(
            "tlsprobe listen: listening on \(server.addresses.joined(separator: ", ")) (\(served.versionRange); client certificates \(clientAuth))"
        )
        guard let leaf = served.chain.first else { return lines }
        let names = (leaf.dnsNames.map { "DNS:\($0)" } + leaf.ipAddresses.map { "IP:\(IPAddressText.format($0))" })
            .joined(separator: ", ")
        if served.ephemeral {
            lines.append(
                "tlsprobe listen: no --identity given: serving an ephemeral self-signed certificate, made now, that no client trusts"
            )
        } else {
            lines.append(
                "tlsprobe listen: serving \"\(leaf.subjectString)\" and \(served.chain.count - 1) more certificate(s)"
            )
            if let issuer = served.unsentIssuerOfLeaf {
                lines.append(
                    "tlsprobe listen: note: \"\(issuer)\", which issued our certificate, is not sent: right if it is the root, but if it is an intermediate add it with --chain, or clients that have only the root will refuse us"
                )
            }
        }
        lines.append("  names: \(names.isEmpty ? "(none)" : names)")
        let curlPin = leaf.pin.replacingEvery("sha256/", with: "sha256//")
        // -k: the pin alone decides trust (without it curl first refuses a certificate no
        // CA of its own issued, exit 60).
        lines.append("  pin:   \(leaf.pin)  (curl -k --pinnedpubkey \(curlPin) \(dialURL))")
        if let path = configuration.saveCertPath {
            let file = IdentitySession.shell(path)
            lines.append(
                "  saved: \(file): trust it in a client (curl --cacert \(file) \(dialURL); tlsprobe connect \(dialAddress) --anchor \(file))"
            )
        }
        if !served.ephemeral {
            let check = TrustEngine.evaluate(
                leaf: leaf,
                presented: Array(served.chain.dropFirst()),
                anchors: [],
                context: TrustContext(at: now, expectedName: nil, purpose: .server, profile: configuration.profile)
            )
            for finding in check.findings where finding.severity == .error {
                lines.append("tlsprobe listen: note: our \(finding.subject): \(finding.code): \(finding.message)")
            }
        }
        lines.append("tlsprobe listen: Ctrl-C stops; one report per connection follows")
        return lines
    }

    /// Seconds connections in progress, and reports still waiting for stdout, get after a
    /// signal (TLSServer's grace).
    static let signalGrace: TimeInterval = 3

    /// Serves until `--count`, `--duration` or `stop`, handing each connection's report to
    /// `sink` as it completes: first `stop` is made to stop serving and the writer's thread
    /// is started, then what we serve goes to the notes (`announcement`), and the summary
    /// line when serving stops. A stop with a signal is told as that signal; one without (a
    /// closed stdout, a caller) as stdout closed. Throws (`local`) when the writer's thread
    /// cannot be made (nothing would be written), or when the key log's secrets could not
    /// all be written.
    @discardableResult
    public func run(into sink: some ReportSink, until stop: StopToken) throws -> ServeSummary {
        try prepare(until: stop)
        announcement().forEach(notes)
        let summary = serve(into: sink)
        // Secrets that could not be written (a full disk): the key log lacks sessions.
        if let failure = configuration.keyLog?.writeFailure { throw failure }
        return summary
    }

    /// Makes `stop` (SIGINT, SIGTERM) stop serving, and starts the writer's thread, before
    /// anything is announced. Throws (`local`) when that thread cannot be made: nothing
    /// would be written.
    private func prepare(until stop: StopToken) throws(ListenFailure) {
        // A stdout nobody reads holds the writer only: reports waiting when the grace ends
        // are dropped (a second request: at once).
        let server = self.server
        let writer = self.writer
        stop.onStop { request in
            // A request without a signal is the closed stdout's (Listen's run makes it).
            server.stop(request.signal.map(StopReason.signal) ?? .stdoutClosed)
            writer.stopRequested(grace: Self.signalGrace)
        }
        guard writer.start() else {
            throw ListenFailure(
                .local,
                "cannot start the thread that writes reports (the system makes no more threads)"
            )
        }
    }

    /// Serves, each connection's report to `sink`; then waits for the writer and notes the
    /// summary line.
    private func serve(into sink: some ReportSink) -> ServeSummary {
        let served = server.served
        let clientAnchors = configuration.clientAnchors
        let profile = configuration.profile
        let threshold = configuration.threshold
        let failing = FailingCount()
        let summary = server.serve(
            count: configuration.count,
            duration: configuration.duration,
            page: { connection in
                // A browser gets the HTML page, curl and apps the plain text.
                let report = Self.report(connection, served: served, clientAnchors: clientAnchors, profile: profile)
                return connection.http?.wantsHTML == true
                    ? HTMLRenderer().renderListenPage(report) : TextRenderer.listenPage(report)
            },
            report: { connection in
                let report = Report.connection(
                    Self.report(connection, served: served, clientAnchors: clientAnchors, profile: profile)
                )
                if threshold.fails(report.findings) { failing.add() }
                sink.emit(report, threshold: threshold)
            }
        )
        let dropped = writer.finish()
        notes(Self.summaryLine(summary, failing: failing.value, dropped: dropped))
        return summary
    }

    /// The report of one served connection.
    public static func report(
        _ c: ServedConnection,
        served: ServedSide,
        clientAnchors: [TrustAnchor],
        profile: Profile
    ) -> ConnectionReport {
        // Client certificates are judged at the instant the client connected.
        let context = TrustContext(at: c.accepted, expectedName: nil, purpose: .server, profile: profile)
        let vantage = Vantage.server(
            ServerVantage(
                flow: Flow(client: c.client, server: c.server, firstPacket: c.accepted, lastPacket: c.ended),
                served: served,
                clientAnchors: clientAnchors,
                http: c.http,
                applicationBytes: c.applicationBytes
            )
        )
        return ConnectionDiagnosis.report(
            observation: c.observation,
            vantage: vantage,
            anchors: [],
            context: context,
            ending: c.ending,
            negotiatedGroup: c.observation.serverHello?.group == nil ? c.negotiatedGroup : nil,
            localErrors: c.localErrors
        )
    }

    /// How our stand-in server judges a client's chain during the handshake: the trust
    /// engine for the client purpose against the client anchors, at the moment it arrives.
    static func clientChainJudgement(anchors: [TrustAnchor], profile: Profile) -> ClientChainJudgement {
        { leaf, presented in
            let context = TrustContext(at: Date(), expectedName: nil, purpose: .client, profile: profile)
            let evaluation = TrustEngine.evaluate(leaf: leaf, presented: presented, anchors: anchors, context: context)
            guard !evaluation.trusted else { return nil }
            return refusal(for: evaluation.findings.filter { $0.severity == .error }.map(\.code))
        }
    }

    /// The refusal whose alert says best why a chain with these error findings is refused.
    static func refusal(for codes: [FindingCode]) -> ClientChainRefusal {
        let noPath: [FindingCode] = [
            .chainUntrustedRoot, .chainMissingIntermediate, .chainAnchorKeyMismatch, .chainSelfSignedLeaf,
        ]
        if codes.contains(where: noPath.contains) { return .noPath }
        if codes.contains(.certExpired) { return .expired }
        if codes.contains(.certNotYetValid) { return .notYetValid }
        if codes.contains(.certEKUMissingClientAuth) || codes.contains(.certKeyUsageIncompatible) {
            return .wrongPurpose
        }
        if codes.contains(.chainBadSignature) { return .badSignature }
        return .other
    }

    /// The summary line for stderr when serving stops.
    static func summaryLine(_ s: ServeSummary, failing: Int, dropped: Int = 0) -> String {
        var parts = [
            "\(s.reported) connection\(s.reported == 1 ? "" : "s") reported", "\(s.established) established",
            "\(s.reported - s.established) failed",
        ]
        if s.silent > 0 { parts.append("\(s.silent) closed without sending a byte (not reported)") }
        if s.abandoned > 0 { parts.append("\(s.abandoned) still open, abandoned") }
        if dropped > 0 {
            parts.append("\(dropped) report\(dropped == 1 ? "" : "s") dropped: stdout was not being read")
        }
        parts.append(
            failing == 0 ? "none with findings at or above --fail-on" : "\(failing) with findings at or above --fail-on"
        )
        return "tlsprobe listen: stopped (\(s.reason)): " + parts.joined(separator: ", ")
    }
}

/// The reports whose findings reached the threshold, counted from the connection threads.
private final class FailingCount: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = Lock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
