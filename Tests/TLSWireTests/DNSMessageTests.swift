import Testing
import TLSWire

/// DNS messages as mDNS responders send them (RFC 1035 4.1, RFC 6762 18), read with the
/// bounded reader's discipline: answers come from any device on the LAN.
struct DNSMessageTests {
    /// python3-zeroconf 0.47's legacy-unicast answer to a PTR query for _https._tcp.local
    /// (id 0x1234): the PTR, then NSEC, SRV, A and TXT as additional records, every name
    /// after the first compressed.
    static let zeroconfAnswer: [UInt8] = hex(
        "123484000001000100000004065f6874747073045f746370056c6f63616c00000c0001c0"
            + "0c000c00010000119400110e46726f6e74204465736b204e4153c00c036e6173c018002f"
            + "000100001194000ac0400000000400000008c02f00210001000000780008000000001389"
            + "c040c040000100010000007800047f000001c02f0010000100001194000c0b706174683d"
            + "2f61646d696e"
    )

    static func hex(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            out.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    @Test func readsAZeroconfAnswerWithCompressedNames() throws {
        let message = try DNSMessage.parse(Self.zeroconfAnswer)
        #expect(message.isResponse && message.id == 0x1234)
        #expect(message.questions.map(\.name.description) == ["_https._tcp.local"])
        #expect(message.records.count == 5)
        guard case .pointer(let instance) = message.records[0].data else {
            Issue.record("the first record is not a PTR: \(message.records[0])")
            return
        }
        // The instance label keeps its spaces: a label, not dotted text.
        #expect(instance.labels.first == Array("Front Desk NAS".utf8) && instance.labels.count == 4)
        let srv = message.records.first { $0.type == DNSRecordType.srv }
        #expect(srv?.data == .service(priority: 0, weight: 0, port: 5001, target: DNSName("nas.local")!))
        #expect(srv?.recordClass == 1, "the cache-flush bit is not part of the class")
        #expect(message.records.contains { $0.data == .address([127, 0, 0, 1]) })
        #expect(message.records.contains { $0.data == .text([Array("path=/admin".utf8)]) })
    }

    /// Every strict prefix of a real answer is refused as malformed (its counts promise more),
    /// never a trap or a half-read message.
    @Test func everyPrefixIsRefused() {
        let whole = Self.zeroconfAnswer
        for length in 0..<whole.count {
            do {
                let message = try DNSMessage.parse(Array(whole.prefix(length)))
                Issue.record("a prefix of \(length) bytes read as \(message.records.count) records")
            } catch {
                #expect(error.kind == .malformed, "prefix \(length): \(error)")
            }
        }
    }

    @Test func aPointerToItselfOrForwardIsRefused() {
        // Header with one question whose name is a pointer to offset 12 (itself).
        let selfLoop: [UInt8] = [0, 0, 0x84, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0xC0, 12, 0, 1, 0, 1]
        #expect(throws: WireError.self) { try DNSMessage.parse(selfLoop) }
        // A label, then a pointer back to the label: a loop through a label.
        let viaLabel: [UInt8] = [0, 0, 0x84, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0x61, 0xC0, 12, 0, 1, 0, 1]
        #expect(throws: WireError.self) { try DNSMessage.parse(viaLabel) }
        let forward: [UInt8] = [0, 0, 0x84, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0xC0, 16, 0, 1, 0, 1, 0]
        #expect(throws: WireError.self) { try DNSMessage.parse(forward) }
    }

    @Test func aNameOver255BytesIsRefusedHoweverItIsSpelled() {
        // 5 labels of 63 bytes: 321 bytes of name.
        var message: [UInt8] = [0, 0, 0x84, 0, 0, 1, 0, 0, 0, 0, 0, 0]
        for _ in 0..<5 { message += [63] + Array(repeating: 0x61, count: 63) }
        message += [0, 0, 1, 0, 1]
        #expect(throws: WireError.self) { try DNSMessage.parse(message) }
        // The same bytes through pointers: each name points back to the one before it, one
        // label longer.
        var chained: [UInt8] = [0, 0, 0x84, 0, 0, 5, 0, 0, 0, 0, 0, 0]
        var previous = -1
        for _ in 0..<5 {
            let start = chained.count
            chained += [63] + Array(repeating: 0x62, count: 63)
            chained += previous < 0 ? [0] : [0xC0 | UInt8(previous >> 8), UInt8(previous & 0xFF)]
            chained += [0, 1, 0, 1]
            previous = start
        }
        #expect(throws: WireError.self) { try DNSMessage.parse(chained) }
    }

    @Test func recordsWithWrongLengthsAreRefused() {
        // One answer: A record with 3 bytes of data.
        let shortA: [UInt8] = [
            0, 0, 0x84, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0x61, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 3, 1, 2, 3,
        ]
        #expect(throws: WireError.self) { try DNSMessage.parse(shortA) }
        // A TXT string whose length runs past the record's data.
        let longTXT: [UInt8] = [
            0, 0, 0x84, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0x61, 0, 0, 16, 0, 1, 0, 0, 0, 1, 0, 2, 5, 0x61,
        ]
        #expect(throws: WireError.self) { try DNSMessage.parse(longTXT) }
        // Trailing bytes after the counted records.
        let trailing: [UInt8] = [0, 0, 0x84, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF]
        #expect(throws: WireError.self) { try DNSMessage.parse(trailing) }
    }

    @Test func aQueryReadsBackWithTheUnicastResponseBit() throws {
        let name = try #require(DNSName("Front Desk._ipps._tcp.local"))
        let bytes = DNSMessage.query([(name, DNSRecordType.srv)], unicastResponse: true)
        // The QU bit is the class's top bit.
        #expect(bytes.suffix(2) == [0x80, 0x01])
        let message = try DNSMessage.parse(bytes)
        #expect(!message.isResponse)
        #expect(message.questions.count == 1 && message.questions[0].name.matches(name))
        #expect(message.questions[0].type == DNSRecordType.srv && message.questions[0].recordClass == 1)
    }

    @Test func namesCompareWithoutASCIICase() throws {
        let a = try #require(DNSName("Printer.LOCAL"))
        #expect(a.matches(try #require(DNSName("printer.local"))))
        #expect(a.hasSuffix(try #require(DNSName("local"))))
        #expect(DNSName("a..local") == nil && DNSName(String(repeating: "x", count: 64) + ".local") == nil)
    }
}
