import Foundation
import TLSDiagnosis
import TLSModel
import Testing

/// The stapled response's findings, judged at an instant given, never the clock.
@Suite struct OCSPDiagnosisTests {
    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    static func staple(
        status: String = "good",
        thisUpdate: TimeInterval = -3600,
        nextUpdate: TimeInterval? = 86_400,
        check: OCSPStapleCheck = OCSPStapleCheck(responder: .issuer)
    ) -> OCSPStaple {
        var staple = OCSPStaple(
            stapled: true,
            responseStatus: "successful",
            certificateStatus: status,
            thisUpdate: at.addingTimeInterval(thisUpdate),
            nextUpdate: nextUpdate.map { at.addingTimeInterval($0) },
            matchesLeaf: true,
            bytes: 500
        )
        staple.check = check
        return staple
    }

    static func codes(_ staple: OCSPStaple) -> [String] {
        OCSPDiagnosis.judge(staple, at: at).findings.map(\.code.rawValue)
    }

    @Test func aCurrentGoodStapleGivesNothing() {
        let judged = OCSPDiagnosis.judge(Self.staple(), at: Self.at)
        #expect(judged.findings.isEmpty)
        #expect(judged.staple.check?.current == true)
        #expect(judged.staple.check?.verified == true)
    }

    /// Five minutes' leeway either way, as OpenSSL's OCSP check: 4 minutes past nextUpdate
    /// is current, 6 minutes is not; a thisUpdate 6 minutes ahead is not current.
    @Test func theDatesAreJudgedAtTheGivenInstantWithLeeway() {
        #expect(Self.codes(Self.staple(nextUpdate: -240)).isEmpty)
        #expect(Self.codes(Self.staple(nextUpdate: -360)) == ["ocsp.stale_staple"])
        #expect(Self.codes(Self.staple(thisUpdate: 360, nextUpdate: 7200)) == ["ocsp.stale_staple"])
        #expect(Self.codes(Self.staple(nextUpdate: nil)).isEmpty, "no nextUpdate: newer news any time")
    }

    @Test func aRevokedStapleIsAnErrorWithItsTimeAndReason() throws {
        var staple = Self.staple(status: "revoked")
        staple.revocationTime = Date(timeIntervalSince1970: 1_767_225_600)
        staple.revocationReason = "keyCompromise"
        let finding = try #require(OCSPDiagnosis.judge(staple, at: Self.at).findings.first)
        #expect(finding.code == .ocspRevoked)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("2026-01-01T00:00:00Z") && finding.message.contains("keyCompromise"))
    }

    /// A staple that failed its check is only invalid, whatever it says and whenever.
    @Test func anInvalidStapleIsOnlyInvalid() throws {
        let staple = Self.staple(
            status: "revoked",
            nextUpdate: -86_400,
            check: OCSPStapleCheck(signer: "CN=Other", failure: .responder, detail: "signed by \"CN=Other\"")
        )
        let findings = OCSPDiagnosis.judge(staple, at: Self.at).findings
        #expect(findings.map(\.code) == [.ocspInvalidStaple])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.evidence["failure"] == "responder")
    }

    /// Without the leaf's issuer nothing was checked: no invalid staple, and a revoked one
    /// is still reported, saying so.
    @Test func anUncheckedStapleIsNotCalledInvalid() {
        let unchecked = OCSPStapleCheck(detail: "the leaf's issuer was not presented", issuerKnown: false)
        #expect(Self.codes(Self.staple(check: unchecked)).isEmpty)
        let revoked = OCSPDiagnosis.judge(Self.staple(status: "revoked", check: unchecked), at: Self.at).findings
        #expect(revoked.map(\.code) == [.ocspRevoked])
        #expect(revoked.first?.message.contains("could not be checked") == true)
    }

    @Test func nothingReadIsNothingJudged() {
        #expect(OCSPDiagnosis.judge(OCSPStaple(stapled: false), at: Self.at).findings.isEmpty)
    }
}
