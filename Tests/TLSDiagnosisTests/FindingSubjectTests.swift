import Testing
@testable import TLSDiagnosis

/// Typed subjects print exactly the strings reports have always shown (text and JSON).
@Suite struct FindingSubjectTests {
    @Test func everyCasePrintsTheStringReportsShow() {
        let cases: [(Finding.Subject, String)] = [
            (.certificate(0), "certificate[0]"),
            (.certificate(12), "certificate[12]"),
            (.anchor("Front Desk Root.pem"), "anchor Front Desk Root.pem"),
            (.certificateInFile(path: "chain.pem", index: 1), "chain.pem: certificate[1]"),
            (.file("id.p12"), "file[id.p12]"),
            (.key("key.pem"), "key.pem"),
            (.connection, "connection"),
            (.chain, "chain"),
            (.identity, "identity"),
            (.client(.certificate(0)), "client certificate[0]"),
        ]
        for (subject, text) in cases {
            #expect(subject.description == text)
            #expect("\(subject)" == text)
        }
    }

    @Test func reportOrderComparesSubjectsAsPrinted() {
        let a = Finding(code: .chainRootSent, subject: .certificate(10), message: "")
        let b = Finding(code: .chainRootSent, subject: .certificate(2), message: "")
        #expect(Finding.reportOrder(a, b), "certificate[10] sorts before certificate[2], as the strings did")
    }

    /// A report lists each finding once, in report order (worst first, then code, then
    /// subject), whether it has a few (compared one by one, up to 32) or many (through a
    /// set).
    @Test func repeatsAreDroppedInShortAndLongLists() {
        func finding(_ index: Int, _ message: String = "m") -> Finding {
            Finding(
                // Two codes neither of which is a consequence of the other: no folding here.
                code: index.isMultiple(of: 2) ? .chainMissingIntermediate : .certExpired,
                subject: .certificate(index),
                message: message,
                evidence: ["i": .int(index)]
            )
        }
        for total in [3, 31, 32, 33, 200] {
            // `total` findings, each of the first half repeated, and one that differs from
            // another only in its message (kept).
            let half = total / 2
            let given = (0..<(total - 1)).map { finding($0 % max(half, 1)) } + [finding(0, "other")]
            #expect(given.count == total)
            let listed = given.inReportOrder()
            #expect(listed.count == Set(given).count && listed.count < total, "\(total)")
            #expect(Set(listed) == Set(given), "\(total)")
            #expect(listed == listed.sorted(by: Finding.reportOrder), "\(total)")
        }
    }
}
