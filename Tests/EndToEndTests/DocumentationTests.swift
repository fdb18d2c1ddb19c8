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
