import Foundation
import OpenSSLProbe
import Testing
import TLSDiagnosis
import TLSProbeKit
import TLSProbeOutput
import LiveNetwork

/// scan's sink: JSON Lines are written as endpoints finish (nothing kept), the table is
/// sorted by address (numerically, IPv4 before IPv6, names last) and port, and the summary
/// counts what it was given.
@Suite struct ScanSinkTests {
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ text: String) { lock.lock(); items.append(text); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }

    static let plan = ScanPlan(targets: [], ports: [443])

    @Test func jsonLinesAreWrittenAsEndpointsFinish() throws {
        let out = Collected()
        let sink = ScanSink(form: .jsonLines, plan: Self.plan, threshold: .error, expiringDays: 30,
                            progress: ProgressLine(enabled: false), output: out.append)
        sink.probed(.open(address: "10.0.0.5"))
        sink.failure(host: "10.0.0.5", port: 4433, error: ConnectFailure(.noTLSAnswer, "10.0.0.5:4433: no answer", target: "10.0.0.5:4433"))
        #expect(out.all.count == 1, "written before the scan ends")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(out.all[0].utf8)) as? [String: Any])
        #expect(line["command"] as? String == "connect")
        #expect((line["error"] as? [String: Any])?["code"] as? String == "connect.no_tls_answer")
        let summary = sink.finish(interrupted: false)
        #expect(out.all.count == 2)
        #expect(summary.found == 1 && summary.errors == ["connect.no_tls_answer": 1] && summary.reported == 0)
        #expect(out.all[1].contains("\"summary\""))
    }

    @Test func tableIsSortedByAddressThenPort() {
        let out = Collected()
        let sink = ScanSink(form: .table(TextRenderer(style: TextStyle(color: false, width: 200))), plan: Self.plan, threshold: .error,
                            expiringDays: 30, progress: ProgressLine(enabled: false), output: out.append)
        let endpoints = [("fd00::1", 443), ("printer.local", 443), ("10.0.0.10", 443), ("10.0.0.9", 8443), ("10.0.0.9", 443), ("9.255.255.255", 443)]
        for (host, port) in endpoints.shuffled() {
            sink.failure(host: host, port: port, error: ConnectFailure(.noTLSAnswer, "no answer", target: "\(host):\(port)"))
        }
        sink.finish(interrupted: false)
        let text = out.all.joined()
        let rows = text.split(separator: "\n").dropFirst().prefix(endpoints.count).map { String($0.prefix { $0 != " " }) }
        #expect(rows == ["9.255.255.255:443", "10.0.0.9:443", "10.0.0.9:8443", "10.0.0.10:443", "[fd00::1]:443", "printer.local:443"], "\(text)")
        #expect(text.contains("connect.no_tls_answer 6"), "\(text)")
    }
}
