import ArgumentParser
import SystemCalls
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeKit
import TLSWire
import LiveNetwork

struct Listen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Be the server a failing client connects to: what it offered, presented, and why it gave up.",
        discussion: """
            Listens on [HOST:]PORT (every IPv4 and IPv6 address when HOST is left out; [::1]:4433 \
            for IPv6) and reports each client's connection as it completes: its ClientHello \
            (versions, cipher suites, SNI, ALPN, signature algorithms, groups, JA3/JA4, GREASE), \
            what was negotiated, its certificate and the verdict on it, and how it ended: the \
            client's alert read against what we served, a hang-up after our Certificate, a version \
            or cipher mismatch (what it offered against what tlsprobe accepts), or success. A \
            client that sends an HTTP/1.x request after the handshake gets a short text/plain page \
            saying what tlsprobe saw, so a browser or an app shows the diagnosis too.

            Without --identity (or --cert and --key) tlsprobe serves an ephemeral self-signed \
            certificate made on the spot for this machine's names and addresses, and prints its \
            pin so a client can pin it (--save-cert FILE writes it for a client to trust). \
            Connections are served concurrently; Ctrl-C (or SIGTERM) \
            stops and prints a summary on stderr. Reports go to stdout: text, or one JSON object \
            per line with --json.

            Exit status: 0 served, no finding at or above --fail-on in any connection; 1 findings \
            at or above --fail-on; 2 cannot listen (port in use, permission, not this machine's \
            address), the identity cannot be loaded, or no thread can be made; 64 usage error.

            Examples:
              tlsprobe listen 4433
              tlsprobe listen 4433 --save-cert listener.pem
              tlsprobe listen 4433 --identity printer.p12 --password-env P12_PASSWORD
              tlsprobe listen 0.0.0.0:8443 --cert server.pem --key server.key \\
                  --chain intermediate.pem
              tlsprobe listen [::1]:4433 --require-client-cert \\
                  --client-anchor front-desk-root.pem --json
            """
    )

    @Argument(
        help: ArgumentHelp("Where to listen: PORT (every address), HOST:PORT or [IPv6]:PORT.", valueName: "[host:]port")
    )
    var address: String

    @OptionGroup var identity: IdentityOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Intermediate certificates to send after our certificate.", valueName: "file"),
        completion: .file()
    )
    var chain: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A name or address the client dials, put in the ephemeral certificate's SAN; repeatable.",
            valueName: "name|ip"
        )
    )
    var host: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write the certificate we serve (the ephemeral one, or --identity's chain) to FILE as PEM, for a client to trust (replaced atomically; never through a link).",
            valueName: "file"
        ),
        completion: .file()
    )
    var saveCert: String?

    @Flag(name: .long, help: "Ask clients for a certificate; serve those that send none.")
    var requestClientCert = false

    @Flag(name: .long, help: "Ask clients for a certificate; refuse those that send none.")
    var requireClientCert = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A root client certificates must lead to (its name goes in the CertificateRequest); repeatable. Implies --request-client-cert.",
            valueName: "file"
        ),
        completion: .file()
    )
    var clientAnchor: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "ALPN protocols we select when offered, comma-separated, in our order (default http/1.1).",
            valueName: "list"
        )
    )
    var alpn: String?

    @OptionGroup var versionRange: VersionRangeOptions

    @Option(name: .long, help: ArgumentHelp("Stop after reporting this many connections.", valueName: "n"))
    var count: Int?

    @Option(name: .long, help: ArgumentHelp("Stop after this long: 90, 30s, 5m, 1h.", valueName: "time"))
    var duration: DurationArgument?

    // unconditional: `--timeout -1` is a value (refused by validate with the clear message),
    // not a missing value followed by an option.
    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds each client gets for its handshake (and, up to 2 s, for its HTTP request).",
            valueName: "seconds"
        )
    )
    var timeout: Double = 10

    @OptionGroup var keyLog: KeyLogOutputOption

    @OptionGroup var profile: ProfileOption

    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var brief: BriefOption
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        try brief.check(output)
        if !host.isEmpty && identity.isGiven {
            throw ValidationError(
                "--host names go into the ephemeral certificate; with --identity or --cert the names are that certificate's own"
            )
        }
        do throws(DialTarget.ParseError) {
            _ = try ListenAddress.parse(address)
        } catch {
            throw ValidationError(error.description)
        }
        try identity.check()
        if chain != nil && !identity.isGiven {
            throw ValidationError(
                "--chain adds to an identity: give --identity or --cert and --key too (the ephemeral certificate has no chain)"
            )
        }
        if let saveCert, saveCert.isEmpty { throw ValidationError("--save-cert needs a file name") }
        if requestClientCert && requireClientCert {
            throw ValidationError("give one of --request-client-cert and --require-client-cert")
        }
        for name in host where name.isEmpty || name.containsText(",") || name.containsText(" ") {
            throw ValidationError("--host \(name): give one DNS name or IP address")
        }
        if let alpn, alpnList(alpn) == nil {
            throw ValidationError("--alpn \(alpn): give protocol names separated by commas, e.g. http/1.1")
        }
        try versionRange.check()
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if let duration, duration.seconds == nil {
            throw ValidationError("--duration \(duration.text): give a length of time such as 90, 30s, 5m or 1h")
        }
        if !(timeout > 0 && timeout <= 3600) {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600")
        }
    }

    /// `90`, `30s`, `5m`, `1.5h` as seconds (above 0, at most a week).
    static func seconds(_ text: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        var number = Substring(text.trimmingSpaces())
        var unit = 1.0
        if let last = number.last, let factor = units[last] {
            unit = factor
            number = number.dropLast()
        }
        guard let value = Double(number), value > 0, value * unit <= 7 * 86_400 else { return nil }
        return value * unit
    }

    func run() throws {
        try examining("listen", output, lines: true) {
            var c = ListenSession.Configuration(address: try ListenAddress.parse(address))
            c.identity = try loadIdentity()
            c.clientAnchors = try AnchorSources(files: clientAnchor).load(password: passwords.provider)
            c.keyLog = try keyLog.open()
            c.extraHosts = host
            c.saveCertPath = saveCert
            c.clientAuthentication =
                requireClientCert ? .required : (requestClientCert || !clientAnchor.isEmpty) ? .requested : .none
            c.profile = profile.profile
            c.alpn = alpn.flatMap(alpnList) ?? ["http/1.1"]
            c.minVersion = versionRange.oldest
            c.maxVersion = versionRange.newest
            c.timeout = timeout
            c.count = count
            c.duration = duration?.seconds
            c.threshold = failOn.threshold
            let stop = StopToken.signals()
            // Reports go to stdout through a writer thread of their own: a stdout nobody
            // reads never holds a connection or a stop.
            let writer = QueuedWriter()
            let session = try ListenSession(c, writer: writer, notes: Console.note)
            // Nobody reads the reports any more (`… | head`): stop serving.
            Console.whenStdoutCloses { stop.stop() }
            let sink = output.stream(separation: .blankLineAfter, brief: brief.brief, output: { writer.enqueue($0) })
            try session.run(into: sink, until: stop)
            return Status.of(sink)
        }
    }

    /// The identity from --identity or --cert/--key with --chain, when given.
    private func loadIdentity() throws -> TLSIdentity? {
        guard let loaded = try identity.load(password: passwords.provider) else { return nil }
        guard let chain else { return loaded }
        return loaded.appendingChain(
            try CredentialFile.load(path: chain, expecting: .certificates, password: passwords.provider).certificates
        )
    }
}

/// A length of time as `--duration` and watch's `--every` take it (`90`, `30s`, `5m`, `1.5h`),
/// read once, by the parser: `seconds` is nil for text that is none, which the command's
/// validate() refuses with its own message.
struct DurationArgument: ExpressibleByArgument {
    /// As given.
    let text: String
    /// `Listen.seconds(text)`.
    let seconds: TimeInterval?

    init(argument: String) {
        text = argument
        seconds = Listen.seconds(argument)
    }

    var defaultValueDescription: String { text }
}
