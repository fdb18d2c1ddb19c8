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
        return VerifySession(files: files, anchors: anchors, context: context, host: host, password: { _ in nil })
    }

    @Test func aChainToTheNamedRootIsTrusted() throws {
        let pki = PKIFiles()
        let report = try Self.session([pki.leaf, pki.intermediate], anchors: AnchorSources(files: [pki.root])).run()
        #expect(report.trust.trusted == true, "\(report.findings.map(\.code))")
        #expect(report.findings.filter { $0.severity == .error }.isEmpty, "\(report.findings.map(\.code))")
    }

    @Test func withoutTheIntermediateTheMissingLinkIsNamed() throws {
        let pki = PKIFiles()
        let report = try Self.session([pki.leaf], anchors: AnchorSources(files: [pki.root])).run()
        #expect(report.trust.trusted == false)
        #expect(report.findings.first?.code == .chainMissingIntermediate, "\(report.findings.map(\.code))")
    }

    @Test func aRootNamedTwiceIsOneAnchor() throws {
        let pki = PKIFiles()
        let anchors = try AnchorSources(files: [pki.root, pki.root]).load(password: { _ in nil })
        #expect(anchors.count == 1)
        #expect(anchors.first?.source == pki.root)
    }

    @Test func anUnreadableChainFileIsTheErrorEvenWhenTheAnchorIsUnreadableToo() throws {
        let pki = PKIFiles()
        let missing = pki.dir.file("no-such-chain.pem")
        #expect {
            try Self.session([missing], anchors: AnchorSources(files: [pki.dir.file("no-such-root.pem")])).run()
        } throws: { error in
            (error as? any UserFacingError)?.description.contains("no-such-chain.pem") == true
        }
    }
}
