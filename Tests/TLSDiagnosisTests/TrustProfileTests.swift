import Foundation
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

/// Where the profiles decide differently about the same chain.
@Suite struct TrustProfileTests {
    @Test func missingAuthorityKeyIdentifierIsAnErrorOnlyForStrictValidation() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.authorityKeyIdentifier = false
        let leaf = TestPKI.issue(spec, by: root)
        let strict = Trust.evaluate(leaf, anchors: [root])
        let finding = strict.first(.certNonconforming)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["field"]?.stringValue == "authorityKeyIdentifier")
        #expect(finding?.evidence["rule"]?.stringValue == "RFC 5280 4.2.1.1")
        #expect(!strict.trusted)

        let lenient = Trust.evaluate(leaf, anchors: [root], profile: .openssl)
        #expect(lenient.first(.certNonconforming)?.severity == .warning)
        #expect(lenient.trusted)
        #expect(Trust.evaluate(leaf, anchors: [root], profile: .apple).first(.certNonconforming)?.severity == .warning)
    }

    @Test func rsaKeyEnciphermentAloneIsAWarningAndAnErrorForApple() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.key = .rsa(bits: 2048)
        spec.keyUsage = KeyUsage(keyEncipherment: true)
        let leaf = TestPKI.issue(spec, by: root)
        let byDefault = Trust.evaluate(leaf, anchors: [root])
        #expect(byDefault.first(.certKeyUsageIncompatible)?.severity == .warning)
        #expect(byDefault.trusted)
        let apple = Trust.evaluate(leaf, anchors: [root], profile: .apple)
        #expect(apple.first(.certKeyUsageIncompatible)?.severity == .error)
        #expect(!apple.trusted)
        // digitalSignature beside it: nothing to say.
        spec.keyUsage = KeyUsage(digitalSignature: true, keyEncipherment: true)
        #expect(Trust.evaluate(TestPKI.issue(spec, by: root), anchors: [root], profile: .apple).first(.certKeyUsageIncompatible) == nil)
    }

    @Test func missingEKUIsInformationalByDefaultAndAnErrorForApple() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.extendedKeyUsage = nil
        let leaf = TestPKI.issue(spec, by: root)
        let byDefault = Trust.evaluate(leaf, anchors: [root])
        #expect(byDefault.trusted)
        #expect(byDefault.first(.certEKUMissingServerAuth)?.severity == .info)
        let apple = Trust.evaluate(leaf, anchors: [root], profile: .apple)
        #expect(apple.first(.certEKUMissingServerAuth)?.severity == .error)
        #expect(!apple.trusted)
    }

    @Test func commonNameThatDiffersFromTheSANOnlyInCaseIsNonconforming() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("Printer.Local", dns: ["printer.local"]), by: root)
        let result = Trust.evaluate(leaf, anchors: [root])
        #expect(result.first(.certNonconforming)?.evidence["rule"]?.stringValue == "CA/B Forum BR 7.1.4.3")
        #expect(Trust.evaluate(leaf, anchors: [root], profile: .openssl).trusted)
    }

    @Test func ordinaryCommonNameBesideTheSANIsFine() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("Front Desk Printer", dns: ["printer.local"]), by: root)
        #expect(Trust.evaluate(leaf, anchors: [root]).trusted)
    }

    @Test func weakRSAKeyOnTheAnchorIsNamed() {
        let root = TestPKI.issue(.root("Old Root", key: .rsa(bits: 1024)))
        let leaf = TestPKI.issue(.server("printer.local"), by: root)
        let result = Trust.evaluate(leaf, anchors: [root])
        #expect(result.first(.certWeakKey)?.subject == .anchor("Old Root.pem"))
        #expect(!result.trusted)
    }

    @Test func caNotMarkedCriticalIsNonconforming() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.intermediate("Lax CA")
        spec.basicConstraintsPresent = false
        spec.extraExtensions = [try! Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: nil), critical: false)]
        let int = TestPKI.issue(spec, by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        let result = Trust.evaluate(leaf, [int], anchors: [root])
        #expect(result.first(.certNonconforming)?.evidence["field"]?.stringValue == "basicConstraints")
        #expect(result.first(.certNonconforming)?.subject == .certificate(1))
        #expect(Trust.evaluate(leaf, [int], anchors: [root], profile: .openssl).trusted)
    }
}
