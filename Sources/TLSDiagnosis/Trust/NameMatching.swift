import X509

/// Whether a certificate carries the name a client expects (RFC 6125 / RFC 9525), and
/// the findings that say why not.
///
/// DNS names match dNSName SAN entries, case-insensitively, with a wildcard allowed only
/// as the whole left-most label of at least three labels (`*.example.com`), matching
/// exactly one label. IP addresses match iPAddress SAN entries only. The subject Common
/// Name counts only under a profile with the `CommonNameFallback` rule (OpenSSL's
/// `X509_check_host`: only when the certificate has no dNSName at all).
public enum NameMatching {
    /// Whether the presented DNS identifier `pattern` (a dNSName or Common Name) matches
    /// the reference name `name` the client dialled.
    public static func dnsMatches(pattern: String, name: String) -> Bool {
        let reference = normalise(name)
        let presented = normalise(pattern)
        guard !reference.isEmpty, !presented.isEmpty, presented.allSatisfy(\.isASCII) else { return false }
        let referenceLabels = reference.split(separator: ".", omittingEmptySubsequences: false)
        let presentedLabels = presented.split(separator: ".", omittingEmptySubsequences: false)
        guard !referenceLabels.contains(where: \.isEmpty), !presentedLabels.contains(where: \.isEmpty) else {
            return false
        }
        guard presentedLabels.count == referenceLabels.count else { return false }
        for (index, (p, r)) in zip(presentedLabels, referenceLabels).enumerated() {
            if index == 0 && p == "*" {
                // RFC 9525 6.3: the wildcard is the whole left-most label; a wildcard over a
                // single remaining label (`*.com`, `*`) would span a top-level domain.
                if presentedLabels.count < 3 { return false }
                continue
            }
            if p != r { return false }
        }
        return true
    }

    /// Whether `pattern` is a wildcard clients honour: `*.` over at least two labels of a
    /// host name (`*.shop.lan`, not `*.local` or `f*.shop.lan`).
    static func isHonouredWildcard(_ pattern: String) -> Bool {
        let pattern = normalise(pattern)
        return pattern.hasPrefix("*.") && pattern.split(separator: ".").count >= 3
            && HostSyntax.isHostName(pattern, allowWildcard: true)
    }

    /// Whether `pattern` is a wildcard pattern that tlsprobe honours (`*.example.com`).
    public static func isWildcard(_ pattern: String) -> Bool { normalise(pattern).hasPrefix("*.") }

    /// Lowercased ASCII with one trailing dot removed (an absolute name is the same name).
    static func normalise(_ name: String) -> String {
        var lowered = String(name.lazy.map { $0.isASCII ? Character($0.lowercased()) : $0 })
        if lowered.hasSuffix(".") { lowered.removeLast() }
        return lowered
    }

    /// The findings about `leaf` not carrying `expected` under `profile`; empty when it does.
    public static func check(
        _ leaf: X509Certificate,
        expected: ExpectedName,
        subject: Finding.Subject,
        profile: Profile
    ) -> [Finding] {
        let findings: [Finding]
        switch expected {
        case .dns(let name): findings = checkDNS(leaf, name: name, subject: subject, profile: profile)
        case .ip(let address): findings = checkIP(leaf, address: address, subject: subject)
        }
        return findings.compactMap(profile.apply)
    }

    private static func checkDNS(
        _ leaf: X509Certificate,
        name: String,
        subject: Finding.Subject,
        profile: Profile
    ) -> [Finding] {
        let dnsNames = leaf.dnsNames
        let commonNames = leaf.commonNames
        let display = Display.name(leaf)
        var evidence: [String: EvidenceValue] = [
            "expected": .string(name),
            "san_dns": .strings(dnsNames),
            "common_name": .strings(commonNames),
        ]
        if dnsNames.contains(where: { dnsMatches(pattern: $0, name: name) }) { return [] }

        let cnMatches = commonNames.contains { dnsMatches(pattern: $0, name: name) }
        // The Common Name counts (for clients that fall back to it) when there is no DNS
        // name: no subjectAltName at all, or one with only IP addresses, e-mail addresses or
        // URIs. That is OpenSSL's X509_check_host.
        if dnsNames.isEmpty {
            if cnMatches {
                if profile.rule(CommonNameFallback.self) != nil {
                    // The client accepts it; say that other clients do not.
                    return [
                        Finding(
                            code: .nameCNOnly,
                            subject: subject,
                            message:
                                "\(display) has \"\(name)\" only in its Common Name and no DNS subjectAltName. OpenSSL clients fall back to the Common Name and accept it; iOS, macOS, Chrome and Go ignore the Common Name and refuse it.",
                            evidence: evidence,
                            fix:
                                "Re-issue the certificate with subjectAltName DNS:\(name) (\(identityCommand(leaf, adding: name)); \(SubjectAltNameText.opensslHint(leaf, adding: .dns(name))))."
                        )
                    ]
                }
                return [
                    Finding(
                        code: .nameCNOnly,
                        subject: subject,
                        message:
                            "\(display) has \"\(name)\" only in its Common Name and no DNS subjectAltName. Clients that follow RFC 9525 (iOS, macOS, Chrome, Go) ignore the Common Name, so the name does not match.",
                        evidence: evidence,
                        fix:
                            "Re-issue the certificate with subjectAltName DNS:\(name) (\(identityCommand(leaf, adding: name)); \(SubjectAltNameText.opensslHint(leaf, adding: .dns(name))))."
                    )
                ]
            }
        }
        var message = "\(display) is not valid for \"\(name)\": "
        if dnsNames.isEmpty {
            if leaf.subjectAlternativeNames != nil {
                message += "its subjectAltName has no DNS names"
            } else if leaf.extensionValue(.X509ExtensionID.subjectAlternativeName) != nil {
                message += "its subjectAltName cannot be read"
            } else {
                message += "it has no subjectAltName"
            }
            // A matching Common Name without DNS names was name.cn_only above: here it does not match.
            message += commonNames.isEmpty ? "." : ", and its Common Name \(quoted(commonNames)) does not match either."
        } else {
            // A hostile leaf carries 100,000 names: the message names the first few (the
            // evidence has them all).
            let shown = quoted(Array(dnsNames.prefix(maxNamesShown)))
            let more = dnsNames.count > maxNamesShown ? " and \(dnsNames.count - maxNamesShown) more" : ""
            message += "its DNS names are \(shown)\(more)."
            if let hint = nearMiss(dnsNames, name: name) { message += " " + hint }
            if profile.rule(CommonNameFallback.self) != nil && cnMatches {
                message += " The Common Name matches, but clients ignore it when DNS names are present."
            }
        }
        if IPAddressText.parse(name) != nil {
            evidence["note"] = "the expected name is an IP address"
        }
        let dial = dialHint(leaf, names: dnsNames.isEmpty ? commonNames : dnsNames, dialled: name)
        return [
            Finding(
                code: .nameMismatch,
                subject: subject,
                message: message,
                evidence: evidence,
                fix: dial + (dial.hasSuffix("Or ") ? "re-issue" : "Re-issue")
                    + " it with subjectAltName DNS:\(name) (\(identityCommand(leaf, adding: name)); \(SubjectAltNameText.opensslHint(leaf, adding: .dns(name))))."
            )
        ]
    }

    /// The start of `name.mismatch`'s fix: which names a client could dial instead, or, when
    /// the certificate carries none a client accepts, that there is none. A wildcard is a
    /// pattern, never a name to dial: one that clients honour (`*.shop.lan`) is shown as the
    /// name it covers with the dialled name's first label (`printer.shop.lan`); one they
    /// refuse (`*.local`, a wildcard over a single label) is named as refused.
    static func dialHint(_ leaf: X509Certificate, names: [String], dialled: String) -> String {
        var options: [String] = []
        func add(_ option: String) {
            if options.count < 4, !options.contains(where: { normalise($0) == normalise(option) }) {
                options.append(option)
            }
        }
        for name in names where !name.containsText("*") && HostSyntax.isHostName(name, allowWildcard: false) {
            add(name)
        }
        let firstLabel = normalise(dialled).split(separator: ".").first.map(String.init)
        let label = firstLabel.flatMap { HostSyntax.isHostName($0, allowWildcard: false) ? $0 : nil } ?? "host"
        var refused: [String] = []
        for name in names where name.containsText("*") {
            let pattern = normalise(name)
            if isHonouredWildcard(pattern) {
                add("\(label).\(pattern.dropFirst(2)), which \"\(pattern)\" covers")
            } else {
                refused.append(name)
            }
        }
        for address in leaf.ipAddresses where address.count == 4 || address.count == 16 {
            add(IPAddressText.format(address))
        }
        if !options.isEmpty {
            return "Dial a name the certificate carries instead (\(options.joined(separator: "; "))). Or "
        }
        if !refused.isEmpty {
            return
                "No name works with this certificate: clients refuse \(quoted(Array(refused.prefix(4)))) (a wildcard must be the whole left-most label, over at least two more labels: a wildcard over a single label such as .local covers no name), so there is no name to dial. "
        }
        return ""
    }

    /// A plain-words hint when a wildcard almost matches.
    private static func nearMiss(_ patterns: [String], name: String) -> String? {
        let reference = normalise(name)
        for pattern in patterns.map(normalise) {
            if pattern.hasPrefix("*."), reference.hasSuffix(String(pattern.dropFirst(1))) {
                let labelsP = pattern.split(separator: ".").count
                let labelsR = reference.split(separator: ".").count
                if labelsR > labelsP {
                    return
                        "A wildcard stands for exactly one label: \"\(pattern)\" covers \"x.\(pattern.dropFirst(2))\" but not \"\(reference)\"."
                }
            }
            if pattern.hasPrefix("*."), reference == String(pattern.dropFirst(2)) {
                return "A wildcard does not cover the bare domain: \"\(pattern)\" does not match \"\(reference)\"."
            }
            if pattern.containsText("*") && !pattern.hasPrefix("*.") {
                return
                    "\"\(pattern)\" puts its wildcard somewhere other than the whole left-most label, which clients do not honour."
            }
            if pattern.hasPrefix("*."), pattern.split(separator: ".").count < 3 {
                return "\"\(pattern)\" is a wildcard over a top-level domain, which clients refuse."
            }
        }
        return nil
    }

    private static func checkIP(_ leaf: X509Certificate, address: [UInt8], subject: Finding.Subject) -> [Finding] {
        let ips = leaf.ipAddresses
        if ips.contains(address) { return [] }
        let text = IPAddressText.format(address)
        let display = Display.name(leaf)
        let inDNS = leaf.dnsNames.filter { IPAddressText.parse($0) == address }
        let inCN = leaf.commonNames.filter { IPAddressText.parse($0) == address }
        var message = "\(display) has no iPAddress subjectAltName \(text)"
        message +=
            ips.isEmpty ? "." : " (its IP addresses are \(ips.map(IPAddressText.format).joined(separator: ", ")))."
        if !inDNS.isEmpty {
            message +=
                " The address is there as a DNS name (\(quoted(inDNS))), which clients do not compare with an IP address."
        } else if !inCN.isEmpty {
            message += " The address is in the Common Name, which clients do not use for IP addresses."
        }
        message += " A client that dials \(text) needs the address as an iPAddress entry."
        return [
            Finding(
                code: .nameIPNotInSAN,
                subject: subject,
                message: message,
                evidence: [
                    "expected": .string(text),
                    "san_ip": .strings(ips.map(IPAddressText.format)),
                    "san_dns_with_address": .strings(inDNS),
                    "common_name_with_address": .strings(inCN),
                ],
                fix:
                    "Re-issue the certificate with subjectAltName IP:\(text) (\(identityCommand(leaf, adding: text)); \(SubjectAltNameText.opensslHint(leaf, adding: .ip(address))))."
            )
        ]
    }

    /// The `tlsprobe identity server` that re-issues `leaf` with `name` added to the names
    /// and addresses it has (a SAN is replaced whole, so every one is listed). Names from the
    /// certificate or the wire are shown only when they are plain host names or addresses
    /// identity takes (a wildcard over a single label, which clients refuse, is left out):
    /// a fix never carries text a shell would read as more than one word.
    static func identityCommand(_ leaf: X509Certificate, adding name: String) -> String {
        func plain(_ host: String) -> Bool {
            if IPAddressText.parse(host) != nil { return true }
            guard HostSyntax.isHostName(host, allowWildcard: true) else { return false }
            return !host.hasPrefix("*.") || host.split(separator: ".").count >= 3
        }
        // A set beside the list keeps this linear: a hostile leaf carries 100,000 names.
        var hosts: [String] = []
        var seen: Set<String> = []
        for host in [name] + leaf.dnsNames + leaf.ipAddresses.map(IPAddressText.format) where plain(host) {
            let lowered = host.lowercased()
            if seen.insert(lowered).inserted { hosts.append(lowered) }
        }
        if !plain(name) { hosts.insert("NAME", at: 0) }
        let shown = hosts.prefix(8).map { "--host \($0)" }.joined(separator: " ")
        return "tlsprobe identity server --ca CA_DIR \(shown)\(hosts.count > 8 ? " ..." : "") --out DIR"
    }

    /// The most of a certificate's DNS names a `name.mismatch` message lists.
    static let maxNamesShown = 16

    private static func quoted(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
