/// DTLS handshake fragments (RFC 6347 §4.2.2, RFC 9147 §5.2) put back into whole messages,
/// one direction of a connection:
///
///     struct {
///         HandshakeType msg_type;
///         uint24 length;
///         uint16 message_seq;
///         uint24 fragment_offset;
///         uint24 fragment_length;
///         select (msg_type) { ... } body;           // the fragment's bytes
///     } Handshake;
///
/// Fragments may come in any order, overlap, and be sent again (a lost flight is
/// retransmitted whole): a message is given out once, when every byte of it came, and
/// a message_seq already given out is ignored after that. Bounded: at most
/// `maxPendingMessages` messages in progress, `maxFragmentsPerMessage` pieces each, and
/// `maxHeldBytes` bytes held; past a bound the oldest message in progress is given up
/// (`givenUp` counts them). Messages come out in message_seq order where they can: one
/// that completes before an earlier one waits for it, unless the earlier one never
/// started, or `maxWaitingMessages` whole ones already wait (then they go out without it;
/// `flush()` gives out what is whole at the end). Each fragment costs time independent of
/// how many messages came before it.
public struct DTLSHandshakeReassembler: Sendable {
    /// The fragment header's length.
    public static let headerLength = 12
    public static let maxPendingMessages = 16
    public static let maxFragmentsPerMessage = 256
    /// Whole messages kept waiting for an earlier one (a real flight has a dozen).
    public static let maxWaitingMessages = 64

    /// One fragment's header.
    public struct Fragment: Sendable, Hashable {
        public var type: HandshakeType
        public var length: Int
        public var messageSeq: UInt16
        public var fragmentOffset: Int
        public var fragmentLength: Int
    }

    /// A whole message: its type, sequence number and body.
    public struct Message: Sendable, Hashable {
        public var type: HandshakeType
        public var messageSeq: UInt16
        public var body: [UInt8]

        public init(type: HandshakeType, messageSeq: UInt16, body: [UInt8]) {
            self.type = type
            self.messageSeq = messageSeq
            self.body = body
        }
    }

    private struct Pending: Sendable {
        var type: HandshakeType
        var length: Int
        var pieces: [(offset: Int, bytes: [UInt8])] = []
        var held = 0
        var order: Int
    }

    public let maxMessageSize: Int
    public let maxHeldBytes: Int
    private var pending: [UInt16: Pending] = [:]
    /// Whole messages waiting for an earlier message_seq.
    private var ready: [UInt16: Message] = [:]
    /// The message_seq values given out: one bit each (8 KiB once the first is given out).
    private var delivered: [UInt64] = []
    /// Bytes held in `pending` and in `ready`, kept as they change.
    private var pendingHeld = 0
    private var readyHeld = 0
    private var next: UInt16?
    private var counter = 0
    /// Messages given up at a bound.
    public private(set) var givenUp = 0
    /// Fragments whose header contradicted itself or an earlier fragment.
    public private(set) var malformedFragments = 0

    public init(maxMessageSize: Int = 1 << 20, maxHeldBytes: Int = 2 << 20) {
        self.maxMessageSize = maxMessageSize
        self.maxHeldBytes = maxHeldBytes
    }

    /// Bytes held in partial and waiting messages.
    public var heldBytes: Int { pendingHeld + readyHeld }

    /// The message still coming in, when it is the only one begun, the one expected next,
    /// and nothing after it has come: its type, the body length its fragments declare, and
    /// the body bytes held (at most that length: overlapping fragments are counted once they
    /// fill it). Nil when a later message is here or was given out, since then this one's
    /// missing fragments were lost rather than still to come.
    public var partialMessage: (type: HandshakeType, declaredLength: Int, received: Int)? {
        guard pending.count == 1, ready.isEmpty, let (seq, only) = pending.first, next == nil || next == seq else {
            return nil
        }
        return (only.type, only.length, min(only.held, only.length))
    }

    private func wasDelivered(_ seq: UInt16) -> Bool {
        guard !delivered.isEmpty else { return false }
        return delivered[Int(seq) >> 6] & (1 << UInt64(seq & 63)) != 0
    }

    private mutating func markDelivered(_ seq: UInt16) {
        if delivered.isEmpty { delivered = [UInt64](repeating: 0, count: 1024) }
        delivered[Int(seq) >> 6] |= 1 << UInt64(seq & 63)
    }

    /// Reads the fragments in a handshake record's fragment; returns the messages now whole,
    /// in order. A fragment header that does not fit stops the record (`error`).
    public mutating func add(record fragment: UnsafeRawBufferPointer) -> (messages: [Message], error: WireError?) {
        var out: [Message] = []
        var o = 0
        while o < fragment.count {
            guard fragment.count - o >= Self.headerLength else {
                malformedFragments += 1
                return (
                    out,
                    WireError(
                        .needMoreBytes,
                        field: "dtls_handshake.header",
                        offset: o,
                        detail: "\(fragment.count - o) of 12 bytes"
                    )
                )
            }
            func u24(_ p: Int) -> Int { Int(fragment[p]) << 16 | Int(fragment[p + 1]) << 8 | Int(fragment[p + 2]) }
            let header = Fragment(
                type: HandshakeType(fragment[o]),
                length: u24(o + 1),
                messageSeq: UInt16(fragment[o + 4]) << 8 | UInt16(fragment[o + 5]),
                fragmentOffset: u24(o + 6),
                fragmentLength: u24(o + 9)
            )
            let start = o + Self.headerLength
            guard fragment.count - start >= header.fragmentLength else {
                malformedFragments += 1
                return (
                    out,
                    WireError(
                        .needMoreBytes,
                        field: "dtls_handshake.fragment",
                        offset: start,
                        detail: "fragment_length \(header.fragmentLength), \(fragment.count - start) bytes left"
                    )
                )
            }
            out += add(header, UnsafeRawBufferPointer(rebasing: fragment[start..<(start + header.fragmentLength)]))
            o = start + header.fragmentLength
        }
        return (out, nil)
    }

    /// One fragment and its bytes.
    public mutating func add(_ f: Fragment, _ bytes: UnsafeRawBufferPointer) -> [Message] {
        guard f.fragmentOffset + f.fragmentLength <= f.length, f.length <= maxMessageSize,
            bytes.count == f.fragmentLength
        else {
            malformedFragments += 1
            return []
        }
        if wasDelivered(f.messageSeq) || ready[f.messageSeq] != nil { return [] }  // a retransmission
        var message = pending[f.messageSeq] ?? Pending(type: f.type, length: f.length, order: counter)
        guard message.type == f.type, message.length == f.length else {
            malformedFragments += 1
            return []
        }
        if pending[f.messageSeq] == nil {
            counter += 1
            if pending.count >= Self.maxPendingMessages { giveUpOldest() }
        }
        // A piece already covered by one held adds nothing (a retransmitted fragment).
        let covered = message.pieces.contains {
            $0.offset <= f.fragmentOffset && $0.offset + $0.bytes.count >= f.fragmentOffset + f.fragmentLength
        }
        if !covered || f.length == 0 {
            guard message.pieces.count < Self.maxFragmentsPerMessage else {
                malformedFragments += 1
                return []
            }
            message.pieces.append((f.fragmentOffset, Array(bytes)))
            message.held += bytes.count
            pendingHeld += bytes.count
        }
        pending[f.messageSeq] = message
        while heldBytes > maxHeldBytes, !pending.isEmpty { giveUpOldest() }
        guard let held = pending[f.messageSeq], let whole = Self.assemble(held) else { return [] }
        pending[f.messageSeq] = nil
        pendingHeld -= held.held
        ready[f.messageSeq] = Message(type: f.type, messageSeq: f.messageSeq, body: whole)
        readyHeld += whole.count
        if next == nil { next = f.messageSeq }
        // Too many whole messages waiting for one that does not complete: they go out.
        return drain(all: ready.count > Self.maxWaitingMessages)
    }

    /// At the end: every whole message still waiting, in message_seq order.
    public mutating func flush() -> [Message] { drain(all: true) }

    private mutating func drain(all: Bool) -> [Message] {
        var out: [Message] = []
        while true {
            if let n = next, let message = ready[n] {
                ready[n] = nil
                readyHeld -= message.body.count
                markDelivered(n)
                out.append(message)
                next = n &+ 1
                continue
            }
            // The expected message is not whole. Part of it is here: wait for the rest. None
            // of it came (the capture began mid-handshake, a flight was lost): the whole
            // messages after it go out rather than wait for what may never come.
            if !all, let n = next, pending[n] != nil { break }
            guard let lowest = ready.keys.min() else { break }
            next = lowest
        }
        return out
    }

    private mutating func giveUpOldest() {
        guard let oldest = pending.min(by: { $0.value.order < $1.value.order }) else { return }
        pending[oldest.key] = nil
        pendingHeld -= oldest.value.held
        givenUp += 1
    }

    /// The message's bytes once its pieces cover it.
    private static func assemble(_ m: Pending) -> [UInt8]? {
        let pieces = m.pieces.sorted { $0.offset < $1.offset }
        var reach = 0
        for piece in pieces {
            guard piece.offset <= reach else { return nil }
            reach = max(reach, piece.offset + piece.bytes.count)
        }
        guard reach >= m.length else { return nil }
        var body = [UInt8](repeating: 0, count: m.length)
        for piece in pieces {
            body.replaceSubrange(piece.offset..<(piece.offset + piece.bytes.count), with: piece.bytes)
        }
        return body
    }
}

/// DTLS handshake messages in TLS's form, so TLSWire's one parser reads them: a DTLS
/// ClientHello has a `cookie<0..2^8-1>` after `legacy_session_id` (RFC 6347 §4.2.1,
/// RFC 9147 §5.3) that TLS's has not.
public enum DTLSHandshake {
    /// `message` as a TLS handshake message, the ClientHello's cookie removed and returned.
    public static func tlsForm(
        _ message: DTLSHandshakeReassembler.Message
    ) throws(WireError) -> (message: RawHandshakeMessage, cookie: [UInt8]?) {
        var body = message.body
        var cookie: [UInt8]?
        if message.type == .clientHello {
            let cookieAt = 34 + 1 + Int(body.count > 34 ? body[34] : 0)
            guard body.count > 34, body.count > cookieAt else {
                throw WireError(
                    .needMoreBytes,
                    field: "dtls_client_hello.cookie",
                    offset: RawHandshakeMessage.headerLength + min(body.count, cookieAt)
                )
            }
            let cookieEnd = cookieAt + 1 + Int(body[cookieAt])
            guard body.count >= cookieEnd else {
                throw WireError(
                    .needMoreBytes,
                    field: "dtls_client_hello.cookie",
                    offset: RawHandshakeMessage.headerLength + cookieAt
                )
            }
            cookie = Array(body[(cookieAt + 1)..<cookieEnd])
            body.removeSubrange(cookieAt..<cookieEnd)
        }
        return (try RawHandshakeMessage(type: message.type, body: body), cookie)
    }

    /// A HelloVerifyRequest (RFC 6347 §4.2.1): the version and the cookie to send back.
    ///
    ///     struct {
    ///         ProtocolVersion server_version;
    ///         opaque cookie<0..2^8-1>;
    ///     } HelloVerifyRequest;
    public static func helloVerifyRequest(
        _ body: [UInt8]
    ) throws(WireError) -> (version: ProtocolVersion, cookie: [UInt8]) {
        var reader = ByteReader(body[...], isComplete: true, offsetBase: RawHandshakeMessage.headerLength)
        let version = ProtocolVersion(try reader.readUInt16("server_version"))
        var cookie = try reader.readVector(prefixLength: 1, max: 255, "cookie")
        let bytes = cookie.readRest()
        try reader.expectEnd("hello_verify_request")
        return (version, bytes)
    }
}
