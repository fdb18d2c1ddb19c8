internal import COpenSSL
import SystemCalls
import TLSModel

/// OpenSSL's own verdict on a chain (`X509_verify_cert`), kept as evidence beside
/// tlsprobe's diagnosis so a user can see where an OpenSSL client (curl, s_client)
/// and tlsprobe agree or differ.
public enum OpenSSLVerification {
    /// The security level of a fresh client SSL_CTX on this system (its build default and
    /// openssl.cnf: 2 on Debian 12): the level curl and `openssl s_client` verify a chain
    /// at (docs/NOTES.md, "Security level"). Read from the first client context tlsprobe
    /// makes, before it is lowered to 0 (`noteFreshClientContext`), or from a context made
    /// for the purpose when none was made (verify, inspect): a second SSL_CTX_new costs
    /// connect about 1.2 M instructions.
    public static var clientSecurityLevel: Int {
        if let level = FreshLevel.shared.level { return level }
        let level = levelOfANewClientContext()
        FreshLevel.shared.note(level)
        return level
    }

    /// The security level of a client SSL_CTX made now, noted nowhere.
    static func levelOfANewClientContext() -> Int {
        guard let method = TLS_client_method(), let context = SSL_CTX_new(method) else { return 1 }
        defer { SSL_CTX_free(context) }
        return Int(SSL_CTX_get_security_level(context))
    }

    /// Records `context`'s security level as the fresh client level, once: call it on a
    /// client context straight from SSL_CTX_new, before anything changes it.
    static func noteFreshClientContext(_ context: OpaquePointer) {
        FreshLevel.shared.note(Int(SSL_CTX_get_security_level(context)))
    }

    final class FreshLevel: @unchecked Sendable {
        static let shared = FreshLevel()
        private let lock = Lock()
        private var value: Int?

        var level: Int? { lock.withLock { value } }
        func note(_ level: Int) { lock.withLock { if value == nil { value = level } } }
        /// Tests only: forget the noted level, so that the next client context notes it.
        func forget() { lock.withLock { value = nil } }
    }

    /// X509_verify_cert on the same input the engine judges: leaf, untrusted = presented,
    /// store = anchors, X509_VERIFY_PARAM time = context.at, host (X509_VERIFY_PARAM_set1_host)
    /// or IP (set1_ip), purpose SSL server/client, default flags, and the authentication
    /// security level a default client context applies (`clientSecurityLevel`), as libssl
    /// sets it in ssl_verify_cert_chain: so a SHA-1 signature or an RSA-1024 key fails here
    /// as it fails in curl and s_client. ExternalVerdict.error is the X509_V_ERR_* SYMBOL name.
    /// `peer`: the handshake's own decoding of the certificates (connect), used for any
    /// certificate whose DER it holds instead of decoding it again.
    public static func verify(
        leaf: X509Certificate,
        presented: [X509Certificate],
        anchors: [X509Certificate],
        context: some VerificationQuestion,
        peer: PeerCertificates? = nil
    ) -> ExternalVerdict {
        let verifier =
            "OpenSSL " + String(cString: OpenSSL_version(OPENSSL_VERSION_STRING))
            + " (security level \(clientSecurityLevel))"
        func refusal(_ message: String, depth: Int? = nil) -> ExternalVerdict {
            ExternalVerdict(verifier: verifier, ok: false, error: nil, depth: depth, message: message)
        }

        guard let leafX509 = OwnedX509.decoding(leaf.der, from: peer) else {
            return refusal("OpenSSL cannot decode the leaf certificate", depth: 0)
        }
        guard let untrusted = OwnedX509Stack(), let store = OwnedX509Store(), let storeContext = OwnedX509StoreContext()
        else {
            return refusal("OpenSSL could not allocate a verification context")
        }
        for (index, certificate) in presented.enumerated() {
            // A client fails the handshake on a certificate it cannot decode (decode_error).
            guard let x509 = OwnedX509.decoding(certificate.der, from: peer) else {
                return refusal("OpenSSL cannot decode presented certificate[\(index + 1)]", depth: index + 1)
            }
            // The stack takes a reference of its own; `x509` drops ours.
            guard X509_up_ref(x509.pointer) == 1 else { return refusal("OpenSSL could not build the untrusted chain") }
            guard untrusted.push(x509.pointer) else {
                X509_free(x509.pointer)
                return refusal("OpenSSL could not build the untrusted chain")
            }
        }
        for anchor in anchors {
            // An anchor OpenSSL cannot decode is one a client never loads: skip it as it would.
            guard let x509 = OwnedX509(der: anchor.der) else { continue }
            OpenSSLErrorQueue.clear()
            _ = X509_STORE_add_cert(store.pointer, x509.pointer)  // takes its own reference; duplicates are ignored
        }

        OpenSSLErrorQueue.clear()
        guard X509_STORE_CTX_init(storeContext.pointer, store.pointer, leafX509.pointer, untrusted.pointer) == 1 else {
            return refusal(
                "OpenSSL could not start verification (\(OpenSSLErrorQueue.drainedText(fallback: "X509_STORE_CTX_init failed")))"
            )
        }
        // What libssl does in ssl_verify_cert_chain: the named defaults for the peer's
        // role ("ssl_server" purpose and trust when a client checks a server), then the
        // connection's own parameters.
        _ = X509_STORE_CTX_set_default(storeContext.pointer, context.purpose == .server ? "ssl_server" : "ssl_client")
        guard let parameters = X509_STORE_CTX_get0_param(storeContext.pointer) else {
            return refusal("OpenSSL has no verification parameters")
        }
        // libssl: X509_VERIFY_PARAM_set_auth_level(param, SSL_get_security_level(s)).
        X509_VERIFY_PARAM_set_auth_level(parameters, Int32(clientSecurityLevel))
        X509_VERIFY_PARAM_set_time(parameters, time_t(context.at.timeIntervalSince1970.rounded(.down)))
        if let maxIntermediates = context.maxIntermediates {
            X509_VERIFY_PARAM_set_depth(parameters, Int32(clamping: maxIntermediates))
        }
        switch context.expectedName {
        case .dns(let name)?:
            let bytes = Array(name.utf8)
            let set = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    X509_VERIFY_PARAM_set1_host(parameters, $0.baseAddress, buffer.count)
                }
            }
            if set != 1 { return refusal("OpenSSL refuses the host name \"\(name)\"") }
        case .ip(let address)?:
            let set = address.withUnsafeBufferPointer {
                X509_VERIFY_PARAM_set1_ip(parameters, $0.baseAddress, $0.count)
            }
            if set != 1 { return refusal("OpenSSL refuses the IP address \(IPAddressText.format(address))") }
        case nil:
            break
        }

        OpenSSLErrorQueue.clear()
        let result = X509_verify_cert(storeContext.pointer)
        let code = X509_STORE_CTX_get_error(storeContext.pointer)
        let depth = Int(X509_STORE_CTX_get_error_depth(storeContext.pointer))
        // The context only borrows the leaf, the untrusted stack and the store: Swift may
        // release objects after their last use, so they are held to here explicitly.
        withExtendedLifetime(leafX509) {}
        withExtendedLifetime(untrusted) {}
        withExtendedLifetime(store) {}
        OpenSSLErrorQueue.clear()
        if result == 1 && code == X509_V_OK {
            return ExternalVerdict(verifier: verifier, ok: true, error: nil, depth: nil, message: nil)
        }
        let message = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) }
        return ExternalVerdict(
            verifier: verifier,
            ok: false,
            error: OpenSSLVerifyErrors.symbol(for: code) ?? "X509_V_ERR (unknown code \(code))",
            depth: depth,
            message: message
        )
    }
}
