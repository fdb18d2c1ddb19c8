import Testing
import TestSupport
import TLSWire

/// `TLSConnectionDecoder.skip`: bytes a capture lacks (a hole, a snap-length cut) inside a
/// record. The records after it are read in step; a handshake message the hole falls in is
/// dropped and the messages after it are read; a ChangeCipherSpec whose byte is missing
/// still switches its sender to ciphertext.
@Suite struct DecoderSkipTests {
    /// A TLS 1.2 server flight whose handshake messages (a Certificate of 18 KB among them)
    /// are re-split into records of `recordSize` bytes, then its ChangeCipherSpec and
    /// encrypted Finished; and where each record starts.
    static func serverStream(recordSize: Int) -> (bytes: [UInt8], recordStarts: [Int], certificate: Range<Int>) {
        let t = SyntheticTLS.tls12(chain: [
            [UInt8](repeating: 0x30, count: 9000), [UInt8](repeating: 0x30, count: 9000),
        ])
        var parser = RecordParser()
        parser.append(t.serverFlight)
        var messages: [UInt8] = []
        var certificate = 0..<0
        while let record = try? parser.nextRecord() {
            if record.fragment.first == 11 { certificate = messages.count..<(messages.count + record.fragment.count) }
            messages += record.fragment
        }
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var certificateBytes = 0..<0
        for offset in stride(from: 0, to: messages.count, by: recordSize) {
            starts.append(bytes.count)
            let end = min(messages.count, offset + recordSize)
            // Stream offsets of the Certificate message's bytes.
            if certificate.overlaps(offset..<end) {
                let lower = bytes.count + 5 + max(0, certificate.lowerBound - offset)
                let upper = bytes.count + 5 + min(end, certificate.upperBound) - offset
                certificateBytes = certificateBytes.isEmpty ? lower..<upper : certificateBytes.lowerBound..<upper
            }
            bytes += SyntheticTLS.record(22, Array(messages[offset..<end]))
        }
        starts.append(bytes.count)
        return (bytes + t.serverFinish, starts, certificateBytes)
    }

    static func names(_ events: [TLSConnectionDecoder.Event]) -> [String] {
        events.compactMap { event in
            switch event {
            case .handshake(let message, _): return message.name
            case .changeCipherSpec: return "change_cipher_spec"
            case .encrypted(let type, _): return "encrypted \(type)"
            case .cutRecord(_, let encrypted, let message):
                return "cut\(encrypted ? " encrypted" : "") \(message?.name ?? "-")"
            case .malformedStream(let error): return "malformed \(error.field)"
            case .undecodableHandshake(let raw, let error): return "undecodable \(raw.type) \(error)"
            default: return "\(event)".prefix(60).description
            }
        }
    }

    /// Decodes the client's hello, then the server stream with `missing` bytes absent; when
    /// that loses the framing, reading resumes at `resume` (where a capture would find the
    /// next segment that starts with a record header).
    static func decode(_ stream: [UInt8], missing: Range<Int>, resume: Int? = nil) -> (names: [String], kept: Bool) {
        var decoder = TLSConnectionDecoder()
        _ = decoder.feed(SyntheticTLS.tls12(chain: []).clientHello, from: .client)
        var events = decoder.feed(stream[..<missing.lowerBound], from: .server)
        let skipped = decoder.skip(missing.count, from: .server)
        events += skipped.events
        var from = missing.upperBound
        if !skipped.framingKept {
            decoder.resynchronize(.server)
            from = resume ?? from
        }
        events += decoder.feed(stream[from...], from: .server)
        return (names(events), skipped.framingKept)
    }

    @Test func aHoleInsideAMultiRecordCertificateLosesOnlyThatMessage() {
        // Records of 6000 bytes: the Certificate spans four of them.
        let (stream, starts, certificate) = Self.serverStream(recordSize: 6000)
        #expect(certificate.count > 18_000)
        let whole = Self.decode(stream, missing: 0..<0).names
        #expect(
            whole == [
                "server_hello", "certificate", "server_key_exchange", "server_hello_done", "change_cipher_spec",
                "encrypted handshake",
            ],
            "\(whole)"
        )
        // A hole in the middle of each record the Certificate spans, ending inside it.
        for (index, start) in starts.dropLast().enumerated()
        where certificate.contains(start + 100) && certificate.contains(start + 3000) {
            let result = Self.decode(stream, missing: (start + 100)..<(start + 3000))
            #expect(result.kept, "record \(index)")
            #expect(
                result.names == [
                    "server_hello", "cut certificate", "server_key_exchange", "server_hello_done", "change_cipher_spec",
                    "encrypted handshake",
                ]
                    || result.names == [
                        "cut server_hello", "cut certificate", "server_key_exchange", "server_hello_done",
                        "change_cipher_spec", "encrypted handshake",
                    ] && index == 0,
                "record \(index): \(result.names)"
            )
        }
    }

    @Test func aHoleRunningPastTheMessageSkipsHandshakeRecordsUntilOneStartsAMessage() {
        // Each message in its own record: a hole from inside the Certificate into the
        // ServerKeyExchange loses the framing; the ServerHelloDone, a record of its own, is
        // read again, and nothing breaks the direction.
        let t = SyntheticTLS.tls12(chain: [[UInt8](repeating: 0x30, count: 3000)])
        let stream = t.serverFlight + t.serverFinish
        let certificateMiddle = t.certificateRange.lowerBound + 1000
        // The ServerKeyExchange record follows the Certificate's; the ServerHelloDone's, it.
        let keyExchangeLength =
            5 + (Int(stream[t.certificateRange.upperBound + 3]) << 8 | Int(stream[t.certificateRange.upperBound + 4]))
        let result = Self.decode(
            stream,
            missing: certificateMiddle..<(t.certificateRange.upperBound + 20),
            resume: t.certificateRange.upperBound + keyExchangeLength
        )
        #expect(!result.kept)
        #expect(!result.names.contains { $0.hasPrefix("malformed") }, "\(result.names)")
        #expect(
            result.names.suffix(3) == ["server_hello_done", "change_cipher_spec", "encrypted handshake"],
            "\(result.names)"
        )

        // Records of 6000 bytes: a hole over the end of the second loses the framing, and
        // reading resumes at the fourth, which continues the Certificate (it starts with
        // certificate bytes, not a message): it is skipped, not read as a message header
        // of 3 MB that would break the direction, and the ChangeCipherSpec is read.
        let (multi, starts, _) = Self.serverStream(recordSize: 6000)
        let skipped = Self.decode(multi, missing: (starts[1] + 100)..<(starts[2] + 100), resume: starts[3])
        #expect(!skipped.kept)
        #expect(
            skipped.names == ["server_hello", "cut certificate", "change_cipher_spec", "encrypted handshake"],
            "\(skipped.names)"
        )
    }

    @Test func aChangeCipherSpecWhoseByteIsMissingStillSwitchesToCiphertext() {
        let t = SyntheticTLS.tls12(chain: [[UInt8](repeating: 0x30, count: 300)])
        let stream = t.serverFlight + t.serverFinish
        // The server's CCS record is the first 6 bytes of serverFinish: its 1 byte missing.
        let ccsByte = t.serverFlight.count + 5
        let result = Self.decode(stream, missing: ccsByte..<(ccsByte + 1))
        #expect(result.kept)
        #expect(result.names.suffix(2) == ["change_cipher_spec", "encrypted handshake"], "\(result.names)")
    }
}
