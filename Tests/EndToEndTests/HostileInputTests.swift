import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile inputs and outputs: a quiet pipe or a FIFO with no writer as input, a closed or
/// full stdout, paths that are not UTF-8, a key log on a full disk, a umask of 0777.
@Suite struct HostileInputTests {
    /// Starts tlsprobe with ARGS (stdin: a pipe given a pcap header and then kept open and
    /// silent, or /dev/null), sends SIGNAL after a second and a half, and prints the exit
    /// status, the seconds it took after the signal (at most 20 s: then it is killed and
    /// the status is "none"), and what it wrote to stderr.
    static let signalScript = #"""
        import os, signal, struct, subprocess, sys, time
        exe, sig, feed, args = sys.argv[1], getattr(signal, sys.argv[2]), sys.argv[3], sys.argv[4:]
        def unblocked():
            # As from a shell: the test runner may block or ignore the signals.
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            signal.signal(signal.SIGINT, signal.SIG_DFL)
        stdin = subprocess.PIPE if feed == "header" else subprocess.DEVNULL
        p = subprocess.Popen([exe] + args, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=unblocked)
        if feed == "header":
            p.stdin.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
            p.stdin.flush()
        time.sleep(1.5)
        p.send_signal(sig)
        start = time.time()
        try:
            p.wait(timeout=20)
            status = str(p.returncode)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            status = "none"
        print(f"status={status} seconds={time.time() - start:.2f}")
        sys.stdout.write(p.stderr.read().decode(errors="replace"))
        """#

    /// What `signalScript` reported.
    struct Stopped {
        var status: String
        var seconds: Double
        var stderr: String
    }

    static func stopped(_ arguments: [String], signal: String, feed: String) throws -> Stopped {
        let dir = TemporaryDirectory()
        let script = dir.write("stop.py", signalScript)
        let result = try Run.process("python3", [script, Run.tlsprobePath, signal, feed] + arguments, timeout: 60)
        try #require(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", maxSplits: 1).map(String.init)
        let fields = (lines.first ?? "").split(separator: " ").map { $0.split(separator: "=").map(String.init) }
        let status = fields.first?.last ?? ""
        let seconds = Double(fields.last?.last ?? "") ?? .infinity
        return Stopped(status: status, seconds: seconds, stderr: lines.count > 1 ? lines[1] : "")
    }

    /// Seconds a stop may take: 2, scaled for a slow build (bounded: a hung run must fail).
    static var stopBound: Double { 2 * min(Slowness.factor, 5) }

    // MARK: stop signals on quiet input

    @Test(arguments: ["SIGTERM", "SIGINT"])
    func captureOfAQuietPipeEndsAtASignal(signal: String) throws {
        // `tcpdump -w - | tlsprobe capture -r -` with no traffic: the writer sent its header
        // and waits. The signal ends the run at once, with the summary.
        let run = try Self.stopped(["capture", "-r", "-"], signal: signal, feed: "header")
        #expect(run.status == "0", "status \(run.status): \(run.stderr)")
        #expect(run.seconds < Self.stopBound, "took \(run.seconds) s after \(signal)")
        #expect(run.stderr.contains("standard input (stopped): 0 TLS connections reported"), "\(run.stderr)")
    }

    @Test func captureOfAFIFOWithNoWriterEndsAtSIGTERM() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.file("trace.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let run = try Self.stopped(["capture", "-r", fifo], signal: "SIGTERM", feed: "none")
        #expect(run.status == "2", "status \(run.status): \(run.stderr)")
        #expect(run.seconds < Self.stopBound, "took \(run.seconds) s after SIGTERM")
        #expect(run.stderr.contains("\(fifo): stopped before a pcap or pcapng header came"), "\(run.stderr)")
    }

    @Test func aFIFOWithNoWriterAsAnInputFileIsRefusedAfterTheWait() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.file("cert.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let leaf = dir.write("leaf.pem", TestPKI.chain().leaf.pem)
        for arguments in [["inspect", fifo], ["verify", leaf, "--anchor", fifo]] {
            let result = try Run.tlsprobe(arguments, timeout: 60)
            #expect(result.status == 2, "\(arguments): status \(result.status) \(result.stderr)")
            #expect(
                result.stderr.contains("a FIFO that nothing was written to within 10 s"),
                "\(arguments): \(result.stderr)"
            )
        }
    }

    @Test func aFIFOWhoseWriterStallsIsRefusedAfterTheWait() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.file("cert.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        // The start of a PEM file, then nothing, the FIFO kept open.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec > \"$0\"; printf -- '-----BEGIN CERT'; exec sleep 120", fifo]
        try writer.run()
        defer {
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }
        let result = try Run.tlsprobe(["inspect", fifo], timeout: 60)
        #expect(result.status == 2, "status \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("a FIFO that nothing was written to within 10 s"), "\(result.stderr)")
    }

    // MARK: a closed or failing stdout

    /// Runs ARGS with stdout a pipe whose reader is already gone (`… | head -1` once head
    /// has left) and prints the exit status and stderr.
    static let closedStdoutScript = #"""
        import os, subprocess, sys
        read, write = os.pipe()
        os.close(read)
        p = subprocess.run(sys.argv[1:], stdout=write, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        print(f"status={p.returncode}")
        sys.stdout.write(p.stderr.decode(errors="replace"))
        """#

    static func expiredLeaf(in dir: TemporaryDirectory) -> String {
        var spec = TestPKI.Spec.server("printer.local")
        spec.notAfter = TestPKI.day(-1)
        spec.notBefore = TestPKI.day(-100)
        return dir.write("expired.pem", TestPKI.issue(spec, by: TestPKI.chain().intermediate).pem)
    }

    @Test func aClosedStdoutKeepsTheVerdictsStatus() throws {
        let dir = TemporaryDirectory()
        let leaf = Self.expiredLeaf(in: dir)
        let plain = try Run.tlsprobe(["verify", leaf])
        try #require(plain.status == 1, "\(plain.stderr)")
        let script = dir.write("closed.py", Self.closedStdoutScript)
        for arguments in [["verify", leaf], ["verify", leaf, "--json"], ["inspect", leaf]] {
            let closed = try Run.process("python3", [script, Run.tlsprobePath] + arguments)
            #expect(closed.stdout.hasPrefix("status=1\n"), "\(arguments): \(closed.stdout)")
            #expect(!closed.stdout.contains("Error"), "quietly: \(closed.stdout)")
        }
        // As a user writes it.
        let piped = try Run.process(
            "bash",
            ["-c", "set -o pipefail; \"$0\" verify \"$1\" | head -1 >/dev/null", Run.tlsprobePath, leaf]
        )
        #expect(piped.status == 1, "\(piped.stderr)")
    }

    @Test func aClosedStdoutKeepsScansStatus() throws {
        let s = try ScanCommandTests.Servers()
        defer { s.stop() }
        let dir = TemporaryDirectory()
        let script = dir.write("closed.py", Self.closedStdoutScript)
        let arguments = [
            "scan", "127.0.0.1", "--ports", ScanCommandTests.portList(s.allPorts), "--anchor", s.pki.root,
            "--timeout", "10",
        ]
        for form in [[], ["--json"]] {
            let closed = try Run.process("python3", [script, Run.tlsprobePath] + arguments + form, timeout: 120)
            #expect(closed.stdout.hasPrefix("status=1\n"), "\(form): \(closed.stdout)")
        }
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func aClosedStdoutKeepsCapturesStatus() throws {
        let file = try CaptureTests.serverCapture()
        let dir = TemporaryDirectory()
        let script = dir.write("closed.py", Self.closedStdoutScript)
        let arguments = ["capture", "-r", file, "--anchor", CaptureTests.pki.root, "--host", "localhost"]
        for form in [[], ["--json"], ["--brief"]] {
            let closed = try Run.process("python3", [script, Run.tlsprobePath] + arguments + form, timeout: 120)
            #expect(closed.stdout.hasPrefix("status=1\n"), "\(form): \(closed.stdout)")
            #expect(closed.stdout.contains("4 TLS connections reported"), "read to the end: \(closed.stdout)")
        }
    }

    /// `listen` on 127.0.0.1:PORT with stdout a pipe nobody reads any more; one curl
    /// connection; prints the exit status (or "none" when it still runs 20 s later) and stderr.
    static let listenScript = #"""
        import os, socket, subprocess, sys, time
        exe, port = sys.argv[1], sys.argv[2]
        read, write = os.pipe()
        os.close(read)
        p = subprocess.Popen([exe, "listen", "127.0.0.1:" + port], stdout=write, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", int(port)), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        subprocess.run(["curl", "-sk", "--max-time", "10", f"https://127.0.0.1:{port}/"], stdout=subprocess.DEVNULL)
        try:
            p.wait(timeout=20)
            status = str(p.returncode)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            status = "none"
        print(f"status={status}")
        sys.stdout.write(p.stderr.read().decode(errors="replace"))
        """#

    @Test func listenStopsWhenNobodyReadsItsReports() throws {
        let dir = TemporaryDirectory()
        let script = dir.write("listen.py", Self.listenScript)
        let port = try ReservedPort(host: "127.0.0.1")
        let result = try Run.process("python3", [script, Run.tlsprobePath, "\(port.port)"], timeout: 90)
        #expect(result.stdout.hasPrefix("status=0\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains("tlsprobe listen: stopped (stdout closed): 1 connection reported"),
            "\(result.stdout)"
        )
    }

    @Test func aFullStdoutIsAnErrorLineAndStatus2() throws {
        let dir = TemporaryDirectory()
        let leaf = Self.expiredLeaf(in: dir)
        let full = try Run.process("bash", ["-c", "\"$0\" verify \"$1\" > /dev/full", Run.tlsprobePath, leaf])
        #expect(full.status == 2)
        #expect(
            full.stderr.contains("Error: cannot write the report to standard output: No space left on device"),
            "\(full.stderr)"
        )
        // identity's status says what was made: the files are, and stderr lists them.
        let out = dir.file("ca")
        let made = try Run.process(
            "bash",
            ["-c", "\"$0\" identity ca --out \"$1\" > /dev/full", Run.tlsprobePath, out]
        )
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains("the files were made"), "\(made.stderr)")
        #expect(made.stderr.contains("\(out)/root.pem"), "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/root.pem"))
    }

    // MARK: paths that are not UTF-8

    /// Runs tlsprobe with arguments given as bytes (Python's `\xff` escapes), in `dir`.
    static let bytesScript = #"""
        import ast, os, subprocess, sys
        os.chdir(sys.argv[2])
        arguments = [ast.literal_eval("b'" + a + "'") for a in sys.argv[3:]]
        p = subprocess.run([sys.argv[1].encode()] + arguments, capture_output=True, stdin=subprocess.DEVNULL)
        print(f"status={p.returncode}")
        sys.stdout.write(p.stdout.decode(errors="replace"))
        sys.stdout.write(p.stderr.decode(errors="replace"))
        """#

    @Test func aPathThatIsNotUTF8IsNeverReadAsAnotherFile() throws {
        let dir = TemporaryDirectory()
        // The name U+FFFD repairs \xff into: a valid certificate a wrong read would inspect.
        dir.write("\u{FFFD}.pem", TestPKI.chain().leaf.pem)
        let script = dir.write("bytes.py", Self.bytesScript)
        let inspect = try Run.process("python3", [script, Run.tlsprobePath, dir.path, "inspect", "\\xff.pem"])
        #expect(inspect.stdout.hasPrefix("status=64\n"), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("argument 2 is not valid UTF-8: \"\\xff.pem\""), "\(inspect.stdout)")
        #expect(!inspect.stdout.contains("Subject"), "another file was read: \(inspect.stdout)")

        // Nothing is written elsewhere either.
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let identity = try Run.process(
            "python3",
            [script, Run.tlsprobePath, dir.path, "identity", "ca", "--out", "ca-\\xfe"]
        )
        #expect(identity.stdout.hasPrefix("status=64\n"), "\(identity.stdout)")
        #expect(identity.stdout.contains("argument 4 is not valid UTF-8: \"ca-\\xfe\""), "\(identity.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
    }

    // MARK: a key log on a full disk

    @Test func aKeyLogOnAFullDiskIsAnErrorAndLeavesNoHalfLine() throws {
        guard getuid() == 0 else {
            print("skipped: mounting a small tmpfs needs root")
            return
        }
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let mount = TemporaryDirectory()
        let mounted = try Run.process("mount", ["-t", "tmpfs", "-o", "size=4k,mode=0700", "tmpfs", mount.path])
        guard mounted.status == 0 else {
            print("skipped: cannot mount a tmpfs: \(mounted.stderr)")
            return
        }
        defer { _ = try? Run.process("umount", [mount.path]) }
        // A page of 4 KiB, nearly full: the first secret's line does not fit whole.
        let keys = mount.file("keys.log")
        let earlier = String(repeating: "# an earlier session\n", count: 190)  // 3,990 bytes
        try #require(FileManager.default.createFile(atPath: keys, contents: Data(earlier.utf8)))
        try #require(chmod(keys, 0o600) == 0)
        let result = try Run.tlsprobe(["connect", server.address, "--keylog", keys], timeout: 30)
        #expect(result.status == 2, "status \(result.status): \(result.stderr)")
        #expect(
            result.stderr.contains("Error: --keylog \(keys): cannot be written (No space left on device)"),
            "\(result.stderr)"
        )
        let left = try String(contentsOfFile: keys, encoding: .utf8)
        #expect(left == earlier, "a half line was left: \(left.count - earlier.count) bytes more")
    }

    // MARK: lock files under umask 0777

    @Test func aLockFileIsMode0600WhateverTheUmask() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("ca")
        let made = try Run.process(
            "bash",
            ["-c", "umask 0777; exec \"$0\" identity ca --out \"$1\"", Run.tlsprobePath, out]
        )
        #expect(made.status == 0, "\(made.stderr)")
        var status = stat()
        try #require(stat(out + "/.tlsprobe.lock", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600, "mode \(String(status.st_mode & 0o777, radix: 8))")
    }
}
