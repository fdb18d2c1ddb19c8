import Foundation
import Testing
import TestSupport
import TLSDiagnosis

/// Bad input, passwords and usage: the exit status and the one line a user reads.
@Suite struct InputAndUsageTests {
    /// A client identity exported by the real `openssl pkcs12`, modern or legacy, with `password`.
    static func identity(in dir: TemporaryDirectory, legacy: Bool, password: String) throws -> String {
        let chain = TestPKI.chain()
        let cert = dir.write("id.pem", chain.leaf.pem)
        let key = dir.write("id.key", chain.leaf.keyPEM)
        let out = dir.file(legacy ? "legacy.p12" : "modern.p12")
        let result = try Run.process(
            "openssl",
            ["pkcs12", "-export", "-in", cert, "-inkey", key, "-out", out, "-passout", "env:P12_OUT"]
                + (legacy ? ["-legacy"] : []),
            environment: ["P12_OUT": password, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
        )
        try #require(result.status == 0, "openssl pkcs12 failed: \(result.stderr)")
        return out
    }

    @Test func modernPKCS12IsAWarningWithTheReexportCommand() throws {
        let dir = TemporaryDirectory()
        let p12 = try Self.identity(in: dir, legacy: false, password: "s3cret")
        let result = try Run.tlsprobe(
            ["inspect", p12, "--password-env", "ID_PASS", "--json", "--at", OfflineCommandTests.at],
            environment: ["ID_PASS": "s3cret"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let finding = try #require(JSONFindings.finding(object, "pkcs12.modern_encryption"))
        #expect(finding["severity"] as? String == "warning")
        #expect((finding["fix"] as? String)?.contains("-legacy") == true)
        let file = try #require((object["files"] as? [[String: Any]])?.first)
        let pkcs12 = try #require(file["pkcs12"] as? [String: Any])
        #expect(pkcs12["mac_algorithm"] as? String == "sha256")
        #expect(pkcs12["key_matches_certificate"] as? Bool == true)
        #expect(!result.stdout.contains("s3cret"))
        // --fail-on warning turns the warning into a failing status.
        let strict = try Run.tlsprobe(
            ["inspect", p12, "--password-env", "ID_PASS", "--fail-on", "warning", "--at", OfflineCommandTests.at],
            environment: ["ID_PASS": "s3cret"]
        )
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("pkcs12.modern_encryption"))
    }

    /// Read from standard input, the re-export command names a file, not "-" (which openssl
    /// reads as standard input and writes as standard output).
    @Test func modernPKCS12FromStandardInputHasAFileNameInItsFix() throws {
        let dir = TemporaryDirectory()
        let p12 = try Self.identity(in: dir, legacy: false, password: "s3cret")
        let result = try Run.tlsprobe(
            ["inspect", "-", "--password-env", "ID_PASS", "--json", "--at", OfflineCommandTests.at],
            environment: ["ID_PASS": "s3cret"],
            stdin: try Data(contentsOf: URL(fileURLWithPath: p12))
        )
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let fix = try #require(JSONFindings.finding(object, "pkcs12.modern_encryption")?["fix"] as? String)
        #expect(!fix.contains("-out -") && !fix.contains("-in -"), "\(fix)")
        #expect(fix.contains("-out identity.p12") && fix.contains("-in identity.p12"), "\(fix)")
    }

    @Test func legacyPKCS12HasNoEncryptionFinding() throws {
        let dir = TemporaryDirectory()
        let p12 = try Self.identity(in: dir, legacy: true, password: "s3cret")
        let passwordFile = dir.write("pass.txt", "s3cret\n")
        let result = try Run.tlsprobe(["inspect", p12, "--password-file", passwordFile, "--at", OfflineCommandTests.at])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("pkcs12.modern_encryption"))
        #expect(result.stdout.contains("pbeWithSHA1And3-KeyTripleDES-CBC"))
    }

    /// A password file written on Windows ends its line with CR LF: the password is the
    /// line without either (as Characters, CR LF is one and the line never split).
    @Test func aPasswordFileWithCRLFGivesThePassword() throws {
        let dir = TemporaryDirectory()
        let p12 = try Self.identity(in: dir, legacy: true, password: "s3cret")
        for (name, content) in [
            ("crlf.txt", "s3cret\r\nsecond line\r\n"), ("crlf-only.txt", "s3cret\r\n"), ("bare.txt", "s3cret"),
        ] {
            let result = try Run.tlsprobe([
                "inspect", p12, "--password-file", dir.write(name, content), "--at", OfflineCommandTests.at,
            ])
            #expect(result.status == 0, "\(name): \(result.stdout)\(result.stderr)")
            #expect(!result.stdout.contains("pkcs12.wrong_password"), "\(name)")
        }
    }

    @Test func wrongPasswordIsReportedWithTheAlgorithmsAndExitsTwo() throws {
        let dir = TemporaryDirectory()
        let p12 = try Self.identity(in: dir, legacy: false, password: "s3cret")
        let result = try Run.tlsprobe(["inspect", p12, "--password-env", "ID_PASS"], environment: ["ID_PASS": "wrong"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("pkcs12.wrong_password"))
        #expect(result.stdout.contains("PBES2"))
        #expect(result.stdout.contains("required, the one given is wrong"))
        let json = try Run.tlsprobe(
            ["inspect", p12, "--password-env", "ID_PASS", "--json"],
            environment: ["ID_PASS": "wrong"]
        )
        #expect(json.status == 2)
        #expect(json.stdout.contains("\"pkcs12.wrong_password\""))
    }

    @Test func aMissingPasswordSaysHowToGiveOne() throws {
        let dir = TemporaryDirectory()
        let p12 = try Self.identity(in: dir, legacy: false, password: "s3cret")
        let result = try Run.tlsprobe(["inspect", p12])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--password-env"))
        let unset = try Run.tlsprobe(["verify", p12, "--password-env", "NOT_SET_ANYWHERE"])
        #expect(unset.status == 2)
        #expect(unset.stderr.contains("NOT_SET_ANYWHERE"))
    }

    @Test func aTerminalIsAskedForThePassword() throws {
        guard (try? Run.which("script")) != nil else { return }
        let dir = TemporaryDirectory()
        let p12 = try Self.identity(in: dir, legacy: false, password: "s3cret")
        // script(1) gives tlsprobe a terminal; the password is typed after the prompt appears.
        let command =
            "(sleep 1; printf 's3cret\\n') | script -qec '\"\(Run.tlsprobePath)\" inspect --no-color --at \(OfflineCommandTests.at) \"\(p12)\"' /dev/null"
        let result = try Run.process("/bin/sh", ["-c", command])
        #expect(result.stdout.contains("Password for \(p12)"))
        #expect(result.stdout.contains("key matches yes"), "\(result.stdout)")
        #expect(!result.stdout.contains("s3cret"))
    }

    @Test func aPasswordOnTheCommandLineIsRefused() throws {
        let result = try Run.tlsprobe(["inspect", "id.p12", "--password", "hunter2"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--password-env"))
    }

    @Test func theWrongKindOfFileIsNamed() throws {
        let dir = TemporaryDirectory()
        let key = dir.write("root.key", TestPKI.chain().root.keyPEM)
        let result = try Run.tlsprobe(["verify", key])
        #expect(result.status == 2)
        #expect(result.stderr.contains("root.key: this is a private key, not a certificate"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let anchor = try Run.tlsprobe(["verify", dir.write("leaf.pem", TestPKI.chain().leaf.pem), "--anchor", key])
        #expect(anchor.status == 2)
        #expect(anchor.stderr.contains("root.key"))
    }

    @Test func unreadableAndGarbageFilesExitTwo() throws {
        let dir = TemporaryDirectory()
        let missing = try Run.tlsprobe(["inspect", dir.file("nope.pem")])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("Error: "))
        #expect(missing.stderr.contains("nope.pem"))
        let garbage = try Run.tlsprobe(["verify", dir.write("notes.txt", "just some notes\n")])
        #expect(garbage.status == 2)
        #expect(garbage.stderr.contains("notes.txt"))
        let empty = try Run.tlsprobe(["inspect", dir.write("empty.pem", "")])
        #expect(empty.status == 2)
    }

    @Test func usageErrorsExitSixtyFour() throws {
        #expect(try Run.tlsprobe(["verify"]).status == 64)
        #expect(try Run.tlsprobe(["verify", "x.pem", "--at", "yesterday"]).status == 64)
        for at in ["@1e300", "@-1e300", "@nan", "@inf", "2026-02-30"] {
            let result = try Run.tlsprobe(["inspect", "x.pem", "--at", at])
            #expect(result.status == 64, "--at \(at): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("not a time"), "--at \(at): \(result.stderr)")
        }
        #expect(try Run.tlsprobe(["verify", "x.pem", "--profile", "windows"]).status == 64)
        #expect(try Run.tlsprobe(["nonsense"]).status == 64)
        #expect(try Run.tlsprobe(["inspect", "x.pem", "--fail-on", "sometimes"]).status == 64)
        let hostWithCert = try Run.tlsprobe([
            "listen", "127.0.0.1:0", "--cert", "s.pem", "--key", "s.key", "--host", "printer.local",
        ])
        #expect(hostWithCert.status == 64)
        #expect(hostWithCert.stderr.contains("--host names go into the ephemeral certificate"))
        #expect(
            try Run.tlsprobe(["connect", "127.0.0.1:1", "--purpose", "client"]).status == 64,
            "--purpose is verify's"
        )
    }

    /// With several usage errors at once, the first one the command checks is the one shown:
    /// the shared option groups do not jump the queue (their checks run in each command's
    /// own order, as before the groups were shared).
    @Test(arguments: [
        (["connect", "host:99999", "--min-version", "1.3", "--max-version", "1.2"], "99999"),
        (["connect", "host:1", "--identity", "a", "--cert", "b", "--key", "c", "--sni", "1.2.3.4"], "--sni 1.2.3.4"),
        (["listen", "bad::addr::", "--identity", "a", "--cert", "b", "--key", "c"], "bad::addr::"),
        (
            ["listen", "4433", "--host", "x", "--identity", "a", "--cert", "b", "--key", "c"],
            "--host names go into the ephemeral certificate"
        ),
        (["listen", "4433", "--alpn", ",", "--min-version", "1.3", "--max-version", "1.2"], "--alpn ,"),
    ])
    func theFirstUsageErrorIsTheCommandsOwn(arguments: [String], expected: String) throws {
        let result = try Run.tlsprobe(arguments)
        #expect(result.status == 64)
        let firstError = result.stderr.split(separator: "\n").first { $0.hasPrefix("Error:") } ?? ""
        #expect(firstError.contains(expected), "\(arguments): \(result.stderr)")
    }

    /// A value the parser reads itself (`--at`) is refused while parsing, before any of the
    /// command's own checks, in one line that names the option and says what it takes.
    @Test func aTimeThatIsNotOneIsRefusedWhileParsing() throws {
        let result = try Run.tlsprobe(["connect", "a:b:c", "--at", "garbage"])
        #expect(result.status == 64)
        let firstError = result.stderr.split(separator: "\n").first { $0.hasPrefix("Error:") } ?? ""
        #expect(firstError.contains("'garbage' is invalid for '--at <time>': not a time; use"), "\(result.stderr)")
        #expect(!firstError.contains("--at garbage"), "said once: \(firstError)")
    }

    @Test func verifyReadsTheChainBeforeTheAnchors() throws {
        let result = try Run.tlsprobe(["verify", "/nonexistent/leaf.pem", "--anchor", "/nonexistent/root.pem"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/leaf.pem"), "\(result.stderr)")
        #expect(!result.stderr.contains("/nonexistent/root.pem"), "\(result.stderr)")
    }

    @Test func explainKnownAndUnknown() throws {
        let known = try Run.tlsprobe(["explain", "-9813"])
        #expect(known.status == 0)
        #expect(known.stdout.contains("errSSLNoRootCert"))
        let pasted = try Run.tlsprobe([
            "explain", "SSL certificate problem: unable to get local issuer certificate", "--json",
        ])
        #expect(pasted.status == 0)
        #expect(pasted.stdout.contains("X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY"))
        let separated = try Run.tlsprobe(["explain", "--", "20"])
        #expect(separated.stdout.contains("X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY"), "\(separated.stdout)")
        let unknown = try Run.tlsprobe(["explain", "flux capacitor overheated"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout.contains("Nothing known matches"))
    }

    @Test func aClosedStdoutIsAQuietExit() throws {
        let dir = TemporaryDirectory()
        let leaf = dir.write("leaf.pem", TestPKI.chain().leaf.pem)
        let result = try Run.process(
            "/bin/sh",
            [
                "-c", "\"$0\" inspect \"$1\" | head -c 10 >/dev/null; echo \"status=${PIPESTATUS:-x}\"",
                Run.tlsprobePath, leaf,
            ]
        )
        #expect(!result.stderr.contains("Fatal"))
        #expect(!result.stderr.contains("Backtrace"))
    }

    @Test func aClosedStderrLosesOnlyTheMessage() throws {
        let result = try Run.process(
            "/bin/sh",
            ["-c", "\"$0\" inspect /nonexistent/leaf.pem 2>&-; echo \"status=$?\"", Run.tlsprobePath]
        )
        #expect(result.stdout.contains("status=2"), "\(result.stdout)")
    }

    @Test func namesFromCertificatesCannotDriveTheTerminal() throws {
        let dir = TemporaryDirectory()
        let evil = TestPKI.issue(.root("evil\u{1B}[2J\u{1B}]0;pwned\u{07}\u{202E}txt.exe"))
        let file = dir.write("evil.pem", evil.pem)
        let text = try Run.tlsprobe(["inspect", file])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
        #expect(text.stdout.contains("evil\\x1b[2J\\x1b]0\\;pwned\\x07\\u{202e}txt.exe"), "\(text.stdout)")
        // On a terminal the colours still come through, the name's escapes do not.
        if (try? Run.which("script")) != nil {
            let tty = try Run.process(
                "/bin/sh",
                [
                    "-c",
                    "env -u NO_COLOR TERM=xterm script -qec '\"\(Run.tlsprobePath)\" inspect \"\(file)\"' /dev/null </dev/null",
                ]
            ).stdout
            #expect(tty.contains("\u{1B}[1m"))
            #expect(!tty.contains("\u{1B}[2J") && !tty.contains("\u{1B}]0;"))
        }
        let json = try Run.tlsprobe(["inspect", file, "--json"])
        #expect(json.stdout.contains("\\u001b[2J"))
    }

    /// Text output wraps at COLUMNS (read with getenv, not ProcessInfo's dictionary). The
    /// list of related finding codes is one line whatever the width.
    @Test func textWrapsAtTheColumnsTheEnvironmentGives() throws {
        func longest(_ columns: String) throws -> Int {
            let run = try Run.tlsprobe(["explain", "unknown_ca"], environment: ["COLUMNS": columns])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout.split(separator: "\n").filter { !$0.contains("tlsprobe findings:") }.map(\.count).max()
                ?? 0
        }
        let narrow = try longest("50")
        let wide = try longest("120")
        let empty = try longest("")
        #expect(narrow <= 50 && narrow > 40, "\(narrow)")
        #expect(wide > 100 && wide <= 120, "\(wide)")
        #expect(empty > 50 && empty <= 100, "an empty COLUMNS: 100 columns off a terminal, \(empty)")
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let dir = TemporaryDirectory()
        let leaf = dir.write("leaf.pem", TestPKI.chain().leaf.pem)
        // stdout is a pipe here: no colour whatever the environment says.
        let piped = try Run.tlsprobe(["inspect", leaf], environment: ["TERM": "xterm-256color"])
        #expect(!piped.stdout.contains("\u{1B}["))
        // On a pseudo-terminal (script(1)), colour unless NO_COLOR or --no-color.
        guard (try? Run.which("script")) != nil else { return }
        func onTTY(_ env: String, _ extra: String = "") throws -> String {
            try Run.process(
                "/bin/sh",
                [
                    "-c",
                    "env -u NO_COLOR \(env) script -qec '\"\(Run.tlsprobePath)\" inspect \"\(leaf)\" \(extra)' /dev/null </dev/null",
                ]
            ).stdout
        }
        let coloured = try onTTY("TERM=xterm")
        #expect(coloured.contains("\u{1B}["), "no colour on a terminal: \(coloured)")
        #expect(!(try onTTY("TERM=xterm NO_COLOR=1")).contains("\u{1B}["))
        #expect(!(try onTTY("TERM=xterm", "--no-color")).contains("\u{1B}["))
    }
}
