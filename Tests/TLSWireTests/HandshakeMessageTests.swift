import Testing
import TLSWire

private func decode(_ bytes: [UInt8], _ context: HandshakeContext) throws(WireError) -> HandshakeMessage {
    try HandshakeMessage(raw(bytes), context: context)
}

/// A DER name contains its attribute values as plain bytes; enough to recognise a CA.
private func contains(_ der: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard der.count >= needle.count else { return false }
    return (0...(der.count - needle.count)).contains { Array(der[$0..<($0 + needle.count)]) == needle }
}

/// The context after scenario B's ServerHello.
private func tls12Context() throws -> HandshakeContext {
    var context = HandshakeContext()
    context.update(after: try decode(RealHandshakes.tls12ServerServerHello, context))
    return context
}

@Suite struct HandshakeMessageTests {
    // MARK: TLS 1.3 (scenario A)

    @Test func readsATLS13ServerHello() throws {
        guard case .serverHello(let hello) = try decode(RealHandshakes.tls13ServerServerHello, HandshakeContext())
        else {
            Issue.record("not a ServerHello")
            return
        }
        #expect(hello.legacyVersion == .tls12)
        #expect(hello.selectedVersion == .tls13)
        #expect(hello.cipherSuite.isTLS13)
        #expect(hello.keyShareGroup == .x25519)
        #expect(!hello.isHelloRetryRequest)
        #expect(hello.downgradeSentinel == nil)
        #expect(hello.alpnProtocol == nil, "TLS 1.3 answers ALPN in EncryptedExtensions")
        #expect(hello.extensions.map(\.type) == [.supportedVersions, .keyShare])
        #expect(hello.extensionDecodingErrors.isEmpty)
    }

    @Test func theServerHelloSetsTheContext() throws {
        var context = HandshakeContext()
        #expect(!context.usesTLS13Formats)
        context.update(after: try decode(RealHandshakes.tls13ServerServerHello, context))
        #expect(context.version == .tls13)
        #expect(context.cipherSuite?.isTLS13 == true)
        #expect(context.usesTLS13Formats)
        context.update(after: .serverHelloDone)
        #expect(context.version == .tls13)
    }

    @Test func readsEncryptedExtensions() throws {
        guard case .encryptedExtensions(let ee) = try decode(RealHandshakes.tls13ServerEncryptedExtensions, .tls13)
        else {
            Issue.record("not EncryptedExtensions")
            return
        }
        #expect(ee.alpnProtocol == "h2")
        #expect(!ee.acceptsEarlyData)
        #expect(ee.extensions.contains(.applicationLayerProtocolNegotiation))
    }

    @Test func readsATLS13CertificateRequestWithCertificateAuthorities() throws {
        guard case .certificateRequest(let request) = try decode(RealHandshakes.tls13ServerCertificateRequest, .tls13)
        else {
            Issue.record("not a CertificateRequest")
            return
        }
        #expect(request.requestContext == [])
        #expect(request.certificateTypes.isEmpty)
        #expect(request.signatureAlgorithms.contains(.ecdsaSecp256r1SHA256))
        #expect(request.signatureAlgorithms.contains(.rsaPSSRSAESHA256))
        #expect(request.certificateAuthorities.count == 1)
        let name = try #require(request.certificateAuthorities.first)
        #expect(name.first == 0x30, "a DER SEQUENCE")
        #expect(contains(name, "tlsprobe client CA"))
        #expect(request.extensions.contains(.certificateAuthorities))
    }

    @Test func readsTLS13CertificatesFromBothSides() throws {
        guard case .certificate(let server) = try decode(RealHandshakes.tls13ServerCertificate, .tls13),
            case .certificate(let client) = try decode(RealHandshakes.tls13ClientCertificate, .tls13)
        else {
            Issue.record("not Certificate messages")
            return
        }
        #expect(server.requestContext == [])
        #expect(server.entries.count == 1)
        #expect(server.certificates.first?.prefix(2) == [0x30, 0x82])
        #expect(contains(server.certificates.first ?? [], "tlsprobe.test"))
        #expect(server.entries.first?.extensions == [])
        #expect(client.entries.count == 1)
        #expect(contains(client.certificates.first ?? [], "front desk"))
    }

    @Test func readsCertificateVerifyFinishedAndTickets() throws {
        guard case .certificateVerify(let verify) = try decode(RealHandshakes.tls13ServerCertificateVerify, .tls13)
        else {
            Issue.record("not CertificateVerify")
            return
        }
        #expect(verify.algorithm == .ecdsaSecp256r1SHA256)
        #expect(verify.signature.first == 0x30, "a DER ECDSA signature")

        guard case .finished(let finished) = try decode(RealHandshakes.tls13ServerFinished, .tls13) else {
            Issue.record("not Finished")
            return
        }
        #expect([32, 48].contains(finished.verifyData.count))

        guard case .newSessionTicket(let ticket) = try decode(RealHandshakes.tls13ServerNewSessionTicket, .tls13) else {
            Issue.record("not NewSessionTicket")
            return
        }
        #expect(ticket.ticketAgeAdd != nil)
        #expect(ticket.ticketNonce != nil)
        #expect(!ticket.ticket.isEmpty)
        #expect(ticket.ticketLifetime > 0)
        #expect(ticket.maxEarlyDataSize == nil)
    }

    // MARK: HelloRetryRequest (scenario C)

    @Test func recognisesAHelloRetryRequestByItsRandom() throws {
        let message = try decode(RealHandshakes.hrrHelloRetryRequest, HandshakeContext())
        guard case .helloRetryRequest(let hrr) = message else {
            Issue.record("not a HelloRetryRequest")
            return
        }
        #expect(message.name == "hello_retry_request")
        #expect(message.type == .serverHello)
        #expect(hrr.isHelloRetryRequest)
        #expect(hrr.random == ServerHello.helloRetryRequestRandom)
        #expect(hrr.keyShareGroup == .secp256r1, "the group the server asks for")
        #expect(hrr.selectedVersion == .tls13)
        #expect(hrr.extensionDecodingErrors.isEmpty)
    }

    @Test func aHelloRetryRequestWithoutExtensionsIsMalformed() throws {
        let body = u16(0x0303) + ServerHello.helloRetryRequestRandom + vec(1, []) + u16(0x1301) + [0]
        let error = try #require(throws: WireError.self) {
            try decode(handshake(.serverHello, body), HandshakeContext())
        }
        #expect(error.field == "extensions")
        #expect(error.offset == 4 + body.count)
    }

    // MARK: TLS 1.2 (scenario B, D)

    @Test func readsATLS12ServerFlight() throws {
        let context = try tls12Context()
        #expect(context.version == .tls12)
        #expect(context.cipherSuite?.keyExchangeMethod == .ecdhe)
        guard case .serverHello(let hello) = try decode(RealHandshakes.tls12ServerServerHello, HandshakeContext())
        else {
            Issue.record("not a ServerHello")
            return
        }
        #expect(hello.selectedVersion == .tls12)
        #expect(hello.keyShareGroup == nil)
        #expect(hello.cipherSuite.name?.hasPrefix("TLS_ECDHE_ECDSA_") == true)

        guard case .certificate(let certificate) = try decode(RealHandshakes.tls12ServerCertificate, context) else {
            Issue.record("not a Certificate")
            return
        }
        #expect(certificate.requestContext == nil)
        #expect(certificate.entries.count == 1)
        #expect(contains(certificate.certificates.first ?? [], "tlsprobe.test"))

        guard
            case .serverKeyExchange(let keyExchange) = try decode(RealHandshakes.tls12ServerServerKeyExchange, context)
        else {
            Issue.record("not a ServerKeyExchange")
            return
        }
        #expect(keyExchange.namedGroup == .x25519)
        #expect(keyExchange.dhPrimeBits == nil)
        #expect(keyExchange.signatureAlgorithm == .ecdsaSecp256r1SHA256)
        #expect(keyExchange.signature?.isEmpty == false)

        #expect(try decode(RealHandshakes.tls12ServerServerHelloDone, context) == .serverHelloDone)
    }

    @Test func readsATLS12CertificateRequest() throws {
        guard
            case .certificateRequest(let request) = try decode(
                RealHandshakes.tls12ServerCertificateRequest,
                try tls12Context()
            )
        else {
            Issue.record("not a CertificateRequest")
            return
        }
        #expect(request.requestContext == nil)
        #expect(request.certificateTypes.contains(.rsaSign))
        #expect(request.certificateTypes.contains(.ecdsaSign))
        #expect(request.signatureAlgorithms.contains(.ecdsaSecp256r1SHA256))
        #expect(request.certificateAuthorities.count == 1)
        #expect(contains(request.certificateAuthorities.first ?? [], "tlsprobe client CA"))
        #expect(request.extensions.isEmpty)
    }

    @Test func readsTheTLS12ClientFlightAndTicket() throws {
        let context = try tls12Context()
        guard case .certificate(let certificate) = try decode(RealHandshakes.tls12ClientCertificate, context),
            case .clientKeyExchange(let keyExchange) = try decode(RealHandshakes.tls12ClientClientKeyExchange, context),
            case .certificateVerify(let verify) = try decode(RealHandshakes.tls12ClientCertificateVerify, context),
            case .finished(let finished) = try decode(RealHandshakes.tls12ClientFinished, context),
            case .newSessionTicket(let ticket) = try decode(RealHandshakes.tls12ServerNewSessionTicket, context)
        else {
            Issue.record("unexpected message kinds")
            return
        }
        #expect(contains(certificate.certificates.first ?? [], "front desk"))
        #expect(keyExchange.exchangeKeys.count == 33, "an X25519 point with its 1-byte length")
        #expect(verify.algorithm == .ecdsaSecp256r1SHA256)
        #expect(finished.verifyData.count == 12)
        #expect(ticket.ticketAgeAdd == nil)
        #expect(ticket.ticketNonce == nil)
        #expect(!ticket.ticket.isEmpty)
    }

    @Test func readsTheDHEPrimeSize() throws {
        let context = HandshakeContext(version: .tls12, cipherSuite: .dheRSAWithAES128GCMSHA256)
        guard case .serverKeyExchange(let keyExchange) = try decode(RealHandshakes.dheServerKeyExchange, context) else {
            Issue.record("not a ServerKeyExchange")
            return
        }
        #expect(keyExchange.dhPrimeBits == 2048)
        guard case .dhe(_, let generator, let publicKey) = keyExchange.parameters else {
            Issue.record("not DHE parameters")
            return
        }
        #expect(generator == [2])
        #expect(publicKey.count <= 256)
        #expect(keyExchange.signatureAlgorithm != nil)
        #expect(keyExchange.namedGroup == nil)
    }

    @Test func guessesTheKeyExchangeWhenTheSuiteIsUnknown() throws {
        let unknown = HandshakeContext(version: .tls12)
        guard case .serverKeyExchange(let ecdhe) = try decode(RealHandshakes.tls12ServerServerKeyExchange, unknown),
            case .serverKeyExchange(let dhe) = try decode(RealHandshakes.dheServerKeyExchange, unknown)
        else {
            Issue.record("not ServerKeyExchange")
            return
        }
        #expect(ecdhe.namedGroup == .x25519)
        #expect(dhe.dhPrimeBits == 2048)
        guard case .serverKeyExchange(let garbage) = try decode(handshake(.serverKeyExchange, [9, 9, 9]), unknown)
        else {
            Issue.record("not ServerKeyExchange")
            return
        }
        #expect(garbage.parameters == .undecoded)
        #expect(garbage.body == [9, 9, 9])
    }

    @Test func aKnownSuiteWithAMismatchedBodyIsMalformed() throws {
        let context = HandshakeContext(version: .tls12, cipherSuite: .dheRSAWithAES128GCMSHA256)
        #expect(throws: WireError.self) { try decode(RealHandshakes.tls12ServerServerKeyExchange, context) }
    }

    @Test func readsPSKAndExplicitCurveKeyExchanges() throws {
        let psk = HandshakeContext(
            version: .tls12,
            cipherSuite: CipherSuite(name: "TLS_ECDHE_PSK_WITH_AES_128_CBC_SHA256")
        )
        let body = vec(2, Array("hint".utf8)) + [3] + u16(0x17) + vec(1, [4, 1, 2])
        guard case .serverKeyExchange(let pskExchange) = try decode(handshake(.serverKeyExchange, body), psk) else {
            Issue.record("not ServerKeyExchange")
            return
        }
        #expect(pskExchange.pskIdentityHint == Array("hint".utf8))
        #expect(pskExchange.namedGroup == .secp256r1)
        #expect(pskExchange.signature == nil)

        let ecdhe = HandshakeContext(version: .tls12, cipherSuite: .ecdheRSAWithAES128GCMSHA256)
        guard case .serverKeyExchange(let explicit) = try decode(handshake(.serverKeyExchange, [1, 0xAA, 0xBB]), ecdhe)
        else {
            Issue.record("not ServerKeyExchange")
            return
        }
        #expect(explicit.parameters == .ecdheExplicitCurve(curveType: 1))
    }

    @Test func tls11SignaturesNameNoAlgorithm() throws {
        let context = HandshakeContext(version: .tls11, cipherSuite: .ecdheRSAWithAES128CBCSHA)
        let body = [3] + u16(0x1D) + vec(1, Array(repeating: 9, count: 32)) + vec(2, [1, 2, 3])
        guard case .serverKeyExchange(let keyExchange) = try decode(handshake(.serverKeyExchange, body), context) else {
            Issue.record("not ServerKeyExchange")
            return
        }
        #expect(keyExchange.signatureAlgorithm == nil)
        #expect(keyExchange.signature == [1, 2, 3])
        let request = [2, 1, 64] + vec(2, [])
        guard case .certificateRequest(let cr) = try decode(handshake(.certificateRequest, request), context) else {
            Issue.record("not CertificateRequest")
            return
        }
        #expect(cr.signatureAlgorithms.isEmpty)
        #expect(cr.certificateTypes == [.rsaSign, .ecdsaSign])
        #expect(cr.certificateAuthorities.isEmpty)
    }

    // MARK: Hand-made and hostile messages

    @Test func readsKeyUpdateAndKeepsUnknownTypes() throws {
        #expect(
            try decode(handshake(.keyUpdate, [1]), .tls13) == .keyUpdate(KeyUpdate(requestUpdate: .updateRequested))
        )
        #expect(
            try decode(handshake(.keyUpdate, [7]), .tls13) == .keyUpdate(KeyUpdate(requestUpdate: KeyUpdateRequest(7)))
        )
        #expect(throws: WireError.self) { try decode(handshake(.keyUpdate, [1, 0]), .tls13) }
        #expect(
            try decode(handshake(.certificateStatus, [1, 0, 0, 1, 0x30]), .tls12)
                == .unknown(type: .certificateStatus, body: [1, 0, 0, 1, 0x30])
        )
        #expect(try decode(handshake(HandshakeType(200), []), .tls12).type == HandshakeType(200))
        #expect(throws: WireError.self) { try decode(handshake(.serverHelloDone, [0]), .tls12) }
    }

    @Test func aTLS13CertificateRequestMustNameSignatureAlgorithms() throws {
        let withoutAlgorithms = vec(1, []) + vec(2, ext(0x002F, ExtData.authorities([[0x30, 0x00]])))
        let missing = try #require(throws: WireError.self) {
            try decode(handshake(.certificateRequest, withoutAlgorithms), .tls13)
        }
        #expect(missing.field == "signature_algorithms")

        // certificate_authorities whose one name claims more bytes than it has.
        let badAuthorities = u16(5) + u16(9) + [0x30, 0x01, 0x00]
        let body = vec(1, []) + vec(2, ext(0x000D, ExtData.sigalgs([0x0403])) + ext(0x002F, badAuthorities))
        let broken = try #require(throws: WireError.self) { try decode(handshake(.certificateRequest, body), .tls13) }
        #expect(broken.field == "distinguished_name")
        #expect(broken.kind == .malformed)
    }

    @Test func certificateLayoutsFollowTheContext() throws {
        let der: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x05]
        let tls12 = handshake(.certificate, vec(3, vec(3, der)))
        let tls13 = handshake(.certificate, vec(1, [7]) + vec(3, vec(3, der) + vec(2, ext(0x0005, [1, 2]))))
        #expect(
            try decode(tls12, .tls12)
                == .certificate(CertificateMessage(requestContext: nil, entries: [CertificateEntry(data: der)]))
        )
        #expect(
            try decode(tls13, .tls13)
                == .certificate(
                    CertificateMessage(
                        requestContext: [7],
                        entries: [
                            CertificateEntry(data: der, extensions: [Extension(type: .statusRequest, data: [1, 2])])
                        ]
                    )
                )
        )
        #expect(throws: WireError.self) { try decode(tls12, .tls13) }
        #expect(throws: WireError.self) { try decode(tls13, .tls12) }
        #expect(throws: WireError.self) { try decode(handshake(.certificate, vec(3, vec(3, []))), .tls12) }
        #expect(
            try decode(handshake(.certificate, vec(3, [])), .tls12)
                == .certificate(CertificateMessage(requestContext: nil, entries: []))
        )
    }

    @Test func contextRecognisesTLS13DraftsAndExperiments() {
        #expect(HandshakeContext(version: ProtocolVersion(0x7F1C)).usesTLS13Formats)
        #expect(HandshakeContext(version: ProtocolVersion(0x7F17)).usesTLS13Formats)
        #expect(HandshakeContext(version: ProtocolVersion(0x7F12)).usesTLS13Formats)
        #expect(HandshakeContext(version: ProtocolVersion(0x7E02)).usesTLS13Formats)
        #expect(
            !HandshakeContext(version: ProtocolVersion(0x7F0D)).usesTLS13Formats,
            "before draft 14: not seen in the wild"
        )
        #expect(!HandshakeContext(version: ProtocolVersion(0x0305)).usesTLS13Formats)
        #expect(!HandshakeContext(version: .tls12).usesTLS13Formats)
        #expect(HandshakeContext(version: .tls12).signaturesNameTheirAlgorithm)
        #expect(!HandshakeContext(version: .tls10).signaturesNameTheirAlgorithm)
        #expect(HandshakeContext().signaturesNameTheirAlgorithm)
    }

    /// Drafts 14 to 21 sent a ServerHello with the draft version first and no session id
    /// echo or compression method (draft-ietf-tls-tls13-18 §4.1.3); every prefix is refused.
    @Test func readsAnEarlyDraftServerHello() throws {
        let keyShare = u16(0x0033) + vec(2, u16(0x001D) + vec(2, [UInt8](repeating: 7, count: 32)))
        let body = u16(0x7F12) + [UInt8](repeating: 0x22, count: 32) + u16(0x1301) + vec(2, keyShare)
        let bytes = handshake(.serverHello, body)
        let hello = try ServerHello(raw(bytes))
        #expect(hello.legacyVersion.name == "TLSv1.3-draft-18")
        #expect(hello.selectedVersion == ProtocolVersion(0x7F12))
        #expect(hello.selectedVersion.usesTLS13Rules)
        #expect(hello.cipherSuite == CipherSuite(0x1301))
        #expect(hello.keyShareGroup == .x25519)
        #expect(hello.legacySessionIDEcho.isEmpty)
        for cut in 4..<bytes.count {
            var prefix = Array(bytes.prefix(cut))
            let length = cut - 4
            prefix[1] = UInt8(length >> 16 & 0xFF)
            prefix[2] = UInt8(length >> 8 & 0xFF)
            prefix[3] = UInt8(length & 0xFF)
            #expect(throws: WireError.self) { try ServerHello(raw(prefix)) }
        }
        // Draft 23 has the final layout, the draft in supported_versions.
        let final =
            u16(0x0303) + [UInt8](repeating: 0x22, count: 32) + vec(1, []) + u16(0x1301) + [0]
            + vec(2, u16(0x002B) + vec(2, u16(0x7F17)) + keyShare)
        let draft23 = try ServerHello(raw(handshake(.serverHello, final)))
        #expect(draft23.selectedVersion.name == "TLSv1.3-draft-23")
        #expect(ProtocolVersion(0x7E02).name == "TLSv1.3-google-experiment-2")
    }

    @Test func spotsTheDowngradeSentinel() throws {
        var random = Array(repeating: UInt8(0x11), count: 24) + [0x44, 0x4F, 0x57, 0x4E, 0x47, 0x52, 0x44, 0x01]
        let body = { (random: [UInt8]) in u16(0x0303) + random + vec(1, []) + u16(0xC02F) + [0] }
        #expect(try ServerHello(raw(handshake(.serverHello, body(random)))).downgradeSentinel == .tls12)
        random[31] = 0
        #expect(try ServerHello(raw(handshake(.serverHello, body(random)))).downgradeSentinel == .tls11OrBelow)
        let hello = try ServerHello(raw(handshake(.serverHello, body(random))))
        #expect(hello.extensions.isEmpty, "a TLS 1.2 ServerHello may omit extensions")
        #expect(hello.selectedVersion == .tls12)
    }

    /// Every real message, with the context it was sent in.
    private static let realMessages: [([UInt8], HandshakeContext)] = [
        (RealHandshakes.tls13ServerServerHello, .tls13), (RealHandshakes.tls13ServerEncryptedExtensions, .tls13),
        (RealHandshakes.tls13ServerCertificateRequest, .tls13), (RealHandshakes.tls13ServerCertificate, .tls13),
        (RealHandshakes.tls13ServerCertificateVerify, .tls13), (RealHandshakes.tls13ClientCertificate, .tls13),
        (RealHandshakes.tls13ServerNewSessionTicket, .tls13), (RealHandshakes.hrrHelloRetryRequest, .tls13),
        (RealHandshakes.tls12ServerServerHello, .tls12),
        (RealHandshakes.tls12ServerCertificate, .tls12),
        (
            RealHandshakes.tls12ServerServerKeyExchange,
            HandshakeContext(version: .tls12, cipherSuite: .ecdheECDSAWithAES256GCMSHA384)
        ),
        (RealHandshakes.tls12ServerCertificateRequest, .tls12), (RealHandshakes.tls12ClientCertificate, .tls12),
        (RealHandshakes.tls12ClientCertificateVerify, .tls12), (RealHandshakes.tls12ServerNewSessionTicket, .tls12),
        (
            RealHandshakes.dheServerKeyExchange,
            HandshakeContext(version: .tls12, cipherSuite: .dheRSAWithAES128GCMSHA256)
        ),
    ]

    @Test func rejectsEveryTruncatedServerMessage() throws {
        for (bytes, context) in Self.realMessages {
            let full = try decode(bytes, context)
            let body = Array(bytes.dropFirst(4))
            for length in 0..<body.count {
                do {
                    let message = try decode(handshake(HandshakeType(bytes[0]), Array(body.prefix(length))), context)
                    // Only a ServerHello (not a HelloRetryRequest) cut right before its
                    // optional extensions block parses.
                    guard case .serverHello(let hello) = message, hello.extensions.isEmpty,
                        length == 2 + 32 + 1 + hello.legacySessionIDEcho.count + 2 + 1
                    else {
                        Issue.record("\(full.name) prefix \(length) parsed as \(message.name)")
                        continue
                    }
                } catch {
                    #expect(error.kind == .malformed, "\(full.name) prefix \(length): \(error)")
                    #expect(error.offset <= 4 + length)
                }
            }
        }
    }

    @Test func everySingleByteCorruptionOfEveryMessageFailsCleanlyOrParses() {
        for (bytes, context) in Self.realMessages {
            for index in 4..<bytes.count {
                for replacement: UInt8 in [0x00, 0xFF, bytes[index] ^ 0x40] {
                    var corrupted = bytes
                    corrupted[index] = replacement
                    do {
                        let message = try decode(corrupted, context)
                        if case .serverHello(let hello) = message {
                            _ = (
                                hello.selectedVersion, hello.keyShareGroup, hello.alpnProtocol,
                                hello.extensionDecodingErrors
                            )
                        }
                    } catch {
                        #expect(error.kind == .malformed)
                        #expect(error.offset >= 0 && error.offset <= corrupted.count)
                    }
                }
            }
        }
    }
}
