import SystemCalls

extension KnownHosts {
    /// The finding for `verdict`: `pin.first_use`, `pin.match` or `pin.mismatch`.
    public static func finding(_ verdict: Verdict, key: String, pin: String, file: String, now: Date) -> Finding {
        switch verdict {
        case .firstUse:
            return Finding(
                code: .pinFirstUse,
                subject: .certificate(0),
                message:
                    "First contact with \(key): its key \(pin) is now recorded in \(file); a later change will be reported.",
                evidence: [
                    "host": .string(key), "pin": .string(pin), "file": .string(file),
                    "recorded_at": .string(ReportTime.iso8601(now)),
                ]
            )
        case .match(let entry):
            let since = entry.firstSeen.map { " since \(ReportTime.iso8601($0))" } ?? ""
            return Finding(
                code: .pinMatch,
                subject: .certificate(0),
                message: "\(key) presented the key recorded in \(file)\(since).",
                evidence: [
                    "host": .string(key), "pin": .string(pin), "file": .string(file), "line": .int(entry.line),
                    "known_since": .optional(entry.firstSeen.map(ReportTime.iso8601)),
                ]
            )
        case .mismatch(let entries):
            let first = entries[0]
            let since = first.firstSeen.map { "on \(ReportTime.iso8601($0))" } ?? "earlier"
            return Finding(
                code: .pinMismatch,
                subject: .certificate(0),
                message:
                    "\(key) presented the key \(pin) on \(ReportTime.iso8601(now)), but \(file) recorded \(first.pin) for it \(since) (line \(first.line)): the server has a new key, or something else answers at this address.",
                evidence: [
                    "host": .string(key), "file": .string(file),
                    "presented_pin": .string(pin), "presented_at": .string(ReportTime.iso8601(now)),
                    "known_pins": .strings(entries.map(\.pin)),
                    "known_since": .optional(first.firstSeen.map(ReportTime.iso8601)),
                    "lines": .array(entries.map { .int($0.line) }),
                ],
                fix:
                    "If the server's key was replaced on purpose, delete line \(entries.map { String($0.line) }.joined(separator: ", ")) (\(key)) from \(file) and connect again to record the new key; if not, find out who is answering at this address."
            )
        }
    }
}
