import Foundation
import Testing
import TestSupport
import SwiftASN1
import X509
@testable import TLSDiagnosis

/// The fix texts that are commands: a re-issue lists every subjectAltName entry the
/// certificate has (openssl's -addext replaces the whole extension), never writes an entry
/// a shell or openssl's list syntax would misread, and never offers a wildcard to dial.
@Suite struct FixTextTests {
    static func leaf(_ names: [GeneralName]) -> X509Certificate {
        let root = TestPKI.issue(.root("Test Root CA"))
        var spec = TestPKI.Spec.server("printer.local", dns: [])
        spec.sanPresent = false
        spec.extraExtensions = [try! Certificate.Extension(SubjectAlternativeNames(names), critical: false)]
        return TestPKI.issue(spec, by: root).x509
    }

    @Test func everyEntryKindIsKeptInOrderAndTheMissingOneAdded() {
        let cert = Self.leaf([
            .dnsName("printer.local"),
            .ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1][...])),
            .rfc822Name("ops@shop.lan"), .uniformResourceIdentifier("https://printer.local/admin?x=1"),
            .ipAddress(ASN1OctetString(contentBytes: [192, 168, 1, 9][...])),
        ])
        let list = SubjectAltNameText.list(cert, adding: .ip([10, 0, 0, 5]))
        #expect(
            list.value
                == "DNS:printer.local,IP:::1,email:ops@shop.lan,URI:https://printer.local/admin?x=1,IP:192.168.1.9,IP:10.0.0.5"
        )
        #expect(list.leftOut == 0)
        // A name it already has is not added twice.
        #expect(
            SubjectAltNameText.list(cert, adding: .dns("PRINTER.local")).value.components(separatedBy: "DNS:").count
                == 2
        )
    }

    @Test(arguments: [
        "$(reboot)", "a,DNS:evil", "x\"y", "back`tick`", "bang!", "with space", "back\\slash", "tab\there",
    ])
    func anEntryAShellOrOpenSSLWouldMisreadIsLeftOutAndSaidSo(hostile: String) {
        let cert = Self.leaf([.dnsName("printer.local"), .dnsName(hostile)])
        let list = SubjectAltNameText.list(cert, adding: .ip([10, 0, 0, 5]))
        #expect(list.value == "DNS:printer.local,IP:10.0.0.5")
        #expect(list.leftOut == 1)
        let hint = SubjectAltNameText.opensslHint(cert, adding: .ip([10, 0, 0, 5]))
        #expect(!hint.contains(hostile))
        #expect(hint.contains("1 entry of the certificate that cannot be written on a command line is left out"))
    }

    @Test func aNameFromTheWireThatAShellWouldReadGetsNoCommand() {
        let cert = Self.leaf([.dnsName("printer.local")])
        let hint = SubjectAltNameText.opensslHint(cert, adding: .dns("$(reboot).local"))
        #expect(!hint.contains("$("))
        #expect(!hint.contains("-addext \""))
    }

    @Test func theIPFixListsTheNamesItHad() {
        let pki = TestPKI.chain(host: "printer.local", ips: ["::1"])
        let result = Trust.evaluate(pki.leaf, [pki.intermediate], anchors: [pki.root], name: "10.0.0.5")
        #expect(
            result.first(.nameIPNotInSAN)?.fix.contains(
                "-addext \"subjectAltName=DNS:printer.local,IP:::1,IP:10.0.0.5\""
            ) == true
        )
    }

    @Test func theCommonNameOnlyFixKeepsTheAddresses() {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("printer.local", dns: [], ips: ["10.0.0.5"]), by: root)
        let result = Trust.evaluate(leaf, anchors: [root])
        #expect(
            result.first(.nameCNOnly)?.fix.contains("-addext \"subjectAltName=IP:10.0.0.5,DNS:printer.local\"") == true
        )
    }

    /// (SAN DNS names, IP addresses, dialled, expected in the fix, never in the fix)
    static let dialCases: [([String], [String], String, String, String?)] = [
        (["*.local"], [], "printer.local", "No name works with this certificate: clients refuse \"*.local\"", "Dial"),
        (
            ["*.local", "nas.shop.lan"], [], "printer.local",
            "Dial a name the certificate carries instead (nas.shop.lan)", nil
        ),
        (
            ["*.shop.lan"], ["10.0.0.9"], "printer.local", "(printer.shop.lan, which \"*.shop.lan\" covers; 10.0.0.9)",
            nil
        ),
        (["*.shop.lan"], [], "a.b.shop.lan", "(a.shop.lan, which \"*.shop.lan\" covers)", nil),
        (["f*o.shop.lan"], [], "foo.shop.lan", "clients refuse \"f*o.shop.lan\"", "Dial"),
        (
            ["printer.local"], [], "scanner.local",
            "Dial a name the certificate carries instead (printer.local). Or re-issue", nil
        ),
    ]

    @Test(arguments: dialCases)
    func aWildcardIsNeverOfferedAsANameToDial(
        dns: [String],
        ips: [String],
        dialled: String,
        expected: String,
        never: String?
    ) throws {
        let root = TestPKI.issue(.root("Test Root CA"))
        let leaf = TestPKI.issue(.server("device", dns: dns, ips: ips), by: root)
        let result = Trust.evaluate(leaf, anchors: [root], name: dialled)
        let fix = try #require(result.first(.nameMismatch)?.fix)
        #expect(fix.contains(expected), "\(fix)")
        if let never { #expect(!fix.contains(never), "\(fix)") }
        // Every name offered to dial is a name, never a pattern.
        if let offered = fix.components(separatedBy: "instead (").dropFirst().first?.prefix(while: { $0 != ")" }) {
            for option in offered.components(separatedBy: "; ") {
                #expect(!(option.components(separatedBy: ",").first ?? "").contains("*"), "\(fix)")
            }
        }
        // The re-issue command drops the wildcards clients refuse.
        let addext = String(
            (fix.components(separatedBy: "-addext \"").dropFirst().first ?? "").prefix(while: { $0 != "\"" })
        )
        #expect(!addext.contains("f*o") && !addext.contains("*.local"), "\(fix)")
    }
}
