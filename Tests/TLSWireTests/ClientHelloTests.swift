import Testing
import TestSupport
import TLSWire

private func clientHello(_ bytes: [UInt8]) throws(WireError) -> ClientHello { try ClientHello(raw(bytes)) }

/// curl's ClientHello message: the record captured on lo without its 5-byte header.
let curlClientHelloMessage = Array(CurlClientHello.curlClientHelloRecord.dropFirst(5))

@Suite struct ClientHelloTests {
    // MARK: Real hellos

    @Test func readsOpenSSLsTLS13ClientHello() throws {
        let hello = try clientHello(RealHandshakes.tls13ClientClientHello)
        #expect(hello.legacyVersion == .tls12)
        #expect(hello.random.count == 32)
        #expect(hello.legacySessionID.count == 32, "middlebox compatibility mode (RFC 8446 D.4)")
        #expect(
            Array(hello.cipherSuites.prefix(3)) == [
                .tlsAES256GCMSHA384, .tlsCHACHA20POLY1305SHA256, .tlsAES128GCMSHA256,
            ]
        )
        #expect(hello.cipherSuites.last == .emptyRenegotiationInfoSCSV)
        #expect(hello.legacyCompressionMethods == [0])
        #expect(hello.serverName == "tlsprobe.test")
        #expect(hello.alpnProtocols == ["h2", "http/1.1"])
        #expect(hello.supportedVersions == [.tls13, .tls12, .tls11, .tls10])
        #expect(hello.offeredVersions == [.tls13, .tls12, .tls11, .tls10])
        #expect(hello.keyShareGroups == [.x25519])
        #expect(hello.supportedGroups?.first == .x25519)
        #expect(hello.signatureAlgorithms?.contains(.ecdsaSecp256r1SHA256) == true)
        #expect(hello.pskModes == [.pskDHEKE])
        #expect(hello.ecPointFormats == [.uncompressed, .ansiX962CompressedPrime, .ansiX962CompressedChar2])
        #expect(!hello.hasEarlyData)
        #expect(!hello.isSSLv2Compatible)
        #expect(hello.extensionDecodingErrors.isEmpty)
        #expect(hello.extensions.duplicateTypes.isEmpty)
    }

    @Test func readsOpenSSLsTLS12OnlyClientHello() throws {
        let hello = try clientHello(RealHandshakes.tls12ClientClientHello)
        #expect(hello.supportedVersions == nil, "s_client -tls1_2 sends no supported_versions")
        #expect(hello.offeredVersions == [.tls12, .tls11, .tls10, .ssl3])
        #expect(hello.keyShareGroups == nil)
        #expect(!hello.cipherSuites.contains { $0.isTLS13 })
        #expect(hello.serverName == "tlsprobe.test")
    }

    @Test func readsCurlsClientHello() throws {
        let hello = try clientHello(curlClientHelloMessage)
        #expect(hello.serverName == "tlsprobe.test")
        #expect(hello.alpnProtocols == ["h2", "http/1.1"])
        #expect(hello.extensions.contains(.padding))
        #expect(hello.extensions.contains(.postHandshakeAuth))
        #expect(hello.extensionDecodingErrors.isEmpty)
    }

    @Test func aHelloReadsTheSameFromTheWireAsFromTheMessageCallback() throws {
        var parser = RecordParser()
        parser.append(RealHandshakes.tls12ClientStream)
        let first = try #require(try parser.nextRecord())
        var reassembler = HandshakeReassembler()
        let fromWire = try #require(try reassembler.messages(afterAppending: first.fragment).first)
        #expect(fromWire.bytes == RealHandshakes.tls12ClientClientHello)
        #expect(try ClientHello(fromWire) == clientHello(RealHandshakes.tls12ClientClientHello))
    }

    @Test func helloRetryRequestScenarioChangesTheKeyShare() throws {
        #expect(try clientHello(RealHandshakes.hrrClientHello1).keyShareGroups == [.x25519])
        #expect(try clientHello(RealHandshakes.hrrClientHello2).keyShareGroups == [.secp256r1])
    }

    // MARK: Keeping what an endpoint would drop

    @Test func keepsGREASEDuplicatesAndUnknownExtensionsInOrder() throws {
        var builder = HelloBuilder()
        builder.ciphers = [0x0A0A, 0x1301, 0xFAFA, 0xC02F]
        builder.extensions = [
            (0x2A2A, []),
            (0x0000, ExtData.sni("first.example")),
            (0xABCD, [0xDE, 0xAD]),
            (0x0000, ExtData.sni("second.example")),
            (0x002B, ExtData.versions([0x7A7A, 0x0304])),
            (0xFE0D, Array(repeating: 0x55, count: 9)),
        ]
        let hello = try clientHello(builder.message)
        #expect(hello.cipherSuites.map(\.rawValue) == [0x0A0A, 0x1301, 0xFAFA, 0xC02F])
        #expect(hello.cipherSuites[0].isGREASE && hello.cipherSuites[2].isGREASE)
        #expect(hello.extensions.map(\.type.rawValue) == [0x2A2A, 0x0000, 0xABCD, 0x0000, 0x002B, 0xFE0D])
        #expect(hello.extensions[2] == Extension(type: ExtensionType(0xABCD), data: [0xDE, 0xAD]))
        #expect(hello.extensions[2].type.name == nil)
        #expect(hello.extensions[0].type.name == "GREASE")
        #expect(hello.extensions.duplicateTypes == [.serverName])
        #expect(hello.extensions.all(.serverName).count == 2)
        #expect(hello.serverName == "first.example", "accessors read the first occurrence")
        #expect(hello.supportedVersions == [ProtocolVersion(0x7A7A), .tls13])
        #expect(hello.offeredVersions == [.tls13])
    }

    @Test func acceptsAHelloWithoutAnExtensionsBlock() throws {
        var builder = HelloBuilder()
        builder.extensions = nil
        builder.version = 0x0301
        let hello = try clientHello(builder.message)
        #expect(hello.extensions.isEmpty)
        #expect(hello.serverName == nil)
        #expect(hello.offeredVersions == [.tls10, .ssl3])
    }

    @Test func withoutSupportedVersionsNothingAboveTLS12IsOffered() throws {
        for version: UInt16 in [0x0304, 0x0399] {
            var builder = HelloBuilder()
            builder.version = version
            #expect(try clientHello(builder.message).offeredVersions == [.tls12, .tls11, .tls10, .ssl3])
        }
    }

    @Test func escapesNamesThatAreNotPrintableASCII() throws {
        var builder = HelloBuilder()
        builder.extensions = [
            (0x0000, vec(2, [0] + vec(2, Array("evil\u{0}.example\\".utf8)))),
            (0x0010, ExtData.alpn([[0x68, 0x32], [0xC3, 0xA9]])),
        ]
        let hello = try clientHello(builder.message)
        #expect(hello.serverName == "evil\\x00.example\\\\")
        #expect(hello.alpnProtocols == ["h2", "\\xc3\\xa9"])
    }

    @Test func aMalformedExtensionIsReportedWithoutHidingTheHello() throws {
        var builder = HelloBuilder()
        // server_name whose host_name claims 40 bytes but has 3.
        let badSNI: [UInt8] = u16(6) + [0] + u16(40) + Array("a.b".utf8)
        builder.extensions = [(0x000A, ExtData.groups([0x001D])), (0x0000, badSNI)]
        let message = builder.message
        let hello = try clientHello(message)
        #expect(hello.serverName == nil)
        #expect(hello.supportedGroups == [.x25519])
        let errors = hello.extensionDecodingErrors
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.field == "host_name")
        #expect(error.kind == .malformed)
        // The host_name length sits 3 bytes into the SNI data, which follows its 4-byte header.
        let sniData = hello.extensions[1].dataOffset
        #expect(error.offset == sniData + 3)
        #expect(Array(message[sniData..<(sniData + 3)]) == u16(6) + [0], "dataOffset points into the message")
    }

    // MARK: Bounds

    @Test func rejectsFieldsOutsideTheirRFCBounds() throws {
        func failure(_ change: (inout HelloBuilder) -> Void) throws -> WireError {
            var builder = HelloBuilder()
            change(&builder)
            return try #require(throws: WireError.self) { try clientHello(builder.message) }
        }
        #expect(try failure { $0.sessionID = Array(repeating: 1, count: 33) }.field == "legacy_session_id")
        #expect(try failure { $0.ciphers = [] }.field == "cipher_suites")
        #expect(try failure { $0.compression = [] }.field == "legacy_compression_methods")
        #expect(try failure { $0.random = [1, 2, 3] }.kind == .malformed)

        var odd = HelloBuilder().body
        odd[2 + 32 + 1 + 1] = 5  // cipher_suites length 5
        let oddError = try #require(throws: WireError.self) { try clientHello(handshake(.clientHello, odd)) }
        #expect(oddError.field == "cipher_suites")
        #expect(oddError.offset == 4 + 2 + 32 + 1, "offsets count the 4-byte handshake header")

        let trailing = try #require(throws: WireError.self) {
            try clientHello(handshake(.clientHello, HelloBuilder().body + [0]))
        }
        #expect(trailing.kind == .malformed)
    }

    @Test func rejectsAMessageOfAnotherType() throws {
        let error = try #require(throws: WireError.self) {
            try ClientHello(raw(RealHandshakes.tls13ServerServerHello))
        }
        #expect(error.field == "msg_type")
    }

    // MARK: Truncation and corruption

    @Test func rejectsEveryTruncatedClientHello() throws {
        for bytes in [RealHandshakes.tls13ClientClientHello, curlClientHelloMessage, ja4SpecExampleHello().message] {
            let full = try clientHello(bytes)
            let body = Array(bytes.dropFirst(4))
            // Where the optional extensions block starts: a hello cut exactly there is a
            // valid TLS 1.2 hello without extensions, and the only prefix that may parse.
            let noExtensions =
                2 + 32 + 1 + full.legacySessionID.count + 2 + 2 * full.cipherSuites.count
                + 1 + full.legacyCompressionMethods.count
            for length in 0..<body.count {
                // As a stream: the header promises more, so the message is not complete.
                let streamed = try #require(throws: WireError.self) {
                    try RawHandshakeMessage(bytes: bytes.prefix(4 + length))
                }
                #expect(streamed.kind == .needMoreBytes)
                // As a complete but short message: malformed, never a wrong success.
                do {
                    let hello = try clientHello(handshake(.clientHello, Array(body.prefix(length))))
                    #expect(length == noExtensions, "prefix \(length) parsed")
                    #expect(hello.extensions.isEmpty)
                } catch {
                    #expect(error.kind == .malformed, "prefix \(length): \(error)")
                    #expect(error.offset <= 4 + length)
                }
            }
        }
    }

    @Test func everySingleByteCorruptionFailsCleanlyOrParses() throws {
        let bytes = RealHandshakes.tls13ClientClientHello
        for index in 4..<bytes.count {
            for replacement: UInt8 in [0x00, 0xFF, bytes[index] ^ 0x01] {
                var corrupted = bytes
                corrupted[index] = replacement
                do {
                    let hello = try clientHello(corrupted)
                    // Whatever parsed must be readable all the way down.
                    _ = (
                        hello.serverName, hello.alpnProtocols, hello.keyShareGroups, hello.offeredVersions,
                        hello.extensionDecodingErrors, hello.ja3.string, hello.ja4.raw
                    )
                } catch {
                    #expect(error.kind == .malformed)
                    #expect(!error.field.isEmpty)
                    #expect(error.offset >= 0 && error.offset <= corrupted.count)
                }
            }
        }
    }

    /// Up to 8 random bytes replaced: the hello parses and reads all the way down, or it
    /// is malformed at an offset inside the message, naming the field.
    @Test func randomCorruptionsFailCleanlyOrParse() {
        var generator = SplitMix64(seed: 0xC11E)
        let real = Array(RealHandshakes.tls13ClientClientHello.dropFirst(4))
        for round in 0..<2000 {
            var body = real
            for _ in 0..<(1 + round % 8) {
                let index = Int(generator.next() % UInt64(body.count))
                body[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            let message = handshake(.clientHello, body)
            do {
                let hello = try clientHello(message)
                _ = (hello.serverName, hello.supportedVersions, hello.extensionDecodingErrors, hello.ja4.raw)
                #expect(hello.cipherSuites.count <= (body.count - 38) / 2, "round \(round)")
            } catch {
                #expect(error.kind == .malformed, "round \(round): \(error)")
                #expect(!error.field.isEmpty)
                #expect(error.offset >= 0 && error.offset <= message.count, "round \(round): \(error)")
            }
        }
    }
}
