import SwiftASN1
import X509

/// A certificate's subjectAltName written the way openssl's `-addext "subjectAltName=..."`
/// (and `x509 -extfile`) reads it, for the fixes that say how to re-issue a certificate.
///
/// That option replaces the whole extension: `-addext "subjectAltName=IP:10.0.0.5"` on a
/// certificate for printer.local and ::1 makes one for 10.0.0.5 alone. So a fix lists every
/// entry the certificate has, in its order, and then the one it lacks.
///
/// The text lands on a user's command line inside double quotes, and a certificate is
/// hostile input: an entry is written only when every character is printable ASCII that
/// neither openssl's list syntax (`,`) nor a shell inside double quotes (`"`, `$`, `` ` ``,
/// `\`, `!`) reads specially. Other entries (and otherName, directoryName, x400Address,
/// ediPartyName, which need a config section) are counted as left out, and the fix says so.
public enum SubjectAltNameText {
    /// The most entries written; the rest of a hostile certificate's are left out.
    static let maxEntries = 64

    /// The value after `subjectAltName=` and how many entries could not be written.
    public struct List: Sendable, Hashable {
        /// `DNS:printer.local,IP:::1,IP:10.0.0.5`
        public var value: String
        /// Entries of the certificate that are not in `value` because they cannot be written.
        public var leftOut: Int
        /// Wildcards of the certificate that clients refuse (`*.local`), not in `value`.
        public var refusedWildcards: [String] = []
    }

    /// One entry to add: a DNS name or an IP address (4 or 16 bytes).
    public enum Addition: Sendable, Hashable {
        case dns(String)
        case ip([UInt8])
    }

    /// Every entry of `certificate`'s subjectAltName that can be written, then `addition`
    /// when the certificate does not carry it already.
    public static func list(_ certificate: X509Certificate, adding addition: Addition? = nil) -> List {
        var entries: [String] = []
        var leftOut = 0
        var present = false
        var refused: [String] = []
        for name in Array(certificate.subjectAlternativeNames ?? SubjectAlternativeNames()) {
            var entry: String?
            switch name {
            case .dnsName(let dns) where dns.containsText("*") && !NameMatching.isHonouredWildcard(dns):
                // Useless to every client, and a `*` the user would have to read twice.
                if refused.count < 4 { refused.append(dns) }
                continue
            case .dnsName(let dns):
                entry = "DNS:" + dns
                if case .dns(let wanted) = addition, NameMatching.normalise(dns) == NameMatching.normalise(wanted) {
                    present = true
                }
            case .ipAddress(let octets):
                let bytes = Array(octets.bytes)
                if bytes.count == 4 || bytes.count == 16 { entry = "IP:" + IPAddressText.format(bytes) }
                if case .ip(let wanted) = addition, wanted == bytes { present = true }
            case .rfc822Name(let mail): entry = "email:" + mail
            case .uniformResourceIdentifier(let uri): entry = "URI:" + uri
            case .registeredID(let oid): entry = "RID:" + oid.description
            default: entry = nil
            }
            if let entry, entries.count < maxEntries, isWritable(entry) {
                entries.append(entry)
            } else {
                leftOut += 1
            }
        }
        switch present ? nil : addition {
        case .dns(let name): entries.append("DNS:" + name)
        case .ip(let address): entries.append("IP:" + IPAddressText.format(address))
        case nil: break
        }
        return List(value: entries.joined(separator: ","), leftOut: leftOut, refusedWildcards: refused)
    }

    /// `openssl: -addext "subjectAltName=DNS:printer.local,IP:::1,IP:10.0.0.5"`, with what
    /// the user must know to use it: that it is the whole list, and what was left out.
    public static func opensslHint(_ certificate: X509Certificate, adding addition: Addition) -> String {
        let added: String
        switch addition {
        case .dns(let name): added = "DNS:" + name
        case .ip(let address): added = "IP:" + IPAddressText.format(address)
        }
        // A name from the wire (a capture's SNI) that a shell would read: no command.
        guard isWritable(added) else {
            return "openssl: -addext with a subjectAltName that lists every name the certificate has and the new one"
        }
        let list = list(certificate, adding: addition)
        var hint = "openssl: -addext \"subjectAltName=\(list.value)\""
        let had = (certificate.subjectAlternativeNames.map { Array($0).count } ?? 0)
        if had > 0 {
            hint += "; it replaces the whole subjectAltName, so it lists the names the certificate has as well"
        }
        if !list.refusedWildcards.isEmpty {
            hint +=
                "; it drops \(list.refusedWildcards.map { "\"\($0)\"" }.joined(separator: ", ")), a wildcard that clients refuse"
        }
        if list.leftOut > 0 {
            hint +=
                "; \(list.leftOut) entr\(list.leftOut == 1 ? "y" : "ies") of the certificate that cannot be written on a command line \(list.leftOut == 1 ? "is" : "are") left out: copy \(list.leftOut == 1 ? "it" : "them") from `tlsprobe inspect`"
        }
        return hint
    }

    /// Whether `value` is safe as an attribute of openssl's `-subj "/CN=value"`: inside
    /// double quotes on a shell command line (spaces are), and not a separator of the
    /// `-subj` syntax.
    static func isWritableSubjectValue(_ value: String) -> Bool {
        guard !value.isEmpty, value.utf8.count <= 256 else { return false }
        return value.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && !"\"$`\\!/=+,".utf8.contains(byte)
        }
    }

    /// Whether `entry` is safe inside double quotes on a shell command line and in
    /// openssl's comma-separated list.
    static func isWritable(_ entry: String) -> Bool {
        guard entry.utf8.count <= 512 else { return false }
        return entry.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && !",\"$`\\!".utf8.contains(byte)
        }
    }
}
