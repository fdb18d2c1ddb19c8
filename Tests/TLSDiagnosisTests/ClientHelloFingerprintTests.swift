import Foundation
import Testing
import TLSDiagnosis
import TestSupport
@testable import TLSModel
import TLSWire

@Suite struct ClientHelloFingerprintTests {
    /// salesforce/ja3 README.md, "How it works": the two example strings and their MD5s.
    @Test func ja3HashesMatchTheReadmeExamples() {
        let withExtensions = JA3(
            version: 769,
            ciphers: [47, 53, 5, 10, 49161, 49162, 49171, 49172, 50, 56, 19, 4],
            extensions: [0, 10, 11],
            ellipticCurves: [23, 24, 25],
            ellipticCurvePointFormats: [0]
        )
        #expect(withExtensions.string == "769,47-53-5-10-49161-49162-49171-49172-50-56-19-4,0-10-11,23-24-25,0")
        #expect(ClientHelloFingerprint.md5Hex(withExtensions.string) == "ada70206e40642a3e4461f35503241d5")

        let without = JA3(
            version: 769,
            ciphers: [4, 5, 10, 9, 100, 98, 3, 6, 19, 18, 99],
            extensions: [],
            ellipticCurves: [],
            ellipticCurvePointFormats: []
        )
        #expect(without.string == "769,4-5-10-9-100-98-3-6-19-18-99,,,")
        #expect(ClientHelloFingerprint.md5Hex(without.string) == "de350869b8c85de67a350c8d186f11e6")
    }

    /// FoxIO-LLC/ja4 technical_details/JA4.md, "Example" and "Raw Output":
    /// JA4 = t13d1516h2_8daaf6152771_e5627efa2ab1, JA4_o = t13d1516h2_acb858a92679_18f69afefd3d
    /// (the same values rust/ja4/src/tls.rs asserts in `test_client_stats_into_out`).
    @Test func ja4HashesMatchThePublishedExample() {
        let ciphers = [
            "1301", "1302", "1303", "c02b", "c02f", "c02c", "c030", "cca9", "cca8", "c013", "c014",
            "009c", "009d", "002f", "0035",
        ]
        let extensions = [
            "001b", "0000", "0033", "0010", "4469", "0017", "002d", "000d", "0005", "0023", "0012",
            "002b", "ff01", "000b", "000a", "0015",
        ]
        let signatureAlgorithms = ["0403", "0804", "0401", "0503", "0805", "0501", "0806", "0601"]
        let ja4 = JA4(
            a: "t13d1516h2",
            ciphers: ciphers,
            extensions: extensions,
            signatureAlgorithms: signatureAlgorithms
        )
        let fingerprint = ClientHelloFingerprint(
            ja3: JA3(
                version: 771,
                ciphers: [],
                extensions: [],
                ellipticCurves: [],
                ellipticCurvePointFormats: []
            ),
            ja4: ja4
        )
        #expect(fingerprint.ja4 == "t13d1516h2_8daaf6152771_e5627efa2ab1")
        #expect(fingerprint.ja4Original == "t13d1516h2_acb858a92679_18f69afefd3d")
        #expect(fingerprint.ja4Raw == ja4.raw)
        #expect(fingerprint.ja4RawOriginal == ja4.rawOriginal)
        // JA4.md, "Extension hash": the full SHA-256 of the example's JA4_c input.
        #expect(
            ClientHelloFingerprint.sha256Hex(ja4.extensionHashInput)
                == "e5627efa2ab19723084c1033a96c694a45826ab5a460d2d3fd5ffcfe97161c95"
        )
        // JA4.md: without signature algorithms "the string ends without an underscore":
        // "0005,000a,000b,000d,0012,0015,0017,001b,0023,002b,002d,0033,4469,ff01 = 6d807ffa2a79".
        let noSignatures = JA4(a: "t13d1516h2", ciphers: ciphers, extensions: extensions, signatureAlgorithms: [])
        #expect(noSignatures.fingerprint(sha256Hex: ClientHelloFingerprint.sha256Hex).hasSuffix("_6d807ffa2a79"))
    }

    /// The Chrome 143 hello of FingerprintPartsTests: JA4 t13d1516h2_8daaf6152771_d8a2da3f94cd
    /// and JA4_o t13d1516h2_acb858a92679_f96a17c57971, as browserleaks.com printed them.
    @Test func ja4HashesMatchAChrome143Hello() {
        let ciphers = [
            "1301", "1302", "1303", "c02b", "c02f", "c02c", "c030", "cca9", "cca8", "c013", "c014",
            "009c", "009d", "002f", "0035",
        ]
        let extensions = [
            "002d", "0033", "0010", "fe0d", "0017", "44cd", "0000", "000b", "000a", "002b", "ff01",
            "0023", "0012", "0005", "000d", "001b",
        ]
        let signatureAlgorithms = ["0403", "0804", "0401", "0503", "0805", "0501", "0806", "0601"]
        let ja4 = JA4(
            a: "t13d1516h2",
            ciphers: ciphers,
            extensions: extensions,
            signatureAlgorithms: signatureAlgorithms
        )
        let fingerprint = ClientHelloFingerprint(
            ja3: JA3(
                version: 771,
                ciphers: [],
                extensions: [],
                ellipticCurves: [],
                ellipticCurvePointFormats: []
            ),
            ja4: ja4
        )
        #expect(fingerprint.ja4 == "t13d1516h2_8daaf6152771_d8a2da3f94cd")
        #expect(fingerprint.ja4Original == "t13d1516h2_acb858a92679_f96a17c57971")
    }

    /// rust/ja4/src/lib.rs `test_hash12`: "551d0f,551d25,551d11" → aae71e8db6d7.
    @Test func truncatedSHA256MatchesTheReferenceHelper() {
        let ja4 = JA4(a: "t13i010100", ciphers: ["x"], extensions: [], signatureAlgorithms: [])
        let b = ja4.fingerprint { _ in ClientHelloFingerprint.sha256Hex("551d0f,551d25,551d11") }
        #expect(b == "t13i010100_aae71e8db6d7_000000000000")
    }

    /// curl 7.88.1's ClientHello captured on lo (Tests/Tools/capture-tls-vectors.py);
    /// tshark 4.0 computed its JA3 from the same capture.
    @Test func curlsCapturedHelloMatchesTShark() throws {
        let record = CurlClientHello.curlClientHelloRecord
        let hello = try ClientHello(RawHandshakeMessage(bytes: record.dropFirst(5)))
        let fingerprint = ClientHelloFingerprint(hello)
        #expect(fingerprint.ja3 == CurlClientHello.curlJA3FromTShark.full)
        #expect(fingerprint.ja3Hash == CurlClientHello.curlJA3FromTShark.hash)
        // 31 suites, 12 extensions, SNI tlsprobe.test, ALPN h2 first, TLS 1.3 offered.
        #expect(fingerprint.ja4.hasPrefix("t13d3112h2_"))
        #expect(fingerprint.ja4.count == 36)
        #expect(
            fingerprint.ja4 == "t13d3112h2_"
                + String(ClientHelloFingerprint.sha256Hex(hello.ja4.cipherHashInput).prefix(12))
                + "_" + String(ClientHelloFingerprint.sha256Hex(hello.ja4.extensionHashInput).prefix(12))
        )
    }

    /// An SSLv2-compatible ClientHello (RFC 5246 Appendix E.2), as old clients sent it to
    /// reach SSLv2 and TLS servers alike, fingerprinted by JA4's rules (technical_details/
    /// JA4.md): no supported_versions, so the version is the hello's own (0x0301 → "10",
    /// 0x0002 → "s2"); no extensions, so no SNI ("i"), a count of 00, no ALPN ("00") and an
    /// empty JA4_c (000000000000). Its ciphers are the TLS suites among the three-byte
    /// CIPHER-SPECs (those whose first byte is 0, E.2), as a TLS server reads them; SSLv2's
    /// own kinds (0x010080 …) have no TLS code point and are not counted. JA4_b below is the
    /// SHA-256 of "000a,002f,0035,00ff" computed outside tlsprobe (Python's hashlib).
    @Test func sslv2CompatibleHellosAreFingerprintedByTheSpecificationsRules() throws {
        func v2Hello(version: [UInt8], specs: [[UInt8]]) throws -> ClientHello {
            let challenge = [UInt8](repeating: 0x5A, count: 16)
            let body: [UInt8] =
                [1] + version + [0, UInt8(specs.count * 3), 0, 0, 0, UInt8(challenge.count)] + specs.flatMap { $0 }
                + challenge
            var parser = RecordParser()
            parser.append([0x80 | UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body)
            let record = try #require(try parser.nextRecord())
            return try #require(record.sslv2ClientHello)
        }
        let compatible = try v2Hello(
            version: [3, 1],
            specs: [[0x01, 0x00, 0x80], [0, 0, 0x35], [0, 0, 0x2F], [0, 0, 0x0A], [0, 0, 0xFF]]
        )
        #expect(ClientHelloFingerprint(compatible).ja4 == "t10i040000_e2f6df6ad119_000000000000")
        #expect(compatible.ja4.raw == "t10i040000_000a,002f,0035,00ff_")
        let sslv2Only = try v2Hello(version: [0, 2], specs: [[0x01, 0x00, 0x80], [0x07, 0x00, 0xC0]])
        #expect(ClientHelloFingerprint(sslv2Only).ja4 == "ts2i000000_000000000000_000000000000")
    }

    /// Review finding: a hostile hello with a few suites but tens of thousands of signature
    /// algorithms (a short JA3, a huge JA4) is fingerprinted, not remembered; an ordinary
    /// one is.
    @Test func onlyOrdinaryHellosAreRemembered() {
        let ja3 = JA3(
            version: 771,
            ciphers: [4865],
            extensions: [13],
            ellipticCurves: [29],
            ellipticCurvePointFormats: [0]
        )
        let hostile = JA4(
            a: "t13i011100",
            ciphers: ["1301"],
            extensions: ["000d"],
            signatureAlgorithms: (0..<20_000).map { String(format: "%04x", $0) }
        )
        let ordinary = JA4(
            a: "t13i011100",
            ciphers: ["1301"],
            extensions: ["000d"],
            signatureAlgorithms: ["0403", "0804"]
        )
        let big = ClientHelloFingerprint(ja3: ja3, ja4: hostile)
        #expect(big.ja4.hasPrefix("t13i011100_"))
        #expect(!ClientHelloFingerprint.memo.contains(ja3: ja3.string, ja4: hostile))
        _ = ClientHelloFingerprint(ja3: ja3, ja4: ordinary)
        #expect(ClientHelloFingerprint.memo.contains(ja3: ja3.string, ja4: ordinary))
    }
}
