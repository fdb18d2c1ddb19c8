import Foundation
import Testing
import TestSupport
import X509
@testable import TLSDiagnosis

@Suite struct X509CertificateTests {
    /// A name attribute whose value is not a string type (x500UniqueIdentifier, a BIT
    /// STRING) is written as RFC 4514 says, `#` and the hex of its DER, not as the
    /// library's debug text (`ASN1Any([...])`).
    @Test func aNonStringNameValueIsHexInRFC4514Form() throws {
        // Name: SET { 2.5.4.45 = BIT STRING 00ff }, SET { CN = UTF8String "x" }
        let der: [UInt8] = [
            0x30, 0x19,
            0x31, 0x0b, 0x30, 0x09, 0x06, 0x03, 0x55, 0x04, 0x2d, 0x03, 0x02, 0x00, 0xff,
            0x31, 0x0a, 0x30, 0x08, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0c, 0x01, 0x78,
        ]
        #expect(DNComparison.text(der) == "CN=x,2.5.4.45=#030200ff")
        let name = try #require(DNComparison.name(der))
        #expect(DNComparison.text(name) == "CN=x,2.5.4.45=#030200ff")
        #expect(!DNComparison.text(der).contains("ASN1Any"))
    }

    /// Bad base64 is reported at the line where it is, not at the block's BEGIN line.
    @Test func badBase64IsReportedAtItsOwnLine() throws {
        let text = "-----BEGIN CERTIFICATE-----\nMIIB\nMI*B\nAAAA\n-----END CERTIFICATE-----\n"
        let (blocks, problems) = PEM.blocks(in: Array(text.utf8))
        #expect(blocks.isEmpty)
        let problem = try #require(problems.first)
        #expect(problem.line == 3)
        #expect(problem.description == "line 3: CERTIFICATE block is not valid base64 (the block begins at line 1)")
        // Data after padding: the line that carries it.
        let padded = "junk\n-----BEGIN CERTIFICATE-----\nMIE=\nMIIB\n-----END CERTIFICATE-----\n"
        #expect(PEM.blocks(in: Array(padded.utf8)).problems.first?.line == 4)
    }

    @Test func readsWhatSwiftCertificatesWrote() throws {
        let chain = TestPKI.chain(host: "printer.local", ips: ["10.0.0.5"])
        let leaf = chain.leaf.x509
        #expect(leaf.subjectString == "CN=printer.local")
        #expect(leaf.issuerString == "CN=Test Intermediate CA")
        #expect(leaf.dnsNames == ["printer.local"])
        #expect(leaf.ipAddresses.map(IPAddressText.format) == ["10.0.0.5"])
        #expect(leaf.extendedKeyUsageNames == ["serverAuth"])
        #expect(leaf.keyUsageNames == ["digitalSignature", "keyEncipherment"])
        #expect(leaf.key == KeyDescription(type: "EC", bits: 256, curve: "P-256"))
        #expect(leaf.notBefore == TestPKI.day(-30))
        #expect(leaf.notAfter == TestPKI.day(90))
        #expect(leaf.anomalies.isEmpty)
        #expect(!leaf.isCA)
        #expect(chain.intermediate.x509.isCA)
        #expect(leaf.authorityKeyIDHex == chain.intermediate.x509.subjectKeyIDHex)
    }

    @Test func signaturesCheckAgainstTheRightIssuerOnly() {
        let chain = TestPKI.chain()
        #expect(chain.leaf.x509.signatureCheck(by: chain.intermediate.x509) == .valid)
        #expect(chain.leaf.x509.signatureCheck(by: chain.root.x509) == .invalid)
        #expect(chain.root.x509.isSelfSigned)
        #expect(!chain.intermediate.x509.isSelfSigned)
    }

    @Test func readsAWeakRSAKeyThatSwiftCertificatesRefuses() {
        let root = TestPKI.issue(.root("Old Root", key: .rsa(bits: 2048)))
        var spec = TestPKI.Spec.server("camera.local")
        spec.key = .rsa(bits: 1024)
        spec.signatureAlgorithm = .sha1WithRSAEncryption
        let leaf = TestPKI.issue(spec, by: root)
        #expect((try? Certificate(derEncoded: leaf.der)) == nil)
        let parsed = leaf.x509
        #expect(parsed.key == KeyDescription(type: "RSA", bits: 1024))
        #expect(parsed.signatureAlgorithm.name == "sha1WithRSAEncryption")
        #expect(parsed.signatureCheck(by: root.x509) == .valid)
    }

    /// Found by FuzzCredentials: swift-crypto 3.12.3 frees its EVP_PKEY twice when neither
    /// of its RSA parsers reads the key (the catch frees it, then deinit), so an RSA key that
    /// is not a valid RSAPublicKey must never reach `_RSA.Signing.PublicKey(derRepresentation:)`
    /// (nor swift-certificates' `Certificate.PublicKey(derEncoded:)`, which calls it).
    @Test func anRSAKeyNeitherParserReadsIsDescribedAndNotFreedTwice() throws {
        let root = TestPKI.issue(.root("RSA Root", key: .rsa(bits: 2048)))
        var spec = TestPKI.Spec.server("rsa.local")
        spec.key = .rsa(bits: 2048)
        let leaf = TestPKI.issue(spec, by: root)
        // RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER } with the
        // modulus's tag made constructed (0x22), as the fuzzer did: no RSA parser takes it.
        let rsaPublicKey: [UInt8] = [0x30, 0x82, 0x01, 0x0A, 0x02, 0x82, 0x01, 0x01]
        let at = try #require(
            (0...(leaf.der.count - rsaPublicKey.count)).first {
                leaf.der[$0..<($0 + rsaPublicKey.count)].elementsEqual(rsaPublicKey)
            }
        )
        var broken = leaf.der
        broken[at + 4] = 0x22
        let parsed = try X509Certificate(derEncoded: broken)
        #expect(parsed.key == KeyDescription(type: "RSA", bits: nil))
        #expect(parsed.anomalies.contains { $0.problem == "RSA key cannot be read" })
        // A certificate it signed cannot be checked with it.
        let child = TestPKI.issue(.server("child.local"), by: leaf)
        #expect(child.x509.signatureCheck(by: parsed) != .valid)
        // Every byte of the key damaged in turn (270 bytes from the RSAPublicKey's start):
        // the certificate is malformed, or it is read and its damaged key never vouches
        // for the certificate the real key signed.
        for index in at..<min(leaf.der.count, at + 270) {
            for flip: UInt8 in [0x20, 0xFF] {
                var damaged = leaf.der
                damaged[index] ^= flip
                if let read = try? X509Certificate(derEncoded: damaged) {
                    #expect(child.x509.signatureCheck(by: read) != .valid, "key byte \(index - at) ^ \(flip)")
                }
            }
        }
    }

    @Test func rejectsEveryTruncationOfACertificate() {
        let der = TestPKI.chain().leaf.der
        for length in 0..<der.count {
            #expect(throws: X509ParseError.self) { try X509Certificate(derEncoded: Array(der.prefix(length))) }
        }
    }

    /// A certificate with any one byte damaged is rejected as malformed, or read and then
    /// no longer carries a signature its issuer made: damage never passes for the original.
    @Test func everyByteFlippedIsMalformedOrNoLongerSignedByItsIssuer() {
        let chain = TestPKI.chain()
        let der = chain.leaf.der
        let issuer = chain.intermediate.x509
        #expect(chain.leaf.x509.signatureCheck(by: issuer) == .valid)
        for index in der.indices {
            var damaged = der
            damaged[index] ^= 0xFF
            if let read = try? X509Certificate(derEncoded: damaged) {
                #expect(read.signatureCheck(by: issuer) != .valid, "byte \(index) flipped")
            }
        }
    }
}
