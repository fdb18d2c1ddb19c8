internal import COpenSSL
import TLSModel

/// The certificates a server sent, as libssl decoded them during the handshake
/// (SSL_get_peer_cert_chain), each kept with its DER. `OpenSSLVerification` and the OCSP
/// reader take a certificate from here when its DER is the one asked for, rather than
/// decoding the same bytes again: in OpenSSL 3.0 each `d2i_X509` costs about 1.5 M
/// instructions, most of them in the public key's decoder, and connect decoded the chain
/// it had just received twice more.
public final class PeerCertificates: @unchecked Sendable {
    // Immutable after init; OpenSSL's X509 objects are safe to share between threads for
    // reading and verification (their caches are filled under OpenSSL's own locks).
    private let entries: [(der: [UInt8], x509: OwnedX509)]

    /// The peer's chain on `ssl` (the leaf first, as a client sees it); nil when it has none.
    init?(ssl: OpaquePointer) {
        guard let stack = SSL_get_peer_cert_chain(ssl) else { return nil }
        var entries: [(der: [UInt8], x509: OwnedX509)] = []
        for index in 0..<tlsprobe_sk_X509_num(stack) {
            // The stack keeps its references; each entry takes one of its own.
            guard let x509 = tlsprobe_sk_X509_value(stack, index), X509_up_ref(x509) == 1 else { continue }
            let owned = OwnedX509(takingOwnership: x509)
            guard let der = owned.der else { continue }
            entries.append((der, owned))
        }
        guard !entries.isEmpty else { return nil }
        self.entries = entries
    }

    /// How many certificates libssl kept.
    public var count: Int { entries.count }

    /// The decoded certificate whose DER is exactly `der`, or nil.
    func x509(der: [UInt8]) -> OwnedX509? {
        entries.first { $0.der == der }?.x509
    }
}

extension OwnedX509 {
    /// The peer's own decoding of `der` when it has one, else a fresh decoding (nil when
    /// OpenSSL cannot read it): the same certificate either way.
    static func decoding(_ der: [UInt8], from peer: PeerCertificates?) -> OwnedX509? {
        peer?.x509(der: der) ?? OwnedX509(der: der)
    }
}
