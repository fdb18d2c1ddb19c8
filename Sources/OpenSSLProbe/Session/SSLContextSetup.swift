internal import COpenSSL
import TLSModel
import TLSWire

/// The one place an `SSL_CTX` is made, for connect and listen alike.
enum SSLContextSetup {
    /// Which end the context is for.
    enum Role {
        case client
        case server
    }

    /// A context for `role` accepting `minVersion`…`maxVersion` with `cipherList` (TLS 1.2
    /// and earlier), at security level 0, verification off, writing `keyLog` when given.
    static func make(
        _ role: Role,
        minVersion: ProtocolVersion,
        maxVersion: ProtocolVersion,
        cipherList: String,
        keyLog: Bool
    ) throws(OpenSSLSetupError) -> OwnedSSLContext {
        OpenSSLErrorQueue.clear()
        guard let method = role == .client ? TLS_client_method() : TLS_server_method(),
            let pointer = SSL_CTX_new(method)
        else {
            throw .failed("SSL_CTX_new")
        }
        let context = OwnedSSLContext(takingOwnership: pointer)
        if role == .client { OpenSSLVerification.noteFreshClientContext(pointer) }
        // Level 0 (docs/NOTES.md, "Security level"): old versions, small keys and SHA-1 signatures reach the
        // diagnosis as findings instead of failing inside OpenSSL.
        SSL_CTX_set_security_level(pointer, 0)
        // Off: broken chains are captured whole and the diagnosis decides trust (a server
        // that asks for client certificates installs its own judge over this).
        SSL_CTX_set_verify(pointer, SSL_VERIFY_NONE, nil)
        // Old accessories lack RFC 5746 renegotiation_info, which OpenSSL 3 refuses by
        // default; a clean EOF after the handshake is not an error for us.
        _ = SSL_CTX_set_options(
            pointer,
            tlsprobe_SSL_OP_LEGACY_SERVER_CONNECT() | tlsprobe_SSL_OP_IGNORE_UNEXPECTED_EOF()
        )
        guard tlsprobe_SSL_CTX_set_min_proto_version(pointer, Int32(minVersion.rawValue)) == 1,
            tlsprobe_SSL_CTX_set_max_proto_version(pointer, Int32(maxVersion.rawValue)) == 1
        else { throw .failed("SSL_CTX_set_min/max_proto_version") }
        guard SSL_CTX_set_cipher_list(pointer, cipherList) == 1 else { throw .failed("SSL_CTX_set_cipher_list") }
        if keyLog { SSL_CTX_set_keylog_callback(pointer, keyLogCallback) }
        return context
    }
}
