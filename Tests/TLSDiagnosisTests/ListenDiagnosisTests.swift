import Testing
import TestSupport
import TLSWire
@testable import TLSDiagnosis

/// Alerts and endings read from the server's side (listen), against what we served.
@Suite struct ListenDiagnosisTests {
    static let pki = TestPKI.chain(host: "printer.local")
    static let hello = HandshakeDiagnosisTests.hello

    static func served(_ chain: [TestPKI.Issued], ephemeral: Bool = false) -> ServedSide {
        ServedSide(
            chain: chain.map(\.x509),
            ephemeral: ephemeral,
            acceptedVersions: [.tls12, .tls13],
            acceptedCipherSuites: [CipherSuite(rawValue: 0x1301), CipherSuite(rawValue: 0xC02B)],
            clientAuthentication: .none
        )
    }

    static let tls12Flight: [(Side, HandshakeType, Bool)] = [
        (.client, .clientHello, false), (.server, .serverHello, false), (.server, .certificate, false),
        (.server, .serverKeyExchange, false), (.server, .serverHelloDone, false),
    ]

    static func observation(_ steps: [(Side, HandshakeType, Bool)], alerts: [AlertEvent] = []) -> HandshakeObservation {
        HandshakeObservation(
            clientHello: hello,
            alerts: alerts,
            steps: HandshakeDiagnosisTests.steps(steps),
            outcome: .failed
        )
    }

    static let flow = Flow(
        client: "127.0.0.1:50000",
        server: "127.0.0.1:4433",
        firstPacket: TestPKI.referenceTime,
        lastPacket: TestPKI.referenceTime
    )

    /// How a client's connection ended, read from the server's vantage (listen).
    static func ending(_ ending: HandshakeEnding, in o: HandshakeObservation, served: ServedSide) -> Finding? {
        HandshakeDiagnosis.finding(for: ending, in: o, vantage: .server(ServerVantage(flow: flow, served: served)))
    }

    @Test func oneEndingReadsDifferentlyFromEachVantage() throws {
        let o = Self.observation(Self.tls12Flight)
        let asServer = try #require(
            Self.ending(.closed, in: o, served: Self.served([Self.pki.leaf, Self.pki.intermediate]))
        )
        #expect(asServer.message.hasPrefix("The client closed the connection"))
        let target = ConnectTarget(host: "printer.local", port: 4433, address: "127.0.0.1", sni: "printer.local")
        let asClient = try #require(
            HandshakeDiagnosis.finding(for: .closed, in: o, vantage: .client(ClientVantage(target: target)))
        )
        #expect(asClient.message.hasPrefix("The server closed the connection after the server's"))
        // A capture sees how a connection ended in its packets, not from a socket.
        #expect(
            HandshakeDiagnosis.finding(for: .closed, in: o, vantage: .observer(ObserverVantage(flow: Self.flow))) == nil
        )
    }

    @Test func notTLSBytesAreShownTheSameWayFromBothSides() throws {
        let bytes = Array("SSH-2.0-OpenSSH_9\u{1}".utf8)
        let o = HandshakeObservation(outcome: .failed)
        let asServer = try #require(
            Self.ending(.notTLS(firstBytes: bytes), in: o, served: Self.served([Self.pki.leaf]))
        )
        let target = ConnectTarget(host: "h", port: 22, address: nil, sni: nil)
        let asClient = try #require(
            HandshakeDiagnosis.finding(
                for: .notTLS(firstBytes: bytes),
                in: o,
                vantage: .client(ClientVantage(target: target))
            )
        )
        for finding in [asServer, asClient] {
            #expect(finding.evidence["first_bytes_text"] == .string("SSH-2.0-OpenSSH_"))
            #expect(finding.evidence["first_bytes"] == .string("5353482d322e302d4f70656e5353485f"))
        }
        #expect(asClient.message.contains("It is an SSH server."))
    }

    @Test func aHangUpAfterOurCertificateIsReadAsQuietDistrust() throws {
        let served = Self.served([Self.pki.leaf, Self.pki.intermediate])
        let f = try #require(Self.ending(.closed, in: Self.observation(Self.tls12Flight), served: served))
        #expect(f.code == .tlsClientGaveUpOnCertificate)
        #expect(f.message.hasPrefix("The client closed the connection without an alert after our Certificate"))
        #expect(f.message.contains("\"CN=Test Root CA\""))
        #expect(f.evidence["transport"] == "closed (FIN)")
        #expect(f.evidence["sni_in_our_certificate"] == true)
    }

    /// From the server's vantage the chain is our own, not judged again, and a client's
    /// chain gets a trust section even without client anchors (saying none were given);
    /// from the client's or an observer's vantage the same observation reads otherwise.
    @Test func ourOwnChainAndTheClientsAreReadFromTheVantage() {
        let chain = [Self.pki.leaf, Self.pki.intermediate]
        let o = HandshakeObservation(
            clientHello: Self.hello,
            serverCertificates: chain.map(\.x509),
            clientCertificates: [Self.pki.leaf.x509],
            outcome: .established
        )
        func report(_ vantage: Vantage) -> ConnectionReport {
            ConnectionDiagnosis.report(
                observation: o,
                vantage: vantage,
                anchors: [],
                context: TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"))
            )
        }
        let server = report(.server(ServerVantage(flow: Self.flow, served: Self.served(chain))))
        #expect(
            server.trust.note
                == "This is tlsprobe's own chain, served to the client: the client's verdict on it is in how the connection ended."
        )
        #expect(server.clientTrust?.evaluated == false)
        #expect(server.clientTrust?.note?.hasPrefix("No client anchors were given (listen --client-anchor)") == true)
        let target = ConnectTarget(host: "printer.local", port: 4433, address: "127.0.0.1", sni: "printer.local")
        for vantage in [Vantage.client(ClientVantage(target: target)), .observer(ObserverVantage(flow: Self.flow))] {
            let other = report(vantage)
            #expect(other.trust.note?.hasPrefix("No anchors were given") == true, "\(vantage.command)")
            #expect(other.clientTrust == nil, "\(vantage.command)")
        }
    }

    @Test func anUnsentIssuerIsNamedAsAPossibleMissingIntermediate() throws {
        let served = Self.served([Self.pki.leaf])
        let alert = AlertEvent(
            from: .client,
            level: .fatal,
            description: .unknownCA,
            encrypted: false,
            after: HandshakeDiagnosisTests.steps(Self.tls12Flight)
        )
        let o = Self.observation(Self.tls12Flight, alerts: [alert])
        let f = try #require(
            HandshakeDiagnosis.finding(
                for: alert,
                in: o,
                vantage: .server(ServerVantage(flow: Self.flow, served: served))
            )
        )
        #expect(f.message.hasPrefix("The client sent unknown_ca after our Certificate"))
        #expect(f.evidence["issuer_not_sent"] == "CN=Test Intermediate CA")
        #expect(f.fix.contains("--chain FILE"))
    }

    /// The client's alert read against a chain for scanner.local, the ClientHello asking for printer.local.
    static func refusalOfAnotherName(_ description: AlertDescription) throws -> Finding {
        let other = TestPKI.issue(.server("scanner.local"), by: Self.pki.intermediate)
        let served = Self.served([other, Self.pki.intermediate])
        let alert = AlertEvent(
            from: .client,
            level: .fatal,
            description: description,
            encrypted: false,
            after: HandshakeDiagnosisTests.steps(Self.tls12Flight)
        )
        return try #require(
            HandshakeDiagnosis.finding(
                for: alert,
                in: Self.observation(Self.tls12Flight, alerts: [alert]),
                vantage: .server(ServerVantage(flow: Self.flow, served: served))
            )
        )
    }

    /// Whether `first` comes before `then` in `text`.
    static func precedes(_ first: String, _ then: String, in text: String) -> Bool {
        guard let a = text.range(of: first), let b = text.range(of: then) else { return false }
        return a.lowerBound < b.lowerBound
    }

    @Test(arguments: [AlertDescription.badCertificate, .certificateUnknown])
    func anAmbiguousRefusalOfANameWeDoNotCarryLeadsWithTheName(_ description: AlertDescription) throws {
        let f = try Self.refusalOfAnotherName(description)
        #expect(
            f.message.contains(
                "The likelier cause: the client asked for \"printer.local\" (SNI), and our certificate carries only \"scanner.local\""
            ),
            "\(f.message)"
        )
        #expect(f.message.contains("It may also lack \"CN=Test Root CA\""), "\(f.message)")
        #expect(Self.precedes("\"printer.local\"", "CN=Test Root CA", in: f.message))
        #expect(f.fix.hasPrefix("Serve a certificate whose SAN has \"printer.local\""), "\(f.fix)")
        #expect(Self.precedes("SAN has", "install \"CN=Test Root CA\"", in: f.fix), "\(f.fix)")
        #expect(f.evidence["sni_in_our_certificate"] == false)
        #expect(f.evidence["our_names"] == .strings(["scanner.local"]))
    }

    @Test func unknownCANamesTheRootEvenWhenTheNameIsAlsoWrong() throws {
        let f = try Self.refusalOfAnotherName(.unknownCA)
        #expect(f.message.contains("The client does not have \"CN=Test Root CA\""), "\(f.message)")
        #expect(
            Self.precedes(
                "CN=Test Root CA",
                "also asked for \"printer.local\" (SNI), a name our certificate does not carry",
                in: f.message
            ),
            "\(f.message)"
        )
        #expect(f.fix.hasPrefix("Install \"CN=Test Root CA\" on the client"), "\(f.fix)")
    }

    @Test func aQuietCloseAfterOurCertificateOfANameWeDoNotCarryLeadsWithTheName() throws {
        let other = TestPKI.issue(.server("scanner.local"), by: Self.pki.intermediate)
        let served = Self.served([other, Self.pki.intermediate])
        let closed = try #require(Self.ending(.closed, in: Self.observation(Self.tls12Flight), served: served))
        let closeNotify = try Self.refusalOfAnotherName(.closeNotify)
        for f in [closed, closeNotify] {
            #expect(
                f.message.contains("The likelier cause: the client asked for \"printer.local\" (SNI)"),
                "\(f.message)"
            )
            #expect(f.fix.hasPrefix("Serve a certificate whose SAN has \"printer.local\""), "\(f.fix)")
        }
    }

    @Test func theEphemeralCertificateIsExpectedToBeRefused() throws {
        let served = Self.served([TestPKI.issue(.server("vm"))], ephemeral: true)
        let f = try #require(Self.ending(.reset, in: Self.observation(Self.tls12Flight), served: served))
        #expect(f.message.contains("ephemeral self-signed certificate, which no client trusts"))
        #expect(f.fix.contains("--identity"))
    }

    @Test func ourRefusalOfTheHelloListsWhatWeAccept() throws {
        let alert = AlertEvent(
            from: .server,
            level: .fatal,
            description: .handshakeFailure,
            encrypted: false,
            after: HandshakeDiagnosisTests.steps([(.client, .clientHello, false)])
        )
        let f = try #require(
            HandshakeDiagnosis.finding(
                for: alert,
                in: Self.observation([(.client, .clientHello, false)], alerts: [alert]),
                vantage: .server(ServerVantage(flow: Self.flow, served: Self.served([Self.pki.leaf])))
            )
        )
        #expect(f.code == .tlsNoCommonCipher)
        #expect(
            f.evidence["accepted_cipher_suites"]
                == .strings(["TLS_AES_128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"])
        )
        #expect(f.evidence["offered_cipher_suites"] != nil)
    }

    @Test func endingsWithoutAHelloOrWithAnotherProtocol() throws {
        let served = Self.served([Self.pki.leaf])
        let silent = try #require(
            Self.ending(.timedOut(seconds: 3), in: HandshakeObservation(outcome: .failed), served: served)
        )
        #expect(silent.message.contains("sent no ClientHello within 3 s"))
        let http = try #require(
            Self.ending(
                .notTLS(firstBytes: Array("GET / HTTP/1.1\r\n".utf8)),
                in: HandshakeObservation(outcome: .failed),
                served: served
            )
        )
        #expect(http.message.contains("plain HTTP request"))
        let ssh = try #require(
            Self.ending(
                .notTLS(firstBytes: Array("SSH-2.0-OpenSSH".utf8)),
                in: HandshakeObservation(outcome: .failed),
                served: served
            )
        )
        #expect(ssh.message.contains("not TLS"))
    }

    @Test func anAlertFromTheClientExplainsItsHangUp() {
        let alert = AlertEvent(
            from: .client,
            level: .fatal,
            description: .unknownCA,
            encrypted: false,
            after: HandshakeDiagnosisTests.steps(Self.tls12Flight)
        )
        #expect(
            Self.ending(
                .closed,
                in: Self.observation(Self.tls12Flight, alerts: [alert]),
                served: Self.served([Self.pki.leaf])
            ) == nil
        )
    }

    /// A client that finishes the handshake and closes without a request: suspected only
    /// when it asked for a name our certificate does not carry.
    @Test func aCloseWithoutARequestAfterTheHandshakeIsSuspectedOnlyForAnotherName() {
        let established: [(Side, HandshakeType, Bool)] =
            Self.tls12Flight + [(.client, .finished, false), (.server, .finished, false)]
        let close = AlertEvent(
            from: .client,
            level: .warning,
            description: .closeNotify,
            encrypted: true,
            after: HandshakeDiagnosisTests.steps(established)
        )
        let o = HandshakeObservation(
            clientHello: Self.hello,
            alerts: [close],
            steps: close.after,
            outcome: .established
        )
        func codes(_ chain: [TestPKI.Issued], http: HTTPExchange? = nil) -> [(FindingCode, Severity)] {
            let vantage = Vantage.server(ServerVantage(flow: Self.flow, served: Self.served(chain), http: http))
            return ConnectionDiagnosis.report(
                observation: o,
                vantage: vantage,
                anchors: [],
                context: TrustContext(at: TestPKI.referenceTime)
            )
            .findings.map { ($0.code, $0.severity) }
        }
        let other = TestPKI.issue(.server("scanner.local"), by: Self.pki.intermediate)
        let suspected = codes([other, Self.pki.intermediate])
        #expect(
            suspected.count == 1 && suspected.first?.0 == .nameSNINotServed && suspected.first?.1 == .warning,
            "\(suspected)"
        )
        #expect(codes([Self.pki.leaf, Self.pki.intermediate]).isEmpty, "printer.local is ours")
        let request = HTTPExchange(requestLine: "GET / HTTP/1.1", host: "printer.local", userAgent: nil, answered: true)
        #expect(
            codes([other, Self.pki.intermediate], http: request).isEmpty,
            "it sent a request: it accepted the name"
        )
    }
}
