import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Why the namespace tests are skipped here, said by the test runner.
let namespaceComment = Comment(
    rawValue: "needs root and ip(8)/nft(8) to make a network namespace: \(NetworkNamespace.unavailable ?? "")"
)

/// `scan` on a small shop network rebuilt in a network namespace of the test's own:
/// 127.0.1.0/28 there, three live addresses (two TLS devices, an SSH-like banner, a
/// tarpit that accepts and never speaks), every other address dropping every packet as an
/// empty address does. tlsprobe runs inside the namespace, so nothing it dials leaves it.
@Suite(.serialized) struct ScanFieldTests {
    static let ports = "443,8443,4433,22,9443"

    /// The namespace and its devices; `delete()` stops them and removes it.
    final class ShopNetwork {
        let net: NetworkNamespace
        let pki = PKIFiles(host: "printer.local", ips: ["127.0.1.2", "127.0.1.3"])

        init(label: String) throws {
            net = try NetworkNamespace(label)
            do {
                for (host, port) in [("127.0.1.2", 443), ("127.0.1.2", 8443), ("127.0.1.3", 4433)] {
                    try net.start(
                        "openssl",
                        [
                            "s_server", "-accept", "\(host):\(port)", "-cert", pki.leaf, "-key", pki.key,
                            "-cert_chain", pki.intermediate, "-quiet",
                        ]
                    )
                }
                try net.startListener(host: "127.0.1.3", port: 22, banner: "SSH-2.0-OpenSSH_9.2p1 Debian-2")
                try net.startListener(host: "127.0.1.4", port: 9443)
                for (host, port) in [
                    ("127.0.1.2", 443), ("127.0.1.2", 8443), ("127.0.1.3", 4433), ("127.0.1.3", 22),
                    ("127.0.1.4", 9443),
                ] where !net.waitUntilListening(host: host, port: port) {
                    throw PeerError(description: "nothing listens on \(host):\(port) in \(net.name)")
                }
                // The other 13 addresses of the /28 drop everything, as empty addresses do.
                try net.nft(
                    """
                    table inet shop {
                        chain input {
                            type filter hook input priority 0; policy accept;
                            ip daddr 127.0.1.0/28 ip daddr != { 127.0.1.2, 127.0.1.3, 127.0.1.4 } drop
                        }
                    }
                    """
                )
            } catch {
                net.delete()
                throw error
            }
        }

        /// Drops `percent` % of all packets in the namespace, at random.
        func loss(_ percent: Int) throws {
            try net.nft(
                """
                table inet loss {
                    chain input {
                        type filter hook input priority 1; policy accept;
                        numgen random mod 100 < \(percent) drop
                    }
                }
                """
            )
        }

        func scan(_ extra: [String]) throws -> (result: Run.Result, lines: [[String: Any]], seconds: Double) {
            let started = Date()
            let result = try net.run(
                Run.tlsprobePath,
                ["scan", "127.0.1.0/28", "--ports", ScanFieldTests.ports, "--anchor", pki.root, "--json"] + extra,
                timeout: 300
            )
            let lines = try result.stdout.split(separator: "\n").map { line in
                try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    "not JSON: \(line.prefix(300)) \(result.stderr)"
                )
            }
            return (result, lines, Date().timeIntervalSince(started))
        }

        func delete() { net.delete() }
    }

    /// (host, port) of each endpoint line: a report's target, or an error object's.
    static func endpoints(_ lines: [[String: Any]]) -> [String] {
        lines.compactMap { line -> String? in
            if let target = line["target"] as? [String: Any], let host = target["host"] as? String,
                let port = target["port"] as? Int
            {
                return "\(host):\(port)"
            }
            if let error = line["error"] as? [String: Any], let target = error["target"] as? String { return target }
            return nil
        }.sorted()
    }

    static let live = ["127.0.1.2:443", "127.0.1.2:8443", "127.0.1.3:22", "127.0.1.3:4433", "127.0.1.4:9443"]

    /// The whole /28 in a few seconds, not 65 silent endpoints each waited out: every live
    /// endpoint found once, the SSH port "not TLS" with no error-severity finding, the
    /// tarpit ended at the stage timeout, and the 13 empty addresses counted once each.
    @Test(.enabled(if: NetworkNamespace.unavailable == nil, namespaceComment))
    func emptyAddressesSilentHostsAndATarpit() throws {
        let shop = try ShopNetwork(label: "field")
        defer { shop.delete() }
        let (result, lines, seconds) = try shop.scan(["--timeout", "4"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(Self.endpoints(lines) == Self.live, "\(result.stdout.prefix(3000))")
        let summary = try #require(lines.last?["summary"] as? [String: Any], "\(result.stdout.suffix(2000))")
        #expect(summary["silent_hosts"] as? Int == 13, "\(summary)")
        #expect(summary["probed"] as? Int == 80 && summary["silent"] as? Int == 65, "\(summary)")
        #expect(summary["found"] as? Int == 5 && summary["not_tls"] as? Int == 1, "\(summary)")
        #expect((summary["errors"] as? [String: Int])?["connect.no_tls_answer"] == 1, "the tarpit: \(summary)")
        let ssh = try #require(
            lines.first { ($0["target"] as? [String: Any])?["port"] as? Int == 22 },
            "\(result.stdout.prefix(2000))"
        )
        let severities = (ssh["findings"] as? [[String: Any]] ?? []).compactMap { $0["severity"] as? String }
        #expect(!severities.contains("error"), "not TLS is not an error: \(ssh["findings"] ?? [])")
        // 65 silent endpoints waited out one by one took 5 s × 65 / 21 before; the tarpit's
        // handshake ends at --timeout 4. Generous: a loaded machine.
        #expect(seconds < 30 * Slowness.factor, "took \(seconds) s")
    }

    /// With 3 % of the packets dropped at random, every live endpoint is still found; and
    /// --shard 1/2 with --shard 2/2 is the whole scan, no endpoint twice.
    @Test(.enabled(if: NetworkNamespace.unavailable == nil, namespaceComment))
    func lossAndShards() throws {
        let shop = try ShopNetwork(label: "shard")
        defer { shop.delete() }
        let one = try shop.scan(["--timeout", "3", "--shard", "1/2"])
        let two = try shop.scan(["--timeout", "3", "--shard", "2/2"])
        #expect(one.result.status != 64 && two.result.status != 64, "\(one.result.stderr) \(two.result.stderr)")
        let merged = Self.endpoints(one.lines) + Self.endpoints(two.lines)
        #expect(merged.sorted() == Self.live, "\(merged)")
        let s1 = one.lines.last?["summary"] as? [String: Any] ?? [:]
        let s2 = two.lines.last?["summary"] as? [String: Any] ?? [:]
        #expect(s1["shard"] as? String == "1/2" && s2["shard"] as? String == "2/2", "\(s1) \(s2)")
        #expect((s1["probed"] as? Int ?? 0) + (s2["probed"] as? Int ?? 0) == 80, "\(s1) \(s2)")
        #expect((s1["endpoints"] as? Int ?? 0) + (s2["endpoints"] as? Int ?? 0) == 80, "\(s1) \(s2)")

        try shop.loss(3)
        let lossy = try shop.scan(["--timeout", "4"])
        #expect(Self.endpoints(lossy.lines) == Self.live, "3 % loss: \(lossy.result.stdout.prefix(3000))")
    }

    /// --rate spaces connection attempts: 30 closed ports at 20 a second take 1.5 s at least.
    @Test func rateSpacesAttempts() throws {
        let closed = try (0..<30).map { _ in try ReservedPort() }
        let started = Date()
        let r = try Run.tlsprobe(
            ["scan", "127.0.0.1", "--ports", closed.map { String($0.port) }.joined(separator: ","), "--rate", "20"],
            timeout: 60
        )
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 2, "nothing listens: \(r.stderr)")
        #expect(seconds >= 1.4, "30 attempts at 20/s: \(seconds) s")
    }

    /// --per-host 2: four ports of one address that accept and never speak are shaken
    /// hands with two at a time, so --timeout 1 each takes two rounds.
    @Test func perHostLimitsHandshakesToOneAddress() throws {
        let tarpits = try (0..<4).map { _ in try MisbehavingServer([.stall(10)]) }
        defer { tarpits.forEach { $0.stop() } }
        let started = Date()
        let r = try Run.tlsprobe(
            [
                "scan", "127.0.0.1", "--ports", tarpits.map { String($0.port) }.joined(separator: ","),
                "--per-host", "2", "--timeout", "1", "--json",
            ],
            timeout: 60
        )
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 2, "no TLS answer anywhere: \(r.stderr)")
        #expect(r.stdout.components(separatedBy: "connect.no_tls_answer").count - 1 >= 4, "\(r.stdout.prefix(2000))")
        #expect(seconds >= 1.9, "two rounds of 1 s: \(seconds) s")
    }

    /// The sweep's connection to a device that serves one connection at a time is closed
    /// with a FIN, retransmitted until acknowledged: with every RST lost on the way (as
    /// one can be on a lossy network), s_server still sees the end and serves the handshake.
    @Test(.enabled(if: NetworkNamespace.unavailable == nil, namespaceComment))
    func aLostPacketDoesNotHangAOneConnectionDevice() throws {
        let shop = try ShopNetwork(label: "norst")
        defer { shop.delete() }
        try shop.net.nft(
            """
            table inet norst {
                chain input {
                    type filter hook input priority 2; policy accept;
                    tcp flags & rst == rst drop
                }
            }
            """
        )
        let r = try shop.net.run(
            Run.tlsprobePath,
            ["scan", "127.0.1.2", "--ports", "443,8443", "--anchor", shop.pki.root, "--json", "--timeout", "3"],
            timeout: 120
        )
        let lines = r.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let handshakes = lines.filter { ($0["chain"] as? [Any])?.isEmpty == false }
        #expect(handshakes.count == 2, "both devices answered TLS: \(r.stdout.prefix(2000)) \(r.stderr)")
    }
}
