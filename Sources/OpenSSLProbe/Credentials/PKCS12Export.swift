internal import COpenSSL
import TLSModel

/// Writes a PKCS#12 file (`tlsprobe identity --p12`): a certificate chain and its key, in
/// the algorithms the importing system reads.
public enum PKCS12Export {
    /// How the file is protected.
    public enum Encryption: String, CaseIterable, Sendable {
        /// Key and certificates under pbeWithSHA1And3-KeyTripleDES-CBC, a SHA-1 MAC: what
        /// iOS and macOS before 2023 releases, Windows before Server 2019/10 1709 and Java
        /// before 8u301 import (`openssl pkcs12 -legacy` reads it).
        case legacy
        /// PBES2 (PBKDF2 with HMAC-SHA256, AES-256-CBC) and a SHA-256 MAC: OpenSSL 3's default.
        case modern
    }

    /// The iteration count of the key derivation and the MAC (OpenSSL's default).
    public static let iterations: Int32 = 2048

    /// Why the file could not be made.
    public struct ExportError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The PKCS#12 DER of `certificates` (leaf first; DER each) and `privateKeyDER`
    /// (unencrypted PKCS#8), under `password`, with `friendlyName` on the leaf and key.
    public static func make(
        certificates: [[UInt8]],
        privateKeyDER: [UInt8],
        password: String,
        friendlyName: String,
        encryption: Encryption
    ) throws(ExportError) -> [UInt8] {
        OpenSSLProviders.ensureLegacyAndDefault()
        OpenSSLErrorQueue.clear()
        func failure(_ what: String) -> ExportError {
            ExportError(
                description:
                    "cannot make the PKCS#12 file (\(what): \(OpenSSLErrorQueue.drainedText(fallback: "failed")))"
            )
        }
        guard let leafDER = certificates.first, let leaf = OwnedX509(der: leafDER) else {
            throw failure("the certificate")
        }
        guard let chain = OwnedX509Stack() else { throw failure("sk_X509_new") }
        for der in certificates.dropFirst() {
            guard let extra = OwnedX509(der: der), X509_up_ref(extra.pointer) == 1, chain.push(extra.pointer) else {
                throw failure("the chain")
            }
        }
        guard let key = DERCoding.decode(privateKeyDER[...], { d2i_AutoPrivateKey(nil, $0, $1) })?.0 else {
            throw failure("the private key")
        }
        defer { EVP_PKEY_free(key) }

        let keyNID: Int32
        let certificateNID: Int32
        let mac: OpaquePointer?
        switch encryption {
        case .legacy:
            keyNID = NID_pbe_WithSHA1And3_Key_TripleDES_CBC
            certificateNID = NID_pbe_WithSHA1And3_Key_TripleDES_CBC
            mac = EVP_sha1()
        case .modern:
            keyNID = NID_aes_256_cbc
            certificateNID = NID_aes_256_cbc
            mac = EVP_sha256()
        }
        let secret = SecretBuffer(password)
        let made: OpaquePointer? = secret.withCString { pass, _ in
            // mac_iter -1: no MAC here; it is set below with the digest chosen above
            // (PKCS12_create would use SHA-1 whatever the encryption).
            PKCS12_create(
                pass,
                friendlyName,
                key,
                leaf.pointer,
                chain.pointer,
                keyNID,
                certificateNID,
                iterations,
                -1,
                0
            )
        }
        guard let p12Pointer = made else { throw failure("PKCS12_create") }
        let p12 = OwnedPKCS12(takingOwnership: p12Pointer)
        let macSet = secret.withCString { pass, length in
            PKCS12_set_mac(p12.pointer, pass, length, nil, 0, iterations, mac)
        }
        guard macSet == 1 else { throw failure("PKCS12_set_mac") }
        guard let der = DERCoding.encode({ i2d_PKCS12(p12.pointer, $0) }) else { throw failure("i2d_PKCS12") }
        return der
    }
}

/// A CA's private key for `tlsprobe identity`, which signs with swift-certificates: the
/// key in a file (PEM, DER or PKCS#12; encrypted ones decrypted with the password the
/// provider gives, as every key tlsprobe reads), as unencrypted PKCS#8 DER. The only place
/// a secret key leaves OpenSSL, for the user who holds the key file and its password.
public enum SigningKeyFile {
    public static func pkcs8(path: String, password: @escaping PasswordProvider) throws(LoadError) -> [UInt8] {
        let loaded = try CredentialFile.load(path: path, expecting: .privateKey, password: password)
        guard let key = loaded.keys.first else {
            throw LoadError(path: path, kind: .notWhatWasExpected, description: "\(path): holds no private key")
        }
        OpenSSLErrorQueue.clear()
        guard let info = EVP_PKEY2PKCS8(key.pointer) else {
            throw LoadError(
                path: path,
                kind: .malformed,
                description:
                    "\(path): the key cannot be read (\(OpenSSLErrorQueue.drainedText(fallback: "EVP_PKEY2PKCS8 failed")))"
            )
        }
        let owned = OwnedPKCS8Info(takingOwnership: info)
        guard let der = DERCoding.encode({ i2d_PKCS8_PRIV_KEY_INFO(owned.pointer, $0) }) else {
            throw LoadError(path: path, kind: .malformed, description: "\(path): the key cannot be encoded")
        }
        return der
    }
}
