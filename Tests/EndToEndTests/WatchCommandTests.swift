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

    /// Usage errors, before any round: a plan over scan's default limit (loopback only, so
    /// a watch that did start would stay on this machine), a period under 1 s, no --state.
    @Test func usageErrorsStopBeforeAnyRound() throws {
        let dir = TemporaryDirectory()
        let state = dir.file("state")
        let huge = try Run.tlsprobe(["watch", "127.0.0.0/8", "--state", state, "--once"], timeout: 30)
        #expect(huge.status == 64 && huge.stderr.contains("more than 65536"), "\(huge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: state))
        #expect(try Run.tlsprobe(["watch", "127.0.0.1", "--state", state, "--every", "0.5s"]).status == 64)
        #expect(try Run.tlsprobe(["watch", "127.0.0.1", "--once"]).status == 64)
    }

    static let hasPrometheusClient =
        (try? Run.process("python3", ["-c", "import prometheus_client"], timeout: 30).status) == 0
    static var checker: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tools/check-prometheus.py").path
    }

    /// --prometheus: the file parses with prometheus_client's text_string_to_metric_families
    /// (and promtool where installed), carries each endpoint's leaf notAfter, and escapes a
    /// subject with quotes, a backslash and a line feed.
    @Test(
        .enabled(
            if: hasPrometheusClient,
            "prometheus_client is not installed: python3 -m pip install prometheus_client (Tests/run.sh installs it)"
        )
    )
    func prometheusFileParsesAndCarriesEachLeafsNotAfter() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let plain = try pki.server()
        defer { plain.stop() }
        var spec = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
        spec.commonName = "Front \"Desk\" \\ printer\nline two"
        let odd = try pki.server(
            chain: pki.intermediate,
            leaf: pki.files("odd", TestPKI.issueLive(spec, by: pki.chain.intermediate))
        )
        defer { odd.stop() }
        let state = pki.dir.file("state")
        let metrics = pki.dir.file("tlsprobe.prom")
        let result = try Run.tlsprobe(
            [
                "watch", "127.0.0.1", "--ports", "\(plain.port),\(odd.port)", "--anchor", pki.root, "--state", state,
                "--once", "--prometheus", metrics,
            ],
            timeout: 60
        )
        #expect(result.status == 0, "\(result.stderr)")
        var status = stat()
        #expect(stat(metrics, &status) == 0 && status.st_mode & 0o777 == 0o644, "readable by node_exporter")
        let parsed = try Run.process("python3", [Self.checker, metrics], timeout: 60)
        #expect(
            parsed.status == 0,
            "\(parsed.stderr)\n\((try? String(contentsOfFile: metrics, encoding: .utf8)) ?? "")"
        )
        let samples = try parsed.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        func values(_ name: String) -> [([String: String], Double)] {
            samples.filter { $0["name"] as? String == name }.map {
                (($0["labels"] as? [String: String]) ?? [:], ($0["value"] as? Double) ?? .nan)
            }
        }
        let stateLines = try String(contentsOfFile: state + "/last-scan.jsonl", encoding: .utf8).split(separator: "\n")
        let reports = try stateLines.compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["target"] != nil }
        #expect(reports.count == 2)
        let notAfter = values("tlsprobe_cert_not_after_seconds")
        #expect(notAfter.count == 2, "\(notAfter)")
        for report in reports {
            let port = try #require((report["target"] as? [String: Any])?["port"] as? Int)
            let leaf = try #require((report["chain"] as? [[String: Any]])?.first)
            let expected = try #require(ISO8601DateFormatter().date(from: leaf["not_after"] as? String ?? ""))
            let sample = try #require(notAfter.first { $0.0["endpoint"] == "127.0.0.1:\(port)" }, "\(port)")
            #expect(sample.1 == expected.timeIntervalSince1970)
            #expect(sample.0["subject"] == leaf["subject"] as? String, "the subject survives escaping")
            #expect(sample.0["issuer"] == leaf["issuer"] as? String)
        }
        #expect(
            notAfter.contains { $0.0["subject"].map { $0.contains("\"") && $0.contains("\\") } == true },
            "a subject with a quote and a backslash: \(notAfter)"
        )
        #expect(values("tlsprobe_endpoint_up").map(\.1) == [1, 1])
        #expect(values("tlsprobe_endpoint_trusted").count == 2)
        #expect(values("tlsprobe_scan_duration_seconds").count == 1)
        #expect(values("tlsprobe_last_change_timestamp_seconds").first?.1 == 0, "no change yet")
        #expect(values("tlsprobe_findings").isEmpty, "trusted leaves with the address in their SAN: no finding")
    }

    /// A --prometheus path that could never be written as --html's is checked (a link, a
    /// FIFO) is refused with exit 2 before any round: the state file is not replaced, so
    /// the next round still reports what changed.
    @Test func aPrometheusLinkOrFIFOIsRefusedBeforeAnyRound() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let server = try pki.server()
        defer { server.stop() }
        let state = pki.dir.file("state")
        let common = [
            "watch", "127.0.0.1", "--ports", "\(server.port)", "--anchor", pki.root, "--state", state, "--once",
        ]
        let first = try Run.tlsprobe(common, timeout: 60)
        try #require(first.status == 0, "\(first.stderr)")
        let stateFile = state + "/last-scan.jsonl"
        var before = stat()
        try #require(stat(stateFile, &before) == 0)
        let target = pki.dir.write("elsewhere.txt", "not to be replaced\n")
        let link = pki.dir.file("link.prom")
        try #require(symlink(target, link) == 0)
        let fifo = pki.dir.file("fifo.prom")
        try #require(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(link, S_IFLNK), (fifo, S_IFIFO)] {
            let result = try Run.tlsprobe(common + ["--prometheus", path], timeout: 60)
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("--prometheus"), "\(result.stderr)")
            var status = stat()
            #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == kind, "\(path) left as it was")
            var after = stat()
            #expect(
                stat(stateFile, &after) == 0 && after.st_ino == before.st_ino
                    && after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec,
                "the state file untouched: no round ran"
            )
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "not to be replaced\n")
    }
}
