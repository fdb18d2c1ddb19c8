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
