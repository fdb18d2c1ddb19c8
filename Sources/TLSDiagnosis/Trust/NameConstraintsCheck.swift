import SwiftASN1
import TLSWire
import X509

/// RFC 5280 4.2.1.10 name constraints: whether the names in a certificate lie inside what
/// a constraining CA permits and outside what it excludes.
///
/// DNS, iPAddress, rfc822Name, URI and directoryName constraints are processed; a
/// constraint of another form (otherName, x400Address, ediPartyName, registeredID) cannot
/// be, so a certificate carrying a name of that form is refused, as RFC 5280 requires of
/// critical constraints the application does not process.
enum NameConstraintsCheck {
    /// OpenSSL's bound (NAME_CHECK_MAX): more name/constraint comparisons than this and
    /// clients refuse rather than spend quadratic time.
    static let maxComparisons = 1 << 20

    /// One reason a certificate's names break a CA's constraints.
    struct Violation {
        /// The name form: `dNSName`, `iPAddress`, `rfc822Name`, `URI`, `directoryName`, ...
        let form: String
        /// The name as it appears in the certificate.
        let name: String
        /// The constraint involved, as text (empty when none applies).
        let constraint: String
        /// What went wrong, in words.
        let reason: String
    }

    /// Problems with the constraints themselves (malformed entries), which make the CA
    /// certificate unusable as a constraint.
    /// With `leadingDotAllowed` (OpenSSL's and Go's reading), a DNS constraint written with
    /// a leading period (".shop.lan") is not malformed: it permits or excludes the names
    /// below shop.lan (`dnsWithin`).
    static func malformedConstraints(_ nc: NameConstraints, leadingDotAllowed: Bool = false) -> [String] {
        var problems: [String] = []
        for (which, subtrees) in [("permitted", nc.permittedSubtrees), ("excluded", nc.excludedSubtrees)] {
            for name in subtrees {
                switch name {
                case .dnsName(let value):
                    if value.containsText("*") {
                        problems.append(
                            "\(which) dNSName \"\(value)\" contains a wildcard; constraints are domain names"
                        )
                    } else if value.hasPrefix(".")
                        && !(leadingDotAllowed
                            && HostSyntax.isHostName(String(value.dropFirst()), allowWildcard: false))
                    {
                        problems.append(
                            "\(which) dNSName \"\(value)\" starts with a period; DNS constraints are written without one (RFC 5280 4.2.1.10)"
                        )
                    } else if !value.isEmpty
                        && !HostSyntax.isHostName(
                            value.hasPrefix(".") ? String(value.dropFirst()) : value,
                            allowWildcard: false
                        )
                    {
                        problems.append("\(which) dNSName \"\(value)\" is not a valid domain name")
                    }
                case .ipAddress(let octets):
                    let bytes = Array(octets.bytes)
                    if bytes.count != 8 && bytes.count != 32 {
                        problems.append(
                            "\(which) iPAddress constraint is \(bytes.count) bytes; an address and mask are 8 (IPv4) or 32 (IPv6)"
                        )
                    } else if !isContiguousMask(Array(bytes[(bytes.count / 2)...])) {
                        problems.append(
                            "\(which) iPAddress constraint \(formatRange(bytes)) has a mask that is not a CIDR prefix"
                        )
                    }
                case .rfc822Name(let value):
                    if !isValidEmailConstraint(value) {
                        problems.append("\(which) rfc822Name \"\(value)\" is neither a mailbox, a host nor a .domain")
                    }
                default:
                    break
                }
            }
        }
        return problems
    }

    /// The names of `cert` that name constraints apply to, counted for the DoS bound.
    static func nameCount(_ cert: X509Certificate) -> Int {
        Array(cert.subjectAlternativeNames ?? SubjectAlternativeNames()).count
            + cert.subject.reduce(0) { $0 + $1.count } + 1
    }

    static func constraintCount(_ nc: NameConstraints) -> Int { nc.permittedSubtrees.count + nc.excludedSubtrees.count }

    /// OpenSSL's reading of a leaf with no dNSName SAN: each Common Name that looks like a
    /// host name (letters, digits, "_" and "-", at least two labels; `cn2dnsid` in
    /// crypto/x509/v3_ncons.c) is held to the DNS constraints like a dNSName
    /// (`NAME_CONSTRAINTS_check_CN`). An address in the CN ("10.0.0.6") looks like one too.
    static func commonNameViolations(of nc: NameConstraints, by cert: X509Certificate) -> [Violation] {
        guard cert.dnsNames.isEmpty else { return [] }
        let permitted = nc.permittedSubtrees.compactMap {
            if case .dnsName(let v) = $0 { return v } else { return nil }
        }
        let excluded = nc.excludedSubtrees.compactMap { if case .dnsName(let v) = $0 { return v } else { return nil } }
        guard !permitted.isEmpty || !excluded.isEmpty else { return [] }
        var violations: [Violation] = []
        for cn in cert.commonNames where looksLikeHostName(cn) {
            for constraint in excluded where dnsWithin(cn, constraint) {
                violations.append(
                    Violation(
                        form: "commonName",
                        name: cn,
                        constraint: constraint,
                        reason:
                            "the Common Name, read as a host name since there is no dNSName, is inside the excluded subtree \"\(constraint)\""
                    )
                )
            }
            if !permitted.isEmpty && !permitted.contains(where: { dnsWithin(cn, $0) }) {
                violations.append(
                    Violation(
                        form: "commonName",
                        name: cn,
                        constraint: permitted.joined(separator: ", "),
                        reason:
                            "the Common Name, read as a host name since there is no dNSName, is outside every permitted subtree (\(permitted.joined(separator: ", ")))"
                    )
                )
            }
        }
        return violations
    }

    /// `cn2dnsid`'s test: only letters, digits, "_", "-" and ".", no "-" or "." first or
    /// last, and at least one "." with neither "." nor "-" beside it.
    static func looksLikeHostName(_ cn: String) -> Bool {
        let bytes = Array(cn.utf8)
        var dotted = false
        for (i, c) in bytes.enumerated() {
            if (0x61...0x7A).contains(c) || (0x41...0x5A).contains(c) || (0x30...0x39).contains(c) || c == 0x5F {
                continue
            }
            guard i > 0 && i < bytes.count - 1 else { return false }
            if c == 0x2D { continue }
            if c == 0x2E && bytes[i + 1] != 0x2E && bytes[i - 1] != 0x2D && bytes[i + 1] != 0x2D {
                dotted = true
                continue
            }
            return false
        }
        return dotted
    }

    /// Every violation of `nc` by the names in `cert`.
    static func violations(of nc: NameConstraints, by cert: X509Certificate) -> [Violation] {
        var violations: [Violation] = []
        let sans = Array(cert.subjectAlternativeNames ?? SubjectAlternativeNames())

        // Name forms we cannot process: a name of that form meeting a constraint of that form.
        let constrainedForms = Set((nc.permittedSubtrees + nc.excludedSubtrees).map(formName))
        for name in sans {
            let form = formName(name)
            if ["otherName", "x400Address", "ediPartyName", "registeredID"].contains(form),
                constrainedForms.contains(form)
            {
                violations.append(
                    Violation(
                        form: form,
                        name: describe(name),
                        constraint: form,
                        reason:
                            "the CA constrains \(form) names, which no client can evaluate, so a certificate carrying one is refused"
                    )
                )
            }
        }

        // DNS
        let dnsPermitted = nc.permittedSubtrees.compactMap {
            if case .dnsName(let v) = $0 { return v } else { return nil }
        }
        let dnsExcluded = nc.excludedSubtrees.compactMap {
            if case .dnsName(let v) = $0 { return v } else { return nil }
        }
        // Normalised once, not once per comparison: names times constraints can be large.
        let dnsPermittedNormal = dnsPermitted.map(NameMatching.normalise)
        let dnsExcludedNormal = dnsExcluded.map(NameMatching.normalise)
        for dns in cert.dnsNames {
            let normal = NameMatching.normalise(dns)
            for (k, constraint) in dnsExcluded.enumerated()
            where dnsIntersects(normalised: normal, dnsExcludedNormal[k]) {
                violations.append(
                    Violation(
                        form: "dNSName",
                        name: dns,
                        constraint: constraint,
                        reason: NameMatching.isWildcard(dns)
                            ? "the wildcard can stand for a name inside the excluded subtree \"\(constraint)\""
                            : "the name is inside the excluded subtree \"\(constraint)\""
                    )
                )
            }
            if !dnsPermitted.isEmpty && !dnsPermittedNormal.contains(where: { dnsWithin(normalised: normal, $0) }) {
                violations.append(
                    Violation(
                        form: "dNSName",
                        name: dns,
                        constraint: dnsPermitted.joined(separator: ", "),
                        reason: "the name is outside every permitted subtree (\(dnsPermitted.joined(separator: ", ")))"
                    )
                )
            }
            if !HostSyntax.isHostName(dns, allowWildcard: true), !dnsPermitted.isEmpty || !dnsExcluded.isEmpty {
                violations.append(
                    Violation(
                        form: "dNSName",
                        name: dns,
                        constraint: "",
                        reason:
                            "the name is not a valid host name, so it cannot be placed inside or outside the constraints"
                    )
                )
            }
        }

        // IP
        let ipPermitted = nc.permittedSubtrees.compactMap {
            if case .ipAddress(let v) = $0 { return Array(v.bytes) } else { return nil }
        }
        let ipExcluded = nc.excludedSubtrees.compactMap {
            if case .ipAddress(let v) = $0 { return Array(v.bytes) } else { return nil }
        }
        for ip in cert.ipAddresses {
            let text = IPAddressText.format(ip)
            if ip.count != 4 && ip.count != 16 {
                if !ipPermitted.isEmpty || !ipExcluded.isEmpty {
                    violations.append(
                        Violation(
                            form: "iPAddress",
                            name: text,
                            constraint: "",
                            reason: "the entry is \(ip.count) bytes, not an IPv4 or IPv6 address"
                        )
                    )
                }
                continue
            }
            for range in ipExcluded where ipWithin(ip, range) {
                violations.append(
                    Violation(
                        form: "iPAddress",
                        name: text,
                        constraint: formatRange(range),
                        reason: "the address is inside the excluded range \(formatRange(range))"
                    )
                )
            }
            if !ipPermitted.isEmpty && !ipPermitted.contains(where: { ipWithin(ip, $0) }) {
                let ranges = ipPermitted.map(formatRange).joined(separator: ", ")
                violations.append(
                    Violation(
                        form: "iPAddress",
                        name: text,
                        constraint: ranges,
                        reason: "the address is outside every permitted range (\(ranges))"
                    )
                )
            }
        }

        // rfc822Name: SAN entries and emailAddress attributes of the subject (RFC 5280 4.2.1.10).
        let mailPermitted = nc.permittedSubtrees.compactMap {
            if case .rfc822Name(let v) = $0 { return v } else { return nil }
        }
        let mailExcluded = nc.excludedSubtrees.compactMap {
            if case .rfc822Name(let v) = $0 { return v } else { return nil }
        }
        if !mailPermitted.isEmpty || !mailExcluded.isEmpty {
            for mail in cert.emailAddresses + subjectEmails(cert) {
                guard let parts = splitMailbox(mail) else {
                    violations.append(
                        Violation(
                            form: "rfc822Name",
                            name: mail,
                            constraint: "",
                            reason:
                                "the address is not a valid mailbox, so it cannot be placed inside or outside the constraints"
                        )
                    )
                    continue
                }
                for constraint in mailExcluded where emailWithin(parts, constraint) {
                    violations.append(
                        Violation(
                            form: "rfc822Name",
                            name: mail,
                            constraint: constraint,
                            reason: "the address is inside the excluded subtree \"\(constraint)\""
                        )
                    )
                }
                if !mailPermitted.isEmpty && !mailPermitted.contains(where: { emailWithin(parts, $0) }) {
                    violations.append(
                        Violation(
                            form: "rfc822Name",
                            name: mail,
                            constraint: mailPermitted.joined(separator: ", "),
                            reason:
                                "the address is outside every permitted subtree (\(mailPermitted.joined(separator: ", ")))"
                        )
                    )
                }
            }
        }

        // URI: the host part against a host or .domain constraint.
        let uriPermitted = nc.permittedSubtrees.compactMap {
            if case .uniformResourceIdentifier(let v) = $0 { return v } else { return nil }
        }
        let uriExcluded = nc.excludedSubtrees.compactMap {
            if case .uniformResourceIdentifier(let v) = $0 { return v } else { return nil }
        }
        if !uriPermitted.isEmpty || !uriExcluded.isEmpty {
            for uri in cert.uris {
                guard let host = uriHost(uri) else {
                    violations.append(
                        Violation(
                            form: "URI",
                            name: uri,
                            constraint: "",
                            reason: "the URI has no host to compare with the constraints"
                        )
                    )
                    continue
                }
                for constraint in uriExcluded where uriWithin(host, constraint) {
                    violations.append(
                        Violation(
                            form: "URI",
                            name: uri,
                            constraint: constraint,
                            reason: "its host is inside the excluded subtree \"\(constraint)\""
                        )
                    )
                }
                if !uriPermitted.isEmpty && !uriPermitted.contains(where: { uriWithin(host, $0) }) {
                    violations.append(
                        Violation(
                            form: "URI",
                            name: uri,
                            constraint: uriPermitted.joined(separator: ", "),
                            reason:
                                "its host is outside every permitted subtree (\(uriPermitted.joined(separator: ", ")))"
                        )
                    )
                }
            }
        }

        // directoryName: the subject (when not empty) and directoryName SAN entries.
        let dnPermitted = nc.permittedSubtrees.compactMap {
            if case .directoryName(let v) = $0 { return v } else { return nil }
        }
        let dnExcluded = nc.excludedSubtrees.compactMap {
            if case .directoryName(let v) = $0 { return v } else { return nil }
        }
        if !dnPermitted.isEmpty || !dnExcluded.isEmpty {
            var names: [DistinguishedName] = []
            if !cert.subject.isEmpty { names.append(cert.subject) }
            for name in sans { if case .directoryName(let dn) = name { names.append(dn) } }
            for dn in names {
                for constraint in dnExcluded where dnWithin(dn, constraint) {
                    violations.append(
                        Violation(
                            form: "directoryName",
                            name: DNComparison.text(dn),
                            constraint: DNComparison.text(constraint),
                            reason: "the name is inside the excluded subtree \"\(DNComparison.text(constraint))\""
                        )
                    )
                }
                if !dnPermitted.isEmpty && !dnPermitted.contains(where: { dnWithin(dn, $0) }) {
                    let list = dnPermitted.map { DNComparison.text($0) }.joined(separator: "; ")
                    violations.append(
                        Violation(
                            form: "directoryName",
                            name: DNComparison.text(dn),
                            constraint: list,
                            reason: "the name is outside every permitted subtree (\(list))"
                        )
                    )
                }
            }
        }
        return violations
    }

    // MARK: DNS

    /// Whether every name `dns` can stand for lies inside the constraint subtree.
    static func dnsWithin(_ dns: String, _ constraint: String) -> Bool {
        dnsWithin(normalised: NameMatching.normalise(dns), NameMatching.normalise(constraint))
    }

    /// `dnsWithin` for a name and a constraint already normalised.
    static func dnsWithin(normalised name: String, _ base: String) -> Bool {
        if base.isEmpty { return true }
        // A wildcard `*.S` stands for one label under S: inside C when S is inside C.
        let subject = name.hasPrefix("*.") ? String(name.dropFirst(2)) : name
        // ".shop.lan", as OpenSSL and Go read it: only names below shop.lan (OpenSSL's
        // nc_dns compares the tail; a name shorter than the constraint is outside, one of
        // the same length must equal it).
        if base.hasPrefix(".") {
            return name.count >= base.count && name.hasSuffix(base)
        }
        return subject == base || subject.hasSuffix("." + base)
    }

    /// Whether some name `dns` can stand for lies inside the constraint subtree.
    static func dnsIntersects(_ dns: String, _ constraint: String) -> Bool {
        dnsIntersects(normalised: NameMatching.normalise(dns), NameMatching.normalise(constraint))
    }

    /// `dnsIntersects` for a name and a constraint already normalised.
    static func dnsIntersects(normalised name: String, _ base: String) -> Bool {
        if dnsWithin(normalised: name, base) { return true }
        guard name.hasPrefix("*.") else { return false }
        // `*.example.com` can be `bar.example.com`, which is inside `bar.example.com`'s
        // subtree (CVE-2025-61727).
        return NameMatching.dnsMatches(pattern: name, name: base)
    }

    // MARK: IP

    static func ipWithin(_ ip: [UInt8], _ range: [UInt8]) -> Bool {
        guard range.count == ip.count * 2 else { return false }
        for i in 0..<ip.count where ip[i] & range[ip.count + i] != range[i] & range[ip.count + i] {
            return false
        }
        return true
    }

    static func isContiguousMask(_ mask: [UInt8]) -> Bool {
        var seenZero = false
        for byte in mask {
            for bit in (0..<8).reversed() {
                let set = byte & (1 << bit) != 0
                if set && seenZero { return false }
                if !set { seenZero = true }
            }
        }
        return true
    }

    static func formatRange(_ bytes: [UInt8]) -> String {
        guard bytes.count == 8 || bytes.count == 32 else { return Hex.encode(bytes) }
        let half = bytes.count / 2
        let prefix = bytes[half...].reduce(0) { $0 + $1.nonzeroBitCount }
        return IPAddressText.format(Array(bytes[..<half])) + "/\(prefix)"
    }

    // MARK: email

    static func splitMailbox(_ mail: String) -> (local: String, domain: String)? {
        let parts = mail.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, HostSyntax.isHostName(String(parts[1]), allowWildcard: false) else {
            return nil
        }
        return (String(parts[0]), String(parts[1]))
    }

    static func isValidEmailConstraint(_ constraint: String) -> Bool {
        if constraint.containsText("@") { return splitMailbox(constraint) != nil }
        let host = constraint.hasPrefix(".") ? String(constraint.dropFirst()) : constraint
        return HostSyntax.isHostName(host, allowWildcard: false)
    }

    /// RFC 5280 4.2.1.10: a mailbox constraint matches that mailbox exactly (local part
    /// case-sensitive, characters literal), a host all mailboxes on it, `.domain` all
    /// mailboxes on hosts under it.
    static func emailWithin(_ mail: (local: String, domain: String), _ constraint: String) -> Bool {
        let domain = NameMatching.normalise(mail.domain)
        if constraint.containsText("@") {
            guard let c = splitMailbox(constraint) else { return false }
            return c.local == mail.local && NameMatching.normalise(c.domain) == domain
        }
        let base = NameMatching.normalise(constraint)
        if base.hasPrefix(".") { return domain.hasSuffix(base) }
        return domain == base
    }

    static func subjectEmails(_ cert: X509Certificate) -> [String] {
        let emailOID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 1]
        return cert.subject.flatMap { rdn in
            rdn.filter { $0.type == emailOID }.compactMap { String($0.value) }
        }
    }

    // MARK: URI

    static func uriHost(_ uri: String) -> String? {
        guard let schemeEnd = uri.scalarRange(of: "://") else { return nil }
        var rest = uri[schemeEnd.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("[") { return nil }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return rest.isEmpty ? nil : String(rest)
    }

    static func uriWithin(_ host: String, _ constraint: String) -> Bool {
        let h = NameMatching.normalise(host)
        let c = NameMatching.normalise(constraint)
        if c.hasPrefix(".") { return h.hasSuffix(c) }
        return h == c
    }

    // MARK: directoryName

    /// Whether `dn` starts with the RDNs of `constraint` (RFC 5280 7.1 comparison per RDN).
    static func dnWithin(_ dn: DistinguishedName, _ constraint: DistinguishedName) -> Bool {
        let name = Array(dn)
        let base = Array(constraint)
        guard base.count <= name.count else { return false }
        for (a, b) in zip(name.prefix(base.count), base) {
            // Distinct placeholder encodings so that the comparison looks at the values.
            if !DNComparison.equal([0], DistinguishedName([a]), [1], DistinguishedName([b])) { return false }
        }
        return true
    }

    // MARK: names

    static func formName(_ name: GeneralName) -> String {
        switch name {
        case .otherName: return "otherName"
        case .rfc822Name: return "rfc822Name"
        case .dnsName: return "dNSName"
        case .x400Address: return "x400Address"
        case .directoryName: return "directoryName"
        case .ediPartyName: return "ediPartyName"
        case .uniformResourceIdentifier: return "URI"
        case .ipAddress: return "iPAddress"
        case .registeredID: return "registeredID"
        }
    }

    static func describe(_ name: GeneralName) -> String {
        switch name {
        case .otherName(let other): return "otherName \(other.typeID)"
        case .rfc822Name(let v), .dnsName(let v), .uniformResourceIdentifier(let v): return v
        case .directoryName(let dn): return DNComparison.text(dn)
        case .ipAddress(let octets): return IPAddressText.format(Array(octets.bytes))
        case .registeredID(let oid): return oid.description
        case .x400Address: return "x400Address"
        case .ediPartyName: return "ediPartyName"
        }
    }
}

/// Host-name syntax (RFC 1034 3.5 preferred name syntax as relaxed by RFC 1123 2.1).
enum HostSyntax {
    /// Whether `name` is letters, digits and hyphens in non-empty labels of at most 63
    /// characters, not starting or ending with a hyphen; `*.` may lead when allowed.
    static func isHostName(_ name: String, allowWildcard: Bool) -> Bool {
        var text = Substring(name)
        if text.hasSuffix(".") { text = text.dropLast() }
        if allowWildcard && text.hasPrefix("*.") { text = text.dropFirst(2) }
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        for label in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard (1...63).contains(label.utf8.count) else { return false }
            guard label.utf8.allSatisfy({ isLDH($0) }) else { return false }
            if label.utf8.first == UInt8(ascii: "-") || label.utf8.last == UInt8(ascii: "-") { return false }
        }
        return true
    }

    private static func isLDH(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D
    }
}
