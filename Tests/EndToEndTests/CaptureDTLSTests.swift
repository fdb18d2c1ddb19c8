import Foundation
import Testing
import TestSupport

/// `tlsprobe capture` on DTLS: real `openssl s_server`/`s_client` DTLS 1.2 and
/// 1.0 handshakes recorded by tcpdump on lo at test time (a small MTU so the Certificate is
/// fragmented over several records, `-listen` so a HelloVerifyRequest comes first, and a
/// client that refuses the chain), and DTLS 1.3 and connection-ID records that OpenSSL 3.0
/// cannot make, built from RFC 9147's and RFC 9146's structures into a pcap file here,
/// behind a STUN binding request on the same port and beside UDP that is not DTLS.
@Suite(.serialized) struct CaptureDTLSTests {
    static let pki = PKIFiles()
    static let otherRoot = pki.dir.write("dtls-other-root.pem", TestPKI.issue(.root("Somebody Else's Root")).pem)

    /// Records `clients` (s_client arguments after the version) against one
    /// `s_server -listen -mtu 300` of `version`, and returns the pcap file.
    static func capture(version: String, serverExtra: [String] = [], clients: [[String]], name: String) throws -> String
    {
        let port = try ReservedPort()
        let recorder = try LoopbackCapture(port: port.port, path: pki.dir.file(name), transport: "udp")
        // One server per client: s_server -listen serves one DTLS client.
        for client in clients {
            let server = try BackgroundProcess(
                "openssl",
                [
                    "s_server", version, "-listen", "-mtu", "300", "-accept", "127.0.0.1:\(port.port)",
                    "-cert", pki.leaf, "-key", pki.key, "-cert_chain", pki.intermediate, "-quiet",
                ] + serverExtra
            )
            #expect(DTLSTests.waitUntilBound(udp: port.port), "s_server \(version) did not bind UDP \(port.port)")
            try Run.process(
                "openssl",
                [
                    "s_client", version, "-mtu", "300", "-connect", "127.0.0.1:\(port.port)", "-servername",
                    "printer.local",
                ] + client,
                stdin: Data("Q\n".utf8),
                timeout: 15
            )
            server.stop()
        }
        return recorder.stop()
    }

    static func lines(_ result: Run.Result) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func dtls12HandshakesAreReportedLikeTLS() throws {
        let file = try Self.capture(
            version: "-dtls1_2",
            clients: [
                ["-CAfile", Self.pki.root, "-alpn", "coap"],
                ["-CAfile", Self.otherRoot, "-verify_return_error"],
            ],
            name: "dtls12.pcap"
        )
        // tshark, on the same file, sees the Certificate in several fragments: the reassembly is needed.
        if (try? Run.which("tshark")) != nil {
            let fragments = try Run.process(
                "tshark",
                ["-r", file, "-Y", "dtls.handshake.type == 11", "-T", "fields", "-e", "dtls.handshake.fragment_length"]
            )
            #expect(
                fragments.stdout.split(separator: "\n").count > 2,
                "the Certificate was not fragmented: \(fragments.stdout)"
            )
        }
        let result = try Run.tlsprobe([
            "capture", "-r", file, "--json", "--anchor", Self.pki.root, "--fail-on", "never",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.lines(result)
        try #require(lines.count == 2, "\(result.stdout)\n\(result.stderr)")
        try SchemaTests.expectValid(result.stdout, "capture", lines: true)
        #expect(result.stderr.contains("with DTLS"), "\(result.stderr)")

        let accepted = lines[0]
        let flow = try #require(accepted["flow"] as? [String: Any])
        #expect(flow["transport"] as? String == "udp")
        #expect((flow["server"] as? String)?.hasPrefix("127.0.0.1:") == true)
        #expect(accepted["outcome"] as? String == "established")
        let handshake = try #require(accepted["handshake"] as? [String: Any])
        #expect(handshake["version"] as? String == "DTLSv1.2")
        #expect((handshake["cipher_suite"] as? [String: Any])?["name"] as? String != nil)
        // The chain as sent (leaf and intermediate), put together from fragments, and trusted.
        let chain = try #require(accepted["chain"] as? [[String: Any]])
        #expect(chain.count == 2, "\(chain.count)")
        #expect((accepted["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        let hello = try #require(accepted["client_hello"] as? [String: Any])
        #expect(hello["sni"] as? String == "printer.local")
        #expect(hello["alpn"] as? [String] == ["coap"])
        // JA4 for DTLS: "d", then DTLS 1.2's "d2", SNI "d", and ALPN "coap" as "cp".
        let ja4 = try #require(hello["ja4"] as? String)
        #expect(ja4.hasPrefix("dd2d") && ja4.split(separator: "_")[0].hasSuffix("cp"), "\(ja4)")
        // -listen: a HelloVerifyRequest came, and the ClientHello with the cookie is the second.
        #expect(accepted["second_client_hello"] as? [String: Any] != nil)
        // tshark agrees there was a HelloVerifyRequest.
        if (try? Run.which("tshark")) != nil {
            let hvr = try Run.process(
                "tshark",
                ["-r", file, "-Y", "dtls.handshake.type == 3", "-T", "fields", "-e", "frame.number"]
            )
            #expect(!hvr.stdout.isEmpty)
        }

        // The client that trusts another root refused the chain with a plaintext fatal alert.
        let refused = lines[1]
        #expect(refused["outcome"] as? String == "failed")
        #expect((refused["flow"] as? [String: Any])?["transport"] as? String == "udp")
        let alerts = try #require(refused["alerts"] as? [[String: Any]])
        let alert = try #require(alerts.first)
        #expect(alert["from"] as? String == "client")
        #expect(alert["level"] as? String == "fatal")
        #expect(alert["encrypted"] as? Bool == false)
        #expect((alert["description"] as? [String: Any])?["name"] as? String == "unknown_ca", "\(alert)")
        #expect(JSONFindings.codes(refused).contains("capture.alert"), "\(JSONFindings.codes(refused))")

        let text = try Run.tlsprobe(["capture", "-r", file, "--anchor", Self.pki.root, "--fail-on", "never"])
        #expect(text.stdout.contains("DTLS over UDP"))
        #expect(text.stdout.contains("DTLSv1.2"))
        #expect(
            text.stdout.contains("Second client hello (after the HelloVerifyRequest, with its cookie)"),
            "\(text.stdout)"
        )
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func dtls10IsNamedAndFingerprinted()
        throws
    {
        let file = try Self.capture(
            version: "-dtls1",
            serverExtra: ["-cipher", "DEFAULT:@SECLEVEL=0"],
            clients: [["-CAfile", Self.pki.root, "-cipher", "DEFAULT:@SECLEVEL=0"]],
            name: "dtls10.pcap"
        )
        let result = try Run.tlsprobe([
            "capture", "-r", file, "--json", "--anchor", Self.pki.root, "--fail-on", "never",
        ])
        let lines = try Self.lines(result)
        try #require(lines.count == 1, "\(result.stdout)\n\(result.stderr)")
        #expect((lines[0]["handshake"] as? [String: Any])?["version"] as? String == "DTLSv1.0")
        #expect(lines[0]["outcome"] as? String == "established")
        #expect((lines[0]["chain"] as? [Any])?.count == 2)
        #expect(((lines[0]["client_hello"] as? [String: Any])?["ja4"] as? String)?.hasPrefix("dd1d") == true)
        // DTLS 1.0 signs its ServerKeyExchange without a SignatureAndHashAlgorithm (TLS 1.1's
        // form): read so, the group it names is known.
        #expect(
            (lines[0]["handshake"] as? [String: Any])?["group"] as? String == "x25519",
            "\(lines[0]["handshake"] ?? "")"
        )
        // DTLS 1.0 is TLS 1.1's datagram form (RFC 8996 deprecates both): too old.
        #expect(JSONFindings.codes(lines[0]).contains("tls.protocol_too_old"), "\(JSONFindings.codes(lines[0]))")
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func liveCaptureReportsADTLSHandshake() throws {
        let port = try ReservedPort()
        let dir = TemporaryDirectory()
        let live = try CaptureTests.startLive(
            [
                "capture", "-i", "lo", "--filter", "udp port \(port.port)", "--count", "1", "--json", "--duration",
                "30",
            ],
            in: dir
        )
        defer { if live.process.isRunning { live.process.terminate() } }
        let server = try BackgroundProcess(
            "openssl",
            [
                "s_server", "-dtls1_2", "-accept", "127.0.0.1:\(port.port)", "-cert", Self.pki.leaf, "-key",
                Self.pki.key,
                "-cert_chain", Self.pki.intermediate, "-quiet",
            ]
        )
        defer { server.stop() }
        #expect(DTLSTests.waitUntilBound(udp: port.port))
        try Run.process(
            "openssl",
            [
                "s_client", "-dtls1_2", "-connect", "127.0.0.1:\(port.port)", "-servername", "printer.local", "-CAfile",
                Self.pki.root,
            ],
            stdin: Data("Q\n".utf8),
            timeout: 15
        )
        CaptureTests.wait(live.process, seconds: 15)
        let stdout = (try? String(contentsOfFile: live.stdout, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: live.stderr, encoding: .utf8)) ?? ""
        #expect(!live.process.isRunning)
        #expect(live.process.terminationStatus == 0, "\(stderr)")
        #expect(stdout.contains("\"transport\":\"udp\""), "\(stdout)")
        #expect(stdout.contains("\"version\":\"DTLSv1.2\""), "\(stdout)")
        #expect(stdout.contains("\"outcome\":\"established\""), "\(stdout)")
        #expect(stderr.contains("interface lo: 1 TLS connection reported"), "\(stderr)")
    }

    // MARK: DTLS 1.3, connection IDs, STUN, garbage: built from the RFCs' structures

    /// A DTLS 1.3 ClientHello offering DTLS 1.3 and 1.2, with SNI, ALPN "coap" and a
    /// connection ID of 4 bytes for the server to use.
    static func dtls13ClientHello(cid: [UInt8]?) -> [UInt8] {
        var extensions: [[UInt8]] = [
            DTLSBytes.ext(0, [0, 14, 0, 0, 11] + Array("iot.example".utf8)),
            DTLSBytes.ext(10, [0, 4, 0, 0x1D, 0, 0x17]),
            DTLSBytes.ext(13, [0, 4, 0x04, 0x03, 0x08, 0x04]),
            DTLSBytes.ext(16, [0, 5, 4] + Array("coap".utf8)),
            DTLSBytes.ext(43, [4, 0xFE, 0xFC, 0xFE, 0xFD]),
            DTLSBytes.ext(51, [0, 38, 0, 0x1D, 0, 32] + [UInt8](repeating: 7, count: 32)),
        ]
        if let cid { extensions.append(DTLSBytes.ext(54, [UInt8(cid.count)] + cid)) }
        return DTLSBytes.clientHello(suites: [0x1301, 0x1302, 0x1303], extensions: extensions)
    }

    static func dtls13ServerHello(cid: [UInt8]?) -> [UInt8] {
        var extensions: [[UInt8]] = [
            DTLSBytes.ext(43, [0xFE, 0xFC]),
            DTLSBytes.ext(51, [0, 0x1D, 0, 32] + [UInt8](repeating: 9, count: 32)),
        ]
        if let cid { extensions.append(DTLSBytes.ext(54, [UInt8(cid.count)] + cid)) }
        return DTLSBytes.serverHello(suite: 0x1301, extensions: extensions)
    }

    /// A STUN binding request (RFC 8489 §5): type 0x0001, length 0, magic cookie, transaction ID.
    static let stunBindingRequest: [UInt8] =
        [0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xA4, 0x42] + [UInt8](repeating: 0x5A, count: 12)

    /// The DTLS 1.3 handshake on one UDP port after a STUN binding request and its answer:
    /// the ClientHello in three fragments, out of order, one sent twice; the ServerHello;
    /// then unified-header records with the connection IDs both ways, the client's last in
    /// the application epoch (without `clientApplicationRecord`, only its handshake-epoch
    /// flight, as in Zeek's dtls13-cid.pcap, before the server's application-epoch record).
    static func dtls13Packets(
        conversation c: inout UDPConversation,
        clientApplicationRecord: Bool = true,
        serverLastRecordLength: Int = 40
    ) -> [CaptureWriter.Packet] {
        let clientCID: [UInt8] = [0xC1, 0xC2, 0xC3, 0xC4]
        let serverCID: [UInt8] = [0x51, 0x52, 0x53]
        var packets: [CaptureWriter.Packet] = []
        packets.append(c.datagram(from: .client, stunBindingRequest))
        packets.append(
            c.datagram(
                from: .server,
                [0x01, 0x01, 0x00, 0x0C, 0x21, 0x12, 0xA4, 0x42] + [UInt8](repeating: 0x5A, count: 12)
                    + [0x00, 0x20, 0x00, 0x08, 0x00, 0x01, 0xA1, 0x47, 0x5E, 0x12, 0xA4, 0x43]
            )
        )
        let hello = dtls13ClientHello(cid: clientCID)
        let pieces = DTLSBytes.fragments(type: 1, messageSeq: 0, body: hello, size: 60)
        #expect(pieces.count >= 3)
        let order = [2, 0, 0] + Array(1..<pieces.count).filter { $0 != 2 }
        for (n, i) in order.enumerated() {
            packets.append(
                c.datagram(from: .client, DTLSBytes.record(type: 22, version: 0xFEFF, sequence: UInt64(n), pieces[i]))
            )
        }
        let serverHello = DTLSBytes.fragments(type: 2, messageSeq: 0, body: dtls13ServerHello(cid: serverCID))[0]
        // The ServerHello and, in the same datagram, the encrypted handshake (epoch 2) to the client.
        packets.append(
            c.datagram(
                from: .server,
                DTLSBytes.record(type: 22, sequence: 0, serverHello)
                    + DTLSBytes.unified(epoch: 2, sequence: 0, cid: clientCID, [UInt8](repeating: 0xE1, count: 700))
            )
        )
        packets.append(
            c.datagram(
                from: .client,
                DTLSBytes.unified(epoch: 2, sequence: 0, cid: serverCID, [UInt8](repeating: 0xE2, count: 60))
                    + (clientApplicationRecord
                        ? DTLSBytes.unified(
                            epoch: 3,
                            sequence: 0,
                            cid: serverCID,
                            withLength: false,
                            longSequence: false,
                            [UInt8](repeating: 0xE3, count: 40)
                        ) : [])
            )
        )
        packets.append(
            c.datagram(
                from: .server,
                DTLSBytes.unified(
                    epoch: 3,
                    sequence: 1,
                    cid: clientCID,
                    [UInt8](repeating: 0xE4, count: serverLastRecordLength)
                )
            )
        )
        return packets
    }

    /// DTLS 1.2 with connection IDs (RFC 9146): the hellos in plaintext, then `tls12_cid` records both ways.
    static func dtls12CIDPackets(conversation c: inout UDPConversation) -> [CaptureWriter.Packet] {
        let clientCID: [UInt8] = [0xAA, 0xBB]
        let serverCID: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05]
        let hello = DTLSBytes.clientHello(
            suites: [0xC02B],
            extensions: [
                DTLSBytes.ext(0, [0, 12, 0, 0, 9] + Array("lamp.home".utf8)),
                DTLSBytes.ext(54, [UInt8(clientCID.count)] + clientCID),
            ]
        )
        let serverHello = DTLSBytes.serverHello(
            suite: 0xC02B,
            extensions: [DTLSBytes.ext(54, [UInt8(serverCID.count)] + serverCID)]
        )
        return [
            c.datagram(
                from: .client,
                DTLSBytes.record(
                    type: 22,
                    version: 0xFEFF,
                    sequence: 0,
                    DTLSBytes.fragments(type: 1, messageSeq: 0, body: hello)[0]
                )
            ),
            c.datagram(
                from: .server,
                DTLSBytes.record(
                    type: 22,
                    sequence: 0,
                    DTLSBytes.fragments(type: 2, messageSeq: 0, body: serverHello)[0]
                )
                    + DTLSBytes.record(type: 22, sequence: 1, DTLSBytes.fragments(type: 14, messageSeq: 1, body: [])[0])
            ),
            c.datagram(
                from: .client,
                DTLSBytes.record(type: 20, sequence: 1, [1])
                    + DTLSBytes.cidRecord(epoch: 1, sequence: 0, cid: serverCID, [UInt8](repeating: 0xF1, count: 40))
            ),
            c.datagram(
                from: .server,
                DTLSBytes.record(type: 20, sequence: 2, [1])
                    + DTLSBytes.cidRecord(epoch: 1, sequence: 0, cid: clientCID, [UInt8](repeating: 0xF2, count: 40))
            ),
        ]
    }

    @Test func dtls13AndConnectionIDsBehindSTUNAreReportedAndOtherUDPIsNot() throws {
        var dtls13 = UDPConversation(clientPort: 51_000, serverPort: 3478)
        var cid12 = UDPConversation(ipv6: true, clientPort: 52_000, serverPort: 5684)
        var dns = UDPConversation(clientPort: 53_000, serverPort: 53)
        var noise = UDPConversation(clientPort: 54_000, serverPort: 9999)
        var packets = Self.dtls13Packets(conversation: &dtls13)
        packets += Self.dtls12CIDPackets(conversation: &cid12)
        // A DNS query and answer (first byte 0x1F and 0x1F: in DTLS's 20-63 range), mDNS,
        // random bytes starting with 22, RTP: none of it is DTLS.
        packets.append(
            dns.datagram(
                from: .client,
                [0x1F, 0x2A, 0x01, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 3] + Array("www".utf8) + [0, 0, 1, 0, 1]
            )
        )
        packets.append(dns.datagram(from: .server, [0x1F, 0x2A, 0x81, 0x80, 0x00, 0x01, 0, 1, 0, 0, 0, 0]))
        var state: UInt32 = 0x1234_5678
        for first in [UInt8(22), 23, 25, 0x2C, 0x80, 0x41] {
            // Bytes from a fixed linear congruential sequence: the same "random" bytes each run.
            let noiseBytes = (0..<200).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            }
            packets.append(noise.datagram(from: .client, [first] + noiseBytes))
        }
        let data = CaptureWriter.file(linkType: 1, packets: packets.sorted { $0.time < $1.time })
        let path = Self.pki.dir.write("dtls13-cid.pcap", data)

        let result = try Run.tlsprobe(["capture", "-r", path, "--json", "--fail-on", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.lines(result)
        try #require(lines.count == 2, "\(result.stdout)\n\(result.stderr)")
        try SchemaTests.expectValid(result.stdout, "capture", lines: true)
        // The summary counts 4 UDP flows, 2 of them DTLS.
        #expect(result.stderr.contains("in 4 UDP flows, 2 with DTLS"), "\(result.stderr)")

        let one3 = try #require(
            lines.first { ($0["flow"] as? [String: Any])?["server"] as? String == "127.0.0.5:3478" }
        )
        #expect((one3["flow"] as? [String: Any])?["transport"] as? String == "udp")
        let handshake = try #require(one3["handshake"] as? [String: Any])
        #expect(handshake["version"] as? String == "DTLSv1.3")
        #expect((handshake["cipher_suite"] as? [String: Any])?["name"] as? String == "TLS_AES_128_GCM_SHA256")
        #expect(one3["outcome"] as? String == "established")
        let hello = try #require(one3["client_hello"] as? [String: Any])
        #expect(hello["sni"] as? String == "iot.example")
        #expect(hello["alpn"] as? [String] == ["coap"])
        #expect(
            hello["versions"] as? [String] == ["DTLSv1.3", "DTLSv1.2"]
                || (hello["versions"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == [
                    "DTLSv1.3", "DTLSv1.2",
                ],
            "\(hello["versions"] ?? "")"
        )
        // JA4 as FoxIO's reference computes it: "d", "d2" (the numerically highest of 0xFEFC and
        // 0xFEFD offered, though DTLS 1.3 is the newer), SNI "d", 3 ciphers, 7 extensions, ALPN "cp".
        #expect((hello["ja4"] as? String)?.hasPrefix("dd2d0307cp_") == true, "\(hello["ja4"] ?? "")")
        // The chain is encrypted in DTLS 1.3: not visible, as for TLS 1.3.
        #expect((one3["chain"] as? [Any])?.isEmpty == true)

        let cid = try #require(lines.first { ($0["flow"] as? [String: Any])?["server"] as? String == "[fd00::5]:5684" })
        #expect((cid["handshake"] as? [String: Any])?["version"] as? String == "DTLSv1.2")
        #expect(cid["outcome"] as? String == "established")
        #expect((cid["client_hello"] as? [String: Any])?["sni"] as? String == "lamp.home")
    }

    /// Zeek's rule, on the shape of its dtls13-cid.pcap: the client's protected flight stays in
    /// the handshake epoch, and the server's next record is in the application epoch: it had
    /// the client's Finished, so the handshake completed.
    @Test func dtls13IsEstablishedWhenTheServerAnswersTheClientsFlightInTheApplicationEpoch() throws {
        var dtls13 = UDPConversation(clientPort: 51_000, serverPort: 3478)
        let packets = Self.dtls13Packets(conversation: &dtls13, clientApplicationRecord: false)
        let path = Self.pki.dir.write("dtls13-server-first.pcap", CaptureWriter.file(linkType: 1, packets: packets))
        let result = try Run.tlsprobe(["capture", "-r", path, "--json", "--fail-on", "never"])
        let line = try #require(try Self.lines(result).first, "\(result.stderr)")
        #expect(line["outcome"] as? String == "established")

        // The same, but the server's record is alert-sized (2 + 1 + 16): it refused the
        // client's flight under its application keys, so not established.
        var refused = UDPConversation(clientPort: 51_001, serverPort: 3478)
        let refusal = Self.dtls13Packets(
            conversation: &refused,
            clientApplicationRecord: false,
            serverLastRecordLength: 19
        )
        let refusedPath = Self.pki.dir.write("dtls13-refused.pcap", CaptureWriter.file(linkType: 1, packets: refusal))
        let refusedResult = try Run.tlsprobe(["capture", "-r", refusedPath, "--json", "--fail-on", "never"])
        let refusedLine = try #require(try Self.lines(refusedResult).first, "\(refusedResult.stderr)")
        #expect(refusedLine["outcome"] as? String != "established")
    }

    @Test func encryptedAlertsAreToldByTypeOrBySize() throws {
        // DTLS 1.2: the client's ChangeCipherSpec and Finished (epoch 1), then the server's
        // alert record in epoch 1: encrypted, known by its content type.
        var one2 = UDPConversation(clientPort: 41_000, serverPort: 4433)
        let hello = DTLSBytes.clientHello(
            suites: [0xC02B],
            extensions: [DTLSBytes.ext(0, [0, 8, 0, 0, 5] + Array("cam.1".utf8))]
        )
        var packets = [
            one2.datagram(
                from: .client,
                DTLSBytes.record(
                    type: 22,
                    version: 0xFEFF,
                    sequence: 0,
                    DTLSBytes.fragments(type: 1, messageSeq: 0, body: hello)[0]
                )
            ),
            one2.datagram(
                from: .server,
                DTLSBytes.record(
                    type: 22,
                    sequence: 0,
                    DTLSBytes.fragments(
                        type: 2,
                        messageSeq: 0,
                        body: DTLSBytes.serverHello(suite: 0xC02B, extensions: [])
                    )[0]
                )
                    + DTLSBytes.record(type: 22, sequence: 1, DTLSBytes.fragments(type: 14, messageSeq: 1, body: [])[0])
            ),
            one2.datagram(
                from: .client,
                DTLSBytes.record(type: 20, sequence: 1, [1])
                    + DTLSBytes.record(type: 22, epoch: 1, sequence: 0, [UInt8](repeating: 0xF1, count: 40))
            ),
            one2.datagram(
                from: .server,
                DTLSBytes.record(type: 21, epoch: 1, sequence: 0, [UInt8](repeating: 0xF2, count: 26))
            ),
        ]
        // DTLS 1.3: the client's first protected record is 19 bytes (content type, alert, tag).
        var one3 = UDPConversation(clientPort: 42_000, serverPort: 4433)
        packets += [
            one3.datagram(
                from: .client,
                DTLSBytes.record(
                    type: 22,
                    version: 0xFEFF,
                    sequence: 0,
                    DTLSBytes.fragments(type: 1, messageSeq: 0, body: Self.dtls13ClientHello(cid: nil))[0]
                )
            ),
            one3.datagram(
                from: .server,
                DTLSBytes.record(
                    type: 22,
                    sequence: 0,
                    DTLSBytes.fragments(type: 2, messageSeq: 0, body: Self.dtls13ServerHello(cid: nil))[0]
                )
                    + DTLSBytes.unified(epoch: 2, sequence: 0, [UInt8](repeating: 0xE1, count: 900))
            ),
            one3.datagram(from: .client, DTLSBytes.unified(epoch: 2, sequence: 0, [UInt8](repeating: 0xE2, count: 19))),
        ]
        let path = Self.pki.dir.write(
            "dtls-alerts.pcap",
            CaptureWriter.file(linkType: 1, packets: packets.sorted { $0.time < $1.time })
        )
        let result = try Run.tlsprobe(["capture", "-r", path, "--json", "--fail-on", "never"])
        let lines = try Self.lines(result)
        try #require(lines.count == 2, "\(result.stdout)\n\(result.stderr)")
        try SchemaTests.expectValid(result.stdout, "capture", lines: true)
        let refused12 = try #require(
            lines.first { ($0["flow"] as? [String: Any])?["client"] as? String == "127.0.0.1:41000" }
        )
        #expect(refused12["outcome"] as? String != "established")
        let finding = try #require(
            (refused12["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "capture.alert" }
        )
        #expect((finding["evidence"] as? [String: Any])?["encrypted"] as? Bool == true)
        #expect((finding["evidence"] as? [String: Any])?["from"] as? String == "server")
        let refused13 = try #require(
            lines.first { ($0["flow"] as? [String: Any])?["client"] as? String == "127.0.0.1:42000" }
        )
        #expect((refused13["handshake"] as? [String: Any])?["version"] as? String == "DTLSv1.3")
        #expect(refused13["outcome"] as? String == "failed", "\(JSONFindings.codes(refused13))")
    }

    /// A datagram cut at every length, and the handshake's datagrams each cut at every
    /// length: never a crash, never a report from a ClientHello cut short.
    @Test func everyPrefixOfADTLSFlowIsReadSafely() throws {
        var c = UDPConversation(ethernet: false, clientPort: 51_000, serverPort: 3478)
        let packets = Self.dtls13Packets(conversation: &c)
        var cut: [CaptureWriter.Packet] = []
        for p in packets where p.bytes.count > 28 {
            for n in stride(from: 28, to: p.bytes.count, by: 7) {
                cut.append(CaptureWriter.Packet(time: p.time, bytes: Array(p.bytes[..<n]), wireLength: p.bytes.count))
            }
        }
        let path = Self.pki.dir.write("dtls-prefixes.pcap", CaptureWriter.file(linkType: c.linkType, packets: cut))
        let result = try Run.tlsprobe(["capture", "-r", path, "--json", "--fail-on", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        for line in try Self.lines(result) {
            #expect((line["flow"] as? [String: Any])?["transport"] as? String == "udp")
        }
    }
}
