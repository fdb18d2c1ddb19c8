internal import COpenSSL
import TLSModel

/// A certificate chain (leaf first) and the private key of the leaf: our client identity
/// for mutual TLS (`connect --identity`) or our server identity (`listen --identity`),
/// from a PKCS#12 file or `--cert FILE --key FILE`.
public struct TLSIdentity: Sendable {
    /// Leaf first, then the chain sent after it.
    public let certificates: [X509Certificate]
    /// The leaf's private key.
    let key: PrivateKey

    /// Pairs `certificates` with `key`: the first certificate whose public key is the key's
    /// becomes the leaf; the others follow in file order. Throws a message when none is.
    public init(certificates: [X509Certificate], key: PrivateKey, describing source: String) throws(LoadError) {
        guard !certificates.isEmpty else {
            throw LoadError(
                path: source,
                kind: .notWhatWasExpected,
                description: "\(source): no certificate to go with the private key"
            )
        }
        guard let leafIndex = certificates.firstIndex(where: key.matches) else {
            var error = LoadError(
                path: source,
                kind: .keyMismatch,
                description:
                    "\(source): the private key does not belong to the certificate \"\(certificates[0].subjectString)\" (key \(key.details.pin), certificate \(certificates[0].pin))"
            )
            error.keyMismatch = LoadError.KeyMismatch(certificates: certificates, keyPin: key.details.pin)
            throw error
        }
        var ordered = [certificates[leafIndex]]
        for (i, certificate) in certificates.enumerated() where i != leafIndex && !ordered.contains(certificate) {
            ordered.append(certificate)
        }
        self.certificates = ordered
        self.key = key
    }

    private init(ordered certificates: [X509Certificate], key: PrivateKey) {
        self.certificates = certificates
        self.key = key
    }

    /// Reads a PKCS#12 file (or a PEM file holding both certificate and key).
    public static func load(
        identity path: String,
        password: @escaping PasswordProvider
    ) throws(LoadError) -> TLSIdentity {
        let loaded = try CredentialFile.load(path: path, expecting: .privateKey, password: password)
        guard let key = loaded.keys.first else {
            throw LoadError(
                path: path,
                kind: .notWhatWasExpected,
                description: "\(path): holds no private key, so it cannot be an identity"
            )
        }
        return try TLSIdentity(certificates: loaded.certificates, key: key, describing: path)
    }

    /// Reads a certificate file (leaf first, chain after it) and a key file.
    public static func load(
        certificate certificatePath: String,
        key keyPath: String,
        password: @escaping PasswordProvider
    ) throws(LoadError) -> TLSIdentity {
        let certificates = try CredentialFile.load(path: certificatePath, expecting: .certificates, password: password)
            .certificates
        let keys = try CredentialFile.load(path: keyPath, expecting: .privateKey, password: password).keys
        guard let key = keys.first else {
            throw LoadError(path: keyPath, kind: .notWhatWasExpected, description: "\(keyPath): holds no private key")
        }
        return try TLSIdentity(
            certificates: certificates,
            key: key,
            describing: "--cert \(certificatePath) --key \(keyPath)"
        )
    }

    /// This identity with `extra` sent after its own chain (`listen --chain FILE`), in file
    /// order, certificates it already has left out.
    public func appendingChain(_ extra: [X509Certificate]) -> TLSIdentity {
        var certificates = self.certificates
        for certificate in extra where !certificates.contains(certificate) { certificates.append(certificate) }
        return TLSIdentity(ordered: certificates, key: key)
    }

    /// A pair made on the spot (the ephemeral identity of `listen`).
    init(generated leaf: X509Certificate, key: PrivateKey) {
        self.init(ordered: [leaf], key: key)
    }

    /// Makes this identity the certificate, chain and key `context` presents (`role`,
    /// "client" or "server", names it in errors).
    func install(on context: OwnedSSLContext, role: String) throws(OpenSSLSetupError) {
        guard let leaf = certificates.first, let x509 = OwnedX509(der: leaf.der) else {
            throw OpenSSLSetupError("OpenSSL cannot read the \(role) certificate")
        }
        OpenSSLErrorQueue.clear()
        guard SSL_CTX_use_certificate(context.pointer, x509.pointer) == 1 else {
            throw .failed("SSL_CTX_use_certificate")
        }
        for certificate in certificates.dropFirst() {
            // One OpenSSL cannot decode is left out, as a peer would fail to decode it.
            guard let extra = OwnedX509(der: certificate.der) else { continue }
            // add1: the context takes its own reference.
            guard tlsprobe_SSL_CTX_add1_chain_cert(context.pointer, extra.pointer) == 1 else {
                throw .failed("SSL_CTX_add1_chain_cert")
            }
        }
        guard SSL_CTX_use_PrivateKey(context.pointer, key.pointer) == 1,
            SSL_CTX_check_private_key(context.pointer) == 1
        else {
            throw .failed("SSL_CTX_use_PrivateKey")
        }
    }
}
