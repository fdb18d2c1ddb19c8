internal import COpenSSL
import Foundation
import TLSModel

/// Reads a stapled OCSP response (DER) with OpenSSL's OCSP parser: its status, the first
/// SingleResponse's certStatus and times, and whether it is about `leafSerial`.
enum OCSPStapleReader {
    /// The largest response read (OpenSSL itself caps a CertificateStatus message near 100 KiB).
    static let maximumBytes = 128 * 1024

    static func read(_ der: [UInt8]?, leafSerial: [UInt8]?) -> OCSPStaple {
        guard let der, !der.isEmpty else { return OCSPStaple(stapled: false) }
        var staple = OCSPStaple(stapled: true, bytes: der.count)
        guard der.count <= maximumBytes else { return staple }
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
        guard status == OCSP_RESPONSE_STATUS_SUCCESSFUL, let basic = OCSP_response_get1_basic(response) else { return staple }
        defer { OCSP_BASICRESP_free(basic) }
        guard OCSP_resp_count(basic) > 0, let single = OCSP_resp_get0(basic, 0) else { return staple }
        var reason: Int32 = 0
        var revoked: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        let certStatus = OCSP_single_get0_status(single, &reason, &revoked, &thisUpdate, &nextUpdate)
        staple.certificateStatus = String(cString: OCSP_cert_status_str(Int(certStatus)))
        staple.thisUpdate = date(thisUpdate)
        staple.nextUpdate = date(nextUpdate)
        staple.revocationTime = date(revoked)
        if let leafSerial, let id = OCSP_SINGLERESP_get0_id(single) {
            var serial: UnsafeMutablePointer<ASN1_INTEGER>?
            if OCSP_id_get0_info(nil, nil, nil, &serial, id) == 1, let serial, let big = ASN1_INTEGER_to_BN(serial, nil) {
                defer { BN_free(big) }
                var bytes = [UInt8](repeating: 0, count: Int(BN_num_bits(big) + 7) / 8)
                _ = BN_bn2bin(big, &bytes)
                staple.matchesLeaf = bytes == Array(leafSerial.drop(while: { $0 == 0 }))
            }
        }
        return staple
    }

    private static func date(_ time: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?) -> Date? {
        guard let time else { return nil }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
