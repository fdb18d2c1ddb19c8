import Foundation
import Testing
import TestSupport

/// Every report opens with whether the profile's client would connect, and why not: the
/// root cause, not a consequence, and chain trust beside it. Against real s_servers, with
/// OpenSSL's s_client (and curl, for the openssl profile) as the check on what clients do.
@Suite struct ClientVerdictTests {
    static func connect(
        _ arguments: [String],
        environment: [String: String] = [:]
    ) throws -> (text: String, json: [String: Any], status: Int32) {
        let text = try Run.tlsprobe(["connect"] + arguments, environment: environment, timeout: 60)
        let json = try Run.tlsprobe(["connect"] + arguments + ["--json"], environment: environment, timeout: 60)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        try SchemaTests.expectValid(json.stdout, "connect")
        #expect(text.status == json.status)
        return (text.stdout, try #require(object, "stdout: \(json.stdout) stderr: \(json.stderr)"), json.status)
    }

    static func verdict(_ report: [String: Any]) -> [String: Any]? { report["verdict"] as? [String: Any] }

    static func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }

    static func sClient(_ address: String, _ extra: [String]) throws -> Run.Result {
        try Run.process(
            "openssl",
            ["s_client", "-connect", address, "-brief"] + extra,
            stdin: Data("Q\n".utf8),
            timeout: 30
        )
    }

    // MARK: a TLS 1.0-only device

    @Test func aTLS10DeviceCannotBeReachedByAnIPhone() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"])
        defer { server.stop() }
        // A TLS 1.2+ client (what ATS demands) gets no connection.
        let modern = try Self.sClient(server.address, ["-min_protocol", "TLSv1.2"])
        #expect(!modern.stderr.contains("CONNECTION ESTABLISHED"), "\(modern.stderr)")

        let out = try Self.connect([server.address, "--anchor", pki.root, "--profile", "apple"])
        #expect(out.status == 1)
        let first = Self.firstLine(out.text)
        #expect(first.hasPrefix("iPhone/Mac (iOS 17+): CANNOT CONNECT"), "\(out.text)")
        #expect(first.contains("(tls.protocol_too_old)"), "\(first)")
        #expect(first.contains("chain trusted"), "trust beside the verdict: \(first)")
        let verdict = try #require(Self.verdict(out.json), "\(out.json.keys.sorted())")
        #expect(verdict["connects"] as? Bool == false)
        #expect(verdict["cause"] as? String == "tls.protocol_too_old")
        #expect(verdict["trusted"] as? Bool == true)
        #expect(verdict["client"] as? String == "iPhone/Mac (iOS 17+)")
        // The duplicate no-common-version is listed under its cause, and says so.
        let duplicate = try #require(JSONFindings.finding(out.json, "tls.no_common_version"))
        #expect(duplicate["caused_by"] as? String == "tls.protocol_too_old")
        #expect(JSONFindings.codes(out.json).first == "tls.protocol_too_old")
        #expect(out.text.contains("a consequence of tls.protocol_too_old"), "\(out.text)")

        let brief = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--profile", "apple", "--brief"])
        #expect(brief.stdout.contains("CANNOT CONNECT"), "\(brief.stdout)")
        #expect(brief.stdout.contains("ERROR tls.protocol_too_old"), "\(brief.stdout)")

        // Scan's record and summary count the client that cannot connect.
        let scan = try Run.tlsprobe(
            ["scan", "127.0.0.1", "--ports", "\(server.port)", "--anchor", pki.root, "--profile", "apple", "--json"],
            timeout: 120
        )
        let lines = try ScanCommandTests.objects(scan.stdout)
        let record = try #require(lines.first)
        #expect(Self.verdict(record)?["connects"] as? Bool == false, "\(scan.stdout)")
        #expect(Self.verdict(record)?["cause"] as? String == "tls.protocol_too_old")
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect(summary["cannot_connect"] as? Int == 1)
        #expect(summary["connects"] as? Int == 0)
        let table = try Run.tlsprobe(
            ["scan", "127.0.0.1", "--ports", "\(server.port)", "--anchor", pki.root, "--profile", "apple"],
            timeout: 120
        )
        #expect(table.stdout.contains("CANNOT CONNECT (trusted)"), "\(table.stdout)")
        #expect(table.stdout.contains("ERROR tls.protocol_too_old"), "the top finding is the cause: \(table.stdout)")
        #expect(table.stdout.contains("1 cannot connect, 0 connect"), "\(table.stdout)")
    }

    @Test func theEnvironmentSetsTheProfile() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"])
        defer { server.stop() }
        let env = try Self.connect([server.address, "--anchor", pki.root], environment: ["TLSPROBE_PROFILE": "apple"])
        #expect(Self.firstLine(env.text).hasPrefix("iPhone/Mac (iOS 17+): CANNOT CONNECT"), "\(env.text)")
        #expect(env.text.contains("profile apple, from TLSPROBE_PROFILE"), "\(env.text)")
        let trust = try #require(env.json["trust"] as? [String: Any])
        #expect(trust["profile"] as? String == "apple")
        #expect(trust["profile_source"] as? String == "environment")
        #expect(JSONFindings.finding(env.json, "tls.protocol_too_old")?["severity"] as? String == "error")
        // --profile overrides it.
        let option = try Self.connect(
            [server.address, "--anchor", pki.root, "--profile", "openssl"],
            environment: ["TLSPROBE_PROFILE": "apple"]
        )
        #expect(Self.firstLine(option.text).hasPrefix("OpenSSL 3 client (curl): CANNOT CONNECT"), "\(option.text)")
        #expect((option.json["trust"] as? [String: Any])?["profile_source"] as? String == "option")
        // A bad value is a usage error naming the variable, for every command taking --profile.
        let out = TemporaryDirectory()
        for command in [
            ["connect", server.address], ["scan", "127.0.0.1"], ["verify", pki.leaf],
            ["identity", "ca", "--out", out.file("ca")],
        ] {
            let bad = try Run.tlsprobe(command, environment: ["TLSPROBE_PROFILE": "iphone"])
            #expect(bad.status == 64, "\(command): \(bad.stderr)")
            #expect(bad.stderr.contains("TLSPROBE_PROFILE"), "\(bad.stderr)")
        }
    }

    /// identity makes what Apple's clients accept unless told otherwise; the variable tells
    /// it otherwise as --profile does, and --profile still wins.
    @Test func theProfileVariableSetsIdentitysRulesToo() throws {
        let dir = TemporaryDirectory()
        let ca = try Run.tlsprobe(["identity", "ca", "--out", dir.file("ca")])
        try #require(ca.status == 0, "\(ca.stderr)")
        let server = ["identity", "server", "--ca", dir.file("ca"), "--host", "printer.local", "--p12", "none"]
        let strict = try Run.tlsprobe(server + ["--days", "1000", "--out", dir.file("a")])
        #expect(strict.status == 64, "apple by default refuses 1000 days: \(strict.stderr)")
        let relaxed = try Run.tlsprobe(
            server + ["--days", "1000", "--out", dir.file("b")],
            environment: ["TLSPROBE_PROFILE": "default"]
        )
        #expect(relaxed.status == 0, "\(relaxed.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.file("b/server.pem")), "\(relaxed.stdout)")
        let option = try Run.tlsprobe(
            server + ["--days", "1000", "--out", dir.file("c"), "--profile", "apple"],
            environment: ["TLSPROBE_PROFILE": "default"]
        )
        #expect(option.status == 64, "\(option.stderr)")
    }

    // MARK: a self-signed device, no anchors

    @Test func aSelfSignedDeviceIsNamedWithoutAnchors() throws {
        let pki = PKIFiles()
        var spec = TestPKI.Spec.server("IP Camera", dns: ["cam.local"], ips: ["127.0.0.1"])
        spec.extendedKeyUsage = nil  // as cameras ship: no EKU, which Apple also refuses
        let server = try pki.server(leaf: pki.files("cam", TestPKI.issueLive(spec)))
        defer { server.stop() }
        let refused = try Self.sClient(server.address, ["-verify_return_error"])
        #expect(refused.stderr.contains("self-signed certificate"), "\(refused.stderr)")

        let out = try Self.connect([server.address, "--profile", "apple"])
        #expect(out.status == 1)
        let first = Self.firstLine(out.text)
        #expect(first.hasPrefix("iPhone/Mac (iOS 17+): CANNOT CONNECT"), "\(out.text)")
        #expect(first.contains("(chain.self_signed_leaf)"), "\(first)")
        #expect(first.contains("chain trust not evaluated"), "\(first)")
        #expect(JSONFindings.codes(out.json).first == "chain.self_signed_leaf", "\(JSONFindings.codes(out.json))")
        #expect(JSONFindings.codes(out.json).contains("cert.eku_missing_server_auth"))
        let verdict = try #require(Self.verdict(out.json))
        #expect(verdict["connects"] as? Bool == false)
        #expect(verdict["cause"] as? String == "chain.self_signed_leaf")
        #expect(verdict["trusted"] is NSNull)
        let brief = try Run.tlsprobe(["connect", server.address, "--profile", "apple", "--brief"])
        #expect(brief.stdout.contains("ERROR chain.self_signed_leaf"), "\(brief.stdout)")
    }

    /// --known-hosts on a self-signed camera: the first contact records the key and the
    /// second checks it; both are the same verdict, as the pinning client trusts the key,
    /// not a root (the first run said CANNOT CONNECT and exited 1, the second 0).
    @Test func theFirstContactWithAKnownHostsFileIsJudgedAsTheSecond() throws {
        let pki = PKIFiles()
        let server = try pki.server(
            leaf: pki.files("cam", TestPKI.issueLive(.server("Camera", dns: ["cam.local"], ips: ["127.0.0.1"])))
        )
        defer { server.stop() }
        let knownHosts = pki.dir.file("known_hosts")
        var runs: [(status: Int32, json: [String: Any])] = []
        for _ in 0..<2 {
            let run = try Run.tlsprobe(["connect", server.address, "--known-hosts", knownHosts, "--json"], timeout: 60)
            try SchemaTests.expectValid(run.stdout, "connect")
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            runs.append((run.status, try #require(object, "\(run.stdout) \(run.stderr)")))
        }
        #expect(JSONFindings.codes(runs[0].json).contains("pin.first_use"), "\(JSONFindings.codes(runs[0].json))")
        #expect(JSONFindings.codes(runs[1].json).contains("pin.match"), "\(JSONFindings.codes(runs[1].json))")
        for run in runs {
            #expect(run.status == 0, "\(JSONFindings.codes(run.json))")
            #expect(Self.verdict(run.json)?["connects"] as? Bool == true, "\(Self.verdict(run.json) ?? [:])")
            #expect(!JSONFindings.codes(run.json).contains("chain.self_signed_leaf"))
        }
    }

    // MARK: an intermediate given as the anchor

    @Test func anIntermediateAnchorIsNotARoot() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-www"])
        defer { server.stop() }
        // s_client refuses a partial chain, curl accepts it.
        let sClient = try Self.sClient(server.address, ["-CAfile", pki.intermediate, "-verify_return_error"])
        #expect(sClient.stderr.contains("unable to get issuer certificate"), "\(sClient.stderr)")
        let curl = try Run.process(
            "curl",
            [
                "-sS", "-o", "/dev/null", "--max-time", "20", "--cacert", pki.intermediate, "--resolve",
                "printer.local:\(server.port):127.0.0.1", "https://printer.local:\(server.port)/",
            ],
            timeout: 30
        )
        let curlAccepts = curl.status == 0

        let apple = try Self.connect([server.address, "--anchor", pki.intermediate, "--profile", "apple"])
        #expect(apple.status == 1)
        let first = Self.firstLine(apple.text)
        #expect(first.hasPrefix("iPhone/Mac (iOS 17+): CANNOT CONNECT"), "\(apple.text)")
        #expect(first.contains("(chain.anchor_not_root)"), "\(first)")
        #expect(first.contains("chain NOT trusted"), "\(first)")
        let finding = try #require(JSONFindings.finding(apple.json, "chain.anchor_not_root"))
        #expect(finding["severity"] as? String == "error")
        #expect((finding["fix"] as? String)?.contains("Test Root CA") == true, "the fix names the root: \(finding)")
        #expect(Self.verdict(apple.json)?["trusted"] as? Bool == false)
        #expect(Self.verdict(apple.json)?["connects"] as? Bool == false)

        for profile in ["default", "openssl"] {
            let out = try Self.connect([server.address, "--anchor", pki.intermediate, "--profile", profile])
            let finding = try #require(JSONFindings.finding(out.json, "chain.anchor_not_root"), "\(profile)")
            #expect(finding["severity"] as? String == "warning")
            #expect(Self.verdict(out.json)?["trusted"] as? Bool == true)
            #expect(Self.verdict(out.json)?["connects"] as? Bool == true)
            #expect(Self.firstLine(out.text).contains(": CONNECTS · chain trusted"), "\(out.text)")
            if profile == "openssl" { #expect(curlAccepts, "curl, an OpenSSL client, accepts it: \(curl.stderr)") }
        }
    }

    // MARK: a server that demands a client certificate

    @Test func aServerThatDemandsAClientCertificate() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-Verify", "1", "-CAfile", pki.root])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root])
        let first = Self.firstLine(out.text)
        #expect(first.hasPrefix("RFC 5280 client: CANNOT CONNECT"), "\(out.text)")
        #expect(first.contains("(mtls.client_cert_required)"), "\(first)")
        #expect(first.contains("chain trusted"), "\(first)")
        #expect(Self.verdict(out.json)?["cause"] as? String == "mtls.client_cert_required")
        #expect(Self.verdict(out.json)?["connects"] as? Bool == false)
    }

    // MARK: a missing intermediate

    @Test func aMissingIntermediateLeads() throws {
        let pki = PKIFiles()
        let server = try pki.server(leaf: (pki.leaf, pki.key))
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root, "--profile", "apple"])
        #expect(Self.firstLine(out.text).contains("(chain.missing_intermediate)"), "\(out.text)")
        #expect(Self.verdict(out.json)?["cause"] as? String == "chain.missing_intermediate")
        let brief = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--brief"])
        #expect(brief.stdout.contains("CANNOT CONNECT"), "\(brief.stdout)")
        #expect(brief.stdout.contains("ERROR chain.missing_intermediate"), "\(brief.stdout)")
    }

    // MARK: listen: the client's verdict on what we served

    @Test func listenOpensWithTheClientsVerdict() throws {
        let pki = PKIFiles()
        let listener = try ListenProcess(
            ["--json", "--count", "2"] + pki.identity,
            environment: ["TLSPROBE_PROFILE": "apple"]
        )
        // One client that trusts our root, one that refuses our chain.
        try Run.process(
            "openssl",
            ["s_client", "-connect", listener.address, "-CAfile", pki.root, "-verify_return_error"],
            stdin: Data(),
            timeout: 20
        )
        let other = pki.dir.write("other.pem", TestPKI.issueLive(.root("Somebody Else's Root")).pem)
        try Run.process(
            "openssl",
            ["s_client", "-connect", listener.address, "-CAfile", other, "-verify_return_error"],
            stdin: Data(),
            timeout: 20
        )
        _ = listener.finish()
        let lines = try SchemaTests.objects(lines: listener.stdoutText)
        try #require(lines.count == 2, "\(listener.stdoutText) \(listener.stderrText)")
        let verdicts = lines.compactMap(Self.verdict)
        #expect(verdicts.map { $0["client"] as? String } == ["iPhone/Mac (iOS 17+)", "iPhone/Mac (iOS 17+)"])
        #expect(verdicts.map { $0["connects"] as? Bool } == [true, false], "\(verdicts)")
        #expect(verdicts.last?["cause"] as? String == "tls.handshake_failed")
        #expect((lines.first?["trust"] as? [String: Any])?["profile_source"] as? String == "environment")
    }

    // MARK: scan: a port that is not TLS

    @Test func aNonTLSPortCarriesNoErrorFinding() throws {
        let http = try MisbehavingServer([
            .awaitBytes,
            .send(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)),
        ])
        defer { http.stop() }
        let scan = try Run.tlsprobe(["scan", "127.0.0.1", "--ports", "\(http.port)", "--json"], timeout: 60)
        #expect(scan.status == 0, "\(scan.stderr)")
        let lines = try ScanCommandTests.objects(scan.stdout)
        let record = try #require(lines.first)
        #expect(JSONFindings.all(record).allSatisfy { $0["severity"] as? String != "error" }, "\(scan.stdout)")
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect((summary["findings"] as? [String: Int])?.isEmpty == true)
        // "errors" in the text summary is JSON's summary.errors: endpoints not examined.
        let text = try Run.tlsprobe(["scan", "127.0.0.1", "--ports", "\(http.port)"], timeout: 60)
        #expect(!text.stdout.contains("  errors "), "\(text.stdout)")
    }
}
