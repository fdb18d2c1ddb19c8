import Foundation
import OpenSSLProbe
import TLSDiagnosis
import TLSWire

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
        let options = HandshakeOptions(
            sni: serverName, alpn: c.alpn, minVersion: c.minVersion, maxVersion: c.maxVersion, timeout: c.timeout,
            identity: c.identity, keyLog: c.keyLog, clientHello: c.profile.clientHello)
        let result = try TLSClient.connect(dial, options: options, probeVersions: c.probeVersions)
        let live = result.handshake
        let observation = live.observation
        let chain = observation.serverCertificates

        var extra: [Finding] = []
        if let unusable = c.unusableIdentity, let mismatch = unusable.keyMismatch {
            extra.append(OfflineDiagnosis.identityKeyMismatch(source: unusable.path, certificates: mismatch.certificates, keyPin: mismatch.keyPin))
        }
        if let refused = live.refused {
            extra.append(ClientHelloRefusal.finding(
                hello: refused.hello, refused: refused.observation, ending: refused.ending, localErrors: refused.localErrors,
                completed: observation))
        }
        if let finding = PinCheck.finding(pins: c.pins, chain: chain) { extra.append(finding) }
        if let path = c.knownHostsPath, let leaf = chain.first {
            let hostKey = KnownHosts.key(host: dial.host, port: dial.port)
            // Checked against the file as it is now, re-read under its lock: a first contact
            // another run recorded meanwhile is a match (same key) or a mismatch (another).
            let verdict = try KnownHostsFile.checkAndRecord(key: hostKey, pin: leaf.pin, at: now, in: path)
            extra.append(KnownHosts.finding(verdict, key: hostKey, pin: leaf.pin, file: path, now: now))
        }

        let context = TrustContext(at: c.at ?? now, expectedName: expected, purpose: .server, profile: c.profile, clientClock: c.at != nil)
        let vantage = Vantage.client(ClientVantage(
            target: ConnectTarget(host: dial.host, port: dial.port, address: live.address, sni: serverName),
            identity: c.identity?.certificates))
        var report = ConnectionDiagnosis.report(
            observation: observation, vantage: vantage, anchors: c.anchors, context: context, ending: live.ending,
            extraFindings: extra, versions: result.versions,
            negotiatedGroup: observation.serverHello?.group == nil ? live.negotiatedGroup : nil,
            localErrors: live.localErrors)
        if let leaf = chain.first, !c.anchors.isEmpty {
            report.trust.openssl = OpenSSLVerification.verify(
                leaf: leaf, presented: Array(chain.dropFirst()), anchors: c.anchors.map(\.certificate), context: context)
        }
        return report
    }
}
