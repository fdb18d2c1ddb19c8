import SystemCalls

/// What a capture judges again and again, remembered: a capture holds the same few server
/// chains thousands of times, and judging a chain (path search, signatures, lints) and
/// describing its certificates (two SHA-256 each, PEM) cost far more than reading the
/// packets that carried it. One memo per capture session, shared by the threads that build
/// reports; bounded (past `capacity` entries, or past `byteBudget` bytes of certificates
/// held, a table starts again empty; a chain or certificate bigger than a sixty-fourth of
/// the budget is not remembered at all), so a capture of many large distinct chains holds
/// at most a few budgets' worth.
///
/// Every entry is a pure function of its key, so a report made with the memo is the
/// report made without it. A chain's evaluation depends on the instant only through the
/// validity checks; it is shared between connections only while the instant is "quiet"
/// for every certificate that could be judged (each one presented and each anchor is
/// valid then and not within the profile's expires-soon days), and otherwise only within
/// the same second.
public final class DiagnosisMemo: @unchecked Sendable {
    // @unchecked: the tables are only touched under `lock`; the anchors never change.
    public let capacity: Int
    /// The certificate bytes each table may hold (their DER counted three times for what
    /// is kept beside it: the PEM, the parsed fields, the evaluation).
    public let byteBudget: Int
    private var evaluationBytes = 0
    private var detailBytes = 0
    private var summaryBytes = 0
    private let anchors: [TrustAnchor]
    private let anchorSummaries: [CertificateSummary]
    /// The latest notBefore and earliest notAfter among the anchors.
    private let anchorsValidFrom: Date
    private let anchorsValidUntil: Date
    private let lock = Lock()
    private var evaluations: [EvaluationKey: TrustEvaluation] = [:]
    private var details: [DER: CertificateDetails] = [:]
    private var summaries: [SummaryKey: CertificateSummary] = [:]

    /// A memo for reports judged against `anchors` (the same for every connection).
    public init(anchors: [TrustAnchor], capacity: Int = 1024, byteBudget: Int = 8 << 20) {
        self.anchors = anchors
        self.capacity = capacity
        self.byteBudget = byteBudget
        anchorSummaries = anchors.map { CertificateSummary($0.certificate, source: $0.source) }
        anchorsValidFrom = anchors.map(\.certificate.notBefore).max() ?? .distantPast
        anchorsValidUntil = anchors.map(\.certificate.notAfter).min() ?? .distantFuture
    }

    /// DER as a key hashed in one call over its bytes (`[UInt8]`'s own hashing feeds the
    /// hasher one byte at a time).
    struct DER: Hashable {
        let bytes: [UInt8]
        func hash(into hasher: inout Hasher) { DERHash.hash(bytes, into: &hasher) }
        static func == (a: DER, b: DER) -> Bool { a.bytes == b.bytes }
    }

    struct SummaryKey: Hashable {
        var der: DER
        var source: String
    }

    struct EvaluationKey: Hashable {
        var chain: [DER]
        /// The context with `at` cleared when the instant is quiet (`quiet`).
        var context: TrustContext
        var quiet: Bool
    }

    /// Whether `anchors` are the ones this memo was made for (the same certificates from
    /// the same sources, in the same order).
    func serves(_ anchors: [TrustAnchor]) -> Bool {
        guard anchors.count == self.anchors.count else { return false }
        for (a, b) in zip(anchors, self.anchors) where a.source != b.source || a.certificate.der != b.certificate.der {
            return false
        }
        return true
    }

    /// Entries held, over every table.
    var entryCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return evaluations.count + details.count + summaries.count
    }

    /// Certificate bytes held, as the budget counts them, over every table.
    var heldBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return evaluationBytes + detailBytes + summaryBytes
    }

    /// The anchors as the trust section lists them.
    var anchorsSummary: [CertificateSummary] { anchorSummaries }

    /// `TrustEngine.evaluate(leaf:presented:anchors:context:)` with this memo's anchors.
    func evaluate(leaf: X509Certificate, presented: [X509Certificate], context: TrustContext) -> TrustEvaluation {
        // TrustEngine judges validity at the whole second the instant is in.
        let at = Date(timeIntervalSince1970: context.at.timeIntervalSince1970.rounded(.down))
        let soon = context.profile.rule(ExpiryRule.self)?.window ?? 0
        func quiet(_ notBefore: Date, _ notAfter: Date) -> Bool {
            at >= notBefore && notAfter.timeIntervalSince(at) >= soon
        }
        var isQuiet = anchors.isEmpty || quiet(anchorsValidFrom, anchorsValidUntil)
        if isQuiet { isQuiet = quiet(leaf.notBefore, leaf.notAfter) }
        if isQuiet { isQuiet = presented.allSatisfy { quiet($0.notBefore, $0.notAfter) } }
        var keyContext = context
        keyContext.at = isQuiet ? Date(timeIntervalSince1970: 0) : at
        let key = EvaluationKey(
            chain: [DER(bytes: leaf.der)] + presented.map { DER(bytes: $0.der) },
            context: keyContext,
            quiet: isQuiet
        )
        lock.lock()
        if let hit = evaluations[key] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let evaluation = TrustEngine.evaluate(leaf: leaf, presented: presented, anchors: anchors, context: context)
        let cost = 3 * key.chain.reduce(0) { $0 + $1.bytes.count }
        guard cost <= byteBudget / 64 else { return evaluation }
        lock.lock()
        if evaluations.count >= capacity || evaluationBytes + cost > byteBudget {
            evaluations.removeAll(keepingCapacity: true)
            evaluationBytes = 0
        }
        if evaluations.updateValue(evaluation, forKey: key) == nil { evaluationBytes += cost }
        lock.unlock()
        return evaluation
    }

    /// `CertificateDetails(certificate, index: index)`.
    func details(_ certificate: X509Certificate, index: Int) -> CertificateDetails {
        let key = DER(bytes: certificate.der)
        lock.lock()
        if var hit = details[key] {
            lock.unlock()
            hit.index = index
            return hit
        }
        lock.unlock()
        let made = CertificateDetails(certificate, index: index)
        let cost = 3 * key.bytes.count
        guard cost <= byteBudget / 64 else { return made }
        lock.lock()
        if details.count >= capacity || detailBytes + cost > byteBudget {
            details.removeAll(keepingCapacity: true)
            detailBytes = 0
        }
        if details.updateValue(made, forKey: key) == nil { detailBytes += cost }
        lock.unlock()
        return made
    }

    /// `CertificateSummary(certificate, source: source)`.
    func summary(_ certificate: X509Certificate, source: String) -> CertificateSummary {
        let key = SummaryKey(der: DER(bytes: certificate.der), source: source)
        lock.lock()
        if let hit = summaries[key] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let made = CertificateSummary(certificate, source: source)
        let cost = 3 * key.der.bytes.count
        guard cost <= byteBudget / 64 else { return made }
        lock.lock()
        if summaries.count >= capacity || summaryBytes + cost > byteBudget {
            summaries.removeAll(keepingCapacity: true)
            summaryBytes = 0
        }
        if summaries.updateValue(made, forKey: key) == nil { summaryBytes += cost }
        lock.unlock()
        return made
    }
}
