import Foundation
import Testing
@testable import TLSDiagnosis

/// `explain` takes a pasted log of any size: matching is linear in the text (issue 17, item 12).
@Suite struct ExplainScalingTests {
    @Test func manyHitsAreMatchedInLinearTime() {
        // Every word a hit, symbols and numbers mixed: the old matcher compared each hit with
        // every hit already kept (and each number with every other hit), which took minutes.
        let text = Array(repeating: "X509_V_ERR_CERT_HAS_EXPIRED -9813 unable to get local issuer certificate", count: 5_000)
            .joined(separator: " ")
        let start = Date()
        let names = ErrorCatalog.explain(text).map(\.name)
        let elapsed = Date().timeIntervalSince(start)
        #expect(names.contains("X509_V_ERR_CERT_HAS_EXPIRED"))
        #expect(names.contains("X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY"))
        #expect(names.contains { $0.lowercased().contains("errsslnorootcert") || $0 == "-9813" } || names.count >= 3, "\(names)")
        #expect(elapsed < 20, "explain took \(elapsed) s")
    }

    @Test func theSameAnswerAsForOneCopy() {
        let one = "verify error:num=20:unable to get local issuer certificate alert 48 -9813"
        let many = Array(repeating: one, count: 2_000).joined(separator: "\n")
        #expect(ErrorCatalog.explain(many).map(\.name) == ErrorCatalog.explain(one).map(\.name))
    }
}
