internal import COpenSSL

/// One entry of OpenSSL's thread-local error queue, copied out as values.
struct OpenSSLErrorEntry: Sendable, Hashable, CustomStringConvertible {
    /// The packed code (`ERR_get_error`).
    let code: UInt
    /// `ERR_LIB_*`.
    let library: Int32
    /// The library-specific reason (`PKCS12_R_MAC_VERIFY_FAILURE`, `EVP_R_BAD_DECRYPT`).
    let reason: Int32
    /// OpenSSL's text for the reason: "mac verify failure".
    let text: String

    var description: String { text }
}

/// The error queue, drained into values (in the manner of nio-ssl's
/// `BoringSSLError.buildErrorStack()`): `clear()` before each fallible call, `drain()`
/// after it fails.
enum OpenSSLErrorQueue {
    /// Empties the queue so what is drained next belongs to the next call.
    static func clear() {
        ERR_clear_error()
    }

    /// Takes every entry off the queue, oldest first. Bounded: a queue never holds more
    /// than ERR_NUM_ERRORS (16) entries, and a corrupt state cannot make this spin.
    static func drain() -> [OpenSSLErrorEntry] {
        var entries: [OpenSSLErrorEntry] = []
        for _ in 0..<64 {
            let code = ERR_get_error()
            if code == 0 { break }
            let text = ERR_reason_error_string(code).map { String(cString: $0) } ?? "error 0x\(String(code, radix: 16))"
            entries.append(
                OpenSSLErrorEntry(code: code, library: ERR_GET_LIB(code), reason: ERR_GET_REASON(code), text: text)
            )
        }
        return entries
    }

    /// The drained entries as one readable clause ("mac verify failure; decode error"),
    /// duplicates removed; `fallback` when the queue was empty.
    static func drainedText(fallback: String) -> String {
        text(of: drain(), fallback: fallback)
    }

    static func text(of entries: [OpenSSLErrorEntry], fallback: String) -> String {
        var seen = Set<String>()
        let texts = entries.map(\.text).filter { seen.insert($0).inserted }
        return texts.isEmpty ? fallback : texts.joined(separator: "; ")
    }
}

extension Array where Element == OpenSSLErrorEntry {
    /// Whether any entry is `reason` of `library`.
    func contains(library: Int32, reason: Int32) -> Bool {
        contains { $0.library == library && $0.reason == reason }
    }
}
