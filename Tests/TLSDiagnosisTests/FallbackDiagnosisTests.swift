import Testing
import TLSDiagnosis
import TLSWire

/// `tls.protocol_too_old` from a fallback's probes: "only" is said when every version from
/// the profile's minimum to TLS 1.3 was offered and refused (alone, or together in the
/// first handshake); a version never offered is named as not tried.
@Suite struct FallbackDiagnosisTests {
    static let old = [VersionProbe(version: .tls10, accepted: true), VersionProbe(version: .tls11, accepted: true)]

    @Test func onlyWhenEveryNewerVersionWasRefused() throws {
        let all = try #require(
            FallbackDiagnosis.onlyOldVersions(Self.old, profile: .default, refusedTogether: [.tls12, .tls13])
        )
        #expect(all.message.contains("speaks only TLSv1.0 and TLSv1.1"), "\(all.message)")
        #expect(all.evidence["untried"] == EvidenceValue.strings([]))
    }

    @Test func aVersionNeverOfferedIsNamedNotOnly() throws {
        let partial = try #require(
            FallbackDiagnosis.onlyOldVersions(Self.old, profile: .default, refusedTogether: [.tls12])
        )
        #expect(!partial.message.contains("only"), "\(partial.message)")
        #expect(partial.message.contains("TLSv1.3 was not tried"), "\(partial.message)")
        #expect(partial.evidence["refused"] == EvidenceValue.strings(["TLSv1.2"]))
        #expect(partial.evidence["untried"] == EvidenceValue.strings(["TLSv1.3"]))
        // Nothing newer tried at all: both named.
        let none = try #require(FallbackDiagnosis.onlyOldVersions(Self.old, profile: .default))
        #expect(none.message.contains("TLSv1.2 and TLSv1.3 were not tried"), "\(none.message)")
    }

    @Test func aNewEnoughVersionAcceptedIsNoFinding() {
        let probes = Self.old + [VersionProbe(version: .tls12, accepted: true)]
        #expect(FallbackDiagnosis.onlyOldVersions(probes, profile: .apple, refusedTogether: [.tls13]) == nil)
    }
}
