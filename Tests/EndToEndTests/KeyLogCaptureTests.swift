import Foundation
import Testing
import TestSupport

/// `tlsprobe capture --keylog` on captures made at test time: `openssl s_client
/// -keylogfile` (and `tlsprobe connect --keylog`) against `s_server` on loopback while
/// tcpdump records lo, then the binary reads the file with the key log. The TLS 1.3
/// reports must show and judge what the equivalent TLS 1.2 ones do.
@Suite(.serialized) struct KeyLogCaptureTests {
    typealias Lines = [[String: Any]]
    static var pki: CaptureTests.PKI { CaptureTests.pki }

    /// Each client with `-keylogfile` into one key log, against one s_server.
    static func capture(
        serverExtra: [String] = [],
        clients: [[String]],
        name: String
    ) throws -> (pcap: String, keyLog: String) {
        let keyLog = pki.dir.file("\(name).keys")
        try? FileManager.default.removeItem(atPath: keyLog)
        let pcap = try CaptureTests.capture(
            serverExtra: serverExtra,
            clients: clients.map { $0 + ["-keylogfile", keyLog] },
            name: "\(name).pcap"
        )
        return (pcap, keyLog)
    }

    nonisolated(unsafe) static var suitesFile: (pcap: String, keyLog: String)?
    nonisolated(unsafe) static var mtlsFile: (pcap: String, keyLog: String)?

    /// The three TLS 1.3 suites, the three kinds of TLS 1.2 AEAD suite, then a TLS 1.2 and
    /// a TLS 1.3 client that trust another root and refuse the chain.
    static func suitesCapture() throws -> (pcap: String, keyLog: String) {
        if let suitesFile { return suitesFile }
        let root = pki.root
        let file = try capture(
            clients: [
                ["-tls1_3", "-ciphersuites", "TLS_AES_128_GCM_SHA256", "-CAfile", root],
                ["-tls1_3", "-ciphersuites", "TLS_AES_256_GCM_SHA384", "-CAfile", root],
                ["-tls1_3", "-ciphersuites", "TLS_CHACHA20_POLY1305_SHA256", "-CAfile", root],
                ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256", "-CAfile", root],
                ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384", "-CAfile", root],
                ["-tls1_2", "-cipher", "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305", "-CAfile", root],
            ] + pki.refusingClients,
            name: "suites"
        )
        suitesFile = file
        return file
    }

    /// A server requiring a client certificate: TLS 1.2 and 1.3 with one, then without.
    static func mtlsCapture() throws -> (pcap: String, keyLog: String) {
        if let mtlsFile { return mtlsFile }
        let file = try capture(serverExtra: pki.mtlsServer, clients: pki.mtlsClients, name: "mtls-keys")
        mtlsFile = file
        return file
    }

    static func read(_ pcap: String, _ extra: [String], stdin: Data? = nil) throws -> (lines: Lines, result: Run.Result)
    {
        let result = try Run.tlsprobe(
            [
                "capture", "-r", pcap, "--json", "--anchor", pki.root, "--host", "localhost",
                "--fail-on", "never",
            ] + extra,
            stdin: stdin
        )
        #expect(result.status == 0, "\(result.stderr)")
        return (try CaptureTests.lines(result), result)
    }

    static func chain(_ line: [String: Any]) -> [String] {
        (line["chain"] as? [[String: Any]] ?? []).compactMap { $0["subject"] as? String }
    }

    static func suite(_ line: [String: Any]) -> String? {
        ((line["handshake"] as? [String: Any])?["cipher_suite"] as? [String: Any])?["name"] as? String
    }

    static func alerts(_ line: [String: Any]) -> [[String: Any]] { line["alerts"] as? [[String: Any]] ?? [] }

    static func alertName(_ alert: [String: Any]) -> String? {
        (alert["description"] as? [String: Any])?["name"] as? String
    }

    /// Finding codes other than those that differ by version by design.
    static func judgement(_ line: [String: Any]) -> [String] {
        JSONFindings.codes(line).filter { !["capture.tls13_encrypted", "tls.protocol_too_old"].contains($0) }.sorted()
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func everySuiteIsDecryptedAndJudgedLikeTLS12() throws {
        let file = try Self.suitesCapture()
        let (lines, result) = try Self.read(file.pcap, ["--keylog", file.keyLog])
        try #require(lines.count == 8, "\(result.stdout)\n\(result.stderr)")
        // The TLS 1.2 client refusing the chain sends nothing encrypted: 7 connections to decrypt.
        #expect(
            result.stderr.contains("key log: 7 decrypted, 0 in part, 0 without secrets, 0 failed to decrypt"),
            "\(result.stderr)"
        )

        let expectedSuites = ["TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256"]
        #expect(lines[0..<3].map { Self.suite($0) } == expectedSuites)
        #expect(lines[3..<6].map { Self.suite($0)?.hasSuffix("_WITH_AES_128_GCM_SHA256") } == [true, false, false])
        #expect(Self.suite(lines[4])?.hasSuffix("_WITH_AES_256_GCM_SHA384") == true)
        #expect(Self.suite(lines[5])?.hasSuffix("_WITH_CHACHA20_POLY1305_SHA256") == true)
        let tls12 = lines[3]
        for line in lines[0..<6] {
            #expect(line["outcome"] as? String == "established")
            #expect(Self.chain(line) == ["CN=localhost", "CN=Capture Intermediate CA"])
            #expect((line["trust"] as? [String: Any])?["trusted"] as? Bool == true)
            #expect(!JSONFindings.codes(line).contains("capture.tls13_encrypted"))
            #expect(!JSONFindings.codes(line).contains { $0 == "capture.no_key" || $0 == "capture.decrypt_failed" })
            #expect(Self.judgement(line) == Self.judgement(tls12), "\(Self.suite(line) ?? "")")
        }

        // The client that trusts another root: unknown_ca, reported and explained in TLS 1.3
        // as in TLS 1.2, after the chain it refused. (OpenSSL's client has not switched its
        // write keys yet when it rejects the server's Certificate, so its alert is
        // plaintext; the decrypted server flight is what puts it in context. Encrypted
        // alerts: mutualTLSIsDecrypted and PcapSourceTests.)
        let rejected12 = lines[6]
        let rejected13 = lines[7]
        #expect((rejected13["handshake"] as? [String: Any])?["version"] as? String == "TLSv1.3")
        for line in [rejected12, rejected13] {
            #expect(line["outcome"] as? String == "failed")
            #expect(Self.chain(line) == ["CN=localhost", "CN=Capture Intermediate CA"])
            let alert = try #require(Self.alerts(line).first)
            #expect(alert["from"] as? String == "client")
            #expect(Self.alertName(alert) == "unknown_ca")
            let finding = try #require(JSONFindings.finding(line, "capture.alert"))
            #expect(
                (finding["message"] as? String)?.contains("sent unknown_ca right after the server's") == true,
                "\(finding)"
            )
        }
        #expect(Self.judgement(rejected13) == Self.judgement(rejected12))
        // The same message, but for the name of the message before it.
        let message12 = JSONFindings.finding(rejected12, "capture.alert")?["message"] as? String
        let message13 = JSONFindings.finding(rejected13, "capture.alert")?["message"] as? String
        #expect(
            message13?.replacingOccurrences(of: "finished", with: "X")
                == message12?.replacingOccurrences(of: "server_hello_done", with: "X")
        )
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func textReportShowsTheDecryptedChainAndAlert() throws {
        let file = try Self.suitesCapture()
        let result = try Run.tlsprobe([
            "capture", "-r", file.pcap, "--keylog", file.keyLog, "--anchor", Self.pki.root,
            "--host", "localhost",
        ])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("capture.tls13_encrypted"))
        #expect(result.stdout.components(separatedBy: "Chain as presented (2)").count - 1 == 8)
        let mtls = try Self.mtlsCapture()
        let refused = try Run.tlsprobe(["capture", "-r", mtls.pcap, "--keylog", mtls.keyLog])
        #expect(
            refused.stdout.contains("server      fatal certificate_required (encrypted) after client finished"),
            "\(refused.stdout)"
        )
        #expect(refused.stdout.contains("Client chain (1)"), "\(refused.stdout)")
        // Without the key log, TLS 1.3 is as before.
        let without = try Self.read(file.pcap, [])
        #expect(without.lines.filter { JSONFindings.codes($0).contains("capture.tls13_encrypted") }.count == 4)
        #expect(!without.result.stderr.contains("key log:"))
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func mutualTLSIsDecrypted() throws {
        let file = try Self.mtlsCapture()
        let (lines, result) = try Self.read(file.pcap, ["--keylog", file.keyLog])
        try #require(lines.count == 4, "\(result.stdout)\n\(result.stderr)")
        let (with12, with13, without12, without13) = (lines[0], lines[1], lines[2], lines[3])
        for line in [with12, with13] {
            #expect(line["outcome"] as? String == "established")
            let request = try #require(line["certificate_request"] as? [String: Any])
            #expect(request["acceptable_cas"] as? [String] == ["CN=Front Desk Client CA"])
            #expect(request["client_certificate_sent"] as? Bool == true)
            let clientChain = try #require(line["client_chain"] as? [[String: Any]])
            #expect(clientChain.first?["subject"] as? String == "CN=front-desk-ipad")
        }
        #expect((with13["certificate_request"] as? [String: Any])?["signature_algorithms"] != nil)
        #expect(Self.judgement(with13) == Self.judgement(with12))

        // No client certificate: refused in both versions, judged the same way. TLS 1.3's
        // certificate_required comes after both Finished, under the server's application keys.
        for line in [without12, without13] {
            #expect(line["outcome"] as? String == "failed")
            #expect(JSONFindings.codes(line).contains("mtls.client_cert_required"), "\(JSONFindings.codes(line))")
            #expect((line["certificate_request"] as? [String: Any])?["client_certificate_sent"] as? Bool == false)
        }
        // (The client's own close_notify, as s_client quits, may cross it on the wire.)
        let alert13 = try #require(
            Self.alerts(without13).first { Self.alertName($0) == "certificate_required" },
            "\(Self.alerts(without13))"
        )
        #expect(Self.alertName(alert13) == "certificate_required")
        #expect(alert13["from"] as? String == "server")
        #expect(alert13["encrypted"] as? Bool == true)
        #expect(Self.judgement(without13) == Self.judgement(without12))
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func helloRetryRequestIsDecrypted()
        throws
    {
        // The client key-shares x25519 only; a server that takes P-384 alone asks again.
        let file = try Self.capture(
            serverExtra: ["-groups", "P-384"],
            clients: [["-tls1_3", "-CAfile", Self.pki.root]],
            name: "hrr"
        )
        let (lines, result) = try Self.read(file.pcap, ["--keylog", file.keyLog])
        try #require(lines.count == 1, "\(result.stdout)\n\(result.stderr)")
        // Both ClientHellos are kept: client_hello is the first (fingerprints come from it,
        // as JA4 says), second_client_hello key-shares the group the HelloRetryRequest asked for.
        func shares(_ hello: Any?) -> [String]? {
            ((hello as? [String: Any])?["key_share_groups"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        }
        #expect(shares(lines[0]["client_hello"]) == ["x25519"])
        #expect(shares(lines[0]["second_client_hello"]) == ["secp384r1"])
        let serverHello = try #require(lines[0]["server_hello"] as? [String: Any])
        #expect((serverHello["group"] as? [String: Any])?["name"] as? String == "secp384r1")
        #expect(serverHello["hello_retry_request"] as? Bool == true)
        #expect((serverHello["hello_retry_request_group"] as? [String: Any])?["name"] as? String == "secp384r1")
        // OpenSSL's client follows the request: nothing to say about it.
        #expect(JSONFindings.finding(lines[0], "tls.hello_retry_not_followed") == nil)
        #expect(lines[0]["outcome"] as? String == "established")
        #expect(Self.chain(lines[0]) == ["CN=localhost", "CN=Capture Intermediate CA"])
        #expect((lines[0]["trust"] as? [String: Any])?["trusted"] as? Bool == true)
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func connectKeyLogRoundTrip() throws {
        let pki = Self.pki
        let server = try pki.server()
        defer { server.stop() }
        let keyLog = pki.dir.file("connect.keys")
        try? FileManager.default.removeItem(atPath: keyLog)
        let recorder = try LoopbackCapture(port: server.port, path: pki.dir.file("connect.pcap"))
        let connect = try Run.tlsprobe([
            "connect", server.address, "--keylog", keyLog, "--json", "--anchor", pki.root,
            "--host", "localhost",
        ])
        let pcap = recorder.stop()
        #expect(connect.status == 0, "\(connect.stderr)")
        let live = try #require(try JSONSerialization.jsonObject(with: Data(connect.stdout.utf8)) as? [String: Any])

        let (lines, result) = try Self.read(pcap, ["--keylog", keyLog])
        try #require(lines.count == 1, "\(result.stdout)\n\(result.stderr)")
        let captured = lines[0]
        #expect((captured["handshake"] as? [String: Any])?["version"] as? String == "TLSv1.3")
        #expect(captured["outcome"] as? String == "established")
        let fingerprints: ([String: Any]) -> [String] = {
            ($0["chain"] as? [[String: Any]] ?? []).compactMap { $0["sha256"] as? String }
        }
        #expect(fingerprints(captured) == fingerprints(live))
        #expect(fingerprints(captured).count == 2)
        #expect(Self.suite(captured) == Self.suite(live))
        #expect(
            (captured["trust"] as? [String: Any])?["trusted"] as? Bool == (live["trust"] as? [String: Any])?["trusted"]
                as? Bool
        )
        #expect(
            (captured["client_hello"] as? [String: Any])?["ja4"] as? String
                == (live["client_hello"] as? [String: Any])?["ja4"] as? String
        )
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func liveCaptureReadsAKeyLogBeingWritten() throws {
        let pki = Self.pki
        let server = try pki.server()
        defer { server.stop() }
        let dir = TemporaryDirectory()
        // The client appends its secrets while tlsprobe captures: the file starts empty.
        let keyLog = dir.write("live.keys", "")
        let live = try CaptureTests.startLive(
            [
                "capture", "-i", "lo", "--filter", "tcp port \(server.port)", "--count", "1", "--json", "--duration",
                "30",
                "--keylog", keyLog, "--anchor", pki.root, "--host", "localhost",
            ],
            in: dir
        )
        defer { if live.process.isRunning { live.process.terminate() } }
        try Run.process(
            "openssl",
            [
                "s_client", "-connect", server.address, "-tls1_3", "-servername", "localhost", "-brief",
                "-keylogfile", keyLog,
            ],
            stdin: Data("Q\n".utf8),
            timeout: 10
        )
        CaptureTests.wait(live.process, seconds: 15)
        let stdout = (try? String(contentsOfFile: live.stdout, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: live.stderr, encoding: .utf8)) ?? ""
        #expect(live.process.terminationStatus == 0, "\(stderr)")
        let line = try #require(
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any],
            "\(stdout)\n\(stderr)"
        )
        #expect(Self.chain(line) == ["CN=localhost", "CN=Capture Intermediate CA"], "\(stderr)")
        #expect((line["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        #expect(stderr.contains("key log: 1 decrypted"), "\(stderr)")
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func wrongMissingAndTruncatedKeyLogs()
        throws
    {
        let file = try Self.suitesCapture()
        let dir = Self.pki.dir
        let text = try String(contentsOfFile: file.keyLog, encoding: .utf8)

        // A key log from another run: nothing for these client randoms, every connection says so.
        let other = try Self.mtlsCapture()
        let (foreign, foreignResult) = try Self.read(file.pcap, ["--keylog", other.keyLog])
        try #require(foreign.count == 8)
        // (The TLS 1.2 client refusing the chain, 6, sent nothing encrypted: no key needed.)
        for line in foreign[0..<6] + foreign[7...] {
            let noKey = try #require(JSONFindings.finding(line, "capture.no_key"), "\(JSONFindings.codes(line))")
            let random = try #require((noKey["evidence"] as? [String: Any])?["client_random"] as? String)
            #expect(random.count == 64)
            #expect((noKey["message"] as? String)?.contains(random) == true)
            #expect(!JSONFindings.codes(line).contains("capture.tls13_encrypted"))
        }
        #expect(foreign[0]["outcome"] as? String == "established")
        #expect(foreignResult.stderr.contains("0 decrypted, 0 in part, 7 without secrets"), "\(foreignResult.stderr)")

        // Secrets that are not this run's: each TLS 1.3 server handshake secret altered.
        let altered = text.split(separator: "\n").map { line -> String in
            guard line.hasPrefix("SERVER_HANDSHAKE_TRAFFIC_SECRET ") else { return String(line) }
            return String(line.dropLast()) + (line.last == "0" ? "1" : "0")
        }.joined(separator: "\n")
        let (wrong, _) = try Self.read(file.pcap, ["--keylog", dir.write("altered.keys", altered)])
        for index in [0, 1, 2, 7] {
            let failed = try #require(
                JSONFindings.finding(wrong[index], "capture.decrypt_failed"),
                "\(JSONFindings.codes(wrong[index]))"
            )
            let evidence = try #require(failed["evidence"] as? [String: Any])
            #expect(evidence["from"] as? String == "server")
            #expect(evidence["secret"] as? String == "SERVER_HANDSHAKE_TRAFFIC_SECRET")
            #expect(evidence["record"] as? Int == 0)
            #expect((failed["message"] as? String)?.contains("authentication tag does not verify") == true)
            #expect(Self.chain(wrong[index]).isEmpty)
        }
        // The TLS 1.2 connections' CLIENT_RANDOM lines were left alone.
        #expect(
            wrong[3..<6].allSatisfy {
                Self.chain($0).count == 2 && !JSONFindings.codes($0).contains("capture.decrypt_failed")
            }
        )

        // Cut in the middle of a line: what comes before is used, the rest has no key, and
        // the cut line is named on stderr without its secret.
        let cut = String(text.prefix(text.count / 2))
        let (partial, partialResult) = try Self.read(file.pcap, ["--keylog", dir.write("cut.keys", cut)])
        #expect(partial.count == 8)
        #expect(partialResult.stderr.contains("malformed line(s) skipped"), "\(partialResult.stderr)")
        #expect(!partialResult.stderr.contains(String(cut.suffix(16))))
        #expect(Self.chain(partial[0]).count == 2)
        #expect(JSONFindings.codes(partial[7]).contains("capture.no_key"))

        // Hostile key logs: garbage, binary, huge lines — skipped, never a crash.
        var garbage =
            "# comment\n\nCLIENT_RANDOM zz 00\nSERVER_HANDSHAKE_TRAFFIC_SECRET \(String(repeating: "a", count: 64))\n"
        garbage += "RSA 0011223344556677 00\n" + String(repeating: "f", count: 100_000) + "\n\u{0}\u{1}\u{2}\n"
        let (hostile, hostileResult) = try Self.read(
            file.pcap,
            ["--keylog", dir.write("garbage.keys", garbage), "--keylog", file.keyLog]
        )
        #expect(hostile.count == 8)
        #expect(
            hostileResult.stderr.contains("garbage.keys: 4 malformed line(s) skipped (line 3:"),
            "\(hostileResult.stderr)"
        )
        #expect(Self.chain(hostile[0]).count == 2)

        // A key log that cannot be read is a usage problem: exit 2, nothing examined.
        let missing = try Run.tlsprobe(["capture", "-r", file.pcap, "--keylog", dir.file("no-such.keys")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--keylog"))
        #expect(missing.stdout.isEmpty)
        let empty = try Self.read(file.pcap, ["--keylog", dir.write("empty.keys", "")])
        #expect(empty.result.stderr.contains("empty.keys: no secrets in it"))
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func pcapngDecryptionSecretsBlockNeedsNoKeyLog() throws {
        let file = try Self.suitesCapture()
        let pcap = try #require(CaptureWriter.packets(inPcap: try Data(contentsOf: URL(fileURLWithPath: file.pcap))))
        let secrets = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.keyLog)))
        // The secrets in two blocks, in a big-endian section, as well as little-endian.
        let half = secrets.count / 2
        let cut = secrets[..<half].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? half
        for bigEndian in [false, true] {
            let pcapng = CaptureWriter.file(
                .pcapng,
                linkType: pcap.linkType,
                packets: pcap.packets,
                secrets: [Array(secrets[..<cut]), Array(secrets[cut...])],
                bigEndian: bigEndian
            )
            let path = Self.pki.dir.write("dsb-\(bigEndian).pcapng", pcapng)
            let (lines, result) = try Self.read(path, [])
            try #require(lines.count == 8, "\(result.stderr)")
            #expect(result.stderr.contains("key log: 7 decrypted"), "\(result.stderr)")
            #expect(lines.allSatisfy { Self.chain($0).count == 2 })
            // Standard input carries the block too.
            let piped = try Self.read("-", [], stdin: pcapng)
            #expect(piped.result.stdout == result.stdout)
        }
    }
}
