import Foundation
import OpenSSLProbe
import Testing
import TestSupport
import TLSWire

/// Where tlsprobe speaks for a client, it must agree with that client: `--profile apple`
/// asks the server what Safari/URLSession ask (`ClientHelloParameters.apple`), and the
/// "openssl" verdict line says what `openssl s_client` says. Leaves are issued at test
/// time with the openssl CLI by the PKI's intermediate; servers are real `openssl s_server`s.
@Suite struct ClientParityTests {
    /// The PKI, and leaves of any key and digest issued by its intermediate with the CLI.
    final class PKI: PKIFiles, @unchecked Sendable {
        lazy var issuer = files("issuer", chain.intermediate)

        /// `openssl req -new NEWKEY` then `openssl x509 -req DIGEST` signed by the
        /// intermediate: a server leaf for printer.local and 127.0.0.1.
        func leaf(
            _ name: String,
            newKey: [String],
            digest: [String] = ["-sha256"]
        ) throws -> (cert: String, key: String) {
            let ext = dir.write(
                name + ".cnf",
                """
                [v3]
                basicConstraints = critical, CA:FALSE
                keyUsage = critical, digitalSignature, keyEncipherment
                extendedKeyUsage = serverAuth
                subjectAltName = DNS:printer.local, IP:127.0.0.1
                authorityKeyIdentifier = keyid
                subjectKeyIdentifier = hash

                """
            )
            let key = dir.path + "/" + name + ".key"
            let csr = dir.path + "/" + name + ".csr"
            let cert = dir.path + "/" + name + ".pem"
            let request = try Run.process(
                "openssl",
                ["req", "-new"] + newKey + ["-nodes", "-keyout", key, "-out", csr, "-subj", "/CN=printer.local"]
            )
            try #require(request.status == 0, "openssl req: \(request.stderr)")
            let signed = try Run.process(
                "openssl",
                [
                    "x509", "-req", "-in", csr, "-CA", issuer.cert, "-CAkey", issuer.key, "-set_serial",
                    "\(Int.random(in: 1000...999_999))", "-days", "30",
                ]
                    + digest + ["-extfile", ext, "-extensions", "v3", "-out", cert]
            )
            try #require(signed.status == 0, "openssl x509: \(signed.stderr)")
            return (cert, key)
        }
    }

    /// `openssl s_client` offering `ClientHelloParameters.apple` (names from OpenSSL's own
    /// table, `openssl ciphers -stdname`): the reference for what a server does with Apple's offer.
    static func appleSClient(_ address: String) throws -> Run.Result {
        let table = try Run.process("openssl", ["ciphers", "-stdname", "ALL:@SECLEVEL=0"])
        var openSSLName: [String: String] = [:]
        for line in table.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count >= 3, parts[1] == "-" { openSSLName[String(parts[0])] = String(parts[2]) }
        }
        let hello = ClientHelloParameters.apple
        let tls13 = hello.cipherSuites.filter(\.isTLS13).compactMap(\.name)
        let older = hello.cipherSuites.filter { !$0.isTLS13 }.compactMap { $0.name.flatMap { openSSLName[$0] } }
        return try Run.process(
            "openssl",
            [
                "s_client", "-connect", address, "-no_tls1", "-no_tls1_1", "-ciphersuites",
                tls13.joined(separator: ":"),
                "-cipher", older.joined(separator: ":") + ":@SECLEVEL=0",
                "-sigalgs", hello.signatureSchemes.compactMap(\.name).joined(separator: ":"),
                "-groups", hello.groups.compactMap(\.name).joined(separator: ":"),
            ],
            timeout: 20
        )
    }

    // MARK: --profile apple asks what an Apple client asks

    struct RefusedCase: CustomStringConvertible, Sendable {
        let description: String
        let newKey: [String]
        let digest: [String]
        let serverOptions: [String]
        /// What the finding's message must name.
        let named: String
    }

    static let refused: [RefusedCase] = [
        RefusedCase(
            description: "an Ed25519 leaf",
            newKey: ["-newkey", "ed25519"],
            digest: [],
            serverOptions: [],
            named: "Ed25519"
        ),
        RefusedCase(
            description: "a P-521 leaf on TLS 1.3",
            newKey: ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-521"],
            digest: ["-sha256"],
            serverOptions: ["-tls1_3"],
            named: "ecdsa_secp521r1_sha512"
        ),
        RefusedCase(
            description: "a DHE-only server",
            newKey: ["-newkey", "rsa:2048"],
            digest: ["-sha256"],
            serverOptions: ["-cipher", "DHE-RSA-AES128-GCM-SHA256", "-no_tls1_3"],
            named: "DHE"
        ),
    ]

    @Test(arguments: refused)
    func appleClientsAreRefused(_ c: RefusedCase) throws {
        let pki = PKI()
        let leaf = try pki.leaf("leaf-\(c.description.count)", newKey: c.newKey, digest: c.digest)
        let server = try pki.server(c.serverOptions, chain: pki.intermediate, leaf: leaf)
        defer { server.stop() }

        // The reference: s_client with Apple's offer gets no handshake; with OpenSSL's it does.
        let apple = try Self.appleSClient(server.address)
        #expect(
            apple.stdout.contains("Cipher is (NONE)"),
            "s_client with Apple's offer: \(apple.stdout) \(apple.stderr)"
        )

        let out = try ConnectCommandTests.connect([server.address, "--anchor", pki.root, "--profile", "apple"])
        let finding = try #require(out.finding("tls.apple_client_refused"), "\(out.codes) \(out.result.stdout)")
        #expect(finding["severity"] as? String == "error")
        #expect((finding["message"] as? String)?.contains(c.named) == true, "\(finding["message"] ?? "")")
        #expect((out.evidence("tls.apple_client_refused")["missing"] as? [String])?.isEmpty == false)
        // The chain is still judged; an Ed25519 leaf is itself one Apple's clients cannot use
        // (cert.unsupported_algorithm under apple, as verify says offline).
        if c.named == "Ed25519" {
            #expect(out.trusted == false)
            #expect(out.finding("cert.unsupported_algorithm")?["severity"] as? String == "error", "\(out.codes)")
        } else {
            #expect(out.trusted == true, "the chain is still judged")
        }
        #expect(out.result.status == 1)
        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--profile", "apple"])
        #expect(text.stdout.contains("tls.apple_client_refused"), "\(text.stdout)")

        let lenient = try ConnectCommandTests.connect([server.address, "--anchor", pki.root])
        #expect(lenient.finding("tls.apple_client_refused") == nil)
        #expect(lenient.trusted == true)
        #expect(lenient.result.status == 0, "\(lenient.codes)")
    }

    @Test(arguments: [["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"], ["-newkey", "rsa:2048"]])
    func ordinaryServersStayTrustedForApple(newKey: [String]) throws {
        let pki = PKI()
        let leaf = try pki.leaf("ordinary", newKey: newKey)
        let server = try pki.server([], chain: pki.intermediate, leaf: leaf)
        defer { server.stop() }
        let apple = try Self.appleSClient(server.address)
        #expect(
            !apple.stdout.contains("Cipher is (NONE)"),
            "s_client with Apple's offer: \(apple.stdout) \(apple.stderr)"
        )

        let out = try ConnectCommandTests.connect([server.address, "--anchor", pki.root, "--profile", "apple"])
        #expect(out.trusted == true)
        #expect(out.finding("tls.apple_client_refused") == nil)
        #expect(out.result.status == 0, "\(out.codes)")
        // The handshake reported is the one Apple's offer got: its suite is one Apple offers.
        let suite = try #require((out.handshake["cipher_suite"] as? [String: String])?["name"])
        #expect(ClientHelloParameters.apple.cipherSuites.compactMap(\.name).contains(suite))
    }

    // MARK: the openssl line says what s_client says

    struct VerdictCase: CustomStringConvertible, Sendable {
        let description: String
        let newKey: [String]
        let digest: [String]
    }

    static let verdicts: [VerdictCase] = [
        VerdictCase(description: "a SHA-1-signed leaf", newKey: ["-newkey", "rsa:2048"], digest: ["-sha1"]),
        VerdictCase(description: "an RSA-1024 leaf", newKey: ["-newkey", "rsa:1024"], digest: ["-sha256"]),
        VerdictCase(description: "a good chain", newKey: ["-newkey", "rsa:2048"], digest: ["-sha256"]),
    ]

    @Test(arguments: verdicts)
    func theOpenSSLLineAgreesWithSClient(_ c: VerdictCase) throws {
        let pki = PKI()
        let leaf = try pki.leaf("verdict", newKey: c.newKey, digest: c.digest)
        // Level 0 on the server only, so it can load a weak leaf; the client keeps its default.
        let server = try pki.server(["-cipher", "DEFAULT:@SECLEVEL=0"], chain: pki.intermediate, leaf: leaf)
        defer { server.stop() }

        let client = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-verify_return_error", "-CAfile", pki.root],
            timeout: 20
        )
        let output = client.stdout + client.stderr
        // "verify error:num=68:CA signature digest algorithm too weak"
        let refusal = output.split(separator: "\n").first { $0.hasPrefix("verify error:num=") }.map {
            line -> (Int32, String) in
            let rest = line.dropFirst("verify error:num=".count)
            let number = Int32(rest.prefix(while: \.isNumber)) ?? -1
            return (number, String(rest.drop(while: \.isNumber).dropFirst()))
        }
        #expect(refusal != nil || output.contains("Verify return code: 0 (ok)"), "s_client: \(output)")

        let out = try ConnectCommandTests.connect([server.address, "--anchor", pki.root])
        let openssl = try #require(
            (out.json["trust"] as? [String: Any])?["openssl"] as? [String: Any],
            "\(out.result.stdout)"
        )
        #expect(openssl["ok"] as? Bool == (refusal == nil), "s_client: \(output)\ntlsprobe: \(openssl)")
        if let (number, message) = refusal {
            let symbol = try #require(openssl["error"] as? String)
            #expect(OpenSSLVerifyErrors.code(for: symbol) == number, "\(symbol) vs s_client's \(number)")
            #expect(openssl["message"] as? String == message)
        }
        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root])
        #expect(text.stdout.contains(refusal == nil ? "accepts" : "refuses"), "\(text.stdout)")
    }
}
