import Foundation
import Testing
import TestSupport
import TLSDiagnosis

/// The man page and README stay in step with the code: every finding code, every option.
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

    @Test(arguments: ["connect", "listen", "capture", "inspect", "verify", "explain"])
    func manPageListsEveryOptionOf(_ command: String) throws {
        let man = try Self.manPage()
        let help = try Run.tlsprobe([command, "--help"]).stdout
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

    @Test(arguments: ["connect", "listen", "capture", "inspect", "verify", "explain"])
    func designListsEveryOptionOf(_ command: String) throws {
        let design = try Self.read("docs/DESIGN.md")
        let help = try Run.tlsprobe([command, "--help"]).stdout
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
