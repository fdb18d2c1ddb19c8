import SystemCalls

/// Pin checks: `--pin` (pin.match / pin.mismatch) against the presented chain.
public enum PinCheck {
    /// The finding for `pins` (any of them may match) against `chain` as presented: a
    /// match on the leaf, or (HPKP-style) on another certificate the server sent, is
    /// `pin.match`; none is `pin.mismatch`. Nil when no certificate was seen.
    public static func finding(pins: [PublicKeyPin], chain: [X509Certificate]) -> Finding? {
        guard let leaf = chain.first, !pins.isEmpty else { return nil }
        let wanted = Set(pins.map(\.description))
        let expected = EvidenceValue.strings(pins.map(\.description))
        if wanted.contains(leaf.pin) {
            return Finding(
                code: .pinMatch,
                subject: .certificate(0),
                message: "The server's key matches the pin \(leaf.pin).",
                evidence: ["pin": .string(leaf.pin), "expected": expected]
            )
        }
        if let index = chain.indices.dropFirst().first(where: { wanted.contains(chain[$0].pin) }) {
            let cert = chain[index]
            return Finding(
                code: .pinMatch,
                subject: .certificate(index),
                message:
                    "The pin \(cert.pin) matches certificate[\(index)] \"\(cert.subjectString)\" that the server sent, not its own key: a client that pins its CA (as HPKP did) accepts this; one that pins the server's key (curl --pinnedpubkey) does not.",
                evidence: ["pin": .string(cert.pin), "leaf_pin": .string(leaf.pin), "expected": expected]
            )
        }
        return Finding(
            code: .pinMismatch,
            subject: .certificate(0),
            message:
                "The server's key \(leaf.pin) matches none of the pins given (\(pins.map(\.description).joined(separator: ", "))): the server has a new key, or something else answers at this address.",
            evidence: [
                "presented_pin": .string(leaf.pin), "expected": expected, "chain_pins": .strings(chain.map(\.pin)),
            ],
            fix:
                "If the server's key was replaced on purpose, pin the new one (\(leaf.pin)); if not, find out who is answering at this address."
        )
    }
}
