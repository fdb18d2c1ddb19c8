/// One direction of a TCP connection put back in order: segments arrive as captured
/// (out of order, retransmitted, overlapping, some never) and leave as the byte stream the
/// sender wrote, with a `.gap` where bytes were never captured and a `.cut` where the
/// snap length cut a captured segment short (known at once, so not waited for).
///
/// Sequence numbers compare modulo 2^32 (RFC 9293 §3.4). Segments ahead of the next
/// expected byte wait in `pending`, bounded by `maxPendingBytes` and `maxPendingSegments`:
/// past either bound the hole before the earliest waiting segment is declared lost, so a
/// hostile or lossy capture costs at most that much memory per direction.
struct StreamReassembler {
    /// A piece of the stream, in order.
    enum Chunk {
        /// Bytes, valid only during the callback.
        case bytes(UnsafeRawBufferPointer)
        /// This many bytes were never captured.
        case gap(Int)
        /// This many bytes were sent in captured segments but cut off by the snap length.
        case cut(Int)

        var isCut: Bool { if case .cut = self { true } else { false } }
    }

    struct Pending {
        var sequence: UInt32
        var bytes: [UInt8]
        /// Bytes of the segment after `bytes` that the snap length cut off.
        var cut = 0
    }

    static let defaultMaxPendingBytes = 256 * 1024
    static let defaultMaxPendingSegments = 256

    let maxPendingBytes: Int
    let maxPendingSegments: Int

    /// The sequence number of the next stream byte; nil until the first SYN or data.
    private(set) var nextSequence: UInt32?
    /// Segments ahead of `nextSequence`, sorted by sequence number.
    private(set) var pending: [Pending] = []
    private(set) var pendingBytes = 0
    /// Bytes declared lost so far, and how many holes.
    private(set) var lostBytes = 0
    private(set) var holes = 0
    /// Whether the stream started at the SYN (so its first byte is the sender's first byte).
    private(set) var startedAtSYN = false
    /// The sender's initial sequence number, when its SYN was seen.
    private(set) var initialSequence: UInt32?
    /// Retransmitted or duplicate payload bytes dropped.
    private(set) var duplicateBytes = 0

    /// The first `retainLimit` bytes of the stream as delivered, kept to compare with
    /// retransmissions of them (the analyzer keeps the client's only); empty once
    /// `stopRetaining()` ran. Retention stops at the
    /// first gap or cut: past one, offsets in it would no longer be known.
    private(set) var retained: [UInt8] = []
    /// The sequence number of `retained`'s first byte.
    private var retainedStart: UInt32?
    /// The sequence number of the stream's first byte (after the SYN, or the first data
    /// seen): what `Mismatch.offset` counts from.
    private var streamStart: UInt32?
    private var retaining = true
    /// Room for any ClientHello seen in practice (a post-quantum key share and ECH included).
    static let retainLimit = 4 * 1024
    /// Where a retransmitted or overlapping copy of delivered bytes differed from the
    /// first: the first such place and how many segments did. The first copy is kept.
    private(set) var mismatch: Mismatch?

    /// Retransmitted bytes that differed from the copy delivered first.
    struct Mismatch: Equatable {
        /// The stream offset of the first differing byte, from the stream's first byte
        /// (the first one captured, when the capture began after the SYN).
        var offset: Int
        /// Segments whose overlap differed.
        var segments: Int
        /// Whether `offset` counts from the sender's first byte (the SYN was captured).
        var fromStreamStart: Bool
    }

    /// What a waiting segment is counted as holding beyond its payload (its array and
    /// place in `pending`), against the capture's budget for all open flows.
    static let segmentOverhead = 64

    /// The memory the waiting segments hold, as the capture's budget counts it.
    var heldBytes: Int { pendingHeldBytes + retained.capacity }
    /// The memory the waiting segments alone hold.
    var pendingHeldBytes: Int { pendingBytes + pending.count * Self.segmentOverhead }

    /// Frees the retained prefix: the handshake is decided, its bytes are read.
    mutating func stopRetaining() {
        retaining = false
        retained = []
    }

    /// Keeps delivered bytes at `sequence` while the prefix is contiguous and short.
    private mutating func retain(_ bytes: UnsafeRawBufferPointer, at sequence: UInt32) {
        guard retaining, !bytes.isEmpty else { return }
        if retainedStart == nil { retainedStart = sequence }
        guard let start = retainedStart,
            Self.distance(sequence, from: start) == retained.count
        else { return }
        let room = Self.retainLimit - retained.count
        if retained.isEmpty { retained.reserveCapacity(min(Self.retainLimit, max(bytes.count, 512))) }
        retained.append(contentsOf: bytes.prefix(max(0, room)))
        if retained.count >= Self.retainLimit { retaining = false }
    }

    /// Compares `bytes` at `sequence`, a copy of bytes already delivered, with the retained
    /// prefix; a difference is remembered.
    private mutating func compare(_ bytes: UnsafeRawBufferPointer, at sequence: UInt32) {
        guard let start = retainedStart, !retained.isEmpty else { return }
        let offset = Self.distance(sequence, from: start)
        let from = max(offset, 0)
        let to = min(offset + bytes.count, retained.count)
        guard from < to else { return }
        for index in from..<to where retained[index] != bytes[index - offset] {
            noteMismatch(at: start &+ UInt32(truncatingIfNeeded: index))
            return
        }
    }

    /// A copy that differed, its first differing byte at `sequence`.
    private mutating func noteMismatch(at sequence: UInt32) {
        if var found = mismatch {
            found.segments += 1
            mismatch = found
        } else {
            let origin = streamStart ?? sequence
            mismatch = Mismatch(
                offset: max(0, Self.distance(sequence, from: origin)),
                segments: 1,
                fromStreamStart: startedAtSYN
            )
        }
    }

    init(maxPendingBytes: Int = defaultMaxPendingBytes, maxPendingSegments: Int = defaultMaxPendingSegments) {
        self.maxPendingBytes = maxPendingBytes
        self.maxPendingSegments = maxPendingSegments
    }

    /// Signed distance from `b` to `a` in sequence space.
    @inline(__always)
    static func distance(_ a: UInt32, from b: UInt32) -> Int {
        Int(Int32(bitPattern: a &- b))
    }

    /// A SYN with initial sequence number `isn`: data starts at `isn + 1`.
    mutating func syn(_ isn: UInt32) {
        guard nextSequence == nil else { return }
        nextSequence = isn &+ 1
        streamStart = isn &+ 1
        initialSequence = isn
        startedAtSYN = true
    }

    /// Whether a SYN with sequence number `isn` opens a new connection rather than
    /// repeating this stream's own SYN: its sequence number is not this stream's initial
    /// one or, when no SYN was seen, does not lead to the next expected byte.
    func isNewConnection(synSequence isn: UInt32) -> Bool {
        if let initialSequence { return initialSequence != isn }
        if let nextSequence { return nextSequence != isn &+ 1 }
        return false
    }

    /// Forgets the segments waiting behind a hole (once the flow is reported), keeping
    /// where the stream stands so that a later SYN can still be told apart.
    mutating func discardPending() {
        pending = []
        pendingBytes = 0
    }

    /// A segment's payload at `sequence`, followed by `cut` bytes the snap length cut off;
    /// in-order bytes go to `sink` at once, without copying, and the cut right after them.
    mutating func add(sequence: UInt32, payload: UnsafeRawBufferPointer, cut: Int = 0, sink: (Chunk) -> Void) {
        let length = payload.count + cut
        guard length > 0 else { return }
        guard let next = nextSequence else {
            // Mid-stream start: the first data seen defines the stream's start.
            nextSequence = sequence &+ UInt32(truncatingIfNeeded: length)
            streamStart = sequence
            retain(payload, at: sequence)
            if cut > 0 { retaining = false }
            if !payload.isEmpty { sink(.bytes(payload)) }
            if cut > 0 { sink(.cut(cut)) }
            return
        }
        let offset = Self.distance(sequence, from: next)
        let end = offset + length
        if end <= 0 {
            duplicateBytes += payload.count
            // A keep-alive re-sends the last byte with garbage in it (one byte at
            // next - 1, as Wireshark tells them): not a copy to compare.
            if !(payload.count == 1 && offset == -1) { compare(payload, at: sequence) }
            return
        }
        // Far outside any plausible window: not this stream (or garbage); drop it.
        if offset > 1 << 30 || offset < -(1 << 30) { return }
        if offset <= 0 {
            // In order, possibly overlapping what was already delivered.
            deliver(payload, at: sequence, cut: cut, from: -offset, sink: sink)
            nextSequence = sequence &+ UInt32(truncatingIfNeeded: length)
            drain(sink: sink)
            return
        }
        insert(Pending(sequence: sequence, bytes: Array(payload), cut: cut))
        while pendingBytes > maxPendingBytes || pending.count > maxPendingSegments {
            skipHole(sink: sink)
        }
    }

    /// Declares the hole before the earliest waiting segment lost and delivers what follows
    /// it; called when the flow ends with segments still waiting.
    mutating func flush(sink: (Chunk) -> Void) {
        while !pending.isEmpty { skipHole(sink: sink) }
    }

    private mutating func insert(_ segment: Pending) {
        // Mostly appended at the end: search from the back.
        var index = pending.count
        while index > 0, Self.distance(pending[index - 1].sequence, from: segment.sequence) > 0 {
            index -= 1
        }
        if index > 0, pending[index - 1].sequence == segment.sequence,
            pending[index - 1].bytes.count + pending[index - 1].cut >= segment.bytes.count + segment.cut
        {
            duplicateBytes += segment.bytes.count
            // The copy waiting was seen first; a differing second copy is remembered.
            let kept = pending[index - 1].bytes
            if let at = segment.bytes.indices.first(where: { $0 < kept.count && kept[$0] != segment.bytes[$0] }) {
                noteMismatch(at: segment.sequence &+ UInt32(truncatingIfNeeded: at))
            }
            return
        }
        pending.insert(segment, at: index)
        pendingBytes += segment.bytes.count
    }

    private mutating func skipHole(sink: (Chunk) -> Void) {
        guard let first = pending.first, let next = nextSequence else { return }
        let hole = Self.distance(first.sequence, from: next)
        if hole > 0 {
            lostBytes += hole
            holes += 1
            retaining = false
            sink(.gap(hole))
            nextSequence = first.sequence
        }
        drain(sink: sink)
    }

    /// Delivers waiting segments that now continue the stream.
    private mutating func drain(sink: (Chunk) -> Void) {
        while let first = pending.first, let next = nextSequence {
            let offset = Self.distance(first.sequence, from: next)
            if offset > 0 { return }
            pending.removeFirst()
            pendingBytes -= first.bytes.count
            let length = first.bytes.count + first.cut
            if offset + length <= 0 {
                duplicateBytes += first.bytes.count
                first.bytes.withUnsafeBytes { compare($0, at: first.sequence) }
                continue
            }
            first.bytes.withUnsafeBytes { raw in
                deliver(raw, at: first.sequence, cut: first.cut, from: -offset, sink: sink)
            }
            nextSequence = first.sequence &+ UInt32(truncatingIfNeeded: length)
        }
    }

    /// A segment's bytes at `sequence` and then its cut, from `skip` bytes in (already
    /// delivered: compared with the first copy, not delivered again).
    private mutating func deliver(
        _ payload: UnsafeRawBufferPointer,
        at sequence: UInt32,
        cut: Int,
        from skip: Int,
        sink: (Chunk) -> Void
    ) {
        if skip < payload.count {
            duplicateBytes += skip
            if skip > 0 { compare(UnsafeRawBufferPointer(rebasing: payload[..<skip]), at: sequence) }
            let fresh = UnsafeRawBufferPointer(rebasing: payload[skip...])
            retain(fresh, at: sequence &+ UInt32(truncatingIfNeeded: skip))
            if cut > 0 { retaining = false }
            sink(.bytes(fresh))
            if cut > 0 { sink(.cut(cut)) }
        } else {
            duplicateBytes += payload.count
            compare(payload, at: sequence)
            let remaining = payload.count + cut - skip
            if remaining > 0 {
                retaining = false
                sink(.cut(remaining))
            }
        }
    }
}
