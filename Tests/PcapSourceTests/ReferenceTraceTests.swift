import Foundation
import PcapSource
import TLSModel
import Testing

/// Public traces from Zeek's test suite (Tests/Traces/zeek, with its NOTICE): capture's
/// "established" and version against Zeek's ssl.log for each connection.
@Suite struct ReferenceTraceTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces/zeek")

    /// Each connection of `trace` by its client's port: outcome and the version's number.
    func read(_ trace: String) throws -> [String: (outcome: Outcome, version: UInt16?)] {
        let capture = try PacketCapture.open(file: Self.directory.appendingPathComponent(trace).path)
        var connections: [CapturedConnection] = []
        _ = capture.run { connections.append($0) }
        var byPort: [String: (outcome: Outcome, version: UInt16?)] = [:]
        for connection in connections {
            let port = String(connection.flow.client.split(separator: ":").last ?? "")
            let observation = connection.observation
            byPort[port] = (observation.outcome, observation.version?.rawValue)
        }
        return byPort
    }

    /// Zeek: established T for the two connections with a server flight, F for the three
    /// whose ClientHellos went unanswered (ssl-all.log of its dtls-13 test).
    @Test func dtls13WithConnectionIDs() throws {
        let read = try read("dtls13-cid.pcap")
        #expect(read.count == 5)
        for port in ["57488", "47904"] {
            #expect(read[port]?.outcome == .established, "\(port)")
            #expect(read[port]?.version == 0xFEFC, "\(port)")
        }
        for port in ["52232", "56544", "58771"] {
            #expect(read[port]?.outcome == .incomplete, "\(port)")
        }
    }

    /// wolfSSL's client sends its Finished and data and closes; the server sends nothing more
    /// under its application keys. Zeek: established.
    @Test func tls13WolfSSL() throws {
        let read = try read("tls13_wolfssl.pcap")
        #expect(read.count == 1)
        #expect(read.values.first?.outcome == .established)
        #expect(read.values.first?.version == 0x0304)
    }

    /// Chrome 55 speaking draft 14: the first connection ends with a bare FIN from the
    /// client and an alert-sized close_notify from the server. Zeek: established, both.
    @Test func tls13Draft14Chrome() throws {
        let read = try read("tls13draft16-chrome55.0.2879.0-canary.pcap")
        #expect(read.count == 2)
        for port in ["53994", "53996"] {
            #expect(read[port]?.outcome == .established, "\(port)")
            #expect(read[port]?.version == 0x7F0E, "\(port)")
        }
    }

    /// Both Finished and application data both ways are in this trace; Zeek's established F
    /// comes from its analyzer's protocol violation later on. tlsprobe keeps established on
    /// purpose (docs/PERFORMANCE.md says so).
    @Test func tls12LateProtocolError() throws {
        let read = try read("tls1.2-late-protocol-error.pcap")
        #expect(read.count == 1)
        #expect(read.values.first?.outcome == .established)
        #expect(read.values.first?.version == 0x0303)
    }
}
