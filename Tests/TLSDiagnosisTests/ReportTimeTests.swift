import Foundation
import Testing
@testable import TLSDiagnosis

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
