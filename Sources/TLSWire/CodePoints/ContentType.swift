/// `ContentType` (RFC 8446 §5.1): the IANA TLS ContentType registry, the first byte of
/// every record.
///
///     enum {
///         invalid(0),
///         change_cipher_spec(20),
///         alert(21),
///         handshake(22),
///         application_data(23),
///         (255)
///     } ContentType;
public struct ContentType: TLSCodePoint {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let invalid = ContentType(0)
    public static let changeCipherSpec = ContentType(20)
    public static let alert = ContentType(21)
    public static let handshake = ContentType(22)
    public static let applicationData = ContentType(23)
    public static let heartbeat = ContentType(24)
    public static let tls12CID = ContentType(25)
    public static let ack = ContentType(26)

    /// The registry name (`handshake`), or nil.
    public var name: String? { Self.table.name(rawValue) }

    /// The content type with this name (case-insensitive), if known.
    public init?(name: String) {
        guard let value = Self.table.value(named: name) else { return nil }
        self.rawValue = value
    }

    static let table = NameTable<UInt8>([
        (0, "invalid"), (20, "change_cipher_spec"), (21, "alert"), (22, "handshake"),
        (23, "application_data"), (24, "heartbeat"), (25, "tls12_cid"), (26, "ack"),
    ])
}
