import TLSWire

/// Whether the server accepted one protocol version when offered alone.
public struct VersionProbe: Sendable, Hashable {
    public var version: ProtocolVersion
    public var accepted: Bool
    /// Why not, when it did not (an alert name, "connection closed").
    public var detail: String?
    /// The OpenSSL security level the probe ran at (0 reaches TLS 1.0/1.1 servers), when known.
    public var securityLevel: Int?

    public init(version: ProtocolVersion, accepted: Bool, detail: String? = nil, securityLevel: Int? = nil) {
        self.version = version
        self.accepted = accepted
        self.detail = detail
        self.securityLevel = securityLevel
    }
}
