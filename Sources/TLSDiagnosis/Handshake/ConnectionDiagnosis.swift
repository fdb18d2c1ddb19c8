import SystemCalls
import TLSWire

/// Turns one observed handshake into its report: the server chain judged by the trust
/// engine, alerts read in context, protocol choices, client authentication, and the
/// client chain judged for client use when client anchors are given.
public enum ConnectionDiagnosis {
    /// The report of `observation` seen from `vantage`: the server chain judged against
    /// `anchors` under `context` (except from the server's vantage, where the chain is our
    /// own), alerts and how the handshake `ending` came about read from that vantage,
    /// protocol choices, client authentication, and the client chain judged for client use
    /// against the server vantage's client anchors. `extraFindings` are the caller's own
    /// (pins, key log results). `localErrors` are what our own TLS library said when it sent
    /// an alert (connect, listen): they become evidence of the findings for the alerts our
    /// side sent. `memo` (capture's, made for the same `anchors`) remembers chain
    /// evaluations and certificate descriptions across connections; the report is the same.
    public static func report(
        observation o: HandshakeObservation,
        vantage: Vantage,
        anchors: [TrustAnchor],
        context: TrustContext,
        ending: HandshakeEnding? = nil,
        extraFindings: [Finding] = [],
        versions: [VersionProbe]? = nil,
        negotiatedGroup: String? = nil,
        localErrors: [String] = [],
        memo: DiagnosisMemo? = nil
    ) -> ConnectionReport {
        let memo = memo.flatMap { $0.serves(anchors) ? $0 : nil }
        func details(_ chain: [X509Certificate]) -> [CertificateDetails] {
            chain.enumerated().map {
                memo?.details($0.element, index: $0.offset) ?? CertificateDetails($0.element, index: $0.offset)
            }
        }
        var findings = extraFindings
        var identity: [X509Certificate]?
        var clientAnchors: [TrustAnchor] = []
        switch vantage {
        case .client(let client): identity = client.identity
        case .server(let server): clientAnchors = server.clientAnchors
        case .observer(let observer):
            findings += CaptureDiagnosis.findings(observer.capture, observation: o)
        }
        if let ending, let finding = HandshakeDiagnosis.finding(for: ending, in: o, vantage: vantage) {
            findings.append(finding)
        }
        if let finding = HandshakeDiagnosis.helloRetryNotFollowed(o) { findings.append(finding) }
        let keyLogFinding = findings.contains { $0.code == .captureNoKey || $0.code == .captureDecryptFailed }
        var trust = TrustSection(
            evaluated: false,
            trusted: nil,
            profile: context.profile.name,
            profileSource: context.profile.source.rawValue,
            note:
                "No anchors were given, so trust was not judged: name the root the client has with --anchor FILE (or --anchors DIR, --system-anchors). Every other check ran.",
            anchors: memo?.anchorsSummary ?? anchors.map { CertificateSummary($0.certificate, source: $0.source) },
            path: nil
        )

        if case .server = vantage {
            trust.note =
                "This is tlsprobe's own chain, served to the client: the client's verdict on it is in how the connection ended."
        } else if let leaf = o.serverCertificates.first {
            let presented = Array(o.serverCertificates.dropFirst())
            let evaluation =
                memo?.evaluate(leaf: leaf, presented: presented, context: context)
                ?? TrustEngine.evaluate(leaf: leaf, presented: presented, anchors: anchors, context: context)
            // connect --pin / --known-hosts with no anchors: the pinned key decided trust.
            var pin: Finding?
            var firstUse = false
            if case .client = vantage, anchors.isEmpty {
                pin = PinnedTrust.decidingFinding(extraFindings)
                firstUse = pin == nil && extraFindings.contains { $0.code == .pinFirstUse }
            }
            // A matching pin vouches for the key, a self-signed one included, and reads its
            // dates as a pinning client does. The first contact, which records the key, takes
            // a self-signed key as pinning does (or the first run would fail where the second
            // passes), but vouches for nothing yet: its dates count as they are.
            if pin?.code == .pinMatch {
                findings += PinnedTrust.adjustingDates(evaluation.findings, leaf: leaf).filter {
                    $0.code != .chainSelfSignedLeaf
                }
            } else if firstUse {
                findings += evaluation.findings.filter { $0.code != .chainSelfSignedLeaf }
            } else {
                findings += evaluation.findings
            }
            if let pin {
                trust.evaluated = true
                trust.trusted = PinnedTrust.trusted(pin, nameMatched: evaluation.nameMatched)
                trust.note = PinnedTrust.note(pin, nameMatched: evaluation.nameMatched)
            } else if firstUse {
                trust.note = PinnedTrust.firstUseNote
            }
            if !anchors.isEmpty {
                trust.evaluated = true
                trust.trusted = evaluation.trusted
                trust.note = nil
                trust.path = evaluation.path.map {
                    $0.map {
                        memo?.summary($0.certificate, source: $0.source)
                            ?? CertificateSummary($0.certificate, source: $0.source)
                    }
                }
            }
        } else {
            let certificateSent = o.steps.contains { $0.from == .server && $0.type == .certificate }
            // A capture that cut the server's handshake short: its chain is unknown, not absent.
            var cutNote: String?
            if case .observer(let observer) = vantage {
                let capture = observer.capture
                if capture.cutRecords.contains(where: { $0.side == .server && $0.message == "certificate" }) {
                    cutNote =
                        "The server's Certificate message is cut short in the capture (see capture.truncated), so trust was not judged."
                } else if !certificateSent, !o.encryptedHandshakeUnseen,
                    capture.serverBytesLost > 0 || capture.cutRecords.contains(where: { $0.side == .server })
                {
                    cutNote =
                        "The server's handshake is cut short in the capture (see capture.truncated), so its certificate, if it sent one, was not read and trust was not judged."
                }
            }
            trust.note =
                cutNote
                ?? (o.encryptedHandshakeUnseen
                    ? (keyLogFinding
                        ? "The server's chain was sent encrypted (TLS 1.3) and the key log did not decrypt it, so trust was not judged."
                        : "The server's chain was sent encrypted (TLS 1.3) and no key log was given, so trust was not judged.")
                    : certificateSent || o.outcome == .established
                        ? "The server presented no certificate, so trust was not judged."
                        : "The handshake ended before the server sent its certificate, so trust was not judged.")
        }
        if o.unreadableServerCertificates > 0 {
            findings.append(
                Finding(
                    code: .certMalformed,
                    subject: .chain,
                    message:
                        "\(o.unreadableServerCertificates) certificate(s) in the server's Certificate message cannot be read as X.509 at all."
                )
            )
        }
        // A key log was given and a capture.no_key / capture.decrypt_failed finding says
        // why it did not help: that finding, not this one, speaks for the encryption.
        if o.encryptedHandshakeUnseen && !keyLogFinding {
            findings.append(
                Finding(
                    code: .captureTLS13Encrypted,
                    subject: .connection,
                    message:
                        "This is TLS 1.3: the server's chain, any CertificateRequest, the client's certificate and most alerts are encrypted. Without the client's key log they cannot be shown."
                )
            )
        }
        // connect: a stream that broke after the ServerHello is the ending's finding, which
        // names our alert; read on its own, our alert would blame the server's choices.
        let endingExplainsOurAlert: Bool
        if case .client = vantage, let ending, HandshakeDiagnosis.malformedAfterServerHello(ending, in: o) != nil {
            endingExplainsOurAlert = true
        } else {
            endingExplainsOurAlert = false
        }
        for alert in o.alerts {
            if endingExplainsOurAlert && alert.from == vantage.localSide { continue }
            guard var finding = HandshakeDiagnosis.finding(for: alert, in: o, vantage: vantage)
            else { continue }
            if alert.from == vantage.localSide && !localErrors.isEmpty {
                finding.evidence["openssl_errors"] = .strings(localErrors)
            }
            findings.append(finding)
        }
        if case .server(let server) = vantage, let finding = HandshakeDiagnosis.closedAfterHandshake(o, server: server)
        {
            findings.append(finding)
        }
        findings += HandshakeDiagnosis.protocolFindings(o, profile: context.profile, vantage: vantage)
        if case .client = vantage,
            let finding = HandshakeDiagnosis.secureRenegotiationFinding(o, profile: context.profile)
        {
            findings.append(finding)
        }
        findings += HandshakeDiagnosis.clientAuthFindings(o, identity: identity)

        var clientTrust: TrustSection?
        // The client chain's verdict is a server's concern (listen, or a capture given client anchors).
        let listening = if case .server = vantage { true } else { false }
        if o.clientCertificates?.isEmpty == false && (listening || !clientAnchors.isEmpty) {
            clientTrust = TrustSection(
                evaluated: false,
                trusted: nil,
                profile: context.profile.name,
                note:
                    "No client anchors were given (listen --client-anchor), so the client's certificate was not judged.",
                anchors: clientAnchors.map { CertificateSummary($0.certificate, source: $0.source) },
                path: nil
            )
        }
        if let clientLeaf = o.clientCertificates?.first, !clientAnchors.isEmpty {
            var clientContext = context
            clientContext.purpose = .client
            clientContext.expectedName = nil
            let evaluation = TrustEngine.evaluate(
                leaf: clientLeaf,
                presented: Array((o.clientCertificates ?? []).dropFirst()),
                anchors: clientAnchors,
                context: clientContext
            )
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
            established: o.outcome == .established,
            version: hello?.version,
            cipherSuite: hello?.cipherSuite,
            group: negotiatedGroup ?? hello?.group?.description,
            alpn: hello?.alpn,
            resumed: o.resumed
        )
        let requestSummary = o.certificateRequest
        var report = ConnectionReport(
            vantage: vantage,
            handshake: summary,
            clientHello: o.clientHello,
            serverHello: o.serverHello ?? o.helloRetryRequest,
            chain: details(o.serverCertificates),
            certificateRequest: requestSummary,
            clientChain: o.clientCertificates.map(details),
            alerts: o.alerts,
            outcome: o.outcome,
            trust: trust,
            findings: findings,
            versions: versions,
            clientTrust: clientTrust
        )
        report.secondClientHello = o.secondClientHello
        report.evaluatedAt = context.at
        return report
    }
}
