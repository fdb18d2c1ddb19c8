import Foundation
import Testing
@testable import TLSDiagnosis

/// `ErrorCatalog+Table.swift` is what the tables in `Catalog+*.swift` build, written out as
/// literals so that `explain` does not build them at each start. When a table (or a finding
/// in FindingCatalog) changes, this fails; write the file again with
///
///     TLSPROBE_WRITE_EXPLAIN_TABLE=1 swift test --filter ExplainCatalogTableTests
@Suite struct ExplainCatalogTableTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/TLSDiagnosis/Explain/ErrorCatalog+Table.swift").path

    @Test func theCompiledTableIsWhatTheSourceTablesBuild() throws {
        let source = ErrorCatalog.sourceEntries
        let text = Self.render(source)
        if ProcessInfo.processInfo.environment["TLSPROBE_WRITE_EXPLAIN_TABLE"] == "1" {
            let temporary = Self.path + ".tmp"
            try text.write(toFile: temporary, atomically: false, encoding: .utf8)
            try #require(rename(temporary, Self.path) == 0, "rename: \(errno)")
            return
        }
        let onDisk = try String(contentsOfFile: Self.path, encoding: .utf8)
        let regenerate = "write it again: TLSPROBE_WRITE_EXPLAIN_TABLE=1 swift test --filter ExplainCatalogTableTests"
        #expect(onDisk == text, "ErrorCatalog+Table.swift is not what the tables build; \(regenerate)")
        // And what was compiled from it is the same entries, field by field.
        let compiled = ErrorCatalog.entries
        #expect(compiled.count == source.count, "\(compiled.count) compiled, \(source.count) built; \(regenerate)")
        for (built, literal) in zip(source, compiled) where built != literal {
            Issue.record("\(built.explanation.name): the compiled entry differs; \(regenerate)")
        }
    }

    /// Every kind of field and every escape the writer knows, read back by the compiler:
    /// an entry written with quotes, backslashes, `\(`, control characters and non-ASCII
    /// text is rendered as the Swift literal that gives the same strings.
    @Test func aStringIsWrittenAsTheLiteralThatGivesItBack() {
        #expect(Self.literal("plain") == "\"plain\"")
        #expect(Self.literal("a \"quote\" and a \\ and \\(x)") == #""a \"quote\" and a \\ and \\(x)""#)
        #expect(Self.literal("tab\tline\nend\r\u{1}\u{7F}") == #""tab\u{9}line\u{A}end\u{D}\u{1}\u{7F}""#)
        #expect(Self.literal("\u{201C}caf\u{E9}\u{201D} \u{1F512}") == #""\u{201C}caf\u{E9}\u{201D} \u{1F512}""#)
        // The table itself holds such strings (curly quotes in texts); they compare equal above.
    }

    // MARK: Writing

    static func render(_ entries: [CatalogEntry]) -> String {
        var out = """
        // Written by ExplainCatalogTableTests from the tables in Catalog+*.swift and from
        // FindingCatalog: do not edit. Change the tables, then write this file again with
        //
        //     TLSPROBE_WRITE_EXPLAIN_TABLE=1 swift test --filter ExplainCatalogTableTests
        //
        // explain needs every entry at each start; as literals they cost it nothing to build.
        // swift-format-ignore-file

        extension ErrorCatalog {
            static let table: [CatalogEntry] = [

        """
        for entry in entries {
            let e = entry.explanation
            out += "        CatalogEntry(\n"
            out += "            explanation: Explanation(\n"
            out += "                kind: .\(e.kind), name: \(literal(e.name)), code: \(optional(e.code)),\n"
            out += "                summary: \(literal(e.summary)),\n"
            out += "                meaning: \(literal(e.meaning)),\n"
            out += "                checks: \(list(e.checks)),\n"
            out += "                related: \(list(e.related))),\n"
            out += "            symbols: \(list(entry.symbols)),\n"
            out += "            exactForms: \(list(entry.exactForms)),\n"
            out += "            phrases: \(list(entry.phrases)),\n"
            out += "            number: \(entry.number.map(String.init) ?? "nil"), sslReason: \(entry.sslReason.map(String.init) ?? "nil"),"
            out += " specificity: \(entry.specificity), prominent: \(entry.prominent), needsTLSContext: \(entry.needsTLSContext),"
            out += " twin: \(optional(entry.twin))),\n"
        }
        out += "    ]\n}\n"
        return out
    }

    static func optional(_ text: String?) -> String { text.map(literal) ?? "nil" }

    static func list(_ texts: [String]) -> String {
        texts.isEmpty ? "[]" : "[" + texts.map(literal).joined(separator: ", ") + "]"
    }

    /// A Swift string literal: printable ASCII as itself, `"` and `\` escaped, every other
    /// scalar as `\u{X}` (the file stays ASCII, so no editor can renormalise it).
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out + "\""
    }
}
