/// One whole handshake message, undecoded: its type, its body, and the bytes as sent.
///
/// RFC 8446 §4 (RFC 5246 §7.4 has the same header):
///
///     struct {
///         HandshakeType msg_type;    /* handshake type */
///         uint24 length;             /* remaining bytes in message */
///         select (Handshake.msg_type) { ... };
///     } Handshake;
///
/// `HandshakeReassembler` yields these from record fragments; `init(bytes:)` takes the
/// ones OpenSSL's message callback hands over whole. `HandshakeMessage(_:context:)` decodes.
public struct RawHandshakeMessage: Hashable, Sendable {
    /// `msg_type`.
    public let type: HandshakeType
    /// Everything after the 4-byte header.
    public let body: [UInt8]
    /// The message as sent: the 4-byte header, then `body`.
    public let bytes: [UInt8]

    /// The header's length: one type byte and a 24-bit length.
    public static let headerLength = 4
    /// The most a 24-bit length can say.
    public static let maxBodyLength = 0xFF_FFFF

    /// A message of `type` with `body`; throws `malformed` if the body is longer than a
    /// 24-bit length can say.
    public init(type: HandshakeType, body: [UInt8]) throws(WireError) {
        guard body.count <= Self.maxBodyLength else {
            throw WireError(
                .malformed,
                field: "length",
                offset: 1,
                detail: "body of \(body.count) bytes does not fit a 24-bit length"
            )
        }
        let length = UInt32(body.count)
        self.type = type
        self.body = body
        self.bytes =
            [
                type.rawValue, UInt8(truncatingIfNeeded: length >> 16),
                UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
            ] + body
    }

    /// Exactly one whole message with its header, as OpenSSL's message callback delivers
    /// it. Fewer bytes than the header announces is `needMoreBytes`; more is `malformed`
    /// (trailing bytes); a body over `maxSize` is `malformed` before anything is copied.
    public init(
        bytes: some Collection<UInt8>,
        maxSize: Int = HandshakeReassembler.defaultMaxMessageSize
    ) throws(WireError) {
        let all = Array(bytes)
        var reader = ByteReader(all)
        let type = HandshakeType(try reader.readUInt8("msg_type"))
        let length = Int(try reader.readUInt24("length"))
        guard length <= maxSize else {
            throw WireError(
                .malformed,
                field: "length",
                offset: 1,
                detail: "\(type) message of \(length) bytes exceeds the limit of \(maxSize)"
            )
        }
        guard reader.remaining >= length else {
            throw WireError(
                .needMoreBytes,
                field: "body(\(type))",
                offset: Self.headerLength,
                detail: "declared length \(length), \(length - reader.remaining) more bytes needed"
            )
        }
        guard reader.remaining == length else {
            throw WireError(
                .malformed,
                field: "body(\(type))",
                offset: Self.headerLength + length,
                detail: "\(reader.remaining - length) trailing bytes after the message"
            )
        }
        self.type = type
        self.body = Array(all[Self.headerLength...])
        self.bytes = all
    }

    /// A complete reader over the body whose offsets count from the message's first byte
    /// (the header's type byte), so error offsets point into `bytes`.
    public func bodyReader() -> ByteReader {
        ByteReader(body[...], isComplete: true, offsetBase: Self.headerLength)
    }
}
