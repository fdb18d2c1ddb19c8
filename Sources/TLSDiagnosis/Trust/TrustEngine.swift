import SystemCalls

/// A certificate on a built path and where it came from.
public struct PathElement: Sendable, Hashable {
    public var certificate: X509Certificate
    /// `certificate[2]` for one the peer presented, `anchor root.pem` for an anchor.
    public var source: String

    public init(certificate: X509Certificate, source: String) {
        self.certificate = certificate
        self.source = source
    }
}

/// What the trust engine decided and why.
public struct TrustEvaluation: Sendable, Hashable {
    /// Whether a client with these anchors, expecting this name for this purpose, accepts
    /// the chain: a path exists, no error-level finding is on it, and the name matches.
    public var trusted: Bool
    /// The path judged (leaf first, anchor last), the valid one or else the closest; nil
    /// when no path to an anchor exists.
    public var path: [PathElement]?
    /// Every finding: path and structure, names, and per-certificate checks.
    public var findings: [Finding]
    /// The anchor the judged path ends at, when there is a path.
    public var anchor: TrustAnchor?
    /// Whether the name was checked and matched (nil when no name was expected).
    public var nameMatched: Bool?

    public init(
        trusted: Bool,
        path: [PathElement]?,
        findings: [Finding],
        anchor: TrustAnchor? = nil,
        nameMatched: Bool? = nil
    ) {
        self.trusted = trusted
        self.path = path
        self.findings = findings
        self.anchor = anchor
        self.nameMatched = nameMatched
    }
}

/// Path building and RFC 5280 path validation with findings that say why.
public enum TrustEngine {
    /// Judges `leaf` with the certificates the peer `presented` after it (in order) against
    /// `anchors`. With no anchors, trust is not judged but every other check still runs.
    ///
    /// Every candidate issuer is considered (by name, preferring matching key identifiers),
    /// whatever the order and with duplicates and extras; the search is bounded in path
    /// length, candidates and signature checks, so hostile inputs finish quickly. The path
    /// reported is a valid one when there is one, else the one with the fewest errors.
    public static func evaluate(
        leaf: X509Certificate,
        presented: [X509Certificate],
        anchors: [TrustAnchor],
        context: TrustContext
    ) -> TrustEvaluation {
        evaluateCountingWork(leaf: leaf, presented: presented, anchors: anchors, context: context).evaluation
    }

    /// `evaluate`, with the work path building and validation did.
    static func evaluateCountingWork(
        leaf: X509Certificate,
        presented: [X509Certificate],
        anchors: [TrustAnchor],
        context: TrustContext,
        limits: PathSearch.Limits = PathSearch.Limits()
    ) -> (evaluation: TrustEvaluation, work: PathSearch.Work) {
        // Certificates carry whole seconds: judge validity at the second the instant is in.
        var context = context
        context.at = Date(timeIntervalSince1970: context.at.timeIntervalSince1970.rounded(.down))

        var search = PathSearch(leaf: leaf, presented: presented, anchors: anchors, limits: limits)
        var nameFindings: [Finding] = []
        if let expected = context.expectedName {
            nameFindings = NameMatching.check(
                leaf,
                expected: expected,
                subject: .certificate(0),
                profile: context.profile
            )
        }
        let nameOK = !nameFindings.contains { $0.severity == .error }

        // Search, validating each complete path; stop at the first with no error.
        var validated: [(path: [Int], findings: [Finding], errors: Int, warnings: Int)] = []
        let outcome = search.run(useAnchors: !anchors.isEmpty) { search, path in
            search.work.pathsValidated += 1
            let findings = PathValidation.validate(path, search: &search, context: context)
            let errors = findings.filter { $0.severity == .error }.count
            let warnings = findings.filter { $0.severity == .warning }.count
            validated.append((path, findings, errors, warnings))
            return errors == 0
        }
        let best = validated.min { a, b in
            if a.errors != b.errors { return a.errors < b.errors }
            if a.warnings != b.warnings { return a.warnings < b.warnings }
            return a.path.count < b.path.count
        }

        var findings: [Finding] = []
        var reference: [Int]
        var judgedPath: [PathElement]? = nil
        var anchor: TrustAnchor? = nil
        var trusted = false

        if let best, !anchors.isEmpty {
            reference = best.path
            findings += best.findings
            judgedPath = best.path.map {
                PathElement(certificate: search.nodes[$0].certificate, source: search.nodes[$0].label)
            }
            anchor = best.path.last.flatMap { search.nodes[$0].anchor }
            var anchorErrors = 0
            if let top = best.path.last, let notRoot = anchorNotRoot(top, search: &search) {
                findings.append(notRoot)
                if context.profile.apply(notRoot)?.severity == .error { anchorErrors = 1 }
            }
            trusted = best.errors == 0 && anchorErrors == 0 && nameOK
        } else {
            // No path to an anchor (or no anchors): judge what was sent, as far as it links.
            // With no anchors the search used only what was sent.
            reference = outcome.longestPartial
            findings += ChainDiagnosis.lintUnanchored(reference, search: &search, context: context)
            if !anchors.isEmpty {
                findings += ChainDiagnosis.explainNoPath(
                    outcome,
                    reference: reference,
                    search: &search,
                    context: context
                )
            } else if reference == [0], search.isSelfSigned(0) {
                // No anchors: trust is not judged, but a self-signed leaf is named all the same.
                findings.append(ChainDiagnosis.selfSignedLeaf(search: search, context: context, anchorsGiven: false))
            }
        }
        if let exhausted = outcome.exhausted, best.map({ $0.errors > 0 }) ?? true, !anchors.isEmpty {
            findings.append(
                Finding(
                    code: .chainTooLong,
                    subject: .certificate(0),
                    message:
                        "tlsprobe stopped building paths after its limit of \(exhausted) (\(presented.count) certificates were sent, \(anchors.count) anchors given); clients give up on such chains too.",
                    evidence: [
                        "limit": .string(exhausted), "presented": .int(presented.count), "anchors": .int(anchors.count),
                    ],
                    fix: "Send only the leaf and the intermediates on its path to the root, in order."
                )
            )
        }
        findings += ChainDiagnosis.structure(
            search: &search,
            reference: reference,
            pathFound: judgedPath != nil,
            context: context
        )
        findings += nameFindings
        findings = findings.compactMap(context.profile.apply).inReportOrder()
        let evaluation = TrustEvaluation(
            trusted: trusted,
            path: judgedPath,
            findings: findings,
            anchor: anchor,
            nameMatched: context.expectedName == nil ? nil : nameOK
        )
        return (evaluation, search.work)
    }
}

extension TrustEngine {
    /// `chain.anchor_not_root` when the path ends at an anchor (given as a file, not a
    /// system root) that is not self-signed: an intermediate given as the root.
    static func anchorNotRoot(_ top: Int, search: inout PathSearch) -> Finding? {
        let node = search.nodes[top]
        guard let anchor = node.anchor, !anchor.isSystemRoot, !search.isSelfSigned(top) else { return nil }
        let cert = anchor.certificate
        let issuer = cert.issuerString.isEmpty ? "(empty name)" : "\"\(cert.issuerString)\""
        return Finding(
            code: .chainAnchorNotRoot,
            subject: node.subject,
            message:
                "The anchor \(anchor.source) (\(Display.name(cert))) is not a root: it was issued by \(issuer). iOS and macOS give full trust only to a root; OpenSSL accepts it only with a partial chain allowed (curl does, openssl s_client -verify_return_error does not).",
            evidence: [
                "anchor": .string(anchor.source), "subject": .string(cert.subjectString),
                "issuer": .string(cert.issuerString), "authority_key_id": .optional(cert.authorityKeyIDHex),
            ],
            fix:
                "Give the root as the anchor: the certificate of \(issuer)\(cert.authorityKeyIDHex.map { " (key id \($0))" } ?? ""), the issuer named in \(anchor.source); install that root on the clients, and have the server send \(Display.name(cert)) as its intermediate."
        )
    }
}
