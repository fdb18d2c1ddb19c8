import SystemCalls
import TLSDiagnosis

/// Reports as text a person reads at a glance: the verdict, then the findings worst
/// first, then the evidence sections with aligned fields.
public struct TextRenderer: Sendable {
    public var style: TextStyle
    /// `--verbose`: every item of long evidence lists, and connect's own ClientHello.
    public var verbose: Bool

    public init(style: TextStyle, verbose: Bool = false) {
        self.style = style
        self.verbose = verbose
    }

    /// Evidence lists longer than this are folded to a count and their first items.
    static let foldedListLength = 8

    // Every public rendering passes `TextStyle.terminalSafe` once, last: names, SNI and
    // HTTP headers come from peers and files, and must not drive the terminal. Line breaks
    // cannot be told apart there, so each value from a peer or a file passes `oneLine` where
    // it enters the text (`field`, `heading` and the lines built by hand), and only our own
    // layout breaks lines.

    /// `tlsprobe verify`.
    public func render(_ report: VerifyReport) -> String { TextStyle.terminalSafe(verifyText(report)) }
    /// `tlsprobe inspect`.
    public func render(_ report: InspectReport) -> String { TextStyle.terminalSafe(inspectText(report)) }
    /// `tlsprobe explain`.
    public func render(_ report: ExplainReport) -> String { TextStyle.terminalSafe(explainText(report)) }
    /// One connection: `connect`, and each connection of `capture` and `listen`.
    public func render(_ r: ConnectionReport) -> String { TextStyle.terminalSafe(connectionText(r)) }
    /// One connection `listen` served, read from the server's side.
    public func renderListen(_ r: ConnectionReport) -> String { TextStyle.terminalSafe(listenText(r)) }
    /// The plain-text page `listen` answers an HTTP request with.
    public static func listenPage(_ r: ConnectionReport) -> String { TextStyle.terminalSafe(listenPageText(r)) }

    // MARK: verify

    /// `tlsprobe verify`.
    func verifyText(_ report: VerifyReport) -> String {
        var out = ""
        let t = report.target
        var expecting: [String] = []
        expecting.append(t.host.map { "name \(oneLine($0))" } ?? "no name check")
        expecting.append("purpose \(t.purpose.rawValue)")
        expecting.append("at \(ReportTime.iso8601(t.at))")
        expecting.append("profile \(report.trust.profile)")
        out += style.paint("verify", .bold) + " " + t.files.map(oneLine).joined(separator: " ") + "\n"
        out += "  " + expecting.joined(separator: " · ") + "\n\n"
        out += verdict(report.trust, findings: report.findings)
        out += findingsSection(report.findings)
        out += heading("Chain as given (\(report.chain.count))")
        for cert in report.chain {
            out += certificateBlock(cert, label: "[\(cert.index)]", at: t.at)
        }
        out += trustSection(report.trust)
        return out
    }

    // MARK: inspect

    /// `tlsprobe inspect`.
    func inspectText(_ report: InspectReport) -> String {
        var out = ""
        let counts = severityCounts(report.findings)
        out += style.paint("inspect", .bold) + " " + report.files.map { oneLine($0.path) }.joined(separator: " ") + "\n"
        out +=
            "  profile \(report.profile) · at \(ReportTime.iso8601(report.at))"
            + (counts.isEmpty ? " · no findings" : " · " + counts) + "\n"
        out += findingsSection(report.findings)
        for file in report.files {
            out += heading("\(file.path) (\(file.format))")
            if let p = file.pkcs12 {
                let wrong = report.findings.contains {
                    $0.code == .pkcs12WrongPassword && $0.subject == .file(file.path)
                }
                out += pkcs12Block(p, wrongPassword: wrong)
            }
            for (i, cert) in file.certificates.enumerated() {
                out += certificateBlock(cert, label: "certificate[\(i)]", at: report.at)
            }
            for key in file.keys {
                out += "  " + style.paint("private key", .bold) + " (\(oneLine(key.location)))\n"
                out += field("format", key.format)
                out += field("key", key.key.summary)
                out += field("pin", key.pin)
                out += "\n"
            }
            for item in file.other {
                out += "  " + style.paint("not examined:", .dim) + " \(oneLine(item))\n"
            }
            if file.certificates.isEmpty && file.keys.isEmpty && file.pkcs12 == nil && file.other.isEmpty {
                out += "  (nothing)\n"
            }
        }
        return out
    }

    // MARK: explain

    /// `tlsprobe explain`.
    func explainText(_ report: ExplainReport) -> String {
        guard !report.matches.isEmpty else {
            return
                "Nothing known matches \"\(oneLine(report.query))\". tlsprobe knows OpenSSL verify errors, TLS alerts, "
                + "Apple OSStatus and NSURLError codes, BoringSSL/Python/Go/Java/Chrome messages and its own finding codes.\n"
        }
        var out = ""
        for (i, e) in report.matches.enumerated() {
            if i > 0 { out += "\n" }
            let kind = Self.kindNames[e.kind] ?? e.kind.rawValue
            out +=
                style.paint(e.name, .bold) + (e.code.map { " (\($0))" } ?? "") + "  " + style.paint(kind, .dim) + "\n"
            out += "  " + style.wrap(e.summary, indent: 2) + "\n\n"
            out += "  " + style.wrap(e.meaning, indent: 2) + "\n"
            if !e.checks.isEmpty {
                out += "\n  " + style.paint("Check:", .bold) + "\n"
                for check in e.checks { out += "  - " + style.wrap(check, indent: 4) + "\n" }
            }
            if !e.related.isEmpty {
                out += "\n  " + style.paint("tlsprobe findings:", .dim) + " " + e.related.joined(separator: ", ") + "\n"
            }
        }
        return out
    }

    static let kindNames: [Explanation.Kind: String] = [
        .opensslVerifyError: "OpenSSL verify error",
        .tlsAlert: "TLS alert",
        .appleOSStatus: "Apple OSStatus",
        .nsurlError: "NSURLError",
        .boringssl: "library message",
        .opensslError: "OpenSSL error",
        .findingCode: "tlsprobe finding code",
    ]

    // MARK: shared sections

    /// The one-line verdict: TRUSTED / NOT TRUSTED / trust not evaluated, with counts.
    func verdict(_ trust: TrustSection, findings: [Finding]) -> String {
        let counts = severityCounts(findings)
        let suffix = counts.isEmpty ? "" : " — " + counts
        // A verdict with a note was decided otherwise than by a path (a pin): say how.
        let why = trust.note.map { "  " + style.wrap(oneLine($0), indent: 2) + "\n" } ?? ""
        switch trust.trusted {
        case .some(true): return style.paint("TRUSTED", .green) + suffix + "\n" + why
        case .some(false): return style.paint("NOT TRUSTED", .red) + suffix + "\n" + why
        case .none:
            return style.paint("TRUST NOT EVALUATED", .yellow) + suffix + "\n"
                + "  " + style.wrap(oneLine(trust.note ?? "No anchors were given."), indent: 2) + "\n"
        }
    }

    /// The line every connection report opens with: whether the profile's client would
    /// connect and, when not, the root cause; chain trust and the counts beside it.
    /// `judged` names what `trusted` is about: the server's chain, or (listen) the client's
    /// certificate, left out when none was judged.
    public func clientVerdictLine(_ v: ClientVerdict, findings: [Finding], judged: String = "chain") -> String {
        var line = oneLine(v.client) + ": "
        if v.connects {
            line += style.paint("CONNECTS", .green)
        } else {
            line += style.paint("CANNOT CONNECT", .red)
            if let cause = v.cause {
                line += " — " + oneLine(cause.code.entry.title) + " (\(cause.code.rawValue))"
            } else {
                line += " — the handshake failed"
            }
        }
        switch v.trusted {
        case .some(true): line += " · \(judged) trusted"
        case .some(false): line += " · \(judged) " + style.paint("NOT trusted", .red)
        case .none: line += judged == "chain" ? " · chain trust not evaluated" : ""
        }
        let counts = severityCounts(findings)
        if !counts.isEmpty { line += " · " + counts }
        return line + "\n"
    }

    /// Which profile judged and where it was chosen, for a report's title line and the
    /// trust heading: "profile apple, from TLSPROBE_PROFILE"; nothing is said of a default.
    func profileLabel(_ t: TrustSection) -> String {
        switch t.profileSource {
        case "option": return "profile \(t.profile), from --profile"
        case "environment": return "profile \(t.profile), from \(Profile.environmentVariable)"
        default: return "profile \(t.profile)"
        }
    }

    func severityCounts(_ findings: [Finding]) -> String {
        let order: [Severity] = [.error, .warning, .info]
        return order.compactMap { severity in
            let n = findings.filter { $0.severity == severity }.count
            return n == 0 ? nil : "\(n) \(severity.rawValue)\(n == 1 || severity == .info ? "" : "s")"
        }.joined(separator: ", ")
    }

    /// Findings, worst first: severity, code and subject, the message, evidence, fix.
    /// `failedHandshake`: each finding (otherwise each error) also names what each client's
    /// user sees for it.
    func findingsSection(_ findings: [Finding], failedHandshake: Bool = false) -> String {
        guard !findings.isEmpty else { return "" }
        var out = heading("Findings (\(findings.count))")
        for finding in findings {
            // A consequence is listed under its cause, and says so.
            let folded = finding.causedBy != nil
            let lead = folded ? "  ↳ " : "  "
            let label: String
            switch finding.severity {
            case .error: label = style.paint("ERROR  ", .red)
            case .warning: label = style.paint("WARNING", .yellow)
            case .info: label = style.paint("INFO   ", .cyan)
            }
            out +=
                "\(lead)\(label)  " + style.paint(finding.code.rawValue, .bold) + "  "
                + oneLine(finding.subject.description) + "\n"
            if let cause = finding.causedBy {
                out += "           " + style.paint("a consequence of \(cause.rawValue)", .dim) + "\n"
            }
            out += "           " + style.wrap(oneLine(finding.message), indent: 11) + "\n"
            let evidence = flatten(finding.evidence).map { (oneLine($0.0), oneLine($0.1)) }
            if !evidence.isEmpty {
                let keyWidth = min(24, evidence.map(\.0.count).max() ?? 0)
                for (i, (key, value)) in evidence.enumerated() {
                    let lead = i == 0 ? style.paint("evidence", .dim) + " " : String(repeating: " ", count: 9)
                    let padded = TextStyle.padded(key, to: max(keyWidth, key.count))
                    out +=
                        "           " + lead + padded + "  "
                        + style.wrap(value, indent: 11 + 9 + max(keyWidth, key.count) + 2) + "\n"
                }
            }
            if !finding.fix.isEmpty {
                out +=
                    "           " + style.paint("fix", .dim) + "      " + style.wrap(oneLine(finding.fix), indent: 20)
                    + "\n"
            }
            // What a client that refuses here says: for every finding of a failed handshake,
            // and for an error, which clients refuse the handshake over.
            let seen =
                failedHandshake || finding.severity == .error ? ErrorCatalog.clientErrors(for: finding.code) : []
            if !seen.isEmpty {
                out +=
                    "           " + style.paint("clients", .dim) + "  "
                    + style.wrap(oneLine(seen.joined(separator: "; ")), indent: 20) + "\n"
            }
        }
        return out
    }

    /// Evidence as `key: value` lines, nested objects as `outer.inner`.
    func flatten(_ evidence: [String: EvidenceValue]) -> [(String, String)] {
        EvidenceRows.flatten(evidence, text: text)
    }

    func text(_ value: EvidenceValue) -> String {
        switch value {
        case .null: return "(none)"
        case .bool(let b): return b ? "yes" : "no"
        case .int(let i): return String(i)
        case .string(let s): return s
        case .array(let items):
            if items.isEmpty { return "(none)" }
            if !verbose && items.count > Self.foldedListLength {
                return "\(items.count) items: "
                    + items.prefix(Self.foldedListLength - 2).map(text).joined(separator: ", ")
                    + ", … (--verbose lists all)"
            }
            return items.map(text).joined(separator: ", ")
        case .object(let members):
            return members.isEmpty
                ? "(none)"
                : members.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\(text($0.value))" }.joined(separator: " ")
        }
    }

    /// One certificate with aligned fields.
    func certificateBlock(_ c: CertificateDetails, label: String, at: Date) -> String {
        var out = "  " + style.paint(label, .bold) + " " + (c.subject.isEmpty ? "(empty subject)" : oneLine(c.subject))
        let tags = c.tags
        if !tags.isEmpty { out += "  " + style.paint("(" + tags.joined(separator: ", ") + ")", .dim) }
        out += "\n"
        out += field("issuer", c.issuer.isEmpty ? "(empty)" : c.issuer)
        out += field("valid", validity(c, at: at))
        for (label, value) in c.detailFields { out += field(label, value) }
        return out + "\n"
    }

    func validity(_ c: CertificateDetails, at: Date) -> String {
        let span = "\(ReportTime.iso8601(c.notBefore)) → \(ReportTime.iso8601(c.notAfter))"
        if at < c.notBefore { return span + " " + style.paint("(not yet valid)", .red) }
        if at > c.notAfter {
            return span + " "
                + style.paint("(expired \(ReportTime.duration(at.timeIntervalSince(c.notAfter))) ago)", .red)
        }
        return span + " (expires in \(ReportTime.duration(c.notAfter.timeIntervalSince(at))))"
    }

    func pkcs12Block(_ p: PKCS12Details, wrongPassword: Bool = false) -> String {
        var out = "  " + style.paint("PKCS#12", .bold) + "\n"
        let mac =
            p.macAlgorithm.map { "HMAC-\($0.uppercased())" + (p.macIterations.map { ", \($0) iterations" } ?? "") }
            ?? "(none)"
        out += field("MAC", mac)
        for e in p.encryption {
            out += field(
                e.contents,
                e.algorithm + (e.iterations.map { ", \($0) iterations" } ?? "") + (e.legacy ? " (legacy)" : "")
            )
        }
        out += field(
            "password",
            p.passwordRequired
                ? (p.decrypted
                    ? "required, given" : wrongPassword ? "required, the one given is wrong" : "required, not given")
                : "empty"
        )
        if let hasKey = p.hasPrivateKey { out += field("private key", hasKey ? "present" : "none") }
        if let matches = p.keyMatchesCertificate { out += field("key matches", matches ? "yes" : "NO") }
        if let name = p.friendlyName { out += field("name", name) }
        return out + "\n"
    }

    /// The trust section: anchors, the path built, OpenSSL's verdict.
    func trustSection(_ t: TrustSection, title: String = "Trust") -> String {
        var out = heading("\(title) (\(profileLabel(t)))")
        if t.anchors.isEmpty {
            out += field("anchors", "(none given)")
        } else {
            for (i, a) in t.anchors.prefix(10).enumerated() {
                out += field(
                    i == 0 ? "anchors" : "",
                    "\(a.subject.isEmpty ? "(empty subject)" : a.subject)  (\(a.source))"
                )
            }
            if t.anchors.count > 10 { out += field("", "… and \(t.anchors.count - 10) more") }
        }
        if let path = t.path {
            for (i, p) in path.enumerated() {
                out += field(
                    i == 0 ? "path" : "",
                    (i == 0 ? "" : "← ") + (p.subject.isEmpty ? "(empty subject)" : p.subject) + "  (\(p.source))"
                )
            }
        } else {
            out += field("path", t.evaluated && !t.anchors.isEmpty ? "none reaches an anchor" : "not built")
        }
        if let o = t.openssl {
            let outcome =
                o.ok ? "accepts" : "refuses: " + (o.error ?? "error") + (o.depth.map { " at depth \($0)" } ?? "")
            out += field("openssl", "\(o.verifier) \(outcome)")
        }
        return out
    }

    /// A section heading; values in it are kept on its line.
    func heading(_ text: String) -> String { "\n" + style.paint(oneLine(text), .bold) + "\n" }

    /// One aligned `name  value` field; the value is kept on its line (wrapping aside).
    func field(_ name: String, _ value: String) -> String { field(name, lines: [value]) }

    /// A field with one line per value (a list of names), each kept on its line.
    func field(_ name: String, lines: [String]) -> String {
        let width = 12
        let name = oneLine(name)
        let label = TextStyle.padded(name, to: max(width, name.count + 1))
        let value = lines.map(oneLine).joined(separator: "\n")
        return "      " + style.paint(label, .dim) + style.wrap(value, indent: 6 + width, firstIndent: 6 + label.count)
            + "\n"
    }
}

/// `value`, a peer's or a file's, with its line breaks written visibly (`TextStyle.oneLine`).
func oneLine(_ value: String) -> String { TextStyle.oneLine(value) }
