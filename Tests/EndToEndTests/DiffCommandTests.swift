import Foundation
import Testing
import TestSupport

/// `tlsprobe diff` on real outputs: two scans of `openssl s_server`s on 127.0.0.1 whose
/// certificates and keys are swapped between them.
@Suite(.serialized) struct DiffCommandTests {
    /// Six endpoints in the first round: one to be re-keyed, one re-issued with the same
    /// key, one stopped, one (not yet listening) started, one moved to another root, one
    /// left alone.
    final class Fleet {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let otherRoot = TestPKI.issueLive(.root("Other Root CA"))
        lazy var otherIntermediate = TestPKI.issueLive(.intermediate("Other Intermediate CA"), by: otherRoot)
        lazy var otherRootFile = pki.dir.write("other-root.pem", otherRoot.pem)
        lazy var otherIntermediateFile = pki.dir.write("other-intermediate.pem", otherIntermediate.pem)
        var rekeyed, reissued, stopped, moved, unchanged: OpenSSLServer
        var started: OpenSSLServer?
        let startedPort: ReservedPort
        let reissuedLeaf: TestPKI.Issued
        let movedLeaf: TestPKI.Issued

        func leaf(_ name: String, by issuer: TestPKI.Issued? = nil, key: TestPKI.Issued? = nil) -> TestPKI.Issued {
            TestPKI.issueLive(
                .server("printer.local", ips: ["127.0.0.1"]),
                by: issuer ?? pki.chain.intermediate,
                reuseKey: key?.privateKey
            )
        }

        init() throws {
            rekeyed = try pki.server(
                chain: pki.intermediate,
                leaf: pki.files(
                    "a1",
                    TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"]), by: pki.chain.intermediate)
                )
            )
            reissuedLeaf = TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"]), by: pki.chain.intermediate)
            reissued = try pki.server(chain: pki.intermediate, leaf: pki.files("b1", reissuedLeaf))
            stopped = try pki.server()
            movedLeaf = TestPKI.issueLive(.server("printer.local", ips: ["127.0.0.1"]), by: pki.chain.intermediate)
            moved = try pki.server(chain: pki.intermediate, leaf: pki.files("e1", movedLeaf))
            unchanged = try pki.server()
            startedPort = try ReservedPort()
        }

        /// The second round: each swap made on the same port.
        func swap() throws {
            rekeyed.stop()
            rekeyed = try pki.server(
                chain: pki.intermediate,
                leaf: pki.files("a2", leaf("a2")),
                port: rekeyed.reservation
            )
            reissued.stop()
            reissued = try pki.server(
                chain: pki.intermediate,
                leaf: pki.files("b2", leaf("b2", key: reissuedLeaf)),
                port: reissued.reservation
            )
            stopped.stop()
            moved.stop()
            moved = try pki.server(
                chain: otherIntermediateFile,
                leaf: pki.files("e2", leaf("e2", by: otherIntermediate, key: movedLeaf)),
                port: moved.reservation
            )
            started = try pki.server(port: startedPort)
        }

        var ports: [Int] {
            [rekeyed.port, reissued.port, stopped.port, startedPort.port, moved.port, unchanged.port]
        }

        func scan(into name: String) throws -> String {
            let result = try Run.tlsprobe(
                [
                    "scan", "127.0.0.1", "--ports", ports.map(String.init).joined(separator: ","), "--anchor",
                    pki.root, "--anchor", otherRootFile, "--json", "--timeout", "10",
                ],
                timeout: 120
            )
            #expect(result.status == 0, "both roots are anchors: every endpoint trusted. \(result.stderr)")
            return pki.dir.write(name, result.stdout)
        }

        func stop() {
            for server in [rekeyed, reissued, stopped, moved, unchanged] + (started.map { [$0] } ?? []) {
                server.stop()
            }
        }
    }

    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    /// The issue's acceptance: exactly five changes, each at its endpoint, nothing at the
    /// unchanged one; a line per change; exit status 1, and 0 for an output against itself.
    @Test func namesTheFiveChangesBetweenTwoScans() throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        let old = try fleet.scan(into: "old.jsonl")
        let unchangedAlone = try Run.tlsprobe(
            ["connect", "127.0.0.1:\(fleet.unchanged.port)", "--anchor", fleet.pki.root, "--json"],
            timeout: 60
        )
        let connectFile = fleet.pki.dir.write("connect.json", unchangedAlone.stdout)
        try fleet.swap()
        let new = try fleet.scan(into: "new.jsonl")

        let text = try Run.tlsprobe(["diff", old, new, "--no-color"], timeout: 60)
        #expect(text.status == 1, "changes: exit 1. \(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let expected: [(Int, String)] = [
            (fleet.rekeyed.port, "cert.key_changed"), (fleet.reissued.port, "cert.reissued"),
            (fleet.stopped.port, "endpoint.gone"), (fleet.startedPort.port, "endpoint.new"),
            (fleet.moved.port, "chain.changed"),
        ]
        #expect(lines.count == 5, "one line per change:\n\(text.stdout)")
        for (port, kind) in expected {
            let at = lines.filter { $0.hasPrefix("127.0.0.1:\(port) ") }
            #expect(
                at.count == 1 && at.first?.contains("  \(kind)  ") == true,
                "port \(port): \(kind)?\n\(text.stdout)"
            )
        }
        #expect(!text.stdout.contains(":\(fleet.unchanged.port) "), "nothing at the unchanged endpoint")
        let keyLine = lines.first { $0.contains("cert.key_changed") } ?? ""
        #expect(keyLine.contains("interception") && keyLine.contains("reset"), "\(keyLine)")
        #expect(lines.first { $0.contains("chain.changed") }?.contains("Other Intermediate CA") == true)

        let json = try Run.tlsprobe(["diff", old, new, "--json"], timeout: 60)
        #expect(json.status == 1)
        let changes = try Self.objects(json.stdout)
        #expect(changes.count == 5)
        let key = try #require(changes.first { $0["change"] as? String == "cert.key_changed" })
        #expect(key["severity"] as? String == "error")
        #expect(key["port"] as? Int == fleet.rekeyed.port)
        let newReports = try Self.objects(try String(contentsOfFile: new, encoding: .utf8)).dropLast()
        let rekeyedNow = try #require(
            newReports.first { ($0["target"] as? [String: Any])?["port"] as? Int == fleet.rekeyed.port }
        )
        let leafNow = try #require((rekeyedNow["chain"] as? [[String: Any]])?.first)
        #expect((key["after"] as? [String: Any])?["spki_sha256"] as? String == leafNow["spki_sha256"] as? String)
        #expect((key["before"] as? [String: Any])?["spki_sha256"] as? String != leafNow["spki_sha256"] as? String)
        let reissued = try #require(changes.first { $0["change"] as? String == "cert.reissued" })
        #expect(
            (reissued["before"] as? [String: Any])?["spki_sha256"] as? String == (reissued["after"] as? [String: Any])?[
                "spki_sha256"
            ] as? String
        )
        #expect(
            (reissued["before"] as? [String: Any])?["serial"] as? String != (reissued["after"] as? [String: Any])?[
                "serial"
            ] as? String
        )

        let same = try Run.tlsprobe(["diff", old, old], timeout: 60)
        #expect(same.status == 0 && same.stdout.isEmpty, "no change: exit 0, nothing printed. \(same.stdout)")

        // connect's indented object reads back as one endpoint: against the new scan, the
        // unchanged endpoint says nothing, the others are new.
        let fromConnect = try Run.tlsprobe(["diff", connectFile, new, "--no-color"], timeout: 60)
        #expect(fromConnect.status == 1)
        #expect(!fromConnect.stdout.contains(":\(fleet.unchanged.port) "), "\(fromConnect.stdout)")
        #expect(
            fromConnect.stdout.split(separator: "\n").allSatisfy { $0.contains("endpoint.new") },
            "\(fromConnect.stdout)"
        )
    }

    /// An output that cannot be read back: exit 2, the file and line named; with --json,
    /// the error object. A missing argument: 64.
    @Test func unreadableInputNamesFileAndLine() throws {
        let dir = TemporaryDirectory()
        let good = dir.write(
            "good.jsonl",
            #"{"schema_version":1,"command":"scan","summary":{"interrupted":false}}"# + "\n"
        )
        let bad = dir.write(
            "bad.jsonl",
            #"{"schema_version":1,"command":"scan","summary":{}}"# + "\n\n{\"schema_version\":1,\"command\":\n"
        )
        let result = try Run.tlsprobe(["diff", good, bad])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: \(bad), line 3:"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let json = try Run.tlsprobe(["diff", good, bad, "--json"])
        #expect(json.status == 2)
        let error = try #require(try Self.objects(json.stdout).first)
        #expect(error["command"] as? String == "diff")
        #expect((error["error"] as? [String: Any])?["code"] as? String == "file.invalid")
        let missing = try Run.tlsprobe(["diff", good, dir.file("nothing.jsonl")])
        #expect(missing.status == 2 && missing.stderr.contains("nothing.jsonl"), "\(missing.stderr)")
        #expect(try Run.tlsprobe(["diff", good]).status == 64)
        #expect(try Run.tlsprobe(["diff", good, good, "--expiring", "-1"]).status == 64)
        #expect(try Run.tlsprobe(["diff", good, good]).status == 0)
    }

    /// `scan 127.0.0.1:P localhost:P`: two records at one address, in the order they
    /// finished. The same scan with the two lines swapped is no change: exit 0, nothing
    /// printed.
    @Test func anAddressAndANameAtOneEndpointSwappedAreNoChange() throws {
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.0.1"])
        let server = try pki.server()
        defer { server.stop() }
        let scan = try Run.tlsprobe(
            ["scan", "127.0.0.1:\(server.port)", "localhost:\(server.port)", "--anchor", pki.root, "--json"],
            timeout: 120
        )
        let lines = scan.stdout.split(separator: "\n").map(String.init)
        let reports = lines.filter { $0.contains(#""address":"127.0.0.1""#) }
        try #require(reports.count == 2, "one report dialled by address, one by name:\n\(scan.stdout)\n\(scan.stderr)")
        let others = lines.filter { !reports.contains($0) }
        let a = pki.dir.write("a.jsonl", (reports + others).joined(separator: "\n") + "\n")
        let b = pki.dir.write("b.jsonl", (reports.reversed() + others).joined(separator: "\n") + "\n")
        for (old, new) in [(a, b), (b, a)] {
            let diff = try Run.tlsprobe(["diff", old, new, "--no-color"], timeout: 60)
            #expect(
                diff.status == 0 && diff.stdout.isEmpty,
                "the same server: no change.\n\(diff.stdout)\(diff.stderr)"
            )
        }
    }

    /// A 16 MiB line that is no report, or an object of millions of values: refused (exit 2,
    /// the line named) in little memory, not after building the whole value.
    @Test func aHugeLineIsRefusedInLittleMemory() throws {
        let dir = TemporaryDirectory()
        let array = dir.write("array.jsonl", "[" + String(repeating: "0,", count: 8 << 20) + "0]\n")
        let object = dir.write(
            "object.jsonl",
            #"{"schema_version":1,"command":"connect","padding":["# + String(repeating: "0,", count: 8 << 20) + "0]}\n"
        )
        for (file, says) in [(array, "not a JSON object"), (object, "JSON values in one record")] {
            let result = try Run.process(
                "/usr/bin/time",
                ["-f", "maxrss_kb=%M", Run.tlsprobePath, "diff", file, file],
                timeout: 120
            )
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("\(file), line 1: ") && result.stderr.contains(says), "\(result.stderr)")
            let rss = result.stderr.split(separator: "\n").compactMap { line -> Int? in
                line.hasPrefix("maxrss_kb=") ? Int(line.dropFirst("maxrss_kb=".count)) : nil
            }.last
            let kb = try #require(rss, "\(result.stderr)")
            // Both 16 MiB files are read whole (32 MiB); the values are never all stored.
            #expect(kb < 120_000, "peak \(kb) kB for two 16 MiB lines")
        }
    }
}
