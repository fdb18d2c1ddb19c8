internal import COpenSSL
import SystemCalls
import TLSModel

/// Reads a stapled OCSP response (DER) with OpenSSL's OCSP parser: its status, and the
/// certStatus and times of the SingleResponse about the leaf, found among all of them by
/// its CertID (serial number, issuer name hash and issuer key hash, with the hash the
/// responder used); the first SingleResponse's when none is about the leaf. It also checks
/// the response (`OCSPStapleCheck`): who signed it, the signature, and the CertID. The
/// dates are judged by the diagnosis, at the report's time.
enum OCSPStapleReader {
    /// The largest response read (OpenSSL itself caps a CertificateStatus message near 100 KiB).
    static let maximumBytes = 128 * 1024

    /// `der`: the response when it was read; `length`: its size as received (a staple over
    /// `maximumBytes` comes with `der` nil). `chain`: the server's certificates, leaf first;
    /// `issuers`: others that may have issued the leaf (the anchors).
    static func read(
        _ der: [UInt8]?,
        length: Int,
        chain: [X509Certificate],
        issuers: [X509Certificate] = [],
        peer: PeerCertificates? = nil
    ) -> OCSPStaple {
        guard length > 0 else { return OCSPStaple(stapled: false) }
        var staple = OCSPStaple(stapled: true, bytes: length)
        guard let der, !der.isEmpty, der.count <= maximumBytes else {
            staple.detail = "not read: \(length) bytes, over the \(maximumBytes / 1024) KiB tlsprobe reads"
            return staple
        }
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        let response: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_OCSP_RESPONSE(nil, &cursor, buffer.count)
        }
        guard let response else {
            staple.responseStatus = "malformed (not an OCSPResponse)"
            staple.check = OCSPStapleCheck(failure: .unparseable, detail: "not an OCSPResponse")
            return staple
        }
        defer { OCSP_RESPONSE_free(response) }
        let status = OCSP_response_status(response)
        staple.responseStatus = String(cString: OCSP_response_status_str(Int(status)))
        guard status == OCSP_RESPONSE_STATUS_SUCCESSFUL else { return staple }
        guard let basic = OCSP_response_get1_basic(response) else {
            // successful, but no responseBytes (or not a BasicOCSPResponse): no status at all.
            staple.detail = "no response body"
            staple.check = OCSPStapleCheck(failure: .unparseable, detail: "successful, with no response body")
            return staple
        }
        defer { OCSP_BASICRESP_free(basic) }
        let count = Int(OCSP_resp_count(basic))
        guard count > 0 else {
            staple.detail = "no SingleResponse"
            staple.check = OCSPStapleCheck(failure: .certID, detail: "no SingleResponse at all")
            return staple
        }
        let leaf = chain.first.flatMap { OwnedX509.decoding($0.der, from: peer) }
        let issuer = leaf.flatMap { leafIssuer(of: $0, among: Array(chain.dropFirst()) + issuers, peer: peer) }
        var chosen = 0
        var matched: Bool? = nil
        if let leaf {
            matched = false
            for index in 0..<count {
                guard let single = OCSP_resp_get0(basic, Int32(index)), let id = OCSP_SINGLERESP_get0_id(single) else {
                    continue
                }
                if isAbout(id, leaf: leaf, issuer: issuer) {
                    chosen = index
                    matched = true
                    break
                }
            }
        }
        guard let single = OCSP_resp_get0(basic, Int32(chosen)) else { return staple }
        var reason: Int32 = 0
        var revoked: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        let certStatus = OCSP_single_get0_status(single, &reason, &revoked, &thisUpdate, &nextUpdate)
        staple.certificateStatus = String(cString: OCSP_cert_status_str(Int(certStatus)))
        staple.thisUpdate = date(thisUpdate)
        staple.nextUpdate = date(nextUpdate)
        staple.revocationTime = date(revoked)
        if certStatus == V_OCSP_CERTSTATUS_REVOKED, reason >= 0, let text = OCSP_crl_reason_str(Int(reason)) {
            staple.revocationReason = reasonName(String(cString: text))
        }
        staple.matchesLeaf = matched
        staple.check = check(basic, chain: chain, peer: peer, issuer: issuer, matched: matched)
        return staple
    }

    /// The leaf's issuer among `candidates` (the presented chain, then the anchors): the
    /// first whose name is the leaf's issuer name and whose key verifies the leaf's
    /// signature; else the first with that name (its key hash then fails the CertID).
    private static func leafIssuer(
        of leaf: OwnedX509,
        among candidates: [X509Certificate],
        peer: PeerCertificates?
    ) -> OwnedX509? {
        guard let leafIssuer = X509_get_issuer_name(leaf.pointer) else { return nil }
        var named: OwnedX509?
        for candidate in candidates {
            guard let owned = OwnedX509.decoding(candidate.der, from: peer),
                let subject = X509_get_subject_name(owned.pointer), X509_NAME_cmp(subject, leafIssuer) == 0
            else { continue }
            if let key = X509_get0_pubkey(owned.pointer), X509_verify(leaf.pointer, key) == 1 { return owned }
            if named == nil { named = owned }
        }
        OpenSSLErrorQueue.clear()
        return named
    }

    /// OpenSSL's reason strings ("keyCompromise", "cessationOfOperation"…) are RFC 5280's
    /// names but for a few spelled with capitals or spaces; those are given RFC 5280's.
    private static func reasonName(_ text: String) -> String {
        switch text {
        case "CA Compromise": return "cACompromise"
        case "Certificate Hold": return "certificateHold"
        case "Remove From CRL": return "removeFromCRL"
        default: return text
        }
    }

    /// Checks the response: the signer (found by the ResponderID among the response's own
    /// certificates, the presented chain and the issuer) must be the leaf's issuer, or a certificate
    /// the issuer signed with id-kp-OCSPSigning in its extended key usage; the signature
    /// must verify with the signer's key (OCSP_basic_verify with OCSP_NOVERIFY: the signer's
    /// own chain is not built to an anchor, the responder rule above replaces it); and a
    /// SingleResponse must be about the leaf (`matched`). The first failure is kept.
    private static func check(
        _ basic: OpaquePointer,
        chain: [X509Certificate],
        peer: PeerCertificates?,
        issuer: OwnedX509?,
        matched: Bool?
    ) -> OCSPStapleCheck {
        guard let issuer else {
            return OCSPStapleCheck(
                detail: "the leaf's issuer is neither presented nor an anchor: the responder was not checked",
                issuerKnown: false
            )
        }
        guard let presented = OwnedX509Stack() else {
            return OCSPStapleCheck(detail: "out of memory", issuerKnown: false)
        }
        for certificate in chain {
            guard let owned = OwnedX509.decoding(certificate.der, from: peer), X509_up_ref(owned.pointer) == 1 else {
                continue
            }
            if !presented.push(owned.pointer) { X509_free(owned.pointer) }
        }
        // The issuer may be an anchor the server did not send, and the signer.
        if X509_up_ref(issuer.pointer) == 1, !presented.push(issuer.pointer) { X509_free(issuer.pointer) }
        var result = OCSPStapleCheck()
        var signerPointer: OpaquePointer?
        guard OCSP_resp_get0_signer(basic, &signerPointer, presented.pointer) == 1, let signer = signerPointer else {
            result.failure = .responder
            result.detail = "the response names a signer that neither it nor the server's chain carries"
            return result
        }
        result.signer = DERCoding.encode { i2d_X509(signer, $0) }.flatMap {
            try? X509Certificate(derEncoded: $0).subjectString
        }
        let signerText = result.signer.map { "\"\($0)\"" } ?? "the signer"
        if X509_cmp(signer, issuer.pointer) == 0 {
            result.responder = .issuer
        } else if X509_check_issued(issuer.pointer, signer) == X509_V_OK,
            let issuerKey = X509_get0_pubkey(issuer.pointer), X509_verify(signer, issuerKey) == 1
        {
            guard X509_get_extension_flags(signer) & UInt32(EXFLAG_XKUSAGE) != 0,
                X509_get_extended_key_usage(signer) & UInt32(XKU_OCSP_SIGN) != 0
            else {
                result.failure = .responder
                result.detail =
                    "signed by \(signerText), issued by the leaf's issuer but without id-kp-OCSPSigning"
                return result
            }
            result.responder = .delegate
        } else {
            result.failure = .responder
            result.detail = "signed by \(signerText), neither the leaf's issuer nor a delegate it issued"
            return result
        }
        OpenSSLErrorQueue.clear()
        let verified = OCSP_basic_verify(basic, presented.pointer, nil, UInt(OCSP_NOVERIFY))
        OpenSSLErrorQueue.clear()
        guard verified == 1 else {
            result.responder = nil
            result.failure = .signature
            result.detail = "the signature does not verify with the key of \(signerText)"
            return result
        }
        if matched != true {
            result.failure = .certID
            result.detail = "no SingleResponse is about the leaf (serial number, issuer name and key hashes)"
        }
        return result
    }

    /// Whether the CertID `id` names `leaf`: with its issuer certificate, the whole CertID
    /// made again with the responder's hash (OCSP_cert_to_id, OCSP_id_cmp); without it, the
    /// serial number and the hash of the leaf's issuer name.
    private static func isAbout(_ id: OpaquePointer, leaf: OwnedX509, issuer: OwnedX509?) -> Bool {
        var nameHash: UnsafeMutablePointer<ASN1_OCTET_STRING>?
        var hashAlgorithm: OpaquePointer?
        var serial: UnsafeMutablePointer<ASN1_INTEGER>?
        guard OCSP_id_get0_info(&nameHash, &hashAlgorithm, nil, &serial, id) == 1, let serial,
            let shortName = OBJ_nid2sn(OBJ_obj2nid(hashAlgorithm)), let md = EVP_get_digestbyname(shortName)
        else { return false }
        if let issuer {
            guard let made = OCSP_cert_to_id(md, leaf.pointer, issuer.pointer) else { return false }
            defer { OCSP_CERTID_free(made) }
            return OCSP_id_cmp(made, id) == 0
        }
        guard ASN1_INTEGER_cmp(serial, X509_get0_serialNumber(leaf.pointer)) == 0, let nameHash else { return false }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var digestLength: UInt32 = 0
        guard X509_NAME_digest(X509_get_issuer_name(leaf.pointer), md, &digest, &digestLength) == 1 else {
            return false
        }
        let theirs = Array(
            UnsafeBufferPointer(start: ASN1_STRING_get0_data(nameHash), count: Int(ASN1_STRING_length(nameHash)))
        )
        return Array(digest.prefix(Int(digestLength))) == theirs
    }

    private static func date(_ time: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?) -> Date? {
        guard let time else { return nil }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
