/// A ServerHello, or a HelloRetryRequest (the same message with a special random).
public struct ServerHello: Hashable, Sendable {
    /// `legacy_version`: 0x0303 from a TLS 1.3 server, the negotiated version before.
    public var legacyVersion: ProtocolVersion
    /// `random`: 32 bytes.
    public var random: [UInt8]
    /// `legacy_session_id_echo`.
    public var legacySessionIDEcho: [UInt8]
    /// `cipher_suite`: the server's choice.
    public var cipherSuite: CipherSuite
    /// `legacy_compression_method`: 0 unless a pre-TLS 1.3 server chose compression.
    public var legacyCompressionMethod: UInt8
    /// `extensions`, in order, duplicates and unknown types included.
    public var extensions: [Extension]

    public init(
        legacyVersion: ProtocolVersion,
        random: [UInt8],
        legacySessionIDEcho: [UInt8],
        cipherSuite: CipherSuite,
        legacyCompressionMethod: UInt8,
        extensions: [Extension]
    ) {
        self.legacyVersion = legacyVersion
        self.random = random
        self.legacySessionIDEcho = legacySessionIDEcho
        self.cipherSuite = cipherSuite
        self.legacyCompressionMethod = legacyCompressionMethod
        self.extensions = extensions
    }

    /// Parses a `server_hello` message (also a HelloRetryRequest).
    ///
    /// RFC 8446 §4.1.3:
    ///
    ///     struct {
    ///         ProtocolVersion legacy_version = 0x0303;    /* TLS v1.2 */
    ///         Random random;
    ///         opaque legacy_session_id_echo<0..32>;
    ///         CipherSuite cipher_suite;
    ///         uint8 legacy_compression_method = 0;
    ///         Extension extensions<6..2^16-1>;
    ///     } ServerHello;
    ///
    /// Before TLS 1.3 the extensions block may be absent or empty (RFC 5246 §7.4.1.3);
    /// a HelloRetryRequest (TLS 1.3 only) without one is malformed.
    ///
    /// TLS 1.3 drafts 14 to 21 (draft-ietf-tls-tls13-21 §4.1.3) put the draft version in
    /// the first field and had neither the session id echo nor the compression method:
    ///
    ///     struct {
    ///         ProtocolVersion version;
    ///         Random random;
    ///         CipherSuite cipher_suite;
    ///         Extension extensions<6..2^16-1>;
    ///     } ServerHello;
    public init(_ message: RawHandshakeMessage) throws(WireError) {
        try expectType(message, .serverHello)
        var reader = message.bodyReader()
        legacyVersion = ProtocolVersion(try reader.readUInt16("legacy_version"))
        random = try reader.readBytes(32, "random")
        if legacyVersion.usesEarlyDraftServerHello {
            legacySessionIDEcho = []
            cipherSuite = CipherSuite(try reader.readUInt16("cipher_suite"))
            legacyCompressionMethod = 0
            extensions = try Extension.readList(&reader)
            try reader.expectEnd("server_hello")
            return
        }
        var sessionID = try reader.readVector(prefixLength: 1, max: 32, "legacy_session_id_echo")
        legacySessionIDEcho = sessionID.readRest()
        cipherSuite = CipherSuite(try reader.readUInt16("cipher_suite"))
        legacyCompressionMethod = try reader.readUInt8("legacy_compression_method")
        if reader.isAtEnd, random == Self.helloRetryRequestRandom {
            // A HelloRetryRequest exists only in TLS 1.3, whose ServerHello has
            // `extensions<6..2^16-1>`: without them it cannot say what to retry with.
            throw WireError(
                .malformed,
                field: "extensions",
                offset: reader.offset,
                detail: "a HelloRetryRequest must carry extensions"
            )
        }
        extensions = try reader.isAtEnd ? [] : Extension.readList(&reader)
        try reader.expectEnd("server_hello")
    }

    /// SHA-256("HelloRetryRequest"): the random that makes a ServerHello a
    /// HelloRetryRequest (RFC 8446 §4.1.3).
    public static let helloRetryRequestRandom: [UInt8] = [
        0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
        0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C,
    ]

    /// Whether this is a HelloRetryRequest: the server wants another ClientHello.
    public var isHelloRetryRequest: Bool { random == Self.helloRetryRequestRandom }

    /// The version the server selected: `supported_versions` when present and readable
    /// (RFC 8446 §4.2.1), otherwise `legacy_version`.
    public var selectedVersion: ProtocolVersion {
        (try? extensions.first(.supportedVersions)?.selectedVersion()) ?? legacyVersion
    }

    /// The key exchange group: the `key_share` entry's group in a ServerHello, the
    /// `selected_group` in a HelloRetryRequest. Nil without a readable `key_share`
    /// (every TLS 1.2 handshake: there the group is in ServerKeyExchange).
    public var keyShareGroup: NamedGroup? {
        guard let share = extensions.first(.keyShare) else { return nil }
        if isHelloRetryRequest { return try? share.helloRetryRequestSelectedGroup() }
        return try? share.serverKeyShare().group
    }

    /// The protocol the server selected by ALPN (in the ServerHello up to TLS 1.2; TLS 1.3
    /// sends it in EncryptedExtensions), escaped where not printable ASCII.
    public var alpnProtocol: String? {
        (try? extensions.first(.applicationLayerProtocolNegotiation)?.alpnSelectedProtocol()).map {
            WireText.escaped($0)
        }
    }

    /// RFC 8446 §4.1.3 downgrade protection: a TLS 1.3 server negotiating an older version
    /// puts a sentinel in the last 8 bytes of `random`.
    public var downgradeSentinel: DowngradeSentinel? {
        guard random.count == 32 else { return nil }
        let tail = Array(random[24...])
        let prefix: [UInt8] = [0x44, 0x4F, 0x57, 0x4E, 0x47, 0x52, 0x44]
        guard Array(tail.prefix(7)) == prefix else { return nil }
        switch tail[7] {
        case 0x01: return .tls12
        case 0x00: return .tls11OrBelow
        default: return nil
        }
    }

    /// Decoding errors of `supported_versions`, `key_share` and ALPN, in extension order.
    public var extensionDecodingErrors: [WireError] {
        var errors: [WireError] = []
        for ext in extensions {
            do throws(WireError) {
                switch ext.type {
                case .supportedVersions: _ = try ext.selectedVersion()
                case .keyShare:
                    if isHelloRetryRequest {
                        _ = try ext.helloRetryRequestSelectedGroup()
                    } else {
                        _ = try ext.serverKeyShare()
                    }
                case .applicationLayerProtocolNegotiation: _ = try ext.alpnSelectedProtocol()
                case .extendedMasterSecret, .encryptThenMAC: try ext.expectEmpty()
                case .renegotiationInfo: _ = try ext.renegotiatedConnection()
                case .ecPointFormats: _ = try ext.ecPointFormatList()
                default: break
                }
            } catch {
                errors.append(error)
            }
        }
        return errors
    }
}

/// The downgrade sentinel a TLS 1.3-capable server writes into its random when it
/// negotiates an older version (RFC 8446 §4.1.3).
public enum DowngradeSentinel: String, Hashable, Sendable {
    /// `44 4F 57 4E 47 52 44 01`: TLS 1.2 negotiated.
    case tls12 = "tls12"
    /// `44 4F 57 4E 47 52 44 00`: TLS 1.1 or below negotiated.
    case tls11OrBelow = "tls11_or_below"
}
