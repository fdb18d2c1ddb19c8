import Foundation
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

/// What the peer sent, judged apart from the anchors: order, duplicates, extras, roots,
/// and inputs built to make path building slow.
@Suite struct TrustStructureTests {
    @Test func wrongOrderIsAWarningAndStillTrusted() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let upper = TestPKI.issue(.intermediate("Upper CA"), by: root)
        let lower = TestPKI.issue(.intermediate("Lower CA"), by: upper)
        let leaf = TestPKI.issue(.server("printer.local"), by: lower)
        let result = Trust.evaluate(leaf, [upper, lower], anchors: [root])
        #expect(result.trusted)
        #expect(
            result.pathSources == ["certificate[0]", "certificate[2]", "certificate[1]", "anchor Test Root CA.pem"]
        )
        let finding = result.first(.chainWrongOrder)
        #expect(finding?.severity == .warning)
        #expect(
            finding?.evidence["path_order"]?.stringsValue == [
                "certificate[0]", "certificate[2]", "certificate[1]", "anchor Test Root CA.pem",
            ]
        )
    }

    @Test func duplicatesAreUnrelatedCertificates() {
        let pki = TestPKI.chain()
        let result = Trust.evaluate(pki.leaf, [pki.intermediate, pki.intermediate, pki.leaf], anchors: [pki.root])
        #expect(result.trusted)
        let duplicates = result.findings(.chainUnrelatedCertificate)
        #expect(duplicates.map(\.subject.description).sorted() == ["certificate[2]", "certificate[3]"])
        #expect(duplicates.allSatisfy { $0.severity == .warning })
        #expect(
            duplicates.first { $0.subject == .certificate(3) }?.evidence["duplicate_of"]?.stringValue
                == "certificate[0]"
        )
    }

    @Test func extrasAreNamedAndIgnored() {
        let pki = TestPKI.chain()
        let stranger = TestPKI.issue(.intermediate("Unrelated CA"), by: TestPKI.issue(.root("Elsewhere Root")))
        let result = Trust.evaluate(pki.leaf, [stranger, pki.intermediate], anchors: [pki.root])
        #expect(result.trusted)
        let finding = result.first(.chainUnrelatedCertificate)
        #expect(finding?.subject == .certificate(1))
        #expect(finding?.evidence["subject"]?.stringValue == "CN=Unrelated CA")
        #expect(result.first(.chainWrongOrder) == nil)
    }

    /// Without a path, a sent certificate is related when another sent certificate names it
    /// as issuer; its own issuer name (a self-issued CA) does not count.
    @Test func withoutAPathCertificatesThatIssueSomethingSentAreRelated() {
        let pki = TestPKI.chain()
        let elsewhere = TestPKI.issue(.root("Elsewhere Root"))
        let mid = TestPKI.issue(.intermediate("Mid CA"), by: elsewhere)
        let sub = TestPKI.issue(.intermediate("Sub CA"), by: mid)
        let rollover = TestPKI.issue(.intermediate("Rollover CA"), by: TestPKI.issue(.root("Rollover CA")))
        let result = Trust.evaluate(pki.leaf, [sub, mid, rollover], anchors: [pki.root])
        #expect(!result.trusted)
        #expect(result.first(.chainMissingIntermediate) != nil)
        let unrelated = Set(result.findings(.chainUnrelatedCertificate).map(\.subject))
        #expect(unrelated == [.certificate(1), .certificate(3)], "Mid CA issues Sub CA; Rollover CA only names itself")
    }

    @Test func rootSentIsInformational() {
        let pki = TestPKI.chain()
        let result = Trust.evaluate(pki.leaf, [pki.intermediate, pki.root], anchors: [pki.root])
        #expect(result.trusted)
        let finding = result.first(.chainRootSent)
        #expect(finding?.severity == .info)
        #expect(finding?.subject == .certificate(2))
    }

    @Test func intermediateTrustedDirectlyEndsThePath() {
        let pki = TestPKI.chain()
        let result = Trust.evaluate(pki.leaf, [pki.root], anchors: [pki.intermediate])
        #expect(result.trusted)
        #expect(result.pathSources == ["certificate[0]", "anchor Test Intermediate CA.pem"])
        #expect(result.first(.chainUnrelatedCertificate)?.subject == .certificate(1))
    }

    @Test func crossCertifyingCAsInALoopAreExplained() {
        let keyA = TestPKI.makeKey(.p256)
        let keyB = TestPKI.makeKey(.p256)
        let seedA = TestPKI.issue(.root("Loop CA A"), reuseKey: keyA)
        let seedB = TestPKI.issue(.root("Loop CA B"), reuseKey: keyB)
        let aByB = TestPKI.issue(.intermediate("Loop CA A"), by: seedB, reuseKey: keyA)
        let bByA = TestPKI.issue(.intermediate("Loop CA B"), by: seedA, reuseKey: keyB)
        let leaf = TestPKI.issue(.server("printer.local"), by: seedA)
        let root = TestPKI.issue(.root("Test Root CA"))
        let result = Trust.evaluate(leaf, [aByB, bByA], anchors: [root])
        #expect(!result.trusted)
        let finding = result.first(.chainUntrustedRoot)
        #expect(finding?.evidence["loop"]?.stringsValue.sorted() == ["certificate[1]", "certificate[2]"])
    }

    /// A hundred CAs with one name: each could have issued every other. Path building
    /// must give up within its bounds and say so.
    @Test(arguments: [true, false])
    func pathologicalChainsTerminate(sameKey: Bool) {
        let shared = TestPKI.makeKey(.p256)
        var spec = TestPKI.Spec.intermediate("Pathological CA")
        spec.subjectKeyIdentifier = false
        spec.authorityKeyIdentifier = false
        var cas: [TestPKI.Issued] = [TestPKI.issue(spec, reuseKey: sameKey ? shared : nil)]
        for _ in 1..<100 {
            cas.append(TestPKI.issue(spec, by: cas[cas.count - 1], reuseKey: sameKey ? shared : nil))
        }
        var leafSpec = TestPKI.Spec.server("printer.local")
        leafSpec.authorityKeyIdentifier = false
        let leaf = TestPKI.issue(leafSpec, by: cas[cas.count - 1])
        let root = TestPKI.issue(.root("Test Root CA"))
        // Sent root-most first: the leaf's issuer comes last, the worst order for a builder.
        let result = Trust.evaluate(leaf, cas, anchors: [root])
        #expect(!result.trusted)
        #expect(result.path == nil)
        #expect(!result.errorCodes.isEmpty)
        #expect(result.findings.count < 50)
    }

    @Test func manyAnchorsWithTheIssuerNameAreAllTried() {
        let pki = TestPKI.chain()
        let decoys = (0..<20).map { _ in TestPKI.issue(.root("Test Root CA")) }
        let result = Trust.evaluate(pki.leaf, [pki.intermediate], anchors: decoys + [pki.root])
        #expect(result.trusted)
        #expect(result.anchor?.certificate == pki.root.x509)
    }

    @Test func hostileInputsNeverTrap() {
        let pki = TestPKI.chain()
        // Every byte of the intermediate flipped in turn: whatever still parses is judged.
        let der = pki.intermediate.der
        var judged = 0
        for index in stride(from: 0, to: der.count, by: 7) {
            var damaged = der
            damaged[index] ^= 0xFF
            guard let cert = try? X509Certificate(derEncoded: damaged) else { continue }
            let context = TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"))
            let result = TrustEngine.evaluate(
                leaf: pki.leaf.x509,
                presented: [cert, cert],
                anchors: [Trust.anchor(pki.root), TrustAnchor(certificate: cert, source: "damaged.pem")],
                context: context
            )
            _ = result.trusted
            judged += 1
        }
        #expect(judged > 0)
    }
}
