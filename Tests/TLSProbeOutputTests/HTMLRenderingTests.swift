import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSWire
@testable import TLSProbeOutput

/// The HTML page (`--html`, listen's page for a browser): values from peers and files are
/// escaped for where they land, so only tlsprobe's own markup is markup.
@Suite struct HTMLRenderingTests {
    static let markup = "<img src=x onerror=alert(1)>\"'&</svg><script>alert(1)</script>"

    @Test func textAttributeAndSVGTextAreEscaped() {
        let expected =
            "&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
        #expect(HTMLEscaping.text(Self.markup) == expected)
        #expect(HTMLEscaping.attribute(Self.markup) == expected)
        #expect(HTMLEscaping.svgText(Self.markup) == expected)
        // Line breaks stay in text (a <pre>), not in an attribute or SVG text.
        #expect(HTMLEscaping.text("a\nb") == "a\nb")
        #expect(HTMLEscaping.attribute("a\nb") == "a b" && HTMLEscaping.svgText("a\r\nb") == "a\\u{D} b")
        // Controls and bidirectional overrides are shown, not obeyed.
        #expect(HTMLEscaping.text("evil\u{202E}gnp.exe\u{0}") == "evil\\u{202E}gnp.exe\\u{0}")
        #expect(HTMLEscaping.text("Zürich CA ✓") == "Zürich CA ✓")
    }

    /// Every tag in the page is one tlsprobe writes, however hostile the names in the
    /// report (LineBreakTests' fixtures: every name, SNI and header a peer chose).
    static let ownTags: Set<String> = [
        "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "main", "header", "footer", "h1", "h2", "h3",
        "p", "span", "section", "article", "dl", "dt", "dd", "code", "pre", "svg", "defs", "marker", "path", "g",
        "rect", "text", "line", "circle", "table", "thead", "tbody", "tr", "th", "td", "div", "input", "label",
    ]

    static func tags(_ html: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: "</?([!A-Za-z][A-Za-z0-9]*)")
        return Set(
            pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
                Range($0.range(at: 1), in: html).map { String(html[$0]) }
            }
        )
    }

    @Test(arguments: ["connect", "capture", "listen", "listen page"])
    func onlyOurOwnMarkup(kind: String) {
        let renderer = HTMLRenderer()
        let html: String
        switch kind {
        case "connect": html = renderer.render(LineBreakTests.connect)
        case "capture": html = renderer.render(LineBreakTests.capture)
        case "listen": html = renderer.render(LineBreakTests.listen)
        default: html = renderer.renderListenPage(LineBreakTests.listen)
        }
        #expect(Self.tags(html).subtracting(Self.ownTags).isEmpty, "\(Self.tags(html).subtracting(Self.ownTags))")
        let handler = try! NSRegularExpression(pattern: "<[A-Za-z][^<>]*\\son[a-zA-Z]+\\s*=")
        #expect(handler.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)) == nil, "a handler")
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
        #expect(html.contains("TRUSTED forged"), "the names are shown, as text")
    }

    @Test func aCertificateNamedInMarkupIsText() throws {
        var spec = TestPKI.Spec.server("printer.local")
        spec.commonName = Self.markup
        spec.dnsNames = ["</svg><script>alert(1)</script>"]
        let leaf = TestPKI.issue(spec, by: LineBreakTests.pki.intermediate)
        let report = VerifyReport(
            target: VerifyTarget(files: [Self.markup], host: nil, purpose: .server, at: TestPKI.referenceTime),
            chain: [CertificateDetails(leaf.x509, index: 0)],
            trust: TrustSection(evaluated: false, trusted: nil, profile: "default", anchors: [], path: nil),
            findings: []
        )
        let html = HTMLRenderer().render(report)
        #expect(Self.tags(html).subtracting(Self.ownTags).isEmpty, "\(Self.tags(html).subtracting(Self.ownTags))")
        #expect(html.components(separatedBy: "</svg>").count == 2, "one SVG, closed once")
        #expect(html.contains("&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    /// A big scan's page: one order of the table only (three copies of thousands of rows
    /// would be a heavy page), every endpoint in it, the timeline the 60 soonest.
    @Test func aBigScanHasOneTableAndABoundedTimeline() {
        let row = ScanRow(report: LineBreakTests.connect, threshold: .error)
        let rows = (1...(HTMLRenderer.reorderableRows + 1)).map { port -> ScanRow in
            var r = row
            r.port = port
            r.notAfter = TestPKI.day(Double(port % 400))
            return r
        }
        var summary = ScanSummary()
        summary.endpoints = rows.count
        for r in rows { summary.add(r, now: TestPKI.referenceTime) }
        let html = HTMLRenderer().renderScan(rows, summary: summary, now: TestPKI.referenceTime)
        #expect(!html.contains("id=\"o-exp\""), "one order only")
        #expect(html.components(separatedBy: "<tr class=").count - 1 == rows.count)
        #expect(html.components(separatedBy: "class=\"tl-label\"").count - 1 == 60)
        #expect(html.contains("the 60 soonest of \(rows.count) shown"))
        let small = HTMLRenderer().renderScan(Array(rows.prefix(3)), summary: summary, now: TestPKI.referenceTime)
        #expect(small.contains("id=\"o-exp\"") && small.contains("id=\"o-addr\""), "re-orderable without script")
    }
}
