import Crypto
import Foundation

/// An iOS/iPadOS/macOS configuration profile (a property list) with one
/// `com.apple.security.root` payload: installing it adds the root to the device's
/// certificates. iOS still asks the user to turn on full trust for it under Settings >
/// General > About > Certificate Trust Settings before TLS trusts it.
enum MobileConfig {
    /// The profile's XML property list for the root `der` named `name`. Identifiers and
    /// UUIDs come from the root's SHA-256, so a profile made again for the same root
    /// replaces the installed one instead of adding a second.
    static func profile(rootDER der: [UInt8], name: String) throws -> [UInt8] {
        let digest = Array(SHA256.hash(data: der))
        let hex = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
        let payload: [String: Any] = [
            "PayloadCertificateFileName": "root.cer",
            "PayloadContent": Data(der),
            "PayloadDescription": "Adds the CA root certificate \"\(name)\"",
            "PayloadDisplayName": name,
            "PayloadIdentifier": "tlsprobe.identity.root.\(hex).certificate",
            "PayloadType": "com.apple.security.root",
            "PayloadUUID": uuid(digest, salt: 1),
            "PayloadVersion": 1,
        ]
        let profile: [String: Any] = [
            "PayloadContent": [payload],
            "PayloadDescription": "Installs the root certificate \"\(name)\" made by tlsprobe identity. After installing it, turn on full trust for it: Settings > General > About > Certificate Trust Settings.",
            "PayloadDisplayName": "\(name) (root certificate)",
            "PayloadIdentifier": "tlsprobe.identity.root.\(hex)",
            "PayloadRemovalDisallowed": false,
            "PayloadType": "Configuration",
            "PayloadUUID": uuid(digest, salt: 0),
            "PayloadVersion": 1,
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: profile, format: .xml, options: 0)
        return Array(data)
    }

    /// An RFC 4122 version 4 style UUID string taken from `digest` (deterministic).
    static func uuid(_ digest: [UInt8], salt: UInt8) -> String {
        var bytes = Array(SHA256.hash(data: digest + [salt]).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02X", $0) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
