import SystemCalls
import OpenSSLProbe
import TLSDiagnosis
import TLSWire
import LiveNetwork
import SafeFiles

/// `connect`: one handshake with a server (and, when asked, one per protocol version),
/// judged from the client's vantage against the anchors, the pins and the known-hosts file.
/// The model session: a `Configuration` of plain values, one `run(into:until:)`.
public struct ConnectSession: Session, Sendable {
    /// Which server name to send in SNI.
    public enum ServerNameIndication: Sendable, Hashable {
        /// The expected name when it is a DNS name; none when it is an IP address (RFC 6066).
        case automatic
        /// This name (`--sni`).
        case name(String)
        /// None at all (`--no-sni`).
        case none
    }

    /// What to dial, how to shake hands, and what to judge the server against.
    public struct Configuration: Sendable {
        public var target: DialTarget
        /// The name the client expects (`--host`); the host dialled when nil.
        public var expectedHost: String?
        public var serverName: ServerNameIndication = .automatic
        public var alpn: [String] = []
        public var minVersion: ProtocolVersion?
        public var maxVersion: ProtocolVersion?
        /// Seconds for each of resolving, connecting and the handshake.
        public var timeout: TimeInterval = 10
        /// Our client identity for mutual TLS.
        public var identity: TLSIdentity?
        /// An identity that was given but whose key matches none of its certificates: the
        /// handshake goes ahead without one and the report says `key.mismatch`.
        public var unusableIdentity: LoadError?
        public var keyLog: KeyLogFile?
        /// Also offer each protocol version alone and report which the server accepts.
        public var probeVersions = false
        /// The server's key must match one of these.
        public var pins: [PublicKeyPin] = []
        /// Trust on first use: the known-hosts file to check and record in.
        public var knownHostsPath: String?
        public var anchors: [TrustAnchor] = []
        public var profile: Profile = .default
        /// Judge dates at this instant instead of the handshake's (`--at`).
        public var at: Date?
        /// Where to write the presented chain as PEM, leaf first (`--save-chain`).
        public var saveChainPath: String?
        /// A plain-text protocol to upgrade from before the handshake (`--starttls`).
        public var upgrade: PlaintextProtocol?
        /// Also enumerate the cipher suites accepted at each version (`--ciphers`).
        public var enumerateCiphers = false
        /// DTLS over UDP instead of TLS over TCP (`--dtls`).
        public var datagram = false
        /// Which findings fail the report (`--fail-on`).
        public var threshold: FailThreshold = .error

        public init(target: DialTarget) {
            self.target = target
        }
    }

    public let configuration: Configuration

    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Shakes hands, judges what the server presented and writes the report to `sink`;
    /// returns it. Throws when nothing could be examined: no answer, refused, unresolvable,
    /// an unreadable known-hosts file. One handshake (and its probes) ends by itself within
    /// the timeouts: `stop` is not consulted.
    @discardableResult
    public func run(into sink: some ReportSink, until stop: StopToken) throws -> ConnectionReport {
        let report = try examine()
        sink.emit(.connection(report), threshold: configuration.threshold)
        return report
    }

    /// The report, written nowhere: for scan's handshakes (which write it as scanned) and tests.
    public func run() throws -> ConnectionReport { try run(into: DiscardingSink()) }

    private func examine() throws -> ConnectionReport {
        let c = configuration
        // An unusable known-hosts file (a link, a FIFO, another user's) is refused before
        // the handshake; the verdict is made after it, under the file's lock.
        if let path = c.knownHostsPath { _ = try KnownHostsFile.read(path) }
        if let path = c.saveChainPath { try ChainFile.check(path) }

        // The clock is read once: the contact time, and the instant trust is judged at.
        let now = Date()
        let plan = Plan(c, now: now)
        let result =
            c.datagram
            ? (handshake: try TLSClient.connectDatagram(c.target, options: plan.options), versions: nil)
            : try TLSClient.connect(c.target, options: plan.options, probeVersions: c.probeVersions)
        let judged = try fallingBack(from: result.handshake, versions: result.versions, plan: plan)
        // Secrets that could not be written are an error, as a chain that could not be saved.
        if let failure = c.keyLog?.writeFailure { throw failure }
        let live = judged.live
        let chain = live.observation.serverCertificates
        if let path = c.saveChainPath {
            if chain.isEmpty {
                Console.note("--save-chain \(path): the server presented no certificate; nothing written")
            } else {
                try ChainFile.write(chain, to: path)
            }
        }
        var extra = try judged.firstFailure + connectFindings(live, now: now)
        // The post-quantum hello of iOS 26 and Chrome, beside an ordinary one, under apple
        // and with --versions: two connections of their own, read to the first answer only.
        if c.profile.rule(ClientHelloRule.self) != nil || c.probeVersions, !c.datagram, c.upgrade == nil,
            live.observation.serverHello != nil || live.observation.helloRetryRequest != nil,
            let probe = try? LargeHelloProbing.probe(c.target, serverName: plan.serverName, timeout: c.timeout),
            let finding = LargeHelloDiagnosis.finding(probe, profile: c.profile)
        {
            extra.append(finding)
        }

        var evidence = ConnectEvidence()
        evidence.fallback = judged.fallback
        evidence.refusedTogether = judged.refusedTogether
        evidence.versions = result.versions
        evidence.ocsp = live.ocsp
        evidence.upgrade = live.upgrade
        if c.enumerateCiphers && live.upgrade?.upgraded != false {
            evidence.ciphers = try TLSClient.enumerateCiphers(c.target, options: plan.options)
        }
        if let leaf = chain.first, !c.anchors.isEmpty {
            evidence.openssl = OpenSSLVerification.verify(
                leaf: leaf,
                presented: Array(chain.dropFirst()),
                anchors: c.anchors.map(\.certificate),
                context: plan.context,
                peer: live.peerCertificates
            )
        }
        // The first handshake's report stands when connect adds no finding of its own.
        let report =
            (extra.isEmpty ? judged.firstReport : nil) ?? plan.judge(live, versions: result.versions, extra: extra)
        return ConnectionDiagnosis.completing(report, with: evidence, profile: c.profile)
    }

    /// What one run decides before the handshake: the name expected and sent, the
    /// handshake's options, the trust context.
    struct Plan {
        let configuration: Configuration
        let serverName: String?
        let options: HandshakeOptions
        let context: TrustContext

        init(_ c: Configuration, now: Date) {
            configuration = c
            let expected = ExpectedName(parsing: c.expectedHost ?? c.target.host)
            switch c.serverName {
            case .none: serverName = nil
            case .name(let name): serverName = name
            case .automatic:
                if case .dns(let name) = expected { serverName = name } else { serverName = nil }
            }
            var options = HandshakeOptions(
                sni: serverName,
                alpn: c.alpn,
                minVersion: c.minVersion,
                maxVersion: c.maxVersion,
                timeout: c.timeout,
                identity: c.identity,
                keyLog: c.keyLog,
                clientHello: c.profile.rule(ClientHelloRule.self)?.hello
            )
            options.upgrade = c.upgrade
            options.upgradeHost = serverName ?? c.target.host
            options.ocspIssuers = c.anchors.map(\.certificate)
            self.options = options
            context = TrustContext(
                at: c.at ?? now,
                expectedName: expected,
                purpose: .server,
                profile: c.profile,
                clientClock: c.at != nil
            )
        }

        /// The report of `live`, with connect's own findings `extra`.
        func judge(_ live: LiveHandshake, versions: [VersionProbe]?, extra: [Finding]) -> ConnectionReport {
            let c = configuration
            var target = ConnectTarget(host: c.target.host, port: c.target.port, address: live.address, sni: serverName)
            target.upgrade = c.upgrade
            target.transport = c.datagram ? .udp : .tcp
            let vantage = Vantage.client(ClientVantage(target: target, identity: c.identity?.certificates))
            let observation = live.observation
            return ConnectionDiagnosis.report(
                observation: observation,
                vantage: vantage,
                anchors: c.anchors,
                context: context,
                ending: live.ending,
                extraFindings: extra,
                versions: versions,
                negotiatedGroup: observation.serverHello?.group == nil ? live.negotiatedGroup : nil,
                localErrors: live.localErrors
            )
        }
    }

    /// The handshake to judge, and how it was found.
    struct Judged {
        var live: LiveHandshake
        var fallback: FallbackSummary?
        /// The first handshake's failure, when a fallback replaced it.
        var firstFailure: [Finding] = []
        var refusedTogether: [ProtocolVersion] = []
        /// The first handshake's report, while it still describes `live`.
        var firstReport: ConnectionReport?
    }

    /// A first handshake that failed on the cipher suite: offer every suite at the same
    /// versions, and judge the chain of the handshake the server then completes. One that
    /// failed on the version (or on the cipher, with that retry failing too, as an old
    /// server may answer a version it does not know): find out what the server speaks, and
    /// judge the chain of a handshake at the best older version it accepts.
    private func fallingBack(from first: LiveHandshake, versions: [VersionProbe]?, plan: Plan) throws -> Judged {
        let c = configuration
        var judged = Judged(live: first)
        guard !c.datagram, first.upgrade?.upgraded != false else { return judged }
        let oldestOffered = c.minVersion ?? min(.tls12, c.maxVersion ?? .tls13)
        let newestOffered = c.maxVersion ?? .tls13
        judged.firstReport = plan.judge(first, versions: versions, extra: [])
        let findings = judged.firstReport?.findings ?? []
        var versionFailure = FallbackDiagnosis.failedOnVersion(findings)
        if versionFailure == nil, let failure = FallbackDiagnosis.failedOnCipher(findings) {
            let retry = try? TLSClient.cipherFallback(
                c.target,
                options: plan.options,
                minVersion: oldestOffered,
                maxVersion: newestOffered
            )
            if let retry, let hello = retry.observation.serverHello, !hello.helloRetryRequest,
                retry.observation.outcome == .established || !retry.observation.serverCertificates.isEmpty
            {
                judged.fallback = FallbackSummary(
                    reason: failure.code,
                    firstFailure: failure.message,
                    version: hello.version,
                    probes: [],
                    cipher: hello.cipherSuite
                )
                judged.live = retry
                judged.firstReport = nil
                judged.firstFailure = [
                    FallbackDiagnosis.insistedSuite(
                        failure,
                        suite: hello.cipherSuite,
                        version: hello.version,
                        offered: TLSClient.wideCipherList
                    )
                ]
                return judged
            }
            versionFailure = failure
        }
        guard let failure = versionFailure, TLSClient.fallbackVersions.contains(where: { $0 < oldestOffered }) else {
            return judged
        }
        // Each version the first handshake offered was refused: the server would have
        // chosen it, had it spoken it.
        judged.refusedTogether = TLSClient.probedVersions.filter { $0 >= oldestOffered && $0 <= newestOffered }
        let found = try TLSClient.fallback(c.target, options: plan.options, below: oldestOffered, known: versions)
        judged.fallback = FallbackSummary(
            reason: failure.code,
            firstFailure: failure.message,
            version: found.handshake?.observation.serverHello?.version,
            probes: found.probes,
            cipher: found.handshake?.observation.serverHello?.cipherSuite
        )
        if let handshake = found.handshake {
            judged.live = handshake
            judged.firstReport = nil
            judged.firstFailure = [failure]
        }
        return judged
    }

    /// connect's own findings about `live`: an identity whose key does not match, Apple's
    /// client refused, the STARTTLS step refused, the pins, the known-hosts verdict (recorded
    /// under the file's lock).
    private func connectFindings(_ live: LiveHandshake, now: Date) throws -> [Finding] {
        let c = configuration
        let chain = live.observation.serverCertificates
        var findings: [Finding] = []
        if let unusable = c.unusableIdentity, let mismatch = unusable.keyMismatch {
            findings.append(
                OfflineDiagnosis.identityKeyMismatch(
                    source: unusable.path,
                    certificates: mismatch.certificates,
                    keyPin: mismatch.keyPin
                )
            )
        }
        if let refused = live.refused {
            findings.append(
                ClientHelloRefusal.finding(
                    hello: refused.hello,
                    refused: refused.observation,
                    ending: refused.ending,
                    localErrors: refused.localErrors,
                    completed: live.observation
                )
            )
        }
        if let upgrade = live.upgrade, let finding = UpgradeDiagnosis.finding(upgrade, profile: c.profile) {
            findings.append(finding)
        }
        if let finding = PinCheck.finding(pins: c.pins, chain: chain) { findings.append(finding) }
        if let path = c.knownHostsPath, let leaf = chain.first {
            let hostKey = KnownHosts.key(host: c.target.host, port: c.target.port)
            // Checked against the file as it is now, re-read under its lock: a first contact
            // another run recorded meanwhile is a match (same key) or a mismatch (another).
            let verdict = try KnownHostsFile.checkAndRecord(key: hostKey, pin: leaf.pin, at: now, in: path)
            findings.append(KnownHosts.finding(verdict, key: hostKey, pin: leaf.pin, file: path, now: now))
        }
        return findings
    }
}
