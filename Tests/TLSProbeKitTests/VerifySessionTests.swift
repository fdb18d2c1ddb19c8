import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeKit

/// `VerifySession` in the test process: it loads the chain, then its own anchors, and
/// judges, as `tlsprobe verify` does.
@Suite struct VerifySessionTests {
    static func session(_ files: [String], anchors: AnchorSources, host: String? = "printer.local") -> VerifySession {
        // PKIFiles issues its chain for live peers: valid now.
        let context = TrustContext(at: Date(), expectedName: host.map(ExpectedName.init(parsing:)))
        return VerifySession(.init(files: files, anchors: anchors, context: context, host: host))
    }

    @Test func aChainToTheNamedRootIsTrusted() throws {
        let pki = PKIFiles()
        let report = try Self.session([pki.leaf, pki.intermediate], anchors: AnchorSources(files: [pki.root])).run(
            into: DiscardingSink()
        )
        #expect(report.trust.trusted == true, "\(report.findings.map(\.code))")
        #expect(report.findings.filter { $0.severity == .error }.isEmpty, "\(report.findings.map(\.code))")
    }

    @Test func withoutTheIntermediateTheMissingLinkIsNamed() throws {
        let pki = PKIFiles()
        let report = try Self.session([pki.leaf], anchors: AnchorSources(files: [pki.root])).run(into: DiscardingSink())
        #expect(report.trust.trusted == false)
        #expect(report.findings.first?.code == .chainMissingIntermediate, "\(report.findings.map(\.code))")
    }

    @Test func aRootNamedTwiceIsOneAnchor() throws {
        let pki = PKIFiles()
        let anchors = try AnchorSources(files: [pki.root, pki.root]).load(password: { _ in nil })
        #expect(anchors.count == 1)
        #expect(anchors.first?.source == pki.root)
    }

    /// The anchors are the session's to load: one that cannot be read is its error, and
    /// nothing is written.
    @Test func anUnreadableAnchorIsTheSessionsError() throws {
        let pki = PKIFiles()
        let sink = KeptReports()
        #expect {
            try Self.session(
                [pki.leaf, pki.intermediate],
                anchors: AnchorSources(files: [pki.dir.file("no-root.pem")])
            )
            .run(into: sink)
        } throws: { error in
            (error as? any UserFacingError)?.description.contains("no-root.pem") == true
        }
        #expect(sink.reports.isEmpty)
    }

    /// The report goes to the sink, failing at the threshold: a leaf without its
    /// intermediate fails at `error`, and not at `never`.
    @Test func theReportGoesToTheSinkAndFailsAtTheThreshold() throws {
        let pki = PKIFiles()
        for (threshold, failing) in [(FailThreshold.error, 1), (.never, 0)] {
            var c = Self.session([pki.leaf], anchors: AnchorSources(files: [pki.root])).configuration
            c.threshold = threshold
            let sink = KeptReports()
            try VerifySession(c).run(into: sink)
            guard case .verify(let report)? = sink.reports.first else {
                Issue.record("no verify report: \(sink.reports)")
                continue
            }
            #expect(report.findings.first?.code == .chainMissingIntermediate)
            #expect(sink.failing == failing, "\(threshold)")
        }
    }

    @Test func anUnreadableChainFileIsTheErrorEvenWhenTheAnchorIsUnreadableToo() throws {
        let pki = PKIFiles()
        let missing = pki.dir.file("no-such-chain.pem")
        #expect {
            try Self.session([missing], anchors: AnchorSources(files: [pki.dir.file("no-such-root.pem")])).run(
                into: DiscardingSink()
            )
        } throws: { error in
            (error as? any UserFacingError)?.description.contains("no-such-chain.pem") == true
        }
    }
}
