import TLSWire

/// connect: a server that speaks only versions older than the profile accepts. Read from
/// the versions it accepted when each was offered alone (a fallback after the first
/// handshake failed on the version, or `--versions`).
public enum FallbackDiagnosis {
    /// Whether a first handshake's findings say it failed on the protocol version, so that
    /// a fallback to older versions may find what the server speaks.
    public static func failedOnVersion(_ findings: [Finding]) -> Finding? {
        findings.first { $0.code == .tlsNoCommonVersion }
    }

    /// `tls.protocol_too_old` when every version the server accepted is older than
    /// `profile`'s minimum; nil when it accepted none, or one new enough.
    public static func onlyOldVersions(_ probes: [VersionProbe], profile: Profile) -> Finding? {
        let accepted = Set(probes.filter(\.accepted).map(\.version)).sorted()
        let minimum = profile.minimumProtocolVersion
        guard let newest = accepted.last, newest < minimum else { return nil }
        let refused = Set(probes.filter { !$0.accepted && $0.version >= minimum }.map(\.version)).sorted()
        let list = accepted.map(\.description).joined(separator: " and ")
        let refusedText = refused.isEmpty ? "" : "; it refused \(refused.map(\.description).joined(separator: " and "))"
        return profile.apply(Finding(
            code: .tlsProtocolTooOld, subject: .connection,
            message: "This server speaks only \(list) (each accepted when offered alone\(refusedText)). iOS and macOS (App Transport Security requires \(minimum)), Android and current browsers refuse TLS 1.0 and 1.1, so they cannot connect.",
            evidence: [
                "accepted": .strings(accepted.map(\.description)), "refused": .strings(refused.map(\.description)),
                "minimum": .string(minimum.description),
            ],
            fix: "Enable TLS 1.2 (and 1.3) on the device: a firmware update, or a TLS-terminating proxy in front of it."))
    }

    /// `findings` with the generic `tls.protocol_too_old` (the negotiated version) replaced
    /// by `specific`, which names every version the server accepts.
    public static func replacingTooOld(_ findings: [Finding], with specific: Finding?) -> [Finding] {
        guard let specific else { return findings }
        return findings.filter { $0.code != .tlsProtocolTooOld } + [specific]
    }
}
