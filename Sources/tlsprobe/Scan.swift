import ArgumentParser
import SystemCalls
import TLSDiagnosis
import TLSProbeKit

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

    @OptionGroup var what: ScanTargetOptions

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

    @OptionGroup var pace: ScanPaceOptions

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

    /// The options as TLSProbeKit reads them.
    var request: ScanRequest {
        var r = ScanRequest()
        (r.targets, r.ports, r.targetsFile, r.hostMap) = (what.targets, what.ports, what.targetsFile, what.hostMap)
        (r.bonjour, r.services, r.browseTime) = (bonjour, services, browseTime)
        (r.timeout, r.concurrency, r.perHost, r.rate, r.shard) = (pace.timeout, pace.concurrency, perHost, rate, shard)
        (r.expiring, r.versions, r.force) = (expiring, versions, force)
        return r
    }

    func validate() throws {
        let request = self.request
        try usage { try request.check() }
        try page.check()
        try usage { try request.checkStandardInput() }
    }

    func run() throws {
        let request = self.request
        var loaded: ScanInput.Loaded?
        try examining("scan", output, lines: true) {
            loaded = try request.load(notes: Console.note)
            return .success
        }
        guard let loaded else { return }
        try usage { try request.checkSize(loaded.plan) }
        try examining("scan", output, lines: true) {
            let anchors = try anchors.load(password: passwords.provider)
            var c = request.configuration(loaded, openFileLimit: SystemCall.openFileLimit(), notes: Console.note)
            c.anchors = anchors
            c.profile = profile.profile
            c.at = time.at
            c.threshold = failOn.threshold
            return try scan(c)
        }
    }

    /// Runs the scan `c` describes into the table or JSON Lines (and the page with
    /// `--html`) until done or stopped: the exit status its summary gives.
    private func scan(_ c: ScanSession.Configuration) throws -> ExitCode {
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
            Console.note("Stopping (\(request.cause)): the endpoints in progress finish; Ctrl-C again to quit at once")
        }
        let session = ScanSession(c)
        let summary = html.map { session.run(into: $0, until: stop) } ?? session.run(into: sink, until: stop)
        // The page after the table: one that cannot be written is an error (exit 2).
        try html?.finish()
        let (status, error) = summary.exitStatus
        if let error { Console.note(error) }
        return ExitCode(status)
    }
}
