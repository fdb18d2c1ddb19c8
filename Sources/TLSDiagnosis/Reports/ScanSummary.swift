import SystemCalls
import TLSWire

/// One line of `scan`'s table: an endpoint and what its connect report says, in a few
/// short strings. The report itself is not kept: a /16 must not hold 65,536 reports.
public struct ScanRow: Sendable, Hashable {
    /// What scan makes of an endpoint.
    public enum Verdict: String, Sendable, Hashable {
        case trusted
        case notTrusted = "not_trusted"
        /// No anchors (nor pin): every other check ran.
        case notEvaluated = "not_evaluated"
        /// The port answered with another protocol: listed, never counted as a failure.
        case notTLS = "not_tls"
        /// Something listened, but nothing could be examined (the error's code says why).
        case error
    }

    /// The host dialled (name or address) and the address connected to.
    public var host: String
    public var address: String?
    public var port: Int
    /// The SNI sent; nil when none (an address dialled without a --host-map name).
    public var sni: String?
    /// The leaf's first DNS name (or its subject when it has none), for a row without SNI.
    public var leafName: String?
    public var verdict: Verdict
    /// Whether the profile's client would connect (the report's `ClientVerdict`); nil for
    /// not-TLS and error rows.
    public var connects: Bool?
    /// The code of the finding that stops it, when it cannot connect.
    public var cause: String?
    /// The handshake did not complete (with `verdict` trusted/not trusted/not evaluated).
    public var handshakeFailed: Bool
    /// The worst finding: its code, severity and first sentence; for `.error` rows the
    /// error code and message; for `.notTLS` rows the first bytes seen.
    public var topCode: String?
    public var topSeverity: Severity?
    public var topMessage: String?
    /// Findings beyond the top one.
    public var moreFindings: Int
    public var notAfter: Date?
    /// The leaf's issuer, its Common Name when it has one.
    public var issuer: String?
    /// Findings at or above `--fail-on` (never for not-TLS and error rows).
    public var failing: Bool
    /// Codes of the report's error-severity findings, for the summary.
    public var errorFindingCodes: [String]
    /// scan --bonjour: the instance name and service type the endpoint was found as.
    public var bonjourInstance: String? = nil
    public var bonjourType: String? = nil
    /// The SHA-256 of the leaf's SubjectPublicKeyInfo, for `fleet.shared_key`.
    public var leafSPKI: String? = nil
    /// Whether the report has `cert.vendor_default` (a stack's default certificate).
    public var vendorDefault = false

    /// `host:port` (`[v6]:port`), the address connected to in parentheses when a name was dialled.
    public var endpoint: String {
        if port == 0 { return host }  // a name that did not resolve: no port was tried
        let endpoint = HostPort.display(host: host, port: port)
        if let address, address != host { return "\(endpoint) (\(address))" }
        return endpoint
    }

    /// The row of a connect report.
    public init(report r: ConnectionReport, threshold: FailThreshold) {
        let target = r.target
        host = target?.host ?? "?"
        address = target?.address
        port = target?.port ?? 0
        sni = target?.sni
        bonjourInstance = r.bonjour?.instance
        bonjourType = r.bonjour?.type
        let leaf = r.chain.first
        leafName = leaf.map { $0.dnsNames.first ?? Self.commonName($0.subject) ?? $0.subject }
        notAfter = leaf?.notAfter
        issuer = leaf.map { Self.commonName($0.issuer) ?? $0.issuer }
        handshakeFailed = r.outcome != .established
        errorFindingCodes = Array(Set(r.findings.filter { $0.severity == .error }.map(\.code.rawValue))).sorted()
        leafSPKI = leaf?.spkiSHA256
        vendorDefault = r.findings.contains { $0.code == .certVendorDefault }
        // Findings are in report order: the first is the root cause of the worst group.
        let top = r.findings.first
        connects = nil
        cause = nil
        moreFindings = max(0, r.findings.count - 1)
        if let notTLS = Self.notTLSAnswer(r) {
            verdict = .notTLS
            topCode = nil
            topSeverity = nil
            topMessage = "answers with another protocol: \"\(notTLS)\""
            failing = false
            moreFindings = 0
            errorFindingCodes = []
            return
        }
        let clientVerdict = r.verdict
        connects = clientVerdict.connects
        cause = clientVerdict.cause?.code.rawValue
        switch r.trust.trusted {
        case .some(true): verdict = .trusted
        case .some(false): verdict = .notTrusted
        case .none: verdict = .notEvaluated
        }
        topCode = top?.code.rawValue
        topSeverity = top?.severity
        topMessage = top.map { Self.firstSentence($0.message) }
        failing = threshold.fails(r.findings)
    }

    /// The row of an endpoint that listened but could not be examined.
    public init(host: String, port: Int, errorCode: String, message: String) {
        self.host = host
        self.port = port
        address = nil
        sni = nil
        leafName = nil
        verdict = .error
        connects = nil
        cause = nil
        handshakeFailed = false
        topCode = errorCode
        topSeverity = nil
        topMessage = message
        moreFindings = 0
        notAfter = nil
        issuer = nil
        failing = false
        errorFindingCodes = []
    }

    /// The printable start of a non-TLS answer, when the handshake ended on one: no
    /// ServerHello, and `tls.handshake_failed` carrying the first bytes.
    static func notTLSAnswer(_ r: ConnectionReport) -> String? {
        guard r.serverHello == nil, r.chain.isEmpty else { return nil }
        for f in r.findings where f.code == .tlsHandshakeFailed {
            if case .string(let text)? = f.evidence["first_bytes_text"] { return text }
        }
        return nil
    }

    static func commonName(_ dn: String) -> String? {
        guard let range = dn.scalarRange(of: "CN=") else { return nil }
        let rest = dn[range.upperBound...]
        let end = rest.firstIndex(where: { $0 == "," || $0 == "+" }) ?? rest.endIndex
        let name = rest[..<end].trimmingSpaces()
        return name.isEmpty ? nil : name
    }

    static func firstSentence(_ message: String) -> String {
        var sentence = message
        if let end = sentence.scalarRange(of: ". ") { sentence = String(sentence[..<end.lowerBound]) + "." }
        if sentence.count > 100 { sentence = String(sentence.prefix(99)) + "…" }
        return sentence
    }

    /// Sorting: by address (IPv4 before IPv6, numerically), then names, then port.
    public static func ordered(_ a: ScanRow, _ b: ScanRow) -> Bool {
        let ka = sortKey(a)
        let kb = sortKey(b)
        if ka != kb { return ka.lexicographicallyPrecedes(kb) }
        return a.port < b.port
    }

    static func sortKey(_ row: ScanRow) -> [UInt8] {
        if let bytes = IPAddressText.parse(row.host) { return [bytes.count == 4 ? 0 : 1] + bytes }
        if let address = row.address, let bytes = IPAddressText.parse(address) {
            return [2] + Array(row.host.utf8) + [0] + bytes
        }
        return [2] + Array(row.host.utf8)
    }
}

/// `scan`'s closing tally over every endpoint, kept as counts (and a bounded list of the
/// certificates about to expire), never as reports.
public struct ScanSummary: Sendable, Hashable {
    /// Addresses and names scanned, ports per address, endpoints (host and port) in all.
    public var hosts = 0
    public var ports: [Int] = []
    public var endpoints = 0
    /// Endpoints probed so far (all of them, unless interrupted).
    public var probed = 0
    /// Refused (nothing listens), silent (no answer in time), unreachable.
    public var closed = 0
    public var silent = 0
    public var unreachable = 0
    /// Hosts that answered on none of their ports (no SYN-ACK, no RST): each reported once,
    /// its ports counted in `silent` and not tried again.
    public var silentHosts = 0
    /// Endpoints the sweep tried more than once (a silent port on a host that answered).
    public var retried = 0
    /// `--shard K/N` as given; nil for a whole scan. `endpoints` and every count are then
    /// this shard's.
    public var shard: String?
    /// Endpoints where something accepted the TCP connection.
    public var found = 0
    /// Of those: a report made (TLS spoken, or another protocol), and which.
    public var reported = 0
    public var notTLS = 0
    public var trusted = 0
    public var notTrusted = 0
    public var notEvaluated = 0
    /// TLS endpoints whose profile client would connect, and would not.
    public var connects = 0
    public var cannotConnect = 0
    /// Reports with findings at or above `--fail-on`.
    public var failing = 0
    /// Endpoints that listened but could not be examined, and names that did not resolve, by
    /// error code: what "errors" means in the text summary and in JSON alike.
    public var errors: [String: Int] = [:]
    /// Endpoints with an error-severity finding, by finding code.
    public var findings: [String: Int] = [:]
    /// `--expiring DAYS`, and the leaf certificates that end within them (not yet ended),
    /// soonest first, at most `expiringListed` of them listed.
    public var expiringDays = 30
    public var expiringCount = 0
    public var expiring: [Expiring] = []
    /// Leaf certificates already expired.
    public var expired = 0
    public var interrupted = false
    public var elapsedMilliseconds = 0

    public static let expiringListed = 100

    /// `fleet.shared_key`: one leaf public key served at endpoints of more than one
    /// address (devices shipped with one key for all units, or a stack's default), each
    /// group's endpoints in scan order (`Listed`), largest groups first.
    public var sharedKeys: [SharedKey] {
        keyEndpoints.compactMap { spki, endpoints -> SharedKey? in
            guard Set(endpoints.map(\.address)).count > 1 else { return nil }
            return SharedKey(spkiSHA256: spki, endpoints: endpoints.map(\.endpoint))
        }.sorted {
            $0.endpoints.count != $1.endpoints.count
                ? $0.endpoints.count > $1.endpoints.count : $0.spkiSHA256 < $1.spkiSHA256
        }
    }

    /// One key and the endpoints that serve it.
    public struct SharedKey: Sendable, Hashable {
        public var spkiSHA256: String
        public var endpoints: [String]
        public init(spkiSHA256: String, endpoints: [String]) {
            self.spkiSHA256 = spkiSHA256
            self.endpoints = endpoints
        }
    }

    /// At most this many distinct leaf keys are remembered, and this many endpoints per key
    /// listed: a /16 of devices with keys of their own must not grow the summary without end.
    public static let keysRemembered = 65_536
    public static let endpointsPerKeyListed = 100

    /// `cert.vendor_default`: endpoints serving a stack's default certificate, counted, and
    /// the first `endpointsPerKeyListed` of them listed in scan order.
    public var vendorDefaultCount = 0
    public var vendorDefaults: [String] { vendorDefaultEndpoints.map(\.endpoint) }
    private var vendorDefaultEndpoints: [Listed] = []

    /// Leaf key → the endpoints (and their addresses) serving it.
    private var keyEndpoints: [String: [Listed]] = [:]

    /// An endpoint in a summary list, kept in scan order whatever order endpoints finish
    /// in: by address (numerically, IPv4 before IPv6, then names), then port, as
    /// `ScanRow.ordered` sorts the table; a full list keeps the first in that order.
    private struct Listed: Sendable {
        var endpoint: String
        var address: String
        var key: [UInt8]
        var port: Int

        init(_ row: ScanRow) {
            endpoint = row.endpoint
            address = row.address ?? row.host
            key = ScanRow.sortKey(row)
            port = row.port
        }

        func precedes(_ other: Listed) -> Bool {
            key != other.key ? key.lexicographicallyPrecedes(other.key) : port < other.port
        }

        /// Puts `item` in its place in `list` and drops what is past `limit`.
        static func insert(_ item: Listed, into list: inout [Listed], limit: Int) {
            if list.count >= limit, let last = list.last, !item.precedes(last) { return }
            var low = 0
            var high = list.count
            while low < high {
                let mid = (low + high) / 2
                if list[mid].precedes(item) { low = mid + 1 } else { high = mid }
            }
            list.insert(item, at: low)
            if list.count > limit { list.removeLast() }
        }
    }

    public static func == (a: ScanSummary, b: ScanSummary) -> Bool {
        a.hosts == b.hosts && a.ports == b.ports && a.endpoints == b.endpoints && a.probed == b.probed
            && a.closed == b.closed && a.silent == b.silent && a.unreachable == b.unreachable && a.found == b.found
            && a.reported == b.reported && a.notTLS == b.notTLS && a.trusted == b.trusted
            && a.notTrusted == b.notTrusted && a.notEvaluated == b.notEvaluated && a.connects == b.connects
            && a.cannotConnect == b.cannotConnect && a.failing == b.failing && a.errors == b.errors
            && a.findings == b.findings && a.expiringDays == b.expiringDays && a.expiringCount == b.expiringCount
            && a.expiring == b.expiring && a.expired == b.expired && a.interrupted == b.interrupted
            && a.elapsedMilliseconds == b.elapsedMilliseconds && a.sharedKeys == b.sharedKeys
            && a.vendorDefaultCount == b.vendorDefaultCount && a.vendorDefaults == b.vendorDefaults
            && a.silentHosts == b.silentHosts && a.retried == b.retried && a.shard == b.shard
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(endpoints)
        hasher.combine(probed)
        hasher.combine(found)
        hasher.combine(reported)
    }

    public struct Expiring: Sendable, Hashable {
        public var endpoint: String
        public var notAfter: Date
        public init(endpoint: String, notAfter: Date) {
            self.endpoint = endpoint
            self.notAfter = notAfter
        }
    }

    public init() {}

    /// Counts a row; `now` decides what is expiring or expired.
    public mutating func add(_ row: ScanRow, now: Date) {
        switch row.verdict {
        case .error:
            if let code = row.topCode { errors[code, default: 0] += 1 }
            return
        case .notTLS: notTLS += 1
        case .trusted: trusted += 1
        case .notTrusted: notTrusted += 1
        case .notEvaluated: notEvaluated += 1
        }
        reported += 1
        if let connects = row.connects {
            if connects { self.connects += 1 } else { cannotConnect += 1 }
        }
        if row.failing { failing += 1 }
        for code in row.errorFindingCodes { findings[code, default: 0] += 1 }
        if row.vendorDefault {
            vendorDefaultCount += 1
            Listed.insert(Listed(row), into: &vendorDefaultEndpoints, limit: Self.endpointsPerKeyListed)
        }
        if let spki = row.leafSPKI, keyEndpoints[spki] != nil || keyEndpoints.count < Self.keysRemembered {
            Listed.insert(Listed(row), into: &keyEndpoints[spki, default: []], limit: Self.endpointsPerKeyListed)
        }
        if let end = row.notAfter {
            if end < now {
                expired += 1
            } else if end < now.addingTimeInterval(Double(expiringDays) * 86400) {
                expiringCount += 1
                expiring.append(Expiring(endpoint: row.endpoint, notAfter: end))
                expiring.sort { $0.notAfter != $1.notAfter ? $0.notAfter < $1.notAfter : $0.endpoint < $1.endpoint }
                if expiring.count > Self.expiringListed { expiring.removeLast() }
            }
        }
    }
}

extension ConnectionReport {
    /// The report as scan lists it: a port that answered with another protocol is not a TLS
    /// failure, so its `tls.handshake_failed` is a note (info), not an error.
    public var asScanned: ConnectionReport {
        guard ScanRow.notTLSAnswer(self) != nil else { return self }
        var report = self
        report.findings = findings.map { finding in
            var finding = finding
            if finding.code == .tlsHandshakeFailed { finding.severity = .info }
            return finding
        }.inReportOrder()
        return report
    }
}
