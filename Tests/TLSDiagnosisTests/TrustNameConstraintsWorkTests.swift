import Foundation
import SwiftASN1
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

/// Name constraints on a chain sent with copies of its intermediates: the work must not
/// grow with the number of paths the copies make.
@Suite struct TrustNameConstraintsWorkTests {
    /// Root, `copies` re-issues of one constrained intermediate (same subject and key, each
    /// sent twice), a constrained issuing CA issued by it in `copies` re-issues too, and a
    /// leaf with `sans` names, one of them outside the constraints so that no path is valid
    /// and every path is tried.
    func hostileChain(
        copies: Int,
        constraints: Int,
        sans: Int
    ) -> (
        leaf: X509Certificate, presented: [X509Certificate], root: TrustAnchor
    ) {
        let root = TestPKI.issue(.root("Hostile Root"))
        let nc = NameConstraints(
            permittedDNSDomains: (1...constraints).map { "p\($0).test" },
            excludedDNSDomains: (1...constraints).map { "x\($0).p1.test" }
        )
        let upperKey = TestPKI.makeKey(.p256)
        let lowerKey = TestPKI.makeKey(.p256)
        var upper: [TestPKI.Issued] = []
        var lower: [TestPKI.Issued] = []
        for copy in 1...copies {
            var spec = TestPKI.Spec.intermediate("Hostile Upper CA")
            spec.nameConstraints = nc
            spec.serial = 100 + copy
            upper.append(TestPKI.issue(spec, by: root, reuseKey: upperKey))
        }
        for copy in 1...copies {
            var spec = TestPKI.Spec.intermediate("Hostile Issuing CA")
            spec.nameConstraints = nc
            spec.serial = 200 + copy
            lower.append(TestPKI.issue(spec, by: upper[0], reuseKey: lowerKey))
        }
        let names = (1...sans).map { "n\($0).p\($0 % constraints + 1).test" } + ["outside.example"]
        let leaf = TestPKI.issue(.server(names[0], dns: names), by: lower[0])
        let presented = (lower + upper + lower + upper).map(\.x509)
        return (leaf.x509, presented, Trust.anchor(root))
    }

    @Test func constraintsAreCheckedOncePerDistinctPairWhateverThePaths() {
        let (leaf, presented, root) = hostileChain(copies: 6, constraints: 40, sans: 40)
        let context = TrustContext(at: TestPKI.referenceTime, expectedName: ExpectedName(parsing: "n1.p2.test"))
        let (evaluation, work) = TrustEngine.evaluateCountingWork(
            leaf: leaf,
            presented: presented,
            anchors: [root],
            context: context
        )
        #expect(!evaluation.trusted)
        #expect(evaluation.findings.contains { $0.code == .chainNameConstraintsViolated })
        // Two distinct constraint sets (equal here) over the leaf and the issuing CA: a few
        // pairs' worth, however many of the 36 paths were tried.
        let leafNames = NameConstraintsCheck.nameCount(leaf)
        let onePair = leafNames * 80
        #expect(work.nameComparisons <= 3 * onePair, "comparisons \(work.nameComparisons), one pair \(onePair)")
    }

    @Test func aBudgetOverTheWholeEvaluationStopsTheWorkAndSaysSo() {
        let (leaf, presented, root) = hostileChain(copies: 3, constraints: 40, sans: 40)
        var limits = PathSearch.Limits()
        limits.maxNameComparisons = 100
        let context = TrustContext(at: TestPKI.referenceTime, expectedName: ExpectedName(parsing: "n1.p2.test"))
        let (evaluation, work) = TrustEngine.evaluateCountingWork(
            leaf: leaf,
            presented: presented,
            anchors: [root],
            context: context,
            limits: limits
        )
        #expect(!evaluation.trusted)
        #expect(work.nameComparisons <= 100)
        #expect(work.pathsValidated == 1)
        let finding = evaluation.findings.first { $0.evidence["limit"] == .string("name-constraint comparisons") }
        #expect(finding != nil, "\(evaluation.findings.map(\.code.rawValue))")
    }
}
