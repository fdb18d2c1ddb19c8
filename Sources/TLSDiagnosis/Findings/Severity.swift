/// How much a finding matters: `info` explains, `warning` will bite some clients or soon,
/// `error` means a client with these settings refuses the connection.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The `--fail-on` threshold: which findings turn the exit status into 1.
public enum FailThreshold: String, Sendable, CaseIterable {
    case error
    case warning
    case never

    /// Whether a finding of `severity` fails the run.
    public func fails(_ severity: Severity) -> Bool {
        switch self {
        case .error: return severity >= .error
        case .warning: return severity >= .warning
        case .never: return false
        }
    }

    /// Whether any of `findings` fails the run.
    public func fails(_ findings: [Finding]) -> Bool {
        findings.contains { fails($0.severity) }
    }
}
