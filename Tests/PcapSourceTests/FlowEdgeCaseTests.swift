import Foundation
@testable import PcapSource
import TestSupport
import Testing
import TLSDiagnosis
import TLSWire

/// A TLS 1.2 connection up to both Finished (so it is reported while open), no close.
private func establishedTLS12(_ conversation: inout TCPConversation) -> [CaptureWriter.Packet] {
    let t = SyntheticTLS.tls12(chain: syntheticDER)
    var packets = conversation.open()
    packets += conversation.send(t.clientHello, from: .client)
    packets += conversation.send(t.serverFlight, from: .server)
    packets += conversation.send(t.clientFinish, from: .client)
    packets += conversation.send(t.serverFinish, from: .server)
    return packets
}

/// TCP oddities around a connection's start and reuse of its addresses and ports.
@Suite struct ConnectionReuseTests {
    @Test func newConnectionOnTheSamePortsAfterAReportIsReported() throws {
        // The first connection's close was not captured; 6 s later a new one uses the same 4-tuple.
        var first = TCPConversation()
        var packets = establishedTLS12(&first)
        var second = TCPConversation()
        second.clientSequence = 0x2000_0000
        second.serverSequence = 0x3000_0000
        second.time = first.time + 6
        packets += establishedTLS12(&second) + second.close()
        let (connections, statistics) = try analyze(packets)
        #expect(connections.count == 2)
        #expect(connections.allSatisfy { $0.observation.outcome == .established })
        #expect(statistics.tcpFlows == 2)
        #expect(statistics.reportedConnections == 2)
    }

    @Test func repeatedSYNOfAReportedConnectionIsNotANewConnection() throws {
        var conversation = TCPConversation()
        var packets = establishedTLS12(&conversation)
        var again = packets[0]
        again.time = conversation.time + 0.5
        packets.append(again)
        packets += conversation.close()
        let (connections, statistics) = try analyze(packets)
        #expect(connections.count == 1)
        #expect(statistics.tcpFlows == 1)
    }
}

@Suite struct TCPFastOpenTests {
    @Test func dataInTheSYNIsTheStreamsFirstBytes() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var c = TCPConversation()
        // TCP Fast Open: the ClientHello rides in the SYN, at sequence number ISN + 1.
        var packets = [c.packet(from: .client, sequence: c.clientSequence, flags: 0x02, payload: t.clientHello)]
        c.clientSequence &+= 1 &+ UInt32(t.clientHello.count)
        packets.append(c.packet(from: .server, sequence: c.serverSequence, flags: 0x12, payload: []))
        c.serverSequence &+= 1
        packets.append(c.packet(from: .client, sequence: c.clientSequence, flags: 0x10, payload: []))
        packets += c.send(t.serverFlight, from: .server)
        packets += c.send(t.clientFinish, from: .client)
        packets += c.send(t.serverFinish, from: .server)
        packets += c.close()
        let (connections, _) = try analyze(packets)
        expectCompleteTLS12(connections)
    }

    @Test func aFINInTheSYNWithDataClosesAfterTheData() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var c = TCPConversation()
        // SYN, FIN and the ClientHello in one segment: the FIN's sequence number is ISN + 1 + length.
        var packets = [c.packet(from: .client, sequence: c.clientSequence, flags: 0x03, payload: t.clientHello)]
        c.clientSequence &+= 2 &+ UInt32(t.clientHello.count)
        packets.append(c.packet(from: .server, sequence: c.serverSequence, flags: 0x12, payload: []))
        c.serverSequence &+= 1
        packets += c.send(SyntheticTLS.alert(description: 40), from: .server)
        packets.append(c.packet(from: .server, sequence: c.serverSequence, flags: 0x11, payload: []))
        let (connections, _) = try analyze(packets)
        let c0 = try #require(connections.first)
        #expect(connections.count == 1)
        #expect(c0.observation.clientHello?.sni == "printer.local")
        #expect(c0.observation.outcome == .failed)
        #expect(c0.observation.alerts.first?.description == .handshakeFailure)
    }
}
