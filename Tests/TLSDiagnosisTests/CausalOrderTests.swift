import Foundation
import Testing
@testable import TLSDiagnosis

/// Findings are listed by causal rank within a severity: what stops the handshake or the path
/// first, the alert or duplicate that reports it after (and under) it.
@Suite struct CausalOrderTests {
    static func finding(_ code: FindingCode, _ severity: Severity? = nil) -> Finding {
        Finding(code: code, severity: severity, subject: .connection, message: "\(code.rawValue).")
    }

    @Test func theAlertFollowsTheMissingIntermediate() {
        let listed = [Self.finding(.captureAlert, .error), Self.finding(.chainMissingIntermediate)].inReportOrder()
        #expect(listed.map(\.code) == [.chainMissingIntermediate, .captureAlert])
        #expect(listed.last?.causedBy == .chainMissingIntermediate)
    }

    @Test func theSelfSignedLeafComesBeforeTheMissingEKU() {
        let listed = [Self.finding(.certEKUMissingServerAuth, .error), Self.finding(.chainSelfSignedLeaf)]
            .inReportOrder()
        #expect(listed.first?.code == .chainSelfSignedLeaf)
    }

    /// Under the default profile the old version is a warning, the duplicate an error: the
    /// cause still leads its group, which sorts by the group's worst severity.
    @Test func aWarningCauseLeadsItsErrorConsequence() {
        let listed = [
            Self.finding(.certExpiresSoon), Self.finding(.tlsNoCommonVersion), Self.finding(.tlsProtocolTooOld),
        ].inReportOrder()
        #expect(listed.map(\.code) == [.tlsProtocolTooOld, .tlsNoCommonVersion, .certExpiresSoon])
        let verdict = ClientVerdict(findings: listed, trusted: true, handshakeFailed: false, profile: "default")
        #expect(!verdict.connects)
        #expect(verdict.cause?.code == .tlsProtocolTooOld)
    }

    @Test func everyConsequenceNamesKnownCodesAndNoneItself() {
        for entry in FindingCatalog.all {
            #expect(!entry.consequenceOf.contains(entry.code), "\(entry.code)")
            for code in entry.consequenceOf { #expect(code.isKnown, "\(entry.code) → \(code)") }
        }
    }
}
