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
    /// The finding in the same report this one follows from (its catalog entry's
    /// `consequenceOf`), set when the report orders its findings; nil for a root cause.
    public var causedBy: FindingCode? = nil

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
    /// Worst first, then by causal rank (the catalog entry's `rank`: what stops the handshake
    /// or the path before consequences and notes), then by code, then by subject.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.severity != b.severity { return a.severity > b.severity }
        // A code without an entry (none in this build) ranks as a property rather than trapping.
        let ra = FindingCatalog.entry(for: a.code)?.rank ?? .property
        let rb = FindingCatalog.entry(for: b.code)?.rank ?? .property
        if ra != rb { return ra < rb }
        if a.code != b.code { return a.code.rawValue < b.code.rawValue }
        return a.subject.description < b.subject.description
    }
}

extension Array where Element == Finding {
    /// The findings in report order with exact repeats removed: each root cause followed by
    /// the findings that are its consequences (`causedBy` set), the groups worst first.
    public func inReportOrder() -> [Finding] {
        // A report has a handful: comparing them (codes first) costs less than hashing
        // every message and evidence dictionary into a set, which only a long list repays.
        let cleared = self.map { finding -> Finding in
            var finding = finding
            finding.causedBy = nil
            return finding
        }
        let unique: [Finding]
        if count <= 32 {
            var kept: [Finding] = []
            kept.reserveCapacity(count)
            for finding in cleared where !kept.contains(finding) { kept.append(finding) }
            unique = kept
        } else {
            var seen = Set<Finding>()
            unique = cleared.filter { seen.insert($0).inserted }
        }
        var sorted = unique.sorted(by: Finding.reportOrder)
        let present = Set(sorted.map(\.code))
        func causes(of code: FindingCode) -> [FindingCode] { FindingCatalog.entry(for: code)?.consequenceOf ?? [] }
        guard sorted.count > 1, sorted.contains(where: { !causes(of: $0.code).isEmpty }) else { return sorted }
        for i in sorted.indices {
            let causes = causes(of: sorted[i].code)
            guard !causes.isEmpty, causes.contains(where: present.contains) else { continue }
            let own = sorted[i].code
            sorted[i].causedBy = sorted.first { $0.code != own && causes.contains($0.code) }?.code
        }
        // Each finding's root: follow causedBy (the catalog's relation has no cycles; the
        // bound keeps a future one from looping).
        func root(_ index: Int) -> Int {
            var at = index
            for _ in 0..<8 {
                guard let cause = sorted[at].causedBy, let next = sorted.firstIndex(where: { $0.code == cause })
                else { break }
                at = next
            }
            return at
        }
        let roots = sorted.indices.map(root)
        var worst: [Int: Severity] = [:]
        for (i, r) in roots.enumerated() { worst[r] = Swift.max(worst[r] ?? .info, sorted[i].severity) }
        let order = sorted.indices.sorted { a, b in
            let (ra, rb) = (roots[a], roots[b])
            if ra != rb {
                let (sa, sb) = (worst[ra] ?? .info, worst[rb] ?? .info)
                return sa != sb ? sa > sb : ra < rb
            }
            // Within a group the root first, then its consequences in report order.
            return (a == ra ? -1 : a) < (b == rb ? -1 : b)
        }
        return order.map { sorted[$0] }
    }

    /// The first finding that is not a consequence of another: the root cause a report
    /// leads with, or nil when there are none.
    public var rootCause: Finding? { first { $0.causedBy == nil } ?? first }

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
