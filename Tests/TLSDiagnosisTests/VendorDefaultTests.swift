import Testing
import TestSupport
@testable import TLSDiagnosis

/// `cert.vendor_default`: a default certificate is known by whole attribute values of the
/// leaf's own subject, not by a word inside any name, nor by its issuer.
@Suite struct VendorDefaultTests {
    static func leaf(
        cn: String = "printer.local",
        o: String? = nil,
        by issuer: TestPKI.Issued? = nil
    ) -> X509Certificate {
        var spec = TestPKI.Spec.server(cn, dns: ["printer.local"])
        spec.organization = o
        return TestPKI.issue(spec, by: issuer).x509
    }

    static func defaults(_ cert: X509Certificate) -> [Finding] {
        CertificateLint.vendorDefault(cert, subject: .certificate(0))
    }

    @Test func theStacksDefaultNamesAreReported() throws {
        let cases: [(cn: String, o: String?, match: String)] = [
            ("printer.local", "Acme Co", "Acme Co"),
            ("printer.local", "acme co", "Acme Co"),
            ("printer.local", "Internet Widgits Pty Ltd", "Internet Widgits Pty Ltd"),
            ("printer.local", "Default Company Ltd", "Default Company Ltd"),
            ("printer.local", "SomeOrganization", "SomeOrganization"),
            ("localhost.localdomain", nil, "localhost.localdomain"),
            ("ssl-cert-snakeoil", nil, "snakeoil"),
            ("Snakeoil Test", nil, "snakeoil"),
        ]
        for c in cases {
            let found = Self.defaults(Self.leaf(cn: c.cn, o: c.o))
            #expect(found.count == 1, "CN=\(c.cn) O=\(c.o ?? "-")")
            #expect(found.first?.code == .certVendorDefault)
            #expect(found.first?.evidence["default"] == .string(c.match), "CN=\(c.cn) O=\(c.o ?? "-")")
            #expect(found.first?.evidence["field"] == .string("subject"))
        }
    }

    @Test func aNameThatOnlyContainsADefaultIsNotOne() {
        let cases: [(cn: String, o: String?)] = [
            ("printer.local", "Acme Corporation"),
            ("printer.local", "Acme Co-operative Bank"),
            ("printer.local", "Internet Widgits Pty Ltd Reseller GmbH"),
            ("printer.local", "SomeOrganizationalUnit Works"),
            ("localhost.localdomain.example.com", nil),
            ("Acme Co", "Shop"),
        ]
        for c in cases {
            #expect(Self.defaults(Self.leaf(cn: c.cn, o: c.o)).isEmpty, "CN=\(c.cn) O=\(c.o ?? "-")")
        }
    }

    @Test func aLeafOfItsOwnUnderAHomeCAWithADefaultNameIsNotReported() {
        // openssl req's defaults on the home CA; the leaf it signed has a key and name of its own.
        var root = TestPKI.Spec.root("Home Root")
        root.organization = "Internet Widgits Pty Ltd"
        let ca = TestPKI.issue(root)
        let leaf = Self.leaf(o: "Front Desk", by: ca)
        #expect(leaf.issuerString.contains("Internet Widgits"))
        #expect(Self.defaults(leaf).isEmpty, "\(Self.defaults(leaf).map(\.message))")
    }
}
