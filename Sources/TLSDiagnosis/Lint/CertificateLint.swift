import SwiftASN1
import SystemCalls
import X509

/// Checks of one certificate on its own, needing no issuer: key strength, signature
/// algorithm, dates, validity period, extended and plain key usage, names, encoding.
///
/// Pure functions of the certificate and the context; the trust engine applies them to
/// the certificates on a path, `inspect` to every certificate in a file.
public enum CertificateLint {
    /// Every finding for `certificate` in `role`, reported as about `subject`
    /// (`certificate[0]`), under `context.profile`.
    public static func check(
        _ certificate: X509Certificate,
        role: CertificateRole,
        subject: Finding.Subject,
        context: TrustContext
    ) -> [Finding] {
        var findings: [Finding] = []
        findings += dates(certificate, subject: subject, context: context)
        findings += keyStrength(certificate, subject: subject, profile: context.profile)
        if role != .anchor || !certificate.isSelfIssued {
            findings += signatureStrength(certificate, subject: subject)
        }
        findings += encoding(certificate, role: role, subject: subject)
        if role == .leaf {
            if let unsupported = context.profile.rule(LeafKeyTypeRule.self)?.finding(
                keyType: certificate.key.type,
                name: subjectName(certificate),
                profile: context.profile.name,
                subject: subject
            ) {
                findings.append(unsupported)
            }
            findings += caAsLeaf(certificate, subject: subject, context: context)
            findings += leafUsage(certificate, subject: subject, context: context)
            findings += vendorDefault(certificate, subject: subject)
            if context.purpose == .server {
                findings += validityPeriod(certificate, subject: subject, profile: context.profile)
                if context.expectedName == nil {
                    findings += commonNameOnly(certificate, subject: subject)
                }
            }
        }
        return findings.compactMap(context.profile.apply)
    }

    // MARK: dates

    static func dates(_ cert: X509Certificate, subject: Finding.Subject, context: TrustContext) -> [Finding] {
        let at = context.at
        let evidence: [String: EvidenceValue] = [
            "not_before": .string(ReportTime.iso8601(cert.notBefore)),
            "not_after": .string(ReportTime.iso8601(cert.notAfter)),
            "at": .string(ReportTime.iso8601(at)),
        ]
        if at < cert.notBefore {
            let gap = cert.notBefore.timeIntervalSince(at)
            var message =
                "\(subjectName(cert)) is not valid until \(ReportTime.iso8601(cert.notBefore)), \(ReportTime.duration(gap)) after \(ReportTime.iso8601(at))\(context.clientClock ? ", the client's clock (--at)" : "")."
            if context.clientClock && at < Date(timeIntervalSince1970: 1_262_304_000) {
                message +=
                    " The client's clock is before 2010: it looks reset. Set its date and time (automatic time, or NTP)."
            } else if context.clientClock {
                message +=
                    " Look at the client's clock first: if it is behind, set it right (automatic time, or NTP). If it is right, the device that made the certificate had its clock ahead, and the certificate must be re-issued with a start date in the past."
            } else if gap < 2 * 86400 {
                message +=
                    " A gap this small looks like a clock: the device that made the certificate is ahead, or the client's clock is behind."
            } else if at < Date(timeIntervalSince1970: 1_262_304_000) {
                message += " The evaluation time is before 2010: the client's clock looks reset."
            } else {
                message +=
                    " If nobody meant that start date, the clock of the device that made the certificate was wrong when it did."
            }
            return [
                Finding(
                    code: .certNotYetValid,
                    subject: subject,
                    message: message,
                    evidence: evidence,
                    fix: context.clientClock
                        ? "Set the client's clock right first (automatic date and time, or NTP); if it was right, re-issue the certificate with a start date in the past: the device that issued it had its clock ahead."
                        : nil
                )
            ]
        }
        if at > cert.notAfter {
            let gap = at.timeIntervalSince(cert.notAfter)
            var message =
                "\(subjectName(cert)) expired on \(ReportTime.iso8601(cert.notAfter)), \(ReportTime.duration(gap)) before \(ReportTime.iso8601(at))."
            if cert.notAfter < Date(timeIntervalSince1970: 946_684_800) {
                message +=
                    " An end date before 2000 usually means the device made its certificate while its clock was reset."
            }
            return [Finding(code: .certExpired, subject: subject, message: message, evidence: evidence)]
        }
        let remaining = cert.notAfter.timeIntervalSince(at)
        if let expiry = context.profile.rule(ExpiryRule.self), remaining < expiry.window {
            return [
                Finding(
                    code: .certExpiresSoon,
                    subject: subject,
                    message:
                        "\(subjectName(cert)) expires on \(ReportTime.iso8601(cert.notAfter)), in \(ReportTime.duration(remaining)).",
                    evidence: evidence
                )
            ]
        }
        return []
    }

    // MARK: keys and signatures

    static func keyStrength(_ cert: X509Certificate, subject: Finding.Subject, profile: Profile) -> [Finding] {
        let key = cert.key
        if let weak = profile.rule(KeyStrengthRule.self)?.finding(
            key,
            name: subjectName(cert),
            profile: profile.name,
            subject: subject
        ) {
            return [weak]
        }
        let evidence: [String: EvidenceValue] = [
            "key_type": .string(key.type), "bits": key.bits.map { .int($0) } ?? .null, "curve": .optional(key.curve),
        ]
        switch key.type {
        case "RSA", "RSA-PSS", "DSA", "Ed25519", "Ed448":
            return []
        case "EC":
            if key.bits == nil {
                return [
                    Finding(
                        code: .certUnsupportedAlgorithm,
                        severity: .warning,
                        subject: subject,
                        message:
                            "\(subjectName(cert)) has an elliptic-curve key on curve \(key.curve ?? "?"), which TLS clients do not support.",
                        evidence: evidence
                    )
                ]
            }
            return []
        default:
            return [
                Finding(
                    code: .certUnsupportedAlgorithm,
                    severity: .warning,
                    subject: subject,
                    message: "\(subjectName(cert)) has a key of type \(key.type), which TLS clients do not support.",
                    evidence: evidence
                )
            ]
        }
    }

    static func signatureStrength(_ cert: X509Certificate, subject: Finding.Subject) -> [Finding] {
        let name = cert.signatureAlgorithm.name
        let weak = [
            "md5WithRSAEncryption", "sha1WithRSAEncryption", "ecdsa-with-SHA1", "dsa-with-SHA1", "1.2.840.113549.1.1.2",
            "1.2.840.113549.1.1.3",
        ]
        guard weak.contains(name) else { return [] }
        return [
            Finding(
                code: .certWeakSignature,
                subject: subject,
                message:
                    "\(subjectName(cert)) is signed with \(name); OpenSSL 3, Apple platforms and browsers refuse SHA-1 and MD5 signatures.",
                evidence: ["signature_algorithm": .string(name)]
            )
        ]
    }

    // MARK: encoding

    static func encoding(_ cert: X509Certificate, role: CertificateRole = .leaf, subject: Finding.Subject) -> [Finding]
    {
        var findings: [Finding] = []
        // The serial number lets an issuer revoke what it issued; an anchor is trusted as
        // it is, so its serial (Starfield's root has serial 0) does not matter.
        let anomalies = role == .anchor ? cert.anomalies.filter { $0.field != "serialNumber" } : cert.anomalies
        // What common clients refuse is malformed; what only strict validators refuse is
        // nonconforming, whose severity the profile decides.
        let refused = anomalies.filter(\.refusedByClients).map(\.description)
        let pedantic = anomalies.filter { !$0.refusedByClients }.map(\.description)
        if !refused.isEmpty {
            findings.append(
                Finding(
                    code: .certMalformed,
                    subject: subject,
                    message: "\(subjectName(cert)) breaks RFC 5280: \(refused.joined(separator: "; ")).",
                    evidence: ["problems": .strings(refused)]
                )
            )
        }
        if !pedantic.isEmpty {
            findings.append(
                Finding(
                    code: .certNonconforming,
                    subject: subject,
                    message:
                        "\(subjectName(cert)) breaks RFC 5280: \(pedantic.joined(separator: "; ")). Lenient clients accept it; strict ones do not.",
                    evidence: ["problems": .strings(pedantic)]
                )
            )
        }
        for ext in cert.extensions where ext.critical && !OIDNames.isUnderstoodExtension(ext.oid) {
            findings.append(
                Finding(
                    code: .certUnknownCriticalExtension,
                    subject: subject,
                    message:
                        "\(subjectName(cert)) has a critical extension \(OIDNames.extensionName(ext.oid)) that clients do not understand, so they must refuse the certificate.",
                    evidence: [
                        "extension": .string(ext.oid.description), "name": .string(OIDNames.extensionName(ext.oid)),
                    ]
                )
            )
        }
        return findings
    }

    // MARK: leaf usage

    static func leafUsage(_ cert: X509Certificate, subject: Finding.Subject, context: TrustContext) -> [Finding] {
        var findings: [Finding] = []
        let wanted = context.purpose == .server ? "serverAuth" : "clientAuth"
        let code: FindingCode = context.purpose == .server ? .certEKUMissingServerAuth : .certEKUMissingClientAuth
        let usages = cert.extendedKeyUsageNames
        if cert.extendedKeyUsage != nil {
            if !usages.contains(wanted) {
                let any = usages.contains("anyExtendedKeyUsage")
                findings.append(
                    Finding(
                        code: code,
                        subject: subject,
                        message:
                            "\(subjectName(cert)) lists extendedKeyUsage \(usages.joined(separator: ", ")) without \(wanted), so TLS \(context.purpose.rawValue == "server" ? "clients refuse it as a server" : "servers refuse it as a client") certificate."
                            + (any
                                ? " anyExtendedKeyUsage does not stand in for it with OpenSSL, browsers or Apple."
                                : ""),
                        evidence: ["extended_key_usage": .strings(usages), "required": .string(wanted)]
                    )
                )
            }
        } else if context.purpose == .server,
            let severity = context.profile.rule(ServerAuthEKURule.self)?.missingExtension
        {
            findings.append(
                Finding(
                    code: code,
                    severity: severity,
                    subject: subject,
                    message:
                        "\(subjectName(cert)) has no extendedKeyUsage extension. RFC 5280 allows that, but iOS 13+ and macOS 10.15+ require serverAuth in it.",
                    evidence: ["extended_key_usage": nil, "required": .string(wanted)]
                )
            )
        }
        if let ku = cert.keyUsage {
            let names = cert.keyUsageNames
            let isRSA = cert.key.type == "RSA"
            let usable = ku.digitalSignature || (isRSA && ku.keyEncipherment) || (!isRSA && ku.keyAgreement)
            if !usable {
                findings.append(
                    Finding(
                        code: .certKeyUsageIncompatible,
                        subject: subject,
                        message:
                            "\(subjectName(cert)) has keyUsage \(names.isEmpty ? "(empty)" : names.joined(separator: ", ")), which does not allow the signatures TLS needs (digitalSignature\(isRSA ? " or keyEncipherment" : "")).",
                        evidence: ["key_usage": .strings(names), "key_type": .string(cert.key.type)]
                    )
                )
            } else if isRSA && !ku.digitalSignature {
                // keyEncipherment alone: only TLS 1.2's RSA key transport suites, which have
                // no forward secrecy and are gone from TLS 1.3; ECDHE and TLS 1.3 sign.
                findings.append(
                    Finding(
                        code: .certKeyUsageIncompatible,
                        severity: context.profile.rule(ForwardSecrecyRule.self)?.keyTransportOnly ?? .warning,
                        subject: subject,
                        message:
                            "\(subjectName(cert)) has keyUsage \(names.joined(separator: ", ")) without digitalSignature: its key may only be used for RSA key transport, a TLS 1.2 suite without forward secrecy. TLS 1.3 and ECDHE suites need digitalSignature, and App Transport Security requires ECDHE.",
                        evidence: [
                            "key_usage": .strings(names), "key_type": .string(cert.key.type),
                            "required": .string("digitalSignature"),
                        ]
                    )
                )
            }
        }
        return findings
    }

    /// A CA's certificate where the peer's own belongs: CA:TRUE and keyCertSign, and not
    /// also made for TLS (a self-signed device certificate often says CA:TRUE; one that also
    /// has digitalSignature and the right extendedKeyUsage is meant to be served).
    static func caAsLeaf(_ cert: X509Certificate, subject: Finding.Subject, context: TrustContext) -> [Finding] {
        guard cert.isCA, let ku = cert.keyUsage, ku.keyCertSign else { return [] }
        let wanted = context.purpose == .server ? "serverAuth" : "clientAuth"
        if ku.digitalSignature && cert.extendedKeyUsageNames.contains(wanted) { return [] }
        let side = context.purpose == .server ? "server" : "client"
        return [
            Finding(
                code: .certCAAsLeaf,
                subject: subject,
                message:
                    "\(subjectName(cert)) is a CA's certificate (basicConstraints CA:TRUE, keyUsage \(cert.keyUsageNames.joined(separator: ", "))), not a \(side)'s: the \(side) presents the CA where its own leaf belongs. RFC 5280 does not forbid that, but rustls refuses any CA certificate as an end entity (CaUsedAsEndEntity), and OpenSSL (curl, Python) refuses one whose keyUsage allows neither a TLS signature nor a key exchange. If the \(side) also holds this CA's private key, treat that key as exposed: whoever reads it off the device can issue certificates your clients trust.",
                evidence: [
                    "basic_constraints": .string("CA:TRUE"), "key_usage": .strings(cert.keyUsageNames),
                    "extended_key_usage": cert.extendedKeyUsage == nil ? nil : .strings(cert.extendedKeyUsageNames),
                ],
                fix:
                    "Issue the \(side) its own leaf from \(subjectName(cert)) (with \(wanted) and the names it is reached by) and install that with its chain; keep the CA's key off the device. If the key was on the device, create a new CA, re-issue what it signed, and replace the root on every client."
            )
        ]
    }

    static func validityPeriod(_ cert: X509Certificate, subject: Finding.Subject, profile: Profile) -> [Finding] {
        guard
            let finding = profile.rule(ValidityRule.self)?.finding(
                name: subjectName(cert),
                days: cert.validityDays,
                notBefore: cert.notBefore,
                notAfter: cert.notAfter,
                subject: subject
            )
        else { return [] }
        return [finding]
    }

    /// Apple's rule for leaves under a root the platform ships: only known once the path's
    /// anchor is, so the trust engine calls this with the anchor it reached.
    static func publicRootValidityPeriod(
        _ cert: X509Certificate,
        subject: Finding.Subject,
        anchor: TrustAnchor,
        profile: Profile
    ) -> [Finding] {
        guard anchor.isSystemRoot,
            let finding = profile.rule(ValidityRule.self)?.publicRootFinding(
                name: subjectName(cert),
                days: cert.validityDays,
                notBefore: cert.notBefore,
                notAfter: cert.notAfter,
                anchorName: Display.name(anchor.certificate),
                anchorSource: anchor.source,
                subject: subject
            )
        else { return [] }
        return [finding]
    }

    static func commonNameOnly(_ cert: X509Certificate, subject: Finding.Subject) -> [Finding] {
        guard cert.subjectAlternativeNames == nil, let cn = cert.commonNames.first else { return [] }
        return [
            Finding(
                code: .nameCNOnly,
                subject: subject,
                message:
                    "\(subjectName(cert)) has no subjectAltName; its name \"\(cn)\" is only in the Common Name, which iOS, macOS, Chrome and Go ignore.",
                evidence: ["common_name": .string(cn), "san": nil]
            )
        ]
    }

    // MARK: vendor defaults

    /// Where a default name is looked for in the leaf's subject: an Organization (O) or
    /// Common Name (CN) value equal to it (ignoring case), or, for `.commonNameContains`, a
    /// CN value containing it.
    public enum VendorDefaultMatch: Sendable {
        case organization
        case commonName
        case commonNameContains

        /// The attribute's short name, for evidence.
        public var attribute: String { self == .organization ? "O" : "CN" }
    }

    /// Names that TLS stacks and packages put in the certificate they make when nobody
    /// chooses one, each with where it is looked for and where it comes from: a leaf whose
    /// own subject carries one is a default certificate, most likely the same on every unit
    /// of a device. Whole values only ("Acme Corporation" is not Go's "Acme Co"), and never
    /// the issuer (a leaf with its own key under a home CA made with openssl req's defaults
    /// is not a default certificate).
    public static let vendorDefaultNames: [(text: String, match: VendorDefaultMatch, source: String)] = [
        // OpenSSL's apps/openssl.cnf: organizationName_default for `openssl req`.
        ("Internet Widgits Pty Ltd", .organization, "OpenSSL's openssl.cnf default organization"),
        // Debian and Ubuntu's ssl-cert package: /etc/ssl/certs/ssl-cert-snakeoil.pem, made
        // by make-ssl-cert generate-default-snakeoil; builds that copy it keep the name.
        ("snakeoil", .commonNameContains, "Debian's ssl-cert snakeoil certificate"),
        // RHEL/CentOS/Fedora mod_ssl: /etc/pki/tls/certs/localhost.crt, CN=localhost.localdomain,
        // O=SomeOrganization (its make-dummy-cert and post-install script).
        ("localhost.localdomain", .commonName, "the mod_ssl localhost.crt of RHEL, CentOS and Fedora"),
        ("SomeOrganization", .organization, "the mod_ssl localhost.crt of RHEL, CentOS and Fedora"),
        // RHEL/Fedora's openssl.cnf: organizationName_default.
        ("Default Company Ltd", .organization, "RHEL and Fedora's openssl.cnf default organization"),
        // Go's crypto/tls/generate_cert.go: Organization "Acme Co".
        ("Acme Co", .organization, "Go's generate_cert.go"),
    ]

    static func vendorDefault(_ cert: X509Certificate, subject: Finding.Subject) -> [Finding] {
        func values(_ type: ASN1ObjectIdentifier) -> [String] {
            cert.subject.flatMap { rdn in
                rdn.filter { $0.type == type }.compactMap { String($0.value) }
            }.map { CatalogEntry.lower($0.trimmingSpaces()) }
        }
        let organizations = values(.RDNAttributeType.organizationName)
        let commonNames = values(.RDNAttributeType.commonName)
        for entry in vendorDefaultNames {
            let text = CatalogEntry.lower(entry.text)
            let found: Bool
            switch entry.match {
            case .organization: found = organizations.contains(text)
            case .commonName: found = commonNames.contains(text)
            case .commonNameContains: found = commonNames.contains { $0.contains(text) }
            }
            guard found else { continue }
            let name = cert.subjectString
            let place =
                entry.match == .commonNameContains
                ? "in its \(entry.match.attribute)" : "as its \(entry.match.attribute)"
            return [
                Finding(
                    code: .certVendorDefault,
                    subject: subject,
                    message:
                        "\(subjectName(cert)) has \"\(entry.text)\" \(place): a default certificate (\(entry.source)), most likely with the same key on every device of its kind, so pinning it pins them all and one leaked key opens every one.",
                    evidence: [
                        "field": .string("subject"), "attribute": .string(entry.match.attribute),
                        "name": .string(name), "default": .string(entry.text),
                    ]
                )
            ]
        }
        return []
    }

    static func subjectName(_ cert: X509Certificate) -> String {
        let name = cert.subjectString
        return name.isEmpty ? "The certificate (empty subject)" : "\"\(name)\""
    }
}
