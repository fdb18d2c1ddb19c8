/// What a parser must know about the connection to read messages whose layout depends on
/// it: the negotiated version (Certificate, CertificateRequest, CertificateVerify and
/// NewSessionTicket differ between TLS 1.2 and 1.3; CertificateRequest and signed
/// parameters between TLS 1.2 and earlier) and the cipher suite (ServerKeyExchange
/// follows the key exchange).
///
/// Start with `HandshakeContext()` and call `update(after:)` with every message of the
/// connection, from either direction: the ServerHello sets both. OpenSSL's callback
/// users may set them directly from `SSL_version` and `SSL_get_current_cipher`.
public struct HandshakeContext: Hashable, Sendable {
    /// The negotiated version, once known.
    public var version: ProtocolVersion?
    /// The negotiated cipher suite, once known.
    public var cipherSuite: CipherSuite?

    public init(version: ProtocolVersion? = nil, cipherSuite: CipherSuite? = nil) {
        self.version = version
        self.cipherSuite = cipherSuite
    }

    /// TLS 1.2, suite unknown.
    public static let tls12 = HandshakeContext(version: .tls12)
    /// TLS 1.3, suite unknown.
    public static let tls13 = HandshakeContext(version: .tls13)

    /// Whether TLS 1.3 layouts apply (`ProtocolVersion.usesTLS13Rules`). With no version
    /// known, TLS 1.2 layouts are assumed.
    public var usesTLS13Formats: Bool {
        version?.usesTLS13Rules ?? false
    }

    /// Whether a TLS 1.2 `SignatureAndHashAlgorithm` precedes signatures (RFC 5246
    /// §4.7): TLS 1.2 and later, DTLS 1.2 and later, or an unknown version. TLS 1.0 and
    /// 1.1, and DTLS 1.0 (RFC 4347, TLS 1.1's messages), sign without one.
    public var signaturesNameTheirAlgorithm: Bool {
        guard let version else { return true }
        if version.isDTLS { return version != .dtls10 }
        return version >= .tls12
    }

    /// Learns the version and suite from a ServerHello or HelloRetryRequest; other
    /// messages change nothing.
    public mutating func update(after message: HandshakeMessage) {
        switch message {
        case .serverHello(let hello), .helloRetryRequest(let hello):
            version = hello.selectedVersion
            cipherSuite = hello.cipherSuite
        default:
            break
        }
    }
}
