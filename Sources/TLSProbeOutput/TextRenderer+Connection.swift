import Foundation
import TLSDiagnosis
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
            let host = t.host.contains(":") ? "[\(t.host)]" : t.host
            title = "connect \(host):\(t.port)\(address) · SNI \(t.sni ?? "none")"
            ownHello = true
        case .server:
            // The server's side reads differently: the client and how it ended come first.
            return listenText(r)
        case .observer(let observer):
            let f = observer.flow
            title = "capture \(f.client) → \(f.server) · \(ReportTime.iso8601(f.firstPacket))"
            ownHello = false
        }
        out += style.paint(oneLine(title), .bold) + "\n"
        var negotiated: [String] = []
        if let v = r.handshake.version { negotiated.append(v.description) }
        if let c = r.handshake.cipherSuite { negotiated.append(c.description) }
        if let g = r.handshake.group { negotiated.append(g) }
        if let a = r.handshake.alpn { negotiated.append("ALPN \(a)") }
        out += "  " + (negotiated.isEmpty ? "nothing negotiated" : oneLine(negotiated.joined(separator: " · ")))
            + " · \(r.outcome == .established ? "handshake complete" : r.outcome == .failed ? style.paint("handshake failed", .red) : "handshake incomplete")\n\n"
        out += verdict(r.trust, findings: r.findings)
        out += findingsSection(r.findings)
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
        }
        out += heading("Chain as presented (\(r.chain.count))")
        if r.chain.isEmpty { out += "  (none seen)\n" }
        let at = r.evaluatedAt ?? r.flow?.firstPacket ?? Date()
        for cert in r.chain { out += certificateBlock(cert, label: "[\(cert.index)]", at: at) }
        if let request = r.certificateRequest {
            out += heading("Client certificate requested")
            out += field("acceptable CAs", lines: request.acceptableCAs.isEmpty ? ["(any)"] : request.acceptableCAs)
            if !request.signatureAlgorithms.isEmpty {
                out += field("signatures", request.signatureAlgorithms.map(\.description).joined(separator: ", "))
            }
            out += field("sent", request.clientCertificateSent.map { $0 ? "yes" : "no" } ?? "unknown")
        }
        if let chain = r.clientChain {
            out += heading("Client chain (\(chain.count))")
            for cert in chain { out += certificateBlock(cert, label: "[\(cert.index)]", at: at) }
        }
        if let versions = r.versions {
            let levels = Set(versions.compactMap(\.securityLevel))
            let how = levels.count == 1 ? " (each offered alone, OpenSSL security level \(levels.first ?? 0))" : " (each offered alone)"
            out += heading("Protocol versions" + how)
            for probe in versions {
                out += field(probe.version.description, probe.accepted ? "accepted" : "refused" + (probe.detail.map { " (\($0))" } ?? ""))
            }
        }
        if let h = r.clientHello, ownHello { out += clientHelloSection(h, title: "Our client hello") }
        out += trustSection(r.trust)
        return out
    }

    func clientHelloSection(_ h: ClientHelloSummary, title: String = "Client hello") -> String {
        var out = heading(title)
        out += field("versions", h.versions.map(\.description).joined(separator: ", "))
        out += field("ciphers", "(\(h.cipherSuites.count)) " + h.cipherSuites.map(\.description).joined(separator: ", "))
        out += field("SNI", h.sni ?? "(none)")
        if !h.alpn.isEmpty { out += field("ALPN", h.alpn.joined(separator: ", ")) }
        if !h.supportedGroups.isEmpty { out += field("groups", h.supportedGroups.map(\.description).joined(separator: ", ")) }
        if !h.signatureAlgorithms.isEmpty {
            out += field("signatures", h.signatureAlgorithms.map(\.description).joined(separator: ", "))
        }
        out += field("extensions", h.extensions.map(\.description).joined(separator: ", "))
        if let ja3 = h.ja3Hash { out += field("JA3", ja3) }
        if let ja4 = h.ja4 { out += field("JA4", ja4) }
        if h.sslv2Compatible { out += field("format", "SSLv2-compatible hello") }
        return out
    }
}
