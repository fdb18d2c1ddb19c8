internal import COpenSSL
import TLSModel

/// Certificates out of DER, for PEM and DER files alike.
enum CertificateReading {
    /// A certificate, read by tlsprobe's tolerant model.
    static func certificate(_ der: [UInt8], name: String, what: String) throws(LoadError) -> X509Certificate {
        do {
            return try X509Certificate(derEncoded: der)
        } catch {
            throw LoadError(name, .malformed, "\(what) cannot be read (\(error))")
        }
    }

    /// OpenSSL's "TRUSTED CERTIFICATE": a certificate followed by its trust settings
    /// (X509_CERT_AUX); the settings are dropped.
    static func trustedCertificate(_ der: [UInt8], name: String, what: String) throws(LoadError) -> X509Certificate {
        OpenSSLErrorQueue.clear()
        guard let (x509, _) = DERCoding.decode(der[...], { d2i_X509_AUX(nil, $0, $1) }) else {
            throw LoadError(
                name,
                .malformed,
                "\(what) cannot be read (\(OpenSSLErrorQueue.drainedText(fallback: "not a certificate")))"
            )
        }
        let owned = OwnedX509(takingOwnership: x509)
        guard let plain = owned.der else {
            throw LoadError(name, .malformed, "\(what) cannot be re-encoded")
        }
        return try certificate(plain, name: name, what: what)
    }

    /// The certificates of a PKCS#7 SignedData (a ".p7b" bundle), in order; nil when
    /// `der` is not PKCS#7 at all.
    static func pkcs7IfAny(_ der: [UInt8], name: String, what: String) throws(LoadError) -> [X509Certificate]? {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let (p7, consumed) = DERCoding.decode(der[...], { d2i_PKCS7(nil, $0, $1) }) else { return nil }
        let owned = OwnedPKCS7(takingOwnership: p7)
        guard consumed == der.count else { return nil }
        guard OBJ_obj2nid(owned.pointer.pointee.type) == NID_pkcs7_signed,
            let stack = owned.pointer.pointee.d.sign?.pointee.cert
        else { return [] }
        var certificates: [X509Certificate] = []
        let count = min(Int(tlsprobe_sk_X509_num(stack)), 10_000)
        for index in 0..<max(count, 0) {
            guard let x509 = tlsprobe_sk_X509_value(stack, Int32(index)),
                let bytes = DERCoding.encode({ i2d_X509(x509, $0) })
            else {
                throw LoadError(name, .malformed, "\(what): certificate \(index + 1) cannot be encoded")
            }
            certificates.append(try certificate(bytes, name: name, what: "\(what), certificate \(index + 1),"))
        }
        return certificates
    }

    static func pkcs7(_ der: [UInt8], name: String, what: String) throws(LoadError) -> [X509Certificate] {
        guard let certificates = try pkcs7IfAny(der, name: name, what: what) else {
            throw LoadError(name, .malformed, "\(what) cannot be read (not PKCS#7)")
        }
        return certificates
    }
}
