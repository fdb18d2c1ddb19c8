import Foundation
import SwiftASN1
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

/// Name constraints on a chain sent with copies of its intermediates: the work must not
/// grow with the number of paths the copies make.
@Suite struct TrustNameConstraintsWorkTests {
    /// `TestPKI.constrainedCopies`, as the trust engine takes it.
    func hostileChain(
        copies: Int,
        constraints: Int,
        sans: Int
    ) -> (
        leaf: X509Certificate, presented: [X509Certificate], root: TrustAnchor
    ) {
        let (root, leaf, chain) = TestPKI.constrainedCopies(copies: copies, constraints: constraints, sans: sans)
        let presented = chain.map(\.x509)
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
