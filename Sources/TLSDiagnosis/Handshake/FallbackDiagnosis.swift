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

    /// Whether a first handshake's findings say it failed on the cipher suite (or on
    /// something else the ClientHello offered), so that a retry offering every suite may
    /// find the one the server insists on.
    public static func failedOnCipher(_ findings: [Finding]) -> Finding? {
        findings.first { $0.code == .tlsNoCommonCipher }
    }

    /// The first handshake's `tls.no_common_cipher` (`failure`), extended with the suite
    /// the server chose when a retry at the same versions offered every suite OpenSSL has
    /// (`offered`, OpenSSL's cipher string): the suite the server insists on.
    public static func insistedSuite(
        _ failure: Finding,
        suite: CipherSuite,
        version: ProtocolVersion,
        offered: String
    ) -> Finding {
        var finding = failure
        let forward = suite.isTLS13 || suite.isForwardSecret
        finding.message +=
            " Offered every suite OpenSSL has (\(offered)) at the same versions, the server chose \(suite) at \(version): it insists on a suite the first ClientHello did not offer\(forward ? "" : ", and one without forward secrecy")."
        finding.evidence["accepted_suite"] = .string(suite.description)
        finding.evidence["accepted_version"] = .string(version.description)
        finding.fix =
            "Enable a current suite on the server beside \(suite) (ECDHE with AES-GCM works almost everywhere), or, for a device that cannot change, offer \(suite) from the client."
        return finding
    }

    /// `tls.protocol_too_old` when every version the server accepted is older than
    /// `profile`'s minimum; nil when it accepted none, or one new enough. `refusedTogether`:
    /// versions a first handshake offered together that the server refused (each would
    /// have been chosen were it spoken). The finding says the server speaks "only" those
    /// versions when every version from the minimum to TLS 1.3 was offered and refused;
    /// otherwise it names the versions that were not tried.
    public static func onlyOldVersions(
        _ probes: [VersionProbe],
        profile: Profile,
        refusedTogether: [ProtocolVersion] = []
    ) -> Finding? {
        let accepted = Set(probes.filter(\.accepted).map(\.version)).sorted()
        guard let minimum = profile.rule(ProtocolFloorRule.self)?.minimum, let newest = accepted.last, newest < minimum
        else { return nil }
        let refused = Set(
            probes.filter { !$0.accepted && $0.version >= minimum }.map(\.version)
                + refusedTogether.filter { $0 >= minimum }
        )
        .sorted()
        let untried = [ProtocolVersion.tls10, .tls11, .tls12, .tls13].filter { $0 >= minimum && !refused.contains($0) }
        let list = accepted.map(\.description).joined(separator: " and ")
        let refusedText = refused.isEmpty ? "" : "; it refused \(refused.map(\.description).joined(separator: " and "))"
        let speaks =
            untried.isEmpty
            ? "This server speaks only \(list) (each accepted when offered alone\(refusedText))."
            : "This server accepts \(list) (each accepted when offered alone\(refusedText)); \(untried.map(\.description).joined(separator: " and ")) \(untried.count == 1 ? "was" : "were") not tried, so whether it speaks \(untried.count == 1 ? "that" : "them") is not known (offer \(untried.count == 1 ? "it" : "them") with --max-version, or run --versions)."
        return profile.apply(
            Finding(
                code: .tlsProtocolTooOld,
                subject: .connection,
                message:
                    "\(speaks) iOS and macOS (App Transport Security requires \(minimum)), Android and current browsers refuse TLS 1.0 and 1.1, so they cannot connect\(untried.isEmpty ? "" : " at the versions it accepted").",
                evidence: [
                    "accepted": .strings(accepted.map(\.description)), "refused": .strings(refused.map(\.description)),
                    "minimum": .string(minimum.description), "untried": .strings(untried.map(\.description)),
                ],
                fix:
                    "Enable TLS 1.2 (and 1.3) on the device: a firmware update, or a TLS-terminating proxy in front of it."
            )
        )
    }

    /// `findings` with the generic `tls.protocol_too_old` (the negotiated version) replaced
    /// by `specific`, which names every version the server accepts.
    public static func replacingTooOld(_ findings: [Finding], with specific: Finding?) -> [Finding] {
        guard let specific else { return findings }
        return findings.filter { $0.code != .tlsProtocolTooOld } + [specific]
    }
}
