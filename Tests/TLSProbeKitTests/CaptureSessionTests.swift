import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeKit

/// `CaptureSession` run in the test process, without the binary: what it reports from a
/// capture file (written by `CaptureWriter` from `SyntheticTLS` handshakes), its verdict on
/// the chains against the anchors, and that a stop ends it.
@Suite struct CaptureSessionTests {
    /// A pcap of one complete TLS 1.2 connection to printer.local per chain in `chains`
    /// (DER, leaf first).
    static func capture(_ chains: [[[UInt8]]], in dir: TemporaryDirectory) -> String {
        var packets: [CaptureWriter.Packet] = []
        for (index, chain) in chains.enumerated() {
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

    /// A pcap of `count` complete TLS 1.2 connections to printer.local, each with its whole chain.
    static func capture(connections count: Int, in dir: TemporaryDirectory) -> String {
        let issued = TestPKI.chain(host: "printer.local")
        return capture(Array(repeating: [issued.leaf.der, issued.intermediate.der], count: count), in: dir)
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
        try session.run(into: sink, until: stop)
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

    /// Judged against the root named as anchor, at `--at`: the server that sent its whole
    /// chain is trusted; the one that left its intermediate out is told so, and is the one
    /// report that fails at the threshold.
    @Test func theChainMissingItsIntermediateIsTheOneThatFails() throws {
        let dir = TemporaryDirectory()
        let issued = TestPKI.chain(host: "printer.local")
        let file = Self.capture([[issued.leaf.der, issued.intermediate.der], [issued.leaf.der]], in: dir)
        var c = CaptureSession.Configuration(context: TrustContext(at: TestPKI.referenceTime))
        c.file = file
        c.atGiven = true
        c.anchors = [TrustAnchor(certificate: issued.root.x509, source: "root.pem")]
        c.threshold = .error
        let sink = KeptReports()
        try CaptureSession(c, notes: { _ in }).run(into: sink, until: StopToken())
        let reports = sink.connections
        try #require(reports.count == 2)
        #expect(reports[0].trust.trusted == true, "\(reports[0].findings.map(\.code))")
        #expect(reports[1].trust.trusted == false)
        #expect(reports[1].findings.first?.code == .chainMissingIntermediate, "\(reports[1].findings.map(\.code))")
        #expect(sink.failing == 1)
    }

    /// `--count 1`: the session ends after the first connection of three.
    @Test func theCountEndsTheRun() throws {
        let dir = TemporaryDirectory()
        var c = CaptureSession.Configuration(context: TrustContext(at: TestPKI.referenceTime))
        c.file = Self.capture(connections: 3, in: dir)
        c.count = 1
        let notes = Box<[String]>([])
        let sink = KeptReports()
        try CaptureSession(c, notes: { line in notes.update { $0.append(line) } }).run(into: sink, until: StopToken())
        #expect(sink.connections.count == 1, "\(notes.value)")
        #expect(notes.value.last?.contains("1 TLS connection reported") == true, "\(notes.value)")
    }
}
