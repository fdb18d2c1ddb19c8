import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSWire
@testable import TLSProbeOutput

/// `--brief` (one line per connection) and `--verbose` (long lists and our own hello).
@Suite struct BriefAndVerboseTests {
    @Test(arguments: ["connect", "capture", "listen"])
    func aBriefLineIsOneLineThatCannotBeForged(kind: String) {
        let report =
            kind == "connect"
            ? LineBreakTests.connect : kind == "capture" ? LineBreakTests.capture : LineBreakTests.listen
        let line = TextRenderer(style: .plain).brief(report)
        #expect(
            line.hasSuffix("\n") && line.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count == 1,
            "\(line)"
        )
        LineBreakTests.expectNoForgedLines(line)
        // Where, the version, and the most severe finding with how many more.
        #expect(line.contains("TLSv1.3"), "\(line)")
        let worst = [Severity.error, .warning, .info].lazy.compactMap { s in report.findings.first { $0.severity == s }
        }.first
        #expect(worst.map { line.contains($0.code.rawValue) } == true, "\(line)")
        #expect(line.contains("(+\(report.findings.count - 1) more)"), "\(line)")
    }

    @Test func longEvidenceListsAreFoldedUnlessVerbose() {
        var report = LineBreakTests.connect
        let suites = (1...31).map { EvidenceValue.string("SUITE_\($0)") }
        report.findings.append(
            Finding(
                code: .tlsNoCommonCipher,
                subject: .connection,
                message: "No suite in common.",
                evidence: ["offered_cipher_suites": .array(suites)]
            )
        )
        let folded = TextRenderer(style: .plain).render(report)
        #expect(folded.contains("31 items: SUITE_1, SUITE_2"), "\(folded)")
        #expect(folded.contains("(--verbose lists all)") && !folded.contains("SUITE_31"), "\(folded)")
        let full = TextRenderer(style: .plain, verbose: true).render(report)
        #expect(full.contains("SUITE_31") && !full.contains("items:"), "\(full)")
    }

    @Test func connectsOwnClientHelloIsShownOnlyVerbose() {
        let brief = TextRenderer(style: .plain).render(LineBreakTests.connect)
        #expect(brief.contains("Our client hello") && brief.contains("--verbose shows it"), "\(brief)")
        #expect(!brief.contains("extensions  "), "\(brief)")
        let full = TextRenderer(style: .plain, verbose: true).render(LineBreakTests.connect)
        #expect(
            full.contains("Our client hello") && full.contains("ciphers") && !full.contains("--verbose shows it"),
            "\(full)"
        )
    }
}
