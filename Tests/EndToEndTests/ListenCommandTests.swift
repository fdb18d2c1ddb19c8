import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tlsprobe listen` as a user runs it: started in the background on a free loopback port,
/// real clients (`curl`, `openssl s_client`) connect to it, then its reports (JSON Lines or
/// text), summary and exit status are checked. Certificates are valid now (`issueLive`).
@Suite struct ListenCommandTests {
    static func handshake(_ report: [String: Any]) -> [String: Any] { report["handshake"] as? [String: Any] ?? [:] }

    static func alerts(_ report: [String: Any]) -> [String] {
        (report["alerts"] as? [[String: Any]] ?? []).compactMap {
            ($0["description"] as? [String: Any])?["name"] as? String
        }
    }

    /// `openssl s_client` against the listener, stdin closed so it leaves after the handshake.
    @discardableResult
    static func sClient(_ listener: ListenProcess, _ extra: [String]) throws -> Run.Result {
        try Run.process("openssl", ["s_client", "-connect", listener.address] + extra, stdin: Data(), timeout: 20)
    }

    /// curl against the listener.
    @discardableResult
    static func curl(_ extra: [String], url: String) throws -> Run.Result {
        try Run.process("curl", ["-sS", "--max-time", "10"] + extra + [url], timeout: 20)
    }

    // MARK: the ephemeral identity, the page, the pin

    /// The curl command the start-up pin line prints works as printed (curl's exit 0), on a
    /// given address and on every address; --save-cert writes the certificate served, and
    /// curl --cacert FILE and connect --anchor FILE then trust it (its printed command too).
    @Test(arguments: [String?.some("127.0.0.1"), nil])
    func thePrintedPinCommandAndTheSavedCertificateWork(host: String?) throws {
        let dir = TemporaryDirectory()
        let saved = dir.file("listener.pem")
        let listener = try ListenProcess(["--count", "3", "--save-cert", saved], host: host)
        defer { _ = listener.stop() }
        func printed(_ label: String) throws -> [String] {
            let line = try #require(
                listener.stderrText.split(separator: "\n").first { $0.hasPrefix("  \(label):") },
                "\(listener.stderrText)"
            )
            let inside = try #require(line.firstMatch(of: /\((curl [^);]+)/).map { String($0.output.1) }, "\(line)")
            return inside.split(separator: " ").map(String.init)
        }
        let pin = try printed("pin")
        #expect(pin.contains("--pinnedpubkey"), "\(pin)")
        let pinned = try Run.process(
            "curl",
            ["-sS", "--max-time", "10", "-o", "/dev/null"] + pin.dropFirst(),
            timeout: 20
        )
        #expect(pinned.status == 0, "\(pin.joined(separator: " ")): exit \(pinned.status) \(pinned.stderr)")

        let pem = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"), "\(pem)")
        let trusted = try printed("saved")
        #expect(trusted.contains("--cacert") && !trusted.contains("-k"), "\(trusted)")
        let curl = try Run.process(
            "curl",
            ["-sS", "--max-time", "10", "-o", "/dev/null"] + trusted.dropFirst(),
            timeout: 20
        )
        #expect(curl.status == 0, "\(trusted.joined(separator: " ")): exit \(curl.status) \(curl.stderr)")
        // The printed connect, as printed.
        let line = try #require(listener.stderrText.split(separator: "\n").first { $0.hasPrefix("  saved:") })
        let printedConnect = try #require(
            line.firstMatch(of: /tlsprobe (connect [^)]+)\)/).map { String($0.output.1) },
            "\(line)"
        )
        let connect = try Run.tlsprobe(printedConnect.split(separator: " ").map(String.init))
        #expect(connect.status == 0, "\(printedConnect): \(connect.stdout)\(connect.stderr)")
        #expect(listener.finish() == 0, "\(listener.stderrText)")
    }

    @Test func saveCertRefusesALinkBeforeListening() throws {
        let dir = TemporaryDirectory()
        let target = dir.write("target", Data("keep\n".utf8))
        let link = dir.file("link.pem")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = try Run.tlsprobe(["listen", "127.0.0.1:1", "--save-cert", link])
        #expect(run.status == 2 && run.stderr.contains("--save-cert \(link)"), "\(run.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep\n")
    }

    @Test func curlGetsThePageAndCanPinTheEphemeralCertificate() throws {
        let listener = try ListenProcess(["--json", "--count", "2", "--host", "printer.local"])
        #expect(listener.stderrText.contains("ephemeral self-signed certificate"))
        let pin = try #require(listener.stderrText.firstMatch(of: /pin:\s+(sha256\/\S+)/).map { String($0.output.1) })

        let page = try Self.curl(["-k", "-A", "FrontDeskApp/2.1"], url: listener.url + "status")
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.hasPrefix("tlsprobe listen saw this connection"))
        #expect(page.stdout.contains("Request:   GET /status HTTP/1.1"))
        #expect(page.stdout.contains("Agent:     FrontDeskApp/2.1"))
        #expect(page.stdout.contains("TLSv1.3"))

        let curlPin = pin.replacingOccurrences(of: "sha256/", with: "sha256//")
        let pinned = try Self.curl(["-k", "--pinnedpubkey", curlPin, "-o", "/dev/null"], url: listener.url)
        #expect(pinned.status == 0, "the printed pin is the served key's: \(pinned.stderr)")

        #expect(listener.finish() == 0, "\(listener.stderrText)")
        let reports = listener.reports
        #expect(reports.count == 2)
        // Reports come as connections complete; find each by what it did.
        let first = try #require(
            reports.first { ($0["http"] as? [String: Any])?["request_line"] as? String == "GET /status HTTP/1.1" }
        )
        #expect(first["command"] as? String == "listen")
        #expect(first["schema_version"] as? Int == 1)
        #expect(first["outcome"] as? String == "established")
        #expect(Self.handshake(first)["alpn"] as? String == "http/1.1")
        let http = try #require(first["http"] as? [String: Any])
        #expect(http["request_line"] as? String == "GET /status HTTP/1.1")
        #expect(http["user_agent"] as? String == "FrontDeskApp/2.1")
        #expect(http["answered"] as? Bool == true)
        let flow = try #require(first["flow"] as? [String: Any])
        #expect((flow["client"] as? String)?.hasPrefix("127.0.0.1:") == true)
        #expect(flow["server"] as? String == listener.address)
        let hello = try #require(first["client_hello"] as? [String: Any])
        #expect((hello["alpn"] as? [String])?.contains("http/1.1") == true)
        #expect(hello["ja4"] is String)
        let leaf = try #require((first["chain"] as? [[String: Any]])?.first)
        let san = try #require(leaf["san"] as? [String: [String]])
        #expect(san["ip"]?.contains("127.0.0.1") == true)
        #expect(san["dns"]?.contains("printer.local") == true)
        #expect(san["dns"]?.contains("localhost") == true)
        #expect(leaf["self_signed"] as? Bool == true)
        #expect(leaf["pin"] as? String == pin)
        #expect(first["client_trust"] is NSNull)
        #expect(JSONFindings.codes(first).isEmpty, "\(JSONFindings.codes(first))")
        #expect(listener.stderrText.contains("stopped (--count reached): 2 connections reported, 2 established"))
    }

    // MARK: trusting and not trusting our root

    @Test(arguments: ["1.2", "1.3"])
    func curlThatDoesNotTrustOurRootSendsUnknownCA(version: String) throws {
        let pki = PKIFiles()
        let listener = try ListenProcess(
            pki.identity + ["--json", "--count", "2", "--min-version", version, "--max-version", version]
        )
        let versionFlags = version == "1.2" ? ["--tlsv1.2", "--tls-max", "1.2"] : ["--tlsv1.3"]
        let refused = try Self.curl(versionFlags + ["-o", "/dev/null"], url: listener.url)
        #expect(refused.status == 60, "curl: the peer's certificate cannot be verified: \(refused.stderr)")
        let trusting = try Self.curl(versionFlags + ["--cacert", pki.root], url: listener.url)
        #expect(trusting.status == 0, "\(trusting.stderr)")
        #expect(trusting.stdout.contains("tlsprobe listen saw this connection"))
        #expect(listener.finish() == 1, "the refused connection is an error")

        let reports = listener.reports
        #expect(reports.count == 2)
        let failed = try #require(reports.first { $0["outcome"] as? String == "failed" })
        #expect(Self.handshake(failed)["version"] as? String == "TLSv\(version)")
        #expect(Self.alerts(failed) == ["unknown_ca"])
        let finding = try #require(JSONFindings.finding(failed, "tls.handshake_failed"))
        let message = try #require(finding["message"] as? String)
        #expect(
            message.hasPrefix(
                "The client sent unknown_ca after our Certificate: it does not trust the root that signed our certificate."
            )
        )
        #expect(message.contains("\"CN=Test Root CA\""), "names the root the client lacks")
        #expect((finding["fix"] as? String)?.contains("Install \"CN=Test Root CA\" on the client") == true)
        let evidence = try #require(finding["evidence"] as? [String: Any])
        #expect(evidence["from"] as? String == "client")
        // One shape for an alert in JSON: the finding's evidence as the report's alerts.
        let listed = try #require((failed["alerts"] as? [[String: Any]])?.first?["description"] as? [String: String])
        #expect(listed == ["value": "0x30", "name": "unknown_ca"])
        #expect(evidence["alert"] as? [String: String] == listed, "\(evidence)")
        #expect(evidence["alert_number"] == nil)
        #expect(evidence["our_chain"] as? [String] == ["CN=printer.local", "CN=Test Intermediate CA"])
        #expect(evidence["ephemeral_certificate"] as? Bool == false)

        let served = try #require(reports.first { $0["outcome"] as? String == "established" })
        #expect(JSONFindings.codes(served).isEmpty)
    }

    /// Each alert as (description, from, encrypted).
    static func alertFlags(_ report: [String: Any]) -> [(name: String, from: String, encrypted: Bool?)] {
        (report["alerts"] as? [[String: Any]] ?? []).map {
            (
                (($0["description"] as? [String: Any])?["name"] as? String) ?? "?", $0["from"] as? String ?? "?",
                $0["encrypted"] as? Bool
            )
        }
    }

    /// Python's ssl module as a TLS 1.3 client: verifies against `cafile` for `hostname`;
    /// after a handshake sends close_notify (`unwrap`) and waits for the server's.
    static func python(_ listener: ListenProcess, cafile: String, hostname: String) throws -> Run.Result {
        let script = """
            import socket, ssl, sys
            ctx = ssl.create_default_context(cafile=sys.argv[3])
            ctx.minimum_version = ssl.TLSVersion.TLSv1_3
            raw = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
            try:
                s = ctx.wrap_socket(raw, server_hostname=sys.argv[2])
            except ssl.SSLError as e:
                print("refused:", e.reason)
                sys.exit(3)
            try:
                s.unwrap()
            except (OSError, ssl.SSLError):
                pass
            print("closed")
            """
        return try Run.process("python3", ["-c", script, String(listener.port), hostname, cafile], timeout: 20)
    }

    /// An OpenSSL TLS 1.3 client that refuses our Certificate has not installed its
    /// handshake keys: its alert goes out as a plaintext 7-byte record, and is reported as
    /// not encrypted. An alert it sends after its keys (close_notify) is encrypted.
    @Test func aClientsAlertIsEncryptedOnlyWhenItsRecordIs() throws {
        let pki = PKIFiles()
        let unrelated = pki.files("unrelated-root", TestPKI.issueLive(.root("Unrelated Root CA"))).cert
        let listener = try ListenProcess(pki.identity + ["--json", "--count", "3"])
        let refused = try Self.curl(
            ["--tlsv1.3", "--cacert", unrelated, "-o", "/dev/null"],
            url: "https://127.0.0.1:\(listener.port)/"
        )
        #expect(refused.status == 60, "\(refused.stderr)")
        let mismatch = try Self.python(listener, cafile: pki.root, hostname: "wrong.example")
        #expect(mismatch.status == 3, "\(mismatch.stdout) \(mismatch.stderr)")
        let closed = try Self.python(listener, cafile: pki.root, hostname: "printer.local")
        #expect(closed.stdout.contains("closed"), "\(closed.stdout) \(closed.stderr)")
        _ = listener.finish()

        let reports = listener.reports
        try #require(reports.count == 3)
        let flags = reports.map(Self.alertFlags)
        let curlRefusal = try #require(flags.first { $0.first?.name == "unknown_ca" }, "\(flags)")
        #expect(curlRefusal.count == 1)
        #expect(curlRefusal.first?.from == "client")
        #expect(curlRefusal.first?.encrypted == false, "curl's unknown_ca is a plaintext record")
        let pythonRefusal = try #require(flags.first { $0.first?.name == "bad_certificate" }, "\(flags)")
        #expect(pythonRefusal.first?.from == "client")
        #expect(pythonRefusal.first?.encrypted == false, "Python's bad_certificate is a plaintext record")
        let closing = try #require(flags.first { $0.first?.name == "close_notify" }, "\(flags)")
        #expect(closing.first?.from == "client")
        #expect(closing.first?.encrypted == true, "close_notify after the handshake is sent with the client's keys")
    }

    /// The client's refusal, read from the report: the finding, where `first` and `then`
    /// stand in its message and in its fix.
    static func order(
        _ finding: [String: Any],
        _ first: String,
        before then: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for key in ["message", "fix"] {
            let text = finding[key] as? String ?? ""
            let a = text.range(of: first)?.lowerBound
            let b = text.range(of: then)?.lowerBound
            #expect(
                a != nil && b != nil && a! < b!,
                "\(key): \"\(first)\" before \"\(then)\": \(text)",
                sourceLocation: sourceLocation
            )
        }
    }

    @Test func aClientThatTrustsOurRootButDialsAnotherNameIsToldTheNameFirst() throws {
        let pki = PKIFiles()
        let listener = try ListenProcess(pki.identity + ["--json", "--count", "2"])
        let python = try Self.python(listener, cafile: pki.root, hostname: "wrong-name.example")
        #expect(python.stdout.contains("refused: CERTIFICATE_VERIFY_FAILED"), "\(python.stdout) \(python.stderr)")
        let sClient = try Self.sClient(
            listener,
            [
                "-tls1_2", "-verify_return_error", "-CAfile", pki.root, "-servername", "wrong-name.example",
                "-verify_hostname", "wrong-name.example",
            ]
        )
        #expect(
            sClient.stdout.contains("hostname mismatch") || sClient.stderr.contains("hostname mismatch"),
            "\(sClient.stdout)"
        )
        #expect(listener.finish() == 1)

        let reports = listener.reports
        try #require(reports.count == 2)
        for report in reports {
            let version = Self.handshake(report)["version"] as? String ?? "?"
            // Both send bad_certificate, in the clear: an OpenSSL client refusing our
            // Certificate has no handshake keys yet (TLS 1.3), or has not changed cipher spec (TLS 1.2).
            #expect(
                Self.alertFlags(report).map { "\($0.name) \($0.from) \($0.encrypted.map(String.init) ?? "?")" } == [
                    "bad_certificate client false"
                ],
                "\(version)"
            )
            #expect((report["client_hello"] as? [String: Any])?["sni"] as? String == "wrong-name.example")
            let finding = try #require(
                JSONFindings.finding(report, "tls.handshake_failed"),
                "\(version): \(JSONFindings.codes(report))"
            )
            let message = finding["message"] as? String ?? ""
            #expect(
                message.hasPrefix("The client sent bad_certificate after our Certificate"),
                "\(version): \(message)"
            )
            #expect(message.contains("\"wrong-name.example\""), "\(version): names the SNI: \(message)")
            #expect(message.contains("printer.local"), "\(version): names our certificate's names: \(message)")
            #expect(message.contains("may also"), "\(version): the root is a possibility, not a fact: \(message)")
            #expect(!message.contains("The client does not have"), "\(version): \(message)")
            Self.order(finding, "wrong-name.example", before: "CN=Test Root CA")
            #expect(
                (finding["fix"] as? String)?.hasPrefix("Serve a certificate whose SAN has \"wrong-name.example\"")
                    == true,
                "\(version): \(finding["fix"] ?? "")"
            )
            let evidence = finding["evidence"] as? [String: Any] ?? [:]
            #expect(evidence["sni_in_our_certificate"] as? Bool == false)
        }
        #expect(Set(reports.map { Self.handshake($0)["version"] as? String ?? "?" }) == ["TLSv1.2", "TLSv1.3"])
    }

    @Test func curlChecksTheNameAfterTheHandshakeAndClosesWithoutARequest() throws {
        let pki = PKIFiles()
        let listener = try ListenProcess(pki.identity + ["--json", "--count", "3"])
        let wrong = try Self.curl(
            ["--resolve", "wrong-name.example:\(listener.port):127.0.0.1", "--cacert", pki.root, "-o", "/dev/null"],
            url: "https://wrong-name.example:\(listener.port)/"
        )
        #expect(wrong.status == 60, "curl: no alternative certificate subject name matches: \(wrong.stderr)")
        let right = try Self.curl(
            ["--resolve", "printer.local:\(listener.port):127.0.0.1", "--cacert", pki.root],
            url: "https://printer.local:\(listener.port)/"
        )
        #expect(right.stdout.contains("tlsprobe listen saw this connection"), "\(right.stderr)")
        // A client that closes without a request but asked for our name is not suspected.
        try Self.sClient(
            listener,
            [
                "-CAfile", pki.root, "-servername", "printer.local", "-verify_hostname", "printer.local",
                "-verify_return_error",
            ]
        )
        _ = listener.finish()

        let reports = listener.reports
        try #require(reports.count == 3)
        let refused = try #require(
            reports.first { ($0["client_hello"] as? [String: Any])?["sni"] as? String == "wrong-name.example" }
        )
        // curl finishes the handshake, then checks the name and sends close_notify with its keys.
        #expect(refused["outcome"] as? String == "established")
        #expect(refused["http"] is NSNull)
        #expect(
            Self.alertFlags(refused).map { "\($0.name) \($0.from) \($0.encrypted.map(String.init) ?? "?")" } == [
                "close_notify client true"
            ]
        )
        let finding = try #require(
            JSONFindings.finding(refused, "name.sni_not_served"),
            "\(JSONFindings.codes(refused))"
        )
        #expect(
            finding["severity"] as? String == "warning",
            "the handshake completed: a likely refusal, not a certain one"
        )
        // curl did not connect (exit 60): the verdict says so, whatever the severity.
        let verdict = refused["verdict"] as? [String: Any]
        #expect(verdict?["connects"] as? Bool == false, "\(verdict ?? [:])")
        #expect(verdict?["cause"] as? String == "name.sni_not_served", "\(verdict ?? [:])")
        let message = finding["message"] as? String ?? ""
        #expect(message.contains("without sending a request"), "\(message)")
        #expect(message.contains("\"wrong-name.example\""), "\(message)")
        #expect(message.contains("\"printer.local\""), "\(message)")
        #expect(!message.contains("CN=Test Root CA"), "it accepted our chain in the handshake: \(message)")
        #expect(
            (finding["fix"] as? String)?.hasPrefix("Serve a certificate whose SAN has \"wrong-name.example\"") == true,
            "\(finding["fix"] ?? "")"
        )

        let others = reports.filter { ($0["client_hello"] as? [String: Any])?["sni"] as? String == "printer.local" }
        #expect(others.count == 2)
        for report in others { #expect(JSONFindings.codes(report).isEmpty, "\(JSONFindings.codes(report))") }
    }

    @Test func aClientWithoutOurRootDialingOurNameIsStillToldTheRootIsMissing() throws {
        let pki = PKIFiles()
        let listener = try ListenProcess(pki.identity + ["--json", "--count", "2"])
        let curl = try Self.curl(
            ["--resolve", "printer.local:\(listener.port):127.0.0.1", "-o", "/dev/null"],
            url: "https://printer.local:\(listener.port)/"
        )
        #expect(curl.status == 60, "\(curl.stderr)")
        try Self.sClient(
            listener,
            ["-tls1_2", "-verify_return_error", "-servername", "printer.local", "-verify_hostname", "printer.local"]
        )
        #expect(listener.finish() == 1)

        let reports = listener.reports
        try #require(reports.count == 2)
        for report in reports {
            let version = Self.handshake(report)["version"] as? String ?? "?"
            #expect(
                Self.alertFlags(report).map { "\($0.name) \($0.from) \($0.encrypted.map(String.init) ?? "?")" } == [
                    "unknown_ca client false"
                ],
                "\(version)"
            )
            let finding = try #require(
                JSONFindings.finding(report, "tls.handshake_failed"),
                "\(version): \(JSONFindings.codes(report))"
            )
            let message = finding["message"] as? String ?? ""
            #expect(message.contains("The client does not have \"CN=Test Root CA\""), "\(version): \(message)")
            #expect(!message.contains("(SNI)"), "\(version): the name matched, it is not a cause: \(message)")
            #expect(
                (finding["fix"] as? String)?.hasPrefix("Install \"CN=Test Root CA\" on the client") == true,
                "\(version): \(finding["fix"] ?? "")"
            )
            #expect((finding["evidence"] as? [String: Any])?["sni_in_our_certificate"] as? Bool == true)
        }
    }

    @Test func sClientCarriesOnWithAnUntrustedServerUnlessToldNotTo() throws {
        let pki = PKIFiles()
        let listener = try ListenProcess(pki.identity + ["--json", "--count", "3"])
        // s_client reports the verify error and finishes the handshake anyway.
        let lenient = try Self.sClient(listener, ["-tls1_3"])
        #expect(
            lenient.stdout.contains("Verify return code: 20 (unable to get local issuer certificate)"),
            "\(lenient.stdout)"
        )
        // -verify_return_error makes it refuse, with unknown_ca, as curl does.
        let strict = try Self.sClient(listener, ["-tls1_2", "-verify_return_error"])
        #expect(strict.status != 0)
        let trusting = try Self.sClient(listener, ["-tls1_2", "-CAfile", pki.root, "-verify_return_error"])
        #expect(trusting.stdout.contains("Verify return code: 0 (ok)"), "\(trusting.stdout)")
        #expect(listener.finish() == 1)

        let reports = listener.reports
        #expect(reports.count == 3)
        #expect(
            reports.map { $0["outcome"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == [
                "established", "established", "failed",
            ]
        )
        let refused = try #require(reports.first { $0["outcome"] as? String == "failed" })
        #expect(Self.alerts(refused) == ["unknown_ca"])
        #expect(JSONFindings.codes(refused).contains("tls.handshake_failed"))
        #expect(Self.handshake(refused)["version"] as? String == "TLSv1.2")
        let tls13 = try #require(reports.first { Self.handshake($0)["version"] as? String == "TLSv1.3" })
        #expect(tls13["outcome"] as? String == "established", "s_client carried on despite the verify error")
        #expect(tls13["http"] is NSNull, "s_client sent no HTTP request")
    }

    // MARK: mutual TLS

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func clientCertificatesAcceptedRejectedAndMissing(version: String) throws {
        let pki = PKIFiles()
        let good = pki.client("front-desk-ipad")
        let stranger = pki.client("stranger", by: TestPKI.issueLive(.root("Other CA")))
        let listener = try ListenProcess(
            pki.identity + ["--json", "--count", "3", "--require-client-cert", "--client-anchor", pki.root]
        )
        #expect(listener.stderrText.contains("client certificates required"))
        let accepted = try Self.sClient(
            listener,
            [version, "-cert", good.cert, "-key", good.key, "-cert_chain", pki.intermediate, "-CAfile", pki.root]
        )
        #expect(accepted.stdout.contains("Acceptable client certificate CA names"), "\(accepted.stdout)")
        #expect(accepted.stdout.contains("CN = Test Root CA"))
        try Self.sClient(listener, [version, "-cert", stranger.cert, "-key", stranger.key])
        try Self.sClient(listener, [version])
        #expect(listener.finish() == 1)

        let reports = listener.reports
        try #require(reports.count == 3)
        let ok = try #require(
            reports.first { $0["outcome"] as? String == "established" },
            "\(reports.map(JSONFindings.codes))"
        )
        #expect((ok["client_chain"] as? [[String: Any]])?.count == 2)
        #expect((ok["client_trust"] as? [String: Any])?["trusted"] as? Bool == true)
        #expect((ok["certificate_request"] as? [String: Any])?["acceptable_cas"] as? [String] == ["CN=Test Root CA"])
        #expect(JSONFindings.codes(ok) == ["mtls.client_cert_requested"])

        let rejected = try #require(
            reports.first { JSONFindings.codes($0).contains("mtls.client_cert_rejected") },
            "\(reports.map(JSONFindings.codes))"
        )
        #expect(rejected["outcome"] as? String == "failed")
        #expect(Self.alerts(rejected) == ["unknown_ca"], "tlsprobe refuses as the real server would")
        #expect(
            Self.alertFlags(rejected).first?.encrypted == (version == "-tls1_3"),
            "TLS 1.3: sent with our keys; TLS 1.2: before our ChangeCipherSpec"
        )
        let finding = try #require(JSONFindings.finding(rejected, "mtls.client_cert_rejected"))
        #expect((finding["message"] as? String)?.contains("\"CN=stranger\" (issued by \"CN=Other CA\")") == true)
        #expect((rejected["client_trust"] as? [String: Any])?["trusted"] as? Bool == false)
        #expect(
            JSONFindings.codes(rejected).contains("chain.missing_intermediate"),
            "its issuer \"Other CA\" is neither sent nor an anchor: \(JSONFindings.codes(rejected))"
        )
        #expect(JSONFindings.all(rejected).contains { $0["subject"] as? String == "client certificate[0]" } == true)

        let missing = try #require(
            reports.first { JSONFindings.codes($0).contains("mtls.client_cert_required") },
            "\(reports.map(JSONFindings.codes))"
        )
        #expect(missing["outcome"] as? String == "failed")
        #expect(Self.alerts(missing) == [version == "-tls1_3" ? "certificate_required" : "handshake_failure"])
        #expect(Self.alertFlags(missing).first?.encrypted == (version == "-tls1_3"))
        let required = try #require(JSONFindings.finding(missing, "mtls.client_cert_required"))
        #expect((required["message"] as? String)?.contains("the client sent none") == true)
        #expect(missing["client_chain"] is NSNull || (missing["client_chain"] as? [Any])?.isEmpty == true)
    }

    @Test func aClientCertificateWithoutClientAuthIsRefusedAsUnsupported() throws {
        let pki = PKIFiles()
        var spec = TestPKI.Spec.client("server-cert-as-client")
        spec.extendedKeyUsage = [.serverAuth]
        let wrongUse = pki.client("wrong-use", spec: spec)
        let listener = try ListenProcess(
            pki.identity + ["--json", "--count", "1", "--request-client-cert", "--client-anchor", pki.root]
        )
        try Self.sClient(
            listener,
            ["-tls1_3", "-cert", wrongUse.cert, "-key", wrongUse.key, "-cert_chain", pki.intermediate]
        )
        #expect(listener.finish() == 1)
        let report = try #require(listener.reports.first)
        #expect(Self.alerts(report) == ["unsupported_certificate"])
        #expect(JSONFindings.codes(report).contains("mtls.client_cert_rejected"))
        #expect(JSONFindings.codes(report).contains("cert.eku_missing_client_auth"), "\(JSONFindings.codes(report))")
    }

    // MARK: versions

    @Test func aTLS10OnlyClientIsToldWhatItOfferedAgainstWhatWeAccept() throws {
        let strict = try ListenProcess(["--json", "--count", "1"])
        try Self.sClient(strict, ["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"])
        #expect(strict.finish() == 1)
        let refused = try #require(strict.reports.first)
        #expect(Self.alerts(refused) == ["protocol_version"])
        let finding = try #require(JSONFindings.finding(refused, "tls.no_common_version"))
        let evidence = try #require(finding["evidence"] as? [String: Any])
        #expect(evidence["offered_versions"] as? [String] == ["TLSv1.0"])
        #expect(evidence["accepted_versions"] as? [String] == ["TLSv1.2", "TLSv1.3"])
        #expect((finding["message"] as? String)?.contains("tlsprobe accepts TLSv1.2 to TLSv1.3") == true)
        #expect((finding["fix"] as? String)?.contains("--min-version 1.0") == true)

        let lenient = try ListenProcess(["--json", "--count", "1", "--min-version", "1.0"])
        let result = try Self.sClient(lenient, ["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"])
        #expect(result.stdout.contains("Protocol  : TLSv1"), "\(result.stdout)")
        #expect(lenient.finish() == 0, "a warning under the default profile")
        let old = try #require(lenient.reports.first)
        #expect(old["outcome"] as? String == "established")
        #expect(Self.handshake(old)["version"] as? String == "TLSv1.0")
        let tooOld = try #require(JSONFindings.finding(old, "tls.protocol_too_old"))
        #expect(tooOld["severity"] as? String == "warning")
        #expect((tooOld["message"] as? String)?.hasPrefix("The client offers nothing newer than TLSv1.0") == true)
    }

    // MARK: many clients, IPv6, plain HTTP

    @Test func severalClientsAtOnceAreEachReported() throws {
        let listener = try ListenProcess(["--json", "--count", "4"])
        let results = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let status =
                (try? Self.curl(["-k", "-o", "/dev/null", "-A", "client-\(index)"], url: listener.url).status) ?? -1
            results.withLock { $0.append(status) }
        }
        #expect(results.withLock { $0 } == [0, 0, 0, 0])
        #expect(listener.finish() == 0)
        let reports = listener.reports
        #expect(reports.count == 4)
        let agents = Set(reports.compactMap { ($0["http"] as? [String: Any])?["user_agent"] as? String })
        #expect(agents == ["client-0", "client-1", "client-2", "client-3"])
        let clients = Set(reports.compactMap { ($0["flow"] as? [String: Any])?["client"] as? String })
        #expect(clients.count == 4, "one report per connection")
    }

    @Test func everyAddressMeansIPv4AndIPv6() throws {
        let listener = try ListenProcess(["--json", "--count", "2"], host: nil)
        #expect(
            listener.stderrText.contains("listening on [::]:\(listener.port), 0.0.0.0:\(listener.port)"),
            "\(listener.stderrText)"
        )
        #expect(try Self.curl(["-k", "-o", "/dev/null"], url: "https://127.0.0.1:\(listener.port)/").status == 0)
        #expect(try Self.curl(["-k", "-o", "/dev/null"], url: "https://[::1]:\(listener.port)/").status == 0)
        #expect(listener.finish() == 0)
        let clients = listener.reports.compactMap { ($0["flow"] as? [String: Any])?["client"] as? String }
        #expect(clients.contains { $0.hasPrefix("127.0.0.1:") })
        #expect(clients.contains { $0.hasPrefix("[::1]:") })
    }

    @Test func plainHTTPToTheTLSPortIsNamedInText() throws {
        let listener = try ListenProcess(["--count", "1"], host: "::1")
        _ = try Self.curl([], url: "http://\(listener.address)/")
        #expect(listener.finish() == 1)
        let text = listener.stdoutText
        #expect(text.hasPrefix("RFC 5280 client: CANNOT CONNECT"), "the verdict first: \(text)")
        #expect(text.split(separator: "\n").dropFirst().first?.hasPrefix("listen [::1]:") == true, "\(text)")
        #expect(text.contains("FAILED — 1 error"))
        #expect(text.contains("The client sent a plain HTTP request (\"GET / HTTP/1.1"))
        #expect(text.contains("http:// where https:// is meant"))
        #expect(text.contains("tls.client_not_tls"), "its own code, not tls.handshake_failed: \(text)")
    }

    /// A TLS 1.2 ClientHello for printer.local (ECDHE-ECDSA/RSA-AES128-GCM), as Python's ssl
    /// module wrote it: replayed by hand, so the test can hang up the way a quiet client does.
    static let clientHello = Array(
        hex:
            "160301009b0100009703039b5b0960803ca85f42fd0ca2068c613cbdedb67cb2917f7dfacce7298d7bc789000006c02bc02f00ff0100006800000012001000000d7072696e7465722e6c6f63616c000b000403000102000a000c000a001d0017001e00190018002300000016000000170000000d002a0028040305030603080708080809080a080b080408050806040105010601030303010302040205020602"
    )

    @Test func aClientThatHangsUpAfterOurCertificateIsReadAsDistrust() throws {
        let pki = PKIFiles()
        let listener = try ListenProcess(pki.identity + ["--json", "--count", "1"])
        let fd = loopbackConnect(port: listener.port)
        try #require(fd >= 0)
        #expect(send(fd, Self.clientHello, Self.clientHello.count, Int32(MSG_NOSIGNAL)) == Self.clientHello.count)
        var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&readable, 1, 5000) == 1, "the server answers with its flight")
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        #expect(recv(fd, &buffer, buffer.count, 0) > 0)
        close(fd)
        #expect(listener.finish() == 1)
        let report = try #require(listener.reports.first)
        #expect(report["outcome"] as? String == "failed")
        #expect(Self.alerts(report).isEmpty)
        let finding = try #require(JSONFindings.finding(report, "tls.client_gave_up_on_certificate"))
        #expect(
            (finding["message"] as? String)?.hasPrefix(
                "The client closed the connection without an alert after our Certificate"
            ) == true,
            "\(finding)"
        )
        let evidence = try #require(finding["evidence"] as? [String: Any])
        #expect(evidence["transport"] as? String == "closed (FIN)")
        #expect(evidence["sni"] as? String == "printer.local")
        #expect(evidence["sni_in_our_certificate"] as? Bool == true)
        #expect((report["client_hello"] as? [String: Any])?["sni"] as? String == "printer.local")
    }

    // MARK: stopping

    @Test func sigtermStopsCleanlyWithASummary() throws {
        let listener = try ListenProcess(["--json"])
        // A port check (connect, then close without a byte) is not a TLS connection.
        LoopbackPort.waitUntilListening(port: listener.port)
        #expect(try Self.curl(["-k", "-o", "/dev/null"], url: listener.url).status == 0)
        listener.waitForReports(1)
        let status = listener.stop(signal: SIGTERM)
        #expect(status == 0, "\(listener.stderrText)")
        #expect(listener.reports.count == 1)
        #expect(
            listener.stderrText.contains(
                "stopped (SIGTERM): 1 connection reported, 1 established, 0 failed, 1 closed without sending a byte (not reported)"
            ),
            "\(listener.stderrText)"
        )
    }

    @Test func aStdoutNobodyReadsHoldsNeitherTheConnectionsNorAStop() throws {
        // `tlsprobe listen --json | sleep 40`: the pipe fills after a few reports. Serving
        // goes on (reports past the writer's queue are dropped and counted), and SIGTERM
        // ends the run within the grace with the count on stderr.
        // Under AddressSanitizer every handshake is several times slower: give the clients
        // (not the stop) the time that takes.
        let sanitized = ProcessInfo.processInfo.environment["TLSPROBE_ASAN"] != nil
        let listener = try ListenProcess(["--json"], readsStdout: false)
        let clients = try Run.process(
            "curl",
            [
                "-sSk", "--parallel", "--parallel-max", "50", "--max-time", sanitized ? "120" : "5", "-o", "/dev/null",
                "-w", "\n%{http_code}\n", listener.url + "[1-300]",
            ],
            timeout: sanitized ? 600 : 40
        )
        let answered = clients.stdout.split(separator: "\n").filter { $0 == "200" }.count
        #expect(answered == 300, "\(answered) of 300 clients answered: \(clients.stderr.prefix(500))")
        let started = Date()
        let status = listener.stop(signal: SIGTERM, timeout: sanitized ? 60 : 8)
        let seconds = Date().timeIntervalSince(started)
        #expect(status == 0, "\(listener.stderrText)")
        // The grace is 3 s; an instrumented process also checks for leaks as it exits.
        #expect(seconds < (sanitized ? 30 : 6 * Slowness.factor), "SIGTERM took \(seconds) s")
        let summary = try #require(
            listener.stderrText.firstMatch(
                of: /stopped \(SIGTERM\): 300 connections reported.*, (\d+) reports dropped: stdout was not being read/
            ),
            "\(listener.stderrText)"
        )
        // The pipe holds some reports; of the rest, at most 256 waited in the queue.
        #expect(Int(summary.output.1).map { $0 > 200 && $0 < 300 } == true, "\(summary.output.0)")
    }

    @Test func ctrlCLetsAConnectedClientBeReported() throws {
        let listener = try ListenProcess(["--json"])
        // s_client with its stdin left open: connected, handshake done, sending nothing.
        let client = try BackgroundProcess("openssl", ["s_client", "-connect", listener.address, "-quiet"])
        defer { client.stop() }
        usleep(1_000_000)
        let status = listener.stop(signal: SIGINT)
        #expect(status == 0, "\(listener.stderrText)")
        #expect(listener.reports.count == 1, "the connection in progress is reported within the grace")
        #expect(listener.reports.first?["outcome"] as? String == "established")
        #expect(listener.reports.first?["http"] is NSNull)
        #expect(listener.stderrText.contains("stopped (SIGINT): 1 connection reported"), "\(listener.stderrText)")
    }

    @Test func durationEndsAnIdleListener() throws {
        let listener = try ListenProcess(["--duration", "1s"])
        // It ends by itself (status 0, not -9 from being killed) and says why. Waiting at
        // most 10 s, ten times the duration, is only a safety net for a listener that never
        // stops.
        #expect(listener.finish(timeout: 10) == 0)
        #expect(listener.stderrText.contains("stopped (--duration passed): 0 connections reported"))
        #expect(listener.stdoutText.isEmpty)
    }

    @Test func idleConnectionsHoldTheSlotsOnlyUntilTheFirstByteDeadline() throws {
        // 64 connections that say nothing fill every slot. With --timeout 20 a real client
        // used to wait for a whole timeout; the 2 s first-byte deadline frees the slots.
        let listener = try ListenProcess(["--json", "--timeout", "20"])
        var idle: [Int32] = []
        defer { idle.forEach { if $0 >= 0 { close($0) } } }
        for _ in 0..<64 { idle.append(loopbackConnect(port: listener.port)) }
        #expect(idle.allSatisfy { $0 >= 0 })
        usleep(300_000)
        // Served, not stuck behind them: curl gives up after 10 s (--max-time), half the
        // 20 s it would wait for the idle connections' timeout and five times the deadline.
        // That bound is a safety net; the messages below show the 2 s deadline freed the slots.
        let curl = try Self.curl(["-k", "-o", "/dev/null"], url: listener.url)
        #expect(curl.status == 0, "a real client waited behind idle connections: \(curl.stderr)")
        let reports = listener.waitForReports(65, timeout: 10)
        let messages = reports.compactMap { JSONFindings.finding($0, "tls.handshake_failed")?["message"] as? String }
        let silentOnes = messages.filter { $0.contains("sent no ClientHello within") }
        #expect(silentOnes.count == 64, "\(reports.count) reports")
        // The first 16 from one address get the 2 s deadline; past them the address is
        // crowded, and its first byte, like its whole hello, is waited for 1 s.
        #expect(silentOnes.filter { $0.contains("within 2 s") }.count >= 16, "\(silentOnes)")
        #expect(silentOnes.contains { $0.contains("within 1 s") }, "\(silentOnes)")
        // Exit status 1: the silent connections' reports carry an error finding.
        #expect(listener.stop(signal: SIGTERM) == 1, "\(listener.stderrText)")
    }

    @Test func aClientThatSaysNothingTimesOut() throws {
        let listener = try ListenProcess(["--json", "--count", "1", "--timeout", "0.5"])
        let fd = loopbackConnect(port: listener.port)
        defer { if fd >= 0 { close(fd) } }
        #expect(fd >= 0)
        #expect(listener.finish() == 1)
        let report = try #require(listener.reports.first)
        let message = try #require(JSONFindings.finding(report, "tls.handshake_failed")?["message"] as? String)
        #expect(message.contains("sent no ClientHello within 0.5 s"))
    }

    // MARK: could not listen, usage

    @Test func aPortInUseIsExitTwoWithOneLine() throws {
        let taken = try SilentListener()
        let result = try Run.tlsprobe(["listen", taken.address], timeout: 20)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: \(taken.address): the port is in use"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func anIdentityThatCannotBeLoadedIsExitTwo() throws {
        let dir = TemporaryDirectory()
        let p12 = dir.write("broken.p12", Data([0x30, 0x03, 0x02, 0x01, 0x03]))
        let port = try ReservedPort()
        let result = try Run.tlsprobe(["listen", port.address, "--identity", p12])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: \(p12)"), "\(result.stderr)")
    }

    @Test(arguments: [
        ["127.0.0.1"], ["host:99999"], ["4433", "--cert", "c.pem"], ["4433", "--chain", "c.pem"],
        ["4433", "--request-client-cert", "--require-client-cert"], ["4433", "--count", "0"],
        ["4433", "--duration", "soon"],
        ["4433", "--timeout", "0"], ["4433", "--min-version", "1.3", "--max-version", "1.2"], ["::1"],
    ])
    func usageErrorsAreExit64(arguments: [String]) throws {
        let result = try Run.tlsprobe(["listen"] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
    }
}

extension Array where Element == UInt8 {
    /// Bytes from lowercase hex (test vectors).
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self = bytes
    }
}
