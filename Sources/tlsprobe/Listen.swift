import ArgumentParser
import Foundation
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeOutput
import TLSWire

struct Listen: ParsableCommand {
    static let configuration = CommandConfiguration(
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
            pin so a client can pin it. Connections are served concurrently; Ctrl-C (or SIGTERM) \
            stops and prints a summary on stderr. Reports go to stdout: text, or one JSON object \
            per line with --json.

            Exit status: 0 served, no finding at or above --fail-on in any connection; 1 findings \
            at or above --fail-on; 2 cannot listen (port in use, permission) or the identity \
            cannot be loaded; 64 usage error.

            Examples:
              tlsprobe listen 4433
              tlsprobe listen 4433 --identity printer.p12 --password-env P12_PASSWORD
              tlsprobe listen 0.0.0.0:8443 --cert server.pem --key server.key --chain intermediate.pem
              tlsprobe listen [::1]:4433 --require-client-cert --client-anchor front-desk-root.pem --json
            """
    )

    @Argument(help: ArgumentHelp("Where to listen: PORT (every address), HOST:PORT or [IPv6]:PORT.", valueName: "[host:]port"))
    var address: String

    @Option(name: .long, help: ArgumentHelp("Our server identity: a PKCS#12 file (or PEM with certificate and key).", valueName: "file"))
    var identity: String?

    @Option(name: .long, help: ArgumentHelp("Our server certificate (leaf first, chain after), with --key.", valueName: "file"))
    var cert: String?

    @Option(name: .long, help: ArgumentHelp("The private key of --cert.", valueName: "file"))
    var key: String?

    @Option(name: .long, help: ArgumentHelp("Intermediate certificates to send after our certificate.", valueName: "file"))
    var chain: String?

    @Option(name: .long, help: ArgumentHelp("A name or address the client dials, put in the ephemeral certificate's SAN; repeatable.", valueName: "name|ip"))
    var host: [String] = []

    @Flag(name: .long, help: "Ask clients for a certificate; serve those that send none.")
    var requestClientCert = false

    @Flag(name: .long, help: "Ask clients for a certificate; refuse those that send none.")
    var requireClientCert = false

    @Option(name: .long, help: ArgumentHelp("A root client certificates must lead to (its name goes in the CertificateRequest); repeatable. Implies --request-client-cert.", valueName: "file"))
    var clientAnchor: [String] = []

    @Option(name: .long, help: ArgumentHelp("ALPN protocols we select when offered, comma-separated, in our order (default http/1.1).", valueName: "list"))
    var alpn: String?

    @Option(name: .long, help: ArgumentHelp("The oldest version we accept: 1.0, 1.1, 1.2 (default; or --max-version when older) or 1.3.", valueName: "version"))
    var minVersion: VersionArgument?

    @Option(name: .long, help: ArgumentHelp("The newest version we accept (default 1.3).", valueName: "version"))
    var maxVersion: VersionArgument?

    @Option(name: .long, help: ArgumentHelp("Stop after reporting this many connections.", valueName: "n"))
    var count: Int?

    @Option(name: .long, help: ArgumentHelp("Stop after this long: 90, 30s, 5m, 1h.", valueName: "time"))
    var duration: String?

    @Option(name: .long, help: ArgumentHelp("Seconds each client gets for its handshake (and, up to 2 s, for its HTTP request).", valueName: "seconds"))
    var timeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("Append each session's secrets to FILE (NSS key log format, mode 0600).", valueName: "file"))
    var keylog: String?

    @Option(name: .long, help: ArgumentHelp("Whose rules for client certificates and protocol choices: default, apple, openssl.", valueName: "name"))
    var profile: ProfileArgument = .default

    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        if !host.isEmpty && (identity != nil || cert != nil) {
            throw ValidationError("--host names go into the ephemeral certificate; with --identity or --cert the names are that certificate's own")
        }
        do throws(DialTarget.ParseError) {
            _ = try ListenAddress.parse(address)
        } catch {
            throw ValidationError(error.description)
        }
        if identity != nil && (cert != nil || key != nil) { throw ValidationError("give --identity or --cert with --key, not both") }
        if (cert == nil) != (key == nil) { throw ValidationError("--cert and --key go together") }
        if chain != nil && identity == nil && cert == nil {
            throw ValidationError("--chain adds to an identity: give --identity or --cert and --key too (the ephemeral certificate has no chain)")
        }
        if requestClientCert && requireClientCert { throw ValidationError("give one of --request-client-cert and --require-client-cert") }
        for name in host where name.isEmpty || name.contains(",") || name.contains(" ") {
            throw ValidationError("--host \(name): give one DNS name or IP address")
        }
        if let alpn {
            let names = alpn.split(separator: ",", omittingEmptySubsequences: false)
            if names.contains(where: { $0.isEmpty || $0.utf8.count > 255 }) {
                throw ValidationError("--alpn \(alpn): give protocol names separated by commas, e.g. http/1.1")
            }
        }
        if let minVersion, let maxVersion, minVersion.version > maxVersion.version {
            throw ValidationError("--min-version \(minVersion.rawValue) is newer than --max-version \(maxVersion.rawValue)")
        }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if let duration, Self.seconds(duration) == nil {
            throw ValidationError("--duration \(duration): give a length of time such as 90, 30s, 5m or 1h")
        }
        if !(timeout > 0 && timeout <= 3600) { throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600") }
    }

    /// `90`, `30s`, `5m`, `1.5h` as seconds (above 0, at most a week).
    static func seconds(_ text: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        var number = Substring(text.trimmingCharacters(in: .whitespaces))
        var unit = 1.0
        if let last = number.last, let factor = units[last] {
            unit = factor
            number = number.dropLast()
        }
        guard let value = Double(number), value > 0, value * unit <= 7 * 86_400 else { return nil }
        return value * unit
    }

    func run() throws {
        try examining {
            let listenAddress: ListenAddress
            do throws(DialTarget.ParseError) {
                listenAddress = try ListenAddress.parse(address)
            } catch {
                throw CouldNotExamine(description: error.description)
            }
            let loaded = try loadIdentity()
            let clientAnchors = try loadClientAnchors()
            let keyLog: KeyLogFile?
            do throws(KeyLogFile.OpenError) {
                keyLog = try keylog.map { path throws(KeyLogFile.OpenError) in try KeyLogFile(path: path) }
            } catch {
                throw CouldNotExamine(description: error.description)
            }

            let server: TLSServer
            let ephemeral = loaded == nil
            do throws(ListenFailure) {
                let bound = try TLSServer.bind(listenAddress, timeout: timeout)
                let served: TLSIdentity
                if let loaded {
                    served = loaded
                } else {
                    let names = EphemeralIdentity.names(for: listenAddress, boundAddresses: bound.hosts, extra: host)
                    served = try EphemeralIdentity.make(dns: names.dns, ips: names.ips)
                }
                let authentication: ServedSide.ClientAuthentication =
                    requireClientCert ? .required : (requestClientCert || !clientAnchor.isEmpty) ? .requested : .none
                server = try TLSServer(bound: bound, options: ListenOptions(
                    identity: served, ephemeral: ephemeral, minVersion: minVersion?.version ?? min(.tls12, maxVersion?.version ?? .tls13),
                    maxVersion: maxVersion?.version ?? .tls13, clientAuthentication: authentication, clientAnchors: clientAnchors,
                    profile: profile.profile, alpn: alpn.map { $0.split(separator: ",").map(String.init) } ?? ["http/1.1"],
                    timeout: timeout, keyLog: keyLog))
            } catch {
                throw CouldNotExamine(description: error.description)
            }
            announce(server)

            // From here on SIGINT and SIGTERM stop serving instead of ending the process.
            StopSignals.watch { signal in server.stop(.signal(signal)) }

            let tally = Tally(threshold: failOn.threshold)
            let json = output.json
            let renderer = output.renderer
            let profile = self.profile.profile
            let served = server.served
            @Sendable func report(_ connection: ServedConnection) -> ConnectionReport {
                Self.report(connection, served: served, clientAnchors: clientAnchors, profile: profile)
            }
            let summary = server.serve(
                count: count, duration: duration.flatMap(Self.seconds),
                page: { TextRenderer.listenPage(report($0)) },
                report: { connection in
                    let r = report(connection)
                    tally.add(r)
                    Console.report(json ? ReportJSON.json(r).serialized(pretty: false) : renderer.render(r) + "\n")
                })
            Console.note(Self.summaryLine(summary, tally: tally))
            return tally.failed ? Status.findings : Status.ok
        }
    }

    /// The report of one served connection.
    static func report(_ c: ServedConnection, served: ServedSide, clientAnchors: [TrustAnchor], profile: Profile) -> ConnectionReport {
        var extra: [Finding] = []
        if let ending = c.ending, let finding = HandshakeDiagnosis.finding(forClientEnding: ending, in: c.observation, served: served) {
            extra.append(finding)
        }
        // Client certificates are judged at the instant the client connected.
        let context = TrustContext(at: c.accepted, expectedName: nil, purpose: .server, profile: profile)
        var report = ConnectionDiagnosis.report(
            command: "listen", observation: c.observation,
            flow: Flow(client: c.client, server: c.server, firstPacket: c.accepted, lastPacket: c.ended),
            expectations: .init(anchors: [], context: context, clientAnchors: clientAnchors, served: served),
            extraFindings: extra, negotiatedGroup: c.observation.serverHello?.group == nil ? c.negotiatedGroup : nil,
            localErrors: c.localErrors, localSide: .server)
        report.http = c.http
        return report
    }

    /// What we serve, on stderr, before the first connection.
    private func announce(_ server: TLSServer) {
        let served = server.served
        let clientAuth: String
        switch served.clientAuthentication {
        case .none: clientAuth = "not requested"
        case .requested: clientAuth = "requested"
        case .required: clientAuth = "required"
        }
        Console.note("tlsprobe listen: listening on \(server.addresses.joined(separator: ", ")) (\(served.versionRange); client certificates \(clientAuth))")
        guard let leaf = served.chain.first else { return }
        let names = (leaf.dnsNames.map { "DNS:\($0)" } + leaf.ipAddresses.map { "IP:\(IPAddressText.format($0))" }).joined(separator: ", ")
        if served.ephemeral {
            Console.note("tlsprobe listen: no --identity given: serving an ephemeral self-signed certificate, made now, that no client trusts")
        } else {
            Console.note("tlsprobe listen: serving \"\(leaf.subjectString)\" and \(served.chain.count - 1) more certificate(s)")
            if let issuer = served.unsentIssuerOfLeaf {
                Console.note("tlsprobe listen: note: \"\(issuer)\", which issued our certificate, is not sent: right if it is the root, but if it is an intermediate add it with --chain, or clients that have only the root will refuse us")
            }
        }
        Console.note("  names: \(names.isEmpty ? "(none)" : names)")
        let curlPin = leaf.pin.replacingOccurrences(of: "sha256/", with: "sha256//")
        Console.note("  pin:   \(leaf.pin)  (curl --pinnedpubkey \(curlPin))")
        if !served.ephemeral {
            let check = TrustEngine.evaluate(
                leaf: leaf, presented: Array(served.chain.dropFirst()), anchors: [],
                context: TrustContext(at: Date(), expectedName: nil, purpose: .server, profile: profile.profile))
            for finding in check.findings where finding.severity == .error {
                Console.note("tlsprobe listen: note: our \(finding.subject): \(finding.code): \(finding.message)")
            }
        }
        Console.note("tlsprobe listen: Ctrl-C stops; one report per connection follows")
    }

    static func summaryLine(_ s: ServeSummary, tally: Tally) -> String {
        var parts = ["\(s.reported) connection\(s.reported == 1 ? "" : "s") reported", "\(s.established) established", "\(s.reported - s.established) failed"]
        if s.silent > 0 { parts.append("\(s.silent) closed without sending a byte (not reported)") }
        if s.abandoned > 0 { parts.append("\(s.abandoned) still open, abandoned") }
        let failing = tally.failing
        parts.append(failing == 0 ? "none with findings at or above --fail-on" : "\(failing) with findings at or above --fail-on")
        return "tlsprobe listen: stopped (\(s.reason)): " + parts.joined(separator: ", ")
    }

    /// The identity from --identity or --cert/--key with --chain, when given.
    private func loadIdentity() throws -> TLSIdentity? {
        do throws(LoadError) {
            var loaded: TLSIdentity?
            if let identity { loaded = try TLSIdentity.load(identity: identity, password: passwords.provider) }
            if let cert, let key { loaded = try TLSIdentity.load(certificate: cert, key: key, password: passwords.provider) }
            if let chain, let identity = loaded {
                let extra = try CredentialFile.load(path: chain, expecting: .certificates, password: passwords.provider).certificates
                loaded = identity.appendingChain(extra)
            }
            return loaded
        } catch {
            throw CouldNotExamine(description: error.description)
        }
    }

    private func loadClientAnchors() throws -> [TrustAnchor] {
        var anchors: [TrustAnchor] = []
        do throws(LoadError) {
            for file in clientAnchor {
                for certificate in try CredentialFile.load(path: file, expecting: .certificates, password: passwords.provider).certificates
                where !anchors.contains(where: { $0.certificate == certificate }) {
                    anchors.append(TrustAnchor(certificate: certificate, source: file))
                }
            }
        } catch {
            throw CouldNotExamine(description: error.description)
        }
        return anchors
    }
}

/// The verdicts of every connection served, for the exit status and the summary.
final class Tally: @unchecked Sendable {
    // @unchecked: every access is under `lock`.
    private let lock = NSLock()
    private let threshold: FailThreshold
    private var failingCount = 0

    init(threshold: FailThreshold) { self.threshold = threshold }

    func add(_ report: ConnectionReport) {
        lock.lock()
        if threshold.fails(report.findings) { failingCount += 1 }
        lock.unlock()
    }

    var failing: Int {
        lock.lock()
        defer { lock.unlock() }
        return failingCount
    }

    var failed: Bool { failing > 0 }
}
