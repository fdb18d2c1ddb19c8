import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSProbeKit

/// The man page and README stay in step with the code: every finding code with its default
/// severity, every option.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The man page with roff escapes for hyphens undone.
    static func manPage() throws -> String { try read("man/tlsprobe.1").replacingOccurrences(of: "\\-", with: "-") }

    @Test func manPageListsEveryFindingCode() throws {
        let man = try Self.manPage()
        for entry in FindingCatalog.all {
            #expect(man.contains(".B \(entry.code.rawValue)"), "man page lacks \(entry.code.rawValue)")
        }
    }

    /// The man page's FINDING CODES entries: code, area heading and text (roff font
    /// requests folded into the text, whitespace collapsed), in page order.
    static func manFindingEntries() throws -> [(code: String, area: String, text: String)] {
        let man = try manPage()
        let start = try #require(man.range(of: ".SH FINDING CODES\n")).upperBound
        let section = man[start...]
        let body = section[..<(section.range(of: "\n.SH ")?.lowerBound ?? section.endIndex)]
        var entries: [(code: String, area: String, text: String)] = []
        var area = ""
        for block in body.components(separatedBy: "\n.SS ").dropFirst() {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            area = String(lines.first ?? "")
            for item in block.components(separatedBy: "\n.TP\n.B ").dropFirst() {
                let code = String(item.prefix { $0 != "\n" })
                let raw = item.drop { $0 != "\n" }
                let text = raw.replacing(#/\n\.(?:B|BR|I|IR) /#, with: " ").replacing(/\s+/, with: " ")
                entries.append((code, area, text.trimmingCharacters(in: .whitespaces)))
            }
        }
        return entries
    }

    /// The default severity a man page entry gives: "Unless marked, a code is an error
    /// under the default profile". A mark is a parenthesised remark that starts with the
    /// severity: `(warning)`, `(info;`, `(info under default`. Remarks about one case of a
    /// code or about another profile start otherwise.
    static func markedSeverity(_ text: String) -> Severity {
        guard let mark = text.firstMatch(of: /\((info|warning)(?:\)|;| under default\b)/) else { return .error }
        return Severity(rawValue: String(mark.output.1)) ?? .error
    }

    @Test func manPageFindingCodesMatchTheCatalog() throws {
        let entries = try Self.manFindingEntries()
        let documented = entries.map(\.code)
        for entry in FindingCatalog.all {
            let code = entry.code.rawValue
            #expect(documented.filter { $0 == code }.count == 1, "the man page lists \(code) \(documented.filter { $0 == code }.count) times")
            guard let page = entries.first(where: { $0.code == code }) else { continue }
            #expect(Self.markedSeverity(page.text) == entry.defaultSeverity,
                    "man page gives \(code) as \(Self.markedSeverity(page.text)), the catalog \(entry.defaultSeverity): \(page.text)")
            #expect(page.area.split(separator: " ").contains { $0 == entry.code.area }, "\(code) is under .SS \(page.area)")
            #expect(page.text.count > 10, "\(code) has no description")
        }
        for code in documented {
            #expect(FindingCode(rawValue: code).isKnown, "the man page lists \(code), which the catalog does not have")
        }
    }

    /// The README's findings table: one row per code, its severity column the default severity.
    @Test func readmeFindingTableMatchesTheCatalog() throws {
        let readme = try Self.read("README.md")
        let start = try #require(readme.range(of: "| code | severity (default profile) | meaning |")).upperBound
        let rows = readme[start...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        var table: [String: [(severity: String, meaning: String)]] = [:]
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(cells.count >= 3, "\(row)")
            let code = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            table[code, default: []].append((cells[1], cells[2...].joined(separator: "|")))
        }
        for entry in FindingCatalog.all {
            let code = entry.code.rawValue
            let found = table[code] ?? []
            #expect(found.count == 1, "README's table lists \(code) \(found.count) times")
            guard let row = found.first else { continue }
            #expect(row.severity == entry.defaultSeverity.rawValue, "README gives \(code) as \(row.severity), the catalog \(entry.defaultSeverity)")
            #expect(!row.meaning.isEmpty, "\(code) has no meaning in README")
        }
        for code in table.keys {
            #expect(FindingCode(rawValue: code).isKnown, "README lists \(code), which the catalog does not have")
        }
    }

    @Test(arguments: ["connect", "scan", "listen", "capture", "inspect", "verify", "explain", "identity ca", "identity server", "identity client"])
    func manPageListsEveryOptionOf(_ command: String) throws {
        let man = try Self.manPage()
        let help = try Run.tlsprobe(command.split(separator: " ").map(String.init) + ["--help"]).stdout
        let options = Set(help.matches(of: /--[a-z][a-z0-9-]+/).map { String($0.output) })
        #expect(!options.isEmpty)
        for option in options where option != "--help" {
            #expect(man.contains(option), "man page lacks \(option) of \(command)")
        }
    }

    @Test func ciRunsTheReadmesTestCommand() throws {
        #expect(try Self.read(".ci/run").contains("exec Tests/run.sh"))
        let readme = try Self.read("README.md")
        #expect(readme.contains("`.ci/run` runs `Tests/run.sh`"))
        let run = try Self.read("Tests/run.sh")
        #expect(run.contains("swift test") && run.contains("FuzzTesting/run.sh all"))
        #expect(readme.contains("then every fuzz target for 20 s"))
    }

    @Test func readmeListsEveryFindingCode() throws {
        let readme = try Self.read("README.md")
        for entry in FindingCatalog.all {
            #expect(readme.contains(entry.code.rawValue), "README lacks \(entry.code.rawValue)")
        }
    }

    // MARK: error codes (the JSON error object)

    /// The man page's ERROR CODES section lists every code once, and no other.
    @Test func manPageListsExactlyTheErrorCodes() throws {
        let man = try Self.manPage()
        let start = try #require(man.range(of: "\n.SH ERROR CODES\n")).upperBound
        let section = man[start...]
        let body = section[..<(section.range(of: "\n.SH ")?.lowerBound ?? section.endIndex)]
        let documented = body.matches(of: /\n\.TP\n\.B ([a-z_.]+)\n/).map { String($0.output.1) }
        #expect(documented == ErrorCode.all.map(\.rawValue), "the man page's ERROR CODES: \(documented)")
    }

    /// README's error code table: one row per code, in the same order.
    @Test func readmeListsExactlyTheErrorCodes() throws {
        let readme = try Self.read("README.md")
        let start = try #require(readme.range(of: "### Error codes\n")).upperBound
        let table = try #require(readme[start...].range(of: "| code | meaning |\n|---|---|\n")).upperBound
        let rows = readme[table...].split(separator: "\n").prefix { $0.hasPrefix("|") }
        let codes = rows.compactMap { $0.firstMatch(of: /^\| `([a-z_.]+)` \|/).map { String($0.output.1) } }
        #expect(codes == ErrorCode.all.map(\.rawValue), "README's error codes: \(codes)")
    }

    /// docs/DESIGN.md's error object section names every code ("- connect: `refused`, ...").
    @Test func designListsEveryErrorCode() throws {
        let design = try Self.read("docs/DESIGN.md")
        let start = try #require(design.range(of: "\n### The error object")).upperBound
        let end = try #require(design.range(of: "\n## Finding codes\n")).lowerBound
        var listed = Set<String>()
        var area = ""
        for line in design[start..<end].split(separator: "\n") {
            if let heading = line.firstMatch(of: /^- ([a-z]+):/) { area = String(heading.output.1) }
            else if line.hasPrefix("- ") { area = "" }
            for match in line.matches(of: /`([a-z_]+)`/) where line.hasPrefix("  ") || line.hasPrefix("- ") {
                listed.insert(area.isEmpty ? String(match.output.1) : "\(area).\(match.output.1)")
            }
        }
        for code in ErrorCode.all {
            #expect(listed.contains(code.rawValue), "docs/DESIGN.md's error object lacks \(code.rawValue)")
        }
    }

    // MARK: docs/DESIGN.md, the contract

    @Test func designListsEveryFindingCode() throws {
        let design = try Self.read("docs/DESIGN.md")
        let start = try #require(design.range(of: "\n## Finding codes\n")).upperBound
        let end = try #require(design.range(of: "\n## Exit status\n")).lowerBound
        let section = design[start..<end]
        // "- chain: `untrusted_root`, ... ; key: `mismatch`": an area, then its conditions.
        var listed = Set<String>()
        var area = ""
        for match in section.matches(of: /(?:\n- |; )(chain|cert|name|tls|mtls|pin|pkcs12|key|capture):\s|`([a-z0-9_]+)`/) {
            if let named = match.output.1 { area = String(named) } else if let condition = match.output.2, !area.isEmpty {
                listed.insert("\(area).\(condition)")
            }
        }
        for entry in FindingCatalog.all {
            #expect(listed.contains(entry.code.rawValue), "docs/DESIGN.md's Finding codes lack \(entry.code.rawValue)")
        }
    }

    @Test(arguments: ["connect", "scan", "listen", "capture", "inspect", "verify", "explain", "identity ca", "identity server", "identity client"])
    func designListsEveryOptionOf(_ command: String) throws {
        let design = try Self.read("docs/DESIGN.md")
        let help = try Run.tlsprobe(command.split(separator: " ").map(String.init) + ["--help"]).stdout
        let options = Set(help.matches(of: /--[a-z][a-z0-9-]+/).map { String($0.output) })
        #expect(!options.isEmpty)
        for option in options where option != "--help" {
            #expect(design.contains("`\(option)"), "docs/DESIGN.md lacks \(option) of \(command)")
        }
    }

    /// Nothing in the repository cites a document outside it: the contract is docs/DESIGN.md,
    /// platform facts are docs/NOTES.md.
    @Test func nothingCitesDocumentsOutsideTheRepository() throws {
        let outside = ["STYLE" + ".md", "FIELD-" + "NOTES", "/work/" + "shared"]
        let root = Self.root.standardizedFileURL.path
        let skipped: Set<String> = [".git", ".swiftpm", "Packages", "node_modules"]
        let files = try #require(FileManager.default.enumerator(atPath: root))
        var offenders: [String] = []
        while let relative = files.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if skipped.contains(name) || name.hasPrefix(".build") { files.skipDescendants(); continue }
            let path = root + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  (attributes[.size] as? Int ?? 0) < 2_000_000,
                  let data = FileManager.default.contents(atPath: path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let bare = line.replacingOccurrences(of: "docs/DESIGN.md", with: "")
                if bare.contains("DESIGN" + ".md") || outside.contains(where: { line.contains($0) }) {
                    offenders.append("\(relative):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(offenders.isEmpty, "cites a document outside the repository:\n\(offenders.joined(separator: "\n"))")
    }

    /// cert.malformed is an error under every profile; the milder encoding problems are
    /// cert.nonconforming, not a cert.malformed warning. Both documents say so.
    @Test func malformedAndNonconformingAreDescribedAsReported() throws {
        for profile in Profile.all {
            #expect(profile.severity(for: .certMalformed) == .error, "\(profile.name)")
        }
        let man = try Self.manPage()
        let entry = try #require(man.range(of: ".B cert.malformed\n")).upperBound
        let rest = man[entry...]
        let text = rest[..<(rest.range(of: "\n.TP")?.lowerBound ?? rest.endIndex)]
        #expect(!text.contains("warning"), "\(text)")
        #expect(text.contains("cert.nonconforming"), "\(text)")
        let readme = try Self.read("README.md")
        let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `cert.malformed` |") })
        #expect(!row.contains("warning"), "\(row)")
        #expect(row.contains("cert.nonconforming"), "\(row)")
    }
}
