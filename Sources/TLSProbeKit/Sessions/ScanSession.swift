import Dispatch
import OpenSSLProbe
import SystemCalls
import TLSDiagnosis
import TLSProbeOutput
import LiveNetwork

/// `scan`: a TCP connect sweep over every endpoint of a plan, at most `concurrency` at a
/// time, then a `ConnectSession` for each endpoint where something listens, its report
/// handed to a `ScanSink` as it finishes. Each worker holds one socket at a time (the
/// sweep's connection is closed before the handshake opens its own), so file descriptors
/// are bounded by `concurrency` whatever the plan's size; the plan is walked, not listed.
public struct ScanSession: Sendable {
    public struct Configuration: Sendable {
        public var plan: ScanPlan
        /// Endpoints worked on at once (`--concurrency`).
        public var concurrency = 64
        /// Per endpoint: the sweep's TCP connection, then each of connect's stages (`--timeout`).
        public var timeout: TimeInterval = 5
        public var anchors: [TrustAnchor] = []
        public var profile: Profile = .default
        /// Judge dates at this instant instead of the handshake's (`--at`).
        public var at: Date?
        /// Address (as `IPAddressText.format` writes it) → the name a client expects there (`--host-map`).
        public var hostMap: [String: String] = [:]
        /// Also offer each protocol version alone at every endpoint (`--versions`): up to
        /// `socketsPerVersionsEndpoint` sockets each, so a quarter as many endpoints at once.
        public var probeVersions = false

        public init(plan: ScanPlan) { self.plan = plan }
    }

    public let configuration: Configuration

    public init(_ configuration: Configuration) { self.configuration = configuration }

    /// Scans until every endpoint is done or `stop` is requested: then the endpoints in
    /// progress finish, each within its timeout, and no new one starts; a second request
    /// ends the process at once (exit status 130).
    public func run(into sink: ScanSink, until stop: StopToken) {
        stop.onStop { request in
            if request.count > 1 { SystemCall.exit(130) }
            Console.note("Stopping (\(request.cause)): the endpoints in progress finish; Ctrl-C again to quit at once")
        }
        let c = configuration
        // Names are looked up once, before the sweep: one that does not resolve is one
        // error, not one per port.
        var targets: [ScanTarget] = []
        for target in c.plan.targets {
            if stop.isStopped { break }
            if case .name(let name) = target.hosts {
                do throws(ConnectFailure) {
                    try PortProbe.resolve(name, timeout: c.timeout)
                } catch {
                    sink.unresolved(name, ports: target.port == nil ? c.plan.ports.count : 1, failure: error)
                    continue
                }
            }
            targets.append(target)
        }
        let cursor = LockedCursor(ScanPlan(targets: targets, ports: c.plan.ports))
        let workers = max(1, min(Self.endpointsAtOnce(c), ScanPlan(targets: targets, ports: c.plan.ports).endpointCount))
        let finished = DispatchGroup()
        for _ in 0..<workers {
            finished.enter()
            SystemCall.runBeside {
                defer { finished.leave() }
                while !stop.isStopped, let endpoint = cursor.next() {
                    scan(endpoint, into: sink)
                }
            }
        }
        finished.wait()
    }

    /// Sockets one endpoint holds at once with `--versions`: the main handshake and the
    /// three versions it does not offer, probed concurrently (TLSClient.connect).
    public static let socketsPerVersionsEndpoint = 4

    /// Sockets one endpoint may hold at once without `--versions`: after a handshake refused
    /// on the version, connect's fallback probes the older versions concurrently.
    public static let socketsPerEndpoint = 3

    /// Endpoints worked on at once: as many as keep the sockets open at once within
    /// `concurrency` (at least one).
    public static func endpointsAtOnce(_ c: Configuration) -> Int {
        max(1, c.concurrency / (c.probeVersions ? socketsPerVersionsEndpoint : socketsPerEndpoint))
    }

    private func scan(_ endpoint: ScanPlan.Endpoint, into sink: ScanSink) {
        let c = configuration
        let target = DialTarget(host: endpoint.host, port: endpoint.port)
        let state: PortProbe.State
        do throws(ConnectFailure) {
            state = try PortProbe.probe(target, timeout: c.timeout)
        } catch {
            sink.probed(nil)
            sink.failure(host: endpoint.host, port: endpoint.port, error: error)
            return
        }
        sink.probed(state)
        guard case .open = state else { return }
        var connect = ConnectSession.Configuration(target: target)
        connect.timeout = c.timeout
        connect.anchors = c.anchors
        connect.profile = c.profile
        connect.at = c.at
        connect.probeVersions = c.probeVersions
        // A plain-text protocol's well-known port (25, 587, 143, 110, 389, 5432, 21, 5222 …):
        // upgrade first, as connect --starttls auto does.
        connect.upgrade = PlaintextProtocol.forPort(endpoint.port)
        if let bytes = IPAddressText.parse(endpoint.host), let name = c.hostMap[IPAddressText.format(bytes)] {
            connect.expectedHost = name
        }
        do {
            sink.report(try ConnectSession(connect).run())
        } catch let error as any UserFacingError {
            sink.failure(host: endpoint.host, port: endpoint.port, error: error)
        } catch {
            sink.failure(host: endpoint.host, port: endpoint.port, error: CouldNotExamine(.other, description: "\(target): \(error)", target: target.description))
        }
    }

    /// The plan's cursor, shared by the workers.
    private final class LockedCursor: @unchecked Sendable {
        private let lock = Lock()
        private var cursor: ScanPlan.Cursor
        init(_ plan: ScanPlan) { cursor = ScanPlan.Cursor(plan) }
        func next() -> ScanPlan.Endpoint? {
            lock.lock()
            defer { lock.unlock() }
            return cursor.next()
        }
    }
}

/// Where `scan` puts what it finds. With `.jsonLines`, each endpoint's connect report (or
/// connect's error object) is written as it finishes and not kept; with `.table`, only the
/// one-line rows are kept, to be sorted at the end. The summary is counts.
public final class ScanSink: @unchecked Sendable {
    public enum Form: Sendable {
        case table(TextRenderer)
        case jsonLines

        /// The table for stdout: colour only on a terminal, never with `--no-color` or NO_COLOR.
        public static func standardTable(noColor: Bool, verbose: Bool) -> Form {
            .table(TextRenderer(style: .forStandardOutput(noColorFlag: noColor), verbose: verbose))
        }
    }

    private let form: Form
    private let threshold: FailThreshold
    private let now: Date
    private let started = Date()
    private let output: @Sendable (String) -> Void
    private let progress: ProgressLine
    // @unchecked: everything below is touched only under `lock`.
    private let lock = Lock()
    private var summary = ScanSummary()
    private var rows: [ScanRow] = []
    private var lastProgress = Date.distantPast

    public init(
        form: Form, plan: ScanPlan, threshold: FailThreshold, expiringDays: Int, now: Date = Date(),
        progress: ProgressLine = ProgressLine(), output: @escaping @Sendable (String) -> Void = Console.report
    ) {
        self.form = form
        self.threshold = threshold
        self.now = now
        self.output = output
        self.progress = progress
        summary.hosts = plan.hostCount
        summary.ports = plan.ports
        summary.endpoints = plan.endpointCount
        summary.expiringDays = expiringDays
    }

    /// One endpoint's sweep result (nil: it could not be probed; `failure` follows).
    public func probed(_ state: PortProbe.State?) {
        lock.lock()
        defer { lock.unlock() }
        summary.probed += 1
        switch state {
        case .open?: summary.found += 1
        case .closed?: summary.closed += 1
        case .silent?: summary.silent += 1
        case .unreachable?: summary.unreachable += 1
        case nil: break
        }
        drawProgress()
    }

    /// A name that did not resolve: its endpoints count as probed, and one error.
    public func unresolved(_ name: String, ports: Int, failure: any UserFacingError) {
        lock.lock()
        summary.probed += ports
        lock.unlock()
        self.failure(host: name, port: 0, error: failure)
    }

    public func report(_ report: ConnectionReport) {
        let row = ScanRow(report: report, threshold: threshold)
        let line: String? = if case .jsonLines = form { ReportJSON.json(report).serialized(pretty: false) } else { nil }
        lock.lock()
        defer { lock.unlock() }
        summary.add(row, now: now)
        if let line { write(line) } else { rows.append(row) }
    }

    public func failure(host: String, port: Int, error: any UserFacingError) {
        let row = ScanRow(host: host, port: port, errorCode: error.code.rawValue, message: error.description)
        lock.lock()
        defer { lock.unlock() }
        summary.add(row, now: now)
        if case .jsonLines = form {
            write(error.json(command: "connect", lines: true))
        } else {
            rows.append(row)
        }
    }

    /// Writes the table (sorted) and the summary, or the summary's JSON line; returns the summary.
    @discardableResult
    public func finish(interrupted: Bool) -> ScanSummary {
        lock.lock()
        defer { lock.unlock() }
        summary.interrupted = interrupted
        summary.elapsedMilliseconds = Int(Date().timeIntervalSince(started) * 1000)
        progress.clear()
        switch form {
        case .jsonLines:
            output(ReportJSON.json(summary).serialized(pretty: false))
        case .table(let renderer):
            rows.sort(by: ScanRow.ordered)
            output(renderer.scanTable(rows) + renderer.scanSummary(summary))
            rows = []
        }
        return summary
    }

    /// The summary so far.
    public var current: ScanSummary {
        lock.lock()
        defer { lock.unlock() }
        return summary
    }

    private func write(_ line: String) {
        progress.clear()
        output(line)
    }

    private func drawProgress() {
        let time = Date()
        guard time.timeIntervalSince(lastProgress) >= 0.2 else { return }
        lastProgress = time
        let elapsed = max(time.timeIntervalSince(started), 0.001)
        progress.show(text: SystemCall.format(
            "%ld/%ld endpoints · %ld found · %.0f/s", summary.probed, summary.endpoints, summary.found, Double(summary.probed) / elapsed))
    }
}
