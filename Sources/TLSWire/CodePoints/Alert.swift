/// `AlertLevel` (RFC 8446 §6, RFC 5246 §7.2).
///
///     enum { warning(1), fatal(2), (255) } AlertLevel;
public struct AlertLevel: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let warning = AlertLevel(1)
    public static let fatal = AlertLevel(2)

    /// `warning`, `fatal`, or nil.
    public var name: String? {
        switch rawValue {
        case 1: return "warning"
        case 2: return "fatal"
        default: return nil
        }
    }
}

/// `AlertDescription` (RFC 8446 §6, RFC 5246 §7.2): the IANA TLS Alerts registry.
///
///     struct {
///         AlertLevel level;
///         AlertDescription description;
///     } Alert;
///
/// Values the registry marks `_RESERVED` (no longer sent by TLS 1.3) keep their TLS 1.2
/// names, since TLS 1.2 peers still send them and OpenSSL prints them that way.
public struct AlertDescription: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let closeNotify = AlertDescription(0)
    public static let unexpectedMessage = AlertDescription(10)
    public static let badRecordMAC = AlertDescription(20)
    public static let decryptionFailed = AlertDescription(21)
    public static let recordOverflow = AlertDescription(22)
    public static let decompressionFailure = AlertDescription(30)
    public static let handshakeFailure = AlertDescription(40)
    public static let noCertificate = AlertDescription(41)
    public static let badCertificate = AlertDescription(42)
    public static let unsupportedCertificate = AlertDescription(43)
    public static let certificateRevoked = AlertDescription(44)
    public static let certificateExpired = AlertDescription(45)
    public static let certificateUnknown = AlertDescription(46)
    public static let illegalParameter = AlertDescription(47)
    public static let unknownCA = AlertDescription(48)
    public static let accessDenied = AlertDescription(49)
    public static let decodeError = AlertDescription(50)
    public static let decryptError = AlertDescription(51)
    public static let tooManyCIDsRequested = AlertDescription(52)
    public static let exportRestriction = AlertDescription(60)
    public static let protocolVersion = AlertDescription(70)
    public static let insufficientSecurity = AlertDescription(71)
    public static let internalError = AlertDescription(80)
    public static let inappropriateFallback = AlertDescription(86)
    public static let userCanceled = AlertDescription(90)
    public static let noRenegotiation = AlertDescription(100)
    public static let missingExtension = AlertDescription(109)
    public static let unsupportedExtension = AlertDescription(110)
    public static let certificateUnobtainable = AlertDescription(111)
    public static let unrecognizedName = AlertDescription(112)
    public static let badCertificateStatusResponse = AlertDescription(113)
    public static let badCertificateHashValue = AlertDescription(114)
    public static let unknownPSKIdentity = AlertDescription(115)
    public static let certificateRequired = AlertDescription(116)
    public static let generalError = AlertDescription(117)
    public static let noApplicationProtocol = AlertDescription(120)
    public static let echRequired = AlertDescription(121)

    /// The registry name (`unknown_ca`), or nil.
    public var name: String? { Self.table.name(rawValue) }

    /// The alert with this name (case-insensitive), if known.
    public init?(name: String) {
        guard let value = Self.table.value(named: name) else { return nil }
        self.rawValue = value
    }

    /// Every named alert, in value order.
    public static let allKnown: [AlertDescription] = table.entries.map { AlertDescription($0.0) }

    static let table = NameTable<UInt8>([
        (0, "close_notify"), (10, "unexpected_message"), (20, "bad_record_mac"),
        (21, "decryption_failed"), (22, "record_overflow"), (30, "decompression_failure"),
        (40, "handshake_failure"), (41, "no_certificate"), (42, "bad_certificate"),
        (43, "unsupported_certificate"), (44, "certificate_revoked"), (45, "certificate_expired"),
        (46, "certificate_unknown"), (47, "illegal_parameter"), (48, "unknown_ca"),
        (49, "access_denied"), (50, "decode_error"), (51, "decrypt_error"),
        (52, "too_many_cids_requested"), (60, "export_restriction"), (70, "protocol_version"),
        (71, "insufficient_security"), (80, "internal_error"), (86, "inappropriate_fallback"),
        (90, "user_canceled"), (100, "no_renegotiation"), (109, "missing_extension"),
        (110, "unsupported_extension"), (111, "certificate_unobtainable"),
        (112, "unrecognized_name"), (113, "bad_certificate_status_response"),
        (114, "bad_certificate_hash_value"), (115, "unknown_psk_identity"),
        (116, "certificate_required"), (117, "general_error"),
        (120, "no_application_protocol"), (121, "ech_required"),
    ])
}
