import Foundation
import OpenSSLProbe
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeKit

/// `InspectSession` in the test process on files from the test PKI: what the report says
/// about a key and its certificate, a PKCS#12 file without its password, and a file that
/// cannot be read.
@Suite struct InspectSessionTests {
    static func run(
        _ files: [String],
        key: String? = nil,
        password: @escaping PasswordProvider = { _ in nil }
    ) throws -> (result: InspectSession.Result, sink: KeptReports) {
        // PKIFiles issues its chain for live peers: valid now.
        let c = InspectSession.Configuration(
            files: files,
            key: key,
            context: TrustContext(at: Date()),
            password: password
        )
        let sink = KeptReports()
        let result = try InspectSession(c).run(into: sink)
        return (result, sink)
    }

    @Test func theLeafsOwnKeyMatchesAndTheReportIsWritten() throws {
        let pki = PKIFiles()
        let (result, sink) = try Self.run([pki.leaf, pki.intermediate], key: pki.key)
        guard case .inspect(let written)? = sink.reports.first else {
            Issue.record("no inspect report: \(sink.reports)")
            return
        }
        #expect(sink.reports.count == 1)
        #expect(written.files.map(\.path) == [pki.leaf, pki.intermediate, pki.key])
        #expect(!result.report.findings.contains { $0.code == .keyMismatch }, "\(result.report.findings.map(\.code))")
        #expect(!result.incomplete)
    }

    @Test func anotherCertificatesKeyIsAMismatchThatFails() throws {
        let pki = PKIFiles()
        let other = pki.client("other")
        let (result, sink) = try Self.run([pki.leaf], key: other.key)
        let mismatch = try #require(result.report.findings.first { $0.code == .keyMismatch })
        #expect(mismatch.severity == .error)
        #expect(sink.failing == 1)
    }

    /// A PKCS#12 file and no password: still a report (its protection is readable), the
    /// file named as unopened, and the run incomplete (exit 2).
    @Test func aPKCS12FileWithoutItsPasswordIsIncomplete() throws {
        let pki = PKIFiles()
        let p12 = pki.dir.file("identity.p12")
        let made = try Run.process(
            "openssl",
            ["pkcs12", "-export", "-in", pki.leaf, "-inkey", pki.key, "-out", p12, "-passout", "pass:secret"]
        )
        try #require(made.status == 0, "\(made.stderr)")
        let (result, sink) = try Self.run([p12])
        #expect(result.incomplete)
        #expect(result.unopened.count == 1 && result.unopened[0].contains("identity.p12"), "\(result.unopened)")
        #expect(result.report.files.first?.format == "PKCS#12")
        #expect(sink.reports.count == 1)

        let opened = try Self.run([p12], password: { _ in "secret" })
        #expect(!opened.result.incomplete)
        #expect(opened.result.report.files.first?.certificates.count == 1)
    }

    @Test func aFileThatCannotBeReadIsTheErrorAndNothingIsWritten() throws {
        let pki = PKIFiles()
        let sink = KeptReports()
        let c = InspectSession.Configuration(files: [pki.dir.file("absent.pem")], context: TrustContext(at: Date()))
        #expect {
            try InspectSession(c).run(into: sink)
        } throws: { error in
            (error as? any UserFacingError)?.description.contains("absent.pem") == true
        }
        #expect(sink.reports.isEmpty)
    }
}
