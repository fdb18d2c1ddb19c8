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
        if onDisk != text {
            // The first line that differs, not the whole file (it is 460 KB).
            let (disk, built) = (onDisk.split(separator: "\n", omittingEmptySubsequences: false),
                                 text.split(separator: "\n", omittingEmptySubsequences: false))
            let line = (0..<min(disk.count, built.count)).first { disk[$0] != built[$0] } ?? min(disk.count, built.count)
            let shown = { (lines: [Substring]) in line < lines.count ? String(lines[line].prefix(200)) : "(end of file)" }
            Issue.record("ErrorCatalog+Table.swift is not what the tables build, from line \(line + 1): \(shown(disk)) | built: \(shown(built)); \(regenerate)")
        }
        // And what was compiled from it is the same entries, field by field.
        let compiled = ErrorCatalog.entries
        #expect(compiled.count == source.count, "\(compiled.count) compiled, \(source.count) built; \(regenerate)")
        for (built, literal) in zip(source, compiled) where built != literal {
            Issue.record("\(built.explanation.name): the compiled entry differs; \(regenerate)")
        }
    }

    /// The compiled table answers as the entries it was written from do, when searched one
    /// by one: every whole-input form (as written, upper case, with `-` for spaces, after a
    /// prefix), every number and reason, and pasted lines holding them.
    @Test func theTableAnswersAsASearchOfEveryEntryDoes() {
        let source = ErrorCatalog.sourceEntries
        let scanning = Matcher(entries: source)
        var inputs: Set<String> = ["", "x", "-9813", "alert 48", "error:0A000086:SSL routines::certificate verify failed",
                                   "num=20:unable to get local issuer certificate", "\u{C9}", "a\u{37E}b", "Alert  48"]
        for entry in source {
            let texts = entry.symbols + entry.exactForms + [entry.explanation.name] + entry.phrases
            for text in texts {
                inputs.insert(text)
                inputs.insert(text.uppercased())
                inputs.insert(String(text.map { $0 == " " ? "-" : $0 }))
                inputs.insert("errSSL" + text)
                inputs.insert(" x509_v_err_ \(text) ")
                inputs.insert("tls: " + text + " here")
            }
            if let number = entry.number { inputs.insert(String(number)); inputs.insert("alert number \(number)") }
            if let reason = entry.sslReason { inputs.insert("error:0A\(String(format: "%06X", reason)):") }
        }
        for input in inputs.sorted() {
            #expect(Matcher.shared.match(input) == scanning.match(input), "\(input)")
        }
        #expect(inputs.count > 5_000, "\(inputs.count) inputs")
    }

    /// The escapes the writer makes: quotes, backslashes, `\(`, control characters and
    /// non-ASCII text become the Swift literal spelled here. (That the compiler reads the
    /// written table back as the same entries is the first test's field-by-field check.)
    @Test func stringsAreWrittenWithTheseEscapes() {
        #expect(Self.literal("plain") == "\"plain\"")
        #expect(Self.literal("a \"quote\" and a \\ and \\(x)") == #""a \"quote\" and a \\ and \\(x)""#)
        #expect(Self.literal("tab\tline\nend\r\u{1}\u{7F}") == #""tab\u{9}line\u{A}end\u{D}\u{1}\u{7F}""#)
        #expect(Self.literal("\u{201C}caf\u{E9}\u{201D} \u{1F512}") == #""\u{201C}caf\u{E9}\u{201D} \u{1F512}""#)
    }

    // MARK: Writing

    static func render(_ entries: [CatalogEntry]) -> String {
        var out = """
        // Written by ExplainCatalogTableTests from the tables in Catalog+*.swift and from
        // FindingCatalog: do not edit. Change the tables, then write this file again with
        //
        //     TLSPROBE_WRITE_EXPLAIN_TABLE=1 swift test --filter ExplainCatalogTableTests
        //
        // explain builds only the entries an input names (ErrorCatalog.entries).
        // swift-format-ignore-file

        extension ErrorCatalog {
            static let tableCount = \(entries.count)

            /// Entry `index` of the catalogue, built alone.
            static func tableEntry(_ index: Int) -> CatalogEntry {
                switch index {

        """
        for (index, entry) in entries.enumerated() {
            let e = entry.explanation
            out += "        case \(index):\n"
            out += "            return CatalogEntry(\n"
            out += "                explanation: Explanation(\n"
            out += "                    kind: .\(e.kind), name: \(literal(e.name)), code: \(optional(e.code)),\n"
            out += "                    summary: \(literal(e.summary)),\n"
            out += "                    meaning: \(literal(e.meaning)),\n"
            out += "                    checks: \(list(e.checks)),\n"
            out += "                    related: \(list(e.related))),\n"
            out += "                symbols: \(list(entry.symbols)),\n"
            out += "                exactForms: \(list(entry.exactForms)),\n"
            out += "                phrases: \(list(entry.phrases)),\n"
            out += "                number: \(entry.number.map(String.init) ?? "nil"), sslReason: \(entry.sslReason.map(String.init) ?? "nil"),"
            out += " specificity: \(entry.specificity), prominent: \(entry.prominent), needsTLSContext: \(entry.needsTLSContext),"
            out += " twin: \(optional(entry.twin)))\n"
        }
        out += "        default:\n            preconditionFailure(\"no catalogue entry \\(index)\")\n        }\n    }\n\n"
        out += "    /// Each entry's number, Int.min for none.\n"
        out += "    static let tableNumbers: [Int] = " + numbers(entries.map(\.number)) + "\n\n"
        out += "    /// Each entry's OpenSSL SSL-library reason, Int.min for none.\n"
        out += "    static let tableReasons: [Int] = " + numbers(entries.map(\.sslReason)) + "\n\n"
        let forms = sortedForms(entries)
        var starts: [Int] = [0]
        var text: [UInt8] = []
        for (form, _) in forms {
            text += form
            starts.append(text.count)
        }
        out += "    /// Every whole-input form (ErrorCatalog.wholeInputForms), sorted, one after another;\n"
        out += "    /// form i is bytes tableFormStarts[i]..<tableFormStarts[i + 1], of entry tableFormEntries[i].\n"
        out += "    static let tableForms: StaticString = " + literal(String(decoding: text, as: UTF8.self)) + "\n\n"
        out += "    static let tableFormStarts: [Int32] = [" + starts.map(String.init).joined(separator: ", ") + "]\n\n"
        out += "    static let tableFormEntries: [Int16] = [" + forms.map { String($0.entry) }.joined(separator: ", ") + "]\n"
        out += "}\n"
        return out
    }

    /// The whole-input forms, each (form, entry) once, sorted by bytes, then by entry.
    static func sortedForms(_ entries: [CatalogEntry]) -> [(form: [UInt8], entry: Int)] {
        var seen = Set<[UInt8]>()
        let unique = ErrorCatalog.wholeInputForms(entries).filter { seen.insert($0.form + [0xFF] + Array(String($0.entry).utf8)).inserted }
        return unique.sorted { lhs, rhs in
            lhs.form != rhs.form ? lhs.form.lexicographicallyPrecedes(rhs.form) : lhs.entry < rhs.entry
        }
    }

    static func numbers(_ values: [Int?]) -> String {
        "[" + values.map { $0.map(String.init) ?? "Int.min" }.joined(separator: ", ") + "]"
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
