import SystemCalls
import TLSDiagnosis
import TLSModel

extension HTMLRenderer {
    /// One box of the chain picture: a certificate presented, an anchor, or the place a
    /// certificate is missing.
    struct ChainNode {
        enum Kind {
            case presented
            case anchor
            /// An issuer that was neither sent nor an anchor (chain.missing_intermediate).
            case missing
            /// The path ends without an anchor (none given, or none reached).
            case noAnchor
        }

        var kind: Kind
        var label: String
        var lines: [String]
        /// Finding codes about this certificate.
        var codes: [String] = []
        var bad = false
        /// The link from this node to the next (its issuer): nil when whole, else the
        /// finding that breaks it; `linked` false when the next box is not its issuer.
        var broken: Finding? = nil
        var linked = true
    }

    /// Codes that break the link from a certificate to its issuer, by the certificate's index.
    static let linkCodes: Set<FindingCode> = [
        .chainBadSignature, .chainMissingIntermediate, .chainUntrustedRoot, .chainAnchorKeyMismatch,
        .chainStaleIntermediate, .chainNameConstraintsViolated, .chainWrongOrder, .chainTooLong,
    ]
    /// Codes about the issuer's side of a link (the finding names the issuer).
    static let issuerCodes: Set<FindingCode> = [
        .chainIssuerNotCA, .chainIssuerMissingCertSign, .chainPathLengthExceeded,
    ]

    /// The lines of a certificate's box.
    func boxLines(_ c: CertificateDetails, at: Date) -> [String] {
        var names = c.dnsNames.map { "DNS:\($0)" } + c.ipAddresses.map { "IP:\($0)" }
        names += c.emailAddresses.map { "email:\($0)" } + c.uris.map { "URI:\($0)" }
        let state = at < c.notBefore ? " (not yet valid)" : at > c.notAfter ? " (EXPIRED)" : ""
        return [
            "subject  " + (c.subject.isEmpty ? "(empty)" : c.subject),
            "issuer   " + (c.issuer.isEmpty ? "(empty)" : c.issuer),
            "key      " + c.key.summary + " · signed " + c.signatureAlgorithm,
            "dates    " + String(ReportTime.iso8601(c.notBefore).prefix(10)) + " → "
                + String(ReportTime.iso8601(c.notAfter).prefix(10)) + state,
            "names    " + (names.isEmpty ? "(none)" : names.joined(separator: ", ")),
        ]
    }

    /// The chain as a client builds it: the path to the anchor when one was found (the
    /// anchor drawn as such, certificates presented off the path after it, unlinked);
    /// otherwise the certificates as presented, then the missing issuer or the end without
    /// an anchor, each link marked with the finding that breaks it.
    func chainNodes(_ chain: [CertificateDetails], trust: TrustSection, findings: [Finding], at: Date) -> [ChainNode] {
        func findingsAbout(_ index: Int) -> [Finding] { findings.filter { $0.subject == .certificate(index) } }
        func node(_ c: CertificateDetails) -> ChainNode {
            let about = findingsAbout(c.index)
            var role = c.index == 0 ? "leaf" : c.selfSigned ? "root" : c.isCA ? "intermediate" : "certificate"
            if c.index > 0 && c.selfSigned && trust.anchors.contains(where: { $0.sha256 == c.sha256 }) {
                role = "root, an anchor"
            }
            return ChainNode(
                kind: .presented,
                label: "[\(c.index)] \(role) · presented",
                lines: boxLines(c, at: at),
                codes: about.map(\.code.rawValue),
                bad: about.contains { $0.severity == .error }
            )
        }
        var nodes: [ChainNode] = []
        var indices: [Int] = []  // the certificate index of each presented node, -1 otherwise
        if let path = trust.path, !path.isEmpty {
            var onPath = Set<Int>()
            for element in path {
                if let index = Self.chainIndex(element.source), index < chain.count {
                    nodes.append(node(chain[index]))
                    indices.append(index)
                    onPath.insert(index)
                } else {
                    nodes.append(
                        ChainNode(
                            kind: .anchor,
                            label: element.source.hasPrefix("anchor") ? element.source : "anchor · \(element.source)",
                            lines: [
                                "subject  " + element.subject, "issuer   " + element.issuer,
                                "expires  " + String(ReportTime.iso8601(element.notAfter).prefix(10)),
                            ]
                        )
                    )
                    indices.append(-1)
                }
            }
            if !nodes.isEmpty { nodes[nodes.count - 1].linked = false }
            for cert in chain where !onPath.contains(cert.index) {
                var extra = node(cert)
                extra.label += ", not on the path"
                extra.linked = false
                nodes.append(extra)
                indices.append(cert.index)
            }
        } else {
            // As presented: a box is linked to the next only when the next issued it.
            for (i, cert) in chain.enumerated() {
                var presented = node(cert)
                presented.linked = i + 1 < chain.count && chain[i + 1].subject == cert.issuer && !cert.selfSigned
                nodes.append(presented)
                indices.append(cert.index)
            }
            // The last box leads to the missing issuer when it is the one whose issuer is missing.
            if let missing = findings.first(where: { $0.code == .chainMissingIntermediate }), let last = chain.last,
                missing.subject == .certificate(last.index), !nodes.isEmpty
            {
                nodes[nodes.count - 1].linked = true
            }
            if let missing = findings.first(where: { $0.code == .chainMissingIntermediate }) {
                var issuer = "(unknown)"
                if case .string(let name)? = missing.evidence["issuer"] { issuer = name }
                nodes.append(
                    ChainNode(
                        kind: .missing,
                        label: "missing intermediate · not sent, not an anchor",
                        lines: ["subject  " + issuer, "The path stops here: the server must send it."],
                        bad: true,
                        linked: false
                    )
                )
                indices.append(-1)
            } else if !nodes.isEmpty {
                let evaluated = trust.evaluated && trust.trusted != nil
                nodes.append(
                    ChainNode(
                        kind: .noAnchor,
                        label: evaluated ? "no anchor reached" : "trust not evaluated",
                        lines: [
                            evaluated ? "No path from the chain reaches an anchor given." : "No anchors were given."
                        ],
                        bad: evaluated,
                        linked: false
                    )
                )
                indices.append(-1)
            }
        }
        // Mark each link with the finding that breaks it.
        // A link into the end of the path (no anchor reached) is drawn only when broken.
        for i in nodes.indices where i + 1 < nodes.count && (nodes[i].linked || nodes[i + 1].kind == .noAnchor) {
            let child = indices[i]
            let parent = indices[i + 1]
            let breaking =
                findings.first { child >= 0 && $0.subject == .certificate(child) && Self.linkCodes.contains($0.code) }
                ?? findings.first {
                    parent >= 0 && $0.subject == .certificate(parent) && Self.issuerCodes.contains($0.code)
                }
            nodes[i].broken = breaking
        }
        return nodes
    }

    /// inspect: a file's certificates in order, linked where one's issuer is the next's subject.
    func nodesInFile(_ certificates: [CertificateDetails], findings: [Finding], at: Date) -> [ChainNode] {
        certificates.enumerated().map { i, c in
            let about = findings.filter { $0.subject == .certificate(i) }
            var node = ChainNode(
                kind: .presented,
                label: "certificate[\(i)]" + (c.selfSigned ? " · self-signed" : c.isCA ? " · CA" : ""),
                lines: boxLines(c, at: at),
                codes: about.map(\.code.rawValue),
                bad: about.contains { $0.severity == .error }
            )
            node.linked = i + 1 < certificates.count && certificates[i + 1].subject == c.issuer && !c.selfSigned
            return node
        }
    }

    /// `certificate[3]` (a path element's source: the certificate presented at 3) → 3.
    static func chainIndex(_ source: String) -> Int? {
        guard source.hasPrefix("certificate["), source.hasSuffix("]") else { return nil }
        return Int(source.dropFirst("certificate[".count).dropLast())
    }

    /// The boxes top to bottom, leaf first, an arrow from each to its issuer: a broken link
    /// red, dashed and labelled with its finding; a missing issuer a dashed box; an anchor
    /// a double-framed one. Every text passes `s` (SVG text); full values in `<title>`.
    func chainSVG(_ nodes: [ChainNode], id: String = "chain") -> String {
        guard !nodes.isEmpty else { return "" }
        func fmt(_ v: Double) -> String { SystemCall.format("%.0f", v) }
        let width = 760.0
        let lineHeight = 17.0
        let gap = 46.0
        var heights: [Double] = nodes.map { 30 + lineHeight * Double($0.lines.count + ($0.codes.isEmpty ? 0 : 1)) }
        heights = heights.map { max($0, 52) }
        let total = heights.reduce(0, +) + gap * Double(nodes.count - 1) + 10
        var svg =
            "<svg class=\"chain\" role=\"img\" aria-labelledby=\"\(id)-title\" viewBox=\"0 0 \(fmt(width)) \(fmt(total))\" "
            + "xmlns=\"http://www.w3.org/2000/svg\"><title id=\"\(id)-title\">The certificate chain, leaf first, "
            + "each certificate above its issuer</title>\n"
        for (marker, cls) in [("arrow", "arrowhead"), ("arrow-bad", "arrowhead-bad")] {
            svg +=
                "<defs><marker id=\"\(id)-\(marker)\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" "
            svg +=
                "markerWidth=\"12\" markerHeight=\"12\" orient=\"auto\"><path d=\"M0 0L10 5L0 10Z\" class=\"\(cls)\"/>"
            svg += "</marker></defs>"
        }
        svg += "\n"
        var y = 5.0
        for (i, node) in nodes.enumerated() {
            let h = heights[i]
            let cls: String
            switch node.kind {
            case .presented: cls = node.bad ? "box bad" : "box"
            case .anchor: cls = "box anchor"
            case .missing: cls = "box missing"
            case .noAnchor: cls = node.bad ? "box missing" : "box neutral"
            }
            svg +=
                "<g class=\"node\"><rect x=\"5\" y=\"\(fmt(y))\" width=\"\(fmt(width - 10))\" height=\"\(fmt(h))\" rx=\"6\" "
            svg += "class=\"\(cls)\"/>"
            if node.kind == .anchor {
                svg +=
                    "<rect x=\"9\" y=\"\(fmt(y + 4))\" width=\"\(fmt(width - 18))\" height=\"\(fmt(h - 8))\" rx=\"4\" "
                svg += "class=\"anchor-inner\"/>"
            }
            svg += "<text x=\"18\" y=\"\(fmt(y + 20))\" class=\"box-label\">" + s(node.label) + "</text>"
            var ty = y + 20 + lineHeight
            for line in node.lines {
                svg += "<text x=\"18\" y=\"\(fmt(ty))\" class=\"box-line\">" + s(Self.clip(line, 104))
                svg += "<title>" + s(line) + "</title></text>"
                ty += lineHeight
            }
            if !node.codes.isEmpty {
                svg += "<text x=\"18\" y=\"\(fmt(ty))\" class=\"box-codes\">"
                svg += s(Self.clip("findings " + node.codes.joined(separator: ", "), 104)) + "</text>"
            }
            svg += "</g>\n"
            y += h
            if i + 1 < nodes.count {
                if node.linked || node.broken != nil {
                    let bad = node.broken != nil
                    svg += "<line x1=\"60\" y1=\"\(fmt(y + 2))\" x2=\"60\" y2=\"\(fmt(y + gap - 6))\" "
                    svg +=
                        "class=\"\(bad ? "link-bad" : "link")\" marker-end=\"url(#\(id)-\(bad ? "arrow-bad" : "arrow"))\"/>"
                    let label =
                        node.broken.map {
                            "✘ BROKEN: \($0.code.rawValue) — \(FindingCatalog.entry(for: $0.code)?.title ?? "")"
                        } ?? "issued by"
                    svg +=
                        "<text x=\"76\" y=\"\(fmt(y + gap / 2 + 5))\" class=\"\(bad ? "link-label-bad" : "link-label")\">"
                    svg += s(Self.clip(label, 96)) + "</text>\n"
                }
            }
            y += i + 1 < nodes.count ? gap : 0
        }
        return svg + "</svg>\n"
    }

    /// The page's styles: readable on a phone (one column, the pictures scale), printable
    /// on A4 and Letter (no backgrounds needed, boxes kept whole), colours with words.
    static let css = """
        :root{color-scheme:light;--good:#1a7f37;--bad:#c62828;--warn:#9a6700;--dim:#57606a;--line:#d0d7de}
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.45 -apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;background:#fff}
        main{max-width:60rem;margin:0 auto;padding:1rem}
        h1{font-size:1.35rem;margin:.2rem 0;overflow-wrap:anywhere}
        h2{font-size:1.15rem;border-bottom:1px solid var(--line);padding-bottom:.2rem;margin-top:1.6rem}
        h3{font-size:1rem;margin:.2rem 0;overflow-wrap:anywhere}
        code,pre,.code{font-family:ui-monospace,"SF Mono",Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:.9em}
        pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:.5rem .7rem;margin:.2rem 0}
        .dim{color:var(--dim)}
        .verdict{border:3px solid;border-radius:8px;padding:.6rem 1rem;margin:1rem 0}
        .verdict .headline{font-size:1.3rem;font-weight:700;margin:0}
        .verdict p{margin:.2rem 0;overflow-wrap:anywhere}
        .verdict.good{border-color:var(--good);color:var(--good);background:#dafbe1}
        .verdict.bad{border-color:var(--bad);color:var(--bad);background:#ffebe9}
        .verdict.warn{border-color:var(--warn);color:var(--warn);background:#fff8c5}
        .verdict.neutral{border-color:var(--dim);color:var(--dim)}
        .finding{border:1px solid var(--line);border-left:6px solid var(--dim);border-radius:6px;padding:.5rem .8rem;margin:.6rem 0;break-inside:avoid}
        .finding.error{border-left-color:var(--bad)}
        .finding.warning{border-left-color:var(--warn)}
        .finding p{margin:.3rem 0;overflow-wrap:anywhere}
        .sev{font-weight:700;font-size:.8rem;padding:.05rem .35rem;border-radius:4px;border:1px solid}
        .error .sev{color:var(--bad)}
        .warning .sev{color:var(--warn)}
        .fix-label{font-weight:600;margin-bottom:0}
        dl{display:grid;grid-template-columns:minmax(6rem,max-content) 1fr;gap:.1rem .8rem;margin:.4rem 0}
        dt{color:var(--dim)}
        dd{margin:0;overflow-wrap:anywhere}
        .cert{border:1px solid var(--line);border-radius:6px;padding:.5rem .8rem;margin:.6rem 0;break-inside:avoid}
        svg{display:block;width:100%;height:auto;margin:.6rem 0}
        svg text{font-family:ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:12.5px;fill:#1f2328}
        .box{fill:#fff;stroke:#57606a;stroke-width:1.5}
        .box.bad{stroke:var(--bad);stroke-width:3}
        .box.anchor{stroke:var(--good);stroke-width:2}
        .anchor-inner{fill:none;stroke:var(--good);stroke-width:1}
        .box.missing{fill:#fff5f5;stroke:var(--bad);stroke-width:2.5;stroke-dasharray:8 5}
        .box.neutral{fill:#f6f8fa;stroke:#8c959f;stroke-dasharray:4 4}
        svg .box-label{font-weight:700;font-family:-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:14px}
        svg .box-codes{fill:var(--bad)}
        .link{stroke:#57606a;stroke-width:2}
        .link-bad{stroke:var(--bad);stroke-width:3;stroke-dasharray:6 4}
        .arrowhead{fill:#57606a}
        .arrowhead-bad{fill:var(--bad)}
        svg .link-label{fill:var(--dim)}
        svg .link-label-bad{fill:var(--bad);font-weight:700}
        table.scan{border-collapse:collapse;width:100%;font-size:.9rem}
        table.scan th,table.scan td{border-bottom:1px solid var(--line);padding:.25rem .4rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
        table.scan td:first-child{white-space:nowrap}
        table.scan tr.bad td.v{color:var(--bad);font-weight:700}
        table.scan tr.good td.v{color:var(--good)}
        .bad-text{color:var(--bad);font-weight:700}
        .warn-text{color:var(--warn);font-weight:600}
        .orders input{margin-left:.8rem}
        .orders .by-exp,.orders .by-addr{display:none}
        #o-exp:checked~.by-exp,#o-addr:checked~.by-addr{display:block}
        #o-exp:checked~.by-sev,#o-addr:checked~.by-sev{display:none}
        .tl-window{fill:#fff8c5}
        .tl-today{stroke:#1f2328;stroke-width:2}
        .tl-horizon{stroke:var(--warn);stroke-width:2;stroke-dasharray:5 4}
        .tl-row{stroke:#eaeef2}
        .tl-ok{fill:var(--good)}
        .tl-soon{fill:var(--warn)}
        .tl-expired{stroke:var(--bad);stroke-width:3}
        svg .tl-mark{font-weight:700}
        footer{margin-top:2rem;font-size:.85rem}
        @media (max-width:40rem){main{padding:.5rem}dl{grid-template-columns:1fr}dt{font-weight:600}table.scan{font-size:.8rem}}
        @page{margin:12mm}
        @media print{main{max-width:none;padding:0}body{font-size:11pt}.orders input,.orders label{display:none}
        .verdict,.tl-window,.box.missing{-webkit-print-color-adjust:exact;print-color-adjust:exact}
        h2{break-after:avoid}svg{break-inside:avoid}tr{break-inside:avoid}}
        """
}
