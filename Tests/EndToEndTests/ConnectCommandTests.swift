import Foundation
import Testing
import TestSupport
import TLSDiagnosis

/// `tlsprobe connect` as a user runs it, against real `openssl s_server` processes on
/// loopback started per test on a free port and stopped after it. Certificates are issued
/// valid now (`TestPKI.liveChain`, `issueLive`): a live handshake is judged now, so no
/// test passes `--at`.
@Suite struct ConnectCommandTests {
    struct Outcome {
        let result: Run.Result
        let json: [String: Any]
        var codes: [String] { JSONFindings.codes(json) }
        func finding(_ code: String) -> [String: Any]? { JSONFindings.finding(json, code) }
        func evidence(_ code: String) -> [String: Any] { finding(code)?["evidence"] as? [String: Any] ?? [:] }
        var handshake: [String: Any] { json["handshake"] as? [String: Any] ?? [:] }
        var trusted: Bool? { (json["trust"] as? [String: Any])?["trusted"] as? Bool }
    }

    /// Runs `tlsprobe connect ARGS --json` and reads its object.
    static func connect(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let result = try Run.tlsprobe(["connect"] + arguments + ["--json"], environment: environment, timeout: 30)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return Outcome(result: result, json: try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)"))
    }

    // MARK: a good server, every way of dialling it

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func aGoodServerIsTrusted(version: String) throws {
        let pki = PKIFiles()
        let server = try pki.server([version])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root])
        #expect(out.result.status == 0, "\(out.result.stdout)")
        #expect(out.trusted == true)
        #expect(out.handshake["established"] as? Bool == true)
        #expect(out.handshake["version"] as? String == (version == "-tls1_3" ? "TLSv1.3" : "TLSv1.2"))
        #expect(out.handshake["group"] as? String != nil)
        #expect((out.handshake["cipher_suite"] as? [String: String])?["name"] != nil)
        #expect((out.json["chain"] as? [[String: Any]])?.count == 2)
        #expect(out.json["schema_version"] as? Int == 1)
        #expect(out.json["command"] as? String == "connect")
        let target = try #require(out.json["target"] as? [String: Any])
        #expect(target["host"] as? String == "127.0.0.1")
        #expect(target["port"] as? Int == server.port)
        #expect(target["address"] as? String == "127.0.0.1")
        #expect(target["sni"] is NSNull, "an IP address is never sent in SNI")
        #expect(((out.json["trust"] as? [String: Any])?["openssl"] as? [String: Any])?["ok"] as? Bool == true)
        #expect(out.json["certificate_request"] is NSNull)
        #expect(out.json["versions"] is NSNull)
        #expect(out.codes.isEmpty, "\(out.codes)")
    }

    @Test func ipv6IsDialledInBrackets() throws {
        let pki = PKIFiles()
        let server = try pki.server(ipv6: true)
        defer { server.stop() }
        let out = try Self.connect(["[::1]:\(server.port)", "--anchor", pki.root])
        #expect(out.result.status == 0, "\(out.result.stdout)")
        #expect((out.json["target"] as? [String: Any])?["address"] as? String == "::1")
        let text = try Run.tlsprobe(["connect", "[::1]:\(server.port)", "--anchor", pki.root])
        #expect(text.stdout.hasPrefix("RFC 5280 client: CONNECTS · chain trusted"), "\(text.stdout)")
        #expect(text.stdout.contains("\nconnect [::1]:\(server.port) · SNI none"))
        #expect(text.stdout.contains("(expires in "))
        // --at: the certificate block reads from the same instant as the findings.
        let later = try Run.tlsprobe(["connect", "[::1]:\(server.port)", "--anchor", pki.root, "--at", "2040-01-01"])
        #expect(later.stdout.contains("cert.expired"))
        #expect(later.stdout.contains("(expired ") && !later.stdout.contains("(expires in "), "\(later.stdout)")
    }

    @Test func aNameIsResolvedAndSentInSNI() throws {
        let pki = PKIFiles()
        let leaf = pki.files("localhost", TestPKI.issueLive(.server("localhost"), by: pki.chain.intermediate))
        let server = try pki.server(["-tls1_3"], chain: pki.intermediate, leaf: leaf)
        defer { server.stop() }
        let out = try Self.connect(["localhost:\(server.port)", "--anchor", pki.root])
        #expect(out.result.status == 0, "\(out.result.stdout)")
        let target = try #require(out.json["target"] as? [String: Any])
        #expect(target["sni"] as? String == "localhost")
        #expect(target["address"] as? String == "127.0.0.1")
        #expect((out.json["client_hello"] as? [String: Any])?["sni"] as? String == "localhost")
    }

    @Test func noAnchorsMeansTrustIsNotJudgedButEverythingElseIs() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let out = try Self.connect([server.address, "--host", "scanner.local"])
        let trust = try #require(out.json["trust"] as? [String: Any])
        #expect(trust["evaluated"] as? Bool == false)
        #expect(trust["trusted"] is NSNull)
        #expect((trust["note"] as? String)?.contains("No anchors were given") == true)
        #expect(out.codes.contains("name.mismatch"))
        #expect(out.result.status == 1)
    }

    // MARK: the chain, the name, the dates

    struct ChainCase: Sendable, CustomTestStringConvertible {
        let name: String
        let code: String
        let status: Int32
        let build: @Sendable (PKIFiles) -> (leaf: (cert: String, key: String)?, chain: String?, arguments: [String])
        var testDescription: String { name }
    }

    static let chainCases: [ChainCase] = [
        ChainCase(name: "missing intermediate", code: "chain.missing_intermediate", status: 1) { pki in
            ((pki.leaf, pki.key), nil, [])
        },
        ChainCase(name: "wrong order", code: "chain.wrong_order", status: 0) { pki in
            (nil, pki.dir.write("wrong.pem", pki.chain.root.pem + pki.chain.intermediate.pem), [])
        },
        ChainCase(name: "self-signed leaf", code: "chain.self_signed_leaf", status: 1) { pki in
            (pki.files("self", TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"]))), nil, [])
        },
        ChainCase(name: "untrusted root", code: "chain.untrusted_root", status: 1) { pki in
            (
                nil, pki.dir.write("full.pem", pki.chain.intermediate.pem + pki.chain.root.pem),
                ["--anchor", pki.dir.write("other-root.pem", TestPKI.issueLive(.root("Some Other Root")).pem)]
            )
        },
        ChainCase(name: "IP not in SAN", code: "name.ip_not_in_san", status: 1) { pki in
            (
                pki.files("dns-only", TestPKI.issueLive(.server("printer.local"), by: pki.chain.intermediate)),
                pki.intermediate, []
            )
        },
        ChainCase(name: "name mismatch", code: "name.mismatch", status: 1) { pki in
            (nil, nil, ["--host", "scanner.local"])
        },
        ChainCase(name: "expired", code: "cert.expired", status: 1) { pki in
            var spec = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
            spec.notBefore = TestPKI.day(-400)
            spec.notAfter = TestPKI.day(-10)
            return (pki.files("expired", TestPKI.issueLive(spec, by: pki.chain.intermediate)), pki.intermediate, [])
        },
    ]

    @Test(arguments: chainCases)
    func chainProblemsAreNamed(_ c: ChainCase) throws {
        let pki = PKIFiles()
        let (leaf, chain, arguments) = c.build(pki)
        let server = try pki.server(["-tls1_3"], chain: chain, leaf: leaf)
        defer { server.stop() }
        let anchors = arguments.contains("--anchor") ? [] : ["--anchor", pki.root]
        let out = try Self.connect([server.address] + anchors + arguments)
        #expect(out.codes.contains(c.code), "\(out.codes)")
        #expect(out.result.status == c.status, "\(out.codes)")
        #expect(out.handshake["established"] as? Bool == true, "verification is off: the chain is captured whole")
    }

    // MARK: protocol

    @Test func aTLS10OnlyServer() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"])
        defer { server.stop() }
        let refused = try Self.connect([server.address, "--anchor", pki.root, "--versions"])
        #expect(refused.codes.contains("tls.no_common_version"), "\(refused.codes)")
        #expect(refused.evidence("tls.no_common_version")["offered_versions"] as? [String] == ["TLSv1.3", "TLSv1.2"])
        #expect(refused.result.status == 1)
        #expect(
            refused.json["versions"] as? [String: Bool] == [
                "TLSv1.0": true, "TLSv1.1": false, "TLSv1.2": false, "TLSv1.3": false,
            ]
        )
        let probes = try #require(refused.json["version_probes"] as? [[String: Any]])
        #expect(probes.allSatisfy { $0["security_level"] as? Int == 0 })

        let old = try Self.connect([server.address, "--anchor", pki.root, "--min-version", "1.0"])
        #expect(old.handshake["version"] as? String == "TLSv1.0")
        #expect(old.finding("tls.protocol_too_old")?["severity"] as? String == "warning")
        #expect(old.result.status == 0)
        let apple = try Self.connect([
            server.address, "--anchor", pki.root, "--min-version", "tls1.0", "--profile", "apple",
        ])
        #expect(apple.finding("tls.protocol_too_old")?["severity"] as? String == "error")
        #expect(apple.result.status == 1)

        // --max-version 1.0 alone means TLS 1.0 only: no contradiction with the default minimum.
        let maxOnly = try Self.connect([server.address, "--anchor", pki.root, "--max-version", "1.0"])
        #expect(maxOnly.handshake["version"] as? String == "TLSv1.0", "\(maxOnly.codes)")
        #expect(maxOnly.result.status == 0)

        let text = try Run.tlsprobe(["connect", server.address, "--versions"])
        #expect(text.stdout.contains("Protocol versions (each offered alone, OpenSSL security level 0)"))
        #expect(text.stdout.contains("TLSv1.0     accepted"))
    }

    @Test func versionsAreProbedConcurrently() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1_2"])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root, "--versions"])
        #expect(
            out.json["versions"] as? [String: Bool] == [
                "TLSv1.0": false, "TLSv1.1": false, "TLSv1.2": true, "TLSv1.3": false,
            ]
        )
        #expect(out.result.status == 0)
    }

    /// The probes share one OpenSSL context with the main handshake: the key log still
    /// holds the main handshake's secrets, and only its. With --max-version 1.2 the TLS 1.3
    /// probe runs beside the main handshake, and a TLS 1.3 client that has read the
    /// ServerHello already has handshake secrets to log; the probe logs none.
    @Test(arguments: [[], ["--max-version", "1.2"]])
    func withVersionsTheKeyLogHoldsTheMainHandshakeAlone(range: [String]) throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let log = pki.dir.file("keys.log")
        let out = try Self.connect([server.address, "--anchor", pki.root, "--versions", "--keylog", log] + range)
        #expect(out.result.status == 0, "\(out.codes) \(out.result.stderr)")
        // OpenSSL's default server takes TLS 1.2 and 1.3.
        #expect(
            out.json["versions"] as? [String: Bool] == [
                "TLSv1.0": false, "TLSv1.1": false, "TLSv1.2": true, "TLSv1.3": true,
            ]
        )
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let labels = Set(lines.compactMap { $0.split(separator: " ").first.map(String.init) })
        let expected: Set<String> =
            range.isEmpty
            ? [
                "CLIENT_HANDSHAKE_TRAFFIC_SECRET", "SERVER_HANDSHAKE_TRAFFIC_SECRET", "CLIENT_TRAFFIC_SECRET_0",
                "SERVER_TRAFFIC_SECRET_0", "EXPORTER_SECRET",
            ]
            : ["CLIENT_RANDOM"]
        #expect(labels == expected, "\(labels)")
        let randoms = Set(lines.compactMap { $0.split(separator: " ").dropFirst().first })
        #expect(randoms.count == 1, "one handshake's secrets: \(lines.count) lines")
    }

    /// A main handshake with our identity keeps a context of its own (the probes' shared
    /// one holds none): the server that demands a certificate gets it, and the probes
    /// still answer.
    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func withVersionsTheIdentityIsStillPresented(version: String) throws {
        let pki = PKIFiles()
        let client = pki.files(
            "ipad",
            TestPKI.issueLive(.client("front-desk-ipad"), by: pki.chain.intermediate),
            chain: [pki.chain.intermediate]
        )
        let server = try pki.server([version, "-Verify", "2", "-verify_return_error", "-CAfile", pki.root])
        defer { server.stop() }
        let out = try Self.connect([
            server.address, "--anchor", pki.root, "--cert", client.cert, "--key", client.key, "--versions",
        ])
        #expect(out.result.status == 0, "\(out.codes) \(out.result.stderr)")
        #expect(out.handshake["established"] as? Bool == true)
        #expect((out.json["certificate_request"] as? [String: Any])?["client_certificate_sent"] as? Bool == true)
        let accepted = out.json["versions"] as? [String: Bool]
        #expect(accepted?[version == "-tls1_2" ? "TLSv1.2" : "TLSv1.3"] == true)
        #expect(accepted?.values.filter { $0 }.count == 1, "\(accepted ?? [:])")
    }

    /// A version probe's answer is the ServerHello: it hangs up once that is read, before
    /// its own half of the handshake, so the server completes only the main handshake.
    /// Python's ssl serves (TLS 1.2 and 1.3) and says how each connection's handshake ended.
    @Test func aVersionProbeHangsUpOnceTheServerHelloIsRead() throws {
        let pki = PKIFiles()
        let reservation = try ReservedPort()
        let chain = pki.dir.write("chain-for-python.pem", pki.chain.leaf.pem + pki.chain.intermediate.pem)
        let script = pki.dir.write(
            "server.py",
            """
            import socket, ssl, sys, threading
            lock = threading.Lock()
            def say(line):  # whole lines: print() from several threads interleaves its pieces
                with lock:
                    sys.stdout.write(line + "\\n")
                    sys.stdout.flush()
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.minimum_version = ssl.TLSVersion.TLSv1_2
            context.load_cert_chain(sys.argv[2], sys.argv[3])
            listener = socket.create_server(("127.0.0.1", int(sys.argv[1])))
            say("ready")
            def serve(sock):
                try:
                    tls = context.wrap_socket(sock, server_side=True)
                    say("completed " + tls.version())
                    tls.close()
                except (ssl.SSLError, OSError) as error:
                    say("ended " + type(error).__name__)
            while True:
                sock, _ = listener.accept()
                threading.Thread(target=serve, args=(sock,), daemon=True).start()
            """
        )
        let server = try BackgroundProcess("python3", [script, String(reservation.port), chain, pki.key])
        try #require(LoopbackPort.waitUntilListening(host: "127.0.0.1", port: reservation.port), "\(server.stop())")
        let out = try Self.connect(["127.0.0.1:\(reservation.port)", "--anchor", pki.root, "--versions"])
        Thread.sleep(forTimeInterval: 1)  // the last connections' lines
        let lines = server.stop().split(separator: "\n").map(String.init)
        #expect(
            out.json["versions"] as? [String: Bool] == [
                "TLSv1.0": false, "TLSv1.1": false, "TLSv1.2": true, "TLSv1.3": true,
            ]
        )
        #expect(out.result.status == 0, "\(out.codes)")
        #expect(lines.filter { $0.hasPrefix("completed") } == ["completed TLSv1.3"], "\(lines)")
        // 1.0 and 1.1 refused; at EOF: the 1.2 probe's hang-up, the readiness check's, and the
        // large-hello check's two hellos (an ordinary one and iOS 26's), each hung up once the
        // ServerHello was read.
        #expect(
            lines.filter { $0 == "ended SSLError" }.count == 2 && lines.filter { $0 == "ended SSLEOFError" }.count == 4,
            "\(lines)"
        )
    }

    @Test func noForwardSecrecyIsAnErrorForApple() throws {
        let pki = PKIFiles()
        var spec = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
        spec.key = .rsa(bits: 2048)
        let leaf = pki.files("rsa", TestPKI.issueLive(spec, by: pki.chain.intermediate))
        let server = try pki.server(["-tls1_2", "-cipher", "AES128-GCM-SHA256"], chain: pki.intermediate, leaf: leaf)
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root, "--profile", "apple"])
        #expect((out.handshake["cipher_suite"] as? [String: String])?["name"] == "TLS_RSA_WITH_AES_128_GCM_SHA256")
        #expect(out.finding("tls.no_forward_secrecy")?["severity"] as? String == "error")
        #expect(out.result.status == 1)
        let lenient = try Self.connect([server.address, "--anchor", pki.root])
        #expect(lenient.finding("tls.no_forward_secrecy")?["severity"] as? String == "warning")
        #expect(lenient.result.status == 0)
    }

    @Test func noCommonCipherListsWhatWeOffered() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1_2", "-cipher", "AECDH-AES128-SHA:@SECLEVEL=0"])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root])
        #expect(out.codes.contains("tls.no_common_cipher"), "\(out.codes)")
        #expect(
            (out.evidence("tls.no_common_cipher")["offered_cipher_suites"] as? [String])?.contains(
                "TLS_AES_128_GCM_SHA256"
            ) == true
        )
        #expect(out.handshake["established"] as? Bool == false)
        #expect(out.result.status == 1)
    }

    @Test func anAlertIsNamedWithWhatUsuallyCausesIt() throws {
        let pki = PKIFiles()
        let server = try pki.server([
            "-servername", "other.local", "-servername_fatal", "-cert2", pki.leaf, "-key2", pki.key,
        ])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root, "--sni", "printer.local"])
        let finding = try #require(out.finding("tls.handshake_failed"))
        #expect(
            (out.evidence("tls.handshake_failed")["alert"] as? [String: Any])?["name"] as? String == "unrecognized_name"
        )
        #expect((finding["message"] as? String)?.contains("no certificate for the name sent in SNI") == true)
        #expect((out.json["alerts"] as? [[String: Any]])?.first?["from"] as? String == "server")
        #expect(out.result.status == 1)
    }

    /// TLS 1.2 s_server answers an SNI it has no certificate for with a warning-level
    /// unrecognized_name and carries on with its default certificate: not a failure.
    @Test func aWarningAlertOnAnEstablishedConnectionIsAWarning() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1_2", "-servername", "printer.local", "-cert2", pki.leaf, "-key2", pki.key])
        defer { server.stop() }
        let out = try Self.connect([
            server.address, "--anchor", pki.root, "--sni", "other.local", "--host", "printer.local",
        ])
        #expect(out.handshake["established"] as? Bool == true)
        #expect((out.json["alerts"] as? [[String: Any]])?.first?["level"] as? String == "warning")
        let finding = try #require(out.finding("tls.handshake_failed"), "\(out.codes)")
        #expect(finding["severity"] as? String == "warning")
        #expect(
            (out.evidence("tls.handshake_failed")["alert"] as? [String: Any])?["name"] as? String == "unrecognized_name"
        )
        let message = try #require(finding["message"] as? String)
        #expect(message.contains("the handshake went on"), "\(message)")
        #expect(!message.contains("failed"), "\(message)")
        #expect(out.result.status == 0, "\(out.result.stdout)")
    }

    @Test func aPortThatSpeaksHTTPIsNotTLS() throws {
        let server = try ScriptedTCPServer(reply: Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8))
        let out = try Self.connect([server.address])
        #expect((out.finding("tls.handshake_failed")?["message"] as? String)?.contains("plain HTTP") == true)
        #expect(out.result.status == 1)
    }

    @Test func aServerThatHangsUpWithoutAnAlert() throws {
        let server = try ScriptedTCPServer(reply: nil)
        let out = try Self.connect([server.address])
        #expect(out.evidence("tls.handshake_failed")["transport"] as? String == "closed (FIN)")
        #expect(out.result.status == 1)
    }

    // MARK: mutual TLS

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func aClientCertificateRequestIsReported(version: String) throws {
        let pki = PKIFiles()
        let server = try pki.server([version, "-verify", "1", "-CAfile", pki.root])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root])
        #expect(out.finding("mtls.client_cert_requested")?["severity"] as? String == "info")
        let request = try #require(out.json["certificate_request"] as? [String: Any])
        #expect(request["acceptable_cas"] as? [String] == ["CN=Test Root CA"])
        #expect(request["client_certificate_sent"] as? Bool == false)
        #expect(out.result.status == 0)
    }

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func aRequiredClientCertificateIsNamed(version: String) throws {
        let pki = PKIFiles()
        let server = try pki.server([version, "-Verify", "1", "-CAfile", pki.root])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root])
        #expect(out.codes.contains("mtls.client_cert_required"), "\(out.codes)")
        #expect(out.handshake["established"] as? Bool == false)
        #expect(out.json["outcome"] as? String == "failed")
        #expect(out.result.status == 1)
    }

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func anIdentityFromAnotherCAIsNotAcceptableAndRejected(version: String) throws {
        let pki = PKIFiles()
        let otherCA = TestPKI.issueLive(.root("Other CA"))
        let client = pki.files("stranger", TestPKI.issueLive(.client("stranger"), by: otherCA))
        let server = try pki.server([version, "-Verify", "1", "-verify_return_error", "-CAfile", pki.root])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root, "--cert", client.cert, "--key", client.key])
        #expect(out.codes.contains("mtls.identity_not_acceptable"), "\(out.codes)")
        #expect(out.codes.contains("mtls.client_cert_rejected"), "\(out.codes)")
        #expect(
            (out.evidence("mtls.client_cert_rejected")["alert"] as? [String: Any])?["name"] as? String == "unknown_ca"
        )
        #expect((out.json["certificate_request"] as? [String: Any])?["client_certificate_sent"] as? Bool == true)
        #expect(out.result.status == 1)
    }

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func aGoodPKCS12IdentityIsAccepted(version: String) throws {
        let pki = PKIFiles()
        let client = pki.files(
            "ipad",
            TestPKI.issueLive(.client("front-desk-ipad"), by: pki.chain.intermediate),
            chain: [pki.chain.intermediate]
        )
        let p12 = pki.dir.file("ipad.p12")
        let export = try Run.process(
            "openssl",
            ["pkcs12", "-export", "-in", client.cert, "-inkey", client.key, "-passout", "pass:s3cret", "-out", p12]
        )
        #expect(export.status == 0, "\(export.stderr)")
        let server = try pki.server([version, "-Verify", "2", "-verify_return_error", "-CAfile", pki.root])
        defer { server.stop() }
        let out = try Self.connect(
            [server.address, "--anchor", pki.root, "--identity", p12, "--password-env", "P12"],
            environment: ["P12": "s3cret"]
        )
        #expect(out.result.status == 0, "\(out.codes) \(out.result.stderr)")
        #expect(out.handshake["established"] as? Bool == true)
        #expect((out.json["client_chain"] as? [[String: Any]])?.count == 2)
        #expect(out.codes == ["mtls.client_cert_requested"])
        let wrong = try Run.tlsprobe(
            ["connect", server.address, "--identity", p12, "--password-env", "P12"],
            environment: ["P12": "nope"]
        )
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("password is wrong"))
    }

    // MARK: pins and known hosts

    @Test func pinsMatchOrNot() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let match = try Self.connect([server.address, "--anchor", pki.root, "--pin", pki.chain.leaf.x509.pin])
        #expect(match.codes == ["pin.match"])
        #expect(match.result.status == 0)
        let other = TestPKI.issue(.server("printer.local")).x509.pin
        let mismatch = try Self.connect([server.address, "--anchor", pki.root, "--pin", other])
        #expect(mismatch.codes == ["pin.mismatch"])
        #expect(mismatch.evidence("pin.mismatch")["presented_pin"] as? String == pki.chain.leaf.x509.pin)
        #expect(mismatch.result.status == 1)
    }

    @Test func knownHostsRoundTrip() throws {
        let pki = PKIFiles()
        let file = pki.dir.file("known_hosts")
        var server = try pki.server()
        let port = server.port
        let reservation = server.reservation
        let first = try Self.connect([server.address, "--known-hosts", file])
        #expect(first.codes == ["pin.first_use"])
        #expect(first.result.status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("127.0.0.1:\(port) \(pki.chain.leaf.x509.pin) "))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)

        let again = try Self.connect([server.address, "--known-hosts", file])
        #expect(again.codes == ["pin.match"])
        #expect(again.result.status == 0)
        server.stop()

        // The same address now answers with another key.
        let renewed = pki.files(
            "renewed",
            TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"]), by: pki.chain.intermediate)
        )
        server = try pki.server(chain: pki.intermediate, leaf: renewed, port: reservation)
        defer { server.stop() }
        let changed = try Self.connect([server.address, "--known-hosts", file])
        #expect(changed.codes == ["pin.mismatch"])
        let evidence = changed.evidence("pin.mismatch")
        #expect(evidence["known_pins"] as? [String] == [pki.chain.leaf.x509.pin])
        #expect(evidence["presented_pin"] as? String != pki.chain.leaf.x509.pin)
        #expect(evidence["known_since"] is String)
        #expect(evidence["presented_at"] is String)
        #expect(changed.result.status == 1)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text, "a changed key is reported, never recorded")
    }

    @Test func keyLogIsWrittenWithMode0600() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let log = pki.dir.file("keys.log")
        let out = try Self.connect([server.address, "--keylog", log])
        #expect(out.result.status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("SERVER_TRAFFIC_SECRET_0 "))
        #expect(try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int == 0o600)
    }

    // MARK: could not examine: exit 2 and one line

    @Test func aRefusedConnectionIsExitTwoWithOneLine() throws {
        let closed = try ReservedPort()
        let result = try Run.tlsprobe(["connect", closed.address, "--timeout", "3"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: 127.0.0.1:"))
        #expect(result.stderr.contains("connection refused"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aServerThatNeverAnswersIsExitTwoWithinTheTimeout() throws {
        let listener = try SilentListener()
        // Ended by the 1 s --timeout, as the message says; the 30 s limit on the run is only
        // a safety net for a connect that never ends.
        let result = try Run.tlsprobe(["connect", listener.address, "--timeout", "1", "--versions"], timeout: 30)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "accepted the TCP connection but sent no byte in answer to the ClientHello within 1 s"
            ),
            "\(result.stderr)"
        )
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// A server that accepts every connection and answers nothing (or a first byte or two
    /// of a record, then nothing): the main handshake and the version probes share one
    /// --timeout, so the whole run ends within about one of it, not two (the newest
    /// version's probe used to start only after the main handshake had timed out).
    /// Counted, not timed: the run makes the main handshake and one probe for each older
    /// version, all at once, and no connection after the timeout for the newest version
    /// (the main handshake offered it already).
    @Test(arguments: [[UInt8](), [0x16, 0x03]])
    func versionsAgainstASilentServerEndWithinOneTimeout(firstBytes: [UInt8]) throws {
        let server = try MisbehavingServer(
            firstBytes.isEmpty ? [.awaitBytes, .stall(8)] : [.awaitBytes, .send(firstBytes), .stall(8)]
        )
        defer { server.stop() }
        let result = try Run.tlsprobe(["connect", server.address, "--timeout", "2", "--versions", "--json"])
        // The server's accept loop may be a moment behind tlsprobe's exit: count once it settles.
        var connections = -1
        while server.connections != connections {
            connections = server.connections
            usleep(200_000)
        }
        #expect(connections == 4, "the main handshake and probes of TLS 1.0, 1.1 and 1.2; \(connections) connections")
        if firstBytes.isEmpty {
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("sent no byte"), "\(result.stderr)")
        } else {
            #expect(result.status == 1, "\(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(
                json["versions"] as? [String: Bool] == [
                    "TLSv1.0": false, "TLSv1.1": false, "TLSv1.2": false, "TLSv1.3": false,
                ],
                "\(json["versions"] ?? "none")"
            )
        }
    }

    @Test(arguments: [
        ["127.0.0.1:1", "--sni", "a", "--no-sni"], ["127.0.0.1:1", "--pin", "sha256/short"], ["host:99999"],
        ["127.0.0.1:1", "--cert", "c.pem"], ["127.0.0.1:1", "--min-version", "1.3", "--max-version", "1.2"],
        ["127.0.0.1:1", "--timeout", "0"], ["127.0.0.1:1", "--sni", "10.0.0.5"],
        ["127.0.0.1:1", "--min-version", "2.0"],
    ])
    func usageErrorsAreExit64(arguments: [String]) throws {
        let result = try Run.tlsprobe(["connect"] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
    }
}
