internal import COpenSSL
import SystemCalls
import TLSModel

/// Reads a stapled OCSP response (DER) with OpenSSL's OCSP parser: its status, and the
/// certStatus and times of the SingleResponse about the leaf, found among all of them by
/// its CertID (serial number, issuer name hash and issuer key hash, with the hash the
/// responder used); the first SingleResponse's when none is about the leaf.
enum OCSPStapleReader {
    /// The largest response read (OpenSSL itself caps a CertificateStatus message near 100 KiB).
    static let maximumBytes = 128 * 1024

    /// `der`: the response when it was read; `length`: its size as received (a staple over
    /// `maximumBytes` comes with `der` nil). `chain`: the server's certificates, leaf first.
    static func read(
        _ der: [UInt8]?,
        length: Int,
        chain: [X509Certificate],
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
            return staple
        }
        defer { OCSP_RESPONSE_free(response) }
        let status = OCSP_response_status(response)
        staple.responseStatus = String(cString: OCSP_response_status_str(Int(status)))
        guard status == OCSP_RESPONSE_STATUS_SUCCESSFUL else { return staple }
        guard let basic = OCSP_response_get1_basic(response) else {
            // successful, but no responseBytes (or not a BasicOCSPResponse): no status at all.
            staple.detail = "no response body"
            return staple
        }
        defer { OCSP_BASICRESP_free(basic) }
        let count = Int(OCSP_resp_count(basic))
        guard count > 0 else {
            staple.detail = "no SingleResponse"
            return staple
        }
        let leaf = chain.first.flatMap { OwnedX509.decoding($0.der, from: peer) }
        let issuer = chain.first.flatMap { leafCert in
            chain.dropFirst().first { $0.subjectDER == leafCert.issuerDER }.flatMap {
                OwnedX509.decoding($0.der, from: peer)
            }
        }
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
        staple.matchesLeaf = matched
        return staple
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
