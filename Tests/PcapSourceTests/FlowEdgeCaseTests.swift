import Foundation
@testable import PcapSource
import TestSupport
import Testing
import TLSDiagnosis
import TLSWire

/// A TLS 1.2 connection up to both Finished (so it is reported while open), no close.
private func establishedTLS12(_ conversation: inout TCPConversation) -> [CaptureWriter.Packet] {
    let t = SyntheticTLS.tls12(chain: syntheticDER)
    var packets = conversation.open()
    packets += conversation.send(t.clientHello, from: .client)
    packets += conversation.send(t.serverFlight, from: .server)
    packets += conversation.send(t.clientFinish, from: .client)
    packets += conversation.send(t.serverFinish, from: .server)
    return packets
}

/// TCP oddities around a connection's start and reuse of its addresses and ports.
@Suite struct ConnectionReuseTests {
    @Test func newConnectionOnTheSamePortsAfterAReportIsReported() throws {
        // The first connection's close was not captured; 6 s later a new one uses the same 4-tuple.
        var first = TCPConversation()
        var packets = establishedTLS12(&first)
        var second = TCPConversation()
        second.clientSequence = 0x2000_0000
        second.serverSequence = 0x3000_0000
        second.time = first.time + 6
        packets += establishedTLS12(&second) + second.close()
        let (connections, statistics) = try analyze(packets)
        #expect(connections.count == 2)
        #expect(connections.allSatisfy { $0.observation.outcome == .established })
        #expect(statistics.tcpFlows == 2)
        #expect(statistics.reportedConnections == 2)
    }

    @Test func repeatedSYNOfAReportedConnectionIsNotANewConnection() throws {
        var conversation = TCPConversation()
        var packets = establishedTLS12(&conversation)
        var again = packets[0]
        again.time = conversation.time + 0.5
        packets.append(again)
        packets += conversation.close()
        let (connections, statistics) = try analyze(packets)
        #expect(connections.count == 1)
        #expect(statistics.tcpFlows == 1)
    }
}

@Suite struct TCPFastOpenTests {
    @Test func dataInTheSYNIsTheStreamsFirstBytes() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var c = TCPConversation()
        // TCP Fast Open: the ClientHello rides in the SYN, at sequence number ISN + 1.
        var packets = [c.packet(from: .client, sequence: c.clientSequence, flags: 0x02, payload: t.clientHello)]
        c.clientSequence &+= 1 &+ UInt32(t.clientHello.count)
        packets.append(c.packet(from: .server, sequence: c.serverSequence, flags: 0x12, payload: []))
        c.serverSequence &+= 1
        packets.append(c.packet(from: .client, sequence: c.clientSequence, flags: 0x10, payload: []))
        packets += c.send(t.serverFlight, from: .server)
        packets += c.send(t.clientFinish, from: .client)
        packets += c.send(t.serverFinish, from: .server)
        packets += c.close()
        let (connections, _) = try analyze(packets)
        expectCompleteTLS12(connections)
    }

    @Test func aFINInTheSYNWithDataClosesAfterTheData() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var c = TCPConversation()
        // SYN, FIN and the ClientHello in one segment: the FIN's sequence number is ISN + 1 + length.
        var packets = [c.packet(from: .client, sequence: c.clientSequence, flags: 0x03, payload: t.clientHello)]
        c.clientSequence &+= 2 &+ UInt32(t.clientHello.count)
        packets.append(c.packet(from: .server, sequence: c.serverSequence, flags: 0x12, payload: []))
        c.serverSequence &+= 1
        packets += c.send(SyntheticTLS.alert(description: 40), from: .server)
        packets.append(c.packet(from: .server, sequence: c.serverSequence, flags: 0x11, payload: []))
        let (connections, _) = try analyze(packets)
        let c0 = try #require(connections.first)
        #expect(connections.count == 1)
        #expect(c0.observation.clientHello?.sni == "printer.local")
        #expect(c0.observation.outcome == .failed)
        #expect(c0.observation.alerts.first?.description == .handshakeFailure)
    }
}

/// Which versions get TLS 1.3 rules is decided in one place: the record decoder, the flow's
/// outcome heuristics, the decryptor and the observation agree on every selected version.
@Suite struct SelectedVersionTests {
    typealias W = SyntheticTLS

    /// A ClientHello offering TLS 1.3, a ServerHello selecting `version` through
    /// supported_versions, ChangeCipherSpec and an encrypted flight; then the client's
    /// ChangeCipherSpec and one alert-sized record.
    static func packets(selecting version: Int) -> [CaptureWriter.Packet] {
        let ext: (Int, [UInt8]) -> [UInt8] = { type, data in W.u16(type) + W.u16(data.count) + data }
        let hello = W.handshake(
            1,
            W.u16(0x0303) + [UInt8](repeating: 1, count: 32) + [0] + W.u16(2) + W.u16(0x1301) + [1, 0]
                + {
                    let e =
                        ext(0x002B, [2, 3, 4])
                        + ext(0x0033, W.u16(36) + W.u16(0x001D) + W.u16(32) + [UInt8](repeating: 3, count: 32))
                    return W.u16(e.count) + e
                }()
        )
        let serverHello = W.handshake(
            2,
            W.u16(0x0303) + [UInt8](repeating: 2, count: 32) + [0] + W.u16(0x1301) + [0]
                + {
                    let e =
                        ext(0x002B, W.u16(version))
                        + ext(0x0033, W.u16(0x001D) + W.u16(32) + [UInt8](repeating: 4, count: 32))
                    return W.u16(e.count) + e
                }()
        )
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(W.record(22, hello), from: .client)
        packets += conversation.send(
            W.record(22, serverHello) + W.record(20, [1]) + W.record(23, [UInt8](repeating: 9, count: 1200)),
            from: .server
        )
        packets += conversation.send(W.record(20, [1]) + W.record(23, [UInt8](repeating: 8, count: 19)), from: .client)
        packets += conversation.close()
        return packets
    }

    @Test(arguments: [0x0304, 0x7F1C, 0x7F17, 0x0305, 0x0A0A, 0xFEFC, 0x0303])
    func oneRuleForTLS13(version: Int) throws {
        let (connections, _) = try analyze(Self.packets(selecting: version))
        let c = try #require(connections.first)
        let tls13 = HandshakeContext(version: ProtocolVersion(UInt16(version))).usesTLS13Formats
        #expect(tls13 == (version == 0x0304 || version == 0x7F1C || version == 0x7F17))
        // TLS 1.3 rules: the client's alert-sized record is read as its refusal of the chain,
        // and the encrypted handshake is unseen.
        #expect(c.findings.contains { $0.code == .captureAlert } == tls13)
        #expect(c.observation.encryptedHandshakeUnseen == tls13)
    }
}

extension SelectedVersionTests {
    /// A draft-18 server (drafts 14 to 21 put the draft version in the ServerHello and left
    /// out the session id and compression method): the version is named, TLS 1.3 rules
    /// apply, and application data both ways means the handshake completed.
    @Test func anEarlyTLS13DraftIsNamedAndReadAsTLS13() throws {
        let ext: (Int, [UInt8]) -> [UInt8] = { type, data in W.u16(type) + W.u16(data.count) + data }
        let hello = W.handshake(
            1,
            W.u16(0x0303) + [UInt8](repeating: 1, count: 32) + [0] + W.u16(2) + W.u16(0x1301) + [1, 0]
                + {
                    let e =
                        ext(0x002B, [2, 0x7F, 0x12])
                        + ext(0x0033, W.u16(36) + W.u16(0x001D) + W.u16(32) + [UInt8](repeating: 3, count: 32))
                    return W.u16(e.count) + e
                }()
        )
        let serverHello = W.handshake(
            2,
            W.u16(0x7F12) + [UInt8](repeating: 2, count: 32) + W.u16(0x1301)
                + {
                    let e = ext(0x0033, W.u16(0x001D) + W.u16(32) + [UInt8](repeating: 4, count: 32))
                    return W.u16(e.count) + e
                }()
        )
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(W.record(22, hello), from: .client)
        packets += conversation.send(
            W.record(22, serverHello) + W.record(23, [UInt8](repeating: 9, count: 1200)),
            from: .server
        )
        packets += conversation.send(W.record(23, [UInt8](repeating: 8, count: 60)), from: .client)
        packets += conversation.send(W.record(23, [UInt8](repeating: 7, count: 300)), from: .server)
        packets += conversation.send(W.record(23, [UInt8](repeating: 6, count: 300)), from: .client)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.serverHello?.version.name == "TLSv1.3-draft-18")
        #expect(c.observation.serverHello?.cipherSuite == CipherSuite(0x1301))
        #expect(c.observation.encryptedHandshakeUnseen)
        #expect(c.observation.outcome == .established)
    }
}

@Suite struct SnapLengthTests {
    /// The ClientHello in two segments, the first captured with only 10 bytes of its
    /// payload; then the server's flight, and (with `finish`) the rest of the handshake.
    static func packets(finish: Bool) -> (packets: [CaptureWriter.Packet], cut: Int) {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var c = TCPConversation()
        var packets = c.open()
        let half = t.clientHello.count / 2
        var first = c.send(Array(t.clientHello[..<half]), from: .client)
        let whole = first[0]
        // Ethernet 14 + IPv4 20 + TCP 20 bytes of headers, then 10 of the payload.
        first[0] = CaptureWriter.Packet(
            time: whole.time,
            bytes: Array(whole.bytes.prefix(54 + 10)),
            wireLength: whole.bytes.count
        )
        packets += first
        packets += c.send(Array(t.clientHello[half...]), from: .client)
        packets += c.send(t.serverFlight, from: .server)
        if finish {
            packets += c.send(t.clientFinish, from: .client)
            packets += c.send(t.serverFinish, from: .server)
            packets += c.close()
        }
        return (packets, half - 10)
    }

    @Test func aCutSegmentIsCountedAsCutNotAlsoAsLost() throws {
        let (packets, cut) = Self.packets(finish: true)
        let (connections, statistics) = try analyze(packets)
        let c = try #require(connections.first)
        let truncated = try #require(c.findings.first { $0.code == .captureTruncated })
        #expect(truncated.evidence["client_bytes_lost"] == .int(0))
        #expect(truncated.evidence["snap_length_cut_bytes"] == .int(cut))
        #expect(!truncated.message.contains("never captured"), "\(truncated.message)")
        #expect(statistics.lostBytes == 0)
        #expect(statistics.snapTruncatedSegments == 1)
        // Reading went on right after the cut: the chain and both ChangeCipherSpecs.
        #expect(c.observation.serverCertificates.count == 3)
        #expect(c.observation.outcome == .established)
    }

    @Test func noClientHelloInACaptureFromTheSYNIsNotBlamedOnALateStart() throws {
        let (packets, _) = Self.packets(finish: false)
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.clientHello == nil)
        let incomplete = try #require(c.findings.first { $0.code == .captureIncompleteHandshake })
        #expect(!incomplete.message.contains("starts after"), "\(incomplete.message)")
        #expect(incomplete.message.contains("snap length"), "\(incomplete.message)")
    }
}

@Suite struct SnapCutReassemblyTests {
    func run(_ segments: [(UInt32, [UInt8], cut: Int)]) -> (chunks: [String], lost: Int) {
        var stream = StreamReassembler()
        stream.syn(0)
        var chunks: [String] = []
        let sink: (StreamReassembler.Chunk) -> Void = { chunk in
            switch chunk {
            case .bytes(let b): chunks.append("\(Array(b))")
            case .gap(let n): chunks.append("gap \(n)")
            case .cut(let n): chunks.append("cut \(n)")
            }
        }
        for (sequence, payload, cut) in segments {
            payload.withUnsafeBytes { stream.add(sequence: sequence, payload: $0, cut: cut, sink: sink) }
        }
        stream.flush(sink: sink)
        return (chunks, stream.lostBytes)
    }

    @Test func aCutIsPassedAtOnceInOrderAndOutOfOrder() {
        let inOrder = run([(1, [1, 2], cut: 3), (6, [6, 7], cut: 0)])
        #expect(inOrder.chunks == ["[1, 2]", "cut 3", "[6, 7]"] && inOrder.lost == 0)
        let reordered = run([(6, [6, 7], cut: 0), (1, [1, 2], cut: 3)])
        #expect(reordered.chunks == ["[1, 2]", "cut 3", "[6, 7]"] && reordered.lost == 0)
        // A retransmission covering part of the cut: only what was not passed yet.
        let overlap = run([(1, [1, 2], cut: 3), (3, [3, 4, 5, 6], cut: 2), (9, [9], cut: 0)])
        #expect(overlap.chunks == ["[1, 2]", "cut 3", "[6]", "cut 2", "[9]"] && overlap.lost == 0)
        // Headers only: the whole payload cut.
        let headersOnly = run([(1, [], cut: 4), (5, [5], cut: 0)])
        #expect(headersOnly.chunks == ["cut 4", "[5]"])
    }
}

@Suite struct CaptureClockTests {
    func run(_ packets: [CaptureWriter.Packet]) -> ([CapturedConnection], CaptureAnalyzer) {
        var connections: [CapturedConnection] = []
        let analyzer = CaptureAnalyzer(linkType: 1) { connections.append($0) }
        for packet in packets {
            packet.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: packet.time) }
        }
        analyzer.finish()
        return (connections, analyzer)
    }

    /// An ARP frame (not TCP/IP) at `time`.
    static func arp(at time: Double) -> CaptureWriter.Packet {
        CaptureWriter.Packet(
            time: time,
            bytes: [UInt8](repeating: 0xFF, count: 12) + [0x08, 0x06] + [UInt8](repeating: 0, count: 28)
        )
    }

    @Test func oneFarFutureTimestampDoesNotEndOpenFlows() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var c = TCPConversation()
        var packets = c.open() + c.send(t.clientHello, from: .client)
        packets.append(Self.arp(at: 2_000_000_000))
        packets += c.send(t.serverFlight, from: .server)
        // A TCP segment of the connection with a bad timestamp, too.
        var late = c.send(t.clientFinish, from: .client)
        late[0].time = 2_000_000_000
        packets += late
        packets += c.send(t.serverFinish, from: .server) + c.close()
        let (connections, analyzer) = run(packets)
        #expect(connections.count == 1)
        #expect(connections.first?.observation.outcome == .established)
        #expect(analyzer.statistics.idleRetiredFlows == 0)
        let flow = try #require(connections.first?.flow)
        #expect(flow.lastPacket.timeIntervalSince1970 < 1_800_000_000)
    }

    @Test func flowsStillEndWhenTheCaptureClockReallyMovesOn() throws {
        // After the bad timestamp, later packets still come; once time moves on for good
        // (two packets agree), idle flows end.
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var quiet = TCPConversation(clientPort: 40_001)
        var packets = quiet.open() + quiet.send(t.clientHello, from: .client)
        packets.append(Self.arp(at: 2_000_000_000))
        var later = TCPConversation(clientPort: 40_002)
        later.time = quiet.time + 500
        packets += later.open()
        var connections: [CapturedConnection] = []
        let analyzer = CaptureAnalyzer(linkType: 1) { connections.append($0) }
        for packet in packets {
            packet.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: packet.time) }
        }
        #expect(connections.count == 1)
        #expect(connections.first?.flow.client.hasSuffix(":40001") == true)
        #expect(analyzer.statistics.idleRetiredFlows == 1)
    }
}

/// A client that sends a second ClientHello nobody asked for (no HelloRetryRequest between),
/// as five connections of FoxIO's tls-sni.pcapng do: JA4 and tshark take the first.
@Suite struct UnaskedSecondClientHelloTests {
    @Test func theFirstClientHelloIsTheOneFingerprinted() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        // The first hello carries a padding extension (21) the second lacks.
        var padded = t.clientHello
        let padding = SyntheticTLS.u16(0x0015) + SyntheticTLS.u16(8) + [UInt8](repeating: 0, count: 8)
        padded += padding
        // Record length (bytes 3–4), handshake length (6–8), extensions length (its last vector).
        func grow(_ at: Int, by n: Int, width: Int) {
            var value = 0
            for i in 0..<width { value = value << 8 | Int(padded[at + i]) }
            value += n
            for i in 0..<width { padded[at + i] = UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - i))) }
        }
        grow(3, by: padding.count, width: 2)
        grow(6, by: padding.count, width: 3)
        // Extensions length: after version (2), random (32), session id (1), suites (2+6), compression (1+1).
        grow(9 + 2 + 32 + 1 + 8 + 2, by: padding.count, width: 2)
        var c = TCPConversation()
        var packets = c.open()
        packets += c.send(padded, from: .client)
        packets += c.send(t.clientHello, from: .client)
        packets += c.close()
        let (connections, _) = try analyze(packets)
        let connection = try #require(connections.first)
        let first = try #require(connection.observation.clientHello)
        #expect(first.extensions.contains(ExtensionType(rawValue: 0x0015)), "the padded hello is the first")
        #expect(first.ja4?.hasPrefix("t12d0307h1") == true, "\(first.ja4 ?? "none")")
        let second = try #require(connection.observation.secondClientHello)
        #expect(!second.extensions.contains(ExtensionType(rawValue: 0x0015)))
    }
}
