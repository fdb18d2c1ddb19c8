import Foundation
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

/// The trust engine's bounds (man page, LIMITS): each is reached by a chain a hostile peer
/// could send, ends the work quickly, and is named in a finding.
@Suite struct TrustLimitsTests {
    /// Root → `count` intermediates → leaf, each issued by the one before.
    static func longChain(_ count: Int) -> (root: TestPKI.Issued, intermediates: [TestPKI.Issued], leaf: TestPKI.Issued)
    {
        let root = TestPKI.issue(.root("Test Root CA"))
        var intermediates: [TestPKI.Issued] = []
        for index in 1...count {
            intermediates.append(TestPKI.issue(.intermediate("Test CA \(index)"), by: intermediates.last ?? root))
        }
        let leaf = TestPKI.issue(.server("printer.local"), by: intermediates.last ?? root)
        return (root, intermediates, leaf)
    }

    @Test func aPathStopsAtSixteenCertificates() {
        #expect(PathSearch.Limits().maxPathLength == 16)
        let (root, intermediates, leaf) = Self.longChain(20)
        let result = Trust.evaluate(leaf, intermediates.reversed(), anchors: [root])
        #expect(!result.trusted)
        let finding = result.findings(.chainTooLong).first { $0.evidence["limit"]?.intValue == 16 }
        #expect(
            finding?.message == "The chain goes on for more than 16 certificates without reaching an anchor.",
            "\(result.findings.map(\.message))"
        )
    }

    @Test func moreThanEightIntermediatesIsTooLongByDefault() {
        #expect(PathValidation.defaultMaxIntermediates == 8)
        let (root, intermediates, leaf) = Self.longChain(9)
        let result = Trust.evaluate(leaf, intermediates.reversed(), anchors: [root])
        let finding = result.first(.chainTooLong)
        #expect(finding?.evidence["intermediates"]?.intValue == 9)
        #expect(finding?.evidence["limit"]?.intValue == 8)
        #expect(!result.trusted)
        let (root8, intermediates8, leaf8) = Self.longChain(8)
        #expect(Trust.evaluate(leaf8, intermediates8.reversed(), anchors: [root8]).trusted)
    }

    @Test func certificatesPastTwoHundredFiftySixAreIgnoredAndSaidSo() {
        let pki = TestPKI.chain()
        let presented = [pki.intermediate] + Array(repeating: pki.root, count: 299)
        let started = Date()
        let result = Trust.evaluate(pki.leaf, presented, anchors: [pki.root])
        #expect(Date().timeIntervalSince(started) < 5 * Slowness.factor)
        #expect(result.trusted)
        let ignored = result.findings(.chainTooLong).first { $0.evidence["ignored"] != nil }
        #expect(ignored?.evidence["ignored"]?.intValue == 300 - 256)
        #expect(ignored?.severity == .warning)
    }

    @Test func twoHundredFiftySixSignatureChecksAtMost() {
        #expect(PathSearch.Limits().maxSignatureChecks == 256)
        // 20 copies of the leaf's issuer (one name, one key: each really signed the leaf),
        // issued by a CA that was not sent, and 20 impostors with that CA's name and keys of
        // their own: trying every impostor above every copy takes 20 × 20 signature checks.
        let root = TestPKI.issue(.root("Test Root CA"))
        let hidden = TestPKI.issue(.intermediate("Hidden CA"), by: root)
        let key = TestPKI.makeKey(.p256)
        let copies = (1...20).map { serial in
            var spec = TestPKI.Spec.intermediate("Issuing CA")
            spec.serial = serial
            return TestPKI.issue(spec, by: hidden, reuseKey: key)
        }
        let impostors = (0..<20).map { _ in TestPKI.issue(.intermediate("Hidden CA"), by: root) }
        let leaf = TestPKI.issue(.server("printer.local"), by: copies[0])
        let started = Date()
        let result = Trust.evaluate(leaf, copies + impostors, anchors: [root])
        #expect(Date().timeIntervalSince(started) < 10 * Slowness.factor)
        #expect(!result.trusted)
        let stopped = result.findings(.chainTooLong).first { $0.evidence["limit"]?.stringValue == "signature checks" }
        #expect(
            stopped?.message.hasPrefix(
                "tlsprobe stopped building paths after its limit of signature checks (40 certificates were sent, 1 anchors given)"
            ) == true,
            "\(result.findings.map(\.message))"
        )
    }

    @Test func thirtyTwoCompletePathsAtMost() {
        #expect(PathSearch.Limits().maxCompletePaths == 32)
        // Six copies of each of two CAs (same name and key, other serials): 36 paths from the
        // leaf to the root, every one invalid (the leaf has expired), so none ends the search.
        let root = TestPKI.issue(.root("Test Root CA"))
        let keyA = TestPKI.makeKey(.p256)
        let keyB = TestPKI.makeKey(.p256)
        func copies(_ name: String, key: Certificate.PrivateKey, by issuer: TestPKI.Issued) -> [TestPKI.Issued] {
            (1...6).map { serial in
                var spec = TestPKI.Spec.intermediate(name)
                spec.serial = serial
                return TestPKI.issue(spec, by: issuer, reuseKey: key)
            }
        }
        let upper = copies("CA A", key: keyA, by: root)
        let lower = copies("CA B", key: keyB, by: upper[0])
        var spec = TestPKI.Spec.server("printer.local")
        spec.notAfter = TestPKI.day(-1)
        let leaf = TestPKI.issue(spec, by: lower[0])
        let result = Trust.evaluate(leaf, lower + upper, anchors: [root])
        #expect(!result.trusted)
        #expect(result.first(.certExpired) != nil)
        #expect(
            result.findings(.chainTooLong).contains { $0.evidence["limit"]?.stringValue == "complete paths" },
            "\(result.findings.map(\.message))"
        )
    }

    @Test func nameConstraintChecksPastAMillionComparisonsAreRefused() {
        #expect(NameConstraintsCheck.maxComparisons == 1 << 20)
        var rootSpec = TestPKI.Spec.root("Constrained Root")
        rootSpec.nameConstraints = NameConstraints(permittedDNSDomains: (0..<1100).map { "zone\($0).local" })
        let root = TestPKI.issue(rootSpec)
        let names = (0..<1000).map { "host\($0).zone\($0).local" }
        let leaf = TestPKI.issue(.server(names[0], dns: names), by: root)
        let started = Date()
        let result = Trust.evaluate(leaf, anchors: [root], name: names[0])
        #expect(Date().timeIntervalSince(started) < 10 * Slowness.factor)
        let finding = result.first(.chainNameConstraintsViolated)
        #expect((finding?.evidence["names"]?.intValue ?? 0) >= 1000, "1000 DNS names, the subject and its CN")
        #expect(finding?.evidence["constraints"]?.intValue == 1100)
        #expect(
            finding?.message.contains("takes more than 1048576 comparisons") == true,
            "\(result.findings.map(\.message))"
        )
        #expect(!result.trusted)
    }

    /// 255 unrelated certificates with 3000-character names and no path: each issuer name
    /// is keyed once, not once per pair. Timed against the same chain with names 200 times
    /// shorter, in the same run: keyed once, the long names cost about 70 times more (the
    /// names are 200 times longer); re-keyed for every pair (17 s where keying once took
    /// 2 s, measured when it was) some 600 times more. A ratio, so a loaded machine slows
    /// both alike.
    @Test func manyUnrelatedCertificatesWithLongNamesAreSortedOutQuickly() {
        let pki = TestPKI.chain()
        func seconds(repeating count: Int) -> (Double, TrustEvaluation) {
            let root = TestPKI.issue(.root(String(repeating: "Elsewhere Root ", count: count)))
            let strangers = (0..<255).map { index in
                TestPKI.issue(.intermediate(String(repeating: "Stranger CA \(index) ", count: count)), by: root)
            }
            let presented = strangers.map(\.x509)
            let leaf = pki.leaf.x509
            let anchor = Trust.anchor(pki.root)
            let context = TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"))
            let started = Date()
            let result = TrustEngine.evaluate(leaf: leaf, presented: presented, anchors: [anchor], context: context)
            return (Date().timeIntervalSince(started), result)
        }
        let (short, _) = seconds(repeating: 1)
        let (long, result) = seconds(repeating: 200)
        let (shortAgain, _) = seconds(repeating: 1)
        let baseline = max(min(short, shortAgain), 0.001)
        #expect(long / baseline < 250, "long names \(long) s, short names \(short) s and \(shortAgain) s")
        #expect(!result.trusted)
        #expect(result.first(.chainUnrelatedCertificate) != nil)
    }

    @Test func longSubjectsAreShortenedInMessagesButKeptInEvidence() {
        #expect(Display.maxLength == 120)
        let name = String(repeating: "camera-", count: 100)
        let leaf = TestPKI.issue(.server(name, dns: ["printer.local"]))
        let result = Trust.evaluate(leaf, anchors: [], name: "other.local")
        let message = result.findings.map(\.message).first { $0.contains("camera-camera") } ?? ""
        #expect(message.contains("\"" + ("CN=" + name).prefix(120) + "…\""), "\(message)")
        #expect(!message.contains(name))
    }
}
