import TLSWire

// Small builders for hand-made (and hostile) wire bytes. Lengths are computed, so a test
// that wants a lying length edits the bytes afterwards.

func u8(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value)] }
func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
func u24(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
}

/// A TLS vector: a `prefix`-byte length, then `body`.
func vec(_ prefix: Int, _ body: [UInt8]) -> [UInt8] {
    switch prefix {
    case 1: return u8(body.count) + body
    case 2: return u16(body.count) + body
    default: return u24(body.count) + body
    }
}

func u16s(_ values: [UInt16]) -> [UInt8] { values.flatMap { u16(Int($0)) } }

/// One extension on the wire.
func ext(_ type: UInt16, _ data: [UInt8]) -> [UInt8] { u16(Int(type)) + vec(2, data) }

/// A whole handshake message: type, 24-bit length, body.
func handshake(_ type: HandshakeType, _ body: [UInt8]) -> [UInt8] { [type.rawValue] + vec(3, body) }

/// A record: type, version, 16-bit length, fragment.
func record(_ type: ContentType, _ fragment: [UInt8], version: UInt16 = 0x0303) -> [UInt8] {
    [type.rawValue] + u16(Int(version)) + vec(2, fragment)
}

/// A parsed message from whole-message bytes; traps only in tests, on a test bug.
func raw(_ bytes: [UInt8]) throws(WireError) -> RawHandshakeMessage { try RawHandshakeMessage(bytes: bytes) }

enum ExtData {
    static func sni(_ host: String) -> [UInt8] { vec(2, [0] + vec(2, Array(host.utf8))) }
    static func alpn(_ names: [[UInt8]]) -> [UInt8] { vec(2, names.flatMap { vec(1, $0) }) }
    static func alpn(_ names: [String]) -> [UInt8] { alpn(names.map { Array($0.utf8) }) }
    static func versions(_ values: [UInt16]) -> [UInt8] { vec(1, u16s(values)) }
    static func groups(_ values: [UInt16]) -> [UInt8] { vec(2, u16s(values)) }
    static func sigalgs(_ values: [UInt16]) -> [UInt8] { vec(2, u16s(values)) }
    static func keyShares(_ shares: [(UInt16, [UInt8])]) -> [UInt8] {
        vec(2, shares.flatMap { u16(Int($0.0)) + vec(2, $0.1) })
    }
    static func pointFormats(_ values: [UInt8]) -> [UInt8] { vec(1, values) }
    static func pskModes(_ values: [UInt8]) -> [UInt8] { vec(1, values) }
    static func authorities(_ names: [[UInt8]]) -> [UInt8] { vec(2, names.flatMap { vec(2, $0) }) }
}

/// A ClientHello body with every field settable.
struct HelloBuilder {
    var version: UInt16 = 0x0303
    var random: [UInt8] = Array(repeating: 0x42, count: 32)
    var sessionID: [UInt8] = []
    var ciphers: [UInt16] = [0x1301, 0xC02F]
    var compression: [UInt8] = [0]
    /// nil: no extensions block at all.
    var extensions: [(UInt16, [UInt8])]? = []

    var body: [UInt8] {
        var bytes = u16(Int(version)) + random + vec(1, sessionID) + vec(2, u16s(ciphers)) + vec(1, compression)
        if let extensions { bytes += vec(2, extensions.flatMap { ext($0.0, $0.1) }) }
        return bytes
    }

    var message: [UInt8] { handshake(.clientHello, body) }
}

/// The ClientHello of JA4's published example (FoxIO-LLC/ja4, technical_details/JA4.md,
/// "Example"): 15 ciphers, 16 extensions in the listed order, ALPN h2, those eight
/// signature algorithms — with GREASE added in the cipher, extension, version, group,
/// key share and signature algorithm lists, which JA4 must ignore.
func ja4SpecExampleHello() -> HelloBuilder {
    var hello = HelloBuilder()
    hello.ciphers = [
        0x2A2A, 0x1301, 0x1302, 0x1303, 0xC02B, 0xC02F, 0xC02C, 0xC030, 0xCCA9, 0xCCA8,
        0xC013, 0xC014, 0x009C, 0x009D, 0x002F, 0x0035,
    ]
    hello.sessionID = Array(repeating: 0x11, count: 32)
    hello.extensions = [
        (0x1A1A, []),
        (0x001B, vec(1, [0x00, 0x02])),
        (0x0000, ExtData.sni("example.com")),
        (0x0033, ExtData.keyShares([(0x8A8A, [0]), (0x001D, Array(repeating: 7, count: 32))])),
        (0x0010, ExtData.alpn(["h2", "http/1.1"])),
        (0x4469, vec(2, vec(1, Array("h2".utf8)))),
        (0x0017, []),
        (0x002D, ExtData.pskModes([1])),
        (0x000D, ExtData.sigalgs([0x0A0A, 0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806, 0x0601])),
        (0x0005, [1, 0, 0, 0, 0]),
        (0x0023, []),
        (0x0012, []),
        (0x002B, ExtData.versions([0x3A3A, 0x0304, 0x0303])),
        (0xFF01, [0]),
        (0x000B, ExtData.pointFormats([0])),
        (0x000A, ExtData.groups([0x4A4A, 0x001D, 0x0017, 0x0018])),
        (0x0015, Array(repeating: 0, count: 20)),
        (0x5A5A, [0]),
    ]
    return hello
}
