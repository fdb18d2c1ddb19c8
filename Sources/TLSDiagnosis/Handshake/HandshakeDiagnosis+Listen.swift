import SystemCalls
import TLSWire

// listen: alerts and endings read from the server's side. We know exactly what we sent
// (the chain, whether it was tlsprobe's ephemeral certificate, which versions and suites we
// accept), so a client's refusal can be explained by what it refused.

extension HandshakeDiagnosis {
    /// The alerts a client sends about the server's certificate.
    static let certificateRefusals: [AlertDescription] = [
        .unknownCA, .badCertificate, .certificateUnknown, .unsupportedCertificate, .certificateExpired,
        .certificateRevoked, .accessDenied,
    ]

    /// `alert` read from the server's side; nil when the shared reading says it as well.
    static func servedReading(
        _ alert: AlertEvent,
        _ c: AlertContext,
        _ o: HandshakeObservation,
        _ served: ServedSide
    ) -> Reading? {
        let name = alert.description.name ?? alert.description.hex
        if alert.from == .client {
            guard c.serverCertificateSeen, !c.established else { return nil }
            if certificateRefusals.contains(alert.description) {
                let what: String
                switch alert.description {
                case .unknownCA:
                    what = "it does not trust the root that signed our certificate"
                case .certificateExpired:
                    what =
                        "by its clock a certificate we sent has expired or is not yet valid (check the client's date and time)"
                case .certificateRevoked:
                    what = "it found our certificate revoked"
                default:
                    what =
                        "it refused our certificate (clients send \(name) for an untrusted or incomplete chain, a name they do not match, or a missing serverAuth usage)"
                }
                let cause = distrustCause(
                    served,
                    hello: c.clientHello,
                    ambiguous: ambiguousRefusals.contains(alert.description)
                )
                return Reading(
                    message: "The client sent \(name) after our Certificate: \(what). \(cause.text)",
                    fix: cause.fix,
                    evidence: cause.evidence
                )
            }
            if alert.description == .closeNotify || alert.description == .userCanceled {
                let cause = distrustCause(served, hello: c.clientHello, ambiguous: true)
                return Reading(
                    message:
                        "The client closed the connection (\(name)) after our Certificate, without finishing the handshake and without saying why: clients that refuse a certificate quietly (Apple's among them) do this. \(cause.text)",
                    fix: cause.fix,
                    evidence: cause.evidence
                )
            }
            return nil
        }

        // Our own alerts.
        let beforeServerHello = !c.serverHelloSeen
        let noClientCertificate =
            alert.description == .certificateRequired
            || alert.description == .handshakeFailure && c.certificateRequested && c.clientSentCertificate == false
        switch alert.description {
        case .protocolVersion where beforeServerHello:
            let offered = c.clientHello?.versions.filter { !$0.isGREASE } ?? []
            var evidence = self.offered(c)
            evidence["accepted_versions"] = .strings(served.acceptedVersions.map(\.description))
            let oldOnly = offered.allSatisfy { $0 < .tls12 }
            return Reading(
                code: .tlsNoCommonVersion,
                message:
                    "The client offered \(offered.isEmpty ? "no version we know" : offered.map(\.description).joined(separator: ", ")); tlsprobe accepts \(served.versionRange), so it answered protocol_version."
                    + (oldOnly
                        ? " A client that speaks nothing newer than TLS 1.1 cannot reach current servers, iOS or Android services."
                        : ""),
                fix: oldOnly
                    ? "Update the client (or its TLS library) to TLS 1.2 or later. To see the rest of its handshake here, run listen --min-version \(offered.min().map(versionArgument) ?? "1.0")."
                    : "Compare the versions with the real server's; --min-version and --max-version set what tlsprobe accepts.",
                evidence: evidence
            )
        case .handshakeFailure where beforeServerHello, .insufficientSecurity where beforeServerHello:
            var evidence = self.offered(c)
            evidence["accepted_cipher_suites"] = .strings(served.acceptedCipherSuites.map(\.description))
            let offeredSuites = c.clientHello?.cipherSuites.filter { !GREASE.isGREASE($0.rawValue) } ?? []
            return Reading(
                code: .tlsNoCommonCipher,
                message:
                    "The client offered \(offeredSuites.count) cipher suite(s), none of which tlsprobe accepts with its certificate (or no group or signature algorithm in common), so it answered \(name).",
                fix:
                    "Enable an ECDHE suite with AES-GCM (TLS 1.2) or TLS 1.3 on the client; the evidence lists what it offered beside what tlsprobe accepts.",
                evidence: evidence
            )
        case .certificateRequired where noClientCertificate, .handshakeFailure where noClientCertificate:
            let names = o.certificateRequest?.acceptableCAs ?? []
            return Reading(
                code: .mtlsClientCertRequired,
                message:
                    "tlsprobe requires a client certificate (--require-client-cert) and the client sent none, so it answered \(name). "
                    + (names.isEmpty
                        ? "No acceptable CA was named, so any certificate would have been offered: the client has no identity configured."
                        : "A client offers only an identity issued by one of the CAs named in the request (\(names.map { "\"\($0)\"" }.joined(separator: ", "))): it has none, or none from those CAs."),
                fix:
                    "Install a client identity issued by one of the named CAs on the client (on iOS: a configuration profile with the PKCS#12 identity), or name its CA with --client-anchor.",
                evidence: ["acceptable_cas": .strings(names)]
            )
        default:
            break
        }
        if c.clientSentCertificate == true && certificateRefusals.contains(alert.description)
            || alert.description == .decryptError && c.clientSentCertificate == true
        {
            let leaf = o.clientCertificates?.first
            let subject = leaf.map { "\"\($0.subjectString)\" (issued by \"\($0.issuerString)\")" } ?? "certificate"
            let why: String
            switch alert.description {
            case .unknownCA: why = "it does not lead to any --client-anchor"
            case .certificateExpired: why = "it has expired or is not yet valid by this machine's clock"
            case .unsupportedCertificate:
                why = "it may not be used for client authentication (extendedKeyUsage lacks clientAuth)"
            case .decryptError:
                why =
                    "the client's CertificateVerify signature did not verify: its key does not belong to its certificate"
            default: why = "it does not pass the checks for a client certificate"
            }
            var evidence: [String: EvidenceValue] = [:]
            if let leaf {
                evidence["client_certificate"] = .string(leaf.subjectString)
                evidence["client_certificate_issuer"] = .string(leaf.issuerString)
            }
            return Reading(
                code: .mtlsClientCertRejected,
                message:
                    "tlsprobe refused the client's \(subject) with \(name): \(why). The findings on the client chain say exactly what fails.",
                fix:
                    "Issue the client an identity from a CA given with --client-anchor (with extendedKeyUsage clientAuth and valid dates), or give its CA with --client-anchor.",
                evidence: evidence
            )
        }
        return nil
    }

    /// The client refusals that do not say why: an alert any trust failure may bring
    /// (bad_certificate, certificate_unknown), a close_notify or user_canceled, a quiet
    /// close. unknown_ca (the root), certificate_expired and certificate_revoked say why.
    static let ambiguousRefusals: [AlertDescription] = [
        .badCertificate, .certificateUnknown, .closeNotify, .userCanceled,
    ]

    /// Why a client may distrust what we served, most telling first. `ambiguous`: the
    /// client's refusal does not say why (`ambiguousRefusals`, or a close without an alert).
    /// Then a name the client asked for in SNI that our certificate does not carry is the
    /// likelier cause, ahead of a root it may lack: a client that lacks the root says
    /// unknown_ca when it says anything specific, and the name is what we can see.
    static func distrustCause(
        _ served: ServedSide,
        hello: ClientHelloSummary?,
        ambiguous: Bool
    ) -> (text: String, fix: String, evidence: [String: EvidenceValue]) {
        var evidence: [String: EvidenceValue] = [
            "our_chain": .strings(served.chain.map(\.subjectString)),
            "our_root": .optional(served.rootName),
            "ephemeral_certificate": .bool(served.ephemeral),
        ]
        var text: String
        var fix: String
        // What the root cause reads as when it is a possibility rather than the reading.
        var rootAsAlso: String?
        var rootFixAsThen: String?
        if served.ephemeral {
            text =
                "tlsprobe is serving its ephemeral self-signed certificate, which no client trusts: the refusal shows that the client checks trust, as it should."
            fix =
                "To see the rest of the client's handshake, serve the real server's identity (--identity FILE.p12, or --cert and --key with --chain), or make the client pin \(served.chain.first?.pin ?? "the pin printed at start")."
        } else if let issuer = served.unsentIssuerOfLeaf {
            evidence["issuer_not_sent"] = .string(issuer)
            text =
                "The client does not trust \"\(issuer)\", which issued our certificate. We did not send that certificate: if it is an intermediate rather than a root, a client that has only the root cannot build a path."
            fix =
                "Install the root that \"\(issuer)\" leads to on the client (on iOS: install the profile, then enable full trust under Settings > General > About > Certificate Trust Settings); if \"\(issuer)\" is an intermediate, send it after the leaf (--chain FILE here, a full-chain file on the real server)."
            rootAsAlso =
                "It may also not trust \"\(issuer)\", which issued our certificate and which we did not send: if it is an intermediate rather than a root, a client that has only the root cannot build a path."
            rootFixAsThen =
                "If it still refuses, install the root that \"\(issuer)\" leads to on the client (on iOS: install the profile, then enable full trust under Settings > General > About > Certificate Trust Settings), and if \"\(issuer)\" is an intermediate, send it after the leaf (--chain FILE here, a full-chain file on the real server)."
        } else {
            let root = served.rootName ?? "our root"
            text = "The client does not have \"\(root)\", the root our chain leads to, among its trusted roots."
            fix =
                "Install \"\(root)\" on the client (on iOS: install the profile, then enable full trust under Settings > General > About > Certificate Trust Settings); an app that pins must pin this key or CA."
            rootAsAlso = "It may also lack \"\(root)\", the root our chain leads to, among its trusted roots."
            rootFixAsThen =
                "If it still refuses, install \"\(root)\" on the client (on iOS: install the profile, then enable full trust under Settings > General > About > Certificate Trust Settings); an app that pins must pin this key or CA."
        }
        if let sni = hello?.sni, let leaf = served.chain.first {
            let matches = NameMatching.check(leaf, expected: .dns(sni), subject: .certificate(0), profile: .default)
                .isEmpty
            evidence["sni"] = .string(sni)
            evidence["sni_in_our_certificate"] = .bool(matches)
            if !matches {
                let names = leaf.dnsNames + leaf.ipAddresses.map(IPAddressText.format)
                let carried =
                    names.isEmpty
                    ? "no DNS name or IP address" : "only \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
                evidence["our_names"] = .strings(names)
                if ambiguous, let rootAsAlso, let rootFixAsThen {
                    // The client's refusal does not say which: the name we can see comes first.
                    text =
                        "The likelier cause: the client asked for \"\(sni)\" (SNI), and our certificate carries \(carried); a client that trusts our root still refuses a certificate without the name it dialled. \(rootAsAlso) The client's refusal does not say which."
                    fix =
                        "Serve a certificate whose SAN has \"\(sni)\" (re-issue it with that name), or have the client dial a name it carries. \(rootFixAsThen)"
                } else {
                    text +=
                        " The client also asked for \"\(sni)\" (SNI), a name our certificate does not carry (it carries \(carried))."
                    if !served.ephemeral {
                        fix += " Serve a certificate whose SAN has \"\(sni)\"."
                    } else {
                        fix += " (--host \(sni) puts it in the ephemeral certificate.)"
                    }
                }
            }
        }
        return (text, fix, evidence)
    }

    /// listen: a client that finished the handshake, sent no application data and closed
    /// (close_notify or user_canceled) after asking in SNI for a name our certificate does
    /// not carry. Clients that check the name after the handshake (curl and others on
    /// OpenSSL, which verify the chain during it) close like this when it does not match:
    /// a warning, since a client may also close for reasons of its own. Nil otherwise.
    static func closedAfterHandshake(_ o: HandshakeObservation, server: ServerVantage) -> Finding? {
        guard o.outcome == .established, server.http == nil, server.applicationBytes == 0,
            let close = o.alerts.first(where: { $0.from == .client }),
            close.description == .closeNotify || close.description == .userCanceled,
            let sni = o.clientHello?.sni, let leaf = server.served.chain.first,
            !NameMatching.check(leaf, expected: .dns(sni), subject: .certificate(0), profile: .default).isEmpty
        else { return nil }
        let names = leaf.dnsNames + leaf.ipAddresses.map(IPAddressText.format)
        let carried =
            names.isEmpty ? "no DNS name or IP address" : "only \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
        let name = close.description.name ?? close.description.hex
        return Finding(
            code: .nameSNINotServed,
            severity: .warning,
            subject: .connection,
            message:
                "The client finished the handshake, then closed the connection (\(name)) without sending a request. It asked for \"\(sni)\" (SNI), and our certificate carries \(carried): clients that check the server's name after the handshake (curl, and others built on OpenSSL) close like this when the name does not match. Having finished the handshake, it accepted our chain.",
            evidence: [
                "alert": .alert(close.description), "from": .string("client"), "encrypted": .bool(close.encrypted),
                "sni": .string(sni), "sni_in_our_certificate": .bool(false), "our_names": .strings(names),
                "our_chain": .strings(server.served.chain.map(\.subjectString)),
            ],
            fix: server.served.ephemeral
                ? "Serve a certificate whose SAN has \"\(sni)\" (--host \(sni) puts it in the ephemeral certificate), or have the client dial a name it carries."
                : "Serve a certificate whose SAN has \"\(sni)\" (re-issue it with that name), or have the client dial a name it carries."
        )
    }

    /// `1.0` for TLSv1.0, as --min-version takes it.
    static func versionArgument(_ version: ProtocolVersion) -> String {
        switch version {
        case .tls10: return "1.0"
        case .tls11: return "1.1"
        case .tls12: return "1.2"
        case .tls13: return "1.3"
        default: return "1.0"
        }
    }

    /// listen: the `tls.handshake_failed` finding for how a client's connection ended when no
    /// alert says why, or nil when an alert does (any from the client, or our fatal one).
    static func clientEnding(_ ending: HandshakeEnding, in o: HandshakeObservation, served: ServedSide) -> Finding? {
        if o.alerts.contains(where: { $0.from == .client || $0.level == .fatal }) { return nil }
        let ourCertificateSent = o.steps.contains { $0.from == .server && $0.type == .certificate }
        let clientFinished = o.steps.contains { $0.from == .client && $0.type == .finished }
        let last = o.steps.last
        let afterText = last.map { " after \($0.from == .server ? "our" : "its") \($0.type)" } ?? ""
        var evidence: [String: EvidenceValue] = ["after": .strings(o.steps.suffix(4).map(\.description))]
        switch ending {
        case .closed, .reset:
            let what = ending == .closed ? "closed the connection" : "reset the connection"
            evidence["transport"] = .string(ending == .closed ? "closed (FIN)" : "reset (RST)")
            if o.clientHello == nil {
                return Finding(
                    code: .tlsHandshakeFailed,
                    subject: .connection,
                    message: "The client \(what) before its ClientHello was complete.",
                    evidence: evidence,
                    fix: "Check that the client speaks TLS to this port."
                )
            }
            if ourCertificateSent && !clientFinished {
                let cause = distrustCause(served, hello: o.clientHello, ambiguous: true)
                for (key, value) in cause.evidence { evidence[key] = value }
                return Finding(
                    code: .tlsClientGaveUpOnCertificate,
                    subject: .connection,
                    message:
                        "The client \(what) without an alert after our Certificate: it gave up on our certificate without saying why, as clients that distrust a chain quietly do (Apple's frameworks, many apps that pin). \(cause.text)",
                    evidence: evidence,
                    fix: cause.fix
                )
            }
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message: "The client \(what)\(afterText) without an alert, so it did not say why.",
                evidence: evidence,
                fix: "Look at the client's own log or error message; tlsprobe explain reads it."
            )
        case .closedPartWay(let stream, let reset):
            evidence["transport"] = .string(reset ? "reset (RST)" : "closed (FIN)")
            let partWay = partWay(stream, after: o.steps.last { $0.from == .client }, peer: "client", into: &evidence)
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message:
                    "The client \(reset ? "reset" : "closed") the connection \(partWay.where): \(partWay.count) had arrived in all\(partWay.record). A client does not stop in the middle of a record on purpose: it crashed or was stopped, or something in between (a proxy, a firewall) cut the connection.",
                evidence: evidence,
                fix: "Look at the client's log, and at whatever sits between it and this port."
            )
        case .notTLS(let bytes):
            let printable = notTLSEvidence(bytes, into: &evidence)
            let methods = ["GET ", "POST ", "HEAD ", "PUT ", "DELETE ", "OPTIONS ", "CONNECT ", "PATCH "]
            if methods.contains(where: printable.hasPrefix) {
                return Finding(
                    code: .tlsClientNotTLS,
                    subject: .connection,
                    message:
                        "The client sent a plain HTTP request (\"\(printable)…\") to this TLS port: it uses http:// where https:// is meant.",
                    evidence: evidence,
                    fix: "Use an https:// URL in the client (or point it at the server's plain-HTTP port)."
                )
            }
            return Finding(
                code: .tlsClientNotTLS,
                subject: .connection,
                message:
                    "The client sent bytes that are not TLS (\"\(printable)\"): it speaks another protocol, or starts in plain text and upgrades later (STARTTLS).",
                evidence: evidence,
                fix: "Point the client at a port that speaks its protocol, or have it use TLS from the first byte."
            )
        case .timedOut(let seconds, let stream):
            evidence["timeout_seconds"] = .string(SystemCall.format("%g", seconds))
            if o.clientHello == nil, let stream, stream.bytes > 0 {
                evidence["bytes_received"] = .int(stream.bytes)
                return Finding(
                    code: .tlsHandshakeFailed,
                    subject: .connection,
                    message:
                        "The client sent \(count(stream.bytes, "byte")) of its ClientHello and not the rest within \(SystemCall.format("%g", seconds)) s: a client stalls like this when it is stuck or when it means to hold the server's connections (listen gives each a few seconds for its whole ClientHello, less when its address has many such connections open).",
                    evidence: evidence,
                    fix:
                        "Check the client and the network path (a proxy that holds data back); if it repeats from one address, it is likely hostile."
                )
            }
            if o.clientHello == nil {
                return Finding(
                    code: .tlsHandshakeFailed,
                    subject: .connection,
                    message:
                        "The client connected but sent no ClientHello within \(SystemCall.format("%g", seconds)) s: it waits for the server to speak first (SMTP, FTP, IMAP and their STARTTLS), or it is not a TLS client.",
                    evidence: evidence,
                    fix: "Use a client that starts with TLS, or raise --timeout if it is merely slow."
                )
            }
            if ourCertificateSent && !clientFinished {
                return Finding(
                    code: .tlsClientGaveUpOnCertificate,
                    subject: .connection,
                    message:
                        "The client went silent after our Certificate and did not finish the handshake within \(SystemCall.format("%g", seconds)) s: it may be showing its user a warning about our certificate and waiting for an answer.",
                    evidence: evidence,
                    fix: "Look at the client's screen; raise --timeout to give its user longer."
                )
            }
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message:
                    "The client stopped sending\(afterText): the handshake did not finish within \(SystemCall.format("%g", seconds)) s.",
                evidence: evidence,
                fix: "Raise --timeout if the client is slow; otherwise look at its log for the reason."
            )
        case .flooded(let flood):
            return floodFinding(flood, peer: "client", evidence: evidence)
        case .refusedLocally(let reasons, _):
            evidence["openssl_errors"] = .strings(reasons)
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message:
                    "tlsprobe's TLS library (OpenSSL) refused what the client sent\(afterText): \(reasons.first ?? "no reason given").",
                evidence: evidence,
                fix: "tlsprobe explain \"\(reasons.first ?? "")\" says more about what the client sends."
            )
        }
    }
}
