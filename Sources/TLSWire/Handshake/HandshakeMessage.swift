/// A decoded handshake message: one case per message tlsprobe reports, and `unknown` for
/// the rest, kept with their bytes.
public enum HandshakeMessage: Hashable, Sendable {
    case clientHello(ClientHello)
    /// A ServerHello that is not a HelloRetryRequest.
    case serverHello(ServerHello)
    /// A ServerHello carrying the HelloRetryRequest random (RFC 8446 §4.1.4).
    case helloRetryRequest(ServerHello)
    case encryptedExtensions(EncryptedExtensions)
    case certificate(CertificateMessage)
    case certificateRequest(CertificateRequest)
    case serverKeyExchange(ServerKeyExchange)
    /// `struct {} ServerHelloDone;` (RFC 5246 §7.4.5).
    case serverHelloDone
    case certificateVerify(CertificateVerify)
    case clientKeyExchange(ClientKeyExchange)
    case finished(Finished)
    case newSessionTicket(NewSessionTicket)
    case keyUpdate(KeyUpdate)
    /// A message type this build does not decode (hello_request, end_of_early_data,
    /// certificate_status, compressed_certificate, unassigned values…), as sent.
    case unknown(type: HandshakeType, body: [UInt8])

    /// Decodes `message`; `context` picks the TLS 1.2 or 1.3 layout where they differ (see
    /// `HandshakeContext`). Errors name the field and its offset in `message.bytes`.
    public init(_ message: RawHandshakeMessage, context: HandshakeContext) throws(WireError) {
        switch message.type {
        case .clientHello:
            self = .clientHello(try ClientHello(message))
        case .serverHello:
            let hello = try ServerHello(message)
            self = hello.isHelloRetryRequest ? .helloRetryRequest(hello) : .serverHello(hello)
        case .encryptedExtensions:
            self = .encryptedExtensions(try EncryptedExtensions(message))
        case .certificate:
            self = .certificate(try CertificateMessage(message, context: context))
        case .certificateRequest:
            self = .certificateRequest(try CertificateRequest(message, context: context))
        case .serverKeyExchange:
            self = .serverKeyExchange(try ServerKeyExchange(message, context: context))
        case .serverHelloDone:
            try message.bodyReader().expectEnd("server_hello_done")
            self = .serverHelloDone
        case .certificateVerify:
            self = .certificateVerify(try CertificateVerify(message, context: context))
        case .clientKeyExchange:
            self = .clientKeyExchange(try ClientKeyExchange(message))
        case .finished:
            self = .finished(try Finished(message))
        case .newSessionTicket:
            self = .newSessionTicket(try NewSessionTicket(message, context: context))
        case .keyUpdate:
            self = .keyUpdate(try KeyUpdate(message))
        default:
            self = .unknown(type: message.type, body: message.body)
        }
    }

    /// The message's `msg_type`.
    public var type: HandshakeType {
        switch self {
        case .clientHello: return .clientHello
        case .serverHello, .helloRetryRequest: return .serverHello
        case .encryptedExtensions: return .encryptedExtensions
        case .certificate: return .certificate
        case .certificateRequest: return .certificateRequest
        case .serverKeyExchange: return .serverKeyExchange
        case .serverHelloDone: return .serverHelloDone
        case .certificateVerify: return .certificateVerify
        case .clientKeyExchange: return .clientKeyExchange
        case .finished: return .finished
        case .newSessionTicket: return .newSessionTicket
        case .keyUpdate: return .keyUpdate
        case .unknown(let type, _): return type
        }
    }

    /// `hello_retry_request` for that case, otherwise the registry name of `type`
    /// (`server_hello`, `certificate`).
    public var name: String {
        if case .helloRetryRequest = self { return "hello_retry_request" }
        return type.description
    }
}
