import TLSWire

/// The `capture.*` findings: what a capture's facts about one connection mean for the
/// person reading it (parts never captured, a key log that did not help, alert-sized
/// encrypted records, a handshake the capture holds only part of).
public enum CaptureDiagnosis {
    /// The fix when the snap length cut what a finding needs.
    static let wholePacketsFix =
        "Capture whole packets: tcpdump -s 0 (the default since tcpdump 4.0), tshark without -s, editcap without -s."

    /// Every `capture.*` finding for a connection with these facts and this observation.
    public static func findings(_ f: CaptureFacts, observation: HandshakeObservation) -> [Finding] {
        var findings: [Finding] = []
        if let decryption = f.decryption {
            findings += decryptionFindings(
                decryption,
                clientSeenFromSYN: f.clientSeenFromSYN,
                snapCut: f.snapCutBytes > 0
            )
        }
        if let refusalRecord = f.tls13Refusal {
            let refusal = refusalRecord.side
            let size = refusalRecord.recordLength
            let message =
                refusal == .client
                ? "The client answered the server's encrypted flight with one encrypted record of \(size) bytes — the size of an alert — instead of its Finished: it most likely refused the server's chain (unknown_ca, bad_certificate or certificate_expired). TLS 1.3 encrypts the alert, so its name cannot be read without a key log."
                : "After the client's encrypted flight the server sent an encrypted record of \(size) bytes — the size of an alert — and no session ticket or data: it most likely refused the client, typically certificate_required or bad_certificate when it asks for a client certificate. TLS 1.3 encrypts the alert, so its name cannot be read without a key log."
            findings.append(
                Finding(
                    code: .captureAlert,
                    subject: .connection,
                    message: message,
                    evidence: [
                        "from": .string(refusal.rawValue), "encrypted": .bool(true), "record_length": .int(size),
                    ],
                    fix: refusal == .client
                        ? "Judge the server's chain as the client does: tlsprobe connect HOST:PORT --anchor root.pem --host NAME; or pass the client's key log with --keylog to read the alert."
                        : "Check whether the server requires a client certificate (tlsprobe connect HOST:PORT shows its CertificateRequest) and give the client an identity it accepts."
                )
            )
        }
        for alert in f.encryptedAlerts {
            findings.append(
                Finding(
                    code: .captureAlert,
                    subject: .connection,
                    message:
                        "The \(alert.side.rawValue) sent an encrypted alert during the handshake (after its ChangeCipherSpec): its description cannot be read without keys, but an alert here means the handshake failed — often a Finished that did not verify (mismatched keys or a middlebox rewriting the handshake).",
                    evidence: [
                        "from": .string(alert.side.rawValue), "encrypted": .bool(true),
                        "record_length": .int(alert.recordLength),
                    ]
                )
            )
        }
        for mismatch in f.retransmissionMismatches {
            let copies = mismatch.segments == 1 ? "a segment" : "\(mismatch.segments) segments"
            let stream =
                mismatch.fromStreamStart
                ? "of its stream" : "of what the capture holds of its stream (it began after the connection's start)"
            findings.append(
                Finding(
                    code: .captureRetransmissionMismatch,
                    subject: .connection,
                    message:
                        "The \(mismatch.side.rawValue) sent \(copies) again with different bytes from the copy captured first (the first difference at byte \(mismatch.offset) \(stream)). tlsprobe reads the first copy; a receiver that kept the later one read something else, so the hellos and findings may not be what the peer saw. Something on the path rewrote the data, or the capture merges two paths.",
                    evidence: [
                        "from": .string(mismatch.side.rawValue), "stream_offset": .int(mismatch.offset),
                        "segments": .int(mismatch.segments),
                    ]
                )
            )
        }
        if f.clientBytesLost + f.serverBytesLost + f.snapCutBytes > 0 || f.fileTruncated {
            var parts: [String] = []
            if f.clientBytesLost > 0 { parts.append("\(f.clientBytesLost) bytes from the client were never captured") }
            if f.serverBytesLost > 0 { parts.append("\(f.serverBytesLost) bytes from the server were never captured") }
            if f.snapCutBytes > 0 { parts.append("\(f.snapCutBytes) payload bytes were cut by the snap length") }
            if f.fileTruncated { parts.append("the capture file ends in the middle of a packet") }
            let budget =
                f.holesGivenUp
                ? " Some of the bytes counted as never captured were given up waiting for: the open connections together held more than the capture's memory budget."
                : ""
            var evidence: [String: EvidenceValue] = [
                "client_bytes_lost": .int(f.clientBytesLost), "server_bytes_lost": .int(f.serverBytesLost),
                "snap_length_cut_bytes": .int(f.snapCutBytes),
            ]
            if let snap = f.snapLength { evidence["snap_length"] = .int(snap) }
            if !f.cutRecords.isEmpty { evidence["cut_records"] = .strings(f.cutRecords.map(\.description)) }
            if f.cutEncryptedRecords > 0 { evidence["cut_encrypted_records"] = .int(f.cutEncryptedRecords) }
            let message: String
            if f.cutRecords.contains(where: \.bySnapLength) {
                // The snap length, not the peers, is why the handshake reads as it does.
                let keeps =
                    f.snapLength.map { "the capture keeps only the first \($0) bytes of each packet" }
                    ?? "packets were cut short"
                let others = parts.filter { !$0.containsText("snap length") }
                message =
                    "The snap length cut this connection's handshake: \(keeps), so \(cutRecordsText(f.cutRecords)) cannot be read in full."
                    + (others.isEmpty ? "" : " Besides, \(others.joined(separator: "; ")).")
                    + " What could be read is reported; conclusions drawn from what is missing are not.\(budget)"
            } else {
                message =
                    "Part of this connection is missing from the capture: \(parts.joined(separator: "; "))."
                    + (f.cutRecords.isEmpty ? "" : " Cut short: \(cutRecordsText(f.cutRecords)).")
                    + " What could be read around the gaps is reported.\(budget)"
            }
            findings.append(
                Finding(
                    code: .captureTruncated,
                    subject: .connection,
                    message: message,
                    evidence: evidence,
                    fix: f.snapCutBytes > 0 ? wholePacketsFix : nil
                )
            )
        }
        if !f.messagesCutByBound.isEmpty {
            findings.append(boundCutFinding(f.messagesCutByBound))
        }
        if let refusal = f.upgradeRefused, observation.clientHello == nil {
            // The plain-text protocol said no; no TLS followed: that, not a missing handshake.
            let name = refusal.prelude.displayName
            let quoted = refusal.reply.map { " It answered: \"\($0)\"." } ?? ""
            let isTunnel = if case .tunnel = refusal.prelude { true } else { false }
            findings.append(
                Finding(
                    code: .tlsStartTLSRefused,
                    subject: .connection,
                    message: isTunnel
                        ? "The client asked the \(name) proxy for a tunnel and the proxy refused it, so no TLS handshake ran.\(quoted)"
                        : "The client asked the \(name) server to start TLS and the server refused, so no TLS handshake ran: what followed went in plain text, or nowhere.\(quoted)",
                    evidence: [
                        "protocol": .string(refusal.prelude.name), "reply": .optional(refusal.reply),
                        "step": .string(isTunnel ? "tunnel" : "starttls"),
                    ]
                )
            )
            return findings
        }
        if let plain = f.upgradeNotRequested, observation.clientHello == nil {
            // The client never asked for TLS: what it sent went in plain text.
            findings.append(plaintextSessionFinding(plain))
            return findings
        }
        // A handshake cut by tlsprobe's own bound is not missing from the capture: the
        // capture.truncated above says where reading stopped and why.
        if observation.outcome == .incomplete && f.messagesCutByBound.isEmpty {
            findings.append(incompleteFinding(f, observation))
        }
        return findings
    }

    /// `capture.truncated` for handshake messages tlsprobe stopped reading at its own memory
    /// bounds: the message, the size its header declares, and the bound.
    static func boundCutFinding(_ cuts: [CaptureFacts.BoundCutMessage]) -> Finding {
        let first = cuts[0]
        let why: String
        switch first.bound {
        case .memoryBudget:
            why =
                "the open connections together held more than the capture's memory budget (\(first.boundBytes) bytes), and this connection, holding the most, was ended there"
        case .connectionLimit:
            why =
                "with it this connection's handshake messages would pass the \(first.boundBytes) bytes kept per connection, so it was not kept and the rest of that direction was not read"
        }
        let message =
            "tlsprobe's memory bound cut this connection's handshake: \(cuts.map(\.description).joined(separator: "; ")) — \(why). "
            + "The message was not malformed; what came before it is reported, conclusions drawn from what the cut hid are not."
        return Finding(
            code: .captureTruncated,
            subject: .connection,
            message: message,
            evidence: [
                "cut_by_bound": .string(first.bound.rawValue),
                "bound_bytes": .int(first.boundBytes),
                "cut_messages": .strings(cuts.map(\.description)),
                "message": .string(first.message),
                "from": .string(first.side.rawValue),
                "declared_length": .int(first.declaredLength),
                "read_bytes": .int(first.received),
            ],
            fix: first.bound == .memoryBudget
                ? "Read this connection alone, so that other connections do not share the budget: tcpdump -r CAPTURE -w one.pcap 'host CLIENT and port PORT', then tlsprobe capture -r one.pcap."
                : "Nothing in the capture to change: no TLS peer needs handshake messages this large (a chain of thousands of certificates, or a message padded on purpose). Look at the \(first.side.rawValue) that sent it; what came before it is reported."
        )
    }

    /// `tls.starttls_not_used`: a session of a protocol that upgrades in place, in which the
    /// client never asked for TLS.
    static func plaintextSessionFinding(_ plain: CaptureFacts.UpgradeNotRequested) -> Finding {
        let name = plain.plaintextProtocol.displayName
        let request = plain.plaintextProtocol.upgradeRequest
        let server: String
        switch plain.serverOffered {
        case true?: server = " though the server offered it" + (plain.offer.map { " (\"\($0)\")" } ?? "")
        case false?: server = "; the server did not offer it either (its capabilities do not list \(request))"
        case nil: server = ""
        }
        var evidence: [String: EvidenceValue] = [
            "protocol": .string(plain.plaintextProtocol.rawValue), "command": .string(plain.command),
        ]
        if let offered = plain.serverOffered { evidence["server_offered"] = .bool(offered) }
        if let offer = plain.offer { evidence["offer"] = .string(offer) }
        return Finding(
            code: .tlsStartTLSNotUsed,
            subject: .connection,
            message:
                "The client never asked the \(name) server for TLS (\(request))\(server), and went on in plain text with \(plain.command): what it sent — mail, a login, a password, a query — crossed the network readable.",
            evidence: evidence
        )
    }

    /// `capture.decrypt_failed` and `capture.no_key` for what the key log did not open.
    /// `clientSeenFromSYN`: the client's direction was captured from its SYN, so a missing
    /// ClientHello was lost (or, with `snapCut`, cut by the snap length), not before the start.
    static func decryptionFindings(
        _ d: CaptureFacts.Decryption,
        clientSeenFromSYN: Bool = false,
        snapCut: Bool = false
    ) -> [Finding] {
        var findings: [Finding] = []
        var base: [String: EvidenceValue] = [:]
        if let random = d.clientRandom { base["client_random"] = .string(Hex.encode(random)) }
        if let suite = d.cipherSuite { base["cipher_suite"] = .string(suite.description) }
        base["decrypted_records"] = .int(d.openedRecords)
        let unread =
            d.isTLS13
            ? "its encrypted handshake (the server's chain, any CertificateRequest, the client's certificate) and encrypted alerts stay unread"
            : "its encrypted Finished messages and alerts stay unread"
        if let failure = d.failure {
            var evidence = base
            evidence["from"] = .string(failure.side.rawValue)
            evidence["record"] = .int(failure.record)
            evidence["reason"] = .string(failure.reason)
            if let label = failure.secret { evidence["secret"] = .string(label) }
            let with = failure.secret.map { " with \($0)" } ?? ""
            findings.append(
                Finding(
                    code: .captureDecryptFailed,
                    subject: .connection,
                    message:
                        "The key log has secrets for this connection, but the \(failure.side.rawValue)'s protected record \(failure.record) did not decrypt\(with): \(failure.reason). These secrets are not the ones this connection used — a key log from another run, edited, or cut short — or the capture is damaged; \(unread)."
                        + (d.openedRecords > 0
                            ? " The \(d.openedRecords) record(s) that did decrypt are reported." : ""),
                    evidence: evidence
                )
            )
        } else if d.unsupportedSuite, let suite = d.cipherSuite {
            findings.append(
                Finding(
                    code: .captureDecryptFailed,
                    subject: .connection,
                    message:
                        "The connection uses \(suite), which tlsprobe does not decrypt (it decrypts the AES-GCM and ChaCha20-Poly1305 suites of TLS 1.2 and 1.3), so \(unread).",
                    evidence: base,
                    fix:
                        "To see this connection decrypted, capture it again with a client or server limited to an AES-GCM or ChaCha20-Poly1305 suite."
                )
            )
        }
        if d.noClientHello {
            let message: String
            let fix: String
            if clientSeenFromSYN {
                let why = snapCut ? "cut short by the snap length" : "not captured"
                message =
                    "The capture has this connection from its SYN, but its ClientHello was \(why), so its client random — the key log's index — is unknown, and \(unread)."
                fix =
                    snapCut
                    ? "Capture whole packets (tcpdump -s 0), so that the ClientHello is in the capture."
                    : "Capture again where the client's packets are not lost (closer to the client, or with a larger capture buffer), so that its ClientHello is in it."
            } else {
                message =
                    "The capture starts after this connection's ClientHello, so its client random — the key log's index — is unknown, and \(unread)."
                fix = "Start the capture before the connection, so that its ClientHello is in it."
            }
            findings.append(
                Finding(code: .captureNoKey, subject: .connection, message: message, evidence: base, fix: fix)
            )
        } else if !d.missingSecrets.isEmpty, let random = d.clientRandom {
            var evidence = base
            evidence["missing_secrets"] = .strings(d.missingSecrets)
            let message =
                d.hasAnySecret
                ? "The key log has secrets for this connection (client random \(Hex.encode(random))) but not \(d.missingSecrets.joined(separator: " or ")), so part of it stays encrypted: a key log cut short, or written by a program that logs only some secrets."
                : "The key log has no secrets for this connection (client random \(Hex.encode(random))), so \(unread). The client that made it did not write to this key log: another program, another run, or a key log that ends before this connection."
            findings.append(Finding(code: .captureNoKey, subject: .connection, message: message, evidence: evidence))
        }
        return findings
    }

    /// `the client's client_hello (220 bytes, 129 captured) — what the client offered`, for
    /// each cut record, with what it would have shown.
    static func cutRecordsText(_ records: [CaptureFacts.CutRecord]) -> String {
        records.map { record in
            let shows: String? =
                switch record.message {
                case "client_hello": "what the client offered"
                case "server_hello": "what the server chose"
                case "certificate": record.side == .server ? "the server's chain" : "the client's certificate"
                case "certificate_request": "which CAs the server accepts for client certificates"
                default: nil
                }
            let name = "the \(record.side.rawValue)'s \(record.message ?? "handshake record")"
            return name + " (" + (shows.map { "\($0); " } ?? "")
                + "\(record.length) bytes, \(record.captured) captured)"
        }.joined(separator: "; ")
    }

    /// Bytes as quoted text, non-printable ones as `.`.
    static func printable(_ bytes: [UInt8]) -> String {
        "\"" + String(decoding: bytes.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self) + "\""
    }

    static func incompleteFinding(_ f: CaptureFacts, _ o: HandshakeObservation) -> Finding {
        let endText = f.end.map { " The connection ended: \($0)." } ?? ""
        let message: String
        if o.clientHello == nil && f.clientSeenFromSYN {
            let why = f.snapCutBytes > 0 ? "cut short by the snap length" : "not captured"
            let start = f.transport == .udp ? "its first datagram" : "its SYN"
            message =
                "The capture has this connection from \(start) but no readable ClientHello: the client's first bytes were \(why), so what the client offered is unknown."
        } else if o.clientHello == nil {
            message =
                "The capture has no ClientHello for this connection: it starts after the handshake began, so what the client offered is unknown."
        } else if o.serverHello == nil, let reply = f.plaintextReply, reply.side == .server {
            message =
                "The server answered the ClientHello with plaintext, not TLS (\(printable(reply.bytes))): nothing speaks TLS on this port — often an HTTP port, or a server that expects STARTTLS first."
        } else if o.serverHello == nil {
            message =
                "The client's ClientHello got no ServerHello in this capture: the server did not answer (or its answer was not captured)."
        } else if let last = o.steps.last {
            message =
                "The handshake stops after the \(last): neither a completed handshake nor an alert is in the capture."
        } else {
            message = "The handshake is not complete in this capture."
        }
        var evidence: [String: EvidenceValue] = ["steps": .strings(o.steps.suffix(8).map(\.description))]
        if let end = f.end { evidence["ended"] = .string(end) }
        if let reply = f.plaintextReply {
            evidence["plaintext_from"] = .string(reply.side.rawValue)
            evidence["plaintext_start"] = .string(printable(reply.bytes))
        }
        if !f.brokenStreams.isEmpty { evidence["decode_errors"] = .strings(Array(f.brokenStreams.prefix(4))) }
        if !f.decodeProblems.isEmpty { evidence["undecodable_messages"] = .strings(Array(f.decodeProblems.prefix(4))) }
        let fix =
            o.clientHello == nil && f.clientSeenFromSYN && f.snapCutBytes > 0
            ? wholePacketsFix
            : nil
        return Finding(
            code: .captureIncompleteHandshake,
            subject: .connection,
            message: message + endText,
            evidence: evidence,
            fix: fix
        )
    }
}
