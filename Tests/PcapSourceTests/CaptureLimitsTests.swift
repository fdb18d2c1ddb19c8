import Foundation
@testable import PcapSource
import TestSupport
import Testing
import TLSWire

/// The capture path's bounds (man page, LIMITS) at their defaults, reached by what a hostile
/// or broken capture holds. The flow table (`maxFlows`, idle timeout) and the events per
/// connection are in ReassemblyTests; the record and handshake-message sizes in TLSWireTests.
@Suite struct CaptureLimitsTests {
    @Test func aDirectionBuffersAtMost256KiBAnd256SegmentsBehindAHole() {
        var stream = StreamReassembler()
        #expect(stream.maxPendingBytes == 256 * 1024 && stream.maxPendingSegments == 256)
        stream.syn(0)
        var delivered = 0
        var gaps: [Int] = []
        let sink: (StreamReassembler.Chunk) -> Void = { chunk in
            switch chunk {
            case .bytes(let bytes): delivered += bytes.count
            case .gap(let count): gaps.append(count)
            case .cut(let count): Issue.record("unexpected cut of \(count)")
            }
        }
        // Byte 1 never arrives; 300 one-byte segments wait behind it.
        let one: [UInt8] = [0x41]
        for sequence in 2...301 {
            one.withUnsafeBytes { stream.add(sequence: UInt32(sequence), payload: $0, sink: sink) }
            #expect(stream.pending.count <= 256)
        }
        #expect(gaps == [1], "past 256 waiting segments the hole is declared lost once")
        #expect(delivered == 300 - stream.pending.count)

        // 300 KiB behind a hole, in 1000-byte segments: at most 256 KiB wait.
        var big = StreamReassembler()
        big.syn(0)
        gaps = []
        let segment = [UInt8](repeating: 0x42, count: 1000)
        for index in 0..<300 {
            segment.withUnsafeBytes { big.add(sequence: UInt32(2 + index * 1000), payload: $0, sink: sink) }
            #expect(big.pendingBytes <= 256 * 1024)
        }
        #expect(gaps == [1])
    }

    @Test func aMidStreamDirectionIsGivenUpAfter64SegmentsThatDoNotStartARecord() {
        #expect(TrackedFlow.maxResyncAttempts == 64)
        let a = Endpoint(address: IPAddress("10.0.0.2")!, port: 50_000)
        let b = Endpoint(address: IPAddress("10.0.0.5")!, port: 443)
        let garbage = [UInt8](repeating: 0x61, count: 100)
        let hello = SyntheticTLS.tls12(chain: []).clientHello
        for attempts in [63, 64] {
            let flow = TrackedFlow(a: a, b: b, time: 0)
            for _ in 0..<attempts {
                garbage.withUnsafeBytes { flow.deliver(.bytes($0), fromA: true, startedAtSYN: false) }
            }
            hello.withUnsafeBytes { flow.deliver(.bytes($0), fromA: true, startedAtSYN: false) }
            #expect(flow.tlsSeen == (attempts < 64), "after \(attempts) segments that are not TLS")
        }
    }

    @Test func eightStackedVLANTagsAreReadANinthIsMalformed() throws {
        #expect(FrameDecoder.maxNesting == 8)
        for tags in [8, 9] {
            var conversation = TCPConversation(link: .vlan(Array(1...UInt16(tags))))
            let packet = conversation.packet(from: .client, sequence: 1, flags: 0x18, payload: [22, 3, 1, 0, 1, 1])
            let result: Result<TCPSegment, FrameError> = packet.bytes.withUnsafeBytes { raw in
                do throws(FrameError) { return .success(try FrameDecoder.decode(raw, linkType: FrameDecoder.LinkType.ethernet)) } catch {
                    return .failure(error)
                }
            }
            switch result {
            case .success(let segment): #expect(tags == 8 && segment.payloadLength == 6)
            case .failure(let error): #expect(tags == 9 && error.kind == .malformed && error.field == "vlan.depth", "\(error)")
            }
        }
    }

    @Test func aSixteenMegabyteHandshakeMessageEndsTheStreamAtItsHeader() throws {
        var conversation = TCPConversation()
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        // A ServerHello, then a Certificate declaring 2^24 - 1 bytes, of which 1 MiB is sent.
        let serverHello = Array(t.serverFlight.prefix(5 + (Int(t.serverFlight[3]) << 8 | Int(t.serverFlight[4]))))
        var huge = SyntheticTLS.record(22, [11, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 16_000))
        for _ in 0..<65 { huge += SyntheticTLS.record(22, [UInt8](repeating: 0, count: 16_000)) }
        packets += conversation.send(serverHello + huge, from: .server)
        packets += conversation.close()
        let (connections, statistics) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(statistics.reportedConnections == 1)
        #expect(c.observation.serverHello != nil)
        #expect(c.observation.serverCertificates.isEmpty)
        let description = String(describing: c.findings.map(\.evidence))
        #expect(description.contains("exceeds the limit of 262144"), "\(c.findings.map(\.message))")
    }
}
