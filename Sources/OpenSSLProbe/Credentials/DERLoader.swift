internal import COpenSSL
import TLSModel

/// Loads a file that is one DER structure: a certificate, a PKCS#12 file, a private key
/// (PKCS#8, encrypted PKCS#8, PKCS#1, SEC1), a CSR, a CRL, PKCS#7 or a public key.
struct DERLoader {
    let name: String
    let expecting: CredentialExpectation
    let session: PasswordSession
    let provider: PasswordProvider

    func load(_ bytes: [UInt8]) throws(LoadError) -> LoadedFile {
        // Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }
        if let certificate = try? X509Certificate(derEncoded: bytes) {
            try expect(.certificate)
            return LoadedFile(path: name, format: "DER", certificates: [certificate], certificateLocations: ["DER"])
        }
        if OwnedX509(der: bytes) != nil {
            // OpenSSL reads it but the model does not: say why.
            try expect(.certificate)
            _ = try CertificateReading.certificate(bytes, name: name, what: "the certificate")
        }

        // PFX ::= SEQUENCE { version INTEGER {v3(3)}, authSafe ContentInfo, macData MacData OPTIONAL }
        if let p12 = PKCS12Reader.parse(bytes) {
            let (contents, details) = try PKCS12Reader.read(p12, name: name, password: provider)
            if expecting == .certificates && contents.certificates.isEmpty {
                throw LoadError(
                    name,
                    .notWhatWasExpected,
                    "this is a PKCS#12 file without certificates",
                    pkcs12: details
                )
            }
            if expecting == .privateKey && contents.keys.isEmpty {
                throw LoadError(
                    name,
                    .notWhatWasExpected,
                    "this is a PKCS#12 file without a private key",
                    pkcs12: details
                )
            }
            return LoadedFile(
                path: name,
                format: "PKCS#12",
                certificates: contents.certificates,
                certificateLocations: contents.certificateLocations,
                keys: contents.keys,
                pkcs12: details,
                other: contents.other
            )
        }

        if let pkey = PrivateKeyDecoding.pkcs8(bytes) {
            return try keyFile(pkey, format: "PKCS#8")
        }
        if PrivateKeyDecoding.encryptedPKCS8(bytes) != nil {
            try expect(.privateKey)
            let pkey = try KeyReading.encryptedPKCS8(bytes, name: name, what: "the private key", session: session)
            return try keyFile(pkey, format: "encrypted PKCS#8")
        }
        for (type, format) in [(EVP_PKEY_RSA, "PKCS#1"), (EVP_PKEY_EC, "SEC1"), (EVP_PKEY_DSA, "DSA")] {
            if let pkey = PrivateKeyDecoding.traditional(bytes, type: type) {
                return try keyFile(pkey, format: format)
            }
        }

        if Self.decodes(bytes, { d2i_X509_REQ(nil, $0, $1) }, X509_REQ_free) {
            return try otherFile(.certificateRequest, "CERTIFICATE REQUEST (DER)")
        }
        if Self.decodes(bytes, { d2i_X509_CRL(nil, $0, $1) }, X509_CRL_free) {
            return try otherFile(.crl, "X509 CRL (DER)")
        }
        if let certificates = try CertificateReading.pkcs7IfAny(bytes, name: name, what: "the PKCS#7 structure") {
            if certificates.isEmpty { return try otherFile(.pkcs7, "PKCS7 (DER, no certificates)") }
            try expect(.certificate)
            return LoadedFile(
                path: name,
                format: "DER",
                certificates: certificates,
                certificateLocations: certificates.indices.map { "DER, PKCS#7 certificate \($0 + 1)" }
            )
        }
        if Self.decodes(bytes, { d2i_PUBKEY(nil, $0, $1) }, EVP_PKEY_free) {
            return try otherFile(.publicKey, "PUBLIC KEY (DER)")
        }

        guard let declared = Sniff.declaredDERLength(bytes) else {
            throw LoadError(name, .malformed, "no certificate, key or PKCS#12 data found (it looks like binary data)")
        }
        if declared > bytes.count {
            throw LoadError(
                name,
                .malformed,
                "the DER data is cut short: it declares \(declared) bytes and the file holds \(bytes.count)"
            )
        }
        if declared < bytes.count {
            throw LoadError(
                name,
                .malformed,
                "no certificate, key or PKCS#12 data found (\(bytes.count - declared) bytes follow the first DER structure)"
            )
        }
        throw LoadError(name, .malformed, "no certificate, key or PKCS#12 data found (DER of another kind)")
    }

    /// Throws when `item` is not what the caller asked for.
    private func expect(_ item: CredentialItem) throws(LoadError) {
        switch (expecting, item) {
        case (.anything, _), (.certificates, .certificate), (.privateKey, .privateKey): return
        default: throw CredentialItem.unexpected([item], name: name, expecting: expecting)
        }
    }

    private func keyFile(_ pkey: OpaquePointer, format: String) throws(LoadError) -> LoadedFile {
        guard expecting != .certificates else {
            EVP_PKEY_free(pkey)
            throw CredentialItem.unexpected([.privateKey], name: name, expecting: expecting)
        }
        guard let key = PrivateKey(takingOwnership: pkey, location: "DER", format: format) else {
            throw LoadError(name, .malformed, "the private key has a public key OpenSSL cannot encode")
        }
        return LoadedFile(path: name, format: "DER", keys: [key])
    }

    private func otherFile(_ item: CredentialItem, _ description: String) throws(LoadError) -> LoadedFile {
        try expect(item)
        return LoadedFile(path: name, format: "DER", other: [description])
    }

    /// Whether `d2i` reads exactly `bytes`.
    private static func decodes<T>(
        _ bytes: [UInt8],
        _ d2i: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> T?,
        _ free: (T) -> Void
    ) -> Bool {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let (object, consumed) = DERCoding.decode(bytes[...], d2i) else { return false }
        free(object)
        return consumed == bytes.count
    }
}
