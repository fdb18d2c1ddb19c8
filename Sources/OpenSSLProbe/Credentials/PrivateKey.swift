internal import COpenSSL
import TLSModel

/// A private key read from a file: OpenSSL's `EVP_PKEY`, freed in deinit. Only its
/// public half is ever described; the secret never leaves this object.
public final class PrivateKey: @unchecked Sendable {
    // @unchecked: the EVP_PKEY is never mutated after loading, and OpenSSL allows
    // concurrent read-only use (EVP_PKEY_eq, signing) of one key.

    /// Format, location, key type and size, and the public key's fingerprints.
    public let details: KeyDetails

    /// The key, borrowed (get0): valid while this object lives. For connect/listen
    /// (`SSL_CTX_use_PrivateKey` takes its own reference).
    let pointer: OpaquePointer

    /// Takes ownership of `pkey`; frees it and returns nil when its public key cannot be
    /// encoded (so it could not be described or matched).
    init?(takingOwnership pkey: OpaquePointer, location: String, format: String) {
        OpenSSLErrorQueue.clear()
        guard let spki = DERCoding.encode({ i2d_PUBKEY(pkey, $0) }) else {
            OpenSSLErrorQueue.clear()
            EVP_PKEY_free(pkey)
            return nil
        }
        self.pointer = pkey
        self.details = KeyDetails(location: location, format: format, spkiDER: spki)
    }

    /// Whether `certificate` carries this key's public half (`EVP_PKEY_eq`).
    public func matches(_ certificate: X509Certificate) -> Bool {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let (publicKey, consumed) = DERCoding.decode(certificate.spkiDER[...], { d2i_PUBKEY(nil, $0, $1) }) else {
            return false
        }
        defer { EVP_PKEY_free(publicKey) }
        return consumed == certificate.spkiDER.count && EVP_PKEY_eq(pointer, publicKey) == 1
    }

    deinit { EVP_PKEY_free(pointer) }
}
