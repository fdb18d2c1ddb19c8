import TLSWire

/// connect: the first handshake failed on the protocol version, and a fallback handshake at
/// an older version (TLS 1.1, 1.0) was made so the server's chain could be judged. The
/// report's handshake, chain and trust are the fallback's; this keeps the first failure.
public struct FallbackSummary: Sendable, Hashable {
    /// The code of the first handshake's failure (`tls.no_common_version`).
    public var reason: FindingCode
    /// What the first failure's finding said.
    public var firstFailure: String
    /// The version of the fallback handshake; nil when the server accepted no older version.
    public var version: ProtocolVersion?
    /// Each older version offered alone, at security level 0.
    public var probes: [VersionProbe]

    public init(reason: FindingCode, firstFailure: String, version: ProtocolVersion?, probes: [VersionProbe]) {
        self.reason = reason
        self.firstFailure = firstFailure
        self.version = version
        self.probes = probes
    }
}
