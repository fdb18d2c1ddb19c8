/// Why `listen` cannot serve at all: exit status 2 and one line on stderr (docs/DESIGN.md).
public struct ListenFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// Another program listens on the port.
        case addressInUse = "address_in_use"
        /// Not allowed to bind (a port below 1024 without root).
        case permissionDenied = "permission_denied"
        /// The address is not one of this machine's, or the name does not resolve.
        case unavailable
        /// The identity cannot be used (OpenSSL refuses it).
        case identity
        /// A local problem: no sockets, OpenSSL could not be set up, no thread to write
        /// reports with.
        case local
    }

    public let kind: Kind
    /// One line saying what happened, naming the address when it is about one.
    public let description: String
    /// The address that could not be listened on (`127.0.0.1:4433`, `[::]:4433`), when the
    /// failure is about one.
    public var target: String?

    public init(_ kind: Kind, _ description: String, target: String? = nil) {
        self.kind = kind
        self.description = description
        self.target = target
    }
}
