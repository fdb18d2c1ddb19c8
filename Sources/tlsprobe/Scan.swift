import ArgumentParser
import OpenSSLProbe
import SystemCalls
import TLSDiagnosis
import TLSProbeKit
import LiveNetwork

struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Find every TLS endpoint in hosts, blocks and ranges, and judge each as connect does.",
        discussion: """
            First a sweep: non-blocking TCP connects to many addresses and ports at once (at \
            most --concurrency sockets). A silent port is given up after 10 times the round-trip \
            time measured so far (at least 0.25 s, at most --timeout; at least 1 s to a host not \
            yet heard from) and \
            tried again (twice on a host that answered on another port): a lost SYN does not \
            lose an endpoint. A host that answered on no port is counted once as silent and its \
            ports not tried again. Then, where something listens, the full connect diagnosis \
            (at most --per-host at once to one address, each stage within --timeout): \
            trust against the anchors, the name against what was dialled (for an address, its \
            iPAddress SAN; --host-map gives the name a client expects at an address), every \
            finding. A port that answers with another protocol is listed as not TLS, not as an \
            error. On a plain-text protocol's well-known port (25, 587, 143, 110, 389, 5432, \
            21, 24, 119, 3306, 4190, 5222, 5269, 6667) scan upgrades first, as connect \
            --starttls auto does.

            TARGET: a host name, an address, HOST:PORT, [IPv6]:PORT, a CIDR block \
            (10.0.0.0/24, fd00::/120) or a range (10.0.0.10-40, 10.0.0.10-10.0.1.20). More than \
            65536 addresses in all need --force; 16777216 is the limit even then.

            Output: a table sorted by address and port, then a summary; with --json, JSON Lines: \
            one connect report (or connect's error object) per endpoint as it finishes, then one \
            {"summary": ...} object. --shard K/N scans every Nth endpoint of the plan only: the N \
            shards together are one scan, and their JSON Lines merge with cat. Progress \
            (endpoints done, found, rate) on stderr when it is a terminal; Ctrl-C stops \
            starting endpoints and prints what was found so far.

            --bonjour: first browse Bonjour (DNS-SD over multicast DNS) for the TLS service \
            types (_https._tcp, _ipps._tcp, _ldaps._tcp, _imaps._tcp, _secure-mqtt._tcp, \
            _webdavs._tcp and more: the man page lists them) and --service's, for \
            --browse-time; each instance is scanned at its SRV host and port, the SRV host \
            (printer.local) being the SNI and the name the certificate must carry, as a \
            browsing iPhone dials it. A .local name the system cannot resolve is asked by \
            multicast DNS (here and in connect), within --timeout.

            Exit status: 0 no endpoint has findings at or above --fail-on; 1 some do; 2 nothing \
            could be examined (nothing listens, no name resolves, an unreadable file); 64 usage.

            Examples:
              tlsprobe scan 10.0.0.0/24 --anchor root.pem
              tlsprobe scan 10.0.0.10-40 printer.local:4433 --ports 443,8443
              tlsprobe scan --targets-file devices.txt --host-map names.txt \\
                  --anchor root.pem --json
              tlsprobe scan --bonjour --service _shoptill._tcp --anchor root.pem
              tlsprobe scan 10.0.0.0/16 --force --json --shard 1/4 > part-1.jsonl
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Hosts, addresses, HOST:PORT, CIDR blocks (10.0.0.0/24), ranges (10.0.0.10-40).",
            valueName: "target"
        )
    )
    var targets: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Ports to try on every target given without a port: 443,8443,8000-8010 (default: \(ScanInput.defaultPorts.map(String.init).joined(separator: ","))).",
            valueName: "list"
        )
    )
    var ports: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read targets from FILE, one per line, # comments; - reads standard input.",
            valueName: "file|-"
        ),
        completion: .file()
    )
    var targetsFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file of ADDRESS NAME lines: the name a client expects at that address (sent as SNI, matched against the certificate).",
            valueName: "file"
        ),
        completion: .file()
    )
    var hostMap: String?

    @Flag(
        name: .long,
        help:
            "Also browse Bonjour (DNS-SD over multicast DNS) for the TLS service types and scan each instance found, judged under its advertised host name."
    )
    var bonjour = false

    @Option(
        name: .customLong("service"),
        help: ArgumentHelp(
            "With --bonjour, also browse this DNS-SD service type (an app's own: _myapp._tcp); repeatable.",
            valueName: "_type._tcp"
        )
    )
    var services: [String] = []

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --bonjour, seconds to listen for instances (then each is resolved within --timeout).",
            valueName: "seconds"
        )
    )
    var browseTime: Double = 3

    @OptionGroup var anchors: AnchorOptions

    @OptionGroup var profile: ProfileOption
    @OptionGroup var time: TimeOption

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds per endpoint: the most the sweep waits for a TCP answer (less once round trips are measured), then for each of connect's stages.",
            valueName: "seconds"
        )
    )
    var timeout: Double = 5

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "Sockets open at once (1-1024), sweep and handshakes together; a handshake may hold 3 (connect's old-TLS fallback probes versions together), so at most N/3 handshakes at once, at least one.",
            valueName: "n"
        )
    )
    var concurrency: Int = 256

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "Handshakes at once to one address (1-64): small devices serve one connection at a time.",
            valueName: "n"
        )
    )
    var perHost: Int = 2

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "At most N connection attempts per second, sweep and handshakes together (default: no limit).",
            valueName: "n"
        )
    )
    var rate: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Scan part K of N: every Nth endpoint of the plan from the Kth; the N parts together are one scan, merged with cat.",
            valueName: "k/n"
        )
    )
    var shard: String?

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp("The summary lists leaf certificates that expire within DAYS.", valueName: "days")
    )
    var expiring: Int = 30

    @Flag(
        name: .long,
        help:
            "Also offer TLS 1.0, 1.1, 1.2 and 1.3 each alone at every endpoint; 4 sockets each, so a quarter of --concurrency endpoints at once."
    )
    var versions = false

    @Flag(name: .long, help: "Scan more than 65536 addresses (up to 16777216).")
    var force = false

    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var page: HTMLOption
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        if targets.isEmpty && targetsFile == nil && !bonjour {
            throw ValidationError(
                "give a target (a host, an address, a CIDR block, a range), --targets-file FILE or --bonjour"
            )
        }
        if !services.isEmpty && !bonjour {
            throw ValidationError("--service adds a type to browse: give --bonjour too")
        }
        // scan dials TCP: a _udp type has nothing to connect to.
        for service in services where !BonjourService.isServiceType(service) || !service.lowercased().hasSuffix("._tcp")
        {
            throw ValidationError(
                "--service \"\(service.prefix(60))\": give a DNS-SD service type over TCP, _NAME._tcp (NAME: 1-15 letters, digits, hyphens), e.g. _myapp._tcp"
            )
        }
        if !(browseTime > 0 && browseTime <= 60) {
            throw ValidationError("--browse-time must be a number of seconds above 0 and at most 60")
        }
        try Scan.validate(targets: targets, ports: ports)
        if !(timeout > 0 && timeout <= 3600) {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600")
        }
        if !(1...1024).contains(concurrency) { throw ValidationError("--concurrency must be from 1 to 1024") }
        if !(1...64).contains(perHost) { throw ValidationError("--per-host must be from 1 to 64") }
        if let rate, !(rate >= 0.1 && rate <= 1_000_000) {
            throw ValidationError("--rate must be a number of attempts per second from 0.1 to 1000000")
        }
        if let shard, ScanShard.parse(shard) == nil {
            throw ValidationError("--shard must be K/N with 1 <= K <= N <= 65536, e.g. --shard 1/4")
        }
        if shard != nil && bonjour {
            // What a browse finds differs from machine to machine and run to run, so the
            // shards' plans would not line up.
            throw ValidationError("--shard cannot be combined with --bonjour: the shards would not split one plan")
        }
        if versions && concurrency < ScanSession.socketsPerVersionsEndpoint {
            throw ValidationError(
                "--versions needs --concurrency 4 or more: each endpoint then holds 4 sockets at once"
            )
        }
        if !(0...3650).contains(expiring) {
            throw ValidationError("--expiring must be a number of days from 0 to 3650")
        }
        try page.check()
        if targetsFile == "-" && hostMap == "-" {
            throw ValidationError("only one of --targets-file and --host-map can read standard input")
        }
    }

    /// scan's and watch's targets and `--ports`, each read as the scan will read it.
    static func validate(targets: [String], ports: String?) throws {
        for target in targets {
            do throws(ScanInput.ParseError) { _ = try ScanInput.target(target) } catch {
                throw ValidationError(error.description)
            }
        }
        if let ports {
            do throws(ScanInput.ParseError) {
                if try ScanInput.ports(ports).isEmpty { throw ScanInput.ParseError("--ports: give at least one port") }
            } catch { throw ValidationError(error.description) }
        }
    }

    func run() throws {
        var loaded: ScanInput.Loaded?
        try examining("scan", output, lines: true) {
            loaded = try ScanInput.load(
                targets: targets.compactMap { try? ScanInput.target($0) },
                ports: ports.flatMap { try? ScanInput.ports($0) } ?? ScanInput.defaultPorts,
                targetsFile: targetsFile,
                hostMap: hostMap
            )
            return .success
        }
        guard var loaded else { return }
        var found: [String: BonjourService] = [:]
        if bonjour {
            let types = BonjourService.tlsServiceTypes + services.map { $0.lowercased() }
            try examining("scan", output, lines: true) {
                var instances: [BonjourService] = []
                var browsed = true
                do {
                    instances = try BonjourBrowse.instances(
                        types: types,
                        browseTime: browseTime,
                        timeout: min(timeout, 5)
                    )
                } catch let error as CouldNotExamine where !loaded.plan.targets.isEmpty {
                    // Browsing could not start (no socket): the other targets are still scanned.
                    Console.note("Note: \(error.description); scanning the other targets")
                    browsed = false
                }
                let (extra, byEndpoint) = BonjourBrowse.targets(instances)
                if extra.isEmpty && loaded.plan.targets.isEmpty {
                    throw BonjourBrowse.nothingFound(types: types, browseTime: browseTime)
                }
                if extra.isEmpty && browsed {
                    Console.note(
                        "Note: --bonjour found no instance within \(Seconds.text(browseTime)); scanning the other targets"
                    )
                }
                // An instance also given as a target is scanned once, as the instance.
                let given = Set(extra.map(\.text))
                loaded.plan.targets = loaded.plan.targets.filter { !given.contains($0.text.lowercased()) } + extra
                found = byEndpoint
                return .success
            }
        }
        try checkSize(loaded.plan)
        try examining("scan", output, lines: true) {
            var c = ScanSession.Configuration(plan: loaded.plan)
            c.anchors = try anchors.load(password: passwords.provider)
            let openFiles = SystemCall.openFileLimit()
            c.concurrency = ScanSession.concurrency(concurrency, openFileLimit: openFiles, versions: versions)
            if c.concurrency < concurrency, let openFiles {
                Console.note(
                    "Note: --concurrency \(concurrency) needs more files open at once than this process may have (ulimit -n \(openFiles)): using \(c.concurrency)."
                )
            }
            c.timeout = timeout
            c.perHost = perHost
            c.rate = rate
            c.shard = shard.flatMap(ScanShard.parse)
            c.profile = profile.profile
            c.at = time.at
            c.hostMap = loaded.hostNames
            c.bonjour = found
            c.probeVersions = versions
            c.threshold = failOn.threshold
            c.expiringDays = expiring
            let sink = StreamSink(
                format: output.json
                    ? .jsonLines
                    : StreamSink.standardTable(
                        noColor: output.noColor,
                        verbose: output.verbose,
                        threshold: failOn.threshold
                    )
            )
            let html = try page.sink(beside: sink, threshold: failOn.threshold)
            let stop = StopToken.signals()
            stop.onStop { request in
                // The first request lets the endpoints in progress finish; the second quits.
                if request.count > 1 { SystemCall.exit(130) }
                Console.note(
                    "Stopping (\(request.cause)): the endpoints in progress finish; Ctrl-C again to quit at once"
                )
            }
            let session = ScanSession(c)
            let summary = html.map { session.run(into: $0, until: stop) } ?? session.run(into: sink, until: stop)
            // The page after the table: one that cannot be written is an error (exit 2).
            try html?.finish()
            return Self.status(summary)
        }
    }

    /// A usage error for a plan with no target, or with more addresses than scan takes.
    private func checkSize(_ plan: ScanPlan) throws {
        if plan.targets.isEmpty {
            throw ValidationError("--targets-file \(targetsFile ?? "-"): no target in it (one per line, # comments)")
        }
        let hosts = plan.hostCount
        if hosts > ScanInput.hardLimit {
            throw ValidationError(
                "\(hosts) addresses: scan takes at most \(ScanInput.hardLimit) even with --force; scan it in parts"
            )
        }
        if hosts > ScanInput.defaultLimit && !force {
            throw ValidationError(
                "\(hosts) addresses to scan, more than \(ScanInput.defaultLimit) (a /16): add --force if you mean it, or scan a smaller block"
            )
        }
    }

    /// The exit status a scan's summary gives. Interrupted: the endpoints never reached may
    /// fail too, so neither "all clean" nor "nothing to examine".
    static func status(_ summary: ScanSummary) -> ExitCode {
        if summary.interrupted { return ExitCode(130) }
        guard summary.reported == 0 else { return summary.failing > 0 ? Status.findings : Status.ok }
        if summary.found == 0 && summary.errors.isEmpty {
            Console.note(
                "Error: nothing listens on any of the \(summary.probed) endpoints scanned (\(summary.closed) closed, \(summary.silent) silent, \(summary.unreachable) unreachable)"
            )
        } else {
            Console.note(
                "Error: nothing could be examined: \(summary.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
            )
        }
        return Status.couldNotExamine
    }
}
