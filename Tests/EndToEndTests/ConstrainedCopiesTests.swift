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
        let root = TestPKI.issue(.root("Hostile Root"))
        let constraints = 100
        let nc = NameConstraints(
            permittedDNSDomains: (1...constraints).map { "p\($0).test" },
            excludedDNSDomains: (1...constraints).map { "x\($0).p1.test" }
        )
        let upperKey = TestPKI.makeKey(.p256)
        let lowerKey = TestPKI.makeKey(.p256)
        var upper: [TestPKI.Issued] = []
        var lower: [TestPKI.Issued] = []
        for copy in 1...6 {
            var spec = TestPKI.Spec.intermediate("Hostile Upper CA")
            spec.nameConstraints = nc
            spec.serial = 100 + copy
            upper.append(TestPKI.issue(spec, by: root, reuseKey: upperKey))
        }
        for copy in 1...6 {
            var spec = TestPKI.Spec.intermediate("Hostile Issuing CA")
            spec.nameConstraints = nc
            spec.serial = 200 + copy
            lower.append(TestPKI.issue(spec, by: upper[0], reuseKey: lowerKey))
        }
        let names = ["n1.p2.test", "outside.example"] + (2...150).map { "n\($0).p\($0 % constraints + 1).test" }
        let leaf = TestPKI.issue(.server(names[0], dns: names), by: lower[0])
        let chain = (lower + upper + lower + upper).map(\.pem).joined()
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
