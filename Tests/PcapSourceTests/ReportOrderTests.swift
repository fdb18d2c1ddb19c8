import Foundation
@testable import PcapSource
import TestSupport
import Testing

/// A capture's reports come out in the same order on every run: connections still open
/// when the capture ends (or ended together for idleness, or evicted together) in the
/// order they began, not in the order of a hash table whose seed changes per process.
@Suite struct ReportOrderTests {
    /// `count` connections that each send a ClientHello and stay open, all interleaved, so
    /// that every one is still open at the end; the same first-packet time for some, to
    /// test the tie as well.
    static func openConnections(_ count: Int) -> [CaptureWriter.Packet] {
        let hello = SyntheticTLS.tls12(chain: syntheticDER).clientHello
        var packets: [CaptureWriter.Packet] = []
        for i in 0..<count {
            var conversation = TCPConversation(clientPort: UInt16(40_000 + i))
            // Pairs of connections share their first packet's time.
            conversation.time = 1_768_478_400 + Double(i / 2)
            packets += conversation.open() + conversation.send(hello, from: .client)
        }
        return packets
    }

    @Test func connectionsOpenAtTheEndAreReportedInTheOrderTheyBegan() throws {
        let count = 24
        let (connections, _) = try analyze(Self.openConnections(count))
        #expect(connections.count == count)
        let ports = connections.map { $0.flow.client.split(separator: ":").last.map(String.init) ?? "" }
        #expect(ports == (0..<count).map { String(40_000 + $0) })
    }

    @Test func connectionsEndedTogetherAsIdleAreReportedInTheOrderTheyBegan() throws {
        let count = 24
        var packets = Self.openConnections(count)
        // One unrelated packet much later ends them all as idle at once.
        var late = TCPConversation(clientPort: 60_000)
        late.time = 1_768_478_400 + 3600
        packets += late.open()
        let (connections, _) = try analyze(packets)
        let ports = connections.prefix(count).map { $0.flow.client.split(separator: ":").last.map(String.init) ?? "" }
        #expect(ports == (0..<count).map { String(40_000 + $0) })
    }
}
