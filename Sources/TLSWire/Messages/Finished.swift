/// A Finished message: the MAC over the transcript that ends a handshake flight.
public struct Finished: Hashable, Sendable {
    /// `verify_data`: 12 bytes up to TLS 1.2, the hash length in TLS 1.3.
    public var verifyData: [UInt8]

    public init(verifyData: [UInt8]) {
        self.verifyData = verifyData
    }

    /// Parses a `finished` message.
    ///
    /// RFC 8446 §4.4.4:
    ///
    ///     struct {
    ///         opaque verify_data[Hash.length];
    ///     } Finished;
    ///
    /// The length depends on the suite's hash, so any length is kept as sent.
    public init(_ message: RawHandshakeMessage) throws(WireError) {
        try expectType(message, .finished)
        verifyData = message.body
    }
}
