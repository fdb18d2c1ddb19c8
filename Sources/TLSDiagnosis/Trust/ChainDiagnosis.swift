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
        _ outcome: PathSearch.Outcome, reference: [Int], search: inout PathSearch, context: TrustContext
    ) -> [Finding] {
        var findings: [Finding] = []
        guard let top = reference.last else { return [] }
        let topNode = search.nodes[top]
        let topCert = topNode.certificate
        let topName = CertificateLint.subjectName(topCert)
        let selfSigned = search.isSelfSigned(top)

        // Certificates that carry the wanted issuer name but whose key did not make the signature.
        let impostors = outcome.nameMatchesWithBadSignature.filter { $0.child == top }.map(\.issuer)
            .filter { $0 != top }
        for candidate in dedupe(impostors) {
            let other = search.nodes[candidate]
            let otherCert = other.certificate
            let aki = topCert.authorityKeyIDHex
            let ski = otherCert.subjectKeyIDHex
            var evidence: [String: EvidenceValue] = [
                "issuer": .string(topCert.issuerString),
                "wanted_key_id": .optional(aki),
                "found_key_id": .optional(ski),
                "found_spki_sha256": .string(otherCert.spkiSHA256),
                "found_in": .string(other.label),
            ]
            if let aki, let ski, aki == ski {
                // Same key identifier, yet the signature fails: the bytes were changed.
                evidence["signature_algorithm"] = .string(topCert.signatureAlgorithm.name)
                findings.append(Finding(
                    code: .chainBadSignature, subject: topNode.label,
                    message: "The signature on \(topName) (\(topNode.label)) does not verify with the key of \(other.label) (\(CertificateLint.subjectName(otherCert))), although both name the same key id \(aki). The certificate was altered after signing, or was signed by another key that claims this id.",
                    evidence: evidence,
                    fix: "Re-issue \(topNode.label) from \(CertificateLint.subjectName(otherCert)) and install the new certificate."))
            } else {
                let where_ = other.anchor != nil ? "The anchor \(other.anchor?.source ?? other.label)" : "\(other.label), which the peer sent,"
                findings.append(Finding(
                    code: .chainAnchorKeyMismatch, subject: other.anchor != nil ? other.label : topNode.label,
                    message: "\(where_) is named \(topCert.issuerString.isEmpty ? "(empty name)" : "\"\(topCert.issuerString)\""), the issuer of \(topNode.label), but holds another key\(aki != nil ? " (key id \(ski ?? "none") where \(aki ?? "") was wanted)" : ""): the CA was re-created with a new key, so what the old one trusts does not verify what the new one signed.",
                    evidence: evidence,
                    fix: other.anchor != nil
                        ? "Install the current \"\(topCert.issuerString)\" certificate (key id \(aki ?? "as in the chain")) on the client in place of the old one, or re-issue \(topNode.label) from the CA the client trusts (key id \(ski ?? otherCert.spkiSHA256))."
                        : "Send the current \"\(topCert.issuerString)\" certificate with key id \(aki ?? "matching the chain") instead of the stale one."))
            }
        }

        if selfSigned {
            if top == 0 {
                findings.append(Finding(
                    code: .chainSelfSignedLeaf, subject: topNode.label,
                    message: "\(topName) is self-signed and is not among the anchors, so nothing vouches for it.",
                    evidence: ["subject": .string(topCert.subjectString), "sha256": .string(topCert.sha256), "spki_sha256": .string(topCert.spkiSHA256)],
                    fix: "Pin or install this exact certificate on every client (to check: --anchor with this file; sha256 \(topCert.sha256)), or issue the server a certificate from a local CA the clients trust."))
            } else {
                findings.append(Finding(
                    code: .chainUntrustedRoot, subject: topNode.label,
                    message: "The chain ends at the root \(topName) (\(topNode.label)), which is not among the anchors.",
                    evidence: ["root": .string(topCert.subjectString), "sha256": .string(topCert.sha256), "spki_sha256": .string(topCert.spkiSHA256),
                               "key_id": .optional(topCert.subjectKeyIDHex)],
                    fix: "Install \(topName) on the client as a trusted root (sha256 \(topCert.sha256)), or pass it with --anchor; if the client already trusts another root, have the server send the chain that leads to it."))
            }
        } else if impostors.isEmpty {
            if outcome.hitLengthBound && reference.count >= search.limits.maxPathLength {
                findings.append(Finding(
                    code: .chainTooLong, subject: "certificate[0]",
                    message: "The chain goes on for more than \(search.limits.maxPathLength) certificates without reaching an anchor.",
                    evidence: ["length": .int(reference.count), "limit": .int(search.limits.maxPathLength)]))
            } else {
                let issuer = topCert.issuerString
                let aia = topCert.caIssuerURLs
                var message = "No certificate for \(issuer.isEmpty ? "the (empty) issuer" : "\"\(issuer)\""), the issuer of \(topName) (\(topNode.label)), was sent or is among the anchors"
                if let aki = topCert.authorityKeyIDHex { message += " (key id \(aki))" }
                message += ", so the path stops there."
                if !aia.isEmpty { message += " Its authorityInfoAccess points at \(aia.joined(separator: ", ")); browsers may fetch it, most other clients do not." }
                findings.append(Finding(
                    code: .chainMissingIntermediate, subject: topNode.label,
                    message: message,
                    evidence: ["issuer": .string(issuer), "authority_key_id": .optional(topCert.authorityKeyIDHex),
                               "ca_issuers": .strings(aia), "stops_at": .string(topNode.label)],
                    fix: "If \"\(issuer)\" is an intermediate, add it to the server's chain file after \(topNode.label)\(aia.isEmpty ? "" : " (download it from \(aia[0]))"); if it is your root, install it on the client (--anchor to check)."))
            }
        }
        return findings
    }

    /// Order, duplicates, extras and roots in what the peer sent.
    static func structure(search: inout PathSearch, reference: [Int], pathFound: Bool, context: TrustContext) -> [Finding] {
        var findings: [Finding] = []
        for (index, of) in search.duplicates {
            findings.append(Finding(
                code: .chainUnrelatedCertificate, subject: "certificate[\(index)]",
                message: "certificate[\(index)] is another copy of certificate[\(of)].",
                evidence: ["duplicate_of": .string("certificate[\(of)]")],
                fix: "Remove the repeated certificate from the server's chain file."))
        }
        let onPath = Set(reference)
        let issuerNames = search.nodes.filter { $0.presentedIndex != nil }.map { PathSearch.nameKey($0.certificate.issuer) }
        for (i, node) in search.nodes.enumerated() {
            guard let index = node.presentedIndex, index > 0 else { continue }
            if search.isSelfSigned(i) {
                findings.append(Finding(
                    code: .chainRootSent, subject: node.label,
                    message: "\(node.label) is a self-signed root (\(CertificateLint.subjectName(node.certificate))). Clients never take a root from the peer; they use their own copy.",
                    evidence: ["root": .string(node.certificate.subjectString)]))
            }
            if onPath.contains(i) { continue }
            // Without a complete path, a certificate still counts as related when
            // something sent names it as issuer, or it is a root the gap may lead to.
            if !pathFound {
                let subjectKey = PathSearch.nameKey(node.certificate.subject)
                let issuesSomething = search.nodes.indices.contains { j in
                    j != i && search.nodes[j].presentedIndex != nil && issuerNames.isEmpty == false
                        && PathSearch.nameKey(search.nodes[j].certificate.issuer) == subjectKey
                }
                if issuesSomething || search.isSelfSigned(i) { continue }
            }
            findings.append(Finding(
                code: .chainUnrelatedCertificate, subject: node.label,
                message: "\(node.label) (\(CertificateLint.subjectName(node.certificate))) is not on the path from the leaf to \(pathFound ? "the anchor" : "its issuers"); clients ignore it, some stop at it.",
                evidence: ["subject": .string(node.certificate.subjectString), "issuer": .string(node.certificate.issuerString)]))
        }
        let presentedOrder = reference.compactMap { search.nodes[$0].presentedIndex }
        if presentedOrder != presentedOrder.sorted() {
            findings.append(Finding(
                code: .chainWrongOrder, subject: "certificate[0]",
                message: "The certificates were sent in the order \(presentedOrder.map { "certificate[\($0)]" }.joined(separator: ", ")) along the path; each should come right before its issuer. Strict clients (older Java, some embedded TLS stacks) fail on this.",
                evidence: ["path_order": .strings(reference.map { search.nodes[$0].label }),
                           "sent_order": .strings(presentedOrder.sorted().map { "certificate[\($0)]" })]))
        }
        if search.ignoredPresented > 0 {
            findings.append(Finding(
                code: .chainTooLong, severity: .warning, subject: "certificate[0]",
                message: "The peer sent \(search.ignoredPresented + search.nodes.filter { $0.presentedIndex != nil }.count + search.duplicates.count) certificates; tlsprobe considered the first \(search.ignoredPresented > 0 ? "64 after the leaf" : "") and ignored \(search.ignoredPresented).",
                evidence: ["ignored": .int(search.ignoredPresented)]))
        }
        return findings
    }

    private static func dedupe(_ values: [Int]) -> [Int] {
        var seen = Set<Int>()
        return values.filter { seen.insert($0).inserted }
    }
}
