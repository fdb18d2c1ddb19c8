import SystemCalls
import TLSWire

/// Which checks run and how much each matters: the rules of one kind of client, as data.
///
/// `default` is RFC 5280 path validation with RFC 6125/9525 name matching; `apple` adds
/// what iOS 13+/macOS 10.15+ enforce; `openssl` is what an OpenSSL 3 client with default
/// settings decides, so "curl accepts it but the iPhone does not" can be told apart.
public struct Profile: Sendable, Hashable {
    /// `default`, `apple` or `openssl`.
    public let name: String
    /// One line on what the profile stands for.
    public let summary: String
    /// The client whose verdict a report opens with ("iPhone/Mac (iOS 17+)").
    public let client: String
    /// Where the profile was chosen: `--profile`, `TLSPROBE_PROFILE` or neither.
    public var source: Source = .default

    /// Where a profile was chosen, as reports say it.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// `--profile NAME`.
        case option
        /// The `TLSPROBE_PROFILE` environment variable.
        case environment
        /// Neither: the default profile.
        case `default`
    }

    /// The environment variable that sets the default profile of every command taking --profile.
    public static let environmentVariable = "TLSPROBE_PROFILE"

    /// This profile, chosen from `source`.
    public func chosen(from source: Source) -> Profile {
        var profile = self
        profile.source = source
        return profile
    }
    /// Severities that differ from the catalog's default.
    public let severityOverrides: [FindingCode: Severity]
    /// Codes this profile does not report at all.
    public let disabled: Set<FindingCode>
    /// Whether a certificate without a SAN is matched by its subject Common Name.
    public let commonNameFallback: Bool
    /// How a TLS server certificate without any extendedKeyUsage extension is reported
    /// (`cert.eku_missing_server_auth`): Apple requires the extension, RFC 5280 does not.
    /// Nil: not reported.
    public let missingEKUSeverity: Severity?
    /// RSA keys shorter than this are weak.
    public let minimumRSABits: Int
    /// Elliptic-curve keys shorter than this are weak.
    public let minimumECBits: Int
    /// Leaf validity limits, longest first: a leaf valid for more than `days` gets a
    /// `cert.validity_too_long` at `severity`. Applies to certificates issued after
    /// `validityLimitsFrom`.
    public let validityLimits: [ValidityLimit]
    /// Certificates issued before this instant are exempt from `validityLimits`.
    public let validityLimitsFrom: Date
    /// The limit for a leaf that chains to a root the platform ships (the system anchors),
    /// applied to leaves issued after `publicRootValidityLimitFrom`: Apple holds those to
    /// 398 days, while a root the user or an MDM installed keeps the 825-day rule.
    /// Nil: no such rule.
    public let publicRootValidityLimit: ValidityLimit?
    /// Leaves issued before this instant are exempt from `publicRootValidityLimit`.
    public let publicRootValidityLimitFrom: Date
    /// A certificate expiring within this many days of the evaluation time gets `cert.expires_soon`.
    public let expiresSoonDays: Int
    /// The oldest protocol version this profile's clients accept; reports print its name ("TLSv1.2").
    public let minimumProtocolVersion: ProtocolVersion
    /// Whether a cipher suite without forward secrecy is refused.
    public let requiresForwardSecrecy: Bool
    /// Whether a DNS name constraint written with a leading period (".shop.lan") is read
    /// as OpenSSL and Go read it, as the names below shop.lan, rather than refused as
    /// malformed (RFC 5280 4.2.1.10 writes DNS constraints without one).
    public let dnsConstraintLeadingDot: Bool
    /// Whether a CA certificate without basicConstraints is a CA when its keyUsage allows
    /// keyCertSign, and a self-signed version 1 root is one, as OpenSSL decides outside
    /// strict mode (`check_ca` in crypto/x509/v3_purp.c); RFC 5280 6.1.4 (k) requires
    /// CA:TRUE, and OpenSSL's strict mode (Python 3.13's default) refuses both.
    public let keyCertSignMakesCA: Bool
    /// Key types this profile's clients cannot use in a TLS leaf: they offer no signature
    /// algorithm for them (Apple's clients offer neither ed25519 nor ed448).
    public let unsupportedLeafKeyTypes: Set<String>
    /// The ClientHello `connect` offers as this profile's clients do (Apple's under `apple`,
    /// with its sources); nil: OpenSSL's defaults.
    public let clientHello: ClientHelloParameters?

    /// A validity limit: more than `days` days gets a finding of `severity`.
    public struct ValidityLimit: Sendable, Hashable {
        public let days: Int
        public let severity: Severity
    }

    /// The severity of `code` under this profile, or nil when the profile does not report it.
    public func severity(for code: FindingCode) -> Severity? {
        if disabled.contains(code) { return nil }
        return severityOverrides[code] ?? code.entry.defaultSeverity
    }

    /// The cases of `code` whose severity this profile sets by a rule of its own rather than
    /// by `severityOverrides`, each with the severity it gives (nil: not reported), for the
    /// documentation: a missing extendedKeyUsage, the validity limits, an RSA key that may
    /// only be used for key transport. CertificateLint applies the same settings.
    public func ruleSeverities(for code: FindingCode) -> [(condition: String, severity: Severity?)] {
        if disabled.contains(code) { return [] }
        switch code {
        case .certEKUMissingServerAuth:
            return [("a server certificate with no extendedKeyUsage extension at all", missingEKUSeverity)]
        case .certKeyUsageIncompatible:
            return [
                ("an RSA key with keyEncipherment but not digitalSignature", requiresForwardSecrecy ? .error : .warning)
            ]
        case .certValidityTooLong:
            var cases = validityLimits.map { ("a leaf valid for more than \($0.days) days", Optional($0.severity)) }
            if let limit = publicRootValidityLimit {
                cases.append(("under a root the platform ships, more than \(limit.days) days", limit.severity))
            }
            return cases.isEmpty ? [("any validity", nil)] : cases
        default:
            return []
        }
    }

    /// `finding` with its severity set by this profile, or nil when the profile drops it.
    /// A check that chose a severity itself (a missing EKU reported as info under
    /// `default`) keeps it unless this profile overrides the code.
    public func apply(_ finding: Finding) -> Finding? {
        if disabled.contains(finding.code) { return nil }
        var adjusted = finding
        if let override = severityOverrides[finding.code] { adjusted.severity = override }
        return adjusted
    }

    /// Every profile, in the order the help text lists them.
    public static let all: [Profile] = [.default, .apple, .openssl]

    /// The profile called `name`, or nil.
    public static func named(_ name: String) -> Profile? { all.first { $0.name == name } }

    // 2019-07-01T00:00:00Z: Apple's 825-day rule applies to certificates issued after it
    // (support.apple.com/103769, "Requirements for trusted certificates in iOS 13 and
    // macOS 10.15"), whatever root they chain to.
    private static let appleValidityRuleStart = Date(timeIntervalSince1970: 1_561_939_200)
    // 2020-09-01T00:00:00Z: Apple's 398-day rule applies to certificates issued on or after
    // it that chain to a root preinstalled on the device, not to roots a user or MDM added
    // (support.apple.com/102028, "About upcoming limits on trusted certificates").
    private static let appleShortValidityRuleStart = Date(timeIntervalSince1970: 1_598_918_400)

    /// RFC 5280 path validation, RFC 6125/9525 names with no Common Name fallback,
    /// SHA-1 and RSA < 2048 as errors.
    public static let `default` = Profile(
        name: "default",
        summary: "RFC 5280 paths, RFC 9525 names (no Common Name fallback), SHA-1 and RSA < 2048 are errors",
        client: "RFC 5280 client",
        severityOverrides: [:],
        disabled: [],
        commonNameFallback: false,
        missingEKUSeverity: .info,
        minimumRSABits: 2048,
        minimumECBits: 224,
        validityLimits: [ValidityLimit(days: 825, severity: .info)],
        validityLimitsFrom: appleValidityRuleStart,
        publicRootValidityLimit: nil,
        publicRootValidityLimitFrom: appleShortValidityRuleStart,
        expiresSoonDays: 30,
        minimumProtocolVersion: .tls12,
        requiresForwardSecrecy: false,
        dnsConstraintLeadingDot: false,
        keyCertSignMakesCA: false,
        unsupportedLeafKeyTypes: [],
        clientHello: nil
    )

    /// What iOS 13+ and macOS 10.15+ enforce for TLS server certificates, plus App
    /// Transport Security (TLS 1.2 or later, forward-secret suites).
    public static let apple = Profile(
        name: "apple",
        summary:
            "iOS 13+/macOS 10.15+: SAN and serverAuth required, validity <= 825 days (398 under a preinstalled root), RSA >= 2048, SHA-2, ATS (TLS >= 1.2, forward secrecy)",
        client: "iPhone/Mac (iOS 17+)",
        severityOverrides: [
            .chainAnchorNotRoot: .error,
            .tlsProtocolTooOld: .error,
            .tlsNoForwardSecrecy: .error,
            .tlsNoSecureRenegotiation: .info,
            .tlsLargeHelloRefused: .error,
            .pkcs12ModernEncryption: .warning,
            .certNonconforming: .warning,
        ],
        disabled: [],
        commonNameFallback: false,
        missingEKUSeverity: .error,
        minimumRSABits: 2048,
        minimumECBits: 256,
        validityLimits: [ValidityLimit(days: 825, severity: .error)],
        validityLimitsFrom: appleValidityRuleStart,
        publicRootValidityLimit: ValidityLimit(days: 398, severity: .error),
        publicRootValidityLimitFrom: appleShortValidityRuleStart,
        expiresSoonDays: 30,
        minimumProtocolVersion: .tls12,
        requiresForwardSecrecy: true,
        dnsConstraintLeadingDot: false,
        keyCertSignMakesCA: false,
        unsupportedLeafKeyTypes: ["Ed25519", "Ed448"],
        clientHello: .apple
    )

    /// What an OpenSSL 3 client (curl, Python, most Linux software) decides with default
    /// settings: the Common Name counts when there is no DNS SAN, no Apple rules.
    public static let openssl = Profile(
        name: "openssl",
        summary: "an OpenSSL 3 client with default settings (curl, Python): Common Name fallback, security level 2",
        client: "OpenSSL 3 client (curl)",
        severityOverrides: [
            .nameCNOnly: .warning,
            .certNonconforming: .warning,
            .tlsNoSecureRenegotiation: .error,
        ],
        disabled: [.certValidityTooLong],
        commonNameFallback: true,
        missingEKUSeverity: nil,
        minimumRSABits: 2048,
        minimumECBits: 224,
        validityLimits: [],
        validityLimitsFrom: appleValidityRuleStart,
        publicRootValidityLimit: nil,
        publicRootValidityLimitFrom: appleShortValidityRuleStart,
        expiresSoonDays: 30,
        minimumProtocolVersion: .tls12,
        requiresForwardSecrecy: false,
        dnsConstraintLeadingDot: true,
        keyCertSignMakesCA: true,
        unsupportedLeafKeyTypes: [],
        clientHello: nil
    )
}
