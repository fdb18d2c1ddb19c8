import SystemCalls
import TLSWire

/// A public key pin in the curl `--pinnedpubkey` / HPKP form: `sha256/` and the base64 of
/// the SHA-256 of the SubjectPublicKeyInfo (what `tlsprobe inspect` shows as "pin").
public struct PublicKeyPin: Sendable, Hashable, CustomStringConvertible {
    /// The 32-byte digest.
    public let digest: [UInt8]

    /// Reads `sha256/BASE64`; nil when it is not exactly that (32 bytes, standard base64).
    public init?(_ text: String) {
        let trimmed = text.trimmingSpaces()
        guard trimmed.lowercased().hasPrefix("sha256/") else { return nil }
        guard let data = Data(base64Encoded: String(trimmed.dropFirst("sha256/".count))), data.count == 32 else {
            return nil
        }
        digest = Array(data)
    }

    /// `sha256/BASE64`.
    public var description: String { "sha256/" + Data(digest).base64EncodedString() }
}
