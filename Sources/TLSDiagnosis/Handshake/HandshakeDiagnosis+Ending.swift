import SystemCalls
import TLSWire

extension HandshakeDiagnosis {
    /// The `tls.handshake_failed` finding for how a live handshake ended, read from our
    /// vantage: as the client (connect), what the server's silence or hang-up means; as the
    /// server (listen), what the client's means, against what we served. Nil when an alert
    /// already explains it, and for an observer (a capture's connections end as packets
    /// show, not as a socket reports).
    public static func finding(
        for ending: HandshakeEnding,
        in observation: HandshakeObservation,
        vantage: Vantage
    ) -> Finding? {
        switch vantage {
        case .client: return serverEnding(ending, in: observation)
        case .server(let server): return clientEnding(ending, in: observation, served: server.served)
        case .observer: return nil
        }
    }

    /// The first bytes of a peer that does not speak TLS: as evidence (hex and printable
    /// text), and the printable text for the message.
    static func notTLSEvidence(_ bytes: [UInt8], into evidence: inout [String: EvidenceValue]) -> String {
        let printable = String(
            decoding: bytes.prefix(16).map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: ".") },
            as: UTF8.self
        )
        evidence["first_bytes"] = .string(Hex.encode(Array(bytes.prefix(16))))
        evidence["first_bytes_text"] = .string(printable)
        return printable
    }

    /// connect: how the server ended our handshake, or nil when an alert already explains
    /// it: any alert from the server (close_notify included: it has a finding of its own),
    /// or our own fatal alert (with `localErrors` attached to it by `ConnectionDiagnosis`).
    static func serverEnding(_ ending: HandshakeEnding, in observation: HandshakeObservation) -> Finding? {
        if let broken = malformedAfterServerHello(ending, in: observation) {
            return malformedAfterServerHelloFinding(broken.reasons, broken.stream, in: observation)
        }
        if observation.alerts.contains(where: { $0.from == .server || $0.level == .fatal }) { return nil }
        let last = observation.steps.last { $0.from == .server }
        let afterText =
            last.map { "after the server's \($0.type)" } ?? "in answer to our ClientHello, before sending anything"
        var evidence: [String: EvidenceValue] = [
            "after": .strings(observation.steps.suffix(4).map(\.description))
        ]
        switch ending {
        case .closed, .reset:
            let what = ending == .closed ? "closed the connection" : "reset the connection"
            evidence["transport"] = .string(ending == .closed ? "closed (FIN)" : "reset (RST)")
            if last == nil {
                if let hello = observation.clientHello {
                    evidence["offered_versions"] = .strings(hello.versions.filter { !$0.isGREASE }.map(\.description))
                    evidence["sni"] = .optional(hello.sni)
                }
                return Finding(
                    code: .tlsHandshakeFailed,
                    subject: .connection,
                    message:
                        "The server \(what) in answer to our ClientHello without sending an alert. Old embedded servers do this when they do not support any version offered; others when they have no certificate for the name sent in SNI, or when a firewall or proxy in between filters TLS.",
                    evidence: evidence,
                    fix:
                        "Run tlsprobe connect HOST:PORT --versions to see which versions it accepts; try --sni NAME or --no-sni; check the server's log for why it dropped the connection."
                )
            }
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message: "The server \(what) \(afterText) without sending an alert, so it did not say why.",
                evidence: evidence,
                fix: "Check the server's log for the reason; tlsprobe explain can read the error it shows."
            )
        case .closedPartWay(let stream, let reset):
            evidence["transport"] = .string(reset ? "reset (RST)" : "closed (FIN)")
            let partWay = partWay(stream, after: last, into: &evidence)
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message:
                    "The server \(reset ? "reset" : "closed") the connection \(partWay.where): \(partWay.count) had arrived in all\(partWay.record). A server does not stop in the middle of a record on purpose: it crashed or was stopped, or something in between (a proxy, a load balancer, a firewall) cut the connection.",
                evidence: evidence,
                fix:
                    "Check the server's log (a crash, a restart, a process killed for memory) and whatever sits between; capture the connection (tlsprobe capture) to see where it stops."
            )
        case .notTLS(let bytes):
            let printable = notTLSEvidence(bytes, into: &evidence)
            let guess: String
            if printable.hasPrefix("HTTP/") {
                guess = "It answered in plain HTTP: this port serves http://, not https://."
            } else if printable.hasPrefix("SSH-") {
                guess = "It is an SSH server."
            } else if printable.hasPrefix("220") {
                guess =
                    "It looks like an SMTP or FTP server, which starts in plain text: upgrade with --starttls smtp (or ftp)."
            } else {
                guess = "It speaks another protocol on this port."
            }
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message: "The server answered our ClientHello with bytes that are not TLS (\"\(printable)\"). \(guess)",
                evidence: evidence,
                fix:
                    "Dial the port that serves TLS, or use the protocol the port speaks (http:// instead of https://; for SMTP, IMAP, LDAP, PostgreSQL… tlsprobe connect HOST:PORT --starttls PROTO)."
            )
        case .timedOut(let seconds, let stream):
            let limit = SystemCall.format("%g", seconds)
            evidence["timeout_seconds"] = .string(limit)
            if let stream { evidence["bytes_received"] = .int(stream.bytes) }
            // Bytes that end inside a record (or before any whole handshake message): the
            // server was still part-way through sending, not silent.
            if let stream, stream.bytes > 0, stream.unfinishedRecordBytes > 0 || last == nil {
                let partWay = partWay(stream, after: last, into: &evidence)
                return Finding(
                    code: .tlsHandshakeFailed,
                    subject: .connection,
                    message:
                        "The server was still sending, \(partWay.where), when the \(limit) s ran out: \(partWay.count) had arrived in all\(partWay.record). It sends too slowly to finish a handshake in time: an overloaded server, or a link or proxy in between that passes a few bytes at a time.",
                    evidence: evidence,
                    fix:
                        "Raise --timeout to see whether it finishes; check the server's load and the network path between (a congested link, a proxy that trickles)."
                )
            }
            if let stream, stream.recordsAfterLastMessage > 0 {
                // Whole records kept coming, none of which completed a handshake message.
                evidence["records_after_last_message"] = .int(stream.recordsAfterLastMessage)
                return Finding(
                    code: .tlsHandshakeFailed,
                    subject: .connection,
                    message:
                        "The server kept sending \(afterText) but never completed another handshake message: \(Self.count(stream.recordsAfterLastMessage, "record")) came after its last message (\(Self.count(stream.bytes, "byte")) in all) before the \(limit) s ran out.",
                    evidence: evidence,
                    fix:
                        "The server (or something in between) sends records that carry no complete handshake message; capture the connection (tlsprobe capture) to see what they hold, and check the server's TLS library."
                )
            }
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message: "The server stopped answering \(afterText): the handshake did not finish within \(limit) s.",
                evidence: evidence,
                fix:
                    "Check whether the server is overloaded or waiting for something (a client certificate prompt, a slow key store); raise --timeout to give it longer."
            )
        case .flooded(let flood):
            return floodFinding(flood, peer: "server", evidence: evidence)
        case .refusedLocally(let reasons, _):
            evidence["openssl_errors"] = .strings(reasons)
            return Finding(
                code: .tlsHandshakeFailed,
                subject: .connection,
                message:
                    "tlsprobe's TLS library (OpenSSL) refused what the server sent \(afterText): \(reasons.first ?? "no reason given").",
                evidence: evidence,
                fix:
                    "The server sends something malformed or unsupported; tlsprobe explain \"\(reasons.first ?? "")\" says more."
            )
        }
    }

    /// `3 records`, `1 record`.
    static func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(noun)s" }

    /// A peer that kept sending without the handshake moving on (`HandshakeEnding.flooded`):
    /// what it sent and how much, and the limit that stopped tlsprobe reading.
    static func floodFinding(_ flood: PeerFlood, peer: String, evidence: [String: EvidenceValue]) -> Finding {
        var evidence = evidence
        evidence["handshake_messages"] = .int(flood.messages)
        evidence["hello_requests"] = .int(flood.helloRequests)
        evidence["records_after_last_message"] = .int(flood.recordsWithoutMessage)
        evidence["bytes_received"] = .int(flood.stream.bytes)
        evidence["seconds"] = .string(SystemCall.format("%.1f", flood.seconds))
        let took = "in \(SystemCall.format("%.1f", flood.seconds)) s, \(count(flood.stream.bytes, "byte")) in all"
        let what: String
        if flood.tooManyMessages {
            evidence["limit"] = .string("\(PeerFlood.maxMessages) handshake messages")
            let requests =
                flood.helloRequests == 0
                ? ""
                : flood.helloRequests == flood.messages
                    ? ", all HelloRequests"
                    : ", \(flood.helloRequests) of them HelloRequests"
            let skipped =
                flood.helloRequests > 0
                ? " (a HelloRequest asks for a new handshake; clients skip it while one is under way)" : ""
            what =
                "The \(peer) kept sending handshake messages without the handshake moving on: \(count(flood.messages, "message"))\(requests), \(took)\(skipped). tlsprobe stops reading after \(PeerFlood.maxMessages) handshake messages, more than any handshake has."
        } else {
            evidence["limit"] = .string("\(PeerFlood.maxRecordsWithoutMessage) records without a handshake message")
            what =
                "The \(peer) kept sending records that never completed a handshake message: \(count(flood.recordsWithoutMessage, "record")) after its last complete message, \(took). tlsprobe stops reading after \(PeerFlood.maxRecordsWithoutMessage) such records."
        }
        return Finding(
            code: .tlsHandshakeFailed,
            subject: .connection,
            message: what,
            evidence: evidence,
            fix:
                "The \(peer)'s TLS stack (or something in between) loops or is hostile: check its log and software; capture the connection (tlsprobe capture) to see the stream."
        )
    }

    /// Where in its stream a peer stopped part-way (`part-way through its ServerHello`), how
    /// many bytes it had sent, and how much of the unfinished record; the counts go into
    /// `evidence`.
    static func partWay(
        _ stream: PeerStream,
        after last: HandshakeStep?,
        peer: String = "server",
        into evidence: inout [String: EvidenceValue]
    )
        -> (where: String, count: String, record: String)
    {
        let record: String
        if stream.unfinishedRecordBytes == 0 {
            record = ""
        } else if let length = stream.unfinishedRecordLength {
            record = " (\(stream.unfinishedRecordBytes) of the \(length) bytes of the record it was sending)"
        } else {
            record = " (\(stream.unfinishedRecordBytes) of the 5 bytes of a record header)"
        }
        evidence["bytes_received"] = .int(stream.bytes)
        evidence["unfinished_record_bytes"] = .int(stream.unfinishedRecordBytes)
        if let length = stream.unfinishedRecordLength { evidence["unfinished_record_length"] = .int(length) }
        let first = peer == "server" ? "ServerHello" : "ClientHello"
        let where_ =
            last.map { "part-way through its next record after the \(peer)'s \($0.type)" }
            ?? "part-way through its \(first)"
        return (where_, stream.bytes == 1 ? "1 byte" : "\(stream.bytes) bytes", record)
    }

    /// OpenSSL's reasons for refusing a record as a record (its header, its length, its
    /// version), not for what the record says.
    static let recordLayerReasons: Set<String> = [
        "wrong version number", "packet length too long", "encrypted length too long", "data length too long",
        "record length mismatch", "record layer failure",
    ]

    /// connect: the server sent a ServerHello that was read, then bytes our TLS library could
    /// not take as a TLS record (they do not frame as one, or OpenSSL refused the record
    /// itself); nil otherwise, and when the server sent an alert. Our own alert then
    /// (protocol_version for "wrong version number", record_overflow) is OpenSSL's reaction
    /// to the broken stream, not a verdict on the version or cipher suite the server chose.
    static func malformedAfterServerHello(
        _ ending: HandshakeEnding,
        in o: HandshakeObservation
    ) -> (reasons: [String], stream: PeerStream?)? {
        guard case .refusedLocally(let reasons, let stream) = ending,
            o.steps.contains(where: { $0.from == .server && $0.type == .serverHello }),
            !o.alerts.contains(where: { $0.from == .server }),
            stream?.notARecord == true || reasons.contains(where: recordLayerReasons.contains)
        else { return nil }
        return (reasons, stream)
    }

    static func malformedAfterServerHelloFinding(
        _ reasons: [String],
        _ stream: PeerStream?,
        in o: HandshakeObservation
    ) -> Finding {
        let last = o.steps.last { $0.from == .server }
        var evidence: [String: EvidenceValue] = [
            "after": .strings(o.steps.suffix(4).map(\.description)),
            "openssl_errors": .strings(reasons),
        ]
        var shown = ""
        if let stream, let offset = stream.lastRecordOffset, !stream.lastRecordStart.isEmpty {
            let printable = notTLSEvidence(stream.lastRecordStart, into: &evidence)
            evidence["first_bytes_offset"] = .int(offset)
            shown =
                " (at byte \(offset) of its answer: \(Hex.encode(Array(stream.lastRecordStart.prefix(8)))), \"\(printable)\")"
        }
        let ours = o.alerts.first { $0.from == .client }
        if let ours { evidence["alert_sent"] = .alert(ours.description) }
        let reason = reasons.first ?? "no reason given"
        let chose = o.serverHello.map { " (\($0.version), \($0.cipherSuite))" } ?? ""
        return Finding(
            code: .tlsHandshakeFailed,
            subject: .connection,
            message:
                "The server's ServerHello was valid, but what it sent after the server's \(last?.type.description ?? "server_hello") is not a valid TLS record\(shown): tlsprobe's TLS library (OpenSSL) refused it (\(reason))"
                + (ours.map { " and answered \($0.description.name ?? $0.description.hex)" } ?? "")
                + ". The version and cipher suite the server chose\(chose) are not the cause: its stream breaks after the hello, a server bug or something in between (a proxy, load balancer or TLS-inspecting firewall) that injects or cuts bytes.",
            evidence: evidence,
            fix:
                "Capture the connection (tlsprobe capture -i IFACE, or tcpdump) to see what the server sends after its hello; check the server's log and whatever sits between; tlsprobe explain \"\(reason)\" says more."
        )
    }
}
