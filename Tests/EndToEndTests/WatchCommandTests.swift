import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tlsprobe watch` against `openssl s_server` on 127.0.0.1 whose key is swapped under it.
@Suite(.serialized) struct WatchCommandTests {
    /// The binary started in the background, its output in files, stopped by its pid.
    final class Watcher {
        let process = Process()
        let out: String
        let err: String

        init(_ arguments: [String], in dir: TemporaryDirectory, name: String) throws {
            out = dir.file(name + ".out")
            err = dir.file(name + ".err")
            FileManager.default.createFile(atPath: out, contents: nil)
            FileManager.default.createFile(atPath: err, contents: nil)
            process.executableURL = URL(fileURLWithPath: Run.tlsprobePath)
            process.arguments = arguments
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
            try process.run()
        }

        var stdout: String { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOfFile: err, encoding: .utf8)) ?? "" }

        /// Waits up to `seconds` for `condition`.
        static func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds * Slowness.factor)
            while Date() < end {
                if condition() { return true }
                usleep(100_000)
            }
            return condition()
        }

        /// Sends `signal` and waits for the exit; its status (nil when it did not exit).
        func end(_ signal: Int32 = SIGTERM, within seconds: Double = 30) -> Int32? {
            if process.isRunning { kill(process.processIdentifier, signal) }
            guard Self.wait(seconds, until: { !process.isRunning }) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            return process.terminationStatus
        }

        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
    }

    /// A watch every 2 s sees the key swapped under it within two rounds; a second watch
    /// on the same state is refused; SIGTERM ends it with exit 0 and the state readable;
    /// --once then repeats no old change.
    @Test func seesAKeySwappedAndEndsCleanly() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        var server = try pki.server()
        defer { server.stop() }
        let state = pki.dir.file("state")
        let common = [
            "127.0.0.1", "--ports", "\(server.port)", "--anchor", pki.root, "--state", state, "--timeout", "10",
            "--no-color",
        ]
        let watcher = try Watcher(["watch"] + common + ["--every", "2s"], in: pki.dir, name: "watch")
        let stateFile = state + "/last-scan.jsonl"
        #expect(
            Watcher.wait(30) { FileManager.default.fileExists(atPath: stateFile) },
            "the first round is kept: \(watcher.stderr)"
        )

        let second = try Run.tlsprobe(["watch"] + common + ["--once"], timeout: 60)
        #expect(second.status == 2, "a second watch on the same state is refused")
        #expect(second.stderr.contains("another tlsprobe watch"), "\(second.stderr)")

        // The key swapped on the same port.
        server.stop()
        let rekeyed = TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"]), by: pki.chain.intermediate)
        server = try pki.server(chain: pki.intermediate, leaf: pki.files("rekeyed", rekeyed), port: server.reservation)
        let swapped = Date()
        #expect(
            Watcher.wait(20) { watcher.stdout.contains("cert.key_changed") },
            "cert.key_changed within two rounds: \(watcher.stdout) \(watcher.stderr)"
        )
        let seen = Date().timeIntervalSince(swapped)
        #expect(seen < 2 * 2 + 10 * Slowness.factor, "seen after \(seen) s")
        #expect(watcher.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("127.0.0.1:\(server.port) ") })

        #expect(watcher.end(SIGTERM) == 0, "SIGTERM: exit 0. \(watcher.stderr)")
        let readBack = try Run.tlsprobe(["diff", stateFile, stateFile])
        #expect(readBack.status == 0, "the state reads back: \(readBack.stderr)")
        var status = stat()
        #expect(stat(stateFile, &status) == 0 && status.st_mode & 0o777 == 0o600)

        let again = try Run.tlsprobe(["watch"] + common + ["--once"], timeout: 60)
        #expect(again.status == 0, "--once on the same state: no old change. \(again.stdout) \(again.stderr)")
        #expect(again.stdout.isEmpty)
    }

    /// SIGKILL at any moment leaves the last whole round in place: the state always reads back.
    @Test func aKillMidRoundLeavesThePreviousStateReadable() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let servers = try (0..<4).map { _ in try pki.server() }
        defer { for server in servers { server.stop() } }
        let state = pki.dir.file("state")
        let stateFile = state + "/last-scan.jsonl"
        let ports = servers.map { String($0.port) }.joined(separator: ",")
        for round in 0..<4 {
            let watcher = try Watcher(
                ["watch", "127.0.0.1", "--ports", ports, "--anchor", pki.root, "--state", state, "--every", "1s"],
                in: pki.dir,
                name: "kill\(round)"
            )
            #expect(Watcher.wait(30) { FileManager.default.fileExists(atPath: stateFile) })
            usleep(useconds_t(150_000 + 400_000 * round))
            #expect(watcher.end(SIGKILL) != nil)
            let readBack = try Run.tlsprobe(["diff", stateFile, stateFile])
            #expect(readBack.status == 0, "round \(round): \(readBack.stderr)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: state).filter {
            $0 != "last-scan.jsonl" && $0 != ".tlsprobe.lock"
        }
        // A temporary file a kill cut short may stay; the state itself is whole.
        #expect(leftovers.count <= 4, "\(leftovers)")
    }
}
