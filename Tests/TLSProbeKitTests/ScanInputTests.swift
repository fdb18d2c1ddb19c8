import Foundation
import Testing
import TestSupport
import TLSProbeKit

/// scan's targets, --ports, --targets-file and --host-map: what each form means, that a
/// block is walked without being listed, and that no input, however hostile, crashes the
/// parser (every prefix, garbage).
@Suite struct ScanInputTests {
    func hosts(_ target: ScanTarget) -> [String] { (0..<target.hostCount).map(target.host(at:)) }

    @Test func namesAddressesAndPorts() throws {
        let name = try ScanInput.target("Printer.local")
        #expect(name.hosts == .name("printer.local"))
        #expect(name.port == nil)
        let withPort = try ScanInput.target("printer.local:4433")
        #expect(withPort.hosts == .name("printer.local") && withPort.port == 4433)
        let v4 = try ScanInput.target("10.0.0.5:8443")
        #expect(hosts(v4) == ["10.0.0.5"] && v4.port == 8443)
        let v6 = try ScanInput.target("[fd00::5]:443")
        #expect(hosts(v6) == ["fd00::5"] && v6.port == 443)
        let bare6 = try ScanInput.target("::1")
        #expect(hosts(bare6) == ["::1"] && bare6.port == nil)
        #expect(hosts(try ScanInput.target("[::1]")) == ["::1"])
    }

    @Test func blocksAndRanges() throws {
        let block = try ScanInput.target("127.0.0.0/30")
        #expect(hosts(block) == ["127.0.0.0", "127.0.0.1", "127.0.0.2", "127.0.0.3"])
        // Host bits set: the block they are in.
        #expect(hosts(try ScanInput.target("10.0.0.77/29")) == (72...79).map { "10.0.0.\($0)" })
        #expect(try ScanInput.target("10.0.0.0/16").hostCount == 65_536)
        #expect(try ScanInput.target("10.0.0.1/32").hostCount == 1)
        let sixteen = try ScanInput.target("10.1.0.0/16")
        #expect(sixteen.host(at: 65_535) == "10.1.255.255")
        #expect(sixteen.host(at: 256) == "10.1.1.0")
        let v6 = try ScanInput.target("fd00::ff/120")
        #expect(v6.hostCount == 256)
        #expect(v6.host(at: 0) == "fd00::" && v6.host(at: 255) == "fd00::ff")
        #expect(hosts(try ScanInput.target("10.0.0.10-13")) == ["10.0.0.10", "10.0.0.11", "10.0.0.12", "10.0.0.13"])
        let across = try ScanInput.target("10.0.0.254-10.0.1.1")
        #expect(hosts(across) == ["10.0.0.254", "10.0.0.255", "10.0.1.0", "10.0.1.1"])
        #expect(
            hosts(try ScanInput.target("fd00::fe-fd00::101")) == ["fd00::fe", "fd00::ff", "fd00::100", "fd00::101"]
        )
        // The largest block taken at all (with --force): a /8; beyond, refused whatever the flags.
        #expect(try ScanInput.target("10.0.0.0/8").hostCount == ScanInput.hardLimit)
    }

    @Test(arguments: [
        ("10.0.0.0/7", "scan it in parts"),
        ("fd00::/64", "scan it in parts"),
        ("::/0", "scan it in parts"),
        ("10.0.0.0-11.0.0.1", "scan it in parts"),
        ("10.0.0.40-10", "ends before it starts"),
        ("10.0.0.0/33", "prefix length"),
        ("10.0.0.0/24:443", "prefix length"),
        ("10.0.0.256", "not an IPv4 address"),
        ("10.0.0", "not an IPv4 address"),
        ("10.0.0.1:0", "port must be"),
        ("10.0.0.1:65536", "port must be"),
        ("host:", "port must be"),
        ("[fd00::1", "closing"),
        ("[10.0.0.1]:443", "not an IPv6 address"),
        ("[::1]x", "expected \":PORT\""),
        ("fd00::1:443x", "[ADDRESS]:PORT"),
        ("10.0.0.1-::5", "must be IPv4, or both IPv6"),
        ("bad_-.host-", "not a host name"),
        ("-lead.example", "not a host name"),
        ("a..b", "not a host name"),
        ("pr inter", "ASCII without spaces"),
        ("drucker.bür", "ASCII without spaces"),
        ("", "empty target"),
        (":443", "host is missing"),
    ])
    func refusedWithAMessage(_ text: String, _ says: String) {
        #expect(throws: ScanInput.ParseError.self) { try ScanInput.target(text) }
        do {
            _ = try ScanInput.target(text)
        } catch {
            #expect(error.description.contains(says), "\(text): \(error.description)")
        }
    }

    @Test func ports() throws {
        #expect(try ScanInput.ports("443,4433,8443") == [443, 4433, 8443])
        #expect(try ScanInput.ports("8000-8003, 443,8001") == [8000, 8001, 8002, 8003, 443])
        #expect(try ScanInput.ports("1-65535").count == 65_535)
        for bad in ["", "0", "65536", "443,", "a", "10-5", "1-2-3", "-5", "443;8443", "99999999999999999999"] {
            #expect(throws: ScanInput.ParseError.self, "\(bad)") { try ScanInput.ports(bad) }
        }
        // The default list leaves out the STARTTLS ports until scan can upgrade.
        for starttls in [25, 587, 143, 110, 389, 5432] { #expect(ScanInput.defaultPorts.contains(starttls)) }
        #expect(ScanInput.defaultPorts.contains(443) && ScanInput.defaultPorts.contains(4433))
    }

    @Test func targetsFileAndHostMap() throws {
        let file = """
            # the front desk
            10.0.0.5   # printer
            printer.local:4433

            10.0.0.0/30\r
            """
        let targets = try ScanInput.targetsFile(file, name: "devices.txt")
        #expect(targets.map(\.text) == ["10.0.0.5", "printer.local:4433", "10.0.0.0/30"])
        #expect {
            try ScanInput.targetsFile("10.0.0.5\n10.0.0.300\n", name: "devices.txt")
        } throws: { ($0 as? ScanInput.ParseError)?.description.hasPrefix("devices.txt, line 2: ") == true }

        let map = try ScanInput.hostMap("10.0.0.5 Printer.local # the printer\n\n::1\tlocalhost\n", name: "names.txt")
        #expect(map == ["10.0.0.5": "printer.local", "::1": "localhost"])
        for bad in ["10.0.0.5", "10.0.0.5 a b", "printer.local 10.0.0.5", "10.0.0.5 10.0.0.6", "10.0.0.5 bad..name"] {
            #expect(throws: ScanInput.ParseError.self, "\(bad)") { try ScanInput.hostMap(bad, name: "names.txt") }
        }
    }

    /// The plan walks endpoints one at a time: a /16 with 13 ports is counted, not listed.
    @Test func thePlanIsWalkedNotListed() throws {
        var plan = ScanPlan(
            targets: [try ScanInput.target("127.0.0.0/30"), try ScanInput.target("localhost:4433")],
            ports: [443, 8443]
        )
        #expect(plan.endpointCount == 4 * 2 + 1)
        var cursor = ScanPlan.Cursor(plan)
        var seen: [String] = []
        while let e = cursor.next() { seen.append("\(e.host):\(e.port)") }
        #expect(
            seen == [
                "127.0.0.0:443", "127.0.0.0:8443", "127.0.0.1:443", "127.0.0.1:8443", "127.0.0.2:443",
                "127.0.0.2:8443", "127.0.0.3:443", "127.0.0.3:8443", "localhost:4433",
            ]
        )
        plan = ScanPlan(targets: [try ScanInput.target("10.0.0.0/16")], ports: ScanInput.defaultPorts)
        #expect(plan.hostCount == 65_536)
        #expect(plan.endpointCount == 65_536 * ScanInput.defaultPorts.count)
    }

    /// Every prefix of every form, and random garbage: read or refused, never a crash.
    @Test func everyPrefixAndGarbage() {
        let samples = [
            "[fd00::1234:5678]:4433", "10.0.0.10-10.0.1.40", "fd00::ff/120", "printer.local:4433", "10.0.0.0/24",
            "10.0.0.10-40",
        ]
        for sample in samples {
            for end in 0...sample.count {
                let prefix = String(sample.prefix(end))
                if let target = try? ScanInput.target(prefix), target.hostCount > 0 {
                    _ = target.host(at: target.hostCount - 1)
                }
                _ = try? ScanInput.ports(prefix)
                _ = try? ScanInput.hostMap(prefix, name: "x")
            }
        }
        var random = SplitMix64(seed: 14)
        let alphabet = Array("0123456789abcdef.:-/[]%# \n\t,xyz\u{0}\u{7F}é")
        for _ in 0..<20_000 {
            let length = Int(random.next() % 40)
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            if let target = try? ScanInput.target(text) {
                #expect(target.hostCount >= 1 && target.hostCount <= ScanInput.hardLimit, "\(text)")
                _ = target.host(at: target.hostCount - 1)
            }
            _ = try? ScanInput.ports(text)
            _ = try? ScanInput.targetsFile(text, name: "x")
            _ = try? ScanInput.hostMap(text, name: "x")
        }
    }
}

/// `--concurrency` within the open-file limit: with `ulimit -n 40`, 64 sockets at once
/// made 165 of 200 endpoints fail on "too many open files".
@Suite struct ScanConcurrencyLimitTests {
    @Test func concurrencyIsLoweredToWhatTheOpenFileLimitLeaves() {
        #expect(ScanSession.concurrency(64, openFileLimit: 40, versions: false) == 16)
        #expect(ScanSession.concurrency(64, openFileLimit: 1024, versions: false) == 64)
        #expect(ScanSession.concurrency(64, openFileLimit: nil, versions: false) == 64)
        #expect(ScanSession.concurrency(64, openFileLimit: 20, versions: true) == 4)
        #expect(ScanSession.concurrency(64, openFileLimit: 20, versions: false) == 1)
    }
}

/// `--shard K/N`: the N shards cover every position once, and each counts its own.
@Suite struct ScanShardTests {
    @Test func shardsPartitionThePlan() {
        for n in [1, 2, 3, 7] {
            var owners = [Int](repeating: 0, count: 50)
            for k in 1...n {
                let shard = ScanShard(index: k, count: n)
                for position in 0..<50 where shard.contains(position) { owners[position] += 1 }
                for (low, high) in [(0, 50), (3, 17), (10, 10), (0, 1)] {
                    #expect(
                        shard.count(in: low..<high) == (low..<high).filter(shard.contains).count,
                        "\(k)/\(n) over \(low)..<\(high)"
                    )
                }
            }
            #expect(owners.allSatisfy { $0 == 1 }, "\(n) shards: \(owners)")
        }
    }

    @Test func shardText() {
        #expect(ScanShard.parse("1/2") == ScanShard(index: 1, count: 2))
        #expect(ScanShard.parse("4/4")?.description == "4/4")
        for bad in ["0/2", "3/2", "1/0", "1", "1/2/3", "a/b", "-1/2", "1/65537", "/2", "1/"] {
            #expect(ScanShard.parse(bad) == nil, "\(bad)")
        }
    }
}
