@testable import PcapSource
import Testing

/// IPv4 fragments put back together, and the bounds on what waits.
@Suite struct IPv4ReassemblerTests {
    /// An IPv4 fragment of protocol 6: `payload` at byte `offset` of its datagram.
    static func fragment(id: UInt16, offset: Int, more: Bool, payload: [UInt8], headerLength: Int = 20) -> [UInt8] {
        let total = headerLength + payload.count
        let field = UInt16(offset / 8) | (more ? 0x2000 : 0)
        var header: [UInt8] = [
            0x40 | UInt8(headerLength / 4), 0, UInt8(total >> 8), UInt8(total & 0xFF),
            UInt8(id >> 8), UInt8(id & 0xFF), UInt8(field >> 8), UInt8(field & 0xFF),
            64, 6, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2,
        ]
        header += [UInt8](repeating: 1, count: headerLength - 20)
        return header + payload
    }

    func add(_ r: inout IPv4Reassembler, _ bytes: [UInt8], time: Double = 0) -> [UInt8]? {
        bytes.withUnsafeBytes { r.add($0, time: time) }
    }

    @Test func fragmentsInAnyOrderMakeTheDatagram() {
        let payload = (0..<100).map { UInt8($0) }
        for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0], [2, 0, 1]] {
            let pieces = [
                Self.fragment(id: 7, offset: 0, more: true, payload: Array(payload[0..<40]), headerLength: 24),
                Self.fragment(id: 7, offset: 40, more: true, payload: Array(payload[40..<80])),
                Self.fragment(id: 7, offset: 80, more: false, payload: Array(payload[80...])),
            ]
            var r = IPv4Reassembler()
            var whole: [UInt8]?
            for (step, index) in order.enumerated() {
                let result = add(&r, pieces[index])
                #expect((result == nil) == (step < 2), "\(order)")
                whole = whole ?? result
            }
            // The first fragment's header (options kept), its length the whole datagram's,
            // no fragment flags; then the payload in order.
            #expect(whole?.count == 24 + 100)
            #expect(whole.map { Array($0[2..<4]) } == [0, 124] && whole.map { Array($0[6..<8]) } == [0, 0])
            #expect(whole.map { Array($0[24...]) } == payload, "\(order)")
            #expect(
                r.heldBytes == 0 && r.reassembledFragments == 3 && r.reassembledDatagrams == 1
                    && r.givenUpFragments == 0
            )
        }
    }

    @Test func aDatagramWithAHoleIsGivenUpWhenTheCaptureEndsOrTimesOut() {
        var r = IPv4Reassembler()
        #expect(add(&r, Self.fragment(id: 1, offset: 0, more: true, payload: [UInt8](repeating: 0, count: 16))) == nil)
        #expect(
            add(&r, Self.fragment(id: 1, offset: 32, more: false, payload: [UInt8](repeating: 0, count: 16))) == nil
        )
        #expect(
            add(&r, Self.fragment(id: 2, offset: 0, more: true, payload: [UInt8](repeating: 0, count: 16)), time: 20)
                == nil
        )
        r.expire(now: 31)
        #expect(r.givenUpFragments == 2, "the datagram begun at 0 timed out, the one begun at 20 waits")
        r.finish()
        #expect(r.givenUpFragments == 3 && r.heldBytes == 0)
    }

    @Test func whatWaitsIsBounded() {
        var r = IPv4Reassembler()
        // 4000 datagrams' first fragments of 1,480 bytes: never whole.
        for id in 0..<4000 {
            _ = add(
                &r,
                Self.fragment(id: UInt16(id), offset: 0, more: true, payload: [UInt8](repeating: 0, count: 1480))
            )
            #expect(r.heldBytes <= IPv4Reassembler.maxHeldBytes)
        }
        #expect(r.givenUpFragments == 4000 - IPv4Reassembler.maxDatagrams)
        r.finish()
        #expect(r.heldBytes == 0 && r.givenUpFragments == 4000)
    }

    /// A datagram fed endless fragments that never fill its hole: each costs bounded work,
    /// and past `maxPieces` the datagram is given up (it cost time quadratic in its
    /// fragments before).
    @Test func aDatagramWithEndlessFragmentsIsGivenUp() {
        var r = IPv4Reassembler()
        _ = add(&r, Self.fragment(id: 9, offset: 0, more: true, payload: [UInt8](repeating: 0, count: 8)))
        _ = add(&r, Self.fragment(id: 9, offset: 800, more: false, payload: [UInt8](repeating: 0, count: 8)))
        for _ in 0..<(IPv4Reassembler.maxPieces + 10) {
            #expect(
                add(&r, Self.fragment(id: 9, offset: 0, more: true, payload: [UInt8](repeating: 0, count: 8))) == nil
            )
        }
        #expect(r.givenUpFragments > IPv4Reassembler.maxPieces && r.heldBytes < 20 * 72)
        // An empty fragment that is not the last is refused.
        #expect(add(&r, Self.fragment(id: 10, offset: 8, more: true, payload: [])) == nil)
        r.finish()
        #expect(r.heldBytes == 0 && r.reassembledDatagrams == 0)
    }

    @Test func fragmentsThatCannotBeUsedAreGivenUp() {
        var r = IPv4Reassembler()
        // Past 65,535 bytes; cut short by the snap length (shorter than its total length);
        // a header length below 20.
        #expect(
            add(&r, Self.fragment(id: 1, offset: 65_528, more: false, payload: [UInt8](repeating: 0, count: 16))) == nil
        )
        #expect(
            add(
                &r,
                Array(Self.fragment(id: 2, offset: 0, more: true, payload: [UInt8](repeating: 0, count: 64)).prefix(50))
            ) == nil
        )
        var bad = Self.fragment(id: 3, offset: 0, more: true, payload: [0])
        bad[0] = 0x44
        #expect(add(&r, bad) == nil)
        #expect(add(&r, [0x45, 0]) == nil)
        #expect(r.givenUpFragments == 4 && r.heldBytes == 0)
    }
}
