/// Why a frame yielded no TCP segment.
public struct FrameError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// Not something tlsprobe reads (ARP, ICMP, an unknown link type, an IP fragment):
        /// counted as skipped.
        case unsupported
        /// The captured bytes end inside a header (short snap length, truncated frame).
        case truncated
        /// A header that contradicts itself (IPv4 header length below 20, TCP data offset
        /// past the packet): counted as malformed.
        case malformed
    }

    public var kind: Kind
    /// The layer and field, `ipv4.ihl`, `tcp.data_offset`.
    public var field: String
    /// Offset in the frame where the problem is.
    public var offset: Int

    public init(_ kind: Kind, _ field: String, at offset: Int) {
        self.kind = kind
        self.field = field
        self.offset = offset
    }

    public var description: String { "\(kind.rawValue) \(field) at offset \(offset)" }
}

/// TCP header flags (RFC 9293 §3.1).
public struct TCPFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let fin = TCPFlags(rawValue: 0x01)
    public static let syn = TCPFlags(rawValue: 0x02)
    public static let rst = TCPFlags(rawValue: 0x04)
    public static let psh = TCPFlags(rawValue: 0x08)
    public static let ack = TCPFlags(rawValue: 0x10)
}

/// One TCP segment found in a frame; the payload is a range of the frame's bytes, so
/// decoding allocates nothing.
public struct TCPSegment: Sendable, Hashable {
    public var source: Endpoint
    public var destination: Endpoint
    public var sequenceNumber: UInt32
    public var acknowledgementNumber: UInt32
    public var flags: TCPFlags
    /// Where the payload starts in the frame.
    public var payloadOffset: Int
    /// Payload bytes present in the frame.
    public var payloadLength: Int
    /// Payload bytes the IP header promised but the capture cut off (snap length).
    public var missingPayload: Int
}

/// One UDP datagram found in a frame (RFC 768); the payload is a range of the frame's bytes.
public struct UDPDatagram: Sendable, Hashable {
    public var source: Endpoint
    public var destination: Endpoint
    /// Where the payload starts in the frame.
    public var payloadOffset: Int
    /// Payload bytes present in the frame.
    public var payloadLength: Int
    /// Payload bytes the UDP length promised but the capture cut off (snap length).
    public var missingPayload: Int
}

/// What a frame carried: a TCP segment or a UDP datagram.
public enum DecodedFrame: Sendable, Hashable {
    case tcp(TCPSegment)
    case udp(UDPDatagram)
}

/// Frames to TCP segments and UDP datagrams: link layer (Ethernet with 802.1Q/802.1ad tags, Linux cooked v1
/// and v2, raw IP, BSD null/loopback), IPv4 and IPv6 with extension headers, TCP. Every
/// read is bounds-checked against the captured bytes; nothing traps on any input.
public enum FrameDecoder {
    /// `DLT_` link types this decoder reads.
    public enum LinkType {
        public static let null: Int32 = 0  // DLT_NULL: 4-byte host-order AF_
        public static let ethernet: Int32 = 1  // DLT_EN10MB
        public static let rawLinux: Int32 = 12  // DLT_RAW (Linux, most systems)
        public static let rawBSD: Int32 = 14  // DLT_RAW (BSD/OS)
        public static let rawLinktype: Int32 = 101  // LINKTYPE_RAW, when not mapped
        public static let loop: Int32 = 108  // DLT_LOOP: 4-byte network-order AF_
        public static let linuxSLL: Int32 = 113  // DLT_LINUX_SLL
        public static let ipv4: Int32 = 228  // DLT_IPV4
        public static let ipv6: Int32 = 229  // DLT_IPV6
        public static let linuxSLL2: Int32 = 276  // DLT_LINUX_SLL2

        /// Whether the decoder reads `linkType`.
        public static func isSupported(_ linkType: Int32) -> Bool {
            [null, ethernet, rawLinux, rawBSD, rawLinktype, loop, linuxSLL, ipv4, ipv6, linuxSLL2].contains(linkType)
        }

        /// A readable name, for the "cannot read this link type" message.
        public static func name(_ linkType: Int32) -> String {
            switch linkType {
            case null: "BSD loopback (DLT_NULL)"
            case ethernet: "Ethernet"
            case rawLinux, rawBSD, rawLinktype: "raw IP"
            case loop: "OpenBSD loopback (DLT_LOOP)"
            case linuxSLL: "Linux cooked v1"
            case linuxSLL2: "Linux cooked v2"
            case ipv4: "raw IPv4"
            case ipv6: "raw IPv6"
            default: "link type \(linkType)"
            }
        }
    }

    static let etherTypeIPv4: UInt16 = 0x0800
    static let etherTypeIPv6: UInt16 = 0x86DD
    static let etherTypeVLAN: UInt16 = 0x8100
    static let etherTypeQinQ: UInt16 = 0x88A8
    static let etherTypeQinQOld: UInt16 = 0x9100
    /// At most this many stacked VLAN tags or IPv6 extension headers are followed.
    static let maxNesting = 8

    /// The TCP segment in `frame`, a frame of `linkType`; a UDP datagram is `unsupported`.
    public static func decode(_ frame: UnsafeRawBufferPointer, linkType: Int32) throws(FrameError) -> TCPSegment {
        switch try decodeFrame(frame, linkType: linkType) {
        case .tcp(let segment): return segment
        case .udp: throw FrameError(.unsupported, "udp", at: 0)
        }
    }

    /// The TCP segment or UDP datagram in `frame`, a frame of `linkType`.
    public static func decodeFrame(_ frame: UnsafeRawBufferPointer, linkType: Int32) throws(FrameError) -> DecodedFrame
    {
        var r = FrameReader(frame)
        switch linkType {
        case LinkType.ethernet:
            try r.need(14, "ethernet.header")
            var etherType = r.u16(12)
            var offset = 14
            var tags = 0
            while etherType == etherTypeVLAN || etherType == etherTypeQinQ || etherType == etherTypeQinQOld {
                tags += 1
                guard tags <= maxNesting else { throw FrameError(.malformed, "vlan.depth", at: offset) }
                try r.need(offset + 4, "vlan.tag")
                etherType = r.u16(offset + 2)
                offset += 4
            }
            return try ip(&r, etherType: etherType, at: offset)
        case LinkType.linuxSLL:
            try r.need(16, "sll.header")
            return try ip(&r, etherType: r.u16(14), at: 16)
        case LinkType.linuxSLL2:
            try r.need(20, "sll2.header")
            return try ip(&r, etherType: r.u16(0), at: 20)
        case LinkType.null, LinkType.loop:
            try r.need(4, "null.family")
            // DLT_NULL's family is in the capturing host's byte order; accept either.
            let big = UInt32(r.u16(0)) << 16 | UInt32(r.u16(2))
            let little = big.byteSwapped
            let family = linkType == LinkType.loop ? big : (big < 256 ? big : little)
            switch family {
            case 2: return try ipv4(&r, at: 4)
            case 10, 24, 28, 30: return try ipv6(&r, at: 4)  // Linux, NetBSD/OpenBSD, FreeBSD, Darwin
            default: throw FrameError(.unsupported, "null.family", at: 0)
            }
        case LinkType.rawLinux, LinkType.rawBSD, LinkType.rawLinktype:
            try r.need(1, "ip.version")
            switch r.u8(0) >> 4 {
            case 4: return try ipv4(&r, at: 0)
            case 6: return try ipv6(&r, at: 0)
            default: throw FrameError(.malformed, "ip.version", at: 0)
            }
        case LinkType.ipv4:
            return try ipv4(&r, at: 0)
        case LinkType.ipv6:
            return try ipv6(&r, at: 0)
        default:
            throw FrameError(.unsupported, "link_type", at: 0)
        }
    }

    static func ip(_ r: inout FrameReader, etherType: UInt16, at offset: Int) throws(FrameError) -> DecodedFrame {
        switch etherType {
        case etherTypeIPv4: return try ipv4(&r, at: offset)
        case etherTypeIPv6: return try ipv6(&r, at: offset)
        default: throw FrameError(.unsupported, "ethertype", at: offset)
        }
    }

    /// RFC 791 §3.1.
    static func ipv4(_ r: inout FrameReader, at o: Int) throws(FrameError) -> DecodedFrame {
        try r.need(o + 20, "ipv4.header")
        guard r.u8(o) >> 4 == 4 else { throw FrameError(.malformed, "ipv4.version", at: o) }
        let headerLength = Int(r.u8(o) & 0x0F) * 4
        guard headerLength >= 20 else { throw FrameError(.malformed, "ipv4.ihl", at: o) }
        let totalLength = Int(r.u16(o + 2))
        guard totalLength >= headerLength else { throw FrameError(.malformed, "ipv4.total_length", at: o + 2) }
        let fragment = r.u16(o + 6)
        // More fragments, or not the first: TCP headers and payload are incomplete here.
        if fragment & 0x2000 != 0 || fragment & 0x1FFF != 0 {
            throw FrameError(.unsupported, "ipv4.fragment", at: o + 6)
        }
        let proto = r.u8(o + 9)
        guard proto == 6 || proto == 17 else { throw FrameError(.unsupported, "ipv4.protocol", at: o + 9) }
        try r.need(o + headerLength, "ipv4.options")
        let source = IPAddress(ipv4: r.bytes, at: o + 12)
        let destination = IPAddress(ipv4: r.bytes, at: o + 16)
        // The IP length, not the frame's: Ethernet pads short frames to 60 bytes. A
        // length of 0 is TCP segmentation offload on the capturing host: take the frame.
        let end = totalLength == 0 ? Int.max : o + totalLength
        if proto == 17 {
            return .udp(try udp(&r, at: o + headerLength, end: end, source: source, destination: destination))
        }
        return .tcp(try tcp(&r, at: o + headerLength, end: end, source: source, destination: destination))
    }

    /// RFC 8200 §3-4: the fixed header, then hop-by-hop, routing, destination options,
    /// fragment and AH headers until TCP.
    static func ipv6(_ r: inout FrameReader, at o: Int) throws(FrameError) -> DecodedFrame {
        try r.need(o + 40, "ipv6.header")
        guard r.u8(o) >> 4 == 6 else { throw FrameError(.malformed, "ipv6.version", at: o) }
        let payloadLength = Int(r.u16(o + 4))
        var next = r.u8(o + 6)
        let source = IPAddress(ipv6: r.bytes, at: o + 8)
        let destination = IPAddress(ipv6: r.bytes, at: o + 24)
        // Payload length 0 is a jumbogram (or offload): take the frame's end.
        let end = payloadLength == 0 ? Int.max : o + 40 + payloadLength
        var offset = o + 40
        var depth = 0
        while next != 6 && next != 17 {
            depth += 1
            guard depth <= maxNesting else { throw FrameError(.malformed, "ipv6.extension_depth", at: offset) }
            switch next {
            case 0, 43, 60, 135, 139, 140:  // hop-by-hop, routing, destination options, mobility, HIP, shim6
                try r.need(offset + 2, "ipv6.extension")
                let length = (Int(r.u8(offset + 1)) + 1) * 8
                next = r.u8(offset)
                offset += length
            case 44:  // fragment
                try r.need(offset + 8, "ipv6.fragment")
                let fragment = r.u16(offset + 2)
                if fragment & 0xFFF8 != 0 || fragment & 0x0001 != 0 {
                    throw FrameError(.unsupported, "ipv6.fragment", at: offset + 2)
                }
                next = r.u8(offset)
                offset += 8
            case 51:  // AH: length in 4-byte units, minus 2
                try r.need(offset + 2, "ipv6.ah")
                let length = (Int(r.u8(offset + 1)) + 2) * 4
                next = r.u8(offset)
                offset += length
            default:  // ESP, no next header, ICMPv6...
                throw FrameError(.unsupported, "ipv6.next_header", at: offset)
            }
            guard offset <= end else { throw FrameError(.malformed, "ipv6.extension_length", at: offset) }
        }
        if next == 17 { return .udp(try udp(&r, at: offset, end: end, source: source, destination: destination)) }
        return .tcp(try tcp(&r, at: offset, end: end, source: source, destination: destination))
    }

    /// RFC 768: source port, destination port, length (header included, at least 8),
    /// checksum. The payload ends at the UDP length, or the IP length if that is shorter.
    static func udp(
        _ r: inout FrameReader,
        at o: Int,
        end: Int,
        source: IPAddress,
        destination: IPAddress
    ) throws(FrameError) -> UDPDatagram {
        try r.need(o + 8, "udp.header")
        let length = Int(r.u16(o + 4))
        // 0 is a jumbogram's or offload's: take what the IP layer says.
        guard length == 0 || length >= 8 else { throw FrameError(.malformed, "udp.length", at: o + 4) }
        guard end == Int.max || o + 8 <= end else { throw FrameError(.malformed, "udp.length", at: o + 4) }
        let payloadStart = o + 8
        var promised = end == Int.max ? r.bytes.count - payloadStart : end - payloadStart
        if length >= 8 {
            guard length - 8 <= promised || end == Int.max else {
                throw FrameError(.malformed, "udp.length", at: o + 4)
            }
            promised = length - 8
        }
        let available = max(0, r.bytes.count - payloadStart)
        let present = min(available, promised)
        return UDPDatagram(
            source: Endpoint(address: source, port: r.u16(o)),
            destination: Endpoint(address: destination, port: r.u16(o + 2)),
            payloadOffset: payloadStart,
            payloadLength: present,
            missingPayload: promised - present
        )
    }

    /// RFC 9293 §3.1.
    static func tcp(
        _ r: inout FrameReader,
        at o: Int,
        end: Int,
        source: IPAddress,
        destination: IPAddress
    ) throws(FrameError) -> TCPSegment {
        try r.need(o + 20, "tcp.header")
        let dataOffset = Int(r.u8(o + 12) >> 4) * 4
        guard dataOffset >= 20 else { throw FrameError(.malformed, "tcp.data_offset", at: o + 12) }
        guard end == Int.max || o + dataOffset <= end else {
            throw FrameError(.malformed, "tcp.data_offset", at: o + 12)
        }
        try r.need(o + dataOffset, "tcp.options")
        let payloadStart = o + dataOffset
        let available = r.bytes.count - payloadStart
        let promised = end == Int.max ? available : end - payloadStart
        let present = min(available, promised)
        return TCPSegment(
            source: Endpoint(address: source, port: r.u16(o)),
            destination: Endpoint(address: destination, port: r.u16(o + 2)),
            sequenceNumber: r.u32(o + 4),
            acknowledgementNumber: r.u32(o + 8),
            flags: TCPFlags(rawValue: r.u8(o + 13) & 0x1F),
            payloadOffset: payloadStart,
            payloadLength: present,
            missingPayload: promised - present
        )
    }
}

/// Bounds-checked big-endian reads over a frame: `need` first, then the unchecked getters.
struct FrameReader {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func need(_ count: Int, _ field: String) throws(FrameError) {
        guard count >= 0, count <= bytes.count else {
            throw FrameError(.truncated, field, at: min(max(count, 0), bytes.count))
        }
    }

    func u8(_ o: Int) -> UInt8 { bytes[o] }
    func u16(_ o: Int) -> UInt16 { UInt16(bytes[o]) << 8 | UInt16(bytes[o + 1]) }
    func u32(_ o: Int) -> UInt32 { IPAddress.be32(bytes, o) }
}
