import TLSWire

/// What a file (or one PEM block of it) holds, for saying what it is.
package enum CredentialItem: Hashable {
    case certificate
    case privateKey
    case certificateRequest
    case crl
    case publicKey
    case pkcs7
    case opensshKey
    case parameters(String)
    case unknown(String)

    /// "a certificate", "3 certificates".
    package func phrase(count: Int) -> String {
        func noun(_ singular: String, _ plural: String, article: String = "a") -> String {
            count == 1 ? "\(article) \(singular)" : "\(count) \(plural)"
        }
        switch self {
        case .certificate: return noun("certificate", "certificates")
        case .privateKey: return noun("private key", "private keys")
        case .certificateRequest: return noun("certificate signing request", "certificate signing requests")
        case .crl: return noun("certificate revocation list", "certificate revocation lists")
        case .publicKey: return noun("public key", "public keys")
        case .pkcs7: return noun("PKCS#7 structure", "PKCS#7 structures")
        case .opensshKey: return noun("OpenSSH private key", "OpenSSH private keys", article: "an")
        case .parameters(let label):
            let algorithm = label.replacingEvery(" PARAMETERS", with: "")
            return "\(algorithm) parameters"
        case .unknown(let label): return noun("\"\(label)\" PEM block", "\"\(label)\" PEM blocks")
        }
    }

    /// Whether a failure to read this item matters for `expecting`.
    package func matters(for expecting: CredentialExpectation) -> Bool {
        switch (self, expecting) {
        case (_, .anything): return true
        case (.certificate, .certificates), (.pkcs7, .certificates): return true
        case (.privateKey, .privateKey): return true
        default: return false
        }
    }

    /// The error for a file holding `items` when `expecting` something else.
    package static func unexpected(
        _ items: [CredentialItem],
        name: String,
        expecting: CredentialExpectation
    ) -> LoadError {
        var order: [CredentialItem] = []
        var counts: [CredentialItem: Int] = [:]
        for item in items {
            if counts[item] == nil { order.append(item) }
            counts[item, default: 0] += 1
        }
        let wanted: String
        switch expecting {
        case .certificates: wanted = "certificate"
        case .privateKey: wanted = "private key"
        case .anything: wanted = "certificate, key or PKCS#12 data"
        }
        if expecting == .privateKey, order.contains(.opensshKey) {
            return LoadError(
                name,
                .notWhatWasExpected,
                "this is an OpenSSH private key; TLS needs a PEM or DER key in PKCS#8, SEC1 or PKCS#1 form (convert a copy: ssh-keygen -p -m PKCS8 -f COPY)"
            )
        }
        let phrases = order.map { $0.phrase(count: counts[$0] ?? 1) }
        guard let last = phrases.last else {
            return LoadError(name, .notWhatWasExpected, "no \(wanted) found")
        }
        if phrases.count == 1, counts[order[0]] == 1 {
            return LoadError(name, .notWhatWasExpected, "this is \(last), not a \(wanted)")
        }
        let list = phrases.count == 1 ? last : phrases.dropLast().joined(separator: ", ") + " and " + last
        return LoadError(name, .notWhatWasExpected, "this holds \(list) but no \(wanted)")
    }
}
