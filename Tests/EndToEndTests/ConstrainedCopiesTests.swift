import Foundation
import Testing
import TestSupport
import X509

/// A chain that repeats intermediates carrying many name constraints, for a leaf with many
/// names, one outside them: every path the copies make fails, and each used to re-run the
/// name-constraint checks (seconds of CPU on a 100 KB chain). The diagnosis must stay
/// quick offline and live.
@Suite struct ConstrainedCopiesTests {
    /// root.pem, leaf.pem, leaf.key, chain.pem (what the server sends after the leaf) and
    /// full.pem (leaf then chain), in a temporary directory.
    static let files: TemporaryDirectory = {
        let dir = TemporaryDirectory()
        let (root, leaf, copies) = TestPKI.constrainedCopies(copies: 6, constraints: 100, sans: 150)
        let chain = copies.map(\.pem).joined()
        _ = dir.write("root.pem", root.pem)
        _ = dir.write("leaf.pem", leaf.pem)
        _ = dir.write("leaf.key", leaf.keyPEM)
        _ = dir.write("chain.pem", chain)
        _ = dir.write("full.pem", leaf.pem + chain)
        return dir
    }()

    /// Generous: the release binary takes 0.03 s, a debug one 0.2 s;
    /// before, the release binary took over four seconds and a debug one longer.
    static var bound: Double { 2.5 * Slowness.factor }

    @Test func verifyJudgesTheChainQuickly() throws {
        let dir = Self.files
        let start = Date()
        let result = try Run.tlsprobe(
            ["verify", dir.file("full.pem"), "--anchor", dir.file("root.pem"), "--host", "n1.p2.test", "--json"],
            timeout: 120
        )
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("chain.name_constraints_violated"))
        #expect(seconds < Self.bound, "verify took \(seconds) s")
    }

    @Test func connectJudgesTheChainWithinItsTimeout() throws {
        let dir = Self.files
        let server = try OpenSSLServer(
            cert: dir.file("leaf.pem"),
            key: dir.file("leaf.key"),
            chain: dir.file("chain.pem")
        )
        defer { server.stop() }
        let start = Date()
        let result = try Run.tlsprobe(
            [
                "connect", server.address, "--anchor", dir.file("root.pem"), "--host", "n1.p2.test", "--timeout", "5",
                "--json",
            ],
            timeout: 120
        )
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("chain.name_constraints_violated"))
        #expect(seconds < Self.bound, "connect took \(seconds) s")
    }
}
