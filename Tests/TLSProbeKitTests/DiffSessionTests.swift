import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeKit
import TLSProbeOutput

/// `DiffSession` in the test process on two JSON Lines files written by `ConnectSession`
/// from real handshakes with `openssl s_server` on 127.0.0.1 (its key swapped between
/// them): each change a report, written to the sink.
@Suite(.serialized) struct DiffSessionTests {
    /// connect's JSON Lines for `server`, as `connect --json` writes them, in NAME.jsonl.
    static func record(
        _ server: OpenSSLServer,
        anchor: String,
        as name: String,
        in dir: TemporaryDirectory
    ) throws
        -> String
    {
        var c = ConnectSession.Configuration(target: DialTarget(host: server.host, port: server.port))
        c.expectedHost = "printer.local"
        c.anchors = try AnchorSources(files: [anchor]).load(password: { _ in nil })
        let lines = Collected()
        try ConnectSession(c).run(into: StreamSink(format: .jsonLines, output: lines.append))
        return dir.write(name, lines.all.joined(separator: "\n") + "\n")
    }

    @Test func aNewKeyOnTheSamePortIsAKeyChangeAndTheSameOutputIsNone() throws {
        let pki = PKIFiles()
        let dir = TemporaryDirectory()
        var server = try pki.server()
        defer { server.stop() }
        let old = try Self.record(server, anchor: pki.root, as: "old.jsonl", in: dir)
        server.stop()
        let rekeyed = TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"]), by: pki.chain.intermediate)
        server = try pki.server(chain: pki.intermediate, leaf: pki.files("rekeyed", rekeyed), port: server.reservation)
        let new = try Self.record(server, anchor: pki.root, as: "new.jsonl", in: dir)

        let sink = KeptReports()
        let changes = try DiffSession(.init(old: old, new: new)).run(into: sink)
        #expect(changes.map(\.kind) == [.keyChanged], "\(changes)")
        #expect(changes.first?.endpoint == "127.0.0.1:\(server.port)")
        let written = sink.reports.compactMap { if case .change(let c) = $0 { c } else { nil } }
        #expect(written == changes, "every change is written to the sink")

        let same = KeptReports()
        #expect(try DiffSession(.init(old: old, new: old)).run(into: same).isEmpty)
        #expect(same.reports.isEmpty)
    }

    /// A line that is not connect's or scan's JSON: the error names the file and the line.
    @Test func anOutputThatIsNotJSONIsTheErrorNamingItsLine() throws {
        let dir = TemporaryDirectory()
        let bad = dir.write("bad.jsonl", "\n\nnot json\n")
        let sink = KeptReports()
        #expect {
            try DiffSession(.init(old: bad, new: bad)).run(into: sink)
        } throws: { error in
            (error as? ReportReadBack.ReadBackError)?.description.hasPrefix("\(bad), line 3:") == true
        }
        #expect(sink.reports.isEmpty)
    }
}
