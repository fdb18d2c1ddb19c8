import SystemCalls
import TLSDiagnosis

/// A JSON value as read back from a file: numbers are kept as their text (reports write
/// integers only, but a field this reader ignores may hold anything JSON allows).
public indirect enum ReadJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([ReadJSON])
    case object([String: ReadJSON])

    /// The member `key` of an object, nil for anything else.
    public subscript(key: String) -> ReadJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// An integer that fits in an Int, written without a fraction or exponent.
    public var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    public var array: [ReadJSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}

/// A bounded JSON reader for a sequence of JSON texts separated by white space: JSON Lines
/// (scan's records, one per line) and indented objects (connect's report) alike, each
/// value with the line it starts on. Bounded in nesting (`maximumDepth`) and never traps:
/// anything that is not JSON is a `SyntaxError` with its line.
public struct JSONSequenceReader {
    /// Objects and arrays nested deeper than this are refused (reports nest about 8 deep).
    public static let maximumDepth = 64
    /// Values (objects, arrays, strings, numbers, literals) in one top-level value: a
    /// report holds a few hundred, so a line of millions is refused before it is stored
    /// (each value kept costs some 60 bytes: a 16 MiB line of `0,` would take ~500 MB).
    public static let maximumValues = 1 << 18

    /// What is wrong, and on which line (counting from 1).
    public struct SyntaxError: Error, Sendable, Equatable {
        public var line: Int
        public var reason: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// The line the value being read starts on: where an error at the end of the text is.
    private var valueLine = 1
    /// Values read so far in the current top-level value.
    private var values = 0
    /// Refuse at once a top-level value that is not an object (nothing of it is read).
    private let objectsOnly: Bool

    /// `objectsOnly`: every top-level value must be an object (reports, error objects);
    /// anything else is refused at its first byte, before any of it is stored.
    public init(_ bytes: [UInt8], objectsOnly: Bool = false) {
        self.bytes = bytes
        self.objectsOnly = objectsOnly
    }

    /// The next value and the line it starts on; nil at the end (only white space left).
    public mutating func next() throws(SyntaxError) -> (line: Int, value: ReadJSON)? {
        skipSpace()
        guard index < bytes.count else { return nil }
        let start = line
        valueLine = line
        values = 0
        // A value that is not an object is refused at its first byte (`[`, a string, a number,
        // a literal); a byte that starts no value is left to readValue's message.
        if objectsOnly, Array("[\"-0123456789tfn".utf8).contains(bytes[index]) {
            throw SyntaxError(line: line, reason: "not a JSON object (one report or error object per line)")
        }
        let value = try readValue(depth: 0)
        // A value must be followed by white space or the end: `{}{}` or `1x` is not two values.
        if index < bytes.count, !Self.isSpace(bytes[index]) {
            throw fail("\(describe(bytes[index])) right after a value (one JSON value per line)")
        }
        return (start, value)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// An error on the current line; one found at the end of the text (a value cut short) is
    /// on the line that value starts on.
    private func fail(_ reason: String) -> SyntaxError {
        SyntaxError(line: index >= bytes.count ? valueLine : line, reason: reason)
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(String(UnicodeScalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
    }

    private mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
    }

    private mutating func readValue(depth: Int) throws(SyntaxError) -> ReadJSON {
        skipSpace()
        guard index < bytes.count else { throw fail("the text ends where a value should be") }
        values += 1
        guard values <= Self.maximumValues else {
            throw SyntaxError(
                line: valueLine,
                reason: "more than \(Self.maximumValues) JSON values in one record (a report holds a few hundred)"
            )
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw fail("\(describe(bytes[index])) where a value should be")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count else { throw fail("the text ends inside \(word)") }
        guard bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw fail("not JSON (expected \(word))")
        }
        index += expected.count
    }

    private mutating func readObject(depth: Int) throws(SyntaxError) -> ReadJSON {
        guard depth <= Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) deep") }
        index += 1
        var members: [String: ReadJSON] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count else { throw fail("the text ends inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw fail("\(describe(bytes[index])) where a key should be")
            }
            let key = try readString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("no ':' after a key") }
            index += 1
            members[key] = try readValue(depth: depth)
            skipSpace()
            guard index < bytes.count else { throw fail("the text ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("\(describe(bytes[index])) inside an object") }
            index += 1
            return .object(members)
        }
    }

    private mutating func readArray(depth: Int) throws(SyntaxError) -> ReadJSON {
        guard depth <= Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) deep") }
        index += 1
        var items: [ReadJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try readValue(depth: depth))
            skipSpace()
            guard index < bytes.count else { throw fail("the text ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("\(describe(bytes[index])) inside an array") }
            index += 1
            return .array(items)
        }
    }

    private mutating func readNumber() throws(SyntaxError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = index
        guard digits() > 0 else { throw fail("a '-' without digits") }
        if bytes[whole] == UInt8(ascii: "0"), index - whole > 1 { throw fail("a number with a leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("a number with no digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw fail("a number with no digits in its exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readString() throws(SyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte < 0x20 { throw fail("a control character (0x\(String(byte, radix: 16))) inside a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            out.append(contentsOf: bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00,
                    index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try hex4()
                    if low >= 0xDC00 && low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        // A lone high surrogate: written as U+FFFD, the low value read on its own.
                        out.append(contentsOf: Array("\u{FFFD}".utf8))
                        scalar = low
                    }
                }
                let character = UnicodeScalar(scalar).map(Character.init) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(character).utf8))
            default: throw fail("an unknown escape \\\(describe(escape)) inside a string")
            }
            runStart = index
        }
        throw fail("the text ends inside a string")
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("the text ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("\(describe(b)) inside a \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
