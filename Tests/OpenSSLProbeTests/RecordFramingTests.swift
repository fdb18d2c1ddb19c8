import Testing
import TestSupport
import TLSModel
@testable import OpenSSLProbe
@testable import LiveNetwork

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

/// What a version probe gives OpenSSL at a time (TLSChannel.nextPiece): whatever of the
/// current record has arrived, never a byte past its end; other protocols' bytes at once.
@Suite struct ProbeFeedingTests {
    static let header: [UInt8] = [0x16, 0x03, 0x03, 0x00, 0x04]

    @Test func aRecordGoesAloneAndWhatFollowsWaits() {
        let two = Self.header + [1, 2, 3, 4] + Self.header + [5]
        #expect(TLSChannel.nextPiece(in: two, recordLeft: 0)! == (9, 0))
        // The second record's start: its header and the one body byte there, 3 to come.
        #expect(TLSChannel.nextPiece(in: Array(two.dropFirst(9)), recordLeft: 0)! == (6, 3))
        // The rest of a record part-way through: only up to its end.
        #expect(TLSChannel.nextPiece(in: [6, 7, 8, 0x16, 0x03], recordLeft: 3)! == (3, 0))
        #expect(TLSChannel.nextPiece(in: [6], recordLeft: 3)! == (1, 2))
    }

    @Test func lessThanAHeaderWaitsAndNothingIsNothing() {
        #expect(TLSChannel.nextPiece(in: [], recordLeft: 0) == nil)
        #expect(TLSChannel.nextPiece(in: [], recordLeft: 7) == nil)
        #expect(TLSChannel.nextPiece(in: [0x16, 0x03, 0x03, 0x00], recordLeft: 0) == nil)
    }

    /// A header OpenSSL refuses by itself (a length past what it accepts, 16,709 to 18,432
    /// here) goes at once with what came of its body: OpenSSL says so without waiting.
    @Test func anOverlongHeaderGoesAtOnce() {
        let overlong: [UInt8] = [0x16, 0x03, 0x03, 0x48, 0x00] + [UInt8](repeating: 0, count: 10)
        #expect(TLSChannel.nextPiece(in: overlong, recordLeft: 0)! == (15, 18_432 + 5 - 15))
    }

    @Test func otherProtocolsGoAllAtOnce() {
        let http = Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8)
        #expect(TLSChannel.nextPiece(in: http, recordLeft: 0)! == (http.count, 0))
        let huge: [UInt8] = [0x16, 0x03, 0x03, 0xFF, 0xFF, 1, 2]
        #expect(TLSChannel.nextPiece(in: huge, recordLeft: 0)! == (7, 0))
        let sslv2: [UInt8] = [0x80, 0x2E, 0x04, 0x00, 0x01, 0x00]
        #expect(TLSChannel.nextPiece(in: sslv2, recordLeft: 0)! == (6, 0))
    }
}
