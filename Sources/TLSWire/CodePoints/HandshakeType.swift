/// `HandshakeType` (RFC 8446 §4): the IANA TLS HandshakeType registry.
///
///     struct {
///         HandshakeType msg_type;    /* handshake type */
///         uint24 length;             /* remaining bytes in message */
///         ...
///     } Handshake;
public struct HandshakeType: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let helloRequest = HandshakeType(0)
    public static let clientHello = HandshakeType(1)
    public static let serverHello = HandshakeType(2)
    public static let helloVerifyRequest = HandshakeType(3)
    public static let newSessionTicket = HandshakeType(4)
    public static let endOfEarlyData = HandshakeType(5)
    public static let helloRetryRequest = HandshakeType(6)
    public static let encryptedExtensions = HandshakeType(8)
    public static let requestConnectionID = HandshakeType(9)
    public static let newConnectionID = HandshakeType(10)
    public static let certificate = HandshakeType(11)
    public static let serverKeyExchange = HandshakeType(12)
    public static let certificateRequest = HandshakeType(13)
    public static let serverHelloDone = HandshakeType(14)
    public static let certificateVerify = HandshakeType(15)
    public static let clientKeyExchange = HandshakeType(16)
    public static let clientCertificateRequest = HandshakeType(17)
    public static let finished = HandshakeType(20)
    public static let certificateURL = HandshakeType(21)
    public static let certificateStatus = HandshakeType(22)
    public static let supplementalData = HandshakeType(23)
    public static let keyUpdate = HandshakeType(24)
    public static let compressedCertificate = HandshakeType(25)
    public static let ektKey = HandshakeType(26)
    public static let nextProtocol = HandshakeType(67)
    public static let messageHash = HandshakeType(254)

    /// The registry name (`client_hello`), or nil.
    public var name: String? { Self.table.name(rawValue) }

    /// The handshake type with this name (case-insensitive), if known.
    public init?(name: String) {
        guard let value = Self.table.value(named: name) else { return nil }
        self.rawValue = value
    }

    static let table = NameTable<UInt8>([
        (0, "hello_request"), (1, "client_hello"), (2, "server_hello"),
        (3, "hello_verify_request"), (4, "new_session_ticket"), (5, "end_of_early_data"),
        (6, "hello_retry_request"), (8, "encrypted_extensions"), (9, "request_connection_id"),
        (10, "new_connection_id"), (11, "certificate"), (12, "server_key_exchange"),
        (13, "certificate_request"), (14, "server_hello_done"), (15, "certificate_verify"),
        (16, "client_key_exchange"), (17, "client_certificate_request"), (20, "finished"),
        (21, "certificate_url"), (22, "certificate_status"), (23, "supplemental_data"),
        (24, "key_update"), (25, "compressed_certificate"), (26, "ekt_key"),
        // NPN's NextProtocol message (draft-agl-tls-nextprotoneg), not in the registry.
        (67, "next_protocol"),
        (254, "message_hash"),
    ])
}
