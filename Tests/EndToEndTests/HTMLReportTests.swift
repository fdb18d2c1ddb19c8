import Foundation
import Testing
import TestSupport

/// `--html FILE` as a user runs it, opened in headless Chromium: the page names the verdict
/// and every finding code of the same run's JSON, draws the chain as inline SVG, loads
/// nothing (no console message: neither a script error nor a load the CSP refused), and a
/// certificate whose names are HTML and script stays text. Servers are real `openssl
/// s_server`s on loopback. Skipped when Chromium is not installed.
///
/// `TLSPROBE_WRITE_SCREENSHOTS=1` keeps each report kind's screenshot under docs/images/
/// (the README shows one).
@Suite(.enabled(if: Chromium.path != nil, "chromium is not installed: the --html browser tests are skipped"))
struct HTMLReportTests {
    static let policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

    /// Runs tlsprobe ARGS twice, with `--html` (and, for `json`, `--json`), and once
    /// without the page; returns both results and the page as Chromium parsed it.
    static func run(
        _ arguments: [String],
        kind: String,
        dir: TemporaryDirectory
    ) throws -> (plain: Run.Result, withPage: Run.Result, json: Run.Result, page: Chromium.Page, file: String) {
        let file = dir.file("\(kind).html")
        let plain = try Run.tlsprobe(arguments, timeout: 60)
        let withPage = try Run.tlsprobe(arguments + ["--html", file], timeout: 60)
        let jsonFile = dir.file("\(kind)-json.html")
        let json = try Run.tlsprobe(arguments + ["--json", "--html", jsonFile], timeout: 60)
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)"), "the CSP")
        // Self-contained: no element that loads (only our markup has a "<": text is escaped),
        // no attribute naming a URL, nothing by URL in the styles.
        for element in ["<link", "<script", "<iframe", "<object", "<embed", "<img", "<base", "<form"] {
            #expect(!html.contains(element), "\(kind): \(element) in the page")
        }
        let loading = try NSRegularExpression(pattern: "<[A-Za-z][^<>]*\\s(src|href|action|data|poster|srcset)\\s*=")
        #expect(loading.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)) == nil, "\(kind): a URL")
        let style = html.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first
        #expect(style?.contains("url(") == false && style?.contains("@import") == false, "\(kind): the styles load")
        let page = try Chromium.open(file)
        #expect(page.console.isEmpty, "\(kind): console messages \(page.console)")
        #expect(page.handlerAttributes.isEmpty, "\(kind): \(page.handlerAttributes)")
        #expect(!page.dom.contains("<script"), "\(kind): a script element")
        let png = dir.file("\(kind).png")
        try Chromium.screenshot(file, to: png)
        let size = (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
        #expect(size > 10_000, "\(kind): the screenshot is \(size) bytes")
        if kind != "hostile" && ProcessInfo.processInfo.environment["TLSPROBE_WRITE_SCREENSHOTS"] == "1" {
            let target = Self.docs + "/images/report-\(kind).png"
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: png, toPath: target)
        }
        return (plain, withPage, json, page, file)
    }

    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs").path

    static func codes(_ json: String) -> [String] {
        let lines = json.split(separator: "\n").map(String.init)
        let objects: [[String: Any]]
        if let whole = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] {
            objects = [whole]
        } else {
            objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        return Array(Set(objects.flatMap { JSONFindings.codes($0) })).sorted()
    }

    /// The issue's case: a server that sends its leaf without the intermediate, dialled by
    /// an address its certificate does not name.
    @Test func connectToAServerMissingItsIntermediateAndIPSAN() throws {
        let pki = PKIFiles()
        let leaf = pki.files("dns-only", TestPKI.issueLive(.server("printer.local"), by: pki.chain.intermediate))
        let server = try pki.server(["-tls1_3"], chain: nil, leaf: leaf)
        defer { server.stop() }
        let dir = TemporaryDirectory()
        let out = try Self.run(["connect", server.address, "--anchor", pki.root], kind: "connect", dir: dir)
        // stdout and the exit status are what they are without --html.
        #expect(out.withPage.status == 1 && out.plain.status == 1, "\(out.withPage.stderr)")
        #expect(out.json.status == 1)
        let firstLine = out.withPage.stdout.split(separator: "\n").first.map(String.init)
        #expect(firstLine == out.plain.stdout.split(separator: "\n").first.map(String.init))
        #expect(firstLine?.contains("CANNOT CONNECT") == true, "\(out.withPage.stdout)")
        #expect(out.withPage.stdout.contains("\nconnect 127.0.0.1:\(server.port)"))
        let codes = Self.codes(out.json.stdout)
        #expect(codes.contains("chain.missing_intermediate") && codes.contains("name.ip_not_in_san"), "\(codes)")
        let dom = out.page.dom
        #expect(dom.contains("CANNOT CONNECT"))
        for code in codes { #expect(dom.contains(code), "\(code) is not on the page") }
        #expect(dom.contains("CN=printer.local"), "the leaf's subject")
        #expect(dom.contains("<svg class=\"chain\""), "the chain as inline SVG")
        #expect(dom.contains("missing intermediate"), "the missing intermediate drawn")
        #expect(dom.contains("BROKEN: chain.missing_intermediate"), "the broken link marked with its finding")
        #expect(out.page.title == "tlsprobe connect 127.0.0.1:\(server.port)")
        // Fix commands ready to copy.
        #expect(dom.contains("<pre class=\"fix\">"))
        // Written as every file we write: 0644, no temporary file left beside it.
        let attributes = try FileManager.default.attributesOfItem(atPath: out.file)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "\(left)")
    }

    /// Certificate fields are the server's to choose: HTML and script in the CN and a SAN
    /// stay text on the page, in the SVG and in attributes.
    @Test func hostileNamesStayText() throws {
        let pki = PKIFiles()
        var spec = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
        spec.commonName = "<img src=x onerror=alert(1)>"
        spec.dnsNames = ["</svg><script>alert(1)</script>", "printer.local"]
        let leaf = pki.files("hostile", TestPKI.issueLive(spec, by: pki.chain.intermediate))
        let server = try pki.server(["-tls1_3"], chain: pki.intermediate, leaf: leaf)
        defer { server.stop() }
        let dir = TemporaryDirectory()
        let out = try Self.run(["connect", server.address, "--anchor", pki.root], kind: "hostile", dir: dir)
        let dom = out.page.dom
        #expect(out.page.title == "tlsprobe connect 127.0.0.1:\(server.port)", "\(out.page.title ?? "no title")")
        #expect(out.page.handlerAttributes.isEmpty)
        #expect(!dom.contains("<script") && !dom.contains("<img"), "markup from the certificate")
        // The subject as RFC 4514 writes it (`CN=\\<img …\\>`), shown as text.
        #expect(dom.contains("&lt;img src=x onerror=alert(1)\\&gt;"), "the CN shown as text")
        #expect(dom.contains("&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), "the SAN shown as text")
        // Still one chain picture, whole: the SAN did not close it.
        #expect(dom.components(separatedBy: "<svg").count == 2, "one SVG")
        #expect(dom.contains("</svg>") && dom.contains("Trust (profile"), "the page goes on after the SVG")
        #expect(out.withPage.status == out.plain.status)
    }

    @Test func verifyAndInspectPages() throws {
        let pki = PKIFiles()
        let dir = TemporaryDirectory()
        // One instant for every run: the reports' times and durations then agree.
        let at = "@\(Int(Date().timeIntervalSince1970))"
        let verify = try Self.run(
            ["verify", pki.leaf, pki.intermediate, "--anchor", pki.root, "--host", "printer.local", "--at", at],
            kind: "verify",
            dir: dir
        )
        #expect(verify.withPage.status == 0 && verify.plain.status == 0, "\(verify.withPage.stdout)")
        #expect(verify.withPage.stdout == verify.plain.stdout, "stdout unchanged by --html")
        #expect(verify.page.dom.contains("✔ TRUSTED"))
        #expect(verify.page.dom.contains("<svg class=\"chain\"") && verify.page.dom.contains(">anchor \(pki.root)<"))
        #expect(verify.page.title == "tlsprobe verify \(pki.leaf) \(pki.intermediate)")

        let inspect = try Self.run(["inspect", pki.leaf, "--at", at], kind: "inspect", dir: dir)
        #expect(inspect.withPage.status == inspect.plain.status)
        #expect(inspect.withPage.stdout == inspect.plain.stdout)
        #expect(inspect.page.dom.contains("CN=printer.local"))
        for code in Self.codes(inspect.json.stdout) { #expect(inspect.page.dom.contains(code)) }
    }

    /// A scan of four endpoints: each named with its verdict, the expiry timeline drawn.
    @Test func scanOfFourEndpoints() throws {
        let pki = PKIFiles()
        var expired = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
        expired.notBefore = Date().addingTimeInterval(-400 * 86400)
        expired.notAfter = Date().addingTimeInterval(-10 * 86400)
        var soon = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
        soon.notAfter = Date().addingTimeInterval(12 * 86400)
        let servers = try [
            pki.server(["-tls1_3"]),
            pki.server(["-tls1_3"], chain: nil, leaf: (pki.leaf, pki.key)),
            pki.server(
                ["-tls1_3"],
                chain: pki.intermediate,
                leaf: pki.files("expired", TestPKI.issue(expired, by: pki.chain.intermediate))
            ),
            pki.server(
                ["-tls1_3"],
                chain: pki.intermediate,
                leaf: pki.files("soon", TestPKI.issue(soon, by: pki.chain.intermediate))
            ),
        ]
        defer { for server in servers { server.stop() } }
        let dir = TemporaryDirectory()
        let out = try Self.run(
            ["scan"] + servers.map(\.address) + ["--anchor", pki.root, "--timeout", "10"],
            kind: "scan",
            dir: dir
        )
        #expect(out.withPage.status == 1 && out.plain.status == 1, "\(out.withPage.stdout)\(out.withPage.stderr)")
        #expect(out.withPage.stdout.hasPrefix("ENDPOINT"), "the table on stdout as without --html")
        let dom = out.page.dom
        for server in servers { #expect(dom.contains(">127.0.0.1:\(server.port)<"), "\(server.port) in the table") }
        #expect(dom.contains("✔ connects (trusted)"))
        #expect(dom.contains("✘ CANNOT CONNECT (NOT TRUSTED)"))
        #expect(dom.contains("chain.missing_intermediate") && dom.contains("cert.expired"))
        let codes = Self.codes(out.json.stdout)
        #expect(codes.count >= 3, "\(codes)")
        for code in codes { #expect(dom.contains(code), "\(code) is not on the page") }
        #expect(dom.contains("<svg class=\"timeline\""), "the expiry timeline")
        #expect(dom.contains("--expiring 30 days") && dom.contains("today "))
        #expect(dom.contains("(expired)") && dom.contains("(within 30 d)"))
        #expect(out.page.title == "tlsprobe scan of 4 endpoints")
        // The worst first: the rows that cannot connect come before the one that connects.
        let table = try #require(dom.range(of: "<div class=\"by-sev\">")).upperBound
        let good = try #require(dom.range(of: ">127.0.0.1:\(servers[0].port)<", range: table..<dom.endIndex))
        let bad = try #require(dom.range(of: ">127.0.0.1:\(servers[1].port)<", range: table..<dom.endIndex))
        #expect(bad.lowerBound < good.lowerBound)
    }

    /// FILE is written as every file we write: a link planted at it is refused before
    /// anything is examined, and the file it points at is left alone.
    @Test func aLinkAtFileIsRefused() throws {
        let pki = PKIFiles()
        let dir = TemporaryDirectory()
        let victim = dir.write("victim.txt", "keep me\n")
        let link = dir.file("report.html")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let result = try Run.tlsprobe(["verify", pki.leaf, pki.intermediate, "--anchor", pki.root, "--html", link])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing printed before the refusal")
        #expect(result.stderr.contains("--html \(link)"), "\(result.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me\n")
    }

    /// listen answers a browser (Accept: text/html) with the same renderer's page, under a
    /// CSP header; curl's plain text is unchanged.
    @Test func listenAnswersABrowserWithThePage() throws {
        let listener = try ListenProcess(["--json", "--count", "2"])
        let dir = TemporaryDirectory()
        let file = dir.file("listen.html")
        let browser = try Run.process(
            "curl",
            [
                "-sSk", "-D", dir.file("head.txt"), "-o", file, "-H", "Accept: text/html,*/*;q=0.8", "--max-time", "10",
                listener.url,
            ],
            timeout: 20
        )
        #expect(browser.status == 0, "\(browser.stderr)")
        let head = (try? String(contentsOfFile: dir.file("head.txt"), encoding: .utf8))?.lowercased() ?? ""
        #expect(head.contains("content-type: text/html; charset=utf-8"), "\(head)")
        #expect(head.contains("content-security-policy: default-src 'none'"), "\(head)")
        let plain = try Run.process("curl", ["-sSk", "--max-time", "10", listener.url], timeout: 20)
        #expect(plain.stdout.hasPrefix("tlsprobe listen saw this connection\n"), "\(plain.stdout)")
        #expect(listener.finish() == 0, "\(listener.stderrText)")
        let page = try Chromium.open(file)
        #expect(page.console.isEmpty, "\(page.console)")
        #expect(page.dom.contains("tlsprobe listen saw this connection"))
        #expect(page.dom.contains("CONNECTS"), "the verdict")
        #expect(page.title == "tlsprobe listen")
    }
}
