/// One record of the TLS record layer, as read from a byte stream.
///
/// RFC 8446 §5.1 (RFC 5246 §6.2.1 has the same header):
///
///     struct {
///         ContentType type;
///         ProtocolVersion legacy_record_version;
///         uint16 length;
///         opaque fragment[TLSPlaintext.length];
///     } TLSPlaintext;
///
/// The fragment is plaintext for handshake, alert and change_cipher_spec records before
/// encryption starts, and ciphertext otherwise (every TLS 1.3 record after the
/// ServerHello is `application_data` on the wire).
public struct TLSRecord: Hashable, Sendable {
    /// `type`.
    public var contentType: ContentType
    /// `legacy_record_version`: 0x0301 or 0x0303 in practice, whatever the negotiated version.
    public var legacyVersion: ProtocolVersion
    /// The record's payload.
    public var fragment: [UInt8]
    /// Where the record's first byte sits in its direction's byte stream.
    public var streamOffset: Int
    /// Set when the record was an SSLv2-compatible ClientHello (RFC 5246 Appendix E.2)
    /// rather than a TLS record: then `contentType` is handshake, `legacyVersion` is the
    /// hello's version, and `fragment` holds the SSLv2 message from `msg_type` on.
    public var sslv2ClientHello: ClientHello?

    public init(
        contentType: ContentType,
        legacyVersion: ProtocolVersion,
        fragment: [UInt8],
        streamOffset: Int = 0,
        sslv2ClientHello: ClientHello? = nil
    ) {
        self.contentType = contentType
        self.legacyVersion = legacyVersion
        self.fragment = fragment
        self.streamOffset = streamOffset
        self.sslv2ClientHello = sslv2ClientHello
    }

    /// The record header's length.
    public static let headerLength = 5
    /// 2^14: the largest plaintext fragment (RFC 8446 §5.1, RFC 5246 §6.2.1).
    public static let maxPlaintextFragmentLength = 16384
    /// 2^14 + 2048: the largest TLS 1.2 ciphertext fragment (RFC 5246 §6.2.3), and so the
    /// largest record any version may send (TLS 1.3 allows 2^14 + 256).
    public static let maxCiphertextFragmentLength = 16384 + 2048

    /// The fragment length a record header declares: `header`'s first `headerLength` bytes
    /// (it must hold that many). Nil when they cannot start a TLS record: a content type TLS
    /// does not use, a major version other than 3, or a length over
    /// `maxCiphertextFragmentLength`.
    public static func fragmentLength(ofHeader header: some RandomAccessCollection<UInt8>) -> Int? {
        precondition(header.count >= headerLength, "a record header is \(headerLength) bytes")
        func byte(_ offset: Int) -> UInt8 { header[header.index(header.startIndex, offsetBy: offset)] }
        let length = Int(byte(3)) << 8 | Int(byte(4))
        guard ContentType(byte(0)).isTLSRecordType, byte(1) == 3, length <= maxCiphertextFragmentLength else {
            return nil
        }
        return length
    }

    /// The record as it was on the wire: header then fragment (for an SSLv2 hello, its
    /// two-byte header then the message).
    public var bytes: [UInt8] {
        if sslv2ClientHello != nil {
            let length = fragment.count
            return [0x80 | UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length)] + fragment
        }
        let length = fragment.count
        return [
            contentType.rawValue, UInt8(legacyVersion.rawValue >> 8), UInt8(legacyVersion.rawValue & 0xFF),
            UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
        ] + fragment
    }
}

extension ContentType {
    /// Whether a TLS record may carry this type: change_cipher_spec, alert, handshake,
    /// application_data and heartbeat (tls12_cid and ack are DTLS only).
    public var isTLSRecordType: Bool { (20...24).contains(rawValue) }
}
