import X509

/// What to say when no path reaches an anchor, and what is wrong with what the peer sent
/// regardless of anchors (order, extras, duplicates, a root).
enum ChainDiagnosis {
    /// Checks on the certificates that link from the leaf when no path reaches an anchor:
    /// the per-certificate and issuing-step checks of a path, with a self-signed top
    /// judged as a root.
    static func lintUnanchored(_ partial: [Int], search: inout PathSearch, context: TrustContext) -> [Finding] {
        PathValidation.validate(partial, search: &search, context: context, checkLength: false)
    }

    /// Why no path reaches an anchor: the specific missing piece.
    static func explainNoPath(
        _ outcome: PathSearch.Outcome,
        reference: [Int],
        search: inout PathSearch,
        context: TrustContext
    ) -> [Finding] {
        var findings: [Finding] = []
        guard let top = reference.last else { return [] }
        let roles = ChainRoles(context.purpose)
        let topNode = search.nodes[top]
        let topCert = topNode.certificate
        let topName = Display.name(topCert)
        let selfSigned = search.isSelfSigned(top)

        // Certificates that carry the wanted issuer name but whose key did not make the
        // signature: anchors one by one, what the peer sent as one finding.
        let impostors = dedupe(
            outcome.nameMatchesWithBadSignature.filter { $0.child == top }.map(\.issuer).filter { $0 != top }
        )
        let aki = topCert.authorityKeyIDHex
        let issuerText = topCert.issuerString.isEmpty ? "(empty name)" : "\"\(shorten(topCert.issuerString))\""
        var sameKeyID: [Int] = []
        var otherKey: [Int] = []
        for candidate in impostors {
            if let aki, search.nodes[candidate].certificate.subjectKeyIDHex == aki {
                sameKeyID.append(candidate)
            } else {
                otherKey.append(candidate)
            }
        }
        for candidate in sameKeyID.prefix(3) {
            // Same key identifier, yet the signature fails: the bytes were changed.
            let other = search.nodes[candidate]
            findings.append(
                Finding(
                    code: .chainBadSignature,
                    subject: topNode.subject,
                    message:
                        "The signature on \(topName) (\(topNode.label)) does not verify with the key of \(other.label) (\(Display.name(other.certificate))), although both name the same key id \(aki ?? ""). The certificate was altered after signing, or another key claims this id.",
                    evidence: [
                        "issuer": .string(topCert.issuerString), "key_id": .optional(aki),
                        "checked_with": .string(other.label),
                        "signature_algorithm": .string(topCert.signatureAlgorithm.name),
                    ],
                    fix:
                        "Re-issue \(topNode.label) from \(Display.name(other.certificate)) and install the new certificate."
                )
            )
        }
        for candidate in otherKey.filter({ search.nodes[$0].anchor != nil }).prefix(3) {
            let other = search.nodes[candidate]
            let ski = other.certificate.subjectKeyIDHex
            findings.append(
                Finding(
                    code: .chainAnchorKeyMismatch,
                    subject: other.subject,
                    message:
                        "The anchor \(other.anchor?.source ?? other.label) is named \(issuerText), the issuer of \(topNode.label), but holds another key\(aki != nil ? " (key id \(ski ?? "none") where \(aki ?? "") was wanted)" : ""): the CA was re-created with a new key, and the certificate the client trusts cannot verify what the new key signed.",
                    evidence: [
                        "issuer": .string(topCert.issuerString), "wanted_key_id": .optional(aki),
                        "anchor_key_id": .optional(ski),
                        "anchor_spki_sha256": .string(other.certificate.spkiSHA256), "signed": .string(topNode.label),
                    ],
                    fix:
                        "Install the current \(issuerText) certificate\(aki.map { " (key id \($0))" } ?? "") \(roles.trustStore) in place of the old one, or re-issue \(topNode.label) from the CA the client trusts (key id \(ski ?? other.certificate.spkiSHA256))."
                )
            )
        }
        let sentStale = otherKey.filter { search.nodes[$0].anchor == nil }
        if !sentStale.isEmpty {
            let labels = sentStale.map { search.nodes[$0].label }
            let shown =
                labels.prefix(5).joined(separator: ", ") + (labels.count > 5 ? " and \(labels.count - 5) more" : "")
            findings.append(
                Finding(
                    code: .chainStaleIntermediate,
                    subject: topNode.subject,
                    message:
                        "The \(roles.presenter) sends \(shown), named \(issuerText) like the issuer of \(topNode.label), but with \(labels.count == 1 ? "another key" : "other keys"): none of them signed \(topNode.label)\(aki.map { " (it names key id \($0))" } ?? ""). The issuing CA was re-keyed and \(roles.chainFile) still carries its old certificate, or mixes certificates of two CAs; the root \(roles.trustStore) is not what is stale.",
                    evidence: [
                        "issuer": .string(topCert.issuerString), "wanted_key_id": .optional(aki),
                        "found": .strings(Array(labels.prefix(20))),
                        "found_key_ids": .strings(
                            sentStale.prefix(20).map {
                                search.nodes[$0].certificate.subjectKeyIDHex ?? search.nodes[$0].certificate.spkiSHA256
                            }
                        ),
                    ],
                    fix:
                        "Send the \(issuerText) certificate whose key signed \(topNode.label)\(aki.map { " (key id \($0))" } ?? ""), and drop the stale one\(labels.count == 1 ? "" : "s")."
                )
            )
        }

        // The chain loops back on itself without reaching an anchor.
        let loops = outcome.loops.filter { reference.contains($0.child) && reference.contains($0.issuer) }
        if !selfSigned, impostors.isEmpty, let loop = loops.first {
            let members = reference.suffix(from: reference.firstIndex(of: loop.issuer) ?? 0).map {
                search.nodes[$0].label
            }
            findings.append(
                Finding(
                    code: .chainUntrustedRoot,
                    subject: topNode.subject,
                    message:
                        "The CAs \(members.joined(separator: ", ")) certify each other in a loop and none of them is, or leads to, an anchor.",
                    evidence: [
                        "loop": .strings(members),
                        "issuers": .strings(
                            members.compactMap { label in
                                search.nodes.first { $0.label == label }?.certificate.subjectString
                            }
                        ),
                    ],
                    fix:
                        "Install the root these CAs belong to \(roles.trustStore) (--anchor to check), or send the chain that leads to a root it trusts."
                )
            )
            return findings
        }

        if selfSigned {
            if top == 0 {
                findings.append(selfSignedLeaf(search: search, context: context, anchorsGiven: true))
            } else {
                findings.append(
                    Finding(
                        code: .chainUntrustedRoot,
                        subject: topNode.subject,
                        message:
                            "The chain ends at the root \(topName) (\(topNode.label)), which is not among the anchors.",
                        evidence: [
                            "root": .string(topCert.subjectString), "sha256": .string(topCert.sha256),
                            "spki_sha256": .string(topCert.spkiSHA256),
                            "key_id": .optional(topCert.subjectKeyIDHex),
                        ],
                        fix:
                            "Install \(topName) as a trusted root \(roles.trustStore) (sha256 \(topCert.sha256)), or pass it with --anchor; if another root is already trusted there, have the \(roles.presenter) send the chain that leads to it."
                    )
                )
            }
        } else if impostors.isEmpty {
            if outcome.hitLengthBound && reference.count >= search.limits.maxPathLength {
                findings.append(
                    Finding(
                        code: .chainTooLong,
                        subject: .certificate(0),
                        message:
                            "The chain goes on for more than \(search.limits.maxPathLength) certificates without reaching an anchor.",
                        evidence: ["length": .int(reference.count), "limit": .int(search.limits.maxPathLength)]
                    )
                )
            } else {
                let issuer = topCert.issuerString
                let aia = topCert.caIssuerURLs
                var message =
                    "The issuer of \(topName) (\(topNode.label)), \(issuer.isEmpty ? "whose name is empty" : "\"\(issuer)\"")"
                if let aki = topCert.authorityKeyIDHex { message += " (key id \(aki))" }
                message +=
                    ", is neither sent nor among the anchors: it is an intermediate the \(roles.presenter) does not send, or a root this \(roles.presenter == "server" ? "client" : "server") does not have. The path stops there."
                if !aia.isEmpty {
                    message +=
                        " Its authorityInfoAccess points at \(aia.joined(separator: ", ")); browsers may fetch it, most other clients do not."
                }
                findings.append(
                    Finding(
                        code: .chainMissingIntermediate,
                        subject: topNode.subject,
                        message: message,
                        evidence: [
                            "issuer": .string(issuer), "authority_key_id": .optional(topCert.authorityKeyIDHex),
                            "ca_issuers": .strings(aia), "stops_at": .string(topNode.label),
                        ],
                        fix:
                            "If \"\(issuer)\" is an intermediate, add it to \(roles.chainFile) after \(topNode.label)\(aia.isEmpty ? "" : " (download it from \(aia[0]))"); if it is your root, install it \(roles.trustStore) (--anchor to check)."
                    )
                )
            }
        }
        return findings
    }

    /// Order, duplicates, extras and roots in what the peer sent.
    static func structure(
        search: inout PathSearch,
        reference: [Int],
        pathFound: Bool,
        context: TrustContext
    ) -> [Finding] {
        var findings: [Finding] = []
        for (index, of) in search.duplicates {
            findings.append(
                Finding(
                    code: .chainUnrelatedCertificate,
                    subject: .certificate(index),
                    message: "certificate[\(index)] is another copy of certificate[\(of)].",
                    evidence: ["duplicate_of": .string("certificate[\(of)]")],
                    fix: "Remove the repeated certificate from \(ChainRoles(context.purpose).chainFile)."
                )
            )
        }
        let onPath = Set(reference)
        // The issuer names of what was sent, each keyed once: how many sent certificates
        // name each issuer, and each node's own (a self-issued CA names itself, which does
        // not make it the issuer of something sent).
        var issuerKeyOf: [Int: String] = [:]
        var sentIssuerCounts: [String: Int] = [:]
        if !pathFound {
            for (j, node) in search.nodes.enumerated() where node.presentedIndex != nil {
                let key = PathSearch.nameKey(node.certificate.issuer)
                issuerKeyOf[j] = key
                sentIssuerCounts[key, default: 0] += 1
            }
        }
        for (i, node) in search.nodes.enumerated() {
            guard let index = node.presentedIndex, index > 0 else { continue }
            if search.isSelfSigned(i) {
                findings.append(
                    Finding(
                        code: .chainRootSent,
                        subject: node.subject,
                        message:
                            "\(node.label) is a self-signed root (\(Display.name(node.certificate))). Clients never take a root from the peer; they use their own copy.",
                        evidence: ["root": .string(node.certificate.subjectString)]
                    )
                )
            }
            if onPath.contains(i) { continue }
            // Without a complete path, a certificate still counts as related when
            // something sent names it as issuer, or it is a root the gap may lead to.
            if !pathFound {
                let subjectKey = PathSearch.nameKey(node.certificate.subject)
                let issued = (sentIssuerCounts[subjectKey] ?? 0) - (issuerKeyOf[i] == subjectKey ? 1 : 0)
                let issuesSomething = issued > 0
                if issuesSomething || search.isSelfSigned(i) { continue }
            }
            findings.append(
                Finding(
                    code: .chainUnrelatedCertificate,
                    subject: node.subject,
                    message:
                        "\(node.label) (\(Display.name(node.certificate))) is not on the path from the leaf to \(pathFound ? "the anchor" : "its issuers"); clients ignore it, some stop at it.",
                    evidence: [
                        "subject": .string(node.certificate.subjectString),
                        "issuer": .string(node.certificate.issuerString),
                    ]
                )
            )
        }
        let presentedOrder = reference.compactMap { search.nodes[$0].presentedIndex }
        if presentedOrder != presentedOrder.sorted() {
            findings.append(
                Finding(
                    code: .chainWrongOrder,
                    subject: .certificate(0),
                    message:
                        "The certificates were sent in the order \(presentedOrder.map { "certificate[\($0)]" }.joined(separator: ", ")) along the path; each should come right before its issuer. Strict clients (older Java, some embedded TLS stacks) fail on this.",
                    evidence: [
                        "path_order": .strings(reference.map { search.nodes[$0].label }),
                        "positions_along_path": .array(presentedOrder.map { .int($0) }),
                    ]
                )
            )
        }
        findings = summarised(findings)
        if search.ignoredPresented > 0 {
            findings.append(
                Finding(
                    code: .chainTooLong,
                    severity: .warning,
                    subject: .certificate(0),
                    message:
                        "The peer sent more certificates than any path needs; tlsprobe ignored the last \(search.ignoredPresented).",
                    evidence: ["ignored": .int(search.ignoredPresented)],
                    fix: "Send only the leaf and the intermediates on its path to the root, in order."
                )
            )
        }
        return findings
    }

    /// At most `perCode` findings of each structural code; the rest become one finding
    /// that lists their subjects, so a hostile peer cannot flood the report.
    static func summarised(_ findings: [Finding], perCode: Int = 5) -> [Finding] {
        var kept: [Finding] = []
        var overflow: [FindingCode: [Finding]] = [:]
        var order: [FindingCode] = []
        for finding in findings {
            let count = kept.filter { $0.code == finding.code }.count
            if count < perCode {
                kept.append(finding)
            } else {
                if overflow[finding.code] == nil { order.append(finding.code) }
                overflow[finding.code, default: []].append(finding)
            }
        }
        for code in order {
            guard let rest = overflow[code], let first = rest.first else { continue }
            let subjects = rest.map(\.subject.description)
            kept.append(
                Finding(
                    code: code,
                    severity: first.severity,
                    subject: first.subject,
                    message:
                        "\(rest.count) more certificates are reported the same way (\(code.entry.title)): \(subjects.prefix(10).joined(separator: ", "))\(subjects.count > 10 ? ", ..." : "").",
                    evidence: ["subjects": .strings(subjects)],
                    fix: first.fix
                )
            )
        }
        return kept
    }

    private static func shorten(_ text: String) -> String {
        text.count <= Display.maxLength ? text : String(text.prefix(Display.maxLength)) + "…"
    }

    private static func dedupe(_ values: [Int]) -> [Int] {
        var seen = Set<Int>()
        return values.filter { seen.insert($0).inserted }
    }
}

/// Who presents the chain and who judges it, so fixes name the right side: a server's
/// chain is judged by clients, a client's certificate by the server.
struct ChainRoles {
    /// The side that sent the chain: "server" or "client".
    let presenter: String
    /// Where the presenter's chain is configured.
    let chainFile: String
    /// Where the judging side keeps its trusted roots.
    let trustStore: String
    /// The judging side, plural: "clients" or "the server".
    let judges: String

    init(_ purpose: Purpose) {
        switch purpose {
        case .server:
            presenter = "server"
            chainFile = "the server's chain file"
            trustStore = "on the client"
            judges = "every client"
        case .client:
            presenter = "client"
            chainFile = "the client's identity (the PKCS#12 or certificate file it sends)"
            trustStore = "in the server's client CA file"
            judges = "the server"
        }
    }
}

extension ChainDiagnosis {
    /// `chain.self_signed_leaf` for a leaf that signed itself and is not an anchor; named
    /// whether or not anchors were given.
    static func selfSignedLeaf(search: PathSearch, context: TrustContext, anchorsGiven: Bool) -> Finding {
        let roles = ChainRoles(context.purpose)
        let node = search.nodes[0]
        let cert = node.certificate
        let name = Display.name(cert)
        return Finding(
            code: .chainSelfSignedLeaf,
            subject: node.subject,
            message: anchorsGiven
                ? "\(name) is self-signed and is not among the anchors, so nothing vouches for it."
                : "\(name) is self-signed: nothing vouches for it, and only a client that has this exact certificate installed or pinned accepts it.",
            evidence: [
                "subject": .string(cert.subjectString), "sha256": .string(cert.sha256),
                "spki_sha256": .string(cert.spkiSHA256),
            ],
            fix:
                "Pin or install this exact certificate \(roles.trustStore) (to check: --anchor with this file; sha256 \(cert.sha256)), or issue the \(roles.presenter) a certificate from a local CA \(roles.judges) trusts (tlsprobe identity ca --out CA_DIR, then tlsprobe identity \(roles.presenter == "server" ? "server --ca CA_DIR --host NAME" : "client --ca CA_DIR --name NAME") --out DIR)."
        )
    }
}
