import Foundation
import Testing
@testable import TLSDiagnosis

/// `explain` takes a pasted log of any size: matching is linear in the text.
@Suite struct ExplainScalingTests {
    @Test func manyHitsAreMatchedInLinearTime() {
        // Every word a hit, symbols and numbers mixed: the old matcher compared each hit with
        // every hit already kept (and each number with every other hit), which took minutes.
        // Judged as a ratio, not against the clock: ten times the text takes about ten times
        // as long when matching is linear, a hundred when it is quadratic, on any machine
        // (AddressSanitizer and a loaded CI runner slow both runs alike).
        func run(_ copies: Int) -> (names: [String], seconds: TimeInterval) {
            let text = Array(repeating: "X509_V_ERR_CERT_HAS_EXPIRED -9813 unable to get local issuer certificate", count: copies)
                .joined(separator: " ")
            let start = Date()
            let names = ErrorCatalog.explain(text).map(\.name)
            return (names, Date().timeIntervalSince(start))
        }
        _ = run(100) // warm up the catalog
        let small = run(500)
        let large = run(5_000)
        #expect(large.names.contains("X509_V_ERR_CERT_HAS_EXPIRED"))
        #expect(large.names.contains("X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY"))
        #expect(large.names.contains { $0.lowercased().contains("errsslnorootcert") || $0 == "-9813" } || large.names.count >= 3, "\(large.names)")
        #expect(large.seconds < 35 * max(small.seconds, 0.001), "10× the text took \(large.seconds / max(small.seconds, 0.001))× as long (\(small.seconds) s → \(large.seconds) s)")
    }

    @Test func theSameAnswerAsForOneCopy() {
        let one = "verify error:num=20:unable to get local issuer certificate alert 48 -9813"
        let many = Array(repeating: one, count: 2_000).joined(separator: "\n")
        #expect(ErrorCatalog.explain(many).map(\.name) == ErrorCatalog.explain(one).map(\.name))
    }
}
