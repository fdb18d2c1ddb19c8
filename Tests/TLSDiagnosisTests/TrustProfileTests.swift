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
        #expect(
            Trust.evaluate(TestPKI.issue(spec, by: root), anchors: [root], profile: .apple).first(
                .certKeyUsageIncompatible
            ) == nil
        )
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

    /// Apple's 398-day rule covers certificates that chain to the roots a device ships
    /// (support.apple.com/102028); a shop's own root, installed by the user, keeps 825.
    @Test func appleHoldsOnlyLeavesUnderSystemRootsTo398Days() {
        let root = TestPKI.issue(.root("Shop Root"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.notBefore = TestPKI.day(-10)
        spec.notAfter = TestPKI.day(790)
        let leaf = TestPKI.issue(spec, by: root)
        let shopRoot = Trust.evaluate(leaf, anchors: [root], profile: .apple)
        #expect(shopRoot.first(.certValidityTooLong) == nil)
        #expect(shopRoot.trusted)

        let systemRoot = Trust.evaluate(leaf, anchors: [root], profile: .apple, systemAnchors: true)
        let finding = systemRoot.first(.certValidityTooLong)
        #expect(finding?.severity == .error)
        #expect(finding?.evidence["limit_days"]?.intValue == 398)
        #expect(!systemRoot.trusted)
        // Only apple has the rule.
        #expect(Trust.evaluate(leaf, anchors: [root], systemAnchors: true).first(.certValidityTooLong) == nil)

        // Past 825 days the error and its fix name 825, whatever the root.
        spec.notAfter = TestPKI.day(900)
        let long = Trust.evaluate(TestPKI.issue(spec, by: root), anchors: [root], profile: .apple).findings(
            .certValidityTooLong
        )
        #expect(long.count == 1)
        #expect(long.first?.severity == .error)
        #expect(long.first?.evidence["limit_days"]?.intValue == 825)
        #expect(long.first?.fix.contains("at most 825 days") == true)
    }

    /// An address written as a dNSName costs the name match (a client dialling the address
    /// looks for an iPAddress entry), which name.ip_not_in_san says; no client is known to
    /// refuse the certificate for it otherwise, so there is no cert.nonconforming beside.
    @Test func anAddressInADNSNameIsANameProblemOnly() {
        let root = TestPKI.issue(.root("Shop Root"))
        let leaf = TestPKI.issue(.server("127.0.0.1", dns: ["127.0.0.1"]), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], name: "127.0.0.1")
        #expect(result.errorCodes == ["name.ip_not_in_san"])
        #expect(result.first(.nameIPNotInSAN)?.message.contains("as a DNS name") == true)
        #expect(Trust.evaluate(leaf, anchors: [root], name: nil).first(.certNonconforming) == nil)
    }

    /// Apple's clients offer no ed25519 signature algorithm (connect checks it against a
    /// real server: ClientParityTests); offline, an Ed25519 leaf is refused under apple.
    @Test func anEd25519LeafIsRefusedOnlyUnderApple() {
        let root = TestPKI.issue(.root("Shop Root"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.key = .ed25519
        let leaf = TestPKI.issue(spec, by: root)
        #expect(Trust.evaluate(leaf, anchors: [root]).trusted)
        let apple = Trust.evaluate(leaf, anchors: [root], profile: .apple)
        #expect(!apple.trusted)
        let finding = apple.first(.certUnsupportedAlgorithm)
        #expect(finding?.severity == .error && finding?.subject == .certificate(0))
        #expect(finding?.evidence["key_type"]?.stringValue == "Ed25519")
    }

    @Test func commonNameThatDiffersFromTheSANOnlyInCaseIsNonconforming() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("Printer.Local", dns: ["printer.local"]), by: root)
        let result = Trust.evaluate(leaf, anchors: [root])
        #expect(result.first(.certNonconforming)?.evidence["rule"]?.stringValue == "CA/B Forum BR 7.1.4.3")
        #expect(Trust.evaluate(leaf, anchors: [root], profile: .openssl).trusted)
    }

    /// A device renamed on the network: its Common Name is the old host name, its SAN the new
    /// one. CA/B Forum 7.1.4.3 forbids it (x509-limbo's webpki::cn cases), but every client a
    /// profile speaks for matches names against the SAN alone: a warning, trust unchanged.
    @Test(arguments: [
        ("camera.local", ["camera-2.local"], [String]()),
        ("xn--nxasmq6b.com", ["xn--n3h.com"], []),
        ("10.0.0.5", ["camera.local"], ["10.0.0.6"]),
    ])
    func commonNameNotAmongTheSANsIsNonconforming(cn: String, dns: [String], ips: [String]) {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server(cn, dns: dns, ips: ips), by: root)
        for profile in Profile.all {
            let result = Trust.evaluate(leaf, anchors: [root], name: nil, profile: profile)
            let finding = result.first(.certNonconforming)
            #expect(finding?.severity == .warning, "\(profile.name)")
            #expect(finding?.evidence["rule"]?.stringValue == "CA/B Forum BR 7.1.4.3")
            #expect(finding?.message.contains("pyca/cryptography") == true)
            #expect(finding?.fix.contains("subjectAltName") == true)
            #expect(result.trusted, "\(profile.name)")
        }
    }

    /// The Baseline Requirements govern server certificates: a client certificate's Common
    /// Name is the user's, whatever its SAN.
    @Test func aClientCertificatesCommonNameIsNotHeldToTheRule() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.client("alice.corp.example")
        spec.dnsNames = ["alice-laptop.local"]
        let leaf = TestPKI.issue(spec, by: root)
        let result = Trust.evaluate(leaf, anchors: [root], name: nil, purpose: .client)
        #expect(result.first(.certNonconforming) == nil)
        #expect(result.trusted)
    }

    /// A host-name Common Name beside a SAN of addresses only names no other host: the RFC
    /// 5280 construction of x509-limbo's own valid cases; nothing to say.
    @Test func aHostNameCommonNameBesideAddressesOnlyIsFine() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("printer.local", dns: [], ips: ["10.0.0.5"]), by: root)
        #expect(Trust.evaluate(leaf, anchors: [root], name: nil).first(.certNonconforming) == nil)
    }

    /// A root that another root cross-signed, given as the anchor, without an
    /// authorityKeyIdentifier: RFC 5280 4.2.1.1 exempts only self-signed certificates, but
    /// clients trust an anchor as given: a warning.
    @Test func aCrossSignedAnchorWithoutAuthorityKeyIdentifierIsNonconforming() {
        let other = TestPKI.issue(.root("Other Root CA"))
        var spec = TestPKI.Spec.root("Test Root CA")
        spec.authorityKeyIdentifier = false
        let crossSigned = TestPKI.issue(spec, by: other)
        let leaf = TestPKI.issue(.server("printer.local"), by: crossSigned)
        let result = Trust.evaluate(leaf, anchors: [crossSigned])
        let finding = result.first(.certNonconforming)
        #expect(finding?.evidence["field"]?.stringValue == "authorityKeyIdentifier")
        #expect(finding?.subject == .anchor("Test Root CA.pem"))
        #expect(finding?.severity == .warning)
        #expect(result.trusted)
        // Self-signed, the same root owes no authorityKeyIdentifier.
        let selfSigned = TestPKI.issue(spec)
        let own = TestPKI.issue(.server("printer.local"), by: selfSigned)
        #expect(Trust.evaluate(own, anchors: [selfSigned]).first(.certNonconforming) == nil)
    }

    /// A CA's nameConstraints not marked critical: RFC 5280 requires it, the CA/B Forum allows
    /// it, clients that read the extension apply it either way: a warning.
    @Test func aNonCriticalNameConstraintIsAWarning() throws {
        var spec = TestPKI.Spec.root("Shop Root")
        spec.extraExtensions = [
            try Certificate.Extension(
                NameConstraints(permittedDNSDomains: ["shop.lan"]),
                critical: false
            )
        ]
        let root = TestPKI.issue(spec)
        let leaf = TestPKI.issue(.server("printer.shop.lan"), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], name: "printer.shop.lan")
        let finding = result.first(.certNonconforming)
        #expect(finding?.evidence["field"]?.stringValue == "nameConstraints")
        #expect(finding?.severity == .warning)
        #expect(result.trusted)
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
        spec.extraExtensions = [
            try! Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: nil), critical: false)
        ]
        let int = TestPKI.issue(spec, by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        let result = Trust.evaluate(leaf, [int], anchors: [root])
        #expect(result.first(.certNonconforming)?.evidence["field"]?.stringValue == "basicConstraints")
        #expect(result.first(.certNonconforming)?.subject == .certificate(1))
        #expect(Trust.evaluate(leaf, [int], anchors: [root], profile: .openssl).trusted)
    }
}
