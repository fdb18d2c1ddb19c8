import X509

/// The certificates path building may use, and a bounded depth-first search over them
/// (RFC 4158): from the leaf, each step tries every certificate whose subject is the
/// current certificate's issuer (RFC 5280 7.1 name comparison) and whose key made its
/// signature, anchors first, then those whose subjectKeyIdentifier is the wanted
/// authorityKeyIdentifier, then the rest in the order presented.
struct PathSearch {
    /// One distinct certificate (by DER) available to path building.
    struct Node {
        let certificate: X509Certificate
        /// `certificate[i]` for what the peer sent, `anchor <source>` for an anchor.
        let subject: Finding.Subject
        /// How messages name the certificate: its subject as reports print it.
        var label: String { subject.description }
        /// Position in what the peer sent (0 = leaf), when it was sent.
        let presentedIndex: Int?
        /// The anchor with this very certificate, when the client trusts it.
        let anchor: TrustAnchor?
        let selfIssued: Bool
        /// Subject name and key together: two certificates with both equal are the same CA
        /// for loop detection (RFC 4158 5.2), whatever else differs.
        let identity: [UInt8]
    }

    /// Bounds that make hostile inputs terminate quickly.
    struct Limits {
        /// Certificates in one path, leaf and anchor included.
        var maxPathLength = 16
        /// Distinct signature checks over the whole search (Go stops at 100).
        var maxSignatureChecks = 256
        /// Candidate issuers examined over the whole search.
        var maxCandidates = 4096
        /// Complete paths validated before settling for the best seen.
        var maxCompletePaths = 32
        /// Name/constraint comparisons over the whole evaluation, every path together
        /// (OpenSSL's NAME_CHECK_MAX bounds one certificate against one CA).
        var maxNameComparisons = NameConstraintsCheck.maxComparisons
    }

    private(set) var nodes: [Node] = []
    /// Presented positions (>= 1) that repeat the leaf or an earlier certificate, with the
    /// position they repeat.
    private(set) var duplicates: [(index: Int, of: Int)] = []
    /// Presented positions beyond the bound, ignored.
    private(set) var ignoredPresented: Int = 0
    private var bySubject: [String: [Int]] = [:]
    private struct Pair: Hashable {
        let child: Int
        let issuer: Int
    }
    private var signatureCache: [Pair: SignatureCheck] = [:]
    private var selfSignedCache: [Int: Bool] = [:]
    let limits: Limits

    /// Work done over the whole evaluation, counted so that tests can bound it.
    struct Work {
        /// Complete paths handed to validation.
        var pathsValidated = 0
        /// Name/constraint comparisons made (names times constraints of each check run).
        var nameComparisons = 0
    }
    var work = Work()
    /// Set when name-constraint checks reached `limits.maxNameComparisons`: the search stops.
    var nameBudgetSpent = false
    /// The result of each name-constraint check made, by constraint set, certificate and
    /// whether the Common Name was read: paths that share a pair (copies of a CA, the same
    /// leaf) reuse it.
    struct ConstraintCheck: Hashable {
        let constraints: Int
        let certificate: Int
        let commonName: Bool
    }
    var constraintResults: [ConstraintCheck: [NameConstraintsCheck.Violation]] = [:]
    private var constraintSetByNode: [Int: Int] = [:]
    private var constraintSets: [[UInt8]: Int] = [:]

    /// A number for node `i`'s name constraints, the same for every node whose extension
    /// has the same bytes.
    mutating func constraintSet(of i: Int) -> Int {
        if let known = constraintSetByNode[i] { return known }
        let bytes = nodes[i].certificate.extensionValue(.X509ExtensionID.nameConstraints).map { Array($0.value) } ?? []
        let number = constraintSets[bytes] ?? constraintSets.count
        constraintSets[bytes] = number
        constraintSetByNode[i] = number
        return number
    }

    /// What the search found.
    struct Outcome {
        /// Complete paths (node indices, leaf first, anchor last) in the order found.
        var complete: [[Int]] = []
        /// The longest path that could not be extended to an anchor.
        var longestPartial: [Int] = [0]
        /// Child/issuer pairs whose names matched but whose signature did not verify.
        var nameMatchesWithBadSignature: [(child: Int, issuer: Int)] = []
        /// Whether a bound stopped the search early, and which.
        var exhausted: String? = nil
        /// Whether a path was cut at the length bound.
        var hitLengthBound = false
        /// Child/issuer pairs where the issuer was already on the path (a loop).
        var loops: [(child: Int, issuer: Int)] = []
    }

    init(
        leaf: X509Certificate,
        presented: [X509Certificate],
        anchors: [TrustAnchor],
        limits: Limits = Limits(),
        maxPresented: Int = 256
    ) {
        self.limits = limits
        var indexByDER: [[UInt8]: Int] = [:]
        let anchorByDER = Dictionary(anchors.map { ($0.certificate.der, $0) }, uniquingKeysWith: { first, _ in first })

        func add(_ cert: X509Certificate, subject: Finding.Subject, presentedIndex: Int?, anchor: TrustAnchor?) {
            indexByDER[cert.der] = nodes.count
            bySubject[Self.nameKey(cert.subject), default: []].append(nodes.count)
            let identity = Array(Self.nameKey(cert.subject).utf8) + [0] + cert.spkiDER
            nodes.append(
                Node(
                    certificate: cert,
                    subject: subject,
                    presentedIndex: presentedIndex,
                    anchor: anchor,
                    selfIssued: cert.isSelfIssued,
                    identity: identity
                )
            )
        }
        add(leaf, subject: .certificate(0), presentedIndex: 0, anchor: anchorByDER[leaf.der])
        for (offset, cert) in presented.enumerated() {
            let index = offset + 1
            if offset >= maxPresented {
                ignoredPresented += 1
                continue
            }
            if let earlier = indexByDER[cert.der] {
                duplicates.append((index, nodes[earlier].presentedIndex ?? 0))
                continue
            }
            add(cert, subject: .certificate(index), presentedIndex: index, anchor: anchorByDER[cert.der])
        }
        for anchor in anchors where indexByDER[anchor.certificate.der] == nil {
            add(anchor.certificate, subject: .anchor(anchor.source), presentedIndex: nil, anchor: anchor)
        }
    }

    /// A coarse key for names that RFC 5280 7.1 may call equal: same number of RDNs and
    /// the same case-folded values; `DNComparison.equal` decides within a bucket.
    static func nameKey(_ name: DistinguishedName) -> String {
        name.map { rdn in
            rdn.map { attribute -> String in
                let text = String(attribute.value) ?? String(describing: attribute.value)
                return attribute.type.description + "="
                    + text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            }.sorted().joined(separator: "+")
        }.joined(separator: ",")
    }

    /// Nodes whose subject is `child`'s issuer name.
    func issuerCandidates(of child: Int) -> [Int] {
        let cert = nodes[child].certificate
        return (bySubject[Self.nameKey(cert.issuer)] ?? []).filter {
            DNComparison.equal(
                cert.issuerDER,
                cert.issuer,
                nodes[$0].certificate.subjectDER,
                nodes[$0].certificate.subject
            )
        }
    }

    /// The signature check of `child` by `issuer`, counted against the budget; nil when the
    /// budget is spent.
    mutating func signature(of child: Int, by issuer: Int, spent: inout Int) -> SignatureCheck? {
        let key = Pair(child: child, issuer: issuer)
        if let cached = signatureCache[key] { return cached }
        guard spent < limits.maxSignatureChecks else { return nil }
        spent += 1
        let result = nodes[child].certificate.signatureCheck(by: nodes[issuer].certificate)
        signatureCache[key] = result
        return result
    }

    /// The cached result of a check already made.
    func cachedSignature(of child: Int, by issuer: Int) -> SignatureCheck? {
        signatureCache[Pair(child: child, issuer: issuer)]
    }

    /// Whether node `i` is self-signed (self-issued and its own key verifies its signature).
    mutating func isSelfSigned(_ i: Int) -> Bool {
        if let cached = selfSignedCache[i] { return cached }
        let value = nodes[i].selfIssued && nodes[i].certificate.signatureCheck(by: nodes[i].certificate) == .valid
        selfSignedCache[i] = value
        return value
    }

    /// Orders candidate issuers: anchors first, then key identifiers that match, then
    /// unknown, then mismatching, each in presented order.
    private func ordered(_ candidates: [Int], for child: Int) -> [Int] {
        let aki = nodes[child].certificate.authorityKeyIdentifier?.keyIdentifier.map(Array.init)
        func rank(_ i: Int) -> Int {
            let node = nodes[i]
            var rank = node.anchor != nil ? 0 : 10
            if let aki, let ski = node.certificate.subjectKeyIdentifier.map({ Array($0.keyIdentifier) }) {
                rank += aki == ski ? 0 : 2
            } else {
                rank += 1
            }
            return rank
        }
        return candidates.enumerated().sorted { a, b in
            let (ra, rb) = (rank(a.element), rank(b.element))
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// Searches for paths from the leaf to an anchor, calling `accept` on each complete
    /// path; `accept` returns true to stop (a valid path was found).
    mutating func run(useAnchors: Bool, accept: (inout PathSearch, [Int]) -> Bool) -> Outcome {
        var outcome = Outcome()
        var signaturesSpent = 0
        var candidatesSpent = 0
        var stop = false
        var path: [Int] = [0]
        var onPath: Set<Int> = [0]
        var identities: [[UInt8]: Int] = [nodes[0].identity: 1]

        func visit(_ search: inout PathSearch) {
            if stop { return }
            guard let current = path.last else { return }
            if useAnchors, search.nodes[current].anchor != nil {
                outcome.complete.append(path)
                if accept(&search, path) || outcome.complete.count >= search.limits.maxCompletePaths
                    || search.nameBudgetSpent
                {
                    if search.nameBudgetSpent {
                        outcome.exhausted = outcome.exhausted ?? "name-constraint comparisons"
                    } else if outcome.complete.count >= search.limits.maxCompletePaths {
                        outcome.exhausted = outcome.exhausted ?? "complete paths"
                    }
                    stop = true
                }
                return
            }
            if path.count > outcome.longestPartial.count { outcome.longestPartial = path }
            if path.count >= search.limits.maxPathLength {
                outcome.hitLengthBound = true
                return
            }
            let candidates = search.ordered(search.issuerCandidates(of: current), for: current)
            for candidate in candidates {
                if stop { return }
                if !useAnchors && search.nodes[candidate].presentedIndex == nil { continue }
                if onPath.contains(candidate) || identities[search.nodes[candidate].identity, default: 0] > 0 {
                    // A loop only when the certificate on the path really issued this one.
                    if candidate != current,
                        let check = search.signature(of: current, by: candidate, spent: &signaturesSpent),
                        check != .invalid
                    {
                        outcome.loops.append((current, candidate))
                    }
                    continue
                }
                candidatesSpent += 1
                if candidatesSpent > search.limits.maxCandidates {
                    outcome.exhausted = "candidate issuers"
                    stop = true
                    return
                }
                guard let check = search.signature(of: current, by: candidate, spent: &signaturesSpent) else {
                    outcome.exhausted = "signature checks"
                    stop = true
                    return
                }
                if check == .invalid {
                    outcome.nameMatchesWithBadSignature.append((current, candidate))
                    continue
                }
                path.append(candidate)
                onPath.insert(candidate)
                identities[search.nodes[candidate].identity, default: 0] += 1
                visit(&search)
                path.removeLast()
                onPath.remove(candidate)
                identities[search.nodes[candidate].identity, default: 0] -= 1
            }
        }
        visit(&self)
        return outcome
    }
}
