/// One thing tlsprobe found: what it is (`code`), how much it matters, what it is about,
/// what happened in plain words, the evidence behind it and the next thing to do.
///
/// Checks produce findings as values; renderers decide how they look.
public struct Finding: Sendable, Hashable {
    /// The stable `area.condition` code, e.g. `chain.missing_intermediate`.
    public var code: FindingCode
    /// How much it matters under the chosen profile.
    public var severity: Severity
    /// What the finding is about: `certificate[0]`, `anchor root.pem`, `file[root.p12]`, `connection`.
    public var subject: Subject
    /// What happened and why it matters, in one or two sentences.
    public var message: String
    /// The facts behind the message: fields, names, values as they were observed.
    public var evidence: [String: EvidenceValue]
    /// The next thing to do.
    public var fix: String

    /// A finding whose fix defaults to the catalog's when none is given.
    public init(
        code: FindingCode,
        severity: Severity? = nil,
        subject: Subject,
        message: String,
        evidence: [String: EvidenceValue] = [:],
        fix: String? = nil
    ) {
        self.code = code
        self.severity = severity ?? code.entry.defaultSeverity
        self.subject = subject
        self.message = message
        self.evidence = evidence
        self.fix = fix ?? code.entry.fix
    }
}

extension Finding {
    /// Worst first, then by code, then by subject: the order in which reports list findings.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.severity != b.severity { return a.severity > b.severity }
        if a.code != b.code { return a.code.rawValue < b.code.rawValue }
        return a.subject.description < b.subject.description
    }
}

extension Array where Element == Finding {
    /// The findings in report order with exact repeats removed.
    public func inReportOrder() -> [Finding] {
        // A report has a handful: comparing them (codes first) costs less than hashing
        // every message and evidence dictionary into a set, which only a long list repays.
        let unique: [Finding]
        if count <= 32 {
            var kept: [Finding] = []
            kept.reserveCapacity(count)
            for finding in self where !kept.contains(finding) { kept.append(finding) }
            unique = kept
        } else {
            var seen = Set<Finding>()
            unique = filter { seen.insert($0).inserted }
        }
        return unique.sorted(by: Finding.reportOrder)
    }

    /// The worst severity among the findings, or nil when there are none.
    public var worstSeverity: Severity? { self.map(\.severity).max() }
}

/// A value in a finding's evidence: the shape of JSON, so that evidence renders
/// the same in text and in `--json`.
public indirect enum EvidenceValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([EvidenceValue])
    case object([String: EvidenceValue])

    /// A list of strings.
    public static func strings(_ values: [String]) -> EvidenceValue { .array(values.map { .string($0) }) }

    /// A string, or null when absent.
    public static func optional(_ value: String?) -> EvidenceValue { value.map { .string($0) } ?? .null }
}

extension EvidenceValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: EvidenceValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, EvidenceValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
