import LiveNetwork
import SystemCalls
import TLSDiagnosis

/// What `scan`'s options ask, as the user wrote them: `check()` gives the first usage error
/// (the command's validate), `load(notes:)` reads the targets, the files and the Bonjour
/// instances once it runs, `checkSize(_:)` refuses a plan too large, and
/// `configuration(_:openFileLimit:notes:)` turns the rest into the session's values.
public struct ScanRequest: Sendable {
    public var targets: [String] = []
    public var ports: String?
    public var targetsFile: String?
    public var hostMap: String?
    public var bonjour = false
    /// `--service`: DNS-SD types browsed besides the TLS ones.
    public var services: [String] = []
    public var browseTime: Double = 3
    public var timeout: Double = 5
    public var concurrency = 256
    public var perHost = 2
    public var rate: Double?
    public var shard: String?
    public var expiring = 30
    public var versions = false
    public var force = false

    public init() {}

    public typealias ParseError = ScanInput.ParseError

    /// The first usage error in the options, in the order scan has always checked them
    /// (the page's `--html` and standard input given twice come after: `checkStandardInput`).
    public func check() throws(ParseError) {
        if targets.isEmpty && targetsFile == nil && !bonjour {
            throw ParseError(
                "give a target (a host, an address, a CIDR block, a range), --targets-file FILE or --bonjour"
            )
        }
        try checkBonjour()
        _ = try ScanInput.parse(targets: targets, ports: ports)
        try ScanInput.checkTimeout(timeout)
        try ScanInput.checkConcurrency(concurrency)
        if !(1...64).contains(perHost) { throw ParseError("--per-host must be from 1 to 64") }
        if let rate, !(rate >= 0.1 && rate <= 1_000_000) {
            throw ParseError("--rate must be a number of attempts per second from 0.1 to 1000000")
        }
        if let shard, ScanShard.parse(shard) == nil {
            throw ParseError("--shard must be K/N with 1 <= K <= N <= 65536, e.g. --shard 1/4")
        }
        if shard != nil && bonjour {
            // What a browse finds differs from machine to machine and run to run, so the
            // shards' plans would not line up.
            throw ParseError("--shard cannot be combined with --bonjour: the shards would not split one plan")
        }
        if versions && concurrency < ScanSession.socketsPerVersionsEndpoint {
            throw ParseError("--versions needs --concurrency 4 or more: each endpoint then holds 4 sockets at once")
        }
        try ScanInput.checkExpiring(expiring)
    }

    /// `--service` and `--browse-time`.
    func checkBonjour() throws(ParseError) {
        if !services.isEmpty && !bonjour { throw ParseError("--service adds a type to browse: give --bonjour too") }
        // scan dials TCP: a _udp type has nothing to connect to.
        for service in services where !BonjourService.isServiceType(service) || !service.lowercased().hasSuffix("._tcp")
        {
            throw ParseError(
                "--service \"\(service.prefix(60))\": give a DNS-SD service type over TCP, _NAME._tcp (NAME: 1-15 letters, digits, hyphens), e.g. _myapp._tcp"
            )
        }
        if !(browseTime > 0 && browseTime <= 60) {
            throw ParseError("--browse-time must be a number of seconds above 0 and at most 60")
        }
    }

    /// Standard input can be read by one of the two files.
    public func checkStandardInput() throws(ParseError) {
        if targetsFile == "-" && hostMap == "-" {
            throw ParseError("only one of --targets-file and --host-map can read standard input")
        }
    }

    /// The plan (the targets given, the targets file's, then with `--bonjour` the instances
    /// browsed), the host map and the instances by endpoint. Throws a `UserFacingError`
    /// when a file cannot be read or holds what is not a target, or a browse finds nothing
    /// to scan; a `ParseError` only for options `check()` refuses (an empty plan: `checkSize`).
    public func load(notes: (String) -> Void) throws -> ScanInput.Loaded {
        let (given, list) = try ScanInput.parse(targets: targets, ports: ports)
        var loaded = try ScanInput.load(targets: given, ports: list, targetsFile: targetsFile, hostMap: hostMap)
        if bonjour {
            let types = BonjourService.tlsServiceTypes + services.map { $0.lowercased() }
            var instances: [BonjourService]?
            do {
                instances = try BonjourBrowse.instances(types: types, browseTime: browseTime, timeout: min(timeout, 5))
            } catch let error as CouldNotExamine where !loaded.plan.targets.isEmpty {
                // Browsing could not start (no socket): the other targets are still scanned.
                notes("Note: \(error.description); scanning the other targets")
            }
            try BonjourBrowse.add(instances, to: &loaded, types: types, browseTime: browseTime, notes: notes)
        }
        return loaded
    }

    /// A usage error for a plan with no target, or with more addresses than scan takes.
    public func checkSize(_ plan: ScanPlan) throws(ParseError) {
        try ScanInput.checkSize(plan, targetsFile: targetsFile, rule: .scan(force: force))
    }

    /// The session's values these options give for `loaded`: `--concurrency` lowered to
    /// what `openFileLimit` leaves, said in a note. Anchors, profile, time and threshold
    /// are the command's to add.
    public func configuration(
        _ loaded: ScanInput.Loaded,
        openFileLimit: Int?,
        notes: (String) -> Void
    ) -> ScanSession.Configuration {
        var c = ScanSession.Configuration(plan: loaded.plan)
        c.concurrency = ScanSession.concurrency(concurrency, openFileLimit: openFileLimit, versions: versions)
        if c.concurrency < concurrency, let openFileLimit {
            notes(
                "Note: --concurrency \(concurrency) needs more files open at once than this process may have (ulimit -n \(openFileLimit)): using \(c.concurrency)."
            )
        }
        c.timeout = timeout
        c.perHost = perHost
        c.rate = rate
        c.shard = shard.flatMap(ScanShard.parse)
        c.hostMap = loaded.hostNames
        c.bonjour = loaded.bonjour
        c.probeVersions = versions
        c.expiringDays = expiring
        return c
    }
}

extension ScanInput {
    /// The targets and `--ports` of scan and watch, each read as the scan reads it; the
    /// default ports without `--ports`.
    public static func parse(targets: [String], ports: String?) throws(ParseError) -> ([ScanTarget], [Int]) {
        var parsed: [ScanTarget] = []
        for target in targets { parsed.append(try self.target(target)) }
        guard let ports else { return (parsed, defaultPorts) }
        let list = try self.ports(ports)
        if list.isEmpty { throw ParseError("--ports: give at least one port") }
        return (parsed, list)
    }

    /// `--timeout`, as scan and watch take it.
    public static func checkTimeout(_ seconds: Double) throws(ParseError) {
        if !(seconds > 0 && seconds <= 3600) {
            throw ParseError("--timeout must be a number of seconds above 0 and at most 3600")
        }
    }

    /// `--concurrency`, as scan and watch take it.
    public static func checkConcurrency(_ sockets: Int) throws(ParseError) {
        if !(1...1024).contains(sockets) { throw ParseError("--concurrency must be from 1 to 1024") }
    }

    /// `--expiring`, as scan and watch take it.
    public static func checkExpiring(_ days: Int) throws(ParseError) {
        if !(0...3650).contains(days) { throw ParseError("--expiring must be a number of days from 0 to 3650") }
    }

    /// How many addresses a command takes: scan a /16, a /8 with `--force`; watch, which
    /// sweeps the whole plan every round, a /16.
    public enum SizeRule: Sendable, Equatable {
        case scan(force: Bool)
        case watch
    }

    /// A usage error for a plan with no target (`targetsFile` named it empty), or with more
    /// addresses than `rule` takes.
    public static func checkSize(_ plan: ScanPlan, targetsFile: String?, rule: SizeRule) throws(ParseError) {
        if plan.targets.isEmpty {
            throw ParseError("--targets-file \(targetsFile ?? "-"): no target in it (one per line, # comments)")
        }
        let hosts = plan.hostCount
        switch rule {
        case .scan(let force):
            if hosts > hardLimit {
                throw ParseError(
                    "\(hosts) addresses: scan takes at most \(hardLimit) even with --force; scan it in parts"
                )
            }
            if hosts > defaultLimit && !force {
                throw ParseError(
                    "\(hosts) addresses to scan, more than \(defaultLimit) (a /16): add --force if you mean it, or scan a smaller block"
                )
            }
        case .watch:
            if hosts > defaultLimit {
                throw ParseError(
                    "\(hosts) addresses to watch, more than \(defaultLimit) (a /16): watch a smaller block"
                )
            }
        }
    }
}

extension BonjourBrowse {
    /// Adds what a browse of `types` found (`instances`; nil: browsing could not start and
    /// the notes said so) to `loaded`: each instance is scanned at its SRV host and port,
    /// an instance also given as a target is scanned once, as the instance. Throws when
    /// there is nothing to scan at all; a browse that found nothing beside other targets
    /// is a note.
    public static func add(
        _ instances: [BonjourService]?,
        to loaded: inout ScanInput.Loaded,
        types: [String],
        browseTime: TimeInterval,
        notes: (String) -> Void
    ) throws {
        let (extra, byEndpoint) = targets(instances ?? [])
        if extra.isEmpty && loaded.plan.targets.isEmpty {
            throw nothingFound(types: types, browseTime: browseTime)
        }
        if extra.isEmpty && instances != nil {
            notes("Note: --bonjour found no instance within \(Seconds.text(browseTime)); scanning the other targets")
        }
        let given = Set(extra.map(\.text))
        loaded.plan.targets = loaded.plan.targets.filter { !given.contains($0.text.lowercased()) } + extra
        loaded.bonjour = byEndpoint
    }
}

extension ScanSummary {
    /// The exit status a scan's summary gives (0, 1, 2, or 130 when interrupted: the
    /// endpoints never reached may fail too, so neither "all clean" nor "nothing to
    /// examine"), and when nothing could be examined, the line for stderr that says why.
    public var exitStatus: (status: Int32, error: String?) {
        if interrupted { return (130, nil) }
        guard reported == 0 else { return (failing > 0 ? 1 : 0, nil) }
        if found == 0 && errors.isEmpty {
            return (
                2,
                "Error: nothing listens on any of the \(probed) endpoints scanned (\(closed) closed, \(silent) silent, \(unreachable) unreachable)"
            )
        }
        let byCode = errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return (2, "Error: nothing could be examined: \(byCode)")
    }
}
