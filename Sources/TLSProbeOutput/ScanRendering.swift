import SystemCalls
import TLSDiagnosis

extension TextRenderer {
    /// `scan`'s table: one line per endpoint, already sorted, columns aligned: the endpoint,
    /// the name (SNI sent, or the leaf's own name in parentheses), the verdict, the top
    /// finding, the leaf's expiry date and issuer.
    public func scanTable(_ rows: [ScanRow]) -> String {
        guard !rows.isEmpty else { return "" }
        // With --bonjour, a SERVICE column after NAME: the instance name and service type.
        let services = rows.contains { $0.bonjourInstance != nil }
        var header = ["ENDPOINT", "NAME", "VERDICT (CHAIN)", "EXPIRES", "ISSUER", "TOP FINDING"]
        if services { header.insert("SERVICE", at: 2) }
        var cells: [[String]] = []
        var tones: [TextStyle.Tone?] = []
        for row in rows {
            let name = row.sni ?? row.leafName.map { "(\($0))" } ?? "-"
            var verdict: String
            var tone: TextStyle.Tone?
            // The client's verdict first, chain trust beside it.
            let trust: String
            switch row.verdict {
            case .trusted: trust = "trusted"
            case .notTrusted: trust = "NOT TRUSTED"
            case .notEvaluated: trust = "not evaluated"
            case .notTLS, .error: trust = ""
            }
            switch row.verdict {
            case .notTLS:
                verdict = "not TLS"
                tone = .cyan
            case .error:
                verdict = "error"
                tone = .red
            default:
                verdict = (row.connects == true ? "connects" : "CANNOT CONNECT") + " (\(trust))"
                tone = row.connects == true ? .green : .red
            }
            let expires = row.notAfter.map { String(ReportTime.iso8601($0).prefix(10)) } ?? "-"
            let top = row.topFinding()
            var line = [row.endpoint, name, verdict, expires, row.issuer ?? "-", top]
            if services {
                let service = row.bonjourInstance.map { "\"\($0)\" \(row.bonjourType ?? "")" } ?? "-"
                line.insert(service, at: 2)
            }
            cells.append(line.map { oneLine($0) })
            tones.append(tone)
        }
        // Widths from the cells, the last column left ragged; a long name or issuer is cut
        // (with --verbose, never).
        var limits = verbose ? Array(repeating: Int.max, count: 5) : [48, 40, 32, 10, 32]
        if services { limits.insert(verbose ? Int.max : 48, at: 2) }
        let verdictColumn = services ? 3 : 2
        let widths = header.dropLast().enumerated().map { i, h in
            min(limits[i], max(h.count, cells.map { $0[i].count }.max() ?? 0))
        }
        func pad(_ text: String, _ width: Int) -> String {
            let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
            return cut + String(repeating: " ", count: max(0, width - cut.count))
        }
        var out =
            header.dropLast().enumerated().map { pad($1, widths[$0]) }.joined(separator: "  ") + "  " + header.last!
            + "\n"
        for (index, row) in cells.enumerated() {
            var parts: [String] = []
            for i in 0..<widths.count {
                var cell = pad(row[i], widths[i])
                if i == verdictColumn, let tone = tones[index] { cell = style.paint(cell, tone) }
                parts.append(cell)
            }
            out += parts.joined(separator: "  ") + "  " + row[row.count - 1] + "\n"
        }
        return TextStyle.terminalSafe(out)
    }

    /// `scan`'s summary after the table.
    public func scanSummary(_ s: ScanSummary) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        func tally(_ counts: [String: Int]) -> String {
            counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map {
                "\($0.key) \($0.value)"
            }.joined(separator: " · ")
        }
        var out = "\n"
        let head =
            s.interrupted
            ? "Interrupted: \(s.probed) of \(plural(s.endpoints, "endpoint")) probed"
            : "Scanned \(plural(s.endpoints, "endpoint"))"
        let part = s.shard.map { ", shard \($0)" } ?? ""
        out +=
            "\(head) (\(plural(s.hosts, "host")) × \(plural(s.ports.count, "port"))\(part)) in \(SystemCall.format("%.1f", Double(s.elapsedMilliseconds) / 1000)) s\n"
        out +=
            "  found       \(s.found) listening (\(s.closed) closed, \(s.silent) silent, \(s.unreachable) unreachable)\n"
        if s.silentHosts > 0 {
            out += "  silent      \(plural(s.silentHosts, "host")) answered on no port\n"
        }
        out +=
            "  clients     \(s.cannotConnect) cannot connect, \(s.connects) connect\n"
        out +=
            "  TLS         \(s.reported - s.notTLS): \(s.trusted) trusted, \(s.notTrusted) not trusted, \(s.notEvaluated) not evaluated"
        out += s.notTLS > 0 ? "; \(s.notTLS) not TLS\n" : "\n"
        out += "  failing     \(s.failing) with findings at or above --fail-on\n"
        // "errors" is what JSON's summary.errors holds: endpoints not examined, by error code.
        if !s.findings.isEmpty { out += "  findings    " + tally(s.findings) + " (error severity)\n" }
        if !s.errors.isEmpty { out += "  errors      " + tally(s.errors) + " (not examined)\n" }
        out += "  expiring    \(s.expiringCount) within \(s.expiringDays) days"
        if s.expired > 0 { out += ", \(s.expired) expired" }
        out += "\n"
        for e in s.expiring.prefix(10) {
            out += "              \(e.endpoint)  \(ReportTime.iso8601(e.notAfter).prefix(10))\n"
        }
        if s.expiring.count > 10 { out += "              and \(s.expiringCount - 10) more\n" }
        if s.vendorDefaultCount > 0 {
            out +=
                "  defaults    cert.vendor_default: \(s.vendorDefaultCount) serve a stack's default certificate: "
                + s.vendorDefaults.prefix(10).joined(separator: ", ")
                + (s.vendorDefaultCount > 10 ? " and \(s.vendorDefaultCount - 10) more" : "") + "\n"
        }
        let shared = s.sharedKeys
        for key in shared.prefix(10) {
            out +=
                "  shared key  fleet.shared_key: \(key.endpoints.count) endpoints serve key sha256/\(key.spkiSHA256.prefix(16))…: "
                + key.endpoints.prefix(10).joined(separator: ", ")
                + (key.endpoints.count > 10 ? " and \(key.endpoints.count - 10) more" : "") + "\n"
        }
        if shared.count > 10 { out += "              and \(shared.count - 10) more shared keys\n" }
        return TextStyle.terminalSafe(out)
    }
}

extension ReportJSON {
    /// `scan`'s last JSON line: `{"schema_version": 1, "command": "scan", "summary": {...}}`.
    public static func json(_ s: ScanSummary) -> JSONValue {
        .object([
            "schema_version": .int(1),
            "command": .string("scan"),
            "summary": .object([
                "hosts": .int(s.hosts),
                "ports": .array(s.ports.map { .int($0) }),
                "endpoints": .int(s.endpoints),
                "probed": .int(s.probed),
                "closed": .int(s.closed),
                "silent": .int(s.silent),
                "unreachable": .int(s.unreachable),
                "silent_hosts": .int(s.silentHosts),
                "retried": .int(s.retried),
                "shard": s.shard.map { .string($0) } ?? .null,
                "found": .int(s.found),
                "reported": .int(s.reported),
                "not_tls": .int(s.notTLS),
                "trusted": .int(s.trusted),
                "not_trusted": .int(s.notTrusted),
                "not_evaluated": .int(s.notEvaluated),
                "connects": .int(s.connects),
                "cannot_connect": .int(s.cannotConnect),
                "failing": .int(s.failing),
                "errors": .object(JSONObject(s.errors) { .int($0) }),
                "findings": .object(JSONObject(s.findings) { .int($0) }),
                "expiring_days": .int(s.expiringDays),
                "expiring_count": .int(s.expiringCount),
                "expiring": .array(
                    s.expiring.map { .object(["endpoint": .string($0.endpoint), "not_after": time($0.notAfter)]) }
                ),
                "expired": .int(s.expired),
                "shared_keys": .array(
                    s.sharedKeys.map {
                        .object([
                            "code": .string("fleet.shared_key"),
                            "spki_sha256": .string($0.spkiSHA256),
                            "endpoints": .array($0.endpoints.map { .string($0) }),
                        ])
                    }
                ),
                "vendor_defaults": .object([
                    "code": .string("cert.vendor_default"),
                    "count": .int(s.vendorDefaultCount),
                    "endpoints": .array(s.vendorDefaults.map { .string($0) }),
                ]),
                "interrupted": .bool(s.interrupted),
                "elapsed_ms": .int(s.elapsedMilliseconds),
            ]),
        ])
    }
}
