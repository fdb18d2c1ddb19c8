import Foundation
import TLSDiagnosis
import TLSWire

/// What a captured connection showed, as recorded while reading, and how to turn it into
/// an observation and the capture's own findings.
struct CaptureRecording: Sendable {
    /// One thing the handshake showed, in order.
    enum Event: Sendable {
        case message(HandshakeMessage, Side)
        case undecodable(RawHandshakeMessage, WireError, Side)
        /// An alert; `encrypted` when it was read from a decrypted record.
        case alert(Alert, Side, encrypted: Bool)
    }

    /// An encrypted alert record during a TLS 1.2 handshake.
    struct EncryptedAlert: Sendable {
        var side: Side
        var length: Int
    }

    var events: [Event]
    /// Both sides switched to their keys (1.2), or the server went on after the client's
    /// encrypted flight (1.3).
    var established: Bool
    /// TLS 1.3 without keys: the side whose alert-sized record most likely refused.
    var tls13Refusal: Side?
    var tagLength: Int
    /// TLS 1.3 and no server record was decrypted: chain and CertificateRequest unseen.
    var encryptedHandshakeUnseen: Bool
    /// What the key log did for this connection; nil when no key log was configured or
    /// nothing was protected.
    var decryption: ConnectionDecryptor.Summary?
    var encryptedAlerts: [EncryptedAlert]
    var lostBytes: (client: Int, server: Int)
    var snapCutBytes: Int
    /// Whether some of `lostBytes` were given up waiting for: the open flows together held
    /// more than the capture's memory budget.
    var holesGivenUp = false
    /// Whether the client's direction was captured from its SYN.
    var clientSeenFromSYN: Bool
    /// Why tracking stopped; nil when the report went out while the connection was open.
    var end: FlowEnd?
    var brokenStreams: [String]
    /// A side that answered with something other than TLS, and its first bytes.
    var plaintextReply: (side: Side, bytes: [UInt8])?

    func build() -> (observation: HandshakeObservation, findings: [Finding]) {
        var builder = HandshakeObservationBuilder(parseCertificate: { CertificateCache.shared.certificate($0) })
        for event in events {
            switch event {
            case .message(let message, let side): builder.add(message, from: side)
            case .undecodable(let raw, let error, let side): builder.addUndecodable(raw, error: error, from: side)
            case .alert(let alert, let side, let encrypted): builder.add(alert: alert, from: side, encrypted: encrypted)
            }
        }
        if encryptedHandshakeUnseen { builder.markEncryptedHandshakeUnseen() }
        var outcome: Outcome? = established ? .established : nil
        if tls13Refusal != nil {
            outcome = .failed
        } else if !established, events.contains(where: { if case .alert(let a, _, _) = $0 { a.level == .fatal } else { false } }) {
            // A fatal alert after both Finished (TLS 1.3 certificate_required, decrypted):
            // the handshake messages completed but the connection was refused.
            outcome = .failed
        }
        let observation = builder.build(outcome: outcome)

        var findings: [Finding] = []
        if let decryption {
            findings += Self.decryptionFindings(decryption, clientSeenFromSYN: clientSeenFromSYN, snapCut: snapCutBytes > 0)
        }
        if let refusal = tls13Refusal {
            let size = 2 + 1 + tagLength
            let message = refusal == .client
                ? "The client answered the server's encrypted flight with one encrypted record of \(size) bytes — the size of an alert — instead of its Finished: it most likely refused the server's chain (unknown_ca, bad_certificate or certificate_expired). TLS 1.3 encrypts the alert, so its name cannot be read without a key log."
                : "After the client's encrypted flight the server sent an encrypted record of \(size) bytes — the size of an alert — and no session ticket or data: it most likely refused the client, typically certificate_required or bad_certificate when it asks for a client certificate. TLS 1.3 encrypts the alert, so its name cannot be read without a key log."
            findings.append(Finding(
                code: .captureAlert, subject: .connection, message: message,
                evidence: ["from": .string(refusal.rawValue), "encrypted": .bool(true), "record_length": .int(size)],
                fix: refusal == .client
                    ? "Judge the server's chain as the client does: tlsprobe connect HOST:PORT --anchor root.pem --host NAME; or pass the client's key log with --keylog to read the alert."
                    : "Check whether the server requires a client certificate (tlsprobe connect HOST:PORT shows its CertificateRequest) and give the client an identity it accepts."))
        }
        for alert in encryptedAlerts {
            findings.append(Finding(
                code: .captureAlert, subject: .connection,
                message: "The \(alert.side.rawValue) sent an encrypted alert during the handshake (after its ChangeCipherSpec): its description cannot be read without keys, but an alert here means the handshake failed — often a Finished that did not verify (mismatched keys or a middlebox rewriting the handshake).",
                evidence: ["from": .string(alert.side.rawValue), "encrypted": .bool(true), "record_length": .int(alert.length)]))
        }
        if lostBytes.client + lostBytes.server + snapCutBytes > 0 || end == .truncatedFile {
            var parts: [String] = []
            if lostBytes.client > 0 { parts.append("\(lostBytes.client) bytes from the client were never captured") }
            if lostBytes.server > 0 { parts.append("\(lostBytes.server) bytes from the server were never captured") }
            if snapCutBytes > 0 { parts.append("\(snapCutBytes) payload bytes were cut by the snap length") }
            if end == .truncatedFile { parts.append("the capture file ends in the middle of a packet") }
            let budget = holesGivenUp
                ? " Some of the bytes counted as never captured were given up waiting for: the open connections together held more than the capture's memory budget."
                : ""
            findings.append(Finding(
                code: .captureTruncated, subject: .connection,
                message: "Part of this connection is missing from the capture: \(parts.joined(separator: "; ")). What could be read around the gaps is reported.\(budget)",
                evidence: [
                    "client_bytes_lost": .int(lostBytes.client), "server_bytes_lost": .int(lostBytes.server),
                    "snap_length_cut_bytes": .int(snapCutBytes),
                ]))
        }
        if observation.outcome == .incomplete {
            findings.append(incompleteFinding(observation, decodeProblems: builder.decodeProblems))
        }
        return (observation, findings)
    }

    /// `capture.decrypt_failed` and `capture.no_key` for what the key log did not open.
    /// `clientSeenFromSYN`: the client's direction was captured from its SYN, so a missing
    /// ClientHello was lost (or, with `snapCut`, cut by the snap length), not before the start.
    static func decryptionFindings(_ d: ConnectionDecryptor.Summary, clientSeenFromSYN: Bool = false, snapCut: Bool = false) -> [Finding] {
        var findings: [Finding] = []
        var base: [String: EvidenceValue] = [:]
        if let random = d.clientRandom { base["client_random"] = .string(Hex.encode(random)) }
        if let suite = d.cipherSuite { base["cipher_suite"] = .string(suite.description) }
        base["decrypted_records"] = .int(d.openedRecords.values.reduce(0, +))
        let unread = d.isTLS13
            ? "its encrypted handshake (the server's chain, any CertificateRequest, the client's certificate) and encrypted alerts stay unread"
            : "its encrypted Finished messages and alerts stay unread"
        if let failure = d.failure {
            var evidence = base
            evidence["from"] = .string(failure.side.rawValue)
            evidence["record"] = .int(failure.record)
            evidence["reason"] = .string(failure.reason)
            if let label = failure.label { evidence["secret"] = .string(label.rawValue) }
            let with = failure.label.map { " with \($0)" } ?? ""
            findings.append(Finding(
                code: .captureDecryptFailed, subject: .connection,
                message: "The key log has secrets for this connection, but the \(failure.side.rawValue)'s protected record \(failure.record) did not decrypt\(with): \(failure.reason). These secrets are not the ones this connection used — a key log from another run, edited, or cut short — or the capture is damaged; \(unread)."
                    + (d.openedAny ? " The \(d.openedRecords.values.reduce(0, +)) record(s) that did decrypt are reported." : ""),
                evidence: evidence))
        } else if d.unsupportedSuite, let suite = d.cipherSuite {
            findings.append(Finding(
                code: .captureDecryptFailed, subject: .connection,
                message: "The connection uses \(suite), which tlsprobe does not decrypt (it decrypts the AES-GCM and ChaCha20-Poly1305 suites of TLS 1.2 and 1.3), so \(unread).",
                evidence: base,
                fix: "To see this connection decrypted, capture it again with a client or server limited to an AES-GCM or ChaCha20-Poly1305 suite."))
        }
        if d.noClientHello {
            let message: String
            let fix: String
            if clientSeenFromSYN {
                let why = snapCut ? "cut short by the snap length" : "not captured"
                message = "The capture has this connection from its SYN, but its ClientHello was \(why), so its client random — the key log's index — is unknown, and \(unread)."
                fix = snapCut
                    ? "Capture whole packets (tcpdump -s 0), so that the ClientHello is in the capture."
                    : "Capture again where the client's packets are not lost (closer to the client, or with a larger capture buffer), so that its ClientHello is in it."
            } else {
                message = "The capture starts after this connection's ClientHello, so its client random — the key log's index — is unknown, and \(unread)."
                fix = "Start the capture before the connection, so that its ClientHello is in it."
            }
            findings.append(Finding(code: .captureNoKey, subject: .connection, message: message, evidence: base, fix: fix))
        } else if !d.missing.isEmpty, let random = d.clientRandom {
            var evidence = base
            evidence["missing_secrets"] = .strings(d.missing.map(\.rawValue))
            let message = d.hasAnySecret
                ? "The key log has secrets for this connection (client random \(Hex.encode(random))) but not \(d.missing.map(\.rawValue).joined(separator: " or ")), so part of it stays encrypted: a key log cut short, or written by a program that logs only some secrets."
                : "The key log has no secrets for this connection (client random \(Hex.encode(random))), so \(unread). The client that made it did not write to this key log: another program, another run, or a key log that ends before this connection."
            findings.append(Finding(code: .captureNoKey, subject: .connection, message: message, evidence: evidence))
        }
        return findings
    }

    /// Bytes as quoted text, non-printable ones as `.`.
    static func printable(_ bytes: [UInt8]) -> String {
        "\"" + String(decoding: bytes.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self) + "\""
    }

    private func incompleteFinding(_ o: HandshakeObservation, decodeProblems: [String]) -> Finding {
        let endText = end.map { " The connection ended: \($0.rawValue)." } ?? ""
        let message: String
        if o.clientHello == nil && clientSeenFromSYN {
            let why = snapCutBytes > 0 ? "cut short by the snap length" : "not captured"
            message = "The capture has this connection from its SYN but no readable ClientHello: the client's first bytes were \(why), so what the client offered is unknown."
        } else if o.clientHello == nil {
            message = "The capture has no ClientHello for this connection: it starts after the handshake began, so what the client offered is unknown."
        } else if o.serverHello == nil, let reply = plaintextReply, reply.side == .server {
            message = "The server answered the ClientHello with plaintext, not TLS (\(Self.printable(reply.bytes))): nothing speaks TLS on this port — often an HTTP port, or a server that expects STARTTLS first."
        } else if o.serverHello == nil {
            message = "The client's ClientHello got no ServerHello in this capture: the server did not answer (or its answer was not captured)."
        } else if let last = o.steps.last {
            message = "The handshake stops after the \(last): neither a completed handshake nor an alert is in the capture."
        } else {
            message = "The handshake is not complete in this capture."
        }
        var evidence: [String: EvidenceValue] = ["steps": .strings(o.steps.suffix(8).map(\.description))]
        if let end { evidence["ended"] = .string(end.rawValue) }
        if let reply = plaintextReply {
            evidence["plaintext_from"] = .string(reply.side.rawValue)
            evidence["plaintext_start"] = .string(Self.printable(reply.bytes))
        }
        if !brokenStreams.isEmpty { evidence["decode_errors"] = .strings(Array(brokenStreams.prefix(4))) }
        if !decodeProblems.isEmpty { evidence["undecodable_messages"] = .strings(Array(decodeProblems.prefix(4))) }
        return Finding(code: .captureIncompleteHandshake, subject: .connection, message: message + endText, evidence: evidence)
    }
}
