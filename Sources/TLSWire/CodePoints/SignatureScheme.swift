/// `SignatureScheme` (RFC 8446 §4.2.3): the IANA TLS SignatureScheme registry, used in
/// `signature_algorithms`, `signature_algorithms_cert` and CertificateRequest.
///
///     enum { ..., (0xFFFF) } SignatureScheme;
///
/// TLS 1.2 sent (HashAlgorithm, SignatureAlgorithm) byte pairs in the same field
/// (RFC 5246 §7.4.1.4.1); the pairs TLS 1.3 did not keep are named here too, `rsa_sha224`
/// style, because TLS 1.2 clients still offer them.
public struct SignatureScheme: TLSCodePoint {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    public static let rsaPKCS1SHA1 = SignatureScheme(0x0201)
    public static let ecdsaSHA1 = SignatureScheme(0x0203)
    public static let rsaPKCS1SHA256 = SignatureScheme(0x0401)
    public static let ecdsaSecp256r1SHA256 = SignatureScheme(0x0403)
    public static let rsaPKCS1SHA384 = SignatureScheme(0x0501)
    public static let ecdsaSecp384r1SHA384 = SignatureScheme(0x0503)
    public static let rsaPKCS1SHA512 = SignatureScheme(0x0601)
    public static let ecdsaSecp521r1SHA512 = SignatureScheme(0x0603)
    public static let rsaPSSRSAESHA256 = SignatureScheme(0x0804)
    public static let rsaPSSRSAESHA384 = SignatureScheme(0x0805)
    public static let rsaPSSRSAESHA512 = SignatureScheme(0x0806)
    public static let ed25519 = SignatureScheme(0x0807)
    public static let ed448 = SignatureScheme(0x0808)
    public static let rsaPSSPSSSHA256 = SignatureScheme(0x0809)
    public static let rsaPSSPSSSHA384 = SignatureScheme(0x080A)
    public static let rsaPSSPSSSHA512 = SignatureScheme(0x080B)

    /// The registry name (`rsa_pss_rsae_sha256`), "GREASE", or nil.
    public var name: String? {
        if let known = Self.table.name(rawValue) { return known }
        return isGREASE ? GREASE.name : nil
    }

    /// The scheme with this name (case-insensitive), if known.
    public init?(name: String) {
        guard let value = Self.table.value(named: name) else { return nil }
        self.rawValue = value
    }

    /// Every named scheme, in value order.
    public static let allKnown: [SignatureScheme] = table.entries.map { SignatureScheme($0.0) }

    /// Whether this is an RFC 8701 GREASE value.
    public var isGREASE: Bool { GREASE.isGREASE(rawValue) }

    /// Whether the scheme hashes with SHA-1 or MD5, which current clients refuse (RFC 9155).
    public var usesWeakHash: Bool {
        let hash = rawValue >> 8
        return (hash == 0x01 || hash == 0x02) && rawValue & 0xFF <= 0x03
    }

    static let table = NameTable<UInt16>([
        // TLS 1.2 (hash, signature) pairs: md5 = 1, sha1 = 2, sha224 = 3; rsa = 1, dsa = 2, ecdsa = 3.
        (0x0101, "rsa_md5"), (0x0102, "dsa_md5"), (0x0103, "ecdsa_md5"),
        (0x0201, "rsa_pkcs1_sha1"), (0x0202, "dsa_sha1"), (0x0203, "ecdsa_sha1"),
        (0x0301, "rsa_sha224"), (0x0302, "dsa_sha224"), (0x0303, "ecdsa_sha224"),
        (0x0401, "rsa_pkcs1_sha256"), (0x0402, "dsa_sha256"), (0x0403, "ecdsa_secp256r1_sha256"),
        (0x0420, "rsa_pkcs1_sha256_legacy"),
        (0x0501, "rsa_pkcs1_sha384"), (0x0502, "dsa_sha384"), (0x0503, "ecdsa_secp384r1_sha384"),
        (0x0520, "rsa_pkcs1_sha384_legacy"),
        (0x0601, "rsa_pkcs1_sha512"), (0x0602, "dsa_sha512"), (0x0603, "ecdsa_secp521r1_sha512"),
        (0x0620, "rsa_pkcs1_sha512_legacy"),
        (0x0704, "eccsi_sha256"), (0x0705, "iso_ibs1"), (0x0706, "iso_ibs2"),
        (0x0707, "iso_chinese_ibs"), (0x0708, "sm2sig_sm3"),
        (0x0709, "gostr34102012_256a"), (0x070A, "gostr34102012_256b"),
        (0x070B, "gostr34102012_256c"), (0x070C, "gostr34102012_256d"),
        (0x070D, "gostr34102012_512a"), (0x070E, "gostr34102012_512b"),
        (0x070F, "gostr34102012_512c"),
        (0x0804, "rsa_pss_rsae_sha256"), (0x0805, "rsa_pss_rsae_sha384"), (0x0806, "rsa_pss_rsae_sha512"),
        (0x0807, "ed25519"), (0x0808, "ed448"),
        (0x0809, "rsa_pss_pss_sha256"), (0x080A, "rsa_pss_pss_sha384"), (0x080B, "rsa_pss_pss_sha512"),
        (0x081A, "ecdsa_brainpoolP256r1tls13_sha256"), (0x081B, "ecdsa_brainpoolP384r1tls13_sha384"),
        (0x081C, "ecdsa_brainpoolP512r1tls13_sha512"),
        (0x0904, "mldsa44"), (0x0905, "mldsa65"), (0x0906, "mldsa87"),
    ])
}
