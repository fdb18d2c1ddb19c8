import ArgumentParser
import Foundation
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeOutput
import TLSWire

struct Connect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shake hands with a server: what it presented, and why a client would or would not trust it.",
        discussion: """
            Connects to HOST:PORT (port 443 when omitted; IPv6 as [::1]:4433), shakes hands with \
            verification off so a broken chain is captured whole, and reports what was on the wire: \
            versions, cipher suite, group, ALPN, the chain exactly as presented, the server's \
            CertificateRequest (acceptable client CA names), alerts in context. Trust is judged \
            against the anchors you name; with none, every other check still runs. The expected \
            name is what you dialled unless --host says otherwise; a server dialled by IP needs an \
            iPAddress SAN. Every handshake runs at OpenSSL security level 0, so old versions and \
            weak keys become findings instead of local failures.

            Exit status: 0 examined, nothing at or above --fail-on; 1 findings at or above \
            --fail-on (trust fails, handshake refused); 2 refused, unreachable, name not resolved \
            or no answer within --timeout before any TLS byte (one line on stderr says which).

            Examples:
              tlsprobe connect 10.0.0.5:4433 --anchor root.pem
              tlsprobe connect printer.local:4433 --anchor root.pem --versions --profile apple
              tlsprobe connect [::1]:8443 --identity ipad.p12 --password-env P12_PASSWORD
              tlsprobe connect 10.0.0.5:4433 --known-hosts ~/.tlsprobe_known_hosts
            """
    )

    @Argument(help: ArgumentHelp("The server: HOST:PORT, HOST (port 443) or [IPv6]:PORT.", valueName: "host:port"))
    var target: String

    @OptionGroup var anchors: AnchorOptions

    @Option(name: .long, help: ArgumentHelp("The name the client expects (default: the host dialled); an IP address must be in an iPAddress SAN.", valueName: "name|ip"))
    var host: String?

    @Option(name: .long, help: ArgumentHelp("Judge dates at another instant (the handshake is now): 2026-11-21, @SECONDS.", valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("Whose rules: default (RFC 5280/9525), apple (iOS 13+/macOS, ATS), openssl (OpenSSL 3 clients).", valueName: "name"))
    var profile: ProfileArgument = .default

    @Option(name: .long, help: ArgumentHelp("The server name to send in SNI (default: --host or the host dialled, when a name).", valueName: "name"))
    var sni: String?

    @Flag(name: .long, help: "Send no SNI (as a client that dials an IP address).")
    var noSni = false

    @Option(name: .long, help: ArgumentHelp("ALPN protocols to offer, comma-separated: h2,http/1.1.", valueName: "list"))
    var alpn: String?

    @Option(name: .long, help: ArgumentHelp("The oldest version to offer: 1.0, 1.1, 1.2 (default; or --max-version when older) or 1.3.", valueName: "version"))
    var minVersion: VersionArgument?

    @Option(name: .long, help: ArgumentHelp("The newest version to offer (default 1.3).", valueName: "version"))
    var maxVersion: VersionArgument?

    @Option(name: .long, help: ArgumentHelp("Seconds allowed for each of resolving, connecting and the handshake.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("Append the session's secrets to FILE (NSS key log format, mode 0600) for Wireshark or tlsprobe capture.", valueName: "file"))
    var keylog: String?

    @Flag(name: .long, help: "Also offer TLS 1.0, 1.1, 1.2 and 1.3 each alone (concurrently, security level 0) and report which the server accepts.")
    var versions = false

    @Option(name: .long, help: ArgumentHelp("The server's key must match this pin (sha256/BASE64, as inspect shows); repeatable.", valueName: "sha256/base64"))
    var pin: [String] = []

    @Option(name: .long, help: ArgumentHelp("Trust on first use: record the server's key in FILE on first contact, report a change later.", valueName: "file"))
    var knownHosts: String?

    @Option(name: .long, help: ArgumentHelp("Our client identity for mutual TLS: a PKCS#12 file (or PEM with certificate and key).", valueName: "file"))
    var identity: String?

    @Option(name: .long, help: ArgumentHelp("Our client certificate (leaf first, chain after), with --key.", valueName: "file"))
    var cert: String?

    @Option(name: .long, help: ArgumentHelp("The private key of --cert.", valueName: "file"))
    var key: String?

    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        do throws(DialTarget.ParseError) {
            _ = try DialTarget.parse(target)
        } catch {
            throw ValidationError(error.description)
        }
        if let at, ReportTime.parse(at) == nil {
            throw ValidationError("--at \(at): not a time; use 2026-11-21, 2026-11-21T10:00:00Z or @SECONDS")
        }
        if let host, host.isEmpty { throw ValidationError("--host needs a name or an IP address") }
        if sni != nil && noSni { throw ValidationError("give one of --sni and --no-sni") }
        if let sni, sni.isEmpty || IPAddressText.parse(sni) != nil {
            throw ValidationError("--sni \(sni): SNI carries a host name, never an IP address (RFC 6066); use --no-sni to send none")
        }
        if let alpn {
            let names = alpn.split(separator: ",", omittingEmptySubsequences: false)
            if names.contains(where: { $0.isEmpty || $0.utf8.count > 255 }) {
                throw ValidationError("--alpn \(alpn): give protocol names separated by commas, e.g. h2,http/1.1")
            }
        }
        if let minVersion, let maxVersion, minVersion.version > maxVersion.version {
            throw ValidationError("--min-version \(minVersion.rawValue) is newer than --max-version \(maxVersion.rawValue)")
        }
        if !(timeout > 0 && timeout <= 3600) { throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600") }
        for pin in pin where PublicKeyPin(pin) == nil {
            throw ValidationError("--pin \(pin): expected sha256/ and the base64 of 32 bytes, as `tlsprobe inspect` shows a certificate's pin")
        }
        if identity != nil && (cert != nil || key != nil) { throw ValidationError("give --identity or --cert with --key, not both") }
        if (cert == nil) != (key == nil) { throw ValidationError("--cert and --key go together") }
    }

    func run() throws {
        try examining {
            let dial: DialTarget
            do throws(DialTarget.ParseError) {
                dial = try DialTarget.parse(target)
            } catch {
                throw CouldNotExamine(description: error.description)
            }
            let clientIdentity = try loadIdentity()
            let trustAnchors = try anchors.load(password: passwords.provider)
            let keyLog: KeyLogFile?
            do throws(KeyLogFile.OpenError) {
                keyLog = try keylog.map { path throws(KeyLogFile.OpenError) in try KeyLogFile(path: path) }
            } catch {
                throw CouldNotExamine(description: error.description)
            }
            var known: KnownHosts?
            if let knownHosts {
                do throws(KnownHostsFile.FileError) {
                    known = try KnownHostsFile.read(knownHosts)
                } catch {
                    throw CouldNotExamine(description: error.description)
                }
            }

            // The clock is read once: the contact time, and the instant trust is judged at.
            let now = Date()
            let expected = ExpectedName(parsing: host ?? dial.host)
            var serverName: String?
            if !noSni {
                if let sni { serverName = sni } else if case .dns(let name) = expected { serverName = name }
            }
            let options = HandshakeOptions(
                sni: serverName, alpn: alpn.map { $0.split(separator: ",").map(String.init) } ?? [],
                minVersion: minVersion?.version, maxVersion: maxVersion?.version, timeout: timeout,
                identity: clientIdentity, keyLog: keyLog)
            let result: (handshake: LiveHandshake, versions: [VersionProbe]?)
            do throws(ConnectFailure) {
                result = try TLSClient.connect(dial, options: options, probeVersions: versions)
            } catch {
                throw CouldNotExamine(description: error.description)
            }
            let live = result.handshake
            let observation = live.observation
            let chain = observation.serverCertificates

            var extra: [Finding] = []
            if let ending = live.ending, let finding = HandshakeDiagnosis.finding(for: ending, in: observation) { extra.append(finding) }
            if let finding = PinCheck.finding(pins: pin.compactMap(PublicKeyPin.init), chain: chain) { extra.append(finding) }
            if let knownHosts, var file = known, let leaf = chain.first {
                let hostKey = KnownHosts.key(host: dial.host, port: dial.port)
                let verdict = file.check(key: hostKey, pin: leaf.pin)
                extra.append(KnownHosts.finding(verdict, key: hostKey, pin: leaf.pin, file: knownHosts, now: now))
                if verdict == .firstUse {
                    file.record(key: hostKey, pin: leaf.pin, at: now)
                    do throws(KnownHostsFile.FileError) {
                        try KnownHostsFile.write(file, to: knownHosts)
                    } catch {
                        throw CouldNotExamine(description: error.description)
                    }
                }
            }

            let context = TrustContext(at: at.flatMap(ReportTime.parse) ?? now, expectedName: expected, purpose: .server, profile: profile.profile)
            var report = ConnectionDiagnosis.report(
                command: "connect", observation: observation,
                target: ConnectTarget(host: dial.host, port: dial.port, address: live.address, sni: serverName),
                expectations: .init(anchors: trustAnchors, context: context, identity: clientIdentity?.certificates),
                extraFindings: extra, versions: result.versions,
                negotiatedGroup: observation.serverHello?.group == nil ? live.negotiatedGroup : nil,
                localErrors: live.localErrors, localSide: .client)
            if let leaf = chain.first, !trustAnchors.isEmpty {
                report.trust.openssl = OpenSSLVerification.verify(
                    leaf: leaf, presented: Array(chain.dropFirst()), anchors: trustAnchors.map(\.certificate), context: context)
            }
            Console.report(output.json ? ReportJSON.json(report).serialized(pretty: true) : output.renderer.render(report))
            return failOn.threshold.fails(report.findings) ? Status.findings : Status.ok
        }
    }

    /// The client identity from --identity or --cert/--key, when given.
    private func loadIdentity() throws -> TLSIdentity? {
        do throws(LoadError) {
            if let identity { return try TLSIdentity.load(identity: identity, password: passwords.provider) }
            if let cert, let key { return try TLSIdentity.load(certificate: cert, key: key, password: passwords.provider) }
        } catch {
            throw CouldNotExamine(description: error.description)
        }
        return nil
    }
}

/// `--min-version` / `--max-version`: `1.2`, `TLSv1.2`, `tls1.2`, `tls1_2`.
struct VersionArgument: ExpressibleByArgument {
    let version: ProtocolVersion
    let rawValue: String

    init?(argument: String) {
        var text = argument.lowercased()
        for prefix in ["tlsv", "tls"] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count))
            break
        }
        text = text.replacingOccurrences(of: "_", with: ".")
        let versions: [String: ProtocolVersion] = ["1.0": .tls10, "1": .tls10, "1.1": .tls11, "1.2": .tls12, "1.3": .tls13]
        guard let version = versions[text] else { return nil }
        self.version = version
        self.rawValue = argument
    }

    static var allValueStrings: [String] { ["1.0", "1.1", "1.2", "1.3"] }
}
