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
                do throws(FrameError) {
                    return .success(try FrameDecoder.decode(raw, linkType: FrameDecoder.LinkType.ethernet))
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case .success(let segment): #expect(tags == 8 && segment.payloadLength == 6)
            case .failure(let error):
                #expect(tags == 9 && error.kind == .malformed && error.field == "vlan.depth", "\(error)")
            }
        }
    }

    /// A Certificate declaring the most the format allows (2^24 - 1 bytes), of which 1 MiB is
    /// sent before the connection closes: a message the server cut short (the capture holds
    /// every byte sent, and no bound of tlsprobe's was reached), so an incomplete
    /// handshake, not a malformed message and not a truncated capture. (Cut by the memory
    /// budget: CaptureBudgetTests.)
    @Test func aSixteenMegabyteHandshakeMessageCutShortIsIncompleteNotMalformed() throws {
        var conversation = TCPConversation()
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
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
        #expect(c.observation.outcome == .incomplete)
        let text = String(describing: c.findings.map(\.evidence)) + c.findings.map(\.message).joined()
        #expect(!text.contains("exceeds the limit"), "\(c.findings.map(\.message))")
        #expect(!text.contains("malformed"), "\(c.findings.map(\.message))")
        #expect(c.findings.map(\.code) == [.captureIncompleteHandshake], "\(c.findings.map(\.message))")
    }

    /// Handshake messages kept per connection stop at 17 MiB: a message that would pass the
    /// bound is not kept, the direction is not read further, and the report says which
    /// message the bound cut and the size it declares (capture.truncated), not a decode error.
    @Test func aHandshakeMessagePastTheSeventeenMebibytesKeptIsTruncatedByTheBound() throws {
        #expect(TrackedFlow.maxKeptBytes == 17 << 20)
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        let serverHello = Array(t.serverFlight.prefix(5 + (Int(t.serverFlight[3]) << 8 | Int(t.serverFlight[4]))))
        /// A handshake message of `length` body bytes (type `type`), in 16 000-byte records.
        func message(_ type: UInt8, _ length: Int) -> [UInt8] {
            let bytes = [type] + SyntheticTLS.u24(length) + [UInt8](repeating: 0, count: length)
            var records: [UInt8] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + 16_000, bytes.count)
                records += SyntheticTLS.record(22, Array(bytes[offset..<end]))
                offset = end
            }
            return records
        }
        let a = Endpoint(address: IPAddress("10.0.0.2")!, port: 50_000)
        let b = Endpoint(address: IPAddress("10.0.0.5")!, port: 443)
        let flow = TrackedFlow(a: a, b: b, time: 0)
        flow.clientIsA = true
        t.clientHello.withUnsafeBytes { flow.deliver(.bytes($0), fromA: true, startedAtSYN: true) }
        // Two 8 MiB messages are kept (with the ServerHello, 16 MiB and a little); a third
        // of 2 MiB would pass 17 MiB.
        let server = serverHello + message(23, 8 << 20) + message(23, 8 << 20) + message(11, 2 << 20)
        server.withUnsafeBytes { flow.deliver(.bytes($0), fromA: false, startedAtSYN: true) }
        let c = flow.connection(end: .fin)
        let truncated = try #require(c.findings.first { $0.code == .captureTruncated }, "\(c.findings.map(\.message))")
        #expect(truncated.evidence["cut_by_bound"] == .string("handshake bytes kept per connection"))
        #expect(truncated.evidence["bound_bytes"] == .int(17 << 20))
        #expect(truncated.evidence["message"] == .string("certificate"))
        #expect(truncated.evidence["declared_length"] == .int(2 << 20))
        #expect(truncated.evidence["read_bytes"] == .int(2 << 20), "the body, as declared_length counts it")
        #expect(truncated.evidence["from"] == .string("server"))
        // No capture setting changes this bound: the fix says to look at the sender.
        #expect(truncated.fix.contains("Look at the server"), "\(truncated.fix)")
        let (facts) = c.observed().facts
        #expect(facts.brokenStreams.isEmpty, "\(facts.brokenStreams)")
        #expect(!c.findings.contains { $0.code == .captureIncompleteHandshake })
    }

    /// A Certificate message of about 330 KB over twenty-one 16 KB records (Zeek reads
    /// such a chain): every certificate is read.
    @Test func aCertificateMessageOfAFewHundredKilobytesIsReassembled() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        let leaf = syntheticDER[0]
        let count = 330_000 / (leaf.count + 3) + 1
        var entries: [UInt8] = []
        for _ in 0..<count { entries += SyntheticTLS.u24(leaf.count) + leaf }
        let body = SyntheticTLS.u24(entries.count) + entries
        let message = [11] + SyntheticTLS.u24(body.count) + body
        #expect(message.count > 300_000)
        var records: [UInt8] = []
        var offset = 0
        while offset < message.count {
            let end = min(offset + 16_000, message.count)
            records += SyntheticTLS.record(22, Array(message[offset..<end]))
            offset = end
        }
        let serverHello = Array(t.serverFlight.prefix(5 + (Int(t.serverFlight[3]) << 8 | Int(t.serverFlight[4]))))
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        packets += conversation.send(serverHello + records + SyntheticTLS.record(22, [14, 0, 0, 0]), from: .server)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.serverCertificates.count == count)
        #expect(
            !c.findings.contains { $0.code == .certMalformed || $0.message.contains("malformed") },
            "\(c.findings.map(\.message))"
        )
    }
}
