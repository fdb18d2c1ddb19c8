import SystemCalls

/// A known-hosts file for trust on first use, the SSH approach: one line per server,
/// `host:port sha256/BASE64 FIRST-SEEN`, `#` comments. The first contact records the
/// server's key (`pin.first_use`); later contacts compare (`pin.match`, `pin.mismatch`
/// with both pins and both dates). A changed key is reported, never overwritten.
///
///     # tlsprobe known hosts: host:port sha256/BASE64 first-seen
///     10.0.0.5:4433 sha256/Y3Vyc2VkIGJ5IGEgc3BlbGw... 2026-11-21T20:26:51Z
///     [::1]:4433 sha256/... 2026-11-21T20:30:00Z
public struct KnownHosts: Sendable, Hashable {
    /// One recorded server.
    public struct Entry: Sendable, Hashable {
        /// `host:port` as recorded (host lowercased, IPv6 in brackets).
        public var key: String
        public var pin: String
        /// When it was recorded, when the line says.
        public var firstSeen: Date?
        /// The 1-based line number in the file.
        public var line: Int
    }

    /// What a contact found.
    public enum Verdict: Sendable, Hashable {
        /// No line for this server: record it.
        case firstUse
        /// A recorded key matches.
        case match(Entry)
        /// Lines exist for this server, none with this key.
        case mismatch([Entry])
    }

    /// The file's lines as read, kept verbatim so a rewrite changes only what it adds.
    public private(set) var lines: [String]

    /// The header written to a new file.
    public static let header =
        "# tlsprobe known hosts: host:port sha256/BASE64 first-seen (see tlsprobe(1), --known-hosts)"

    /// Reads the file's text (empty for a new file).
    public init(text: String) {
        // Character.isNewline: "\n", and "\r\n" (one Character in Swift) from Windows editors.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The text to write back: the lines, newline-terminated.
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// The key of a server: `host:port`, the host lowercased, an IPv6 address in brackets.
    public static func key(host: String, port: Int) -> String {
        let lower = host.lowercased()
        if let address = IPAddressText.parse(lower), address.count == 16 {
            return "[\(IPAddressText.format(address))]:\(port)"
        }
        return "\(lower):\(port)"
    }

    /// Every well-formed entry, in file order; malformed lines are kept but not read.
    public var entries: [Entry] {
        lines.enumerated().compactMap { index, line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, !fields[0].hasPrefix("#"), PublicKeyPin(String(fields[1])) != nil else {
                return nil
            }
            let seen = fields.count >= 3 ? ReportTime.parse(String(fields[2])) : nil
            return Entry(key: fields[0].lowercased(), pin: String(fields[1]), firstSeen: seen, line: index + 1)
        }
    }

    /// What the file says about `key` presenting `pin`.
    public func check(key: String, pin: String) -> Verdict {
        let recorded = entries.filter { $0.key == key.lowercased() }
        if recorded.isEmpty { return .firstUse }
        if let match = recorded.first(where: { $0.pin == pin }) { return .match(match) }
        return .mismatch(recorded)
    }

    /// Appends a line for `key` with `pin`, first seen `at`.
    public mutating func record(key: String, pin: String, at: Date) {
        if lines.isEmpty { lines.append(Self.header) }
        lines.append("\(key.lowercased()) \(pin) \(ReportTime.iso8601(at))")
    }
}
