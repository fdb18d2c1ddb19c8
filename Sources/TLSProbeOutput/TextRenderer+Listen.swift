import SystemCalls
import TLSDiagnosis
import TLSWire

extension TextRenderer {
    /// One connection `listen` served, read from the server's side: who connected and how
    /// it ended, the findings, then what the client offered and presented, and last what
    /// we served (which the user chose, so it is the least news).
    func listenText(_ r: ConnectionReport) -> String {
        var out = ""
        let when = r.flow.map { " · \(ReportTime.iso8601($0.firstPacket))" } ?? ""
        // Our own chain was served: trust beside the verdict is the client certificate's.
        out += clientVerdictLine(r.verdict, findings: r.findings, judged: "client certificate")
        out +=
            style.paint(
                oneLine("listen \(r.flow?.client ?? "?") → \(r.flow?.server ?? "?")\(when) · \(profileLabel(r.trust))"),
                .bold
            ) + "\n"
        var negotiated: [String] = []
        if let v = r.handshake.version { negotiated.append(v.description) }
        if let c = r.handshake.cipherSuite { negotiated.append(c.description) }
        if let g = r.handshake.group { negotiated.append(g) }
        if let a = r.handshake.alpn { negotiated.append("ALPN \(a)") }
        if let sni = r.clientHello?.sni { negotiated.append("SNI \(sni)") }
        if let agent = r.http?.userAgent { negotiated.append(agent) }
        out +=
            "  " + (negotiated.isEmpty ? "nothing negotiated" : oneLine(negotiated.joined(separator: " · "))) + "\n\n"
        out += listenVerdict(r)
        out += findingsSection(r.findings)
        if let h = r.clientHello {
            out += clientHelloSection(h)
            // Browsers send GREASE (RFC 8701) so servers keep tolerating unknown values;
            // its absence is a hint that the client is a library or an embedded stack.
            let grease = Self.greasePlaces(h)
            out += field("GREASE", grease.isEmpty ? "none" : "in " + grease.joined(separator: ", "))
        }
        if !r.alerts.isEmpty {
            out += heading("Alerts")
            for a in r.alerts {
                let who = a.from == .server ? "tlsprobe" : "client"
                let after = a.after.last.map { " after \($0.from == .server ? "our" : "its") \($0.type)" } ?? ""
                out += field(who, "\(a.level) \(a.description)\(a.encrypted ? " (encrypted)" : "")\(after)")
            }
        }
        if let request = r.certificateRequest {
            out += heading("Client certificate requested")
            out += field(
                "CA names",
                lines: request.acceptableCAs.isEmpty ? ["(none: any certificate)"] : request.acceptableCAs
            )
            out += field("sent", request.clientCertificateSent.map { $0 ? "yes" : "no" } ?? "unknown")
        }
        let at = r.evaluatedAt ?? r.flow?.firstPacket ?? Date()
        if let chain = r.clientChain, !chain.isEmpty {
            out += heading("Client chain (\(chain.count))")
            for cert in chain { out += certificateBlock(cert, label: "[\(cert.index)]", at: at) }
        }
        if let trust = r.clientTrust { out += trustSection(trust, title: "Client certificate trust") }
        if let http = r.http {
            out += heading("HTTP")
            out += field("request", http.requestLine)
            if let host = http.host { out += field("host", host) }
            if let agent = http.userAgent { out += field("user agent", agent) }
            out += field("answered", http.answered ? "yes, with tlsprobe's page" : "no (the client went away)")
        }
        out += heading("We served (\(r.chain.count))")
        for cert in r.chain {
            let tags = cert.selfSigned ? "  " + style.paint("(self-signed)", .dim) : ""
            out += "  " + style.paint("[\(cert.index)]", .bold) + " \(oneLine(cert.subject))\(tags)\n"
            out += field("issuer", cert.issuer)
            out += field("pin", cert.pin)
        }
        if let h = r.serverHello, h.helloRetryRequest { out += field("note", "a HelloRetryRequest went first") }
        return out
    }

    /// Where a ClientHello carries GREASE values.
    static func greasePlaces(_ h: ClientHelloSummary) -> [String] {
        var places: [String] = []
        if h.versions.contains(where: \.isGREASE) { places.append("versions") }
        if h.cipherSuites.contains(where: { GREASE.isGREASE($0.rawValue) }) { places.append("cipher suites") }
        if h.extensions.contains(where: { GREASE.isGREASE($0.rawValue) }) { places.append("extensions") }
        if h.supportedGroups.contains(where: { GREASE.isGREASE($0.rawValue) }) { places.append("groups") }
        return places
    }

    /// The one-line verdict of a served connection, with how it ended.
    func listenVerdict(_ r: ConnectionReport) -> String {
        let counts = severityCounts(r.findings)
        let suffix = counts.isEmpty ? "" : " — " + counts
        switch r.outcome {
        case .established:
            var line = style.paint("ESTABLISHED", .green) + suffix + "\n"
            if let trust = r.clientTrust, let trusted = trust.trusted {
                line += "  client certificate " + (trusted ? "trusted" : style.paint("NOT TRUSTED", .red)) + "\n"
            }
            return line
        case .failed, .incomplete:
            let word = r.outcome == .failed ? "FAILED" : "INCOMPLETE"
            return style.paint(word, .red) + suffix + "\n" + "  " + style.wrap(Self.endingLine(r), indent: 2) + "\n"
        }
    }

    /// How a served connection ended, in a few words.
    static func endingLine(_ r: ConnectionReport) -> String {
        if let alert = r.alerts.first(where: {
            $0.level == .fatal || ($0.description != .closeNotify && $0.description != .userCanceled)
        })
            ?? r.alerts.first
        {
            let who = alert.from == .server ? "tlsprobe sent" : "the client sent"
            // A client's verdict on us follows our Certificate, whatever came after it in the flight.
            let after =
                alert.from == .client && alert.after.contains(where: { $0.from == .server && $0.type == .certificate })
                ? " after our Certificate"
                : alert.after.last.map { " after \($0.from == .server ? "our" : "its") \($0.type)" } ?? ""
            return oneLine("\(who) \(alert.description)\(after)")
        }
        if let finding = r.findings.first(where: { $0.severity == .error }) ?? r.findings.first {
            return oneLine(
                finding.message.split(separator: ":", maxSplits: 1).first.map(String.init) ?? finding.message
            )
        }
        return "the handshake did not finish"
    }

    /// The short plain-text page `listen` answers an HTTP request with, so a person at a
    /// browser or an app's developer sees what tlsprobe saw.
    static func listenPageText(_ r: ConnectionReport) -> String {
        let plain = TextRenderer(style: TextStyle(color: false, width: 80))
        var out = "tlsprobe listen saw this connection\n\n"
        out += "From:      \(oneLine(r.flow?.client ?? "?"))\n"
        out += "To:        \(oneLine(r.flow?.server ?? "?"))\n"
        if let http = r.http {
            out += "Request:   \(oneLine(http.requestLine))\n"
            if let agent = http.userAgent { out += "Agent:     \(oneLine(agent))\n" }
        }
        var negotiated: [String] = []
        if let v = r.handshake.version { negotiated.append(v.description) }
        if let c = r.handshake.cipherSuite { negotiated.append(c.description) }
        if let g = r.handshake.group { negotiated.append(g) }
        if let a = r.handshake.alpn { negotiated.append("ALPN \(a)") }
        out += "TLS:       \(oneLine(negotiated.joined(separator: ", ")))\n"
        if let h = r.clientHello {
            out +=
                "Offered:   \(h.versions.filter { !$0.isGREASE }.map(\.description).joined(separator: ", ")); \(h.cipherSuites.count) cipher suites; SNI \(oneLine(h.sni ?? "(none)"))\n"
            if let ja4 = h.ja4 { out += "JA4:       \(ja4)\n" }
            if let ja3 = h.ja3Hash { out += "JA3:       \(ja3)\n" }
        }
        if let chain = r.clientChain, let leaf = chain.first {
            let verdict = r.clientTrust?.trusted.map { $0 ? "trusted" : "NOT trusted" } ?? "not judged"
            out += "Client certificate: \(oneLine(leaf.subject)) (issued by \(oneLine(leaf.issuer))): \(verdict)\n"
        } else if r.certificateRequest != nil {
            out += "Client certificate: requested, none sent\n"
        }
        if r.findings.isEmpty {
            out += "\nNo findings: this client's TLS is in order.\n"
        } else {
            out += "\nFindings:\n"
            for finding in r.findings {
                out +=
                    "- \(finding.severity.rawValue.uppercased()) \(finding.code.rawValue): "
                    + plain.style.wrap(
                        oneLine(finding.message),
                        indent: 2,
                        firstIndent: finding.severity.rawValue.count + finding.code.rawValue.count + 5
                    ) + "\n"
            }
        }
        out += "\nThe full report is on the terminal where tlsprobe listen runs.\n"
        return out
    }
}
