/// A TLS registry value: an open set of numbers, some of which have names.
///
/// Wire values are open structs rather than enums (rustls `enum_builder!`): a peer may send
/// any number, and a diagnostic tool must keep and print what it got. Known values have an
/// IANA name; unknown ones print as `0x…`, and GREASE values (RFC 8701) are recognised.
public protocol TLSCodePoint: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue: FixedWidthInteger & UnsignedInteger & Sendable {
    /// The registry name, or nil when this build does not know the value.
    var name: String? { get }
}

extension TLSCodePoint {
    /// The value as lowercase hex padded to its width: `0x1301`, `0x2f`.
    public var hex: String { TLSHex.format(rawValue) }

    /// The name when known, otherwise the hex value.
    public var description: String { name ?? hex }
}

/// Lowercase, zero-padded hex for code points, as the JSON report writes them.
public enum TLSHex {
    /// `0x` followed by every nibble of `value`'s type (`0x0a0a`, `0x05`).
    public static func format<T: FixedWidthInteger & UnsignedInteger>(_ value: T) -> String {
        // Written digit by digit into the string's own storage: reports format a code
        // point for every suite, group and algorithm they list.
        let width = T.bitWidth / 4
        return String(unsafeUninitializedCapacity: width + 2) { buffer in
            buffer[0] = UInt8(ascii: "0")
            buffer[1] = UInt8(ascii: "x")
            for i in 0..<width {
                let nibble = UInt8(truncatingIfNeeded: value >> (4 * (width - 1 - i))) & 0x0F
                buffer[2 + i] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return width + 2
        }
    }
}

/// RFC 8701 GREASE: reserved values clients send so that servers learn to ignore unknown ones.
public enum GREASE {
    /// The sixteen 16-bit values `0x0A0A, 0x1A1A, …, 0xFAFA`, reserved in the cipher suite,
    /// extension, named group, signature scheme and version registries (RFC 8701 §2).
    public static let values: [UInt16] = (0..<16).map { UInt16($0) << 12 | 0x0A00 | UInt16($0) << 4 | 0x0A }

    /// Whether `value` has the `0x?A?A` form with both bytes equal.
    public static func isGREASE(_ value: UInt16) -> Bool {
        value & 0x0F0F == 0x0A0A && value >> 8 == value & 0xFF
    }

    /// The one-byte values RFC 8701 §2 reserves for PSK key exchange modes.
    public static let pskKeyExchangeModes: [UInt8] = [0x0B, 0x2A, 0x49, 0x68, 0x87, 0xA6, 0xC5, 0xE4]

    /// Whether a one-byte PSK key exchange mode is GREASE.
    public static func isGREASEPSKMode(_ value: UInt8) -> Bool { pskKeyExchangeModes.contains(value) }

    /// The name GREASE values print with.
    public static let name = "GREASE"
}

/// A name table built once from a literal list, tolerant of duplicates (first wins) so a
/// typo can never trap at start-up; a test checks there are none, and that every name is
/// ASCII.
struct NameTable<Value: Hashable & Sendable>: Sendable {
    let entries: [(Value, String)]
    let byValue: [Value: String]

    init(_ entries: [(Value, String)]) {
        self.entries = entries
        byValue = Dictionary(entries.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    func name(_ value: Value) -> String? { byValue[value] }

    /// The value whose name is `name` ignoring case (the first, as `byValue` keeps it).
    /// A scan, not an index: names are looked up only for what a user types, while every
    /// start that prints a code point builds `byValue`, so an index of lowercased names
    /// cost each start-up about 0.6 M instructions for nothing. Names are ASCII, so an
    /// entry's lowercased form is its bytes with A–Z lowered.
    func value(named name: String) -> Value? {
        let key = Array(name.lowercased().utf8)
        for (value, entry) in entries where entry.utf8.count == key.count {
            if zip(entry.utf8, key).allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }) { return value }
        }
        return nil
    }
}
