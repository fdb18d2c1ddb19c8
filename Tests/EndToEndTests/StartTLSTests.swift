import Foundation
import Testing
import TestSupport

/// `connect --starttls` against real servers on loopback: aiosmtpd (a real SMTP
/// server from PyPI) for SMTP, and Tests/Tools/starttls-server.py, which speaks each other
/// protocol's documented prelude and then hands the socket to Python's ssl. Each upgrade is
/// also made by `openssl s_client -starttls` against the same server, so the server speaks
/// the prelude OpenSSL's client speaks, not one fitted to tlsprobe.
@Suite struct StartTLSTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var script: String { root.appendingPathComponent("Tests/Tools/starttls-server.py").path }

    /// Every protocol but SMTP itself, which aiosmtpd serves (the script serves it too, for refusals).
    static let scripted = [
        "submission", "lmtp", "imap", "pop3", "ftp", "xmpp", "xmpp-server", "ldap", "postgres", "mysql", "irc", "nntp",
        "sieve",
    ]

    static let hasAiosmtpd = (try? Run.process("python3", ["-c", "import aiosmtpd"], timeout: 30).status) == 0

    struct NotStarted: Error, CustomStringConvertible {
        let description: String
    }

    /// The helper script serving `proto` on a port reserved for it (or on `address`).
    final class Server {
        let reservation: ReservedPort?
        let background: BackgroundProcess
        let address: String

        init(_ proto: String, pki: PKIFiles, refuse: Bool = false, address fixed: String? = nil) throws {
            reservation = fixed == nil ? try ReservedPort() : nil
            address = fixed ?? reservation?.address ?? ""
            let chain = pki.dir.write("chain-for-python.pem", pki.chain.leaf.pem + pki.chain.intermediate.pem)
            background = try BackgroundProcess(
                "python3",
                [StartTLSTests.script, proto, address, chain, pki.key] + (refuse ? ["--refuse"] : [])
            )
            let host = String(address[..<(address.lastIndex(of: ":") ?? address.endIndex)])
            let port = Int(address[address.index(after: address.lastIndex(of: ":") ?? address.startIndex)...]) ?? 0
            guard LoopbackPort.waitUntilListening(host: host, port: port) else {
                throw NotStarted(description: "starttls-server.py \(proto) did not start: \(background.stop())")
            }
        }

        deinit { background.stop() }
    }

    static func connect(_ arguments: [String]) throws -> (result: Run.Result, json: [String: Any]) {
        let result = try Run.tlsprobe(["connect"] + arguments + ["--json"], timeout: 60)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)"))
    }

    static func codes(_ json: [String: Any]) -> [String] { JSONFindings.codes(json) }

    /// `openssl s_client -starttls PROTO` completes its handshake with the same server.
    static func expectOpenSSLUpgrades(
        _ proto: String,
        _ address: String,
        pki: PKIFiles,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let client = try Run.process(
            "openssl",
            ["s_client", "-starttls", proto, "-connect", address, "-CAfile", pki.root, "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(
            client.stderr.contains("CONNECTION ESTABLISHED"),
            "s_client -starttls \(proto): \(client.stderr)",
            sourceLocation: sourceLocation
        )
    }

    @Test(arguments: scripted)
    func eachProtocolUpgradesAndTheChainIsJudged(proto: String) throws {
        let pki = PKIFiles()
        let server = try Server(proto, pki: pki)
        // s_client has no "submission": it is SMTP on port 587.
        try Self.expectOpenSSLUpgrades(proto == "submission" ? "smtp" : proto, server.address, pki: pki)
        let out = try Self.connect([server.address, "--starttls", proto, "--anchor", pki.root])
        #expect(out.result.status == 0, "\(proto): \(out.result.stdout) \(out.result.stderr)")
        #expect((out.json["target"] as? [String: Any])?["upgrade"] as? String == proto)
        #expect((out.json["handshake"] as? [String: Any])?["established"] as? Bool == true)
        #expect((out.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        #expect((out.json["chain"] as? [[String: Any]])?.count == 2)
        #expect(!Self.codes(out.json).contains("tls.starttls_refused"))
        try SchemaTests.expectValid(out.result.stdout, "connect")
    }

    @Test(arguments: scripted + ["smtp"])
    func aServerThatDoesNotUpgradeIsAFindingThatQuotesIt(proto: String) throws {
        let pki = PKIFiles()
        let server = try Server(proto, pki: pki, refuse: true)
        let out = try Self.connect([server.address, "--starttls", proto, "--anchor", pki.root])
        #expect(out.result.status == 1, "a finding, not exit status 2: \(out.result.stderr)")
        #expect(Self.codes(out.json) == ["tls.starttls_refused"], "\(Self.codes(out.json))")
        let evidence = try #require(
            JSONFindings.finding(out.json, "tls.starttls_refused")?["evidence"] as? [String: Any]
        )
        #expect(evidence["protocol"] as? String == proto)
        #expect((evidence["reply"] as? String)?.isEmpty == false, "the server's reply is quoted: \(evidence)")
        #expect(out.json["client_hello"] is NSNull, "no ClientHello was sent")
        #expect(out.json["outcome"] as? String == "failed")
        let trust = try #require(out.json["trust"] as? [String: Any])
        #expect((trust["note"] as? String)?.contains("did not upgrade") == true)
        try SchemaTests.expectValid(out.result.stdout, "connect")
        // openssl s_client does not get TLS from it either (XMPP aside: s_client waits for
        // a <starttls/> feature the server never sends, until the server gives up).
        guard !proto.hasPrefix("xmpp") else { return }
        let client = try Run.process(
            "openssl",
            ["s_client", "-starttls", proto == "submission" ? "smtp" : proto, "-connect", server.address, "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(!client.stderr.contains("CONNECTION ESTABLISHED"), "\(client.stderr)")
    }

    @Test(
        .enabled(
            if: hasAiosmtpd,
            "aiosmtpd is not installed: python3 -m pip install aiosmtpd (Tests/run.sh installs it)"
        )
    )
    func aiosmtpdUpgradesWithSTARTTLSAndRefusesWithoutACertificate() throws {
        let pki = PKIFiles()
        let server = try Server("aiosmtpd", pki: pki)
        try Self.expectOpenSSLUpgrades("smtp", server.address, pki: pki)
        let out = try Self.connect([server.address, "--starttls", "smtp", "--anchor", pki.root])
        #expect(out.result.status == 0, "\(out.result.stdout) \(out.result.stderr)")
        #expect((out.json["target"] as? [String: Any])?["upgrade"] as? String == "smtp")
        #expect((out.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)

        // Text: the header says how the connection was upgraded.
        let text = try Run.tlsprobe(
            ["connect", server.address, "--starttls", "smtp", "--anchor", pki.root],
            timeout: 60
        )
        #expect(text.stdout.contains("STARTTLS smtp"), "\(text.stdout)")

        let plain = try Server("aiosmtpd", pki: pki, refuse: true)
        let refused = try Self.connect([plain.address, "--starttls", "smtp"])
        #expect(refused.result.status == 1)
        let finding = try #require(JSONFindings.finding(refused.json, "tls.starttls_refused"))
        #expect((finding["message"] as? String)?.contains("454") == true, "aiosmtpd's own reply: \(finding)")
    }

    @Test func versionProbesUpgradeToo() throws {
        let pki = PKIFiles()
        let server = try Server("imap", pki: pki)
        let out = try Self.connect([server.address, "--starttls", "imap", "--versions"])
        let versions = try #require(out.json["versions"] as? [String: Bool])
        // Python's ssl serves TLS 1.2 and 1.3 by default.
        #expect(
            versions["TLSv1.2"] == true && versions["TLSv1.3"] == true,
            "\(versions) \(out.json["version_probes"] ?? "")"
        )
    }

    @Test func autoPicksByWellKnownPortAndSaysWhich() throws {
        let pki = PKIFiles()
        // A well-known port on an address of its own in 127.0.0.0/8.
        let server = try Server("pop3", pki: pki, address: "127.0.0.77:110")
        let out = try Self.connect([
            "127.0.0.77:110", "--starttls", "auto", "--anchor", pki.root, "--host", "127.0.0.1",
        ])
        #expect(out.result.status == 0, "\(out.result.stderr)")
        #expect(out.result.stderr.contains("--starttls auto: port 110 is pop3"), "\(out.result.stderr)")
        #expect((out.json["target"] as? [String: Any])?["upgrade"] as? String == "pop3")
        // The protocol's port when none is given.
        let bare = try Self.connect(["127.0.0.77", "--starttls", "pop3", "--anchor", pki.root, "--host", "127.0.0.1"])
        #expect((bare.json["target"] as? [String: Any])?["port"] as? Int == 110)
        #expect(bare.result.status == 0)
        _ = server

        let unknown = try Run.tlsprobe(["connect", "127.0.0.1:4433", "--starttls", "auto"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("port 4433 is no STARTTLS protocol's well-known port"), "\(unknown.stderr)")
        let wrong = try Run.tlsprobe(["connect", "127.0.0.1:25", "--starttls", "gopher"])
        #expect(wrong.status == 64)
    }

    @Test func explainAndAPlainTextAnswerPointAtStarttls() throws {
        let explained = try Run.tlsprobe(["explain", "wrong version number"])
        #expect(explained.stdout.contains("--starttls smtp"), "\(explained.stdout)")
        #expect(!explained.stdout.contains("openssl s_client -starttls"))
        // A TLS ClientHello to an SMTP server: the finding names the option.
        let pki = PKIFiles()
        let server = try Server("smtp", pki: pki)
        let plain = try Self.connect([server.address])
        let message = try #require(JSONFindings.finding(plain.json, "tls.handshake_failed")?["message"] as? String)
        #expect(message.contains("--starttls smtp"), "\(message)")
    }

    @Test func thePreludeIsBoundedInSizeAndTime() throws {
        let pki = PKIFiles()
        let flood = try Server("flood", pki: pki)
        let flooded = try Self.connect([flood.address, "--starttls", "smtp"])
        #expect(flooded.result.status == 1)
        let message = try #require(JSONFindings.finding(flooded.json, "tls.starttls_refused")?["message"] as? String)
        #expect(message.contains("more than 64 KiB"), "\(message)")

        let silent = try Server("silent", pki: pki)
        let quiet = try Self.connect([silent.address, "--starttls", "smtp", "--timeout", "1"])
        #expect(quiet.result.status == 1)
        let said = try #require(JSONFindings.finding(quiet.json, "tls.starttls_refused")?["message"] as? String)
        #expect(said.contains("sent nothing more within 1 s at greeting"), "\(said)")
        #expect(!said.contains("(at greeting)"), "the step is said once: \(said)")
    }
}
