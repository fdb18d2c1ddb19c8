/// A TLS 1.3 KeyUpdate: the sender switched to new traffic keys.
public struct KeyUpdate: Hashable, Sendable {
    /// `request_update`: whether the peer should update its keys too. Values other than
    /// 0 and 1 are kept as sent (the peer must answer them with illegal_parameter).
    public var requestUpdate: KeyUpdateRequest

    public init(requestUpdate: KeyUpdateRequest) {
        self.requestUpdate = requestUpdate
    }

    /// Parses a `key_update` message.
    ///
    /// RFC 8446 §4.6.3:
    ///
    ///     enum {
    ///         update_not_requested(0), update_requested(1), (255)
    ///     } KeyUpdateRequest;
    ///
    ///     struct {
    ///         KeyUpdateRequest request_update;
    ///     } KeyUpdate;
    public init(_ message: RawHandshakeMessage) throws(WireError) {
        try expectType(message, .keyUpdate)
        var reader = message.bodyReader()
        requestUpdate = KeyUpdateRequest(try reader.readUInt8("request_update"))
        try reader.expectEnd("key_update")
    }
}
