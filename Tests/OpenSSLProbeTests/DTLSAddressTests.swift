import Foundation
import Testing
import TestSupport
import TLSWire
@testable import OpenSSLProbe
import TLSModel
@testable import LiveNetwork

/// `connect --dtls` tries each address a name resolves to, as TCP does: an address where
/// nothing listens on the UDP port (ICMP port unreachable) is passed over for the next.
/// Against `openssl s_server -dtls` on 127.0.0.1, with 127.0.0.2 (loopback, nothing
/// bound there) first in the list.
@Suite struct DTLSAddressTests {
    @Test func theNextAddressIsTriedAfterOneWhereNothingListens() throws {
        let pki = PKIFiles()
        let port = try ReservedPort()
        let server = try BackgroundProcess(
            "openssl",
            [
                "s_server", "-dtls", "-accept", "127.0.0.1:\(port.port)", "-cert", pki.leaf, "-key", pki.key,
                "-cert_chain", pki.intermediate, "-quiet",
            ]
        )
        defer { server.stop() }
        let needle = String(format: "0100007F:%04X", port.port)
        let bound = Date().addingTimeInterval(10)
        while Date() < bound, (try? String(contentsOfFile: "/proc/net/udp", encoding: .utf8))?.contains(needle) != true
        { usleep(20_000) }

        let options = HandshakeOptions(sni: nil, timeout: 5)
        let nobody = try Resolver.resolve(try DialTarget.parse("127.0.0.2:\(port.port)"), timeout: 5)
        let there = try Resolver.resolve(try DialTarget.parse("127.0.0.1:\(port.port)"), timeout: 5)
        // Alone, the first address is refused: what the first-address-only client reported.
        #expect(throws: ConnectFailure.self) {
            try DTLSClient.handshake(
                try DialTarget.parse("127.0.0.2:\(port.port)"),
                addresses: nobody,
                options: options
            )
        }

        let live = try DTLSClient.handshake(
            try DialTarget.parse("127.0.0.1:\(port.port)"),
            addresses: nobody + there,
            options: options
        )
        #expect(live.address == "127.0.0.1")
        #expect(live.observation.outcome == .established, "\(live.localErrors)")
        #expect(live.observation.serverHello?.version == .dtls12)
    }
}
