// What tlsprobe used of Foundation's String methods outside FoundationEssentials
// (`range(of:)`, `replacingOccurrences(of:with:)`, `padding(toLength:withPad:startingAt:)`),
// written on Unicode scalars and UTF-16. Tests hold each to Foundation's answer.

extension StringProtocol {
    /// The first place `target` occurs, matched scalar by scalar: `range(of: target)` for
    /// the targets tlsprobe looks for. Nil for an empty target, as Foundation answers.
    public func scalarRange(of target: some StringProtocol) -> Range<String.Index>? {
        let scalars = unicodeScalars
        let wanted = Array(target.unicodeScalars)
        guard let first = wanted.first else { return nil }
        var start = scalars.startIndex
        while let found = scalars[start...].firstIndex(of: first) {
            var here = found
            var matched = 0
            while matched < wanted.count, here < scalars.endIndex, scalars[here] == wanted[matched] {
                here = scalars.index(after: here)
                matched += 1
            }
            if matched == wanted.count { return found..<here }
            start = scalars.index(after: found)
        }
        return nil
    }

    /// Every occurrence of `target` replaced by `replacement`, left to right without
    /// overlaps, matched scalar by scalar: `replacingOccurrences(of:with:)`.
    public func replacingEvery(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        var out = ""
        var rest = self[...]
        while let found = rest.scalarRange(of: target) {
            out.unicodeScalars.append(contentsOf: rest.unicodeScalars[..<found.lowerBound])
            out += replacement
            rest = rest[found.upperBound...]
        }
        out.unicodeScalars.append(contentsOf: rest.unicodeScalars)
        return out
    }

    /// Padded with spaces, or cut, to `length` UTF-16 code units: NSString's
    /// `padding(toLength:withPad: " ", startingAt: 0)`. A cut through a surrogate pair
    /// leaves U+FFFD, as Foundation's String does.
    public func paddedUTF16(toLength length: Int) -> String {
        let units = utf16.count
        if units == length { return String(self) }
        if units < length { return String(self) + String(repeating: " ", count: length - units) }
        return String(decoding: Array(utf16.prefix(Swift.max(0, length))), as: UTF16.self)
    }
}

extension StringProtocol {
    /// Whether `other` occurs in the text, matched scalar by scalar: Foundation's
    /// `contains(_:)` for the text tlsprobe looks for (false for an empty `other`, as there).
    public func containsText(_ other: some StringProtocol) -> Bool { scalarRange(of: other) != nil }
}
