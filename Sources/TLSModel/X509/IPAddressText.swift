/// IP addresses between their 4- and 16-byte forms and text (RFC 5952 for IPv6).
public enum IPAddressText {
    /// "10.0.0.5", "::1", "fe80::1"; other lengths as hex.
    public static func format(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        guard bytes.count == 16 else { return Hex.encode(bytes) }
        var groups: [UInt16] = []
        for i in stride(from: 0, to: 16, by: 2) { groups.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])) }
        // RFC 5952 4.2: compress the longest run of two or more zero groups, the first if tied.
        var bestStart = -1
        var bestLength = 1
        var runStart = -1
        for i in 0...8 {
            if i < 8 && groups[i] == 0 {
                if runStart < 0 { runStart = i }
            } else if runStart >= 0 {
                if i - runStart > bestLength {
                    bestStart = runStart
                    bestLength = i - runStart
                }
                runStart = -1
            }
        }
        func hex(_ range: Range<Int>) -> String { groups[range].map { String($0, radix: 16) }.joined(separator: ":") }
        if bestStart < 0 { return hex(0..<8) }
        return hex(0..<bestStart) + "::" + hex((bestStart + bestLength)..<8)
    }

    /// The address bytes of an IPv4 dotted quad or an IPv6 address, or nil when `text` is neither.
    public static func parse(_ text: String) -> [UInt8]? {
        var text = Substring(text)
        if text.hasPrefix("[") && text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let v4 = parseIPv4(text) { return v4 }
        return parseIPv6(text)
    }

    private static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var out: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCIIDigit), let v = UInt8(part) else {
                return nil
            }
            if part.count > 1 && part.first == "0" { return nil }
            out.append(v)
        }
        return out
    }

    private static func parseIPv6(_ text: Substring) -> [UInt8]? {
        // Bytes, not Foundation's substring search: a capture asks this of every SNI.
        guard text.utf8.contains(UInt8(ascii: ":")), !text.utf8.contains(UInt8(ascii: "%")) else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ s: String) -> [UInt8]? {
            if s.isEmpty { return [] }
            var out: [UInt8] = []
            let pieces = s.split(separator: ":", omittingEmptySubsequences: false)
            for (i, piece) in pieces.enumerated() {
                if i == pieces.count - 1, piece.containsText("."), let v4 = parseIPv4(piece) {
                    out += v4
                    continue
                }
                guard (1...4).contains(piece.count), let v = UInt16(piece, radix: 16) else { return nil }
                out += [UInt8(v >> 8), UInt8(v & 0xFF)]
            }
            return out
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
