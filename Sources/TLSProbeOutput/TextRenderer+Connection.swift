import SystemCalls
import TLSDiagnosis
import TLSModel
import TLSWire

extension TextRenderer {
    /// One connection: `connect`, and each connection of `capture` and `listen`.
    func connectionText(_ r: ConnectionReport) -> String {
        var out = ""
        let title: String
        // connect: our own hello is the least interesting part; capture: the client's comes first.
        let ownHello: Bool
        switch r.vantage {
        case .client(let client):
            let t = client.target
            let address = t.address.map { $0 == t.host ? "" : " (\($0))" } ?? ""
            title =
                "connect \(HostPort.display(host: t.host, port: t.port))\(address)\(t.upgrade.map { " · STARTTLS \($0.rawValue)" } ?? "")\(t.transport == .udp ? " · DTLS over UDP" : "") · SNI \(t.sni ?? "none")"
            ownHello = true
        case .server:
            // The server's side reads differently: the client and how it ended come first.
            return listenText(r)
        case .observer(let observer):
            let f = observer.flow
            title =
                "capture \(f.client) → \(f.server) · \(ReportTime.iso8601(f.firstPacket))"
                + (f.upgrade.map { " · \($0.rawValue) STARTTLS" } ?? "")
                + (f.tunnel.map { " · \($0.rawValue) tunnel" } ?? "") + (f.transport == .udp ? " · DTLS over UDP" : "")
            ownHello = false
        }
        out += clientVerdictLine(r.verdict, findings: r.findings)
        out += style.paint(oneLine(title + " · " + profileLabel(r.trust)), .bold) + "\n"
        var negotiated: [String] = []
        if let v = r.handshake.version { negotiated.append(v.description) }
        if let c = r.handshake.cipherSuite { negotiated.append(c.description) }
        if let g = r.handshake.group { negotiated.append(g) }
        if let a = r.handshake.alpn { negotiated.append("ALPN \(a)") }
        out +=
            "  " + (negotiated.isEmpty ? "nothing negotiated" : oneLine(negotiated.joined(separator: " · ")))
            + " · \(r.outcome == .established ? "handshake complete" : r.outcome == .failed ? style.paint("handshake failed", .red) : "handshake incomplete")\n"
        if let f = r.fallback {
            let accepted = f.probes.filter(\.accepted).map(\.version.description)
            let said =
                f.version.map { version in
                    f.probes.isEmpty
                        ? "a fallback handshake at \(version) offering every cipher suite was made to see the chain (the server chose \(f.cipher?.description ?? "a suite"))"
                        : "a fallback handshake at \(version) was made to see the chain (\(f.cipher.map { "\($0); " } ?? "")the server accepts \(accepted.joined(separator: ", ")) offered alone)"
                }
                ?? "no older version was accepted either (\(f.probes.map { "\($0.version): \($0.detail ?? "refused")" }.joined(separator: "; ")))"
            out +=
                "  " + style.paint(oneLine("The first handshake failed (\(f.reason.rawValue)); \(said)."), .yellow)
                + "\n"
        }
        // Why trust was not judged, or how (a pin): under the verdict, as before.
        if let note = r.trust.note { out += "\n  " + style.wrap(oneLine(note), indent: 2) + "\n" }
        out += findingsSection(r.findings, failedHandshake: r.outcome != .established)
        if !r.alerts.isEmpty {
            out += heading("Alerts")
            for a in r.alerts {
                let after = a.after.last.map { " after \($0)" } ?? ""
                out += field(a.from.rawValue, "\(a.level) \(a.description)\(a.encrypted ? " (encrypted)" : "")\(after)")
            }
        }
        if let h = r.clientHello, !ownHello { out += clientHelloSection(h) }
        if let h = r.serverHello {
            out += heading(h.helloRetryRequest ? "HelloRetryRequest" : "Server hello")
            out += field("version", h.version.description)
            out += field("cipher", h.cipherSuite.description)
            if let g = h.group { out += field("group", g.description) }
            if let a = h.alpn { out += field("ALPN", a) }
            if h.afterHelloRetryRequest {
                out += field(
                    "retry",
                    "a HelloRetryRequest went first"
                        + (h.helloRetryRequestGroup.map { ", asking for a key share in \($0)" } ?? "")
                )
            }
        }
        if let h = r.secondClientHello, !ownHello {
            // DTLS: the second hello answered a HelloVerifyRequest with its cookie (RFC 6347 §4.2.1).
            let retried = r.serverHello.map { $0.helloRetryRequest || $0.afterHelloRetryRequest } ?? false
            let verify = h.legacyVersion.isDTLS && !retried
            out += heading(
                verify
                    ? "Second client hello (after the HelloVerifyRequest, with its cookie)"
                    : retried
                        ? "Second client hello (after the HelloRetryRequest)"
                        : "Second client hello (sent unasked; the first is fingerprinted)"
            )
            out += field(
                "key shares",
                h.keyShareGroups.isEmpty ? "(none)" : h.keyShareGroups.map { $0.description }.joined(separator: ", ")
            )
            if let ja4 = h.ja4 { out += field("JA4", ja4) }
        }
        out += heading("Chain as presented (\(r.chain.count))")
        if r.chain.isEmpty { out += "  (none seen)\n" }
        let at = r.evaluatedAt ?? r.flow?.firstPacket ?? Date()
        for cert in r.chain { out += certificateBlock(cert, label: "[\(cert.index)]", at: at) }
        if let request = r.certificateRequest {
            out += heading("Client certificate requested")
            out += field("acceptable CAs", lines: request.acceptableCAs.isEmpty ? ["(any)"] : request.acceptableCAs)
            if !request.signatureAlgorithms.isEmpty {
                out += field("signatures", request.signatureAlgorithms.map { $0.description }.joined(separator: ", "))
            }
            out += field("sent", request.clientCertificateSent.map { $0 ? "yes" : "no" } ?? "unknown")
        }
        if let chain = r.clientChain {
            out += heading("Client chain (\(chain.count))")
            for cert in chain { out += certificateBlock(cert, label: "[\(cert.index)]", at: at) }
        }
        if let versions = r.versions {
            let levels = Set(versions.compactMap(\.securityLevel))
            let how =
                levels.count == 1
                ? " (each offered alone, OpenSSL security level \(levels.first ?? 0))" : " (each offered alone)"
            out += heading("Protocol versions" + how)
            for probe in versions {
                out += field(
                    probe.version.description,
                    probe.accepted ? "accepted" : "refused" + (probe.detail.map { " (\($0))" } ?? "")
                )
            }
        }
        if let o = r.ocsp, r.outcome == .established {
            out += heading("OCSP stapling (status_request sent)")
            if !o.stapled {
                out += field("stapled", "no")
            } else {
                var status = [o.responseStatus ?? (o.detail == nil ? "unreadable" : "")].filter { !$0.isEmpty }
                if let d = o.detail { status.append(d) }
                if let c = o.certificateStatus { status.append("certificate \(c)") }
                if let t = o.revocationTime { status.append("revoked \(ReportTime.iso8601(t))") }
                if let reason = o.revocationReason { status.append("reason \(reason)") }
                if o.matchesLeaf == false { status.append("about another certificate than the leaf") }
                out += field("stapled", "yes (\(o.bytes) bytes): " + status.joined(separator: ", "))
                if let t = o.thisUpdate { out += field("this update", ReportTime.iso8601(t)) }
                if let t = o.nextUpdate { out += field("next update", ReportTime.iso8601(t)) }
                if let c = o.check { out += field("checked", Self.ocspCheck(c)) }
            }
        }
        if let ciphers = r.ciphers {
            out += heading("Cipher suites accepted (each version enumerated; ATS: usable under App Transport Security)")
            for v in ciphers {
                let order = v.order.map { ", \($0) order" } ?? ""
                let stopped = v.detail.map { "; stopped: \($0)" } ?? ""
                out += field(
                    v.version.description,
                    v.suites.isEmpty ? "none\(stopped)" : "\(v.suites.count) of \(v.offered) offered\(order)\(stopped)"
                )
                for s in v.suites {
                    var marks: [String] = []
                    if s.ats { marks.append("ATS") }
                    if !s.forwardSecrecy { marks.append("no forward secrecy") }
                    if !s.aead { marks.append("not AEAD") }
                    out +=
                        "    " + s.suite.description
                        + (marks.isEmpty
                            ? "" : "  " + style.paint(marks.joined(separator: ", "), s.ats ? .green : .dim)) + "\n"
                }
            }
        }
        if let h = r.clientHello, ownHello {
            // Our own hello is what we sent, not what was found: only on request.
            if verbose {
                out += clientHelloSection(h, title: "Our client hello")
            } else {
                out +=
                    heading("Our client hello") + "  "
                    + style.paint(
                        "\(h.versions.count) version(s), \(h.cipherSuites.count) cipher suites, SNI \(oneLine(h.sni ?? "none")); --verbose shows it",
                        .dim
                    ) + "\n"
            }
        }
        out += trustSection(r.trust)
        return out
    }

    /// What a client hello section is a pure function of.
    private struct HelloSectionKey: Hashable, Sendable {
        var hello: ClientHelloSummary
        var title: String
        var style: TextStyle

        // The summary's own hash takes its JA3 string, which the key leaves out; the JA3
        // hash stands in for it, so hellos that differ in their groups or suite order do
        // not all fall in one bucket.
        func hash(into hasher: inout Hasher) {
            hasher.combine(hello)
            hasher.combine(hello.ja3Hash)
            hasher.combine(title)
        }
    }

    /// Sections already written: a capture shows the same few clients' hellos thousands of
    /// times. A section over 16 KiB (a hello with thousands of suites) is not kept, and the
    /// key keeps only what the section shows (not the cookie, the key share groups or the
    /// JA3 string, which a hostile hello can make long while the section stays short), so
    /// the memo holds at most 256 sections of 16 KiB and keys a few times as large.
    private static let helloSections = BoundedMemo<HelloSectionKey, String>(capacity: 256)

    func clientHelloSection(_ h: ClientHelloSummary, title: String = "Client hello") -> String {
        var shown = h
        shown.cookie = nil
        shown.keyShareGroups = []
        shown.ja3 = nil
        let key = HelloSectionKey(hello: shown, title: title, style: style)
        if let section = Self.helloSections.value(for: key) { return section }
        let section = writeClientHelloSection(h, title: title)
        if section.utf8.count <= 16 * 1024 { Self.helloSections.store(section, for: key) }
        return section
    }

    private func writeClientHelloSection(_ h: ClientHelloSummary, title: String) -> String {
        var out = heading(title)
        out += field("versions", h.versions.map { $0.description }.joined(separator: ", "))
        out += field(
            "ciphers",
            "(\(h.cipherSuites.count)) " + h.cipherSuites.map { $0.description }.joined(separator: ", ")
        )
        out += field("SNI", h.sni ?? "(none)")
        if !h.alpn.isEmpty { out += field("ALPN", h.alpn.joined(separator: ", ")) }
        if !h.supportedGroups.isEmpty {
            out += field("groups", h.supportedGroups.map { $0.description }.joined(separator: ", "))
        }
        if !h.signatureAlgorithms.isEmpty {
            out += field("signatures", h.signatureAlgorithms.map { $0.description }.joined(separator: ", "))
        }
        out += field("extensions", h.extensions.map { $0.description }.joined(separator: ", "))
        if let ja3 = h.ja3Hash { out += field("JA3", ja3) }
        if let ja4 = h.ja4 { out += field("JA4", ja4) }
        if h.sslv2Compatible { out += field("format", "SSLv2-compatible hello") }
        return out
    }
}

extension TextRenderer {
    /// `--brief`: one line for one connection — where, the version, the verdict and how the
    /// handshake ended, and the most severe finding (how many more).
    public func brief(_ r: ConnectionReport) -> String {
        let endpoint: String
        switch r.vantage {
        case .client(let client):
            let t = client.target
            endpoint = HostPort.display(host: t.host, port: t.port)
        case .server(let server):
            endpoint = server.flow.client + (r.clientHello?.sni.map { " (SNI \($0))" } ?? "")
        case .observer(let observer):
            endpoint = "\(observer.flow.client) → \(observer.flow.server)"
        }
        var parts = [oneLine(endpoint), r.handshake.version?.description ?? "-"]
        let clientVerdict = r.verdict
        var verdict =
            clientVerdict.connects
            ? style.paint("CONNECTS", .green)
            : style.paint("CANNOT CONNECT", .red)
        switch r.vantage {
        case .server: break  // our own chain: the client's verdict is how the connection ended
        default:
            switch r.trust.trusted {
            case .some(true): verdict += ", chain trusted"
            case .some(false): verdict += ", chain " + style.paint("NOT trusted", .red)
            case .none: verdict += ", chain not evaluated"
            }
        }
        switch r.outcome {
        case .established: break
        case .failed: verdict += ", " + style.paint("handshake failed", .red)
        case .incomplete: verdict += ", handshake incomplete"
        }
        parts.append(verdict)
        // Findings are in report order: the root cause of the worst group comes first.
        if let top = r.findings.first {
            var sentence = oneLine(top.message)
            if let end = sentence.scalarRange(of: ". ") { sentence = String(sentence[..<end.lowerBound]) + "." }
            if sentence.count > 120 { sentence = String(sentence.prefix(119)) + "…" }
            let more = r.findings.count > 1 ? " (+\(r.findings.count - 1) more)" : ""
            let label = style.paint(
                top.severity.rawValue.uppercased(),
                top.severity == .error ? .red : top.severity == .warning ? .yellow : .cyan
            )
            parts.append("\(label) \(top.code.rawValue): \(sentence)\(more)")
        } else {
            parts.append("no findings")
        }
        return TextStyle.terminalSafe(parts.joined(separator: "  ")) + "\n"
    }
}

extension TextRenderer {
    /// The stapled response's check in a line: who signed it, and whether it is current.
    static func ocspCheck(_ c: OCSPStapleCheck) -> String {
        var parts: [String] = []
        if c.verified {
            parts.append(c.responder == .delegate ? "signed by a delegated responder" : "signed by the leaf's issuer")
        } else if let failure = c.failure {
            parts.append("not valid (\(failure.rawValue)): \(c.detail ?? "")")
        } else {
            parts.append("not verified: \(c.detail ?? "")")
        }
        switch c.current {
        case true?: parts.append("current")
        case false?: parts.append("out of date")
        case nil: break
        }
        return parts.joined(separator: ", ")
    }
}
