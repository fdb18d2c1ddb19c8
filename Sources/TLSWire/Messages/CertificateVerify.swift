/// A CertificateVerify: the sender proves it holds its certificate's private key.
public struct CertificateVerify: Hashable, Sendable {
    /// `algorithm`: the scheme used; nil for TLS 1.0/1.1, whose signatures name none.
    public var algorithm: SignatureScheme?
    /// `signature`.
    public var signature: [UInt8]

    public init(algorithm: SignatureScheme?, signature: [UInt8]) {
        self.algorithm = algorithm
        self.signature = signature
    }

    /// Parses a `certificate_verify` message.
    ///
    /// RFC 8446 §4.4.3 (TLS 1.2's `digitally-signed` struct, RFC 5246 §4.7, has the same
    /// layout; TLS 1.0/1.1 send the signature alone):
    ///
    ///     struct {
    ///         SignatureScheme algorithm;
    ///         opaque signature<0..2^16-1>;
    ///     } CertificateVerify;
    public init(_ message: RawHandshakeMessage, context: HandshakeContext) throws(WireError) {
        try expectType(message, .certificateVerify)
        var reader = message.bodyReader()
        algorithm = context.signaturesNameTheirAlgorithm ? SignatureScheme(try reader.readUInt16("algorithm")) : nil
        var body = try reader.readVector(prefixLength: 2, max: 0xFFFF, "signature")
        signature = body.readRest()
        try reader.expectEnd("certificate_verify")
    }
}
