import ArgumentParser
import Foundation
import OpenSSLProbe
import PcapSource
import TLSDiagnosis
import TLSProbeOutput

#if canImport(Glibc)
import Glibc
#endif

/// Set by SIGINT/SIGTERM: the capture stops at the next packet or poll.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

struct Capture: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report every TLS handshake in a pcap/pcapng file or on a live interface.",
        discussion: """
            One report per TLS connection, written as each completes: both hellos, the server's \
            chain (judged against --anchor and --host), any CertificateRequest, the client's \
            chain, alerts read in context, the outcome and findings. With --json, one JSON object \
            per line. TLS is found by its record header on any port. TLS 1.3 encrypts the chain, \
            the CertificateRequest, the client's certificate and its alerts: give the key log the \
            client wrote (SSLKEYLOGFILE, NSS format) with --keylog, or read a pcapng file with \
            embedded secrets, and they are decrypted and judged like TLS 1.2's; without one those \
            connections carry capture.tls13_encrypted, and connections the key log has no \
            secrets for carry capture.no_key. A summary (connections, packets, \
            skipped and malformed packets) goes to stderr. Chains are judged at the time of \
            each connection's first packet unless --at is given, and for the name in --host, \
            else the SNI the client sent.

            Examples:
              tlsprobe capture -r trace.pcap --anchor root.pem --host printer.local
              tcpdump -i eth0 -w - port 443 | tlsprobe capture -r - --json
              tlsprobe capture -r trace.pcap --keylog keys.log --anchor root.pem
              tlsprobe capture -i lo --filter 'tcp port 4433' --count 1
            """
    )

    @Option(name: .customShort("r"), help: ArgumentHelp("Read a pcap or pcapng file; - reads standard input.", valueName: "file"))
    var file: String?

    @Option(name: .customShort("i"), help: ArgumentHelp("Capture live on this interface (needs root or CAP_NET_RAW).", valueName: "interface"))
    var interface: String?

    @Option(name: .long, help: ArgumentHelp("BPF filter, as for tcpdump (default for -i: tcp; none for -r).", valueName: "bpf"))
    var filter: String?

    @Option(name: .long, help: ArgumentHelp("Stop after this many TLS connections have been reported.", valueName: "n"))
    var count: Int?

    @Option(name: .long, help: ArgumentHelp("Stop a live capture after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(name: .long, help: ArgumentHelp("Decrypt TLS 1.3 and 1.2 handshakes with the secrets in FILE (NSS key log format, as SSLKEYLOGFILE writes); repeatable.", valueName: "file"))
    var keylog: [String] = []

    @OptionGroup var trust: TrustOptions
    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        switch (file, interface) {
        case (nil, nil): throw ValidationError("give -r FILE (or -r - for standard input) or -i INTERFACE")
        case (.some, .some): throw ValidationError("give one of -r FILE and -i INTERFACE")
        default: break
        }
        if let count, count < 1 { throw ValidationError("--count needs a positive number of connections") }
        if let duration {
            guard duration > 0 else { throw ValidationError("--duration needs a positive number of seconds") }
            guard interface != nil else { throw ValidationError("--duration applies to a live capture (-i)") }
        }
        if let filter, filter.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--filter needs a BPF expression, such as 'tcp port 443'")
        }
    }

    func run() throws {
        try examining {
            let anchors = try trust.loadAnchors(password: passwords.provider)
            let capture: PacketCapture
            do throws(PcapError) {
                if let interface {
                    capture = try PacketCapture.open(interface: interface, filter: filter ?? "tcp")
                } else {
                    capture = try PacketCapture.open(file: file ?? "-", filter: filter)
                }
            } catch {
                throw CouldNotExamine(description: error.description)
            }
            for path in keylog {
                do throws(KeyLog.LoadError) {
                    Self.noteProblems(try capture.keyLog.load(file: path))
                } catch {
                    throw CouldNotExamine(description: error.description)
                }
            }
            signal(SIGINT) { _ in stopRequested = 1 }
            signal(SIGTERM) { _ in stopRequested = 1 }
            // A parent may have started us with these blocked (the mask is inherited): a
            // capture must still stop on Ctrl-C.
            var stopSignals = sigset_t()
            sigemptyset(&stopSignals)
            sigaddset(&stopSignals, SIGINT)
            sigaddset(&stopSignals, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
            if capture.isLive { Console.note("Capturing on \(capture.name) (\(capture.linkTypeName)); Ctrl-C stops.") }

            let progress = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
            let reporter = Reporter(
                anchors: anchors, context: trust.context(), atGiven: trust.at != nil, json: output.json,
                renderer: output.renderer, threshold: failOn.threshold, progress: progress)
            let statistics = capture.run(
                until: .init(connections: count, duration: duration, requested: { stopRequested != 0 }),
                progress: { progress.show($0) },
                onConnection: reporter.submit)
            let failed = reporter.finish()
            progress.clear()
            if let embedded = capture.keyLog.embeddedSummary { Self.noteProblems(embedded) }
            Console.note(Self.summary(statistics, source: capture.name, interrupted: stopRequested != 0))
            if statistics.packets == 0, let error = statistics.readError {
                throw CouldNotExamine(description: "\(capture.name): \(error)")
            }
            return failed ? Status.findings : Status.ok
        }
    }

    /// What was wrong with a key log, on stderr; never a secret, only line numbers and labels.
    static func noteProblems(_ summary: KeyLog.LoadSummary) {
        if summary.secrets == 0 && summary.malformedLines == 0 {
            Console.note("Note: \(summary.source): no secrets in it (expected NSS key log lines: LABEL CLIENT_RANDOM SECRET).")
        }
        if summary.malformedLines > 0 {
            Console.note("Note: \(summary.source): \(summary.malformedLines) malformed line(s) skipped (\(summary.firstProblem ?? "")); the other \(summary.secrets) secret(s) are used.")
        }
        if summary.droppedSecrets > 0 {
            Console.note("Note: \(summary.source): \(summary.droppedSecrets) secret(s) dropped: more than \(KeyLog.maxConnections) connections.")
        }
    }

    /// The summary line(s) for stderr.
    static func summary(_ s: CaptureStatistics, source: String, interrupted: Bool) -> String {
        var lines: [String] = []
        let stopped = interrupted ? " (stopped)" : ""
        lines.append("\(source)\(stopped): \(s.reportedConnections) TLS connection\(s.reportedConnections == 1 ? "" : "s") reported; "
            + "\(s.packets) packets, \(s.tcpSegments) TCP, \(s.skippedPackets) skipped (not TCP/IP), \(s.malformedPackets) malformed; "
            + "\(s.tcpFlows) TCP flow\(s.tcpFlows == 1 ? "" : "s"), \(s.tlsFlows) with TLS")
        if s.decryptedConnections + s.partlyDecryptedConnections + s.connectionsWithoutKeys + s.undecryptableConnections > 0 {
            lines.append("  key log: \(s.decryptedConnections) decrypted, \(s.partlyDecryptedConnections) in part, "
                + "\(s.connectionsWithoutKeys) without secrets, \(s.undecryptableConnections) failed to decrypt")
        }
        if s.tlsFlowsWithoutHandshake > 0 {
            lines.append("  \(s.tlsFlowsWithoutHandshake) TLS flow(s) began before the capture did: no handshake to report")
        }
        if s.lostBytes > 0 || s.snapTruncatedSegments > 0 {
            lines.append("  \(s.lostBytes) stream bytes never captured, \(s.snapTruncatedSegments) segment(s) cut by the snap length")
        }
        if s.budgetFlushedFlows + s.budgetEndedFlows > 0 {
            lines.append("  memory budget for open flows reached: \(s.budgetFlushedFlows) flow(s) stopped waiting for missing segments, \(s.budgetEndedFlows) ended early")
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

/// Diagnoses connections on worker threads while the capture goes on being read (judging
/// a chain and writing its report costs as much as reading hundreds of packets), and
/// prints the reports in the order the connections completed. At most `maxInFlight`
/// connections wait, so memory stays bounded.
final class Reporter: @unchecked Sendable {
    static let maxInFlight = 256

    private let anchors: [TrustAnchor]
    private let context: TrustContext
    private let atGiven: Bool
    private let json: Bool
    private let renderer: TextRenderer
    private let threshold: FailThreshold
    private let progress: ProgressLine
    private let workers = DispatchQueue(label: "tlsprobe.capture.reports", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots = DispatchSemaphore(value: Reporter.maxInFlight)
    private let lock = NSLock()
    // Under `lock`: finished reports waiting for their turn, and whose turn it is.
    private var finished: [Int: (text: String, fails: Bool)] = [:]
    private var nextToWrite = 0
    private var failed = false
    // Only on the reading thread.
    private var submitted = 0

    init(anchors: [TrustAnchor], context: TrustContext, atGiven: Bool, json: Bool, renderer: TextRenderer,
         threshold: FailThreshold, progress: ProgressLine) {
        self.anchors = anchors
        self.context = context
        self.atGiven = atGiven
        self.json = json
        self.renderer = renderer
        self.threshold = threshold
        self.progress = progress
    }

    /// Queues a connection's report; waits while `maxInFlight` are already queued.
    func submit(_ connection: CapturedConnection) {
        slots.wait()
        let sequence = submitted
        submitted += 1
        group.enter()
        workers.async {
            let result = self.render(connection, first: sequence == 0)
            self.lock.lock()
            self.finished[sequence] = result
            while let next = self.finished.removeValue(forKey: self.nextToWrite) {
                if next.fails { self.failed = true }
                self.progress.clear()
                Console.report(next.text)
                self.nextToWrite += 1
                self.slots.signal()
            }
            self.lock.unlock()
            self.group.leave()
        }
    }

    /// Waits for every queued report; whether any failed the threshold.
    func finish() -> Bool {
        group.wait()
        lock.lock()
        defer { lock.unlock() }
        return failed
    }

    private func render(_ connection: CapturedConnection, first: Bool) -> (text: String, fails: Bool) {
        var context = self.context
        // A capture is judged when it happened, unless --at says otherwise.
        if !atGiven { context.at = connection.flow.firstPacket }
        let (observation, findings) = connection.diagnosed()
        // The name the client expected: --host, else the SNI it sent (what it dialled).
        if context.expectedName == nil, let sni = observation.clientHello?.sni, !sni.isEmpty {
            context.expectedName = ExpectedName(parsing: sni)
        }
        let report = ConnectionDiagnosis.report(
            command: "capture", observation: observation, flow: connection.flow,
            expectations: .init(anchors: anchors, context: context, genericAlertCode: .captureAlert),
            extraFindings: findings)
        let text = json ? ReportJSON.json(report).serialized(pretty: false) : (first ? "" : "\n") + renderer.render(report)
        return (text, threshold.fails(report.findings))
    }
}

/// A progress line on stderr, rewritten in place, only when stderr is a terminal.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var shown = false

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ p: PacketCapture.Progress) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        var text = "\(p.statistics.packets) packets, \(p.statistics.reportedConnections) connections"
        if let position = p.filePosition, let size = p.fileSize, size > 0 {
            let megabytes = Double(position) / 1_048_576
            text = String(format: "%.0f%% (%.0f MB, %.0f MB/s) · ", 100 * Double(position) / Double(size), megabytes, megabytes / max(p.elapsed, 0.001)) + text
        }
        _ = Console.write("\r\u{1B}[K" + text, to: STDERR_FILENO)
        shown = true
    }

    func clear() {
        lock.lock()
        defer { lock.unlock() }
        guard shown else { return }
        _ = Console.write("\r\u{1B}[K", to: STDERR_FILENO)
        shown = false
    }
}
