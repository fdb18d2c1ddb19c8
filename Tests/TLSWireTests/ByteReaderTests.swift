import Testing
@testable import TLSWire

@Suite struct ByteReaderTests {
    @Test func readsBigEndianIntegers() throws {
        var reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A])
        #expect(try reader.readUInt8() == 0x01)
        #expect(try reader.readUInt16() == 0x0203)
        #expect(try reader.readUInt24() == 0x04_0506)
        #expect(try reader.readUInt32() == 0x0708_090A)
        #expect(reader.isAtEnd)
        #expect(reader.offset == 10)
        try reader.expectEnd()
    }

    @Test func shortReadOnAStreamNeedsMoreBytesAndKeepsTheCursor() throws {
        var reader = ByteReader([0x16, 0x03])
        #expect(try reader.readUInt8("content_type") == 0x16)
        #expect(
            throws: WireError(
                .needMoreBytes,
                field: "legacy_record_version",
                offset: 1,
                detail: "1 more byte needed"
            )
        ) {
            try reader.readUInt16("legacy_record_version")
        }
        #expect(reader.offset == 1)
        #expect(try reader.readUInt8() == 0x03)
    }

    @Test func shortReadOnACompleteMessageIsMalformed() {
        var reader = ByteReader([0x00], isComplete: true)
        do {
            _ = try reader.readUInt16("cipher_suite")
            Issue.record("read past the end")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.field == "cipher_suite")
            #expect(error.offset == 0)
        }
        #expect(reader.offset == 0)
    }

    @Test func vectorReturnsABoundedChildAndSkipsItInTheParent() throws {
        var reader = ByteReader([0x00, 0x02, 0xAA, 0xBB, 0xCC])
        var child = try reader.readVector(prefixLength: 2, max: 0xFFFF, "body")
        #expect(child.remaining == 2)
        #expect(child.offset == 2)
        #expect(try child.readUInt16() == 0xAABB)
        #expect(throws: WireError.self) { try child.readUInt8() }
        #expect(reader.offset == 4)
        #expect(try reader.readUInt8() == 0xCC)
    }

    @Test func runningShortInsideAVectorIsMalformedNotNeedMore() throws {
        var reader = ByteReader([0x01, 0xAA, 0xBB])
        var child = try reader.readVector(prefixLength: 1, max: 255, "outer")
        do {
            _ = try child.readUInt16("inner")
            Issue.record("read past the vector")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.offset == 1)
        }
    }

    @Test func vectorLongerThanItsBoundIsMalformedEvenWhenPresent() {
        var reader = ByteReader([0x03, 0x01, 0x02, 0x03])
        do {
            _ = try reader.readVector(prefixLength: 1, max: 2, "session_id")
            Issue.record("accepted a vector over its bound")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.field == "session_id")
            #expect(error.offset == 0)
        }
        #expect(reader.offset == 0)
    }

    @Test func vectorShorterThanItsFloorIsMalformed() {
        var reader = ByteReader([0x00])
        #expect(throws: WireError.self) {
            try reader.readVector(prefixLength: 1, min: 1, max: 255, "compression_methods")
        }
        #expect(reader.offset == 0)
    }

    @Test func truncatedVectorNeedsMoreBytesAndRestoresTheCursor() {
        var reader = ByteReader([0x00, 0x00, 0x05, 0x01, 0x02])
        do {
            _ = try reader.readVector(prefixLength: 3, max: 1 << 24 - 1, "certificate_list")
            Issue.record("accepted a truncated vector")
        } catch {
            #expect(error.kind == .needMoreBytes)
            #expect(error.detail == "declared length 5, 3 more bytes needed")
        }
        #expect(reader.offset == 0)
    }

    @Test func errorsDeepInsideNestedVectorsCarryAbsoluteOffsets() throws {
        // record header (5 bytes), then a vector holding a vector holding one byte too few.
        var reader = ByteReader([0x16, 0x03, 0x03, 0x00, 0x04, 0x03, 0x00, 0x02, 0x01])
        try reader.skip(5)
        var outer = try reader.readVector(prefixLength: 1, max: 255, "outer")
        do {
            _ = try outer.readVector(prefixLength: 2, max: 100, "inner")
            Issue.record("accepted an inner vector longer than the outer")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.offset == 6)
        }
    }

    @Test func expectEndRejectsTrailingBytes() throws {
        var reader = ByteReader([0x00, 0x01, 0x02])
        _ = try reader.readUInt8()
        #expect(throws: WireError(.malformed, field: "extensions", offset: 1, detail: "2 trailing bytes")) {
            try reader.expectEnd("extensions")
        }
    }

    @Test func uint16ListRejectsAnOddLengthAndKeepsTheCursor() throws {
        var reader = ByteReader([0x00, 0x03, 0x13, 0x01, 0x13])
        do {
            _ = try reader.readUInt16List(prefixLength: 2, min: 2, max: 0xFFFE, "cipher_suites")
            Issue.record("accepted an odd-length list")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.offset == 0)
        }
        #expect(reader.offset == 0)
        var good = ByteReader([0x00, 0x04, 0x13, 0x01, 0xC0, 0x2F])
        #expect(try good.readUInt16List(prefixLength: 2, max: 0xFFFE) == [0x1301, 0xC02F])
    }

    @Test func transactionRestoresTheCursorWhenTheBodyFails() throws {
        var reader = ByteReader([0x01, 0x02, 0x03])
        #expect(throws: WireError.self) {
            try reader.transaction { (r: inout ByteReader) throws(WireError) in
                _ = try r.readUInt16()
                _ = try r.readUInt16()
            }
        }
        #expect(reader.offset == 0)
        let value = try reader.transaction { (r: inout ByteReader) throws(WireError) in try r.readUInt16() }
        #expect(value == 0x0102)
        #expect(reader.offset == 2)
    }

    @Test func readsFromASliceWithOffsetsCountedFromTheSlice() throws {
        let buffer: [UInt8] = [0xFF, 0xFF, 0x00, 0x01, 0x7A]
        var reader = ByteReader(buffer[2...])
        #expect(reader.offset == 0)
        var child = try reader.readVector(prefixLength: 2, max: 10)
        #expect(child.offset == 2)
        #expect(try child.readBytes(1) == [0x7A])
    }

    @Test func negativeAndOversizedByteCountsThrow() {
        var reader = ByteReader([0x01])
        #expect(throws: WireError.self) { try reader.readBytes(-1) }
        #expect(throws: WireError.self) { try reader.readBytes(2) }
        #expect(reader.offset == 0)
    }
}
