import Testing
import TLSWire

/// Every message a reassembler yields from `fragments`, appended one at a time.
private func reassemble(
    _ fragments: [[UInt8]],
    maxMessageSize: Int = HandshakeReassembler.defaultMaxMessageSize
)
    throws -> [RawHandshakeMessage]
{
    var reassembler = HandshakeReassembler(maxMessageSize: maxMessageSize)
    var messages: [RawHandshakeMessage] = []
    for fragment in fragments { messages += try reassembler.messages(afterAppending: fragment) }
    #expect(!reassembler.hasPartialMessage)
    return messages
}

private func chunks(_ bytes: [UInt8], of size: Int) -> [[UInt8]] {
    stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
}

/// The TLS 1.2 server flight of scenario B, as `-msg` saw each message.
private let serverFlight = [
    RealHandshakes.tls12ServerServerHello, RealHandshakes.tls12ServerCertificate,
    RealHandshakes.tls12ServerServerKeyExchange, RealHandshakes.tls12ServerCertificateRequest,
    RealHandshakes.tls12ServerServerHelloDone,
]

@Suite struct HandshakeReassemblerTests {
    @Test func reassemblesACertificateSpreadOverManyRecords() throws {
        let certificate = RealHandshakes.tls12ServerCertificate
        for size in [1, 3, 7, 64, 100] {
            let messages = try reassemble(chunks(certificate, of: size))
            #expect(messages.count == 1)
            #expect(messages.first?.bytes == certificate, "\(size)-byte records")
            #expect(messages.first?.type == .certificate)
        }
    }

    @Test func splitsSeveralMessagesInOneRecord() throws {
        let messages = try reassemble([serverFlight.flatMap { $0 }])
        #expect(messages.map(\.bytes) == serverFlight)
        #expect(
            messages.map(\.type) == [
                .serverHello, .certificate, .serverKeyExchange, .certificateRequest, .serverHelloDone,
            ]
        )
    }

    @Test func messagesStraddlingRecordBoundariesComeOutWhole() throws {
        let stream = serverFlight.flatMap { $0 }
        for size in [5, 13, 250] {
            #expect(try reassemble(chunks(stream, of: size)).map(\.bytes) == serverFlight)
        }
    }

    @Test func waitsOnEveryPrefixAndReportsThePartialMessage() throws {
        let message = RealHandshakes.tls13ServerCertificateRequest
        for length in 0..<message.count {
            var reassembler = HandshakeReassembler()
            try reassembler.append(message.prefix(length))
            #expect(try reassembler.nextMessage() == nil)
            #expect(reassembler.hasPartialMessage == (length > 0))
            #expect(reassembler.bufferedByteCount == length)
        }
    }

    @Test func rejectsAMessageDeclaringMoreThanTheLimitBeforeItsBody() throws {
        var reassembler = HandshakeReassembler()
        try reassembler.append([11] + u24(256 * 1024 + 1))
        let error = try #require(throws: WireError.self) { try reassembler.nextMessage() }
        #expect(error.kind == .malformed)
        #expect(error.field == "length")
        #expect(error.offset == 1)
        #expect(error.detail?.contains("262145") == true)
        #expect(throws: WireError.self) { try reassembler.append([0]) }
    }

    @Test func acceptsAMessageAtTheLimit() throws {
        let body = [UInt8](repeating: 0x30, count: 1000)
        #expect(try reassemble([handshake(.certificate, body)], maxMessageSize: 1000).count == 1)
        #expect(throws: WireError.self) { try reassemble([handshake(.certificate, body)], maxMessageSize: 999) }
    }

    @Test func boundsTheBytesItBuffers() throws {
        var reassembler = HandshakeReassembler(maxMessageSize: 100, maxBufferedBytes: 200)
        try reassembler.append([UInt8](repeating: 0, count: 150))
        let error = try #require(throws: WireError.self) { try reassembler.append([UInt8](repeating: 0, count: 51)) }
        #expect(error.field == "handshake_buffer")
        #expect(error.kind == .malformed)
    }

    @Test func defaultBufferBoundIsOneMessageAndOneRecord() {
        let reassembler = HandshakeReassembler()
        #expect(reassembler.maxBufferedBytes == 256 * 1024 + 4 + 16384 + 2048)
    }

    @Test func countsOffsetsAcrossMessages() throws {
        var reassembler = HandshakeReassembler()
        let messages = try reassembler.messages(afterAppending: serverFlight[0] + serverFlight[1])
        #expect(messages.count == 2)
        #expect(reassembler.offset == serverFlight[0].count + serverFlight[1].count)
    }

    @Test func takesOnlyHandshakeRecords() throws {
        var reassembler = HandshakeReassembler()
        let alert = TLSRecord(contentType: .alert, legacyVersion: .tls12, fragment: [2, 40])
        #expect(throws: WireError.self) { try reassembler.append(record: alert) }
        try reassembler.append(
            record: TLSRecord(contentType: .handshake, legacyVersion: .tls12, fragment: [14, 0, 0, 0])
        )
        #expect(try reassembler.nextMessage()?.type == .serverHelloDone)
    }

    // MARK: Whole messages (OpenSSL's message callback)

    @Test func takesAWholeMessageAsOpenSSLDeliversIt() throws {
        let message = try RawHandshakeMessage(bytes: RealHandshakes.tls13ServerEncryptedExtensions)
        #expect(message.type == .encryptedExtensions)
        #expect(message.bytes == RealHandshakes.tls13ServerEncryptedExtensions)
        #expect(message.body == Array(RealHandshakes.tls13ServerEncryptedExtensions.dropFirst(4)))
        #expect(try RawHandshakeMessage(type: .encryptedExtensions, body: message.body) == message)
    }

    @Test func aWholeMessageMustBeExactlyOneMessage() throws {
        let bytes = RealHandshakes.tls12ServerServerHello
        for length in 0..<bytes.count {
            let error = try #require(throws: WireError.self) { try RawHandshakeMessage(bytes: bytes.prefix(length)) }
            #expect(error.kind == .needMoreBytes, "prefix \(length)")
        }
        let trailing = try #require(throws: WireError.self) { try RawHandshakeMessage(bytes: bytes + [0]) }
        #expect(trailing.kind == .malformed)
        let oversize = try #require(throws: WireError.self) {
            try RawHandshakeMessage(bytes: [11] + u24(300_000) + [0])
        }
        #expect(oversize.kind == .malformed)
        #expect(oversize.field == "length")
    }
}
