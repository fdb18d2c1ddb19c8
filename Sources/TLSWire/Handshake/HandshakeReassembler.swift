/// Rebuilds whole handshake messages from the fragments of handshake records, for one
/// direction of one connection.
///
/// TLS lets a message span many records (a certificate chain usually does) and a record
/// carry several messages (RFC 8446 §5.1: "Handshake messages MAY be coalesced into a
/// single TLSPlaintext record or fragmented across several records"). Feed the fragment
/// of every plaintext handshake record in order with `append(_:)`, then call
/// `nextMessage()` until it returns nil.
///
/// Bounded against a peer that announces or sends too much: a message whose header
/// declares more than `maxMessageSize` body bytes is `malformed` as soon as the header
/// is in, and appending past `maxBufferedBytes` is `malformed`. Errors are sticky: once
/// the byte stream is known to be broken, every later call throws the same error.
/// Offsets in errors count bytes of this direction's handshake stream (fragments
/// concatenated).
///
/// Only plaintext handshake bytes belong here: after a ChangeCipherSpec (TLS 1.2) or the
/// ServerHello (TLS 1.3) a capture's handshake records are encrypted, and come here only
/// once a `RecordDecryptor` has opened them.
public struct HandshakeReassembler: Sendable {
    /// 256 KiB: far above any real message (a long chain is ~20 KiB), far below harm.
    public static let defaultMaxMessageSize = 256 * 1024

    /// The largest body a message may declare.
    public let maxMessageSize: Int
    /// The most bytes that may wait in the buffer: one maximal message plus one record.
    public let maxBufferedBytes: Int

    private var buffer: [UInt8] = []
    /// Index in `buffer` of the first byte not yet returned as part of a message.
    private var start = 0
    /// Handshake-stream offset of `buffer[start]`.
    private var streamOffset = 0
    private var failure: WireError?
    /// The capacity asked for when a message's header came in.
    private var reserved = 0

    /// A reassembler allowing messages up to `maxMessageSize` body bytes and, by default,
    /// `maxMessageSize + 4 +` one maximal record of buffered bytes.
    public init(maxMessageSize: Int = defaultMaxMessageSize, maxBufferedBytes: Int? = nil) {
        self.maxMessageSize = max(0, maxMessageSize)
        self.maxBufferedBytes = max(
            0,
            maxBufferedBytes
                ?? (self.maxMessageSize + RawHandshakeMessage.headerLength + TLSRecord.maxCiphertextFragmentLength)
        )
    }

    /// Bytes received and not yet returned as a message.
    public var bufferedByteCount: Int { buffer.count - start }

    /// The memory the buffer holds, as a caller bounding memory counts it: its bytes,
    /// consumed ones not yet dropped included, or the room made for them (`reserved`).
    /// (Not `capacity`: the allocator rounds that differently from run to run, and a
    /// capture must give up the same flows on every run.)
    public var heldByteCount: Int { max(buffer.count, reserved) }

    /// Bytes of a message whose middle was not captured still to drop as they arrive
    /// (`skip(_:)`), so the message after it starts where it should.
    private var discarding = 0

    /// Whether a message has begun and not ended: at the end of a stream this means the
    /// handshake was cut off.
    public var hasPartialMessage: Bool { bufferedByteCount > 0 }

    /// Offset in this direction's handshake stream of the next message's first byte.
    public var offset: Int { streamOffset }

    /// Adds the fragment of one handshake record (or any piece of the handshake stream).
    public mutating func append(_ fragment: some Collection<UInt8>) throws(WireError) {
        if let failure { throw failure }
        var fragment = fragment[...]
        if discarding > 0 {
            let dropped = min(discarding, fragment.count)
            discarding -= dropped
            streamOffset += dropped
            fragment = fragment.dropFirst(dropped)
        }
        guard bufferedByteCount + fragment.count <= maxBufferedBytes else {
            let error = WireError(
                .malformed,
                field: "handshake_buffer",
                offset: streamOffset + bufferedByteCount,
                detail: "\(bufferedByteCount + fragment.count) bytes buffered, limit \(maxBufferedBytes)"
            )
            fail(error)
            throw error
        }
        compact()
        // Grow by doubling what is there, but never past the message's declared length once
        // its header is in: a 250 KB message ends in a buffer of 250 KB, not 512 (a capture
        // holding thousands of partial messages would hold twice what it counts), and a
        // header declaring much more than was sent makes room for at most twice what came.
        let needed = buffer.count + fragment.count
        if reserved < needed {
            var room = max(needed, 2 * buffer.count)
            if bufferedByteCount + fragment.count >= RawHandshakeMessage.headerLength {
                // The header's bytes, from what is buffered and then the fragment (not a copy
                // of both: this runs for every record that makes the buffer grow).
                let buffered = bufferedByteCount
                func byte(_ i: Int) -> Int {
                    Int(
                        i < buffered
                            ? buffer[start + i] : fragment[fragment.index(fragment.startIndex, offsetBy: i - buffered)]
                    )
                }
                let length = byte(1) << 16 | byte(2) << 8 | byte(3)
                room = min(room, max(needed, start + RawHandshakeMessage.headerLength + min(length, maxMessageSize)))
            }
            buffer.reserveCapacity(room)
            reserved = room
        }
        buffer.append(contentsOf: fragment)
    }

    /// `count` bytes of the handshake stream at this point were not captured. When the
    /// message they fall in has its header here and they end inside it, that message is
    /// dropped (the rest of it as it arrives) and the next starts where it should: true.
    /// Otherwise (no header yet, or the bytes run past the message's end, over headers never
    /// seen) the message framing is lost: false, and the caller should stop feeding this
    /// reassembler until it knows where a message starts.
    public mutating func skip(_ count: Int) -> Bool {
        guard failure == nil else { return false }
        guard count > 0 else { return true }
        if discarding > 0 {
            guard count <= discarding else { return false }
            discarding -= count
            streamOffset += count
            return true
        }
        guard bufferedByteCount >= RawHandshakeMessage.headerLength else { return false }
        let length = Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
        let remaining = RawHandshakeMessage.headerLength + length - bufferedByteCount
        guard length <= maxMessageSize, count <= remaining else { return false }
        streamOffset += bufferedByteCount + count
        discarding = remaining - count
        buffer = []
        start = 0
        reserved = 0
        return true
    }

    /// The message begun and not ended, when its header is here: its type, the body length
    /// its header declares, and how many of its body bytes are buffered (as
    /// `DTLSHandshakeReassembler.partialMessage` counts them).
    public var partialMessage: (type: HandshakeType, declaredLength: Int, received: Int)? {
        guard bufferedByteCount >= RawHandshakeMessage.headerLength else { return nil }
        let length = Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
        return (HandshakeType(buffer[start]), length, bufferedByteCount - RawHandshakeMessage.headerLength)
    }

    /// The type of the message begun and not ended, when its first byte is here.
    public var partialMessageType: HandshakeType? {
        bufferedByteCount > 0 ? HandshakeType(buffer[start]) : nil
    }

    /// Records `error` as the stream's end and gives the buffer back.
    private mutating func fail(_ error: WireError) {
        failure = error
        buffer = []
        start = 0
        reserved = 0
    }

    /// Adds a handshake record's fragment; any other content type is `malformed`.
    public mutating func append(record: TLSRecord) throws(WireError) {
        guard record.contentType == .handshake, record.sslv2ClientHello == nil else {
            throw WireError(
                .malformed,
                field: "content_type",
                offset: record.streamOffset,
                detail: "\(record.contentType) record given to the handshake reassembler"
            )
        }
        try append(record.fragment)
    }

    /// The next whole message, or nil until more bytes arrive.
    public mutating func nextMessage() throws(WireError) -> RawHandshakeMessage? {
        if let failure { throw failure }
        guard bufferedByteCount >= RawHandshakeMessage.headerLength else { return nil }
        let type = HandshakeType(buffer[start])
        let length = Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
        guard length <= maxMessageSize else {
            let error = WireError(
                .malformed,
                field: "length",
                offset: streamOffset + 1,
                detail: "\(type) message of \(length) bytes exceeds the limit of \(maxMessageSize)"
            )
            fail(error)
            throw error
        }
        let total = RawHandshakeMessage.headerLength + length
        guard bufferedByteCount >= total else { return nil }
        let bytes = Array(buffer[start..<(start + total)])
        start += total
        streamOffset += total
        if start == buffer.count {
            // Nothing waits: give the memory back now, not at the next append (a stream
            // that stalls after a large Certificate would keep it uncounted).
            buffer = []
            start = 0
            reserved = 0
        }
        // Cannot fail: the length was read from these bytes and fits 24 bits.
        return try RawHandshakeMessage(bytes: bytes, maxSize: maxMessageSize)
    }

    /// Appends `fragment` and returns every message it completed, in order.
    public mutating func messages(
        afterAppending fragment: some Collection<UInt8>
    ) throws(WireError) -> [RawHandshakeMessage] {
        try append(fragment)
        var messages: [RawHandshakeMessage] = []
        while let message = try nextMessage() { messages.append(message) }
        return messages
    }

    /// Drops consumed bytes once they outweigh the live ones, keeping appends amortised O(1).
    private mutating func compact() {
        if start > 0 && start == buffer.count {
            // Nothing waits: give the memory back rather than keep a message's worth.
            buffer = []
            start = 0
            reserved = 0
            return
        }
        guard start > 0, start >= buffer.count - start || start > 64 * 1024 else { return }
        // The capacity stays with the array: `reserved` still counts it.
        buffer.removeFirst(start)
        start = 0
    }
}
