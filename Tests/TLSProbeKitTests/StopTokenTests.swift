import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeKit

/// One stop mechanism for every session: a `StopToken` that signals or a caller stop.
@Suite struct StopTokenTests {
    @Test func eachRequestIsCountedAndToldToObservers() {
        let token = StopToken()
        let seen = Box<[Int]>([])
        token.onStop { request in seen.update { $0.append(request.count) } }
        let signals = Box<[Int32?]>([])
        token.onStop { request in signals.update { $0.append(request.signal) } }
        #expect(!token.isStopped)
        token.stop()
        #expect(token.isStopped)
        token.stop(signal: SIGTERM)
        #expect(seen.value == [1, 2])
        #expect(signals.value == [nil, SIGTERM])
    }

    /// A Ctrl-C while a session is still setting up is not lost: an observer registered
    /// afterwards is told at once.
    @Test func aRequestBeforeTheObserverIsToldWhenItRegisters() {
        let token = StopToken()
        token.stop(signal: SIGINT)
        let seen = Box<[Int]>([])
        let signals = Box<[Int32?]>([])
        token.onStop { request in
            seen.update { $0.append(request.count) }
            signals.update { $0.append(request.signal) }
        }
        #expect(seen.value == [1])
        token.stop()
        #expect(seen.value == [1, 2])
        #expect(signals.value == [SIGINT, nil], "the early request is told with its signal")
    }

    @Test func theCauseNamesTheSignal() {
        #expect(StopToken.StopRequest(count: 1, signal: SIGINT).cause == "Ctrl-C")
        #expect(StopToken.StopRequest(count: 1, signal: SIGTERM).cause == "SIGTERM")
        #expect(StopToken.StopRequest(count: 1, signal: nil).cause == "a stop request")
        #expect(StopToken.StopRequest(count: 1, signal: nil).asSignal == SIGTERM)
    }
}

/// `CaptureSession` run in the test process, without the binary: what it reports from a
/// capture file, and that a stop ends it.
@Suite struct CaptureSessionTests {
    /// A pcap of `count` complete TLS 1.2 connections to printer.local.
    static func capture(connections count: Int, in dir: TemporaryDirectory) -> String {
        let issued = TestPKI.chain(host: "printer.local")
        let chain = [issued.leaf.der, issued.intermediate.der]
        var packets: [CaptureWriter.Packet] = []
        for index in 0..<count {
            let t = SyntheticTLS.tls12(chain: chain)
            var conversation = TCPConversation(clientPort: UInt16(40_000 + index))
            conversation.time += Double(index)
            packets +=
                conversation.open() + conversation.send(t.clientHello, from: .client)
                + conversation.send(t.serverFlight, from: .server) + conversation.send(t.clientFinish, from: .client)
                + conversation.send(t.serverFinish, from: .server) + conversation.close()
        }
        return dir.write("connections.pcap", CaptureWriter.file(linkType: 1, packets: packets))
    }

    static func run(_ file: String, stoppedFirst: Bool) throws -> (reports: [String], notes: [String]) {
        var c = CaptureSession.Configuration(context: TrustContext(at: TestPKI.referenceTime))
        c.file = file
        let notes = Box<[String]>([])
        let reports = Box<[String]>([])
        let session = try CaptureSession(c, notes: { line in notes.update { $0.append(line) } })
        let sink = StreamSink(format: .jsonLines, output: { line in reports.update { $0.append(line) } })
        let stop = StopToken()
        if stoppedFirst { stop.stop() }
        try session.run(to: sink, threshold: .never, until: stop)
        return (reports.value, notes.value)
    }

    @Test func everyConnectionInAFileIsReported() throws {
        let dir = TemporaryDirectory()
        let result = try Self.run(Self.capture(connections: 3, in: dir), stoppedFirst: false)
        #expect(result.reports.count == 3, "\(result.notes)")
        #expect(result.reports.allSatisfy { $0.contains("\"sni\":\"printer.local\"") }, "\(result.reports.first ?? "")")
        #expect(result.notes.last?.contains("3 TLS connections reported") == true, "\(result.notes)")
        #expect(result.notes.last?.contains("(stopped)") == false, "\(result.notes)")
    }

    @Test func aStopBeforeTheFirstPacketReportsNothingAndSaysSo() throws {
        let dir = TemporaryDirectory()
        let result = try Self.run(Self.capture(connections: 3, in: dir), stoppedFirst: true)
        #expect(result.reports.isEmpty, "\(result.reports)")
        #expect(result.notes.last?.contains("(stopped): 0 TLS connections reported") == true, "\(result.notes)")
    }
}
