/// `ECPointFormat` (RFC 8422 §5.1.2), offered in `ec_point_formats`.
///
///     enum {
///         uncompressed (0),
///         deprecated (1..2),
///         reserved (248..255)
///     } ECPointFormat;
///     struct {
///         ECPointFormat ec_point_format_list<1..2^8-1>
///     } ECPointFormatList;
public struct ECPointFormat: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let uncompressed = ECPointFormat(0)
    public static let ansiX962CompressedPrime = ECPointFormat(1)
    public static let ansiX962CompressedChar2 = ECPointFormat(2)

    /// The registry name (`uncompressed`), or nil.
    public var name: String? {
        switch rawValue {
        case 0: return "uncompressed"
        case 1: return "ansiX962_compressed_prime"
        case 2: return "ansiX962_compressed_char2"
        default: return nil
        }
    }
}

/// `PskKeyExchangeMode` (RFC 8446 §4.2.9), offered in `psk_key_exchange_modes`.
///
///     enum { psk_ke(0), psk_dhe_ke(1), (255) } PskKeyExchangeMode;
public struct PSKKeyExchangeMode: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    /// PSK-only key establishment: no forward secrecy for the resumed session.
    public static let pskKE = PSKKeyExchangeMode(0)
    /// PSK with (EC)DHE key establishment.
    public static let pskDHEKE = PSKKeyExchangeMode(1)

    /// `psk_ke`, `psk_dhe_ke`, "GREASE" (RFC 8701 §2), or nil.
    public var name: String? {
        switch rawValue {
        case 0: return "psk_ke"
        case 1: return "psk_dhe_ke"
        default: return isGREASE ? GREASE.name : nil
        }
    }

    /// Whether this is one of RFC 8701's one-byte GREASE modes.
    public var isGREASE: Bool { GREASE.isGREASEPSKMode(rawValue) }
}

/// `ClientCertificateType` (RFC 5246 §7.4.4, RFC 8422 §5.5): the IANA TLS
/// ClientCertificateType Identifiers registry, in a TLS 1.2 CertificateRequest.
///
///     enum {
///         rsa_sign(1), dss_sign(2), rsa_fixed_dh(3), dss_fixed_dh(4),
///         rsa_ephemeral_dh_RESERVED(5), dss_ephemeral_dh_RESERVED(6),
///         fortezza_dms_RESERVED(20), (255)
///     } ClientCertificateType;
public struct ClientCertificateType: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let rsaSign = ClientCertificateType(1)
    public static let dssSign = ClientCertificateType(2)
    public static let rsaFixedDH = ClientCertificateType(3)
    public static let dssFixedDH = ClientCertificateType(4)
    public static let ecdsaSign = ClientCertificateType(64)
    public static let rsaFixedECDH = ClientCertificateType(65)
    public static let ecdsaFixedECDH = ClientCertificateType(66)

    /// The registry name (`ecdsa_sign`), or nil.
    public var name: String? {
        switch rawValue {
        case 1: return "rsa_sign"
        case 2: return "dss_sign"
        case 3: return "rsa_fixed_dh"
        case 4: return "dss_fixed_dh"
        case 5: return "rsa_ephemeral_dh"
        case 6: return "dss_ephemeral_dh"
        case 20: return "fortezza_dms"
        case 64: return "ecdsa_sign"
        case 65: return "rsa_fixed_ecdh"
        case 66: return "ecdsa_fixed_ecdh"
        case 67: return "gost_sign256"
        case 68: return "gost_sign512"
        default: return nil
        }
    }
}

/// `KeyUpdateRequest` (RFC 8446 §4.6.3).
///
///     enum {
///         update_not_requested(0), update_requested(1), (255)
///     } KeyUpdateRequest;
public struct KeyUpdateRequest: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let updateNotRequested = KeyUpdateRequest(0)
    public static let updateRequested = KeyUpdateRequest(1)

    /// `update_not_requested`, `update_requested`, or nil (a value the peer must reject).
    public var name: String? {
        switch rawValue {
        case 0: return "update_not_requested"
        case 1: return "update_requested"
        default: return nil
        }
    }
}

/// `NameType` of a `server_name` entry (RFC 6066 §3).
///
///     enum { host_name(0), (255) } NameType;
public struct ServerNameType: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let hostName = ServerNameType(0)

    /// `host_name`, or nil.
    public var name: String? { rawValue == 0 ? "host_name" : nil }
}
