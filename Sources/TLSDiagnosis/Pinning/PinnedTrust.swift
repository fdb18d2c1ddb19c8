/// `connect --pin` and `--known-hosts` without anchors: the pinned key is the trust model.
///
/// A client that pins the server's key (an app with a pinned self-signed camera, curl
/// `--pinnedpubkey` with `-k`, SSH-style trust on first use) accepts the server when the key
/// matches and refuses it when it does not, whatever root there is. So when no anchors were
/// given and a pin matched the server's own key (or matched none), the pin decided trust:
/// the trust section says so instead of asking for a root, and the dates, which only
/// clients that check them enforce, are warnings that say so. With anchors the chain is
/// judged as usual and the pin is one more finding.
public enum PinnedTrust {
    /// The pin finding that decided trust: `pin.match` on the server's own key, or
    /// `pin.mismatch`; nil when none did (no pin given, a first contact, a pin that
    /// matched a CA the server sent).
    public static func decidingFinding(_ findings: [Finding]) -> Finding? {
        findings.first { $0.code == .pinMismatch }
            ?? findings.first { $0.code == .pinMatch && $0.subject == .certificate(0) }
    }

    /// Whether a client that pins the key accepts the server: the key matched, and the
    /// certificate carries the expected name (`nameMatched` nil: no name was expected).
    public static func trusted(_ pin: Finding, nameMatched: Bool?) -> Bool {
        pin.code == .pinMatch && nameMatched != false
    }

    /// The trust section's note when `pin` decided.
    public static func note(_ pin: Finding, nameMatched: Bool?) -> String {
        if pin.code == .pinMismatch {
            return
                "The pin decided trust. \(pin.message) No anchors were given, so the chain was not judged against a root."
        }
        if nameMatched == false {
            return
                "The pin decided trust. \(pin.message) But the certificate does not carry the name expected (see the name finding), and a client that pins the key still checks the name unless it was told not to. No anchors were given, so the chain was not judged against a root."
        }
        return
            "The pin decided trust. \(pin.message) With a pinned key the key is the trust model, so no root is needed; no anchors were given, so the chain was not judged against one (name a root with --anchor to judge it as a client without the pin would)."
    }

    /// The trust section's note on a first contact under `--known-hosts` without anchors.
    public static let firstUseNote =
        "First contact: the server's key was recorded (pin.first_use), and from now on it decides trust, as SSH's known_hosts does. No anchors were given, so the chain was not judged against a root (name one with --anchor FILE to judge it)."

    /// `findings` with the server certificate's dates read for a pinning client: an expired
    /// or not yet valid `certificate[0]` is a warning that says the pin still holds, and its
    /// fix keeps the key.
    public static func adjustingDates(_ findings: [Finding], leaf: X509Certificate) -> [Finding] {
        findings.map { finding in
            guard finding.subject == .certificate(0), finding.code == .certExpired || finding.code == .certNotYetValid
            else { return finding }
            var adjusted = finding
            adjusted.severity = min(finding.severity, .warning)
            let state = finding.code == .certExpired ? "expired" : "not yet valid"
            adjusted.message +=
                " The pinned key decided trust, so the dates matter only to clients that check them: one that trusts the pinned key alone (an app pinning it, curl --pinnedpubkey with -k) still connects; one that also checks dates (browsers, curl without -k, Python's ssl) refuses a certificate that is \(state)."
            adjusted.fix = renewKeepingKey(leaf)
            return adjusted
        }
    }

    /// Renew the certificate with the key it has: a new key is a new pin.
    static func renewKeepingKey(_ leaf: X509Certificate) -> String {
        var fix =
            "Renew the certificate and keep the same key (or the pin breaks: every client that pinned it refuses a new key)"
        if leaf.isSelfIssued {
            var command = "openssl req -x509 -new -key server.key -days \(ValidityRule.appleDays)"
            // -subj always: without it openssl asks for a subject, or fails with no terminal.
            if let cn = leaf.commonNames.first, SubjectAltNameText.isWritableSubjectValue(cn) {
                command += " -subj \"/CN=\(cn)\""
            } else {
                command += " -subj \"/\""
            }
            if leaf.subjectAlternativeNames != nil {
                let list = SubjectAltNameText.list(leaf)
                if !list.value.isEmpty { command += " -addext \"subjectAltName=\(list.value)\"" }
            }
            command += " -out server.pem"
            fix += ": for this self-signed certificate, with the device's current key in server.key, \(command)"
        } else {
            fix += ": have the CA sign a new request made with the same key (openssl req -new -key server.key)"
        }
        return fix + ". If the dates look wrong, check the clock of the device that made it."
    }
}
