internal import COpenSSL
import TLSModel

/// The outcome of one attempt to open something encrypted with one password.
enum DecryptAttempt<Value> {
    case opened(Value)
    /// The password does not open it (bad padding, a MAC that does not verify).
    case wrongPassword
    /// It cannot be opened whatever the password: the reason in words.
    case failed(String)
}

/// Decoders for the private key encodings; each returns an owned `EVP_PKEY*`.
enum PrivateKeyDecoding {
    /// PrivateKeyInfo (RFC 5208 section 5 / RFC 5958 OneAsymmetricKey), unencrypted.
    static func pkcs8(_ der: [UInt8]) -> OpaquePointer? {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let (info, consumed) = DERCoding.decode(der[...], { d2i_PKCS8_PRIV_KEY_INFO(nil, $0, $1) }) else {
            return nil
        }
        let owned = OwnedPKCS8Info(takingOwnership: info)
        guard consumed == der.count else { return nil }
        return EVP_PKCS82PKEY(owned.pointer)
    }

    /// A "traditional" key: RSAPrivateKey (PKCS#1, RFC 8017 A.1.2), ECPrivateKey (SEC1,
    /// RFC 5915) or DSA's OpenSSL format, as `type` (EVP_PKEY_RSA, EVP_PKEY_EC, EVP_PKEY_DSA).
    static func traditional(_ der: [UInt8], type: Int32) -> OpaquePointer? {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let (pkey, consumed) = DERCoding.decode(der[...], { d2i_PrivateKey(type, nil, $0, $1) }) else {
            return nil
        }
        guard consumed == der.count, EVP_PKEY_get_base_id(pkey) == type else {
            EVP_PKEY_free(pkey)
            return nil
        }
        return pkey
    }

    /// EncryptedPrivateKeyInfo (RFC 5208 section 6), read without decrypting.
    static func encryptedPKCS8(_ der: [UInt8]) -> OwnedX509SIG? {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let (sig, consumed) = DERCoding.decode(der[...], { d2i_X509_SIG(nil, $0, $1) }) else { return nil }
        let owned = OwnedX509SIG(takingOwnership: sig)
        guard consumed == der.count else { return nil }
        // A DigestInfo has the same shape; only a PBE algorithm makes it a key.
        var algorithm: UnsafePointer<X509_ALGOR>?
        X509_SIG_get0(owned.pointer, &algorithm, nil)
        guard let algorithm, PBEAlgorithm.isPasswordBased(algorithm) else { return nil }
        return owned
    }

    /// The PBE algorithm protecting an encrypted PKCS#8 key.
    static func algorithm(of sig: OwnedX509SIG) -> PBEAlgorithm? {
        var algorithm: UnsafePointer<X509_ALGOR>?
        X509_SIG_get0(sig.pointer, &algorithm, nil)
        return algorithm.map(PBEAlgorithm.init)
    }

    /// Decrypts an encrypted PKCS#8 key with one password.
    static func decrypt(_ sig: OwnedX509SIG, password: PasswordCandidate) -> DecryptAttempt<OpaquePointer> {
        OpenSSLErrorQueue.clear()
        let info = password.with { PKCS8_decrypt(sig.pointer, $0, $1) }
        guard let info else { return classifyFailure() }
        let owned = OwnedPKCS8Info(takingOwnership: info)
        guard let pkey = EVP_PKCS82PKEY(owned.pointer) else {
            // Decrypted bytes that are no key: almost always a wrong password whose
            // padding happened to check out.
            OpenSSLErrorQueue.clear()
            return .wrongPassword
        }
        return .opened(pkey)
    }

    /// Decrypts a legacy encrypted PEM key (RFC 1421 `Proc-Type: 4,ENCRYPTED` with a
    /// `DEK-Info` header) by handing the block back to OpenSSL's PEM reader.
    static func decryptLegacyPEM(_ block: PEMBlock, password: PasswordCandidate) -> DecryptAttempt<OpaquePointer> {
        var text = "-----BEGIN \(block.label)-----\n"
        for name in ["Proc-Type", "DEK-Info"] {
            if let value = block.headers[name] { text += "\(name): \(value)\n" }
        }
        text += "\n"
        text += PEM.encode(block.der, label: block.label).split(separator: "\n").dropFirst().joined(separator: "\n")
        text += "\n"
        guard let bio = OwnedMemoryBIO(bytes: Array(text.utf8)) else { return .failed("out of memory") }
        OpenSSLErrorQueue.clear()
        // Never NULL user data: with NULL, OpenSSL would prompt on the terminal.
        let secret: SecretBuffer
        if case .given(let given) = password { secret = given } else { secret = SecretBuffer() }
        let pkey = secret.withCString { pointer, _ in
            PEM_read_bio_PrivateKey(bio.pointer, nil, copyPasswordCallback, UnsafeMutableRawPointer(mutating: pointer))
        }
        guard let pkey else {
            // Legacy PEM has no integrity check: a wrong password shows as bad padding or,
            // one time in 256, as plaintext no decoder reads. Only a fault the PEM layer
            // itself reports (a bad DEK-Info, an unknown cipher) is not the password's.
            let entries = OpenSSLErrorQueue.drain()
            if entries.contains(where: { $0.library == ERR_LIB_PEM && $0.reason != PEM_R_BAD_DECRYPT }) {
                return .failed(OpenSSLErrorQueue.text(of: entries, fallback: "OpenSSL could not decrypt it"))
            }
            return .wrongPassword
        }
        OpenSSLErrorQueue.clear()
        return .opened(pkey)
    }

    /// Drains the queue and tells a wrong password (bad padding, undecodable plaintext)
    /// from everything else (an unsupported cipher, a malformed structure).
    static func classifyFailure() -> DecryptAttempt<OpaquePointer> {
        let entries = OpenSSLErrorQueue.drain()
        if entries.indicateWrongPassword { return .wrongPassword }
        return .failed(OpenSSLErrorQueue.text(of: entries, fallback: "OpenSSL could not decrypt it"))
    }
}

extension Array where Element == OpenSSLErrorEntry {
    /// Whether the errors are those of a wrong password: a final block whose padding does
    /// not check out, or plaintext that does not decode.
    var indicateWrongPassword: Bool {
        contains(library: ERR_LIB_PROV, reason: PROV_R_BAD_DECRYPT)
            || contains(library: ERR_LIB_EVP, reason: EVP_R_BAD_DECRYPT)
            || contains(library: ERR_LIB_PEM, reason: PEM_R_BAD_DECRYPT)
            || contains(library: ERR_LIB_PKCS12, reason: PKCS12_R_PKCS12_CIPHERFINAL_ERROR)
            || contains(library: ERR_LIB_PKCS12, reason: PKCS12_R_DECODE_ERROR)
    }
}

/// Keys that need a password, for PEM and DER files alike.
enum KeyReading {
    static func encryptedPKCS8(
        _ der: [UInt8],
        name: String,
        what: String,
        session: PasswordSession
    ) throws(LoadError) -> OpaquePointer {
        guard let sig = PrivateKeyDecoding.encryptedPKCS8(der) else {
            throw LoadError(name, .malformed, "\(what) cannot be read (not an EncryptedPrivateKeyInfo)")
        }
        if let refusal = PrivateKeyDecoding.algorithm(of: sig)?.refusal {
            throw LoadError(name, .malformed, "\(what): \(refusal)")
        }
        return try session.open(what) { PrivateKeyDecoding.decrypt(sig, password: $0) }
    }
}
