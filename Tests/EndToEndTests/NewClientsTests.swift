import Foundation
import Testing
import TestSupport

/// New clients against old devices: what OpenSSL 3 clients refuse (no RFC 5746 secure
/// renegotiation) and what iOS 26's post-quantum ClientHello breaks (a first record larger
/// than one packet), against real servers on loopback.
@Suite struct NewClientsTests {
    static let hasGnuTLSServer = (try? Run.which("gnutls-serv")) != nil

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// `gnutls-serv` with `priority`, serving `cert`/`key` on `port`. It binds every address
    /// (it has no option to bind one): the tests dial 127.0.0.1 only.
    final class GnuTLSServer: @unchecked Sendable {
        let reservation: ReservedPort
        let background: BackgroundProcess
        var address: String { "127.0.0.1:\(reservation.port)" }

        init(cert: String, key: String, priority: String) throws {
            reservation = try ReservedPort(host: "127.0.0.1")
            background = try BackgroundProcess(
                "gnutls-serv",
                [
                    "--quiet", "--priority", priority, "--x509certfile", cert, "--x509keyfile", key,
                    "-p", "\(reservation.port)",
                ]
            )
            guard LoopbackPort.waitUntilListening(host: "127.0.0.1", port: reservation.port) else {
                let output = background.stop()
                throw Failure(description: "gnutls-serv did not start: \(output)")
            }
        }

        func stop() { background.stop() }
    }

    static func report(_ arguments: [String]) throws -> (json: [String: Any], text: String, status: Int32) {
        let json = try Run.tlsprobe(["connect"] + arguments + ["--json"], timeout: 60)
        try SchemaTests.expectValid(json.stdout, "connect")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
            "stdout: \(json.stdout) stderr: \(json.stderr)"
        )
        let text = try Run.tlsprobe(["connect"] + arguments, timeout: 60)
        #expect(text.status == json.status)
        return (object, text.stdout, json.status)
    }

    static func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }

    // MARK: secure renegotiation

    @Test(
        .enabled(
            if: hasGnuTLSServer,
            "gnutls-serv is not installed (apt-get install -y gnutls-bin; Tests/run.sh installs it): the renegotiation test is skipped"
        )
    )
    func aServerWithoutSecureRenegotiationIsRefusedByTheOpenSSLProfile() throws {
        let pki = PKIFiles()
        let chain = pki.dir.write("fullchain.pem", pki.chain.leaf.pem + pki.chain.intermediate.pem)
        let server = try GnuTLSServer(
            cert: chain,
            key: pki.key,
            priority: "NORMAL:-VERS-TLS1.3:%DISABLE_SAFE_RENEGOTIATION"
        )
        defer { server.stop() }
        // The real OpenSSL 3 client refuses it, with the message the finding names.
        let curl = try Run.process(
            "curl",
            ["-sS", "--cacert", pki.root, "-o", "/dev/null", "https://\(server.address)/"],
            timeout: 30
        )
        #expect(curl.status == 35, "curl: \(curl.stderr)")
        #expect(curl.stderr.contains("unsafe legacy renegotiation disabled"), "\(curl.stderr)")

        let openssl = try Self.report([server.address, "--anchor", pki.root, "--profile", "openssl"])
        #expect(openssl.status == 1, "\(openssl.text)")
        let first = Self.firstLine(openssl.text)
        #expect(first.hasPrefix("OpenSSL 3 client (curl): CANNOT CONNECT"), "\(openssl.text)")
        #expect(first.contains("(tls.no_secure_renegotiation)"), "\(first)")
        let finding = try #require(JSONFindings.finding(openssl.json, "tls.no_secure_renegotiation"))
        #expect(finding["severity"] as? String == "error")
        let message = finding["message"] as? String ?? ""
        #expect(message.contains("OpenSSL 3 clients refuse this server"), "\(message)")
        #expect(message.contains("unsafe legacy renegotiation disabled"), "\(message)")
        let evidence = finding["evidence"] as? [String: Any] ?? [:]
        #expect(evidence["version"] as? String == "TLSv1.2", "\(evidence)")
        let verdict = try #require(openssl.json["verdict"] as? [String: Any])
        #expect(verdict["connects"] as? Bool == false)
        #expect(verdict["cause"] as? String == "tls.no_secure_renegotiation")

        // A warning under default, a note under apple: those clients connect.
        let plain = try Self.report([server.address, "--anchor", pki.root])
        #expect(
            JSONFindings.finding(plain.json, "tls.no_secure_renegotiation")?["severity"] as? String == "warning",
            "\(plain.text)"
        )
        #expect(plain.status == 0, "\(plain.text)")
        let apple = try Self.report([server.address, "--anchor", pki.root, "--profile", "apple"])
        #expect(
            JSONFindings.finding(apple.json, "tls.no_secure_renegotiation")?["severity"] as? String == "info",
            "\(apple.text)"
        )

        // explain finds the code from curl's message.
        let explain = try Run.tlsprobe(["explain", "unsafe legacy renegotiation disabled"])
        #expect(explain.stdout.contains("tls.no_secure_renegotiation"), "\(explain.stdout)")
    }

    @Test func sServerHasSecureRenegotiationAndNoFinding() throws {
        let pki = PKIFiles()
        for version in ["-tls1_2", "-tls1_3"] {
            let server = try pki.server([version])
            defer { server.stop() }
            let out = try Self.report([server.address, "--anchor", pki.root, "--profile", "openssl"])
            #expect(JSONFindings.finding(out.json, "tls.no_secure_renegotiation") == nil, "\(version): \(out.text)")
            #expect(out.status == 0, "\(version): \(out.text)")
        }
    }

    // MARK: the post-quantum ClientHello

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Tests/Tools/small-hello-device.py on a port reserved for it, in front of `upstream`:
    /// closes the connection when the first TLS record is larger than 1,400 bytes.
    final class SmallHelloDevice {
        let reservation: ReservedPort
        let background: BackgroundProcess
        var address: String { reservation.address }

        init(upstream: String) throws {
            reservation = try ReservedPort()
            background = try BackgroundProcess(
                "python3",
                [
                    NewClientsTests.root.appendingPathComponent("Tests/Tools/small-hello-device.py").path,
                    reservation.address, upstream, "1400",
                ]
            )
            guard LoopbackPort.waitUntilListening(port: reservation.port) else {
                throw Failure(description: "small-hello-device.py did not start: \(background.stop())")
            }
        }

        deinit { background.stop() }
    }

    @Test func aDeviceThatDropsLargeHellosIsReportedUnderApple() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-www"])
        defer { server.stop() }
        let device = try SmallHelloDevice(upstream: server.address)
        // curl (OpenSSL 3.0's hello) still gets through the device.
        let curl = try Run.process(
            "curl",
            ["-sS", "--cacert", pki.root, "-o", "/dev/null", "https://\(device.address)/"],
            timeout: 30
        )
        #expect(curl.status == 0, "curl: \(curl.stderr)")

        let apple = try Self.report([device.address, "--anchor", pki.root, "--profile", "apple"])
        #expect(apple.status == 1, "\(apple.text)")
        let first = Self.firstLine(apple.text)
        #expect(first.hasPrefix("iPhone/Mac (iOS 17+): CANNOT CONNECT"), "\(apple.text)")
        #expect(first.contains("(tls.large_hello_refused)"), "\(first)")
        let finding = try #require(JSONFindings.finding(apple.json, "tls.large_hello_refused"), "\(apple.text)")
        #expect(finding["severity"] as? String == "error")
        let message = finding["message"] as? String ?? ""
        #expect(message.contains("closed the connection"), "\(message)")
        #expect(message.contains("iOS 26"), "\(message)")
        let evidence = finding["evidence"] as? [String: Any] ?? [:]
        #expect(evidence["large_reply"] as? String == "closed", "\(evidence)")
        #expect(evidence["ordinary_reply"] as? String == "server_hello", "\(evidence)")
        #expect((evidence["large_hello_bytes"] as? Int ?? 0) >= 1_700, "\(evidence)")
        #expect((evidence["ordinary_hello_bytes"] as? Int ?? 9_999) < 1_400, "\(evidence)")
        // The chain is still judged: the handshake itself went through.
        #expect((apple.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)

        // With --versions under default: a warning.
        let versions = try Self.report([device.address, "--anchor", pki.root, "--versions"])
        #expect(
            JSONFindings.finding(versions.json, "tls.large_hello_refused")?["severity"] as? String == "warning",
            "\(versions.text)"
        )
        // Without either, the probe does not run.
        let plain = try Self.report([device.address, "--anchor", pki.root])
        #expect(JSONFindings.finding(plain.json, "tls.large_hello_refused") == nil, "\(plain.text)")

        // s_server alone takes the large hello (it ignores X25519MLKEM768 and picks x25519).
        let direct = try Self.report([server.address, "--anchor", pki.root, "--profile", "apple"])
        #expect(JSONFindings.finding(direct.json, "tls.large_hello_refused") == nil, "\(direct.text)")
        #expect(direct.status == 0, "\(direct.text)")
    }

    // MARK: fleets sharing a key

    /// Three devices whose certificates carry one key (each its own certificate, as units
    /// of one model are), and a fourth with its own: scan lists exactly the three together.
    @Test func aScanListsTheEndpointsThatShareOneKey() throws {
        let dir = TemporaryDirectory()
        let reservation = try ReservedPort(host: "127.0.0.4")
        let port = reservation.port
        func key(_ name: String) throws -> String {
            let path = dir.file(name)
            let made = try Run.process(
                "openssl",
                ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", path]
            )
            try #require(made.status == 0, "\(made.stderr)")
            return path
        }
        func certificate(_ name: String, key: String, address: String) throws -> String {
            let path = dir.file(name + ".pem")
            let made = try Run.process(
                "openssl",
                [
                    "req", "-x509", "-key", key, "-out", path, "-days", "30", "-subj",
                    name == "unit3" ? "/CN=camera \(name)" : "/O=Internet Widgits Pty Ltd/CN=camera \(name)",
                    "-addext", "subjectAltName=IP:\(address)",
                ]
            )
            try #require(made.status == 0, "\(made.stderr)")
            return path
        }
        let shared = try key("shared.key")
        let own = try key("own.key")
        var servers: [BackgroundProcess] = []
        defer { for server in servers { server.stop() } }
        for (index, address) in ["127.0.0.4", "127.0.0.5", "127.0.0.6", "127.0.0.7"].enumerated() {
            let keyFile = index < 3 ? shared : own
            let cert = try certificate("unit\(index)", key: keyFile, address: address)
            if index == 0 { reservation.release() }
            servers.append(
                try BackgroundProcess(
                    "openssl",
                    ["s_server", "-accept", "\(address):\(port)", "-cert", cert, "-key", keyFile, "-quiet"]
                )
            )
            try #require(LoopbackPort.waitUntilListening(host: address, port: port), "s_server on \(address)")
        }
        let json = try Run.tlsprobe(
            ["scan", "127.0.0.4/30", "--ports", "\(port)", "--json", "--timeout", "10"],
            timeout: 120
        )
        try SchemaTests.expectValid(json.stdout, "scan", lines: true)
        let lines = try ScanCommandTests.objects(json.stdout)
        let summary = try #require(lines.last?["summary"] as? [String: Any], "\(json.stdout.prefix(2000))")
        #expect(summary["found"] as? Int == 4)
        let groups = try #require(summary["shared_keys"] as? [[String: Any]], "\(summary)")
        #expect(groups.count == 1, "\(groups)")
        // In scan order (by address), whatever order the 64 concurrent probes finish in.
        let endpoints = groups.first?["endpoints"] as? [String] ?? []
        #expect(endpoints == ["127.0.0.4:\(port)", "127.0.0.5:\(port)", "127.0.0.6:\(port)"], "\(groups)")
        #expect(groups.first?["code"] as? String == "fleet.shared_key")
        // The three also serve OpenSSL's default organization: cert.vendor_default in each
        // record and in the summary.
        let defaults = lines.dropLast().filter { JSONFindings.finding($0, "cert.vendor_default") != nil }
        #expect(defaults.count == 3, "\(json.stdout.prefix(3000))")
        let vendor = try #require(summary["vendor_defaults"] as? [String: Any])
        #expect(vendor["count"] as? Int == 3)
        #expect(
            vendor["endpoints"] as? [String] ?? [] == ["127.0.0.4:\(port)", "127.0.0.5:\(port)", "127.0.0.6:\(port)"]
        )

        let text = try Run.tlsprobe(["scan", "127.0.0.4/30", "--ports", "\(port)", "--timeout", "10"], timeout: 120)
        let line = try #require(
            text.stdout.split(separator: "\n").first { $0.contains("fleet.shared_key") },
            "\(text.stdout)"
        )
        #expect(line.contains("3 endpoints"), "\(line)")
        #expect(!line.contains("127.0.0.7"), "\(line)")
        #expect(text.stdout.contains("cert.vendor_default: 3 serve"), "\(text.stdout)")
    }
}
