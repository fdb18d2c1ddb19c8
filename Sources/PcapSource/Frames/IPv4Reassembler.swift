/// IPv4 fragments (RFC 791 §3.2) put back into whole datagrams, so that a TCP segment a
/// router fragmented (a path with a smaller MTU, PPPoE or a tunnel, and a sender that
/// clears Don't Fragment, as some embedded devices do) is read like any other.
///
/// Fragments are kept per (source, destination, identification, protocol) until the
/// datagram is whole. Bounded against a capture that sends endless fragments: at most
/// `maxDatagrams` datagrams and `maxHeldBytes` bytes wait (past either, the datagram that
/// began first is given up), a datagram has at most `maxPieces` fragments and may not
/// reach past 65,535 bytes, an empty fragment that is not the last is refused, and a
/// datagram not whole `timeout` seconds (capture time) after its first fragment is given
/// up. Each fragment costs work bounded by `maxPieces`; eviction is first in, first out.
/// Given-up fragments are counted, as fragments not reassembled. Overlapping fragments
/// are taken as they come, the later bytes over the earlier (captures rarely hold any).
struct IPv4Reassembler {
    struct Key: Hashable {
        var source: UInt32
        var destination: UInt32
        var identification: UInt16
        var proto: UInt8
    }

    private struct Datagram {
        /// The first fragment's IP header, once it came.
        var header: [UInt8]?
        var pieces: [(offset: Int, bytes: [UInt8])] = []
        /// The datagram's payload length, once its last fragment came.
        var total: Int?
        var heldBytes = 0
        /// Payload bytes received, overlaps counted twice: whole only once it reaches `total`.
        var receivedBytes = 0
        var firstSeen: Double
        var ordinal: Int
    }

    static let maxDatagrams = 1024
    /// Fragments per datagram: a 65,535-byte datagram over the smallest IPv4 MTU (68 bytes,
    /// 48 of payload per fragment) needs 1,366; real paths, 1 to 45.
    static let maxPieces = 1400
    static let maxHeldBytes = 8 * 1024 * 1024
    static let timeout: Double = 30
    /// The largest IPv4 datagram.
    static let maxDatagramLength = 65_535

    private var pending: [Key: Datagram] = [:]
    private var ordinal = 0
    /// Datagrams in the order they began, for eviction: entries whose datagram is gone (or
    /// began again under a new ordinal) are skipped when reached.
    private var order: [(key: Key, ordinal: Int)] = []
    private var orderStart = 0
    /// Bytes the waiting fragments hold, against `maxHeldBytes`.
    private(set) var heldBytes = 0
    /// Fragments that became part of a whole datagram, and how many datagrams they made.
    private(set) var reassembledFragments = 0
    private(set) var reassembledDatagrams = 0
    /// Fragments given up: incomplete when their datagram timed out, was pushed out by the
    /// bounds, or the capture ended; or unusable themselves (cut by the snap length, past
    /// 65,535 bytes, a header that contradicts itself).
    private(set) var givenUpFragments = 0

    /// One fragment: `packet` starts at its IPv4 header and runs to the frame's end. The
    /// whole datagram, as an IPv4 packet without fragmentation, once this fragment
    /// completes it.
    mutating func add(_ packet: UnsafeRawBufferPointer, time: Double) -> [UInt8]? {
        guard packet.count >= 20 else {
            givenUpFragments += 1
            return nil
        }
        func u16(_ o: Int) -> Int { Int(packet[o]) << 8 | Int(packet[o + 1]) }
        let headerLength = Int(packet[0] & 0x0F) * 4
        let totalLength = u16(2)
        let flags = u16(6)
        let offset = (flags & 0x1FFF) * 8
        let more = flags & 0x2000 != 0
        // The fragment must be whole in the capture (a snap length cut it otherwise) and
        // make sense: its header inside it, its end inside the largest datagram.
        guard headerLength >= 20, totalLength >= headerLength, packet.count >= totalLength,
            offset + totalLength - headerLength <= Self.maxDatagramLength,
            totalLength > headerLength || !more
        else {
            givenUpFragments += 1
            return nil
        }
        let key = Key(
            source: IPAddress.be32(packet, 12),
            destination: IPAddress.be32(packet, 16),
            identification: UInt16(u16(4)),
            proto: packet[9]
        )
        let payload = Array(packet[headerLength..<totalLength])
        var datagram =
            pending.removeValue(forKey: key)
            ?? {
                ordinal += 1
                order.append((key, ordinal))
                return Datagram(firstSeen: time, ordinal: ordinal)
            }()
        if offset == 0 { datagram.header = Array(packet[0..<headerLength]) }
        if !more { datagram.total = offset + payload.count }
        datagram.pieces.append((offset, payload))
        datagram.receivedBytes += payload.count
        datagram.heldBytes += payload.count + 64
        heldBytes += payload.count + 64
        if datagram.header != nil, let total = datagram.total, datagram.receivedBytes >= total,
            let whole = Self.assemble(datagram)
        {
            heldBytes -= datagram.heldBytes
            reassembledFragments += datagram.pieces.count
            reassembledDatagrams += 1
            return whole
        }
        pending[key] = datagram
        if datagram.pieces.count > Self.maxPieces { giveUp(key) }
        while pending.count > Self.maxDatagrams || heldBytes > Self.maxHeldBytes, orderStart < order.count {
            let (oldest, number) = order[orderStart]
            orderStart += 1
            if pending[oldest]?.ordinal == number { giveUp(oldest) }
        }
        tidyOrder()
        return nil
    }

    /// Drops the entries of datagrams that are gone from the front of `order`, and, when
    /// gone ones behind a waiting one have piled up, rebuilds it from what waits: it stays
    /// within a few times `maxDatagrams` entries.
    private mutating func tidyOrder() {
        while orderStart < order.count, pending[order[orderStart].key]?.ordinal != order[orderStart].ordinal {
            orderStart += 1
        }
        if order.count - orderStart > 4 * Self.maxDatagrams {
            order = pending.map { ($0.key, $0.value.ordinal) }.sorted { $0.ordinal < $1.ordinal }
            orderStart = 0
        } else if orderStart > 1024 && orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }

    /// Gives up datagrams whose first fragment came more than `timeout` before `now`.
    mutating func expire(now: Double) {
        guard !pending.isEmpty else { return }
        for key in pending.filter({ now - $0.value.firstSeen > Self.timeout }).map(\.key) { giveUp(key) }
        tidyOrder()
    }

    /// Gives up every datagram still waiting (the capture ended).
    mutating func finish() {
        for key in Array(pending.keys) { giveUp(key) }
        order = []
        orderStart = 0
    }

    private mutating func giveUp(_ key: Key) {
        guard let datagram = pending.removeValue(forKey: key) else { return }
        heldBytes -= datagram.heldBytes
        givenUpFragments += datagram.pieces.count
    }

    /// The whole datagram as an unfragmented IPv4 packet, if its first and last fragments
    /// came and the pieces cover every byte between.
    private static func assemble(_ d: Datagram) -> [UInt8]? {
        guard var header = d.header, let total = d.total else { return nil }
        var covered = 0
        for piece in d.pieces.sorted(by: { $0.offset < $1.offset }) {
            guard piece.offset <= covered else { return nil }
            covered = max(covered, piece.offset + piece.bytes.count)
        }
        guard covered >= total, header.count + total <= maxDatagramLength else { return nil }
        var payload = [UInt8](repeating: 0, count: total)
        for piece in d.pieces {
            let end = min(total, piece.offset + piece.bytes.count)
            guard piece.offset < end else { continue }
            payload.replaceSubrange(piece.offset..<end, with: piece.bytes.prefix(end - piece.offset))
        }
        let length = header.count + total
        header[2] = UInt8(length >> 8)
        header[3] = UInt8(length & 0xFF)
        header[6] = 0
        header[7] = 0
        return header + payload
    }
}
