import Foundation
import Testing
@testable import TLSDiagnosis

/// `explain` takes a pasted log of any size: matching is linear in the text.
@Suite struct ExplainScalingTests {
    @Test func manyHitsAreMatchedInLinearWork() {
        // Every word a hit, symbols and numbers mixed: the old matcher compared each hit with
        // every hit already kept (and each number with every other hit), which took minutes.
        // Counted, not timed: the matcher counts each comparison of one hit with another.
        // Ten times the text makes ten times the comparisons when matching is linear, a
        // hundred times when it is quadratic, on any machine. Each copy has hits to compare:
        // a verify error number and its text, and a phrase inside a longer one.
        // Tests/Benchmarks/explain-scaling.sh times explain itself.
        let copy =
            "X509_V_ERR_CERT_HAS_EXPIRED -9813 verify error:num=20:unable to get local issuer certificate "
            + "self-signed certificate in certificate chain"
        func run(_ copies: Int) -> (names: [String], comparisons: Int) {
            let text = Array(repeating: copy, count: copies).joined(separator: " ")
            var comparisons = 0
            let names = Matcher.shared.match(text, comparisons: &comparisons).map {
                Matcher.shared.explanation($0).name
            }
            #expect(names == ErrorCatalog.explain(text).map(\.name), "counting changes nothing")
            return (names, comparisons)
        }
        let small = run(500)
        let large = run(5_000)
        #expect(large.names.contains("X509_V_ERR_CERT_HAS_EXPIRED"))
        #expect(large.names.contains("X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY"))
        #expect(
            large.names.contains { $0.lowercased().contains("errsslnorootcert") || $0 == "-9813" }
                || large.names.count >= 3,
            "\(large.names)"
        )
        #expect(small.comparisons >= 500, "each copy compares its hits: the count must see them (\(small.comparisons))")
        #expect(
            large.comparisons <= 11 * small.comparisons,
            "10× the text made \(Double(large.comparisons) / Double(max(small.comparisons, 1)))× the comparisons (\(small.comparisons) → \(large.comparisons))"
        )
    }

    @Test func theSameAnswerAsForOneCopy() {
        let one = "verify error:num=20:unable to get local issuer certificate alert 48 -9813"
        let many = Array(repeating: one, count: 2_000).joined(separator: "\n")
        #expect(ErrorCatalog.explain(many).map(\.name) == ErrorCatalog.explain(one).map(\.name))
    }
}
