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
}
