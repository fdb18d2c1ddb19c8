/// Typed decoders for the extensions tlsprobe reports. Each reads `data` with a bounded
/// reader, enforces the RFC's vector bounds, rejects trailing bytes, and throws a
/// `malformed` `WireError` naming the field and its offset in the enclosing message.
/// They do not check `type`: the caller picks the decoder that fits where the extension
/// was found (a ClientHello's `supported_versions` is a list, a ServerHello's one value).
extension Extension {
    // MARK: server_name (RFC 6066 §3)

    /// The ClientHello's `server_name` list.
    ///
    ///     struct {
    ///         NameType name_type;
    ///         select (name_type) {
    ///             case host_name: HostName;
    ///         } name;
    ///     } ServerName;
    ///
    ///     enum { host_name(0), (255) } NameType;
    ///     opaque HostName<1..2^16-1>;
    ///
    ///     struct {
    ///         ServerName server_name_list<1..2^16-1>
    ///     } ServerNameList;
    ///
    /// Entries of unknown name types are read as `opaque<1..2^16-1>` as well, as OpenSSL
    /// and NSS do: RFC 6066 defines no other type, so no other layout exists.
    public func serverNameList() throws(WireError) -> [ServerName] {
        var reader = dataReader()
        var list = try reader.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "server_name_list")
        var names: [ServerName] = []
        while !list.isAtEnd {
            let type = ServerNameType(try list.readUInt8("name_type"))
            var name = try list.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "host_name")
            names.append(ServerName(nameType: type, name: name.readRest()))
        }
        try reader.expectEnd("server_name")
        return names
    }

    // MARK: application_layer_protocol_negotiation (RFC 7301 §3.1)

    /// The protocol names, in the sender's order of preference.
    ///
    ///     opaque ProtocolName<1..2^8-1>;
    ///
    ///     struct {
    ///         ProtocolName protocol_name_list<2..2^16-1>
    ///     } ProtocolNameList;
    public func alpnProtocolNames() throws(WireError) -> [[UInt8]] {
        var reader = dataReader()
        var list = try reader.readVector(prefixLength: 2, min: 2, max: 0xFFFF, "protocol_name_list")
        var names: [[UInt8]] = []
        while !list.isAtEnd {
            var name = try list.readVector(prefixLength: 1, min: 1, max: 0xFF, "protocol_name")
            names.append(name.readRest())
        }
        try reader.expectEnd("application_layer_protocol_negotiation")
        return names
    }

    /// The server's choice: "the "ProtocolNameList" MUST contain exactly one
    /// "ProtocolName"" (RFC 7301 §3.1).
    public func alpnSelectedProtocol() throws(WireError) -> [UInt8] {
        let names = try alpnProtocolNames()
        guard names.count == 1, let selected = names.first else {
            throw WireError(
                .malformed,
                field: "protocol_name_list",
                offset: dataOffset,
                detail: "a server must select exactly one protocol, found \(names.count)"
            )
        }
        return selected
    }

    // MARK: supported_versions (RFC 8446 §4.2.1)

    /// The ClientHello's list, GREASE included, in the client's order.
    ///
    ///     struct {
    ///         select (Handshake.msg_type) {
    ///             case client_hello:
    ///                  ProtocolVersion versions<2..254>;
    ///
    ///             case server_hello: /* and HelloRetryRequest */
    ///                  ProtocolVersion selected_version;
    ///         };
    ///     } SupportedVersions;
    public func supportedVersionsList() throws(WireError) -> [ProtocolVersion] {
        var reader = dataReader()
        let values = try reader.readUInt16List(prefixLength: 1, min: 2, max: 254, "versions")
        try reader.expectEnd("supported_versions")
        return values.map { ProtocolVersion($0) }
    }

    /// The ServerHello's or HelloRetryRequest's `selected_version`.
    public func selectedVersion() throws(WireError) -> ProtocolVersion {
        var reader = dataReader()
        let value = try reader.readUInt16("selected_version")
        try reader.expectEnd("supported_versions")
        return ProtocolVersion(value)
    }

    // MARK: supported_groups (RFC 8446 §4.2.7)

    /// The groups, GREASE included, in the sender's order of preference.
    ///
    ///     struct {
    ///         NamedGroup named_group_list<2..2^16-1>;
    ///     } NamedGroupList;
    public func namedGroupList() throws(WireError) -> [NamedGroup] {
        var reader = dataReader()
        let values = try reader.readUInt16List(prefixLength: 2, min: 2, max: 0xFFFF, "named_group_list")
        try reader.expectEnd("supported_groups")
        return values.map { NamedGroup($0) }
    }

    // MARK: signature_algorithms, signature_algorithms_cert (RFC 8446 §4.2.3)

    /// The schemes, GREASE included, in the sender's order of preference.
    ///
    ///     struct {
    ///         SignatureScheme supported_signature_algorithms<2..2^16-2>;
    ///     } SignatureSchemeList;
    public func signatureSchemeList() throws(WireError) -> [SignatureScheme] {
        var reader = dataReader()
        let values = try reader.readUInt16List(
            prefixLength: 2,
            min: 2,
            max: 0xFFFE,
            "supported_signature_algorithms"
        )
        try reader.expectEnd("signature_algorithms")
        return values.map { SignatureScheme($0) }
    }

    // MARK: key_share (RFC 8446 §4.2.8)

    /// The ClientHello's shares, in order.
    ///
    ///     struct {
    ///         NamedGroup group;
    ///         opaque key_exchange<1..2^16-1>;
    ///     } KeyShareEntry;
    ///
    ///     struct {
    ///         KeyShareEntry client_shares<0..2^16-1>;
    ///     } KeyShareClientHello;
    public func clientKeyShares() throws(WireError) -> [KeyShareEntry] {
        var reader = dataReader()
        var list = try reader.readVector(prefixLength: 2, max: 0xFFFF, "client_shares")
        var shares: [KeyShareEntry] = []
        while !list.isAtEnd { shares.append(try Self.readKeyShareEntry(&list)) }
        try reader.expectEnd("key_share")
        return shares
    }

    /// The ServerHello's share.
    ///
    ///     struct {
    ///         KeyShareEntry server_share;
    ///     } KeyShareServerHello;
    public func serverKeyShare() throws(WireError) -> KeyShareEntry {
        var reader = dataReader()
        let share = try Self.readKeyShareEntry(&reader)
        try reader.expectEnd("key_share")
        return share
    }

    /// The HelloRetryRequest's group.
    ///
    ///     struct {
    ///         NamedGroup selected_group;
    ///     } KeyShareHelloRetryRequest;
    public func helloRetryRequestSelectedGroup() throws(WireError) -> NamedGroup {
        var reader = dataReader()
        let group = NamedGroup(try reader.readUInt16("selected_group"))
        try reader.expectEnd("key_share")
        return group
    }

    private static func readKeyShareEntry(_ reader: inout ByteReader) throws(WireError) -> KeyShareEntry {
        let group = NamedGroup(try reader.readUInt16("group"))
        var key = try reader.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "key_exchange")
        return KeyShareEntry(group: group, keyExchange: key.readRest())
    }

    // MARK: ec_point_formats (RFC 8422 §5.1.2)

    /// The point formats, in order.
    ///
    ///     struct {
    ///         ECPointFormat ec_point_format_list<1..2^8-1>
    ///     } ECPointFormatList;
    public func ecPointFormatList() throws(WireError) -> [ECPointFormat] {
        var reader = dataReader()
        var list = try reader.readVector(prefixLength: 1, min: 1, max: 0xFF, "ec_point_format_list")
        let formats = list.readRest().map { ECPointFormat($0) }
        try reader.expectEnd("ec_point_formats")
        return formats
    }

    // MARK: psk_key_exchange_modes (RFC 8446 §4.2.9)

    /// The modes, in order.
    ///
    ///     struct {
    ///         PskKeyExchangeMode ke_modes<1..255>;
    ///     } PskKeyExchangeModes;
    public func pskKeyExchangeModeList() throws(WireError) -> [PSKKeyExchangeMode] {
        var reader = dataReader()
        var list = try reader.readVector(prefixLength: 1, min: 1, max: 0xFF, "ke_modes")
        let modes = list.readRest().map { PSKKeyExchangeMode($0) }
        try reader.expectEnd("psk_key_exchange_modes")
        return modes
    }

    // MARK: certificate_authorities (RFC 8446 §4.2.4)

    /// The DER `DistinguishedName`s, in order, undecoded.
    ///
    ///     opaque DistinguishedName<1..2^16-1>;
    ///
    ///     struct {
    ///         DistinguishedName authorities<3..2^16-1>;
    ///     } CertificateAuthoritiesExtension;
    public func certificateAuthorityNames() throws(WireError) -> [[UInt8]] {
        var reader = dataReader()
        let names = try Self.readDistinguishedNames(&reader, min: 3, "authorities")
        try reader.expectEnd("certificate_authorities")
        return names
    }

    /// Reads `DistinguishedName list<min..2^16-1>` (shared with TLS 1.2's CertificateRequest).
    static func readDistinguishedNames(
        _ reader: inout ByteReader,
        min: Int,
        _ field: String
    ) throws(WireError) -> [[UInt8]] {
        var list = try reader.readVector(prefixLength: 2, min: min, max: 0xFFFF, field)
        var names: [[UInt8]] = []
        while !list.isAtEnd {
            var name = try list.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "distinguished_name")
            names.append(name.readRest())
        }
        return names
    }

    // MARK: early_data (RFC 8446 §4.2.10)

    /// The NewSessionTicket's `max_early_data_size`.
    ///
    ///     struct {
    ///         select (Handshake.msg_type) {
    ///             case new_session_ticket:   uint32 max_early_data_size;
    ///             case client_hello:         Empty;
    ///             case encrypted_extensions: Empty;
    ///         };
    ///     } EarlyDataIndication;
    public func maxEarlyDataSize() throws(WireError) -> UInt32 {
        var reader = dataReader()
        let size = try reader.readUInt32("max_early_data_size")
        try reader.expectEnd("early_data")
        return size
    }

    /// Throws unless `data` is empty: the form of a server's `server_name` acknowledgement
    /// (RFC 6066 §3), `early_data` in a ClientHello or EncryptedExtensions, and
    /// `extended_master_secret`, `encrypt_then_mac`, `post_handshake_auth`.
    public func expectEmpty() throws(WireError) {
        try dataReader().expectEnd("extension_data(\(type))")
    }

    // MARK: record_size_limit (RFC 8449 §4)

    /// The largest plaintext record the sender is willing to receive.
    ///
    ///     uint16 RecordSizeLimit;
    public func recordSizeLimit() throws(WireError) -> UInt16 {
        var reader = dataReader()
        let limit = try reader.readUInt16("record_size_limit")
        try reader.expectEnd("record_size_limit")
        return limit
    }

    // MARK: renegotiation_info (RFC 5746 §3.2)

    /// The `renegotiated_connection` bytes: empty on an initial handshake.
    ///
    ///     struct {
    ///         opaque renegotiated_connection<0..255>;
    ///     } RenegotiationInfo;
    public func renegotiatedConnection() throws(WireError) -> [UInt8] {
        var reader = dataReader()
        var body = try reader.readVector(prefixLength: 1, max: 0xFF, "renegotiated_connection")
        try reader.expectEnd("renegotiation_info")
        return body.readRest()
    }
}

/// One `server_name` entry (RFC 6066 §3).
public struct ServerName: Hashable, Sendable {
    /// `name_type`: `host_name` (0) is the only one defined.
    public var nameType: ServerNameType
    /// The name's bytes as sent. RFC 6066: ASCII, no trailing dot; never trust that.
    public var name: [UInt8]

    public init(nameType: ServerNameType, name: [UInt8]) {
        self.nameType = nameType
        self.name = name
    }

    /// The name as text, with anything but printable ASCII escaped (`WireText.escaped`).
    public var text: String { WireText.escaped(name) }
}

/// One `key_share` entry (RFC 8446 §4.2.8): a group and the sender's public value.
public struct KeyShareEntry: Hashable, Sendable {
    /// `group`.
    public var group: NamedGroup
    /// `key_exchange`: the public value, undecoded.
    public var keyExchange: [UInt8]

    public init(group: NamedGroup, keyExchange: [UInt8]) {
        self.group = group
        self.keyExchange = keyExchange
    }
}
