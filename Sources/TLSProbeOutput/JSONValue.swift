import SystemCalls

/// A JSON value and its serialisation as docs/DESIGN.md fixes it: keys sorted, strings escaped
/// per RFC 8259, no trailing spaces; pretty (two-space indent) for single-object reports
/// and compact for JSON Lines.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
    /// A value many reports share (a certificate, a client's hello), serialised once per
    /// layout and copied after; written exactly as the value itself would be.
    case fragment(JSONFragment)

    /// A string, or null.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An integer, or null.
    public static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    /// A boolean, or null.
    public static func optional(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }
    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// The value as JSON text.
    public func serialized(pretty: Bool) -> String {
        // Built as UTF-8 bytes: a capture serialises thousands of reports, and appending
        // to a String piece by piece costs several times more.
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(into: &out, pretty: pretty, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    fileprivate func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .fragment(let f): f.write(into: &out, pretty: pretty, indent: indent)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for i in items.indices {
                let item = items[i]
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(&out, indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            var first = true
            members.forEachSorted { key, value in
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if pretty { newline(&out, indent + 1) }
                JSONValue.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// RFC 8259 §7: quote, backslash and controls escaped; also DEL and U+2028/2029, which
    /// break JavaScript readers and terminals. Runs of bytes that need no escape (nearly
    /// every string in a report) are appended in one call.
    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            let count = bytes.count
            var start = 0
            var i = 0
            while i < count {
                let byte = bytes[i]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2 {
                    i += 1
                    continue
                }
                let lineOrParagraph =
                    byte == 0xE2 && i + 2 < count && bytes[i + 1] == 0x80
                    && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
                if byte == 0xE2 && !lineOrParagraph {
                    i += 1
                    continue
                }
                if start < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i])) }
                switch byte {
                case 0x22: out.append(contentsOf: "\\\"".utf8)
                case 0x5C: out.append(contentsOf: "\\\\".utf8)
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                case 0xE2:
                    out.append(contentsOf: (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 2
                default:
                    let hex = String(byte, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
                i += 1
                start = i
            }
            if start < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count])) }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}

/// A JSON value serialised once for each layout (pretty or compact, indentation) it is
/// written at, then copied: a capture writes the same certificates and the same clients'
/// hellos in thousands of reports. Compares and hashes as its value.
public final class JSONFragment: @unchecked Sendable, Hashable {
    // @unchecked: `serialized` is only touched under `lock`; `value` never changes.
    public let value: JSONValue
    private let lock = Lock()
    private var serialized: [Int: [UInt8]] = [:]

    public init(_ value: JSONValue) { self.value = value }

    func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        let layout = pretty ? indent : -1
        lock.lock()
        if let bytes = serialized[layout] {
            lock.unlock()
            out.append(contentsOf: bytes)
            return
        }
        lock.unlock()
        var bytes: [UInt8] = []
        value.write(into: &bytes, pretty: pretty, indent: indent)
        out.append(contentsOf: bytes)
        lock.lock()
        serialized[layout] = bytes
        lock.unlock()
    }

    public static func == (a: JSONFragment, b: JSONFragment) -> Bool { a === b || a.value == b.value }
    public func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}

/// Fragments by what they were made from, shared by the threads that render reports;
/// bounded: past `capacity` entries or `byteBudget` bytes (as `JSONValue.approximateSize`
/// counts them, twice: the key holds as much) it starts again empty, and a value bigger
/// than a sixty-fourth of the budget (a hostile hello with thousands of suites) is not
/// kept at all.
final class FragmentCache<Key: Hashable>: @unchecked Sendable {
    // @unchecked: `entries` and `bytes` are only touched under `lock`.
    let capacity: Int
    let byteBudget: Int
    private let lock = Lock()
    private var entries: [Key: JSONFragment] = [:]
    private var bytes = 0

    init(capacity: Int = 512, byteBudget: Int = 8 << 20) {
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    /// The fragment for `key`, made by `make` the first time.
    func fragment(_ key: Key, _ make: () -> JSONValue) -> JSONValue {
        lock.lock()
        if let known = entries[key] {
            lock.unlock()
            return .fragment(known)
        }
        lock.unlock()
        let value = make()
        let cost = 2 * value.approximateSize
        guard cost <= byteBudget / 64 else { return value }
        let made = JSONFragment(value)
        lock.lock()
        if entries.count >= capacity || bytes + cost > byteBudget {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        if entries.updateValue(made, forKey: key) == nil { bytes += cost }
        lock.unlock()
        return .fragment(made)
    }

    /// Bytes held, as the budget counts them.
    var heldBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }
}

extension JSONValue {
    /// About how many bytes the value holds: 32 for each node, and a string's bytes.
    var approximateSize: Int {
        switch self {
        case .null, .bool, .int: return 32
        case .string(let s): return 32 + s.utf8.count
        case .array(let items): return items.reduce(32) { $0 + $1.approximateSize }
        case .object(let members): return members.reduce(32) { $0 + 32 + $1.key.utf8.count + $1.value.approximateSize }
        case .fragment(let f): return f.value.approximateSize
        }
    }
}

/// A JSON object's members in the order they were given; written with its keys sorted, as
/// docs/DESIGN.md fixes it. Built from a dictionary literal as `[String: JSONValue]` was,
/// without hashing a key or allocating a hash table: a capture builds a few hundred
/// objects for each report. A literal's keys are distinct, as a dictionary literal's must
/// be; a key set again keeps its last value; equality and hashing ignore the order, as a
/// dictionary's do.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    public typealias Element = (key: String, value: JSONValue)
    private var keys: [String]
    private var values: [JSONValue]

    public init() {
        keys = []
        values = []
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        keys = elements.map(\.0)
        values = elements.map(\.1)
        assert(Set(keys).count == keys.count, "a key given twice in a JSON object literal")
    }

    public init(_ dictionary: [String: JSONValue]) {
        self.init(dictionary) { $0 }
    }

    /// `dictionary`'s members with `transform` applied to each value, without building a
    /// dictionary of the results first.
    public init<Value>(_ dictionary: [String: Value], _ transform: (Value) throws -> JSONValue) rethrows {
        keys = []
        values = []
        keys.reserveCapacity(dictionary.count)
        values.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            keys.append(key)
            values.append(try transform(value))
        }
    }

    public var isEmpty: Bool { keys.isEmpty }
    public var count: Int { keys.count }

    /// The value of `key`; setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { keys.firstIndex(of: key).map { values[$0] } }
        set {
            if let i = keys.firstIndex(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// The members in the order given.
    public func makeIterator() -> AnyIterator<Element> {
        var i = 0
        return AnyIterator {
            guard i < keys.count else { return nil }
            defer { i += 1 }
            return (keys[i], values[i])
        }
    }

    /// The same keys with `transform` applied to each value.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var result = self
        result.values = try values.map(transform)
        return result
    }

    /// Calls `body` with each member in key order (byte order of the UTF-8 keys, which is
    /// `String`'s order for the ASCII keys reports use).
    func forEachSorted(_ body: (String, JSONValue) -> Void) {
        var sorted = true
        for i in keys.indices.dropFirst() where !(keys[i - 1] < keys[i]) {
            sorted = false
            break
        }
        if sorted {
            for i in keys.indices { body(keys[i], values[i]) }
        } else {
            for i in keys.indices.sorted(by: { keys[$0] < keys[$1] }) { body(keys[i], values[i]) }
        }
    }

    private var sortedMembers: [(String, JSONValue)] {
        keys.indices.sorted(by: { keys[$0] < keys[$1] }).map { (keys[$0], values[$0]) }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.count == b.count else { return false }
        return a.sortedMembers.elementsEqual(b.sortedMembers) { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for (key, value) in sortedMembers {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}
