import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeOutput

/// connect's and scan's JSON read back: the golden reports give every field diff uses, a
/// mangled output is an error naming its line, and no input makes the reader trap.
@Suite struct ReportReadBackTests {
    static func golden(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: GoldenOutputTests.directory.appendingPathComponent(name)))
    }

    /// connect's indented object, then scan's JSON Lines (an error object, a report, the
    /// summary); `small`: without the PEM and the hellos, for tests that read it thousands
    /// of times.
    static func sample(small: Bool = false) throws -> [UInt8] {
        var connect = try golden("connect-trusted.json")
        var report = try #require(try JSONSerialization.jsonObject(with: Data(connect)) as? [String: Any])
        if small {
            for key in ["client_hello", "server_hello", "alerts", "handshake"] { report[key] = NSNull() }
            report["chain"] = (report["chain"] as? [[String: Any]])?.map { $0.filter { $0.key != "pem" } }
            connect = Array(try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted]))
        }
        let line = try JSONSerialization.data(withJSONObject: report)
        let error = try golden("error-connect-refused.json")
        let errorLine = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(error)))
        let summary = try golden("scan-summary.json")
        let summaryLine = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: Data(summary))
        )
        return connect + Array("\n".utf8) + Array(errorLine) + [0x0A] + Array(line) + [0x0A] + Array(summaryLine)
            + [0x0A]
    }

    @Test func readsConnectsReportWithEveryFieldDiffUses() throws {
        let scan = try ReportReadBack.read(try Self.golden("connect-trusted.json"), file: "connect.json")
        let endpoint = try #require(scan.endpoints.first)
        #expect(scan.endpoints.count == 1)
        #expect(endpoint.host == "printer.local" && endpoint.port == 443 && endpoint.address == "192.168.1.20")
        #expect(endpoint.sni == "printer.local")
        #expect(endpoint.key == "192.168.1.20:443")
        #expect(endpoint.name == "printer.local")
        let leaf = try #require(endpoint.leaf)
        #expect(leaf.spkiSHA256 == "8c8fb4cd721158546a0d22a037e15787fada4a68376c93bee3036ed5d778dbd2")
        #expect(leaf.sha256 == "7db0db2741fd8c0534c81b2c729e256838339dfe5f4ec2df258f027510b38d36")
        #expect(leaf.serial == "1003")
        #expect(leaf.subject == "CN=printer.local")
        #expect(leaf.issuer == "CN=Front Desk Issuing CA,O=Front Desk")
        #expect(leaf.notAfter.map { ReportTime.iso8601($0) } == "2026-04-15T12:00:00Z")
        #expect(leaf.notBefore.map { ReportTime.iso8601($0) } == "2025-12-16T12:00:00Z")
        #expect(endpoint.chain.count >= 2, "the intermediate too")
        #expect(endpoint.anchor != nil, "the trust path's anchor")
        #expect(endpoint.trusted == true && endpoint.connects == true)
        #expect(endpoint.findings.isEmpty)
        #expect(endpoint.line == 1)
    }

    @Test func readsErrorObjectsReportsAndTheSummaryInOneOutput() throws {
        let bytes = try Self.sample()
        let scan = try ReportReadBack.read(bytes, file: "scan.jsonl")
        #expect(scan.endpoints.count == 3)
        let error = scan.endpoints[1]
        #expect(error.errorCode == "connect.refused")
        #expect(error.key == "printer.local:443")
        #expect(scan.endpoints[2].leaf == scan.endpoints[0].leaf)
        #expect(scan.summary != nil)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(error.line == lines.firstIndex { $0.contains("connect.refused") }.map { $0 + 1 })
    }

    @Test func findingsAreReadWithTheirSeverity() throws {
        let scan = try ReportReadBack.read(try Self.golden("connect-missing-intermediate.json"), file: "x")
        let findings = try #require(scan.endpoints.first?.findings)
        #expect(findings.contains(RecordedFinding(code: "chain.missing_intermediate", severity: "error")))
        #expect(scan.endpoints.first?.trusted == false)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let text = #"""
            {"schema_version":1,"command":"connect","later":{"x":[1.5e3,-0.25,null]},"target":{"host":"10.0.0.5","port":4433,"address":"10.0.0.5","sni":null,"new":true},"chain":[],"findings":[],"bonjour":{"instance":"Front Desk Printer"},"trust":{"trusted":null}}
            """#
        let scan = try ReportReadBack.read(Array(text.utf8), file: "x")
        #expect(scan.endpoints.first?.key == "10.0.0.5:4433")
        #expect(scan.endpoints.first?.name == "Front Desk Printer")
        #expect(scan.endpoints.first?.name != nil)
    }

    /// What a user sees for a broken output: the file and the line.
    @Test(
        arguments: [
            ("{\"schema_version\":1,\"command\":\"connect\"", 1, "ends inside an object"),
            ("\n\n{\"schema_version\":1,\"command\":\"scan\",\"summary\":{}}\ngarbage\n", 4, "where a value should be"),
            ("{\"schema_version\":1,\"command\":\"capture\",\"target\":null}", 1, "capture record"),
            ("{\"schema_version\":2,\"command\":\"connect\"}", 1, "schema_version 2"),
            ("[1,2]", 1, "not a JSON object"),
            (
                "{\"schema_version\":1,\"command\":\"connect\",\"target\":{\"host\":\"a\",\"port\":\"443\"}}", 1,
                "host and port"
            ),
            ("{}{}", 1, "right after a value"),
            ("", nil, "holds no JSON"),
        ] as [(String, Int?, String)]
    )
    func malformedOutputNamesTheLine(text: String, line: Int?, says: String) throws {
        do {
            _ = try ReportReadBack.read(Array(text.utf8), file: "old.jsonl")
            Issue.record("read without an error: \(text)")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(says), "\(error)")
            #expect(error.description.hasPrefix("old.jsonl"), "\(error)")
        }
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: ReportReadBack.ReadBackError.self) {
            try ReportReadBack.read(Array(text.utf8), file: "deep")
        }
    }

    /// A line that is no object is refused at its first byte; an object holding millions
    /// of values is refused at a counted bound, before they are all stored (a 16 MiB line
    /// of `0,` took some 500 MB).
    @Test func aHugeLineIsRefusedBeforeItIsStored() throws {
        let array = "[" + String(repeating: "0,", count: 1_000_000) + "0]\n"
        do {
            _ = try ReportReadBack.read(Array(array.utf8), file: "big")
            Issue.record("read without an error")
        } catch {
            #expect(error.line == 1 && error.description.contains("not a JSON object"), "\(error)")
        }
        let member =
            #"{"schema_version":1,"command":"connect","padding":["# + String(repeating: "0,", count: 300_000)
            + "0]}\n"
        do {
            _ = try ReportReadBack.read(Array(member.utf8), file: "big")
            Issue.record("read without an error")
        } catch {
            #expect(
                error.line == 1 && error.description.contains("more than 262144 JSON values"),
                "\(error)"
            )
        }
    }

    @Test func stringEscapesAreDecoded() throws {
        var reader = JSONSequenceReader(Array(#""a\"\\\/\n\u00e9\ud83d\ude00\ud800x" 12"#.utf8))
        #expect(try reader.next()?.value == .string("a\"\\/\né😀\u{FFFD}x"))
        #expect(try reader.next()?.value == .number("12"))
        #expect(try reader.next() == nil)
    }

    /// Every prefix of a real output either reads (a whole record ended there) or is an
    /// error with a line inside the text; never a trap.
    @Test func everyPrefixReadsOrIsAnError() throws {
        let bytes = try Self.sample(small: true)
        let lineCount = bytes.filter { $0 == 0x0A }.count + 1
        for end in 0...bytes.count {
            do {
                let scan = try ReportReadBack.read(Array(bytes[..<end]), file: "cut")
                #expect(scan.endpoints.count <= 3)
            } catch {
                if let line = error.line { #expect(line >= 1 && line <= lineCount) }
            }
        }
    }

    /// Bytes flipped, dropped and repeated at random: read or refused, never a trap.
    @Test func mangledBytesNeverTrap() throws {
        let bytes = try Self.sample(small: true)
        var random = SplitMix64(seed: 0x7d1ff)
        let alphabet = Array("{}[]\",:\\u0123456789.eE-+ntrfal \n\t\u{1}".utf8) + [0xFF, 0xE2, 0xD8]
        for _ in 0..<3000 {
            var mangled = bytes
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let at = Int.random(in: 0..<mangled.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mangled[at] = alphabet.randomElement(using: &random)!
                case 1: mangled.remove(at: at)
                default: mangled.insert(contentsOf: mangled[at..<min(mangled.count, at + 7)], at: at)
                }
                if mangled.isEmpty { break }
            }
            _ = try? ReportReadBack.read(mangled, file: "mangled")
        }
    }
}
