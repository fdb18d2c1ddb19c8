import Testing
import TLSWire
@testable import TLSModel

/// `ClientHelloSummary(_:)` remembers summaries by the parts of a hello they are made from
/// (SummaryMemo): a hello that differs only in what changes on every connection (random,
/// session ID, key share keys, PSK identities, padding) gets the same summary, and one that
/// differs in anything a summary shows gets its own, computed as if nothing were remembered.
@Suite struct ClientHelloSummaryMemoTests {
    static func u16s(_ values: [UInt16]) -> [UInt8] { values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
    static func vec2(_ body: [UInt8]) -> [UInt8] { [UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body }
    static func vec1(_ body: [UInt8]) -> [UInt8] { [UInt8(body.count)] + body }

    /// A TLS 1.3 hello; `fill` stands for the bytes that change on every connection.
    static func hello(
        fill: UInt8,
        sni: String = "printer.local",
        alpn: [String] = ["h2", "http/1.1"],
        groups: [UInt16] = [0x001D, 0x0017],
        keyShareGroups: [UInt16] = [0x001D],
        versions: [UInt16] = [0x0304, 0x0303],
        suites: [UInt16] = [0x1301, 0x1302, 0xC02F],
        extraPadding: Int = 0
    ) -> ClientHello {
        let shares = keyShareGroups.flatMap { u16s([$0]) + vec2(Array(repeating: fill, count: 32)) }
        var extensions = [
            Extension(type: .serverName, data: vec2([0] + vec2(Array(sni.utf8)))),
            Extension(type: .supportedGroups, data: vec2(u16s(groups))),
            Extension(type: .ecPointFormats, data: vec1([0])),
            Extension(type: .signatureAlgorithms, data: vec2(u16s([0x0403, 0x0804, 0x0401]))),
            Extension(type: .applicationLayerProtocolNegotiation, data: vec2(alpn.flatMap { vec1(Array($0.utf8)) })),
            Extension(type: .supportedVersions, data: vec1(u16s(versions))),
            Extension(type: .keyShare, data: vec2(shares)),
            Extension(type: ExtensionType(21), data: Array(repeating: 0, count: 16 + extraPadding)),
            Extension(
                type: .preSharedKey,
                data: vec2(vec2(Array(repeating: fill, count: 20)) + [0, 0, 0, 1])
                    + vec2(vec1(Array(repeating: fill, count: 32)))
            ),
        ]
        extensions.insert(Extension(type: ExtensionType(0x0A0A), data: []), at: 0)
        return ClientHello(
            legacyVersion: .tls12,
            random: Array(repeating: fill, count: 32),
            legacySessionID: Array(repeating: fill, count: 32),
            cipherSuites: suites.map { CipherSuite(rawValue: $0) },
            legacyCompressionMethods: [0],
            extensions: extensions
        )
    }

    @Test func whatChangesOnEveryConnectionGivesTheSameSummary() {
        let first = ClientHelloSummary(Self.hello(fill: 1))
        let second = ClientHelloSummary(Self.hello(fill: 2, extraPadding: 40))
        #expect(first == second)
        #expect(second == ClientHelloSummary(computing: Self.hello(fill: 2, extraPadding: 40)))
        #expect(SummaryMemo.key(Self.hello(fill: 1)) == SummaryMemo.key(Self.hello(fill: 3)))
    }

    @Test(arguments: [
        hello(fill: 1, sni: "nas.local"),
        hello(fill: 1, alpn: ["http/1.1"]),
        hello(fill: 1, groups: [0x0017, 0x001D]),
        hello(fill: 1, keyShareGroups: [0x0017]),
        hello(fill: 1, keyShareGroups: [0x001D, 0x0017]),
        hello(fill: 1, versions: [0x0303]),
        hello(fill: 1, suites: [0x1302, 0x1301, 0xC02F]),
    ])
    func whatASummaryShowsIsNeverTakenFromAnotherHello(_ other: ClientHello) {
        let base = ClientHelloSummary(Self.hello(fill: 1))
        let summary = ClientHelloSummary(other)
        #expect(summary != base)
        #expect(summary == ClientHelloSummary(computing: other))
        #expect(SummaryMemo.key(other) != SummaryMemo.key(Self.hello(fill: 1)))
    }

    @Test func anExtensionAddedOrMovedIsAnotherClient() {
        var moved = Self.hello(fill: 1)
        moved.extensions.swapAt(1, 2)
        var added = Self.hello(fill: 1)
        added.extensions.append(Extension(type: .earlyData, data: []))
        let base = ClientHelloSummary(Self.hello(fill: 1))
        for other in [moved, added] {
            #expect(ClientHelloSummary(other) != base)
            #expect(ClientHelloSummary(other) == ClientHelloSummary(computing: other))
        }
    }

    @Test func aMalformedKeyShareIsNotTakenForAWellFormedOne() {
        var broken = Self.hello(fill: 1)
        let index = broken.extensions.firstIndex { $0.type == .keyShare }!
        broken.extensions[index].data = [0, 5, 0, 0x1D, 0]
        #expect(SummaryMemo.key(broken) != SummaryMemo.key(Self.hello(fill: 1)))
        #expect(ClientHelloSummary(broken) == ClientHelloSummary(computing: broken))
        #expect(ClientHelloSummary(broken).keyShareGroups == [])
    }

    @Test func aHelloWithACookieKeepsItsOwnCookie() {
        var first = Self.hello(fill: 1)
        first.extensions.append(Extension(type: .cookie, data: Self.vec2([1, 2, 3])))
        var second = Self.hello(fill: 1)
        second.extensions.append(Extension(type: .cookie, data: Self.vec2([4, 5, 6])))
        #expect(SummaryMemo.key(first) == nil)
        #expect(ClientHelloSummary(first).cookie == Self.vec2([1, 2, 3]))
        #expect(ClientHelloSummary(second).cookie == Self.vec2([4, 5, 6]))
    }

    @Test func aHostileHelloIsSummarisedWithoutBeingRemembered() {
        let huge = Self.hello(fill: 1, suites: (0..<3000).map { UInt16($0) })
        #expect(SummaryMemo.key(huge) == nil)
        #expect(ClientHelloSummary(huge).cipherSuites.count == 3000)
        var bare = huge
        bare.extensions = []
        #expect(SummaryMemo.key(bare) == nil)
    }
}
