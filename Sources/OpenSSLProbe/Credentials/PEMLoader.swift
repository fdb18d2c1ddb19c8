internal import COpenSSL
import TLSDiagnosis

/// The PEM blocks tlsprobe knows, by label (RFC 7468 section 4 and OpenSSL's).
enum PEMBlockKind: Equatable {
    case certificate
    case trustedCertificate
    case pkcs8
    case encryptedPKCS8
    /// A "traditional" key: RSA (PKCS#1), EC (SEC1) or DSA, by EVP_PKEY type.
    case traditional(type: Int32, format: String)
    case certificateRequest
    case crl
    case publicKey
    case pkcs7
    case opensshKey
    case parameters
    case unknown

    init(label: String) {
        switch label {
        case "CERTIFICATE", "X509 CERTIFICATE", "X.509 CERTIFICATE": self = .certificate
        case "TRUSTED CERTIFICATE": self = .trustedCertificate
        case "PRIVATE KEY": self = .pkcs8
        case "ENCRYPTED PRIVATE KEY": self = .encryptedPKCS8
        case "RSA PRIVATE KEY": self = .traditional(type: EVP_PKEY_RSA, format: "PKCS#1")
        case "EC PRIVATE KEY": self = .traditional(type: EVP_PKEY_EC, format: "SEC1")
        case "DSA PRIVATE KEY": self = .traditional(type: EVP_PKEY_DSA, format: "DSA")
        case "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST": self = .certificateRequest
        case "X509 CRL": self = .crl
        case "PUBLIC KEY", "RSA PUBLIC KEY": self = .publicKey
        case "PKCS7", "PKCS #7 SIGNED DATA", "CMS": self = .pkcs7
        case "OPENSSH PRIVATE KEY", "SSH2 ENCRYPTED PRIVATE KEY": self = .opensshKey
        case let other where other.hasSuffix(" PARAMETERS"): self = .parameters
        default: self = .unknown
        }
    }

    func item(label: String) -> CredentialItem {
        switch self {
        case .certificate, .trustedCertificate: return .certificate
        case .pkcs8, .encryptedPKCS8, .traditional: return .privateKey
        case .certificateRequest: return .certificateRequest
        case .crl: return .crl
        case .publicKey: return .publicKey
        case .pkcs7: return .pkcs7
        case .opensshKey: return .opensshKey
        case .parameters: return .parameters(label)
        case .unknown: return .unknown(label)
        }
    }

    var holdsCertificates: Bool { self == .certificate || self == .trustedCertificate || self == .pkcs7 }
    var isPrivateKey: Bool { item(label: "") == .privateKey }
}

/// Loads PEM text: any number of blocks with anything around them.
struct PEMLoader {
    let name: String
    let expecting: CredentialExpectation
    let session: PasswordSession

    func load(_ bytes: [UInt8]) throws(LoadError) -> LoadedFile {
        let (blocks, problems) = PEM.blocks(in: bytes)
        var file = LoadedFile(path: name, format: "PEM")
        var items: [CredentialItem] = []

        for problem in problems {
            let item = PEMBlockKind(label: problem.label).item(label: problem.label)
            items.append(item)
            if item.matters(for: expecting) {
                throw LoadError(name, .malformed, "\(problem)")
            }
            file.other.append("\(problem.label) at line \(problem.line) (cannot be read: \(problem.reason))")
        }
        if blocks.isEmpty && problems.isEmpty {
            throw LoadError(name, .malformed, "it has a PEM BEGIN line but no block that can be read")
        }

        let kinds = blocks.map { PEMBlockKind(label: $0.label) }
        items += zip(blocks, kinds).map { $1.item(label: $0.label) }
        // Decide before anything is decrypted: a file of the wrong kind never asks for a password.
        switch expecting {
        case .certificates where !kinds.contains(where: \.holdsCertificates),
            .privateKey where !kinds.contains(where: \.isPrivateKey):
            throw CredentialItem.unexpected(items, name: name, expecting: expecting)
        default:
            break
        }

        for (block, kind) in zip(blocks, kinds) {
            let item = kind.item(label: block.label)
            let location = "line \(block.line)"
            do throws(LoadError) {
                switch kind {
                case .certificate:
                    file.certificates.append(try CertificateReading.certificate(block.der, name: name, what: "the certificate at \(location)"))
                    file.certificateLocations.append(location)
                case .trustedCertificate:
                    file.certificates.append(try CertificateReading.trustedCertificate(block.der, name: name, what: "the certificate at \(location)"))
                    file.certificateLocations.append(location)
                case .pkcs7:
                    let certificates = try CertificateReading.pkcs7(block.der, name: name, what: "the PKCS#7 block at \(location)")
                    if certificates.isEmpty { file.other.append("\(block.label) at \(location) (no certificates)") }
                    for (index, certificate) in certificates.enumerated() {
                        file.certificates.append(certificate)
                        file.certificateLocations.append("\(location), PKCS#7 certificate \(index + 1)")
                    }
                case .pkcs8, .encryptedPKCS8, .traditional:
                    let encrypted = kind == .encryptedPKCS8 || (block.headers["Proc-Type"]?.uppercased().contains("ENCRYPTED") ?? false)
                    if expecting == .certificates && encrypted {
                        file.other.append("\(block.label) at \(location) (not decrypted)")
                    } else {
                        file.keys.append(try readKey(block, kind: kind, encrypted: encrypted, location: location))
                    }
                default:
                    file.other.append("\(block.label) at \(location)")
                }
            } catch {
                // A part the caller did not ask for may be broken without failing the file.
                guard !item.matters(for: expecting), error.kind == .malformed else { throw error }
                file.other.append("\(block.label) at \(location) (cannot be read)")
            }
        }

        switch expecting {
        case .certificates where file.certificates.isEmpty, .privateKey where file.keys.isEmpty:
            throw CredentialItem.unexpected(items, name: name, expecting: expecting)
        default:
            return file
        }
    }

    private func readKey(_ block: PEMBlock, kind: PEMBlockKind, encrypted: Bool, location: String) throws(LoadError) -> PrivateKey {
        let what = "the private key at \(location)"
        let format: String
        let pkey: OpaquePointer
        switch kind {
        case .encryptedPKCS8:
            format = "encrypted PKCS#8"
            pkey = try KeyReading.encryptedPKCS8(block.der, name: name, what: what, session: session)
        case .traditional where encrypted:
            format = "legacy encrypted PEM"
            pkey = try session.open(what) { PrivateKeyDecoding.decryptLegacyPEM(block, password: $0) }
        case .traditional(let type, let traditionalFormat):
            format = traditionalFormat
            guard let decoded = PrivateKeyDecoding.traditional(block.der, type: type) else {
                throw LoadError(name, .malformed, "\(what) cannot be read (not a \(traditionalFormat) key)")
            }
            pkey = decoded
        default:
            format = "PKCS#8"
            guard let decoded = PrivateKeyDecoding.pkcs8(block.der) else {
                throw LoadError(name, .malformed, "\(what) cannot be read (not a PKCS#8 PrivateKeyInfo)")
            }
            pkey = decoded
        }
        guard let key = PrivateKey(takingOwnership: pkey, location: location, format: format) else {
            throw LoadError(name, .malformed, "\(what) has a public key OpenSSL cannot encode")
        }
        return key
    }
}

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
            throw LoadError(name, .malformed, "\(what) cannot be read (\(OpenSSLErrorQueue.drainedText(fallback: "not a certificate")))")
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

/// Keys that need a password, for PEM and DER files alike.
enum KeyReading {
    static func encryptedPKCS8(_ der: [UInt8], name: String, what: String, session: PasswordSession) throws(LoadError) -> OpaquePointer {
        guard let sig = PrivateKeyDecoding.encryptedPKCS8(der) else {
            throw LoadError(name, .malformed, "\(what) cannot be read (not an EncryptedPrivateKeyInfo)")
        }
        if let refusal = PrivateKeyDecoding.algorithm(of: sig)?.refusal {
            throw LoadError(name, .malformed, "\(what): \(refusal)")
        }
        return try session.open(what) { PrivateKeyDecoding.decrypt(sig, password: $0) }
    }
}
