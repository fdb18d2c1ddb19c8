import Foundation
@testable import PcapSource
import TestSupport
import Testing

/// Frames decode to the right segment; every prefix and any garbage is an error, never a trap.
@Suite struct FrameDecoderTests {
    static let links: [TCPConversation.Link] = [.ethernet, .vlan([7, 8]), .linuxCooked, .linuxCookedV2, .rawIP, .null]

    /// The DLT_ value libpcap hands out for each LINKTYPE_ our writer uses.
    static func dlt(_ link: TCPConversation.Link) -> Int32 {
        link.linkType == 101 ? FrameDecoder.LinkType.rawLinux : Int32(link.linkType)
    }

    func decode(_ bytes: [UInt8], _ linkType: Int32) throws(FrameError) -> TCPSegment {
        let result: Result<TCPSegment, FrameError> = bytes.withUnsafeBytes { raw in
            do throws(FrameError) { return .success(try FrameDecoder.decode(raw, linkType: linkType)) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    @Test(arguments: [false, true])
    func decodesEveryLinkType(ipv6: Bool) throws {
        for link in Self.links {
            var conversation = TCPConversation(link: link, ipv6: ipv6)
            conversation.ipv6ExtensionHeaders = ipv6
            let payload: [UInt8] = [22, 3, 1, 0, 5, 1, 2, 3, 4, 5]
            let packet = conversation.packet(from: .server, sequence: 1234, flags: 0x18, payload: payload)
            let segment = try decode(packet.bytes, Self.dlt(link))
            #expect(segment.source.port == 4433 && segment.destination.port == 50_000, "\(link)")
            #expect(segment.sequenceNumber == 1234)
            #expect(segment.flags == [.psh, .ack])
            #expect(
                Array(packet.bytes[segment.payloadOffset..<(segment.payloadOffset + segment.payloadLength)]) == payload,
                "\(link)"
            )
            #expect(segment.missingPayload == 0)
            #expect(segment.source.address.isIPv6 == ipv6)
        }
    }

    @Test func openBSDLoopbackHasTheFamilyInNetworkOrder() throws {
        var conversation = TCPConversation(link: .null, ipv6: true)
        var bytes = conversation.packet(from: .client, sequence: 5, flags: 0x10, payload: [1, 2, 3]).bytes
        bytes.replaceSubrange(0..<4, with: [0, 0, 0, 24])  // DLT_LOOP: AF_INET6 (OpenBSD) big-endian
        let segment = try decode(bytes, FrameDecoder.LinkType.loop)
        #expect(segment.payloadLength == 3 && segment.source.address.isIPv6)
        bytes.replaceSubrange(0..<4, with: [0, 0, 0, 99])
        #expect(throws: FrameError(.unsupported, "null.family", at: 0)) {
            try decode(bytes, FrameDecoder.LinkType.loop)
        }
    }

    @Test func ethernetPaddingIsNotPayload() throws {
        var conversation = TCPConversation(link: .ethernet)
        let packet = conversation.packet(from: .client, sequence: 1, flags: 0x10, payload: [])
        #expect(packet.bytes.count == 60)
        let segment = try decode(packet.bytes, FrameDecoder.LinkType.ethernet)
        #expect(segment.payloadLength == 0)
    }

    @Test(arguments: [false, true])
    func everyPrefixIsAnErrorOrAShorterSegment(ipv6: Bool) throws {
        for link in Self.links {
            var conversation = TCPConversation(link: link, ipv6: ipv6)
            conversation.ipv6ExtensionHeaders = ipv6
            let packet = conversation.packet(
                from: .client,
                sequence: 9,
                flags: 0x18,
                payload: Array(repeating: 0x17, count: 40)
            )
            let full = try decode(packet.bytes, Self.dlt(link))
            for length in 0..<packet.bytes.count {
                let prefix = Array(packet.bytes.prefix(length))
                do {
                    let segment = try decode(prefix, Self.dlt(link))
                    // Past the headers, a prefix only loses payload, and says how much.
                    #expect(segment.payloadLength + segment.missingPayload == full.payloadLength, "\(link) \(length)")
                    #expect(segment.payloadOffset + segment.payloadLength <= length)
                } catch {
                    #expect(error.kind == .truncated, "\(link) prefix \(length): \(error)")
                }
            }
        }
    }

    @Test func garbageNeverTraps() {
        var generator = SystemRandomNumberGenerator()
        let linkTypes: [Int32] = [0, 1, 12, 14, 101, 108, 113, 228, 229, 276, 147]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0..<120, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Bias towards headers that get past the first checks.
            if bytes.count > 14, Bool.random(using: &generator) {
                bytes[12] = 0x08
                bytes[13] = 0x00
                bytes[14] = 0x45
            }
            for linkType in linkTypes {
                if let segment = try? decode(bytes, linkType) {
                    #expect(segment.payloadOffset >= 0 && segment.payloadOffset + segment.payloadLength <= bytes.count)
                }
            }
        }
    }

    @Test func mutatedRealFramesNeverTrap() throws {
        var generator = SystemRandomNumberGenerator()
        for link in Self.links {
            for ipv6 in [false, true] {
                var conversation = TCPConversation(link: link, ipv6: ipv6)
                conversation.ipv6ExtensionHeaders = ipv6
                let packet = conversation.packet(
                    from: .client,
                    sequence: 9,
                    flags: 0x18,
                    payload: Array(repeating: 1, count: 30)
                )
                for _ in 0..<2_000 {
                    var bytes = packet.bytes
                    for _ in 0..<Int.random(in: 1...4, using: &generator) {
                        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                            in: 0...255,
                            using: &generator
                        )
                    }
                    if let segment = try? decode(bytes, Self.dlt(link)) {
                        #expect(segment.payloadOffset + segment.payloadLength <= bytes.count)
                    }
                }
            }
        }
    }

    @Test func unsupportedTrafficIsSkippedNotMalformed() throws {
        // ARP over Ethernet, UDP over IPv4, an IPv4 fragment.
        var arp = [UInt8](repeating: 0, count: 42)
        arp[12] = 0x08
        arp[13] = 0x06
        #expect(throws: FrameError(.unsupported, "ethertype", at: 14)) {
            try decode(arp, FrameDecoder.LinkType.ethernet)
        }
        var conversation = TCPConversation(link: .rawIP)
        var udp = conversation.packet(from: .client, sequence: 1, flags: 0x10, payload: []).bytes
        udp[9] = 17
        #expect((try? decode(udp, 12)) == nil)
        do { _ = try decode(udp, 12) } catch { #expect(error.kind == .unsupported) }
        var fragment = conversation.packet(from: .client, sequence: 1, flags: 0x10, payload: []).bytes
        fragment[6] = 0x20  // more fragments
        do { _ = try decode(fragment, 12) } catch { #expect(error.kind == .unsupported) }
    }

    @Test func addressesPrintAsTheyShould() {
        #expect(IPAddress("192.0.2.1")?.description == "192.0.2.1")
        #expect(IPAddress("::1")?.description == "::1")
        #expect(IPAddress("fd00::5")?.description == "fd00::5")
        #expect(IPAddress("not an address") == nil)
        let v6 = Endpoint(address: IPAddress("::1") ?? IPAddress("0.0.0.0")!, port: 443)
        #expect(v6.description == "[::1]:443")
    }
}

/// The reassembler on its own: bytes out in order whatever order they came in.
@Suite struct StreamReassemblerTests {
    func run(
        _ segments: [(UInt32, [UInt8])],
        syn: UInt32? = nil,
        maxPendingBytes: Int = 1 << 20,
        flush: Bool = true
    ) -> (bytes: [UInt8], gaps: [Int]) {
        var reassembler = StreamReassembler(maxPendingBytes: maxPendingBytes)
        if let syn { reassembler.syn(syn) }
        var bytes: [UInt8] = []
        var gaps: [Int] = []
        let sink: (StreamReassembler.Chunk) -> Void = { chunk in
            switch chunk {
            case .bytes(let b): bytes += b
            case .gap(let n): gaps.append(n)
            case .cut(let n): Issue.record("unexpected cut of \(n)")
            }
        }
        for (sequence, payload) in segments {
            payload.withUnsafeBytes { reassembler.add(sequence: sequence, payload: $0, sink: sink) }
        }
        if flush { reassembler.flush(sink: sink) }
        return (bytes, gaps)
    }

    @Test func wrapsAroundTheSequenceSpace() {
        let result = run([(UInt32.max - 1, [1, 2, 3]), (1, [4, 5])], syn: UInt32.max - 2)
        #expect(result.bytes == [1, 2, 3, 4, 5] && result.gaps.isEmpty)
    }

    @Test func anyOrderGivesTheSameStream() {
        let stream = (0..<200).map { UInt8($0) }
        var segments: [(UInt32, [UInt8])] = []
        var offset = 0
        var size = 1
        while offset < stream.count {
            let end = min(stream.count, offset + size)
            segments.append((UInt32(1000 + offset), Array(stream[offset..<end])))
            offset = end
            size = size % 13 + 1
        }
        for seed in 0..<50 {
            var shuffled = segments
            var generator = SplitMix64(seed: UInt64(seed))
            shuffled.shuffle(using: &generator)
            shuffled += segments.shuffled(using: &generator).prefix(5)  // retransmissions
            #expect(run(shuffled, syn: 999).bytes == stream)
        }
    }

    @Test func holeIsReportedOnceAndTheRestDelivered() {
        let result = run([(1, [1, 2]), (6, [6, 7]), (8, [8])], syn: 0)
        #expect(result.bytes == [1, 2, 6, 7, 8])
        #expect(result.gaps == [3])
    }

    @Test func pendingBytesAreBounded() {
        var segments: [(UInt32, [UInt8])] = [(1, [1])]
        for i in 0..<100 { segments.append((UInt32(100 + i * 10), [UInt8](repeating: 2, count: 10))) }
        let result = run(segments, syn: 0, maxPendingBytes: 100, flush: false)
        #expect(result.gaps == [98])
        #expect(result.bytes.count >= 1 + 900)
    }
}
