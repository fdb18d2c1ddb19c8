import TLSWire

/// connect: the first handshake failed on the protocol version or the cipher suite, and a
/// fallback handshake (at an older version, or at the same versions offering every suite)
/// was made so the server's chain could be judged. The report's handshake, chain and trust
/// are the fallback's; this keeps the first failure.
public struct FallbackSummary: Sendable, Hashable {
    /// The code of the first handshake's failure (`tls.no_common_version`,
    /// `tls.no_common_cipher`).
    public var reason: FindingCode
    /// What the first failure's finding said.
    public var firstFailure: String
    /// The version of the fallback handshake; nil when the server accepted none.
    public var version: ProtocolVersion?
    /// Each older version offered alone, at security level 0 (none when a retry offering
    /// every suite at the first handshake's versions was enough).
    public var probes: [VersionProbe]
    /// The cipher suite the fallback handshake agreed on; nil when there was none.
    public var cipher: CipherSuite?

    public init(
        reason: FindingCode,
        firstFailure: String,
        version: ProtocolVersion?,
        probes: [VersionProbe],
        cipher: CipherSuite? = nil
    ) {
        self.reason = reason
        self.firstFailure = firstFailure
        self.version = version
        self.probes = probes
        self.cipher = cipher
    }
}
