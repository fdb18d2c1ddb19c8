import SystemCalls
import TLSWire

/// One rule of a profile: what one kind of client requires, with the finding codes it
/// emits and the severities it gives them. A `Profile` is a list of these; a check asks
/// the profile for its rule (`profile.rule(ValidityRule.self)`) and does nothing a rule
/// the profile lacks would ask for.
public protocol ProfileRule: Sendable, Hashable {
    /// The codes whose findings this rule decides: no profile overrides them
    /// (`Profile.severityOverrides` is for codes no rule of it owns).
    var codes: Set<FindingCode> { get }
    /// The severity this rule gives every finding of a code, whichever check made it;
    /// `Profile.apply` sets it. Codes whose severity the rule chooses case by case (a
    /// validity limit) are not here: their findings carry it.
    var severities: [FindingCode: Severity] { get }
    /// For the documentation: the cases of `code` whose severity this rule sets, each with
    /// the severity it gives (nil: not reported).
    func cases(of code: FindingCode) -> [(condition: String, severity: Severity?)]
}

extension ProfileRule {
    public var severities: [FindingCode: Severity] { [:] }
    public func cases(of code: FindingCode) -> [(condition: String, severity: Severity?)] { [] }
}

// MARK: certificates

/// Apple's limits on a TLS leaf's validity (`cert.validity_too_long`): more than 825 days
/// for a leaf issued after 2019-07-01, whatever root it chains to, and more than 398 for
/// one issued after 2020-09-01 under a root the platform ships.
public struct ValidityRule: ProfileRule {
    /// More than `days` days gets a finding of `severity`.
    public struct Limit: Sendable, Hashable {
        public let days: Int
        public let severity: Severity
    }

    /// Leaf limits, longest first. Apply to leaves issued at or after `from`.
    public let limits: [Limit]
    /// Leaves issued before this instant are exempt from `limits`.
    public let from: Date
    /// The limit for a leaf that chains to a root the platform ships (the system anchors);
    /// nil: no such rule. A root the user or an MDM installed keeps `limits`.
    public let publicRootLimit: Limit?
    /// Leaves issued before this instant are exempt from `publicRootLimit`.
    public let publicRootFrom: Date

    /// Apple's limit for every TLS leaf: 825 days
    /// (support.apple.com/103769, "Requirements for trusted certificates in iOS 13 and macOS 10.15").
    public static let appleDays = 825
    /// Apple's limit for a leaf under a root the platform ships: 398 days
    /// (support.apple.com/102028, "About upcoming limits on trusted certificates").
    public static let applePublicRootDays = 398
    // 2019-07-01T00:00:00Z: the 825-day rule applies to certificates issued after it.
    static let appleStart = Date(timeIntervalSince1970: 1_561_939_200)
    // 2020-09-01T00:00:00Z: the 398-day rule applies to certificates issued on or after it.
    static let applePublicRootStart = Date(timeIntervalSince1970: 1_598_918_400)

    /// Apple's 825-day rule at `severity`, and with `publicRoots` its 398-day rule for
    /// leaves under a root the platform ships.
    public static func apple(_ severity: Severity, publicRoots: Bool) -> ValidityRule {
        ValidityRule(
            limits: [Limit(days: appleDays, severity: severity)],
            from: appleStart,
            publicRootLimit: publicRoots ? Limit(days: applePublicRootDays, severity: severity) : nil,
            publicRootFrom: applePublicRootStart
        )
    }

    public var codes: Set<FindingCode> { [.certValidityTooLong] }

    public func cases(of code: FindingCode) -> [(condition: String, severity: Severity?)] {
        guard code == .certValidityTooLong else { return [] }
        var cases = limits.map { ("a leaf valid for more than \($0.days) days", Optional($0.severity)) }
        if let limit = publicRootLimit {
            cases.append(("under a root the platform ships, more than \(limit.days) days", limit.severity))
        }
        return cases.isEmpty ? [("any validity", nil)] : cases
    }

    /// The finding for a server leaf called `name` (quoted, as messages name it), valid for
    /// `days` days from `notBefore` to `notAfter`, or nil when no limit applies or none is
    /// exceeded.
    public func finding(
        name: String,
        days: Int,
        notBefore: Date,
        notAfter: Date,
        subject: Finding.Subject
    ) -> Finding? {
        guard notBefore >= from, let limit = limits.first(where: { days > $0.days }) else { return nil }
        return Finding(
            code: .certValidityTooLong,
            severity: limit.severity,
            subject: subject,
            message:
                "\(name) is valid for \(days) days (\(ReportTime.date(notBefore)) to \(ReportTime.date(notAfter))); Apple platforms refuse TLS server certificates issued after 2019-07-01 that are valid for more than \(limit.days) days.",
            evidence: ["validity_days": .int(days), "limit_days": .int(limit.days)],
            fix:
                "Re-issue with a validity of at most \(limit.days) days (tlsprobe identity server --ca CA_DIR --host NAME --out DIR makes \(Self.applePublicRootDays - 1) by default; openssl: -days \(limit.days)); a leaf that chains to a root the device ships (a public CA) is held to \(Self.applePublicRootDays)."
        )
    }

    /// The finding for the same leaf chaining to `anchorName`, a root the platform ships
    /// (`anchorSource`), or nil when `finding` already has one (it says more) or the
    /// public-root limit does not apply or is not exceeded.
    public func publicRootFinding(
        name: String,
        days: Int,
        notBefore: Date,
        notAfter: Date,
        anchorName: String,
        anchorSource: String,
        subject: Finding.Subject
    ) -> Finding? {
        guard let limit = publicRootLimit, notBefore >= publicRootFrom else { return nil }
        if limits.contains(where: { days > $0.days }) { return nil }
        guard days > limit.days else { return nil }
        return Finding(
            code: .certValidityTooLong,
            severity: limit.severity,
            subject: subject,
            message:
                "\(name) is valid for \(days) days (\(ReportTime.date(notBefore)) to \(ReportTime.date(notAfter))) and chains to \(anchorName), a root the system ships; Apple platforms refuse such certificates issued after 2020-09-01 that are valid for more than \(limit.days) days.",
            evidence: [
                "validity_days": .int(days), "limit_days": .int(limit.days), "anchor": .string(anchorSource),
            ],
            fix: "Ask the CA for a certificate valid for at most \(limit.days) days."
        )
    }
}

/// The shortest keys the profile's clients accept (`cert.weak_key`); DSA is weak at any size.
public struct KeyStrengthRule: ProfileRule {
    /// RSA keys shorter than this are weak.
    public let minimumRSABits: Int
    /// Elliptic-curve keys shorter than this are weak.
    public let minimumECBits: Int

    public var codes: Set<FindingCode> { [.certWeakKey] }

    /// The `cert.weak_key` finding for `key`, of a certificate called `name` (quoted), under
    /// the profile called `profile`; nil when the key is strong enough or not of a kind
    /// this rule measures.
    public func finding(_ key: KeyDescription, name: String, profile: String, subject: Finding.Subject) -> Finding? {
        let evidence: [String: EvidenceValue] = [
            "key_type": .string(key.type), "bits": key.bits.map { .int($0) } ?? .null, "curve": .optional(key.curve),
        ]
        guard let bits = key.bits else { return nil }
        let message: String
        switch key.type {
        case "DSA":
            message = "\(name) has a DSA key (\(bits) bits); TLS clients no longer accept DSA."
        case "RSA", "RSA-PSS":
            guard bits < minimumRSABits else { return nil }
            message =
                "\(name) has a \(bits)-bit RSA key; clients under the \(profile) profile require at least \(minimumRSABits) bits."
        case "EC":
            guard bits < minimumECBits else { return nil }
            message =
                "\(name) has a \(bits)-bit elliptic-curve key (\(key.curve ?? "?")); at least \(minimumECBits) bits are required."
        default:
            return nil
        }
        return Finding(code: .certWeakKey, subject: subject, message: message, evidence: evidence)
    }
}

/// Key types the profile's clients cannot use in a TLS leaf: they offer no signature
/// algorithm for them (`cert.unsupported_algorithm` at error). Apple's clients offer
/// neither ed25519 nor ed448.
public struct LeafKeyTypeRule: ProfileRule {
    /// `KeyDescription.type` values: "Ed25519", "Ed448".
    public let unsupported: Set<String>

    /// What Safari and URLSession on iOS and macOS cannot use.
    public static let apple = LeafKeyTypeRule(unsupported: ["Ed25519", "Ed448"])

    public var codes: Set<FindingCode> { [.certUnsupportedAlgorithm] }

    /// The finding for a leaf called `name` (quoted) with a key of `keyType`, under the
    /// profile called `profile`; nil when its clients can use it.
    public func finding(keyType: String, name: String, profile: String, subject: Finding.Subject) -> Finding? {
        guard unsupported.contains(keyType) else { return nil }
        return Finding(
            code: .certUnsupportedAlgorithm,
            severity: .error,
            subject: subject,
            message:
                "\(name) has an \(keyType) key; the \(profile) profile's clients offer no \(keyType.lowercased()) signature algorithm, so they cannot complete a handshake with it (Safari and URLSession on iOS and macOS).",
            evidence: ["key_type": .string(keyType)],
            fix:
                "Re-issue the certificate with a P-256 key (or RSA 2048), and keep the \(keyType) one for clients that accept it."
        )
    }
}

/// How a TLS server certificate without any extendedKeyUsage extension is reported
/// (`cert.eku_missing_server_auth`): Apple requires the extension, RFC 5280 does not.
/// One that lists other usages without serverAuth is refused under every profile.
public struct ServerAuthEKURule: ProfileRule {
    /// The severity of a server certificate with no extendedKeyUsage at all; nil: not reported.
    public let missingExtension: Severity?

    public var codes: Set<FindingCode> { [.certEKUMissingServerAuth] }

    public func cases(of code: FindingCode) -> [(condition: String, severity: Severity?)] {
        guard code == .certEKUMissingServerAuth else { return [] }
        return [("a server certificate with no extendedKeyUsage extension at all", missingExtension)]
    }
}

/// Whether the profile's clients require forward secrecy (App Transport Security): then
/// `tls.no_forward_secrecy` is an error, and so is an RSA leaf whose keyUsage allows only
/// key transport (`cert.key_usage_incompatible`), a warning otherwise.
public struct ForwardSecrecyRule: ProfileRule {
    public let required: Bool

    public var codes: Set<FindingCode> { [.tlsNoForwardSecrecy, .certKeyUsageIncompatible] }

    public var severities: [FindingCode: Severity] { required ? [.tlsNoForwardSecrecy: .error] : [:] }

    /// The severity of an RSA leaf with keyEncipherment but not digitalSignature.
    public var keyTransportOnly: Severity { required ? .error : .warning }

    public func cases(of code: FindingCode) -> [(condition: String, severity: Severity?)] {
        guard code == .certKeyUsageIncompatible else { return [] }
        return [("an RSA key with keyEncipherment but not digitalSignature", keyTransportOnly)]
    }
}

/// How soon before its end a certificate gets `cert.expires_soon`.
public struct ExpiryRule: ProfileRule {
    /// A certificate expiring within this many days of the evaluation time gets `cert.expires_soon`.
    public let days: Int

    public var codes: Set<FindingCode> { [.certExpiresSoon] }

    /// The window, in seconds.
    public var window: TimeInterval { TimeInterval(days) * 86400 }
}

// MARK: names and paths

/// The subject Common Name counts for a certificate without a DNS subjectAltName, as
/// OpenSSL's X509_check_host decides; a Common-Name-only leaf is then a warning
/// (`name.cn_only`) rather than a mismatch.
public struct CommonNameFallback: ProfileRule {
    public init() {}

    public var codes: Set<FindingCode> { [.nameCNOnly] }

    public var severities: [FindingCode: Severity] { [.nameCNOnly: .warning] }
}

/// A DNS name constraint written with a leading period (".shop.lan") is read as OpenSSL and
/// Go read it, as the names below shop.lan, rather than refused as malformed (RFC 5280
/// 4.2.1.10 writes DNS constraints without one). Emits no code of its own.
public struct LeadingDotNameConstraints: ProfileRule {
    public init() {}

    public var codes: Set<FindingCode> { [] }
}

/// A CA certificate without basicConstraints is a CA when its keyUsage allows keyCertSign,
/// and a self-signed version 1 root is one, as OpenSSL decides outside strict mode
/// (`check_ca` in crypto/x509/v3_purp.c); RFC 5280 6.1.4 (k) requires CA:TRUE, and
/// OpenSSL's strict mode (Python 3.13's default) refuses both. Emits no code of its own.
public struct KeyCertSignMakesCA: ProfileRule {
    public init() {}

    public var codes: Set<FindingCode> { [] }
}

// MARK: handshakes

/// The oldest protocol version the profile's clients accept (`tls.protocol_too_old`);
/// reports print its name ("TLSv1.2").
public struct ProtocolFloorRule: ProfileRule {
    public let minimum: ProtocolVersion
    /// The severity of a handshake below `minimum`; nil: the catalog's.
    public let severity: Severity?

    public var codes: Set<FindingCode> { [.tlsProtocolTooOld] }

    public var severities: [FindingCode: Severity] { severity.map { [.tlsProtocolTooOld: $0] } ?? [:] }
}

/// The ClientHello `connect` offers as the profile's clients do (Apple's, with its
/// sources), and what a server's refusal of it is: `tls.apple_client_refused`, and the
/// post-quantum hello of the same clients refused (`tls.large_hello_refused`) as an error.
public struct ClientHelloRule: ProfileRule {
    public let hello: ClientHelloParameters

    public var codes: Set<FindingCode> { [.tlsAppleClientRefused, .tlsLargeHelloRefused] }

    public var severities: [FindingCode: Severity] { [.tlsLargeHelloRefused: .error] }
}

// MARK: planned certificates

extension Profile {
    /// The findings this profile's rules give a TLS server leaf yet to be made, through the
    /// same rules `CertificateLint` applies to one that exists: its key type, and with
    /// `validity` its validity of `days` days from `from` (the caller's clock: checks read
    /// none); with `underPublicRoot`, as if it chained to a root the platform ships.
    /// `identity` turns them into its errors and warnings.
    public func lintPlannedLeaf(
        keyType: String,
        validity: (from: Date, days: Int)? = nil,
        underPublicRoot: Bool = false
    ) -> [Finding] {
        let name = "The new certificate"
        let subject = Finding.Subject.certificate(0)
        var findings: [Finding] = []
        if let finding = rule(LeafKeyTypeRule.self)?.finding(
            keyType: keyType,
            name: name,
            profile: self.name,
            subject: subject
        ) {
            findings.append(finding)
        }
        if let validity, let rule = rule(ValidityRule.self) {
            let (notBefore, days) = (validity.from, validity.days)
            let notAfter = notBefore.addingTimeInterval(TimeInterval(days) * 86400)
            if let finding = rule.finding(
                name: name,
                days: days,
                notBefore: notBefore,
                notAfter: notAfter,
                subject: subject
            ) {
                findings.append(finding)
            }
            if underPublicRoot,
                let finding = rule.publicRootFinding(
                    name: name,
                    days: days,
                    notBefore: notBefore,
                    notAfter: notAfter,
                    anchorName: "a public root",
                    anchorSource: "system",
                    subject: subject
                )
            {
                findings.append(finding)
            }
        }
        return findings.compactMap(apply)
    }
}
