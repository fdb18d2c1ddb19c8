import Foundation
@testable import PcapSource
import TestSupport
import Testing
import TLSDiagnosis
import TLSWire

/// The report capture makes of `c`, with no anchors, judged at the test PKI's time.
func observerReport(_ c: CapturedConnection) -> ConnectionReport {
    ConnectionDiagnosis.report(
        observation: c.observation,
        vantage: .observer(ObserverVantage(flow: c.flow)),
        anchors: [],
        context: TrustContext(at: TestPKI.referenceTime),
        extraFindings: c.findings
    )
}

/// Reads `packets` through libpcap and the analyzer, as `tlsprobe capture -r` does.
func analyze(
    _ packets: [CaptureWriter.Packet],
    link: TCPConversation.Link = .ethernet,
    format: CaptureWriter.Format = .pcap,
    truncateFileBy cut: Int = 0
) throws -> (connections: [CapturedConnection], statistics: CaptureStatistics) {
    let dir = TemporaryDirectory()
    var data = CaptureWriter.file(format, linkType: link.linkType, packets: packets)
    if cut > 0 { data = data.dropLast(cut) }
    let path = dir.write("capture.\(format == .pcap ? "pcap" : "pcapng")", data)
    let capture = try PacketCapture.open(file: path)
    var connections: [CapturedConnection] = []
    let statistics = capture.run { connections.append($0) }
    return (connections, statistics)
}

/// The chain every synthetic server presents: leaf, intermediate, root.
let syntheticChain = TestPKI.chain(host: "printer.local")
let syntheticDER = [syntheticChain.leaf.der, syntheticChain.intermediate.der, syntheticChain.root.der]

/// A complete TLS 1.2 connection: TCP open, hello, server flight in `segment`-byte
/// segments, finish, data, close.
func tls12Packets(
    _ conversation: inout TCPConversation,
    segment: Int = 1448,
    tls: SyntheticTLS.Conversation? = nil
) -> [CaptureWriter.Packet] {
    let t = tls ?? SyntheticTLS.tls12(chain: syntheticDER)
    var packets = conversation.open()
    packets += conversation.send(t.clientHello, from: .client, segmentSize: segment)
    packets += conversation.send(t.serverFlight, from: .server, segmentSize: segment)
    packets += conversation.send(t.clientFinish, from: .client, segmentSize: segment)
    packets += conversation.send(t.serverFinish, from: .server, segmentSize: segment)
    packets += conversation.send(t.clientData, from: .client, segmentSize: segment)
    packets += conversation.send(t.serverData, from: .server, segmentSize: segment)
    packets += conversation.close()
    return packets
}

/// What every correctly read synthetic TLS 1.2 connection shows.
func expectCompleteTLS12(_ connections: [CapturedConnection], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(connections.count == 1, sourceLocation: sourceLocation)
    guard let c = connections.first else { return }
    #expect(c.observation.clientHello?.sni == "printer.local", sourceLocation: sourceLocation)
    #expect(c.observation.serverHello?.cipherSuite == CipherSuite(rawValue: 0xC02F), sourceLocation: sourceLocation)
    let sameChain = c.observation.serverCertificates.map(\.der) == syntheticDER
    #expect(sameChain, "chain of \(c.observation.serverCertificates.count)", sourceLocation: sourceLocation)
    #expect(c.observation.outcome == .established, sourceLocation: sourceLocation)
    #expect(!c.findings.contains { $0.code == .captureTruncated }, sourceLocation: sourceLocation)
    #expect(!c.findings.contains { $0.code == .captureRetransmissionMismatch }, sourceLocation: sourceLocation)
    #expect(c.flow.client.hasSuffix(":50000") && c.flow.server.hasSuffix(":4433"), sourceLocation: sourceLocation)
}

@Suite struct ReassemblyTests {
    @Test func inOrderConnectionIsReportedWhole() throws {
        var conversation = TCPConversation()
        let (connections, statistics) = try analyze(tls12Packets(&conversation))
        expectCompleteTLS12(connections)
        #expect(statistics.tcpFlows == 1 && statistics.tlsFlows == 1 && statistics.reportedConnections == 1)
        #expect(connections.first?.flow.client == "127.0.0.1:50000")
        #expect(connections.first?.flow.server == "127.0.0.5:4433")
    }

    @Test func outOfOrderSegmentsAreReordered() throws {
        var conversation = TCPConversation()
        var packets = tls12Packets(&conversation, segment: 200)
        // After the TCP handshake: swap neighbours, then reverse runs of five, so segments
        // of both directions and the closing FINs come before data sent earlier.
        for i in stride(from: 3, to: packets.count - 1, by: 2) { packets.swapAt(i, i + 1) }
        var reordered = Array(packets.prefix(3))
        var index = 3
        while index < packets.count {
            reordered += packets[index..<min(packets.count, index + 5)].reversed()
            index += 5
        }
        packets = reordered
        let (connections, _) = try analyze(packets)
        expectCompleteTLS12(connections)
    }

    @Test func retransmissionsAndOverlapsAreDeliveredOnce() throws {
        var conversation = TCPConversation()
        let packets = tls12Packets(&conversation, segment: 300)
        var noisy: [CaptureWriter.Packet] = []
        var overlapping = conversation
        for (index, packet) in packets.enumerated() {
            noisy.append(packet)
            if index % 3 == 0 { noisy.append(packet) }  // plain retransmission
        }
        // A retransmission that overlaps two earlier segments: the server flight re-sent
        // from its 150th byte in 400-byte pieces.
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        overlapping.serverSequence = 0xFFFF_F001 &+ 150
        let resent = overlapping.send(Array(t.serverFlight[150..<1000]), from: .server, segmentSize: 400)
        noisy.insert(contentsOf: resent, at: 12)
        let (connections, _) = try analyze(noisy)
        expectCompleteTLS12(connections)
    }

    /// The handshake after the ClientHello: the server's flight, both Finished, both FINs.
    static func rest(_ t: SyntheticTLS.Conversation, _ conversation: inout TCPConversation) -> [CaptureWriter.Packet] {
        conversation.send(t.serverFlight, from: .server) + conversation.send(t.clientFinish, from: .client)
            + conversation.send(t.serverFinish, from: .server) + conversation.close()
    }

    /// The ClientHello sent again with its server name rewritten (a middlebox, or a capture
    /// of two paths): the first copy is read, and the difference is reported with where it is.
    /// `early`: the rewritten copy of the hello's second half arrives while its first half is
    /// still missing (both copies wait), else after the whole hello was read.
    @Test(arguments: [false, true]) func aRetransmissionThatDiffersKeepsTheFirstAndSaysSo(early: Bool) throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        let name = Array("printer.local".utf8)
        let at = try #require(
            (0...(t.clientHello.count - name.count)).first { Array(t.clientHello[$0..<($0 + name.count)]) == name }
        )
        var rewritten = t.clientHello
        rewritten[at + name.count - 1] = UInt8(ascii: "X")
        let half = at + 2

        var conversation = TCPConversation()
        var packets = conversation.open()
        let start = conversation.clientSequence
        let first = conversation.send(Array(t.clientHello[..<half]), from: .client)
        let second = conversation.send(Array(t.clientHello[half...]), from: .client)
        var again = conversation
        again.clientSequence = start &+ UInt32(half)
        let secondRewritten = again.send(Array(rewritten[half...]), from: .client)
        if early {
            packets += second + secondRewritten + first
        } else {
            var whole = conversation
            whole.clientSequence = start
            packets += first + second + whole.send(rewritten, from: .client)
        }
        packets += Self.rest(t, &conversation)

        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.clientHello?.sni == "printer.local")
        #expect(c.observation.outcome == .established)
        let finding = try #require(c.findings.first { $0.code == .captureRetransmissionMismatch })
        #expect(finding.evidence["from"] == .string("client"))
        #expect(finding.evidence["stream_offset"] == .int(at + name.count - 1))
        #expect(finding.severity == .warning)
    }

    /// The server's flight with a hole: a piece after it arrives twice, the second copy
    /// rewritten, while the hole waits. The offset counts from the server's first byte, not
    /// from where the hole began.
    @Test func aDifferingCopyBehindAGapIsPlacedInTheWholeStream() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        let start = conversation.serverSequence
        func piece(_ range: Range<Int>, _ bytes: [UInt8]) -> [CaptureWriter.Packet] {
            var c = conversation
            c.serverSequence = start &+ UInt32(range.lowerBound)
            return c.send(Array(bytes[range]), from: .server)
        }
        var rewritten = t.serverFlight
        rewritten[450] ^= 0xFF
        packets += piece(0..<200, t.serverFlight)
        packets += piece(400..<790, t.serverFlight)
        packets += piece(400..<790, rewritten)
        packets += piece(200..<400, t.serverFlight)
        conversation.serverSequence = start &+ UInt32(790)
        packets += conversation.send(Array(t.serverFlight[790...]), from: .server)
        packets += conversation.send(t.clientFinish, from: .client)
        packets += conversation.send(t.serverFinish, from: .server)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.serverCertificates.map(\.der) == syntheticDER)
        let finding = try #require(c.findings.first { $0.code == .captureRetransmissionMismatch })
        #expect(finding.evidence["from"] == .string("server"))
        #expect(finding.evidence["stream_offset"] == .int(450))
    }

    /// A keep-alive re-sends the last byte sent with a garbage byte: not a differing copy.
    @Test func aKeepAliveIsNoDifferingCopy() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        let last = t.clientHello[t.clientHello.count - 1]
        packets.append(
            conversation.packet(
                from: .client,
                sequence: conversation.clientSequence &- 1,
                flags: 0x10,
                payload: [last ^ 0xFF]
            )
        )
        packets += Self.rest(t, &conversation)
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.outcome == .established)
        #expect(!c.findings.contains { $0.code == .captureRetransmissionMismatch })
    }

    @Test func oneByteSegmentsAreReassembled() throws {
        var conversation = TCPConversation()
        let (connections, statistics) = try analyze(tls12Packets(&conversation, segment: 1))
        expectCompleteTLS12(connections)
        #expect(statistics.tcpSegments > 5000)
    }

    @Test func certificateSpreadOverTwentySegments() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        packets += conversation.send(Array(t.serverFlight[..<t.certificateRange.lowerBound]), from: .server)
        let certificate = Array(t.serverFlight[t.certificateRange])
        let pieces = conversation.send(certificate, from: .server, segmentSize: (certificate.count + 19) / 20)
        #expect(pieces.count == 20)
        packets += pieces
        packets += conversation.send(Array(t.serverFlight[t.certificateRange.upperBound...]), from: .server)
        packets += conversation.send(t.clientFinish, from: .client)
        packets += conversation.send(t.serverFinish, from: .server)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        expectCompleteTLS12(connections)
    }

    @Test func missingSegmentIsReportedAndReadingGoesOn() throws {
        var conversation = TCPConversation()
        var packets = tls12Packets(&conversation, segment: 100)
        // Drop a segment inside the server's Certificate.
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        let certificateSegment = 3 + (t.clientHello.count + 99) / 100 + (t.certificateRange.lowerBound + 300) / 100
        packets.remove(at: certificateSegment)
        let (connections, statistics) = try analyze(packets)
        #expect(connections.count == 1)
        let c = try #require(connections.first)
        #expect(c.observation.clientHello?.sni == "printer.local")
        #expect(c.observation.serverHello != nil)
        let truncated = try #require(c.findings.first { $0.code == .captureTruncated })
        #expect(truncated.evidence["server_bytes_lost"] == .int(100))
        #expect(statistics.lostBytes == 100)
        // After the hole, the server's later records were found again: both ChangeCipherSpecs.
        #expect(c.observation.outcome == .established)
    }

    @Test func captureStartingMidStreamStillShowsTheChain() throws {
        var conversation = TCPConversation()
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        _ = conversation.open()
        _ = conversation.send(t.clientHello, from: .client)
        // The capture starts with the server's flight: no SYN, no ClientHello.
        var packets = conversation.send(t.serverFlight, from: .server)
        packets += conversation.send(t.clientFinish, from: .client)
        packets += conversation.send(t.serverFinish, from: .server)
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.clientHello == nil)
        #expect(c.observation.serverCertificates.count == 3)
        #expect(c.flow.server.hasSuffix(":4433"))
    }

    @Test func clientRejectingTheChainIsReadInContext() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        packets += conversation.send(t.serverFlight, from: .server)
        packets += conversation.send(SyntheticTLS.alert(description: 48), from: .client)
        packets += conversation.reset(from: .client)
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.outcome == .failed)
        #expect(c.observation.alerts.first?.from == .client)
        #expect(c.observation.alerts.first?.description == .unknownCA)
        #expect(c.observation.alerts.first?.after.last?.type == .serverHelloDone)
    }

    @Test func serverRefusingAnEmptyClientCertificate() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER, requestClientCertificate: true, clientChain: [])
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        packets += conversation.send(t.serverFlight, from: .server)
        packets += conversation.send(t.clientFinish, from: .client)
        packets += conversation.send(SyntheticTLS.alert(description: 40), from: .server)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.outcome == .failed)
        #expect(c.observation.certificateRequest?.clientCertificateSent == false)
        #expect(c.observation.clientCertificates == [])
        let finding = HandshakeDiagnosis.finding(
            for: try #require(c.observation.alerts.first),
            in: c.observation,
            vantage: .testObserver
        )
        #expect(finding?.code == .mtlsClientCertRequired)
    }

    @Test func mutualTLSClientChainIsReported() throws {
        let client = TestPKI.issue(.client("front-desk-ipad"), by: syntheticChain.intermediate)
        let t = SyntheticTLS.tls12(chain: syntheticDER, requestClientCertificate: true, clientChain: [client.der])
        var conversation = TCPConversation()
        let (connections, _) = try analyze(tls12Packets(&conversation, tls: t))
        let c = try #require(connections.first)
        #expect(c.observation.outcome == .established)
        let sameChain = c.observation.clientCertificates?.map(\.der) == [client.der]
        #expect(sameChain)
        #expect(c.observation.certificateRequest?.clientCertificateSent == true)
    }

    @Test func handshakeCutOffByTheEndOfTheCapture() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        packets += conversation.send(Array(t.serverFlight.prefix(700)), from: .server)
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.outcome == .incomplete)
        let finding = try #require(c.findings.first { $0.code == .captureIncompleteHandshake })
        #expect(finding.evidence["ended"] == .string("the capture ended while it was open"))
        // Not seen to connect is not "connects": the verdict names the cut-off handshake.
        let report = observerReport(c)
        #expect(report.verdict.connects == false)
        #expect(report.verdict.cause?.code == .captureIncompleteHandshake)
    }

    @Test func fileCutMidPacketKeepsWhatWasRead() throws {
        var conversation = TCPConversation()
        let packets = Array(tls12Packets(&conversation, segment: 400).prefix(9))
        let (connections, statistics) = try analyze(packets, truncateFileBy: 50)
        #expect(statistics.readError != nil)
        let c = try #require(connections.first)
        #expect(c.findings.contains { $0.code == .captureTruncated })
        #expect(c.observation.clientHello != nil)
    }

    @Test func snapLengthCutIsReported() throws {
        var conversation = TCPConversation()
        var packets = tls12Packets(&conversation, segment: 1000)
        // The fifth packet (the server flight's first segment) captured with 80 bytes only.
        let original = packets[4]
        packets[4] = CaptureWriter.Packet(
            time: original.time,
            bytes: Array(original.bytes.prefix(80)),
            wireLength: original.bytes.count
        )
        let (connections, statistics) = try analyze(packets)
        #expect(statistics.snapTruncatedSegments == 1)
        let c = try #require(connections.first)
        #expect(c.findings.contains { $0.code == .captureTruncated })
    }

    @Test func plainTCPIsNotReported() throws {
        var conversation = TCPConversation(serverPort: 80)
        var packets = conversation.open()
        packets += conversation.send(Array("GET / HTTP/1.1\r\nHost: printer.local\r\n\r\n".utf8), from: .client)
        packets += conversation.send(Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8), from: .server)
        packets += conversation.close()
        let (connections, statistics) = try analyze(packets)
        #expect(connections.isEmpty)
        #expect(statistics.tcpFlows == 1 && statistics.tlsFlows == 0)
    }

    @Test func tlsOnAnyPortAndManyConnections() throws {
        var packets: [CaptureWriter.Packet] = []
        for (index, port) in [443, 8443, 9, 50_001].enumerated() {
            var conversation = TCPConversation(clientPort: UInt16(40_000 + index), serverPort: UInt16(port))
            conversation.time += Double(index)
            packets += tls12Packets(&conversation)
        }
        packets.sort { $0.time < $1.time }
        let (connections, _) = try analyze(packets)
        #expect(
            connections.map(\.flow.server).sorted() == [
                "127.0.0.5:443", "127.0.0.5:50001", "127.0.0.5:8443", "127.0.0.5:9",
            ]
        )
    }

    @Test(arguments: [CaptureWriter.Format.pcap, .pcapng])
    func everyLinkTypeAndIPVersion(format: CaptureWriter.Format) throws {
        let links: [TCPConversation.Link] = [
            .ethernet, .vlan([10]), .vlan([100, 200]), .linuxCooked, .linuxCookedV2, .rawIP, .null,
        ]
        for link in links {
            for ipv6 in [false, true] {
                var conversation = TCPConversation(link: link, ipv6: ipv6)
                conversation.ipv6ExtensionHeaders = ipv6
                let (connections, statistics) = try analyze(tls12Packets(&conversation), link: link, format: format)
                #expect(statistics.malformedPackets == 0 && statistics.skippedPackets == 0, "\(link) ipv6=\(ipv6)")
                expectCompleteTLS12(connections)
                if ipv6 { #expect(connections.first?.flow.server == "[fd00::5]:4433", "\(link)") }
            }
        }
    }
}

/// JA3 and JA4 of a known ClientHello read from a capture, against values computed by hand
/// from the published definitions (salesforce/ja3; FoxIO-LLC/ja4 technical_details/JA4.md):
/// TLS 1.2 without supported_versions, SNI, 3 suites, 6 extensions, ALPN http/1.1.
@Suite struct CapturedFingerprintTests {
    @Test func knownHelloFingerprints() throws {
        var conversation = TCPConversation()
        let (connections, _) = try analyze(tls12Packets(&conversation, segment: 7))
        let hello = try #require(connections.first?.observation.clientHello)
        // ciphers c02f, c030, 009c; extensions 0000, 000a, 000b, 000d, 0010, 0017; x25519, P-256.
        #expect(hello.ja3 == "771,49199-49200-156,0-10-11-13-16-23,29-23,0")
        #expect(hello.ja3Hash == "d250e66348cded9e07b2d19f4b1f54fb")
        // JA4_b = sha256("009c,c02f,c030")[:12]; JA4_c = sha256("000a,000b,000d,0017_0403,0804,0401")[:12]
        // (SNI and ALPN are left out of JA4_c; signature algorithms stay in their order).
        #expect(hello.ja4 == "t12d0306h1_13bac7b83268_7417d88d13f3")
    }
}

/// Flows end on idle time and at the flow limit, and every TLS connection is still reported.
@Suite struct FlowLifetimeTests {
    /// Frames straight into the analyzer, with its limits.
    func run(
        _ packets: [CaptureWriter.Packet],
        limits: CaptureAnalyzer.Limits,
        finish: Bool = false
    ) -> ([CapturedConnection], CaptureAnalyzer) {
        var connections: [CapturedConnection] = []
        let analyzer = CaptureAnalyzer(linkType: 1, limits: limits) { connections.append($0) }
        for packet in packets {
            packet.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: packet.time) }
        }
        if finish { analyzer.finish() }
        return (connections, analyzer)
    }

    @Test func idleFlowIsReportedWhenTimeMovesOn() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var quiet = TCPConversation(clientPort: 40_001)
        var packets = quiet.open() + quiet.send(t.clientHello, from: .client)  // then silence, no FIN
        var later = TCPConversation(clientPort: 40_002)
        later.time = quiet.time + 500
        packets += later.open()
        var limits = CaptureAnalyzer.Limits()
        limits.idleTimeout = 120
        let (connections, analyzer) = run(packets, limits: limits)
        #expect(connections.count == 1)
        #expect(connections.first?.flow.client.hasSuffix(":40001") == true)
        #expect(connections.first?.observation.outcome == .incomplete)
        #expect(analyzer.statistics.idleRetiredFlows == 1)
    }

    @Test func flowLimitEndsTheOldestAndReportsThem() throws {
        var limits = CaptureAnalyzer.Limits()
        limits.maxFlows = 10
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var packets: [CaptureWriter.Packet] = []
        for index in 0..<50 {
            var conversation = TCPConversation(clientPort: UInt16(41_000 + index))
            conversation.time += Double(index)
            packets += conversation.open() + conversation.send(t.clientHello, from: .client)
        }
        let (open, during) = run(packets, limits: limits)
        #expect(during.openFlowCount <= 10)
        #expect(open.count == 40)
        let (connections, _) = run(packets, limits: limits, finish: true)
        #expect(connections.count == 50)
        #expect(Set(connections.map(\.flow.client)).count == 50)
    }

    @Test func serverRefusingEveryCipherListsWhatWasOffered() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var conversation = TCPConversation()
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        packets += conversation.send(SyntheticTLS.alert(description: 40), from: .server)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        let report = observerReport(c)
        let finding = try #require(report.findings.first { $0.code == .tlsNoCommonCipher })
        #expect(
            finding.evidence["offered_cipher_suites"]
                == .strings([
                    "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
                    "TLS_RSA_WITH_AES_128_GCM_SHA256",
                ])
        )
        #expect(report.outcome == .failed)
    }
}

/// Hostile captures through the whole analyzer: mutated frames, shuffled and duplicated,
/// never trap, and per-flow state stays bounded.
@Suite struct HostileCaptureTests {
    @Test func mutatedConversationsNeverTrap() {
        var generator = SplitMix64(seed: 7)
        var conversation = TCPConversation()
        let packets = tls12Packets(&conversation, segment: 97)
        for _ in 0..<40 {
            var reported = 0
            let analyzer = CaptureAnalyzer(linkType: 1) { connection in
                reported += 1
                let observation = connection.diagnosed().observation
                #expect(observation.steps.count + observation.alerts.count <= TrackedFlow.maxEvents)
            }
            let frames = packets.shuffled(using: &generator).prefix(packets.count - 3)
            for packet in frames {
                var bytes = packet.bytes
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255,
                        using: &generator
                    )
                }
                if Bool.random(using: &generator) {
                    bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
                }
                bytes.withUnsafeBytes { analyzer.process(frame: $0, time: packet.time) }
            }
            analyzer.finish()
            // Every frame was counted; every flow ended and was reported once, and no flow
            // was made without a frame of its own.
            #expect(analyzer.statistics.packets == frames.count)
            #expect(analyzer.openFlowCount == 0)
            #expect(reported <= frames.count)
        }
    }

    @Test func endlessHandshakeMessagesAreBounded() throws {
        var conversation = TCPConversation()
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        // 5000 HelloRequests and warning alerts from the server.
        let spam = (0..<5000).flatMap { i in
            i % 2 == 0
                ? SyntheticTLS.record(22, SyntheticTLS.handshake(0, [])) : SyntheticTLS.alert(level: 1, description: 0)
        }
        packets += conversation.send(spam, from: .server)
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.steps.count + c.observation.alerts.count <= TrackedFlow.maxEvents)
    }
}

/// TLS 1.3 without keys: the outcome is read from the sizes of the encrypted records.
@Suite struct TLS13OutcomeTests {
    typealias W = SyntheticTLS

    /// ClientHello offering TLS 1.3; ServerHello choosing it; the server's encrypted flight.
    static func tls13Start(_ conversation: inout TCPConversation) -> [CaptureWriter.Packet] {
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
                        ext(0x002B, W.u16(0x0304))
                        + ext(0x0033, W.u16(0x001D) + W.u16(32) + [UInt8](repeating: 4, count: 32))
                    return W.u16(e.count) + e
                }()
        )
        var packets = conversation.open()
        packets += conversation.send(W.record(22, hello), from: .client)
        packets += conversation.send(
            W.record(22, serverHello) + W.record(20, [1]) + W.record(23, [UInt8](repeating: 9, count: 1200)),
            from: .server
        )
        return packets
    }

    @Test func clientAlertSizedRecordIsAClientRefusal() throws {
        var conversation = TCPConversation()
        var packets = Self.tls13Start(&conversation)
        packets += conversation.send(W.record(20, [1]) + W.record(23, [UInt8](repeating: 8, count: 19)), from: .client)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.outcome == .failed)
        #expect(c.observation.encryptedHandshakeUnseen)
        let finding = try #require(c.findings.first { $0.code == .captureAlert })
        #expect(finding.evidence["from"] == .string("client"))
    }

    @Test func serverAlertAfterTheClientFlightIsAServerRefusal() throws {
        var conversation = TCPConversation()
        var packets = Self.tls13Start(&conversation)
        packets += conversation.send(W.record(23, [UInt8](repeating: 8, count: 53)), from: .client)  // Finished
        packets += conversation.send(W.record(23, [UInt8](repeating: 7, count: 19)), from: .server)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.outcome == .failed)
        #expect(c.findings.first { $0.code == .captureAlert }?.evidence["from"] == .string("server"))
    }

    @Test func ticketAfterTheClientFlightIsEstablished() throws {
        var conversation = TCPConversation()
        var packets = Self.tls13Start(&conversation)
        packets += conversation.send(W.record(23, [UInt8](repeating: 8, count: 53)), from: .client)
        // NewSessionTicket
        packets += conversation.send(W.record(23, [UInt8](repeating: 7, count: 250)), from: .server)
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        #expect(c.observation.outcome == .established)
        #expect(c.findings.isEmpty)
    }
}

@Suite struct PlaintextAnswerTests {
    @Test func httpAnswerToAClientHelloIsNamed() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var conversation = TCPConversation(serverPort: 80)
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        packets += conversation.send(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8), from: .server)
        packets += conversation.close()
        let (connections, _) = try analyze(packets)
        let c = try #require(connections.first)
        let finding = try #require(c.findings.first { $0.code == .captureIncompleteHandshake })
        #expect(
            finding.message.contains("plaintext, not TLS (\"HTTP/1.1 400 Bad Request..Content-Length: 0....\")"),
            "\(finding.message)"
        )
        #expect(finding.evidence["plaintext_from"] == .string("server"))
    }
}
