import TLSWire

/// The cipher suites a server accepted at one protocol version (`connect --ciphers`),
/// found by offering every suite OpenSSL has for that version and taking away each one the
/// server chose, until it chose none.
public struct CipherProbe: Sendable, Hashable {
    public var version: ProtocolVersion
    /// In the order the server chose them: its preference when it enforces its own order.
    public var accepted: [CipherSuite]
    /// Whether the server's order wins over the client's; nil when fewer than two suites
    /// were accepted, or the order test did not complete.
    public var serverOrder: Bool?
    /// How many suites were offered at first.
    public var offered: Int
    /// Why the enumeration stopped early, when it did (a timeout, a suite chosen that was not offered).
    public var detail: String?

    public init(
        version: ProtocolVersion,
        accepted: [CipherSuite],
        serverOrder: Bool?,
        offered: Int,
        detail: String? = nil
    ) {
        self.version = version
        self.accepted = accepted
        self.serverOrder = serverOrder
        self.offered = offered
        self.detail = detail
    }
}
