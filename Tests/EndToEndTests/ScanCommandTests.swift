import Foundation
import Testing
import TestSupport
import TLSProbeKit

#if canImport(Glibc)
import Glibc
#endif

/// `tlsprobe scan` against real servers on loopback only (127.0.0.0/8): `openssl s_server`s
/// with different problems, a plain TCP listener that answers in HTTP, and closed ports.
/// Every target here is a 127.x address: the refusals of large blocks too (127.0.0.0/15 is
/// all loopback), so even a scan that did not refuse would stay on this machine.
@Suite(.serialized) struct ScanCommandTests {
    /// The servers of one test: trusted, missing intermediate, expired, self-signed, HTTP, and a closed port.
    final class Servers {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let trusted: OpenSSLServer
        let missingIntermediate: OpenSSLServer
        let expired: OpenSSLServer
        let selfSigned: OpenSSLServer
        let http: MisbehavingServer
        let closed: ReservedPort

        init() throws {
            trusted = try pki.server()
            missingIntermediate = try pki.server(leaf: (pki.leaf, pki.key))
            var old = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
            old.notBefore = TestPKI.day(-400)
            old.notAfter = TestPKI.day(-10)
            expired = try pki.server(
                chain: pki.intermediate,
                leaf: pki.files("expired", TestPKI.issueLive(old, by: pki.chain.intermediate))
            )
            selfSigned = try pki.server(
                leaf: pki.files("self", TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"])))
            )
            http = try MisbehavingServer([
                .awaitBytes,
                .send(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)),
            ])
            closed = try ReservedPort()
        }

        var tlsPorts: [Int] { [trusted.port, missingIntermediate.port, expired.port, selfSigned.port] }
        var allPorts: [Int] { tlsPorts + [http.port, closed.port] }

        func stop() {
            for server in [trusted, missingIntermediate, expired, selfSigned] { server.stop() }
            http.stop()
        }
    }

    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                "not JSON: \(line.prefix(300))"
            )
        }
    }

    static func port(_ report: [String: Any]) -> Int? { (report["target"] as? [String: Any])?["port"] as? Int }

    static func portList(_ ports: [Int]) -> String { ports.map(String.init).joined(separator: ",") }

    /// Each server is found and judged with the same findings `connect` gives it; the HTTP
    /// port is reported as not TLS and does not fail the run; the closed port is counted.
    @Test func judgesEachServerAsConnectDoes() throws {
        let s = try Servers()
        defer { s.stop() }
        let result = try Run.tlsprobe(
            [
                "scan", "127.0.0.1", "--ports", Self.portList(s.allPorts), "--anchor", s.pki.root, "--json",
                "--timeout", "10",
            ],
            timeout: 120
        )
        #expect(result.status == 1, "findings at error: exit 1. \(result.stderr)")
        let lines = try Self.objects(result.stdout)
        let summary = try #require(lines.last?["summary"] as? [String: Any], "the last line is the summary")
        let reports = lines.dropLast()
        #expect(reports.count == 5, "four TLS servers and the HTTP listener: \(result.stdout.prefix(2000))")
        #expect(summary["found"] as? Int == 5)
        #expect(summary["closed"] as? Int == 1)
        #expect(summary["not_tls"] as? Int == 1)
        #expect(summary["trusted"] as? Int == 1)
        #expect(summary["not_trusted"] as? Int == 3)
        #expect(summary["failing"] as? Int == 3, "the HTTP port is not a failure")
        #expect(summary["endpoints"] as? Int == 6)

        for port in s.tlsPorts + [s.http.port] {
            let report = try #require(reports.first { Self.port($0) == port }, "no report for port \(port)")
            let connect = try Run.tlsprobe(
                ["connect", "127.0.0.1:\(port)", "--anchor", s.pki.root, "--json", "--timeout", "10"],
                timeout: 60
            )
            let alone = try #require(
                try JSONSerialization.jsonObject(with: Data(connect.stdout.utf8)) as? [String: Any]
            )
            #expect(
                JSONFindings.codes(report).sorted() == JSONFindings.codes(alone).sorted(),
                "port \(port): scan and connect disagree"
            )
            #expect(
                (report["trust"] as? [String: Any])?["trusted"] as? Bool == (alone["trust"] as? [String: Any])?[
                    "trusted"
                ] as? Bool
            )
        }
        func codes(_ port: Int) -> [String] { reports.first { Self.port($0) == port }.map(JSONFindings.codes) ?? [] }
        #expect(codes(s.missingIntermediate.port).contains("chain.missing_intermediate"))
        #expect(codes(s.expired.port).contains("cert.expired"))
        #expect(!codes(s.trusted.port).contains { $0.hasPrefix("chain.") || $0 == "cert.expired" })
        #expect(codes(s.http.port) == ["tls.handshake_failed"])
        let findings = try #require(summary["findings"] as? [String: Int])
        #expect(findings["chain.missing_intermediate"] == 1)
        #expect(findings["cert.expired"] == 1)
    }

    /// The table: one row per endpoint that listened, sorted by port, then the summary.
    @Test func tableIsSortedAndSummarised() throws {
        let s = try Servers()
        defer { s.stop() }
        // Ports given in reverse: the table is sorted all the same.
        let result = try Run.tlsprobe(
            [
                "scan", "127.0.0.1", "--ports", Self.portList(s.allPorts.reversed()), "--anchor", s.pki.root,
                "--timeout", "10", "--no-color",
            ],
            timeout: 120
        )
        #expect(result.status == 1, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("127.0.0.1:") }
        let ports = rows.compactMap { Int($0.dropFirst("127.0.0.1:".count).prefix { $0.isNumber }) }
        #expect(ports == s.allPorts.filter { $0 != s.closed.port }.sorted(), "\(result.stdout)")
        func row(_ port: Int) -> String { rows.first { $0.hasPrefix("127.0.0.1:\(port) ") }.map(String.init) ?? "" }
        #expect(row(s.trusted.port).contains("trusted") && !row(s.trusted.port).contains("NOT TRUSTED"))
        #expect(row(s.trusted.port).contains("Test Intermediate CA"), "the issuer: \(row(s.trusted.port))")
        #expect(
            row(s.missingIntermediate.port).contains("NOT TRUSTED")
                && row(s.missingIntermediate.port).contains("chain.missing_intermediate")
        )
        #expect(row(s.expired.port).contains("cert.expired"))
        #expect(row(s.http.port).contains("not TLS") && row(s.http.port).contains("HTTP/1.1 400"))
        #expect(result.stdout.contains("5 listening (1 closed"))
        #expect(result.stdout.contains("1 trusted, 3 not trusted"))
    }

    /// A CIDR block: only what listens is reported; 127.0.0.2 is dialled by address too.
    @Test func blockFindsExactlyTheServersInIt() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let first = try pki.server()
        defer { first.stop() }
        let selfSigned = pki.files("self", TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.2"])))
        let second = try BackgroundProcess(
            "openssl",
            [
                "s_server", "-accept", "127.0.0.2:\(first.port)", "-cert", selfSigned.cert, "-key", selfSigned.key,
                "-quiet",
            ]
        )
        defer { second.stop() }
        try #require(
            LoopbackPort.waitUntilListening(host: "127.0.0.2", port: first.port),
            "s_server on 127.0.0.2 did not start"
        )
        let result = try Run.tlsprobe(
            ["scan", "127.0.0.0/30", "--ports", "\(first.port)", "--anchor", pki.root, "--json", "--timeout", "10"],
            timeout: 120
        )
        let lines = try Self.objects(result.stdout)
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect(summary["hosts"] as? Int == 4)
        #expect(summary["found"] as? Int == 2, "\(result.stdout.prefix(2000))")
        #expect(summary["closed"] as? Int == 2)
        let addresses = lines.dropLast().compactMap { ($0["target"] as? [String: Any])?["host"] as? String }.sorted()
        #expect(addresses == ["127.0.0.1", "127.0.0.2"])
        #expect(summary["trusted"] as? Int == 1 && summary["not_trusted"] as? Int == 1)
        #expect(result.status == 1)
    }

    /// --host-map: the name a client expects at an address is sent and matched.
    @Test func hostMapGivesTheExpectedName() throws {
        let pki = PKIFiles(host: "printer.local", ips: [])
        let server = try pki.server()
        defer { server.stop() }
        let plain = try Run.tlsprobe(
            ["scan", "127.0.0.1", "--ports", "\(server.port)", "--anchor", pki.root, "--json"],
            timeout: 60
        )
        let plainReport = try #require(try Self.objects(plain.stdout).first)
        #expect(JSONFindings.codes(plainReport).contains("name.ip_not_in_san"), "dialled by address, no iPAddress SAN")
        #expect(plain.status == 1)

        let map = pki.dir.write("names.txt", "# front desk\n127.0.0.1  printer.local\n")
        let mapped = try Run.tlsprobe(
            ["scan", "127.0.0.1", "--ports", "\(server.port)", "--anchor", pki.root, "--json", "--host-map", map],
            timeout: 60
        )
        #expect(mapped.status == 0, "\(mapped.stdout.prefix(2000)) \(mapped.stderr)")
        let report = try #require(try Self.objects(mapped.stdout).first)
        #expect((report["target"] as? [String: Any])?["sni"] as? String == "printer.local")
        #expect((report["trust"] as? [String: Any])?["trusted"] as? Bool == true)
    }

    /// On a plain-text protocol's well-known port scan upgrades first: ManageSieve on 4190
    /// (an unprivileged one of them), served by Tests/Tools/starttls-server.py on a loopback
    /// address of its own, judged as connect --starttls judges it.
    @Test func aSTARTTLSPortIsUpgradedFirst() throws {
        let pki = PKIFiles()
        let server: StartTLSTests.Server
        do {
            server = try StartTLSTests.Server("sieve", pki: pki, address: "127.0.0.77:4190")
        } catch {
            // Another process holds the port: nothing to test here.
            print("aSTARTTLSPortIsUpgradedFirst: skipped, 127.0.0.77:4190 not free: \(error)")
            return
        }
        let result = try Run.tlsprobe(
            ["scan", "127.0.0.77", "--ports", "4190", "--anchor", pki.root, "--json"],
            timeout: 60
        )
        let report = try #require(try Self.objects(result.stdout).first, "\(result.stdout) \(result.stderr)")
        #expect((report["target"] as? [String: Any])?["upgrade"] as? String == "sieve")
        #expect(
            (report["handshake"] as? [String: Any])?["established"] as? Bool == true,
            "\(JSONFindings.codes(report))"
        )
        #expect((report["chain"] as? [[String: Any]])?.count == 2)
        _ = server
    }

    /// --targets-file - reads standard input (comments and blank lines skipped).
    @Test func targetsFromStandardInput() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let server = try pki.server()
        defer { server.stop() }
        let list = "# devices\n\n127.0.0.1:\(server.port)   # the printer\n"
        let result = try Run.tlsprobe(
            ["scan", "--targets-file", "-", "--anchor", pki.root, "--json"],
            stdin: Data(list.utf8),
            timeout: 60
        )
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try Self.objects(result.stdout).last?["summary"] as? [String: Any])
        #expect(summary["endpoints"] as? Int == 1 && summary["trusted"] as? Int == 1)

        let bad = try Run.tlsprobe(["scan", "--targets-file", "-"], stdin: Data("127.0.0.1\n127.0.0.300\n".utf8))
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("standard input, line 2"), "\(bad.stderr)")
    }

    /// Nothing listening is exit 2; usage errors are 64 with a message that says what to do.
    @Test func exitStatusesAndRefusals() throws {
        let closed = try ReservedPort()
        let none = try Run.tlsprobe(["scan", "127.0.0.1", "--ports", "\(closed.port)"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("nothing listens"), "\(none.stderr)")
        #expect(none.stdout.contains("0 listening (1 closed"), "the summary is still printed: \(none.stdout)")

        let big = try Run.tlsprobe(["scan", "127.0.0.0/15", "--ports", "\(closed.port)"])
        #expect(big.status == 64)
        #expect(big.stderr.contains("131072 addresses") && big.stderr.contains("--force"), "\(big.stderr)")
        #expect(big.stdout.isEmpty)

        for (arguments, says) in [
            (["scan"], "give a target"),
            (["scan", "127.0.0.1", "--ports", "0"], "not a port"),
            (["scan", "127.0.0.1", "--concurrency", "0"], "--concurrency"),
            (["scan", "127.0.0.1", "--timeout", "-1"], "--timeout"),
            (["scan", "127.0.0.0/33"], "prefix length"),
            (["scan", "127.0.0.1-0"], "ends before it starts"),
        ] {
            let r = try Run.tlsprobe(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr.contains(says), "\(arguments): \(r.stderr)")
        }
    }

    /// SIGTERM (as Ctrl-C's SIGINT) stops starting endpoints; what was found is printed.
    /// Five ports accept and never answer; --concurrency 3 is one handshake's sockets: the
    /// handshake in progress ends at --timeout, and no other handshake starts after it.
    @Test func interruptedScanPrintsWhatWasFound() throws {
        let silent = try (0..<5).map { _ in try MisbehavingServer([.stall(30)]) }
        defer { silent.forEach { $0.stop() } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Run.tlsprobePath)
        process.arguments = [
            "scan", "127.0.0.1", "--ports", Self.portList(silent.map(\.port)), "--concurrency", "3",
            "--timeout", "3", "--json",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        // The sweep connects once to each port: a second connection to one server is a
        // handshake under way, which must be there before the signal.
        while !silent.contains(where: { $0.connections >= 2 }) && Date() < deadline { usleep(20_000) }
        #expect(silent.contains { $0.connections >= 2 }, "a handshake reached a server after the sweep")
        kill(process.processIdentifier, SIGTERM)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = try Self.objects(String(decoding: data, as: UTF8.self))
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect(summary["interrupted"] as? Bool == true)
        let found = summary["found"] as? Int ?? 0
        let ended = (summary["errors"] as? [String: Int])?["connect.no_tls_answer"] ?? 0
        #expect(ended >= 1 && ended <= found && ended < 5, "the handshake in progress finished, no more: \(summary)")
        #expect(lines.first?["error"] != nil, "the silent endpoint's error object came first")
        // Not "all clean": the endpoints never reached may fail too.
        #expect(process.terminationStatus == 130)
    }

    /// A targets file saved on Windows (CRLF) and a repeated target: read, scanned once.
    @Test func crlfFilesAndRepeatedTargets() throws {
        let pki = PKIFiles(host: "printer.local", ips: [])
        let server = try pki.server()
        defer { server.stop() }
        let file = pki.dir.write("targets.txt", "# shop\r\n127.0.0.1:\(server.port)\r\n127.0.0.1:\(server.port)\r\n")
        let map = pki.dir.write("names.txt", "127.0.0.1 printer.local\r\n")
        let result = try Run.tlsprobe(
            ["scan", "--targets-file", file, "--host-map", map, "--anchor", pki.root, "--json"],
            timeout: 60
        )
        #expect(result.status == 0, "\(result.stdout.prefix(1500)) \(result.stderr)")
        let lines = try Self.objects(result.stdout)
        #expect(lines.count == 2, "one report and the summary: \(lines.count)")
        #expect((lines.first?["trust"] as? [String: Any])?["trusted"] as? Bool == true)
    }
}

/// What scan shows on a terminal, and with --versions.
@Suite struct ScanTerminalAndVersionsTests {
    /// The progress line (done/total, found, rate) is drawn on a terminal's stderr, and
    /// never into a pipe.
    @Test func progressOnlyOnATerminal() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let server = try pki.server()
        defer { server.stop() }
        let closed = try ReservedPort()
        let arguments = [
            "scan", "127.0.0.1", "--ports", "\(server.port),\(closed.port)", "--anchor", pki.root, "--json",
        ]
        let piped = try Run.tlsprobe(arguments, timeout: 60)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(!piped.stderr.contains("endpoints ·"), "no progress into a pipe: \(piped.stderr)")

        // script(1) runs it on a pseudo-terminal: stdout and stderr both go there.
        let command = ([Run.tlsprobePath] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let tty = try Run.process(
            "script",
            ["-qfec", command, "/dev/null"],
            environment: ["TERM": "dumb", "PATH": "/usr/bin:/bin"],
            timeout: 60
        )
        #expect(tty.status == 0, "\(tty.stdout) \(tty.stderr)")
        #expect(tty.stdout.contains("endpoints · "), "a progress line on the terminal: \(tty.stdout.prefix(500))")
        #expect(tty.stdout.contains("\"summary\""))
    }

    /// --versions probes each version at every endpoint, and keeps the sockets within
    /// --concurrency by working on a quarter as many endpoints at once.
    @Test func versionsAtEveryEndpoint() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let server = try pki.server(["-tls1_2"])
        defer { server.stop() }
        let result = try Run.tlsprobe(
            ["scan", "127.0.0.1", "--ports", "\(server.port)", "--anchor", pki.root, "--json", "--versions"],
            timeout: 60
        )
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data((result.stdout.split(separator: "\n").first ?? "").utf8))
                as? [String: Any]
        )
        let versions = try #require(report["versions"] as? [String: Bool], "\(result.stdout.prefix(1000))")
        #expect(versions["TLSv1.2"] == true && versions["TLSv1.3"] == false, "\(versions)")
        var c = ScanSession.Configuration(plan: ScanPlan(targets: [], ports: [443]))
        c.concurrency = 64
        #expect(ScanSession.endpointsAtOnce(c) * ScanSession.socketsPerEndpoint <= 64)
        #expect(ScanSession.endpointsAtOnce(c) == 64 / ScanSession.socketsPerEndpoint)
        c.probeVersions = true
        #expect(ScanSession.endpointsAtOnce(c) * ScanSession.socketsPerVersionsEndpoint <= 64)
        let few = try Run.tlsprobe([
            "scan", "127.0.0.1", "--ports", "\(server.port)", "--versions", "--concurrency", "3",
        ])
        #expect(few.status == 64 && few.stderr.contains("--versions needs --concurrency 4"), "\(few.stderr)")
    }
}

/// The sockets a scan holds stay within --concurrency, however many endpoints it has.
@Suite struct ScanSocketBoundTests {
    /// The TCP sockets `pid` has open now to one of `ports` on loopback: its fds
    /// (/proc/PID/fd) whose socket inode /proc/net/tcp lists with that remote port.
    static func sockets(of pid: Int32, to ports: Set<Int>) -> (count: Int, all: [String]) {
        let dir = "/proc/\(pid)/fd"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return (0, []) }
        let links = entries.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(dir)/\($0)") }
            .filter { $0.hasPrefix("socket:[") }
        // /proc files say they are empty: read to the end, not to their size.
        guard let handle = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return (0, links) }
        defer { try? handle.close() }
        let table = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var toPorts = Set<String>()
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9,
                let remotePort = fields[2].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
                ports.contains(remotePort)
            else { continue }
            toPorts.insert("socket:[\(fields[9])]")
        }
        return (links.filter(toPorts.contains).count, links)
    }

    /// Twelve endpoints that accept and never answer, --concurrency 6 (two endpoints at once,
    /// each of which may hold 3 sockets): sampled all along, the process never holds more
    /// than six sockets, and does hold two at once.
    @Test func neverMoreSocketsThanConcurrency() throws {
        let silent = try (0..<12).map { _ in try MisbehavingServer([.stall(10)]) }
        defer { silent.forEach { $0.stop() } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Run.tlsprobePath)
        process.arguments = [
            "scan", "127.0.0.1", "--ports", silent.map { String($0.port) }.joined(separator: ","),
            "--concurrency", "6", "--timeout", "1", "--json",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ports = Set(silent.map(\.port))
        var most = 0
        var allSockets = 0
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            let now = Self.sockets(of: process.processIdentifier, to: ports)
            most = max(most, now.count)
            allSockets = max(allSockets, now.all.count)
            usleep(2_000)
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "no endpoint answered TLS")
        #expect(most <= 6, "at most --concurrency sockets at once, saw \(most) (of \(allSockets) sockets in all)")
        #expect(most >= 2, "the sampling saw the scan's sockets (\(most))")
        #expect(silent.allSatisfy { $0.connections >= 2 }, "every endpoint was swept and shaken hands with")
    }
}
