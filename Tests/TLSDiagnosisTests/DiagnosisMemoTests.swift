import Foundation
import Testing
import TestSupport
@testable import TLSDiagnosis

/// capture's memo: what it returns is what the trust engine and the report types return
/// without it, for every connection, whatever the connections before it were.
@Suite struct DiagnosisMemoTests {
    static func context(_ at: Date, name: String? = "printer.local") -> TrustContext {
        TrustContext(at: at, expectedName: name.map(ExpectedName.init(parsing:)))
    }

    static func direct(
        _ pki: TestPKI.Chain,
        anchors: [TrustAnchor],
        at: Date,
        name: String? = "printer.local"
    ) -> TrustEvaluation {
        TrustEngine.evaluate(
            leaf: pki.leaf.x509,
            presented: [pki.intermediate.x509],
            anchors: anchors,
            context: context(at, name: name)
        )
    }

    @Test func aChainJudgedAgainIsJudgedAsWithoutTheMemo() {
        let pki = TestPKI.chain()
        let anchors = [Trust.anchor(pki.root)]
        let memo = DiagnosisMemo(anchors: anchors)
        // The leaf is valid from day -30 to day 90: quiet until day 60, then it expires
        // soon (30 days), then it has expired.
        for day in [0.0, 10, 10.5, 45, 70, 75, 75, 100, 0, 120] {
            let at = TestPKI.day(day)
            let remembered = memo.evaluate(
                leaf: pki.leaf.x509,
                presented: [pki.intermediate.x509],
                context: Self.context(at)
            )
            #expect(remembered == Self.direct(pki, anchors: anchors, at: at), "day \(day)")
        }
        // The dates are in the findings where they matter, each connection's own.
        let soon = memo.evaluate(
            leaf: pki.leaf.x509,
            presented: [pki.intermediate.x509],
            context: Self.context(TestPKI.day(75))
        )
        #expect(soon.first(.certExpiresSoon)?.evidence["at"]?.stringValue == ReportTime.iso8601(TestPKI.day(75)))
        let expired = memo.evaluate(
            leaf: pki.leaf.x509,
            presented: [pki.intermediate.x509],
            context: Self.context(TestPKI.day(120))
        )
        #expect(expired.first(.certExpired)?.evidence["at"]?.stringValue == ReportTime.iso8601(TestPKI.day(120)))
    }

    @Test func theExpectedNameIsPartOfTheKey() {
        let pki = TestPKI.chain()
        let anchors = [Trust.anchor(pki.root)]
        let memo = DiagnosisMemo(anchors: anchors)
        let at = TestPKI.referenceTime
        for name in ["printer.local", "other.local", nil, "printer.local"] as [String?] {
            let remembered = memo.evaluate(
                leaf: pki.leaf.x509,
                presented: [pki.intermediate.x509],
                context: Self.context(at, name: name)
            )
            #expect(remembered == Self.direct(pki, anchors: anchors, at: at, name: name))
        }
        #expect(
            memo.evaluate(
                leaf: pki.leaf.x509,
                presented: [pki.intermediate.x509],
                context: Self.context(at, name: "other.local")
            ).trusted == false
        )
    }

    @Test func anAnchorOutsideItsDatesMakesEveryInstantCount() {
        // The chain is issued under a root that expires on day 10: on day 0 it expires soon,
        // on day 20 it has expired. The leaf and the intermediate are quiet on both days, so
        // only the anchor's dates tell the instants apart (review finding: the test before
        // this one passed without them).
        var spec = TestPKI.Spec.root("Short Root")
        spec.notAfter = TestPKI.day(10)
        let shortRoot = TestPKI.issue(spec)
        let intermediate = TestPKI.issue(.intermediate("Short Intermediate"), by: shortRoot)
        let pki = TestPKI.Chain(
            root: shortRoot,
            intermediate: intermediate,
            leaf: TestPKI.issue(.server("printer.local"), by: intermediate)
        )
        let anchors = [Trust.anchor(shortRoot)]
        let memo = DiagnosisMemo(anchors: anchors)
        var verdicts: [Bool] = []
        for day in [0.0, 20, 0.5, 20.5] {
            let at = TestPKI.day(day)
            let remembered = memo.evaluate(
                leaf: pki.leaf.x509,
                presented: [pki.intermediate.x509],
                context: Self.context(at)
            )
            #expect(remembered == Self.direct(pki, anchors: anchors, at: at), "day \(day)")
            verdicts.append(remembered.trusted)
        }
        #expect(verdicts == [true, false, true, false], "trusted before the root expires, not after")
    }

    /// Review finding: the memo is bounded by the certificate bytes it holds, not only by
    /// its entries (1,024 distinct chains of large certificates would be hundreds of MB).
    @Test func itStaysWithinItsByteBudget() {
        let chains = (0..<6).map { _ in TestPKI.chain() }
        let chainBytes = 3 * (chains[0].leaf.x509.der.count + chains[0].intermediate.x509.der.count)
        let memo = DiagnosisMemo(anchors: [], capacity: 1024, byteBudget: 64 * chainBytes * 2)
        for pki in chains {
            _ = memo.evaluate(
                leaf: pki.leaf.x509,
                presented: [pki.intermediate.x509],
                context: Self.context(TestPKI.referenceTime)
            )
            _ = memo.details(pki.leaf.x509, index: 0)
            #expect(memo.heldBytes <= 3 * memo.byteBudget)
        }
        // A chain bigger than a sixty-fourth of the budget is judged, not remembered.
        let small = DiagnosisMemo(anchors: [], capacity: 1024, byteBudget: 64 * chainBytes / 2)
        let pki = chains[0]
        #expect(
            small.evaluate(
                leaf: pki.leaf.x509,
                presented: [pki.intermediate.x509],
                context: Self.context(TestPKI.referenceTime)
            )
                == Self.direct(pki, anchors: [], at: TestPKI.referenceTime)
        )
        #expect(small.heldBytes == 0, "\(small.heldBytes)")
    }

    @Test func itServesOnlyTheAnchorsItWasMadeFor() {
        let pki = TestPKI.chain()
        let other = TestPKI.issue(.root("Other Root"))
        let memo = DiagnosisMemo(anchors: [Trust.anchor(pki.root)])
        #expect(memo.serves([Trust.anchor(pki.root)]))
        #expect(!memo.serves([]))
        #expect(!memo.serves([Trust.anchor(other)]))
        #expect(!memo.serves([TrustAnchor(certificate: pki.root.x509, source: "elsewhere.pem")]))
        #expect(!memo.serves([Trust.anchor(pki.root), Trust.anchor(other)]))
        #expect(memo.anchorsSummary == [CertificateSummary(pki.root.x509, source: "Test Root CA.pem")])
    }

    @Test func certificateDetailsAndSummariesAreTheReportTypes() {
        let pki = TestPKI.chain()
        let memo = DiagnosisMemo(anchors: [])
        for (index, issued) in [pki.leaf, pki.intermediate, pki.leaf, pki.root, pki.leaf].enumerated() {
            #expect(memo.details(issued.x509, index: index) == CertificateDetails(issued.x509, index: index))
            #expect(
                memo.summary(issued.x509, source: "certificate[\(index)]")
                    == CertificateSummary(issued.x509, source: "certificate[\(index)]")
            )
        }
    }

    @Test func itStaysWithinItsCapacity() {
        let memo = DiagnosisMemo(anchors: [], capacity: 2)
        let chains = (0..<5).map { _ in TestPKI.chain() }
        for pki in chains + chains {
            let at = TestPKI.referenceTime
            #expect(
                memo.evaluate(leaf: pki.leaf.x509, presented: [pki.intermediate.x509], context: Self.context(at))
                    == Self.direct(pki, anchors: [], at: at)
            )
            #expect(memo.details(pki.leaf.x509, index: 0) == CertificateDetails(pki.leaf.x509, index: 0))
        }
        #expect(memo.entryCount <= 3 * 2)
    }
}
