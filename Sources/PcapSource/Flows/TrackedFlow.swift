import SystemCalls
import TLSModel
import TLSWire

/// How a flow's tracking ended.
enum FlowEnd: String, Sendable {
    case fin = "both sides closed (FIN)"
    case reset = "reset (RST)"
    case idle = "no packets for the idle time"
    case endOfCapture = "the capture ended while it was open"
    case truncatedFile = "the capture file was cut off"
    case evicted = "too many open flows"
    case reused = "a new connection reused its addresses and ports"
    case overBudget = "the open flows together held more than the capture's memory budget"
}

/// One TCP connection: both directions reassembled, TLS found by its record header, the
/// handshake decoded into an observation, and the report emitted once the handshake is
/// decided (established) or the flow ends. After that the flow only waits for its close:
/// payload is no longer buffered or parsed.
final class TrackedFlow {
    enum Phase {
        /// Payload is being looked at.
        case active
        /// Neither direction starts with TLS: payload ignored.
        case notTLS
        /// Reported: payload ignored until the flow closes.
        case reported
    }

    /// Where a direction stands.
    enum SideState {
        /// No payload yet.
        case unknown
        /// The stream's first bytes (after the SYN), gathered until a record header fits.
        case start([UInt8])
        /// Looking for a record header at a segment start (mid-stream start, after a gap).
        case resync(attempts: Int)
        /// Plain text that may lead to TLS (STARTTLS, a proxy's tunnel): watched by
        /// `PreludeWatcher`, each segment start checked for a hello.
        case prelude
        /// Fed to the TLS decoder.
        case feeding
        /// Nothing more to read in this direction.
        case stopped
    }

    /// What a direction's first encrypted TLS 1.3 record looked like: alert-sized
    /// ciphertext, a decrypted alert, or anything else.
    enum FirstEncrypted { case alertSized, alert, other }

    /// Segment starts tried before a direction is given up as not TLS.
    static let maxResyncAttempts = 64
    /// Handshake messages and alerts kept per connection: a real handshake has about 15; a
    /// peer sending endless hello requests or warnings must not grow the flow without end.
    static let maxEvents = 256
    /// Bytes of handshake messages kept per connection: a real handshake is 5 to 50 KiB;
    /// a peer sending message after large message must not grow the flow without end. One
    /// message as long as the format allows (`maxHandshakeMessageSize`) and 1 MiB besides;
    /// what a flow keeps is counted against the capture's budget like the rest it holds.
    static let maxKeptBytes = (1 << 24) + (1 << 20)

    /// The endpoints in key order, `a` < `b`.
    let a: Endpoint
    let b: Endpoint
    var firstPacket: Double
    var lastPacket: Double
    var phase = Phase.active
    /// Whether `a` is the client; nil until a SYN or a hello says.
    var clientIsA: Bool?

    var streamA = StreamReassembler()
    var streamB = StreamReassembler()
    var stateA = SideState.unknown
    var stateB = SideState.unknown
    /// The sequence number just past each side's data when it sent FIN.
    var finA: UInt32?
    var finB: UInt32?
    var closed = false

    /// A capture reads a handshake message as long as the format allows (2^24 - 1 bytes: a
    /// Certificate of a few hundred KB spread over twenty records is real); the memory a
    /// partial message holds grows with the bytes that came and is counted against the
    /// capture's budget, which ends the flows holding most (`capture.truncated`).
    static let maxHandshakeMessageSize = (1 << 24) - 1

    private var decoder = TLSConnectionDecoder(maxMessageSize: TrackedFlow.maxHandshakeMessageSize)
    /// Opens protected records when a key log is configured; shared with `decoder`.
    private var decryptor: ConnectionDecryptor?
    /// What the handshake showed, in order: replayed into a `HandshakeObservationBuilder`
    /// when the report is made (on the reporting thread, not the reading one).
    private var events: [CaptureRecording.Event] = []
    private(set) var handshakeSeen = false
    private(set) var tlsSeen = false
    private var isTLS13 = false
    private var established = false
    private var clientFirstEncrypted: FirstEncrypted?
    /// The length of an alert-sized, undecrypted server record after the client's flight.
    private var serverAlertAfterClientFlight: Int?
    /// Whether the server sent an alert (decrypted or alert-sized) after the client's flight.
    private var serverAlertedAfterClientFlight = false
    /// TLS 1.3: the server refused the client's flight: a fatal alert read with the key
    /// log, or an alert-sized record that does not answer the client's close.
    private var serverRefusedClientFlight = false
    /// TLS 1.3: the client sent an alert (its close_notify, most often) after its flight.
    private var clientAlertedAfterFlight = false
    /// TLS 1.3: the client's protected records that are not alert-sized, and the first
    /// one's length: a flight of one Finished-sized record carried no certificate.
    private var clientFlightRecords = 0
    private var clientFlightFirstLength = 0
    /// TLS 1.2: an alert (decrypted or not) came after a ChangeCipherSpec, before establishment.
    private var protectedAlertSeen = false
    private var encryptedAlerts: [CaptureRecording.EncryptedAlert] = []
    private var brokenStreams: [String] = []
    /// Bytes of the handshake messages in `events`, against `maxKeptBytes`.
    private var keptBytes = 0
    /// The first bytes of a direction that did not start with TLS.
    private var plaintextStart: (fromA: Bool, bytes: [UInt8])?
    /// The plain text before TLS, while a direction is in `.prelude`.
    private var prelude = PreludeWatcher()
    /// What the prelude was, read when the client's hello ended it.
    private(set) var preludeReading: PreludeWatcher.Reading?
    /// What the prelude was when it was given up past `PreludeWatcher.maxBytes` without TLS.
    private var preludeGivenUp: PreludeWatcher.Reading?
    /// `currentReading` for the prelude's byte counts when it was read.
    private var readingCache: (client: Int, server: Int, reading: PreludeWatcher.Reading?)?
    /// Live capture with a key log: the stream chunks delivered so far, in order, so the
    /// connection can be read again once its client has written the secrets it lacked
    /// (`maxReplayBytes` at most, within the capture's `ReplayBudget`; past that, nil).
    private var replay: [(fromA: Bool, startedAtSYN: Bool, chunk: ReplayChunk)]?
    private var replayBytes = 0
    private let replayBudget: ReplayBudget?
    /// A handshake is ~10 KiB; a live flow keeps at most this much for a second reading.
    static let maxReplayBytes = 256 * 1024
    /// A piece of the stream kept for a second reading.
    enum ReplayChunk {
        case bytes([UInt8])
        case gap(Int)
        case cut(Int)
    }

    /// What the flow holds that the capture's budget for all open flows counts: segments
    /// waiting behind a hole, the decoder's partial records and messages, and the handshake
    /// messages kept for the report. Nothing once the flow is reported or closed.
    var heldBytes: Int { streamA.heldBytes + streamB.heldBytes + decoder.heldByteCount + keptBytes + prelude.heldBytes }
    /// `heldBytes` when the analyzer last counted it into its total.
    var countedBytes = 0
    /// Whether a hole was declared lost because the open flows together held too much.
    var holesGivenUp = false

    /// Payload bytes the snap length cut, per direction (a, b), as delivered in order.
    var snapCutA = 0
    var snapCutB = 0
    /// The snap length that cut them: the longest cut frame as captured.
    var snapLength = 0
    /// Plaintext handshake records cut short, and how many encrypted ones.
    private var cutRecords: [CaptureFacts.CutRecord] = []
    private var cutEncryptedRecords = 0
    /// Whether the bytes being skipped were cut by the snap length (else never captured).
    private var lossIsSnapCut = false
    /// The server's direction lost its record framing to bytes not captured: its TLS 1.2
    /// ChangeCipherSpec and Finished may have been among them.
    private var serverFramingLost = false
    private var clientFramingLost = false
    /// The capture's memory budget, set when it ends this flow (`FlowEnd.overBudget`): a
    /// handshake message partial then was cut by it.
    var endingBudget: Int?
    /// Handshake messages not read to their end because of tlsprobe's own bounds.
    private var boundCuts: [CaptureFacts.BoundCutMessage] = []
    /// Bytes lost to gaps, per direction.
    var lostA = 0
    var lostB = 0

    /// The flow's number in the capture, from 0 in the order flows began: breaks ties
    /// between flows ended together, so reports come out in the same order on every run.
    let ordinal: Int

    init(
        a: Endpoint,
        b: Endpoint,
        time: Double,
        ordinal: Int = 0,
        decryptor: ConnectionDecryptor? = nil,
        replayBudget: ReplayBudget? = nil
    ) {
        self.a = a
        self.b = b
        self.ordinal = ordinal
        self.firstPacket = time
        self.lastPacket = time
        self.decryptor = decryptor
        self.replayBudget = replayBudget
        decoder.decryptor = decryptor
        if decryptor?.refreshOnMiss == true && replayBudget != nil { replay = [] }
    }

    func side(fromA: Bool) -> Side {
        (clientIsA ?? true) == fromA ? .client : .server
    }

    private func wireSide(_ side: Side) -> TLSConnectionDecoder.Side {
        side == .client ? .client : .server
    }

    // MARK: payload

    /// An in-order piece of the stream `fromA` (or from `b`).
    /// `startedAtSYN` says whether the stream's first byte is the sender's first byte.
    func deliver(_ chunk: StreamReassembler.Chunk, fromA: Bool, startedAtSYN: Bool) {
        guard phase == .active else { return }
        if replay != nil, let replayBudget {
            switch chunk {
            case .bytes(let bytes):
                if replayBytes + bytes.count > Self.maxReplayBytes || !replayBudget.take(bytes.count) {
                    dropReplay()
                } else {
                    replayBytes += bytes.count
                    replay?.append((fromA, startedAtSYN, .bytes(Array(bytes))))
                }
            case .gap(let count):
                replay?.append((fromA, startedAtSYN, .gap(count)))
            case .cut(let count):
                replay?.append((fromA, startedAtSYN, .cut(count)))
            }
        }
        var state = fromA ? stateA : stateB
        defer {
            if fromA { stateA = state } else { stateB = state }
            if phase == .active, !tlsSeen, case .stopped = stateA, case .stopped = stateB {
                phase = .notTLS
                dropReplay()
            }
        }
        switch chunk {
        case .gap(let count), .cut(let count):
            // Cut bytes were counted when the snap length cut them, not as lost.
            if case .cut = chunk {
                if fromA { snapCutA += count } else { snapCutB += count }
            } else {
                if fromA { lostA += count } else { lostB += count }
            }
            switch state {
            case .feeding:
                // A record the missing bytes cut into is counted by its header; when they
                // end inside it, its header says where the next record starts.
                let sender = side(fromA: fromA)
                lossIsSnapCut = chunk.isCut
                let (events, framingKept) = decoder.skip(count, from: wireSide(sender))
                for event in events {
                    if case .stopped = state { break }
                    handle(event, from: sender, state: &state)
                }
                if case .stopped = state { break }
                if !framingKept {
                    decoder.resynchronize(wireSide(sender))
                    if sender == .server { serverFramingLost = true } else { clientFramingLost = true }
                    state = .resync(attempts: 0)
                }
                // A protected record lost (or perhaps lost) breaks the record sequence.
                if !framingKept
                    || events.contains(where: {
                        if case .cutRecord(_, encrypted: true, message: _) = $0 { true } else { false }
                    })
                {
                    decryptor?.lostBytes(from: wireSide(sender))
                }
            case .start, .unknown, .prelude:
                state = .resync(attempts: 0)
            case .resync, .stopped:
                break
            }
        case .bytes(let bytes):
            if case .unknown = state { state = startedAtSYN ? .start([]) : .resync(attempts: 0) }
            switch state {
            case .unknown, .stopped:
                return
            case .start(var prefix):
                prefix.append(contentsOf: bytes)
                guard prefix.count >= TLSRecord.headerLength else {
                    // A short answer in a prelude (PostgreSQL's 'S' or 'N') is read as it
                    // comes, when it cannot be the start of TLS.
                    if clientIsA != nil, otherSideInPrelude(fromA), !RecordParser.couldStartTLS(prefix) {
                        if plaintextStart == nil { plaintextStart = (fromA, PreludeWatcher.withoutSecrets(prefix)) }
                        state = .prelude
                        watchPrelude(prefix, fromA: fromA, state: &state)
                        return
                    }
                    state = .start(prefix)
                    return
                }
                guard RecordParser.looksLikeTLS(prefix) else {
                    // Kept in case the other side speaks TLS: a plaintext answer to a
                    // ClientHello (an HTTP error page) says the port is not TLS at all.
                    if plaintextStart == nil {
                        plaintextStart = (fromA, PreludeWatcher.withoutSecrets(Array(prefix.prefix(48))))
                    }
                    // A protocol that may upgrade to TLS, or a proxy's tunnel: watched. Also the
                    // server's side when the client left a prelude for TLS: its answer and its
                    // hello may come in the same bytes (PostgreSQL's one-byte 'S').
                    if let clientIsA {
                        let fromClient = fromA == clientIsA
                        let watched =
                            !tlsSeen
                            && (PreludeWatcher.mayStart(prefix, fromClient: fromClient) || otherSideInPrelude(fromA))
                        if watched || (tlsSeen && !fromClient && preludeReading != nil) {
                            state = .prelude
                            watchPrelude(prefix, fromA: fromA, state: &state)
                            return
                        }
                    }
                    state = .stopped
                    return
                }
                state = .feeding
                foundTLS(prefix, fromA: fromA)
                prefix.withUnsafeBytes { feed($0, fromA: fromA, state: &state) }
            case .resync(let attempts):
                guard bytes.count >= TLSRecord.headerLength, RecordParser.looksLikeTLS(bytes) else {
                    state = attempts + 1 >= Self.maxResyncAttempts ? .stopped : .resync(attempts: attempts + 1)
                    return
                }
                state = .feeding
                foundTLS(bytes, fromA: fromA)
                feed(bytes, fromA: fromA, state: &state)
            case .prelude:
                watchPrelude(bytes, fromA: fromA, state: &state)
            case .feeding:
                feed(bytes, fromA: fromA, state: &state)
            }
        }
    }

    /// A prelude in which the client asked for TLS and the server refused, while no TLS came:
    /// reported though the flow never spoke TLS.
    var upgradeRefusal: PreludeWatcher.Reading? {
        guard !tlsSeen, !prelude.isEmpty, let reading = currentReading, reading.requested, reading.accepted == false
        else { return nil }
        return reading
    }

    /// A session of a protocol that upgrades in place (SMTP, IMAP, LDAP, PostgreSQL, …) in
    /// which the client never asked for TLS and went on in plain text: reported though the
    /// flow never spoke TLS.
    var plaintextSession: PreludeWatcher.Reading? {
        guard !tlsSeen, let reading = preludeGivenUp ?? (prelude.isEmpty ? nil : currentReading),
            reading.wentOnInPlainText
        else { return nil }
        return reading
    }

    /// The prelude's reading, read once for the bytes watched so far (a flow's end asks for
    /// it several times).
    private var currentReading: PreludeWatcher.Reading? {
        let counts = (prelude.clientCount, prelude.serverCount)
        if let cached = readingCache, cached.client == counts.0, cached.server == counts.1 { return cached.reading }
        let reading = prelude.reading
        readingCache = (counts.0, counts.1, reading)
        return reading
    }

    private func otherSideInPrelude(_ fromA: Bool) -> Bool {
        if case .prelude = fromA ? stateB : stateA { return true }
        return false
    }

    /// Plain text in a direction's prelude: where a hello starts in it (at its start, after
    /// a line, or after PostgreSQL's one-byte 'S'), TLS is fed from there; before it, the
    /// text is watched, at most `PreludeWatcher.maxBytes`.
    private func watchPrelude(_ bytes: some Collection<UInt8>, fromA: Bool, state: inout SideState) {
        let chunk = Array(bytes)
        let fromClient = fromA == clientIsA
        if let start = Self.helloStart(in: chunk, fromClient: fromClient, peerSpeaksTLS: tlsSeen),
            fromClient ? clientAskedForTLS(before: chunk[..<start]) : true
        {
            _ = prelude.observe(chunk[..<start], fromClient: fromClient)
            if fromClient {
                preludeReading = prelude.reading
                prelude = PreludeWatcher()
                readingCache = nil
            }
            state = .feeding
            let rest = Array(chunk[start...])
            foundTLS(rest, fromA: fromA)
            rest.withUnsafeBytes { feed($0, fromA: fromA, state: &state) }
            return
        }
        if !prelude.observe(chunk, fromClient: fromClient) {
            if !tlsSeen, preludeGivenUp == nil { preludeGivenUp = currentReading }
            prelude = PreludeWatcher()
            readingCache = nil
            state = .stopped
        }
    }

    /// Whether the prelude so far (and `more` of the client's) asks for TLS: a protocol known
    /// to upgrade must have asked (a mail body may start like a ClientHello); a tunnel or an
    /// unknown prelude is taken at its word.
    private func clientAskedForTLS(before more: ArraySlice<UInt8>) -> Bool {
        var watcher = prelude
        _ = watcher.observe(more, fromClient: true)
        guard let reading = watcher.reading, case .upgrade = reading.kind else { return true }
        return reading.requested && reading.accepted != false
    }

    /// Where TLS starts in a prelude chunk: a ClientHello from the client; from the server,
    /// a handshake or alert record once the client speaks TLS. Looked for where a protocol
    /// hands over (the chunk's start, after a line feed, after one byte).
    static func helloStart(in chunk: [UInt8], fromClient: Bool, peerSpeaksTLS: Bool) -> Int? {
        func startsTLS(at i: Int) -> Bool {
            // The record type first: most offsets of a prelude are text, not a record.
            guard chunk.count - i >= 6, chunk[i] == 22 || (!fromClient && chunk[i] == 21),
                RecordParser.looksLikeTLS(chunk[i...])
            else { return false }
            if fromClient { return chunk[i] == 22 && chunk[i + 5] == 1 }
            return peerSpeaksTLS && (chunk[i] == 22 || chunk[i] == 21)
        }
        // The first 64 offsets: after a binary request or answer sent with the hello in the
        // same segment (PostgreSQL's 8 bytes, a SOCKS request, MySQL's 36, a one-byte 'S').
        for offset in 0..<min(64, chunk.count) where startsTLS(at: offset) { return offset }
        var i = 0
        while let newline = chunk[i...].firstIndex(of: 0x0A) {
            if startsTLS(at: newline + 1) { return newline + 1 }
            i = newline + 1
            if i >= chunk.count { break }
        }
        // XMPP's <proceed/> and LDAP's response end without a line feed.
        if let close = chunk.lastIndex(of: UInt8(ascii: ">")), startsTLS(at: close + 1) { return close + 1 }
        return nil
    }

    /// A direction starts TLS with `first`: settles who is the client when no SYN did.
    private func foundTLS(_ first: some Collection<UInt8>, fromA: Bool) {
        tlsSeen = true
        guard clientIsA == nil else { return }
        let bytes = Array(first.prefix(6))
        if bytes[0] & 0x80 != 0 || (bytes.count == 6 && bytes[0] == 22 && bytes[5] == 1) {
            clientIsA = fromA  // an SSLv2-compatible or TLS ClientHello
        } else if bytes.count == 6 && bytes[0] == 22 && bytes[5] == 2 {
            clientIsA = !fromA  // a ServerHello
        } else {
            clientIsA = a.port > b.port  // mid-stream: guess the lower port is the server
        }
    }

    private func feed(_ bytes: UnsafeRawBufferPointer, fromA: Bool, state: inout SideState) {
        let side = side(fromA: fromA)
        for event in decoder.feed(bytes, from: wireSide(side)) {
            if case .stopped = state { break }
            handle(event, from: side, state: &state)
        }
    }

    private func handle(_ event: TLSConnectionDecoder.Event, from side: Side, state: inout SideState) {
        switch event {
        case .handshake, .undecodableHandshake, .alert, .decryptedAlert, .undecodableAlert, .sslv2ClientHello:
            guard events.count + brokenStreams.count < Self.maxEvents else {
                // Past the bound: stop reading this direction; what was kept is reported.
                stop(
                    side,
                    state: &state,
                    because:
                        "more than \(Self.maxEvents) handshake messages and alerts in this connection; the rest was not read"
                )
                return
            }
        default:
            break
        }
        switch event {
        case .handshake(_, let raw), .undecodableHandshake(let raw, _):
            guard keptBytes + raw.bytes.count <= Self.maxKeptBytes else {
                // Past the bound: this message is not kept and this direction is not read
                // further; the report says which message the bound cut (capture.truncated).
                boundCuts.append(
                    .init(
                        side: side,
                        type: raw.type,
                        declaredLength: raw.body.count,
                        received: raw.body.count,
                        bound: .connectionLimit,
                        boundBytes: Self.maxKeptBytes
                    )
                )
                state = .stopped
                return
            }
            keptBytes += raw.bytes.count
        default:
            break
        }
        switch event {
        case .handshake(let message, _):
            handshakeSeen = true
            events.append(.message(message, side))
            switch message {
            case .serverHello(let hello) where hello.selectedVersion.usesTLS13Rules,
                .helloRetryRequest(let hello) where hello.selectedVersion.usesTLS13Rules:
                isTLS13 = true
            default:
                break
            }
        case .undecodableHandshake(let raw, let error):
            handshakeSeen = true
            events.append(.undecodable(raw, error, side))
        case .sslv2ClientHello(let hello):
            handshakeSeen = true
            events.append(.message(.clientHello(hello), .client))
        case .alert(let alert):
            events.append(.alert(alert, side, encrypted: false))
        case .decryptedAlert(let alert):
            events.append(.alert(alert, side, encrypted: true))
            // Read, a TLS 1.3 server's fatal alert after the client's flight is its refusal,
            // whenever the client closed.
            if isTLS13, side == .server, clientFirstEncrypted == .other, !established,
                alert.description != .closeNotify, alert.description != .userCanceled
            {
                serverRefusedClientFlight = true
            }
        case .undecodableAlert(_, let error):
            brokenStreams.append("\(side.rawValue) alert record: \(error)")
        case .changeCipherSpec, .otherRecord:
            break
        case .cutRecord(let cut, let encrypted, let message):
            if encrypted {
                // Its size says as much as a whole record's would (a ticket, an alert).
                cutEncryptedRecords += 1
                protectedRecord(from: side, decrypted: nil, wireType: cut.contentType, length: cut.length)
            } else if cut.contentType == .handshake {
                handshakeSeen = true
                if cutRecords.count < CaptureFacts.maxCutRecords {
                    cutRecords.append(
                        .init(
                            side: side,
                            message: message.map { $0.name ?? $0.hex },
                            length: cut.length,
                            captured: cut.captured,
                            bySnapLength: lossIsSnapCut
                        )
                    )
                }
            }
        case .encrypted(let type, let length):
            protectedRecord(from: side, decrypted: nil, wireType: type, length: length)
        case .decrypted(let type, let length):
            protectedRecord(from: side, decrypted: type, wireType: type, length: length)
        case .malformedStream(let error):
            brokenStreams.append("\(side.rawValue) stream: \(error)")
            state = .stopped
        }
    }

    /// Stops reading a direction at a bound, saying so once in the report's evidence.
    private func stop(_ side: Side, state: inout SideState, because reason: String) {
        state = .stopped
        if brokenStreams.count < 4 { brokenStreams.append("\(side.rawValue) stream: \(reason)") }
    }

    /// The TLS 1.3 AEAD tag length of the chosen suite: 8 for the CCM_8 suite, else 16.
    private var tagLength: Int {
        decoder.context.cipherSuite?.rawValue == 0x1305 ? 8 : 16
    }

    /// Whether the client's flight so far is one record the size of a Finished alone
    /// (RFC 8446 §4.4.4: the suite's hash, 48 bytes for TLS_AES_256_GCM_SHA384, else 32; a
    /// 4-byte header, the inner content type and the tag): no certificate went with it.
    private var clientFlightIsFinishedOnly: Bool {
        let hash = decoder.context.cipherSuite?.rawValue == 0x1302 ? 48 : 32
        return clientFlightRecords == 1 && clientFlightFirstLength == 4 + hash + 1 + tagLength
    }

    /// A protected record: `inner` is its real content type when it was decrypted; nil
    /// when it stayed ciphertext, and then its size is the only sign of how the handshake
    /// went on.
    private func protectedRecord(from side: Side, decrypted inner: ContentType?, wireType: ContentType, length: Int) {
        if isTLS13 {
            let isAlert: Bool
            if let inner {
                isAlert = inner == .alert
            } else {
                guard wireType == .applicationData else { return }
                // An encrypted alert is 2 bytes, the inner content type and the tag (RFC 8446 §5.2).
                isAlert = length == 2 + 1 + tagLength
            }
            if side == .client {
                // isTLS13 comes from the ServerHello: the client's protected records after it
                // answer the server's flight (early data would precede it).
                if clientFirstEncrypted == nil {
                    clientFirstEncrypted = isAlert ? (inner == nil ? .alertSized : .alert) : .other
                } else if isAlert {
                    clientAlertedAfterFlight = true
                }
                if !isAlert {
                    if clientFlightRecords == 0 { clientFlightFirstLength = length }
                    clientFlightRecords += 1
                }
            } else if clientFirstEncrypted == .other {
                if isAlert {
                    // Read, the alert says itself what it is (`.decryptedAlert`). Unread, an
                    // alert-sized record is the server's refusal of the client's flight unless
                    // it more likely answers the client's close: a bare FIN (Chrome), or the
                    // client's own close_notify after a flight of a lone Finished, which
                    // carries no certificate to refuse (s_client to a server that sends no
                    // tickets). A flight with a certificate whose refusal crossed the client's
                    // close_notify on the wire is still read as refused.
                    let finSent = ((clientIsA ?? true) ? finA : finB) != nil
                    let answersClose =
                        (finSent && !clientAlertedAfterFlight)
                        || (clientAlertedAfterFlight && clientFlightIsFinishedOnly)
                    if inner == nil && !serverAlertedAfterClientFlight && !answersClose {
                        serverAlertAfterClientFlight = length
                        serverRefusedClientFlight = true
                    }
                    serverAlertedAfterClientFlight = true
                } else if !serverAlertedAfterClientFlight {
                    // A session ticket or data after the client's Finished: the server accepted it.
                    established = true
                }
            }
        } else {
            let wire = wireSide(side)
            // TLS 1.2 application data comes only after both Finished messages (RFC 5246
            // §7.4.9): from the server, always; from the client once it sent its own
            // Finished, when the server's may have been among bytes not captured.
            let serverFinishedPossible = decoder.hasChangedCipherSpec(.server) || serverFramingLost
            if (inner ?? wireType) == .applicationData, !established, !protectedAlertSeen,
                decoder.context.version != nil, !decoder.context.usesTLS13Formats,
                side == .server ? serverFinishedPossible : decoder.hasChangedCipherSpec(.client) && serverFramingLost
            {
                established = true
            }
            guard decoder.hasChangedCipherSpec(wire) else { return }
            if (inner ?? wireType) == .alert && !established {
                protectedAlertSeen = true
                // A decrypted alert is reported as itself; a ciphertext one only by its size,
                // and only when no framing was lost: after lost bytes (a ChangeCipherSpec and
                // Finished among them, perhaps) it may as well be the close_notify of a
                // handshake that completed, and capture.truncated says what is missing.
                if inner == nil && !clientFramingLost && !serverFramingLost {
                    encryptedAlerts.append(.init(side: side, length: length))
                }
            }
            if decoder.hasChangedCipherSpec(.client) && decoder.hasChangedCipherSpec(.server) && !protectedAlertSeen {
                // Both sides switched to the new keys and sent their (encrypted) Finished.
                established = true
            }
        }
    }

    /// Gives up the second reading, and its bytes back to the budget.
    private func dropReplay() {
        replayBudget?.give(replayBytes)
        replay = nil
        replayBytes = 0
    }

    /// Whether the handshake is decided and the report can go out now.
    var isDecided: Bool { phase == .active && handshakeSeen && established }

    // MARK: report

    /// The connection as seen so far; `end` says why tracking stopped (nil: decided while open).
    func connection(end: FlowEnd?) -> CapturedConnection {
        if let replay, let decryptor, decryptor.missingSecretsArrived() {
            // Read the connection again, now that its secrets are in the key log.
            let again = TrackedFlow(
                a: a,
                b: b,
                time: firstPacket,
                decryptor: ConnectionDecryptor(keyLog: decryptor.keyLog)
            )
            again.clientIsA = clientIsA
            again.endingBudget = endingBudget
            again.streamA = streamA
            again.streamB = streamB
            for step in replay {
                switch step.chunk {
                case .bytes(let bytes):
                    bytes.withUnsafeBytes {
                        again.deliver(.bytes($0), fromA: step.fromA, startedAtSYN: step.startedAtSYN)
                    }
                case .gap(let count):
                    again.deliver(.gap(count), fromA: step.fromA, startedAtSYN: step.startedAtSYN)
                case .cut(let count):
                    again.deliver(.cut(count), fromA: step.fromA, startedAtSYN: step.startedAtSYN)
                }
            }
            again.lastPacket = lastPacket
            again.snapLength = snapLength
            return again.connection(end: end)
        }
        let clientIsA = self.clientIsA ?? true
        var refusal: Side?
        // An alert-sized record read as a refusal, unless framing was lost before it (what
        // was missing may hold the records that would say otherwise: a session ticket).
        if !established && isTLS13 {
            if clientFirstEncrypted == .alertSized && !clientFramingLost {
                refusal = .client
            } else if serverAlertAfterClientFlight != nil && !serverFramingLost {
                refusal = .server
            }
        }
        // TLS 1.3 without the key log: the client's first protected record after the server's
        // encrypted flight was not an alert, so it had the server's Finished and sent its own;
        // unless the server refused it, the handshake completed (Zeek decides the same).
        let completed =
            established
            || (isTLS13 && refusal == nil && clientFirstEncrypted == .other && !serverRefusedClientFlight)
        var cutByBound = boundCuts
        if end == .overBudget, let budget = endingBudget {
            // The budget ended the connection inside a handshake message: that message was cut
            // by tlsprobe's memory bound, not by the peer or the capture.
            for side in [Side.client, .server] {
                // A side whose reading had already stopped (its own bound, a malformed stream)
                // was not cut by the budget, whatever its decoder still holds.
                if case .stopped = ((side == .client) == clientIsA ? stateA : stateB) { continue }
                guard let partial = decoder.partialMessage(wireSide(side)) else { continue }
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
        let summary = decryptor?.summary
        let recording = CaptureRecording(
            events: events,
            established: completed,
            tls13Refusal: refusal,
            tagLength: tagLength,
            encryptedHandshakeUnseen: isTLS13 && (summary?.openedRecords[.server] ?? 0) == 0,
            decryption: summary.flatMap { $0.protectedRecords.isEmpty ? nil : $0 },
            encryptedAlerts: encryptedAlerts,
            lostBytes: (client: clientIsA ? lostA : lostB, server: clientIsA ? lostB : lostA),
            snapCutBytes: snapCutA + snapCutB,
            snapLength: snapLength,
            cutRecords: cutRecords,
            cutEncryptedRecords: cutEncryptedRecords,
            holesGivenUp: holesGivenUp,
            clientSeenFromSYN: (clientIsA ? streamA : streamB).startedAtSYN,
            end: end,
            brokenStreams: brokenStreams,
            plaintextReply: plaintextStart.map { (side(fromA: $0.fromA), $0.bytes) },
            upgradeRefused: upgradeRefusal.map { reading in
                switch reading.kind {
                case .upgrade(let proto):
                    return CaptureFacts.UpgradeRefusal(prelude: .upgrade(proto), reply: reading.reply)
                case .tunnel(let tunnel):
                    return CaptureFacts.UpgradeRefusal(prelude: .tunnel(tunnel), reply: reading.reply)
                }
            },
            upgradeNotRequested: plaintextSession.flatMap { reading in
                guard case .upgrade(let proto) = reading.kind, let command = reading.plainCommand else { return nil }
                return CaptureFacts.UpgradeNotRequested(
                    plaintextProtocol: proto,
                    command: command,
                    serverOffered: reading.serverOffered,
                    offer: reading.offer
                )
            },
            messagesCutByBound: cutByBound,
            retransmissionMismatches: [(streamA, clientIsA), (streamB, !clientIsA)].compactMap { stream, isClient in
                stream.mismatch.map {
                    CaptureFacts.RetransmissionMismatch(
                        side: isClient ? .client : .server,
                        offset: $0.offset,
                        segments: $0.segments,
                        fromStreamStart: $0.fromStreamStart
                    )
                }
            }
        )
        var flow = Flow(
            client: (clientIsA ? a : b).description,
            server: (clientIsA ? b : a).description,
            firstPacket: Date(timeIntervalSince1970: firstPacket),
            lastPacket: Date(timeIntervalSince1970: lastPacket)
        )
        switch (preludeReading ?? upgradeRefusal ?? plaintextSession)?.kind {
        case .upgrade(let name): flow.upgrade = name
        case .tunnel(let name): flow.tunnel = name
        case nil: break
        }
        return CapturedConnection(flow: flow, recording: recording)
    }

    /// Drops the decoder and observation once reported: a reported flow costs only its key.
    func releaseState() {
        decoder = TLSConnectionDecoder(maxMessageSize: TrackedFlow.maxHandshakeMessageSize)
        decryptor = nil
        dropReplay()
        events = []
        encryptedAlerts = []
        brokenStreams = []
        cutRecords = []
        boundCuts = []
        keptBytes = 0
        prelude = PreludeWatcher()
        preludeGivenUp = nil
        readingCache = nil
        // Buffers go; each side's initial and next sequence numbers stay, so that a new
        // connection on the same addresses and ports is told from a repeated SYN.
        streamA.discardPending()
        streamB.discardPending()
        streamA.stopRetaining()
        streamB.stopRetaining()
        stateA = .stopped
        stateB = .stopped
    }
}

/// The bytes all live flows together may keep for a second reading once their secrets
/// arrive (`TrackedFlow`'s replay): the flow limit times a flow's share would be far too
/// much, so they draw on one budget. Used on the reading thread only.
final class ReplayBudget {
    private(set) var remaining: Int

    init(bytes: Int) { remaining = bytes }

    /// Takes `count` bytes if that many remain.
    func take(_ count: Int) -> Bool {
        guard count <= remaining else { return false }
        remaining -= count
        return true
    }

    func give(_ count: Int) { remaining += count }
}
