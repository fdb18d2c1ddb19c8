import X509

/// RFC 5280 section 6.1 over one built path, leaf first and anchor last, with a finding
/// for each rule a certificate on it breaks.
enum PathValidation {
    /// Intermediates allowed when the context sets no limit: more than clients build.
    static let defaultMaxIntermediates = 8

    /// Every finding about the certificates on `path` (node indices into `search`).
    /// Without `checkLength` (a path that stops short of an anchor) the length limit is
    /// not judged; a self-signed certificate at the top is judged as a root.
    static func validate(
        _ path: [Int],
        search: inout PathSearch,
        context: TrustContext,
        checkLength: Bool = true
    ) -> [Finding] {
        var findings: [Finding] = []
        guard let lastIndex = path.last else { return [] }
        let nodes = path.map { search.nodes[$0] }
        let last = nodes.count - 1
        let topIsRoot = nodes[last].anchor != nil || (last > 0 && search.isSelfSigned(lastIndex))

        func role(_ i: Int) -> CertificateRole {
            if i == 0 { return .leaf }
            return i == last && topIsRoot ? .anchor : .intermediate
        }

        // Per-certificate checks.
        for (i, node) in nodes.enumerated() {
            findings += CertificateLint.check(node.certificate, role: role(i), subject: node.subject, context: context)
            findings += CertificateConformance.check(
                node.certificate,
                role: role(i),
                selfSigned: search.isSelfSigned(path[i]),
                subject: node.subject,
                context: context
            )
        }

        // Each issuing step.
        for i in stride(from: 1, to: nodes.count, by: 1) {
            let child = nodes[i - 1]
            let issuer = nodes[i]
            findings += issuingStep(
                child: child,
                issuer: issuer,
                issuerRole: role(i),
                search: &search,
                childIndex: path[i - 1],
                issuerIndex: path[i],
                context: context
            )
        }

        if let anchor = nodes[last].anchor, last > 0, context.purpose == .server {
            findings += CertificateLint.publicRootValidityPeriod(
                nodes[0].certificate,
                subject: nodes[0].subject,
                anchor: anchor,
                profile: context.profile
            )
        }
        if checkLength { findings += pathLength(nodes, context: context) }
        findings += nameConstraints(path, search: &search, context: context)
        return findings.compactMap(context.profile.apply)
    }

    // MARK: issuing step

    static func issuingStep(
        child: PathSearch.Node,
        issuer: PathSearch.Node,
        issuerRole: CertificateRole,
        search: inout PathSearch,
        childIndex: Int,
        issuerIndex: Int,
        context: TrustContext
    ) -> [Finding] {
        var findings: [Finding] = []
        let issuerCert = issuer.certificate
        let issuerName = Display.name(issuerCert)

        if case .unsupported(let reason) = search.cachedSignature(of: childIndex, by: issuerIndex) ?? .invalid {
            findings.append(
                Finding(
                    code: .certUnsupportedAlgorithm,
                    subject: child.subject,
                    message:
                        "The signature on \(child.label) by \(issuer.label) cannot be checked: \(reason). Clients that cannot check a signature refuse the certificate.",
                    evidence: [
                        "signature_algorithm": .string(child.certificate.signatureAlgorithm.name),
                        "issuer": .string(issuer.label), "issuer_key": .string(issuerCert.key.summary),
                        "reason": .string(reason),
                    ]
                )
            )
        }

        // RFC 5280 6.1.4 (k): a v3 issuer must say CA:TRUE; a v1/v2 one only when the
        // client vouches for it out of band, as it does for an anchor.
        // Without basicConstraints but with keyUsage keyCertSign, OpenSSL outside strict mode
        // takes the certificate as a CA (check_ca); the profile says whether to.
        let noBasicConstraints = issuerCert.extensionValue(.X509ExtensionID.basicConstraints) == nil
        let caByKeyUsage = noBasicConstraints && issuerCert.keyUsage?.keyCertSign == true
        let versionOneRoot = issuerRole == .anchor && issuerCert.version < 3 && issuerCert.isSelfIssued
        if !issuerCert.isCA
            && !((caByKeyUsage || versionOneRoot) && context.profile.rule(KeyCertSignMakesCA.self) != nil)
        {
            let why: String
            if issuerCert.version < 3 {
                why =
                    "it is a version \(issuerCert.version) certificate, which has no extensions and so cannot say CA:TRUE"
            } else if issuerCert.basicConstraints == nil {
                why =
                    noBasicConstraints
                    ? "it has no basicConstraints extension"
                    : "its basicConstraints extension cannot be read"
            } else {
                why = "its basicConstraints says CA:FALSE"
            }
            let clients =
                versionOneRoot
                ? "OpenSSL outside its strict mode (curl; Python 3.12 and older) accepts a self-signed version 1 root, but RFC 5280 validators and OpenSSL's strict mode (Python 3.13's default) refuse it as an invalid CA."
                : caByKeyUsage
                    ? "Its keyUsage allows keyCertSign, so OpenSSL outside its strict mode (curl; Python 3.12 and older) accepts it as a CA, but RFC 5280 validators and OpenSSL's strict mode (Python 3.13's default) refuse what it signed."
                    : "Clients do not accept certificates signed by a key that is not a CA's."
            findings.append(
                Finding(
                    code: .chainIssuerNotCA,
                    subject: issuer.subject,
                    message:
                        "\(issuerName) (\(issuer.label)) signed \(child.label), but it is not a CA: \(why). \(clients)",
                    evidence: [
                        "issuer": .string(issuerCert.subjectString), "basic_constraints": .string(why),
                        "signed": .string(child.label),
                    ],
                    fix:
                        "Re-issue \(issuerName) as a version 3 CA certificate (basicConstraints critical, CA:TRUE; keyUsage keyCertSign, cRLSign) with the same key, so what it signed stays valid, and install the new one where the old one was; or issue \(child.label) from a real CA."
                )
            )
        }

        if let ku = issuerCert.keyUsage, !ku.keyCertSign {
            let names = issuerCert.keyUsageNames
            findings.append(
                Finding(
                    code: .chainIssuerMissingCertSign,
                    subject: issuer.subject,
                    message:
                        "\(issuerName) (\(issuer.label)) signed \(child.label), but its keyUsage (\(names.isEmpty ? "empty" : names.joined(separator: ", "))) does not include keyCertSign, so its key may not sign certificates.",
                    evidence: ["key_usage": .strings(names), "signed": .string(child.label)],
                    fix:
                        "Re-issue \(issuerName) with keyUsage keyCertSign, cRLSign (openssl: -addext \"keyUsage=critical,keyCertSign,cRLSign\")."
                )
            )
        }

        // An intermediate's extendedKeyUsage restricts every certificate below it.
        if issuerRole == .intermediate, issuerCert.extendedKeyUsage != nil {
            let usages = issuerCert.extendedKeyUsageNames
            let wanted = context.purpose == .server ? "serverAuth" : "clientAuth"
            if !usages.contains(wanted) && !usages.contains("anyExtendedKeyUsage") {
                findings.append(
                    Finding(
                        code: context.purpose == .server ? .certEKUMissingServerAuth : .certEKUMissingClientAuth,
                        subject: issuer.subject,
                        message:
                            "\(issuerName) (\(issuer.label)) limits its extendedKeyUsage to \(usages.isEmpty ? "nothing" : usages.joined(separator: ", ")), without \(wanted); clients carry that limit down the chain, so nothing it issues is valid for TLS \(context.purpose.rawValue)s.",
                        evidence: ["extended_key_usage": .strings(usages), "required": .string(wanted)],
                        fix:
                            "Re-issue \(issuerName) with extendedKeyUsage including \(wanted), or without the extension."
                    )
                )
            }
        }
        return findings
    }

    // MARK: path length

    /// pathLenConstraint (RFC 5280 4.2.1.9, 6.1.4 (l)-(m)): the non-self-issued
    /// intermediates below a CA; the leaf is not counted. Also the context's limit.
    static func pathLength(_ nodes: [PathSearch.Node], context: TrustContext) -> [Finding] {
        var findings: [Finding] = []
        guard nodes.count > 1 else { return [] }
        let last = nodes.count - 1
        let endsAtAnchor = nodes[last].anchor != nil
        // counted, at node j: the non-self-issued intermediates strictly between the leaf
        // and node j (nodes 1..<j).
        var counted = 0
        for j in 1..<nodes.count {
            if let limit = nodes[j].certificate.pathLengthConstraint, counted > limit {
                let label = nodes[j].label
                let name = Display.name(nodes[j].certificate)
                let below = (1..<j).filter { !nodes[$0].selfIssued }.map { nodes[$0].label }
                findings.append(
                    Finding(
                        code: .chainPathLengthExceeded,
                        subject: nodes[j].subject,
                        message:
                            "\(name) (\(label)) allows \(limit) intermediate CA\(limit == 1 ? "" : "s") below it (pathlen:\(limit)), but \(counted) follow it: \(below.joined(separator: ", ")).",
                        evidence: [
                            "path_length_constraint": .int(limit), "intermediates_below": .int(counted),
                            "below": .strings(below),
                        ],
                        fix:
                            "Issue the leaf directly from a CA within the limit, or re-issue \(name) with pathlen:\(counted) or without a limit."
                    )
                )
            }
            if j < last || !endsAtAnchor, !nodes[j].selfIssued { counted += 1 }
        }
        let intermediates = endsAtAnchor ? max(0, nodes.count - 2) : nodes.count - 1
        let logical = (1..<nodes.count).filter { ($0 < last || !endsAtAnchor) && !nodes[$0].selfIssued }.count
        let limit = context.maxIntermediates ?? defaultMaxIntermediates
        if logical > limit {
            findings.append(
                Finding(
                    code: .chainTooLong,
                    subject: .certificate(0),
                    message:
                        "The path from certificate[0] to its anchor has \(logical) intermediate CA\(logical == 1 ? "" : "s")\(intermediates != logical ? " (\(intermediates) certificates)" : ""), more than the \(limit) allowed.",
                    evidence: [
                        "intermediates": .int(logical), "limit": .int(limit), "path": .strings(nodes.map(\.label)),
                    ]
                )
            )
        }
        return findings
    }

    // MARK: name constraints

    /// Each CA's name constraints against every certificate below it, except self-issued
    /// intermediates (RFC 5280 6.1.3 (b)-(c)); the leaf always. Each pair (constraint set,
    /// certificate) is checked once per evaluation, whatever the paths it is on, and the
    /// comparisons of all checks together are bounded by `limits.maxNameComparisons`.
    static func nameConstraints(_ path: [Int], search: inout PathSearch, context: TrustContext) -> [Finding] {
        var findings: [Finding] = []
        let nodes = path.map { search.nodes[$0] }
        for j in 1..<max(1, nodes.count) {
            let ca = nodes[j]
            guard let nc = ca.certificate.nameConstraints else { continue }
            let caName = Display.name(ca.certificate)
            let leadingDot = context.profile.rule(LeadingDotNameConstraints.self) != nil
            let malformed = NameConstraintsCheck.malformedConstraints(nc, leadingDotAllowed: leadingDot)
            if !malformed.isEmpty {
                findings.append(
                    malformedConstraintsFinding(ca: ca, nc: nc, problems: malformed, below: Array(nodes[0..<j]))
                )
                continue
            }
            let constraints = NameConstraintsCheck.constraintCount(nc)
            for i in 0..<j where i == 0 || !nodes[i].selfIssued {
                let cert = nodes[i].certificate
                let names = NameConstraintsCheck.nameCount(cert)
                if names > 0, constraints > NameConstraintsCheck.maxComparisons / names {
                    findings.append(
                        Finding(
                            code: .chainNameConstraintsViolated,
                            subject: nodes[i].subject,
                            message:
                                "Checking the \(names) names of \(nodes[i].label) against the \(constraints) name constraints of \(caName) (\(ca.label)) takes more than \(NameConstraintsCheck.maxComparisons) comparisons; clients refuse rather than spend that time.",
                            evidence: [
                                "names": .int(names), "constraints": .int(constraints),
                                "constrained_by": .string(ca.label),
                            ],
                            fix: "Use fewer names per certificate or fewer name constraints in \(caName)."
                        )
                    )
                    continue
                }
                let key = PathSearch.ConstraintCheck(
                    constraints: search.constraintSet(of: path[j]),
                    certificate: path[i],
                    commonName: i == 0 && context.profile.rule(CommonNameFallback.self) != nil
                )
                let violations: [NameConstraintsCheck.Violation]
                if let known = search.constraintResults[key] {
                    violations = known
                } else {
                    let limit = search.limits.maxNameComparisons
                    guard search.work.nameComparisons + names * constraints <= limit else {
                        search.nameBudgetSpent = true
                        findings.append(
                            Finding(
                                code: .chainNameConstraintsViolated,
                                subject: nodes[i].subject,
                                message:
                                    "tlsprobe stopped checking name constraints after its limit of \(limit) name/constraint comparisons over all paths; the \(names) names of \(nodes[i].label) were not checked against the \(constraints) name constraints of \(caName) (\(ca.label)). Clients bound this work too and refuse such chains.",
                                evidence: [
                                    "limit": .string("name-constraint comparisons"), "comparisons": .int(limit),
                                    "names": .int(names), "constraints": .int(constraints),
                                    "constrained_by": .string(ca.label),
                                ],
                                fix:
                                    "Send each intermediate once, and use fewer names per certificate or fewer name constraints in \(caName)."
                            )
                        )
                        return findings
                    }
                    search.work.nameComparisons += names * constraints
                    var computed = NameConstraintsCheck.violations(of: nc, by: cert)
                    // Clients that read the Common Name as a name constrain it too (OpenSSL).
                    if key.commonName {
                        computed += NameConstraintsCheck.commonNameViolations(of: nc, by: cert)
                    }
                    search.constraintResults[key] = computed
                    violations = computed
                }
                guard !violations.isEmpty else { continue }
                let shown = violations.prefix(5).map { "\($0.form) \"\($0.name)\": \($0.reason)" }
                findings.append(
                    Finding(
                        code: .chainNameConstraintsViolated,
                        subject: nodes[i].subject,
                        message:
                            "\(Display.name(cert)) (\(nodes[i].label)) carries names that \(caName) (\(ca.label)) may not certify: \(shown.joined(separator: "; "))\(violations.count > 5 ? "; and \(violations.count - 5) more" : "").",
                        evidence: [
                            "constrained_by": .string(ca.label),
                            "violations": .array(
                                violations.prefix(20).map { v in
                                    .object([
                                        "form": .string(v.form), "name": .string(v.name),
                                        "constraint": .string(v.constraint), "reason": .string(v.reason),
                                    ])
                                }
                            ),
                        ],
                        fix:
                            "Issue \(nodes[i].label) only for names inside \(caName)'s permitted subtrees (and outside its excluded ones), or re-issue \(caName) with constraints that allow them."
                    )
                )
            }
        }
        return findings
    }

    /// Every constraint of `nc` in openssl's `nameConstraints` syntax, permitted and excluded
    /// as they are, DNS ones without a leading period; nil when one cannot be written on a
    /// command line (a directoryName, an otherName, characters a shell or openssl's list
    /// would read otherwise), so no command is offered that would drop it.
    static func rewrittenWithoutLeadingDots(_ nc: NameConstraints) -> String? {
        var entries: [String] = []
        for (which, subtrees) in [("permitted", nc.permittedSubtrees), ("excluded", nc.excludedSubtrees)] {
            for name in subtrees {
                let value: String
                switch name {
                case .dnsName(let dns): value = "DNS:" + (dns.hasPrefix(".") ? String(dns.dropFirst()) : dns)
                case .rfc822Name(let mail): value = "email:" + mail
                case .uniformResourceIdentifier(let uri): value = "URI:" + uri
                case .ipAddress(let octets):
                    let bytes = Array(octets.bytes)
                    guard bytes.count == 8 || bytes.count == 32 else { return nil }
                    let half = bytes.count / 2
                    value =
                        "IP:" + IPAddressText.format(Array(bytes[..<half])) + "/"
                        + IPAddressText.format(Array(bytes[half...]))
                default: return nil
                }
                // An empty value (a constraint on everything) has no spelling openssl reads.
                guard !value.hasSuffix(":"), SubjectAltNameText.isWritable(value) else { return nil }
                entries.append("\(which);\(value)")
            }
        }
        return entries.isEmpty ? nil : entries.joined(separator: ",")
    }

    /// A CA whose name constraints cannot be honoured. When the only problem is DNS
    /// constraints written with a leading period (".shop.lan"), which OpenSSL and Go read as
    /// "the names below shop.lan", the finding also says how each certificate below fares
    /// under that reading, so the fix is one that works: drop the period when every name is
    /// inside, otherwise name the names that are outside either way.
    static func malformedConstraintsFinding(
        ca: PathSearch.Node,
        nc: NameConstraints,
        problems: [String],
        below: [PathSearch.Node]
    ) -> Finding {
        let caName = Display.name(ca.certificate)
        let onlyLeadingDots = NameConstraintsCheck.malformedConstraints(nc, leadingDotAllowed: true).isEmpty
        guard onlyLeadingDots else {
            return Finding(
                code: .chainNameConstraintsViolated,
                subject: ca.subject,
                message:
                    "\(caName) (\(ca.label)) has name constraints that cannot be honoured: \(problems.joined(separator: "; ")). Clients refuse what a malformed constraint is meant to limit.",
                evidence: ["constraint_problems": .strings(problems)],
                fix:
                    "Re-issue \(caName) with well-formed name constraints (DNS as \"example.com\", IP as address and CIDR mask)."
            )
        }
        let dotted = (nc.permittedSubtrees + nc.excludedSubtrees).compactMap { name -> String? in
            if case .dnsName(let value) = name, value.hasPrefix(".") { return value }
            return nil
        }
        let rewritten = rewrittenWithoutLeadingDots(nc)
        // The names below the CA that break its constraints even as OpenSSL reads them.
        var outside: [String] = []
        for (i, node) in below.enumerated() where i == 0 || !node.selfIssued {
            for violation in NameConstraintsCheck.violations(of: nc, by: node.certificate)
            where !outside.contains(violation.name) {
                outside.append(violation.name)
            }
        }
        let leafNames =
            below.first.map { $0.certificate.dnsNames + $0.certificate.ipAddresses.map(IPAddressText.format) } ?? []
        var message =
            "\(caName) (\(ca.label)) has name constraints that cannot be honoured: \(problems.joined(separator: "; ")). RFC 5280 validators refuse what the constraint is meant to limit; OpenSSL (curl, Python) and Go read \(dotted.map { "\"\($0)\"" }.joined(separator: ", ")) as the names below \(dotted.map { String($0.dropFirst()) }.joined(separator: ", "))"
        let fix: String
        if outside.isEmpty {
            message +=
                leafNames.isEmpty
                ? "."
                : ", and by that reading \(leafNames.joined(separator: ", ")) \(leafNames.count == 1 ? "is" : "are") inside."
            fix =
                "Re-issue \(caName) with the DNS constraints written without the period, which cover the domain and every name below it"
                + (rewritten.map { " (openssl, every constraint kept: -addext \"nameConstraints=critical,\($0)\")." }
                    ?? "; keep every other constraint it has as it is.")
        } else {
            message +=
                ", and even by that reading \(outside.joined(separator: ", ")) \(outside.count == 1 ? "is" : "are") outside them: every client refuses this certificate."
            fix =
                "Issue \(below.first?.label ?? "the certificate") for names below \(dotted.map { String($0.dropFirst()) }.joined(separator: ", ")), or re-issue \(caName) with constraints (written without the period) that also cover \(outside.joined(separator: ", "))."
        }
        var evidence: [String: EvidenceValue] = ["constraint_problems": .strings(problems)]
        if !outside.isEmpty { evidence["names_outside"] = .strings(outside) }
        return Finding(
            code: .chainNameConstraintsViolated,
            subject: ca.subject,
            message: message,
            evidence: evidence,
            fix: fix
        )
    }
}
