/// `NamedGroup` (RFC 8446 §4.2.7, RFC 8422 §5.1.1, RFC 7919): the IANA TLS Supported
/// Groups registry, used in `supported_groups` and `key_share`.
///
///     enum { ..., (0xFFFF) } NamedGroup;
public struct NamedGroup: TLSCodePoint {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    public static let secp256r1 = NamedGroup(0x0017)
    public static let secp384r1 = NamedGroup(0x0018)
    public static let secp521r1 = NamedGroup(0x0019)
    public static let x25519 = NamedGroup(0x001D)
    public static let x448 = NamedGroup(0x001E)
    public static let ffdhe2048 = NamedGroup(0x0100)
    public static let ffdhe3072 = NamedGroup(0x0101)
    public static let ffdhe4096 = NamedGroup(0x0102)
    public static let ffdhe6144 = NamedGroup(0x0103)
    public static let ffdhe8192 = NamedGroup(0x0104)
    public static let mlkem512 = NamedGroup(0x0200)
    public static let mlkem768 = NamedGroup(0x0201)
    public static let mlkem1024 = NamedGroup(0x0202)
    public static let secP256r1MLKEM768 = NamedGroup(0x11EB)
    public static let x25519MLKEM768 = NamedGroup(0x11EC)
    public static let secP384r1MLKEM1024 = NamedGroup(0x11ED)
    public static let x25519Kyber768Draft00 = NamedGroup(0x6399)

    /// The registry name (`x25519`, `X25519MLKEM768`), "GREASE", or nil.
    public var name: String? {
        if let known = Self.table.name(rawValue) { return known }
        return isGREASE ? GREASE.name : nil
    }

    /// The group with this name (case-insensitive), if known.
    public init?(name: String) {
        guard let value = Self.table.value(named: name) else { return nil }
        self.rawValue = value
    }

    /// Every named group, in registry order.
    public static let allKnown: [NamedGroup] = table.entries.map { NamedGroup($0.0) }

    /// Whether this is an RFC 8701 GREASE value.
    public var isGREASE: Bool { GREASE.isGREASE(rawValue) }

    /// Whether the group is a finite-field Diffie-Hellman group (RFC 7919).
    public var isFiniteField: Bool { (0x0100...0x01FF).contains(rawValue) }

    /// Whether the group includes a post-quantum KEM (ML-KEM, or the Kyber draft).
    public var isPostQuantum: Bool {
        (0x0200...0x0202).contains(rawValue) || (0x11EB...0x11ED).contains(rawValue)
            || rawValue == 0x6399 || rawValue == 0x639A
    }

    static let table = NameTable<UInt16>([
        (0x0001, "sect163k1"), (0x0002, "sect163r1"), (0x0003, "sect163r2"),
        (0x0004, "sect193r1"), (0x0005, "sect193r2"), (0x0006, "sect233k1"),
        (0x0007, "sect233r1"), (0x0008, "sect239k1"), (0x0009, "sect283k1"),
        (0x000A, "sect283r1"), (0x000B, "sect409k1"), (0x000C, "sect409r1"),
        (0x000D, "sect571k1"), (0x000E, "sect571r1"), (0x000F, "secp160k1"),
        (0x0010, "secp160r1"), (0x0011, "secp160r2"), (0x0012, "secp192k1"),
        (0x0013, "secp192r1"), (0x0014, "secp224k1"), (0x0015, "secp224r1"),
        (0x0016, "secp256k1"), (0x0017, "secp256r1"), (0x0018, "secp384r1"),
        (0x0019, "secp521r1"), (0x001A, "brainpoolP256r1"), (0x001B, "brainpoolP384r1"),
        (0x001C, "brainpoolP512r1"), (0x001D, "x25519"), (0x001E, "x448"),
        (0x001F, "brainpoolP256r1tls13"), (0x0020, "brainpoolP384r1tls13"),
        (0x0021, "brainpoolP512r1tls13"), (0x0022, "GC256A"), (0x0023, "GC256B"),
        (0x0024, "GC256C"), (0x0025, "GC256D"), (0x0026, "GC512A"), (0x0027, "GC512B"),
        (0x0028, "GC512C"), (0x0029, "curveSM2"),
        (0x0100, "ffdhe2048"), (0x0101, "ffdhe3072"), (0x0102, "ffdhe4096"),
        (0x0103, "ffdhe6144"), (0x0104, "ffdhe8192"),
        (0x0200, "MLKEM512"), (0x0201, "MLKEM768"), (0x0202, "MLKEM1024"),
        (0x11EB, "SecP256r1MLKEM768"), (0x11EC, "X25519MLKEM768"), (0x11ED, "SecP384r1MLKEM1024"),
        // Pre-standard Kyber hybrids, marked obsolete in the registry but still sent by
        // browsers of 2023-2024.
        (0x6399, "X25519Kyber768Draft00"), (0x639A, "SecP256r1Kyber768Draft00"),
        (0xFF01, "arbitrary_explicit_prime_curves"), (0xFF02, "arbitrary_explicit_char2_curves"),
    ])
}
