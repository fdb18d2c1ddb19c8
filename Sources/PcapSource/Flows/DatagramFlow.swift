import SystemCalls
import TLSModel
import TLSWire

/// One UDP flow (both directions between two endpoints) read for DTLS 1.0, 1.2 and 1.3:
/// each datagram's first byte says what it may be (RFC 7983: STUN 0–3, DTLS 20–63, TURN
/// channels 64–79, RTP/RTCP 128–191), DTLS datagrams are split into records
/// (`DTLSRecord`), handshake records' fragments reassembled per direction
/// (`DTLSHandshakeReassembler`), and whole messages recorded in TLS's form for the same
/// report a TCP connection gets. Nothing else (DNS, mDNS, random bytes) makes a report.
///
/// Outcome: DTLS 1.0/1.2 is established when both sides sent records in the new epoch
/// (their ChangeCipherSpec, then Finished); DTLS 1.3 when, after the ServerHello, the
/// server protected records and either the client sent a record in the application epoch
/// (3) or the server did after the client's protected flight (it had the client's Finished).
/// A plaintext fatal alert fails it; a protected alert before that is "encrypted".
final class DatagramFlow {
    let a: Endpoint
    let b: Endpoint
    var firstPacket: Double
    var lastPacket: Double
    let ordinal: Int
    var clientIsA: Bool?
    /// Whether the flow's first DTLS handshake fragment was the client's first ClientHello:
    /// the capture has the handshake from its start (what a SYN says for TCP).
    private var startSeen = false
    var reported = false
    var closed = false
    /// `heldBytes` when the analyzer last counted it.
    var countedBytes = 0
    /// The capture's memory budget, set when it ends this flow (`FlowEnd.overBudget`): a
    /// handshake message still partial then was cut by that bound (capture.truncated).
    var endingBudget: Int?

    /// Datagrams read that were DTLS.
    private(set) var dtlsSeen = false
    private(set) var handshakeSeen = false
    private var events: [CaptureRecording.Event] = []
    private var keptBytes = 0
    private var reassemblerA = DTLSHandshakeReassembler()
    private var reassemblerB = DTLSHandshakeReassembler()
    /// Connection IDs the hellos asked for: the client's is carried by records to it, the
    /// server's by records to the server (RFC 9146 §3).
    private var clientCIDLength: Int?
    private var serverCIDLength: Int?
    private var isDTLS13 = false
    private var serverHelloSeen = false
    /// Sides that sent a record in a protected epoch (1.2: after their ChangeCipherSpec).
    private var protectedFrom: Set<Side> = []
    private var clientApplicationEpoch = false
    /// DTLS 1.3: the server sent a record in the application epoch after the client's
    /// protected records.
    private var serverApplicationEpochAfterClient = false
    private var fatalAlert = false
    private var encryptedAlerts: [CaptureRecording.EncryptedAlert] = []
    private var brokenStreams: [String] = []
    private var helloVerifyCookie = false
    /// DTLS 1.3: the length of the client's first protected record.
    private var clientFirstProtectedLength: Int?
    /// An encrypted alert is 2 bytes, the inner content type and a 16-byte tag.
    static let encryptedAlertLength = 2 + 1 + 16
    /// DTLS 1.3: the client's first protected record was alert-sized, and it sent nothing
    /// in the application epoch: most likely it refused the server's flight.
    private var dtls13Refusal: Bool {
        isDTLS13 && !clientApplicationEpoch && clientFirstProtectedLength == Self.encryptedAlertLength
    }
    private var context = HandshakeContext()
    /// `connection_id` (RFC 9146 §3).
    static let connectionIDExtension = ExtensionType(54)

    init(a: Endpoint, b: Endpoint, time: Double, ordinal: Int) {
        self.a = a
        self.b = b
        self.firstPacket = time
        self.lastPacket = time
        self.ordinal = ordinal
    }

    var heldBytes: Int { reported || closed ? 0 : reassemblerA.heldBytes + reassemblerB.heldBytes + keptBytes }

    /// Whether the handshake is decided and the report can go out now.
    var isDecided: Bool { !reported && handshakeSeen && (established || fatalAlert || !encryptedAlerts.isEmpty) }

    private var established: Bool {
        if isDTLS13 {
            return serverHelloSeen && (clientApplicationEpoch || serverApplicationEpochAfterClient)
                && protectedFrom.contains(.server) && !dtls13Refusal
        }
        return protectedFrom.contains(.client) && protectedFrom.contains(.server) && encryptedAlerts.isEmpty
    }

    private func side(fromA: Bool) -> Side { (clientIsA ?? fromA) == fromA ? .client : .server }

    /// Whether `payload` starts a new DTLS connection on this flow's ports: a plaintext
    /// ClientHello fragment with message_seq 0 (a reported flow's ports used again).
    static func startsHandshake(_ payload: UnsafeRawBufferPointer) -> Bool {
        guard payload.count >= 25, payload[0] == ContentType.handshake.rawValue, payload[1] == 0xFE,
            payload[3] == 0, payload[4] == 0
        else { return false }
        return payload[13] == HandshakeType.clientHello.rawValue && payload[17] == 0 && payload[18] == 0
    }

    /// One datagram's payload, from `a` when `fromA`.
    func add(_ payload: UnsafeRawBufferPointer, fromA: Bool) {
        guard !reported, !closed, let first = payload.first else { return }
        // RFC 7983: only 20–63 can be DTLS; STUN, TURN channels, RTP and the rest are skipped.
        guard DTLSRecord.mayBeDTLS(firstByte: first) else { return }
        if !dtlsSeen {
            // The first DTLS datagram must look like DTLS from its first record on: a
            // DNS answer or random bytes starting with 20–63 are not.
            guard DTLSRecord.looksLikeDTLS(payload) || (first & 0xE0 == 0x20 && handshakeSeen) else { return }
        }
        let toServer = clientIsA.map { $0 == fromA }
        let parsed = DTLSRecord.records(in: payload) { form in
            guard let toServer else { return nil }
            return toServer ? self.serverCIDLength : self.clientCIDLength
        }
        guard !parsed.records.isEmpty else { return }
        dtlsSeen = true
        for record in parsed.records {
            handle(record, in: payload, fromA: fromA)
        }
        if let error = parsed.error, brokenStreams.count < 4 {
            brokenStreams.append("\(side(fromA: fromA).rawValue) datagram: \(error)")
        }
    }

    private func handle(_ record: DTLSRecord, in payload: UnsafeRawBufferPointer, fromA: Bool) {
        let fragment = UnsafeRawBufferPointer(
            rebasing: payload[record.fragmentOffset..<(record.fragmentOffset + record.fragmentLength)]
        )
        if record.isProtected {
            let sender = side(fromA: fromA)
            if record.contentType == .alert {
                // DTLS 1.0/1.2: an alert in the new epoch before both sides finished is
                // encrypted, known by its type; after that, a close_notify.
                if !established && encryptedAlerts.count < 16 {
                    encryptedAlerts.append(.init(side: sender, length: record.fragmentLength))
                }
                return
            }
            if record.form == .unified {
                // DTLS 1.3: the client's first protected record alert-sized (its content
                // type, a 2-byte alert and a 16-byte tag, RFC 9147 §4) refused the server's
                // flight, as in TLS 1.3.
                if sender == .client && clientFirstProtectedLength == nil {
                    clientFirstProtectedLength = record.fragmentLength
                }
                if sender == .client && record.epoch == 3 { clientApplicationEpoch = true }
                // Not an alert-sized one: a server that refuses the client's flight sends its
                // alert under the application keys too (an ACK is at least 35 bytes).
                if sender == .server && record.epoch == 3 && clientFirstProtectedLength != nil
                    && record.fragmentLength != Self.encryptedAlertLength
                {
                    serverApplicationEpochAfterClient = true
                }
                if isDTLS13 || serverHelloSeen { protectedFrom.insert(sender) }
            } else {
                protectedFrom.insert(sender)
            }
            return
        }
        switch record.contentType {
        case .handshake:
            if clientIsA == nil, fragment.count >= 1 {
                let type = fragment[0]
                if type == HandshakeType.clientHello.rawValue {
                    clientIsA = fromA
                    // The handshake's start: its first ClientHello (message_seq 0) came first.
                    startSeen =
                        fragment.count >= 9 && fragment[4] == 0 && fragment[5] == 0
                        && fragment[6] == 0 && fragment[7] == 0 && fragment[8] == 0
                } else if type == HandshakeType.serverHello.rawValue
                    || type == HandshakeType.helloVerifyRequest.rawValue
                {
                    clientIsA = !fromA
                }
            }
            let (messages, error) = fromA ? reassemblerA.add(record: fragment) : reassemblerB.add(record: fragment)
            if let error, brokenStreams.count < 4 {
                brokenStreams.append("\(side(fromA: fromA).rawValue) handshake record: \(error)")
            }
            for message in messages { keep(message, from: side(fromA: fromA)) }
        case .alert:
            guard let alerts = try? Alert.alerts(in: fragment) else {
                if brokenStreams.count < 4 {
                    brokenStreams.append("\(side(fromA: fromA).rawValue) alert record: malformed")
                }
                return
            }
            for alert in alerts where events.count < TrackedFlow.maxEvents {
                events.append(.alert(alert, side(fromA: fromA), encrypted: false))
                if alert.level == .fatal { fatalAlert = true }
            }
        default:
            // change_cipher_spec: the next records from this side are in epoch 1; application
            // data in epoch 0 is not sent by a conforming peer.
            break
        }
    }

    private func keep(_ message: DTLSHandshakeReassembler.Message, from side: Side) {
        guard events.count < TrackedFlow.maxEvents, keptBytes + message.body.count <= TrackedFlow.maxKeptBytes else {
            return
        }
        handshakeSeen = true
        keptBytes += message.body.count
        if message.type == .helloVerifyRequest {
            // No TLS counterpart: a step of the handshake, kept as sent.
            events.append(.message(.unknown(type: .helloVerifyRequest, body: message.body), side))
            helloVerifyCookie = true
            return
        }
        do {
            let (raw, _) = try DTLSHandshake.tlsForm(message)
            do {
                let decoded = try HandshakeMessage(raw, context: context)
                events.append(.message(decoded, side))
                context.update(after: decoded)
                switch decoded {
                case .clientHello(let hello):
                    if let cid = hello.extensions.first(Self.connectionIDExtension), let length = cid.data.first {
                        clientCIDLength = Int(length)
                    }
                case .serverHello(let hello), .helloRetryRequest(let hello):
                    serverHelloSeen = true
                    if hello.selectedVersion == .dtls13 { isDTLS13 = true }
                    if let cid = hello.extensions.first(Self.connectionIDExtension), let length = cid.data.first {
                        serverCIDLength = Int(length)
                    }
                default:
                    break
                }
            } catch {
                events.append(.undecodable(raw, error, side))
            }
        } catch {
            if brokenStreams.count < 4 { brokenStreams.append("\(side.rawValue) \(message.type): \(error)") }
        }
    }

    /// At the end: messages whole but waiting for an earlier one.
    private func flushReassemblers() {
        for message in reassemblerA.flush() { keep(message, from: side(fromA: true)) }
        for message in reassemblerB.flush() { keep(message, from: side(fromA: false)) }
    }

    func connection(end: FlowEnd?) -> CapturedConnection {
        let clientIsA = self.clientIsA ?? true
        // The budget ended the flow inside a handshake message: that message was cut by
        // tlsprobe's memory bound, not lost by the network or the capture.
        var cutByBound: [CaptureFacts.BoundCutMessage] = []
        if end == .overBudget, let budget = endingBudget {
            for (side, reassembler) in [(side(fromA: true), reassemblerA), (side(fromA: false), reassemblerB)] {
                guard let partial = reassembler.partialMessage else { continue }
                cutByBound.append(
                    .init(
                        side: side,
                        type: partial.type,
                        declaredLength: partial.declaredLength,
                        received: partial.received,
                        bound: .memoryBudget,
                        boundBytes: budget
                    )
                )
            }
        }
        if end != nil { flushReassemblers() }
        var recording = CaptureRecording(
            events: events,
            established: established,
            tls13Refusal: dtls13Refusal ? .client : nil,
            tagLength: 16,
            encryptedHandshakeUnseen: isDTLS13,
            decryption: nil,
            encryptedAlerts: encryptedAlerts,
            lostBytes: (0, 0),
            snapCutBytes: 0,
            snapLength: 0,
            cutRecords: [],
            cutEncryptedRecords: 0,
            holesGivenUp: false,
            clientSeenFromSYN: startSeen,
            end: end,
            brokenStreams: brokenStreams,
            plaintextReply: nil
        )
        var flow = Flow(
            client: (clientIsA ? a : b).description,
            server: (clientIsA ? b : a).description,
            firstPacket: Date(timeIntervalSince1970: firstPacket),
            lastPacket: Date(timeIntervalSince1970: lastPacket)
        )
        flow.transport = .udp
        recording.transport = .udp
        recording.messagesCutByBound = cutByBound
        return CapturedConnection(flow: flow, recording: recording)
    }

    /// Once reported or ended: only the key stays.
    func releaseState() {
        events = []
        keptBytes = 0
        encryptedAlerts = []
        brokenStreams = []
        reassemblerA = DTLSHandshakeReassembler()
        reassemblerB = DTLSHandshakeReassembler()
    }
}
