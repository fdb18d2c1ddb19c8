/// One explanation plus the ways a user may type or paste it.
///
/// Matching data lives beside the text so that adding an entry is one place. Every string
/// here is compared lowercased; phrases also with `-` read as a space, so OpenSSL 1.1's
/// "self signed certificate" and 3.0's "self-signed certificate" are the same phrase.
struct CatalogEntry: Sendable, Equatable {
    var explanation: Explanation
    /// Identifiers recognised as whole tokens anywhere in the input (`x509_v_err_cert_has_expired`,
    /// `cert_has_expired`, `errsslnorootcert`). Letters, digits and `_` only.
    var symbols: [String] = []
    /// Forms recognised only when they are the whole input, because inside a log line they
    /// would be ordinary words (`norootcert`, `unknown ca`, `out of memory`).
    var exactForms: [String] = []
    /// Phrases recognised anywhere, on word boundaries ("unable to get local issuer certificate").
    var phrases: [String] = []
    /// The numeric code in this entry's family, matched as a bare number or with context.
    var number: Int?
    /// OpenSSL's SSL-library reason code, for packed codes such as `error:0A000086:`.
    var sslReason: Int?
    /// Among matches found inside pasted text, more specific entries (the cause) come
    /// before generic ones (the wrapper that carried it). 1 generic, 2 normal, 3 a cause.
    var specificity: Int = 2
    /// Among entries sharing an ambiguous number, the commonly met one comes first.
    var prominent: Bool = false
    /// Whether the entry's symbols count in pasted text only when the text is about TLS
    /// (alert names such as `internal_error` or `access_denied` are ordinary words elsewhere).
    var needsTLSContext: Bool = false
    /// Entries telling the same thing in another library's words share a twin key; only the
    /// preferred one of a twin set is returned.
    var twin: String?
}

extension CatalogEntry {
    /// Lowercase ASCII only, so byte offsets stay put for overlap checks.
    static func lower(_ text: String) -> String {
        mapASCII(text) { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    /// Lowercased, with `-` read as a space: the form phrases are compared in.
    static func spaced(_ text: String) -> String {
        mapASCII(text) { byte in
            if byte >= 0x41 && byte <= 0x5A { return byte + 0x20 }
            return byte == 0x2D ? 0x20 : byte
        }
    }

    /// `text` with `map` applied to each of its UTF-8 bytes (it changes only ASCII ones);
    /// the same string, not a copy, when no byte changes.
    private static func mapASCII(_ text: String, _ map: (UInt8) -> UInt8) -> String {
        var text = text
        let mapped: [UInt8]? = text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { map($0) != $0 }) else { return nil }
            var out = Array(bytes)
            for i in first..<out.count { out[i] = map(out[i]) }
            return out
        }
        guard let mapped else { return text }
        return String(decoding: mapped, as: UTF8.self)
    }
}
