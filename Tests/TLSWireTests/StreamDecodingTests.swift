import Testing
import TestSupport
import TLSWire

/// What one direction of a captured connection says, decoded the way `capture` will:
/// records, then plaintext handshake records through the reassembler until the sender's
/// ChangeCipherSpec, then alerts.
private struct Direction {
    var contentTypes: [ContentType] = []
    var messages: [HandshakeMessage] = []
    var alerts: [Alert] = []
    var encryptedRecords = 0
}

private func decodeDirection(_ stream: [UInt8], context: inout HandshakeContext, chunk: Int = 1000) throws -> Direction
{
    var parser = RecordParser()
    var reassembler = HandshakeReassembler()
    var out = Direction()
    var encrypted = false
    var index = 0
    while index < stream.count {
        parser.append(stream[index..<min(stream.count, index + chunk)])
        index += chunk
        while let record = try parser.nextRecord() {
            out.contentTypes.append(record.contentType)
            switch record.contentType {
            case .changeCipherSpec:
                encrypted = true
            case .handshake where !encrypted:
                for raw in try reassembler.messages(afterAppending: record.fragment) {
                    let message = try HandshakeMessage(raw, context: context)
                    context.update(after: message)
                    out.messages.append(message)
                    // TLS 1.3: everything after the ServerHello is encrypted.
                    if context.usesTLS13Formats, case .serverHello = message { encrypted = true }
                }
            case .alert where !encrypted:
                out.alerts += try Alert.alerts(in: record)
            default:
                out.encryptedRecords += 1
            }
        }
    }
    #expect(!reassembler.hasPartialMessage)
    return out
}

@Suite struct StreamDecodingTests {
    @Test func decodesBothDirectionsOfATLS12Handshake() throws {
        var context = HandshakeContext()
        let server = try decodeDirection(RealHandshakes.tls12ServerStream, context: &context)
        #expect(
            server.messages.map(\.name) == [
                "server_hello", "certificate", "server_key_exchange", "certificate_request", "server_hello_done",
                "new_session_ticket",
            ]
        )
        #expect(server.encryptedRecords == 1, "the Finished after ChangeCipherSpec")
        #expect(context.version == .tls12)

        let client = try decodeDirection(RealHandshakes.tls12ClientStream, context: &context, chunk: 17)
        #expect(
            client.messages.map(\.name) == ["client_hello", "certificate", "client_key_exchange", "certificate_verify"]
        )
        #expect(client.encryptedRecords == 1)
        guard case .certificateRequest(let request) = server.messages[3] else {
            Issue.record("no request")
            return
        }
        #expect(request.certificateAuthorities.count == 1)
    }

    @Test func theWireAndTheMessageCallbackSeeTheSameMessages() throws {
        var parser = RecordParser()
        parser.append(RealHandshakes.tls12ServerStream)
        var reassembler = HandshakeReassembler()
        var fromWire: [[UInt8]] = []
        while let record = try parser.nextRecord(), record.contentType == .handshake {
            fromWire += try reassembler.messages(afterAppending: record.fragment).map(\.bytes)
        }
        #expect(
            fromWire == [
                RealHandshakes.tls12ServerServerHello, RealHandshakes.tls12ServerCertificate,
                RealHandshakes.tls12ServerServerKeyExchange, RealHandshakes.tls12ServerCertificateRequest,
                RealHandshakes.tls12ServerServerHelloDone, RealHandshakes.tls12ServerNewSessionTicket,
            ]
        )
    }

    @Test func decodesTheCleartextPartOfATLS13ServerFlight() throws {
        var context = HandshakeContext()
        let server = try decodeDirection(RealHandshakes.tls13ServerStream, context: &context, chunk: 3)
        #expect(server.messages.map(\.name) == ["server_hello"])
        #expect(server.contentTypes == [.handshake, .changeCipherSpec] + Array(repeating: .applicationData, count: 5))
        #expect(server.encryptedRecords == 5)
        #expect(context.version == .tls13)
    }

    @Test func readsTheAlertOfARefusedHandshake() throws {
        var context = HandshakeContext()
        let server = try decodeDirection(RealHandshakes.tls12RefusedServerStream, context: &context)
        #expect(server.messages.last == .serverHelloDone)
        #expect(server.alerts.count == 1)
        let alert = try #require(server.alerts.first)
        #expect(alert.level == .fatal)
        #expect(alert.description == .handshakeFailure)
        #expect(alert.summary == "fatal handshake_failure (40)")
    }

    @Test func alertsAreExactlyTwoBytesEach() throws {
        #expect(
            try Alert.alerts(in: [1, 0, 2, 116]) == [
                Alert(level: .warning, description: .closeNotify),
                Alert(level: .fatal, description: .certificateRequired),
            ]
        )
        #expect(try Alert(bytes: [2, 48]).description == .unknownCA)
        #expect(throws: WireError.self) { try Alert.alerts(in: [UInt8]()) }
        #expect(throws: WireError.self) { try Alert.alerts(in: [2, 40, 2]) }
        #expect(throws: WireError.self) { try Alert(bytes: [2, 40, 0]) }
        let notAlert = TLSRecord(contentType: .handshake, legacyVersion: .tls12, fragment: [2, 40])
        #expect(throws: WireError.self) { try Alert.alerts(in: notAlert) }
        #expect(try Alert(bytes: [9, 250]).summary == "0x09 0xfa (250)")
    }
}

/// The records of a captured stream, as separate byte arrays, to interleave directions.
private func recordBytes(_ stream: [UInt8]) throws -> [[UInt8]] {
    var parser = RecordParser()
    parser.append(stream)
    var out: [[UInt8]] = []
    while let record = try parser.nextRecord() { out.append(record.bytes) }
    return out
}

private func names(_ events: [TLSConnectionDecoder.Event]) -> [String] {
    events.map { event in
        switch event {
        case .handshake(let message, _): return message.name
        case .undecodableHandshake(let raw, _): return "undecodable \(raw.type)"
        case .sslv2ClientHello: return "sslv2_client_hello"
        case .alert(let alert): return "alert \(alert.description)"
        case .undecodableAlert: return "undecodable alert"
        case .changeCipherSpec: return "change_cipher_spec"
        case .encrypted(let type, _): return "encrypted \(type)"
        case .decrypted(let type, _): return "decrypted \(type)"
        case .decryptedAlert(let alert): return "decrypted alert \(alert.description)"
        case .otherRecord(let record): return "record \(record.contentType)"
        case .cutRecord(let cut, let encrypted, let message):
            return
                "cut \(cut.contentType) \(cut.length)\(encrypted ? " encrypted" : "")\(message.map { " \($0)" } ?? "")"
        case .malformedStream(let error): return "malformed \(error.field)"
        }
    }
}

@Suite struct TLSConnectionDecoderTests {
    @Test func decodesAnInterleavedTLS12Handshake() throws {
        let client = try recordBytes(RealHandshakes.tls12ClientStream)
        let server = try recordBytes(RealHandshakes.tls12ServerStream)
        var decoder = TLSConnectionDecoder()
        #expect(names(decoder.feed(client[0], from: .client)) == ["client_hello"])
        #expect(
            names(decoder.feed(server[0..<5].flatMap { $0 }, from: .server))
                == ["server_hello", "certificate", "server_key_exchange", "certificate_request", "server_hello_done"]
        )
        #expect(decoder.context.version == .tls12)
        #expect(
            names(decoder.feed(client[1...].flatMap { $0 }, from: .client))
                == [
                    "certificate", "client_key_exchange", "certificate_verify", "change_cipher_spec",
                    "encrypted handshake",
                ]
        )
        #expect(decoder.hasChangedCipherSpec(.client))
        #expect(!decoder.hasChangedCipherSpec(.server))
        #expect(
            names(decoder.feed(server[5...].flatMap { $0 }, from: .server))
                == ["new_session_ticket", "change_cipher_spec", "encrypted handshake"]
        )
        #expect(
            names(decoder.feed(record(.alert, Array(repeating: 7, count: 26)), from: .server)) == ["encrypted alert"]
        )
        #expect(!decoder.hasPartialMessage(.client) && !decoder.hasPartialMessage(.server))
    }

    @Test func aTLS13ClientsSecondHelloAfterChangeCipherSpecIsStillPlaintext() throws {
        let client = try recordBytes(RealHandshakes.hrrClientStream)
        let server = try recordBytes(RealHandshakes.hrrServerStream)
        var decoder = TLSConnectionDecoder()
        #expect(names(decoder.feed(client[0], from: .client)) == ["client_hello"])
        #expect(
            names(decoder.feed(server[0] + server[1], from: .server)) == ["hello_retry_request", "change_cipher_spec"]
        )
        #expect(decoder.context.version == .tls13)
        let second = decoder.feed(client[1] + client[2], from: .client)
        #expect(names(second) == ["change_cipher_spec", "client_hello"])
        if case .handshake(.clientHello(let hello), _) = second.last {
            #expect(hello.keyShareGroups == [.secp256r1])
        } else {
            Issue.record("no second ClientHello")
        }
        #expect(names(decoder.feed(server[2], from: .server)) == ["server_hello"])
        #expect(
            names(decoder.feed(record(.applicationData, [1, 2, 3]), from: .server)) == ["encrypted application_data"]
        )
    }

    @Test func aTLS13ClientsEarlyChangeCipherSpecBeforeAHelloRetryRequestChangesNothing() throws {
        // RFC 8446 D.4: the client may send its ChangeCipherSpec right after its first
        // ClientHello, before any ServerHello; after a HelloRetryRequest its second
        // ClientHello is still plaintext.
        let client = try recordBytes(RealHandshakes.hrrClientStream)
        let server = try recordBytes(RealHandshakes.hrrServerStream)
        var decoder = TLSConnectionDecoder()
        #expect(names(decoder.feed(client[0] + client[1], from: .client)) == ["client_hello", "change_cipher_spec"])
        #expect(!decoder.hasChangedCipherSpec(.client))
        #expect(names(decoder.feed(server[0], from: .server)) == ["hello_retry_request"])
        #expect(names(decoder.feed(client[2], from: .client)) == ["client_hello"])
        #expect(names(decoder.feed(server[1] + server[2], from: .server)) == ["change_cipher_spec", "server_hello"])
        #expect(!decoder.hasChangedCipherSpec(.client) && !decoder.hasChangedCipherSpec(.server))
    }

    @Test func aChangeCipherSpecWithNoVersionKnownStillStartsCiphertextMidStream() throws {
        // A capture that starts after the hellos: no version is known, and a TLS 1.2
        // ChangeCipherSpec is followed by the encrypted Finished.
        var decoder = TLSConnectionDecoder()
        let events = decoder.feed(
            record(.changeCipherSpec, [1]) + record(.handshake, Array(repeating: 0x44, count: 40)),
            from: .server
        )
        #expect(names(events) == ["change_cipher_spec", "encrypted handshake"])
    }

    @Test func aTLS13ServerFlightIsOpaqueAfterItsServerHello() throws {
        var decoder = TLSConnectionDecoder()
        #expect(
            names(
                decoder.feed(record(.handshake, RealHandshakes.tls13ClientClientHello, version: 0x0301), from: .client)
            )
                == ["client_hello"]
        )
        let events = decoder.feed(RealHandshakes.tls13ServerStream, from: .server)
        #expect(
            names(events) == ["server_hello", "change_cipher_spec"]
                + Array(repeating: "encrypted application_data", count: 5)
        )
        #expect(decoder.context.usesTLS13Formats)
    }

    @Test func reportsTheAlertThatEndedAHandshake() throws {
        var decoder = TLSConnectionDecoder()
        let events = decoder.feed(RealHandshakes.tls12RefusedServerStream, from: .server)
        #expect(names(events).last == "alert handshake_failure")
    }

    @Test func anUndecodableMessageIsAnEventAndDecodingGoesOn() throws {
        var decoder = TLSConnectionDecoder(context: .tls13)
        let badRequest = handshake(
            .certificateRequest,
            vec(1, []) + vec(2, ext(0x002F, ExtData.authorities([[0x30, 0]])))
        )
        let events = decoder.feed(
            record(.handshake, badRequest + handshake(.keyUpdate, [0])) + record(.alert, [2]),
            from: .server
        )
        #expect(names(events) == ["undecodable certificate_request", "key_update", "undecodable alert"])
        if case .undecodableHandshake(let raw, let error) = events.first {
            #expect(raw.bytes == badRequest)
            #expect(error.field == "signature_algorithms")
        }
    }

    @Test func aBrokenDirectionEndsWithItsErrorAndTheOtherGoesOn() throws {
        var decoder = TLSConnectionDecoder()
        let events = decoder.feed(record(.alert, [1, 0]) + Array("HTTP/1.1 400 Bad Request\r\n".utf8), from: .server)
        #expect(names(events) == ["alert close_notify", "malformed content_type"], "events before the break are kept")
        #expect(decoder.failure(.server)?.offset == 7)
        #expect(decoder.feed(record(.alert, [2, 40]), from: .server).isEmpty)
        #expect(decoder.failure(.client) == nil)
        #expect(names(decoder.feed(CurlClientHello.curlClientHelloRecord, from: .client)) == ["client_hello"])
    }

    @Test func anOversizeMessageBreaksTheDirection() {
        var decoder = TLSConnectionDecoder(maxMessageSize: 1000)
        let events = decoder.feed(record(.handshake, [11] + u24(1001)), from: .server)
        #expect(names(events) == ["malformed length"])
    }

    @Test func recognisesAnSSLv2HelloOnlyFromTheClient() throws {
        let specs: [UInt8] = [0x00, 0x00, 0x2F]
        let challenge = [UInt8](repeating: 9, count: 16)
        let message: [UInt8] = [1, 3, 1] + u16(3) + u16(0) + u16(16) + specs + challenge
        let sslv2 = [0x80, UInt8(message.count)] + message
        var decoder = TLSConnectionDecoder()
        #expect(names(decoder.feed(sslv2, from: .client)) == ["sslv2_client_hello"])
        var other = TLSConnectionDecoder()
        #expect(names(other.feed(sslv2, from: .server)) == ["malformed content_type"])
    }

    @Test func reportsAHandshakeCutOffMidMessage() throws {
        var decoder = TLSConnectionDecoder()
        let certificate = RealHandshakes.tls12ServerCertificate
        #expect(decoder.feed(record(.handshake, Array(certificate.prefix(100))), from: .server).isEmpty)
        #expect(decoder.hasPartialMessage(.server))
        #expect(decoder.bufferedByteCount(.server) == 100)
        #expect(decoder.feed(Array(record(.handshake, []).prefix(3)), from: .server).isEmpty)
        #expect(decoder.bufferedByteCount(.server) == 103)
    }
}

/// A stand-in for a real decryptor: "ciphertext" is the TLS 1.3 inner plaintext XOR 0x5A;
/// a side can be refused (no keys) and a record can be made to fail.
private final class XORDecryptor: RecordDecryptor, @unchecked Sendable {
    var observed: [String] = []
    var opened: [(ContentType, TLSConnectionDecoder.Side)] = []
    var noKeys: TLSConnectionDecoder.Side?

    func observe(_ message: HandshakeMessage, from side: TLSConnectionDecoder.Side) {
        observed.append("\(side.rawValue) \(message.name)")
    }

    func open(_ record: TLSRecord, from side: TLSConnectionDecoder.Side) -> RecordOpening {
        if side == noKeys { return .unavailable }
        let inner = record.fragment.map { $0 ^ 0x5A }
        guard let type = inner.last, type != 0 else { return .failed }
        opened.append((record.contentType, side))
        return .opened(ContentType(type), Array(inner.dropLast()))
    }

    static func seal(_ type: ContentType, _ content: [UInt8]) -> [UInt8] {
        record(.applicationData, (content + [type.rawValue]).map { $0 ^ 0x5A })
    }
}

@Suite struct RecordDecryptorHookTests {
    static let serverHello = record(
        .handshake,
        handshake(
            .serverHello,
            u16(0x0303) + [UInt8](repeating: 2, count: 32) + vec(1, [])
                + u16(0x1301) + [0]
                + vec(2, ext(0x002B, u16(0x0304)) + ext(0x0033, u16(0x001D) + vec(2, [UInt8](repeating: 4, count: 32))))
        )
    )

    @Test func openedRecordsAreDecodedLikePlaintext() throws {
        let decryptor = XORDecryptor()
        var decoder = TLSConnectionDecoder()
        decoder.decryptor = decryptor
        #expect(
            names(
                decoder.feed(record(.handshake, RealHandshakes.tls13ClientClientHello, version: 0x0301), from: .client)
            )
                == ["client_hello"]
        )
        // One message split over two records, two coalesced in one: one reassembler.
        let certificate = handshake(.certificate, vec(1, []) + vec(3, vec(3, [0x30, 0x03, 2, 1, 1]) + vec(2, [])))
        let flight =
            Self.serverHello + record(.changeCipherSpec, [1])
            + XORDecryptor.seal(
                .handshake,
                handshake(.encryptedExtensions, vec(2, ext(0x0010, ExtData.alpn(["h2"])))) + certificate.prefix(6)
            )
            + XORDecryptor.seal(
                .handshake,
                Array(certificate.dropFirst(6)) + handshake(.finished, [UInt8](repeating: 9, count: 32))
            )
        #expect(
            names(decoder.feed(flight, from: .server)) == [
                "server_hello", "change_cipher_spec", "decrypted handshake", "encrypted_extensions",
                "decrypted handshake", "certificate", "finished",
            ]
        )
        #expect(
            decryptor.observed == [
                "client client_hello", "server server_hello", "server encrypted_extensions",
                "server certificate", "server finished",
            ]
        )
        // An encrypted alert, an inner type the decoder keeps as a record, application data.
        let rest =
            XORDecryptor.seal(.alert, [2, 48]) + XORDecryptor.seal(.heartbeat, [1])
            + XORDecryptor.seal(.applicationData, [7, 7])
        #expect(
            names(decoder.feed(rest, from: .client)) == [
                "decrypted alert", "decrypted alert unknown_ca", "decrypted heartbeat", "record heartbeat",
                "decrypted application_data",
            ]
        )
        // A record that does not open stays ciphertext; so does one without keys.
        #expect(names(decoder.feed(record(.applicationData, [0x5A]), from: .server)) == ["encrypted application_data"])
        decryptor.noKeys = .server
        #expect(
            names(decoder.feed(XORDecryptor.seal(.handshake, handshake(.keyUpdate, [0])), from: .server)) == [
                "encrypted application_data"
            ]
        )
    }

    @Test func tls12RecordsAfterChangeCipherSpecGoToTheDecryptor() throws {
        let decryptor = XORDecryptor()
        let client = try recordBytes(RealHandshakes.tls12ClientStream)
        let server = try recordBytes(RealHandshakes.tls12ServerStream)
        var decoder = TLSConnectionDecoder()
        decoder.decryptor = decryptor
        _ = decoder.feed(client[0], from: .client)
        _ = decoder.feed(server[0..<5].flatMap { $0 }, from: .server)
        // Without keys, the client's Finished after its ChangeCipherSpec stays ciphertext.
        decryptor.noKeys = .client
        #expect(
            names(decoder.feed(client[1...].flatMap { $0 }, from: .client)).suffix(2) == [
                "change_cipher_spec", "encrypted handshake",
            ]
        )
        // With them, a record after the ChangeCipherSpec reaches the decryptor with its wire type.
        decryptor.noKeys = nil
        #expect(
            names(decoder.feed(record(.alert, [2 ^ 0x5A, 40 ^ 0x5A, 21 ^ 0x5A]), from: .client))
                == ["decrypted alert", "decrypted alert handshake_failure"]
        )
        #expect(decryptor.opened.map(\.0) == [.alert])
    }
}
