/// `ExtensionType` (RFC 8446 §4.2): the IANA TLS ExtensionType Values registry.
///
///     struct {
///         ExtensionType extension_type;
///         opaque extension_data<0..2^16-1>;
///     } Extension;
///
///     enum { ..., (65535) } ExtensionType;
public struct ExtensionType: TLSCodePoint {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    public static let serverName = ExtensionType(0)
    public static let maxFragmentLength = ExtensionType(1)
    public static let statusRequest = ExtensionType(5)
    public static let supportedGroups = ExtensionType(10)
    public static let ecPointFormats = ExtensionType(11)
    public static let signatureAlgorithms = ExtensionType(13)
    public static let useSRTP = ExtensionType(14)
    public static let heartbeat = ExtensionType(15)
    public static let applicationLayerProtocolNegotiation = ExtensionType(16)
    public static let signedCertificateTimestamp = ExtensionType(18)
    public static let clientCertificateType = ExtensionType(19)
    public static let serverCertificateType = ExtensionType(20)
    public static let padding = ExtensionType(21)
    public static let encryptThenMAC = ExtensionType(22)
    public static let extendedMasterSecret = ExtensionType(23)
    public static let compressCertificate = ExtensionType(27)
    public static let recordSizeLimit = ExtensionType(28)
    public static let delegatedCredential = ExtensionType(34)
    public static let sessionTicket = ExtensionType(35)
    public static let preSharedKey = ExtensionType(41)
    public static let earlyData = ExtensionType(42)
    public static let supportedVersions = ExtensionType(43)
    public static let cookie = ExtensionType(44)
    public static let pskKeyExchangeModes = ExtensionType(45)
    public static let certificateAuthorities = ExtensionType(47)
    public static let oidFilters = ExtensionType(48)
    public static let postHandshakeAuth = ExtensionType(49)
    public static let signatureAlgorithmsCert = ExtensionType(50)
    public static let keyShare = ExtensionType(51)
    public static let quicTransportParameters = ExtensionType(57)
    public static let echOuterExtensions = ExtensionType(0xFD00)
    public static let encryptedClientHello = ExtensionType(0xFE0D)
    public static let renegotiationInfo = ExtensionType(0xFF01)

    /// The registry name (`server_name`), "GREASE", or nil.
    public var name: String? {
        if let known = Self.table.name(rawValue) { return known }
        return isGREASE ? GREASE.name : nil
    }

    /// The extension type with this name (case-insensitive), if known.
    public init?(name: String) {
        guard let value = Self.table.value(named: name) else { return nil }
        self.rawValue = value
    }

    /// Every named extension type, in value order.
    public static let allKnown: [ExtensionType] = table.entries.map { ExtensionType($0.0) }

    /// Whether this is an RFC 8701 GREASE value.
    public var isGREASE: Bool { GREASE.isGREASE(rawValue) }

    static let table = NameTable<UInt16>([
        (0, "server_name"), (1, "max_fragment_length"), (2, "client_certificate_url"),
        (3, "trusted_ca_keys"), (4, "truncated_hmac"), (5, "status_request"),
        (6, "user_mapping"), (7, "client_authz"), (8, "server_authz"), (9, "cert_type"),
        (10, "supported_groups"), (11, "ec_point_formats"), (12, "srp"),
        (13, "signature_algorithms"), (14, "use_srtp"), (15, "heartbeat"),
        (16, "application_layer_protocol_negotiation"), (17, "status_request_v2"),
        (18, "signed_certificate_timestamp"), (19, "client_certificate_type"),
        (20, "server_certificate_type"), (21, "padding"), (22, "encrypt_then_mac"),
        (23, "extended_master_secret"), (24, "token_binding"), (25, "cached_info"),
        (26, "tls_lts"), (27, "compress_certificate"), (28, "record_size_limit"),
        (29, "pwd_protect"), (30, "pwd_clear"), (31, "password_salt"), (32, "ticket_pinning"),
        (33, "tls_cert_with_extern_psk"), (34, "delegated_credential"), (35, "session_ticket"),
        (36, "TLMSP"), (37, "TLMSP_proxying"), (38, "TLMSP_delegate"),
        (39, "supported_ekt_ciphers"), (41, "pre_shared_key"), (42, "early_data"),
        (43, "supported_versions"), (44, "cookie"), (45, "psk_key_exchange_modes"),
        (47, "certificate_authorities"), (48, "oid_filters"), (49, "post_handshake_auth"),
        (50, "signature_algorithms_cert"), (51, "key_share"), (52, "transparency_info"),
        (53, "connection_id (deprecated)"), (54, "connection_id"), (55, "external_id_hash"),
        (56, "external_session_id"), (57, "quic_transport_parameters"), (58, "ticket_request"),
        (59, "dnssec_chain"), (60, "sequence_number_encryption_algorithms"), (61, "rrc"),
        (62, "tls_flags"),
        // Not in the IANA registry, but sent by deployed clients: NPN (pre-ALPN drafts)
        // and BoringSSL's ALPS (old and new code points, Chrome).
        (13172, "next_protocol_negotiation"), (17513, "application_settings_old"),
        (17613, "application_settings"),
        (0xFD00, "ech_outer_extensions"), (0xFE0D, "encrypted_client_hello"),
        (0xFF01, "renegotiation_info"),
    ])
}
