import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSProbeKit
import TLSProbeOutput

/// What a command's output looks like is decided by its sink: text separation, JSON and
/// JSON Lines, and the count of reports that fail the threshold (the exit status).
@Suite struct StreamSinkTests {
    static func explain(_ query: String) -> Report {
        .explain(ExplainReport(query: query, matches: ErrorCatalog.explain(query)))
    }

    static func verify(findings: [Finding]) -> Report {
        .verify(
            VerifyReport(
                target: VerifyTarget(
                    files: ["leaf.pem"],
                    host: nil,
                    purpose: .server,
                    at: Date(timeIntervalSince1970: 1_763_719_200)
                ),
                chain: [],
                trust: TrustSection(
                    evaluated: false,
                    trusted: nil,
                    profile: "default",
                    note: nil,
                    anchors: [],
                    path: nil
                ),
                findings: findings
            )
        )
    }

    @Test func jsonLinesWriteOneCompactObjectPerReport() throws {
        let out = Collected()
        let sink = StreamSink(format: .jsonLines, output: out.append)
        sink.emit(Self.explain("unknown_ca"), index: 0, threshold: .error)
        sink.emit(Self.explain("-9813"), index: 1, threshold: .error)
        #expect(out.all.count == 2)
        for line in out.all {
            #expect(!line.contains("\n"), "a JSON line holds no newline: \(line)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["command"] as? String == "explain")
        }
    }

    @Test func singleJSONIsIndented() {
        let out = Collected()
        StreamSink(format: .json, output: out.append).emit(Self.explain("unknown_ca"), threshold: .error)
        #expect(out.all.first?.contains("\n  \"") == true)
    }

    @Test func textSeparationPutsBlankLinesBetweenOrAfterReports() {
        let renderer = TextRenderer(style: .plain)
        let between = StreamSink(format: .text(renderer, separation: .blankLineBetween), output: { _ in })
        let first = between.render(Self.explain("unknown_ca"), index: 0)
        let second = between.render(Self.explain("unknown_ca"), index: 1)
        #expect(!first.hasPrefix("\n"))
        #expect(second == "\n" + first)
        let after = StreamSink(format: .text(renderer, separation: .blankLineAfter), output: { _ in })
        #expect(after.render(Self.explain("unknown_ca"), index: 0) == first + "\n")
    }

    @Test func countsTheReportsThatReachTheThreshold() {
        let warning = Finding(code: .certExpiresSoon, severity: .warning, subject: .certificate(0), message: "soon")
        let error = Finding(code: .certExpired, severity: .error, subject: .certificate(0), message: "past")
        let sink = StreamSink(format: .jsonLines, output: { _ in })
        sink.emit(Self.verify(findings: [warning]), threshold: .error)
        sink.emit(Self.verify(findings: [error]), threshold: .error)
        sink.emit(Self.verify(findings: []), threshold: .error)
        #expect(sink.reported == 3)
        #expect(sink.failing == 1)
        let strict = StreamSink(format: .jsonLines, output: { _ in })
        strict.emit(Self.verify(findings: [warning]), threshold: .warning)
        #expect(strict.failing == 1)
    }

    /// One report to a worker at a time (live capture), several (a file: batches of 8, the
    /// last one partial), or as many as may wait: all written, in submission order.
    @Test(arguments: [1, 8, OrderedReporter.maxInFlight])
    func orderedReporterWritesInSubmissionOrderWhateverFinishesFirst(batchSize: Int) {
        let out = Collected()
        let sink = StreamSink(format: .jsonLines, output: out.append)
        let reporter = OrderedReporter(sink: sink, threshold: .error, batchSize: batchSize)
        let queries = (0..<40).map { "query \($0)" }
        for (i, query) in queries.enumerated() {
            reporter.submit {
                // Earlier reports take longer, so they finish after later ones.
                usleep(useconds_t((40 - i) * 300))
                return .explain(ExplainReport(query: query, matches: []))
            }
        }
        reporter.finish()
        let written = out.all.compactMap { line -> String? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["query"] as? String
        }
        #expect(written == queries)
    }

    /// More reports than may wait at once, in batches: the submitter is held back and let
    /// go as reports are written, and none is lost or written twice.
    @Test func batchesNeverHoldBackMoreThanMayWait() {
        let out = Collected()
        let sink = StreamSink(format: .jsonLines, output: out.append)
        let reporter = OrderedReporter(sink: sink, threshold: .error, batchSize: 8)
        let count = OrderedReporter.maxInFlight * 3 + 5
        for i in 0..<count {
            reporter.submit { .explain(ExplainReport(query: "q\(i)", matches: [])) }
        }
        reporter.finish()
        let written = out.all.compactMap { line -> String? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["query"] as? String
        }
        #expect(written == (0..<count).map { "q\($0)" })
        #expect(sink.reported == count)
    }
}

/// `--html` for a command of one report (connect, verify, inspect): the page is written as
/// the report passes, before stdout gets it; a page that cannot be written holds the report
/// back and is the run's error.
@Suite struct HTMLPageFirstTests {
    static func verify(into sink: some ReportSink) throws {
        let pki = PKIFiles()
        let c = VerifySession.Configuration(
            files: [pki.leaf, pki.intermediate],
            anchors: AnchorSources(files: [pki.root]),
            context: TrustContext(at: Date())
        )
        try VerifySession(c).run(into: sink)
    }

    @Test func thePageIsWrittenBeforeTheReportIsPrinted() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("page.html")
        let printed = Collected()
        let pageThere = Box<Bool?>(nil)
        let stdout = StreamSink(format: .json) { text in
            pageThere.update { $0 = FileManager.default.fileExists(atPath: path) }
            printed.append(text)
        }
        let html = try HTMLFileSink(path: path, beside: stdout, threshold: .error, pageFirst: true)
        try Self.verify(into: html)
        #expect(printed.all.count == 1)
        #expect(pageThere.value == true, "the page was not there when the report was printed")
        try html.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("<html"))
    }

    @Test func aPageThatCannotBeWrittenHoldsTheReportBackAndIsTheError() throws {
        let dir = TemporaryDirectory()
        let folder = dir.file("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let printed = Collected()
        let html = try HTMLFileSink(
            path: folder + "/page.html",
            beside: StreamSink(format: .json, output: printed.append),
            threshold: .error,
            pageFirst: true
        )
        // Checked when the sink was made; gone by the time the report comes.
        try FileManager.default.removeItem(atPath: folder)
        try Self.verify(into: html)
        #expect(printed.all.isEmpty, "\(printed.all)")
        #expect(throws: (any Error).self) { try html.finish() }
    }
}
