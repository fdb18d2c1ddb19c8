import Foundation
import SwiftASN1
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

@Suite struct TrustNameConstraintsTests {
    /// A root constrained by `nc`, a leaf with `dns`, `ips` and `emails`, evaluated for `name`.
    func evaluate(
        _ nc: NameConstraints,
        dns: [String] = ["printer.shop.local"],
        ips: [String] = [],
        emails: [String] = [],
        name: String? = "printer.shop.local"
    ) -> TrustEvaluation {
        var rootSpec = TestPKI.Spec.root("Shop Root")
        rootSpec.nameConstraints = nc
        let root = TestPKI.issue(rootSpec)
        let int = TestPKI.issue(.intermediate("Shop Issuing CA"), by: root)
        var spec = TestPKI.Spec.server(dns.first ?? ips.first ?? "leaf", dns: dns, ips: ips)
        spec.emails = emails
        let leaf = TestPKI.issue(spec, by: int)
        return Trust.evaluate(leaf, [int], anchors: [root], name: name)
    }

    @Test func permittedDNSSubtreeAllowsNamesBelowIt() {
        let result = evaluate(NameConstraints(permittedDNSDomains: ["shop.local"]))
        #expect(result.trusted)
    }

    @Test func nameOutsideThePermittedSubtreeIsAViolation() {
        let result = evaluate(NameConstraints(permittedDNSDomains: ["office.local"]))
        #expect(!result.trusted)
        let finding = result.first(.chainNameConstraintsViolated)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["constrained_by"]?.stringValue == "anchor Shop Root.pem")
        #expect(finding?.message.contains("printer.shop.local") == true)
    }

    @Test func permittedSubtreeIsLabelWiseNotSuffixWise() {
        let result = evaluate(
            NameConstraints(permittedDNSDomains: ["shop.local"]),
            dns: ["printer.myshop.local"],
            name: "printer.myshop.local"
        )
        #expect(result.first(.chainNameConstraintsViolated) != nil)
    }

    @Test func excludedSubtreeWins() {
        let result = evaluate(NameConstraints(permittedDNSDomains: ["local"], excludedDNSDomains: ["shop.local"]))
        #expect(result.first(.chainNameConstraintsViolated)?.subject == .certificate(0))
    }

    @Test func wildcardThatCouldNameAnExcludedHostIsAViolation() {
        let result = evaluate(
            NameConstraints(excludedDNSDomains: ["admin.shop.local"]),
            dns: ["*.shop.local"],
            name: "printer.shop.local"
        )
        #expect(result.first(.chainNameConstraintsViolated)?.message.contains("wildcard") == true)
    }

    @Test func ipConstraintsUseTheMask() {
        let net: [UInt8] = [10, 0, 0, 0, 255, 255, 255, 0]
        let inside = evaluate(
            NameConstraints(permittedIPRanges: [ASN1OctetString(contentBytes: net[...])]),
            dns: [],
            ips: ["10.0.0.5"],
            name: "10.0.0.5"
        )
        #expect(inside.trusted)
        let outside = evaluate(
            NameConstraints(permittedIPRanges: [ASN1OctetString(contentBytes: net[...])]),
            dns: [],
            ips: ["10.0.1.5"],
            name: "10.0.1.5"
        )
        #expect(outside.first(.chainNameConstraintsViolated)?.message.contains("10.0.0.0/24") == true)
    }

    @Test func emailConstraintsMatchMailboxHostAndDomain() {
        #expect(evaluate(NameConstraints(permittedEmailAddresses: ["shop.local"]), emails: ["desk@shop.local"]).trusted)
        #expect(
            evaluate(NameConstraints(permittedEmailAddresses: [".shop.local"]), emails: ["desk@mail.shop.local"])
                .trusted
        )
        #expect(
            evaluate(NameConstraints(permittedEmailAddresses: ["desk@shop.local"]), emails: ["desk@shop.local"]).trusted
        )
        #expect(
            !evaluate(NameConstraints(permittedEmailAddresses: ["*@shop.local"]), emails: ["desk@shop.local"]).trusted
        )
    }

    @Test func directoryNameConstraintsApplyToTheSubject() throws {
        let permitted = try DistinguishedName { CommonName("office.local") }
        let result = evaluate(NameConstraints(permittedSubtrees: [.directoryName(permitted)]))
        let finding = result.first(.chainNameConstraintsViolated)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.message.contains("directoryName") == true)
    }

    @Test func malformedConstraintIsNamed() {
        let result = evaluate(NameConstraints(permittedDNSDomains: [".shop.local"]))
        let finding = result.first(.chainNameConstraintsViolated)
        #expect(finding?.subject == .anchor("Shop Root.pem"))
        #expect(finding?.evidence["constraint_problems"]?.stringsValue.first?.contains("period") == true)
    }

    @Test func selfIssuedIntermediatesAreNotConstrained() {
        var rootSpec = TestPKI.Spec.root("Shop Root")
        rootSpec.nameConstraints = NameConstraints(permittedDNSDomains: ["shop.local"])
        let root = TestPKI.issue(rootSpec)
        let oldKey = TestPKI.issue(.intermediate("Shop Issuing CA"), by: root)
        var rollover = TestPKI.Spec.intermediate("Shop Issuing CA")
        rollover.dnsNames = ["elsewhere.example"]
        let newKey = TestPKI.issue(rollover, by: oldKey)
        let leaf = TestPKI.issue(.server("printer.shop.local"), by: newKey)
        let result = Trust.evaluate(leaf, [newKey, oldKey], anchors: [root], name: "printer.shop.local")
        #expect(result.first(.chainNameConstraintsViolated) == nil)
        #expect(result.pathSources?.count == 4)
    }
}
