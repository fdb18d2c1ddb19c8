import Foundation
import Testing
import TestSupport
@testable import TLSDiagnosis

/// A profile is a list of rule values, each owning its codes; `identity` judges the
/// certificate it is about to make through the same rules the lint applies to one made.
@Suite struct ProfileRuleTests {
    @Test func noProfileOverridesACodeOneOfItsRulesOwns() {
        for profile in Profile.all {
            for rule in profile.rules {
                for code in rule.codes {
                    #expect(code.isKnown, "\(profile.name): \(type(of: rule)) owns unknown \(code)")
                    #expect(
                        profile.severityOverrides[code] == nil,
                        "\(profile.name) overrides \(code), which its \(type(of: rule)) owns"
                    )
                }
                for code in rule.severities.keys {
                    #expect(rule.codes.contains(code), "\(type(of: rule)) sets the severity of \(code) it does not own")
                }
            }
        }
    }

    @Test func aProfileHasOneRuleOfEachKind() {
        for profile in Profile.all {
            let kinds = profile.rules.map { ObjectIdentifier(type(of: $0)) }
            #expect(Set(kinds).count == kinds.count, "\(profile.name): \(profile.rules)")
        }
    }

    /// A check whose rule the profile lacks does not run: a profile with no rules says
    /// nothing of a weak key or a long validity.
    @Test func aCheckRunsOnlyUnderAProfileWithItsRule() {
        let bare = Profile(
            name: "bare",
            summary: "no rules",
            client: "none",
            rules: [],
            severityOverrides: [:],
            disabled: []
        )
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.key = .rsa(bits: 1024)
        spec.notAfter = spec.notBefore.addingTimeInterval(900 * 86400)
        let leaf = TestPKI.issue(spec, by: root)
        let judged = Trust.evaluate(leaf, anchors: [root], profile: bare)
        #expect(judged.first(.certWeakKey) == nil)
        #expect(judged.first(.certValidityTooLong) == nil)
        let byDefault = Trust.evaluate(leaf, anchors: [root])
        #expect(byDefault.first(.certWeakKey) != nil)
        #expect(byDefault.first(.certValidityTooLong)?.severity == .info)
        #expect(bare.lintPlannedLeaf(keyType: "Ed25519", validity: (TestPKI.referenceTime, 900)).isEmpty)
    }

    /// What `identity` is told about a leaf it plans is what the lint says of that leaf once
    /// made: the same code, severity and limit, under every profile, under a root the user
    /// installed and under one the platform ships.
    @Test(arguments: [397, 398, 399, 500, 825, 826, 900])
    func thePlannedLeafIsJudgedAsTheMadeOne(days: Int) {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.notAfter = spec.notBefore.addingTimeInterval(TimeInterval(days) * 86400)
        let leaf = TestPKI.issue(spec, by: root)
        for profile in Profile.all {
            for system in [false, true] {
                let made = Trust.evaluate(leaf, anchors: [root], profile: profile, systemAnchors: system)
                    .findings(.certValidityTooLong)
                let planned = profile.lintPlannedLeaf(
                    keyType: "EC",
                    validity: (spec.notBefore, days),
                    underPublicRoot: system
                )
                .filter { $0.code == .certValidityTooLong }
                let label = "\(profile.name), \(days) days, system root \(system)"
                #expect(made.map(\.severity) == planned.map(\.severity), "\(label)")
                #expect(
                    made.map { $0.evidence["limit_days"]?.intValue }
                        == planned.map { $0.evidence["limit_days"]?.intValue },
                    "\(label)"
                )
            }
        }
    }

    @Test func thePlannedKeyTypeIsJudgedAsTheMadeOne() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.key = .ed25519
        let leaf = TestPKI.issue(spec, by: root)
        for profile in Profile.all {
            let made = Trust.evaluate(leaf, anchors: [root], profile: profile).first(.certUnsupportedAlgorithm)
            let planned = profile.lintPlannedLeaf(keyType: leaf.x509.key.type).first
            #expect(made?.severity == planned?.severity, "\(profile.name)")
            #expect(made?.code == planned?.code, "\(profile.name)")
        }
        #expect(Profile.apple.lintPlannedLeaf(keyType: "Ed25519").first?.severity == .error)
        #expect(Profile.apple.lintPlannedLeaf(keyType: "EC").isEmpty)
    }

    @Test func profilesAreEqualWhenMadeOfTheSameRules() {
        #expect(Profile.apple == Profile.named("apple"))
        #expect(Profile.apple != Profile.default)
        #expect(Profile.apple != Profile.apple.chosen(from: .option))
        #expect(Set(Profile.all).count == 3)
        // Same name and source, other rules: not the same profile (the trust cache keys on it).
        let longerWindow = Profile(
            name: Profile.default.name,
            summary: Profile.default.summary,
            client: Profile.default.client,
            rules: Profile.default.rules.map { $0 is ExpiryRule ? ExpiryRule(days: 60) : $0 },
            severityOverrides: Profile.default.severityOverrides,
            disabled: Profile.default.disabled
        )
        #expect(longerWindow != Profile.default)
        let same = Profile(
            name: Profile.default.name,
            summary: Profile.default.summary,
            client: Profile.default.client,
            rules: Profile.default.rules,
            severityOverrides: Profile.default.severityOverrides,
            disabled: Profile.default.disabled
        )
        #expect(same == Profile.default && same.hashValue == Profile.default.hashValue)
    }
}
