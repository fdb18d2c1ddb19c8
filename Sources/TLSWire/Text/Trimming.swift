extension Substring {
    /// The text without the spaces and tabs at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` returns, without Foundation's character
    /// sets (their first use costs a command about a million instructions at start-up).
    /// Trimmed are tab and Unicode's space separators (`Unicode.Scalar.isSpace`); line
    /// breaks stay. Works on Unicode scalars, as Foundation does, so a combining mark after
    /// a leading space is kept.
    public func trimmingSpaces() -> String { trimming(where: \.isSpace) }

    /// The text without the Unicode scalars at either end for which `isTrimmed` is true.
    public func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        return String(Substring(scalars[first...last]))
    }
}

extension String {
    /// `Substring.trimmingSpaces()`: Foundation's `trimmingCharacters(in: .whitespaces)`.
    public func trimmingSpaces() -> String { self[...].trimmingSpaces() }

    /// `Substring.trimming(where:)`.
    public func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String { self[...].trimming(where: isTrimmed) }
}

extension Unicode.Scalar {
    /// Whether Foundation's `CharacterSet.whitespaces` holds this scalar: tab, and the
    /// space separators (general category Zs) as CoreFoundation lists them, which include
    /// U+200B ZERO WIDTH SPACE. A test compares the two over every scalar.
    public var isSpace: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
