import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSProbeKit
@testable import DocsGenerator

/// The man page and README stay in step with the code: every finding code with its default
/// severity, every option.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The man page with roff escapes for hyphens undone.
    static func manPage() throws -> String { try read("man/tlsprobe.1").replacingOccurrences(of: "\\-", with: "-") }

    /// The lists of codes in README.md, the man page and docs/schema/codes.schema.json are
    /// what `make generate` writes from the code.
    @Test func generatedDocumentsAreWhatTheCodeWrites() throws {
        let stale = try GeneratedDocuments.stale(root: Self.root.path)
        #expect(stale.isEmpty, "not what the code says, run make generate: \(stale)")
    }

    /// Each finding code's man page entry ends with its severity under the default profile.
    @Test func manPageGivesEveryFindingCodeItsDefaultSeverity() throws {
        let page = try Self.manPage()
        let begin = try #require(page.range(of: ".\\\" BEGIN GENERATED: finding codes")).upperBound
        let man = page[begin...]
        for entry in FindingCatalog.all {
            let start = try #require(
                man.range(of: ".B \(entry.code.rawValue)\n"),
                "man page lacks \(entry.code.rawValue)"
            ).upperBound
            // The entry's lines, up to the next entry, area or section.
            let body = man[start...].split(separator: "\n", omittingEmptySubsequences: false)
                .prefix {
                    !($0.hasPrefix(".TP") || $0.hasPrefix(".SS") || $0.hasPrefix(".SH") || $0.hasPrefix(".\\\""))
                }
                .joined(separator: "\n")
            #expect(
                body.contains("Severity: \(entry.defaultSeverity.rawValue)"),
                "\(entry.code.rawValue): \(body.prefix(300))"
            )
        }
    }

    @Test(arguments: [
        "connect", "scan", "diff", "watch", "listen", "capture", "inspect", "verify", "explain", "identity ca",
        "identity server", "identity client",
    ])
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
        #expect(run.contains("swift test") && run.contains("FuzzTesting/run.sh \"$fuzz_targets\""))
        // The README says the fuzz smoke's default, as run.sh sets it.
        let seconds = try #require(run.firstMatch(of: /FUZZ_SECONDS:-([0-9]+)/)?.output.1)
        let target = try #require(run.firstMatch(of: /FUZZ_TARGETS:-([A-Za-z]+)/)?.output.1)
        #expect(target == "FuzzTLSWire")
        #expect(readme.contains("and the TLS parser's fuzz target for \(seconds) s beside them"))
        // …and nowhere another figure or target for it.
        for other in readme.matches(of: /([0-9]+) seconds of the\s+`([A-Za-z]+)` target/) {
            #expect(String(other.output.1) == seconds, "README gives the fuzz smoke \(other.output.1) s")
            #expect(String(other.output.2) == target, "README names \(other.output.2)")
        }
    }

    @Test(arguments: [
        "connect", "scan", "diff", "watch", "listen", "capture", "inspect", "verify", "explain", "identity ca",
        "identity server", "identity client",
    ])
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
            if skipped.contains(name) || name.hasPrefix(".build") {
                files.skipDescendants()
                continue
            }
            let path = root + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                (attributes[.size] as? Int ?? 0) < 2_000_000,
                let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)
            else { continue }
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
    /// cert.nonconforming, whose meaning says so.
    @Test func malformedIsAnErrorUnderEveryProfile() throws {
        for profile in Profile.all {
            #expect(profile.severity(for: .certMalformed) == .error, "\(profile.name)")
        }
        #expect(FindingCode.certMalformed.entry.meaning.contains("cert.nonconforming"))
    }
}
