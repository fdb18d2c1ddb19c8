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
    /// still sent by old middleboxes and test tools); "TLSv1.3-google-experiment-2" for the
    /// variants Chrome and BoringSSL tried in 2017 (0x7E01–0x7E03, and the rest of 0x7Exx);
    /// "GREASE" for RFC 8701 values.
    public var name: String? {
        if let known = Self.table.name(rawValue) { return known }
        if isGREASE { return GREASE.name }
        if rawValue & 0xFF00 == 0x7F00 { return "TLSv1.3-draft-\(rawValue & 0xFF)" }
        if isGoogleExperiment { return "TLSv1.3-google-experiment-\(rawValue & 0xFF)" }
        return nil
    }

    /// A TLS 1.3 draft version, 0x7F00 + the draft number.
    public var isTLS13Draft: Bool { rawValue & 0xFF00 == 0x7F00 }

    /// One of the TLS 1.3 variants Chrome and BoringSSL tried before the RFC (0x7E01 and up,
    /// based on draft 18 with the final ServerHello layout).
    public var isGoogleExperiment: Bool { rawValue & 0xFF00 == 0x7E00 && rawValue & 0xFF != 0 }

    /// Drafts 14 to 21 had a ServerHello without legacy_session_id_echo and
    /// legacy_compression_method, carrying the draft version itself; draft 22 brought the
    /// final layout (legacy_version 0x0303, the version in supported_versions).
    public var usesEarlyDraftServerHello: Bool { isTLS13Draft && (0x0E...0x15).contains(rawValue & 0xFF) }

    /// The version with this name (`TLSv1.2`, case-insensitive), if known.
    public init?(name: String) {
        guard let value = Self.table.value(named: name) else { return nil }
        self.rawValue = value
    }

    /// Whether this is an RFC 8701 GREASE value.
    public var isGREASE: Bool { GREASE.isGREASE(rawValue) }

    /// Whether TLS 1.3's rules apply to a connection that negotiated this version: its
    /// message layouts, and records encrypted as `application_data` with ChangeCipherSpec
    /// meaning nothing. TLS 1.3, its drafts from 14 on (every draft a client still sends;
    /// all encrypt the handshake after the ServerHello, and the messages after it keep the
    /// final layout from draft 15, 28 for the last details) and Google's experiments; not
    /// GREASE, unknown later versions or DTLS. The one test every reader of a selected
    /// version uses.
    public var usesTLS13Rules: Bool {
        if self == .tls13 { return true }
        return (isTLS13Draft && rawValue & 0xFF >= 0x0E) || isGoogleExperiment
    }

    /// Whether this is a DTLS version (major byte 0xFE, counting down).
    public var isDTLS: Bool { rawValue >> 8 == 0xFE }

    /// The TLS version a DTLS version is built on (RFC 6347, RFC 9147: DTLS 1.0 on TLS 1.1,
    /// DTLS 1.2 on TLS 1.2, DTLS 1.3 on TLS 1.3), for rules stated for TLS versions (too
    /// old, forward secrecy); any other version is itself.
    public var tlsEquivalent: ProtocolVersion {
        switch rawValue {
        case 0xFEFF: return .tls11
        case 0xFEFD: return .tls12
        case 0xFEFC: return .tls13
        default: return self
        }
    }

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
