import Foundation
import Testing
import TestSupport

/// `tlsprobe explain` on what curl prints: each message comes from a real curl run against
/// an `openssl s_server` on loopback set up to produce it, and explain names the findings
/// it means (exit 0), rather than "Nothing known" (exit 1).
@Suite struct ExplainCurlTests {
    /// A self-signed certificate and key made by openssl req in `dir`.
    /// A self-signed P-256 certificate for other.example, which curl dialling 127.0.0.1 refuses.
    static func certificateForAnotherName(_ dir: TemporaryDirectory) throws -> (String, String) {
        try certificate(
            dir,
            "other",
            [
                "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-subj", "/CN=other.example", "-addext",
                "subjectAltName=DNS:other.example",
            ]
        )
    }

    static func certificate(_ dir: TemporaryDirectory, _ name: String, _ arguments: [String]) throws -> (String, String)
    {
        let cert = dir.file(name + ".pem")
        let key = dir.file(name + "-key.pem")
        let made = try Run.process(
            "openssl",
            ["req", "-x509", "-nodes", "-days", "30", "-keyout", key, "-out", cert] + arguments,
            timeout: 60
        )
        try #require(made.status == 0, "\(made.stderr)")
        return (cert, key)
    }

    /// curl's stderr against `server` (its exit status must be `status`).
    static func curl(_ server: OpenSSLServer, _ extra: [String], status: Int32) throws -> String {
        let run = try Run.process(
            "curl",
            ["-sS", "--max-time", "15", "-o", "/dev/null"] + extra + ["https://\(server.address)/"],
            timeout: 30
        )
        #expect(run.status == status, "curl \(extra): \(run.stderr)")
        return run.stderr
    }

    static func explained(_ message: String, codes: [String]) throws {
        let explain = try Run.tlsprobe(["explain", message])
        #expect(explain.status == 0, "\(message): \(explain.stdout)")
        for code in codes { #expect(explain.stdout.contains(code), "\(message): \(code) in \(explain.stdout)") }
    }

    @Test func aCertificateForAnotherName() throws {
        let dir = TemporaryDirectory()
        let (cert, key) = try ExplainCurlTests.certificateForAnotherName(dir)
        let server = try OpenSSLServer(cert: cert, key: key, extra: ["-www"])
        defer { _ = server.stop() }
        let message = try Self.curl(server, ["--cacert", cert], status: 60)
        #expect(message.contains("SSL: no alternative certificate subject name matches target host name '127.0.0.1'"))
        try Self.explained(message, codes: ["name.mismatch", "name.ip_not_in_san"])
    }

    @Test func aCertificateWithACommonNameOnly() throws {
        let dir = TemporaryDirectory()
        let (cert, key) = try Self.certificate(
            dir,
            "cn-only",
            ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-subj", "/CN=cn-only.example"]
        )
        let server = try OpenSSLServer(cert: cert, key: key, extra: ["-www"])
        defer { _ = server.stop() }
        let message = try Self.curl(server, ["--cacert", cert], status: 60)
        #expect(
            message.contains(
                "SSL: certificate subject name 'cn-only.example' does not match target host name '127.0.0.1'"
            )
        )
        try Self.explained(message, codes: ["name.cn_only", "name.mismatch"])
    }

    /// curl (OpenSSL 3) against a TLS 1.0 server; the way explain gives to reach it anyway
    /// works as printed.
    @Test func aTLS10Server() throws {
        let dir = TemporaryDirectory()
        let (cert, key) = try Self.certificate(
            dir,
            "old",
            ["-newkey", "rsa:2048", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"]
        )
        let server = try OpenSSLServer(cert: cert, key: key, extra: ["-www", "-tls1", "-cipher", "DEFAULT@SECLEVEL=0"])
        defer { _ = server.stop() }
        let message = try Self.curl(server, ["--cacert", cert], status: 35)
        #expect(message.contains("legacy sigalg disallowed or unsupported"), "\(message)")
        try Self.explained(message, codes: ["tls.protocol_too_old"])
        let explain = try Run.tlsprobe(["explain", message])
        let way = try #require(
            explain.stdout.firstMatch(of: /curl (--tlsv1\.0 --ciphers '[^']+')/).map { String($0.output.1) },
            "\(explain.stdout)"
        )
        let ciphers = String(way.split(separator: "'")[1])
        _ = try Self.curl(server, ["--cacert", cert, "--tlsv1.0", "--ciphers", ciphers], status: 0)
    }
}

/// Apple's "untrusted" codes name a self-signed server certificate among the causes, with a
/// route that works against such a server: save what it sends, then pin that as the anchor.
@Suite struct ExplainSelfSignedTests {
    @Test func appleUntrustedCodesNameASelfSignedServerAndTheRouteWorks() throws {
        for input in ["-1202", "-9813", "The certificate for this server is invalid."] {
            let explain = try Run.tlsprobe(["explain", input])
            #expect(explain.status == 0, "\(input): \(explain.stdout)")
            #expect(explain.stdout.contains("chain.self_signed_leaf"), "\(input): \(explain.stdout)")
            #expect(explain.stdout.contains("--save-chain server.pem"), "\(input): \(explain.stdout)")
            #expect(explain.stdout.contains("Certificate Trust Settings"), "\(input): \(explain.stdout)")
        }
        let dir = TemporaryDirectory()
        let (cert, key) = try ExplainCurlTests.certificate(
            dir,
            "self",
            [
                "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-subj", "/CN=printer.local", "-addext",
                "subjectAltName=IP:127.0.0.1", "-addext", "extendedKeyUsage=serverAuth",
            ]
        )
        let server = try OpenSSLServer(cert: cert, key: key, extra: ["-www"])
        defer { _ = server.stop() }
        let saved = dir.file("server.pem")
        let save = try Run.tlsprobe(["connect", server.address, "--save-chain", saved])
        #expect(FileManager.default.fileExists(atPath: saved), "\(save.stdout)\(save.stderr)")
        let pinned = try Run.tlsprobe(["connect", server.address, "--anchor", saved, "--profile", "apple"])
        #expect(pinned.status == 0, "\(pinned.stdout)\(pinned.stderr)")
    }
}

/// A finding names what each client's user sees for it (Apple's codes, curl's message), so
/// a ticket's error leads to the finding and back: against s_server with a certificate for
/// another name, connect's finding names the message real curl prints there.
@Suite struct FindingClientErrorsTests {
    @Test func aFindingNamesWhatAppleAndCurlUsersSee() throws {
        let dir = TemporaryDirectory()
        let (cert, key) = try ExplainCurlTests.certificateForAnotherName(dir)
        let server = try OpenSSLServer(cert: cert, key: key, extra: ["-www"])
        defer { _ = server.stop() }
        let connect = try Run.tlsprobe(["connect", server.address, "--anchor", cert, "--no-color"])
        #expect(connect.status == 1, "\(connect.stdout)")
        let text = connect.stdout.replacingOccurrences(of: "\n                    ", with: " ")
        let line = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("           clients ") },
            "\(connect.stdout)"
        )
        #expect(line.contains("NSURLErrorServerCertificateUntrusted (-1202)"), "\(line)")
        let curl = try ExplainCurlTests.curl(server, ["--cacert", cert], status: 60)
        #expect(curl.contains("SSL: no alternative certificate subject name matches target host name"))
        #expect(line.contains("curl: SSL: no alternative certificate subject name matches target host name"), "\(line)")
    }
}

/// capture of curl (OpenSSL 3) refusing a TLS 1.0 server: the finding says what to do, not
/// "read the alert's meaning".
@Suite struct CaptureOldServerTests {
    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, "needs tcpdump and permission to capture on lo"))
    func curlRefusingATLS10ServerGetsAFixThatSaysWhatToDo() throws {
        let dir = TemporaryDirectory()
        let (cert, key) = try ExplainCurlTests.certificate(
            dir,
            "old",
            ["-newkey", "rsa:2048", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"]
        )
        let server = try OpenSSLServer(cert: cert, key: key, extra: ["-www", "-tls1", "-cipher", "DEFAULT@SECLEVEL=0"])
        defer { _ = server.stop() }
        let recorder = try LoopbackCapture(port: server.port, path: dir.file("old.pcap"))
        _ = try ExplainCurlTests.curl(server, ["--cacert", cert], status: 35)
        let capture = try Run.tlsprobe(["capture", "-r", recorder.stop(), "--json"], timeout: 60)
        let report = try #require(
            capture.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.first { ($0["alerts"] as? [Any])?.isEmpty == false },
            "\(capture.stdout)\(capture.stderr)"
        )
        let findings = report["findings"] as? [[String: Any]] ?? []
        let fixes = findings.compactMap { $0["fix"] as? String }
        #expect(!fixes.contains { $0.hasPrefix("Read the alert's meaning") }, "\(fixes)")
        let refused = try #require(
            findings.first { ($0["message"] as? String)?.contains("legacy sigalg disallowed or unsupported") == true },
            "\(findings)"
        )
        #expect((refused["fix"] as? String)?.contains("Enable TLS 1.2") == true, "\(refused)")
    }
}
