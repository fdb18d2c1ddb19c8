import SystemCalls
import TLSModel
import TLSWire

/// What a captured connection showed, as recorded while reading, and how to turn it into
/// an observation and the capture's facts (which TLSDiagnosis turns into findings).
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
    /// The longest frame the snap length cut, as captured (0: none was cut).
    var snapLength: Int
    var cutRecords: [CaptureFacts.CutRecord]
    var cutEncryptedRecords: Int
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
    /// The prelude's request for TLS that the server refused.
    var upgradeRefused: CaptureFacts.UpgradeRefusal? = nil
    /// A plain-text session in which the client never asked for TLS.
    var upgradeNotRequested: CaptureFacts.UpgradeNotRequested? = nil
    /// `tcp`, or `udp` for DTLS.
    var transport = Transport.tcp
    /// Handshake messages tlsprobe stopped reading at its own memory bounds.
    var messagesCutByBound: [CaptureFacts.BoundCutMessage] = []
    /// Retransmitted data that differed from the first copy.
    var retransmissionMismatches: [CaptureFacts.RetransmissionMismatch] = []

    func build() -> (observation: HandshakeObservation, facts: CaptureFacts) {
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
        } else if !established,
            events.contains(where: { if case .alert(let a, _, _) = $0 { a.level == .fatal } else { false } })
        {
            // A fatal alert after both Finished (TLS 1.3 certificate_required, decrypted):
            // the handshake messages completed but the connection was refused.
            outcome = .failed
        }
        let observation = builder.build(outcome: outcome)

        var facts = CaptureFacts()
        facts.decryption = decryption.map(Self.facts)
        facts.tls13Refusal = tls13Refusal.map { CaptureFacts.EncryptedAlert(side: $0, recordLength: 2 + 1 + tagLength) }
        facts.encryptedAlerts = encryptedAlerts.map {
            CaptureFacts.EncryptedAlert(side: $0.side, recordLength: $0.length)
        }
        facts.clientBytesLost = lostBytes.client
        facts.serverBytesLost = lostBytes.server
        facts.snapCutBytes = snapCutBytes
        facts.snapLength = snapLength > 0 ? snapLength : nil
        facts.cutRecords = cutRecords
        facts.cutEncryptedRecords = cutEncryptedRecords
        facts.fileTruncated = end == .truncatedFile
        facts.holesGivenUp = holesGivenUp
        facts.clientSeenFromSYN = clientSeenFromSYN
        facts.end = end?.rawValue
        facts.brokenStreams = brokenStreams
        facts.decodeProblems = builder.decodeProblems
        facts.plaintextReply = plaintextReply.map { CaptureFacts.PlaintextReply(side: $0.side, bytes: $0.bytes) }
        facts.upgradeRefused = upgradeRefused
        facts.upgradeNotRequested = upgradeNotRequested
        facts.transport = transport
        facts.messagesCutByBound = messagesCutByBound
        facts.retransmissionMismatches = retransmissionMismatches
        return (observation, facts)
    }

    /// What the decryptor found, as the facts the diagnosis reads.
    static func facts(_ d: ConnectionDecryptor.Summary) -> CaptureFacts.Decryption {
        CaptureFacts.Decryption(
            clientRandom: d.clientRandom,
            cipherSuite: d.cipherSuite,
            isTLS13: d.isTLS13,
            openedRecords: d.openedRecords.values.reduce(0, +),
            missingSecrets: d.missing.map(\.rawValue),
            hasAnySecret: d.hasAnySecret,
            failure: d.failure.map {
                .init(
                    side: $0.side == .client ? .client : .server,
                    record: $0.record,
                    reason: $0.reason,
                    secret: $0.label?.rawValue
                )
            },
            unsupportedSuite: d.unsupportedSuite,
            noClientHello: d.noClientHello
        )
    }
}
