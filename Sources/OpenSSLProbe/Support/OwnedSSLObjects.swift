internal import COpenSSL

// One final class per owned C object, freed in deinit (one owner, freed once); connect, listen.

/// An `SSL_CTX*` we own. Sendable: once set up it is only read, and OpenSSL lets threads
/// make connections (SSL_new) from one context at once (the --versions probes).
final class OwnedSSLContext: @unchecked Sendable {
    let pointer: OpaquePointer

    init(takingOwnership pointer: OpaquePointer) { self.pointer = pointer }

    deinit { SSL_CTX_free(pointer) }
}

/// An `SSL*` we own, with its read and write BIOs (owned by the SSL after `SSL_set_bio`).
final class OwnedSSL {
    let pointer: OpaquePointer
    /// Kept alive as long as the connection: the SSL refers to it.
    let context: OwnedSSLContext

    init(takingOwnership pointer: OpaquePointer, context: OwnedSSLContext) {
        self.pointer = pointer
        self.context = context
    }

    deinit { SSL_free(pointer) }
}

/// The outcome of one `SSL_connect`, `SSL_read` or `SSL_shutdown`, mapped from
/// `SSL_get_error` in this one place, with the error queue drained into values.
enum SSLCallResult: Equatable {
    case success
    /// OpenSSL needs bytes from the peer.
    case wantRead
    /// OpenSSL needs to write (never with memory BIOs, kept for completeness).
    case wantWrite
    /// The peer sent close_notify.
    case closed
    /// End of stream or an I/O error below TLS, with what the queue said.
    case syscall([OpenSSLErrorEntry])
    /// A TLS protocol failure: an alert received or sent, a message refused.
    case failed([OpenSSLErrorEntry])

    /// Classifies `returned` from a call on `ssl`. Call right after the call, with the
    /// queue cleared before it (`OpenSSLErrorQueue.clear()`).
    static func of(_ ssl: OpaquePointer, returned: Int32) -> SSLCallResult {
        if returned > 0 { return .success }
        switch SSL_get_error(ssl, returned) {
        case SSL_ERROR_NONE: return .success
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL: return .syscall(OpenSSLErrorQueue.drain())
        default: return .failed(OpenSSLErrorQueue.drain())
        }
    }
}
