/// Cheap looks at bytes: what a credential file is before it is parsed.
package enum Sniff {
    /// Whether the start of `bytes` reads as text: no control characters besides tab,
    /// line ends and form feed (bytes >= 0x80 may be UTF-8).
    package static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        !bytes.prefix(4096).contains {
            ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C) || $0 == 0x7F
        }
    }

    /// The total size (header and contents) an outer DER TLV declares, when its header
    /// can be read; nil for an indefinite or absurd length.
    package static func declaredDERLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        let first = bytes[1]
        if first < 0x80 { return 2 + Int(first) }
        let octets = Int(first & 0x7F)
        guard octets >= 1, octets <= 4, bytes.count >= 2 + octets else { return nil }
        var length = 0
        for byte in bytes[2..<(2 + octets)] { length = length << 8 | Int(byte) }
        return 2 + octets + length
    }
}
