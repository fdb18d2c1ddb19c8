import Foundation
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

@Suite struct NameMatchingTests {
    /// (pattern in the certificate, name dialled, matches)
    static let wildcardTable: [(String, String, Bool)] = [
        ("printer.local", "printer.local", true),
        ("Printer.Local", "printer.LOCAL", true),
        ("printer.local.", "printer.local", true),
        ("printer.local", "printer.local.", true),
        ("*.example.com", "foo.example.com", true),
        ("*.example.com", "FOO.Example.com", true),
        ("*.example.com", "example.com", false),
        ("*.example.com", "foo.bar.example.com", false),
        ("*.example.com", ".example.com", false),
        ("foo.*.example.com", "foo.bar.example.com", false),
        ("ba*.example.com", "baz.example.com", false),
        ("*oo.example.com", "foo.example.com", false),
        ("xn--*-1b3c148a.example.com", "xn--bliss-1b3c148a.example.com", false),
        ("*.com", "example.com", false),
        ("*", "example", false),
        ("*.*.example.com", "a.b.example.com", false),
        ("example.com", "example2.com", false),
        ("abc.example.com", "example.com", false),
        ("", "example.com", false),
        ("*.local", "printer.local", false),
        ("*.shop.local", "printer.shop.local", true),
    ]

    @Test(arguments: wildcardTable)
    func dnsMatchingFollowsRFC9525(pattern: String, name: String, expected: Bool) {
        #expect(NameMatching.dnsMatches(pattern: pattern, name: name) == expected)
    }

    /// (iPAddress SANs, dialled address, matches)
    static let ipTable: [([String], String, Bool)] = [
        (["10.0.0.5"], "10.0.0.5", true),
        (["10.0.0.5"], "10.0.0.6", false),
        (["10.0.0.5", "::1"], "::1", true),
        (["::1"], "0:0:0:0:0:0:0:1", true),
        (["2001:db8::1"], "2001:DB8::1", true),
        (["10.0.0.5"], "::ffff:10.0.0.5", false),
        ([], "10.0.0.5", false),
    ]

    @Test(arguments: ipTable)
    func ipAddressesMatchIPAddressEntriesOnly(sans: [String], dialled: String, expected: Bool) {
        let pki = TestPKI.chain(host: "printer.local", ips: sans)
        let result = Trust.evaluate(pki.leaf, [pki.intermediate], anchors: [pki.root], name: dialled)
        #expect(result.trusted == expected)
        #expect((result.first(.nameIPNotInSAN) == nil) == expected)
    }

    @Test func ipInADNSNameIsExplained() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("10.0.0.5", dns: ["10.0.0.5"]), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], name: "10.0.0.5", profile: .openssl)
        let finding = result.first(.nameIPNotInSAN)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["san_dns_with_address"]?.stringsValue == ["10.0.0.5"])
        #expect(finding?.message.contains("as a DNS name") == true)
        #expect(!result.trusted)
    }

    @Test func ipInTheCommonNameIsExplainedEvenUnderOpenSSL() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("10.0.0.5", dns: []), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], name: "10.0.0.5", profile: .openssl)
        let finding = result.first(.nameIPNotInSAN)
        #expect(finding?.evidence["common_name_with_address"]?.stringsValue == ["10.0.0.5"])
        #expect(!result.trusted)
    }

    @Test func mismatchNamesTheExpectedAndPresentedNames() {
        let pki = TestPKI.chain(host: "printer.local")
        let result = Trust.evaluate(pki.leaf, [pki.intermediate], anchors: [pki.root], name: "scanner.local")
        let finding = result.first(.nameMismatch)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(finding?.evidence["expected"]?.stringValue == "scanner.local")
        #expect(finding?.evidence["san_dns"]?.stringsValue == ["printer.local"])
        #expect(finding?.fix.contains("DNS:scanner.local") == true)
        #expect(result.nameMatched == false)
        #expect(!result.trusted)
    }

    @Test func wildcardNearMissIsExplained() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("*.shop.local", dns: ["*.shop.local"]), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], name: "a.b.shop.local")
        #expect(result.first(.nameMismatch)?.message.contains("exactly one label") == true)
    }

    @Test func commonNameOnlyLeafIsCNOnlyUnderTheDefaultProfile() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("printer.local", dns: []), by: root)
        let result = Trust.evaluate(leaf, anchors: [root])
        let finding = result.first(.nameCNOnly)
        #expect(finding?.severity == .error)
        #expect(finding?.subject == .certificate(0))
        #expect(result.first(.nameMismatch) == nil)
        #expect(!result.trusted)
    }

    @Test func openSSLProfileFallsBackToTheCommonName() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("printer.local", dns: []), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], profile: .openssl)
        #expect(result.trusted)
        #expect(result.first(.nameCNOnly)?.severity == .warning)
        #expect(result.nameMatched == true)
    }

    /// OpenSSL's X509_check_host falls back to the Common Name when the SAN has no DNS
    /// name, not only when there is no SAN at all.
    @Test func openSSLProfileFallsBackWhenTheSANHasOnlyAnIPAddress() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("printer.local", dns: [], ips: ["10.0.0.5"]), by: root)
        let openssl = Trust.evaluate(leaf, anchors: [root], profile: .openssl)
        #expect(openssl.trusted, "\(openssl.errorCodes)")
        #expect(openssl.first(.nameCNOnly)?.severity == .warning)
        #expect(openssl.first(.nameMismatch) == nil)
        let strict = Trust.evaluate(leaf, anchors: [root])
        #expect(!strict.trusted)
        #expect(strict.first(.nameCNOnly)?.severity == .error)
        #expect(strict.first(.nameMismatch) == nil, "the Common Name matches: say so, not that it does not")
    }

    @Test func aSANWithoutDNSNamesAndAnotherCommonNameIsAMismatch() throws {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("scanner.local", dns: [], ips: ["10.0.0.5"]), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], profile: .openssl)
        #expect(!result.trusted)
        let message = try #require(result.first(.nameMismatch)?.message)
        #expect(
            message.contains(
                "its subjectAltName has no DNS names, and its Common Name \"scanner.local\" does not match either"
            ),
            "\(message)"
        )
    }

    @Test func openSSLIgnoresTheCommonNameWhenDNSNamesArePresent() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("printer.local", dns: ["scanner.local"]), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], profile: .openssl)
        #expect(!result.trusted)
        #expect(result.first(.nameMismatch)?.message.contains("Common Name matches") == true)
    }

    @Test func appleProfileRefusesCommonNameOnly() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("printer.local", dns: []), by: root)
        #expect(!Trust.evaluate(leaf, anchors: [root], profile: .apple).trusted)
    }
}

/// The name check is linear in the number of subjectAltName entries: a hostile leaf
/// carries 100,000 of them, and a quadratic duplicate removal took 9.7 s over them.
@Suite struct NameMatchingScalingTests {
    static func leaf(names count: Int) -> X509Certificate {
        FixTextTests.leaf((0..<count).map { .dnsName("host\($0).shop.lan") })
    }

    /// The fastest of three runs of the fix's command over `leaf`, in seconds.
    static func seconds(_ leaf: X509Certificate) -> Double {
        (0..<3).map { _ in
            let started = DispatchTime.now().uptimeNanoseconds
            _ = NameMatching.identityCommand(leaf, adding: "printer.local")
            return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        }.min() ?? 0
    }

    /// Eight times the names takes about eight times the time (a quadratic takes 64): a
    /// ratio, not a wall-clock bound, so a slow machine does not fail it.
    @Test func fortyThousandNamesTakeAFractionOfASecond() {
        let large = Self.leaf(names: 40_000)
        let slow = Self.seconds(large)
        print("identityCommand: 40,000 names \(slow) s")
        // Linear: 0.2 s in a debug build; the quadratic removal of duplicates took 52 s. The
        // bound sits fifty times above the one and far below the other, so a loaded machine
        // does not fail it.
        #expect(slow < 10 * Slowness.factor, "40,000 names took \(slow) s")
        let command = NameMatching.identityCommand(large, adding: "printer.local")
        #expect(command.hasPrefix("tlsprobe identity server --ca CA_DIR --host printer.local --host host0.shop.lan"))
        #expect(command.hasSuffix(" ... --out DIR"))
    }
}
