import Foundation
import Testing
import TestSupport

/// Hostile text in certificates and files is shown escaped; and the small edges: a negative
/// timeout, a long text for explain, too many arguments, listen's page, Ctrl-C at a prompt.
@Suite struct HardeningTests {
    static func hostile(_ prefix: String) -> String {
        prefix + "\nTRUSTED forged\n  Findings (0)\u{2028}TRUSTED forged"
    }

    /// No stdout line starts (after its indentation) with a forged marker, and the escaped form is shown.
    static func expectNoForgedLines(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let breaking: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        for line in text.unicodeScalars.split(whereSeparator: { breaking.contains($0.value) }).map({
            String(String.UnicodeScalarView($0))
        }) {
            let trimmed = line.drop { $0 == " " }
            #expect(
                !trimmed.hasPrefix("TRUSTED forged") && !trimmed.hasPrefix("Findings (0)"),
                "forged line: \(line)",
                sourceLocation: sourceLocation
            )
        }
        #expect(
            text.contains("\\nTRUSTED forged"),
            "the escaped form is missing:\n\(text)",
            sourceLocation: sourceLocation
        )
        #expect(
            text.contains("\\u{2028}TRUSTED forged"),
            "the escaped form of U+2028 is missing",
            sourceLocation: sourceLocation
        )
    }

    /// A chain whose names (CN and DNS SAN) carry line breaks, written to a file whose name has one too.
    static func hostileFiles() -> (dir: TemporaryDirectory, chain: String, root: String) {
        let root = TestPKI.issue(.root(hostile("Evil Root")))
        let intermediate = TestPKI.issue(.intermediate(hostile("Evil Intermediate")), by: root)
        // A dNSName is an IA5String: ASCII line breaks only.
        let leaf = TestPKI.issue(
            .server(hostile("evil.example"), dns: ["evil.example\nTRUSTED forged\r\nFindings (0)"]),
            by: intermediate
        )
        let dir = TemporaryDirectory()
        return (dir, dir.write(hostile("chain") + ".pem", leaf.pem + intermediate.pem), dir.write("root.pem", root.pem))
    }

    @Test func verifyOfALeafWithAHundredThousandNamesAnswersQuickly() throws {
        // A wrong name: the fix's command and the message go over every one of the names,
        // which took 9.7 s (release) when duplicates were removed by a linear search.
        let dir = TemporaryDirectory()
        let names = (0..<100_000).map { "DNS:host\($0).shop.lan" }.joined(separator: ",")
        let config = dir.write("san.cnf", "[req]\ndistinguished_name=dn\n[dn]\n[ext]\nsubjectAltName=\(names)\n")
        let made = try Run.process(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                dir.file("leaf.key"), "-out", dir.file("leaf.pem"), "-subj", "/CN=many names", "-days", "30",
                "-config", config, "-extensions", "ext",
            ],
            timeout: 120
        )
        try #require(made.status == 0, "\(made.stderr)")
        let started = Date()
        let result = try Run.tlsprobe(
            ["verify", dir.file("leaf.pem"), "--anchor", dir.file("leaf.pem"), "--host", "wrong.example"],
            timeout: 120
        )
        let seconds = Date().timeIntervalSince(started)
        print("verify of 100,000 names: \(seconds) s")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("name.mismatch"))
        let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("\"host15.shop.lan\" and 99984 more."), "the message names the first 16")
        // Under 2 s in a release build; a debug build under the suite's load, generously.
        #expect(seconds < 30 * Slowness.factor, "\(seconds) s")
    }

    @Test func anOversizeFileInTheAnchorDirectoryIsSkippedWithANote() throws {
        // One file over the 16 MiB credential limit failed the whole verify.
        let chain = TestPKI.chain()
        let dir = TemporaryDirectory()
        let anchors = dir.file("anchors")
        try FileManager.default.createDirectory(atPath: anchors, withIntermediateDirectories: false)
        _ = dir.write("anchors/root.pem", chain.root.pem)
        let big = dir.write("anchors/huge.pem", Data(repeating: 0x41, count: 17 << 20))
        let leaf = dir.write("chain.pem", chain.leaf.pem + chain.intermediate.pem)
        let result = try Run.tlsprobe(
            ["verify", leaf, "--anchors", anchors, "--host", "printer.local", "--at", OfflineCommandTests.at],
            timeout: 60
        )
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stderr.contains("Note: --anchors \(big): "), "\(result.stderr)")
        #expect(result.stderr.contains("; skipped, the other files are used."), "\(result.stderr)")
    }

    @Test func scanKeepsItsConcurrencyWithinTheOpenFileLimit() throws {
        // With ulimit -n 40, 64 sockets at once made most endpoints fail on EMFILE.
        let server = try PKIFiles().server()
        defer { server.stop() }
        let port = server.address.split(separator: ":").last.map(String.init) ?? ""
        let result = try Run.process(
            "sh",
            // 48 endpoints on loopback, more than the open-file limit allows at once.
            [
                "-c", "ulimit -n 40; exec \"$0\" scan 127.0.0.0/28 --ports \(port),9,13 --timeout 5 --json",
                Run.tlsprobePath,
            ],
            timeout: 120
        )
        #expect(
            result.stderr.contains(
                "Note: --concurrency 256 needs more files open at once than this process may have (ulimit -n 40): using 16."
            ),
            "\(result.stderr)"
        )
        #expect(!(result.stdout + result.stderr).lowercased().contains("too many open files"), "\(result.stdout)")
        // Every endpoint was examined: none is an error object (EMFILE made them so).
        let lines = try ScanCommandTests.objects(result.stdout)
        let summary = try #require(lines.last?["summary"] as? [String: Any], "\(result.stdout)")
        #expect((summary["errors"] as? [String: Int])?.isEmpty == true, "\(summary)")
        #expect(summary["probed"] as? Int == 48, "\(summary)")
        #expect(lines.contains { ($0["target"] as? [String: Any])?["port"] as? Int == Int(port) }, "\(result.stdout)")
    }

    @Test func inspectEscapesLineBreaksInNamesAndPaths() throws {
        let files = Self.hostileFiles()
        let result = try Run.tlsprobe(["inspect", files.chain, "--at", OfflineCommandTests.at])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        Self.expectNoForgedLines(result.stdout)
    }

    @Test func verifyEscapesLineBreaksInNamesAndPaths() throws {
        let files = Self.hostileFiles()
        let result = try Run.tlsprobe([
            "verify", files.chain, "--anchor", files.root, "--host", "other.example", "--at", OfflineCommandTests.at,
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("name.mismatch"))
        Self.expectNoForgedLines(result.stdout)
        // JSON is unchanged: the names come back exactly as they were.
        let json = try Run.tlsprobe([
            "verify", files.chain, "--anchor", files.root, "--json", "--at", OfflineCommandTests.at,
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let leaf = try #require((object["chain"] as? [[String: Any]])?.first)
        #expect(
            (leaf["san"] as? [String: Any])?["dns"] as? [String] == ["evil.example\nTRUSTED forged\r\nFindings (0)"]
        )
    }

    // MARK: usage edges

    @Test(arguments: ["connect", "listen"])
    func negativeTimeoutIsTheClearMessage(command: String) throws {
        let target = command == "connect" ? ["127.0.0.1:1"] : ["127.0.0.1:4433"]
        for form in [["--timeout", "-1"], ["--timeout=-1"]] {
            let result = try Run.tlsprobe([command] + target + form, timeout: 20)
            #expect(result.status == 64, "\(form): \(result.stderr)")
            #expect(
                result.stderr.contains("--timeout must be a number of seconds above 0 and at most 3600"),
                "\(form): \(result.stderr)"
            )
        }
    }

    @Test func explainAnswersSixtyThousandCodes() throws {
        // 60,000 codes in 1,000 arguments (one argument may hold 128 KiB): the old matcher
        // compared every hit with every other and took over a minute. Here the run must end
        // with the answer; the 300 s timeout is only a safety net. That matching stays linear
        // is checked by counting its work (ExplainScalingTests), not by this clock, and
        // Tests/Benchmarks/explain-scaling.sh times it.
        let argument = Array(repeating: "X509_V_ERR_CERT_HAS_EXPIRED -9813", count: 30).joined(separator: " ")
        let result = try Run.tlsprobe(["explain"] + Array(repeating: argument, count: 1_000), timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("X509_V_ERR_CERT_HAS_EXPIRED"))
    }

    @Test func tooManyArgumentsAreRefusedAtOnce() throws {
        // The argument parser collects repeated arguments in quadratic time (100,000 words to
        // explain ran for minutes): past the bound, a usage error names it before the parser
        // runs. Not timed: the last argument, a flag given a value, says which ran first. The
        // parser refuses it with a message of its own; the bound names the count instead.
        let words = Array(repeating: "-9813", count: 20_000)
        let result = try Run.tlsprobe(["explain"] + words + ["--json=yes"], timeout: 300)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr.contains("20002 arguments, at most 4096: give explain a long text as one quoted argument"),
            "\(result.stderr)"
        )
        #expect(
            !result.stderr.contains("does not take any value"),
            "the argument parser ran before the bound: \(result.stderr)"
        )
        let parsed = try Run.tlsprobe(["explain", "-9813", "--json=yes"], timeout: 60)
        #expect(
            parsed.status == 64 && parsed.stderr.contains("does not take any value"),
            "within the bound the parser refuses it: \(parsed.stderr)"
        )
        let within = try Run.tlsprobe(["explain"] + Array(words.prefix(1000)), timeout: 120)
        #expect(within.status == 0, "\(within.stderr)")
    }

    @Test func listenPageSaysNoSniff() throws {
        let listener = try ListenProcess(["--json", "--count", "1"])
        let page = try Run.process("curl", ["-sSk", "-i", "--max-time", "10", listener.url], timeout: 20)
        #expect(page.status == 0, "\(page.stderr)")
        let head = page.stdout.components(separatedBy: "\r\n\r\n").first ?? ""
        #expect(head.lowercased().contains("x-content-type-options: nosniff"), "\(head)")
        #expect(listener.finish() == 0, "\(listener.stderrText)")
    }

    /// Drives `tlsprobe inspect` on a pseudo-terminal: waits for the password prompt and for
    /// echo to go off, sends SIGINT (what Ctrl-C sends), then reads the terminal's settings
    /// once tlsprobe is gone. With getpass(3) echo stayed off.
    static let ptyScript = #"""
        import fcntl, os, select, signal, subprocess, sys, termios, time
        exe, p12 = sys.argv[1], sys.argv[2]
        master, slave = os.openpty()
        def controlling():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
            # As from a shell: SIGINT neither blocked nor ignored (the test runner may do either).
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            signal.signal(signal.SIGINT, signal.SIG_DFL)
        p = subprocess.Popen([exe, "inspect", p12], stdin=slave, stdout=slave, stderr=slave, preexec_fn=controlling)
        seen, deadline = b"", time.time() + 30
        while b"Password for" not in seen and time.time() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                seen += os.read(master, 4096)
        deadline = time.time() + 10
        while termios.tcgetattr(slave)[3] & termios.ECHO and time.time() < deadline:
            time.sleep(0.05)
        during = bool(termios.tcgetattr(slave)[3] & termios.ECHO)
        os.kill(p.pid, signal.SIGINT)
        rc = p.wait(timeout=20)
        after = bool(termios.tcgetattr(slave)[3] & termios.ECHO)
        print(f"prompt={b'Password for' in seen} echo_during={during} status={rc} echo_after={after}")
        """#

    @Test func ctrlCAtThePasswordPromptPutsEchoBack() throws {
        let dir = TemporaryDirectory()
        let p12 = try InputAndUsageTests.identity(in: dir, legacy: false, password: "s3cret")
        let script = dir.write("pty.py", Self.ptyScript)
        let result = try Run.process("python3", [script, Run.tlsprobePath, p12], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line == "prompt=True echo_during=False status=-2 echo_after=True", "\(line)")
    }
}
