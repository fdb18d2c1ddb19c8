import Foundation
import Testing
import TestSupport

/// Errors as data: with `--json`, a run that could not examine anything prints one error
/// object on stdout (docs/DESIGN.md, docs/schema/error.schema.json), still writes its one
/// `Error:` line on stderr and exits 2. Every peer is on loopback.
@Suite struct ErrorObjectTests {
    /// What a failed run left: its result, the whole object on stdout and its `error`.
    struct Failure {
        let result: Run.Result
        let object: [String: Any]
        var error: [String: Any] { object["error"] as? [String: Any] ?? [:] }
        var code: String? { error["code"] as? String }
        var target: String? { error["target"] as? String }
    }

    /// Runs `arguments` (which include `--json`), and checks what every failure must be:
    /// exit 2, stdout one JSON object (one line with `lines`) matching the error schema,
    /// for `command`, and stderr the one `Error:` line saying the same message.
    static func failure(
        _ command: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        lines: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Failure {
        let result = try Run.tlsprobe([command] + arguments, environment: environment, timeout: 30)
        #expect(result.status == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        let object = try #require(
            try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "stdout is not one JSON object: \(result.stdout.prefix(500)) (stderr: \(result.stderr))",
            sourceLocation: sourceLocation
        )
        let failure = Failure(result: result, object: object)
        #expect(object["schema_version"] as? Int == 1, sourceLocation: sourceLocation)
        #expect(object["command"] as? String == command, sourceLocation: sourceLocation)
        #expect(
            Set(object.keys) == ["schema_version", "command", "error"],
            "\(object.keys)",
            sourceLocation: sourceLocation
        )
        #expect(
            failure.error["target"] != nil,
            "target is always present (null when there is none)",
            sourceLocation: sourceLocation
        )
        let message = try #require(failure.error["message"] as? String, sourceLocation: sourceLocation)
        #expect(
            result.stderr == "Error: \(message)\n",
            "stderr says what the object says",
            sourceLocation: sourceLocation
        )
        let stdoutLines = result.stdout.split(separator: "\n")
        if lines {
            #expect(
                stdoutLines.count == 1,
                "JSON Lines: the error object is one line: \(result.stdout)",
                sourceLocation: sourceLocation
            )
        } else {
            #expect(
                stdoutLines.count > 1,
                "one indented object, as the reports are: \(result.stdout)",
                sourceLocation: sourceLocation
            )
        }
        try SchemaTests.expectValid(result.stdout, "error", sourceLocation: sourceLocation)
        return failure
    }

    // MARK: connect

    @Test func aRefusedConnectionIsConnectRefused() throws {
        let closed = try ReservedPort()
        let failure = try Self.failure("connect", [closed.address, "--timeout", "3", "--json"])
        #expect(failure.code == "connect.refused")
        #expect(failure.target == closed.address)
        #expect((failure.error["message"] as? String)?.contains("connection refused") == true)

        // Text mode is as it was: nothing on stdout, the one line on stderr.
        let text = try Run.tlsprobe(["connect", closed.address, "--timeout", "3"])
        #expect(text.status == 2)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr == failure.result.stderr)
    }

    /// A reader that has gone (`tlsprobe connect ... --json | true`) loses the error object,
    /// not the exit status: a report to a closed pipe is a quiet 0, a failure stays 2.
    @Test func aClosedStdoutKeepsExitStatusTwo() throws {
        let closed = try ReservedPort()
        let script = "{ sleep 0.3; \"$0\" connect \(closed.address) --json; echo \"status $?\" >&2; } | true"
        let result = try Run.process("/bin/sh", ["-c", script, Run.tlsprobePath], timeout: 30)
        #expect(result.stderr.contains("connection refused"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("status 2\n"), "\(result.stderr)")
    }

    /// A name with an empty label cannot be put in a DNS query, so glibc fails it without
    /// sending one (checked with strace in a network namespace of its own). A name such as
    /// `nonexistent.invalid` is not used: glibc sends it to the configured name server.
    @Test func aNameThatCannotBeResolvedIsConnectLookupFailed() throws {
        let failure = try Self.failure("connect", ["bad..name:4433", "--timeout", "3", "--json"])
        #expect(failure.code == "connect.lookup_failed")
        #expect(failure.target == "bad..name:4433")
    }

    @Test func aServerThatAcceptsAndSaysNothingIsConnectNoTLSAnswer() throws {
        let listener = try SilentListener()
        let failure = try Self.failure("connect", [listener.address, "--timeout", "1", "--json"])
        #expect(failure.code == "connect.no_tls_answer")
        #expect(failure.target == listener.address)
    }

    @Test func aConnectionNeverAcceptedIsConnectTimedOut() throws {
        let listener = try SilentListener(fillBacklog: true)
        let failure = try Self.failure("connect", [listener.address, "--timeout", "1", "--json"])
        #expect(failure.code == "connect.timed_out")
        #expect(failure.target == listener.address)
    }

    /// A server that answers, but in plain text, has sent bytes: that is a report with
    /// `tls.handshake_failed` saying what it sent (exit 1), not an error object.
    @Test func aPlainTextAnswerIsStillAReport() throws {
        let server = try MisbehavingServer([.awaitBytes, .send(Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8))])
        defer { server.stop() }
        let result = try Run.tlsprobe(["connect", server.address, "--timeout", "3", "--json"], timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["error"] == nil)
        #expect(JSONFindings.codes(object).contains("tls.handshake_failed"))
    }

    @Test func aWrongIdentityPasswordIsPasswordWrong() throws {
        let dir = TemporaryDirectory()
        let p12 = try InputAndUsageTests.identity(in: dir, legacy: false, password: "s3cret")
        let closed = try ReservedPort()
        let fromEnvironment = try Self.failure(
            "connect",
            [closed.address, "--identity", p12, "--password-env", "ID_PASS", "--json"],
            environment: ["ID_PASS": "Zq9-not-printed"]
        )
        #expect(fromEnvironment.code == "password.wrong")
        #expect(fromEnvironment.target == p12)
        let fromFile = try Self.failure(
            "connect",
            [
                closed.address, "--identity", p12, "--password-file", dir.write("pass.txt", "Zq9-not-printed\n"),
                "--json",
            ]
        )
        #expect(fromFile.code == "password.wrong")
        for result in [fromEnvironment.result, fromFile.result] {
            #expect(
                !result.stdout.contains("Zq9-not-printed") && !result.stderr.contains("Zq9-not-printed"),
                "the password is never printed"
            )
        }

        let unset = try Self.failure("verify", [p12, "--password-env", "TLSPROBE_NOT_SET_ANYWHERE", "--json"])
        #expect(unset.code == "password.missing")
        #expect(unset.target == p12)
        // A password file that cannot be read: the password is missing, for the file that needs it.
        let noPasswordFile = try Self.failure(
            "verify",
            [p12, "--password-file", dir.file("no-such-password-file"), "--json"]
        )
        #expect(noPasswordFile.code == "password.missing")
        #expect(noPasswordFile.target == p12)
        #expect((noPasswordFile.error["message"] as? String)?.contains("no-such-password-file") == true)
    }

    // MARK: files

    @Test func aMissingFileIsFileUnreadable() throws {
        try #require(!FileManager.default.fileExists(atPath: "/nonexistent"))
        let failure = try Self.failure("inspect", ["/nonexistent", "--json"])
        #expect(failure.code == "file.unreadable")
        #expect(failure.target == "/nonexistent")
        #expect((failure.error["message"] as? String)?.contains("no such file") == true)
    }

    @Test func unreadableFilesAreFileUnreadable() throws {
        let dir = TemporaryDirectory()
        let directory = dir.path
        var unreadable = [directory, "/dev/zero"]  // a directory; a device that never ends (over the size limit)
        if getuid() != 0 {
            let secret = dir.write("secret.pem", TestPKI.chain().leaf.pem)
            chmod(secret, 0)
            unreadable.append(secret)
        }
        for path in unreadable {
            let failure = try Self.failure("verify", [path, "--json"])
            #expect(failure.code == "file.unreadable", "\(path)")
            #expect(failure.target == path)
        }
    }

    @Test func aFileThatHoldsNoCertificateIsFileInvalid() throws {
        let dir = TemporaryDirectory()
        let notes = dir.write("notes.txt", "just some notes\n")
        let failure = try Self.failure("verify", [notes, "--json"])
        #expect(failure.code == "file.invalid")
        #expect(failure.target == notes)
        let key = dir.write("root.key", TestPKI.chain().root.keyPEM)
        let anchor = try Self.failure(
            "verify",
            [dir.write("leaf.pem", TestPKI.chain().leaf.pem), "--anchor", key, "--json"]
        )
        #expect(anchor.code == "file.invalid")
        #expect(anchor.target == key)
    }

    // MARK: the commands that print JSON Lines

    @Test func captureAndListenFailuresAreOneLine() throws {
        let dir = TemporaryDirectory()
        let missing = try Self.failure("capture", ["-r", dir.file("nope.pcap"), "--json"], lines: true)
        #expect(missing.code == "file.unreadable")
        #expect(missing.target == dir.file("nope.pcap"))
        let text = dir.write("text.pcap", "hello, this is not a capture\n")
        let notPcap = try Self.failure("capture", ["-r", text, "--json"], lines: true)
        #expect(notPcap.code == "capture.unsupported_file")
        #expect(notPcap.target == text)
        let badFilter = try Self.failure(
            "capture",
            [
                "-r", dir.write("empty.pcap", CaptureWriter.file(linkType: 1, packets: [])),
                "--filter", "tcp port banana", "--json",
            ],
            lines: true
        )
        #expect(badFilter.code == "capture.bad_filter")

        let taken = try SilentListener()
        let inUse = try Self.failure("listen", [taken.address, "--json"], lines: true)
        #expect(inUse.code == "listen.address_in_use")
        #expect(inUse.target == taken.address)
    }
}
