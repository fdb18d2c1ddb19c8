import TLSWire

/// One accepted suite, with what App Transport Security asks of it.
public struct CipherSuiteSummary: Sendable, Hashable {
    public var suite: CipherSuite
    /// Ephemeral (EC)DHE key exchange, or any TLS 1.3 suite.
    public var forwardSecrecy: Bool
    /// An AEAD cipher: AES-GCM, ChaCha20-Poly1305, AES-CCM.
    public var aead: Bool
    /// Whether an iOS/macOS client under App Transport Security can use it (below).
    public var ats: Bool
}

/// The suites a server accepted at one version (`connect --ciphers`), judged.
public struct CipherVersionSummary: Sendable, Hashable {
    public var version: ProtocolVersion
    /// In the order the server chose them.
    public var suites: [CipherSuiteSummary]
    /// `server` when the server's order wins, `client` when ours does; nil when unknown.
    public var order: String?
    /// How many suites were offered at first.
    public var offered: Int
    /// Why the enumeration stopped early, when it did.
    public var detail: String?
}

/// `--ciphers`: each accepted suite marked for forward secrecy, AEAD and App Transport
/// Security. ATS-compatible here means a suite ATS accepts at that version: at TLS 1.2,
/// one of the eleven ECDHE suites of Apple's documented list (`atsTLS12Suites`), CBC ones
/// included; at TLS 1.3, one of the suites Apple's TLS implements (AES-GCM,
/// ChaCha20-Poly1305; not the CCM ones). `aead` and `forward_secrecy` are marked apart.
public enum CipherDiagnosis {
    /// The TLS 1.2 cipher suites App Transport Security accepts, as Apple lists them under
    /// "Requirements for Connecting Using ATS" (Information Property List Key Reference,
    /// `NSAppTransportSecurity`; Apple's "Preventing Insecure Network Connections"): forward
    /// secrecy by ECDHE, AES-128 or AES-256, GCM or CBC. ChaCha20-Poly1305 is not on that
    /// list, so a TLS 1.2 ChaCha20 suite is not marked `ats` though Apple's TLS can speak it;
    /// nor is TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA, which the list leaves out.
    public static let atsTLS12Suites: Set<String> = [
        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
        "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384", "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
        "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
        "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256",
        "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
    ]

    public static func summaries(_ probes: [CipherProbe]) -> [CipherVersionSummary] {
        probes.sorted { $0.version < $1.version }.map { probe in
            CipherVersionSummary(
                version: probe.version,
                suites: probe.accepted.map { summary($0, version: probe.version) },
                order: probe.serverOrder.map { $0 ? "server" : "client" },
                offered: probe.offered,
                detail: probe.detail
            )
        }
    }

    public static func summary(_ suite: CipherSuite, version: ProtocolVersion) -> CipherSuiteSummary {
        let name = suite.name ?? ""
        let appleAEAD = name.containsText("_GCM_") || name.containsText("CHACHA20_POLY1305")
        let aead = appleAEAD || name.containsText("_CCM")
        let ats: Bool
        if suite.isTLS13 {
            ats = version >= .tls13 && appleAEAD
        } else {
            ats = version == .tls12 && atsTLS12Suites.contains(name)
        }
        return CipherSuiteSummary(suite: suite, forwardSecrecy: suite.isForwardSecret, aead: aead, ats: ats)
    }
}
