import SystemCalls
import TLSWire

/// One `-----BEGIN LABEL-----` … `-----END LABEL-----` block of a PEM file (RFC 7468).
public struct PEMBlock: Sendable, Hashable {
    /// The label: `CERTIFICATE`, `PRIVATE KEY`, `EC PRIVATE KEY`, …
    public let label: String
    /// RFC 1421 headers (`Proc-Type`, `DEK-Info`) of legacy encrypted keys; usually empty.
    public let headers: [String: String]
    /// The decoded contents.
    public let der: [UInt8]
    /// The 1-based line of the BEGIN line.
    public let line: Int
}

/// A PEM block that could not be decoded.
public struct PEMProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The label of the block.
    public let label: String
    /// The 1-based line of the problem: for bad base64 the first line where it goes wrong,
    /// otherwise the block's BEGIN line.
    public let line: Int
    /// What is wrong.
    public let reason: String

    public var description: String { "line \(line): \(label) block \(reason)" }
}

/// A lenient reader of PEM text: any number of blocks, with anything around them
/// (`openssl x509 -text` output, comments, Windows line ends), as RFC 7468 section 2
/// asks parsers to accept.
public enum PEM {
    /// Whether `bytes` contain a PEM BEGIN line.
    public static func containsPEM(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            firstRange(of: beginMarker, in: buffer[...]) != nil
        }
    }

    /// Every block in `bytes`, in order, and every block that could not be decoded.
    public static func blocks(in bytes: [UInt8]) -> (blocks: [PEMBlock], problems: [PEMProblem]) {
        var blocks: [PEMBlock] = []
        var problems: [PEMProblem] = []
        let lines = splitLines(bytes)
        var index = 0
        while index < lines.count {
            let line = trimmed(lines[index])
            guard let label = marker(line, prefix: beginMarker) else {
                index += 1
                continue
            }
            let beginLine = index + 1
            index += 1
            var headers: [String: String] = [:]
            var body: [UInt8] = []
            var bodyLines: [(number: Int, text: ArraySlice<UInt8>)] = []
            var ended = false
            var inHeaders = true
            while index < lines.count {
                let current = trimmed(lines[index])
                index += 1
                if let endLabel = marker(current, prefix: endMarker) {
                    if endLabel != label {
                        problems.append(PEMProblem(label: label, line: beginLine, reason: "ends with END \(endLabel)"))
                    }
                    ended = true
                    break
                }
                if marker(current, prefix: beginMarker) != nil {
                    index -= 1
                    break
                }
                if inHeaders, let colon = current.firstIndex(of: UInt8(ascii: ":")) {
                    let name = String(decoding: current[current.startIndex..<colon], as: UTF8.self)
                    let value = String(decoding: current[(colon + 1)...], as: UTF8.self)
                    headers[name.trimmingSpaces()] = value.trimmingSpaces()
                    continue
                }
                inHeaders = false
                body.append(contentsOf: current)
                bodyLines.append((index, current))
            }
            guard ended else {
                problems.append(PEMProblem(label: label, line: beginLine, reason: "has no END line"))
                continue
            }
            guard let der = base64Decode(body), !der.isEmpty else {
                // Name the line where the base64 goes wrong, not the BEGIN line.
                let bad = firstBadBase64Line(bodyLines) ?? beginLine
                let reason =
                    bad == beginLine
                    ? "is not valid base64" : "is not valid base64 (the block begins at line \(beginLine))"
                problems.append(PEMProblem(label: label, line: bad, reason: reason))
                continue
            }
            blocks.append(PEMBlock(label: label, headers: headers, der: der, line: beginLine))
        }
        return (blocks, problems)
    }

    /// A PEM block of `label` around `der`, 64 columns, as OpenSSL writes it. Written as
    /// bytes: cutting the Base64 text into lines by String index cost about 160 k
    /// instructions a certificate, and every report shows each certificate's PEM.
    public static func encode(_ der: [UInt8], label: String) -> String {
        let b64 = Data(der).base64EncodedString().utf8
        var out: [UInt8] = []
        out.reserveCapacity(b64.count + b64.count / 64 + 2 * label.utf8.count + 34)
        out += "-----BEGIN \(label)-----\n".utf8
        var column = 0
        for byte in b64 {
            out.append(byte)
            column += 1
            if column == 64 {
                out.append(UInt8(ascii: "\n"))
                column = 0
            }
        }
        if column > 0 { out.append(UInt8(ascii: "\n")) }
        out += "-----END \(label)-----\n".utf8
        return String(decoding: out, as: UTF8.self)
    }

    private static let beginMarker = Array("-----BEGIN ".utf8)
    private static let endMarker = Array("-----END ".utf8)
    private static let dashes = Array("-----".utf8)

    private static func marker(_ line: ArraySlice<UInt8>, prefix: [UInt8]) -> String? {
        guard line.starts(with: prefix), line.count >= prefix.count + dashes.count,
            line.suffix(dashes.count).elementsEqual(dashes)
        else { return nil }
        let label = line.dropFirst(prefix.count).dropLast(dashes.count)
        guard label.count <= 64,
            label.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "-") || $0 == UInt8(ascii: " ") })
        else {
            return nil
        }
        return String(decoding: label, as: UTF8.self)
    }

    private static func splitLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
        while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
        return line
    }

    private static func firstRange(of needle: [UInt8], in haystack: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var i = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while i <= last {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The 1-based number of the first body line `base64Decode` refuses: a byte outside the
    /// alphabet, data after padding, more than two padding characters. Nil when no one line
    /// is to blame (an empty body).
    static func firstBadBase64Line(_ lines: [(number: Int, text: ArraySlice<UInt8>)]) -> Int? {
        var padding = 0
        for (number, text) in lines {
            for byte in text {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                    if padding > 0 { return number }
                case UInt8(ascii: "="):
                    padding += 1
                    if padding > 2 { return number }
                case 0x20, 0x09, 0x0D, 0x0A:
                    continue
                default:
                    return number
                }
            }
        }
        return nil
    }

    /// Base64 (RFC 4648 section 4) ignoring white space; nil on any other stray byte.
    static func base64Decode(_ text: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case 0x20, 0x09, 0x0D, 0x0A:
                continue
            default:
                return nil
            }
            if padding > 0 { return nil }
            accumulator = (accumulator << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        guard padding <= 2 else { return nil }
        return out
    }
}
