/// The JA4 TLS client fingerprint's parts (FoxIO-LLC/ja4, `technical_details/JA4.md`;
/// JA4 itself is BSD-3-Clause; the other JA4+ fingerprints are not implemented here).
///
///     JA4 = JA4_a _ JA4_b _ JA4_c
///     JA4_a: protocol (t/q/d), version (13, 12, …, 00 unknown), SNI (d present, i absent),
///            cipher count and extension count (2 digits each, at most 99), ALPN first and
///            last character (00 without ALPN)
///     JA4_b: SHA-256 of the sorted cipher list, first 12 hex digits
///     JA4_c: SHA-256 of the sorted extension list without SNI (0000) and ALPN (0010),
///            then "_" and the signature algorithms in wire order, first 12 hex digits
///
/// GREASE values are ignored everywhere, signature algorithms included, as the reference
/// implementation does.
/// Lists are four lowercase hex digits per value, comma-separated; an empty cipher or
/// extension list hashes to `000000000000`. TLSWire has no hash functions: pass SHA-256
/// to `fingerprint(sha256Hex:)` (`ClientHelloFingerprint` in TLSDiagnosis does).
///
/// Choices where the definition is silent: duplicate extensions are counted and listed
/// each time they occur; values come from the first `application_layer_protocol_negotiation`
/// and `signature_algorithms` extension; a `supported_versions` extension that is
/// unreadable or holds only GREASE falls back to `legacy_version`, as the reference
/// Python does when the field is missing. An SSLv2-compatible ClientHello (RFC 5246
/// Appendix E.2) has no extensions: its version is its own (`10` for 0x0301, `s2` for
/// 0x0002) and its ciphers are the TLS suites among its three-byte CIPHER-SPECs (first byte
/// 0), as a TLS server reads them; SSLv2's own kinds have no TLS code point and are not
/// counted.
public struct JA4: Hashable, Sendable {
    /// JA4's first character: the transport the hello travelled on.
    public enum Transport: String, Hashable, Sendable {
        case tcp = "t"
        case quic = "q"
        case dtls = "d"
    }

    /// `JA4_a`: `t13d1516h2`.
    public var a: String
    /// Non-GREASE cipher suites as 4-digit hex, in wire order.
    public var ciphers: [String]
    /// Non-GREASE extension types as 4-digit hex, in wire order, SNI and ALPN included.
    public var extensions: [String]
    /// Non-GREASE signature algorithms as 4-digit hex, in wire order.
    public var signatureAlgorithms: [String]

    /// JA4 parts given directly: `a` as `JA4_a`, lists as 4-digit lowercase hex in wire
    /// order with GREASE already removed (a published example, another parser's output).
    public init(a: String, ciphers: [String], extensions: [String], signatureAlgorithms: [String]) {
        self.a = a
        self.ciphers = ciphers
        self.extensions = extensions
        self.signatureAlgorithms = signatureAlgorithms
    }

    /// Gathers the parts from `hello`.
    public init(_ hello: ClientHello, transport: Transport = .tcp) {
        ciphers = hello.cipherSuites.map(\.rawValue).filter { !GREASE.isGREASE($0) }.map(Self.hex4)
        extensions = hello.extensions.map(\.type.rawValue).filter { !GREASE.isGREASE($0) }.map(Self.hex4)
        let schemes = hello.extensions.first(.signatureAlgorithms).flatMap { try? $0.signatureSchemeList() } ?? []
        signatureAlgorithms = schemes.map(\.rawValue).filter { !GREASE.isGREASE($0) }.map(Self.hex4)

        let sni = hello.extensions.contains(.serverName) ? "d" : "i"
        let alpn = Self.alpnCharacters(
            hello.extensions.first(.applicationLayerProtocolNegotiation).flatMap { try? $0.alpnProtocolNames() }?.first
        )
        a =
            transport.rawValue + Self.versionCode(hello) + sni
            + Self.count(ciphers.count) + Self.count(extensions.count) + alpn
    }

    /// Ciphers sorted: `JA4_b`'s input list.
    public var sortedCiphers: [String] { ciphers.sorted() }

    /// Extensions sorted, SNI and ALPN removed: `JA4_c`'s input list.
    public var sortedExtensions: [String] {
        extensions.filter { $0 != "0000" && $0 != "0010" }.sorted()
    }

    /// The string hashed for `JA4_b` (`002f,0035,009c,…`).
    public var cipherHashInput: String { sortedCiphers.joined(separator: ",") }

    /// The string hashed for `JA4_c` (`0005,000a,…_0403,0804,…`).
    public var extensionHashInput: String { Self.extensionPart(sortedExtensions, signatureAlgorithms) }

    /// `ja4_r`: the raw fingerprint, sorted lists in place of the hashes.
    public var raw: String { a + "_" + cipherHashInput + "_" + extensionHashInput }

    /// `ja4_ro`: the raw fingerprint with lists in wire order, SNI and ALPN kept.
    public var rawOriginal: String {
        a + "_" + ciphers.joined(separator: ",") + "_" + Self.extensionPart(extensions, signatureAlgorithms)
    }

    /// `ja4`: `JA4_a_JA4_b_JA4_c`, hashing with `sha256Hex` (lowercase or uppercase hex of
    /// SHA-256 over the UTF-8 string).
    public func fingerprint(sha256Hex: (String) -> String) -> String {
        a + "_" + Self.hash12(sortedCiphers, cipherHashInput, sha256Hex)
            + "_" + Self.hash12(sortedExtensions, extensionHashInput, sha256Hex)
    }

    /// `ja4_o`: as `fingerprint` over the wire-order lists (SNI and ALPN kept).
    public func originalFingerprint(sha256Hex: (String) -> String) -> String {
        a + "_" + Self.hash12(ciphers, ciphers.joined(separator: ","), sha256Hex)
            + "_" + Self.hash12(extensions, Self.extensionPart(extensions, signatureAlgorithms), sha256Hex)
    }

    // MARK: Rules

    /// "If there are no ciphers in the sorted cipher list, then the value of JA4_b is set
    /// to 000000000000"; likewise JA4_c for no extensions.
    static func hash12(_ list: [String], _ input: String, _ sha256Hex: (String) -> String) -> String {
        guard !list.isEmpty else { return "000000000000" }
        return String(sha256Hex(input).lowercased().prefix(12))
    }

    /// Extensions, then "_" and the signature algorithms only when there are any: "If
    /// there are no signature algorithms in the hello packet, then the string ends
    /// without an underscore".
    static func extensionPart(_ extensions: [String], _ signatureAlgorithms: [String]) -> String {
        let list = extensions.joined(separator: ",")
        return signatureAlgorithms.isEmpty ? list : list + "_" + signatureAlgorithms.joined(separator: ",")
    }

    /// The highest non-GREASE `supported_versions` value, else `legacy_version`, as two
    /// characters; "00" when unknown.
    static func versionCode(_ hello: ClientHello) -> String {
        let offered = hello.extensions.first(.supportedVersions).flatMap { try? $0.supportedVersionsList() } ?? []
        // "The highest value in the extension": the numeric maximum, as FoxIO's reference
        // implementations take it (they sort the values and take the last). DTLS numbers
        // count down, so a DTLS 1.3 hello that also offers DTLS 1.2 (0xFEFC, 0xFEFD) gives
        // 0xFEFD, "d2", not the newest version by age.
        let version = offered.map(\.rawValue).filter { !GREASE.isGREASE($0) }.max() ?? hello.legacyVersion.rawValue
        switch version {
        case 0x0304: return "13"
        case 0x0303: return "12"
        case 0x0302: return "11"
        case 0x0301: return "10"
        case 0x0300: return "s3"
        case 0x0002: return "s2"
        case 0xFEFF: return "d1"
        case 0xFEFD: return "d2"
        case 0xFEFC: return "d3"
        default: return "00"
        }
    }

    /// "2 character number … If there's > 99, which there should never be, then output 99."
    static func count(_ value: Int) -> String {
        let capped = min(99, value)
        return capped < 10 ? "0\(capped)" : "\(capped)"
    }

    /// The first and last characters of the first ALPN value; "00" when there is none or
    /// it is empty. One byte serves as both.
    ///
    /// A value that begins or ends outside ASCII: "9" for each such end, as FoxIO's
    /// reference implementations print it (python/ja4.py gives "99" for a non-ASCII first
    /// character, rust/ja4's `first_last` "9" per non-ASCII end; their test data, e.g.
    /// `tls-non-ascii-alpn.pcapng`, carries "99"), where JA4.md's prose would take the hex
    /// form. Otherwise, if the first or last byte is not ASCII alphanumeric, the first and
    /// last characters of its hex form, as JA4.md says (`0x20 0x61` → "21").
    static func alpnCharacters(_ value: [UInt8]?) -> String {
        guard let value, let first = value.first, let last = value.last else { return "00" }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        if first >= 0x80 || last >= 0x80 {
            func character(_ byte: UInt8) -> String { byte >= 0x80 ? "9" : String(UnicodeScalar(byte)) }
            return character(first) + character(last)
        }
        if isAlphanumeric(first), isAlphanumeric(last) {
            return String(UnicodeScalar(first)) + String(UnicodeScalar(last))
        }
        let hex = WireText.hex(value)
        return String(hex.prefix(1)) + String(hex.suffix(1))
    }

    static func hex4(_ value: UInt16) -> String {
        String(TLSHex.format(value).dropFirst(2))
    }
}

extension ClientHello {
    /// The JA4 parts of this hello, as sent over TCP.
    public var ja4: JA4 { JA4(self) }
}
