import Foundation
import Testing
import TestSupport

/// Servers that speak only TLS 1.0/1.1: the first handshake (TLS 1.2–1.3) fails
/// on the version, tlsprobe probes the older versions, completes a handshake at the best
/// one so the chain is judged, keeps the first failure, and says a fallback was used.
/// Against `openssl s_server -min_protocol TLSv1 -max_protocol TLSv1.1`, with OpenSSL's own
/// client as the check on what a TLS 1.2 client and a TLS 1.1 client get.
@Suite struct OldTLSFallbackTests {
    static let oldServer = ["-min_protocol", "TLSv1", "-max_protocol", "TLSv1.1", "-cipher", "DEFAULT:@SECLEVEL=0"]

    static func connect(_ arguments: [String]) throws -> (result: Run.Result, json: [String: Any]) {
        let result = try Run.tlsprobe(["connect"] + arguments + ["--json"], timeout: 60)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)"))
    }

    static func severity(_ json: [String: Any], _ code: String) -> String? {
        JSONFindings.finding(json, code)?["severity"] as? String
    }

    @Test func aTLS11ServerIsReachedByAFallbackAndItsChainJudged() throws {
        let pki = PKIFiles()
        let server = try pki.server(Self.oldServer)
        defer { server.stop() }
        // What real clients get: OpenSSL at TLS 1.2 or later fails, at TLS 1.1 it connects.
        let modern = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-min_protocol", "TLSv1.2", "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(!modern.stderr.contains("CONNECTION ESTABLISHED"), "\(modern.stderr)")
        let old = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0", "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(old.stderr.contains("Protocol version: TLSv1.1"), "\(old.stderr)")

        let out = try Self.connect([server.address, "--anchor", pki.root])
        #expect(out.result.status == 1, "the first failure is kept: \(out.result.stderr)")
        let fallback = try #require(out.json["fallback"] as? [String: Any], "\(out.result.stdout)")
        #expect(fallback["reason"] as? String == "tls.no_common_version")
        #expect(fallback["version"] as? String == "TLSv1.1")
        #expect((fallback["first_failure"] as? String)?.isEmpty == false)
        let probes = try #require(fallback["probes"] as? [[String: Any]])
        #expect(probes.map { $0["version"] as? String } == ["TLSv1.0", "TLSv1.1"])
        #expect(probes.map { $0["accepted"] as? Bool } == [true, true])
        // The chain of the fallback handshake, judged like any other.
        #expect((out.json["handshake"] as? [String: Any])?["version"] as? String == "TLSv1.1")
        #expect((out.json["chain"] as? [[String: Any]])?.count == 2)
        #expect((out.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        #expect(Self.severity(out.json, "tls.no_common_version") == "error")
        #expect(Self.severity(out.json, "tls.protocol_too_old") == "warning")
        let message = try #require(JSONFindings.finding(out.json, "tls.protocol_too_old")?["message"] as? String)
        #expect(message.contains("speaks only TLSv1.0 and TLSv1.1"), "\(message)")
        #expect(
            JSONFindings.codes(out.json).filter { $0 == "tls.protocol_too_old" }.count == 1,
            "one finding, not the generic one too"
        )
        try SchemaTests.expectValid(out.result.stdout, "connect")

        let apple = try Self.connect([server.address, "--anchor", pki.root, "--profile", "apple"])
        #expect(Self.severity(apple.json, "tls.protocol_too_old") == "error")

        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root], timeout: 60)
        #expect(text.stdout.contains("a fallback handshake at TLSv1.1 was made to see the chain"), "\(text.stdout)")
    }

    @Test func versionsUnderTheAppleProfileRaiseProtocolTooOld() throws {
        let pki = PKIFiles()
        let server = try pki.server(Self.oldServer)
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root, "--versions", "--profile", "apple"])
        let versions = try #require(out.json["versions"] as? [String: Bool])
        #expect(versions == ["TLSv1.0": true, "TLSv1.1": true, "TLSv1.2": false, "TLSv1.3": false])
        #expect(Self.severity(out.json, "tls.protocol_too_old") == "error")
        let evidence = try #require(
            JSONFindings.finding(out.json, "tls.protocol_too_old")?["evidence"] as? [String: Any]
        )
        #expect(evidence["refused"] as? [String] == ["TLSv1.2", "TLSv1.3"])
        // The fallback reads what --versions found instead of probing again.
        #expect(((out.json["fallback"] as? [String: Any])?["version"] as? String) == "TLSv1.1")
    }

    @Test func aTLS10OnlyServerFallsBackToTLS10() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"])
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root])
        let fallback = try #require(out.json["fallback"] as? [String: Any])
        #expect(fallback["version"] as? String == "TLSv1.0")
        #expect((fallback["probes"] as? [[String: Any]])?.map { $0["accepted"] as? Bool } == [true, false])
        #expect((out.json["handshake"] as? [String: Any])?["version"] as? String == "TLSv1.0")
        #expect((out.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)
    }

    /// A TLS 1.0–1.2 server asked for TLS 1.3 only: the fallback probes TLS 1.2 too and
    /// shakes hands at it, not at TLS 1.1, and no "speaks only TLS 1.0 and 1.1" is said.
    @Test func aMinVersionOf13FallsBackToTLS12() throws {
        let pki = PKIFiles()
        let server = try pki.server([
            "-min_protocol", "TLSv1", "-max_protocol", "TLSv1.2", "-cipher", "DEFAULT:@SECLEVEL=0",
        ])
        defer { server.stop() }
        let modern = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-tls1_3", "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(!modern.stderr.contains("CONNECTION ESTABLISHED"), "\(modern.stderr)")
        let tls12 = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-tls1_2", "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(tls12.stderr.contains("Protocol version: TLSv1.2"), "\(tls12.stderr)")

        let out = try Self.connect([server.address, "--anchor", pki.root, "--min-version", "1.3"])
        let fallback = try #require(out.json["fallback"] as? [String: Any], "\(out.result.stdout)")
        #expect(fallback["reason"] as? String == "tls.no_common_version")
        #expect(fallback["version"] as? String == "TLSv1.2", "the best version it accepts")
        let probes = try #require(fallback["probes"] as? [[String: Any]])
        #expect(probes.map { $0["version"] as? String } == ["TLSv1.0", "TLSv1.1", "TLSv1.2"])
        #expect(probes.map { $0["accepted"] as? Bool } == [true, true, true])
        #expect((out.json["handshake"] as? [String: Any])?["version"] as? String == "TLSv1.2")
        #expect((out.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        #expect(
            !JSONFindings.codes(out.json).contains("tls.protocol_too_old"),
            "TLS 1.2 is new enough: \(JSONFindings.codes(out.json))"
        )
        #expect(Self.severity(out.json, "tls.no_common_version") == "error", "the first failure is kept")
        try SchemaTests.expectValid(out.result.stdout, "connect")
    }

    /// A server that insists on a suite OpenSSL's defaults no longer offer fails the first
    /// handshake on the cipher; a retry at the same versions offering every suite reaches
    /// it (as `s_client -cipher 'ALL:@SECLEVEL=0'` does), its chain is judged, and the
    /// suite is named.
    @Test func aServerInsistingOnAnOldSuiteIsReachedByACipherFallback() throws {
        let pki = PKIFiles()
        var spec = TestPKI.Spec.server("printer.local", ips: ["127.0.0.1"])
        spec.key = .rsa(bits: 2048)
        let leaf = pki.files("rsa", TestPKI.issueLive(spec, by: pki.chain.intermediate))
        let server = try pki.server(
            ["-tls1_2", "-cipher", "CAMELLIA128-SHA:@SECLEVEL=0"],
            chain: pki.intermediate,
            leaf: leaf
        )
        defer { server.stop() }
        let plain = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(!plain.stderr.contains("CONNECTION ESTABLISHED"), "\(plain.stderr)")
        let wide = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-cipher", "ALL:@SECLEVEL=0", "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(wide.stderr.contains("Ciphersuite: CAMELLIA128-SHA"), "\(wide.stderr)")

        let out = try Self.connect([server.address, "--anchor", pki.root])
        #expect(out.result.status == 1, "the first failure is kept: \(out.result.stderr)")
        let fallback = try #require(out.json["fallback"] as? [String: Any], "\(out.result.stdout)")
        #expect(fallback["reason"] as? String == "tls.no_common_cipher")
        #expect(fallback["version"] as? String == "TLSv1.2")
        #expect(fallback["cipher"] as? String == "TLS_RSA_WITH_CAMELLIA_128_CBC_SHA")
        #expect((fallback["probes"] as? [[String: Any]])?.isEmpty == true)
        #expect(
            ((out.json["handshake"] as? [String: Any])?["cipher_suite"] as? [String: Any])?["name"] as? String
                == "TLS_RSA_WITH_CAMELLIA_128_CBC_SHA"
        )
        #expect((out.json["chain"] as? [[String: Any]])?.count == 2)
        #expect((out.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        let cipher = try #require(JSONFindings.finding(out.json, "tls.no_common_cipher"))
        #expect(cipher["severity"] as? String == "error")
        #expect(
            (cipher["message"] as? String)?.contains("the server chose TLS_RSA_WITH_CAMELLIA_128_CBC_SHA at TLSv1.2")
                == true,
            "\(cipher)"
        )
        #expect(
            (cipher["evidence"] as? [String: Any])?["accepted_suite"] as? String == "TLS_RSA_WITH_CAMELLIA_128_CBC_SHA"
        )
        #expect(JSONFindings.codes(out.json).contains("tls.no_forward_secrecy"), "RSA key transport")
        try SchemaTests.expectValid(out.result.stdout, "connect")

        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root], timeout: 60)
        #expect(
            text.stdout.contains(
                "offering every cipher suite was made to see the chain (the server chose TLS_RSA_WITH_CAMELLIA_128_CBC_SHA)"
            ),
            "\(text.stdout)"
        )
    }

    @Test func aCurrentServerNeedsNoFallback() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let out = try Self.connect([server.address, "--anchor", pki.root, "--versions", "--min-version", "1.0"])
        #expect(out.json["fallback"] is NSNull)
        #expect(!JSONFindings.codes(out.json).contains("tls.protocol_too_old"))
    }
}
