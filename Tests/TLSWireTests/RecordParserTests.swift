import Testing
import TestSupport
import TLSWire

/// Every record `parser` yields from `bytes` appended in pieces of `chunk` bytes.
private func records(_ bytes: [UInt8], chunk: Int = .max) throws -> [TLSRecord] {
    var parser = RecordParser()
    var out: [TLSRecord] = []
    var index = 0
    while index < bytes.count {
        let end = min(bytes.count, index + max(1, min(chunk, bytes.count)))
        parser.append(bytes[index..<end])
        index = end
        while let record = try parser.nextRecord() { out.append(record) }
    }
    return out
}

/// An SSLv2-compatible CLIENT-HELLO (RFC 5246 Appendix E.2) claiming TLS 1.0, with three
/// TLS suites, one SSLv2-only cipher kind and the renegotiation SCSV.
private let sslv2Hello: [UInt8] = {
    let specs: [UInt8] = [0x00, 0x00, 0x39, 0x00, 0x00, 0x35, 0x01, 0x00, 0x80, 0x00, 0x00, 0x2F, 0x00, 0x00, 0xFF]
    let challenge = [UInt8](1...16)
    let message: [UInt8] = [0x01, 0x03, 0x01] + u16(specs.count) + u16(0) + u16(challenge.count) + specs + challenge
    return [0x80 | UInt8(message.count >> 8), UInt8(message.count & 0xFF)] + message
}()

@Suite struct RecordParserTests {
    @Test func splitsARealTLS12ServerStreamIntoRecords() throws {
        let stream = RealHandshakes.tls12ServerStream
        let all = try records(stream)
        #expect(all.map(\.contentType.rawValue) == [22, 22, 22, 22, 22, 22, 20, 22])
        #expect(all.allSatisfy { $0.legacyVersion == .tls12 })
        #expect(all.flatMap(\.bytes) == stream, "records put back together are the stream")
        var offset = 0
        for record in all {
            #expect(record.streamOffset == offset)
            offset += 5 + record.fragment.count
        }
    }

    @Test func dripFedBytesGiveTheSameRecords() throws {
        for stream in [RealHandshakes.tls12ClientStream, RealHandshakes.tls13ServerStream] {
            let whole = try records(stream)
            #expect(try records(stream, chunk: 1) == whole)
            #expect(try records(stream, chunk: 7) == whole)
        }
    }

    @Test func everyPrefixYieldsOnlyTheRecordsItHoldsWhole() throws {
        let stream = RealHandshakes.tls12RefusedServerStream
        let whole = try records(stream)
        var ends: [Int] = []
        var offset = 0
        for record in whole {
            offset += 5 + record.fragment.count
            ends.append(offset)
        }
        for length in 0...stream.count {
            var parser = RecordParser()
            parser.append(stream.prefix(length))
            var got: [TLSRecord] = []
            while let record = try parser.nextRecord() { got.append(record) }
            let expected = ends.filter { $0 <= length }.count
            #expect(got == Array(whole.prefix(expected)), "prefix \(length)")
            #expect(parser.bufferedByteCount == length - (ends.last { $0 <= length } ?? 0))
        }
    }

    @Test func rejectsARecordOverTheCiphertextLimit() throws {
        var parser = RecordParser()
        parser.append([23, 0x03, 0x03] + u16(16384 + 2048 + 1))
        let error = try #require(throws: WireError.self) { try parser.nextRecord() }
        #expect(error.kind == .malformed)
        #expect(error.field == "length")
        #expect(error.offset == 3)
        #expect(error.detail?.contains("18433") == true)
    }

    @Test func waitsForARecordAtTheLimit() throws {
        var parser = RecordParser()
        parser.append([23, 0x03, 0x03] + u16(16384 + 2048))
        #expect(try parser.nextRecord() == nil)
        parser.append(Array(repeating: 0xAB, count: 16384 + 2048))
        let record = try #require(try parser.nextRecord())
        #expect(record.fragment.count == 18432)
    }

    @Test func honoursATighterLimit() throws {
        var parser = RecordParser(maxFragmentLength: 16384 + 256)
        parser.append([23, 0x03, 0x03] + u16(16384 + 257))
        #expect(throws: WireError.self) { try parser.nextRecord() }
    }

    @Test func rejectsHeadersThatCannotStartARecordAndStaysFailed() throws {
        for header: [UInt8] in [
            [0x47, 0x45, 0x54, 0x20, 0x2F], [22, 0x02, 0x00, 0, 5], [25, 3, 3, 0, 1], [0, 3, 3, 0, 1],
        ] {
            var parser = RecordParser(allowsSSLv2ClientHello: false)
            parser.append(header)
            let first = try #require(throws: WireError.self) { try parser.nextRecord() }
            #expect(first.kind == .malformed)
            parser.append(record(.handshake, [1, 0, 0, 0]))
            let again = try #require(throws: WireError.self) { try parser.nextRecord() }
            #expect(again == first, "errors are sticky once framing is lost")
        }
    }

    @Test func errorOffsetsCountFromTheStreamStart() throws {
        var parser = RecordParser()
        parser.append(record(.handshake, [1, 2, 3]) + [99, 3, 3, 0, 0])
        #expect(try parser.nextRecord() != nil)
        let error = try #require(throws: WireError.self) { try parser.nextRecord() }
        #expect(error.field == "content_type")
        #expect(error.offset == 8)
    }

    @Test func keepsZeroLengthAndEveryTLSContentType() throws {
        let bytes = record(.applicationData, []) + record(.changeCipherSpec, [1]) + record(.heartbeat, [1, 0, 0])
        #expect(try records(bytes).map(\.contentType) == [.applicationData, .changeCipherSpec, .heartbeat])
    }

    // MARK: SSLv2-compatible ClientHello

    @Test func convertsAnSSLv2CompatibleClientHello() throws {
        let all = try records(sslv2Hello + record(.handshake, [1, 0, 0, 0]))
        #expect(all.count == 2)
        let hello = try #require(all.first?.sslv2ClientHello)
        #expect(all.first?.contentType == .handshake)
        #expect(all.first?.legacyVersion == .tls10)
        #expect(all.first?.bytes == sslv2Hello)
        #expect(hello.isSSLv2Compatible)
        #expect(hello.legacyVersion == .tls10)
        #expect(
            hello.cipherSuites == [
                CipherSuite(0x39), CipherSuite(0x35), .rsaWithAES128CBCSHA, .emptyRenegotiationInfoSCSV,
            ]
        )
        #expect(hello.sslv2?.cipherSpecs == [0x39, 0x35, 0x010080, 0x2F, 0xFF])
        #expect(hello.random == Array(repeating: 0, count: 16) + Array(1...16))
        #expect(hello.legacySessionID.isEmpty)
        #expect(hello.legacyCompressionMethods == [0])
        #expect(hello.extensions.isEmpty)
        #expect(hello.ja3.string == "769,57-53-47-255,,,")
        #expect(all.last?.sslv2ClientHello == nil, "only the first record may be SSLv2")
    }

    @Test func waitsForEveryPrefixOfAnSSLv2Hello() throws {
        for length in 0..<sslv2Hello.count {
            var parser = RecordParser()
            parser.append(sslv2Hello.prefix(length))
            #expect(try parser.nextRecord() == nil, "prefix \(length)")
        }
    }

    @Test func rejectsAnSSLv2HeaderThatIsNotAClientHelloAtOnce() throws {
        var parser = RecordParser()
        parser.append([0x80, 0x40, 0x04])
        let error = try #require(throws: WireError.self) { try parser.nextRecord() }
        #expect(error.field == "msg_type")
    }

    @Test func rejectsMalformedSSLv2Hellos() throws {
        func mutated(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var bytes = sslv2Hello
            change(&bytes)
            return bytes
        }
        let cases: [(String, [UInt8])] = [
            ("cipher_spec_length", mutated { $0[6] = 14 }),  // not a multiple of 3
            ("challenge_length", mutated { $0[10] = 8 }),  // below 16
            ("session_id_length", mutated { $0[8] = 4 }),  // neither 0 nor 16
        ]
        for (field, bytes) in cases {
            var parser = RecordParser()
            parser.append(bytes)
            let error = try #require(throws: WireError.self) { try parser.nextRecord() }
            #expect(error.field == field)
            #expect(error.kind == .malformed)
        }
    }

    @Test func treatsAHighBitAfterTheFirstRecordAsBrokenFraming() throws {
        var parser = RecordParser()
        parser.append(record(.handshake, [1]) + sslv2Hello)
        #expect(try parser.nextRecord() != nil)
        #expect(throws: WireError.self) { try parser.nextRecord() }
    }

    // MARK: looksLikeTLS

    @Test func recognisesTLSByItsHeaderNotItsPort() {
        #expect(RecordParser.looksLikeTLS(RealHandshakes.tls12ClientStream))
        #expect(RecordParser.looksLikeTLS(RealHandshakes.tls13ServerStream))
        #expect(RecordParser.looksLikeTLS(CurlClientHello.curlClientHelloRecord.prefix(5)))
        #expect(RecordParser.looksLikeTLS(sslv2Hello))
        #expect(RecordParser.looksLikeTLS([21, 3, 3, 0, 2]))
        #expect(RecordParser.looksLikeTLS([22, 3, 0, 0, 50]), "SSL 3.0 record")
    }

    @Test func refusesWhatIsNotTLS() {
        #expect(!RecordParser.looksLikeTLS(Array("GET / HTTP/1.1\r\n".utf8)))
        #expect(!RecordParser.looksLikeTLS(Array("SSH-2.0-OpenSSH_9.2\r\n".utf8)))
        #expect(!RecordParser.looksLikeTLS([22, 3, 3, 0]), "too short to judge")
        #expect(!RecordParser.looksLikeTLS([22, 3, 3, 0, 0]), "empty record")
        #expect(!RecordParser.looksLikeTLS([22, 3, 5, 0, 10]), "version past TLS 1.3")
        #expect(!RecordParser.looksLikeTLS([22, 2, 0, 0, 10]))
        #expect(!RecordParser.looksLikeTLS([22, 3, 3, 0x48, 0x01]), "longer than any record")
        #expect(!RecordParser.looksLikeTLS([30, 3, 3, 0, 10]))
        #expect(!RecordParser.looksLikeTLS([0x80, 0x20, 0x02, 0x03, 0x01]), "SSLv2 but not a hello")
    }

    // MARK: Hostile bytes

    @Test func everySingleByteCorruptionOfAStreamFailsCleanlyOrParses() throws {
        let stream = RealHandshakes.tls12ClientStream
        for index in stream.indices {
            for replacement: UInt8 in [0x00, 0xFF, stream[index] ^ 0x80] {
                var bytes = stream
                bytes[index] = replacement
                var parser = RecordParser()
                parser.append(bytes)
                do {
                    while try parser.nextRecord() != nil {}
                } catch {
                    #expect(error.kind == .malformed)
                    #expect(error.offset >= 0 && error.offset <= bytes.count)
                }
            }
        }
    }

    @Test func randomGarbageNeverTraps() {
        var generator = SplitMix64(seed: 0x7157)
        for _ in 0..<500 {
            let bytes = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            var parser = RecordParser()
            parser.append(bytes)
            do { while try parser.nextRecord() != nil {} } catch { #expect(error.kind == .malformed) }
        }
    }
}

/// Bytes not captured (a hole, or what a snap length cut off) inside one record: the
/// record is counted by its header, and every other record comes out whole and at its
/// own offset, whatever part of the fragment is missing and however the rest arrives.
@Suite struct RecordParserSkipTests {
    @Test func bytesMissingInsideOneRecordKeepEveryOtherRecord() throws {
        let stream = RealHandshakes.tls12ServerStream
        let whole = try records(stream)
        for (index, record) in whole.enumerated() where record.fragment.count > 1 {
            let fragmentStart = record.streamOffset + 5
            let fragmentEnd = fragmentStart + record.fragment.count
            // Every missing range inside the fragment, at a few starts and lengths.
            for start in Set([fragmentStart, fragmentStart + 1, (fragmentStart + fragmentEnd) / 2, fragmentEnd - 1]) {
                for length in Set([1, fragmentEnd - start, max(1, (fragmentEnd - start) / 2)])
                where start + length <= fragmentEnd {
                    for chunk in [1, 7, 4096] {
                        var parser = RecordParser()
                        var out: [TLSRecord] = []
                        var cut: RecordParser.CutRecord?
                        func feed(_ range: Range<Int>) throws {
                            var i = range.lowerBound
                            while i < range.upperBound {
                                let end = min(range.upperBound, i + chunk)
                                parser.append(stream[i..<end])
                                i = end
                                while let r = try parser.nextRecord() { out.append(r) }
                            }
                        }
                        try feed(0..<start)
                        let skipped = parser.skip(length)
                        #expect(skipped.framingKept, "record \(index), missing \(start)..<\(start + length)")
                        cut = skipped.cut
                        try feed((start + length)..<stream.count)
                        var expected = whole
                        expected.remove(at: index)
                        #expect(
                            out.map(\.bytes) == expected.map(\.bytes),
                            "record \(index), missing \(start)..<\(start + length), chunk \(chunk)"
                        )
                        #expect(out.map(\.streamOffset) == expected.map(\.streamOffset))
                        #expect(
                            cut?.contentType == record.contentType && cut?.length == record.fragment.count
                                && cut?.captured == start - fragmentStart && cut?.streamOffset == record.streamOffset,
                            "\(String(describing: cut))"
                        )
                        #expect(cut?.capturedFragment == Array(record.fragment.prefix(start - fragmentStart)))
                    }
                }
            }
        }
    }

    /// Missing bytes that run past the record's end (over headers never seen), start at a
    /// record boundary, or cut into a header lose the framing: the caller resynchronizes.
    @Test func bytesMissingOverARecordBoundaryLoseTheFraming() throws {
        let stream = RealHandshakes.tls12ServerStream
        let whole = try records(stream)
        let second = whole[1]
        // Runs from inside the first record into the second.
        var parser = RecordParser()
        parser.append(stream[0..<(second.streamOffset - 3)])
        _ = try parser.nextRecord()
        let over = parser.skip(10)
        #expect(!over.framingKept)
        #expect(over.cut?.length == whole[0].fragment.count)
        // At a record boundary: nothing of the next record is known.
        parser = RecordParser()
        parser.append(stream[0..<second.streamOffset])
        #expect(try parser.nextRecord() != nil)
        let atBoundary = parser.skip(3)
        #expect(!atBoundary.framingKept && atBoundary.cut == nil)
        // Inside a header.
        parser = RecordParser()
        parser.append(stream[0..<(second.streamOffset + 2)])
        _ = try parser.nextRecord()
        let inHeader = parser.skip(3)
        #expect(!inHeader.framingKept && inHeader.cut == nil)
        // A second hole inside the rest of the same cut record is still inside it.
        parser = RecordParser()
        parser.append(stream[0..<(second.streamOffset + 10)])
        _ = try parser.nextRecord()
        #expect(parser.skip(20).framingKept)
        #expect(parser.skip(5).framingKept)
        parser.append(stream[(second.streamOffset + 35)...])
        var rest: [TLSRecord] = []
        while let r = try parser.nextRecord() { rest.append(r) }
        #expect(rest.map(\.bytes) == whole.dropFirst(2).map(\.bytes))
    }

    /// The one rule for a record header, which connect's framing and its probe feeding share.
    @Test func aRecordHeaderDeclaresItsLengthOrCannotStartARecord() {
        #expect(TLSRecord.fragmentLength(ofHeader: [22, 3, 1, 0x01, 0x2F]) == 0x12F)
        #expect(
            TLSRecord.fragmentLength(ofHeader: [23, 3, 3, 0x48, 0x00, 0xFF]) == 18_432,
            "the largest; bytes after the header ignored"
        )
        #expect(TLSRecord.fragmentLength(ofHeader: [20, 3, 0, 0, 0][...]) == 0)
        #expect(TLSRecord.fragmentLength(ofHeader: [23, 3, 3, 0x48, 0x01]) == nil, "over 2^14 + 2048")
        #expect(TLSRecord.fragmentLength(ofHeader: [25, 3, 3, 0, 1]) == nil, "tls12_cid: DTLS only")
        #expect(TLSRecord.fragmentLength(ofHeader: [19, 3, 3, 0, 1]) == nil)
        #expect(TLSRecord.fragmentLength(ofHeader: Array("GET /".utf8)) == nil, "another protocol")
        #expect(TLSRecord.fragmentLength(ofHeader: [22, 2, 0, 0, 1]) == nil, "major version 2")
        let slice = ([0, 0, 22, 3, 3, 0, 5] as [UInt8])[2...]
        #expect(TLSRecord.fragmentLength(ofHeader: slice) == 5, "a slice is read from its own start")
    }
}
