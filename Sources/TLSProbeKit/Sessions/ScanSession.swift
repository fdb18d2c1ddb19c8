import Dispatch
import OpenSSLProbe
import SystemCalls
import TLSDiagnosis
import TLSProbeOutput
import LiveNetwork

/// `scan`: two stages over the endpoints of a plan. The sweep (`Sweep`) connects to many
/// endpoints at once, non-blocking, with timeouts that follow the round-trip times it
/// measures, a retry for a lost SYN, and a host that answered on no port reported once.
/// Each endpoint where something accepted goes to the handshakes: a `ConnectSession` each,
/// at most `perHost` at once to one host, its report handed to a sink as it finishes.
/// Both stages share one budget of `concurrency` sockets (the handshakes served first), so
/// file descriptors are bounded whatever the plan's size; the plan is walked, not listed.
public struct ScanSession: Session, Sendable {
    public struct Configuration: Sendable {
        public var plan: ScanPlan
        /// Sockets open at once, sweep and handshakes together (`--concurrency`).
        public var concurrency = 256
        /// Per endpoint: the most the sweep's TCP connection waits (it waits less once answers
        /// are measured), then each of connect's stages (`--timeout`).
        public var timeout: TimeInterval = 5
        /// Handshakes at once to one host (`--per-host`).
        public var perHost = 2
        /// Connection attempts per second across the scan (`--rate`); nil: as fast as the
        /// sockets allow.
        public var rate: Double?
        /// This run's part of the plan (`--shard K/N`); nil: all of it.
        public var shard: ScanShard?
        public var anchors: [TrustAnchor] = []
        public var profile: Profile = .default
        /// Judge dates at this instant instead of the handshake's (`--at`).
        public var at: Date?
        /// Address (as `IPAddressText.format` writes it) → the name a client expects there (`--host-map`).
        public var hostMap: [String: String] = [:]
        /// Also offer each protocol version alone at every endpoint (`--versions`): up to
        /// `socketsPerVersionsEndpoint` sockets each, so a quarter as many endpoints at once.
        public var probeVersions = false
        /// Which findings fail an endpoint (`--fail-on`).
        public var threshold: FailThreshold = .error
        /// Leaf certificates ending within this many days are listed (`--expiring`).
        public var expiringDays = 30
        /// scan --bonjour: the instance found at each endpoint, by `BonjourBrowse.endpointKey`.
        public var bonjour: [String: BonjourService] = [:]
        /// The progress line on stderr (drawn only on a terminal).
        public var progress = ProgressLine()

        public init(plan: ScanPlan) { self.plan = plan }
    }

    public let configuration: Configuration

    public init(_ configuration: Configuration) { self.configuration = configuration }

    /// Scans until every endpoint is done or `stop` is requested: then the endpoints in
    /// progress finish, each within its timeout, and no new one starts. Each endpoint's
    /// report (or error) goes to `sink` as it finishes, then the summary, which is returned.
    @discardableResult
    public func run(into sink: some ReportSink, until stop: StopToken) -> ScanSummary {
        let c = configuration
        let shard = c.shard ?? ScanShard(index: 1, count: 1)
        let tally = ScanTally(
            plan: c.plan,
            threshold: c.threshold,
            expiringDays: c.expiringDays,
            now: Date(),
            progress: c.progress
        )
        tally.setShard(c.shard, endpoints: shard.count(in: 0..<c.plan.endpointCount))
        // Names are looked up once, before the sweep: one that does not resolve is one
        // error, not one per port (written by the shard that holds its first endpoint).
        var unresolved = Set<String>()
        var position = 0
        for target in c.plan.targets {
            if stop.isStopped { break }
            let endpoints = target.hostCount * (target.port == nil ? c.plan.ports.count : 1)
            defer { position += endpoints }
            guard case .name(let name) = target.hosts else { continue }
            let ours = shard.count(in: position..<position + endpoints)
            guard ours > 0 else { continue }
            if unresolved.contains(name) {
                // Named again (another HOST:PORT): counted, its error already written.
                tally.probed(nil, count: ours)
                continue
            }
            do throws(ConnectFailure) {
                try PortProbe.resolve(name, timeout: c.timeout)
            } catch {
                unresolved.insert(name)
                // Its endpoints count as probed, and as one error.
                tally.probed(nil, count: ours)
                if shard.contains(position) || c.shard == nil {
                    tally.report(.endpointError(EndpointError(host: name, port: 0, error: error)), into: sink)
                }
            }
        }

        let budget = SocketBudget(total: c.concurrency)
        let pacer = c.rate.map { Pacer(perSecond: $0) }
        let queue = HandshakeQueue(perHost: c.perHost)
        let spe = c.probeVersions ? Self.socketsPerVersionsEndpoint : Self.socketsPerEndpoint
        let finished = DispatchGroup()
        let workers = min(Self.endpointsAtOnce(c), max(1, shard.count(in: 0..<c.plan.endpointCount)))
        for _ in 0..<workers {
            finished.enter()
            SystemCall.runBeside {
                defer { finished.leave() }
                while let endpoint = queue.take(stopped: { stop.isStopped }) {
                    defer { queue.done(endpoint) }
                    // A stop that came while waiting for a slot or sockets starts no handshake.
                    guard pacer?.take(stopped: { stop.isStopped }) ?? true else { break }
                    let held = budget.take(spe)
                    defer { budget.release(held) }
                    if stop.isStopped { break }
                    handshake(endpoint, tally: tally, into: sink)
                }
            }
        }

        var settings = Sweep.Settings()
        settings.sockets = c.concurrency
        settings.ceiling = c.timeout
        let sweep = Sweep(settings)
        var cursor = ScanPlan.Cursor(c.plan)
        var index = -1
        sweep.run(
            next: {
                while let endpoint = cursor.next() {
                    index += 1
                    guard shard.contains(index), !unresolved.contains(endpoint.host) else { continue }
                    return Sweep.Pair(host: endpoint.host, port: endpoint.port)
                }
                return nil
            },
            gate: {
                if queue.isFull { return 20 }
                guard budget.tryTakeOne() else { return 5 }
                if let wait = pacer?.tryTake() {
                    budget.release(1)
                    return wait
                }
                return nil
            },
            ended: { budget.release(1) },
            stopped: { stop.isStopped },
            report: { event in
                switch event {
                case .probed(let pair, let state, _):
                    tally.probed(state)
                    if case .open = state { queue.put(ScanPlan.Endpoint(host: pair.host, port: pair.port)) }
                case .failed(let pair, let failure):
                    tally.probed(nil)
                    tally.report(
                        .endpointError(EndpointError(host: pair.host, port: pair.port, error: failure)),
                        into: sink
                    )
                case .silentHost:
                    tally.silentHost()
                }
            }
        )
        queue.close()
        finished.wait()
        tally.retried(sweep.retried)
        let summary = tally.finish(interrupted: stop.isStopped)
        sink.emit(.scanSummary(summary), threshold: .never)
        return summary
    }

    /// Sockets one endpoint holds at once with `--versions`: the main handshake and the
    /// three versions it does not offer, probed concurrently (TLSClient.connect).
    public static let socketsPerVersionsEndpoint = 4

    /// Sockets one endpoint may hold at once without `--versions`: after a handshake refused
    /// on the version, connect's fallback probes the older versions concurrently.
    public static let socketsPerEndpoint = 3

    /// Descriptors kept for all but the endpoints' sockets (standard streams, files read,
    /// pipes, OpenSSL's own).
    public static let reservedDescriptors = 24

    /// `requested` sockets at once (`--concurrency`), lowered to what an open-file limit of
    /// `openFileLimit` leaves once `reservedDescriptors` are kept (never below what one
    /// endpoint needs with `--versions`).
    public static func concurrency(_ requested: Int, openFileLimit: Int?, versions: Bool) -> Int {
        guard let openFileLimit else { return requested }
        return max(versions ? socketsPerVersionsEndpoint : 1, min(requested, openFileLimit - reservedDescriptors))
    }

    /// Endpoints worked on at once: as many as keep the sockets open at once within
    /// `concurrency` (at least one).
    public static func endpointsAtOnce(_ c: Configuration) -> Int {
        max(1, c.concurrency / (c.probeVersions ? socketsPerVersionsEndpoint : socketsPerEndpoint))
    }

    /// The handshake stage for an endpoint where something accepted TCP: connect's diagnosis.
    private func handshake(_ endpoint: ScanPlan.Endpoint, tally: ScanTally, into sink: some ReportSink) {
        let c = configuration
        let target = DialTarget(host: endpoint.host, port: endpoint.port)
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
        let service = c.bonjour[BonjourBrowse.endpointKey(host: endpoint.host, port: endpoint.port)]
        if let service { connect.expectedHost = service.host }
        let report: Report
        do {
            let connection = try ConnectSession(connect).run()
            report = .connection(service.map { connection.advertised(by: $0) } ?? connection)
        } catch let error as any UserFacingError {
            report = .endpointError(EndpointError(host: endpoint.host, port: endpoint.port, error: error))
        } catch {
            let failure = CouldNotExamine(.other, description: "\(target): \(error)", target: target.description)
            report = .endpointError(EndpointError(host: endpoint.host, port: endpoint.port, error: failure))
        }
        tally.report(report, into: sink)
    }
}

/// What a scan has found so far: the summary's counts, and the progress line drawn from
/// them. Reports are written under its lock, so the progress line never lands inside one.
final class ScanTally: @unchecked Sendable {
    // @unchecked: everything below is touched only under `lock`.
    private let lock = Lock()
    private var summary = ScanSummary()
    private let threshold: FailThreshold
    private let now: Date
    private let started = Date()
    private var lastProgress = Date.distantPast
    private let progress: ProgressLine

    init(plan: ScanPlan, threshold: FailThreshold, expiringDays: Int, now: Date, progress: ProgressLine) {
        self.threshold = threshold
        self.now = now
        self.progress = progress
        summary.hosts = plan.hostCount
        summary.ports = plan.ports
        summary.endpoints = plan.endpointCount
        summary.expiringDays = expiringDays
    }

    /// This run's shard, and the endpoints in it.
    func setShard(_ shard: ScanShard?, endpoints: Int) {
        lock.withLock {
            summary.shard = shard?.description
            summary.endpoints = endpoints
        }
    }

    /// A host that answered on none of its ports.
    func silentHost() {
        lock.withLock { summary.silentHosts += 1 }
    }

    /// Pairs the sweep tried more than once.
    func retried(_ count: Int) {
        lock.withLock { summary.retried = count }
    }

    /// One endpoint's sweep result (nil: it could not be probed; an error follows).
    func probed(_ state: PortProbe.State?, count: Int = 1) {
        lock.lock()
        defer { lock.unlock() }
        summary.probed += count
        switch state {
        case .open?: summary.found += 1
        case .closed?: summary.closed += 1
        case .silent?: summary.silent += 1
        case .unreachable?: summary.unreachable += 1
        case nil: break
        }
        drawProgress()
    }

    /// Counts `report` and hands it to `sink`.
    func report(_ report: Report, into sink: some ReportSink) {
        var report = report
        let row: ScanRow
        switch report {
        case .connection(let r):
            report = .connection(r.asScanned)
            row = ScanRow(report: r.asScanned, threshold: threshold)
        case .endpointError(let e): row = e.row
        default: return
        }
        let rendered = sink.render(report, index: 0)
        lock.lock()
        defer { lock.unlock() }
        summary.add(row, now: now)
        // A table row is kept for the end: the progress line stays.
        if !rendered.isEmpty { progress.clear() }
        sink.write(rendered, failing: row.failing)
    }

    /// The summary, closed: interrupted or not, and the time taken.
    func finish(interrupted: Bool) -> ScanSummary {
        lock.lock()
        defer { lock.unlock() }
        summary.interrupted = interrupted
        summary.elapsedMilliseconds = Int(Date().timeIntervalSince(started) * 1000)
        progress.clear()
        return summary
    }

    private func drawProgress() {
        let time = Date()
        guard time.timeIntervalSince(lastProgress) >= 0.2 else { return }
        lastProgress = time
        let elapsed = max(time.timeIntervalSince(started), 0.001)
        progress.show(
            text: SystemCall.format(
                "%ld/%ld endpoints · %ld found · %.0f/s",
                summary.probed,
                summary.endpoints,
                summary.found,
                Double(summary.probed) / elapsed
            )
        )
    }
}
