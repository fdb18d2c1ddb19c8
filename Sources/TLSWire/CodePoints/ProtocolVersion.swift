/// `ProtocolVersion` (RFC 8446 §4.1.2 `legacy_version`, §4.2.1 `supported_versions`).
///
///     uint16 ProtocolVersion;
public struct ProtocolVersion: TLSCodePoint, Comparable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    public static let ssl2 = ProtocolVersion(0x0002)
    public static let ssl3 = ProtocolVersion(0x0300)
    public static let tls10 = ProtocolVersion(0x0301)
    public static let tls11 = ProtocolVersion(0x0302)
    public static let tls12 = ProtocolVersion(0x0303)
    public static let tls13 = ProtocolVersion(0x0304)
    public static let dtls10 = ProtocolVersion(0xFEFF)
    public static let dtls12 = ProtocolVersion(0xFEFD)
    public static let dtls13 = ProtocolVersion(0xFEFC)

    static let table = NameTable<UInt16>([
        (0x0002, "SSLv2"), (0x0300, "SSLv3"),
        (0x0301, "TLSv1.0"), (0x0302, "TLSv1.1"), (0x0303, "TLSv1.2"), (0x0304, "TLSv1.3"),
        (0xFEFF, "DTLSv1.0"), (0xFEFD, "DTLSv1.2"), (0xFEFC, "DTLSv1.3"),
    ])

    /// Every named version, oldest first.
    public static let allKnown: [ProtocolVersion] = table.entries.map { ProtocolVersion($0.0) }

    /// "TLSv1.2" style; "TLSv1.3-draft-23" for the pre-RFC drafts (0x7F00 + draft number,
    /// still sent by old middleboxes and test tools); "GREASE" for RFC 8701 values.
    public var name: String? {
        if let known = Self.table.name(rawValue) { return known }
        if isGREASE { return GREASE.name }
        if rawValue & 0xFF00 == 0x7F00 { return "TLSv1.3-draft-\(rawValue & 0xFF)" }
        return nil
    }

    /// The version with this name (`TLSv1.2`, case-insensitive), if known.
    public init?(name: String) {
        guard let value = Self.table.value(named: name) else { return nil }
        self.rawValue = value
    }

    /// Whether this is an RFC 8701 GREASE value.
    public var isGREASE: Bool { GREASE.isGREASE(rawValue) }

    /// Whether TLS 1.3's rules apply to a connection that negotiated this version: its
    /// message layouts, and records encrypted as `application_data` with ChangeCipherSpec
    /// meaning nothing. TLS 1.3 and its late drafts (0x7F1C and up share the final
    /// formats); not GREASE, unknown later versions, DTLS or earlier drafts. The one test
    /// every reader of a selected version uses.
    public var usesTLS13Rules: Bool {
        if self == .tls13 { return true }
        return rawValue & 0xFF00 == 0x7F00 && rawValue & 0xFF >= 0x1C
    }

    /// Whether this is a DTLS version (major byte 0xFE, counting down).
    public var isDTLS: Bool { rawValue >> 8 == 0xFE }

    /// Orders TLS versions by age, oldest first; DTLS versions (whose numbers count down)
    /// by age as well, after every TLS version. Only compare like with like.
    public static func < (lhs: ProtocolVersion, rhs: ProtocolVersion) -> Bool {
        switch (lhs.isDTLS, rhs.isDTLS) {
        case (false, false): return lhs.rawValue < rhs.rawValue
        case (true, true): return lhs.rawValue > rhs.rawValue
        case (false, true): return true
        case (true, false): return false
        }
    }
}
