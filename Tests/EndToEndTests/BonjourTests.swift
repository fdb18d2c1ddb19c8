import Foundation
import Testing
import TestSupport

/// `scan --bonjour` and `.local` names by multicast DNS, against a real mDNS responder
/// (Debian's python3-zeroconf) and real `openssl s_server`s, all inside a network
/// namespace this suite creates, with multicast on its loopback only. tlsprobe runs inside
/// it too (`ip netns exec`), so it sees no other interface: no packet leaves the namespace.
/// Skipped with a message when not root, without `ip netns`, or without python3-zeroconf.
let bonjourComment = Comment(
    rawValue: "needs root, ip netns and python3-zeroconf for /usr/bin/python3: \(BonjourTests.unavailable ?? "")"
)

@Suite(.serialized) struct BonjourTests {
    struct NamespaceError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The responder: registers each service given as JSON, then writes the ready file.
    static let responder = """
        import json, socket, sys, time
        from zeroconf import IPVersion, ServiceInfo, Zeroconf
        services, ready = json.loads(sys.argv[1]), sys.argv[2]
        zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        for s in services:
            zc.register_service(ServiceInfo(
                s["type"] + ".local.", s["instance"] + "." + s["type"] + ".local.",
                addresses=[socket.inet_aton("127.0.0.1")], port=s["port"],
                properties=s.get("txt", {}), server=s["host"] + ".local."),
                cooperating_responders=True)
        open(ready, "w").write("ready")
        time.sleep(600)
        """

    /// A namespace with a responder and one s_server per service; removed on deinit.
    final class Neighbourhood {
        let name = "tlsprobe-bonjour-\(getpid())-\(UInt32.random(in: 0..<UInt32.max))"
        let pki = PKIFiles(host: "printer.local")
        var processes: [BackgroundProcess] = []
        var created = false

        /// Each advertised service: instance, type, SRV host, port, and the leaf it serves.
        struct Service {
            var instance: String
            var type: String
            var host: String
            var port: Int
            var leaf: (cert: String, key: String)?
            var txt: [String: String] = [:]
        }

        init(_ services: (PKIFiles) -> [Service]) throws {
            let dir = pki.dir
            try Self.ip(["netns", "add", name])
            created = true
            try Self.ip(["netns", "exec", name, "ip", "link", "set", "lo", "up"])
            try Self.ip(["netns", "exec", name, "ip", "link", "set", "lo", "multicast", "on"])
            try Self.ip(["netns", "exec", name, "ip", "route", "add", "224.0.0.0/4", "dev", "lo"])
            let list = services(pki)
            for service in list {
                let leaf = service.leaf ?? (pki.leaf, pki.key)
                var arguments = [
                    "netns", "exec", name, "openssl", "s_server", "-accept", "127.0.0.1:\(service.port)", "-cert",
                    leaf.cert, "-key", leaf.key, "-quiet",
                ]
                if service.leaf == nil || leaf.cert != pki.leaf { arguments += ["-cert_chain", pki.intermediate] }
                processes.append(try BackgroundProcess("/usr/sbin/ip", arguments))
            }
            let json = try JSONSerialization.data(
                withJSONObject: list.map {
                    ["instance": $0.instance, "type": $0.type, "host": $0.host, "port": $0.port, "txt": $0.txt]
                        as [String: Any]
                }
            )
            let script = dir.write("responder.py", BonjourTests.responder)
            let ready = dir.file("ready")
            processes.append(
                try BackgroundProcess(
                    "/usr/sbin/ip",
                    ["netns", "exec", name, "/usr/bin/python3", script, String(decoding: json, as: UTF8.self), ready]
                )
            )
            let deadline = Date().addingTimeInterval(30 * Slowness.factor)
            while !FileManager.default.fileExists(atPath: ready) && Date() < deadline { usleep(50_000) }
            guard FileManager.default.fileExists(atPath: ready) else {
                throw NamespaceError("the zeroconf responder did not register: \(processes.last?.stop() ?? "")")
            }
            for service in list {
                let up = try Run.process(
                    "/usr/sbin/ip",
                    [
                        "netns", "exec", name, "bash", "-c",
                        "for i in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/\(service.port)) 2>/dev/null && exit 0; sleep 0.05; done; exit 1",
                    ]
                )
                guard up.status == 0 else { throw NamespaceError("s_server on \(service.port) did not start") }
            }
        }

        /// tlsprobe run inside the namespace.
        func tlsprobe(_ arguments: [String]) throws -> Run.Result {
            try Run.process("/usr/sbin/ip", ["netns", "exec", name, Run.tlsprobePath] + arguments, timeout: 60)
        }

        deinit {
            for process in processes { process.stop() }
            if created { _ = try? Run.process("/usr/sbin/ip", ["netns", "del", name]) }
        }

        static func ip(_ arguments: [String]) throws {
            let result = try Run.process("/usr/sbin/ip", arguments)
            guard result.status == 0 else {
                throw NamespaceError("ip \(arguments.joined(separator: " ")): \(result.stderr)")
            }
        }
    }

    /// Usage errors (exit status 64) before any packet is sent.
    @Test func browsingOptionsAreCheckedBeforeAnythingIsSent() throws {
        for (arguments, words) in [
            (["--service", "_shoptill._tcp", "127.0.0.1"], "give --bonjour too"),
            (["--bonjour", "--service", "_coap._udp"], "over TCP"),
            (["--bonjour", "--service", "shoptill"], "_NAME._tcp"),
            (["--bonjour", "--browse-time", "0"], "--browse-time"),
            (["--bonjour", "--shard", "1/2", "127.0.0.1"], "--shard cannot be combined with --bonjour"),
        ] {
            let out = try Run.tlsprobe(["scan"] + arguments)
            #expect(out.status == 64 && out.stderr.contains(words), "\(arguments): \(out.status) \(out.stderr)")
        }
    }

    /// Why this suite cannot run here, or nil.
    static var unavailable: String? {
        if getuid() != 0 { return "not root: network namespaces need root" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") { return "no /usr/sbin/ip" }
        guard let check = try? Run.process("/usr/bin/python3", ["-c", "import zeroconf"]), check.status == 0 else {
            return "no python3-zeroconf for /usr/bin/python3 (Tests/install-packages.sh python3-zeroconf)"
        }
        return nil
    }

    /// Two well-named services, a renamed camera, a self-signed panel, an app's own type.
    static func shop(_ pki: PKIFiles) -> [Neighbourhood.Service] {
        let leaf = { (host: String) in
            pki.files(host, TestPKI.issueLive(.server(host), by: pki.chain.intermediate))
        }
        return [
            .init(instance: "Front Desk Printer", type: "_ipps._tcp", host: "printer", port: 8631, leaf: nil),
            .init(
                instance: "Office NAS",
                type: "_https._tcp",
                host: "nas",
                port: 5001,
                leaf: leaf("nas.local"),
                txt: ["path": "/admin"]
            ),
            .init(
                instance: "Camera (2)",
                type: "_https._tcp",
                host: "camera-2",
                port: 8443,
                leaf: leaf("camera.local")
            ),
            .init(
                instance: "Door Panel",
                type: "_https._tcp",
                host: "panel",
                port: 9443,
                leaf: pki.files("panel", TestPKI.issueLive(.server("panel.local")))
            ),
            .init(instance: "Till 1", type: "_shoptill._tcp", host: "till", port: 7443, leaf: leaf("till.local")),
        ]
    }

    static func lines(_ out: String) -> [[String: Any]] {
        out.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test(.enabled(if: BonjourTests.unavailable == nil, bonjourComment))
    func browsingFindsEachInstanceAndJudgesItUnderItsAdvertisedName() throws {
        let net = try Neighbourhood(Self.shop)
        let started = Date()
        let out = try net.tlsprobe(["scan", "--bonjour", "--anchor", net.pki.root, "--json"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 30, "scan --bonjour took \(elapsed) s")
        let reports = Self.lines(out.stdout).filter { $0["bonjour"] != nil }
        let byHost = Dictionary(
            reports.map { (($0["bonjour"] as? [String: Any])?["host"] as? String ?? "?", $0) },
            uniquingKeysWith: { a, _ in a }
        )
        #expect(reports.count == 4, "four standard-type instances, once each: \(out.stdout) \(out.stderr)")
        #expect(Set(byHost.keys) == ["printer.local", "nas.local", "camera-2.local", "panel.local"])
        let nas = try #require(byHost["nas.local"]?["bonjour"] as? [String: Any])
        #expect(nas["instance"] as? String == "Office NAS" && nas["type"] as? String == "_https._tcp")
        #expect(nas["port"] as? Int == 5001 && nas["txt"] as? [String] == ["path=/admin"])
        func trusted(_ host: String) -> Bool? { (byHost[host]?["trust"] as? [String: Any])?["trusted"] as? Bool }
        #expect(trusted("nas.local") == true && trusted("printer.local") == true)
        #expect(trusted("panel.local") == false, "the self-signed panel is not trusted")
        // SNI is the advertised host, as a browsing client sends it.
        #expect((byHost["camera-2.local"]?["target"] as? [String: Any])?["sni"] as? String == "camera-2.local")
        let findings = byHost["camera-2.local"]?["findings"] as? [[String: Any]] ?? []
        let mismatch = try #require(findings.first { $0["code"] as? String == "name.mismatch" })
        let message = mismatch["message"] as? String ?? ""
        #expect(message.contains("does not name the advertised host \"camera-2.local\""), "\(message)")
        let fix = mismatch["fix"] as? String ?? ""
        #expect(fix.contains("--host camera-2.local") && fix.contains("rename the device back"), "\(fix)")
        #expect(out.status == 1, "findings at error severity: exit 1 (\(out.status))")
        try SchemaTests.expectValid(out.stdout, "scan", lines: true)
    }

    @Test(.enabled(if: BonjourTests.unavailable == nil, bonjourComment))
    func theTableShowsInstanceNamesAndAnAppsOwnTypeIsAdded() throws {
        let net = try Neighbourhood(Self.shop)
        let started = Date()
        let out = try net.tlsprobe(["scan", "--bonjour", "--service", "_shoptill._tcp", "--anchor", net.pki.root])
        #expect(Date().timeIntervalSince(started) < 30)
        let table = out.stdout
        #expect(table.contains("SERVICE"), "\(table)")
        for (instance, type) in [
            ("Front Desk Printer", "_ipps._tcp"), ("Office NAS", "_https._tcp"), ("Camera (2)", "_https._tcp"),
            ("Door Panel", "_https._tcp"), ("Till 1", "_shoptill._tcp"),
        ] {
            let rows = table.split(separator: "\n").filter { $0.contains("\"\(instance)\" \(type)") }
            #expect(rows.count == 1, "\(instance) once: \(table)")
        }
        #expect(table.contains("till.local:7443"))
    }

    @Test(.enabled(if: BonjourTests.unavailable == nil, bonjourComment))
    func aLocalNameResolvesByMulticastDNSWithoutSystemSupport() throws {
        let net = try Neighbourhood(Self.shop)
        let started = Date()
        let out = try net.tlsprobe(["connect", "nas.local:5001", "--anchor", net.pki.root, "--json"])
        #expect(Date().timeIntervalSince(started) < 30)
        let report = try #require(
            Self.lines(out.stdout.replacingOccurrences(of: "\n", with: " ")).first,
            "\(out.stderr)"
        )
        #expect((report["trust"] as? [String: Any])?["trusted"] as? Bool == true, "\(out.stdout) \(out.stderr)")
        #expect((report["target"] as? [String: Any])?["address"] as? String == "127.0.0.1")
        // A name nobody answers for fails within --timeout, saying multicast DNS was asked.
        let silent = try net.tlsprobe(["connect", "nobody.local:5001", "--timeout", "2"])
        #expect(silent.status == 2 && silent.stderr.contains("multicast DNS"), "\(silent.stderr)")
    }
}
