import SystemCalls
import OpenSSLProbe
import TLSDiagnosis
import TLSWire
import LiveNetwork
import SafeFiles

/// `connect`: one handshake with a server (and, when asked, one per protocol version),
/// judged from the client's vantage against the anchors, the pins and the known-hosts file.
public struct ConnectSession: Sendable {
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

        public init(target: DialTarget) {
            self.target = target
        }
    }

    public let configuration: Configuration

    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Shakes hands and judges what the server presented. Throws when nothing could be
    /// examined: no answer, refused, unresolvable, an unreadable known-hosts file.
    public func run() throws -> ConnectionReport {
        let c = configuration
        let dial = c.target
        // An unusable known-hosts file (a link, a FIFO, another user's) is refused before
        // the handshake; the verdict is made after it, under the file's lock.
        if let path = c.knownHostsPath { _ = try KnownHostsFile.read(path) }
        if let path = c.saveChainPath { try ChainFile.check(path) }

        // The clock is read once: the contact time, and the instant trust is judged at.
        let now = Date()
        let expected = ExpectedName(parsing: c.expectedHost ?? dial.host)
        let serverName: String?
        switch c.serverName {
        case .none: serverName = nil
        case .name(let name): serverName = name
        case .automatic:
            if case .dns(let name) = expected { serverName = name } else { serverName = nil }
        }
        var options = HandshakeOptions(
            sni: serverName, alpn: c.alpn, minVersion: c.minVersion, maxVersion: c.maxVersion, timeout: c.timeout,
            identity: c.identity, keyLog: c.keyLog, clientHello: c.profile.clientHello)
        options.upgrade = c.upgrade
        options.upgradeHost = serverName ?? dial.host
        let result = c.datagram
            ? (handshake: try TLSClient.connectDatagram(dial, options: options), versions: nil)
            : try TLSClient.connect(dial, options: options, probeVersions: c.probeVersions)
        let context = TrustContext(at: c.at ?? now, expectedName: expected, purpose: .server, profile: c.profile, clientClock: c.at != nil)
        func judge(_ live: LiveHandshake, extra: [Finding]) -> ConnectionReport {
            var target = ConnectTarget(host: dial.host, port: dial.port, address: live.address, sni: serverName)
            target.upgrade = c.upgrade
            target.transport = c.datagram ? .udp : .tcp
            let vantage = Vantage.client(ClientVantage(target: target, identity: c.identity?.certificates))
            let observation = live.observation
            return ConnectionDiagnosis.report(
                observation: observation, vantage: vantage, anchors: c.anchors, context: context, ending: live.ending,
                extraFindings: extra, versions: result.versions,
                negotiatedGroup: observation.serverHello?.group == nil ? live.negotiatedGroup : nil,
                localErrors: live.localErrors)
        }

        // A first handshake that failed on the cipher suite: offer every suite at the same
        // versions, and judge the chain of the handshake the server then completes. One that
        // failed on the version (or on the cipher, with that retry failing too, as an old
        // server may answer a version it does not know): find out what the server speaks,
        // and judge the chain of a handshake at the best older version it accepts.
        var live = result.handshake
        var fallback: FallbackSummary?
        var firstFailure: [Finding] = []
        var refusedTogether: [ProtocolVersion] = []
        // The first handshake's report, kept while it still describes `live`: when nothing
        // is added to it, it is the report (judging the same handshake again gives the same).
        var firstReport: ConnectionReport?
        let oldestOffered = c.minVersion ?? min(.tls12, c.maxVersion ?? .tls13)
        let newestOffered = c.maxVersion ?? .tls13
        if !c.datagram, live.upgrade?.upgraded != false {
            firstReport = judge(live, extra: [])
            let first = firstReport?.findings ?? []
            var versionFailure = FallbackDiagnosis.failedOnVersion(first)
            if versionFailure == nil, let failure = FallbackDiagnosis.failedOnCipher(first) {
                let retry = try? TLSClient.cipherFallback(dial, options: options, minVersion: oldestOffered, maxVersion: newestOffered)
                if let retry, let hello = retry.observation.serverHello, !hello.helloRetryRequest,
                    retry.observation.outcome == .established || !retry.observation.serverCertificates.isEmpty
                {
                    fallback = FallbackSummary(
                        reason: failure.code, firstFailure: failure.message, version: hello.version, probes: [], cipher: hello.cipherSuite)
                    live = retry
                    firstReport = nil
                    firstFailure = [FallbackDiagnosis.insistedSuite(
                        failure, suite: hello.cipherSuite, version: hello.version, offered: TLSClient.wideCipherList)]
                } else {
                    versionFailure = failure
                }
            }
            if fallback == nil, let failure = versionFailure, TLSClient.fallbackVersions.contains(where: { $0 < oldestOffered }) {
                // Each version the first handshake offered was refused: the server would
                // have chosen it, had it spoken it.
                refusedTogether = TLSClient.probedVersions.filter { $0 >= oldestOffered && $0 <= newestOffered }
                let found = try TLSClient.fallback(dial, options: options, below: oldestOffered, known: result.versions)
                fallback = FallbackSummary(
                    reason: failure.code, firstFailure: failure.message, version: found.handshake?.observation.serverHello?.version,
                    probes: found.probes, cipher: found.handshake?.observation.serverHello?.cipherSuite)
                if let handshake = found.handshake {
                    live = handshake
                    firstReport = nil
                    firstFailure = [failure]
                }
            }
        }
        let chain = live.observation.serverCertificates
        if let path = c.saveChainPath {
            if chain.isEmpty {
                Console.note("--save-chain \(path): the server presented no certificate; nothing written")
            } else {
                try ChainFile.write(chain, to: path)
            }
        }

        var extra: [Finding] = firstFailure
        if let unusable = c.unusableIdentity, let mismatch = unusable.keyMismatch {
            extra.append(OfflineDiagnosis.identityKeyMismatch(source: unusable.path, certificates: mismatch.certificates, keyPin: mismatch.keyPin))
        }
        if let refused = live.refused {
            extra.append(ClientHelloRefusal.finding(
                hello: refused.hello, refused: refused.observation, ending: refused.ending, localErrors: refused.localErrors,
                completed: live.observation))
        }
        if let upgrade = live.upgrade, let finding = UpgradeDiagnosis.finding(upgrade, profile: c.profile) { extra.append(finding) }
        if let finding = PinCheck.finding(pins: c.pins, chain: chain) { extra.append(finding) }
        if let path = c.knownHostsPath, let leaf = chain.first {
            let hostKey = KnownHosts.key(host: dial.host, port: dial.port)
            // Checked against the file as it is now, re-read under its lock: a first contact
            // another run recorded meanwhile is a match (same key) or a mismatch (another).
            let verdict = try KnownHostsFile.checkAndRecord(key: hostKey, pin: leaf.pin, at: now, in: path)
            extra.append(KnownHosts.finding(verdict, key: hostKey, pin: leaf.pin, file: path, now: now))
        }

        var report = extra.isEmpty ? (firstReport ?? judge(live, extra: [])) : judge(live, extra: extra)
        report.fallback = fallback
        report.ocsp = live.ocsp
        if c.enumerateCiphers && live.upgrade?.upgraded != false {
            report.ciphers = CipherDiagnosis.summaries(try TLSClient.enumerateCiphers(dial, options: options))
        }
        // Every version the server accepted older than the profile allows (a fallback's
        // probes, or --versions): one finding that names them.
        let probes = (fallback?.probes ?? []) + (result.versions ?? [])
        report.findings = FallbackDiagnosis.replacingTooOld(report.findings, with: FallbackDiagnosis.onlyOldVersions(probes, profile: c.profile, refusedTogether: refusedTogether))
            .inReportOrder()
        if live.upgrade?.upgraded == false { report.trust.note = UpgradeDiagnosis.trustNote }
        if let leaf = chain.first, !c.anchors.isEmpty {
            report.trust.openssl = OpenSSLVerification.verify(
                leaf: leaf, presented: Array(chain.dropFirst()), anchors: c.anchors.map(\.certificate), context: context,
                peer: live.peerCertificates)
        }
        return report
    }
}
