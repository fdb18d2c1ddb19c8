import SystemCalls
import TLSDiagnosis
import TLSProbeKit

/// The parts of the documentation that are lists of what the code knows: every finding
/// code and every error code. They are written from `FindingCatalog`, `Profile` and
/// `ErrorCode` (`make generate`), and a test fails when what is committed differs.
///
/// Each generated part sits between two marker lines in a hand-written file (README.md,
/// man/tlsprobe.1), or is a whole file (docs/schema/codes.schema.json).
enum GeneratedDocuments {
    /// A file to write: its path under the repository's root and its whole text.
    struct Document: Equatable {
        var path: String
        var text: String
    }

    /// A marked part of a hand-written file was not found.
    struct MissingMarker: Error, CustomStringConvertible {
        var path: String
        var marker: String
        var description: String { "\(path): no line \(marker)" }
    }

    /// Every generated document, as it should be, given the repository at `root`.
    static func documents(root: String) throws -> [Document] {
        let readme = "README.md"
        let man = "man/tlsprobe.1"
        var manText = try read(root, man)
        manText = try replacing(
            in: manText,
            path: man,
            part: "finding codes",
            comment: ".\\\"",
            with: manFindingCodes()
        )
        manText = try replacing(in: manText, path: man, part: "error codes", comment: ".\\\"", with: manErrorCodes())
        let readmeText = try replacing(
            in: try read(root, readme),
            path: readme,
            part: "codes",
            comment: "<!--",
            with: readmeCodes()
        )
        return [
            Document(path: readme, text: readmeText),
            Document(path: man, text: manText),
            Document(path: "docs/schema/codes.schema.json", text: codesSchema()),
        ]
    }

    /// The documents whose committed text differs from what `documents` makes.
    static func stale(root: String) throws -> [String] {
        try documents(root: root).filter { (try? read(root, $0.path)) != $0.text }.map(\.path)
    }

    static func read(_ root: String, _ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// `text` with the lines between `BEGIN GENERATED: part` and `END GENERATED: part`
    /// replaced by `body`.
    static func replacing(
        in text: String,
        path: String,
        part: String,
        comment: String,
        with body: String
    ) throws -> String {
        let begin =
            comment == "<!--"
            ? "<!-- BEGIN GENERATED: \(part) (make generate) -->"
            : "\(comment) BEGIN GENERATED: \(part) (make generate)"
        let end = comment == "<!--" ? "<!-- END GENERATED: \(part) -->" : "\(comment) END GENERATED: \(part)"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(of: begin) else { throw MissingMarker(path: path, marker: begin) }
        guard let last = lines[first...].firstIndex(of: end) else { throw MissingMarker(path: path, marker: end) }
        var replacement = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if replacement.last == "" { replacement.removeLast() }
        lines.replaceSubrange((first + 1)..<last, with: replacement)
        return lines.joined(separator: "\n")
    }

    // MARK: The codes, grouped

    /// Finding codes by area, in catalog order.
    static var findingAreas: [(area: String, entries: [FindingCatalog.Entry])] {
        var areas: [(area: String, entries: [FindingCatalog.Entry])] = []
        for entry in FindingCatalog.all {
            if let index = areas.firstIndex(where: { $0.area == entry.code.area }) {
                areas[index].entries.append(entry)
            } else {
                areas.append((entry.code.area, [entry]))
            }
        }
        return areas
    }

    /// Error codes by area, in the documented order.
    static var errorAreas: [(area: String, codes: [(code: ErrorCode, meaning: String)])] {
        var areas: [(area: String, codes: [(code: ErrorCode, meaning: String)])] = []
        for item in ErrorCode.documented {
            if let index = areas.firstIndex(where: { $0.area == item.code.area }) {
                areas[index].codes.append(item)
            } else {
                areas.append((item.code.area, [item]))
            }
        }
        return areas
    }

    /// "warning; error under apple; not reported under openssl": the default profile's
    /// severity, then each profile that differs.
    static func severities(_ code: FindingCode) -> String {
        let standard = Profile.default.severity(for: code)
        var parts = [standard?.rawValue ?? "not reported"]
        var differing: [(severity: String, profiles: [String])] = []
        for profile in Profile.all where profile.name != Profile.default.name {
            let severity = profile.severity(for: code)
            guard severity != standard else { continue }
            let said = severity?.rawValue ?? "not reported"
            if let index = differing.firstIndex(where: { $0.severity == said }) {
                differing[index].profiles.append(profile.name)
            } else {
                differing.append((said, [profile.name]))
            }
        }
        for item in differing { parts.append("\(item.severity) under \(item.profiles.joined(separator: " and "))") }
        if let note = code.entry.severityNote { parts.append(note) }
        var text = parts.joined(separator: "; ")
        // The cases a profile decides by a rule of its own (validity limits, a missing EKU).
        for profile in Profile.all {
            let rules = profile.ruleSeverities(for: code)
            guard !rules.isEmpty else { continue }
            text +=
                ". Under \(profile.name), "
                + rules.map { "\($0.condition): \($0.severity?.rawValue ?? "not reported")" }
                .joined(separator: "; ")
        }
        return text
    }

    // MARK: README

    static func readmeCodes() -> String {
        var out = "| area | finding codes |\n|---|---|\n"
        for (area, entries) in findingAreas {
            out += "| \(area) | " + entries.map { "`\($0.code.rawValue)`" }.joined(separator: " ") + " |\n"
        }
        out += "\nError codes, the `code` of the JSON error object when nothing could be examined (exit status 2):\n"
        out += ErrorCode.all.map { "`\($0.rawValue)`" }.joined(separator: " ") + "\n"
        return out
    }

    // MARK: The man page

    static func manFindingCodes() -> String {
        var out = ""
        for (area, entries) in findingAreas {
            out += ".SS \(area)\n"
            for entry in entries {
                out += ".TP\n.B \(entry.code.rawValue)\n"
                out += Roff.paragraph(sentence(entry.title) + " " + entry.meaning)
                out += ".br\n" + Roff.paragraph("Severity: " + severities(entry.code) + ".")
            }
        }
        return out
    }

    static func manErrorCodes() -> String {
        var out = ""
        for (area, codes) in errorAreas {
            out += ".SS \(area)\n"
            for (code, meaning) in codes {
                out += ".TP\n.B \(code.rawValue)\n" + Roff.paragraph(meaning)
            }
        }
        return out
    }

    /// A title as a sentence: its first letter in capitals, a full stop after it.
    static func sentence(_ title: String) -> String {
        guard let first = title.first else { return title }
        return first.uppercased() + title.dropFirst() + "."
    }

    // MARK: docs/schema/codes.schema.json

    static func codesSchema() -> String {
        let findings = FindingCatalog.all.map(\.code.rawValue).sorted()
        let errors = ErrorCode.all.map(\.rawValue)
        func list(_ values: [String]) -> String {
            values.map { "        " + JSONText.quoted($0) }.joined(separator: ",\n")
        }
        return """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://tlsprobe.invalid/schema/codes.schema.json",
              "title": "tlsprobe's codes: findings, errors, protocols",
              "description": "Generated from the code by make generate (tlsprobe-docs): do not edit.",
              "$defs": {
                "finding_code": {
                  "description": "A finding code, area.condition: man tlsprobe, FINDING CODES.",
                  "enum": [
            \(list(findings))
                  ]
                },
                "error_code": {
                  "description": "The code of the error object: man tlsprobe, ERROR CODES.",
                  "enum": [
            \(list(errors))
                  ]
                },
                "plaintext_protocol": {
                  "description": "A plain-text protocol that upgrades to TLS in place (connect --starttls, capture).",
                  "enum": [
            \(list(PlaintextProtocol.allCases.map(\.rawValue)))
                  ]
                },
                "tunnel_protocol": {
                  "description": "A proxy whose tunnel carried the TLS (capture).",
                  "enum": [
            \(list(TunnelProtocol.allCases.map(\.rawValue)))
                  ]
                },
                "transport": {
                  "description": "What carried the TLS: tcp, or udp for DTLS.",
                  "enum": [
            \(list(Transport.allCases.map(\.rawValue)))
                  ]
                }
              }
            }

            """
    }
}

/// Text for a roff (man page) source file.
enum Roff {
    /// `text` as roff text lines of at most about 90 columns: backslashes and hyphens that
    /// start an option or a negative number escaped, non-ASCII characters as `\[uXXXX]`, a
    /// line that would start with `.` or `'` guarded with `\&`.
    static func paragraph(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let escaped = escape(String(word))
            if !line.isEmpty && line.count + 1 + escaped.count > 90 {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? guarded(escaped) : " " + escaped
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0 + "\n" }.joined()
    }

    static func guarded(_ word: String) -> String {
        word.hasPrefix(".") || word.hasPrefix("'") ? "\\&" + word : word
    }

    static func escape(_ word: String) -> String {
        var out = ""
        var previous: Character?
        // In an option (`--system-anchors`) every hyphen is a minus sign, which copies as one.
        var option = false
        for character in word {
            switch character {
            case "\\": out += "\\e"
            case "-" where option || !(previous.map { $0.isLetter || $0.isNumber } ?? false):
                out += "\\-"
                option = true
            default:
                if character.isASCII {
                    out.append(character)
                } else {
                    for scalar in character.unicodeScalars {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                    }
                }
            }
            previous = character
        }
        return out
    }
}

/// JSON text.
enum JSONText {
    /// `value` as a JSON string literal.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
