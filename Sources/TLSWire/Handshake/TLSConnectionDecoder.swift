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
        /// A plaintext record of another type (heartbeat), kept as sent.
        case otherRecord(TLSRecord)
        /// The direction's framing broke here (not TLS, an oversize record or message);
        /// the last event of that direction.
        case malformedStream(WireError)
    }

    /// What the connection has revealed so far: version and cipher suite, once the
    /// ServerHello is in.
    public private(set) var context: HandshakeContext

    private var client: DirectionState
    private var server: DirectionState

    /// A decoder for a new connection. `maxMessageSize` bounds one handshake message as in
    /// `HandshakeReassembler`.
    public init(context: HandshakeContext = HandshakeContext(),
                maxMessageSize: Int = HandshakeReassembler.defaultMaxMessageSize) {
        self.context = context
        self.client = DirectionState(records: RecordParser(allowsSSLv2ClientHello: true),
                                     reassembler: HandshakeReassembler(maxMessageSize: maxMessageSize))
        self.server = DirectionState(records: RecordParser(allowsSSLv2ClientHello: false),
                                     reassembler: HandshakeReassembler(maxMessageSize: maxMessageSize))
    }

    /// Decodes the next bytes `side` sent and returns the events they completed.
    public mutating func feed(_ bytes: some Collection<UInt8>, from side: Side) -> [Event] {
        // Move the direction's state out and back, so its buffers stay uniquely referenced
        // and are appended to in place rather than copied on every segment.
        var state: DirectionState
        switch side {
        case .client: state = client; client = DirectionState.placeholder
        case .server: state = server; server = DirectionState.placeholder
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
                events.append(.encrypted(record.contentType, length: record.fragment.count))
            case .changeCipherSpec:
                events.append(.changeCipherSpec)
                if !context.usesTLS13Formats { state.isEncrypted = true }
            case _ where state.isEncrypted:
                events.append(.encrypted(record.contentType, length: record.fragment.count))
            case .handshake:
                for raw in try state.reassembler.messages(afterAppending: record.fragment) {
                    do throws(WireError) {
                        let message = try HandshakeMessage(raw, context: context)
                        context.update(after: message)
                        events.append(.handshake(message, raw))
                    } catch {
                        events.append(.undecodableHandshake(raw, error))
                    }
                }
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

    /// Forgets `side`'s partial record and message after bytes were lost (a capture gap),
    /// so that decoding can resume when the caller next feeds bytes that start a record.
    /// A broken direction is given another chance; whether the side's records are already
    /// ciphertext (a TLS 1.2 ChangeCipherSpec) is kept.
    public mutating func resynchronize(_ side: Side) {
        let maxMessageSize = (side == .client ? client : server).reassembler.maxMessageSize
        let fresh = DirectionState(records: RecordParser(allowsSSLv2ClientHello: false),
                                   reassembler: HandshakeReassembler(maxMessageSize: maxMessageSize))
        switch side {
        case .client:
            let encrypted = client.isEncrypted
            client = fresh
            client.isEncrypted = encrypted
        case .server:
            let encrypted = server.isEncrypted
            server = fresh
            server.isEncrypted = encrypted
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

    /// Bytes `side` sent that are buffered in a partial record or message.
    public func bufferedByteCount(_ side: Side) -> Int {
        let state = side == .client ? client : server
        return state.records.bufferedByteCount + state.reassembler.bufferedByteCount
    }

    private struct DirectionState: Sendable {
        var records: RecordParser
        var reassembler: HandshakeReassembler
        var isEncrypted = false
        var failure: WireError?

        static let placeholder = DirectionState(records: RecordParser(), reassembler: HandshakeReassembler())
    }
}
