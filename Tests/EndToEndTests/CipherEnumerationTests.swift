import Foundation
import Testing
import TestSupport

/// `connect --ciphers` against `openssl s_server` restricted to a few suites,
/// checked against sslscan's answer on the same server (Debian's sslscan, a real scanner;
/// skipped with a message when it is not installed) and against the suites the server was
/// told to accept.
@Suite struct CipherEnumerationTests {
    static let hasSSLScan = (try? Run.which("sslscan")) != nil

    /// TLS 1.0–1.2 suites and TLS 1.3 suites the server accepts, in its order.
    static let legacy = "ECDHE-RSA-AES128-GCM-SHA256:AES256-SHA:ECDHE-RSA-AES256-SHA:ECDHE-ECDSA-AES128-GCM-SHA256"
    static let modern = "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256"

    /// An RSA leaf (RSA key transport needs one), suites restricted, in the server's order or not.
    static func server(_ pki: PKIFiles, serverOrder: Bool) throws -> OpenSSLServer {
        var spec = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
        spec.key = .rsa(bits: 2048)
        let leaf = pki.files("rsa", TestPKI.issueLive(spec, by: pki.chain.intermediate))
        return try pki.server(
            ["-min_protocol", "TLSv1", "-cipher", legacy + ":@SECLEVEL=0", "-ciphersuites", modern]
                + (serverOrder ? ["-serverpref"] : []),
            chain: pki.intermediate,
            leaf: leaf
        )
    }

    static func ciphers(_ out: [String: Any]) -> [String: [String: Any]] {
        out["ciphers"] as? [String: [String: Any]] ?? [:]
    }

    static func accepted(_ version: [String: Any]?) -> [[String: Any]] {
        version?["accepted"] as? [[String: Any]] ?? []
    }

    /// The code point of each OpenSSL suite name: `0xC0,0x2F - TLS_… - ECDHE-RSA-AES128-GCM-SHA256 …`.
    static func codePoints() throws -> [String: String] {
        let list = try Run.process("openssl", ["ciphers", "-V", "ALL:COMPLEMENTOFALL:@SECLEVEL=0"])
        var map: [String: String] = [:]
        for line in list.stdout.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count > 2 else { continue }
            let bytes = words[0].split(separator: ",").map { $0.dropFirst(2).lowercased() }
            map[String(words[2])] = "0x" + bytes.joined()
        }
        return map
    }

    static func enumerate(_ server: OpenSSLServer) throws -> (result: Run.Result, ciphers: [String: [String: Any]]) {
        let result = try Run.tlsprobe(["connect", server.address, "--ciphers", "--json"], timeout: 120)
        let out = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "\(result.stderr)"
        )
        return (result, Self.ciphers(out))
    }

    @Test func theAcceptedSuitesPerVersionAreTheServers() throws {
        let pki = PKIFiles()
        let server = try Self.server(pki, serverOrder: true)
        defer { server.stop() }
        let (result, ciphers) = try Self.enumerate(server)
        #expect(Set(ciphers.keys) == ["TLSv1.0", "TLSv1.1", "TLSv1.2", "TLSv1.3"])
        // The server has an RSA key: the ECDSA suite it lists is never usable, the rest are.
        let tls12 = Self.accepted(ciphers["TLSv1.2"]).compactMap { $0["name"] as? String }
        #expect(
            tls12 == [
                "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", "TLS_RSA_WITH_AES_256_CBC_SHA",
                "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
            ],
            "in the server's order"
        )
        #expect(ciphers["TLSv1.2"]?["order"] as? String == "server")
        let tls10 = Self.accepted(ciphers["TLSv1.0"]).compactMap { $0["name"] as? String }
        #expect(
            Set(tls10) == ["TLS_RSA_WITH_AES_256_CBC_SHA", "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA"],
            "no GCM before TLS 1.2"
        )
        let tls13 = Self.accepted(ciphers["TLSv1.3"]).compactMap { $0["name"] as? String }
        #expect(tls13 == ["TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256"])

        // ATS: Apple's list at TLS 1.2 (ECDHE with AES; ECDHE-RSA AES-256-CBC-SHA left out), TLS 1.3 AES-GCM/ChaCha20.
        let marks = Dictionary(
            Self.accepted(ciphers["TLSv1.2"]).map { ($0["name"] as? String ?? "", $0["ats"] as? Bool) },
            uniquingKeysWith: { a, _ in a }
        )
        #expect(marks["TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"] == true)
        #expect(marks["TLS_RSA_WITH_AES_256_CBC_SHA"] == false)
        #expect(marks["TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA"] == false)
        #expect(
            Self.accepted(ciphers["TLSv1.0"]).allSatisfy { $0["ats"] as? Bool == false },
            "nothing below TLS 1.2 is ATS-compatible"
        )
        #expect(Self.accepted(ciphers["TLSv1.3"]).allSatisfy { $0["ats"] as? Bool == true })
        try SchemaTests.expectValid(result.stdout, "connect")
    }

    @Test(
        .enabled(
            if: hasSSLScan,
            "sslscan is not installed (apt-get install -y sslscan; Tests/run.sh installs it): tlsprobe's answer is not compared with sslscan's"
        )
    )
    func sslscanFindsTheSameSuites() throws {
        let pki = PKIFiles()
        let server = try Self.server(pki, serverOrder: true)
        defer { server.stop() }
        let (_, ciphers) = try Self.enumerate(server)
        let scan = try Run.process(
            "sslscan",
            [
                "--no-colour", "--no-check-certificate", "--no-heartbleed", "--no-renegotiation", "--no-compression",
                "--no-groups", "--no-fallback", server.address,
            ],
            timeout: 120
        )
        let names = try Self.codePoints()
        var theirs = Set<String>()
        var preferred: [String: String] = [:]
        for line in scan.stdout.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard words.count >= 5, words[0] == "Accepted" || words[0] == "Preferred" else { continue }
            let value = words[1] == "TLSv1.3" ? words[4] : (names[words[4]] ?? words[4])
            theirs.insert("\(words[1]) \(value)")
            if words[0] == "Preferred" { preferred[words[1]] = value }
        }
        var ours = Set<String>()
        for (version, entry) in ciphers {
            for suite in Self.accepted(entry) {
                ours.insert(
                    "\(version) \(version == "TLSv1.3" ? suite["name"] as? String ?? "" : suite["value"] as? String ?? "")"
                )
            }
        }
        #expect(!theirs.isEmpty, "sslscan said: \(scan.stdout)")
        #expect(ours == theirs, "tlsprobe: \(ours.sorted())\nsslscan: \(theirs.sorted())")
        // sslscan's preferred suite is the one the server chose first.
        let first12 = Self.accepted(ciphers["TLSv1.2"]).first?["value"] as? String
        #expect(preferred["TLSv1.2"] == first12)
    }

    /// ATS follows Apple's documented TLS 1.2 list, which has ECDHE AES-CBC suites on it:
    /// a server with only two of those is ATS-compatible though neither suite is AEAD, and
    /// the handshake under --profile apple (Apple's ClientHello) completes.
    @Test func atsFollowsApplesListCBCSuitesIncluded() throws {
        let pki = PKIFiles()
        var spec = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
        spec.key = .rsa(bits: 2048)
        let leaf = pki.files("rsa", TestPKI.issueLive(spec, by: pki.chain.intermediate))
        let server = try pki.server(
            ["-tls1_2", "-cipher", "ECDHE-RSA-AES128-SHA:ECDHE-RSA-AES256-SHA384"],
            chain: pki.intermediate,
            leaf: leaf
        )
        defer { server.stop() }
        let result = try Run.tlsprobe(
            ["connect", server.address, "--anchor", pki.root, "--profile", "apple", "--ciphers", "--json"],
            timeout: 120
        )
        let out = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "\(result.stderr)"
        )
        #expect(out["outcome"] as? String == "established", "\(result.stdout)")
        #expect(!JSONFindings.codes(out).contains("tls.apple_client_refused"), "Apple's ClientHello offers both suites")
        let suites = Self.accepted(Self.ciphers(out)["TLSv1.2"])
        #expect(
            Set(suites.compactMap { $0["name"] as? String }) == [
                "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384",
            ]
        )
        #expect(suites.allSatisfy { $0["ats"] as? Bool == true }, "\(suites)")
        #expect(suites.allSatisfy { $0["aead"] as? Bool == false && $0["forward_secrecy"] as? Bool == true })
        try SchemaTests.expectValid(result.stdout, "connect")
    }

    @Test func theClientsOrderWinsWhenTheServerHasNone() throws {
        let pki = PKIFiles()
        let server = try Self.server(pki, serverOrder: false)
        defer { server.stop() }
        let result = try Run.tlsprobe(["connect", server.address, "--ciphers", "--json"], timeout: 120)
        let out = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Self.ciphers(out)["TLSv1.2"]?["order"] as? String == "client")
        #expect(Self.accepted(Self.ciphers(out)["TLSv1.2"]).count == 3)

        let text = try Run.tlsprobe(["connect", server.address, "--ciphers"], timeout: 120)
        #expect(text.stdout.contains("Cipher suites accepted"))
        #expect(text.stdout.contains("client order"), "\(text.stdout)")
        #expect(text.stdout.contains("TLS_RSA_WITH_AES_256_CBC_SHA  no forward secrecy, not AEAD"), "\(text.stdout)")
    }
}
