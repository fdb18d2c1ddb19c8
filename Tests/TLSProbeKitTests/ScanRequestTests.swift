import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSProbeKit

/// scan's options as TLSProbeKit reads them: the first usage error, the size of a plan, a
/// browse's instances added to the plan, the session's values, and the exit status and
/// message a summary gives.
@Suite struct ScanRequestTests {
    func request(_ targets: [String] = ["127.0.0.1"], _ change: (inout ScanRequest) -> Void = { _ in }) -> ScanRequest {
        var r = ScanRequest()
        r.targets = targets
        change(&r)
        return r
    }

    func problem(_ r: ScanRequest) -> String? {
        do throws(ScanInput.ParseError) {
            try r.check()
            return nil
        } catch { return error.description }
    }

    @Test func theFirstUsageErrorIsTheOneScanAlwaysGave() {
        #expect(problem(request()) == nil)
        #expect(problem(request([]))?.hasPrefix("give a target") == true)
        #expect(problem(request([]) { $0.bonjour = true }) == nil)
        #expect(problem(request { $0.services = ["_x._tcp"] }) == "--service adds a type to browse: give --bonjour too")
        #expect(problem(request { ($0.services, $0.bonjour) = (["_x._udp"], true) })?.contains("over TCP") == true)
        #expect(problem(request { $0.browseTime = 0 })?.hasPrefix("--browse-time") == true)
        #expect(problem(request(["10.0.0.256"]))?.contains("not an IPv4 address") == true)
        #expect(problem(request { $0.ports = "" })?.contains("is not a port") == true)
        #expect(problem(request { $0.timeout = 0 })?.hasPrefix("--timeout") == true)
        #expect(problem(request { $0.concurrency = 1025 }) == "--concurrency must be from 1 to 1024")
        #expect(problem(request { $0.perHost = 65 }) == "--per-host must be from 1 to 64")
        #expect(problem(request { $0.rate = 0.01 })?.hasPrefix("--rate") == true)
        #expect(problem(request { $0.shard = "5/4" })?.hasPrefix("--shard must be K/N") == true)
        #expect(problem(request { ($0.shard, $0.bonjour) = ("1/4", true) })?.contains("--bonjour") == true)
        #expect(problem(request { ($0.versions, $0.concurrency) = (true, 3) })?.hasPrefix("--versions") == true)
        #expect(problem(request { $0.expiring = -1 })?.hasPrefix("--expiring") == true)
        // Two at once: the earlier check speaks.
        #expect(problem(request { ($0.timeout, $0.perHost) = (0, 0) })?.hasPrefix("--timeout") == true)
        #expect((try? request { ($0.targetsFile, $0.hostMap) = ("-", "-") }.checkStandardInput()) == nil)
        #expect((try? request { ($0.targetsFile, $0.hostMap) = ("-", "map") }.checkStandardInput()) != nil)
    }

    @Test func targetsAndPortsAreReadAsTheScanReadsThem() throws {
        let (targets, ports) = try ScanInput.parse(targets: ["127.0.0.1", "[::1]:4433"], ports: nil)
        #expect(targets.map(\.text) == ["127.0.0.1", "[::1]:4433"])
        #expect(ports == ScanInput.defaultPorts)
        #expect(try ScanInput.parse(targets: [], ports: "443,8000-8002").1 == [443, 8000, 8001, 8002])
        #expect(throws: ScanInput.ParseError.self) { try ScanInput.parse(targets: [], ports: "0") }
    }

    func sizeProblem(_ targets: [String], _ rule: ScanInput.SizeRule) throws -> String? {
        let plan = ScanPlan(targets: try targets.map { try ScanInput.target($0) }, ports: [443])
        do throws(ScanInput.ParseError) {
            try ScanInput.checkSize(plan, targetsFile: "devices.txt", rule: rule)
            return nil
        } catch { return error.description }
    }

    @Test func aPlanTooLargeIsAUsageError() throws {
        #expect(
            try sizeProblem([], .scan(force: false))
                == "--targets-file devices.txt: no target in it (one per line, # comments)"
        )
        #expect(try sizeProblem(["10.0.0.0/16"], .scan(force: false)) == nil)
        #expect(
            try sizeProblem(["10.0.0.0/16", "10.1.0.0"], .scan(force: false))
                == "65537 addresses to scan, more than 65536 (a /16): add --force if you mean it, or scan a smaller block"
        )
        #expect(try sizeProblem(["10.0.0.0/16", "10.1.0.0"], .scan(force: true)) == nil)
        #expect(
            try sizeProblem(["10.0.0.0/8", "11.0.0.0"], .scan(force: true))
                == "16777217 addresses: scan takes at most 16777216 even with --force; scan it in parts"
        )
        #expect(
            try sizeProblem(["10.0.0.0/16", "10.1.0.0"], .watch)
                == "65537 addresses to watch, more than 65536 (a /16): watch a smaller block"
        )
    }

    func loaded(_ targets: [String]) throws -> ScanInput.Loaded {
        try ScanInput.load(
            targets: targets.map { try ScanInput.target($0) },
            ports: [443],
            targetsFile: nil,
            hostMap: nil
        )
    }

    static let printer = BonjourService(
        instance: "Printer",
        type: "_ipps._tcp",
        host: "printer.local",
        port: 631,
        txt: [],
        addresses: [[127, 0, 0, 1]]
    )

    @Test func aBrowsesInstancesJoinThePlanEachOnce() throws {
        var plan = try loaded(["printer.local:631", "127.0.0.1"])
        var notes: [String] = []
        try BonjourBrowse.add([Self.printer], to: &plan, types: ["_ipps._tcp"], browseTime: 3) { notes.append($0) }
        // The instance also given as a target is scanned once, as the instance (last).
        #expect(plan.plan.targets.map(\.text) == ["127.0.0.1", "printer.local:631"])
        #expect(plan.bonjour["printer.local:631"]?.instance == "Printer")
        #expect(notes.isEmpty)
    }

    @Test func aBrowseThatFoundNothingIsANoteOrTheError() throws {
        var plan = try loaded(["127.0.0.1"])
        var notes: [String] = []
        try BonjourBrowse.add([], to: &plan, types: ["_ipps._tcp"], browseTime: 3) { notes.append($0) }
        #expect(notes == ["Note: --bonjour found no instance within 3 s; scanning the other targets"])
        // Browsing that could not start said so already: no second note.
        notes = []
        try BonjourBrowse.add(nil, to: &plan, types: ["_ipps._tcp"], browseTime: 3) { notes.append($0) }
        #expect(notes.isEmpty && plan.plan.targets.count == 1)
        var empty = try loaded([])
        #expect(throws: CouldNotExamine.self) {
            try BonjourBrowse.add([], to: &empty, types: ["_ipps._tcp"], browseTime: 3) { _ in }
        }
    }

    @Test func theSessionsValuesAreTheOptions() throws {
        let r = request {
            ($0.concurrency, $0.timeout, $0.perHost, $0.rate, $0.shard) = (200, 2, 3, 50, "2/4")
            ($0.versions, $0.expiring) = (true, 10)
        }
        var notes: [String] = []
        let c = r.configuration(try loaded(["127.0.0.1"]), openFileLimit: 124) { notes.append($0) }
        #expect(c.concurrency == 100 && c.timeout == 2 && c.perHost == 3 && c.rate == 50)
        #expect(c.shard == ScanShard.parse("2/4") && c.probeVersions && c.expiringDays == 10)
        #expect(
            notes == [
                "Note: --concurrency 200 needs more files open at once than this process may have (ulimit -n 124): using 100."
            ]
        )
        notes = []
        #expect(r.configuration(try loaded(["127.0.0.1"]), openFileLimit: nil) { notes.append($0) }.concurrency == 200)
        #expect(notes.isEmpty)
    }

    @Test func aSummaryGivesTheExitStatusAndWhyNothingWasExamined() {
        var summary = ScanSummary()
        summary.probed = 3
        summary.closed = 2
        summary.silent = 1
        #expect(summary.exitStatus.status == 2)
        #expect(
            summary.exitStatus.error
                == "Error: nothing listens on any of the 3 endpoints scanned (2 closed, 1 silent, 0 unreachable)"
        )
        summary.errors = ["tls.not_tls": 1, "connect.timeout": 2]
        #expect(summary.exitStatus.error == "Error: nothing could be examined: connect.timeout 2, tls.not_tls 1")
        summary.reported = 1
        #expect(summary.exitStatus.status == 0 && summary.exitStatus.error == nil)
        summary.failing = 1
        #expect(summary.exitStatus.status == 1)
        summary.interrupted = true
        #expect(summary.exitStatus.status == 130 && summary.exitStatus.error == nil)
    }
}
