import Testing
import TestSupport
import TLSWire

private func clientHello(_ builder: HelloBuilder) throws(WireError) -> ClientHello {
    try ClientHello(raw(builder.message))
}

/// A stand-in for SHA-256 that shows what was hashed: JA4's rules (truncation to 12,
/// the all-zero value for empty lists) are TLSWire's; the hash itself is TLSDiagnosis's.
private func fakeSHA256(_ input: String) -> String { "ABCDEF0123456789" + String(input.count) }

@Suite struct FingerprintPartsTests {
    // MARK: JA4 (FoxIO-LLC/ja4, technical_details/JA4.md)

    /// The published example: "JA4 = t13d1516h2_8daaf6152771_e5627efa2ab1", with its raw
    /// forms JA4_r and JA4_ro quoted from the same document. The hashes themselves are
    /// checked in TLSDiagnosisTests (ClientHelloFingerprintTests).
    @Test func reproducesThePublishedJA4ExampleFromWireBytes() throws {
        let ja4 = try clientHello(ja4SpecExampleHello()).ja4
        #expect(ja4.a == "t13d1516h2")
        #expect(ja4.cipherHashInput == "002f,0035,009c,009d,1301,1302,1303,c013,c014,c02b,c02c,c02f,c030,cca8,cca9")
        #expect(
            ja4.extensionHashInput
                == "0005,000a,000b,000d,0012,0015,0017,001b,0023,002b,002d,0033,4469,ff01_0403,0804,0401,0503,0805,0501,0806,0601"
        )
        #expect(
            ja4.raw
                == "t13d1516h2_002f,0035,009c,009d,1301,1302,1303,c013,c014,c02b,c02c,c02f,c030,cca8,cca9_0005,000a,000b,000d,0012,0015,0017,001b,0023,002b,002d,0033,4469,ff01_0403,0804,0401,0503,0805,0501,0806,0601"
        )
        #expect(
            ja4.rawOriginal
                == "t13d1516h2_1301,1302,1303,c02b,c02f,c02c,c030,cca9,cca8,c013,c014,009c,009d,002f,0035_001b,0000,0033,0010,4469,0017,002d,000d,0005,0023,0012,002b,ff01,000b,000a,0015_0403,0804,0401,0503,0805,0501,0806,0601"
        )
    }

    /// A Chrome 143 ClientHello (ECH 0xfe0d, ALPS 0x44cd, an X25519MLKEM768 key share,
    /// GREASE in front and behind), with the JA3 string, JA4_a, JA4_r and JA4_ro another
    /// implementation printed for it (browserleaks.com's TLS page, quoted in
    /// service0427/v2_cp_app's tls.md); the hashes are checked in ClientHelloFingerprintTests.
    /// Every one of its 16 non-GREASE extensions is counted and listed.
    @Test func reproducesAChrome143HelloWithECHAndALPS() throws {
        var hello = HelloBuilder()
        hello.ciphers = [
            0x5A5A, 0x1301, 0x1302, 0x1303, 0xC02B, 0xC02F, 0xC02C, 0xC030, 0xCCA9, 0xCCA8,
            0xC013, 0xC014, 0x009C, 0x009D, 0x002F, 0x0035,
        ]
        hello.sessionID = Array(repeating: 0x26, count: 32)
        hello.extensions = [
            (0x3A3A, []),
            (0x002D, ExtData.pskModes([1])),
            (
                0x0033,
                ExtData.keyShares([
                    (0x4A4A, [0]), (0x11EC, Array(repeating: 5, count: 1216)), (0x001D, Array(repeating: 7, count: 32)),
                ])
            ),
            (0x0010, ExtData.alpn(["h2", "http/1.1"])),
            (
                0xFE0D,
                [0, 0, 1, 0, 1, 0x9C] + vec(2, Array(repeating: 3, count: 32)) + vec(2, Array(repeating: 4, count: 144))
            ),
            (0x0017, []),
            (0x44CD, vec(2, vec(1, Array("h2".utf8)))),
            (0x0000, ExtData.sni("tls-outer.browserleaks.com")),
            (0x000B, [1, 0]),
            (0x000A, vec(2, u16s([0x4A4A, 0x11EC, 0x001D, 0x0017, 0x0018]))),
            (0x002B, ExtData.versions([0x7A7A, 0x0304, 0x0303])),
            (0xFF01, [0]),
            (0x0023, []),
            (0x0012, []),
            (0x0005, [1, 0, 0, 0, 0]),
            (0x000D, ExtData.sigalgs([0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806, 0x0601])),
            (0x001B, vec(1, [0x00, 0x02])),
            (0xDADA, [0]),
        ]
        let parsed = try clientHello(hello)
        #expect(parsed.ja4.a == "t13d1516h2")
        #expect(
            parsed.ja4.raw
                == "t13d1516h2_002f,0035,009c,009d,1301,1302,1303,c013,c014,c02b,c02c,c02f,c030,cca8,cca9_0005,000a,000b,000d,0012,0017,001b,0023,002b,002d,0033,44cd,fe0d,ff01_0403,0804,0401,0503,0805,0501,0806,0601"
        )
        #expect(
            parsed.ja4.rawOriginal
                == "t13d1516h2_1301,1302,1303,c02b,c02f,c02c,c030,cca9,cca8,c013,c014,009c,009d,002f,0035_002d,0033,0010,fe0d,0017,44cd,0000,000b,000a,002b,ff01,0023,0012,0005,000d,001b_0403,0804,0401,0503,0805,0501,0806,0601"
        )
        #expect(
            parsed.ja3.string
                == "771,4865-4866-4867-49195-49199-49196-49200-52393-52392-49171-49172-156-157-47-53,45-51-16-65037-23-17613-0-11-10-43-65281-35-18-5-13-27,4588-29-23-24,0"
        )
    }

    @Test func greaseIsKeptInTheHelloButLeftOutOfTheFingerprints() throws {
        let hello = try clientHello(ja4SpecExampleHello())
        #expect(hello.cipherSuites.first?.isGREASE == true)
        #expect(hello.extensions.first?.type.isGREASE == true && hello.extensions.last?.type.isGREASE == true)
        #expect(hello.signatureAlgorithms?.first?.isGREASE == true)
        #expect(hello.supportedGroups?.first?.isGREASE == true)
        #expect(!hello.ja4.ciphers.contains("2a2a"))
        #expect(!hello.ja4.extensions.contains("1a1a") && !hello.ja4.extensions.contains("5a5a"))
        #expect(!hello.ja4.signatureAlgorithms.contains("0a0a"))
        #expect(
            hello.ja3.string == "771,4865-4866-4867-49195-49199-49196-49200-52393-52392-49171-49172-156-157-47-53,"
                + "27-0-51-16-17513-23-45-13-5-35-18-43-65281-11-10-21,29-23-24,0"
        )
    }

    @Test func hashesTruncateToTwelveAndEmptyListsAreZeros() throws {
        var hello = ja4SpecExampleHello()
        hello.ciphers = [0x0A0A, 0x1A1A]  // only GREASE: nothing left to hash
        hello.extensions = [(0x0000, ExtData.sni("x")), (0x0010, ExtData.alpn(["h2"]))]
        let ja4 = try clientHello(hello).ja4
        #expect(ja4.a == "t12d0002h2", "no supported_versions: legacy_version")
        #expect(ja4.fingerprint(sha256Hex: fakeSHA256) == "t12d0002h2_000000000000_000000000000")
        #expect(ja4.raw == "t12d0002h2__")
        #expect(ja4.originalFingerprint(sha256Hex: fakeSHA256) == "t12d0002h2_000000000000_abcdef012345")
        let example = try clientHello(ja4SpecExampleHello()).ja4
        #expect(example.fingerprint(sha256Hex: fakeSHA256) == "t13d1516h2_abcdef012345_abcdef012345")
    }

    @Test func noSignatureAlgorithmsMeansNoUnderscore() throws {
        var hello = ja4SpecExampleHello()
        hello.extensions = hello.extensions?.filter { $0.0 != 0x000D }
        let ja4 = try clientHello(hello).ja4
        // JA4.md: "0005,000a,000b,0012,…,ff01" without signature algorithms, no trailing "_".
        #expect(ja4.extensionHashInput == "0005,000a,000b,0012,0015,0017,001b,0023,002b,002d,0033,4469,ff01")
        #expect(ja4.a == "t13d1515h2")
    }

    @Test func alpnCharactersFollowThePublishedRules() throws {
        // JA4.md, "ALPN Extension Value", for ASCII values; its examples with bytes outside
        // ASCII give "9" for each such end, as the reference implementations (python/ja4.py,
        // rust/ja4 first_last) and their test data (tls-non-ascii-alpn.pcapng: "99") do.
        let cases: [([[UInt8]]?, String)] = [
            ([Array("h2".utf8)], "h2"), ([Array("http/1.1".utf8), Array("h2".utf8)], "h1"),
            ([Array("x".utf8)], "xx"), (nil, "00"),
            ([[0x20]], "20"), ([[0x20, 0x61]], "21"), ([[0x61, 0x20]], "60"), ([[0x30, 0x2F, 0x31, 0x2E]], "3e"),
            ([[0xAB]], "99"), ([[0xAB, 0xCD]], "99"), ([[0x30, 0xAB]], "09"),
            ([[0x30, 0x31, 0xAB, 0xCD]], "09"), ([[0xAB, 0xCD, 0x31]], "91"),
            ([[0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD]], "99"),
        ]
        for (names, expected) in cases {
            var hello = HelloBuilder()
            hello.extensions = names.map { [(UInt16(0x0010), ExtData.alpn($0))] } ?? []
            #expect(try clientHello(hello).ja4.a.suffix(2) == Substring(expected), "\(String(describing: names))")
        }
        // An ALPN extension that cannot be read has no first value: "00".
        var broken = HelloBuilder()
        broken.extensions = [(0x0010, [0, 5, 2])]
        #expect(try clientHello(broken).ja4.a.hasSuffix("00"))
    }

    @Test func versionComesFromSupportedVersionsThenLegacyVersion() throws {
        func code(_ version: UInt16, _ supported: [UInt16]?) throws -> String {
            var hello = HelloBuilder()
            hello.version = version
            hello.extensions = supported.map { [(UInt16(0x002B), ExtData.versions($0))] } ?? []
            return String(try clientHello(hello).ja4.a.dropFirst().prefix(2))
        }
        #expect(try code(0x0303, [0x0A0A, 0x0303, 0x0304]) == "13", "highest, not first")
        #expect(try code(0x0303, nil) == "12")
        #expect(try code(0x0301, nil) == "10")
        #expect(try code(0x0300, nil) == "s3")
        #expect(try code(0x0303, [0xFAFA, 0x0302]) == "11")
        #expect(try code(0x0303, [0xFAFA]) == "12", "only GREASE: legacy_version")
        #expect(try code(0x0303, [0x7F1C]) == "00", "a draft version is unknown")
        #expect(try code(0x0305, nil) == "00")
        #expect(try code(0xFEFD, nil) == "d2")
    }

    @Test func sniAndTransportMarkers() throws {
        var hello = HelloBuilder()
        hello.extensions = []
        let plain = try clientHello(hello)
        #expect(plain.ja4.a.hasPrefix("t12i"))
        #expect(JA4(plain, transport: .quic).a.hasPrefix("q"))
        #expect(JA4(plain, transport: .dtls).a.hasPrefix("d"))
        hello.extensions = [(0x0000, [])]  // present, even if unreadable: "d"
        #expect(try clientHello(hello).ja4.a.hasPrefix("t12d"))
    }

    @Test func countsAreCappedAtNinetyNine() throws {
        var hello = HelloBuilder()
        hello.ciphers = (0..<120).map { UInt16(0x0100 + $0) }
        hello.extensions = (0..<105).map { (UInt16(0x0E00 + $0), []) }
        let ja4 = try clientHello(hello).ja4
        #expect(ja4.a == "t12i999900")
        #expect(ja4.ciphers.count == 120, "the lists keep every value")
    }

    @Test func duplicateExtensionsAreCountedEachTime() throws {
        var hello = HelloBuilder()
        hello.extensions = [
            (0x0017, []), (0x0017, []), (0x000B, ExtData.pointFormats([0])), (0x000B, ExtData.pointFormats([1])),
        ]
        let parsed = try clientHello(hello)
        #expect(parsed.ja4.a == "t12i020400")
        #expect(parsed.ja4.extensionHashInput == "000b,000b,0017,0017")
        #expect(parsed.ja3.string == "771,4865-49199,23-23-11-11,,1", "JA3 reads the last ec_point_formats, as ja3.py")
    }

    // MARK: JA3 (salesforce/ja3)

    /// tshark computed JA3 for the same captured ClientHello when the vectors were made
    /// (`tls.handshake.ja3_full`): an independent implementation agreeing byte for byte.
    @Test func ja3OfCurlsHelloMatchesTShark() throws {
        let hello = try ClientHello(raw(curlClientHelloMessage))
        #expect(hello.ja3.string == CurlClientHello.curlJA3FromTShark.full)
    }

    @Test func ja3LeavesEmptyFieldsForMissingLists() throws {
        var hello = HelloBuilder()
        hello.version = 0x0301
        hello.ciphers = [0x0004, 0x0005, 0x000A]
        hello.extensions = nil
        #expect(try clientHello(hello).ja3.string == "769,4-5-10,,,")
        #expect(
            JA3(
                version: 769,
                ciphers: [47, 53],
                extensions: [0, 10, 11],
                ellipticCurves: [23, 24, 25],
                ellipticCurvePointFormats: [0]
            ).string == "769,47-53,0-10-11,23-24-25,0"
        )
    }
}
