import SystemCalls
import TLSWire

/// What `connect` learned beside the handshake it judges: the fallback that found a
/// version or suite the server speaks, what the version probes found, the stapled OCSP
/// response (judged here: `OCSPDiagnosis`), the cipher enumeration, the STARTTLS step and OpenSSL's own verdict.
/// `ConnectionDiagnosis.completing` weighs it into the handshake's report.
public struct ConnectEvidence: Sendable {
    /// The fallback that replaced a first handshake refused on its version or suite.
    public var fallback: FallbackSummary?
    /// The versions the first handshake offered, which the server refused together.
    public var refusedTogether: [ProtocolVersion] = []
    /// `--versions`: each version offered alone.
    public var versions: [VersionProbe]?
    public var ocsp: OCSPStaple?
    /// `--ciphers`: each suite offered alone.
    public var ciphers: [CipherProbe]?
    /// The plain-text protocol's upgrade, when `--starttls` ran one.
    public var upgrade: PlaintextUpgrade?
    /// What an OpenSSL client decides on the same chain and anchors.
    public var openssl: ExternalVerdict?

    public init() {}
}

extension ConnectionDiagnosis {
    /// `report` (the handshake's, judged with connect's own findings) completed with
    /// `evidence`: the fallback, the probes and the enumeration it carries, one finding for
    /// every version older than the profile allows that the server accepted, the trust
    /// note when no TLS ran, and OpenSSL's verdict.
    public static func completing(
        _ report: ConnectionReport,
        with evidence: ConnectEvidence,
        profile: Profile
    ) -> ConnectionReport {
        var report = report
        report.fallback = evidence.fallback
        var ocspFindings: [Finding] = []
        if let staple = evidence.ocsp, let at = report.evaluatedAt, report.outcome == .established {
            let judged = OCSPDiagnosis.judge(staple, at: at)
            report.ocsp = judged.staple
            ocspFindings = judged.findings.compactMap(profile.apply)
        } else {
            report.ocsp = evidence.ocsp
        }
        report.ciphers = evidence.ciphers.map(CipherDiagnosis.summaries)
        let probes = (evidence.fallback?.probes ?? []) + (evidence.versions ?? [])
        let tooOld = FallbackDiagnosis.onlyOldVersions(
            probes,
            profile: profile,
            refusedTogether: evidence.refusedTogether
        )
        report.findings = (FallbackDiagnosis.replacingTooOld(report.findings, with: tooOld) + ocspFindings)
            .inReportOrder()
        if evidence.upgrade?.upgraded == false { report.trust.note = UpgradeDiagnosis.trustNote }
        report.trust.openssl = evidence.openssl
        return report
    }
}
