/// Escaping for the three places a value from a peer or a file lands in an HTML report:
/// element text, a quoted attribute value, and text inside inline SVG. A certificate's
/// names are chosen by whoever made it (`<img src=x onerror=…>` as a Common Name), so
/// every value passes one of these, and only our own markup is ever written unescaped.
///
/// All three escape `&`, `<`, `>`, `"` and `'`: then no value can open or close an element,
/// end a quoted attribute, or start a character reference of its own, whether the HTML
/// parser reads it as HTML or (inside `<svg>`) as foreign content. Controls (C0 but tab
/// and line feed, DEL, C1), the bidirectional overrides and noncharacters are written
/// visibly as `\u{…}`, as the text report does, so a name cannot reorder or hide what
/// surrounds it.
public enum HTMLEscaping {
    /// Text between tags (`<td>…</td>`, `<pre>…</pre>`): line feeds and tabs kept.
    public static func text(_ value: String) -> String { escape(value, keepLineBreaks: true) }

    /// A value inside a double-quoted attribute (`title="…"`): on one line.
    public static func attribute(_ value: String) -> String { escape(value, keepLineBreaks: false) }

    /// Text inside an SVG `<text>` or `<title>` element: on one line (SVG text does not break).
    public static func svgText(_ value: String) -> String { escape(value, keepLineBreaks: false) }

    static func escape(_ value: String, keepLineBreaks: Bool) -> String {
        // Most values are plain: nothing to do, known from the bytes.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || special.contains($0) }) { return value }
        var out = ""
        out.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out += keepLineBreaks ? String(scalar) : " "
            default:
                if visiblyEscaped(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `&`, `<`, `>`, `"`, `'`.
    private static let special: Set<UInt8> = [0x26, 0x3C, 0x3E, 0x22, 0x27]

    /// Controls, bidirectional formatting, line and paragraph separators and noncharacters.
    static func visiblyEscaped(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0x2028 || v == 0x2029 || v == 0x200E || v == 0x200F
            || v == 0x061C || (0xFDD0...0xFDEF).contains(v) || (v & 0xFFFE) == 0xFFFE
    }
}
