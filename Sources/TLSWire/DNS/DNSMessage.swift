/// A DNS name as labels of bytes (RFC 1035 3.1). A DNS-SD instance name is one label that
/// may hold spaces, dots and any UTF-8 ("Front Desk Printer"), so names are kept as labels,
/// never as dotted text; compared without ASCII case (RFC 1035 2.3.3).
public struct DNSName: Sendable, Hashable, CustomStringConvertible {
    public let labels: [[UInt8]]

    /// The most bytes a name takes on the wire (RFC 1035 3.1), its length octets counted.
    public static let maximumWireLength = 255

    public init(labels: [[UInt8]]) { self.labels = labels }

    /// A name from dotted text (`printer.local`, `_ipps._tcp.local`); nil when a label is
    /// empty or longer than 63 bytes, or the whole is over 255 bytes.
    public init?(_ text: String) {
        var labels: [[UInt8]] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.utf8.count <= 63 else { return nil }
            labels.append(Array(part.utf8))
        }
        guard !labels.isEmpty else { return nil }
        self.labels = labels
        guard wireLength <= Self.maximumWireLength else { return nil }
    }

    /// This name with `label` in front (an instance name before its service type).
    public func prepending(_ label: [UInt8]) -> DNSName { DNSName(labels: [label] + labels) }

    /// The name without its first label.
    public var parent: DNSName { DNSName(labels: Array(labels.dropFirst())) }

    /// Bytes on the wire, uncompressed: each label with its length, then the root's 0.
    public var wireLength: Int { labels.reduce(1) { $0 + 1 + $1.count } }

    /// The dotted form; a label's own dots and bytes are left as they are (callers that show
    /// it escape it for where it goes).
    public var description: String { labels.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".") }

    /// Equal as DNS compares names: ASCII letters without case.
    public func matches(_ other: DNSName) -> Bool {
        guard labels.count == other.labels.count else { return false }
        for (a, b) in zip(labels, other.labels) {
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where Self.lower(x) != Self.lower(y) { return false }
        }
        return true
    }

    /// Whether the name ends with `suffix`'s labels (`x.local` ends with `local`).
    public func hasSuffix(_ suffix: DNSName) -> Bool {
        guard labels.count >= suffix.labels.count else { return false }
        return DNSName(labels: Array(labels.suffix(suffix.labels.count))).matches(suffix)
    }

    /// The name with ASCII letters in lower case: a key under which spellings that DNS
    /// takes as the same name are one.
    public var normalized: DNSName { DNSName(labels: labels.map { $0.map(Self.lower) }) }

    static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// The uncompressed wire form.
    public var wire: [UInt8] {
        var out: [UInt8] = []
        for label in labels {
            out.append(UInt8(label.count))
            out += label
        }
        out.append(0)
        return out
    }
}

/// Resource record types tlsprobe reads (RFC 1035, RFC 2782, RFC 3596, RFC 6763).
public enum DNSRecordType {
    public static let a: UInt16 = 1
    public static let ptr: UInt16 = 12
    public static let txt: UInt16 = 16
    public static let aaaa: UInt16 = 28
    public static let srv: UInt16 = 33
    public static let any: UInt16 = 255
}

/// One resource record; the data of the types above read, any other kept as bytes.
public struct DNSRecord: Sendable, Hashable {
    public enum Data: Sendable, Hashable {
        case address([UInt8])
        case pointer(DNSName)
        case service(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
        /// The TXT record's strings (RFC 6763 6: `key=value`, each at most 255 bytes).
        case text([[UInt8]])
        case other([UInt8])
    }

    public var name: DNSName
    public var type: UInt16
    /// The class without mDNS's cache-flush bit (RFC 6762 10.2).
    public var recordClass: UInt16
    public var ttl: UInt32
    public var data: Data

    public init(name: DNSName, type: UInt16, recordClass: UInt16, ttl: UInt32, data: Data) {
        self.name = name
        self.type = type
        self.recordClass = recordClass
        self.ttl = ttl
        self.data = data
    }
}

/// A DNS message (RFC 1035 4.1) as mDNS sends it (RFC 6762 18): a header, questions and the
/// records of the three sections together. Read from a whole datagram with the bounded
/// reader's discipline: every read is checked, a compression pointer must point before the
/// name that uses it (so pointers cannot loop), a name is at most 255 bytes however it is
/// spelled, and a short or inconsistent message is `malformed`, never a trap. Answers come
/// from any device on the LAN: nothing in them is trusted.
public struct DNSMessage: Sendable, Hashable {
    public var id: UInt16
    public var flags: UInt16
    public var questions: [Question]
    /// Answer, authority and additional records, in that order.
    public var records: [DNSRecord]

    public struct Question: Sendable, Hashable {
        public var name: DNSName
        public var type: UInt16
        /// The class without the QU bit (RFC 6762 5.4).
        public var recordClass: UInt16
    }

    /// The largest message read (RFC 6762 17: 9000 bytes, the jumbo-frame bound).
    public static let maximumLength = 9000
    /// The most compression pointers followed in one name.
    static let maximumPointers = 64

    /// Whether the QR bit says this is a response.
    public var isResponse: Bool { flags & 0x8000 != 0 }

    /// Reads one whole message.
    public static func parse(_ bytes: [UInt8]) throws(WireError) -> DNSMessage {
        guard bytes.count <= maximumLength else {
            throw WireError(
                .malformed,
                field: "dns_message",
                offset: 0,
                detail: "\(bytes.count) bytes, over \(maximumLength)"
            )
        }
        var reader = ByteReader(bytes, isComplete: true)
        let id = try reader.readUInt16("id")
        let flags = try reader.readUInt16("flags")
        let questionCount = Int(try reader.readUInt16("qdcount"))
        let answerCount = Int(try reader.readUInt16("ancount"))
        let authorityCount = Int(try reader.readUInt16("nscount"))
        let additionalCount = Int(try reader.readUInt16("arcount"))
        var questions: [Question] = []
        for _ in 0..<questionCount {
            let name = try readName(&reader, in: bytes, "qname")
            let type = try reader.readUInt16("qtype")
            let recordClass = try reader.readUInt16("qclass") & 0x7FFF
            questions.append(Question(name: name, type: type, recordClass: recordClass))
        }
        var records: [DNSRecord] = []
        for _ in 0..<(answerCount + authorityCount + additionalCount) {
            records.append(try readRecord(&reader, in: bytes))
        }
        try reader.expectEnd("dns_message")
        return DNSMessage(id: id, flags: flags, questions: questions, records: records)
    }

    /// A query (id 0, as mDNS sends it: RFC 6762 18.1) for `questions`; `unicastResponse`
    /// sets the QU bit (RFC 6762 5.4) so responders answer to the asking port directly.
    public static func query(_ questions: [(name: DNSName, type: UInt16)], unicastResponse: Bool) -> [UInt8] {
        var out: [UInt8] = [0, 0, 0, 0, UInt8(questions.count >> 8), UInt8(truncatingIfNeeded: questions.count)]
        out += [0, 0, 0, 0, 0, 0]
        for question in questions {
            out += question.name.wire
            out += [UInt8(question.type >> 8), UInt8(truncatingIfNeeded: question.type)]
            out += [unicastResponse ? 0x80 : 0x00, 0x01]
        }
        return out
    }

    private static func readRecord(_ reader: inout ByteReader, in bytes: [UInt8]) throws(WireError) -> DNSRecord {
        let name = try readName(&reader, in: bytes, "rr_name")
        let type = try reader.readUInt16("rr_type")
        let recordClass = try reader.readUInt16("rr_class") & 0x7FFF
        let ttl = try reader.readUInt32("rr_ttl")
        var body = try reader.readVector(prefixLength: 2, max: 0xFFFF, "rdata")
        let data: DNSRecord.Data
        switch type {
        case DNSRecordType.a, DNSRecordType.aaaa:
            let size = type == DNSRecordType.a ? 4 : 16
            guard body.remaining == size else {
                throw WireError(
                    .malformed,
                    field: "rdata",
                    offset: body.offset,
                    detail: "an address of \(body.remaining) bytes, not \(size)"
                )
            }
            data = .address(body.readRest())
        case DNSRecordType.ptr:
            data = .pointer(try readName(&body, in: bytes, "ptrdname"))
            try body.expectEnd("rdata")
        case DNSRecordType.srv:
            let priority = try body.readUInt16("srv_priority")
            let weight = try body.readUInt16("srv_weight")
            let port = try body.readUInt16("srv_port")
            let target = try readName(&body, in: bytes, "srv_target")
            try body.expectEnd("rdata")
            data = .service(priority: priority, weight: weight, port: port, target: target)
        case DNSRecordType.txt:
            var strings: [[UInt8]] = []
            while !body.isAtEnd {
                var string = try body.readVector(prefixLength: 1, max: 255, "txt_string")
                strings.append(string.readRest())
            }
            data = .text(strings)
        default:
            data = .other(body.readRest())
        }
        return DNSRecord(name: name, type: type, recordClass: recordClass, ttl: ttl, data: data)
    }

    /// A name at the reader's cursor, following compression pointers (RFC 1035 4.1.4) into
    /// `bytes`, the whole message. Each pointer must point before the label sequence that
    /// holds it, so every jump goes backwards and none can loop; the hops are bounded too.
    static func readName(_ reader: inout ByteReader, in bytes: [UInt8], _ field: String) throws(WireError) -> DNSName {
        var labels: [[UInt8]] = []
        var wireLength = 1
        var jumped = false
        // Where the bytes being read begin, and where the current run of labels began: a
        // pointer must point before it.
        var local = reader
        var runStart = reader.offset
        var hops = 0
        while true {
            let at = local.offset
            let length = try local.readUInt8(field)
            switch length & 0xC0 {
            case 0x00:
                if length == 0 {
                    if !jumped { reader = local }
                    return DNSName(labels: labels)
                }
                let label = try local.readBytes(Int(length), field)
                wireLength += 1 + label.count
                guard wireLength <= DNSName.maximumWireLength else {
                    throw WireError(.malformed, field: field, offset: at, detail: "a name over 255 bytes")
                }
                labels.append(label)
            case 0xC0:
                let low = try local.readUInt8(field)
                let target = Int(length & 0x3F) << 8 | Int(low)
                guard target < runStart else {
                    throw WireError(
                        .malformed,
                        field: field,
                        offset: at,
                        detail: "a compression pointer to \(target), not before \(runStart)"
                    )
                }
                hops += 1
                guard hops <= maximumPointers else {
                    throw WireError(
                        .malformed,
                        field: field,
                        offset: at,
                        detail: "more than \(maximumPointers) pointers"
                    )
                }
                if !jumped {
                    reader = local
                    jumped = true
                }
                local = ByteReader(bytes[target...], isComplete: true, offsetBase: target)
                runStart = target
            default:
                throw WireError(
                    .malformed,
                    field: field,
                    offset: at,
                    detail: "label type 0x\(String(length >> 6, radix: 16)) is not a length or a pointer"
                )
            }
        }
    }
}
