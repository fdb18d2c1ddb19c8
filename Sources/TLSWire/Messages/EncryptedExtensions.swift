/// TLS 1.3 EncryptedExtensions: the server's answers that need no cleartext.
public struct EncryptedExtensions: Hashable, Sendable {
    /// `extensions`, in order, duplicates and unknown types included.
    public var extensions: [Extension]

    public init(extensions: [Extension]) {
        self.extensions = extensions
    }

    /// Parses an `encrypted_extensions` message.
    ///
    /// RFC 8446 §4.3.1:
    ///
    ///     struct {
    ///         Extension extensions<0..2^16-1>;
    ///     } EncryptedExtensions;
    public init(_ message: RawHandshakeMessage) throws(WireError) {
        try expectType(message, .encryptedExtensions)
        var reader = message.bodyReader()
        extensions = try Extension.readList(&reader)
        try reader.expectEnd("encrypted_extensions")
    }

    /// The protocol the server selected by ALPN, escaped where not printable ASCII.
    public var alpnProtocol: String? {
        (try? extensions.first(.applicationLayerProtocolNegotiation)?.alpnSelectedProtocol()).map {
            WireText.escaped($0)
        }
    }

    /// Whether the server acknowledged the client's `server_name` (an empty `server_name`
    /// extension, RFC 6066 §3): it used the name to pick its certificate.
    public var acknowledgesServerName: Bool {
        guard let ext = extensions.first(.serverName) else { return false }
        return ext.data.isEmpty
    }

    /// Whether the server accepted 0-RTT data (`early_data`).
    public var acceptsEarlyData: Bool { extensions.contains(.earlyData) }

    /// `supported_groups` the server prefers (RFC 8446 §4.2.7 lets it say so here).
    public var supportedGroups: [NamedGroup]? {
        try? extensions.first(.supportedGroups)?.namedGroupList()
    }

    /// `record_size_limit` (RFC 8449), when sent.
    public var recordSizeLimit: UInt16? {
        try? extensions.first(.recordSizeLimit)?.recordSizeLimit()
    }
}
