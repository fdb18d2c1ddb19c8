import SystemCalls
import TLSWire

/// `connect --starttls`: a plain-text protocol that did not upgrade to TLS is a finding
/// (`tls.starttls_refused`) that quotes the server, not a TLS failure.
public enum UpgradeDiagnosis {
    /// The finding for an upgrade that did not happen; nil when TLS was started.
    public static func finding(_ upgrade: PlaintextUpgrade, profile: Profile) -> Finding? {
        guard !upgrade.upgraded else { return nil }
        let name = upgrade.plaintextProtocol.displayName
        let reason = upgrade.reason ?? "did not upgrade"
        // The step once: a reason that already names it ("… at greeting") is not followed by "(at greeting)".
        let step = reason.hasSuffix(" \(upgrade.step)") ? "" : " (at \(upgrade.step))"
        let quoted = upgrade.reply.isEmpty ? "" : " It said: \"\(upgrade.reply.replacingEvery("\n", with: " / "))\"."
        return profile.apply(
            Finding(
                code: .tlsStartTLSRefused,
                subject: .connection,
                message: "The \(name) server \(reason), so no TLS handshake ran\(step).\(quoted)",
                evidence: [
                    "protocol": .string(upgrade.plaintextProtocol.rawValue), "step": .string(upgrade.step),
                    "reason": .string(reason),
                    "reply": .string(upgrade.reply),
                ]
            )
        )
    }

    /// The trust section's note when no handshake ran because the server did not upgrade.
    public static let trustNote =
        "The server did not upgrade to TLS (see tls.starttls_refused), so there was no certificate to judge."
}
