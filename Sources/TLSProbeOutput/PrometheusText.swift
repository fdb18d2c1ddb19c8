import SystemCalls
import TLSDiagnosis

/// watch's `--prometheus` file: Prometheus's text exposition format (version 0.0.4) for
/// node_exporter's textfile collector. Metric names carry their unit in base units
/// (seconds); label values come from peers (subjects, issuers) and are escaped as the
/// format requires: backslash, double quote and line feed.
public enum PrometheusText {
    /// What one round shows.
    public struct Round: Sendable {
        /// The endpoints this round reported or could not examine.
        public var scan: RecordedScan
        /// Endpoints the stored round had and this one does not (up 0): `ReportDiff.pairs`'s
        /// endpoints with no new side.
        public var gone: [RecordedEndpoint]
        /// The changes this round found.
        public var changes: [EndpointChange]
        /// When a round last found a change, if one ever did.
        public var lastChange: Date?
        /// How long the round's scan took, in seconds.
        public var duration: Double

        public init(
            scan: RecordedScan,
            gone: [RecordedEndpoint] = [],
            changes: [EndpointChange] = [],
            lastChange: Date? = nil,
            duration: Double
        ) {
            self.scan = scan
            self.gone = gone
            self.changes = changes
            self.lastChange = lastChange
            self.duration = duration
        }
    }

    /// Every metric family, with what it means (the man page lists the same).
    public static let families: [(name: String, help: String)] = [
        ("tlsprobe_cert_not_after_seconds", "The leaf certificate's notAfter, as a Unix time."),
        ("tlsprobe_endpoint_up", "1 when the endpoint was examined this round, 0 when it could not be or is gone."),
        (
            "tlsprobe_endpoint_trusted",
            "1 when the chain is trusted against the anchors, 0 when not (absent when not evaluated)."
        ),
        ("tlsprobe_findings", "Findings of this code at the endpoint this round."),
        (
            "tlsprobe_shared_key",
            "1 for an endpoint whose leaf public key (SHA-256 of its SubjectPublicKeyInfo) other addresses also serve (fleet.shared_key)."
        ),
        ("tlsprobe_changes", "Changes of this kind (diff's change codes) found at the endpoint by the last round."),
        ("tlsprobe_last_change_timestamp_seconds", "When a round last found a change, as a Unix time (0: never)."),
        ("tlsprobe_scan_duration_seconds", "How long the last round's scan took."),
    ]

    /// The file's text.
    public static func render(_ round: Round) -> String {
        var samples: [String: [String]] = [:]
        // A label set written once per family: node_exporter refuses a file with two (the
        // first sample of one endpoint wins, as a scan listing a target twice would give).
        var written: Set<String> = []
        func add(_ name: String, _ labels: [(String, String)], _ value: String) {
            let text =
                labels.isEmpty ? "" : "{" + labels.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: ",") + "}"
            guard written.insert(name + text).inserted else { return }
            samples[name, default: []].append(name + text + " " + value)
        }
        for e in round.scan.endpoints {
            let endpoint = [("endpoint", e.key), ("host", e.host)]
            add("tlsprobe_endpoint_up", endpoint, e.errorCode == nil ? "1" : "0")
            guard e.errorCode == nil else { continue }
            if let leaf = e.leaf, let end = leaf.notAfter {
                add(
                    "tlsprobe_cert_not_after_seconds",
                    endpoint + [("subject", leaf.subject), ("issuer", leaf.issuer)],
                    number(end.timeIntervalSince1970)
                )
            }
            if let trusted = e.trusted { add("tlsprobe_endpoint_trusted", endpoint, trusted ? "1" : "0") }
            var findings: [String: (severity: String, count: Int)] = [:]
            for f in e.findings { findings[f.code, default: (f.severity, 0)].count += 1 }
            for (code, f) in findings.sorted(by: { $0.key < $1.key }) {
                add("tlsprobe_findings", endpoint + [("code", code), ("severity", f.severity)], String(f.count))
            }
        }
        // fleet.shared_key, as scan's summary decides it: one leaf key at more than one address.
        var addressesByKey: [String: Set<String>] = [:]
        for e in round.scan.endpoints where e.errorCode == nil {
            if let spki = e.leaf?.spkiSHA256 { addressesByKey[spki, default: []].insert(e.address ?? e.host) }
        }
        for e in round.scan.endpoints where e.errorCode == nil {
            guard let spki = e.leaf?.spkiSHA256, (addressesByKey[spki]?.count ?? 0) > 1 else { continue }
            add("tlsprobe_shared_key", [("endpoint", e.key), ("host", e.host), ("spki_sha256", spki)], "1")
        }
        for e in round.gone { add("tlsprobe_endpoint_up", [("endpoint", e.key), ("host", e.host)], "0") }
        var changes: [String: [String: Int]] = [:]
        for c in round.changes {
            changes[c.endpoint + "\u{0}" + c.host, default: [:]][c.kind.rawValue, default: 0] += 1
        }
        for (at, kinds) in changes.sorted(by: { $0.key < $1.key }) {
            let parts = at.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            for (kind, count) in kinds.sorted(by: { $0.key < $1.key }) {
                add(
                    "tlsprobe_changes",
                    [("endpoint", parts[0]), ("host", parts.count > 1 ? parts[1] : ""), ("change", kind)],
                    String(count)
                )
            }
        }
        add("tlsprobe_last_change_timestamp_seconds", [], number(round.lastChange?.timeIntervalSince1970 ?? 0))
        add("tlsprobe_scan_duration_seconds", [], number(round.duration))
        var out = ""
        for (name, help) in families {
            out += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
            for line in samples[name] ?? [] { out += line + "\n" }
        }
        return out
    }

    /// A label value as the format writes it: `\` as `\\`, `"` as `\"`, a line feed as `\n`.
    public static func escape(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A value: an integer as one, else three decimals.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "NaN" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return SystemCall.format("%.3f", value)
    }
}
