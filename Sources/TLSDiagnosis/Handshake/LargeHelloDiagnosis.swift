import TLSWire

/// `tls.large_hello_refused`: the server answers an ordinary ClientHello but not the
/// post-quantum one of iOS 26 and Chrome (`LargeHelloProbe`).
public enum LargeHelloDiagnosis {
    /// The finding under `profile`, or nil when the server answered both hellos, or neither
    /// (then the large one proves nothing: the ordinary hello's failure is the story). Nil
    /// too when the large hello could not be sent (a local error says nothing of the
    /// server), and when it was answered with `illegal_parameter` or `decode_error`: the
    /// server read the whole hello and judged its content, which a device that cannot take
    /// a large hello never gets to.
    public static func finding(_ probe: LargeHelloProbe, profile: Profile) -> Finding? {
        guard probe.ordinary.reply.answered, !probe.large.reply.answered else { return nil }
        switch probe.large.reply {
        case .sendFailed: return nil
        case .alert(let alert) where alert == .illegalParameter || alert == .decodeError: return nil
        default: break
        }
        var evidence: [String: EvidenceValue] = [
            "ordinary_reply": .string(probe.ordinary.reply.keyword),
            "ordinary_hello_bytes": .int(probe.ordinary.helloBytes),
            "large_reply": .string(probe.large.reply.keyword),
            "large_hello_bytes": .int(probe.large.helloBytes),
            "large_milliseconds": .int(Int((probe.large.seconds * 1000).rounded())),
            "large_groups": .strings(ClientHelloParameters.apple26.groups.map(\.description)),
        ]
        if case .alert(let alert) = probe.large.reply { evidence["alert"] = .string(alert.name ?? alert.hex) }
        let finding = Finding(
            code: .tlsLargeHelloRefused,
            subject: .connection,
            message:
                "The server \(probe.ordinary.reply.text) to an ordinary ClientHello (\(probe.ordinary.helloBytes) bytes), but \(probe.large.reply.text) when sent the post-quantum ClientHello of iOS 26, macOS 26 and Chrome (\(probe.large.helloBytes) bytes, X25519MLKEM768 first with a 1,216-byte key share). iPhones and Macs on iOS 26/macOS 26 and Chrome will fail to connect; older iPhones and curl on OpenSSL 3.0 still work. Its TLS stack, or a middlebox in front of it, cannot take a ClientHello larger than one packet.",
            evidence: evidence
        )
        return profile.apply(finding)
    }
}
