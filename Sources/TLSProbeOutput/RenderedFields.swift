import TLSDiagnosis

extension CertificateDetails {
    /// What a certificate's heading says besides its subject: self-signed, CA and its path
    /// length. The text and HTML renderers both show these.
    var tags: [String] {
        var tags: [String] = []
        if selfSigned { tags.append("self-signed") }
        if isCA { tags.append(pathLength.map { "CA, pathlen \($0)" } ?? "CA") }
        return tags
    }

    /// The fields shown after the issuer and the validity, in order, as (label, value): one
    /// list for the text and the HTML certificate, each escaping the values for where it goes.
    var detailFields: [(label: String, value: String)] {
        var fields: [(label: String, value: String)] = []
        var names = dnsNames.map { "DNS:\($0)" } + ipAddresses.map { "IP:\($0)" }
        names += emailAddresses.map { "email:\($0)" } + uris.map { "URI:\($0)" }
        fields.append(("SAN", names.isEmpty ? "(none)" : names.joined(separator: ", ")))
        fields.append(("key", key.summary + " · signed " + signatureAlgorithm))
        if !keyUsage.isEmpty { fields.append(("key usage", keyUsage.joined(separator: ", "))) }
        if !extendedKeyUsage.isEmpty { fields.append(("ext usage", extendedKeyUsage.joined(separator: ", "))) }
        if let subjectKeyID { fields.append(("key id", subjectKeyID)) }
        if let authorityKeyID, !selfSigned { fields.append(("issuer key", authorityKeyID)) }
        if !caIssuerURLs.isEmpty { fields.append(("CA issuers", caIssuerURLs.joined(separator: ", "))) }
        if !ocspURLs.isEmpty { fields.append(("OCSP", ocspURLs.joined(separator: ", "))) }
        if !crlURLs.isEmpty { fields.append(("CRL", crlURLs.joined(separator: ", "))) }
        if !policies.isEmpty { fields.append(("policies", policies.joined(separator: ", "))) }
        fields.append(("serial", serial))
        fields.append(("sha256", sha256))
        fields.append(("pin", pin))
        for anomaly in anomalies { fields.append(("anomaly", anomaly)) }
        return fields
    }
}

extension ScanRow {
    /// The table's "top finding" cell: the error or the not-TLS reason, else the top
    /// finding with how many more, or the other codes named (`also`, the HTML page).
    func topFinding(also more: [String]? = nil) -> String {
        switch verdict {
        case .error: return "\(topCode ?? "error"): \(topMessage ?? "")"
        case .notTLS: return topMessage ?? ""
        default:
            guard let code = topCode else { return "no findings" }
            var top = "\(topSeverity?.rawValue.uppercased() ?? "") \(code)"
            if let more, !more.isEmpty {
                top += " · also " + more.joined(separator: ", ")
            } else if moreFindings > 0 {
                top += " (+\(moreFindings))"
            }
            return top
        }
    }
}

/// A finding's evidence as rows, the same for the text and the HTML report.
enum EvidenceRows {
    /// `key: value` rows, nested objects as `outer.inner`; absent values and empty lists
    /// say nothing at a glance (JSON keeps them). `text` writes a value as the report does.
    static func flatten(
        _ evidence: [String: EvidenceValue],
        prefix: String = "",
        text: (EvidenceValue) -> String
    ) -> [(String, String)] {
        var rows: [(String, String)] = []
        for (key, value) in evidence.sorted(by: { $0.key < $1.key }) where value != .null && value != .array([]) {
            let name = prefix.isEmpty ? key : prefix + "." + key
            if case .object(let inner) = value, !inner.isEmpty {
                rows += flatten(inner, prefix: name, text: text)
            } else {
                rows.append((name, text(value)))
            }
        }
        return rows
    }
}
