import PcapSource
import SystemCalls
import TLSDiagnosis

/// `capture`: every TLS connection in a pcap/pcapng file or on a live interface, judged
/// from an observer's vantage and reported in the order the connections completed.
public final class CaptureSession: Session {
    /// What to read and what to judge the servers' chains against.
    public struct Configuration: Sendable {
        /// The interface to capture on live; nil: read `file`.
        public var interface: String?
        /// The file to read (`-` for standard input), when not live.
        public var file: String = "-"
        /// A BPF filter; for a live capture `tcp` when nil.
        public var filter: String?
        /// Stop after this many connections.
        public var count: Int?
        /// Stop a live capture after this many seconds.
        public var duration: Double?
        /// Key log files (NSS format) to decrypt with.
        public var keyLogs: [String] = []
        public var anchors: [TrustAnchor] = []
        /// The instant, expected name and profile; `at` is replaced by each connection's
        /// first packet unless `atGiven`, and a missing expected name by the client's SNI.
        public var context: TrustContext
        /// Whether `--at` set the instant.
        public var atGiven = false
        /// Which findings fail a connection's report (`--fail-on`).
        public var threshold: FailThreshold = .error

        public init(context: TrustContext) {
            self.context = context
        }
    }

    public let configuration: Configuration
    private let capture: PacketCapture

    /// Whether the capture is a regular file (it ends); not an interface, a pipe or a FIFO.
    public var readsRegularFile: Bool { capture.readsRegularFile }
    private let notes: (String) -> Void

    /// Opens the capture and loads the key logs; what was wrong with a key log goes to
    /// `notes`. Throws when the capture or a key log cannot be opened.
    /// A read from a pipe, a FIFO or a terminal waits for `stop` too (at the pcap header as
    /// well as between packets).
    public init(_ configuration: Configuration, notes: @escaping (String) -> Void, stop: StopToken? = nil) throws {
        self.configuration = configuration
        self.notes = notes
        if let interface = configuration.interface {
            capture = try PacketCapture.open(interface: interface, filter: configuration.filter ?? "tcp or udp")
        } else {
            capture = try PacketCapture.open(file: configuration.file, filter: configuration.filter, wake: stop?.wakeUp)
        }
        for path in configuration.keyLogs {
            Self.problems(try capture.keyLog.load(file: path)).forEach(notes)
        }
    }

    /// Reads until the end, `--count`, `--duration` or `stop` (at the next packet or poll,
    /// at most 200 ms), writing one report per TLS connection to `sink`, and the summary to
    /// `notes`. Throws when not one packet could be read.
    public func run(into sink: some ReportSink, until stop: StopToken) throws {
        if capture.isLive { notes("Capturing on \(capture.name) (\(capture.linkTypeName)); Ctrl-C stops.") }

        let progress = ProgressLine()
        // A regular file's reports go to the workers eight at a time (fewer wake-ups: a
        // tenth less CPU on short connections), also through a symlink or redirected to
        // standard input; a live capture's, a pipe's (`tcpdump -w - | tlsprobe capture
        // -r -`) or a FIFO's one at a time, written as each connection ends rather than
        // when seven more have.
        let reporter = OrderedReporter(
            sink: sink,
            threshold: configuration.threshold,
            batchSize: capture.readsRegularFile ? 8 : 1,
            beforeWrite: { progress.clear() }
        )
        let c = configuration
        let memo = DiagnosisMemo(anchors: c.anchors)
        let statistics = capture.run(
            until: .init(connections: c.count, duration: c.duration, requested: { stop.isStopped }),
            progress: { progress.show($0) },
            onConnection: { connection in
                reporter.submit { .connection(Self.report(connection, configuration: c, memo: memo)) }
            }
        )
        reporter.finish()
        progress.clear()
        if let embedded = capture.keyLog.embeddedSummary { Self.problems(embedded).forEach(notes) }
        notes(Self.summary(statistics, source: capture.name, interrupted: stop.isStopped))
        if statistics.packets == 0, let error = statistics.readError {
            throw CouldNotExamine(
                .captureReadFailed,
                description: "\(capture.name): \(error)",
                target: configuration.interface ?? configuration.file
            )
        }
    }

    /// The report of one captured connection; `memo` (made for `c.anchors`) remembers
    /// what the connections before it had in common.
    public static func report(
        _ connection: CapturedConnection,
        configuration c: Configuration,
        memo: DiagnosisMemo? = nil
    ) -> ConnectionReport {
        var context = c.context
        // A capture is judged when it happened, unless --at says otherwise.
        if !c.atGiven { context.at = connection.flow.firstPacket }
        let (observation, facts) = connection.observed()
        // The name the client expected: --host, else the SNI it sent (what it dialled).
        if context.expectedName == nil, let sni = observation.clientHello?.sni, !sni.isEmpty {
            context.expectedName = ExpectedName(parsing: sni)
        }
        return ConnectionDiagnosis.report(
            observation: observation,
            vantage: .observer(ObserverVantage(flow: connection.flow, capture: facts)),
            anchors: c.anchors,
            context: context,
            memo: memo
        )
    }

    /// What was wrong with a key log, for stderr; never a secret, only line numbers and labels.
    static func problems(_ summary: KeyLog.LoadSummary) -> [String] {
        var lines: [String] = []
        if summary.secrets == 0 && summary.malformedLines == 0 {
            lines.append(
                "Note: \(summary.source): no secrets in it (expected NSS key log lines: LABEL CLIENT_RANDOM SECRET)."
            )
        }
        if summary.malformedLines > 0 {
            lines.append(
                "Note: \(summary.source): \(summary.malformedLines) malformed line(s) skipped (\(summary.firstProblem ?? "")); the other \(summary.secrets) secret(s) are used."
            )
        }
        if summary.droppedSecrets > 0 {
            lines.append(
                "Note: \(summary.source): \(summary.droppedSecrets) secret(s) dropped: more than \(KeyLog.maxConnections) connections."
            )
        }
        return lines
    }

    /// The summary line(s) for stderr.
    static func summary(_ s: CaptureStatistics, source: String, interrupted: Bool) -> String {
        var lines: [String] = []
        let stopped = interrupted ? " (stopped)" : ""
        // IP fragments not reassembled (IPv6, or an IPv4 datagram never whole): a connection
        // whose bytes came in them looks as if those bytes were never captured, so the
        // summary says how many there were.
        let fragments =
            s.ipFragments == 0
            ? "" : "; \(s.ipFragments) of them IP fragment\(s.ipFragments == 1 ? "" : "s"), not reassembled"
        let reassembled =
            s.reassembledDatagrams == 0
            ? ""
            : " (\(s.reassembledDatagrams) reassembled from \(s.reassembledFragments) IP fragments)"
        lines.append(
            "\(source)\(stopped): \(s.reportedConnections) TLS connection\(s.reportedConnections == 1 ? "" : "s") reported; "
                + "\(s.packets) packets, \(s.tcpSegments) TCP\(reassembled), \(s.skippedPackets) skipped (not TCP/IP\(fragments)), \(s.malformedPackets) malformed; "
                + "\(s.tcpFlows) TCP flow\(s.tcpFlows == 1 ? "" : "s"), \(s.tlsFlows) with TLS"
        )
        if s.udpFlows > 0 {
            lines.append(
                "  \(s.udpDatagrams) UDP datagram\(s.udpDatagrams == 1 ? "" : "s") in \(s.udpFlows) UDP flow\(s.udpFlows == 1 ? "" : "s"), \(s.dtlsFlows) with DTLS"
            )
        }
        if s.decryptedConnections + s.partlyDecryptedConnections + s.connectionsWithoutKeys + s.undecryptableConnections
            > 0
        {
            lines.append(
                "  key log: \(s.decryptedConnections) decrypted, \(s.partlyDecryptedConnections) in part, "
                    + "\(s.connectionsWithoutKeys) without secrets, \(s.undecryptableConnections) failed to decrypt"
            )
        }
        if s.refusedUpgrades > 0 {
            lines.append(
                "  \(s.refusedUpgrades) of the connections reported asked for TLS in a plain-text protocol (STARTTLS) and were refused: no TLS in them"
            )
        }
        if s.plaintextSessions > 0 {
            lines.append(
                "  \(s.plaintextSessions) of the connections reported never asked for TLS (STARTTLS) in a plain-text protocol and went on in plain text"
            )
        }
        if s.tlsFlowsWithoutHandshake > 0 {
            lines.append(
                "  \(s.tlsFlowsWithoutHandshake) TLS flow(s) began before the capture did: no handshake to report"
            )
        }
        if s.lostBytes > 0 || s.snapTruncatedSegments > 0 {
            lines.append(
                "  \(s.lostBytes) stream bytes never captured, \(s.snapTruncatedSegments) segment(s) cut by the snap length"
            )
        }
        if s.budgetFlushedFlows + s.budgetEndedFlows > 0 {
            lines.append(
                "  memory budget for open flows reached: \(s.budgetFlushedFlows) flow(s) stopped waiting for missing segments, \(s.budgetEndedFlows) ended early"
            )
        }
        if let dropped = s.droppedByKernel, dropped > 0 {
            lines.append("  \(dropped) packet(s) dropped by the kernel")
        }
        if let error = s.readError {
            lines.append("  reading stopped early: \(error)")
        }
        return lines.joined(separator: "\n")
    }
}
