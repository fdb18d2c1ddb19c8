import TLSWire

/// `tls.apple_client_refused`: the server completed no handshake with an Apple client's
/// ClientHello, and did complete one with OpenSSL's defaults. The second handshake says
/// what the server needs that Apple's offer lacks: its leaf key, its cipher suite, its group.
public enum ClientHelloRefusal {
    /// The finding for a refused `hello`: how the refused handshake ended (`refused`,
    /// `ending`, `localErrors`) and what the server chose in the one it completed.
    public static func finding(
        hello: ClientHelloParameters,
        refused: HandshakeObservation,
        ending: HandshakeEnding?,
        localErrors: [String],
        completed: HandshakeObservation
    ) -> Finding {
        var missing: [String] = []
        var fixes: [String] = []
        let version = completed.serverHello?.version
        if let key = completed.serverCertificates.first?.key,
            let reason = keyReason(key, version: version, hello: hello)
        {
            missing.append(reason)
            fixes.append(
                "Give the server a certificate with a P-256 key (or RSA, 2048 bits or more) from the same CA; Apple's clients cannot use its \(key.summary) key."
            )
        }
        if let hello2 = completed.serverHello {
            let suite = hello2.cipherSuite
            if !hello.cipherSuites.contains(suite) {
                let name = suite.name ?? suite.hex
                if suite.keyExchangeMethod == .dhe {
                    missing.append(
                        "with OpenSSL's offer the server chose \(name); Apple's clients offer no DHE cipher suites"
                    )
                } else {
                    missing.append("with OpenSSL's offer the server chose \(name), which Apple's clients do not offer")
                }
                fixes.append(
                    "Enable ECDHE cipher suites on the server (ECDHE-ECDSA-AES128-GCM-SHA256 or ECDHE-RSA-AES128-GCM-SHA256) and TLS 1.3."
                )
            }
            if let group = hello2.group, !hello.groups.contains(group) {
                missing.append(
                    "the server's key exchange group is \(group.name ?? group.hex), which Apple's clients do not offer (they offer \(hello.groups.compactMap(\.name).joined(separator: ", ")))"
                )
                fixes.append("Enable x25519 or secp256r1 for key exchange on the server.")
            }
            if hello2.version < hello.minVersion || hello2.version > hello.maxVersion {
                missing.append(
                    "the server chose \(hello2.version), outside the \(hello.minVersion)–\(hello.maxVersion) Apple's clients offer"
                )
                fixes.append("Enable TLS 1.2 and 1.3 on the server.")
            }
        }
        let ended = endingText(refused, ending: ending, localErrors: localErrors)
        let why =
            missing.isEmpty
            ? "the server refused Apple's offer (\(ended)), and what it lacks could not be told from the handshake it did complete"
            : missing.joined(separator: "; ")
        return Finding(
            code: .tlsAppleClientRefused,
            subject: .connection,
            message:
                "\(hello.client) cannot complete a handshake with this server: \(why). The handshake reported here is tlsprobe's own, offering OpenSSL's defaults, so the chain is still judged; an Apple client never gets that far.",
            evidence: [
                "client": .string(hello.client),
                "ended": .string(ended),
                "missing": .strings(missing),
                "offered_signature_algorithms": .strings(hello.signatureSchemes.compactMap(\.name)),
                "offered_groups": .strings(hello.groups.compactMap(\.name)),
            ],
            fix: fixes.isEmpty ? nil : fixes.joined(separator: " ")
        )
    }

    /// Why Apple's signature schemes cannot sign with the leaf's key, or nil when one can.
    static func keyReason(_ key: KeyDescription, version: ProtocolVersion?, hello: ClientHelloParameters) -> String? {
        let offered = Set(hello.signatureSchemes)
        switch key.type {
        case "Ed25519" where !offered.contains(.ed25519):
            return "the leaf's key is Ed25519; Apple's clients do not offer ed25519 signatures"
        case "Ed448" where !offered.contains(.ed448):
            return "the leaf's key is Ed448; Apple's clients do not offer ed448 signatures"
        case "RSA-PSS" where offered.isDisjoint(with: [.rsaPSSPSSSHA256, .rsaPSSPSSSHA384, .rsaPSSPSSSHA512]):
            return "the leaf's key is an RSA-PSS (id-RSASSA-PSS) key; Apple's clients offer no rsa_pss_pss signatures"
        case "DSA":
            return "the leaf's key is DSA; Apple's clients offer no DSA signatures"
        case "EC":
            // TLS 1.3 binds an ECDSA scheme to its curve (RFC 8446 §4.2.3); TLS 1.2 does not.
            let schemes: [String: SignatureScheme] = [
                "P-256": .ecdsaSecp256r1SHA256, "P-384": .ecdsaSecp384r1SHA384, "P-521": .ecdsaSecp521r1SHA512,
            ]
            guard let curve = key.curve else { return nil }
            guard let scheme = schemes[curve] else {
                return
                    "the leaf's key is on curve \(curve); Apple's clients offer ECDSA only on \(hello.groups.filter { $0 != .x25519 }.compactMap(\.name).joined(separator: ", "))"
            }
            if (version ?? .tls13) >= .tls13 && !offered.contains(scheme) {
                return
                    "the leaf's key is EC \(curve), and TLS 1.3 needs \(scheme.name ?? scheme.hex) to sign with it; Apple's clients do not offer \(scheme.name ?? scheme.hex)"
            }
            return nil
        default:
            return nil
        }
    }

    /// How the refused handshake ended: the server's alert, our own library's refusal, or the connection's end.
    static func endingText(_ o: HandshakeObservation, ending: HandshakeEnding?, localErrors: [String]) -> String {
        let stage = o.serverHello == nil ? "in answer to the ClientHello" : "after the ServerHello"
        if let alert = o.alerts.first(where: { $0.from == .server }) {
            return "the server sent alert \(alert.description.name ?? alert.description.hex) \(stage)"
        }
        if let alert = o.alerts.first(where: { $0.from == .client }) {
            let reason = localErrors.first.map { " (\($0))" } ?? ""
            return
                "the client refused the server's answer with alert \(alert.description.name ?? alert.description.hex)\(reason)"
        }
        if let ending { return "\(ending.shortText) \(stage)" }
        return localErrors.first ?? "the handshake did not complete"
    }
}
