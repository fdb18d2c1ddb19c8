import Foundation
import TestSupport
import Testing
@testable import TLSDiagnosis
@testable import TLSModel

/// `--at` read strictly, and times written without trapping whatever the instant.
@Suite struct ReportTimeTests {
    @Test(arguments: [
        ("2026-11-21", "2026-11-21T00:00:00Z"),
        ("2026-11-21T10:00:00Z", "2026-11-21T10:00:00Z"),
        ("2026-11-21T10:00:00+01:00", "2026-11-21T09:00:00Z"),
        ("2026-11-21 10:00", "2026-11-21T10:00:00Z"),
        ("2024-02-29", "2024-02-29T00:00:00Z"),
        ("0001-01-01", "0001-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
        ("@1763719200", "2025-11-21T10:00:00Z"),
        ("@0", "1970-01-01T00:00:00Z"),
        ("@-86400", "1969-12-31T00:00:00Z"),
    ])
    func goodTimesAreRead(text: String, iso: String) throws {
        let date = try #require(ReportTime.parse(text))
        #expect(ReportTime.iso8601(date) == iso)
    }

    @Test(arguments: [
        "@1e300", "@-1e300", "@nan", "@inf", "@-inf", "@0x10", "@", "@ 5", "@1763719200abc",
        "@253402300800",  // 10000-01-01
        "2026-02-30", "2025-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "0000-01-01",
        "2026-11-21T24:00", "2026-11-21T10:00+25:00", "yesterday",
    ])
    func badTimesAreRefused(text: String) {
        #expect(ReportTime.parse(text) == nil, "\(text)")
    }

    @Test func writingAnyInstantDoesNotTrap() {
        for seconds in [1e300, -1e300, .nan, .infinity, -.infinity, Double(Int.max), 9e18, -9e18] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(!ReportTime.iso8601(date).isEmpty)
            #expect(!ReportTime.date(date).isEmpty)
        }
    }
}

/// `--at`'s date grammar was an NSRegularExpression; it is read by hand now, and the
/// expression is the reference for which texts match and what each group holds.
@Suite struct ReportTimeGrammarTests {
    static let pattern = #"^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$"#

    static func reference(_ text: String) throws -> [String?]? {
        let regex = try NSRegularExpression(pattern: pattern)
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0...7).map { i in Range(match.range(at: i), in: text).map { String(text[$0]) } }
    }

    @Test func theGroupsAreTheRegularExpressions() throws {
        var generator = SplitMix64(seed: 2026)
        let valid = [
            "2026-11-21", "2026-11-21T10:00", "2026-11-21T10:00:30", "2026-11-21T10:00:30.125Z",
            "2026-11-21T10:00+01:00",
            "2026-11-21T10:00:00-0130", "0001-01-01T00:00:00Z", "2026-11-21Z",
        ]
        let noise: [String] = [
            "0", "9", "٣", "-", "+", "T", ":", ".", "Z", " ", "\n", "\r\n", "\r", "\u{2028}", "x", "", "00", "T10",
        ]
        var texts = valid
        for base in valid {
            for _ in 0..<600 {
                var scalars = Array(base)
                let edits = Int.random(in: 1...3, using: &generator)
                for _ in 0..<edits {
                    let piece = Array(noise[Int.random(in: 0..<noise.count, using: &generator)])
                    let at = Int.random(in: 0...scalars.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: scalars.insert(contentsOf: piece, at: at)
                    case 1: if at < scalars.count { scalars.replaceSubrange(at...at, with: piece) }
                    default: if at < scalars.count { scalars.remove(at: at) }
                    }
                }
                texts.append(String(scalars))
            }
            texts += [base + "\n", base + "\r\n", base + "\n\n", base + "\u{85}", base + " ", "x" + base]
        }
        var matched = 0
        for text in texts {
            let expected = try Self.reference(text)
            if expected != nil { matched += 1 }
            #expect(ReportTime.isoGroups(text) == expected, "\(text.debugDescription)")
        }
        // Both sides of the grammar are exercised.
        #expect(matched > 150 && matched < texts.count - 150, "\(matched) of \(texts.count) matched")
    }
}
