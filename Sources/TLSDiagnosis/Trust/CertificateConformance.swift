import SwiftASN1
import X509

/// Rules of the RFC 5280 certificate profile and the CA/Browser Forum Baseline
/// Requirements that depend on where a certificate stands in a path (a CA, a
/// self-signed root, a server certificate), for the certificates on a judged path.
///
/// Each broken rule is a `cert.nonconforming` finding naming the field and the rule:
/// strict validators (Go, rustls-webpki, pyca/cryptography) refuse such certificates,
/// OpenSSL and Apple mostly do not, so the profile sets the severity.
enum CertificateConformance {
    /// The findings for `cert` in `role`; `selfSigned` says whether its own key signed it.
    static func check(
        _ cert: X509Certificate,
        role: CertificateRole,
        selfSigned: Bool,
        subject: Finding.Subject,
        context: TrustContext
    ) -> [Finding] {
        var problems:
            [(field: String, rule: String, problem: String, clients: String?, fix: String?, severity: Severity?)] = []
        /// `clients`: who accepts and who refuses, when it is known for this rule in particular;
        /// `fix`: what to do, when the rule has a fix of its own; `severity`: a warning for a
        /// rule the clients every profile speaks for accept (nil: the code's, which the
        /// profile sets).
        func add(
            _ field: String,
            _ rule: String,
            _ problem: String,
            clients: String? = nil,
            fix: String? = nil,
            severity: Severity? = nil
        ) {
            problems.append((field, rule, problem, clients, fix, severity))
        }
        let display = Display.name(cert)
        let reissueAsCA =
            "Re-issue \(display) as a version 3 CA certificate (basicConstraints critical, CA:TRUE; keyUsage keyCertSign, cRLSign) with the same key, so what it signed stays valid, and install it where the old one was."

        let ids = ASN1ObjectIdentifier.X509ExtensionID.self
        let isCA = cert.isCA

        // Names
        if cert.issuer.isEmpty {
            add("issuer", "RFC 5280 4.1.2.4", "the issuer name is empty; every certificate must name its issuer")
        }
        if isCA && cert.subject.isEmpty {
            add("subject", "RFC 5280 4.1.2.6", "a CA certificate has an empty subject name")
        }
        if let san = cert.extensionValue(ids.subjectAlternativeName) {
            if cert.subject.isEmpty && !san.critical {
                add(
                    "subjectAltName",
                    "RFC 5280 4.2.1.6",
                    "the subject is empty but the subjectAltName extension is not marked critical"
                )
            }
            if !cert.subject.isEmpty && san.critical && role == .leaf {
                add(
                    "subjectAltName",
                    "CA/B Forum BR 7.1.2.7.12",
                    "subjectAltName is marked critical although the subject is not empty"
                )
            }
        } else if cert.subject.isEmpty {
            add(
                "subjectAltName",
                "RFC 5280 4.1.2.6",
                "the subject is empty and there is no subjectAltName, so the certificate names nobody"
            )
        }
        for dns in cert.dnsNames where !HostSyntax.isHostName(dns, allowWildcard: role == .leaf) {
            add(
                "subjectAltName",
                "RFC 5280 4.2.1.6",
                "dNSName \"\(dns)\" is not a host name in the preferred name syntax (letters, digits, hyphens; a wildcard only as \"*.\" in front)"
            )
        }
        // A dNSName holding an address ("127.0.0.1") is not reported here: no client is
        // known to refuse the certificate for it, and name matching says what it costs
        // (a client dialling the address looks for an iPAddress entry).
        for ip in cert.ipAddresses where ip.count != 4 && ip.count != 16 {
            add(
                "subjectAltName",
                "RFC 5280 4.2.1.6",
                "an iPAddress entry is \(ip.count) bytes (\(Hex.encode(ip))), not an IPv4 or IPv6 address"
            )
        }
        for mail in cert.emailAddresses where NameConstraintsCheck.splitMailbox(mail) == nil {
            add("subjectAltName", "RFC 5280 4.2.1.6", "rfc822Name \"\(mail)\" is not a mailbox (local-part@domain)")
        }

        // Key identifiers
        if let aki = cert.extensionValue(ids.authorityKeyIdentifier), aki.critical {
            add(
                "authorityKeyIdentifier",
                "RFC 5280 4.2.1.1",
                "authorityKeyIdentifier is marked critical; it must not be"
            )
        }
        // An anchor too (a cross-signed root given as the anchor), but only as a warning:
        // clients trust an anchor as it is given, whoever else signed it.
        if !selfSigned && cert.version == 3 && cert.authorityKeyIdentifier?.keyIdentifier == nil {
            add(
                "authorityKeyIdentifier",
                "RFC 5280 4.2.1.1",
                cert.authorityKeyIdentifier == nil
                    ? "there is no authorityKeyIdentifier; every certificate except a self-signed one must name its issuer's key"
                    : "authorityKeyIdentifier has no keyIdentifier; every certificate except a self-signed one must name its issuer's key",
                clients: role == .anchor
                    ? "Clients trust an anchor as it is given, so they accept it; a client that has to build a path through its other issuer has no key identifier to go by"
                    : nil,
                severity: role == .anchor ? .warning : nil
            )
        }
        if let ski = cert.extensionValue(ids.subjectKeyIdentifier), ski.critical {
            add("subjectKeyIdentifier", "RFC 5280 4.2.1.2", "subjectKeyIdentifier is marked critical; it must not be")
        }
        if isCA && cert.subjectKeyIdentifier == nil {
            add("subjectKeyIdentifier", "RFC 5280 4.2.1.2", "a CA certificate has no subjectKeyIdentifier")
        }
        if selfSigned && isCA, let aki = cert.authorityKeyIdentifier {
            if aki.keyIdentifier == nil {
                add(
                    "authorityKeyIdentifier",
                    "CA/B Forum BR 7.1.2.1.3",
                    "the root's authorityKeyIdentifier has no keyIdentifier"
                )
            } else if let ski = cert.subjectKeyIdentifier, let keyID = aki.keyIdentifier,
                Array(keyID) != Array(ski.keyIdentifier)
            {
                add(
                    "authorityKeyIdentifier",
                    "CA/B Forum BR 7.1.2.1.3",
                    "the root's authorityKeyIdentifier (\(Hex.encode(keyID))) differs from its own subjectKeyIdentifier (\(Hex.encode(ski.keyIdentifier)))"
                )
            }
            if aki.authorityCertIssuer != nil {
                add(
                    "authorityKeyIdentifier",
                    "CA/B Forum BR 7.1.2.1.3",
                    "the root's authorityKeyIdentifier carries authorityCertIssuer"
                )
            }
            if aki.authorityCertSerialNumber != nil {
                add(
                    "authorityKeyIdentifier",
                    "CA/B Forum BR 7.1.2.1.3",
                    "the root's authorityKeyIdentifier carries authorityCertSerialNumber"
                )
            }
        }

        // Basic constraints and key usage
        if isCA, let bc = cert.extensionValue(ids.basicConstraints), !bc.critical {
            add("basicConstraints", "RFC 5280 4.2.1.9", "a CA certificate's basicConstraints is not marked critical")
        }
        if let ku = cert.keyUsage {
            // A CA without basicConstraints whose profile does not take keyCertSign for CA:TRUE
            // is chain.issuer_not_ca when it signs (PathValidation), which says the same.
            let reportedAsNotCA =
                role != .leaf && cert.extensionValue(ids.basicConstraints) == nil && !context.profile.keyCertSignMakesCA
            if ku.keyCertSign && !isCA && !reportedAsNotCA {
                add(
                    "keyUsage",
                    "RFC 5280 4.2.1.9",
                    "keyUsage allows keyCertSign but basicConstraints does not say CA:TRUE",
                    clients: cert.extensionValue(ids.basicConstraints) == nil
                        ? "OpenSSL outside its strict mode (curl; Python 3.12 and older) accepts it as a CA for that keyUsage; RFC 5280 validators and OpenSSL's strict mode (X509_V_FLAG_X509_STRICT, which Python 3.13 sets by default) refuse it"
                        : nil,
                    fix: cert.extensionValue(ids.basicConstraints) == nil ? reissueAsCA : nil
                )
            }
            if isCA && !ku.keyCertSign && role == .leaf {
                add(
                    "basicConstraints",
                    "CA/B Forum BR 7.1.2.7.8",
                    "basicConstraints says CA:TRUE but keyUsage does not allow certificate signing; a server certificate must say CA:FALSE"
                )
            }
            if cert.keyUsageNames.isEmpty {
                add("keyUsage", "RFC 5280 4.2.1.3", "keyUsage is present with no bit set")
            }
        }
        if isCA, let nc = cert.extensionValue(ids.nameConstraints), !nc.critical {
            add(
                "nameConstraints",
                "RFC 5280 4.2.1.10",
                "nameConstraints is not marked critical",
                clients:
                    "The CA/Browser Forum allows that for legacy clients, and clients that read name constraints (OpenSSL, Apple, Go, browsers) apply them either way, so they accept it; a client that does not understand the extension ignores a non-critical one, and with it the limit on what this CA may certify",
                fix:
                    "Re-issue \(display) with nameConstraints marked critical, with the same key, so what it signed stays valid.",
                severity: .warning
            )
        }
        if !isCA, cert.extensionValue(ids.nameConstraints) != nil {
            add("nameConstraints", "RFC 5280 4.2.1.10", "nameConstraints appears in a certificate that is not a CA")
        }
        if let nc = cert.nameConstraints, nc.permittedSubtrees.isEmpty && nc.excludedSubtrees.isEmpty {
            add("nameConstraints", "RFC 5280 4.2.1.10", "nameConstraints has neither permitted nor excluded subtrees")
        }

        // Extended key usage
        if let eku = cert.extendedKeyUsage {
            let usages = Array(eku)
            if usages.isEmpty {
                add("extendedKeyUsage", "RFC 5280 4.2.1.12", "extendedKeyUsage is present but lists no purpose")
            }
            if role == .leaf {
                if cert.extensionValue(ids.extendedKeyUsage)?.critical == true {
                    add(
                        "extendedKeyUsage",
                        "CA/B Forum BR 7.1.2.7.6",
                        "a server certificate's extendedKeyUsage is marked critical"
                    )
                }
                if usages.contains(ExtendedKeyUsage.Usage(oid: ASN1ObjectIdentifier.ExtendedKeyUsage.any)) {
                    add(
                        "extendedKeyUsage",
                        "CA/B Forum BR 7.1.2.7.10",
                        "a server certificate lists anyExtendedKeyUsage"
                    )
                }
            }
            if role == .anchor && selfSigned {
                add("extendedKeyUsage", "CA/B Forum BR 7.1.2.1.2", "a root certificate carries extendedKeyUsage")
            }
        }

        // A version 1 root: no extensions, so it cannot say CA:TRUE. OpenSSL accepts a
        // self-signed v1 certificate as a root (check_ca's V1_ROOT) outside strict mode;
        // the profiles that do not are told by chain.issuer_not_ca (PathValidation).
        if role == .anchor && cert.version < 3 && context.profile.keyCertSignMakesCA {
            add(
                "version",
                "RFC 5280 4.1.2.1, 6.1.4 (k)",
                "a version \(cert.version) certificate is used as a CA; without extensions it cannot carry basicConstraints CA:TRUE",
                clients:
                    "OpenSSL outside its strict mode (curl; Python 3.12 and older) accepts a self-signed version 1 root; OpenSSL's strict mode (X509_V_FLAG_X509_STRICT, which Python 3.13 sets by default) refuses it as an invalid CA",
                fix: reissueAsCA
            )
        }

        // Other extensions whose criticality RFC 5280 fixes
        if let aia = cert.extensionValue(ids.authorityInformationAccess) {
            if aia.critical {
                add("authorityInfoAccess", "RFC 5280 4.2.2.1", "authorityInfoAccess is marked critical; it must not be")
            }
            if let parsed = cert.authorityInformationAccess, Array(parsed).isEmpty {
                add("authorityInfoAccess", "RFC 5280 4.2.2.1", "authorityInfoAccess lists no access method")
            }
        }
        if let pc = cert.extensionValue(OIDs.policyConstraints), !pc.critical {
            add("policyConstraints", "RFC 5280 4.2.1.11", "policyConstraints is not marked critical")
        }
        if let iap = cert.extensionValue(OIDs.inhibitAnyPolicy), !iap.critical {
            add("inhibitAnyPolicy", "RFC 5280 4.2.1.14", "inhibitAnyPolicy is not marked critical")
        }

        // Keys (CA/B Forum 6.1.5)
        if cert.key.type == "RSA", let bits = cert.key.bits, bits % 8 != 0 {
            add("subjectPublicKeyInfo", "CA/B Forum BR 6.1.5", "the RSA modulus is \(bits) bits, not a multiple of 8")
        }

        // Common Name of a server certificate (CA/B Forum 7.1.4.3): it must repeat a
        // subjectAltName entry character for character, IP addresses in their canonical text.
        // Clients that fall back to the Common Name would otherwise read another name than
        // the one the CA checked. Only a Common Name written as a host name or an address
        // is held to it: "Front Desk Printer" names no endpoint and no client reads it.
        if role == .leaf, context.purpose == .server, cert.subjectAlternativeNames != nil {
            for cn in cert.commonNames {
                if let problem = commonNameCopyProblem(cn, dnsNames: cert.dnsNames, ipAddresses: cert.ipAddresses) {
                    add("subject", "CA/B Forum BR 7.1.4.3", problem)
                } else if let problem = commonNameAbsentProblem(
                    cn,
                    dnsNames: cert.dnsNames,
                    ipAddresses: cert.ipAddresses
                ) {
                    add(
                        "subject",
                        "CA/B Forum BR 7.1.4.3",
                        problem,
                        clients:
                            "Clients that match names against the subjectAltName (Apple, browsers, OpenSSL, Go) accept it; validators that hold certificates to the CA/Browser Forum profile (pyca/cryptography) refuse it",
                        fix:
                            "Re-issue \(display) with its Common Name set to one of its subjectAltName entries, or with no Common Name; if the Common Name is the name clients dial, add it to the subjectAltName.",
                        severity: .warning
                    )
                }
            }
        }

        return problems.map { item in
            Finding(
                code: .certNonconforming,
                severity: item.severity,
                subject: subject,
                message: "\(display): \(item.problem) (\(item.rule)). "
                    + (item.clients.map { $0 + "." }
                        ?? "Strict validators refuse it; OpenSSL and Apple usually accept it."),
                evidence: ["field": .string(item.field), "rule": .string(item.rule), "problem": .string(item.problem)],
                fix: item.fix
            )
        }.compactMap(context.profile.apply)
    }

    /// Why the Common Name `cn` is a non-exact rendering of a SAN entry, or nil.
    static func commonNameCopyProblem(_ cn: String, dnsNames: [String], ipAddresses: [[UInt8]]) -> String? {
        if dnsNames.contains(cn) || ipAddresses.map(IPAddressText.format).contains(cn) { return nil }
        if let address = lenientIPAddress(cn) {
            let canonical = IPAddressText.format(address)
            if ipAddresses.contains(address) {
                return
                    "the Common Name \"\(cn)\" writes the address \(canonical) of the subjectAltName in another form; it must be \"\(canonical)\""
            }
            return nil
        }
        if let copy = dnsNames.first(where: { $0.lowercased() == cn.lowercased() }) {
            return
                "the Common Name \"\(cn)\" differs from the subjectAltName entry \"\(copy)\" in letter case; it must be an exact copy"
        }
        if !cn.allSatisfy(\.isASCII), cn.containsText("."), !cn.containsText(" ") {
            return
                "the Common Name \"\(cn)\" is an internationalized name in Unicode; it must copy the subjectAltName's ASCII (xn--) form"
        }
        return nil
    }

    /// Why a Common Name written as a host name (with a dot) or an address, that no
    /// subjectAltName entry of its kind repeats in any form, breaks CA/B Forum 7.1.4.3; nil
    /// when it is neither, when an entry repeats it (`commonNameCopyProblem` judges the
    /// copy), or when the subjectAltName has no entry of its kind: a certificate for an
    /// address alone whose Common Name is a host name is the RFC 5280 construction
    /// x509-limbo's own cases use, and a clash of two names is what this rule is about.
    static func commonNameAbsentProblem(_ cn: String, dnsNames: [String], ipAddresses: [[UInt8]]) -> String? {
        // An address written as a dNSName is repeated too; name matching says what it costs.
        if dnsNames.contains(cn) { return nil }
        if let address = IPAddressText.parse(cn) {
            guard !ipAddresses.isEmpty, !ipAddresses.contains(address) else { return nil }
            return
                "the Common Name \"\(cn)\" is an address that is not among the subjectAltName's addresses; it must repeat one of them"
        }
        guard !dnsNames.isEmpty, cn.containsText("."), HostSyntax.isHostName(cn, allowWildcard: true) else {
            return nil
        }
        guard !dnsNames.contains(where: { $0.lowercased() == cn.lowercased() }) else { return nil }
        return "the Common Name \"\(cn)\" is not among the subjectAltName's names; it must repeat one of them"
    }

    /// An IP address as lenient parsers read it: IPv4 with hex (0x), octal (leading 0)
    /// or fewer parts as inet_aton does, IPv6 in any case and compression.
    static func lenientIPAddress(_ text: String) -> [UInt8]? {
        if text.containsText(":") { return IPAddressText.parse(text.lowercased()) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            let lower = part.lowercased()
            let value: UInt64?
            if lower.hasPrefix("0x") {
                value = lower.count > 2 ? UInt64(lower.dropFirst(2), radix: 16) : nil
            } else if lower.count > 1 && lower.hasPrefix("0") {
                value = UInt64(lower.dropFirst(), radix: 8)
            } else {
                value = UInt64(lower, radix: 10)
            }
            guard let value, value <= UInt64(UInt32.max) else { return nil }
            values.append(value)
        }
        // a, a.b (b: 24 bits), a.b.c (c: 16 bits), a.b.c.d
        var address: UInt64 = 0
        let head = values.dropLast()
        guard let tail = values.last, head.allSatisfy({ $0 <= 255 }) else { return nil }
        for value in head { address = address << 8 | value }
        let tailBits = UInt64(8 * (4 - head.count))
        guard tail < (1 << tailBits) else { return nil }
        address = address << tailBits | tail
        return [
            UInt8(address >> 24 & 0xFF), UInt8(address >> 16 & 0xFF), UInt8(address >> 8 & 0xFF), UInt8(address & 0xFF),
        ]
    }

    enum OIDs {
        static let policyConstraints: ASN1ObjectIdentifier = [2, 5, 29, 36]
        static let inhibitAnyPolicy: ASN1ObjectIdentifier = [2, 5, 29, 54]
    }
}
