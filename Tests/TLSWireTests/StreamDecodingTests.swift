import Testing
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

private func decodeDirection(_ stream: [UInt8], context: inout HandshakeContext, chunk: Int = 1000) throws -> Direction {
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
        #expect(server.messages.map(\.name) == [
            "server_hello", "certificate", "server_key_exchange", "certificate_request", "server_hello_done",
            "new_session_ticket",
        ])
        #expect(server.encryptedRecords == 1, "the Finished after ChangeCipherSpec")
        #expect(context.version == .tls12)

        let client = try decodeDirection(RealHandshakes.tls12ClientStream, context: &context, chunk: 17)
        #expect(client.messages.map(\.name) == ["client_hello", "certificate", "client_key_exchange", "certificate_verify"])
        #expect(client.encryptedRecords == 1)
        guard case .certificateRequest(let request) = server.messages[3] else { Issue.record("no request"); return }
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
        #expect(fromWire == [
            RealHandshakes.tls12ServerServerHello, RealHandshakes.tls12ServerCertificate,
            RealHandshakes.tls12ServerServerKeyExchange, RealHandshakes.tls12ServerCertificateRequest,
            RealHandshakes.tls12ServerServerHelloDone, RealHandshakes.tls12ServerNewSessionTicket,
        ])
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
        #expect(try Alert.alerts(in: [1, 0, 2, 116]) == [Alert(level: .warning, description: .closeNotify),
                                                        Alert(level: .fatal, description: .certificateRequired)])
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
        #expect(names(decoder.feed(server[0..<5].flatMap { $0 }, from: .server))
            == ["server_hello", "certificate", "server_key_exchange", "certificate_request", "server_hello_done"])
        #expect(decoder.context.version == .tls12)
        #expect(names(decoder.feed(client[1...].flatMap { $0 }, from: .client))
            == ["certificate", "client_key_exchange", "certificate_verify", "change_cipher_spec", "encrypted handshake"])
        #expect(decoder.hasChangedCipherSpec(.client))
        #expect(!decoder.hasChangedCipherSpec(.server))
        #expect(names(decoder.feed(server[5...].flatMap { $0 }, from: .server))
            == ["new_session_ticket", "change_cipher_spec", "encrypted handshake"])
        #expect(names(decoder.feed(record(.alert, Array(repeating: 7, count: 26)), from: .server)) == ["encrypted alert"])
        #expect(!decoder.hasPartialMessage(.client) && !decoder.hasPartialMessage(.server))
    }

    @Test func aTLS13ClientsSecondHelloAfterChangeCipherSpecIsStillPlaintext() throws {
        let client = try recordBytes(RealHandshakes.hrrClientStream)
        let server = try recordBytes(RealHandshakes.hrrServerStream)
        var decoder = TLSConnectionDecoder()
        #expect(names(decoder.feed(client[0], from: .client)) == ["client_hello"])
        #expect(names(decoder.feed(server[0] + server[1], from: .server)) == ["hello_retry_request", "change_cipher_spec"])
        #expect(decoder.context.version == .tls13)
        let second = decoder.feed(client[1] + client[2], from: .client)
        #expect(names(second) == ["change_cipher_spec", "client_hello"])
        if case .handshake(.clientHello(let hello), _) = second.last {
            #expect(hello.keyShareGroups == [.secp256r1])
        } else {
            Issue.record("no second ClientHello")
        }
        #expect(names(decoder.feed(server[2], from: .server)) == ["server_hello"])
        #expect(names(decoder.feed(record(.applicationData, [1, 2, 3]), from: .server)) == ["encrypted application_data"])
    }

    @Test func aTLS13ServerFlightIsOpaqueAfterItsServerHello() throws {
        var decoder = TLSConnectionDecoder()
        #expect(names(decoder.feed(record(.handshake, RealHandshakes.tls13ClientClientHello, version: 0x0301), from: .client))
            == ["client_hello"])
        let events = decoder.feed(RealHandshakes.tls13ServerStream, from: .server)
        #expect(names(events) == ["server_hello", "change_cipher_spec"] + Array(repeating: "encrypted application_data", count: 5))
        #expect(decoder.context.usesTLS13Formats)
    }

    @Test func reportsTheAlertThatEndedAHandshake() throws {
        var decoder = TLSConnectionDecoder()
        let events = decoder.feed(RealHandshakes.tls12RefusedServerStream, from: .server)
        #expect(names(events).last == "alert handshake_failure")
    }

    @Test func anUndecodableMessageIsAnEventAndDecodingGoesOn() throws {
        var decoder = TLSConnectionDecoder(context: .tls13)
        let badRequest = handshake(.certificateRequest, vec(1, []) + vec(2, ext(0x002F, ExtData.authorities([[0x30, 0]]))))
        let events = decoder.feed(record(.handshake, badRequest + handshake(.keyUpdate, [0])) + record(.alert, [2]),
                                      from: .server)
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
        #expect(names(decoder.feed(RealHandshakes.curlClientHelloRecord, from: .client)) == ["client_hello"])
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
