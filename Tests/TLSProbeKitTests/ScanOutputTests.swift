import Foundation
import LiveNetwork
import Testing
import TLSDiagnosis
@testable import TLSProbeKit
import TLSProbeOutput

/// scan's output through the one sink every command uses: JSON Lines are written as
/// endpoints finish (nothing kept), the table is sorted by address (numerically, IPv4
/// before IPv6, names last) and port and written with the summary, and the tally counts
/// what it was given.
@Suite struct ScanOutputTests {
    static let plan = ScanPlan(targets: [], ports: [443])

    static func noAnswer(_ host: String, _ port: Int) -> Report {
        .endpointError(
            EndpointError(
                host: host,
                port: port,
                error: ConnectFailure(.noTLSAnswer, "\(host):\(port): no answer", target: "\(host):\(port)")
            )
        )
    }

    @Test func jsonLinesAreWrittenAsEndpointsFinish() throws {
        let out = Collected()
        let sink = StreamSink(format: .jsonLines, output: out.append)
        let tally = ScanTally(
            plan: Self.plan,
            threshold: .error,
            expiringDays: 30,
            now: Date(),
            progress: ProgressLine(enabled: false)
        )
        tally.probed(.open(address: "10.0.0.5"))
        tally.report(Self.noAnswer("10.0.0.5", 4433), into: sink)
        #expect(out.all.count == 1, "written before the scan ends")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(out.all[0].utf8)) as? [String: Any])
        #expect(line["command"] as? String == "connect")
        #expect((line["error"] as? [String: Any])?["code"] as? String == "connect.no_tls_answer")
        let summary = tally.finish(interrupted: false)
        sink.emit(.scanSummary(summary), threshold: .never)
        #expect(out.all.count == 2)
        #expect(summary.found == 1 && summary.errors == ["connect.no_tls_answer": 1] && summary.reported == 0)
        #expect(out.all[1].contains("\"summary\""))
    }

    @Test func tableIsSortedByAddressThenPortAndWrittenWithTheSummary() {
        let out = Collected()
        let sink = StreamSink(
            format: .table(TextRenderer(style: TextStyle(color: false, width: 200)), threshold: .error),
            output: out.append
        )
        let tally = ScanTally(
            plan: Self.plan,
            threshold: .error,
            expiringDays: 30,
            now: Date(),
            progress: ProgressLine(enabled: false)
        )
        let endpoints = [
            ("fd00::1", 443), ("printer.local", 443), ("10.0.0.10", 443), ("10.0.0.9", 8443), ("10.0.0.9", 443),
            ("9.255.255.255", 443),
        ]
        for (host, port) in endpoints.shuffled() { tally.report(Self.noAnswer(host, port), into: sink) }
        #expect(out.all.isEmpty, "rows wait for the summary")
        sink.emit(.scanSummary(tally.finish(interrupted: false)), threshold: .never)
        let text = out.all.joined()
        let rows = text.split(separator: "\n").dropFirst().prefix(endpoints.count).map {
            String($0.prefix { $0 != " " })
        }
        #expect(
            rows == [
                "9.255.255.255:443", "10.0.0.9:443", "10.0.0.9:8443", "10.0.0.10:443", "[fd00::1]:443",
                "printer.local:443",
            ],
            "\(text)"
        )
        #expect(text.contains("connect.no_tls_answer 6"), "\(text)")
    }
}
