import ArgumentParser
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeKit
import LiveNetwork

struct Connect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Shake hands with a server: what it presented, and why a client would or would not trust it.",
        discussion: """
            Connects to HOST:PORT (port 443 when omitted; IPv6 as [::1]:4433), shakes hands with \
            verification off so a broken chain is captured whole, and reports what was on the wire: \
            versions, cipher suite, group, ALPN, the chain exactly as presented, the server's \
            CertificateRequest (acceptable client CA names), alerts in context. Trust is judged \
            against the anchors you name; with none, every other check still runs. The expected \
            name is what you dialled unless --host says otherwise; a server dialled by IP needs an \
            iPAddress SAN. Every handshake runs at OpenSSL security level 0, so old versions and \
            weak keys become findings instead of local failures; the "openssl" line verifies the \
            chain as an OpenSSL client would, at the system's default security level.

            With --profile apple the handshake offers what Safari and URLSession offer (their \
            cipher suites, signature algorithms and groups; TLS 1.2-1.3). A server that completes \
            no handshake with that gets tls.apple_client_refused, naming what is missing (an \
            Ed25519 key, P-521 on TLS 1.3, DHE-only suites), and a second handshake with \
            OpenSSL's defaults supplies the chain to judge.

            A handshake that fails on the version is followed by each older version offered \
            alone (TLS 1.2 too after --min-version 1.3) and a fallback handshake at the best one \
            accepted; one that fails on the cipher suite, by the same versions offered with every \
            suite OpenSSL has. Either way the chain is judged, the first failure is kept, and the \
            report says which version and suite the fallback used.

            Exit status: 0 examined, nothing at or above --fail-on; 1 findings at or above \
            --fail-on (trust fails, handshake refused); 2 refused, unreachable, name not resolved \
            or no answer within --timeout before any TLS byte (one line on stderr says which).

            Examples:
              tlsprobe connect 10.0.0.5:4433 --anchor root.pem
              tlsprobe connect printer.local:4433 --anchor root.pem --versions \\
                  --profile apple
              tlsprobe connect [::1]:8443 --identity ipad.p12 --password-env P12_PASSWORD
              tlsprobe connect 10.0.0.5:4433 --known-hosts ~/.tlsprobe_known_hosts
              tlsprobe connect 10.0.0.5:4433 --save-chain camera.pem
              tlsprobe connect mail.local --starttls smtp      # port 25
              tlsprobe connect db.local:5432 --starttls auto   # postgres
              tlsprobe connect camera.local:443 --ciphers --profile apple
              tlsprobe connect hue-bridge.local:5684 --dtls
            """
    )

    @Argument(help: ArgumentHelp("The server: HOST:PORT, HOST (port 443) or [IPv6]:PORT.", valueName: "host:port"))
    var target: String

    @OptionGroup var anchors: AnchorOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The name the client expects (default: the host dialled); an IP address must be in an iPAddress SAN.",
            valueName: "name|ip"
        )
    )
    var host: String?

    @OptionGroup var time: TimeOption
    @OptionGroup var profile: ProfileOption

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The server name to send in SNI (default: --host or the host dialled, when a name).",
            valueName: "name"
        )
    )
    var sni: String?

    @Flag(name: .long, help: "Send no SNI (as a client that dials an IP address).")
    var noSni = false

    @Option(
        name: .long,
        help: ArgumentHelp("ALPN protocols to offer, comma-separated: h2,http/1.1.", valueName: "list")
    )
    var alpn: String?

    @OptionGroup var versionRange: VersionRangeOptions

    // unconditional: `--timeout -1` is a value (refused by validate with the clear message),
    // not a missing value followed by an option.
    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds allowed for each of resolving (a .local name the system cannot resolve: by multicast DNS), connecting and the handshake.",
            valueName: "seconds"
        )
    )
    var timeout: Double = 10

    @OptionGroup var keyLog: KeyLogOutputOption

    @Flag(
        name: .long,
        help:
            "Also offer TLS 1.0, 1.1, 1.2 and 1.3 each alone (concurrently, security level 0) and report which the server accepts."
    )
    var versions = false

    @Flag(
        name: .long,
        help:
            "Also enumerate the cipher suites the server accepts at each of TLS 1.0-1.3 (versions concurrently), each marked ATS-compatible or not, and whose order wins."
    )
    var ciphers = false

    @Flag(
        name: .long,
        help:
            "Shake hands with DTLS (1.2 and 1.0) over UDP instead of TLS over TCP, retransmitting lost flights within --timeout."
    )
    var dtls = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The server's key must match this pin (sha256/BASE64, as inspect shows); repeatable. Without anchors, the pin decides trust.",
            valueName: "sha256/base64"
        )
    )
    var pin: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Trust on first use: record the server's key in FILE on first contact, report a change later.",
            valueName: "file"
        ),
        completion: .file()
    )
    var knownHosts: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Upgrade from a plain-text protocol first: \(StartTLSArgument.names), or auto (by well-known port). The port defaults to the protocol's.",
            valueName: "proto"
        )
    )
    var starttls: StartTLSArgument?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write the chain the server presented to FILE as PEM, leaf first (replaced atomically; never through a link).",
            valueName: "file"
        ),
        completion: .file()
    )
    var saveChain: String?

    @OptionGroup var identity: IdentityOptions
    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var page: HTMLOption
    @OptionGroup var brief: BriefOption
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        try brief.check(output)
        try page.check()
        try checkTarget()
        if let host, host.isEmpty { throw ValidationError("--host needs a name or an IP address") }
        if sni != nil && noSni { throw ValidationError("give one of --sni and --no-sni") }
        if let sni, sni.isEmpty || IPAddressText.parse(sni) != nil {
            throw ValidationError(
                "--sni \(sni): SNI carries a host name, never an IP address (RFC 6066); use --no-sni to send none"
            )
        }
        if let alpn, alpnList(alpn) == nil {
            throw ValidationError("--alpn \(alpn): give protocol names separated by commas, e.g. h2,http/1.1")
        }
        try versionRange.check()
        if !(timeout > 0 && timeout <= 3600) {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600")
        }
        for pin in pin where PublicKeyPin(pin) == nil {
            throw ValidationError(
                "--pin \(pin): expected sha256/ and the base64 of 32 bytes, as `tlsprobe inspect` shows a certificate's pin"
            )
        }
        try identity.check()
        try checkDatagram()
        if let saveChain, saveChain.isEmpty { throw ValidationError("--save-chain needs a file name") }
    }

    /// The server dialled: the target, its port defaulting to --starttls's protocol's.
    private func dialTarget() throws(DialTarget.ParseError) -> DialTarget {
        try DialTarget.parse(target, defaultPort: starttls?.defaultPort ?? DialTarget.defaultPort)
    }

    /// The target, and `--starttls auto` on a port no protocol is known by.
    private func checkTarget() throws {
        let dial: DialTarget
        do throws(DialTarget.ParseError) { dial = try dialTarget() } catch { throw ValidationError(error.description) }
        if starttls == .auto && PlaintextProtocol.forPort(dial.port) == nil {
            throw ValidationError(
                "--starttls auto: port \(dial.port) is no STARTTLS protocol's well-known port; name the protocol: --starttls \(StartTLSArgument.names)"
            )
        }
    }

    /// What `--dtls` cannot be combined with.
    private func checkDatagram() throws {
        guard dtls else { return }
        for (given, option) in [
            (versions, "--versions"), (ciphers, "--ciphers"), (starttls != nil, "--starttls"),
            (versionRange.minVersion != nil || versionRange.maxVersion != nil, "--min-version/--max-version"),
        ] where given {
            throw ValidationError("--dtls cannot be combined with \(option): DTLS offers DTLS 1.2 and 1.0")
        }
    }

    func run() throws {
        try examining("connect", output) {
            let sink = output.single(brief: brief.brief)
            let html = try page.sink(beside: sink, threshold: failOn.threshold, pageFirst: true)
            try ConnectSession(try configuration()).run(into: reportSink(sink, page: html))
            try html?.finish()
            return Status.of(sink)
        }
    }

    /// The session's values: the files the options name loaded, the rest as given.
    private func configuration() throws -> ConnectSession.Configuration {
        var c = ConnectSession.Configuration(target: try dialTarget())
        c.upgrade = starttls?.resolved(port: c.target.port)
        if starttls == .auto, let upgrade = c.upgrade {
            Console.note(
                "--starttls auto: port \(c.target.port) is \(upgrade.rawValue)'s well-known port; upgrading with \(upgrade.rawValue)"
            )
        }
        do {
            c.identity = try identity.load(password: passwords.provider)
        } catch let error as LoadError where error.kind == .keyMismatch {
            // Reported as key.mismatch; the handshake goes ahead without an identity.
            c.unusableIdentity = error
        }
        c.anchors = try anchors.load(password: passwords.provider)
        c.keyLog = try keyLog.open()
        c.expectedHost = host
        c.serverName = noSni ? .none : sni.map { .name($0) } ?? .automatic
        c.alpn = alpn.flatMap(alpnList) ?? []
        c.minVersion = versionRange.minVersion?.version
        c.maxVersion = versionRange.maxVersion?.version
        c.timeout = timeout
        (c.probeVersions, c.enumerateCiphers, c.datagram) = (versions, ciphers, dtls)
        c.pins = pin.compactMap(PublicKeyPin.init)
        c.knownHostsPath = knownHosts
        c.saveChainPath = saveChain
        c.profile = profile.profile
        c.at = time.at
        c.threshold = failOn.threshold
        return c
    }
}

/// `--starttls PROTO|auto`.
enum StartTLSArgument: Equatable, ExpressibleByArgument {
    case named(PlaintextProtocol)
    case auto

    init?(argument: String) {
        if argument.lowercased() == "auto" {
            self = .auto
        } else if let proto = PlaintextProtocol(rawValue: argument.lowercased()) {
            self = .named(proto)
        } else {
            return nil
        }
    }

    /// `smtp|submission|…|sieve`.
    static let names = PlaintextProtocol.allCases.map(\.rawValue).joined(separator: "|")

    static var allValueStrings: [String] { PlaintextProtocol.allCases.map(\.rawValue) + ["auto"] }

    /// The protocol's port, for a target given without one.
    var defaultPort: Int? {
        if case .named(let proto) = self { return proto.wellKnownPort }
        return nil
    }

    /// The protocol: the one named, or the one whose well-known port is `port`.
    func resolved(port: Int) -> PlaintextProtocol? {
        switch self {
        case .named(let proto): proto
        case .auto: PlaintextProtocol.forPort(port)
        }
    }
}
