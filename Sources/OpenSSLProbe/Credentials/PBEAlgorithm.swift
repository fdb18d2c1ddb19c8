internal import COpenSSL

/// A password-based encryption scheme as an AlgorithmIdentifier names it, read without
/// the password: PBES2 (RFC 8018 A.4) with its KDF and cipher, or a PKCS#12 v1 / PKCS#5
/// v1 PBE (RFC 7292 appendix C, RFC 8018 A.3) with its iteration count.
struct PBEAlgorithm: Sendable, Hashable {
    /// `PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC)`, `pbeWithSHA1And40BitRC2-CBC`.
    var name: String
    /// The key derivation's iteration count, when it has one.
    var iterations: Int?
    /// A PKCS#12 v1 / PKCS#5 v1 scheme, the kind older systems import.
    var legacy: Bool
    /// Why tlsprobe will not run this derivation (the cost is beyond what it computes
    /// for a hostile file), or nil.
    var refusal: String?

    /// The most PBKDF2 / PKCS#12 KDF iterations tlsprobe computes. Real files use 1 to
    /// 600,000; a hostile file could ask for 2^31 and hold a diagnosis for hours.
    static let maximumIterations = 10_000_000
    /// The most PBKDF2 / PKCS#12 KDF iterations one file costs in all: its MAC and every
    /// encrypted safe and shrouded key, for each password tried. Without it 10,000 bags at
    /// the per-derivation limit would hold a diagnosis for hours.
    static let maximumTotalIterations = 20_000_000
    /// The most scrypt work (N * r * p) tlsprobe computes; `openssl -scrypt` uses 2^17.
    static let maximumScryptWork = 1 << 25

    /// Whether the AlgorithmIdentifier names a password-based scheme OpenSSL knows.
    static func isPasswordBased(_ algorithm: UnsafePointer<X509_ALGOR>) -> Bool {
        let nid = OBJ_obj2nid(objectAndParameter(algorithm).object)
        return nid == NID_pbes2 || EVP_PBE_find(EVP_PBE_TYPE_OUTER, nid, nil, nil, nil) == 1
    }

    init(_ algorithm: UnsafePointer<X509_ALGOR>) {
        let (object, parameter) = Self.objectAndParameter(algorithm)
        let nid = OBJ_obj2nid(object)
        guard nid == NID_pbes2 else {
            // PBEParameter ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER }
            name = Self.longName(nid: nid, object: object)
            legacy = true
            iterations =
                parameter.flatMap { bytes in
                    Self.decoded(bytes, d2i_PBEPARAM, PBEPARAM_free) {
                        DERCoding.integer(UnsafePointer($0.pointee.iter))
                    }
                } ?? nil
            refusal = Self.refusal(iterations: iterations)
            return
        }
        legacy = false
        // PBES2-params ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier, encryptionScheme AlgorithmIdentifier }
        let parts: (kdf: String, cipher: String, iterations: Int?, refusal: String?)? = parameter.flatMap { bytes in
            Self.decoded(bytes, d2i_PBE2PARAM, PBE2PARAM_free) { params -> (String, String, Int?, String?)? in
                guard let kdf = params.pointee.keyfunc, let cipher = params.pointee.encryption else { return nil }
                let (cipherObject, _) = Self.objectAndParameter(cipher)
                let cipherName = Self.shortName(nid: OBJ_obj2nid(cipherObject), object: cipherObject)
                let (kdfName, iterations, refusal) = Self.keyDerivation(kdf)
                return (kdfName, cipherName, iterations, refusal)
            } ?? nil
        }
        if let parts {
            name = "PBES2 (\(parts.kdf), \(parts.cipher))"
            iterations = parts.iterations
            refusal = parts.refusal
        } else {
            name = "PBES2 (unreadable parameters)"
            iterations = nil
            refusal = nil
        }
    }

    /// PBKDF2-params (RFC 8018 A.2) or scrypt-params (RFC 7914 section 7.1).
    private static func keyDerivation(
        _ kdf: UnsafePointer<X509_ALGOR>
    ) -> (name: String, iterations: Int?, refusal: String?) {
        let (object, parameter) = objectAndParameter(kdf)
        let nid = OBJ_obj2nid(object)
        switch nid {
        case NID_id_pbkdf2:
            let read: (String, Int?)? = parameter.flatMap { bytes in
                decoded(bytes, d2i_PBKDF2PARAM, PBKDF2PARAM_free) { params -> (String, Int?) in
                    // prf AlgorithmIdentifier DEFAULT algid-hmacWithSHA1
                    var prf = "HMAC-SHA1"
                    if let prfAlgorithm = params.pointee.prf {
                        let (prfObject, _) = objectAndParameter(prfAlgorithm)
                        let short = shortName(nid: OBJ_obj2nid(prfObject), object: prfObject)
                        prf = short.hasPrefix("hmacWith") ? "HMAC-" + short.dropFirst("hmacWith".count) : short
                    }
                    return (prf, DERCoding.integer(UnsafePointer(params.pointee.iter)))
                }
            }
            guard let (prf, iterations) = read else { return ("PBKDF2 (unreadable parameters)", nil, nil) }
            return ("PBKDF2-\(prf)", iterations, refusal(iterations: iterations))
        case NID_id_scrypt:
            let read: (Int, Int, Int)? = parameter.flatMap { bytes in
                decoded(bytes, d2i_SCRYPT_PARAMS, SCRYPT_PARAMS_free) { params -> (Int, Int, Int)? in
                    guard let n = DERCoding.integer(UnsafePointer(params.pointee.costParameter)),
                        let r = DERCoding.integer(UnsafePointer(params.pointee.blockSize)),
                        let p = DERCoding.integer(UnsafePointer(params.pointee.parallelizationParameter))
                    else { return nil }
                    return (n, r, p)
                } ?? nil
            }
            guard let (n, r, p) = read else { return ("scrypt (unreadable parameters)", nil, nil) }
            let (nr, overflow1) = n.multipliedReportingOverflow(by: r)
            let (work, overflow2) = nr.multipliedReportingOverflow(by: p)
            let tooMuch = overflow1 || overflow2 || work > maximumScryptWork || n <= 0 || r <= 0 || p <= 0
            return (
                "scrypt N=\(n) r=\(r) p=\(p)", nil,
                tooMuch ? "scrypt parameters N=\(n) r=\(r) p=\(p) ask for more work than tlsprobe will do" : nil
            )
        default:
            return (shortName(nid: nid, object: object), nil, nil)
        }
    }

    private static func refusal(iterations: Int?) -> String? {
        guard let iterations, iterations > maximumIterations else { return nil }
        return "\(iterations) iterations is more than tlsprobe will compute (at most \(maximumIterations))"
    }

    /// The algorithm OID and, when the parameters are a SEQUENCE, their DER.
    static func objectAndParameter(
        _ algorithm: UnsafePointer<X509_ALGOR>
    ) -> (object: OpaquePointer?, parameter: [UInt8]?) {
        var object: OpaquePointer?
        var type: Int32 = 0
        var value: UnsafeRawPointer?
        X509_ALGOR_get0(&object, &type, &value, algorithm)
        guard type == V_ASN1_SEQUENCE, let value else { return (object, nil) }
        return (object, DERCoding.bytes(ofASN1String: value.assumingMemoryBound(to: ASN1_STRING.self)))
    }

    /// Decodes `bytes` with `d2i`, requiring every byte be used, and reads the result.
    static func decoded<T, R>(
        _ bytes: [UInt8],
        _ d2i: (UnsafeMutablePointer<UnsafeMutablePointer<T>?>?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int) ->
            UnsafeMutablePointer<T>?,
        _ free: (UnsafeMutablePointer<T>?) -> Void,
        _ read: (UnsafeMutablePointer<T>) -> R
    ) -> R? {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let (object, consumed) = DERCoding.decode(bytes[...], { d2i(nil, $0, $1) }) else { return nil }
        defer { free(object) }
        guard consumed == bytes.count else { return nil }
        return read(object)
    }

    /// OpenSSL's long name ("pbeWithSHA1And40BitRC2-CBC", "sha256"), or the dotted OID.
    static func longName(nid: Int32, object: OpaquePointer?) -> String {
        if nid != NID_undef, let name = OBJ_nid2ln(nid) { return String(cString: name) }
        return dotted(object)
    }

    /// OpenSSL's short name ("AES-256-CBC", "hmacWithSHA256"), or the dotted OID.
    static func shortName(nid: Int32, object: OpaquePointer?) -> String {
        if nid != NID_undef, let name = OBJ_nid2sn(nid) { return String(cString: name) }
        return dotted(object)
    }

    static func dotted(_ object: OpaquePointer?) -> String {
        guard let object else { return "unknown algorithm" }
        var buffer = [CChar](repeating: 0, count: 128)
        let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
        guard length > 0 else { return "unknown algorithm" }
        let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: text, as: UTF8.self)
    }
}
