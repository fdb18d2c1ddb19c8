import SystemCalls
import TLSDiagnosis
import TLSModel
import TLSWire

/// Reports as one self-contained HTML page (`--html FILE`, and the page `listen` answers a
/// browser with): the verdict first in words and colour, the findings with their fixes in
/// `<pre>`, the chain drawn as inline SVG. No script, no resource by URL: the styles are
/// inline and a Content-Security-Policy forbids every load.
///
/// Every value from a peer or a file passes `HTMLEscaping` for the place it lands (`t` for
/// text, `s` for SVG text: no attribute carries one); our own markup never carries one
/// unescaped.
public struct HTMLRenderer: Sendable {
    public init() {}

    /// The policy in every page's `<meta http-equiv>` (`ReportPagePolicy`).
    public static let contentSecurityPolicy = ReportPagePolicy.contentSecurityPolicy

    // MARK: pages

    /// `connect` (and a connection of `capture` or `listen`, read the same way).
    public func render(_ r: ConnectionReport) -> String {
        let place: String
        switch r.vantage {
        case .client(let client):
            let t = client.target
            place = HostPort.display(host: t.host, port: t.port)
        case .server(let server): place = "\(server.flow.client) → \(server.flow.server)"
        case .observer(let observer): place = "\(observer.flow.client) → \(observer.flow.server)"
        }
        var body = header(command: r.command, subject: place, at: r.evaluatedAt ?? r.flow?.firstPacket)
        body += clientVerdict(
            r.verdict,
            findings: r.findings,
            judged: r.command == "listen" ? "client certificate" : "chain"
        )
        body += "<section><h2>Connection</h2><dl class=\"fields\">"
        if let t = r.target {
            body += field("dialled", HostPort.display(host: t.host, port: t.port))
            if let address = t.address, address != t.host { body += field("address", address) }
            body += field("SNI", t.sni ?? "none")
            if let upgrade = t.upgrade { body += field("STARTTLS", upgrade.rawValue) }
            if t.transport == .udp { body += field("transport", "DTLS over UDP") }
        }
        if let flow = r.flow {
            body += field("client", flow.client)
            body += field("server", flow.server)
        }
        var negotiated: [String] = []
        if let v = r.handshake.version { negotiated.append(v.description) }
        if let c = r.handshake.cipherSuite { negotiated.append(c.description) }
        if let g = r.handshake.group { negotiated.append(g) }
        if let a = r.handshake.alpn { negotiated.append("ALPN \(a)") }
        body += field("negotiated", negotiated.isEmpty ? "nothing" : negotiated.joined(separator: " · "))
        body += field(
            "handshake",
            r.outcome == .established ? "complete" : r.outcome == .failed ? "failed" : "incomplete"
        )
        body += field("profile", r.trust.profile)
        body += "</dl></section>\n"
        body += findingsSection(r.findings)
        let at = r.evaluatedAt ?? r.flow?.firstPacket ?? Date()
        if case .server = r.vantage {
            if let chain = r.clientChain, let trust = r.clientTrust {
                body += chainSection(
                    title: "Client chain",
                    chain: chain,
                    trust: trust,
                    findings: r.findings,
                    at: at,
                    client: true
                )
            }
        } else {
            body += chainSection(title: "Chain", chain: r.chain, trust: r.trust, findings: r.findings, at: at)
        }
        body += trustSection(r.trust)
        return page(title: "tlsprobe \(r.command) \(place)", body: body)
    }

    /// `verify`.
    public func render(_ report: VerifyReport) -> String {
        let t = report.target
        let files = t.files.joined(separator: " ")
        var body = header(command: "verify", subject: files, at: t.at)
        body += trustVerdict(report.trust, findings: report.findings)
        body += "<section><h2>Checked</h2><dl class=\"fields\">"
        body += field("files", files)
        body += field("name", t.host ?? "not checked")
        body += field("purpose", t.purpose.rawValue)
        body += field("at", ReportTime.iso8601(t.at))
        body += field("profile", report.trust.profile)
        body += "</dl></section>\n"
        body += findingsSection(report.findings)
        body += chainSection(
            title: "Chain",
            chain: report.chain,
            trust: report.trust,
            findings: report.findings,
            at: t.at
        )
        body += trustSection(report.trust)
        return page(title: "tlsprobe verify \(files)", body: body)
    }

    /// `inspect`.
    public func render(_ report: InspectReport) -> String {
        let files = report.files.map(\.path).joined(separator: " ")
        var body = header(command: "inspect", subject: files, at: report.at)
        let worst = report.findings.worstSeverity
        let counts = Self.severityCounts(report.findings)
        switch worst {
        case .error?: body += verdictBox(.bad, "✘ ERRORS", counts)
        case .warning?: body += verdictBox(.warn, "▲ WARNINGS", counts)
        default: body += verdictBox(.good, "✔ NO ERRORS", counts.isEmpty ? "no findings" : counts)
        }
        body += findingsSection(report.findings)
        for (number, file) in report.files.enumerated() {
            body += "<section><h2>" + t(file.path) + " <span class=\"dim\">(" + t(file.format) + ")</span></h2>\n"
            if let p = file.pkcs12 {
                body += "<dl class=\"fields\">"
                body += field("PKCS#12 MAC", p.macAlgorithm.map { "HMAC-\($0.uppercased())" } ?? "(none)")
                for e in p.encryption { body += field(e.contents, e.algorithm + (e.legacy ? " (legacy)" : "")) }
                body += field("password", p.passwordRequired ? (p.decrypted ? "required, given" : "required") : "empty")
                if let m = p.keyMatchesCertificate { body += field("key matches", m ? "yes" : "NO") }
                body += "</dl>\n"
            }
            if !file.certificates.isEmpty {
                let pathFindings = report.findings.compactMap { finding -> Finding? in
                    guard case .certificateInFile(let path, let index) = finding.subject, path == file.path else {
                        return nil
                    }
                    var f = finding
                    f.subject = .certificate(index)
                    return f
                }
                body += chainSVG(
                    nodesInFile(file.certificates, findings: pathFindings, at: report.at),
                    id: "file\(number)"
                )
                for (i, cert) in file.certificates.enumerated() {
                    body += certificateCard(cert, label: "certificate[\(i)]", at: report.at)
                }
            }
            for key in file.keys {
                body += "<h3>private key <span class=\"dim\">(" + t(key.location) + ")</span></h3><dl class=\"fields\">"
                body += field("format", key.format) + field("key", key.key.summary) + field("pin", key.pin)
                body += "</dl>\n"
            }
            for item in file.other { body += "<p class=\"dim\">not examined: " + t(item) + "</p>\n" }
            body += "</section>\n"
        }
        return page(title: "tlsprobe inspect \(files)", body: body)
    }

    /// `scan`: the verdict over every endpoint, the table ordered by severity then address
    /// (other orders without script: radio buttons and CSS), the expiry timeline, the summary.
    /// `otherCodes`: by endpoint, the codes of its findings after the top one.
    public func renderScan(
        _ rows: [ScanRow],
        otherCodes: [String: [String]] = [:],
        summary s: ScanSummary,
        now: Date
    ) -> String {
        var body = header(command: "scan", subject: "\(s.endpoints) endpoint\(s.endpoints == 1 ? "" : "s")", at: now)
        let detail =
            "\(s.cannotConnect) cannot connect, \(s.connects) connect · \(s.trusted) trusted, \(s.notTrusted) not trusted, \(s.notEvaluated) not evaluated"
            + (s.notTLS > 0 ? " · \(s.notTLS) not TLS" : "")
            + (s.errors.isEmpty ? "" : " · \(s.errors.values.reduce(0, +)) not examined")
        if s.cannotConnect > 0 {
            body += verdictBox(
                .bad,
                "✘ \(s.cannotConnect) ENDPOINT\(s.cannotConnect == 1 ? "" : "S") CANNOT CONNECT",
                detail
            )
        } else if s.reported == 0 {
            body += verdictBox(.neutral, "? NOTHING EXAMINED", detail)
        } else {
            body += verdictBox(.good, "✔ EVERY CLIENT CONNECTS", detail)
        }
        if s.interrupted { body += "<p class=\"warn-text\">Interrupted: \(s.probed) of \(s.endpoints) probed.</p>\n" }
        body += "<section><h2>Endpoints (\(rows.count))</h2>\n"
        let bySeverity = rows.sorted(by: Self.severityOrder)
        if rows.count <= Self.reorderableRows && rows.count > 1 {
            body += "<div class=\"orders\">"
            body += "<input type=\"radio\" name=\"order\" id=\"o-sev\" checked>"
            body += "<label for=\"o-sev\">by severity</label>"
            body += "<input type=\"radio\" name=\"order\" id=\"o-exp\"><label for=\"o-exp\">by expiry</label>"
            body += "<input type=\"radio\" name=\"order\" id=\"o-addr\"><label for=\"o-addr\">by address</label>\n"
            body +=
                "<div class=\"by-sev\">" + scanTable(bySeverity, now: now, days: s.expiringDays, others: otherCodes)
                + "</div>\n"
            let byExpiry = rows.sorted { a, b in
                switch (a.notAfter, b.notAfter) {
                case (let x?, let y?) where x != y: return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return ScanRow.ordered(a, b)
                }
            }
            body +=
                "<div class=\"by-exp\">" + scanTable(byExpiry, now: now, days: s.expiringDays, others: otherCodes)
                + "</div>\n"
            body +=
                "<div class=\"by-addr\">"
                + scanTable(rows.sorted(by: ScanRow.ordered), now: now, days: s.expiringDays, others: otherCodes)
                + "</div>\n"
            body += "</div>"
        } else {
            body += scanTable(bySeverity, now: now, days: s.expiringDays, others: otherCodes)
        }
        body += "</section>\n"
        body +=
            "<section><h2>Leaf expiry</h2>\n" + timeline(rows, now: now, days: s.expiringDays)
            + "</section>\n"
        body += "<section><h2>Summary</h2><dl class=\"fields\">"
        body += field(
            "scanned",
            "\(s.endpoints) endpoints (\(s.hosts) hosts × \(s.ports.count) ports) in \(SystemCall.format("%.1f", Double(s.elapsedMilliseconds) / 1000)) s"
        )
        body += field(
            "found",
            "\(s.found) listening (\(s.closed) closed, \(s.silent) silent, \(s.unreachable) unreachable)"
        )
        body += field("clients", "\(s.cannotConnect) cannot connect, \(s.connects) connect")
        body += field(
            "TLS",
            "\(s.trusted) trusted, \(s.notTrusted) not trusted, \(s.notEvaluated) not evaluated, \(s.notTLS) not TLS"
        )
        body += field("failing", "\(s.failing) with findings at or above --fail-on")
        if !s.findings.isEmpty { body += field("findings", Self.tally(s.findings) + " (error severity)") }
        if !s.errors.isEmpty { body += field("errors", Self.tally(s.errors) + " (not examined)") }
        body += field("expiring", "\(s.expiringCount) within \(s.expiringDays) days, \(s.expired) expired")
        body += "</dl></section>\n"
        return page(title: "tlsprobe scan of \(s.endpoints) endpoint\(s.endpoints == 1 ? "" : "s")", body: body)
    }

    /// The page `listen` answers a client's HTTP request with: what tlsprobe saw of this
    /// connection, the verdict first.
    public func renderListenPage(_ r: ConnectionReport) -> String {
        var body = "<header><h1>tlsprobe listen saw this connection</h1></header>\n"
        body += clientVerdict(r.verdict, findings: r.findings, judged: "client certificate")
        body += "<section><dl class=\"fields\">"
        body += field("from", r.flow?.client ?? "?")
        body += field("to", r.flow?.server ?? "?")
        if let http = r.http {
            body += field("request", http.requestLine)
            if let agent = http.userAgent { body += field("agent", agent) }
        }
        var negotiated: [String] = []
        if let v = r.handshake.version { negotiated.append(v.description) }
        if let c = r.handshake.cipherSuite { negotiated.append(c.description) }
        if let g = r.handshake.group { negotiated.append(g) }
        if let a = r.handshake.alpn { negotiated.append("ALPN \(a)") }
        body += field("TLS", negotiated.joined(separator: ", "))
        if let h = r.clientHello {
            body += field(
                "offered",
                "\(h.versions.filter { !$0.isGREASE }.map(\.description).joined(separator: ", ")); \(h.cipherSuites.count) cipher suites; SNI \(h.sni ?? "(none)")"
            )
            if let ja4 = h.ja4 { body += field("JA4", ja4) }
            if let ja3 = h.ja3Hash { body += field("JA3", ja3) }
        }
        if let chain = r.clientChain, let leaf = chain.first {
            let verdict = r.clientTrust?.trusted.map { $0 ? "trusted" : "NOT trusted" } ?? "not judged"
            body += field("client certificate", "\(leaf.subject) (issued by \(leaf.issuer)): \(verdict)")
        } else if r.certificateRequest != nil {
            body += field("client certificate", "requested, none sent")
        }
        body += "</dl></section>\n"
        body +=
            r.findings.isEmpty
            ? "<p>No findings: this client's TLS is in order.</p>\n" : findingsSection(r.findings)
        body += "<p class=\"dim\">The full report is on the terminal where tlsprobe listen runs.</p>\n"
        return page(title: "tlsprobe listen", body: body)
    }

    // MARK: the page

    func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <meta name="referrer" content="no-referrer">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="tlsprobe">
        <title>\(t(title))</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        <main>
        \(body)<footer class="dim">Written by tlsprobe. This page loads nothing and runs no script.</footer>
        </main>
        </body>
        </html>

        """
    }

    func header(command: String, subject: String, at: Date?) -> String {
        "<header><h1>tlsprobe " + t(command) + " <span class=\"subject\">" + t(subject) + "</span></h1>"
            + (at.map { "<p class=\"dim\">at " + t(ReportTime.iso8601($0)) + "</p>" } ?? "") + "</header>\n"
    }

    enum Tone: String {
        case good, bad, warn, neutral
    }

    func verdictBox(_ tone: Tone, _ headline: String, _ detail: String) -> String {
        "<section class=\"verdict \(tone.rawValue)\" id=\"verdict\"><p class=\"headline\">" + t(headline) + "</p>"
            + (detail.isEmpty ? "" : "<p>" + t(detail) + "</p>") + "</section>\n"
    }

    /// The client's verdict (connect, capture, listen): connects or not, why, chain trust.
    func clientVerdict(_ v: ClientVerdict, findings: [Finding], judged: String) -> String {
        var headline = v.client + ": "
        var detail: [String] = []
        if v.connects {
            headline += "✔ CONNECTS"
        } else {
            headline += "✘ CANNOT CONNECT"
            if let cause = v.cause {
                detail.append("because: \(cause.code.entry.title) (\(cause.code.rawValue))")
            } else {
                detail.append("the handshake failed")
            }
        }
        switch v.trusted {
        case .some(true): detail.append("\(judged) trusted")
        case .some(false): detail.append("\(judged) NOT trusted")
        case .none: if judged == "chain" { detail.append("chain trust not evaluated") }
        }
        let counts = Self.severityCounts(findings)
        if !counts.isEmpty { detail.append(counts) }
        return verdictBox(v.connects ? .good : .bad, headline, detail.joined(separator: " · "))
    }

    /// verify's verdict: trusted or not, with the counts and how it was decided.
    func trustVerdict(_ trust: TrustSection, findings: [Finding]) -> String {
        var detail = [Self.severityCounts(findings)].filter { !$0.isEmpty }
        if let note = trust.note { detail.append(note) }
        switch trust.trusted {
        case .some(true): return verdictBox(.good, "✔ TRUSTED", detail.joined(separator: " · "))
        case .some(false): return verdictBox(.bad, "✘ NOT TRUSTED", detail.joined(separator: " · "))
        case .none:
            if trust.note == nil { detail.append("No anchors were given.") }
            return verdictBox(.warn, "? TRUST NOT EVALUATED", detail.joined(separator: " · "))
        }
    }

    // MARK: findings

    func findingsSection(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "<section><h2>Findings</h2><p>No findings.</p></section>\n" }
        var out = "<section><h2>Findings (\(findings.count))</h2>\n"
        for f in findings {
            let severity = f.severity.rawValue
            let title = FindingCatalog.entry(for: f.code)?.title ?? ""
            out += "<article class=\"finding \(severity)\">"
            out +=
                "<h3><span class=\"sev\">" + severity.uppercased() + "</span> <code class=\"code\">"
                + t(f.code.rawValue)
            out += "</code> " + t(title) + "</h3>"
            out += "<p class=\"dim\">about " + t(f.subject.description)
            if let cause = f.causedBy { out += " · a consequence of <code>" + t(cause.rawValue) + "</code>" }
            out += "</p><p>" + t(f.message) + "</p>"
            let evidence = Self.flatten(f.evidence)
            if !evidence.isEmpty {
                out += "<dl class=\"evidence\">"
                for (key, value) in evidence { out += "<dt>" + t(key) + "</dt><dd>" + t(value) + "</dd>" }
                out += "</dl>"
            }
            if !f.fix.isEmpty { out += "<p class=\"fix-label\">Fix</p><pre class=\"fix\">" + t(f.fix) + "</pre>" }
            out += "</article>\n"
        }
        return out + "</section>\n"
    }

    static func flatten(_ evidence: [String: EvidenceValue]) -> [(String, String)] {
        EvidenceRows.flatten(evidence, text: text)
    }

    static func text(_ value: EvidenceValue) -> String {
        switch value {
        case .null: return "(none)"
        case .bool(let b): return b ? "yes" : "no"
        case .int(let i): return String(i)
        case .string(let s): return s
        case .array(let items): return items.isEmpty ? "(none)" : items.map(text).joined(separator: ", ")
        case .object(let members):
            return members.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\(text($0.value))" }
                .joined(separator: " ")
        }
    }

    static func severityCounts(_ findings: [Finding]) -> String {
        [Severity.error, .warning, .info].compactMap { severity in
            let n = findings.filter { $0.severity == severity }.count
            return n == 0 ? nil : "\(n) \(severity.rawValue)\(n == 1 || severity == .info ? "" : "s")"
        }.joined(separator: ", ")
    }

    static func tally(_ counts: [String: Int]) -> String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            .joined(separator: " · ")
    }

    // MARK: certificates

    func chainSection(
        title: String,
        chain: [CertificateDetails],
        trust: TrustSection,
        findings: [Finding],
        at: Date,
        client: Bool = false
    ) -> String {
        var out = "<section><h2>" + t(title) + " (\(chain.count) presented)</h2>\n"
        if chain.isEmpty { return out + "<p>No certificate was presented.</p></section>\n" }
        // A client chain's findings carry `client …` subjects: judge them as the chain's own.
        let own = findings.compactMap { finding -> Finding? in
            if client {
                guard case .client(let subject) = finding.subject else { return nil }
                var f = finding
                f.subject = subject
                return f
            }
            if case .client = finding.subject { return nil }
            return finding
        }
        out += chainSVG(chainNodes(chain, trust: trust, findings: own, at: at))
        for cert in chain { out += certificateCard(cert, label: "[\(cert.index)]", at: at) }
        return out + "</section>\n"
    }

    func certificateCard(_ c: CertificateDetails, label: String, at: Date) -> String {
        let tags = c.tags
        var out = "<article class=\"cert\"><h3>" + t(label) + " " + t(c.subject.isEmpty ? "(empty subject)" : c.subject)
        if !tags.isEmpty { out += " <span class=\"dim\">(" + t(tags.joined(separator: ", ")) + ")</span>" }
        out += "</h3><dl class=\"fields\">"
        out += field("issuer", c.issuer.isEmpty ? "(empty)" : c.issuer)
        out += field("valid", validity(c, at: at))
        for (label, value) in c.detailFields { out += field(label, value) }
        return out + "</dl></article>\n"
    }

    func validity(_ c: CertificateDetails, at: Date) -> String {
        let span = "\(ReportTime.iso8601(c.notBefore)) → \(ReportTime.iso8601(c.notAfter))"
        if at < c.notBefore { return span + " (not yet valid)" }
        if at > c.notAfter { return span + " (EXPIRED \(ReportTime.duration(at.timeIntervalSince(c.notAfter))) ago)" }
        return span + " (expires in \(ReportTime.duration(c.notAfter.timeIntervalSince(at))))"
    }

    func trustSection(_ trust: TrustSection) -> String {
        var out = "<section><h2>Trust (profile " + t(trust.profile) + ")</h2><dl class=\"fields\">"
        if trust.anchors.isEmpty {
            out += field("anchors", "(none given)")
        } else {
            for anchor in trust.anchors.prefix(10) { out += field("anchor", "\(anchor.subject)  (\(anchor.source))") }
            if trust.anchors.count > 10 { out += field("", "… and \(trust.anchors.count - 10) more") }
        }
        if let path = trust.path {
            out += field("path", path.map { "\($0.subject) (\($0.source))" }.joined(separator: " ← "))
        } else {
            out += field("path", trust.evaluated && !trust.anchors.isEmpty ? "none reaches an anchor" : "not built")
        }
        if let o = trust.openssl {
            out += field(
                "openssl",
                o.verifier + " "
                    + (o.ok
                        ? "accepts" : "refuses: " + (o.error ?? "error") + (o.depth.map { " at depth \($0)" } ?? ""))
            )
        }
        return out + "</dl></section>\n"
    }

    func field(_ name: String, _ value: String) -> String { "<dt>" + t(name) + "</dt><dd>" + t(value) + "</dd>" }

    // MARK: scan

    /// Rows above this many get one order only: three copies of a /16 would be a heavy page.
    static let reorderableRows = 2000

    /// Cannot connect first, then not examined, then by the worst finding; then by address.
    static func severityOrder(_ a: ScanRow, _ b: ScanRow) -> Bool {
        let (ra, rb) = (rank(a), rank(b))
        return ra != rb ? ra < rb : ScanRow.ordered(a, b)
    }

    static func rank(_ row: ScanRow) -> Int {
        switch row.verdict {
        case .error: return 1
        case .notTLS: return 6
        default:
            if row.connects == false { return 0 }
            switch row.topSeverity {
            case .error?: return 2
            case .warning?: return 3
            case .info?: return 4
            case nil: return 5
            }
        }
    }

    func scanTable(_ rows: [ScanRow], now: Date, days: Int, others: [String: [String]]) -> String {
        var out =
            "<table class=\"scan\"><thead><tr><th>Endpoint</th><th>Name</th><th>Verdict</th><th>Top finding</th>"
            + "<th>Expires</th><th>Issuer</th></tr></thead><tbody>\n"
        for row in rows {
            let (verdict, tone) = Self.verdictWords(row)
            let top = row.topFinding(also: others[row.endpoint])
            var expires = "-"
            var expiryTone = ""
            if let end = row.notAfter {
                expires = String(ReportTime.iso8601(end).prefix(10))
                if end < now {
                    expires += " (expired)"
                    expiryTone = " class=\"bad-text\""
                } else if end < now.addingTimeInterval(Double(days) * 86400) {
                    expires += " (within \(days) d)"
                    expiryTone = " class=\"warn-text\""
                }
            }
            out += "<tr class=\"\(tone.rawValue)\"><td>" + t(row.endpoint) + "</td><td>"
            out += t(row.sni ?? row.leafName.map { "(\($0))" } ?? "-") + "</td><td class=\"v\">" + t(verdict)
            out += "</td><td>" + t(top) + "</td><td\(expiryTone)>" + t(expires) + "</td><td>" + t(row.issuer ?? "-")
            out += "</td></tr>\n"
        }
        return out + "</tbody></table>"
    }

    static func verdictWords(_ row: ScanRow) -> (String, Tone) {
        let trust: String
        switch row.verdict {
        case .trusted: trust = "trusted"
        case .notTrusted: trust = "NOT TRUSTED"
        case .notEvaluated: trust = "not evaluated"
        case .notTLS: return ("not TLS", .neutral)
        case .error: return ("✘ error", .bad)
        }
        return row.connects == true ? ("✔ connects (\(trust))", .good) : ("✘ CANNOT CONNECT (\(trust))", .bad)
    }

    /// Leaf expiry as a timeline: one line per endpoint (the soonest 60), today and
    /// today + `--expiring` marked; an expired leaf is a cross, one within the days a
    /// triangle, the others a circle, so the shape says it as well as the colour.
    func timeline(_ rows: [ScanRow], now: Date, days: Int) -> String {
        let dated = rows.filter { $0.notAfter != nil }.sorted {
            $0.notAfter! != $1.notAfter! ? $0.notAfter! < $1.notAfter! : ScanRow.ordered($0, $1)
        }
        guard !dated.isEmpty else { return "<p>No leaf certificate was seen.</p>\n" }
        let shown = Array(dated.prefix(60))
        let day = 86400.0
        let horizon = now.addingTimeInterval(Double(days) * day)
        let earliest = min(shown.first!.notAfter!, now).addingTimeInterval(-7 * day)
        let latestWanted = max(horizon.addingTimeInterval(30 * day), shown.last!.notAfter!.addingTimeInterval(7 * day))
        let latest = min(latestWanted, max(horizon, now).addingTimeInterval(730 * day))
        let (left, right, top, rowHeight) = (300.0, 880.0, 40.0, 22.0)
        let height = top + rowHeight * Double(shown.count) + 30
        func x(_ date: Date) -> Double {
            let span = latest.timeIntervalSince(earliest)
            let f = min(1, max(0, date.timeIntervalSince(earliest) / span))
            return left + f * (right - left)
        }
        func fmt(_ v: Double) -> String { SystemCall.format("%.1f", v) }
        var svg =
            "<svg class=\"timeline\" role=\"img\" aria-labelledby=\"tl-title\" viewBox=\"0 0 900 \(fmt(height))\" "
            + "xmlns=\"http://www.w3.org/2000/svg\"><title id=\"tl-title\">Leaf certificate expiry, "
            + "today and today + \(days) days marked</title>\n"
        let (tx, hx) = (x(now), x(horizon))
        svg += "<rect x=\"\(fmt(tx))\" y=\"\(fmt(top - 14))\" width=\"\(fmt(max(0, hx - tx)))\" "
        svg += "height=\"\(fmt(rowHeight * Double(shown.count) + 14))\" class=\"tl-window\"/>\n"
        svg +=
            "<line x1=\"\(fmt(tx))\" x2=\"\(fmt(tx))\" y1=\"\(fmt(top - 20))\" y2=\"\(fmt(height - 24))\" class=\"tl-today\"/>"
        svg += "<text x=\"\(fmt(tx))\" y=\"\(fmt(top - 24))\" class=\"tl-mark\" text-anchor=\"middle\">today "
        svg += s(String(ReportTime.iso8601(now).prefix(10))) + "</text>\n"
        svg +=
            "<line x1=\"\(fmt(hx))\" x2=\"\(fmt(hx))\" y1=\"\(fmt(top - 8))\" y2=\"\(fmt(height - 24))\" class=\"tl-horizon\"/>"
        svg += "<text x=\"\(fmt(hx))\" y=\"\(fmt(height - 10))\" class=\"tl-mark\" text-anchor=\"middle\">"
        svg += "--expiring \(days) days</text>\n"
        for (i, row) in shown.enumerated() {
            guard let end = row.notAfter else { continue }
            let y = top + rowHeight * Double(i) + rowHeight / 2
            let date = String(ReportTime.iso8601(end).prefix(10))
            let label = Self.clip(row.endpoint, 30) + "  " + date
            svg += "<text x=\"\(fmt(left - 10))\" y=\"\(fmt(y + 4))\" text-anchor=\"end\" class=\"tl-label\">"
            svg += s(label) + "</text>"
            svg += "<line x1=\"\(fmt(left))\" x2=\"\(fmt(right))\" y1=\"\(fmt(y))\" y2=\"\(fmt(y))\" class=\"tl-row\"/>"
            let px = x(end)
            let state: String
            if end < now {
                state = "expired"
                svg +=
                    "<path d=\"M\(fmt(px - 5)) \(fmt(y - 5))L\(fmt(px + 5)) \(fmt(y + 5))M\(fmt(px - 5)) \(fmt(y + 5))"
                svg += "L\(fmt(px + 5)) \(fmt(y - 5))\" class=\"tl-expired\"><title>"
            } else if end < horizon {
                state = "expires within \(days) days"
                svg +=
                    "<path d=\"M\(fmt(px)) \(fmt(y - 6))L\(fmt(px + 6)) \(fmt(y + 5))L\(fmt(px - 6)) \(fmt(y + 5))Z\" "
                svg += "class=\"tl-soon\"><title>"
            } else {
                state = end > latest ? "expires later (beyond the right edge)" : "valid"
                svg += "<circle cx=\"\(fmt(px))\" cy=\"\(fmt(y))\" r=\"5\" class=\"tl-ok\"><title>"
            }
            svg += s("\(row.endpoint): \(date), \(state)") + "</title>"
            svg += end < now ? "</path>" : end < horizon ? "</path>" : "</circle>"
            svg += "\n"
        }
        svg += "</svg>\n"
        var out = svg
        out +=
            "<p class=\"legend\">× expired · ▲ expires within \(days) days · ● valid longer"
            + (dated.count > shown.count ? " · the \(shown.count) soonest of \(dated.count) shown" : "") + "</p>\n"
        return out
    }

    static func clip(_ text: String, _ length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }

    // MARK: escaping

    /// Element text.
    func t(_ value: String) -> String { HTMLEscaping.text(value) }
    /// SVG text.
    func s(_ value: String) -> String { HTMLEscaping.svgText(value) }
}
