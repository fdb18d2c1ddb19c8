#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
    /// width (at most 120 columns) or `COLUMNS`, else 100.
    public static func forStandardOutput(noColorFlag: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> TextStyle {
        let tty = isatty(STDOUT_FILENO) == 1
        let noColorEnv = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        var width = 100
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            width = columns
        } else if tty {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { width = Int(size.ws_col) }
        }
        return TextStyle(color: tty && !noColorEnv && !dumb && !noColorFlag, width: min(width, 120))
    }

    enum Tone {
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

    func paint(_ text: String, _ tone: Tone) -> String {
        color ? "\u{1B}[\(tone.code)m\(text)\u{1B}[0m" : text
    }

    /// Wraps `text` to the width, the first line after `firstIndent` columns already
    /// written, continuation lines indented by `indent` spaces.
    func wrap(_ text: String, indent: Int, firstIndent: Int? = nil) -> String {
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
}
