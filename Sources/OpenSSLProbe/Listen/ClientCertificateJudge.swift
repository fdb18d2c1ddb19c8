internal import COpenSSL
import SystemCalls
import TLSModel

/// Why `listen`'s stand-in server refuses a client's chain: picks the verify error, and so
/// the alert, that OpenSSL sends (unknown_ca for a chain that leads to no anchor,
/// certificate_expired, unsupported_certificate for a missing clientAuth usage…), so the
/// client sees a realistic refusal.
public enum ClientChainRefusal: Sendable, Hashable {
    /// No path to an anchor: unknown_ca.
    case noPath
    case expired
    case notYetValid
    /// Not for client authentication (extended or plain key usage).
    case wrongPurpose
    case badSignature
    /// Anything else: bad_certificate.
    case other

    /// The OpenSSL verify error whose alert says it.
    var verifyError: Int32 {
        switch self {
        case .noPath: return X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY
        case .expired: return X509_V_ERR_CERT_HAS_EXPIRED
        case .notYetValid: return X509_V_ERR_CERT_NOT_YET_VALID
        case .wrongPurpose: return X509_V_ERR_INVALID_PURPOSE
        case .badSignature: return X509_V_ERR_CERT_SIGNATURE_FAILURE
        case .other: return X509_V_ERR_CERT_REJECTED
        }
    }
}

/// Judges a client's chain during the handshake, as the real server would: the leaf and
/// the certificates sent with it in, nil to accept it or why it is refused. The caller
/// brings the trust rules (tlsprobe's trust engine for the client purpose against the
/// `--client-anchor` roots); the report judges the same chain again in full.
public typealias ClientChainJudgement =
    @Sendable (_ leaf: X509Certificate, _ presented: [X509Certificate]) -> ClientChainRefusal?

/// Hands OpenSSL's view of a client's chain to the judgement. Without one every
/// certificate is accepted.
final class ClientCertificateJudge: @unchecked Sendable {
    // @unchecked: read-only after init; called from each connection's thread.
    let judgement: ClientChainJudgement?

    init(_ judgement: ClientChainJudgement?) {
        self.judgement = judgement
    }

    /// Whether to accept the chain in `storeContext`; on refusal the context carries the
    /// verify error that picks OpenSSL's alert.
    func judge(_ storeContext: OpaquePointer) -> Bool {
        guard let judgement else { return true }
        guard let leafX509 = X509_STORE_CTX_get0_cert(storeContext),
            let leafDER = DERCoding.encode({ i2d_X509(leafX509, $0) }),
            let leaf = try? X509Certificate(derEncoded: leafDER)
        else {
            X509_STORE_CTX_set_error(storeContext, X509_V_ERR_CERT_REJECTED)
            return false
        }
        var presented: [X509Certificate] = []
        if let stack = X509_STORE_CTX_get0_untrusted(storeContext) {
            for index in 0..<min(Int(tlsprobe_sk_X509_num(stack)), 32) {
                guard let x509 = tlsprobe_sk_X509_value(stack, Int32(index)),
                    let der = DERCoding.encode({ i2d_X509(x509, $0) }),
                    der != leafDER, let certificate = try? X509Certificate(derEncoded: der)
                else { continue }
                presented.append(certificate)
            }
        }
        guard let refusal = judgement(leaf, presented) else { return true }
        X509_STORE_CTX_set_error(storeContext, refusal.verifyError)
        return false
    }
}

/// OpenSSL's whole-chain verify callback (`SSL_CTX_set_cert_verify_callback`): hands the
/// store context to the judge passed as its argument.
let judgeClientChainCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = {
    storeContext,
    argument in
    guard let storeContext, let argument else { return 0 }
    return Unmanaged<ClientCertificateJudge>.fromOpaque(argument).takeUnretainedValue().judge(storeContext) ? 1 : 0
}

/// The ALPN protocols `listen` selects, in its order of preference, as OpenSSL's select
/// callback argument.
final class ALPNPreference: @unchecked Sendable {
    // @unchecked: read-only after init.
    let protocols: [[UInt8]]

    init(_ protocols: [String]) { self.protocols = protocols.map { Array($0.utf8) } }

    /// The first of ours the client offers, as an offset and length into `offered` (the
    /// client's wire list); nil when none is: no ALPN then, as most servers do.
    func select(from offered: UnsafeBufferPointer<UInt8>) -> (offset: Int, length: Int)? {
        var entries: [(Int, Int)] = []
        var index = 0
        while index < offered.count {
            let length = Int(offered[index])
            guard length > 0, index + 1 + length <= offered.count else { break }
            entries.append((index + 1, length))
            index += 1 + length
        }
        for wanted in protocols {
            if let match = entries.first(where: {
                $0.1 == wanted.count && offered[$0.0..<($0.0 + $0.1)].elementsEqual(wanted)
            }) {
                return match
            }
        }
        return nil
    }
}

/// OpenSSL's ALPN select callback.
let alpnSelectCallback:
    @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, UnsafeMutablePointer<UInt8>?,
        UnsafePointer<UInt8>?, UInt32,
        UnsafeMutableRawPointer?
    ) -> Int32 = { _, out, outLength, offered, offeredLength, argument in
        guard let out, let outLength, let offered, let argument else { return SSL_TLSEXT_ERR_NOACK }
        let preference = Unmanaged<ALPNPreference>.fromOpaque(argument).takeUnretainedValue()
        guard
            let (offset, length) = preference.select(
                from: UnsafeBufferPointer(start: offered, count: Int(offeredLength))
            )
        else {
            return SSL_TLSEXT_ERR_NOACK
        }
        // Points into the client's list, which OpenSSL copies before the callback's input goes.
        out.pointee = offered + offset
        outLength.pointee = UInt8(length)
        return SSL_TLSEXT_ERR_OK
    }
