/// Typed views of a ClientHello's extensions for reports.
///
/// Each reads the first extension of its type (a duplicate is listed by
/// `extensions.duplicateTypes`); each is nil when the extension is absent *or* its data
/// is malformed, so a broken extension never hides the rest of the hello. To tell the
/// two apart, and report the damage, use `extensionDecodingErrors`.
extension ClientHello {
    /// Whether the hello arrived in SSLv2-compatible form (RFC 5246 Appendix E.2).
    public var isSSLv2Compatible: Bool { sslv2 != nil }

    /// The first `host_name` of `server_name`, escaped where not printable ASCII.
    public var serverName: String? {
        try? extensions.first(.serverName)?.serverNameList().first { $0.nameType == .hostName }?.text
    }

    /// `application_layer_protocol_negotiation` protocol names in order, escaped where not
    /// printable ASCII (`h2`, `http/1.1`).
    public var alpnProtocols: [String]? {
        (try? extensions.first(.applicationLayerProtocolNegotiation)?.alpnProtocolNames())?.map { WireText.escaped($0) }
    }

    /// `supported_versions` in the client's order, GREASE included.
    public var supportedVersions: [ProtocolVersion]? {
        try? extensions.first(.supportedVersions)?.supportedVersionsList()
    }

    /// `supported_groups` in the client's order, GREASE included.
    public var supportedGroups: [NamedGroup]? {
        try? extensions.first(.supportedGroups)?.namedGroupList()
    }

    /// `signature_algorithms` in the client's order, GREASE included.
    public var signatureAlgorithms: [SignatureScheme]? {
        try? extensions.first(.signatureAlgorithms)?.signatureSchemeList()
    }

    /// `signature_algorithms_cert` (RFC 8446 §4.2.3), when sent.
    public var signatureAlgorithmsCert: [SignatureScheme]? {
        try? extensions.first(.signatureAlgorithmsCert)?.signatureSchemeList()
    }

    /// The groups of the `key_share` entries, in order.
    public var keyShareGroups: [NamedGroup]? {
        (try? extensions.first(.keyShare)?.clientKeyShares())?.map(\.group)
    }

    /// `ec_point_formats` (RFC 8422), in order.
    public var ecPointFormats: [ECPointFormat]? {
        try? extensions.first(.ecPointFormats)?.ecPointFormatList()
    }

    /// `psk_key_exchange_modes`, in order.
    public var pskModes: [PSKKeyExchangeMode]? {
        try? extensions.first(.pskKeyExchangeModes)?.pskKeyExchangeModeList()
    }

    /// Whether the client offered 0-RTT data (`early_data`).
    public var hasEarlyData: Bool { extensions.contains(.earlyData) }

    /// The versions the client offers, newest first, GREASE left out: `supported_versions`
    /// when present (RFC 8446 §4.2.1: then `legacy_version` is ignored), otherwise every
    /// version from SSL 3.0 up to `legacy_version`, and at most TLS 1.2 (without
    /// `supported_versions` a server "MUST negotiate TLS 1.2 or prior"). A
    /// `legacy_version` below SSL 3.0 (an SSLv2 hello's 0x0002) is listed alone.
    public var offeredVersions: [ProtocolVersion] {
        if extensions.contains(.supportedVersions) {
            return (supportedVersions ?? []).filter { !$0.isGREASE }.sorted(by: >)
        }
        guard legacyVersion.rawValue >> 8 == 0x03 else { return [legacyVersion] }
        let highest = min(legacyVersion.rawValue, ProtocolVersion.tls12.rawValue)
        return (ProtocolVersion.ssl3.rawValue...highest).reversed().map { ProtocolVersion($0) }
    }

    /// Decoding errors of the extensions the accessors read, in extension order; empty
    /// when every such extension is well-formed. Extensions of other types are not judged.
    public var extensionDecodingErrors: [WireError] {
        var errors: [WireError] = []
        for ext in extensions {
            do throws(WireError) {
                switch ext.type {
                case .serverName: _ = try ext.serverNameList()
                case .applicationLayerProtocolNegotiation: _ = try ext.alpnProtocolNames()
                case .supportedVersions: _ = try ext.supportedVersionsList()
                case .supportedGroups: _ = try ext.namedGroupList()
                case .signatureAlgorithms, .signatureAlgorithmsCert: _ = try ext.signatureSchemeList()
                case .keyShare: _ = try ext.clientKeyShares()
                case .ecPointFormats: _ = try ext.ecPointFormatList()
                case .pskKeyExchangeModes: _ = try ext.pskKeyExchangeModeList()
                case .earlyData, .extendedMasterSecret, .encryptThenMAC, .postHandshakeAuth: try ext.expectEmpty()
                case .certificateAuthorities: _ = try ext.certificateAuthorityNames()
                case .recordSizeLimit: _ = try ext.recordSizeLimit()
                case .renegotiationInfo: _ = try ext.renegotiatedConnection()
                default: break
                }
            } catch {
                errors.append(error)
            }
        }
        return errors
    }
}
