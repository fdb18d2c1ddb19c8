/// Decodes both directions of one TLS connection from its TCP byte streams: records,
/// then plaintext handshake messages and alerts, with ciphertext reported as such.
///
/// This is the record layer plus the rules for when a direction turns opaque:
/// - TLS 1.3 (RFC 8446 §5): every encrypted record travels as `application_data`, so
///   `application_data` is ciphertext and every other record type is plaintext. The
///   ChangeCipherSpec a TLS 1.3 peer sends for middlebox compatibility (Appendix D.4)
///   changes nothing; OpenSSL sends one before its second ClientHello after a
///   HelloRetryRequest, and that hello is still plaintext.
/// - TLS 1.2 and earlier (RFC 5246 §7.1): after a side's ChangeCipherSpec everything that
///   side sends is ciphertext, whatever its record type (the Finished, alerts).
///
/// Feed each direction's bytes in capture order with `feed(_:from:)`; the
/// `HandshakeContext` both directions share learns the version and suite from the
/// ServerHello, so interleave the directions as the packets arrived. Nothing is thrown:
/// a message that frames correctly but does not decode is an event and decoding goes on;
/// a direction whose record framing or reassembly breaks (a `malformed` `WireError`)
/// ends with a `.malformedStream` event, after the events decoded before it, and
/// ignores whatever that side sends afterwards.
///
/// With a `decryptor` (a key log), protected records are handed to it: what it opens is
/// decoded like plaintext — handshake messages through the same reassembler and parsers,
/// alerts as `decryptedAlert` — after a `decrypted` event naming the record's real type;
/// what it cannot open stays `encrypted`.
public struct TLSConnectionDecoder: Sendable {
    /// Which peer sent the bytes.
    public enum Side: String, Hashable, Sendable {
        case client, server
    }

    /// What a direction's bytes said, in order.
    public enum Event: Hashable, Sendable {
        /// A plaintext handshake message, decoded, with its bytes.
        case handshake(HandshakeMessage, RawHandshakeMessage)
        /// A plaintext handshake message that frames correctly but does not decode.
        case undecodableHandshake(RawHandshakeMessage, WireError)
        /// An SSLv2-compatible ClientHello opening the client's stream.
        case sslv2ClientHello(ClientHello)
        /// A plaintext alert.
        case alert(Alert)
        /// A plaintext alert record that is not a whole number of alerts.
        case undecodableAlert(fragment: [UInt8], WireError)
        /// A ChangeCipherSpec record (its one byte is not judged).
        case changeCipherSpec
        /// A record that needs keys to read: application data, or anything after a TLS 1.2
        /// ChangeCipherSpec (an `alert` here is an encrypted alert).
        case encrypted(ContentType, length: Int)
        /// A protected record the `decryptor` opened: its real content type and plaintext
        /// length. The events of its content (handshake messages, `decryptedAlert`) follow.
        case decrypted(ContentType, length: Int)
        /// An alert that was sent encrypted and read from a decrypted record.
        case decryptedAlert(Alert)
        /// A plaintext record of another type (heartbeat), kept as sent.
        case otherRecord(TLSRecord)
        /// A record whose header was read but part of whose fragment was not captured
        /// (`skip(_:from:)`): counted by its header. `encrypted` when it is ciphertext by
        /// the rules above, so its size tells as much as a whole one would; `message`, of a
        /// plaintext handshake record, the message the missing bytes fall in, when its type
        /// is known (whole messages before it in the record are events of their own).
        case cutRecord(RecordParser.CutRecord, encrypted: Bool, message: HandshakeType?)
        /// The direction's framing broke here (not TLS, an oversize record or message);
        /// the last event of that direction.
        case malformedStream(WireError)
    }

    /// What the connection has revealed so far: version and cipher suite, once the
    /// ServerHello is in.
    public private(set) var context: HandshakeContext

    /// Opens protected records, when the connection's secrets are known; nil: ciphertext
    /// is reported as `encrypted`.
    public var decryptor: (any RecordDecryptor)?

    private var client: DirectionState
    private var server: DirectionState
    /// Whether the client's ClientHello offered TLS 1.3; nil until one is decoded.
    private var clientOfferedTLS13: Bool?

    /// Bytes buffered in both directions: partial records, and partial handshake messages
    /// (at most one of each per direction, `RecordParser`'s and `HandshakeReassembler`'s bounds).
    public var bufferedByteCount: Int {
        client.records.bufferedByteCount + client.reassembler.bufferedByteCount
            + server.records.bufferedByteCount + server.reassembler.bufferedByteCount
    }

    /// The memory both directions' buffers hold (at least `bufferedByteCount`: consumed
    /// bytes not yet dropped, room made for a whole message): what a capture's memory
    /// budget counts.
    public var heldByteCount: Int {
        client.records.heldByteCount + client.reassembler.heldByteCount
            + server.records.heldByteCount + server.reassembler.heldByteCount
    }

    /// A decoder for a new connection. `maxMessageSize` bounds one handshake message as in
    /// `HandshakeReassembler`.
    public init(
        context: HandshakeContext = HandshakeContext(),
        maxMessageSize: Int = HandshakeReassembler.defaultMaxMessageSize
    ) {
        self.context = context
        self.client = DirectionState(
            side: .client,
            records: RecordParser(allowsSSLv2ClientHello: true),
            reassembler: HandshakeReassembler(maxMessageSize: maxMessageSize)
        )
        self.server = DirectionState(
            side: .server,
            records: RecordParser(allowsSSLv2ClientHello: false),
            reassembler: HandshakeReassembler(maxMessageSize: maxMessageSize)
        )
    }

    /// Decodes the next bytes `side` sent and returns the events they completed.
    public mutating func feed(_ bytes: some Collection<UInt8>, from side: Side) -> [Event] {
        // Move the direction's state out and back, so its buffers stay uniquely referenced
        // and are appended to in place rather than copied on every segment.
        var state: DirectionState
        switch side {
        case .client:
            state = client
            client = DirectionState.placeholder
        case .server:
            state = server
            server = DirectionState.placeholder
        }
        defer {
            switch side {
            case .client: client = state
            case .server: server = state
            }
        }
        guard state.failure == nil else { return [] }
        state.records.append(bytes)
        var events: [Event] = []
        do throws(WireError) {
            try decodeRecords(&state, into: &events)
        } catch {
            state.failure = error
            events.append(.malformedStream(error))
        }
        return events
    }

    private mutating func decodeRecords(_ state: inout DirectionState, into events: inout [Event]) throws(WireError) {
        while let record = try state.records.nextRecord() {
            if let hello = record.sslv2ClientHello {
                events.append(.sslv2ClientHello(hello))
                continue
            }
            switch record.contentType {
            case .applicationData:
                try protected(record, &state, into: &events)
            case .changeCipherSpec:
                events.append(.changeCipherSpec)
                if changeCipherSpecSwitchesKeys { state.isEncrypted = true }
            case _ where state.isEncrypted:
                try protected(record, &state, into: &events)
            case .handshake where state.handshakeLost:
                // After lost bytes: wait for a record that starts a message.
                guard Self.plausibleMessageStart(record.fragment, state.reassembler.maxMessageSize) else { continue }
                state.handshakeLost = false
                do throws(WireError) { try handshake(record.fragment, &state, into: &events) } catch {
                    loseHandshake(&state)
                }
            case .handshake where state.lossSeen:
                // A message that breaks after lost bytes is theirs, not the peer's: skip on.
                do throws(WireError) { try handshake(record.fragment, &state, into: &events) } catch {
                    loseHandshake(&state)
                }
            case .handshake:
                try handshake(record.fragment, &state, into: &events)
            case .alert
            where state.framingLost && record.fragment.count >= 18 && context.version != nil
                && !context.usesTLS13Formats:
                // Bytes were lost, and a plaintext alert is 2 bytes, the smallest encrypted
                // one 18 (ChaCha20-Poly1305): this one is encrypted, so the side's
                // ChangeCipherSpec was among the bytes not captured.
                state.isEncrypted = true
                try protected(record, &state, into: &events)
            case .alert:
                do throws(WireError) {
                    events += try Alert.alerts(in: record).map { .alert($0) }
                } catch {
                    events.append(.undecodableAlert(fragment: record.fragment, error))
                }
            default:
                events.append(.otherRecord(record))
            }
        }
    }

    /// Whether a ChangeCipherSpec turns its sender's later records into ciphertext (TLS 1.2
    /// and earlier). With the version negotiated (a ServerHello or HelloRetryRequest), only
    /// below TLS 1.3. Before that, a TLS 1.2 peer cannot have sent one, but a TLS 1.3
    /// client may (RFC 8446 D.4: right after its first ClientHello), so after a ClientHello
    /// offering TLS 1.3 it changes nothing. With neither seen (a capture starting
    /// mid-handshake) TLS 1.2 is assumed, as for message layouts.
    private var changeCipherSpecSwitchesKeys: Bool {
        if context.version != nil { return !context.usesTLS13Formats }
        return clientOfferedTLS13 != true
    }

    /// Handshake bytes, plaintext or decrypted, into whole messages. RFC 8446 §5.1 forbids a
    /// message to span a key change, so both kinds share the direction's reassembler.
    private mutating func handshake(
        _ fragment: [UInt8],
        _ state: inout DirectionState,
        into events: inout [Event]
    ) throws(WireError) {
        for raw in try state.reassembler.messages(afterAppending: fragment) {
            do throws(WireError) {
                let message = try HandshakeMessage(raw, context: context)
                context.update(after: message)
                if state.side == .client, case .clientHello(let hello) = message {
                    clientOfferedTLS13 = hello.offeredVersions.contains(where: \.usesTLS13Rules)
                }
                events.append(.handshake(message, raw))
                decryptor?.observe(message, from: state.side)
            } catch {
                events.append(.undecodableHandshake(raw, error))
            }
        }
    }

    /// A protected record: opened by the decryptor when it can, else reported as ciphertext.
    private mutating func protected(
        _ record: TLSRecord,
        _ state: inout DirectionState,
        into events: inout [Event]
    ) throws(WireError) {
        guard let decryptor, case .opened(let type, let plaintext) = decryptor.open(record, from: state.side) else {
            events.append(.encrypted(record.contentType, length: record.fragment.count))
            return
        }
        events.append(.decrypted(type, length: plaintext.count))
        switch type {
        case .handshake:
            try handshake(plaintext, &state, into: &events)
        case .alert:
            do throws(WireError) {
                events += try Alert.alerts(in: plaintext).map { .decryptedAlert($0) }
            } catch {
                events.append(.undecodableAlert(fragment: plaintext, error))
            }
        case .applicationData:
            break
        default:
            events.append(
                .otherRecord(
                    TLSRecord(
                        contentType: type,
                        legacyVersion: record.legacyVersion,
                        fragment: plaintext,
                        streamOffset: record.streamOffset
                    )
                )
            )
        }
    }

    /// `count` bytes `side` sent at this point were not captured (a hole, or what the snap
    /// length cut off). A record they cut short is an event, counted by its header; when
    /// the bytes end inside that record, decoding goes on in step with the stream
    /// (`framingKept`), else the caller resynchronizes (`resynchronize(_:)`). Of a plaintext
    /// handshake record, what was captured is decoded (whole messages in it are events) and
    /// the message the missing bytes fall in is dropped; when they run past its end, this
    /// side's handshake messages are skipped until a record starts with a plausible one.
    /// A ChangeCipherSpec whose one byte is missing is a ChangeCipherSpec all the same.
    public mutating func skip(_ count: Int, from side: Side) -> (events: [Event], framingKept: Bool) {
        guard count > 0 else { return ([], true) }
        var state = side == .client ? client : server
        defer {
            switch side {
            case .client: client = state
            case .server: server = state
            }
        }
        guard state.failure == nil else { return ([], false) }
        state.lossSeen = true
        let (cut, kept) = state.records.skip(count)
        var events: [Event] = []
        guard let cut else { return (events, kept) }
        switch cut.contentType {
        case .changeCipherSpec where !state.isEncrypted:
            events.append(.changeCipherSpec)
            if changeCipherSpecSwitchesKeys { state.isEncrypted = true }
        case .applicationData:
            events.append(.cutRecord(cut, encrypted: true, message: nil))
        case _ where state.isEncrypted:
            events.append(.cutRecord(cut, encrypted: true, message: nil))
        case .handshake:
            var message: HandshakeType?
            if !state.handshakeLost
                || Self.plausibleMessageStart(cut.capturedFragment, state.reassembler.maxMessageSize)
            {
                state.handshakeLost = false
                do throws(WireError) {
                    try handshake(cut.capturedFragment, &state, into: &events)
                    message = state.reassembler.partialMessageType
                    if !state.reassembler.skip(cut.length - cut.captured) { loseHandshake(&state) }
                } catch {
                    loseHandshake(&state)
                }
            }
            events.append(.cutRecord(cut, encrypted: false, message: message))
        default:
            events.append(.cutRecord(cut, encrypted: false, message: nil))
        }
        return (events, kept)
    }

    /// Whether `fragment` plausibly starts a handshake message: a type TLS defines and a
    /// length within the bound. After lost bytes, a record that does not is skipped.
    static func plausibleMessageStart(_ fragment: [UInt8], _ maxMessageSize: Int) -> Bool {
        guard fragment.count >= RawHandshakeMessage.headerLength, HandshakeType(fragment[0]).name != nil else {
            return false
        }
        let length = Int(fragment[1]) << 16 | Int(fragment[2]) << 8 | Int(fragment[3])
        return length <= maxMessageSize
    }

    /// Where `state`'s handshake messages start is no longer known.
    private func loseHandshake(_ state: inout DirectionState) {
        state.reassembler = HandshakeReassembler(maxMessageSize: state.reassembler.maxMessageSize)
        state.handshakeLost = true
    }

    /// Forgets `side`'s partial record and message after bytes were lost (a capture gap),
    /// so that decoding can resume when the caller next feeds bytes that start a record.
    /// A broken direction is given another chance; whether the side's records are already
    /// ciphertext (a TLS 1.2 ChangeCipherSpec) is kept.
    public mutating func resynchronize(_ side: Side) {
        let maxMessageSize = (side == .client ? client : server).reassembler.maxMessageSize
        let fresh = DirectionState(
            side: side,
            records: RecordParser(allowsSSLv2ClientHello: false),
            reassembler: HandshakeReassembler(maxMessageSize: maxMessageSize)
        )
        switch side {
        case .client:
            let encrypted = client.isEncrypted
            client = fresh
            client.isEncrypted = encrypted
            client.framingLost = true
            client.lossSeen = true
            client.handshakeLost = true
        case .server:
            let encrypted = server.isEncrypted
            server = fresh
            server.isEncrypted = encrypted
            server.framingLost = true
            server.lossSeen = true
            server.handshakeLost = true
        }
    }

    /// The error that ended `side`'s stream, if it broke.
    public func failure(_ side: Side) -> WireError? {
        side == .client ? client.failure : server.failure
    }

    /// Whether `side` has sent a TLS 1.2 ChangeCipherSpec, after which its records are
    /// ciphertext. (TLS 1.3 ciphertext is recognised by record type instead.)
    public func hasChangedCipherSpec(_ side: Side) -> Bool {
        side == .client ? client.isEncrypted : server.isEncrypted
    }

    /// Whether `side` stopped inside a handshake message: at the end of a capture, a
    /// handshake cut off in that direction.
    public func hasPartialMessage(_ side: Side) -> Bool {
        side == .client ? client.reassembler.hasPartialMessage : server.reassembler.hasPartialMessage
    }

    /// The handshake message `side` began and has not ended, when its header is in: its
    /// type, declared body length, and the body bytes of it reassembled so far.
    public func partialMessage(_ side: Side) -> (type: HandshakeType, declaredLength: Int, received: Int)? {
        (side == .client ? client : server).reassembler.partialMessage
    }

    /// Bytes `side` sent that are buffered in a partial record or message.
    public func bufferedByteCount(_ side: Side) -> Int {
        let state = side == .client ? client : server
        return state.records.bufferedByteCount + state.reassembler.bufferedByteCount
    }

    private struct DirectionState: Sendable {
        var side: Side
        var records: RecordParser
        var reassembler: HandshakeReassembler
        var isEncrypted = false
        /// Bytes were lost and decoding resynchronized: a ChangeCipherSpec may have been
        /// among them.
        var framingLost = false
        /// Bytes were lost at some point (a hole or a cut, kept in step or not).
        var lossSeen = false
        /// Where the next handshake message starts is not known (after lost bytes): plaintext
        /// handshake records are skipped until one starts with a plausible message.
        var handshakeLost = false
        var failure: WireError?

        static let placeholder = DirectionState(
            side: .client,
            records: RecordParser(),
            reassembler: HandshakeReassembler()
        )
    }
}
