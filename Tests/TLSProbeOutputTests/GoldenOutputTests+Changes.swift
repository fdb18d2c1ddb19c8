// Golden files of what compares outputs and what is read outside a terminal: diff's lines
// (text and --json), a watch round's change lines and its --prometheus file, and the
// --html page of a connect and of a scan. Built as GoldenOutputTests builds the others:
// certificates from TestPKI's fixed keys, judged at fixed times, no network, no clock.
//
// diff and watch read their outputs back from JSON: here each scan is rendered as the
// JSON lines `scan --json` writes, read back with ReportReadBack, and compared with
// ReportDiff, as `tlsprobe diff` and each watch round do.

import Foundation
import TestSupport
import TLSDiagnosis
import TLSProbeOutput

#if os(Linux)
extension GoldenReports {
    // MARK: more of the office's certificates

    /// The NAS's certificate, 20 days from its end at the reference time.
    static let nas: TestPKI.Issued = {
        var s = spec(.server("nas.local", ips: ["192.168.1.30"]))
        s.notBefore = TestPKI.day(-345)
        s.notAfter = TestPKI.day(20)
        return TestPKI.issueFixed(s, label: "nas", serial: 0x1005, by: intermediate)
    }()
    static let camera = TestPKI.issueFixed(
        spec(.server("camera.local", ips: ["192.168.1.22"])),
        label: "camera",
        serial: 0x1006,
        by: intermediate
    )
    static let labelPrinter = TestPKI.issueFixed(
        spec(.server("label-printer.local", ips: ["192.168.1.21"])),
        label: "label printer",
        serial: 0x1007,
        by: intermediate
    )
    static let scanner = TestPKI.issueFixed(
        spec(.server("scanner.local", ips: ["192.168.1.31"])),
        label: "scanner",
        serial: 0x1008,
        by: intermediate
    )
    /// The label printer's factory certificate, which it serves again after a reset.
    static let factoryLabelPrinter = TestPKI.issueFixed(
        spec(.server("acme-lp200-3f2a1c.local")),
        label: "factory label printer",
        serial: 0x2004,
        by: vendorCA
    )

    // MARK: scans as JSON lines

    /// One endpoint of a scan: the report connect would make of `chain` at `address`,
    /// judged at `time`, as scan makes it (the address dialled, the name from --host-map
    /// sent as SNI); OpenSSL agrees unless `verdict` says otherwise.
    static func scanned(
        _ chain: [TestPKI.Issued],
        _ name: String,
        _ address: String,
        at time: Date,
        openssl verdict: ExternalVerdict? = nil
    ) -> ConnectionReport {
        let vantage = Vantage.client(
            ClientVantage(target: ConnectTarget(host: address, port: 443, address: address, sni: name))
        )
        let context = TrustContext(at: time, expectedName: ExpectedName(parsing: name), purpose: .server)
        var report = ConnectionDiagnosis.report(
            observation: tls13(hello: ourHello(sni: name), chain: chain),
            vantage: vantage,
            anchors: anchors,
            context: context
        )
        report.trust.openssl = verdict ?? openssl()
        return report
    }

    /// The endpoint that accepts TCP and never answers, in every scan.
    static let silentPort = ReportJSON.error(
        command: "connect",
        code: "connect.no_tls_answer",
        message:
            "192.168.1.13:443 accepted the TCP connection but sent no byte in answer to the ClientHello within 5 s (is this a TLS port? some services wait for the client to speak first)",
        target: "192.168.1.13:443"
    )

    /// A scan's output read back as diff and watch read it.
    static func readBack(_ reports: [ConnectionReport], errors: [JSONValue] = [silentPort]) -> RecordedScan {
        let lines = reports.map { ReportJSON.json($0.asScanned) } + errors
        let text = lines.map { $0.serialized(pretty: false) + "\n" }.joined()
        return try! ReportReadBack.read(Array(text.utf8), file: "golden scan")
    }

    static let missingIssuer = openssl(
        "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
        depth: 0,
        message: "unable to get local issuer certificate"
    )

    // MARK: diff

    /// When monday.jsonl was written: two weeks before today.jsonl.
    static let monday = TestPKI.day(-14)

    /// scan 192.168.1.0/27 --anchor root.pem --host-map names.txt --json > monday.jsonl.
    static let mondayScan = readBack([
        // Last year's certificate, four days from its end.
        scanned([expiredPrinter, intermediate], "printer.local", "192.168.1.20", at: monday),
        scanned([camera, intermediate], "camera.local", "192.168.1.22", at: monday),
        scanned([nas, intermediate], "nas.local", "192.168.1.30", at: monday),
        scanned([scanner, intermediate], "scanner.local", "192.168.1.31", at: monday),
    ])

    /// The same scan today: the printer's renewal is installed, the camera was reconfigured
    /// without its intermediate, the NAS's certificate is now within 30 days of its end,
    /// the scanner is switched off, and a new port answers in plain HTTP.
    static let todayScan = readBack([
        plainHTTP,
        scanned([printer, intermediate], "printer.local", "192.168.1.20", at: at),
        scanned([camera], "camera.local", "192.168.1.22", at: at, openssl: missingIssuer),
        scanned([nas, intermediate], "nas.local", "192.168.1.30", at: at),
    ])

    /// tlsprobe diff monday.jsonl today.jsonl (each file's time is when it was written).
    static let mondayToToday = ReportDiff.changes(from: mondayScan, to: todayScan, oldTime: monday, newTime: at)

    // MARK: watch

    /// The round watch kept a quarter of an hour ago, and this one: the label printer was
    /// reset to its factory settings and serves the maker's chain again.
    static let lastRound = TestPKI.day(-1.0 / 96)
    static let storedRound = readBack([
        scanned([printer, intermediate], "printer.local", "192.168.1.20", at: lastRound),
        scanned([labelPrinter, intermediate], "label-printer.local", "192.168.1.21", at: lastRound),
        scanned([nas, intermediate], "nas.local", "192.168.1.30", at: lastRound),
    ])
    static let thisRound = readBack([
        scanned([printer, intermediate], "printer.local", "192.168.1.20", at: at),
        scanned(
            [factoryLabelPrinter, vendorCA, vendorRoot],
            "label-printer.local",
            "192.168.1.21",
            at: at,
            openssl: openssl(
                "X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN",
                depth: 2,
                message: "self-signed certificate in certificate chain"
            )
        ),
        scanned([nas, intermediate], "nas.local", "192.168.1.30", at: at),
    ])
    static let roundChanges = ReportDiff.changes(from: storedRound, to: thisRound, oldTime: lastRound, newTime: at)

    /// watch --prometheus FILE after this round: the changes it found (so the last change
    /// is now), in a scan of 4.25 s.
    static let prometheus = PrometheusText.render(
        PrometheusText.Round(
            scan: thisRound,
            gone: ReportDiff.pairs(storedRound, thisRound).filter { $0.new == nil }.compactMap(\.old),
            changes: roundChanges,
            lastChange: at,
            duration: 4.25
        )
    )

    // MARK: html

    /// --html's scan page: the golden scan, with the codes after each row's top one (as
    /// the page sink keeps them), at the reference time.
    static var scanPage: String {
        var otherCodes: [String: [String]] = [:]
        for report in scanReports {
            let row = ScanRow(report: report, threshold: .error)
            var seen: Set<String> = [row.topCode ?? ""]
            let more = report.findings.map(\.code.rawValue).filter { seen.insert($0).inserted }
            if !more.isEmpty { otherCodes[row.endpoint] = more }
        }
        return HTMLRenderer().renderScan(scanRows, otherCodes: otherCodes, summary: scanSummary, now: at)
    }

    // MARK: files

    /// The golden files of this extension by name.
    static func changeFiles() -> [String: String] {
        var files: [String: String] = [:]
        // diff and watch print the same lines (DiffSession.render): text, or a JSON line each.
        func lines(_ changes: [EndpointChange]) -> (text: String, json: String) {
            (
                changes.map(text.change).joined(),
                changes.map { ReportJSON.json($0).serialized(pretty: false) + "\n" }.joined()
            )
        }
        (files["diff-monday-today.txt"], files["diff-monday-today.jsonl"]) = lines(mondayToToday)
        (files["watch-factory-reset.txt"], files["watch-factory-reset.jsonl"]) = lines(roundChanges)
        files["watch-factory-reset.prom"] = prometheus
        files["connect-missing-intermediate.html"] = HTMLRenderer().render(connectMissingIntermediate)
        files["scan-page.html"] = scanPage
        return files
    }
}
#endif
