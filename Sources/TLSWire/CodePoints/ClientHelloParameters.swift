/// What one kind of client offers in its ClientHello: cipher suites, signature schemes,
/// key exchange groups and protocol versions, in the client's order. `connect --profile
/// apple` shakes hands with `apple`'s, so the server is asked what an Apple client asks.
///
/// GREASE values (RFC 8701) and extensions beside these four lists are left out: they do
/// not change which parameters a server can choose.
public struct ClientHelloParameters: Sendable, Hashable {
    /// Who sends this ClientHello, as a report names it.
    public let client: String
    /// Cipher suites, TLS 1.3's first, in the client's order.
    public let cipherSuites: [CipherSuite]
    /// `signature_algorithms`, each scheme once, in the client's order.
    public let signatureSchemes: [SignatureScheme]
    /// `supported_groups` offered for key exchange, in the client's order.
    public let groups: [NamedGroup]
    /// The oldest and newest versions offered.
    public let minVersion: ProtocolVersion
    public let maxVersion: ProtocolVersion
    /// The groups the client sends a TLS 1.3 key share for in its first ClientHello, in
    /// order: the first of `groups` unless the client says otherwise.
    public let keyShareGroups: [NamedGroup]

    public init(
        client: String,
        cipherSuites: [CipherSuite],
        signatureSchemes: [SignatureScheme],
        groups: [NamedGroup],
        minVersion: ProtocolVersion,
        maxVersion: ProtocolVersion,
        keyShareGroups: [NamedGroup]? = nil
    ) {
        self.client = client
        self.cipherSuites = cipherSuites
        self.signatureSchemes = signatureSchemes
        self.groups = groups
        self.minVersion = minVersion
        self.maxVersion = maxVersion
        self.keyShareGroups = keyShareGroups ?? Array(groups.prefix(1))
    }

    /// The offer in one line: "TLS 1.2–1.3; cipher suites …; signature algorithms …; groups …".
    public var summary: String {
        func names<T: TLSCodePoint>(_ values: [T]) -> String {
            values.map { $0.name ?? $0.hex }.joined(separator: ", ")
        }
        return "\(minVersion)–\(maxVersion); cipher suites \(names(cipherSuites)); signature algorithms "
            + "\(names(signatureSchemes)); groups \(names(groups))"
    }

    /// Safari and URLSession/Network.framework on current iOS and macOS (Safari 17 and 18,
    /// iOS 17/18, macOS 14/15): one TLS stack, one ClientHello (JA3 773906b0efdefa24a7f2b8eb6985bf37).
    ///
    /// Sources, compared against each other:
    /// - captures of real Safari 18 on iOS and Safari 17 on macOS in the uTLS fingerprint
    ///   profiles (github.com/mar1xlatino/utls, profiles/Safari18Ios.go and
    ///   profiles/Safari17Macos.go) and the Safari profiles of rquest
    ///   (github.com/penumbra-x/rquest, src/impersonate/safari/mod.rs): the same 20 cipher
    ///   suites and 4 groups; signature schemes as below (Safari 17 also sent ecdsa_sha1 and
    ///   rsa_pss_rsae_sha384 twice; Safari 18 dropped both);
    /// - Apple's App Transport Security requirements ("Preventing Insecure Network
    ///   Connections", developer.apple.com): TLS 1.2 or later, ECDHE suites with AES, which
    ///   tlsprobe judges after the handshake (`tls.protocol_too_old`, `tls.no_forward_secrecy`).
    ///
    /// What the lists lack is what Apple's clients cannot use: no DHE suite, no ed25519 or
    /// ed448 and no ecdsa_secp521r1_sha512 signature, no ffdhe or x448 group. Safari also
    /// lists TLS 1.0 and 1.1 in supported_versions and refuses them after the handshake
    /// (Apple deprecated both in 2022); the range here is 1.2–1.3. iOS 26/macOS 26 add
    /// X25519MLKEM768 first among the groups, which OpenSSL 3.0 cannot offer; x25519 follows it.
    public static let apple = ClientHelloParameters(
        client: "Apple (Safari, URLSession; iOS 17+/macOS 14+)",
        cipherSuites: [
            .tlsAES128GCMSHA256, .tlsAES256GCMSHA384, .tlsCHACHA20POLY1305SHA256,
            .ecdheECDSAWithAES256GCMSHA384, .ecdheECDSAWithAES128GCMSHA256, .ecdheECDSAWithCHACHA20POLY1305SHA256,
            .ecdheRSAWithAES256GCMSHA384, .ecdheRSAWithAES128GCMSHA256, .ecdheRSAWithCHACHA20POLY1305SHA256,
            .ecdheECDSAWithAES256CBCSHA, .ecdheECDSAWithAES128CBCSHA, .ecdheRSAWithAES256CBCSHA,
            .ecdheRSAWithAES128CBCSHA,
            .rsaWithAES256GCMSHA384, .rsaWithAES128GCMSHA256, .rsaWithAES256CBCSHA, .rsaWithAES128CBCSHA,
            // The three 3DES-EDE-CBC-SHA suites, last. Debian's OpenSSL 3.0 is built without them
            // (no-weak-ssl-ciphers), so connect leaves them out: a server with only 3DES would be
            // reported as refusing Apple's offer.
            CipherSuite(0xC008), CipherSuite(0xC012), CipherSuite(0x000A),
        ],
        signatureSchemes: [
            .ecdsaSecp256r1SHA256, .rsaPSSRSAESHA256, .rsaPKCS1SHA256, .ecdsaSecp384r1SHA384, .rsaPSSRSAESHA384,
            .rsaPKCS1SHA384, .rsaPSSRSAESHA512, .rsaPKCS1SHA512, .rsaPKCS1SHA1,
        ],
        groups: [.x25519, .secp256r1, .secp384r1, .secp521r1],
        minVersion: .tls12,
        maxVersion: .tls13
    )

    /// iOS 26, iPadOS 26, macOS 26 (Tahoe) and visionOS 26: `apple` with X25519MLKEM768
    /// (0x11ec) first among the groups and a key share for it (1,216 bytes: the ML-KEM-768
    /// encapsulation key, 1,184, then the X25519 share, 32) beside x25519's, so the first
    /// ClientHello is about 1,700 bytes in one record, larger than one packet. tlsprobe sends
    /// it hand-built (`ClientHelloBuilder`): OpenSSL 3.0 cannot offer the group.
    ///
    /// Sources: Apple's "Prepare your network for quantum-secure encryption in TLS"
    /// (support.apple.com/122756) says the ClientHello of iOS 26, iPadOS 26, macOS Tahoe 26
    /// and visionOS 26 includes X25519MLKEM768 in supported_groups with a key share for it;
    /// draft-ietf-tls-ecdhe-mlkem gives the code point and the share's layout and size.
    /// No published packet capture of an iOS 26 ClientHello was found: the position first
    /// among the groups, and the x25519 share beside it, follow Chrome 131+ (which sends
    /// both, X25519MLKEM768 first); the other lists are `apple`'s, from captures of iOS
    /// 17/18. The padding to 1,700 bytes (`ClientHelloBuilder.largeHelloLength`) stands for
    /// extensions not copied here, so the record is about as large as theirs.
    public static let apple26 = ClientHelloParameters(
        client: "Apple post-quantum (iOS 26/macOS 26; Chrome 131+ alike)",
        cipherSuites: apple.cipherSuites,
        signatureSchemes: apple.signatureSchemes,
        groups: [.x25519MLKEM768] + apple.groups,
        minVersion: .tls12,
        maxVersion: .tls13,
        keyShareGroups: [.x25519MLKEM768, .x25519]
    )
}
