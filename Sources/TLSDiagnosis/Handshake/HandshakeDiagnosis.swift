import SwiftASN1
import TLSWire
import X509

/// Findings from what a handshake showed: alerts read in their context, protocol and
/// cipher choices, and client authentication. Shared by connect, listen and capture.
public enum HandshakeDiagnosis {
    /// A finding for `alert`, read in the context of the messages before it.
    ///
    /// The code is specific where the context says what happened (a server refusing the
    /// client certificate is `mtls.client_cert_rejected`, a server refusing every version
    /// offered is `tls.no_common_version`); otherwise it is `generic`: `tls.handshake_failed`
    /// for live handshakes, `capture.alert` for captures. Returns nil for alerts that end a
    /// connection normally (close_notify after the handshake). From the server's vantage
    /// (listen), the alerts are read from our side: what the client refused of ours, what we
    /// refused of the client's and why.
    public static func finding(
        for alert: AlertEvent,
        in observation: HandshakeObservation,
        vantage: Vantage
    ) -> Finding? {
        let generic = vantage.genericAlertCode
        let context = AlertContext(alert: alert, observation: observation)
        if alert.description == .closeNotify || alert.description == .userCanceled {
            // Established by the messages before it, or by the connection as a whole (a
            // capture that decrypted only one side: the other side's Finished is unseen).
            guard !context.established && observation.outcome != .established else { return nil }
        }
        var ours: Reading?
        if case .server(let server) = vantage { ours = servedReading(alert, context, observation, server.served) }
        let reading =
            ours
            ?? (alert.from == .client ? clientAlert(alert, context) : serverAlert(alert, context))
        var evidence: [String: EvidenceValue] = [
            "alert": .alert(alert.description),
            "level": .string(alert.level.description),
            "from": .string(alert.from.rawValue),
            "after": .strings(alert.after.suffix(4).map(\.description)),
            "encrypted": .bool(alert.encrypted),
        ]
        for (key, value) in reading.evidence { evidence[key] = value }
        let code = reading.code ?? generic
        // A warning-level alert does not end the handshake by itself: when the connection
        // was established anyway, the alert is worth knowing about, not a failure.
        let wentOn = alert.level == .warning && observation.outcome == .established
        let severity: Severity = alert.level == .warning && (code == generic || wentOn) ? .warning : .error
        let message =
            wentOn
            ? reading.message
                + " It was a warning, not fatal: the handshake went on and the connection was established."
            : reading.message
        return Finding(
            code: code,
            severity: severity,
            subject: .connection,
            message: message,
            evidence: evidence,
            fix: reading.fix
        )
    }

    /// `tls.hello_retry_not_followed`: the ClientHello after a HelloRetryRequest must carry
    /// one key share, in the group asked for, and otherwise offer what the first did
    /// (RFC 8446 4.1.2: the same suites, versions and groups; the key share, early_data,
    /// cookie, pre_shared_key and padding may change), and echo the HelloRetryRequest's
    /// cookie when it carried one (4.2.2). The group asked for must be one the first
    /// ClientHello offered in supported_groups (4.1.4, 4.2.8: else the client aborts).
    public static func helloRetryNotFollowed(_ o: HandshakeObservation) -> Finding? {
        guard let retry = o.helloRetryRequest, let first = o.clientHello, let second = o.secondClientHello else {
            return nil
        }
        var problems: [String] = []
        // The server's own mistake: asking for a group the client never offered.
        var serverAskedForUnoffered = false
        if let group = retry.group {
            let offeredFirst = first.supportedGroups.isEmpty || first.supportedGroups.contains(group)
            if !offeredFirst {
                serverAskedForUnoffered = true
                problems.append(
                    "the server asked for \(group), which the first ClientHello's supported_groups does not offer (RFC 8446 4.2.8: the client must abort with illegal_parameter)"
                )
            }
            let shares = second.keyShareGroups.filter { !$0.isGREASE }
            if shares != [group] {
                problems.append(
                    "the server asked for a key share in \(group), and the second ClientHello sends \(shares.isEmpty ? "none" : shares.map(\.description).joined(separator: ", "))"
                )
            }
            if offeredFirst && !second.supportedGroups.isEmpty && !second.supportedGroups.contains(group) {
                problems.append("\(group) is not among the groups the second ClientHello supports")
            }
        }
        if let cookie = retry.cookie, second.cookie != cookie {
            problems.append(
                second.cookie == nil
                    ? "the HelloRetryRequest carried a cookie and the second ClientHello does not send it (RFC 8446 4.2.2)"
                    : "the second ClientHello's cookie is not the one the HelloRetryRequest sent (RFC 8446 4.2.2)"
            )
        }
        if first.cipherSuites.filter({ !$0.isGREASE }) != second.cipherSuites.filter({ !$0.isGREASE }) {
            problems.append("the cipher suites changed")
        }
        if first.versions.filter({ !$0.isGREASE }) != second.versions.filter({ !$0.isGREASE }) {
            problems.append("the versions offered changed")
        }
        guard !problems.isEmpty else { return nil }
        let message =
            serverAskedForUnoffered && problems.count == 1
            ? "The server's HelloRetryRequest is at fault: \(problems[0])."
            : "The server sent a HelloRetryRequest\(retry.group.map { " for \($0)" } ?? ""), and the client's second ClientHello does not follow it: \(problems.joined(separator: "; ")). RFC 8446 4.1.2 has servers abort with illegal_parameter."
        return Finding(
            code: .tlsHelloRetryNotFollowed,
            subject: .connection,
            message: message,
            evidence: [
                "requested_group": .optional(retry.group?.description),
                "first_supported_groups": .strings(first.supportedGroups.map(\.description)),
                "cookie_echoed": retry.cookie.map { .bool(second.cookie == $0) } ?? .null,
                "first_key_shares": .strings(first.keyShareGroups.map(\.description)),
                "second_key_shares": .strings(second.keyShareGroups.map(\.description)),
                "problems": .strings(problems),
            ]
        )
    }

    /// `tls.protocol_too_old` and `tls.no_forward_secrecy` for what the server chose. From
    /// the server's vantage (listen), worded for the client: what it offered made us choose
    /// this.
    public static func protocolFindings(
        _ observation: HandshakeObservation,
        profile: Profile,
        vantage: Vantage
    ) -> [Finding] {
        let ours: Bool
        if case .server = vantage { ours = true } else { ours = false }
        guard let hello = observation.serverHello else { return [] }
        var findings: [Finding] = []
        // DTLS is judged by the TLS version it is built on (DTLS 1.0 is TLS 1.1's).
        if let minimum = profile.rule(ProtocolFloorRule.self)?.minimum, hello.version.tlsEquivalent < minimum {
            let clientNewest = observation.clientHello?.highestVersion
            let who =
                !ours
                ? "The server negotiated \(hello.version)."
                : clientNewest.map {
                    $0 > hello.version
                        ? "tlsprobe negotiated \(hello.version) because --max-version limits it; the client offers up to \($0)."
                        : "The client offers nothing newer than \(hello.version), so that is what was negotiated."
                }
                    ?? "The client negotiated \(hello.version)."
            findings.append(
                Finding(
                    code: .tlsProtocolTooOld,
                    subject: .connection,
                    message:
                        "\(who) iOS, macOS, Android and current browsers refuse TLS 1.0 and 1.1; App Transport Security requires \(minimum) or later.",
                    evidence: ["version": .string(hello.version.description), "minimum": .string(minimum.description)],
                    fix: !ours
                        ? nil
                        : "Update the client (or its TLS library) to TLS 1.2 or later; a current server will refuse it."
                )
            )
        }
        if hello.version.tlsEquivalent < .tls13 && !hello.cipherSuite.isForwardSecret {
            findings.append(
                Finding(
                    code: .tlsNoForwardSecrecy,
                    subject: .connection,
                    message: !ours
                        ? "The server chose \(hello.cipherSuite), which uses RSA key transport: a recorded session can be decrypted later with the server's key. App Transport Security refuses it."
                        : "The client preferred (or only offered) \(hello.cipherSuite), which uses RSA key transport: a recorded session can be decrypted later with the server's key, and App Transport Security refuses it.",
                    evidence: ["cipher_suite": .string(hello.cipherSuite.description)],
                    fix: !ours
                        ? nil : "Enable ECDHE cipher suites on the client (or its TLS library) and prefer them."
                )
            )
        }
        return findings.compactMap(profile.apply)
    }

    /// Client authentication: `mtls.client_cert_requested` (the acceptable CA names) and,
    /// when the client has an identity, `mtls.identity_not_acceptable` when none of its
    /// certificates' issuers is among those names (the filter Safari applies).
    public static func clientAuthFindings(
        _ observation: HandshakeObservation,
        identity: [X509Certificate]?
    ) -> [Finding] {
        guard let request = observation.certificateRequest else { return [] }
        var findings: [Finding] = []
        let names = request.acceptableCAs
        findings.append(
            Finding(
                code: .mtlsClientCertRequested,
                subject: .connection,
                message: names.isEmpty
                    ? "The server asks for a client certificate and names no CA: any certificate may be offered."
                    : "The server asks for a client certificate issued under one of: \(names.map { "\"\($0)\"" }.joined(separator: ", ")).",
                evidence: [
                    "acceptable_cas": .strings(names),
                    "signature_algorithms": .strings(request.signatureAlgorithms.map { $0.description }),
                    "client_certificate_sent": request.clientCertificateSent.map(EvidenceValue.bool) ?? .null,
                ]
            )
        )
        if let identity, let leaf = identity.first, !request.acceptableCADER.isEmpty {
            let accepted = identity.contains { cert in
                request.acceptableCADER.contains { der in
                    guard let name = DNComparison.name(der) else { return false }
                    return DNComparison.equal(der, name, cert.issuerDER, cert.issuer)
                        || DNComparison.equal(der, name, cert.subjectDER, cert.subject) && cert.isCA
                }
            }
            if !accepted {
                findings.append(
                    Finding(
                        code: .mtlsIdentityNotAcceptable,
                        subject: .identity,
                        message:
                            "Our certificate \"\(leaf.subjectString)\" was issued by \"\(leaf.issuerString)\", which is not among the CAs the server accepts; a client that filters by these names (Safari, most apps) will not even offer it.",
                        evidence: [
                            "identity_issuers": .strings(identity.map(\.issuerString)),
                            "acceptable_cas": .strings(names),
                        ],
                        fix:
                            "Use a client identity issued by one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), or add \"\(leaf.issuerString)\" to the server's client CA list."
                    )
                )
            }
        }
        return findings
    }

    // MARK: reading alerts

    struct AlertContext {
        let established: Bool
        let serverHelloSeen: Bool
        let serverCertificateSeen: Bool
        let certificateRequested: Bool
        /// nil: the client sent no Certificate message before the alert; true/false: it did, with or without a certificate.
        let clientSentCertificate: Bool?
        let clientHello: ClientHelloSummary?
        let serverHello: ServerHelloSummary?
        let lastFromPeer: HandshakeStep?

        init(alert: AlertEvent, observation: HandshakeObservation) {
            let steps = alert.after
            established =
                steps.contains { $0.type == .finished && $0.from == .client }
                && steps.contains { $0.type == .finished && $0.from == .server }
            serverHelloSeen = steps.contains { $0.type == .serverHello && $0.from == .server }
            serverCertificateSeen =
                steps.contains { $0.type == .certificate && $0.from == .server && !$0.empty }
                || (observation.encryptedHandshakeUnseen && steps.contains { $0.type == .serverHello })
            certificateRequested = steps.contains { $0.type == .certificateRequest && $0.from == .server }
            if let clientCert = steps.last(where: { $0.type == .certificate && $0.from == .client }) {
                clientSentCertificate = !clientCert.empty
            } else {
                clientSentCertificate = nil
            }
            clientHello = observation.clientHello
            serverHello = observation.serverHello
            lastFromPeer = steps.last { $0.from == alert.from.peer }
        }
    }

    struct Reading {
        var code: FindingCode?
        var message: String
        var fix: String?
        var evidence: [String: EvidenceValue] = [:]
    }

    static func afterText(_ context: AlertContext) -> String {
        guard let step = context.lastFromPeer else { return "" }
        return " right after the \(step.from.rawValue)'s \(step.type)"
    }

    static func offered(_ context: AlertContext) -> [String: EvidenceValue] {
        guard let hello = context.clientHello else { return [:] }
        return [
            "offered_versions": .strings(hello.versions.filter { !$0.isGREASE }.map(\.description)),
            "offered_cipher_suites": .strings(
                hello.cipherSuites.filter { !GREASE.isGREASE($0.rawValue) }.map(\.description)
            ),
        ]
    }

    /// An alert the client sent: usually its verdict on the server's chain.
    static func clientAlert(_ alert: AlertEvent, _ c: AlertContext) -> Reading {
        let name = alert.description.name ?? alert.description.hex
        // An OpenSSL 3 client (curl, Python) against a TLS 1.0/1.1 server: it refuses the
        // MD5+SHA-1 or SHA-1 signature of the key exchange once the server's flight is in
        // ("legacy sigalg disallowed or unsupported"), and says internal_error.
        if let chosen = c.serverHello?.version, chosen <= .tls11, c.lastFromPeer?.type == .serverHelloDone,
            [.internalError, .handshakeFailure, .insufficientSecurity].contains(alert.description)
        {
            return Reading(
                code: .tlsProtocolTooOld,
                message:
                    "The client sent \(name)\(afterText(c)) of a \(chosen) handshake: OpenSSL 3 clients (curl, Python) refuse the MD5/SHA-1 signatures \(chosen) signs the key exchange with (curl says \"legacy sigalg disallowed or unsupported\"), and current Apple, Android and browser clients refuse \(chosen) outright.",
                fix:
                    "Enable TLS 1.2 (better also 1.3) on the server; until then a client reaches it only with its security level lowered (curl --tlsv1.0 --ciphers 'DEFAULT@SECLEVEL=0'), for a test."
            )
        }
        switch alert.description {
        case .closeNotify, .userCanceled:
            return Reading(
                message:
                    "The client closed the connection (\(name))\(afterText(c)) without finishing the handshake. Clients that distrust a chain without saying why (Apple's among them) do this.",
                fix: "Check the server's chain against the client's roots: tlsprobe connect HOST:PORT --anchor root.pem"
            )
        case .unknownCA:
            return Reading(
                message:
                    "The client sent unknown_ca\(afterText(c)): it does not trust the root that signed the server's chain.",
                fix:
                    "Install the root on the client (on iOS: install the profile, then enable it under Certificate Trust Settings), or make the server send its intermediate certificates."
            )
        case .badCertificate, .certificateUnknown, .unsupportedCertificate:
            return Reading(
                message:
                    "The client sent \(name)\(afterText(c)): it refused the server's certificate — an untrusted or incomplete chain, a name it does not match, or a missing serverAuth usage (many clients send \(name) for any trust failure).",
                fix:
                    "Judge the chain as the client does: tlsprobe connect HOST:PORT --anchor root.pem --host NAME --profile apple"
            )
        case .certificateExpired:
            return Reading(
                message:
                    "The client sent certificate_expired\(afterText(c)): by its clock, a certificate in the server's chain has expired (or is not yet valid).",
                fix: "Renew the server's certificate, or fix the client's clock if it is wrong."
            )
        case .certificateRevoked:
            return Reading(
                message: "The client sent certificate_revoked: it found the server's certificate revoked.",
                fix: "Issue the server a new certificate."
            )
        case .decryptError:
            return Reading(
                message:
                    "The client sent decrypt_error\(afterText(c)): the server's signature did not verify, which happens when the server's private key does not belong to its certificate.",
                fix: "Check that the server's key matches its certificate: tlsprobe inspect server.pem --key server.key"
            )
        case .handshakeFailure, .protocolVersion, .insufficientSecurity:
            return Reading(
                message:
                    "The client sent \(name)\(afterText(c)): it refuses what the server chose\(c.serverHello.map { " (\($0.version), \($0.cipherSuite))" } ?? ""). App Transport Security, for one, requires TLS 1.2 or later with a forward-secret cipher suite.",
                fix: "Enable TLS 1.2/1.3 and ECDHE cipher suites on the server."
            )
        default:
            return Reading(message: "The client sent the \(alert.level) alert \(name)\(afterText(c)).")
        }
    }

    /// An alert the server sent: usually about the hello or the client's certificate.
    static func serverAlert(_ alert: AlertEvent, _ c: AlertContext) -> Reading {
        let name = alert.description.name ?? alert.description.hex
        let refusals: [AlertDescription] = [
            .unknownCA, .badCertificate, .certificateUnknown, .unsupportedCertificate, .certificateExpired,
            .certificateRevoked, .accessDenied, .decryptError, .handshakeFailure,
        ]
        if c.clientSentCertificate == true && refusals.contains(alert.description) {
            return Reading(
                code: .mtlsClientCertRejected,
                message: "The server sent \(name) after the client's certificate: it refused that certificate"
                    + (alert.description == .unknownCA
                        ? ", because its CA is not in the server's client CA list."
                        : alert.description == .certificateExpired
                            ? ", because it has expired by the server's clock."
                            : alert.description == .decryptError
                                ? ": the client's signature did not verify (its key and certificate may not belong together)."
                                : "."),
                fix: alert.description == .unknownCA
                    ? "Add the client certificate's CA to the server's client CA file, or use an identity from a CA the server accepts."
                    : "Check the client certificate: it needs extendedKeyUsage clientAuth, valid dates, and a CA the server accepts (tlsprobe inspect identity.p12)."
            )
        }
        switch alert.description {
        case .certificateRequired:
            return Reading(
                code: .mtlsClientCertRequired,
                message: "The server sent certificate_required: it demands a client certificate and got none.",
                fix:
                    "Give a client identity issued by one of the CAs the server accepts (connect: --identity FILE.p12, or --cert and --key)."
            )
        case .handshakeFailure where c.certificateRequested && c.clientSentCertificate == false:
            return Reading(
                code: .mtlsClientCertRequired,
                message:
                    "The server sent handshake_failure after the client answered its CertificateRequest with no certificate: it requires one.",
                fix:
                    "Give a client identity issued by one of the CAs the server accepts (connect: --identity FILE.p12, or --cert and --key)."
            )
        case .protocolVersion where !c.serverHelloSeen:
            return Reading(
                code: .tlsNoCommonVersion,
                message:
                    "The server sent protocol_version in answer to the ClientHello: it accepts none of the versions offered.",
                fix:
                    "Enable a version both sides support; tlsprobe connect HOST:PORT --versions shows what the server accepts.",
                evidence: offered(c)
            )
        case .handshakeFailure, .insufficientSecurity:
            if !c.serverHelloSeen {
                return Reading(
                    code: .tlsNoCommonCipher,
                    message:
                        "The server sent \(name) in answer to the ClientHello: it found no cipher suite, group or signature algorithm it shares with the client (or, for an old server, no version).",
                    fix:
                        "Compare what the client offers with what the server enables; an ECDHE suite with AES-GCM works almost everywhere.",
                    evidence: offered(c)
                )
            }
            return Reading(message: "The server sent \(name)\(afterText(c)).")
        case .unrecognizedName:
            if let sni = c.clientHello?.sni, sni.utf8.count > 255 {
                // OpenSSL refuses a name longer than a host name can be with this alert: the
                // name is the client's fault, not the server's lack of a certificate.
                return Reading(
                    message:
                        "The client sent an oversize name in SNI (\(sni.utf8.count) bytes; a host name is at most 255), starting \"\(sni.prefix(32))…\": the server refused it with unrecognized_name.",
                    fix: "Check what the client is given as the host name: the SNI name must be the host name it dials."
                )
            }
            return Reading(
                message:
                    "The server sent unrecognized_name: it has no certificate for the name sent in SNI\(c.clientHello?.sni.map { " (\"\($0)\")" } ?? "").",
                fix: "Dial the name the server is configured for, or give --sni NAME (or --no-sni)."
            )
        case .noApplicationProtocol:
            return Reading(
                message:
                    "The server sent no_application_protocol: it supports none of the ALPN protocols offered\(c.clientHello.map { " (\($0.alpn.joined(separator: ", ")))" } ?? "").",
                fix: "Offer a protocol the server speaks (--alpn), or none."
            )
        case .closeNotify, .userCanceled:
            return Reading(
                message: "The server closed the connection (\(name))\(afterText(c)) before the handshake finished."
            )
        default:
            return Reading(message: "The server sent the \(alert.level) alert \(name)\(afterText(c)).")
        }
    }
}

extension EvidenceValue {
    /// A TLS alert in the shape every alert has in JSON (common.schema.json's code_point,
    /// as in a report's `alerts`): `{"value": "0x30", "name": "unknown_ca"}`, the name
    /// absent when unknown.
    public static func alert(_ description: AlertDescription) -> EvidenceValue {
        var object: [String: EvidenceValue] = ["value": .string(description.hex)]
        if let name = description.name { object["name"] = .string(name) }
        return .object(object)
    }
}
