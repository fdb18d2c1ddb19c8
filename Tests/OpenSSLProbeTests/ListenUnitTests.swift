import Foundation
import Testing
import TLSDiagnosis
@testable import OpenSSLProbe
@testable import TLSModel
@testable import LiveNetwork

/// The parts of listen that need no network: addresses, the ephemeral identity, HTTP heads.
@Suite struct ListenUnitTests {
    @Test(arguments: [
        ("4433", nil as String?, 4433), (":4433", nil, 4433), ("*:8443", nil, 8443),
        ("127.0.0.1:4433", "127.0.0.1", 4433),
        ("[::1]:4433", "::1", 4433), ("localhost:1", "localhost", 1), ("0.0.0.0:443", "0.0.0.0", 443),
    ])
    func listenAddressesParse(_ text: String, host: String?, port: Int) throws {
        let address = try ListenAddress.parse(text)
        #expect(address.host == host)
        #expect(address.port == port)
    }

    @Test(arguments: ["", "127.0.0.1", "::1", "[::1]", "host:0", "host:65536", "https://host:4433/path", "4433x"])
    func listenAddressesWithoutAPortAreRefused(_ text: String) {
        #expect(throws: DialTarget.ParseError.self) { try ListenAddress.parse(text) }
    }

    @Test func theEphemeralIdentityIsSelfSignedForTheNamesGiven() throws {
        let identity = try EphemeralIdentity.make(dns: ["printer.local", "localhost"], ips: ["127.0.0.1", "::1"])
        let leaf = try #require(identity.certificates.first)
        #expect(identity.certificates.count == 1)
        #expect(leaf.dnsNames == ["printer.local", "localhost"])
        #expect(leaf.ipAddresses.map(IPAddressText.format) == ["127.0.0.1", "::1"])
        #expect(leaf.isSelfSigned)
        #expect(identity.key.matches(leaf))
        let evaluation = TrustEngine.evaluate(
            leaf: leaf,
            presented: [],
            anchors: [TrustAnchor(certificate: leaf, source: "pinned")],
            context: TrustContext(at: Date(), expectedName: .dns("printer.local"), purpose: .server, profile: .apple)
        )
        #expect(evaluation.findings.filter { $0.severity == .error }.isEmpty, "\(evaluation.findings.map(\.code))")
        let other = try EphemeralIdentity.make(dns: ["printer.local"], ips: [])
        #expect(other.certificates[0].pin != leaf.pin, "a new key each time")
        // A long host name (EC2's ip-….compute.internal) must not break the 64-character CN.
        let long = "ip-172-31-22-33.eu-west-1.compute.internal"
        let named = try EphemeralIdentity.make(dns: [long], ips: [])
        #expect(named.certificates[0].dnsNames == [long])
    }

    @Test func ephemeralNamesCoverTheListenerAndSkipWildcards() {
        let names = EphemeralIdentity.names(
            for: ListenAddress(host: "127.0.0.1", port: 4433),
            boundAddresses: ["127.0.0.1"],
            extra: ["scanner.local", "10.0.0.5"]
        )
        #expect(names.ips == ["10.0.0.5", "127.0.0.1"])
        #expect(names.dns.first == "scanner.local")
        #expect(names.dns.contains("localhost"))
        let all = EphemeralIdentity.names(
            for: ListenAddress(host: nil, port: 4433),
            boundAddresses: ["::", "0.0.0.0"],
            extra: []
        )
        #expect(!all.ips.contains("0.0.0.0") && !all.ips.contains("::"))
        #expect(all.ips.contains("127.0.0.1"), "interface addresses when listening on all")
        #expect(!all.ips.contains { $0.lowercased().hasPrefix("fe80") })
    }

    @Test func httpRequestHeads() {
        let request = Array("GET /status HTTP/1.1\r\nHost: printer.local\r\nUser-Agent: FrontDesk/1.0\r\n\r\n".utf8)
        #expect(
            HTTPRequestHead.read(request)
                == .request(
                    HTTPRequestHead(
                        method: "GET",
                        requestLine: "GET /status HTTP/1.1",
                        host: "printer.local",
                        userAgent: "FrontDesk/1.0"
                    )
                )
        )
        for cut in 0..<(request.count - 4) {
            #expect(HTTPRequestHead.read(Array(request.prefix(cut))) == .needMore, "prefix of \(cut) bytes")
        }
        #expect(HTTPRequestHead.read(Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)) == .notHTTP)
        #expect(HTTPRequestHead.read([0x16, 0x03, 0x01]) == .notHTTP)
        #expect(HTTPRequestHead.read(Array("hello\n".utf8)) == .notHTTP)
        #expect(HTTPRequestHead.read(Array(repeating: UInt8(ascii: "A"), count: 20)) == .notHTTP)
        let response = String(decoding: HTTPRequestHead.response(body: "seen\n", method: "HEAD"), as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(response.contains("Content-Length: 5\r\n"))
        #expect(response.hasSuffix("\r\n\r\n"), "HEAD gets no body")
    }

    @Test func alpnPicksOursInOurOrder() {
        let preference = ALPNPreference(["http/1.1", "h2"])
        let offered: [UInt8] = [2] + Array("h2".utf8) + [8] + Array("http/1.1".utf8)
        let pick = offered.withUnsafeBufferPointer { preference.select(from: $0) }
        #expect(pick?.offset == 4)
        #expect(pick?.length == 8)
        let none = [UInt8]([2] + Array("h2".utf8)).withUnsafeBufferPointer {
            ALPNPreference(["http/1.1"]).select(from: $0)
        }
        #expect(none == nil)
    }
}

/// `--listen`'s "does it end in a port" test replaced a regular expression; the
/// expression is the reference, on every string of a few telling pieces.
@Suite struct ListenAddressPortSuffixTests {
    @Test func endsInPortAnswersAsTheRegularExpressionDid() throws {
        let regex = try NSRegularExpression(pattern: ":[0-9]+$")
        let pieces = [
            ":", "0", "9", "a", "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{0C}", "x", "é", " ", "٣", "]", "\n\n",
        ]
        var texts = [""]
        for _ in 0..<4 { texts = texts.flatMap { text in pieces.map { text + $0 } } }
        var differing: [String] = []
        for text in texts {
            let matched = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            if ListenAddress.endsInPort(text) != matched { differing.append(text.debugDescription) }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, e.g. \(differing.prefix(6))")
        #expect(texts.count == 65_536)
    }
}
