/// Protocol identifiers (host names, ALPN protocol names) as text a report can show
/// without hiding or inventing bytes.
public enum WireText {
    /// Printable ASCII (0x20–0x7E) as itself, a backslash as `\\`, every other byte as
    /// `\xNN`: so `h2` stays `h2` and a hostile name with a NUL or UTF-8 in it shows
    /// exactly what was sent.
    public static func escaped(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): text += "\\\\"
            case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = String(byte, radix: 16)
                text += "\\x" + (digits.count == 1 ? "0" : "") + digits
            }
        }
        return text
    }

    /// Lowercase hex without separators: the report's form for bytes.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
