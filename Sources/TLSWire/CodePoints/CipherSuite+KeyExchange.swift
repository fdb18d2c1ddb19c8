/// How a TLS 1.2-and-earlier cipher suite establishes its keys, which decides the shape of
/// ServerKeyExchange and ClientKeyExchange (RFC 5246 §7.4.3, RFC 8422 §5.4, RFC 4279).
public enum KeyExchangeMethod: String, Hashable, Sendable, CaseIterable {
    /// Key transport to the certificate's RSA key: no ServerKeyExchange.
    case rsa
    /// RSA_EXPORT: a temporary 512-bit RSA key in ServerKeyExchange.
    case rsaExport = "rsa_export"
    /// Ephemeral finite-field Diffie-Hellman, signed.
    case dhe
    /// Ephemeral elliptic-curve Diffie-Hellman, signed.
    case ecdhe
    /// Anonymous ephemeral finite-field Diffie-Hellman: unsigned parameters.
    case dhAnon = "dh_anon"
    /// Anonymous ephemeral elliptic-curve Diffie-Hellman: unsigned parameters.
    case ecdhAnon = "ecdh_anon"
    /// Static Diffie-Hellman from the certificate: no ServerKeyExchange.
    case dh
    /// Static elliptic-curve Diffie-Hellman from the certificate: no ServerKeyExchange.
    case ecdh
    /// Pre-shared key only (RFC 4279): an identity hint.
    case psk
    /// PSK plus ephemeral finite-field Diffie-Hellman (RFC 4279 §3).
    case dhePSK = "dhe_psk"
    /// PSK plus ephemeral elliptic-curve Diffie-Hellman (RFC 5489).
    case ecdhePSK = "ecdhe_psk"
    /// PSK plus RSA key transport (RFC 4279 §4).
    case rsaPSK = "rsa_psk"
    /// Secure Remote Password (RFC 5054).
    case srp
    /// A TLS 1.3 suite: the key exchange is negotiated by extensions, not the suite.
    case tls13
    /// Not known to this build.
    case unknown
}

extension CipherSuite {
    /// The key exchange the suite's IANA name spells out; `.unknown` for unnamed values.
    public var keyExchangeMethod: KeyExchangeMethod {
        if isTLS13 { return .tls13 }
        guard let name else { return .unknown }
        // Longest prefixes first: "TLS_ECDHE_PSK_" before "TLS_ECDHE_", "TLS_DH_anon_" before "TLS_DH_".
        let prefixes: [(String, KeyExchangeMethod)] = [
            ("TLS_ECDHE_PSK_", .ecdhePSK), ("TLS_ECDHE_", .ecdhe), ("TLS_ECDH_anon_", .ecdhAnon),
            ("TLS_ECDH_", .ecdh), ("TLS_DHE_PSK_", .dhePSK), ("TLS_PSK_DHE_", .dhePSK), ("TLS_DHE_", .dhe),
            ("TLS_DH_anon_", .dhAnon), ("TLS_DH_", .dh), ("TLS_RSA_PSK_", .rsaPSK),
            ("TLS_RSA_EXPORT", .rsaExport), ("TLS_RSA_", .rsa), ("TLS_PSK_", .psk), ("TLS_SRP_", .srp),
        ]
        for (prefix, method) in prefixes where name.hasPrefix(prefix) { return method }
        return .unknown
    }
}
