import ArgumentParser
import SystemCalls
import TLSDiagnosis
import TLSProbeKit

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Scan now and every DURATION, and say what changed since the last round.",
        discussion: """
            Each round is a scan (the same targets and options as scan), compared with the \
            last round kept in --state DIR: each change is printed as diff prints it, as the \
            round finds it. The round then replaces the state (DIR/last-scan.jsonl, scan's \
            JSON Lines, so diff reads it too): written to a temporary file and renamed, never \
            through a link, so a kill never leaves half a state. The first round only fills \
            the state. A second watch on the same DIR is refused. A round cut short by a signal \
            is neither compared nor kept.

            SIGINT and SIGTERM end it: exit status 0. With --once, one round against the \
            stored state, then exit status 0 (no change) or 1 (changes): for cron or a \
            systemd timer; a restart does not report old changes again.

            Examples:
              tlsprobe watch 10.0.0.0/24 --anchor root.pem --every 15m \\
                  --state /var/lib/tlsprobe
              tlsprobe watch 10.0.0.0/24 --anchor root.pem --state state --once
            """
    )

    @OptionGroup var what: ScanTargetOptions

    @OptionGroup var anchors: AnchorOptions
    @OptionGroup var profile: ProfileOption

    @OptionGroup var pace: ScanPaceOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A round now and then one every DURATION, from the start of one to the start of the next: 30s, 15m, 1h (at least 1 s).",
            valueName: "duration"
        )
    )
    var every = DurationArgument(argument: "15m")

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The directory where the last round is kept (created when missing); one watch at a time.",
            valueName: "dir"
        ),
        completion: .directory
    )
    var state: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "After each round, write Prometheus's text exposition to FILE (for node_exporter's textfile collector), replaced atomically.",
            valueName: "file"
        ),
        completion: .file()
    )
    var prometheus: String?

    @Flag(name: .long, help: "One round against the stored state, then exit (0 no change, 1 changes).")
    var once = false

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp("cert.expiring when a leaf now ends within DAYS (default 30).", valueName: "days")
    )
    var expiring: Int = DiffSession.defaultExpiringDays

    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if what.targets.isEmpty && what.targetsFile == nil {
            throw ValidationError("give a target (a host, an address, a CIDR block, a range) or --targets-file FILE")
        }
        try usage { _ = try ScanInput.parse(targets: what.targets, ports: what.ports) }
        guard (every.seconds ?? 0) >= 1 else {
            throw ValidationError(
                "--every \(every.text): give a length of time of at least 1 s, such as 30s, 15m or 1h"
            )
        }
        try usage {
            try ScanInput.checkTimeout(pace.timeout)
            try ScanInput.checkConcurrency(pace.concurrency)
            try ScanInput.checkExpiring(expiring)
        }
        if state.isEmpty { throw ValidationError("--state: give a directory") }
    }

    func run() throws {
        try examining("watch", output, lines: true) {
            let (given, list) = try ScanInput.parse(targets: what.targets, ports: what.ports)
            let loaded = try ScanInput.load(
                targets: given,
                ports: list,
                targetsFile: what.targetsFile,
                hostMap: what.hostMap
            )
            // Every round sweeps the whole plan: no --force here, scan's default limit holds.
            try usage { try ScanInput.checkSize(loaded.plan, targetsFile: what.targetsFile, rule: .watch) }
            let c = try configuration(loaded)
            let stop = StopToken.signals()
            stop.onStop { request in
                // The first request lets the round's endpoints finish; the second quits.
                if request.count > 1 { SystemCall.exit(0) }
            }
            let sink = output.stream(separation: .none)
            let outcome = try WatchSession(c, notes: Console.note).run(into: sink, until: stop)
            return once && outcome.changes > 0 ? Status.findings : Status.ok
        }
    }

    /// The session's values: each round a scan of `loaded` as these options say.
    private func configuration(_ loaded: ScanInput.Loaded) throws -> WatchSession.Configuration {
        var scan = ScanSession.Configuration(plan: loaded.plan)
        scan.anchors = try anchors.load(password: passwords.provider)
        scan.concurrency = ScanSession.concurrency(
            pace.concurrency,
            openFileLimit: SystemCall.openFileLimit(),
            versions: false
        )
        scan.timeout = pace.timeout
        scan.profile = profile.profile
        scan.hostMap = loaded.hostNames
        scan.expiringDays = expiring
        scan.progress = ProgressLine(enabled: false)
        var c = WatchSession.Configuration(scan: scan, state: state)
        c.every = every.seconds ?? 900
        c.once = once
        c.expiringDays = expiring
        c.prometheus = prometheus
        return c
    }
}
