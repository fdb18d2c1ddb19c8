/// Why reading wire bytes stopped: the input ended early, or it broke the format.
///
/// A capture or a socket can hand over half a record; that is `needMoreBytes`, and the
/// caller waits for more. Bytes that can never parse (a length past its bound, a vector
/// whose length is not a multiple of its element, trailing bytes) are `malformed`, and the
/// caller reports them. The two are kept apart as SNIHandler keeps `recordIncomplete` and
/// `invalidRecord` apart.
public struct WireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The two ways a read fails.
    public enum Kind: String, Hashable, Sendable {
        /// The input ended before the field did; more bytes may complete it.
        case needMoreBytes = "need_more_bytes"
        /// The bytes can never form a valid field, however many follow.
        case malformed
    }

    /// Whether more bytes could help.
    public var kind: Kind
    /// The field being read, in RFC lowerCamelCase or snake_case (`cipher_suites`, `legacy_version`).
    public var field: String
    /// Offset of the field's first byte from the start of the outermost buffer.
    public var offset: Int
    /// What exactly was wrong, when there is more to say than the kind.
    public var detail: String?

    /// A wire error of `kind` for `field` at `offset`.
    public init(_ kind: Kind, field: String, offset: Int, detail: String? = nil) {
        self.kind = kind
        self.field = field
        self.offset = offset
        self.detail = detail
    }

    /// Whether waiting for more input could turn this failure into a success.
    public var isNeedMoreBytes: Bool { kind == .needMoreBytes }

    public var description: String {
        let head = kind == .needMoreBytes ? "need more bytes for" : "malformed"
        if let detail { return "\(head) \(field) at offset \(offset): \(detail)" }
        return "\(head) \(field) at offset \(offset)"
    }
}
