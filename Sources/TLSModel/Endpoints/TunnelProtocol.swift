/// A proxy whose tunnel carries the TLS, as a capture recognises it. The raw value is the
/// name in JSON.
public enum TunnelProtocol: String, CaseIterable, Sendable, Hashable {
    case httpConnect = "http-connect"
    case socks4, socks5

    /// "HTTP-CONNECT", "SOCKS5".
    public var displayName: String { rawValue.uppercased() }
}
