import SystemCalls

/// The findings on a stapled OCSP response, and its dates judged at the report's instant
/// (`--at`, else the handshake's): `ocsp.revoked`, `ocsp.invalid_staple`, `ocsp.stale_staple`.
/// The signature, responder and CertID were checked where the response was read
/// (`OCSPStapleCheck`); this decides what they mean.
public enum OCSPDiagnosis {
    /// The clock skew allowed either way, as OpenSSL's OCSP check allows (5 minutes).
    public static let leeway: TimeInterval = 5 * 60

    /// Whether `staple` is current at `at`: thisUpdate not after `at`, nextUpdate (when it
    /// has one) not before it, each within `leeway`; nil without a thisUpdate.
    public static func isCurrent(_ staple: OCSPStaple, at: Date) -> Bool? {
        guard let thisUpdate = staple.thisUpdate else { return nil }
        if thisUpdate.timeIntervalSince(at) > leeway { return false }
        if let nextUpdate = staple.nextUpdate, at.timeIntervalSince(nextUpdate) > leeway { return false }
        return true
    }

    /// `staple` with its dates judged at `at`, and the findings it gives.
    public static func judge(_ staple: OCSPStaple, at: Date) -> (staple: OCSPStaple, findings: [Finding]) {
        var staple = staple
        guard var check = staple.check else { return (staple, []) }
        check.current = isCurrent(staple, at: at)
        staple.check = check
        var findings: [Finding] = []
        let times: [String: EvidenceValue] = [
            "this_update": .optional(staple.thisUpdate.map(ReportTime.iso8601)),
            "next_update": .optional(staple.nextUpdate.map(ReportTime.iso8601)),
        ]
        if let failure = check.failure {
            var evidence = times
            evidence["failure"] = .string(failure.rawValue)
            evidence["signer"] = .optional(check.signer)
            evidence["certificate_status"] = .optional(staple.certificateStatus)
            findings.append(
                Finding(
                    code: .ocspInvalidStaple,
                    subject: .certificate(0),
                    message: "The stapled OCSP response is not valid: \(check.detail ?? failure.rawValue)"
                        + (staple.certificateStatus.map { "; it says \"\($0)\", which clients will not rely on" } ?? "")
                        + ".",
                    evidence: evidence
                )
            )
            return (staple, findings)
        }
        if staple.certificateStatus == "revoked" {
            let when = staple.revocationTime.map { " on \(ReportTime.iso8601($0))" } ?? ""
            let why = staple.revocationReason.map { " (reason: \($0))" } ?? ""
            let unchecked =
                check.issuerKnown
                ? "" : " Its responder could not be checked: the leaf's issuer is neither presented nor an anchor."
            var evidence = times
            evidence["revocation_time"] = .optional(staple.revocationTime.map(ReportTime.iso8601))
            evidence["revocation_reason"] = .optional(staple.revocationReason)
            evidence["signer"] = .optional(check.signer)
            findings.append(
                Finding(
                    code: .ocspRevoked,
                    subject: .certificate(0),
                    message:
                        "The server's stapled OCSP response says its certificate was revoked\(when)\(why).\(unchecked)",
                    evidence: evidence
                )
            )
        }
        if check.current == false, let thisUpdate = staple.thisUpdate {
            let judged = ReportTime.iso8601(at)
            let message: String
            if thisUpdate.timeIntervalSince(at) > leeway {
                message =
                    "The stapled OCSP response's thisUpdate, \(ReportTime.iso8601(thisUpdate)), is after \(judged), the instant judged: it is not valid yet (a clock is wrong)."
            } else {
                message =
                    "The stapled OCSP response expired: its nextUpdate, \(staple.nextUpdate.map(ReportTime.iso8601) ?? "?"), is before \(judged), the instant judged."
            }
            var evidence = times
            evidence["judged_at"] = .string(judged)
            findings.append(
                Finding(code: .ocspStaleStaple, subject: .certificate(0), message: message, evidence: evidence)
            )
        }
        return (staple, findings)
    }
}
