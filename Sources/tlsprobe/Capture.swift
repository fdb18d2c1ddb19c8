import ArgumentParser
import SystemCalls
import TLSProbeKit
import TLSWire

struct Capture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
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
            """,
        version: versionLine
    )

    /// `capture --version`'s line: tlsprobe's release, OpenSSL's and libpcap's. The argument
    /// parser prints the last version in the command stack, so this one wins over the root's
    /// there. Asking libpcap its version loads it: the parser builds every command's
    /// configuration on every run, so libpcap is asked only for `capture … --version`, the one
    /// time the line is printed (not for `connect --version`); a capture loads libpcap when it
    /// opens its source, every other command never.
    static var versionLine: String {
        let arguments = CommandLine.arguments.dropFirst()
        // `--version=x` asks for the version as well (the parser takes it so).
        guard arguments.first == "capture",
            arguments.contains(where: { $0 == "--version" || $0.hasPrefix("--version=") })
        else { return TLSProbe.versionLine }
        return "tlsprobe \(TLSProbe.version) (\(LibraryVersions.withLibpcap))"
    }

    @Option(
        name: .customShort("r"),
        help: ArgumentHelp("Read a pcap or pcapng file; - reads standard input.", valueName: "file"),
        completion: .file()
    )
    var file: String?

    #if os(macOS)
    /// Who may capture live: BPF devices on macOS, a packet socket on Linux.
    static let liveCapturePermission = "root (sudo), or read access to /dev/bpf* as Wireshark's ChmodBPF gives"
    #else
    static let liveCapturePermission = "root or CAP_NET_RAW"
    #endif

    @Option(
        name: .customShort("i"),
        help: ArgumentHelp(
            "Capture live on this interface (needs \(Self.liveCapturePermission)).",
            valueName: "interface"
        )
    )
    var interface: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "BPF filter, as for tcpdump (default for -i: \"tcp or udp\"; none for -r).",
            valueName: "bpf"
        )
    )
    var filter: String?

    @Option(name: .long, help: ArgumentHelp("Stop after this many TLS connections have been reported.", valueName: "n"))
    var count: Int?

    @Option(name: .long, help: ArgumentHelp("Stop a live capture after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Decrypt TLS 1.3 and 1.2 handshakes with the secrets in FILE (NSS key log format, as SSLKEYLOGFILE writes); repeatable.",
            valueName: "file"
        ),
        completion: .file()
    )
    var keylog: [String] = []

    @OptionGroup var trust: TrustOptions
    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var brief: BriefOption
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        try brief.check(output)
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
        if let filter, filter.trimmingSpaces().isEmpty {
            throw ValidationError("--filter needs a BPF expression, such as 'tcp port 443'")
        }
    }

    func run() throws {
        try examining("capture", output, lines: true) {
            var c = CaptureSession.Configuration(context: trust.context())
            c.anchors = try trust.loadAnchors(password: passwords.provider)
            c.atGiven = trust.time.at != nil
            c.interface = interface
            c.file = file ?? "-"
            c.filter = filter
            c.count = count
            c.duration = duration
            c.keyLogs = keylog
            c.threshold = failOn.threshold
            let stop = StopToken.signals()
            let session = try CaptureSession(c, notes: Console.note, stop: stop)
            // A closed stdout stops reading an endless source (`… | head`); a file is read
            // to its end, for the exit status the whole file gives.
            if !session.readsRegularFile { Console.whenStdoutCloses { stop.stop() } }
            let sink = output.stream(separation: .blankLineBetween, brief: brief.brief)
            try session.run(into: sink, until: stop)
            if let table = sink.summary() { Console.report(table) }
            return Status.of(sink)
        }
    }
}
