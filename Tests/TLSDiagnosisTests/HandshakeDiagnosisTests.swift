import Testing
import TestSupport
import TLSWire
@testable import TLSDiagnosis

@Suite struct HandshakeDiagnosisTests {
    static let hello = ClientHelloSummary(
        legacyVersion: .tls12,
        versions: [ProtocolVersion(0x0A0A), .tls13, .tls12],
        cipherSuites: [CipherSuite(rawValue: 0x1301), CipherSuite(rawValue: 0xC02F)],
        sni: "printer.local",
        alpn: ["h2"],
        signatureAlgorithms: [],
        supportedGroups: [],
        keyShareGroups: [],
        extensions: []
    )

    static func steps(_ list: [(Side, HandshakeType, Bool)]) -> [HandshakeStep] {
        list.map { HandshakeStep(from: $0.0, type: $0.1, empty: $0.2) }
    }

    func read(
        _ from: Side,
        _ description: AlertDescription,
        after: [(Side, HandshakeType, Bool)],
        observation: HandshakeObservation? = nil
    ) -> Finding? {
        let alert = AlertEvent(
            from: from,
            level: .fatal,
            description: description,
            encrypted: false,
            after: Self.steps(after)
        )
        let o =
            observation
            ?? HandshakeObservation(clientHello: Self.hello, alerts: [alert], steps: alert.after, outcome: .failed)
        return HandshakeDiagnosis.finding(for: alert, in: o, vantage: .testClient)
    }

    @Test func unknownCAFromTheClientAfterTheChainMeansItDistrustsTheRoot() throws {
        let f = try #require(
            read(
                .client,
                .unknownCA,
                after: [
                    (.client, .clientHello, false), (.server, .serverHello, false), (.server, .certificate, false),
                    (.server, .serverHelloDone, false),
                ]
            )
        )
        #expect(f.code == .tlsHandshakeFailed)
        #expect(f.message.contains("does not trust the root"))
        #expect(f.message.contains("server's server_hello_done") || f.message.contains("right after the server's"))
        #expect(f.evidence["alert"] == .object(["value": "0x30", "name": "unknown_ca"]))
    }

    @Test func handshakeFailureRightAfterTheHelloMeansNoCommonCipher() throws {
        let f = try #require(read(.server, .handshakeFailure, after: [(.client, .clientHello, false)]))
        #expect(f.code == .tlsNoCommonCipher)
        #expect(
            f.evidence["offered_cipher_suites"]
                == .strings(["TLS_AES_128_GCM_SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"])
        )
        #expect(f.evidence["offered_versions"] == .strings(["TLSv1.3", "TLSv1.2"]))
    }

    @Test func protocolVersionRightAfterTheHelloMeansNoCommonVersion() throws {
        let f = try #require(read(.server, .protocolVersion, after: [(.client, .clientHello, false)]))
        #expect(f.code == .tlsNoCommonVersion)
    }

    @Test func certificateRequiredMeansTheServerWantsAClientCertificate() throws {
        let f = try #require(
            read(
                .server,
                .certificateRequired,
                after: [(.server, .certificateRequest, false), (.client, .certificate, true)]
            )
        )
        #expect(f.code == .mtlsClientCertRequired)
    }

    @Test func anEmptyCertificateThenHandshakeFailureIsAMissingClientCertificateInTLS12() throws {
        let f = try #require(
            read(
                .server,
                .handshakeFailure,
                after: [
                    (.client, .clientHello, false), (.server, .serverHello, false),
                    (.server, .certificateRequest, false), (.client, .certificate, true),
                ]
            )
        )
        #expect(f.code == .mtlsClientCertRequired)
    }

    @Test func unknownCAFromTheServerAfterOurCertificateIsARejection() throws {
        let f = try #require(
            read(
                .server,
                .unknownCA,
                after: [
                    (.server, .serverHello, false), (.server, .certificateRequest, false),
                    (.client, .certificate, false),
                ]
            )
        )
        #expect(f.code == .mtlsClientCertRejected)
        #expect(f.message.contains("client CA list"))
    }

    @Test func closeNotifyAfterTheHandshakeIsNotAFinding() {
        let after: [(Side, HandshakeType, Bool)] = [(.client, .finished, false), (.server, .finished, false)]
        #expect(read(.client, .closeNotify, after: after) == nil)
        #expect(read(.client, .closeNotify, after: [(.server, .certificate, false)]) != nil)
    }

    @Test func oldProtocolsAndRSAKeyTransportFollowTheProfile() {
        let server = ServerHelloSummary(
            legacyVersion: .tls10,
            version: .tls10,
            cipherSuite: CipherSuite(rawValue: 0x002F),
            group: nil,
            alpn: nil,
            extensions: []
        )
        let o = HandshakeObservation(serverHello: server, outcome: .established)
        let byDefault = HandshakeDiagnosis.protocolFindings(o, profile: .default, vantage: .testClient)
        #expect(byDefault.map(\.code) == [.tlsProtocolTooOld, .tlsNoForwardSecrecy])
        #expect(byDefault.allSatisfy { $0.severity == .warning })
        #expect(
            HandshakeDiagnosis.protocolFindings(o, profile: .apple, vantage: .testClient).allSatisfy {
                $0.severity == .error
            }
        )
    }

    /// Review finding: DTLS versions are judged by the TLS version they are built on — DTLS
    /// 1.0 (TLS 1.1's) is too old, RSA key transport over DTLS 1.2 has no forward secrecy,
    /// DTLS 1.3 is neither.
    @Test func dtlsVersionsAreJudgedAsTheTLSVersionsTheyAreBuiltOn() {
        func codes(_ version: ProtocolVersion, _ suite: UInt16) -> [FindingCode] {
            let server = ServerHelloSummary(
                legacyVersion: version,
                version: version,
                cipherSuite: CipherSuite(rawValue: suite),
                group: nil,
                alpn: nil,
                extensions: []
            )
            return HandshakeDiagnosis.protocolFindings(
                HandshakeObservation(serverHello: server, outcome: .established),
                profile: .default,
                vantage: .testClient
            ).map(\.code)
        }
        #expect(codes(ProtocolVersion(0xFEFF), 0xC02F) == [.tlsProtocolTooOld])
        #expect(codes(ProtocolVersion(0xFEFD), 0x002F) == [.tlsNoForwardSecrecy])
        #expect(codes(ProtocolVersion(0xFEFD), 0xC02F) == [])
        #expect(codes(ProtocolVersion(0xFEFC), 0x1301) == [])
    }

    /// RFC 8446 4.1.2: after a HelloRetryRequest for secp256r1, the second ClientHello must
    /// send one key share, in secp256r1, and otherwise offer the same.
    @Test func aSecondClientHelloThatIgnoresTheHelloRetryRequestIsNamed() {
        func hello(shares: [NamedGroup], suites: [UInt16] = [0x1301, 0x1302]) -> ClientHelloSummary {
            ClientHelloSummary(
                legacyVersion: .tls12,
                versions: [.tls13, .tls12],
                cipherSuites: suites.map(CipherSuite.init(rawValue:)),
                sni: "printer.local",
                alpn: [],
                signatureAlgorithms: [],
                supportedGroups: [.x25519, .secp256r1],
                keyShareGroups: shares,
                extensions: []
            )
        }
        let retry = ServerHelloSummary(
            legacyVersion: .tls12,
            version: .tls13,
            cipherSuite: CipherSuite(rawValue: 0x1301),
            group: .secp256r1,
            alpn: nil,
            extensions: [],
            helloRetryRequest: true
        )
        var o = HandshakeObservation(clientHello: hello(shares: [.x25519]), helloRetryRequest: retry, outcome: .failed)
        o.secondClientHello = hello(shares: [.secp256r1])
        #expect(HandshakeDiagnosis.helloRetryNotFollowed(o) == nil)

        o.secondClientHello = hello(shares: [.x25519])
        let finding = HandshakeDiagnosis.helloRetryNotFollowed(o)
        #expect(finding?.code == .tlsHelloRetryNotFollowed)
        #expect(finding?.severity == .error)
        #expect(finding?.evidence["requested_group"] == .string("secp256r1"))
        #expect(finding?.message.contains("sends x25519") == true)

        o.secondClientHello = hello(shares: [.secp256r1], suites: [0x1301])
        #expect(
            HandshakeDiagnosis.helloRetryNotFollowed(o)?.evidence["problems"] == .strings(["the cipher suites changed"])
        )
        // A HelloRetryRequest with no ServerHello after it names the group it asked for.
        var builder = HandshakeObservationBuilder()
        builder.add(
            .helloRetryRequest(
                ServerHello(
                    legacyVersion: .tls12,
                    random: ServerHello.helloRetryRequestRandom,
                    legacySessionIDEcho: [],
                    cipherSuite: CipherSuite(0x1301),
                    legacyCompressionMethod: 0,
                    extensions: [
                        Extension(type: .supportedVersions, data: [0x03, 0x04]),
                        Extension(type: .keyShare, data: [0x00, 0x17]),
                    ]
                )
            ),
            from: .server
        )
        #expect(builder.build().helloRetryRequest?.helloRetryRequestGroup == .secp256r1)
        // No second hello seen (the capture ends): nothing to judge.
        o.secondClientHello = nil
        #expect(HandshakeDiagnosis.helloRetryNotFollowed(o) == nil)
    }

    /// RFC 8446 4.1.4 and 4.2.8: the group a HelloRetryRequest asks for must be one the
    /// FIRST ClientHello offered in supported_groups (a second hello that adds it does not
    /// make it so); 4.2.2: a HelloRetryRequest's cookie must come back in the second hello.
    /// Built from hello messages as they are on the wire, through the observation builder.
    @Test func aHelloRetryRequestIsJudgedAgainstTheFirstHelloAndItsCookieMustBeEchoed() {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func clientHello(groups: [NamedGroup], share: NamedGroup, cookie: [UInt8]? = nil) -> ClientHello {
            let groupBytes = groups.flatMap { u16(Int($0.rawValue)) }
            let entry = u16(Int(share.rawValue)) + u16(32) + [UInt8](repeating: 7, count: 32)
            var extensions = [
                Extension(type: .supportedVersions, data: [2, 0x03, 0x04]),
                Extension(type: .supportedGroups, data: u16(groupBytes.count) + groupBytes),
                Extension(type: .keyShare, data: u16(entry.count) + entry),
            ]
            if let cookie { extensions.append(Extension(type: .cookie, data: u16(cookie.count) + cookie)) }
            return ClientHello(
                legacyVersion: .tls12,
                random: [UInt8](repeating: 1, count: 32),
                legacySessionID: [],
                cipherSuites: [CipherSuite(0x1301), CipherSuite(0x1302)],
                legacyCompressionMethods: [0],
                extensions: extensions
            )
        }
        func retry(_ group: NamedGroup, cookie: [UInt8]? = nil) -> ServerHello {
            var extensions = [
                Extension(type: .supportedVersions, data: [0x03, 0x04]),
                Extension(type: .keyShare, data: u16(Int(group.rawValue))),
            ]
            if let cookie { extensions.append(Extension(type: .cookie, data: u16(cookie.count) + cookie)) }
            return ServerHello(
                legacyVersion: .tls12,
                random: ServerHello.helloRetryRequestRandom,
                legacySessionIDEcho: [],
                cipherSuite: CipherSuite(0x1301),
                legacyCompressionMethod: 0,
                extensions: extensions
            )
        }
        func judge(_ first: ClientHello, _ hrr: ServerHello, _ second: ClientHello) -> Finding? {
            var builder = HandshakeObservationBuilder()
            builder.add(.clientHello(first), from: .client)
            builder.add(.helloRetryRequest(hrr), from: .server)
            builder.add(.clientHello(second), from: .client)
            return HandshakeDiagnosis.helloRetryNotFollowed(builder.build())
        }
        let cookie: [UInt8] = Array("stateless-retry-cookie".utf8)
        // Followed: a group the first hello offered, the cookie echoed.
        #expect(
            judge(
                clientHello(groups: [.x25519, .secp256r1], share: .x25519),
                retry(.secp256r1, cookie: cookie),
                clientHello(groups: [.x25519, .secp256r1], share: .secp256r1, cookie: cookie)
            ) == nil
        )
        // The server asks for secp384r1, which only the second hello lists.
        let unoffered = judge(
            clientHello(groups: [.x25519, .secp256r1], share: .x25519),
            retry(.secp384r1),
            clientHello(groups: [.x25519, .secp256r1, .secp384r1], share: .secp384r1)
        )
        #expect(unoffered?.code == .tlsHelloRetryNotFollowed)
        #expect(
            unoffered?.evidence["problems"]
                == .strings([
                    "the server asked for secp384r1, which the first ClientHello's supported_groups does not offer (RFC 8446 4.2.8: the client must abort with illegal_parameter)"
                ]),
            "\(String(describing: unoffered?.evidence["problems"]))"
        )
        #expect(unoffered?.evidence["first_supported_groups"] == .strings(["x25519", "secp256r1"]))
        // That is the server's mistake, and the message says so rather than blaming the client.
        #expect(
            unoffered?.message.hasPrefix("The server's HelloRetryRequest is at fault") == true,
            "\(unoffered?.message ?? "")"
        )
        // A first hello without supported_groups: the second dropping the group asked for is
        // still named.
        var noGroups = clientHello(groups: [.x25519], share: .x25519)
        noGroups.extensions.removeAll { $0.type == .supportedGroups }
        let droppedGroup = judge(noGroups, retry(.secp256r1), clientHello(groups: [.x25519], share: .secp256r1))
        #expect(
            droppedGroup?.evidence["problems"]
                == .strings(["secp256r1 is not among the groups the second ClientHello supports"]),
            "\(String(describing: droppedGroup?.evidence["problems"]))"
        )
        #expect(droppedGroup?.message.contains("does not follow it") == true)
        // The cookie not sent back, and sent back changed.
        let dropped = judge(
            clientHello(groups: [.x25519, .secp256r1], share: .x25519),
            retry(.secp256r1, cookie: cookie),
            clientHello(groups: [.x25519, .secp256r1], share: .secp256r1)
        )
        #expect(
            dropped?.evidence["problems"]
                == .strings([
                    "the HelloRetryRequest carried a cookie and the second ClientHello does not send it (RFC 8446 4.2.2)"
                ]),
            "\(String(describing: dropped?.evidence["problems"]))"
        )
        #expect(dropped?.evidence["cookie_echoed"] == .bool(false))
        let changed = judge(
            clientHello(groups: [.x25519, .secp256r1], share: .x25519),
            retry(.secp256r1, cookie: cookie),
            clientHello(groups: [.x25519, .secp256r1], share: .secp256r1, cookie: cookie.reversed())
        )
        #expect(
            changed?.evidence["problems"]
                == .strings([
                    "the second ClientHello's cookie is not the one the HelloRetryRequest sent (RFC 8446 4.2.2)"
                ])
        )
    }

    @Test func anIdentityFromAnotherCAIsNotAcceptable() {
        let chain = TestPKI.chain()
        let other = TestPKI.issue(.client("front-desk-ipad"), by: TestPKI.issue(.root("Other Root")))
        let request = CertificateRequestSummary(
            acceptableCAs: [chain.root.x509.subjectString],
            acceptableCADER: [chain.root.x509.subjectDER],
            signatureAlgorithms: [],
            clientCertificateSent: nil
        )
        let o = HandshakeObservation(certificateRequest: request, outcome: .established)
        let rejected = HandshakeDiagnosis.clientAuthFindings(o, identity: [other.x509])
        #expect(rejected.map(\.code) == [.mtlsClientCertRequested, .mtlsIdentityNotAcceptable])
        // An identity under the accepted root, presented with its intermediate, is fine.
        let good = TestPKI.issue(.client("front-desk-ipad"), by: chain.intermediate)
        let accepted = HandshakeDiagnosis.clientAuthFindings(o, identity: [good.x509, chain.intermediate.x509])
        #expect(accepted.map(\.code) == [.mtlsClientCertRequested])
    }

    @Test func aConnectionReportJudgesTheChainAndReadsTheAlerts() {
        let chain = TestPKI.chain(host: "printer.local")
        let alert = AlertEvent(
            from: .client,
            level: .fatal,
            description: .unknownCA,
            encrypted: false,
            after: Self.steps([(.client, .clientHello, false), (.server, .certificate, false)])
        )
        let o = HandshakeObservation(
            clientHello: Self.hello,
            serverCertificates: [chain.leaf.x509],
            alerts: [alert],
            steps: alert.after,
            outcome: .failed
        )
        let flow = Flow(
            client: "127.0.0.1:50000",
            server: "127.0.0.1:4433",
            firstPacket: TestPKI.referenceTime,
            lastPacket: TestPKI.referenceTime
        )
        let report = ConnectionDiagnosis.report(
            observation: o,
            vantage: .observer(ObserverVantage(flow: flow)),
            anchors: [TrustAnchor(certificate: chain.root.x509, source: "root.pem")],
            context: TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"))
        )
        #expect(report.trust.trusted == false)
        #expect(report.findings.map(\.code).contains(.chainMissingIntermediate))
        #expect(report.findings.map(\.code).contains(.captureAlert))
        #expect(report.outcome == .failed)
    }

    /// connect: our own protocol_version after the server's ServerHello, as OpenSSL sends it
    /// for "wrong version number" (a broken stream) and for "unsupported protocol" (a version
    /// we did not offer): only the second is about the server's choice.
    @Test func ourAlertAfterTheServerHelloIsReadByWhyOpenSSLSentIt() {
        let alert = AlertEvent(
            from: .client,
            level: .fatal,
            description: .protocolVersion,
            encrypted: false,
            after: Self.steps([(.client, .clientHello, false), (.server, .serverHello, false)])
        )
        let o = HandshakeObservation(clientHello: Self.hello, alerts: [alert], steps: alert.after, outcome: .failed)
        let target = ConnectTarget(host: "printer.local", port: 4433, address: "127.0.0.1", sni: "printer.local")
        func failures(_ ending: HandshakeEnding) -> [Finding] {
            ConnectionDiagnosis.report(
                observation: o,
                vantage: .client(ClientVantage(target: target)),
                anchors: [],
                context: TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local")),
                ending: ending,
                localErrors: ending.shortText == "unsupported protocol"
                    ? ["unsupported protocol"] : ["wrong version number"]
            ).findings.filter { $0.code == .tlsHandshakeFailed }
        }
        let garbage = PeerStream(
            bytes: 70,
            records: 1,
            lastRecordOffset: 54,
            lastRecordStart: [0, 0, 0, 0xCD],
            notARecord: true
        )
        let broken = failures(.refusedLocally(reasons: ["wrong version number"], stream: garbage))
        #expect(broken.count == 1, "\(broken)")
        #expect(
            broken.first?.message.contains("after the server's server_hello is not a valid TLS record") == true,
            "\(broken)"
        )
        #expect(broken.first?.message.contains("refuses what the server chose") == false)
        #expect(broken.first?.evidence["first_bytes"] == "000000cd")
        #expect(broken.first?.evidence["alert_sent"] == .object(["value": "0x46", "name": "protocol_version"]))
        let versionRefused = failures(
            .refusedLocally(reasons: ["unsupported protocol"], stream: PeerStream(bytes: 54, records: 1))
        )
        #expect(versionRefused.count == 1, "\(versionRefused)")
        #expect(versionRefused.first?.message.contains("refuses what the server chose") == true, "\(versionRefused)")
    }
}
