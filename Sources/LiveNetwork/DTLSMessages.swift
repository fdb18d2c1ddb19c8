import TLSWire

/// DTLS handshake messages in TLS's form, so the one TLSWire parser reads them: the 12-byte
/// DTLS header (RFC 6347 4.2.2: msg_type, length, message_seq, fragment_offset,
/// fragment_length) becomes TLS's 4-byte one, and a ClientHello loses its cookie
/// (RFC 6347 4.2.1), the one field TLS's ClientHello does not have. OpenSSL's message
/// callback hands over whole (reassembled) messages.
package enum DTLSMessages {
    /// HelloVerifyRequest (RFC 6347): a DTLS-only message with no TLS counterpart.
    package static let helloVerifyRequest: UInt8 = 3

    /// The message in TLS's form; nil when it is cut short, a fragment, or has no TLS form.
    package static func tlsForm(_ message: [UInt8]) -> [UInt8]? {
        guard message.count >= 12 else { return nil }
        let type = message[0]
        let length = Int(message[1]) << 16 | Int(message[2]) << 8 | Int(message[3])
        let offset = Int(message[6]) << 16 | Int(message[7]) << 8 | Int(message[8])
        guard type != helloVerifyRequest, offset == 0, message.count - 12 >= length else { return nil }
        var body = Array(message[12..<(12 + length)])
        if type == HandshakeType.clientHello.rawValue {
            // legacy_version (2), random (32), session_id <0..32>, cookie <0..2^8-1>, the rest.
            let sessionAt = 34
            guard body.count > sessionAt else { return nil }
            let cookieAt = sessionAt + 1 + Int(body[sessionAt])
            guard body.count > cookieAt else { return nil }
            let cookieEnd = cookieAt + 1 + Int(body[cookieAt])
            guard body.count >= cookieEnd else { return nil }
            body.removeSubrange(cookieAt..<cookieEnd)
        }
        let count = body.count
        return [
            type, UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8),
            UInt8(truncatingIfNeeded: count),
        ] + body
    }
}
