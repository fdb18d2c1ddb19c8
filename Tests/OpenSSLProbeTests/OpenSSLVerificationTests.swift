import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import OpenSSLProbe

/// OpenSSL's own verdict, by symbol, on the same inputs the engine judges.
@Suite struct OpenSSLVerificationTests {
    static let context = TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"))

    @Test func acceptsATrustedChain() {
        let chain = TestPKI.chain()
        let verdict = OpenSSLVerification.verify(
            leaf: chain.leaf.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: Self.context
        )
        #expect(verdict.ok)
        #expect(verdict.error == nil)
        #expect(verdict.verifier.hasPrefix("OpenSSL 3."))
    }

    @Test func acceptsACAWithCriticalPolicyExtensions() {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.intermediate("Policy CA")
        spec.extraExtensions = TestPKI.criticalPolicyExtensions
        let int = TestPKI.issue(spec, by: root)
        let leaf = TestPKI.issue(.server("printer.local"), by: int)
        let verdict = OpenSSLVerification.verify(
            leaf: leaf.x509,
            presented: [int.x509],
            anchors: [root.x509],
            context: Self.context
        )
        #expect(verdict.ok, "\(verdict.error ?? "")")
    }

    @Test func fallsBackToTheCommonNameWhenTheSANHasNoDNSName() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("printer.local", dns: [], ips: ["10.0.0.5"]), by: root)
        let verdict = OpenSSLVerification.verify(
            leaf: leaf.x509,
            presented: [],
            anchors: [root.x509],
            context: Self.context
        )
        #expect(verdict.ok, "\(verdict.error ?? "")")
    }

    @Test func namesAMissingIntermediate() {
        let chain = TestPKI.chain()
        let verdict = OpenSSLVerification.verify(
            leaf: chain.leaf.x509,
            presented: [],
            anchors: [chain.root.x509],
            context: Self.context
        )
        #expect(!verdict.ok)
        #expect(verdict.error == "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY")
        #expect(verdict.depth == 0)
        #expect(verdict.message == "unable to get local issuer certificate")
    }

    @Test func namesASelfSignedLeaf() {
        // A camera's certificate as `openssl req -x509` makes it: no key usage.
        var spec = TestPKI.Spec.server("camera.local")
        spec.keyUsage = nil
        let camera = TestPKI.issue(spec)
        let root = TestPKI.chain().root
        let verdict = OpenSSLVerification.verify(
            leaf: camera.x509,
            presented: [],
            anchors: [root.x509],
            context: TrustContext(at: TestPKI.referenceTime, expectedName: .dns("camera.local"))
        )
        #expect(verdict.error == "X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT")
        #expect(verdict.depth == 0)
    }

    @Test func namesAnExpiredLeafAtTheContextsInstant() {
        let chain = TestPKI.chain()
        // Valid at the reference time, expired a year later.
        let later = TrustContext(at: TestPKI.day(365), expectedName: .dns("printer.local"))
        let verdict = OpenSSLVerification.verify(
            leaf: chain.leaf.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: later
        )
        #expect(verdict.error == "X509_V_ERR_CERT_HAS_EXPIRED")
        #expect(verdict.depth == 0)

        var spec = TestPKI.Spec.server("printer.local")
        spec.notBefore = TestPKI.day(-400)
        spec.notAfter = TestPKI.day(-1)
        let expired = TestPKI.issue(spec, by: chain.intermediate)
        let now = OpenSSLVerification.verify(
            leaf: expired.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: Self.context
        )
        #expect(now.error == "X509_V_ERR_CERT_HAS_EXPIRED")

        let early = OpenSSLVerification.verify(
            leaf: chain.leaf.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: TrustContext(at: TestPKI.day(-31), expectedName: .dns("printer.local"))
        )
        #expect(early.error == "X509_V_ERR_CERT_NOT_YET_VALID")
    }

    @Test func namesAHostNameMismatch() {
        let chain = TestPKI.chain()
        let verdict = OpenSSLVerification.verify(
            leaf: chain.leaf.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: TrustContext(at: TestPKI.referenceTime, expectedName: .dns("scanner.local"))
        )
        #expect(verdict.error == "X509_V_ERR_HOSTNAME_MISMATCH")
        #expect(verdict.depth == 0)
    }

    @Test func namesAnIPAddressMismatchAndAcceptsAMatch() {
        let chain = TestPKI.chain(host: "printer.local", ips: ["10.0.0.5"])
        let mismatch = OpenSSLVerification.verify(
            leaf: chain.leaf.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: TrustContext(at: TestPKI.referenceTime, expectedName: .ip([10, 0, 0, 6]))
        )
        #expect(mismatch.error == "X509_V_ERR_IP_ADDRESS_MISMATCH")
        let match = OpenSSLVerification.verify(
            leaf: chain.leaf.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: TrustContext(at: TestPKI.referenceTime, expectedName: ExpectedName(parsing: "10.0.0.5"))
        )
        #expect(match.ok)
    }

    @Test func checksThePurpose() {
        let chain = TestPKI.chain()
        let client = TestPKI.issue(.client("front-desk-ipad"), by: chain.intermediate)
        let asServer = OpenSSLVerification.verify(
            leaf: client.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: TrustContext(at: TestPKI.referenceTime)
        )
        #expect(asServer.error == "X509_V_ERR_INVALID_PURPOSE")
        let asClient = OpenSSLVerification.verify(
            leaf: client.x509,
            presented: [chain.intermediate.x509],
            anchors: [chain.root.x509],
            context: TrustContext(at: TestPKI.referenceTime, purpose: .client)
        )
        #expect(asClient.ok)
    }

    @Test func withoutAnchorsNothingIsTrusted() {
        let chain = TestPKI.chain()
        let verdict = OpenSSLVerification.verify(
            leaf: chain.leaf.x509,
            presented: [chain.intermediate.x509, chain.root.x509],
            anchors: [],
            context: Self.context
        )
        #expect(verdict.error == "X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN")
    }
}

@Suite struct OpenSSLVerifyErrorsTests {
    @Test func mapsBySymbolNotNumber() {
        #expect(OpenSSLVerifyErrors.symbol(for: 20) == "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY")
        // 24 was INVALID_CA in OpenSSL 1.1; in 3.0 it is NO_ISSUER_PUBLIC_KEY and INVALID_CA is 79.
        #expect(OpenSSLVerifyErrors.symbol(for: 24) == "X509_V_ERR_NO_ISSUER_PUBLIC_KEY")
        #expect(OpenSSLVerifyErrors.code(for: "X509_V_ERR_INVALID_CA") == 79)
        #expect(OpenSSLVerifyErrors.code(for: "hostname_mismatch") == 62)
        #expect(OpenSSLVerifyErrors.symbol(for: 0) == "X509_V_OK")
        #expect(OpenSSLVerifyErrors.symbol(for: 9999) == nil)
    }

    @Test func coversEveryConstantInTheHeader() throws {
        let header = "/usr/include/openssl/x509_vfy.h"
        guard let text = try? String(contentsOfFile: header, encoding: .utf8) else {
            print("skipped: \(header) is absent (install libssl-dev)")
            return
        }
        var symbols: [String] = []
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 3, words[0] == "#" || words[0] == "#define" else { continue }
            let rest = words[0] == "#" ? Array(words.dropFirst()) : ["define"] + Array(words.dropFirst())
            guard rest.count >= 3, rest[0] == "define", rest[1].hasPrefix("X509_V_ERR_") || rest[1] == "X509_V_OK",
                Int32(rest[2]) != nil
            else { continue }
            symbols.append(String(rest[1]))
        }
        #expect(symbols.count >= 95)
        let known = Set(OpenSSLVerifyErrors.all.map(\.symbol))
        for symbol in symbols {
            #expect(known.contains(symbol), "\(symbol) is missing from OpenSSLVerifyErrors")
        }
        #expect(OpenSSLVerifyErrors.all.count == Set(symbols).count)
    }
}
