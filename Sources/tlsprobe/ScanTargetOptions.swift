import ArgumentParser
import TLSProbeKit

/// What to scan: scan's and watch's targets, ports, targets file and host map (a watch
/// round is a scan).
struct ScanTargetOptions: ParsableArguments {
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
}

/// How hard to scan: scan's and watch's per-endpoint timeout and sockets at once.
struct ScanPaceOptions: ParsableArguments {
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
}
