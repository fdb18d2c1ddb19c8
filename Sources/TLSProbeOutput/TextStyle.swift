#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCalls
import TLSWire

/// How text output looks: colour and width. Only text output depends on the terminal;
/// JSON never does.
public struct TextStyle: Sendable, Hashable {
    /// Whether to use ANSI colours.
    public var color: Bool
    /// The column at which paragraphs wrap.
    public var width: Int

    public init(color: Bool, width: Int) {
        self.color = color
        self.width = max(40, width)
    }

    /// Plain text, 100 columns: files, pipes and tests.
    public static let plain = TextStyle(color: false, width: 100)

    /// The style for standard output: colour only on a terminal, never with `NO_COLOR`
    /// (no-color.org: set and not empty), `TERM=dumb` or `--no-color`; the terminal's
    /// width (at most 120 columns) or `COLUMNS`, else 100. `environment` stands in for the
    /// process's own (tests).
    public static func forStandardOutput(noColorFlag: Bool, environment: [String: String]? = nil) -> TextStyle {
        func variable(_ name: String) -> String? {
            if let environment { return environment[name] }
            return SystemCall.environment(name)
        }
        let tty = isatty(STDOUT_FILENO) == 1
        let noColorEnv = !(variable("NO_COLOR") ?? "").isEmpty
        let dumb = variable("TERM") == "dumb"
        var width = 100
        if let columns = variable("COLUMNS").flatMap(Int.init), columns > 0 {
            width = columns
        } else if tty {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { width = Int(size.ws_col) }
        }
        return TextStyle(color: tty && !noColorEnv && !dumb && !noColorFlag, width: min(width, 120))
    }

    enum Tone: CaseIterable {
        case bold, dim, red, yellow, green, cyan
        var code: String {
            switch self {
            case .bold: return "1"
            case .dim: return "2"
            case .red: return "1;31"
            case .yellow: return "1;33"
            case .green: return "1;32"
            case .cyan: return "36"
            }
        }
    }

    /// The escape sequences `paint` writes, and nothing else, pass `terminalSafe`.
    static let ownSequences: Set<String> = Set((Tone.allCases.map(\.code) + ["0"]).map { "[\($0)m" })

    /// `text` with every control character a peer could have put there (in a certificate
    /// name, an SNI, an HTTP header) written as `\xNN` or `\u{NNNN}`: C0 but newline and
    /// tab, DEL, C1, and the bidirectional overrides that reorder what is shown. Escape
    /// sequences survive only when they are `paint`'s own colours, so a hostile name can
    /// neither clear nor retitle the terminal nor hide text.
    public static func terminalSafe(_ text: String) -> String {
        // Every scalar `needsEscape` takes starts with one of these bytes (C1 and the
        // bidirectional controls are C2 80–9F and E2 80–81 …): text without them is safe,
        // known without decoding it.
        guard
            mayHold(
                text,
                { byte, next, third in
                    (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F
                        || (byte == 0xC2 && next >= 0x80 && next <= 0x9F)  // C1
                        || (byte == 0xE2 && next == 0x80 && third >= 0xAA && third <= 0xAE)  // U+202A–202E
                        || (byte == 0xE2 && next == 0x81 && third >= 0xA6 && third <= 0xA9)  // U+2066–2069
                }
            )
        else { return text }
        guard text.unicodeScalars.contains(where: { needsEscape($0) }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\u{1B}", let end = scalars[i...].prefix(8).firstIndex(of: "m"),
                ownSequences.contains(String(String.UnicodeScalarView(scalars[(i + 1)...end])))
            {
                out.append(contentsOf: scalars[i...end])
                i = end + 1
                continue
            }
            if needsEscape(s) {
                let hex = String(s.value, radix: 16)
                let written = s.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
                out.append(contentsOf: written.unicodeScalars)
            } else {
                out.append(s)
            }
            i += 1
        }
        return String(out)
    }

    /// `value` (a certificate name, an SNI, a header, a path: anything a peer or a file
    /// chose) on one line: its line breaks (LF, CR, VT, FF, NEL, U+2028, U+2029) written
    /// visibly as `\n`, `\r`, `\v`, `\f` or `\u{NNNN}`, so it cannot start a line of
    /// the report that looks like ours. Renderers apply it where a value enters the text.
    public static func oneLine(_ value: String) -> String {
        guard
            mayHold(
                value,
                { byte, next, third in
                    (byte >= 0x0A && byte <= 0x0D)
                        || (byte == 0xC2 && next == 0x85)  // NEL
                        || (byte == 0xE2 && next == 0x80 && (third == 0xA8 || third == 0xA9))  // U+2028, U+2029
                }
            )
        else { return value }
        guard value.unicodeScalars.contains(where: { lineBreakEscape($0) != nil }) else { return value }
        var out = String.UnicodeScalarView()
        for s in value.unicodeScalars {
            if let written = lineBreakEscape(s) {
                out.append(contentsOf: written.unicodeScalars)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }

    /// Whether `text`'s UTF-8 may encode a scalar that `starts` recognises from its first
    /// byte and the two after it (0 past the end): a test on bytes, so the text rendered for
    /// every report is not decoded to be found clean. True is then checked scalar by scalar.
    private static func mayHold(_ text: String, _ starts: (UInt8, UInt8, UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.count
            for i in 0..<count
            where starts(bytes[i], i + 1 < count ? bytes[i + 1] : 0, i + 2 < count ? bytes[i + 2] : 0) {
                return true
            }
            return false
        }
    }

    private static func lineBreakEscape(_ s: Unicode.Scalar) -> String? {
        switch s.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x0B: return "\\v"
        case 0x0C: return "\\f"
        case 0x85, 0x2028, 0x2029: return "\\u{" + String(s.value, radix: 16) + "}"
        default: return nil
        }
    }

    private static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    func paint(_ text: String, _ tone: Tone) -> String {
        color ? "\u{1B}[\(tone.code)m\(text)\u{1B}[0m" : text
    }

    /// Wraps `text` to the width, the first line after `firstIndent` columns already
    /// written, continuation lines indented by `indent` spaces.
    func wrap(_ text: String, indent: Int, firstIndent: Int? = nil) -> String {
        wrapASCII(text, indent: indent, firstIndent: firstIndent)
            ?? wrapCharacters(text, indent: indent, firstIndent: firstIndent)
    }

    /// `wrap` for any text, a column per character.
    func wrapCharacters(_ text: String, indent: Int, firstIndent: Int?) -> String {
        let available = max(20, width - indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            var limit = lines.isEmpty ? max(20, width - (firstIndent ?? indent)) : available
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                if lineWidth > 0 && lineWidth + 1 + word.count > limit {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                    limit = available
                }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                line += word
                lineWidth += word.count
            }
            lines.append(line)
        }
        let pad = String(repeating: " ", count: indent)
        return lines.enumerated().map { $0.offset == 0 ? $0.element : pad + $0.element }.joined(separator: "\n")
    }

    /// `wrap` written byte by byte, for text whose spaces and line breaks are each a
    /// character of their own: no carriage return (CR LF is one character), and no space
    /// joined to the scalar before or after it (a combining mark after a space joins it).
    /// Then splitting the bytes splits the characters, an ASCII word is as many columns as
    /// bytes, and only a word with other bytes has its characters counted.
    /// Text output wraps every field of every report (a capture's thousands), and counting
    /// characters cost more than the rest of rendering. Nil for any other text.
    func wrapASCII(_ text: String, indent: Int, firstIndent: Int?) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            let count = bytes.count
            let space = UInt8(ascii: " ")
            let newline = UInt8(ascii: "\n")
            for i in 0..<count {
                let byte = bytes[i]
                if byte == 0x0D { return nil }
                // A line feed is a character whatever surrounds it (Unicode's grapheme rules
                // break around controls); a space joins a combining mark after it or a
                // prepended mark before it, which only the scalars either side of it tell.
                guard byte == space, (i > 0 && bytes[i - 1] >= 0x80) || (i + 1 < count && bytes[i + 1] >= 0x80) else {
                    continue
                }
                var from = i
                if from > 0 {
                    from -= 1
                    while from > 0 && bytes[from] & 0xC0 == 0x80 { from -= 1 }
                }
                var to = i + 1
                if to < count {
                    to += 1
                    while to < count && bytes[to] & 0xC0 == 0x80 { to += 1 }
                }
                let around = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
                guard around.count == around.unicodeScalars.count else { return nil }
            }
            let available = max(20, width - indent)
            var out: [UInt8] = []
            out.reserveCapacity(count + count / 8 + indent)
            var lines = 0
            /// Every line but the first starts on a new line after the indent.
            func startLine() {
                guard lines > 0 else { return }
                out.append(newline)
                out.append(contentsOf: repeatElement(space, count: indent))
            }
            var start = 0
            while true {
                var end = start
                while end < count && bytes[end] != newline { end += 1 }
                startLine()
                var lineWidth = 0
                var limit = lines == 0 ? max(20, width - (firstIndent ?? indent)) : available
                var i = start
                while i < end {
                    if bytes[i] == space {
                        i += 1
                        continue
                    }
                    var wordEnd = i
                    var ascii = true
                    while wordEnd < end && bytes[wordEnd] != space {
                        if bytes[wordEnd] >= 0x80 { ascii = false }
                        wordEnd += 1
                    }
                    let wordCount =
                        ascii
                        ? wordEnd - i
                        : String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<wordEnd]), as: UTF8.self).count
                    if lineWidth > 0 && lineWidth + 1 + wordCount > limit {
                        lines += 1
                        startLine()
                        lineWidth = 0
                        limit = available
                    }
                    if lineWidth > 0 {
                        out.append(space)
                        lineWidth += 1
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<wordEnd]))
                    lineWidth += wordCount
                    i = wordEnd
                }
                lines += 1
                if end == count { break }
                start = end + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `text` padded with spaces to `length` columns, as NSString's
    /// `padding(toLength:withPad: " ", startingAt: 0)` does it (which counts UTF-16 units
    /// and cuts a longer text); an ASCII text without the bridge, which costs more than
    /// the padding.
    static func padded(_ text: String, to length: Int) -> String {
        let units = text.utf8.count
        guard units <= length, text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.paddedUTF16(toLength: length)
        }
        return units == length ? text : text + String(repeating: " ", count: length - units)
    }
}
