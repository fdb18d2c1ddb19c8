internal import COpenSSL
import Foundation
import TLSDiagnosis

/// Judges a client's chain inside the handshake, as the real server would: tlsprobe's trust
/// engine for the client purpose against the `--client-anchor` roots. A chain it does not
/// trust is refused with the alert OpenSSL sends for the matching verify error (unknown_ca
/// for a chain that leads to no anchor, certificate_expired, unsupported_certificate for a
/// missing clientAuth usage…), so the client sees a realistic refusal; the report judges
/// the same chain again in full. Without anchors every certificate is accepted.
final class ClientCertificateJudge: @unchecked Sendable {
    // @unchecked: read-only after init; called from each connection's thread.
    let anchors: [TrustAnchor]
    let profile: Profile

    init(anchors: [TrustAnchor], profile: Profile) {
        self.anchors = anchors
        self.profile = profile
    }

    /// Whether to accept the chain in `storeContext`; on refusal the context carries the
    /// verify error that picks OpenSSL's alert.
    func judge(_ storeContext: OpaquePointer) -> Bool {
        guard !anchors.isEmpty else { return true }
        guard let leafX509 = X509_STORE_CTX_get0_cert(storeContext), let leafDER = DERCoding.encode({ i2d_X509(leafX509, $0) }),
            let leaf = try? X509Certificate(derEncoded: leafDER)
        else {
            X509_STORE_CTX_set_error(storeContext, X509_V_ERR_CERT_REJECTED)
            return false
        }
        var presented: [X509Certificate] = []
        if let stack = X509_STORE_CTX_get0_untrusted(storeContext) {
            for index in 0..<min(Int(tlsprobe_sk_X509_num(stack)), 32) {
                guard let x509 = tlsprobe_sk_X509_value(stack, Int32(index)), let der = DERCoding.encode({ i2d_X509(x509, $0) }),
                    der != leafDER, let certificate = try? X509Certificate(derEncoded: der)
                else { continue }
                presented.append(certificate)
            }
        }
        let context = TrustContext(at: Date(), expectedName: nil, purpose: .client, profile: profile)
        let evaluation = TrustEngine.evaluate(leaf: leaf, presented: presented, anchors: anchors, context: context)
        guard !evaluation.trusted else { return true }
        X509_STORE_CTX_set_error(storeContext, Self.verifyError(for: evaluation.findings.filter { $0.severity == .error }.map(\.code)))
        return false
    }

    /// The OpenSSL verify error whose alert says best why the chain is refused.
    static func verifyError(for codes: [FindingCode]) -> Int32 {
        let noPath: [FindingCode] = [.chainUntrustedRoot, .chainMissingIntermediate, .chainAnchorKeyMismatch, .chainSelfSignedLeaf]
        if codes.contains(where: noPath.contains) { return X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY }
        if codes.contains(.certExpired) { return X509_V_ERR_CERT_HAS_EXPIRED }
        if codes.contains(.certNotYetValid) { return X509_V_ERR_CERT_NOT_YET_VALID }
        if codes.contains(.certEKUMissingClientAuth) || codes.contains(.certKeyUsageIncompatible) { return X509_V_ERR_INVALID_PURPOSE }
        if codes.contains(.chainBadSignature) { return X509_V_ERR_CERT_SIGNATURE_FAILURE }
        return X509_V_ERR_CERT_REJECTED
    }
}

/// OpenSSL's whole-chain verify callback (`SSL_CTX_set_cert_verify_callback`): hands the
/// store context to the judge passed as its argument.
let judgeClientChainCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { storeContext, argument in
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
            if let match = entries.first(where: { $0.1 == wanted.count && offered[$0.0..<($0.0 + $0.1)].elementsEqual(wanted) }) {
                return match
            }
        }
        return nil
    }
}

/// OpenSSL's ALPN select callback.
let alpnSelectCallback: @convention(c) (
    OpaquePointer?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, UnsafeMutablePointer<UInt8>?, UnsafePointer<UInt8>?, UInt32,
    UnsafeMutableRawPointer?
) -> Int32 = { _, out, outLength, offered, offeredLength, argument in
    guard let out, let outLength, let offered, let argument else { return SSL_TLSEXT_ERR_NOACK }
    let preference = Unmanaged<ALPNPreference>.fromOpaque(argument).takeUnretainedValue()
    guard let (offset, length) = preference.select(from: UnsafeBufferPointer(start: offered, count: Int(offeredLength))) else {
        return SSL_TLSEXT_ERR_NOACK
    }
    // Points into the client's list, which OpenSSL copies before the callback's input goes.
    out.pointee = offered + offset
    outLength.pointee = UInt8(length)
    return SSL_TLSEXT_ERR_OK
}
