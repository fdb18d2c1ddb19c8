import Testing
import TLSWire

/// DTLS records (RFC 6347 §4.1, RFC 9146 §4, RFC 9147 §4) and handshake fragment
/// reassembly (RFC 6347 §4.2.2), from bytes laid out field by field.
@Suite struct DTLSParsingTests {
    static func u24(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }

    /// A 13-byte-header record.
    static func record(_ type: UInt8, epoch: UInt16 = 0, sequence: UInt64 = 0, _ fragment: [UInt8]) -> [UInt8] {
        [type, 0xFE, 0xFD, UInt8(epoch >> 8), UInt8(epoch & 0xFF)]
            + (0..<6).reversed().map { UInt8(truncatingIfNeeded: sequence >> (8 * UInt64($0))) }
            + [UInt8(fragment.count >> 8), UInt8(fragment.count & 0xFF)] + fragment
    }

    static func fragment(_ type: UInt8, length: Int, seq: UInt16, offset: Int, _ bytes: [UInt8]) -> [UInt8] {
        [type] + u24(length) + [UInt8(seq >> 8), UInt8(seq & 0xFF)] + u24(offset) + u24(bytes.count) + bytes
    }

    static func records(_ bytes: [UInt8], cid: Int? = nil) -> (records: [DTLSRecord], error: WireError?) {
        bytes.withUnsafeBytes { DTLSRecord.records(in: $0) { _ in cid } }
    }

    @Test func severalRecordsInOneDatagramAreSplitWithEpochAndSequence() {
        let datagram =
            Self.record(22, sequence: 0x0102_0304_0506, [1, 2, 3]) + Self.record(20, sequence: 7, [1])
            + Self.record(23, epoch: 1, sequence: 0, [9, 9, 9, 9])
        let (records, error) = Self.records(datagram)
        #expect(error == nil)
        #expect(records.map(\.contentType) == [.handshake, .changeCipherSpec, .applicationData])
        #expect(records[0].sequenceNumber == 0x0102_0304_0506)
        #expect(records[0].version == .dtls12)
        #expect(records.map(\.epoch) == [0, 0, 1])
        #expect(records.map(\.isProtected) == [false, false, true])
        #expect(records.map(\.fragmentLength) == [3, 1, 4])
        #expect(records[2].fragmentOffset == 13 + 3 + 13 + 1 + 13)
    }

    @Test func aConnectionIDRecordIsFramedWithTheNegotiatedLengthOrByTrying() {
        // RFC 9146 §4: type 25, version, epoch, sequence, cid, length, encrypted record.
        let cid: [UInt8] = [0xAA, 0xBB, 0xCC]
        let datagram: [UInt8] = [25, 0xFE, 0xFD, 0, 1, 0, 0, 0, 0, 0, 5] + cid + [0, 4, 1, 2, 3, 4]
        for known in [3, nil] as [Int?] {
            let (records, error) = Self.records(datagram, cid: known)
            #expect(error == nil)
            #expect(records.count == 1)
            #expect(records.first?.form == .connectionID)
            #expect(records.first?.connectionID == cid)
            #expect(records.first?.fragmentLength == 4)
            #expect(records.first?.isProtected == true)
        }
    }

    @Test func unifiedHeadersAreReadWithAndWithoutTheirOptionalFields() {
        // 0b001CSLEE: C=1 S=1 L=1 epoch 2, CID of 2, 16-bit sequence, length 3.
        let full: [UInt8] = [0x3E, 0x11, 0x22, 0x01, 0x02, 0x00, 0x03, 7, 7, 7]
        // C=0 S=0 L=0 epoch 3: 8-bit sequence, the record runs to the datagram's end.
        let short: [UInt8] = [0x23, 0x05, 8, 8, 8, 8]
        let (records, error) = Self.records(full + short, cid: 2)
        #expect(error == nil)
        #expect(records.count == 2)
        #expect(records[0].form == .unified)
        #expect(records[0].epoch == 2)
        #expect(records[0].connectionID == [0x11, 0x22])
        #expect(records[0].sequenceNumber == 0x0102)
        #expect(records[0].fragmentLength == 3)
        #expect(records[1].epoch == 3)
        #expect(records[1].sequenceNumber == 5)
        #expect(records[1].fragmentLength == 4)
        // An unknown CID length without a length field cannot be framed: refused, not guessed.
        let unknown: [UInt8] = [0x38, 0x11, 0x22, 0x01, 0x02, 9, 9]
        #expect(Self.records(unknown).records.isEmpty)
        #expect(Self.records(unknown).error != nil)
    }

    @Test func rfc7983FirstByteRanges() {
        #expect(!DTLSRecord.mayBeDTLS(firstByte: 0))  // STUN
        #expect(!DTLSRecord.mayBeDTLS(firstByte: 3))
        #expect(!DTLSRecord.mayBeDTLS(firstByte: 19))  // ZRTP
        #expect(DTLSRecord.mayBeDTLS(firstByte: 20))
        #expect(DTLSRecord.mayBeDTLS(firstByte: 63))
        #expect(!DTLSRecord.mayBeDTLS(firstByte: 64))  // TURN channel
        #expect(!DTLSRecord.mayBeDTLS(firstByte: 128))  // RTP
        #expect(DTLSRecord.looksLikeDTLS(Self.record(22, [1])))
        #expect(!DTLSRecord.looksLikeDTLS(Self.record(23, [1])))  // application data alone: could be anything
        #expect(!DTLSRecord.looksLikeDTLS([22, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]))  // TLS's version
    }

    /// Every prefix of a datagram holding each record form — a HelloVerifyRequest in a
    /// 13-byte-header record, a handshake and an alert record, a tls12_cid record (RFC 9146)
    /// and DTLS 1.3 unified headers with a connection ID and without (RFC 9147) — yields
    /// exactly the whole records it holds, and the HelloVerifyRequest only when it is whole.
    @Test func everyPrefixOfADatagramYieldsOnlyWholeRecords() {
        let hvrBody: [UInt8] = [0xFE, 0xFF, 4, 0xC0, 0x0C, 0x1E, 0x55]
        let hvr = Self.record(22, Self.fragment(3, length: hvrBody.count, seq: 0, offset: 0, hvrBody))
        // tls12_cid: type 25, version, epoch 1, sequence, CID of 2, length 3.
        let cidRecord: [UInt8] = [25, 0xFE, 0xFD, 0, 1, 0, 0, 0, 0, 0, 6, 0xAA, 0xBB, 0, 3, 1, 2, 3]
        // Unified header 0b001CSLEE: C=1 S=1 L=1 epoch 2, CID 0x1122, sequence 0x0102, length 3.
        let unifiedCID: [UInt8] = [0x3E, 0x11, 0x22, 0x01, 0x02, 0x00, 0x03, 7, 7, 7]
        // C=0 S=1 L=1 epoch 1.
        let unified: [UInt8] = [0x2D, 0xAB, 0xCD, 0, 2, 1, 2]
        let datagram =
            hvr + Self.record(22, [1, 2, 3, 4, 5]) + Self.record(21, [2, 40]) + cidRecord + unifiedCID + unified
        let whole = Self.records(datagram, cid: 2)
        #expect(whole.error == nil)
        #expect(whole.records.map(\.form) == [.plaintext, .plaintext, .plaintext, .connectionID, .unified, .unified])
        #expect(whole.records[3].connectionID == [0xAA, 0xBB] && whole.records[4].connectionID == [0x11, 0x22])
        func shape(_ r: DTLSRecord) -> [Int] { [r.fragmentOffset, r.fragmentLength, Int(r.epoch)] }
        for n in 0...datagram.count {
            let prefix = Array(datagram[..<n])
            let (records, _) = Self.records(prefix, cid: 2)
            let fitting = whole.records.filter { $0.fragmentOffset + $0.fragmentLength <= n }
            #expect(records.map(shape) == fitting.map(shape), "prefix \(n)")
            #expect(records.map(\.form) == fitting.map(\.form), "prefix \(n)")
            // The HelloVerifyRequest: reassembled and read only when its record is whole.
            var reassembler = DTLSHandshakeReassembler()
            var messages: [DTLSHandshakeReassembler.Message] = []
            for record in records where record.form == .plaintext && record.contentType == .handshake {
                let bytes = Array(prefix[record.fragmentOffset..<(record.fragmentOffset + record.fragmentLength)])
                messages += Self.add(&reassembler, bytes)
            }
            let verify = messages.first { $0.type == HandshakeType(3) }
            #expect((verify != nil) == (n >= hvr.count), "prefix \(n)")
            if let verify {
                let read = try? DTLSHandshake.helloVerifyRequest(verify.body)
                #expect(read?.version == .dtls10 && read?.cookie == [0xC0, 0x0C, 0x1E, 0x55])
            }
            // The HelloVerifyRequest's body cut anywhere is refused, never trapped on.
            if n < hvrBody.count {
                #expect(throws: WireError.self) { try DTLSHandshake.helloVerifyRequest(Array(hvrBody[..<n])) }
            }
        }
    }

    @Test func garbageNeverTrapsTheRecordParser() {
        var state: UInt32 = 0xDEAD_BEEF
        for length in 0..<400 {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            }
            for cid in [nil, 0, 5, 255] as [Int?] {
                let (records, _) = Self.records(bytes, cid: cid)
                for record in records { #expect(record.fragmentOffset + record.fragmentLength <= bytes.count) }
            }
            _ = DTLSRecord.looksLikeDTLS(bytes)
        }
    }

    // MARK: fragments

    static func add(_ r: inout DTLSHandshakeReassembler, _ bytes: [UInt8]) -> [DTLSHandshakeReassembler.Message] {
        bytes.withUnsafeBytes { r.add(record: $0).messages }
    }

    @Test func fragmentsOutOfOrderOverlappingAndRepeatedMakeOneMessage() {
        let body = (0..<100).map { UInt8($0) }
        var r = DTLSHandshakeReassembler()
        // 60..<100, then 0..<30, then 20..<70 (overlapping both), then 0..<30 again.
        #expect(Self.add(&r, Self.fragment(11, length: 100, seq: 2, offset: 60, Array(body[60..<100]))).isEmpty)
        #expect(Self.add(&r, Self.fragment(11, length: 100, seq: 2, offset: 0, Array(body[0..<30]))).isEmpty)
        #expect(r.heldBytes == 70)
        let out = Self.add(&r, Self.fragment(11, length: 100, seq: 2, offset: 20, Array(body[20..<70])))
        #expect(out.count == 1)
        #expect(out.first?.body == body)
        #expect(out.first?.type == .certificate)
        #expect(out.first?.messageSeq == 2)
        #expect(r.heldBytes == 0)
        // A retransmission of the whole flight gives nothing again.
        #expect(Self.add(&r, Self.fragment(11, length: 100, seq: 2, offset: 0, Array(body[0..<30]))).isEmpty)
        #expect(Self.add(&r, Self.fragment(11, length: 100, seq: 2, offset: 0, body)).isEmpty)
    }

    @Test func messagesComeOutInMessageSeqOrder() {
        var r = DTLSHandshakeReassembler()
        // ServerHello (seq 1) whole; Certificate (seq 2) whole; then ServerHelloDone (seq 3).
        #expect(Self.add(&r, Self.fragment(2, length: 4, seq: 1, offset: 0, [1, 2, 3, 4])).map(\.messageSeq) == [1])
        // Seq 3 complete before seq 2 is: it waits for seq 2, which has begun.
        #expect(Self.add(&r, Self.fragment(11, length: 4, seq: 2, offset: 0, [5, 6])).isEmpty)
        #expect(Self.add(&r, Self.fragment(14, length: 0, seq: 3, offset: 0, [])).isEmpty)
        #expect(Self.add(&r, Self.fragment(11, length: 4, seq: 2, offset: 2, [7, 8])).map(\.messageSeq) == [2, 3])
    }

    @Test func contradictoryAndOversizedFragmentsAreRefused() {
        var r = DTLSHandshakeReassembler(maxMessageSize: 1000)
        // Past its own length, and a message over the bound.
        #expect(Self.add(&r, Self.fragment(1, length: 10, seq: 0, offset: 8, [1, 2, 3, 4])).isEmpty)
        #expect(Self.add(&r, Self.fragment(11, length: 5000, seq: 1, offset: 0, [1])).isEmpty)
        // A second fragment saying another length for the same message_seq.
        #expect(Self.add(&r, Self.fragment(11, length: 10, seq: 2, offset: 0, [1])).isEmpty)
        #expect(Self.add(&r, Self.fragment(11, length: 12, seq: 2, offset: 1, Array(repeating: 1, count: 11))).isEmpty)
        #expect(r.malformedFragments == 3)
        // Fragment headers that do not fit the record.
        let cut = Self.fragment(1, length: 10, seq: 5, offset: 0, Array(repeating: 1, count: 10))
        for n in 0..<cut.count {
            let result = Array(cut[..<n]).withUnsafeBytes { r.add(record: $0) }
            #expect(result.messages.isEmpty)
            if n > 0 { #expect(result.error != nil) }
        }
    }

    @Test func messagesInProgressAreBounded() {
        var r = DTLSHandshakeReassembler(maxMessageSize: 1 << 20, maxHeldBytes: 10_000)
        for seq in 0..<100 {
            _ = Self.add(
                &r,
                Self.fragment(11, length: 50_000, seq: UInt16(seq), offset: 0, Array(repeating: 1, count: 1_000))
            )
            #expect(r.heldBytes <= 10_000)
        }
        #expect(r.givenUp > 0)
    }

    /// Review finding: one message that never completes, then thousands of whole empty ones
    /// after it, used to keep every one waiting (memory the budget did not see, and each
    /// fragment recounting them all). Now at most `maxWaitingMessages` wait; the rest go out.
    @Test func wholeMessagesWaitingForOneThatNeverCompletesAreBounded() {
        var r = DTLSHandshakeReassembler()
        var delivered = Self.add(&r, Self.fragment(1, length: 4, seq: 4, offset: 0, [1, 2, 3, 4])).count
        delivered +=
            Self.add(&r, Self.fragment(11, length: 100, seq: 5, offset: 0, Array(repeating: 7, count: 10))).count
        for seq in 6..<20_000 {
            delivered += Self.add(&r, Self.fragment(20, length: 0, seq: UInt16(seq), offset: 0, [])).count
        }
        let left = r.flush().count
        #expect(left <= DTLSHandshakeReassembler.maxWaitingMessages + 1, "\(left) whole messages were still waiting")
        #expect(delivered + left == 1 + 19_994, "every whole message is given out once")
    }

    @Test func garbageNeverTrapsTheReassembler() {
        var state: UInt32 = 0x0BAD_F00D
        var r = DTLSHandshakeReassembler(maxMessageSize: 4096, maxHeldBytes: 64 * 1024)
        for length in 0..<600 {
            var bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            }
            // Small lengths and offsets now and then, so some fragments are accepted.
            if length > 12 {
                bytes[1] = 0
                bytes[2] = 0
                bytes[6] = 0
                bytes[7] = 0
                bytes[9] = 0
                bytes[10] = 0
            }
            for message in Self.add(&r, bytes) {
                _ = try? DTLSHandshake.tlsForm(message)
                _ = try? DTLSHandshake.helloVerifyRequest(message.body)
            }
        }
        _ = r.flush()
    }

    @Test func theCookieIsSetAsideSoTLSsClientHelloParserReadsIt() throws {
        // legacy_version, random, session_id (empty), cookie (3 bytes), suites, compression, no extensions.
        let body: [UInt8] =
            [0xFE, 0xFD] + Array(repeating: 1, count: 32) + [0] + [3, 0xC0, 0x0C, 0x1E] + [0, 2, 0xC0, 0x2B] + [1, 0]
        let (raw, cookie) = try DTLSHandshake.tlsForm(.init(type: .clientHello, messageSeq: 1, body: body))
        #expect(cookie == [0xC0, 0x0C, 0x1E])
        let hello = try ClientHello(raw)
        #expect(hello.legacyVersion == ProtocolVersion.dtls12)
        #expect(hello.cipherSuites == [CipherSuite(0xC02B)])
        // Every prefix of the DTLS body is refused or read, never trapped on.
        for n in 0..<body.count {
            if let (raw, _) = try? DTLSHandshake.tlsForm(
                .init(type: .clientHello, messageSeq: 1, body: Array(body[..<n]))
            ) {
                #expect(throws: WireError.self) { try ClientHello(raw) }
            }
        }
        let hvr = try DTLSHandshake.helloVerifyRequest([0xFE, 0xFF, 2, 0xAB, 0xCD])
        #expect(hvr.version == .dtls10)
        #expect(hvr.cookie == [0xAB, 0xCD])
    }

    /// JA4's version is "the highest value in the extension", as FoxIO's reference
    /// implementations compute it (the values sorted, the last taken): the numeric maximum.
    /// DTLS numbers count down, so a DTLS 1.3 hello that also offers DTLS 1.2 (0xFEFC and
    /// 0xFEFD, in either order, GREASE ignored) fingerprints as d2; DTLS 1.3 alone as d3.
    @Test func ja4TakesTheNumericallyHighestDTLSVersionAsFoxIOsReferenceDoes() {
        func hello(_ versions: [UInt8]) -> ClientHello {
            ClientHello(
                legacyVersion: .dtls12,
                random: Array(repeating: 0, count: 32),
                legacySessionID: [],
                cipherSuites: [CipherSuite(0x1301)],
                legacyCompressionMethods: [0],
                extensions: [Extension(type: .supportedVersions, data: [UInt8(versions.count)] + versions)]
            )
        }
        #expect(JA4(hello([0xFE, 0xFD, 0xFE, 0xFC]), transport: .dtls).a.hasPrefix("dd2i"))
        #expect(JA4(hello([0xFE, 0xFC, 0xFE, 0xFD]), transport: .dtls).a.hasPrefix("dd2i"))
        #expect(JA4(hello([0xFA, 0xFA, 0xFE, 0xFC, 0xFE, 0xFD]), transport: .dtls).a.hasPrefix("dd2i"))
        #expect(JA4(hello([0xFE, 0xFC]), transport: .dtls).a.hasPrefix("dd3i"))
        #expect(JA4(hello([0xFE, 0xFD, 0xFE, 0xFF]), transport: .dtls).a.hasPrefix("dd1i"))
        let only12 = ClientHello(
            legacyVersion: .dtls12,
            random: Array(repeating: 0, count: 32),
            legacySessionID: [],
            cipherSuites: [CipherSuite(0xC02B)],
            legacyCompressionMethods: [0],
            extensions: []
        )
        #expect(JA4(only12, transport: .dtls).a == "dd2i0100" + "00")
    }
}
