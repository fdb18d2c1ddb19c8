import SystemCalls
import TLSWire

/// Which checks run and how much each matters: the rules of one kind of client, as a list
/// of rule values (`ProfileRule`), each owning the codes it emits.
///
/// `default` is RFC 5280 path validation with RFC 6125/9525 name matching; `apple` adds
/// what iOS 13+/macOS 10.15+ enforce; `openssl` is what an OpenSSL 3 client with default
/// settings decides, so "curl accepts it but the iPhone does not" can be told apart.
public struct Profile: Sendable {
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
    /// The rules this profile is made of: each a check, or a way a check is read, with the
    /// codes it owns. A check asks `rule(_:)` and does nothing a missing rule would ask for.
    public let rules: [any ProfileRule]
    /// Severities that differ from the catalog's default, for codes no rule of this profile owns.
    public let severityOverrides: [FindingCode: Severity]
    /// Codes this profile does not report at all.
    public let disabled: Set<FindingCode>

    /// This profile's rule of type `kind`, or nil when it has none.
    public func rule<Rule: ProfileRule>(_ kind: Rule.Type) -> Rule? {
        for rule in rules { if let rule = rule as? Rule { return rule } }
        return nil
    }

    /// The oldest protocol version this profile's clients accept (its `ProtocolFloorRule`);
    /// reports print its name ("TLSv1.2").
    public var minimumProtocolVersion: ProtocolVersion { rule(ProtocolFloorRule.self)?.minimum ?? .tls10 }
    /// The ClientHello `connect` offers as this profile's clients do (its `ClientHelloRule`);
    /// nil: OpenSSL's defaults.
    public var clientHello: ClientHelloParameters? { rule(ClientHelloRule.self)?.hello }
    /// Whether this profile has the `KeyCertSignMakesCA` rule.
    public var keyCertSignMakesCA: Bool { rule(KeyCertSignMakesCA.self) != nil }

    /// The severity a rule of this profile, else an override, gives every finding of `code`.
    func fixedSeverity(for code: FindingCode) -> Severity? {
        for rule in rules { if let severity = rule.severities[code] { return severity } }
        return severityOverrides[code]
    }

    /// The severity of `code` under this profile, or nil when the profile does not report it.
    public func severity(for code: FindingCode) -> Severity? {
        if disabled.contains(code) { return nil }
        return fixedSeverity(for: code) ?? code.entry.defaultSeverity
    }

    /// The cases of `code` whose severity a rule of this profile sets case by case, each
    /// with the severity it gives (nil: not reported), for the documentation: a missing
    /// extendedKeyUsage, the validity limits, an RSA key that may only be used for key
    /// transport. The checks ask the same rules.
    public func ruleSeverities(for code: FindingCode) -> [(condition: String, severity: Severity?)] {
        if disabled.contains(code) { return [] }
        return rules.flatMap { $0.cases(of: code) }
    }

    /// `finding` with its severity set by this profile, or nil when the profile drops it.
    /// A check that chose a severity itself (a missing EKU reported as info under
    /// `default`) keeps it unless this profile overrides the code.
    public func apply(_ finding: Finding) -> Finding? {
        if disabled.contains(finding.code) { return nil }
        var adjusted = finding
        if let fixed = fixedSeverity(for: finding.code) { adjusted.severity = fixed }
        return adjusted
    }

    /// Every profile, in the order the help text lists them.
    public static let all: [Profile] = [.default, .apple, .openssl]

    /// The profile called `name`, or nil.
    public static func named(_ name: String) -> Profile? { all.first { $0.name == name } }

    /// RFC 5280 path validation, RFC 6125/9525 names with no Common Name fallback,
    /// SHA-1 and RSA < 2048 as errors.
    public static let `default` = Profile(
        name: "default",
        summary: "RFC 5280 paths, RFC 9525 names (no Common Name fallback), SHA-1 and RSA < 2048 are errors",
        client: "RFC 5280 client",
        rules: [
            ValidityRule.apple(.info, publicRoots: false),
            KeyStrengthRule(minimumRSABits: 2048, minimumECBits: 224),
            ServerAuthEKURule(missingExtension: .info),
            ForwardSecrecyRule(required: false),
            ExpiryRule(days: 30),
            ProtocolFloorRule(minimum: .tls12, severity: nil),
        ],
        severityOverrides: [:],
        disabled: []
    )

    /// What iOS 13+ and macOS 10.15+ enforce for TLS server certificates, plus App
    /// Transport Security (TLS 1.2 or later, forward-secret suites).
    public static let apple = Profile(
        name: "apple",
        summary:
            "iOS 13+/macOS 10.15+: SAN and serverAuth required, validity <= \(ValidityRule.appleDays) days (\(ValidityRule.applePublicRootDays) under a preinstalled root), RSA >= 2048, SHA-2, ATS (TLS >= 1.2, forward secrecy)",
        client: "iPhone/Mac (iOS 17+)",
        rules: [
            ValidityRule.apple(.error, publicRoots: true),
            KeyStrengthRule(minimumRSABits: 2048, minimumECBits: 256),
            LeafKeyTypeRule.apple,
            ServerAuthEKURule(missingExtension: .error),
            ForwardSecrecyRule(required: true),
            ExpiryRule(days: 30),
            ProtocolFloorRule(minimum: .tls12, severity: .error),
            ClientHelloRule(hello: .apple),
        ],
        severityOverrides: [
            .chainAnchorNotRoot: .error,
            .tlsNoSecureRenegotiation: .info,
            .pkcs12ModernEncryption: .warning,
            .certNonconforming: .warning,
        ],
        disabled: []
    )

    /// What an OpenSSL 3 client (curl, Python, most Linux software) decides with default
    /// settings: the Common Name counts when there is no DNS SAN, no Apple rules.
    public static let openssl = Profile(
        name: "openssl",
        summary: "an OpenSSL 3 client with default settings (curl, Python): Common Name fallback, security level 2",
        client: "OpenSSL 3 client (curl)",
        rules: [
            KeyStrengthRule(minimumRSABits: 2048, minimumECBits: 224),
            ServerAuthEKURule(missingExtension: nil),
            ForwardSecrecyRule(required: false),
            ExpiryRule(days: 30),
            ProtocolFloorRule(minimum: .tls12, severity: nil),
            CommonNameFallback(),
            LeadingDotNameConstraints(),
            KeyCertSignMakesCA(),
        ],
        severityOverrides: [
            .certNonconforming: .warning,
            .tlsNoSecureRenegotiation: .error,
        ],
        disabled: [.certValidityTooLong]
    )
}

extension Profile: Hashable {
    /// Profiles are equal when made of the same rules, overrides and names; the hash is
    /// of the name and source alone.
    public static func == (a: Profile, b: Profile) -> Bool {
        a.name == b.name && a.source == b.source && a.summary == b.summary && a.client == b.client
            && a.severityOverrides == b.severityOverrides && a.disabled == b.disabled
            && a.rules.map { AnyHashable($0) } == b.rules.map { AnyHashable($0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(source)
    }
}
