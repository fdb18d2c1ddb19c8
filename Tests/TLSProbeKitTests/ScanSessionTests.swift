import Foundation
import LiveNetwork
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeKit

/// `ScanSession` and `WatchSession` in the test process against `openssl s_server` on
/// 127.0.0.1 and a port where nothing listens: the reports and the summary a scan writes,
/// the changes a watch round writes, and the stop token.
@Suite(.serialized) struct ScanSessionTests {
    /// A scan of `server` and of a port where nothing listens, judged against `root` for
    /// printer.local.
    static func configuration(
        _ server: OpenSSLServer,
        closed: ReservedPort,
        root: String
    ) throws
        -> ScanSession.Configuration
    {
        var c = ScanSession.Configuration(
            plan: ScanPlan(
                targets: [try ScanInput.target(server.address), try ScanInput.target(closed.address)],
                ports: []
            )
        )
        c.anchors = try AnchorSources(files: [root]).load(password: { _ in nil })
        c.hostMap = ["127.0.0.1": "printer.local"]
        c.concurrency = 8
        c.progress = ProgressLine(enabled: false)
        return c
    }

    @Test func theListeningEndpointIsReportedAndTheSummaryComesLast() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let closed = try ReservedPort()
        let sink = KeptReports()
        let summary = try ScanSession(Self.configuration(server, closed: closed, root: pki.root))
            .run(into: sink, until: StopToken())
        let report = try #require(sink.connections.first, "\(sink.reports)")
        #expect(sink.connections.count == 1)
        #expect(report.trust.trusted == true, "\(report.findings.map(\.code))")
        guard case .scanSummary(let written)? = sink.reports.last else {
            Issue.record("the summary is not last: \(sink.reports)")
            return
        }
        #expect(written == summary)
        #expect(summary.found == 1 && summary.closed == 1 && summary.trusted == 1, "\(summary)")
        #expect(!summary.interrupted)
    }

    @Test func aStopBeforeTheStartExaminesNothingAndTheSummarySaysInterrupted() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let stop = StopToken()
        stop.stop()
        let sink = KeptReports()
        let summary = try ScanSession(Self.configuration(server, closed: ReservedPort(), root: pki.root))
            .run(into: sink, until: stop)
        #expect(sink.connections.isEmpty)
        #expect(summary.interrupted)
    }

    /// The first round fills the state; after the server's key changes, the next round
    /// writes cert.key_changed to the sink; a stopped token runs no round.
    @Test func watchWritesTheChangeARoundFinds() throws {
        let pki = PKIFiles()
        var server = try pki.server()
        defer { server.stop() }
        let closed = try ReservedPort()
        let state = TemporaryDirectory()
        var c = WatchSession.Configuration(
            scan: try Self.configuration(server, closed: closed, root: pki.root),
            state: state.path
        )
        c.once = true
        let notes = Box<[String]>([])
        let first = KeptReports()
        let filled = try WatchSession(c, notes: { line in notes.update { $0.append(line) } })
            .run(into: first, until: StopToken())
        #expect(filled.rounds == 1 && filled.changes == 0)
        #expect(first.reports.isEmpty)
        #expect(notes.value.first?.hasPrefix("Note: first round: 1 endpoint kept") == true, "\(notes.value)")

        server.stop()
        let rekeyed = TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"]), by: pki.chain.intermediate)
        server = try pki.server(chain: pki.intermediate, leaf: pki.files("rekeyed", rekeyed), port: server.reservation)
        let second = KeptReports()
        let found = try WatchSession(c).run(into: second, until: StopToken())
        #expect(found.rounds == 1 && found.changes == 1)
        let kinds = second.reports.compactMap { if case .change(let change) = $0 { change.kind } else { nil } }
        #expect(kinds == [.keyChanged], "\(second.reports)")

        let stop = StopToken()
        stop.stop()
        #expect(try WatchSession(c).run(into: KeptReports(), until: stop).rounds == 0)
    }
}
