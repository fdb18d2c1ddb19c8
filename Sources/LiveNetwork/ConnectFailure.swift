/// Why a server could not be examined at all — no TLS byte came back: exit status 2 and
/// one line on stderr (docs/DESIGN.md). Everything after the first TLS byte is a finding instead.
public struct ConnectFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which of the ways to fail before TLS.
    public enum Kind: String, Sendable, Hashable {
        /// The name did not resolve (or resolving took longer than the timeout).
        case unresolved
        /// Every address refused the TCP connection (RST): nothing listens there.
        case refused
        /// No route to the host or network.
        case unreachable
        /// No answer to the TCP connection within the timeout.
        case connectTimedOut = "connect_timed_out"
        /// TCP was accepted but no byte came back to the ClientHello within the timeout.
        case noTLSAnswer = "no_tls_answer"
        /// A local problem: no sockets, no memory, OpenSSL could not be set up.
        case local
    }

    public let kind: Kind
    /// One line saying what happened, naming the host or address.
    public let description: String
    /// The server dialled, `host:port` as `DialTarget` writes it; set by `TLSClient.connect`.
    public var target: String?

    public init(_ kind: Kind, _ description: String, target: String? = nil) {
        self.kind = kind
        self.description = description
        self.target = target
    }
}
