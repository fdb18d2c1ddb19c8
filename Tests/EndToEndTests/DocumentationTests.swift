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

    @Test func readmeListsEveryFindingCode() throws {
        let readme = try Self.read("README.md")
        for entry in FindingCatalog.all {
            #expect(readme.contains(entry.code.rawValue), "README lacks \(entry.code.rawValue)")
        }
    }
}
