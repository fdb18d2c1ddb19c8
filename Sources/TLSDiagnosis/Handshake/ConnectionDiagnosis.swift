import Foundation
import TLSWire

/// Turns one observed handshake into its report: the server chain judged by the trust
/// engine, alerts read in context, protocol choices, client authentication, and the
/// client chain judged for client use when client anchors are given.
public enum ConnectionDiagnosis {
    /// What to judge the connection against.
    public struct Expectations: Sendable {
        /// The roots a client trusts for the server's chain; empty: trust not judged.
        public var anchors: [TrustAnchor]
        /// The instant, expected server name and profile for the server chain.
        public var context: TrustContext
        /// Our own client identity (connect --identity), leaf first, for mtls checks.
        public var identity: [X509Certificate]?
        /// The roots a server trusts for client certificates (listen --client-anchor).
        public var clientAnchors: [TrustAnchor]
        /// The code for an alert that says nothing more specific: `tls.handshake_failed`
        /// for live handshakes, `capture.alert` for captures.
        public var genericAlertCode: FindingCode
        /// listen: what we served. The server chain is then our own and is not judged per
        /// connection; alerts and protocol choices are read from the server's side.
        public var served: ServedSide?

        public init(
            anchors: [TrustAnchor], context: TrustContext, identity: [X509Certificate]? = nil,
            clientAnchors: [TrustAnchor] = [], genericAlertCode: FindingCode = .tlsHandshakeFailed, served: ServedSide? = nil
        ) {
            self.anchors = anchors
            self.context = context
            self.identity = identity
            self.clientAnchors = clientAnchors
            self.genericAlertCode = genericAlertCode
            self.served = served
        }
    }

    /// The report of `observation` under `expectations`; `extraFindings` are the caller's
    /// own (pins, version probes, transport notes). `localErrors` are what our own TLS
    /// library said when it sent an alert (connect, listen): they become evidence of the
    /// findings for the alerts our side sent.
    public static func report(
        command: String, observation o: HandshakeObservation, target: ConnectTarget? = nil, flow: Flow? = nil,
        expectations e: Expectations, extraFindings: [Finding] = [], versions: [VersionProbe]? = nil,
        negotiatedGroup: String? = nil, localErrors: [String] = [], localSide: Side? = nil
    ) -> ConnectionReport {
        var findings = extraFindings
        let keyLogFinding = extraFindings.contains { $0.code == .captureNoKey || $0.code == .captureDecryptFailed }
        var trust = TrustSection(
            evaluated: false, trusted: nil, profile: e.context.profile.name,
            note: "No anchors were given, so trust was not judged: name the root the client has with --anchor FILE (or --anchors DIR, --system-anchors). Every other check ran.",
            anchors: e.anchors.map { CertificateSummary($0.certificate, source: $0.source) }, path: nil)

        if e.served != nil {
            trust.note = "This is tlsprobe's own chain, served to the client: the client's verdict on it is in how the connection ended."
        } else if let leaf = o.serverCertificates.first {
            let evaluation = TrustEngine.evaluate(leaf: leaf, presented: Array(o.serverCertificates.dropFirst()), anchors: e.anchors, context: e.context)
            findings += evaluation.findings
            if !e.anchors.isEmpty {
                trust.evaluated = true
                trust.trusted = evaluation.trusted
                trust.note = nil
                trust.path = evaluation.path.map { $0.map { CertificateSummary($0.certificate, source: $0.source) } }
            }
        } else {
            let certificateSent = o.steps.contains { $0.from == .server && $0.type == .certificate }
            trust.note = o.encryptedHandshakeUnseen
                ? (keyLogFinding
                    ? "The server's chain was sent encrypted (TLS 1.3) and the key log did not decrypt it, so trust was not judged."
                    : "The server's chain was sent encrypted (TLS 1.3) and no key log was given, so trust was not judged.")
                : certificateSent || o.outcome == .established
                    ? "The server presented no certificate, so trust was not judged."
                    : "The handshake ended before the server sent its certificate, so trust was not judged."
        }
        if o.unreadableServerCertificates > 0 {
            findings.append(Finding(
                code: .certMalformed, subject: .chain,
                message: "\(o.unreadableServerCertificates) certificate(s) in the server's Certificate message cannot be read as X.509 at all."))
        }
        // A key log was given and a capture.no_key / capture.decrypt_failed finding says
        // why it did not help: that finding, not this one, speaks for the encryption.
        if o.encryptedHandshakeUnseen && !keyLogFinding {
            findings.append(Finding(
                code: .captureTLS13Encrypted, subject: .connection,
                message: "This is TLS 1.3: the server's chain, any CertificateRequest, the client's certificate and most alerts are encrypted. Without the client's key log they cannot be shown."))
        }
        for alert in o.alerts {
            guard var finding = HandshakeDiagnosis.finding(for: alert, in: o, generic: e.genericAlertCode, served: e.served) else { continue }
            if alert.from == localSide && !localErrors.isEmpty { finding.evidence["openssl_errors"] = .strings(localErrors) }
            findings.append(finding)
        }
        findings += HandshakeDiagnosis.protocolFindings(o, profile: e.context.profile, served: e.served)
        findings += HandshakeDiagnosis.clientAuthFindings(o, identity: e.identity)

        var clientTrust: TrustSection?
        // The client chain's verdict is a server's concern (listen, or a capture given client anchors).
        if o.clientCertificates?.isEmpty == false && (e.served != nil || !e.clientAnchors.isEmpty) {
            clientTrust = TrustSection(
                evaluated: false, trusted: nil, profile: e.context.profile.name,
                note: "No client anchors were given (listen --client-anchor), so the client's certificate was not judged.",
                anchors: e.clientAnchors.map { CertificateSummary($0.certificate, source: $0.source) }, path: nil)
        }
        if let clientLeaf = o.clientCertificates?.first, !e.clientAnchors.isEmpty {
            var clientContext = e.context
            clientContext.purpose = .client
            clientContext.expectedName = nil
            let evaluation = TrustEngine.evaluate(
                leaf: clientLeaf, presented: Array((o.clientCertificates ?? []).dropFirst()), anchors: e.clientAnchors, context: clientContext)
            for var finding in evaluation.findings {
                finding.subject = .client(finding.subject)
                findings.append(finding)
            }
            clientTrust?.evaluated = true
            clientTrust?.trusted = evaluation.trusted
            clientTrust?.note = nil
            clientTrust?.path = evaluation.path.map { $0.map { CertificateSummary($0.certificate, source: $0.source) } }
        }

        let hello = o.serverHello
        let summary = HandshakeSummary(
            established: o.outcome == .established, version: hello?.version, cipherSuite: hello?.cipherSuite,
            group: negotiatedGroup ?? hello?.group?.description, alpn: hello?.alpn, resumed: o.resumed)
        let requestSummary = o.certificateRequest
        var report = ConnectionReport(
            command: command, target: target, flow: flow, handshake: summary, clientHello: o.clientHello,
            serverHello: o.serverHello,
            chain: o.serverCertificates.enumerated().map { CertificateDetails($0.element, index: $0.offset) },
            certificateRequest: requestSummary,
            clientChain: o.clientCertificates.map { $0.enumerated().map { CertificateDetails($0.element, index: $0.offset) } },
            alerts: o.alerts, outcome: o.outcome, trust: trust, findings: findings, versions: versions, clientTrust: clientTrust)
        report.evaluatedAt = e.context.at
        return report
    }
}
