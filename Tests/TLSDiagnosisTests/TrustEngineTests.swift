import Foundation
import SwiftASN1
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

@Suite struct TrustEngineTests {
    @Test func validChainIsTrustedWithItsPath() {
        let pki = TestPKI.chain()
        let result = Trust.evaluate(pki.leaf, [pki.intermediate], anchors: [pki.root])
        #expect(result.trusted)
        #expect(result.pathSources == ["certificate[0]", "certificate[1]", "anchor Test Root CA.pem"])
        #expect(result.anchor?.source == "Test Root CA.pem")
        #expect(result.nameMatched == true)
        #expect(result.errorCodes == [])
    }

    @Test func missingIntermediateIsNamed() {
        let pki = TestPKI.chain()
        let result = Trust.evaluate(pki.leaf, [], anchors: [pki.root])
        #expect(!result.trusted)
        #expect(result.path == nil)
        let finding = result.first(.chainMissingIntermediate)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["issuer"]?.stringValue == "CN=Test Intermediate CA")
        #expect(finding?.evidence["authority_key_id"]?.stringValue == pki.intermediate.x509.subjectKeyIDHex)
        #expect(finding?.message.contains("Test Intermediate CA") == true)
    }

    @Test func reCreatedCAIsReportedAsAnchorKeyMismatch() {
        let oldRoot = TestPKI.issue(.root("Front Desk Root"))
        let newRoot = TestPKI.issue(.root("Front Desk Root"))
        let leaf = TestPKI.issue(.server("printer.local"), by: newRoot)
        let result = Trust.evaluate(leaf, [], anchors: [oldRoot])
        #expect(!result.trusted)
        let finding = result.first(.chainAnchorKeyMismatch)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .anchor("Front Desk Root.pem"))
        #expect(finding?.evidence["wanted_key_id"]?.stringValue == newRoot.x509.subjectKeyIDHex)
        #expect(finding?.evidence["anchor_key_id"]?.stringValue == oldRoot.x509.subjectKeyIDHex)
        #expect(finding?.evidence["anchor_spki_sha256"]?.stringValue == oldRoot.x509.spkiSHA256)
        #expect(finding?.fix.contains(newRoot.x509.subjectKeyIDHex ?? "?") == true)
        #expect(result.first(.chainMissingIntermediate) == nil)
    }

    @Test func reIssuedCAWithTheSameKeyIsStillTrusted() {
        let oldRoot = TestPKI.issue(.root("Front Desk Root"))
        let renewed = TestPKI.issue(.root("Front Desk Root"), reuseKey: oldRoot.privateKey)
        let leaf = TestPKI.issue(.server("printer.local"), by: renewed)
        let result = Trust.evaluate(leaf, [], anchors: [oldRoot])
        #expect(result.trusted)
    }

    @Test func staleIssuerSentByThePeerIsNamed() {
        let oldInt = TestPKI.issue(.intermediate("Shop CA"), by: TestPKI.issue(.root("Shop Root")))
        let root = TestPKI.issue(.root("Shop Root"))
        let newInt = TestPKI.issue(.intermediate("Shop CA"), by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: newInt)
        let result = Trust.evaluate(leaf, [oldInt], anchors: [root])
        // The sent intermediate is stale, not the client's root.
        #expect(result.first(.chainAnchorKeyMismatch) == nil)
        let finding = result.first(.chainStaleIntermediate)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["found"]?.stringsValue == ["certificate[1]"])
        #expect(finding?.evidence["wanted_key_id"]?.stringValue == newInt.x509.subjectKeyIDHex)
        #expect(finding?.fix.contains(newInt.x509.subjectKeyIDHex ?? "?") == true)
        #expect(finding?.message.contains("re-keyed") == true)
        // What explain says of the code does not send the user to replace the root.
        let entry = FindingCatalog.entry(for: .chainStaleIntermediate)
        #expect(entry?.fix.contains("chain file") == true)
        #expect(entry?.fix.contains("Install the current root") == false)
    }

    @Test func missingIssuerNamesBothCandidatesInOneHeadline() {
        let pki = TestPKI.chain()
        let result = Trust.evaluate(pki.leaf, [], anchors: [pki.root])
        let findings = result.findings.filter { $0.severity == .error }
        #expect(findings.map(\.code) == [.chainMissingIntermediate])
        let message = findings.first?.message ?? ""
        #expect(message.contains("an intermediate the server does not send"))
        #expect(message.contains("a root this client does not have"))
        #expect(message.contains(pki.intermediate.x509.subjectKeyIDHex ?? "?"))
    }

    /// A CA's certificate where the server's own leaf belongs: said as such first, not as a
    /// keyUsage complaint; a self-signed device certificate that says CA:TRUE but is made for
    /// TLS (digitalSignature, serverAuth) is not taken for one.
    @Test func caCertificatePresentedAsTheLeafIsNamed() {
        let root = TestPKI.issue(.root("Shop Root"))
        let issuing = TestPKI.issue(.intermediate("Shop Issuing CA"), by: root)
        let result = Trust.evaluate(issuing, [], anchors: [root])
        #expect(!result.trusted)
        let first = result.findings.first
        #expect(first?.code == .certCAAsLeaf)
        #expect(first?.subject == .certificate(0))
        #expect(first?.message.contains("exposed") == true)
        // RFC 5280 allows a CA in leaf position (x509-limbo expects success): the finding
        // names the clients that refuse it.
        #expect(first?.message.contains("rustls refuses any CA certificate as an end entity") == true)
        #expect(first?.message.contains("OpenSSL (curl, Python) refuses") == true)
        #expect(first?.fix.contains("own leaf") == true)

        var device = TestPKI.Spec.server("camera.local")
        device.isCA = true
        device.keyUsage = KeyUsage(digitalSignature: true, keyCertSign: true)
        let selfSigned = TestPKI.issue(device)
        #expect(Trust.evaluate(selfSigned, anchors: [selfSigned], name: "camera.local").first(.certCAAsLeaf) == nil)
    }

    /// With --at naming the client's clock, a certificate that is not yet valid points at the
    /// client's clock first; without it, a small gap is put to either clock.
    @Test func notYetValidAtTheClientsClockBlamesThatClockFirst() {
        let root = TestPKI.issue(.root("Shop Root"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.notBefore = TestPKI.day(0.5)
        let leaf = TestPKI.issue(spec, by: root)
        let context = TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"), clientClock: true)
        let atClient = TrustEngine.evaluate(
            leaf: leaf.x509,
            presented: [],
            anchors: [Trust.anchor(root)],
            context: context
        )
        let message = atClient.first(.certNotYetValid)?.message ?? ""
        #expect(message.contains("the client's clock (--at)"))
        let clientFirst = message.range(of: "client's clock first")
        let issuerAfter = message.range(of: "the device that made the certificate")
        #expect(clientFirst != nil && issuerAfter != nil && clientFirst!.lowerBound < issuerAfter!.lowerBound)

        let here = Trust.evaluate(leaf, anchors: [root]).first(.certNotYetValid)?.message ?? ""
        #expect(!here.contains("--at"))
        #expect(here.contains("looks like a clock"))
    }

    @Test func selfSignedLeafThatIsNotAnchoredIsSaidSo() {
        let camera = TestPKI.issue(.server("camera.local"))
        let root = TestPKI.issue(.root("Test Root CA"))
        let result = Trust.evaluate(camera, anchors: [root], name: "camera.local")
        #expect(!result.trusted)
        let finding = result.first(.chainSelfSignedLeaf)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["sha256"]?.stringValue == camera.x509.sha256)
    }

    @Test func pinnedSelfSignedLeafIsTrusted() {
        let camera = TestPKI.issue(.server("camera.local"))
        let result = Trust.evaluate(camera, anchors: [camera], name: "camera.local")
        #expect(result.trusted)
        #expect(result.pathSources == ["certificate[0]"])
        #expect(result.anchor?.source == "camera.local.pem")
    }

    @Test func regeneratedCameraCertificateIsSelfSignedAndAKeyMismatch() {
        let pinned = TestPKI.issue(.server("camera.local"))
        let regenerated = TestPKI.issue(.server("camera.local"))
        let result = Trust.evaluate(regenerated, anchors: [pinned], name: "camera.local")
        #expect(!result.trusted)
        #expect(result.first(.chainSelfSignedLeaf)?.subject == .certificate(0))
        let mismatch = result.first(.chainAnchorKeyMismatch)
        #expect(mismatch?.subject == .anchor("camera.local.pem"))
        #expect(mismatch?.evidence["anchor_spki_sha256"]?.stringValue == pinned.x509.spkiSHA256)
    }

    @Test func sentRootWhoseTrustedCopyHasAnotherKeyIsBothUntrustedAndMismatched() {
        let pki = TestPKI.chain()
        let stale = TestPKI.issue(.root("Test Root CA"))
        let result = Trust.evaluate(pki.leaf, [pki.intermediate, pki.root], anchors: [stale])
        #expect(result.first(.chainUntrustedRoot)?.subject == .certificate(2))
        #expect(result.first(.chainAnchorKeyMismatch)?.subject == .anchor("Test Root CA.pem"))
    }

    @Test func missingIntermediateMentionsWhereToFetchIt() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let int = TestPKI.issue(.intermediate("Test Intermediate CA"), by: root)
        var spec = TestPKI.Spec.server("printer.local")
        spec.extraExtensions = [
            try! Certificate.Extension(
                AuthorityInformationAccess([
                    .init(method: .issuingCA, location: .uniformResourceIdentifier("http://pki.shop.local/int.cer"))
                ]),
                critical: false
            )
        ]
        let leaf = TestPKI.issue(spec, by: int)
        let finding = Trust.evaluate(leaf, anchors: [root]).first(.chainMissingIntermediate)
        #expect(finding?.evidence["ca_issuers"]?.stringsValue == ["http://pki.shop.local/int.cer"])
        #expect(finding?.fix.contains("http://pki.shop.local/int.cer") == true)
    }

    @Test func criticalPolicyExtensionsOnACAAreUnderstood() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.intermediate("Policy CA")
        spec.extraExtensions = TestPKI.criticalPolicyExtensions
        let int = TestPKI.issue(spec, by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        for profile in [Profile.default, .apple, .openssl] {
            let result = Trust.evaluate(leaf, [int], anchors: [root], profile: profile)
            #expect(
                result.findings(.certUnknownCriticalExtension).isEmpty,
                "\(profile.name): \(result.findings.map(\.message))"
            )
            #expect(result.trusted, "\(profile.name): \(result.errorCodes)")
        }
    }

    @Test func chainEndingAtAnotherRootIsUntrustedRoot() {
        let pki = TestPKI.chain()
        let other = TestPKI.issue(.root("Some Other Root"))
        let result = Trust.evaluate(pki.leaf, [pki.intermediate, pki.root], anchors: [other])
        let finding = result.first(.chainUntrustedRoot)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(2))
        #expect(finding?.evidence["root"]?.stringValue == "CN=Test Root CA")
        #expect(finding?.evidence["sha256"]?.stringValue == pki.root.x509.sha256)
        #expect(result.first(.chainRootSent)?.severity == .info)
    }

    @Test func alteredCertificateHasABadSignature() throws {
        let pki = TestPKI.chain()
        var der = pki.leaf.der
        // Change the subject's Common Name (the first "printer.local") after signing.
        let needle = Array("printer.local".utf8)
        let index = try #require(der.indices.first { der[$0...].starts(with: needle) })
        der[index] = UInt8(ascii: "q")
        let altered = try X509Certificate(derEncoded: der)
        let context = TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"))
        let result = TrustEngine.evaluate(
            leaf: altered,
            presented: [pki.intermediate.x509],
            anchors: [Trust.anchor(pki.root)],
            context: context
        )
        #expect(!result.trusted)
        let finding = result.first(.chainBadSignature)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["checked_with"]?.stringValue == "certificate[1]")
    }

    @Test func signatureAlgorithmThatCannotBeCheckedIsUnsupported() throws {
        let pki = TestPKI.chain()
        // ecdsa-with-SHA256 (1.2.840.10045.4.3.2) -> ecdsa-with-SHA224 (...4.3.1), in both places.
        let oid: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
        var der = pki.leaf.der
        var i = 0
        while i + oid.count <= der.count {
            if Array(der[i..<(i + oid.count)]) == oid { der[i + oid.count - 1] = 0x01 }
            i += 1
        }
        let changed = try X509Certificate(derEncoded: der)
        let context = TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"))
        let result = TrustEngine.evaluate(
            leaf: changed,
            presented: [pki.intermediate.x509],
            anchors: [Trust.anchor(pki.root)],
            context: context
        )
        let finding = result.first(.certUnsupportedAlgorithm)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["signature_algorithm"]?.stringValue == "ecdsa-with-SHA224")
        #expect(!result.trusted)
    }

    @Test func endEntityAsIssuerIsNotACA() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let notCA = TestPKI.issue(.server("gateway.local"), by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: notCA)
        let result = Trust.evaluate(leaf, [notCA], anchors: [root])
        #expect(!result.trusted)
        let finding = result.first(.chainIssuerNotCA)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(1))
        #expect(finding?.evidence["basic_constraints"]?.stringValue == "its basicConstraints says CA:FALSE")
        #expect(result.pathSources?.count == 3)
    }

    @Test func pathLengthConstraintIsEnforced() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let first = TestPKI.issue(.intermediate("Policy CA", pathLength: 0), by: root)
        let second = TestPKI.issue(.intermediate("Issuing CA"), by: first)
        let leaf = TestPKI.issue(.server("printer.local"), by: second)
        let result = Trust.evaluate(leaf, [second, first], anchors: [root])
        #expect(!result.trusted)
        let finding = result.first(.chainPathLengthExceeded)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(2))
        #expect(finding?.evidence["path_length_constraint"]?.intValue == 0)
        #expect(finding?.evidence["intermediates_below"]?.intValue == 1)
    }

    @Test func pathLengthZeroAllowsALeaf() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let int = TestPKI.issue(.intermediate("Issuing CA", pathLength: 0), by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        #expect(Trust.evaluate(leaf, [int], anchors: [root]).trusted)
    }

    @Test func issuerWithoutKeyCertSignIsNamed() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.intermediate("Signing Only CA")
        spec.keyUsage = KeyUsage(digitalSignature: true)
        let int = TestPKI.issue(spec, by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        let result = Trust.evaluate(leaf, [int], anchors: [root])
        let finding = result.first(.chainIssuerMissingCertSign)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(1))
        #expect(finding?.evidence["key_usage"]?.stringsValue == ["digitalSignature"])
        #expect(!result.trusted)
    }

    @Test func leafWithoutServerAuthIsRefusedForServers() {
        let pki = TestPKI.chain()
        let client = TestPKI.issue(.client("printer.local"), by: pki.intermediate)
        let result = Trust.evaluate(client, [pki.intermediate], anchors: [pki.root])
        let finding = result.first(.certEKUMissingServerAuth)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["required"]?.stringValue == "serverAuth")
        #expect(!result.trusted)
    }

    @Test func serverLeafIsRefusedAsAClient() {
        let pki = TestPKI.chain()
        let result = Trust.evaluate(pki.leaf, [pki.intermediate], anchors: [pki.root], name: nil, purpose: .client)
        #expect(result.first(.certEKUMissingClientAuth)?.subject == .certificate(0))
        #expect(!result.trusted)
    }

    @Test func intermediateEKUWithoutServerAuthRestrictsTheLeaf() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.intermediate("Client CA")
        spec.extendedKeyUsage = [.clientAuth]
        let int = TestPKI.issue(spec, by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        let result = Trust.evaluate(leaf, [int], anchors: [root])
        let finding = result.first(.certEKUMissingServerAuth)
        #expect(finding?.subject == .certificate(1))
        #expect(finding?.evidence["extended_key_usage"]?.stringsValue == ["clientAuth"])
        #expect(!result.trusted)
    }

    @Test func expiredIntermediateIsNamed() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.intermediate("Old CA")
        spec.notBefore = TestPKI.day(-800)
        spec.notAfter = TestPKI.day(-10)
        let int = TestPKI.issue(spec, by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        let result = Trust.evaluate(leaf, [int], anchors: [root])
        let finding = result.first(.certExpired)
        #expect(finding?.subject == .certificate(1))
        #expect(finding?.severity == .error)
        #expect(!result.trusted)
    }

    @Test func aValidPathIsPreferredOverAnExpiredCrossSignature() {
        // The "chain of pain": the server sends a cross-certificate that expired, but the
        // client has the root it leads past.
        let oldRoot = TestPKI.issue(.root("Old Root"))
        let root = TestPKI.issue(.root("Test Root CA"))
        var crossSpec = TestPKI.Spec.intermediate("Test Root CA")
        crossSpec.notAfter = TestPKI.day(-1)
        crossSpec.notBefore = TestPKI.day(-400)
        let cross = TestPKI.issue(crossSpec, by: oldRoot, reuseKey: root.privateKey)
        let int = TestPKI.issue(.intermediate("Test Intermediate CA"), by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        let result = Trust.evaluate(leaf, [int, cross], anchors: [oldRoot, root])
        #expect(result.trusted)
        #expect(result.pathSources == ["certificate[0]", "certificate[1]", "anchor Test Root CA.pem"])
        #expect(result.first(.chainUnrelatedCertificate)?.subject == .certificate(2))
    }

    @Test func tooManyIntermediatesForTheLimit() {
        let pki = TestPKI.chain()
        let result = Trust.evaluate(pki.leaf, [pki.intermediate], anchors: [pki.root], maxIntermediates: 0)
        let finding = result.first(.chainTooLong)
        #expect(finding?.severity == .error)
        #expect(finding?.evidence["intermediates"]?.intValue == 1)
        #expect(finding?.evidence["limit"]?.intValue == 0)
        #expect(!result.trusted)
    }

    @Test func withoutAnchorsTrustIsNotJudgedButEverythingElseIs() {
        let pki = TestPKI.chain()
        var spec = TestPKI.Spec.server("printer.local")
        spec.notAfter = TestPKI.day(-1)
        let expired = TestPKI.issue(spec, by: pki.intermediate)
        let result = Trust.evaluate(expired, [pki.root, pki.intermediate], anchors: [], name: "scanner.local")
        #expect(!result.trusted)
        #expect(result.path == nil)
        #expect(result.anchor == nil)
        #expect(result.first(.certExpired)?.subject == .certificate(0))
        #expect(result.first(.nameMismatch)?.subject == .certificate(0))
        #expect(result.first(.chainWrongOrder)?.severity == .warning)
        #expect(result.first(.chainRootSent)?.subject == .certificate(1))
        #expect(result.first(.chainMissingIntermediate) == nil)
        #expect(result.first(.chainUntrustedRoot) == nil)
    }

    @Test func validationIsAtTheSecondOfTheGivenInstant() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.server("printer.local")
        spec.notAfter = TestPKI.referenceTime
        let leaf = TestPKI.issue(spec, by: root)
        #expect(Trust.evaluate(leaf, anchors: [root], at: TestPKI.referenceTime.addingTimeInterval(0.5)).trusted)
        let late = Trust.evaluate(leaf, anchors: [root], at: TestPKI.referenceTime.addingTimeInterval(1))
        #expect(late.first(.certExpired)?.subject == .certificate(0))
    }
}

@Suite struct ChainRoleWordingTests {
    @Test func aClientChainsFixNamesTheClientsIdentityAndTheServersCAFile() throws {
        let chain = TestPKI.chain()
        let client = TestPKI.issue(.client("front-desk-ipad"), by: chain.intermediate)
        let evaluation = TrustEngine.evaluate(
            leaf: client.x509,
            presented: [],
            anchors: [TrustAnchor(certificate: chain.root.x509, source: "client-ca.pem")],
            context: TrustContext(at: TestPKI.referenceTime, purpose: .client)
        )
        let finding = try #require(evaluation.findings.first { $0.code == .chainMissingIntermediate })
        #expect(finding.fix.contains("the client's identity"))
        #expect(finding.fix.contains("the server's client CA file"))
        #expect(!finding.fix.contains("server's chain file"))
    }
}
