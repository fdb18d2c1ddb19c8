import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSWire
@testable import OpenSSLProbe
@testable import LiveNetwork
@testable import SafeFiles

/// The live handshake against real `openssl s_server` processes on loopback: what the
/// observation holds, where each wait ends, and how failures before TLS are told apart.
/// Certificates are issued valid now (`TestPKI.liveChain`): handshakes happen now.
@Suite struct LiveHandshakeTests {
    static func connect(
        _ address: String,
        _ options: HandshakeOptions = HandshakeOptions(sni: nil),
        versions: Bool = false
    ) throws -> (handshake: LiveHandshake, versions: [VersionProbe]?) {
        let target = try DialTarget.parse(address)
        return try TLSClient.connect(target, options: options, probeVersions: versions)
    }

    @Test func tls13ShowsTheChainAsPresentedAndWhatWasNegotiated() throws {
        let files = PKIFiles()
        let server = try files.server(["-tls1_3", "-alpn", "h2"])
        defer { server.stop() }
        let result = try Self.connect(server.address, HandshakeOptions(sni: "printer.local", alpn: ["h2", "http/1.1"]))
        let o = result.handshake.observation
        #expect(o.outcome == .established)
        #expect(o.serverHello?.version == .tls13)
        #expect(o.serverHello?.alpn == "h2")
        #expect(o.serverCertificates.map(\.der) == [files.chain.leaf.der, files.chain.intermediate.der])
        #expect(o.clientHello?.sni == "printer.local")
        #expect(o.clientHello?.alpn == ["h2", "http/1.1"])
        #expect(o.steps.contains(HandshakeStep(from: .server, type: .encryptedExtensions)))
        #expect(result.handshake.address == "127.0.0.1")
        #expect(o.alerts.isEmpty, "our own close_notify is not part of the observation")
        #expect(result.versions == nil)
    }

    @Test func tls12OverIPv6TakesTheGroupFromServerKeyExchange() throws {
        let files = PKIFiles()
        let server = try files.server(["-tls1_2"], ipv6: true)
        defer { server.stop() }
        let result = try Self.connect(server.address)
        let o = result.handshake.observation
        #expect(result.handshake.address == "::1")
        #expect(o.serverHello?.version == .tls12)
        #expect(o.serverHello?.group != nil)
        #expect(o.steps.contains(HandshakeStep(from: .server, type: .serverKeyExchange)))
        #expect(o.outcome == .established)
    }

    @Test func aHelloRetryRequestIsSeenAndTheHandshakeGoesOn() throws {
        let files = PKIFiles()
        // We send an x25519 key share; a server that only takes P-384 asks again.
        let server = try files.server(["-tls1_3", "-groups", "P-384"])
        defer { server.stop() }
        let o = try Self.connect(server.address).handshake.observation
        #expect(o.helloRetryRequest?.helloRetryRequest == true)
        #expect(o.serverHello?.group == NamedGroup(rawValue: 0x0018))
        #expect(o.steps.filter { $0.type == .clientHello }.count == 2)
        #expect(o.outcome == .established)
    }

    @Test func tls13RefusalOfAMissingClientCertificateIsHeardAfterTheHandshake() throws {
        let files = PKIFiles()
        let server = try files.server(["-tls1_3", "-Verify", "1", "-CAfile", files.root])
        defer { server.stop() }
        let o = try Self.connect(server.address).handshake.observation
        #expect(o.certificateRequest?.acceptableCAs == ["CN=Test Root CA"])
        #expect(o.alerts.map(\.description) == [.certificateRequired])
        #expect(o.alerts.first?.from == .server)
        #expect(o.alerts.first?.encrypted == true)
        #expect(o.outcome == .failed)
    }

    @Test func aClientIdentityIsSentWhenAsked() throws {
        let files = PKIFiles()
        let client = TestPKI.issueLive(.client("front-desk-ipad"), by: files.chain.intermediate)
        let server = try files.server(["-tls1_3", "-Verify", "2", "-verify_return_error", "-CAfile", files.root])
        defer { server.stop() }
        let key = try CredentialFile.load(
            bytes: Array(client.keyPEM.utf8),
            name: "client.key",
            expecting: .privateKey,
            password: { _ in nil }
        ).keys[0]
        let identity = try TLSIdentity(
            certificates: [files.chain.intermediate.x509, client.x509],
            key: key,
            describing: "test"
        )
        #expect(identity.certificates.first == client.x509, "the certificate of the key leads")
        let o = try Self.connect(server.address, HandshakeOptions(sni: nil, identity: identity)).handshake.observation
        #expect(o.clientCertificates?.map(\.der) == [client.der, files.chain.intermediate.der])
        #expect(o.certificateRequest?.clientCertificateSent == true)
        #expect(o.outcome == .established)
        #expect(o.alerts.isEmpty)
    }

    @Test func versionProbesMapWhatTheServerAccepts() throws {
        let files = PKIFiles()
        let server = try files.server(["-tls1_2"])
        defer { server.stop() }
        let result = try Self.connect(server.address, versions: true)
        let map = Dictionary(uniqueKeysWithValues: (result.versions ?? []).map { ($0.version, $0.accepted) })
        #expect(map == [.tls10: false, .tls11: false, .tls12: true, .tls13: false])
        #expect(result.versions?.allSatisfy { $0.securityLevel == 0 } == true)
        // The main handshake answered for TLS 1.3; TLS 1.1 was probed.
        #expect(
            result.versions?.first { $0.version == .tls13 }?.detail
                == "the server chose TLSv1.2 when offered TLSv1.3 too"
        )
        #expect(result.versions?.first { $0.version == .tls11 }?.detail == "alert protocol_version")
        #expect(result.versions?.map(\.version) == [.tls10, .tls11, .tls12, .tls13])
        #expect(result.handshake.observation.outcome == .established)
    }

    @Test func aTLS10OnlyServerIsReachedAtSecurityLevelZero() throws {
        let files = PKIFiles()
        let server = try files.server(["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"])
        defer { server.stop() }
        let refused = try Self.connect(server.address).handshake.observation
        #expect(refused.alerts.first?.description == .protocolVersion)
        let old = try Self.connect(server.address, HandshakeOptions(sni: nil, minVersion: .tls10)).handshake.observation
        #expect(old.serverHello?.version == .tls10)
        #expect(old.outcome == .established)
    }

    @Test func keyLogLinesGoToAPrivateFile() throws {
        let files = PKIFiles()
        let server = try files.server()
        defer { server.stop() }
        let path = files.dir.file("keys.log")
        _ = try Self.connect(server.address, HandshakeOptions(sni: nil, keyLog: try KeyLogFile(path: path)))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("CLIENT_HANDSHAKE_TRAFFIC_SECRET "))
        #expect(text.contains("CLIENT_TRAFFIC_SECRET_0 "))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    // MARK: before TLS: exit status 2

    @Test func aServerThatAcceptsAndNeverAnswersEndsWithinTheTimeout() throws {
        let listener = try SilentListener()
        let started = Date()
        let error = #expect(throws: ConnectFailure.self) {
            try Self.connect(listener.address, HandshakeOptions(sni: nil, timeout: 1))
        }
        #expect(error?.kind == .noTLSAnswer)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func aConnectionThatIsNeverAcceptedTimesOut() throws {
        let listener = try SilentListener(fillBacklog: true)
        let started = Date()
        let error = #expect(throws: ConnectFailure.self) {
            try Self.connect(listener.address, HandshakeOptions(sni: nil, timeout: 1))
        }
        #expect(error?.kind == .connectTimedOut)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func aClosedPortIsRefused() throws {
        let closed = try ReservedPort()
        let error = #expect(throws: ConnectFailure.self) {
            try Self.connect(closed.address, HandshakeOptions(sni: nil, timeout: 2))
        }
        #expect(error?.kind == .refused)
        #expect(error?.description.contains("connection refused") == true)
    }

    // MARK: after the first byte: findings

    @Test func aPeerThatIsNotTLSIsRecognised() throws {
        let server = try ScriptedTCPServer(reply: Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8))
        let live = try Self.connect(server.address, HandshakeOptions(sni: nil, timeout: 5)).handshake
        guard case .notTLS(let bytes)? = live.ending else {
            Issue.record("expected notTLS, got \(String(describing: live.ending))")
            return
        }
        #expect(bytes.starts(with: Array("HTTP/1.1".utf8)))
        #expect(live.observation.outcome == .failed)
    }

    @Test(arguments: [false, true])
    func aServerThatHangsUpIsClosedOrReset(reset: Bool) throws {
        let server = try ScriptedTCPServer(reply: nil, reset: reset)
        let live = try Self.connect(server.address, HandshakeOptions(sni: nil, timeout: 5)).handshake
        #expect(live.ending == (reset ? .reset : .closed))
        #expect(live.observation.steps.map(\.type) == [.clientHello])
    }
}

/// `HOST:PORT` as users type it.
@Suite struct DialTargetTests {
    @Test(arguments: [
        ("10.0.0.5:4433", "10.0.0.5", 4433), ("printer.local", "printer.local", 443), ("[::1]:8443", "::1", 8443),
        ("[fe80::1]", "fe80::1", 443), ("::1", "::1", 443),
        ("https://printer.local:4433/status", "printer.local", 4433),
        ("localhost:1", "localhost", 1),
    ])
    func readsTargets(text: String, host: String, port: Int) throws {
        let target = try DialTarget.parse(text)
        #expect(target.host == host)
        #expect(target.port == port)
    }

    @Test(arguments: ["", "host:0", "host:65536", "host:http", "[::1", "[printer]:1", "1:2:3", ":443", "a b:1"])
    func refusesNonsense(text: String) {
        #expect(throws: DialTarget.ParseError.self) { try DialTarget.parse(text) }
    }

    @Test func printsIPv6InBrackets() throws {
        #expect(try DialTarget.parse("[::1]:4433").description == "[::1]:4433")
    }
}

/// The known-hosts file on disk.
@Suite struct KnownHostsFileTests {
    @Test func rewritesAtomicallyWithMode0600AndKeepsOtherLines() throws {
        let dir = TemporaryDirectory()
        let path = dir.write(
            "known_hosts",
            "# mine\nother:1 sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= 2026-01-01T00:00:00Z\n"
        )
        chmod(path, 0o644)
        var hosts = try KnownHostsFile.read(path)
        hosts.record(
            key: "printer.local:4433",
            pin: "sha256/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=",
            at: TestPKI.referenceTime
        )
        try KnownHostsFile.write(hosts, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# mine\nother:1 "))
        #expect(
            text.hasSuffix(
                "printer.local:4433 sha256/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB= 2026-01-15T12:00:00Z\n"
            )
        )
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 1,
            "no temporary file left behind"
        )
    }

    @Test func aMissingFileIsEmptyAndALinkIsRefused() throws {
        let dir = TemporaryDirectory()
        #expect(try KnownHostsFile.read(dir.file("none")).entries.isEmpty)
        let real = dir.write("real", "")
        try FileManager.default.createSymbolicLink(atPath: dir.file("link"), withDestinationPath: "real")
        var hosts = KnownHosts(text: "")
        hosts.record(key: "a:1", pin: "sha256/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=", at: TestPKI.referenceTime)
        let link = dir.file("link")
        let message =
            "--known-hosts \(link): it is a symbolic link; tlsprobe never writes through one: give the file itself"
        #expect(throws: KnownHostsFile.FileError.self) { try KnownHostsFile.read(link) }
        let error = #expect(throws: KnownHostsFile.FileError.self) { try KnownHostsFile.write(hosts, to: link) }
        #expect(error?.description == message)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "", "the link's target is untouched")
    }
}

/// connect hands OpenSSL's verification the certificates libssl decoded in the handshake
/// (`PeerCertificates`) instead of decoding them again: the verdict must be the one a
/// fresh decoding gives, whatever the question.
@Suite struct PeerCertificatesTests {
    @Test(arguments: ["-tls1_3", "-tls1_2"])
    func theHandshakesCertificatesGiveTheVerdictsAFreshDecodingGives(_ version: String) throws {
        let files = PKIFiles()
        let server = try files.server([version])
        defer { server.stop() }
        let handshake = try LiveHandshakeTests.connect(server.address).handshake
        let chain = handshake.observation.serverCertificates
        let peer = try #require(handshake.peerCertificates)
        #expect(peer.count == 2)
        #expect(chain.allSatisfy { peer.x509(der: $0.der) != nil })
        #expect(peer.x509(der: files.chain.root.der) == nil)

        let other = TestPKI.issue(.root("Other Root CA"))
        let now = Date()
        let questions: [(TrustContext, [TLSModel.X509Certificate])] = [
            (TrustContext(at: now, expectedName: .dns("printer.local")), [files.chain.root.x509]),
            (TrustContext(at: now, expectedName: .dns("other.local")), [files.chain.root.x509]),
            (TrustContext(at: now, expectedName: .ip([127, 0, 0, 1])), [files.chain.root.x509]),
            (TrustContext(at: now, expectedName: .ip([10, 9, 9, 9])), [files.chain.root.x509]),
            (
                TrustContext(at: now.addingTimeInterval(20 * 365 * 86_400), expectedName: .dns("printer.local")),
                [files.chain.root.x509]
            ),
            (TrustContext(at: now, expectedName: .dns("printer.local")), [other.x509]),
            (TrustContext(at: now, expectedName: nil), [files.chain.root.x509, other.x509]),
        ]
        for (context, anchors) in questions {
            let reused = OpenSSLVerification.verify(
                leaf: chain[0],
                presented: Array(chain.dropFirst()),
                anchors: anchors,
                context: context,
                peer: peer
            )
            let fresh = OpenSSLVerification.verify(
                leaf: chain[0],
                presented: Array(chain.dropFirst()),
                anchors: anchors,
                context: context
            )
            #expect(reused == fresh, "\(context.expectedName.map { "\($0)" } ?? "no name") at \(context.at)")
        }
        // Only a certificate whose DER is exactly the one asked for is reused.
        var altered = chain[0].der
        altered[altered.count - 1] ^= 0x01
        #expect(peer.x509(der: altered) == nil)
    }

    /// The level OpenSSL's verdict is given at is a fresh client context's, though connect
    /// notes it from its own context, which it then lowers to 0.
    @Test func theSecurityLevelNotedFromConnectIsAFreshContexts() throws {
        let files = PKIFiles()
        let server = try files.server(["-tls1_3"])
        defer { server.stop() }
        // Forgotten first, so that connect's context notes it (another test of this process
        // may have read it already; one reading it in between notes the same level).
        OpenSSLVerification.FreshLevel.shared.forget()
        _ = try LiveHandshakeTests.connect(server.address)
        #expect(OpenSSLVerification.clientSecurityLevel == OpenSSLVerification.levelOfANewClientContext())
        #expect(OpenSSLVerification.clientSecurityLevel > 0)
    }
}
