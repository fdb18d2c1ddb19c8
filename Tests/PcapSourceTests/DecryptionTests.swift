import Foundation
@testable import PcapSource
import TestSupport
import Testing
import TLSDiagnosis
import TLSWire

/// Reads `packets` with `keyLog`: from a key log file, or embedded in the pcapng file as a
/// Decryption Secrets Block.
func analyze(
    _ packets: [CaptureWriter.Packet],
    keyLog: String,
    embedded: Bool = false
) throws
    -> (connections: [CapturedConnection], statistics: CaptureStatistics)
{
    let dir = TemporaryDirectory()
    let data = CaptureWriter.file(
        embedded ? .pcapng : .pcap,
        linkType: 1,
        packets: packets,
        secrets: embedded ? [Array(keyLog.utf8)] : []
    )
    let capture = try PacketCapture.open(file: dir.write("capture", data))
    if !embedded { try capture.keyLog.load(file: dir.write("keys.log", keyLog)) }
    var connections: [CapturedConnection] = []
    let statistics = capture.run { connections.append($0) }
    return (connections, statistics)
}

/// A whole synthetic TLS 1.3 connection as packets; `change` may damage the server flight.
func tls13Packets(
    _ tls: SyntheticTLS13.Conversation,
    segment: Int = 1448,
    change: ((inout [UInt8]) -> Void)? = nil
) -> [CaptureWriter.Packet] {
    var conversation = TCPConversation()
    var flight = tls.serverFlight
    change?(&flight)
    var packets = conversation.open()
    packets += conversation.send(tls.clientHello, from: .client, segmentSize: segment)
    packets += conversation.send(flight, from: .server, segmentSize: segment)
    packets += conversation.send(tls.clientFlight, from: .client, segmentSize: segment)
    packets += conversation.send(tls.serverAfter, from: .server, segmentSize: segment)
    packets += conversation.close()
    return packets
}

@Suite struct KeyScheduleTests {
    static func hex(_ text: String) -> [UInt8] { KeyLog.hex(Array(text.utf8)) ?? [] }

    @Test func trafficKeysMatchRFC8448() {
        // RFC 8448 §3, {server} derive write traffic keys for handshake data.
        let secret = Self.hex("b67b7d690cc16c4e75e54213cb2d37b4e9c912bcded9105d42befd59d391ad38")
        let keys = KeySchedule.trafficKeys(secret: secret, suite: SuiteParameters(aead: .aes128GCM, hash: .sha256))
        #expect(keys.key == Self.hex("3fce516009c21727d0f2e4e86ee403bc"))
        #expect(keys.iv == Self.hex("5d313eb2671276ee13000b30"))
    }

    @Test func tls12PRFMatchesOpenSSL() {
        // Vectors checked with `openssl kdf ... TLS1-PRF` (SHA-256 and SHA-384).
        let sha256 = KeySchedule.prf(
            secret: Self.hex("9bbe436ba940f017b17652849a71db35"),
            label: "test label",
            seed: Self.hex("a0ba9f936cda311827a6f796ffd5198c"),
            length: 100,
            hash: .sha256
        )
        #expect(
            sha256
                == Self.hex(
                    "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff70187347b66"
                )
        )
        let sha384 = KeySchedule.prf(
            secret: Self.hex("b80b733d6ceefcdc71566ea48e5567df"),
            label: "test label",
            seed: Self.hex("cd665cf6a8447dd6ff8b27555edb7465"),
            length: 48,
            hash: .sha384
        )
        #expect(
            sha384
                == Self.hex(
                    "7b0c18e9ced410ed1804f2cfa34a336a1c14dffb4900bb5fd7942107e81c83cde9ca0faa60be9fe34f82b1233c9146a0"
                )
        )
    }

    @Test func onlyAEADSuitesAreDecrypted() {
        let expected: [(UInt16, SuiteParameters?)] = [
            (0x1301, .init(aead: .aes128GCM, hash: .sha256)), (0x1302, .init(aead: .aes256GCM, hash: .sha384)),
            (0x1303, .init(aead: .chacha20Poly1305, hash: .sha256)), (0xC02F, .init(aead: .aes128GCM, hash: .sha256)),
            (0xC02C, .init(aead: .aes256GCM, hash: .sha384)), (0xCCA8, .init(aead: .chacha20Poly1305, hash: .sha256)),
            (0x009C, .init(aead: .aes128GCM, hash: .sha256)),
            (0x1304, nil), (0x1305, nil), (0xC013, nil), (0x002F, nil), (0xC0AC, nil), (0xFFFF, nil),
        ]
        for (code, parameters) in expected {
            #expect(SuiteParameters(CipherSuite(code)) == parameters, "\(CipherSuite(code))")
        }
    }
}

@Suite struct KeyLogTests {
    let random = String(repeating: "ab", count: 32)
    let secret = String(repeating: "cd", count: 32)

    @Test func parsesTheNSSFormat() {
        let line = { (text: String) in KeyLog.parse(line: Array(text.utf8)[...]) }
        #expect(
            line("CLIENT_HANDSHAKE_TRAFFIC_SECRET \(random) \(secret)")
                == .entry(
                    .clientHandshakeTrafficSecret,
                    random: [UInt8](repeating: 0xAB, count: 32),
                    secret: [UInt8](repeating: 0xCD, count: 32)
                )
        )
        #expect(line("  SERVER_TRAFFIC_SECRET_0\t\(random.uppercased())  \(secret + secret.prefix(32))\r") != .blank)
        #expect(line("CLIENT_RANDOM \(random) \(String(repeating: "00", count: 48))") != .blank)
        #expect(line("") == .blank)
        #expect(line("# SSL/TLS secrets log file, generated by NSS") == .blank)
        #expect(line("RSA 0011223344556677 \(secret)") == .ignored)
        #expect(line("SOME_NEW_LABEL \(random) \(secret)") == .ignored)
        for bad in [
            "CLIENT_RANDOM \(random)",  // cut after the random
            "CLIENT_RANDOM \(random) \(secret)",  // 32 bytes: not a master secret
            "CLIENT_HANDSHAKE_TRAFFIC_SECRET \(random) \(secret.dropLast())",  // odd length
            "CLIENT_HANDSHAKE_TRAFFIC_SECRET \(random) \(secret.prefix(40))",  // 20 bytes
            "CLIENT_HANDSHAKE_TRAFFIC_SECRET \(random.prefix(62)) \(secret)",
            "CLIENT_HANDSHAKE_TRAFFIC_SECRET \(random) \(secret) extra",
            "CLIENT_HANDSHAKE_TRAFFIC_SECRET \(random) zz\(secret.dropFirst(2))",
            "\u{7}\u{0}binary",
            String(repeating: "A", count: 2000),
        ] {
            guard case .malformed(let reason) = line(bad) else {
                Issue.record("accepted: \(bad.prefix(80))")
                continue
            }
            // The reason never quotes the secret.
            #expect(!reason.contains(secret.prefix(16)))
        }
    }

    @Test func loadsFilesAndReadsWhatIsAppended() throws {
        let dir = TemporaryDirectory()
        let path = dir.write(
            "keys.log",
            "# comment\r\nCLIENT_HANDSHAKE_TRAFFIC_SECRET \(random) \(secret)\r\nbroken line\nCLIENT_RANDOM \(random)"
        )
        let log = KeyLog()
        #expect(!log.isConfigured)
        let summary = try log.load(file: path)
        #expect(log.isConfigured)
        #expect(summary.secrets == 1)
        #expect(summary.malformedLines == 1)
        #expect(summary.ignoredLines == 1)
        #expect(summary.firstProblem?.hasPrefix("line 4: CLIENT_RANDOM with 1 value(s)") == true, "\(summary)")
        let key = [UInt8](repeating: 0xAB, count: 32)
        #expect(log.secrets(for: key)?[.clientHandshakeTrafficSecret] == [UInt8](repeating: 0xCD, count: 32))
        #expect(log.secrets(for: key)?[.clientRandom] == nil)
        #expect(!log.refresh())

        // A client finishing its last line, then logging another connection.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data(
                " \(String(repeating: "01", count: 48))\nSERVER_HANDSHAKE_TRAFFIC_SECRET \(random) \(secret)\n".utf8
            )
        )
        try handle.close()
        #expect(log.refresh())
        #expect(log.secrets(for: key)?[.clientRandom] == [UInt8](repeating: 1, count: 48))
        #expect(log.secrets(for: key)?[.serverHandshakeTrafficSecret] != nil)
        #expect(log.connectionCount == 1)

        #expect(throws: KeyLog.LoadError.self) { try KeyLog().load(file: dir.file("missing.log")) }
    }
}

@Suite struct PcapngSecretsScannerTests {
    static let secrets = Array("CLIENT_RANDOM 00 11\n".utf8)

    static func scan(_ data: Data, chunk: Int) -> [[UInt8]] {
        var scanner = PcapngSecretsScanner()
        var found: [[UInt8]] = []
        let bytes = [UInt8](data)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            bytes[offset..<end].withUnsafeBytes {
                scanner.consume($0) { type, data in
                    if type == PcapngSecretsScanner.tlsKeyLogSecrets { found.append(data) }
                }
            }
            offset = end
        }
        return found
    }

    @Test func findsSecretsBlocksInChunksOfAnySize() {
        var conversation = TCPConversation()
        let packets = tls12Packets(&conversation)
        let second = Array("SERVER_HANDSHAKE_TRAFFIC_SECRET 22 33 odd-length\n".utf8)
        for bigEndian in [false, true] {
            let file = CaptureWriter.file(
                .pcapng,
                linkType: 1,
                packets: packets,
                secrets: [Self.secrets, second],
                bigEndian: bigEndian
            )
            for chunk in [1, 3, 7, 64, 4096, 1 << 20] {
                #expect(
                    Self.scan(file, chunk: chunk) == [Self.secrets, second],
                    "chunk \(chunk), big-endian \(bigEndian)"
                )
            }
        }
        // A pcap file has none, and is let through after its magic.
        #expect(Self.scan(CaptureWriter.file(.pcap, linkType: 1, packets: packets), chunk: 100).isEmpty)
    }

    @Test func hostileBlockLengthsStopTheScanQuietly() {
        let good = CaptureWriter.file(.pcapng, linkType: 1, packets: [], secrets: [Self.secrets])
        var bytes = [UInt8](good)
        let dsb = bytes.count - CaptureWriter.decryptionSecretsBlock(Self.secrets).count
        for length: UInt32 in [0, 8, 13, 0xFFFF_FFFC] {
            var copy = bytes
            withUnsafeBytes(of: length.littleEndian) { copy.replaceSubrange((dsb + 4)..<(dsb + 8), with: $0) }
            #expect(Self.scan(Data(copy), chunk: 5).isEmpty, "length \(length)")
        }
        // A Secrets Length past the block's end: the block is skipped.
        withUnsafeBytes(of: UInt32(4096).littleEndian) { bytes.replaceSubrange((dsb + 12)..<(dsb + 16), with: $0) }
        #expect(Self.scan(Data(bytes), chunk: 5).isEmpty)
    }
}

@Suite struct CaptureDecryptionTests {
    static let caDER = syntheticChain.root.x509.subjectDER

    @Test func tls13HandshakeIsReadWithItsKeyLog() throws {
        let tls = SyntheticTLS13.connection(
            chain: syntheticDER,
            requestClientCertificate: true,
            acceptableCA: Self.caDER
        )
        for embedded in [false, true] {
            let (connections, statistics) = try analyze(tls13Packets(tls), keyLog: tls.keyLog, embedded: embedded)
            let c = try #require(connections.first)
            let (o, findings) = c.diagnosed()
            #expect(o.serverCertificates.map(\.der) == syntheticDER)
            #expect(o.serverHello?.alpn == "h2")
            #expect(o.certificateRequest?.acceptableCADER == [Self.caDER])
            #expect(o.certificateRequest?.clientCertificateSent == false)
            #expect(o.clientCertificates == [])
            #expect(o.outcome == .established)
            #expect(!o.encryptedHandshakeUnseen)
            #expect(o.steps.map(\.type).contains(.newSessionTicket))
            #expect(findings.isEmpty, "\(findings.map(\.code))")
            #expect(statistics.decryptedConnections == 1)
        }
    }

    @Test func encryptedAlertsAreReadAndPlaced() throws {
        let refused = SyntheticTLS13.connection(chain: syntheticDER, clientAlert: 48)
        let c = try #require(try analyze(tls13Packets(refused), keyLog: refused.keyLog).connections.first)
        #expect(c.observation.outcome == .failed)
        let alert = try #require(c.observation.alerts.first)
        #expect(alert.from == .client && alert.description == .unknownCA && alert.encrypted)
        #expect(alert.after.last == HandshakeStep(from: .server, type: .finished))
        // No guess from record sizes when the alert itself was read.
        #expect(!c.findings.contains { $0.code == .captureAlert })

        let required = SyntheticTLS13.connection(chain: syntheticDER, requestClientCertificate: true, serverAlert: 116)
        let r = try #require(try analyze(tls13Packets(required), keyLog: required.keyLog).connections.first)
        #expect(r.observation.outcome == .failed)
        #expect(r.observation.alerts.map(\.description) == [.certificateRequired])
        #expect(r.observation.alerts.first?.after.last == HandshakeStep(from: .client, type: .finished))
    }

    @Test func noKeyNamesTheClientRandom() throws {
        let tls = SyntheticTLS13.connection(chain: syntheticDER)
        let other = SyntheticTLS13.connection(chain: syntheticDER, seed: 9)
        let (connections, statistics) = try analyze(tls13Packets(tls), keyLog: other.keyLog)
        let c = try #require(connections.first)
        let finding = try #require(c.findings.first { $0.code == .captureNoKey })
        #expect(finding.evidence["client_random"] == .string(Hex.encode(tls.clientRandom)))
        #expect(c.observation.encryptedHandshakeUnseen)
        #expect(c.observation.outcome == .established)  // still read from record sizes
        #expect(statistics.connectionsWithoutKeys == 1)
    }

    @Test func noClientHelloIsBlamedOnALateStartOnlyWhenTheCaptureStartedLate() throws {
        let tls = SyntheticTLS13.connection(chain: syntheticDER)
        let packets = tls13Packets(tls)
        #expect(tls.clientHello.count <= 1448, "the ClientHello is packet 3, after the handshake")
        // From the SYN, the ClientHello's segment lost; and from the ServerHello on.
        var lost = packets
        lost.remove(at: 3)
        let late = Array(packets[4...])
        for (name, packets, fromSYN) in [("lost", lost, true), ("late", late, false)] {
            let c = try #require(try analyze(packets, keyLog: tls.keyLog).connections.first, "\(name)")
            #expect(c.observation.clientHello == nil)
            let finding = try #require(
                c.findings.first { $0.code == .captureNoKey },
                "\(name): \(c.findings.map(\.code))"
            )
            #expect(
                finding.message.contains("starts after this connection's ClientHello") == !fromSYN,
                "\(name): \(finding.message)"
            )
            #expect(finding.message.contains("from its SYN") == fromSYN, "\(name): \(finding.message)")
            #expect(
                finding.message.contains("client random — the key log's index — is unknown"),
                "\(name): \(finding.message)"
            )
        }
    }

    @Test func everyDamagedServerRecordIsNamed() throws {
        let tls = SyntheticTLS13.connection(chain: syntheticDER)
        for (index, offset) in tls.serverRecordOffsets.enumerated() {
            let packets = tls13Packets(tls) { $0[offset + 5 + 3] ^= 0x01 }
            let c = try #require(try analyze(packets, keyLog: tls.keyLog).connections.first)
            let finding = try #require(c.findings.first { $0.code == .captureDecryptFailed }, "record \(index)")
            #expect(finding.evidence["record"] == .int(index))
            #expect(finding.evidence["from"] == .string("server"))
            #expect(finding.evidence["secret"] == .string("SERVER_HANDSHAKE_TRAFFIC_SECRET"))
            // What came before the damaged record was read (record 2 is the Certificate).
            #expect(c.observation.serverCertificates.isEmpty == (index <= 1))
        }
    }

    @Test func hostileCiphertextIsBoundedAndNeverTraps() throws {
        let tls = SyntheticTLS13.connection(chain: syntheticDER)
        var generator = SystemRandomNumberGenerator()
        let start = tls.serverRecordOffsets[0]
        // Too short for a tag, empty, garbage of every size up to the record limit.
        for length in [0, 1, 15, 16, 17, 100, 16_384 + 256, 16_384 + 2048] {
            let garbage = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let packets = tls13Packets(tls) {
                $0 = Array($0[..<start]) + SyntheticTLS.record(23, garbage) + Array($0[start...])
            }
            let c = try #require(try analyze(packets, keyLog: tls.keyLog).connections.first)
            #expect(c.findings.contains { $0.code == .captureDecryptFailed }, "length \(length)")
        }
        // A lost segment inside the encrypted flight: a gap, not a wrong key.
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(tls.clientHello, from: .client)
        var server = conversation.send(tls.serverFlight, from: .server, segmentSize: 100)
        server.remove(at: 3)
        packets += server
        packets += conversation.send(tls.clientFlight, from: .client)
        packets += conversation.close()
        let c = try #require(try analyze(packets, keyLog: tls.keyLog).connections.first)
        #expect(!c.findings.contains { $0.code == .captureDecryptFailed })
        #expect(c.findings.contains { $0.code == .captureTruncated })
    }

    @Test func everyPrefixOfTheEncryptedFlightIsSafe() throws {
        let tls = SyntheticTLS13.connection(chain: syntheticDER, requestClientCertificate: true)
        let flight = tls.serverFlight
        for cut in stride(from: tls.serverRecordOffsets[0], through: flight.count, by: 37) {
            var conversation = TCPConversation()
            var packets = conversation.open()
            packets += conversation.send(tls.clientHello, from: .client)
            packets += conversation.send(Array(flight[..<cut]), from: .server)
            packets += conversation.close()
            let c = try #require(try analyze(packets, keyLog: tls.keyLog).connections.first)
            #expect(!c.findings.contains { $0.code == .captureDecryptFailed }, "cut \(cut)")
            #expect(c.observation.outcome == .incomplete)
        }
    }
}

@Suite struct LiveKeyLogTests {
    /// A live capture sees a connection's encrypted flight before its client has written
    /// the secrets: once they are in the key log, the connection is read again from its start.
    @Test func secretsWrittenAfterTheFlightAreUsed() throws {
        let tls = SyntheticTLS13.connection(chain: syntheticDER)
        let other = SyntheticTLS13.connection(chain: syntheticDER, seed: 9)
        let dir = TemporaryDirectory()
        let path = dir.write("keys.log", other.keyLog)
        let keyLog = KeyLog()
        try keyLog.load(file: path)
        var connections: [CapturedConnection] = []
        let analyzer = CaptureAnalyzer(linkType: 1, decryption: .init(keyLog: keyLog, refreshOnMiss: true)) {
            connections.append($0)
        }
        var conversation = TCPConversation()
        var early = conversation.open()
        early += conversation.send(tls.clientHello, from: .client)
        early += conversation.send(tls.serverFlight, from: .server)
        early += conversation.send(tls.clientFlight, from: .client)
        let late = conversation.send(tls.serverAfter, from: .server) + conversation.close()
        for packet in early { packet.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: packet.time) } }
        #expect(connections.isEmpty)

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(tls.keyLog.utf8))
        try handle.close()
        for packet in late { packet.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: packet.time) } }
        analyzer.finish()

        let c = try #require(connections.first)
        #expect(c.observation.serverCertificates.map(\.der) == syntheticDER)
        #expect(!c.observation.encryptedHandshakeUnseen)
        #expect(!c.findings.contains { $0.code == .captureNoKey })
        #expect(analyzer.statistics.decryptedConnections == 1)
    }
}

/// How a TLS 1.3 handshake ended, read without the key log from record sizes and order, as
/// Zeek decides it (its tls13_wolfssl.pcap and tls13draft16-chrome55 traces have these shapes).
@Suite struct TLS13OutcomeWithoutKeysTests {
    @Test func theClientsFinishedAfterTheServersFlightCompletesTheHandshake() throws {
        // wolfSSL: the client sends its Finished and data, then closes; the server sends
        // nothing more under its application keys.
        let tls = SyntheticTLS13.connection(chain: syntheticDER)
        var c = TCPConversation()
        var packets = c.open()
        packets += c.send(tls.clientHello, from: .client)
        packets += c.send(tls.serverFlight, from: .server)
        packets += c.send(tls.clientFlight, from: .client)
        packets += c.close()
        let connection = try #require(try analyze(packets).connections.first)
        #expect(connection.observation.outcome == .established)
    }

    /// `tls`'s handshake and client flight, then `serverAfter` (default: `tls`'s) and both
    /// FINs; with `clientFINFirst` the client's FIN goes before the server's answer.
    static func packets(
        _ tls: SyntheticTLS13.Conversation,
        serverAfter: [UInt8]? = nil,
        clientFINFirst: Bool
    ) -> [CaptureWriter.Packet] {
        var c = TCPConversation()
        var packets = c.open()
        packets += c.send(tls.clientHello, from: .client)
        packets += c.send(tls.serverFlight, from: .server)
        packets += c.send(tls.clientFlight, from: .client)
        guard clientFINFirst else { return packets + c.send(serverAfter ?? tls.serverAfter, from: .server) + c.close() }
        packets.append(c.packet(from: .client, sequence: c.clientSequence, flags: 0x11, payload: []))
        c.clientSequence &+= 1
        packets += c.send(serverAfter ?? tls.serverAfter, from: .server)
        packets.append(c.packet(from: .server, sequence: c.serverSequence, flags: 0x11, payload: []))
        return packets
    }

    @Test func anAlertSizedRecordAfterTheClientClosedIsItsCloseNotify() throws {
        // Chrome: Finished, then FIN; the server answers the close with an encrypted
        // close_notify (alert-sized) and its own FIN. Not a refusal.
        let tls = SyntheticTLS13.connection(chain: syntheticDER)
        let refused = SyntheticTLS13.connection(chain: syntheticDER, serverAlert: 0)
        let packets = Self.packets(tls, serverAfter: refused.serverAfter, clientFINFirst: true)
        let connection = try #require(try analyze(packets).connections.first)
        #expect(connection.observation.outcome == .established)
        #expect(!connection.findings.contains { $0.code == .captureAlert })
    }

    /// s_client refused for want of a certificate: its Finished, its close_notify and FIN
    /// (its input ended) go out before the server's certificate_required arrives. The
    /// client closed with an alert of its own, so the server's alert-sized record is read as
    /// the refusal; with the key log it is one, and reported as itself.
    @Test(arguments: [false, true]) func aRefusalAfterTheClientsOwnCloseNotifyIsARefusal(keys: Bool) throws {
        let tls = SyntheticTLS13.connection(
            chain: syntheticDER,
            requestClientCertificate: true,
            serverAlert: 116,
            clientCloses: true
        )
        let packets = Self.packets(tls, clientFINFirst: true)
        let read = keys ? try analyze(packets, keyLog: tls.keyLog).connections : try analyze(packets).connections
        let connection = try #require(read.first)
        #expect(connection.observation.outcome == .failed)
        if keys {
            let alert = connection.observation.alerts.first { $0.from == .server }
            #expect(alert?.description == .certificateRequired)
        } else {
            #expect(connection.findings.contains { $0.code == .captureAlert })
        }
    }

    /// s_client against a server that sends no session tickets: Finished, close_notify, FIN;
    /// the server answers the close with its own close_notify. The flight was a lone
    /// Finished, with no certificate to refuse: established, without keys as with them.
    @Test(arguments: [false, true]) func aCloseNotifyAnsweringALoneFinishedIsNoRefusal(keys: Bool) throws {
        let tls = SyntheticTLS13.connection(chain: syntheticDER, serverAlert: 0, clientCloses: true)
        let packets = Self.packets(tls, clientFINFirst: false)
        let read = keys ? try analyze(packets, keyLog: tls.keyLog).connections : try analyze(packets).connections
        let connection = try #require(read.first)
        #expect(connection.observation.outcome == .established)
        #expect(!connection.findings.contains { $0.code == .captureAlert })
    }

    @Test func anAlertSizedRecordAnsweringTheClientsFlightIsStillARefusal() throws {
        let required = SyntheticTLS13.connection(chain: syntheticDER, requestClientCertificate: true, serverAlert: 116)
        let connection = try #require(try analyze(tls13Packets(required)).connections.first)
        #expect(connection.observation.outcome == .failed)
        #expect(connection.findings.contains { $0.code == .captureAlert })
    }
}
