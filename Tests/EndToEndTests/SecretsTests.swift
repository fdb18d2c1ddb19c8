import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Secrets stay secret: passwords, private keys and session secrets never reach stdout,
/// stderr, JSON, error messages or the command line; session secrets go to the key log only
/// (mode 0600); the known-hosts file holds pins only and survives a crash in the middle of
/// its rewrite.
@Suite struct SecretsTests {
    static let password = "Tr0ub4dor&3-horse"

    /// A PKI in files: leaf.pem, leaf.key (plain), enc.pem (PKCS#8 under `password`),
    /// id.p12 (PKCS#12 under `password`), root.pem; and the key's secret forms.
    final class Files: PKIFiles, @unchecked Sendable {
        init() { super.init(chain: TestPKI.liveChain(host: "printer.local", ips: ["127.0.0.1"])) }

        lazy var encrypted: String = {
            let out = dir.file("enc.pem")
            _ = try? Run.process(
                "openssl",
                ["pkey", "-in", key, "-aes256", "-passout", "env:P", "-out", out],
                environment: ["P": SecretsTests.password]
            )
            return out
        }()
        lazy var p12: String = {
            let out = dir.file("id.p12")
            _ = try? Run.process(
                "openssl",
                [
                    "pkcs12", "-export", "-in", leaf, "-inkey", key, "-certfile", intermediate, "-passout", "env:P",
                    "-out", out,
                ],
                environment: ["P": SecretsTests.password]
            )
            return out
        }()

        /// What must never be printed: the password, every line of the key's base64, and the
        /// private scalar in hex (plain, upper case, and `ab:cd:` as `openssl -text` shows it).
        lazy var secrets: [String] = {
            let body = chain.leaf.keyPEM.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
            var forms = [SecretsTests.password] + body.filter { $0.count >= 16 }
            if let der = try? Run.process(
                "openssl",
                ["ec", "-in", key, "-outform", "DER", "-out", dir.file("sec1.der")]
            ),
                der.status == 0, let sec1 = FileManager.default.contents(atPath: dir.file("sec1.der")), sec1.count >= 39
            {
                let scalar = Array(sec1[7..<39]).map { String(format: "%02x", $0) }
                forms += [scalar.joined(), scalar.joined().uppercased(), scalar.prefix(12).joined(separator: ":")]
            }
            return forms
        }()

        func expectNoSecrets(_ texts: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(secrets.count >= 4, "the secrets to look for were made", sourceLocation: sourceLocation)
            for text in texts {
                for secret in secrets where text.contains(secret) {
                    Issue.record("\(what) shows a secret (\(secret.prefix(8))…)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func inspectNeverShowsAPasswordOrAPrivateKey() throws {
        let files = Files()
        let environment = ["P": Self.password]
        var outputs: [String] = []
        for extra in [[], ["--json"]] {
            let run = try Run.tlsprobe(
                ["inspect", files.leaf, files.key, files.encrypted, files.p12, "--password-env", "P"] + extra,
                environment: environment
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                run.stdout.contains("key matches") || run.stdout.contains("\"key_matches_certificate\": true"),
                "the keys were read"
            )
            outputs += [run.stdout, run.stderr]
            let paired = try Run.tlsprobe(
                ["inspect", files.leaf, "--key", files.encrypted, "--password-env", "P"] + extra,
                environment: environment
            )
            outputs += [paired.stdout, paired.stderr]
        }
        // A wrong password is not echoed either.
        let wrong = try Run.tlsprobe(
            ["inspect", files.encrypted, files.p12, "--password-env", "P"],
            environment: ["P": "wrong-" + Self.password]
        )
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("the password is wrong"), "\(wrong.stderr)")
        outputs += [wrong.stdout, wrong.stderr]
        files.expectNoSecrets(outputs, "inspect")
    }

    @Test func aPasswordFileIsReadOnlyAsFarAsItNeeds() throws {
        let files = Files()
        let small = files.dir.write("password.txt", Self.password + "\nsecond line\n")
        let ordinary = try Run.tlsprobe(["inspect", files.encrypted, "--password-file", small])
        #expect(ordinary.status == 0, "\(ordinary.stderr)")
        // The same first line in a 1 GiB (sparse) file: at most 64 KiB of it is read.
        let huge = files.dir.write("huge.txt", Self.password + "\n")
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let run = try Run.tlsprobe(["inspect", files.encrypted, "--password-file", huge], timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        // A process's peak varies by some MiB from run to run (seen: 25 and 35 MiB for the same
        // command): the baseline is the larger of two ordinary runs.
        let again = try Run.tlsprobe(["inspect", files.encrypted, "--password-file", small])
        #expect(again.status == 0, "\(again.stderr)")
        let baseline = [ordinary.peakResidentKiB, again.peakResidentKiB].compactMap { $0 }.max()
        if ProcessInfo.processInfo.environment["TLSPROBE_ASAN"] == nil, let peak = run.peakResidentKiB,
            let base = baseline
        {
            #expect(peak < base + 8 * 1024, "peak resident set \(peak) KiB, \(base) KiB with a small file")
        }
        let endless = try Run.tlsprobe(["inspect", files.encrypted, "--password-file", "/dev/zero"], timeout: 20)
        #expect(endless.status == 2)
        files.expectNoSecrets(
            [ordinary.stdout, ordinary.stderr, run.stdout, run.stderr, endless.stdout, endless.stderr],
            "inspect --password-file"
        )
    }

    @Test func sessionSecretsGoToThePrivateKeyLogOnly() throws {
        let files = Files()
        let logs = TemporaryDirectory()
        let serverLog = logs.file("listen.log")
        let clientLog = logs.write("connect.log", "")
        chmod(clientLog, 0o644)
        let listener = try ListenProcess(
            [
                "--identity", files.p12, "--password-env", "P", "--request-client-cert", "--keylog", serverLog,
                "--json", "--count", "1",
            ],
            environment: ["P": Self.password]
        )
        // Nothing secret on the listener's command line (what `ps` shows every user).
        let commandLine =
            (try? String(contentsOfFile: "/proc/\(listener.process.processIdentifier)/cmdline", encoding: .utf8)) ?? ""
        #expect(commandLine.contains("--password-env"))
        let client = try Run.tlsprobe(
            [
                "connect", listener.address, "--anchor", files.root, "--identity", files.p12, "--password-env", "P",
                "--keylog", clientLog, "--json",
            ],
            environment: ["P": Self.password]
        )
        #expect(client.status == 0, "\(client.stdout)\(client.stderr)")
        #expect(listener.finish() == 0, "\(listener.stderrText)")

        for log in [serverLog, clientLog] {
            #expect(try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int == 0o600, "\(log)")
        }
        // Every key log line: LABEL client_random secret, NSS format, nothing else.
        let lines =
            (try String(contentsOfFile: clientLog, encoding: .utf8) + String(contentsOfFile: serverLog, encoding: .utf8))
            .split(separator: "\n")
        #expect(lines.count >= 10, "both ends logged a TLS 1.3 handshake")
        let sessionSecrets = lines.compactMap { line -> String? in
            let fields = line.split(separator: " ")
            #expect(fields.count == 3 && fields[0].allSatisfy { $0.isUppercase || $0 == "_" || $0.isNumber }, "\(line)")
            return fields.count == 3 ? String(fields[2]) : nil
        }
        let printed = [client.stdout, client.stderr, listener.stdoutText, listener.stderrText, commandLine]
        for secret in sessionSecrets {
            #expect(!printed.contains { $0.contains(secret) }, "a session secret was printed")
        }
        files.expectNoSecrets(printed + [lines.joined(separator: "\n")], "connect/listen")
    }

    @Test func theKnownHostsFileHoldsPinsOnlyAndSurvivesACrashMidRewrite() throws {
        let files = Files()
        let server = try OpenSSLServer(cert: files.leaf, key: files.key, chain: files.intermediate)
        defer { server.stop() }
        let dir = TemporaryDirectory()
        let path = dir.file("known_hosts")
        // 300 other servers already recorded: about 27 KB.
        let existing = (0..<300).map {
            "camera\($0).local:443 sha256/\(String(repeating: "C", count: 43))= 2026-01-01T00:00:00Z\n"
        }.joined()
        _ = dir.write("known_hosts", existing)

        // tlsprobe may write at most 16 KiB per file: the rewrite (27 KB and one line more)
        // kills it with SIGXFSZ halfway through the temporary file — a crash mid-write.
        let crashed = try Run.process(
            "prlimit",
            ["--fsize=16384", "--", Run.tlsprobePath, "connect", server.address, "--known-hosts", path, "--json"],
            timeout: 30
        )
        #expect(crashed.status != 0, "it died writing: \(crashed.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == existing, "the crash lost nothing")

        // Without the limit the first use is recorded; the file holds pins, mode 0600.
        let recorded = try Run.tlsprobe(["connect", server.address, "--known-hosts", path, "--json"])
        #expect(recorded.stdout.contains("pin.first_use"), "\(recorded.stdout)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(existing))
        #expect(text.split(separator: "\n").count == 301)
        #expect(text.split(separator: "\n").last?.hasPrefix("\(server.address) sha256/") == true, "\(text.suffix(200))")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        files.expectNoSecrets([text, recorded.stdout, recorded.stderr], "the known-hosts file")
    }
}
