import Dispatch
import Foundation
import LiveNetwork
import OpenSSLProbe
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeKit

/// `ListenSession` in the test process on 127.0.0.1, a real `openssl s_client` (started
/// and stopped by the test) connecting to it: the report of the connection, the verdict at
/// the threshold, and what ends the run (`--count`, the stop token).
@Suite(.serialized) struct ListenSessionTests {
    /// A session serving on a port reserved for it, running on a thread of its own.
    final class Running: @unchecked Sendable {
        let reservation: ReservedPort
        let sink = KeptReports()
        let notes = Box<[String]>([])
        let stop = StopToken()
        private let done = DispatchSemaphore(value: 0)
        private let outcome = Box<Result<ServeSummary, any Error>?>(nil)

        init(_ configure: (inout ListenSession.Configuration) -> Void) throws {
            reservation = try ReservedPort()
            var c = ListenSession.Configuration(address: try ListenAddress.parse(reservation.address))
            c.timeout = 10
            configure(&c)
            let notes = self.notes
            let session = try ListenSession(c, notes: { line in notes.update { $0.append(line) } })
            let (sink, stop, outcome, done) = (sink, stop, outcome, done)
            DispatchQueue.global().async {
                let result = Result { try session.run(into: sink, until: stop) }
                outcome.update { $0 = result }
                done.signal()
            }
            let deadline = Date().addingTimeInterval(10 * Slowness.factor)
            while !notes.value.contains(where: { $0.contains("one report per connection follows") }) {
                guard Date() < deadline else { throw PeerError(description: "listen did not start: \(notes.value)") }
                usleep(10_000)
            }
        }

        /// `openssl s_client` against us, stdin closed so it leaves after the handshake.
        @discardableResult
        func sClient(_ extra: [String] = []) throws -> Run.Result {
            try Run.process(
                "openssl",
                ["s_client", "-connect", reservation.address] + extra,
                stdin: Data(),
                timeout: 20
            )
        }

        /// Waits for the run to return, at most `timeout` seconds; nil if it has not.
        func finished(timeout: TimeInterval = 20) -> Result<ServeSummary, any Error>? {
            guard done.wait(timeout: .now() + timeout * Slowness.factor) == .success else { return nil }
            // Still done for whoever waits next (deinit).
            done.signal()
            return outcome.value
        }

        /// Waits until `count` reports were written.
        func waitForReports(_ count: Int, timeout: TimeInterval = 20) -> [ConnectionReport] {
            let deadline = Date().addingTimeInterval(timeout * Slowness.factor)
            while sink.connections.count < count && Date() < deadline { usleep(10_000) }
            return sink.connections
        }

        deinit {
            // A test that failed early: the server still stops.
            stop.stop(signal: SIGTERM)
            _ = done.wait(timeout: .now() + 10)
        }
    }

    /// Client certificates required, and s_client sends none: the report says so, fails
    /// at the threshold, and `count` 1 ends the run by itself.
    @Test func aClientWithoutTheRequiredCertificateIsToldSoAndTheCountEndsTheRun() throws {
        let listener = try Running {
            $0.clientAuthentication = .required
            $0.count = 1
        }
        try listener.sClient(["-tls1_3"])
        let outcome = try #require(listener.finished(), "the run did not end after --count 1")
        let summary = try outcome.get()
        #expect(summary.reported == 1)
        let report = try #require(listener.sink.connections.first)
        #expect(report.handshake.established == false)
        #expect(report.findings.contains { $0.code == .mtlsClientCertRequired }, "\(report.findings.map(\.code))")
        #expect(listener.sink.failing == 1)
        #expect(listener.notes.value.last?.contains("stopped (--count reached)") == true, "\(listener.notes.value)")
    }

    /// A client that completes its handshake is reported established, from the server's
    /// vantage with the SNI it sent; then the stop token, not a connection, ends the run.
    @Test func anEstablishedClientIsReportedAndTheStopTokenEndsTheRun() throws {
        let listener = try Running { _ in }
        try listener.sClient(["-tls1_3", "-servername", "printer.local"])
        let reports = listener.waitForReports(1)
        let report = try #require(reports.first)
        #expect(report.handshake.established)
        #expect(report.clientHello?.sni == "printer.local")
        guard case .server = report.vantage else {
            Issue.record("not the server's vantage: \(report.vantage)")
            return
        }
        #expect(listener.finished(timeout: 0.5) == nil, "still serving before the stop")
        listener.stop.stop(signal: SIGTERM)
        let outcome = try #require(listener.finished(), "the stop token did not end the run")
        #expect(try outcome.get().reported == 1)
        #expect(
            listener.notes.value.last?.contains("stopped (SIGTERM): 1 connection reported") == true,
            "\(listener.notes.value)"
        )
    }
}
