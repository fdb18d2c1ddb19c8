import Foundation
import Testing
import TestSupport

/// The test peers themselves work: s_server comes up on loopback and answers s_client.
@Suite struct PeerSupportTests {
    @Test(arguments: [false, true])
    func openSSLServerAnswersOnLoopback(ipv6: Bool) throws {
        let dir = TemporaryDirectory()
        let chain = TestPKI.chain(host: "localhost")
        let cert = dir.write("leaf.pem", chain.leaf.pem)
        let key = dir.write("leaf.key", chain.leaf.keyPEM)
        let server = try OpenSSLServer(cert: cert, key: key, ipv6: ipv6)
        defer { server.stop() }
        let result = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-brief"],
            stdin: Data("Q\n".utf8),
            timeout: 10
        )
        #expect(
            result.stderr.contains("CONNECTION ESTABLISHED") || result.stdout.contains("CONNECTION ESTABLISHED"),
            "\(result.stderr)"
        )
    }
}
