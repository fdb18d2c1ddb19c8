internal import COpenSSL
import TLSModel

/// Reads PKCS#12 files (RFC 7292): what they say about themselves without the password
/// (MAC and encryption algorithms), then their contents with the empty password or the
/// one the provider gives.
enum PKCS12Reader {
    /// The contents of a decrypted PKCS#12 file.
    struct Contents {
        var certificates: [X509Certificate] = []
        var certificateLocations: [String] = []
        var certificateNames: [String?] = []
        var keys: [PrivateKey] = []
        var keyNames: [String?] = []
        var other: [String] = []
        /// For each encrypted authenticated safe (by index), what it held.
        var encryptedSafeContents: [Int: Set<String>] = [:]
    }

    /// One authenticated safe (a ContentInfo of the AuthenticatedSafe SEQUENCE).
    private enum Safe {
        /// Plain data: its bags are readable without a password.
        case data
        /// EncryptedData: the bags need the password.
        case encrypted(PBEAlgorithm)
    }

    /// Key derivation iterations spent on one file, against `PBEAlgorithm.maximumTotalIterations`;
    /// checked before each derivation is run.
    struct DerivationBudget {
        /// The most iterations the file may cost.
        let limit: Int
        /// Iterations spent (or about to be) so far.
        private(set) var spent = 0
        /// Whether a derivation was refused.
        private(set) var exceeded = false

        /// Counts a derivation of `iterations` (nil: unknown, counted as one); the refusal
        /// message when it would take the file past the budget.
        mutating func spend(_ iterations: Int?, on what: String) -> String? {
            let (total, overflow) = spent.addingReportingOverflow(max(1, iterations ?? 1))
            guard overflow || total > limit else {
                spent = total
                return nil
            }
            exceeded = true
            return Self.refusal(limit: limit, before: what)
        }

        /// The message for a file past a budget of `limit` iterations.
        static func refusal(limit: Int, before what: String) -> String {
            "the PKCS#12 file's key derivations add up to more than \(limit) iterations "
                + "(the MAC and every encrypted safe and key, for each password tried), more than tlsprobe will compute for one file; refused before \(what)"
        }
    }

    /// At most this many bags are read (a 16 MiB file of minimal bags would hold more).
    static let maximumBags = 10_000
    /// SafeContents bags nest at most this deep.
    static let maximumNesting = 4

    /// The file's PFX structure, when `der` is exactly one.
    static func parse(_ der: [UInt8]) -> OwnedPKCS12? {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let (p12, consumed) = DERCoding.decode(der[...], { d2i_PKCS12(nil, $0, $1) }) else { return nil }
        let owned = OwnedPKCS12(takingOwnership: p12)
        return consumed == der.count ? owned : nil
    }

    /// Reads the algorithms, opens the file and returns its contents and details, computing
    /// at most `iterationBudget` key derivation iterations in all.
    static func read(
        _ p12: OwnedPKCS12,
        name: String,
        password: PasswordProvider,
        iterationBudget: Int = PBEAlgorithm.maximumTotalIterations
    ) throws(LoadError) -> (Contents, PKCS12Details) {
        let legacyAvailable = OpenSSLProviders.ensureLegacyAndDefault()

        // MacData ::= SEQUENCE { mac DigestInfo, macSalt OCTET STRING, iterations INTEGER DEFAULT 1 }
        let hasMAC = PKCS12_mac_present(p12.pointer) == 1
        var macAlgorithm: String?
        var macIterations: Int?
        if hasMAC {
            var algorithm: UnsafePointer<X509_ALGOR>?
            var iterations: UnsafePointer<ASN1_INTEGER>?
            PKCS12_get0_mac(nil, &algorithm, nil, &iterations, p12.pointer)
            if let algorithm {
                let (object, _) = PBEAlgorithm.objectAndParameter(algorithm)
                macAlgorithm = PBEAlgorithm.longName(nid: OBJ_obj2nid(object), object: object)
            }
            macIterations = iterations == nil ? 1 : DERCoding.integer(iterations)
            if let count = macIterations, count > PBEAlgorithm.maximumIterations {
                throw LoadError(
                    name,
                    .malformed,
                    "the PKCS#12 MAC asks for \(count) iterations, more than tlsprobe will compute (at most \(PBEAlgorithm.maximumIterations))"
                )
            }
        }

        // AuthenticatedSafe ::= SEQUENCE OF ContentInfo; readable without the password.
        OpenSSLErrorQueue.clear()
        guard let stackPointer = PKCS12_unpack_authsafes(p12.pointer) else {
            throw LoadError(
                name,
                .malformed,
                "the PKCS#12 contents cannot be read (\(OpenSSLErrorQueue.drainedText(fallback: "not an AuthenticatedSafe")))"
            )
        }
        let safes = OwnedPKCS7Stack(takingOwnership: stackPointer)
        var kinds: [Safe] = []
        var encryption: [PKCS12Encryption] = []
        var encryptionIndexOfSafe: [Int: Int] = [:]
        for index in 0..<max(0, min(safes.count, maximumBags)) {
            guard let p7 = safes.get0(index) else { continue }
            switch OBJ_obj2nid(p7.pointee.type) {
            case NID_pkcs7_data:
                kinds.append(.data)
                // Bags in plain data are visible: shrouded keys carry their own PBE.
                OpenSSLErrorQueue.clear()
                guard let bags = PKCS12_unpack_p7data(p7).map(OwnedSafeBagStack.init(takingOwnership:)) else {
                    throw LoadError(
                        name,
                        .malformed,
                        "PKCS#12 safe \(index + 1) cannot be read (\(OpenSSLErrorQueue.drainedText(fallback: "not SafeContents")))"
                    )
                }
                var sawCertificates = false
                for bag in topLevelBags(bags.pointer) {
                    switch PKCS12_SAFEBAG_get_nid(bag) {
                    case NID_pkcs8ShroudedKeyBag:
                        var algorithm: UnsafePointer<X509_ALGOR>?
                        if let sig = PKCS12_SAFEBAG_get0_pkcs8(bag) { X509_SIG_get0(sig, &algorithm, nil) }
                        guard let algorithm else { continue }
                        let pbe = PBEAlgorithm(algorithm)
                        encryption.append(
                            PKCS12Encryption(
                                contents: "private key",
                                algorithm: pbe.name,
                                iterations: pbe.iterations,
                                legacy: pbe.legacy
                            )
                        )
                        if let refusal = pbe.refusal {
                            throw LoadError(name, .malformed, "the PKCS#12 private key: \(refusal)")
                        }
                    case NID_certBag:
                        sawCertificates = true
                    default:
                        break
                    }
                }
                if sawCertificates {
                    // Not encrypted at all: older systems import that too, so not "modern".
                    encryption.append(
                        PKCS12Encryption(contents: "certificates", algorithm: "none", iterations: nil, legacy: true)
                    )
                }
            case NID_pkcs7_encrypted:
                // EncryptedData ::= SEQUENCE { version, encryptedContentInfo EncryptedContentInfo }
                guard let algorithm = p7.pointee.d.encrypted?.pointee.enc_data?.pointee.algorithm else {
                    throw LoadError(name, .malformed, "PKCS#12 safe \(index + 1) is EncryptedData without an algorithm")
                }
                let pbe = PBEAlgorithm(UnsafePointer(algorithm))
                kinds.append(.encrypted(pbe))
                encryptionIndexOfSafe[index] = encryption.count
                encryption.append(
                    PKCS12Encryption(
                        contents: "encrypted contents",
                        algorithm: pbe.name,
                        iterations: pbe.iterations,
                        legacy: pbe.legacy
                    )
                )
                if let refusal = pbe.refusal {
                    throw LoadError(name, .malformed, "PKCS#12 safe \(index + 1): \(refusal)")
                }
            case NID_pkcs7_enveloped:
                throw LoadError(
                    name,
                    .malformed,
                    "this PKCS#12 file uses public-key privacy mode (EnvelopedData), which tlsprobe cannot open"
                )
            default:
                throw LoadError(
                    name,
                    .malformed,
                    "PKCS#12 safe \(index + 1) has content type \(PBEAlgorithm.dotted(p7.pointee.type)), not data or encrypted data"
                )
            }
        }

        // What one pass will cost, as far as it is visible without the password: refuse at
        // once when that alone is past the budget.
        let derivations =
            (hasMAC ? [macIterations] : []) + encryption.filter { $0.algorithm != "none" }.map(\.iterations)
        let visible = derivations.reduce(0) { total, iterations in
            let (sum, overflow) = total.addingReportingOverflow(max(1, iterations ?? 1))
            return overflow ? Int.max : sum
        }
        if visible > iterationBudget {
            throw LoadError(
                name,
                .malformed,
                DerivationBudget.refusal(
                    limit: iterationBudget,
                    before: "any derivation (\(visible) iterations in one pass)"
                )
            )
        }
        var budget = DerivationBudget(limit: iterationBudget)

        var details = PKCS12Details(
            macAlgorithm: macAlgorithm,
            macIterations: macIterations,
            encryption: encryption,
            passwordRequired: false,
            decrypted: false,
            hasPrivateKey: nil,
            keyMatchesCertificate: nil,
            friendlyName: nil
        )

        func attempt(_ candidate: PasswordCandidate) -> DecryptAttempt<Contents> {
            if hasMAC {
                if let refusal = budget.spend(macIterations, on: "the MAC") { return .failed(refusal) }
                OpenSSLErrorQueue.clear()
                let verified = candidate.with { PKCS12_verify_mac(p12.pointer, $0, $1) } == 1
                if !verified {
                    // A MAC that does not match raises nothing; one that cannot be
                    // computed (an unknown digest, a missing provider) raises errors.
                    let entries = OpenSSLErrorQueue.drain()
                    if entries.isEmpty || entries.contains(library: ERR_LIB_PKCS12, reason: PKCS12_R_MAC_VERIFY_FAILURE)
                    {
                        return .wrongPassword
                    }
                    return .failed(
                        "the MAC cannot be checked (\(OpenSSLErrorQueue.text(of: entries, fallback: "unknown error")))"
                    )
                }
            }
            return decrypt(safes: safes, kinds: kinds, candidate: candidate, macVerified: hasMAC, budget: &budget)
        }

        // Without the legacy provider, RC2 and 3DES fail as "unsupported": say why.
        func explain(_ reason: String) -> String {
            guard !legacyAvailable, !budget.exceeded, encryption.contains(where: \.legacy) else { return reason }
            return reason + "; OpenSSL's legacy provider, which RC2 and 3DES need, could not be loaded"
        }

        var opened: Contents?
        for candidate in [PasswordCandidate.empty, .null] {
            switch attempt(candidate) {
            case .opened(let contents): opened = contents
            case .wrongPassword: continue
            case .failed(let reason): throw LoadError(name, .malformed, explain(reason), pkcs12: details)
            }
            break
        }
        if opened == nil {
            details.passwordRequired = true
            let given: String?
            do {
                given = try password(name)
            } catch {
                throw LoadError(
                    name,
                    .passwordNeeded,
                    "the PKCS#12 file needs a password, and it could not be read: \(error)",
                    pkcs12: details
                )
            }
            guard let given else {
                throw LoadError(
                    name,
                    .passwordNeeded,
                    "the PKCS#12 file needs a password; \(LoadError.passwordHint)",
                    pkcs12: details
                )
            }
            switch attempt(.given(SecretBuffer(given))) {
            case .opened(let contents):
                opened = contents
            case .wrongPassword:
                let why = hasMAC ? "the MAC does not verify" : "the contents do not decrypt"
                throw LoadError(name, .wrongPassword, "the password is wrong (\(why))", pkcs12: details)
            case .failed(let reason):
                throw LoadError(name, .malformed, explain(reason), pkcs12: details)
            }
        }
        guard var contents = opened else {
            throw LoadError(name, .malformed, "the PKCS#12 file could not be opened", pkcs12: details)
        }

        for (safe, found) in contents.encryptedSafeContents {
            guard let index = encryptionIndexOfSafe[safe] else { continue }
            details.encryption[index].contents = describe(found)
        }

        // The leaf first: the certificate that carries the (first) key.
        if let key = contents.keys.first, let leaf = contents.certificates.firstIndex(where: key.matches), leaf != 0 {
            contents.certificates.insert(contents.certificates.remove(at: leaf), at: 0)
            contents.certificateLocations.insert(contents.certificateLocations.remove(at: leaf), at: 0)
            contents.certificateNames.insert(contents.certificateNames.remove(at: leaf), at: 0)
        }
        details.decrypted = true
        details.hasPrivateKey = !contents.keys.isEmpty
        if let key = contents.keys.first, let first = contents.certificates.first {
            details.keyMatchesCertificate = key.matches(first)
        }
        details.friendlyName = (contents.keyNames.compactMap { $0 } + contents.certificateNames.compactMap { $0 }).first
        return (contents, details)
    }

    private static func describe(_ found: Set<String>) -> String {
        switch (found.contains("certificates"), found.contains("private key")) {
        case (true, true): return "certificates and private key"
        case (true, false): return "certificates"
        case (false, true): return "private key"
        case (false, false): return found.isEmpty ? "nothing" : found.sorted().joined(separator: " and ")
        }
    }

    /// Opens every safe with `candidate` and reads every bag.
    private static func decrypt(
        safes: OwnedPKCS7Stack,
        kinds: [Safe],
        candidate: PasswordCandidate,
        macVerified: Bool,
        budget: inout DerivationBudget
    ) -> DecryptAttempt<Contents> {
        var contents = Contents()
        var bagNumber = 0
        for (index, kind) in kinds.enumerated() {
            guard let p7 = safes.get0(index) else { continue }
            OpenSSLErrorQueue.clear()
            let stack: OpaquePointer?
            switch kind {
            case .data: stack = PKCS12_unpack_p7data(p7)
            case .encrypted(let pbe):
                if let refusal = budget.spend(pbe.iterations, on: "PKCS#12 safe \(index + 1)") {
                    return .failed(refusal)
                }
                stack = candidate.with { PKCS12_unpack_p7encdata(p7, $0, $1) }
            }
            guard let stack else {
                let entries = OpenSSLErrorQueue.drain()
                // Without a MAC, a safe that does not decrypt is how a wrong password shows.
                if !macVerified, entries.indicateWrongPassword { return .wrongPassword }
                return .failed(
                    "PKCS#12 safe \(index + 1) cannot be decrypted (\(OpenSSLErrorQueue.text(of: entries, fallback: "unknown error")))"
                )
            }
            let bags = OwnedSafeBagStack(takingOwnership: stack)
            var found = Set<String>()
            switch readBags(
                bags.pointer,
                depth: 0,
                candidate: candidate,
                macVerified: macVerified,
                budget: &budget,
                bagNumber: &bagNumber,
                found: &found,
                into: &contents
            )
            {
            case .opened: break
            case .wrongPassword: return .wrongPassword
            case .failed(let reason): return .failed(reason)
            }
            if case .encrypted = kind { contents.encryptedSafeContents[index] = found }
        }
        return .opened(contents)
    }

    /// The bags of one SafeContents, borrowed.
    private static func topLevelBags(_ stack: OpaquePointer?) -> [OpaquePointer] {
        guard let stack else { return [] }
        let count = min(Int(tlsprobe_sk_PKCS12_SAFEBAG_num(stack)), maximumBags)
        guard count > 0 else { return [] }
        return (0..<count).compactMap { tlsprobe_sk_PKCS12_SAFEBAG_value(stack, Int32($0)) }
    }

    /// SafeBag ::= SEQUENCE { bagId, bagValue [0] EXPLICIT, bagAttributes SET OF PKCS12Attribute OPTIONAL }
    private static func readBags(
        _ stack: OpaquePointer?,
        depth: Int,
        candidate: PasswordCandidate,
        macVerified: Bool,
        budget: inout DerivationBudget,
        bagNumber: inout Int,
        found: inout Set<String>,
        into contents: inout Contents
    ) -> DecryptAttempt<Void> {
        guard let stack else { return .opened(()) }
        guard depth <= maximumNesting else { return .failed("PKCS#12 bags nest more than \(maximumNesting) deep") }
        for bag in topLevelBags(stack) {
            bagNumber += 1
            guard bagNumber <= maximumBags else {
                return .failed("the PKCS#12 file holds more than \(maximumBags) bags")
            }
            let location = "PKCS#12 bag \(bagNumber)"
            let friendlyName = friendlyName(of: bag)
            switch PKCS12_SAFEBAG_get_nid(bag) {
            case NID_certBag:
                guard PKCS12_SAFEBAG_get_bag_nid(bag) == NID_x509Certificate else {
                    contents.other.append("non-X.509 certificate in \(location)")
                    continue
                }
                OpenSSLErrorQueue.clear()
                guard let x509 = PKCS12_SAFEBAG_get1_cert(bag).map(OwnedX509.init(takingOwnership:)), let der = x509.der
                else {
                    return .failed(
                        "the certificate in \(location) cannot be read (\(OpenSSLErrorQueue.drainedText(fallback: "not a certificate")))"
                    )
                }
                do {
                    contents.certificates.append(try X509Certificate(derEncoded: der))
                } catch {
                    return .failed("the certificate in \(location) cannot be read (\(error))")
                }
                contents.certificateLocations.append(location)
                contents.certificateNames.append(friendlyName)
                found.insert("certificates")
            case NID_keyBag:
                OpenSSLErrorQueue.clear()
                guard let info = PKCS12_SAFEBAG_get0_p8inf(bag), let pkey = EVP_PKCS82PKEY(info),
                    let key = PrivateKey(takingOwnership: pkey, location: location, format: "PKCS#12")
                else {
                    return .failed(
                        "the private key in \(location) cannot be read (\(OpenSSLErrorQueue.drainedText(fallback: "not a key")))"
                    )
                }
                contents.keys.append(key)
                contents.keyNames.append(friendlyName)
                found.insert("private key")
            case NID_pkcs8ShroudedKeyBag:
                var algorithm: UnsafePointer<X509_ALGOR>?
                if let sig = PKCS12_SAFEBAG_get0_pkcs8(bag) { X509_SIG_get0(sig, &algorithm, nil) }
                let pbe = algorithm.map { PBEAlgorithm($0) }
                if let refusal = pbe?.refusal {
                    return .failed("the private key in \(location): \(refusal)")
                }
                if let refusal = budget.spend(pbe?.iterations, on: "the private key in \(location)") {
                    return .failed(refusal)
                }
                OpenSSLErrorQueue.clear()
                guard
                    let info = candidate.with({ PKCS12_decrypt_skey(bag, $0, $1) }).map(
                        OwnedPKCS8Info.init(takingOwnership:)
                    )
                else {
                    let entries = OpenSSLErrorQueue.drain()
                    if !macVerified, entries.indicateWrongPassword { return .wrongPassword }
                    return .failed(
                        "the private key in \(location) does not decrypt (\(OpenSSLErrorQueue.text(of: entries, fallback: "unknown error")))"
                    )
                }
                OpenSSLErrorQueue.clear()
                guard let pkey = EVP_PKCS82PKEY(info.pointer),
                    let key = PrivateKey(takingOwnership: pkey, location: location, format: "PKCS#12")
                else {
                    if !macVerified {
                        OpenSSLErrorQueue.clear()
                        return .wrongPassword
                    }
                    return .failed(
                        "the private key in \(location) cannot be read (\(OpenSSLErrorQueue.drainedText(fallback: "not a key")))"
                    )
                }
                contents.keys.append(key)
                contents.keyNames.append(friendlyName)
                found.insert("private key")
            case NID_safeContentsBag:
                let nested = readBags(
                    PKCS12_SAFEBAG_get0_safes(bag),
                    depth: depth + 1,
                    candidate: candidate,
                    macVerified: macVerified,
                    budget: &budget,
                    bagNumber: &bagNumber,
                    found: &found,
                    into: &contents
                )
                if case .opened = nested { continue }
                return nested
            case NID_crlBag:
                contents.other.append("CRL in \(location)")
                found.insert("CRL")
            case NID_secretBag:
                contents.other.append("secret in \(location)")
                found.insert("secret")
            default:
                contents.other.append("unknown bag type in \(location)")
            }
        }
        return .opened(())
    }

    /// The friendlyName attribute (PKCS#9, a BMPString), as UTF-8.
    private static func friendlyName(of bag: OpaquePointer) -> String? {
        guard let name = PKCS12_get_friendlyname(bag) else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        defer { tlsprobe_OPENSSL_free(name) }
        return String(cString: name)
    }
}
