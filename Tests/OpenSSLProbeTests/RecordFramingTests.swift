import Testing
import TestSupport
import TLSModel
@testable import OpenSSLProbe

/// The record framing a live connection follows on the peer's bytes: the same answer
/// however the bytes are split into reads.
@Suite struct RecordFramingTests {
    static func framed(_ bytes: [UInt8], splitAt cut: Int? = nil) -> PeerStream {
        var framing = RecordFraming()
        if let cut {
            framing.add(bytes[0..<cut])
            framing.add(bytes[cut...])
        } else {
            for index in bytes.indices { framing.add(bytes[index...index]) }
        }
        return framing.stream
    }

    static func everySplit(_ bytes: [UInt8]) -> [PeerStream] {
        [framed(bytes)] + (0...bytes.count).map { framed(bytes, splitAt: $0) }
    }

    @Test func aHelloThenBytesThatAreNotARecord() {
        let hello = TLSBytes.serverHello12
        let garbage: [UInt8] = [0x00, 0x00, 0x00] + (3..<40).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        for stream in Self.everySplit(hello + garbage) {
            #expect(stream.bytes == hello.count + garbage.count)
            #expect(stream.records == 1)
            #expect(stream.notARecord)
            #expect(stream.lastRecordOffset == hello.count)
            #expect(stream.lastRecordStart == Array(garbage.prefix(16)))
            #expect(stream.unfinishedRecordBytes == 0)
        }
    }

    @Test func aLengthPastTheLimitIsNotARecord() {
        let header: [UInt8] = [0x16, 0x03, 0x03, 0x48, 0x01]  // 18433 bytes: one past 2^14 + 2048
        let stream = Self.framed(TLSBytes.serverHello12 + header + [1, 2, 3])
        #expect(stream.notARecord)
        #expect(stream.lastRecordStart == header + [1, 2, 3])
    }

    @Test func bytesThatEndInsideARecordOrItsHeader() {
        let hello = TLSBytes.serverHello12
        let next = TLSBytes.record(type: 22, [UInt8](repeating: 0x30, count: 40))
        let partway = Self.framed(hello + next.prefix(12))
        #expect(partway.records == 1)
        #expect(!partway.notARecord)
        #expect(partway.unfinishedRecordBytes == 12)
        #expect(partway.unfinishedRecordLength == next.count)
        #expect(partway.lastRecordOffset == hello.count)
        let header = Self.framed(Array(hello.prefix(3)))
        #expect(header.records == 0)
        #expect(header.unfinishedRecordBytes == 3)
        #expect(header.unfinishedRecordLength == nil)
        let whole = Self.framed(hello + next)
        #expect(whole.records == 2)
        #expect(whole.unfinishedRecordBytes == 0)
    }

    @Test func anSSLv2AnswerIsNotFollowed() {
        let stream = Self.framed([0x80, 0x2E, 0x04, 0x00, 0x01, 0x00, 0x03])
        #expect(stream.sslv2)
        #expect(!stream.notARecord)
        #expect(stream.bytes == 7)
        #expect(stream.records == 0)
    }
}
