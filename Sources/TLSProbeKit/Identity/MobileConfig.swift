import Crypto
import SystemCalls

/// An iOS/iPadOS/macOS configuration profile (a property list) with one
/// `com.apple.security.root` payload: installing it adds the root to the device's
/// certificates. iOS still asks the user to turn on full trust for it under Settings >
/// General > About > Certificate Trust Settings before TLS trusts it.
enum MobileConfig {
    /// The profile's XML property list for the root `der` named `name`. Identifiers and
    /// UUIDs come from the root's SHA-256, so a profile made again for the same root
    /// replaces the installed one instead of adding a second.
    ///
    /// Written out here rather than by PropertyListSerialization, which fails in the
    /// release build that links Foundation statically ("property lists cannot contain
    /// objects of type 'Not A Type'"); keys in sorted order, as that writer puts them.
    static func profile(rootDER der: [UInt8], name: String) throws -> [UInt8] {
        let digest = Array(SHA256.hash(data: der))
        let hex = digest.prefix(8).map { SystemCall.format("%02x", $0) }.joined()
        let payload: [(String, Value)] = [
            ("PayloadCertificateFileName", .string("root.cer")),
            ("PayloadContent", .data(der)),
            ("PayloadDescription", .string("Adds the CA root certificate \"\(name)\"")),
            ("PayloadDisplayName", .string(name)),
            ("PayloadIdentifier", .string("tlsprobe.identity.root.\(hex).certificate")),
            ("PayloadType", .string("com.apple.security.root")),
            ("PayloadUUID", .string(uuid(digest, salt: 1))),
            ("PayloadVersion", .integer(1)),
        ]
        let profile: [(String, Value)] = [
            ("PayloadContent", .array([.dictionary(payload)])),
            (
                "PayloadDescription",
                .string(
                    "Installs the root certificate \"\(name)\" made by tlsprobe identity. After installing it, turn on full trust for it: Settings > General > About > Certificate Trust Settings."
                )
            ),
            ("PayloadDisplayName", .string("\(name) (root certificate)")),
            ("PayloadIdentifier", .string("tlsprobe.identity.root.\(hex)")),
            ("PayloadRemovalDisallowed", .bool(false)),
            ("PayloadType", .string("Configuration")),
            ("PayloadUUID", .string(uuid(digest, salt: 0))),
            ("PayloadVersion", .integer(1)),
        ]
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(.dictionary(profile), indent: 0, into: &xml)
        xml += "</plist>\n"
        return Array(xml.utf8)
    }

    /// A property list value.
    indirect enum Value {
        case string(String)
        case data([UInt8])
        case integer(Int)
        case bool(Bool)
        case array([Value])
        case dictionary([(String, Value)])
    }

    static func write(_ value: Value, indent: Int, into xml: inout String) {
        let pad = String(repeating: "\t", count: indent)
        switch value {
        case .string(let text): xml += pad + "<string>" + escaped(text) + "</string>\n"
        case .integer(let number): xml += pad + "<integer>\(number)</integer>\n"
        case .bool(let flag): xml += pad + (flag ? "<true/>" : "<false/>") + "\n"
        case .data(let bytes):
            xml += pad + "<data>\n"
            let base64 = Data(bytes).base64EncodedString()
            var index = base64.startIndex
            while index < base64.endIndex {
                let end = base64.index(index, offsetBy: 68, limitedBy: base64.endIndex) ?? base64.endIndex
                xml += pad + String(base64[index..<end]) + "\n"
                index = end
            }
            xml += pad + "</data>\n"
        case .array(let items):
            xml += pad + "<array>\n"
            for item in items { write(item, indent: indent + 1, into: &xml) }
            xml += pad + "</array>\n"
        case .dictionary(let entries):
            xml += pad + "<dict>\n"
            for (key, item) in entries.sorted(by: { $0.0 < $1.0 }) {
                xml += pad + "\t<key>" + escaped(key) + "</key>\n"
                write(item, indent: indent + 1, into: &xml)
            }
            xml += pad + "</dict>\n"
        }
    }

    /// Text as XML character data: &, < and > escaped, characters XML 1.0 forbids left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || (0xFFFE...0xFFFF).contains(v) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An RFC 4122 version 4 style UUID string taken from `digest` (deterministic).
    static func uuid(_ digest: [UInt8], salt: UInt8) -> String {
        var bytes = Array(SHA256.hash(data: digest + [salt]).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { SystemCall.format("%02X", $0) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(
            separator: "-"
        )
    }
}
