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

    /// What a waiting segment is counted as holding beyond its payload (its array and
    /// place in `pending`), against the capture's budget for all open flows.
    static let segmentOverhead = 64

    /// The memory the waiting segments hold, as the capture's budget counts it.
    var heldBytes: Int { pendingBytes + pending.count * Self.segmentOverhead }

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
            if !payload.isEmpty { sink(.bytes(payload)) }
            if cut > 0 { sink(.cut(cut)) }
            return
        }
        let offset = Self.distance(sequence, from: next)
        let end = offset + length
        if end <= 0 {
            duplicateBytes += payload.count
            return
        }
        // Far outside any plausible window: not this stream (or garbage); drop it.
        if offset > 1 << 30 || offset < -(1 << 30) { return }
        if offset <= 0 {
            // In order, possibly overlapping what was already delivered.
            Self.deliver(payload, cut: cut, from: -offset, duplicates: &duplicateBytes, sink: sink)
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
                continue
            }
            first.bytes.withUnsafeBytes { raw in
                Self.deliver(raw, cut: first.cut, from: -offset, duplicates: &duplicateBytes, sink: sink)
            }
            nextSequence = first.sequence &+ UInt32(truncatingIfNeeded: length)
        }
    }

    /// A segment's bytes and then its cut, from `skip` bytes in (already delivered).
    private static func deliver(
        _ payload: UnsafeRawBufferPointer,
        cut: Int,
        from skip: Int,
        duplicates: inout Int,
        sink: (Chunk) -> Void
    ) {
        if skip < payload.count {
            duplicates += skip
            sink(.bytes(UnsafeRawBufferPointer(rebasing: payload[skip...])))
            if cut > 0 { sink(.cut(cut)) }
        } else {
            duplicates += payload.count
            let remaining = payload.count + cut - skip
            if remaining > 0 { sink(.cut(remaining)) }
        }
    }
}
