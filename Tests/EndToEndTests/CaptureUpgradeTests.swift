import Foundation
import Testing
import TestSupport

/// `capture` of TLS that starts after a plain-text prelude, made at test time: the real
/// `openssl s_client -starttls PROTO` against Tests/Tools/starttls-server.py (which follows
/// each protocol's documented prelude, then hands the socket to Python's ssl), captured with
/// tcpdump on lo. Each connection is reported with its upgrade named and its chain read; a
/// server that refuses is reported with its answer.
@Suite(.serialized) struct CaptureUpgradeTests {
    /// The protocols both s_client and the scripted server speak.
    static let protocols = [
        "smtp", "lmtp", "imap", "pop3", "ftp", "xmpp", "ldap", "postgres", "mysql", "irc", "nntp", "sieve",
    ]

    static func captureOne(_ proto: String, refuse: Bool) throws -> [[String: Any]] {
        let pki = PKIFiles()
        let server = try StartTLSTests.Server(proto, pki: pki, refuse: refuse)
        let port = Int(server.address.split(separator: ":").last ?? "") ?? 0
        let recorder = try LoopbackCapture(port: port, path: pki.dir.file("\(proto).pcap"))
        // -tls1_2 so the chain is in clear text; the handshake itself is what is checked.
        try Run.process(
            "openssl",
            ["s_client", "-starttls", proto, "-connect", server.address, "-tls1_2", "-CAfile", pki.root, "-brief"],
            stdin: Data(),
            timeout: 30
        )
        let file = recorder.stop()
        let result = try Run.tlsprobe(["capture", "-r", file, "--json"])
        return try CaptureTests.lines(result)
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment), arguments: protocols)
    func eachUpgradeIsFoundAndNamed(proto: String) throws {
        let lines = try Self.captureOne(proto, refuse: false)
        try #require(lines.count == 1, "\(proto): \(lines)")
        let flow = try #require(lines[0]["flow"] as? [String: Any])
        #expect(flow["upgrade"] as? String == proto)
        #expect((lines[0]["handshake"] as? [String: Any])?["established"] as? Bool == true, "\(proto)")
        #expect((lines[0]["chain"] as? [[String: Any]])?.count == 2, "\(proto)")
        #expect(!JSONFindings.codes(lines[0]).contains("tls.starttls_refused"))
    }

    @Test(
        .enabled(if: LoopbackCapture.unavailableReason == nil, captureComment),
        arguments: ["smtp", "imap", "pop3", "ftp", "postgres", "lmtp", "ldap"]
    )
    func aRefusedUpgradeIsReportedWithTheServersAnswer(proto: String) throws {
        let lines = try Self.captureOne(proto, refuse: true)
        try #require(lines.count == 1, "\(proto): \(lines)")
        #expect((lines[0]["flow"] as? [String: Any])?["upgrade"] as? String == proto)
        let finding = try #require(
            JSONFindings.finding(lines[0], "tls.starttls_refused"),
            "\(proto): \(JSONFindings.codes(lines[0]))"
        )
        #expect(
            ((finding["evidence"] as? [String: Any])?["reply"] as? String)?.isEmpty == false,
            "\(proto): \(finding)"
        )
    }

    /// curl, a real mail client, sends mail to aiosmtpd, a real mail server, once in plain
    /// text and once with `--ssl-reqd` (STARTTLS required). The plain session is reported as
    /// `tls.starttls_not_used` naming its first command in the clear and whether the server
    /// offered STARTTLS (aiosmtpd without a certificate does not); the upgraded one is TLS.
    @Test(
        .enabled(if: LoopbackCapture.unavailableReason == nil, captureComment),
        .enabled(
            if: StartTLSTests.hasAiosmtpd,
            "aiosmtpd is not installed: python3 -m pip install aiosmtpd (Tests/run.sh installs it)"
        ),
        arguments: [false, true]
    )
    func aMailClientThatNeverAskedForTLSIsReported(serverRefuses: Bool) throws {
        let pki = PKIFiles()
        let server = try StartTLSTests.Server("aiosmtpd", pki: pki, refuse: serverRefuses)
        let port = Int(server.address.split(separator: ":").last ?? "") ?? 0
        let recorder = try LoopbackCapture(port: port, path: pki.dir.file("mail.pcap"))
        let message = pki.dir.write(
            "scan.eml",
            "From: scan@shop.lan\r\nTo: office@shop.lan\r\nSubject: scan\r\n\r\nscanned page\r\n"
        )
        let mail = [
            "smtp://\(server.address)", "--mail-from", "scan@shop.lan", "--mail-rcpt", "office@shop.lan", "-T", message,
        ]
        let plain = try Run.process("curl", ["-sS"] + mail, timeout: 30)
        #expect(plain.status == 0, "curl without TLS: \(plain.stderr)")
        if !serverRefuses {
            let upgraded = try Run.process("curl", ["-sS", "--ssl-reqd", "--cacert", pki.root] + mail, timeout: 30)
            #expect(upgraded.status == 0, "curl --ssl-reqd: \(upgraded.stderr)")
        }
        let result = try Run.tlsprobe(["capture", "-r", recorder.stop(), "--json"])
        let lines = try CaptureTests.lines(result)
        try #require(lines.count == (serverRefuses ? 1 : 2), "\(lines)")
        let session = lines[0]
        #expect((session["flow"] as? [String: Any])?["upgrade"] as? String == "smtp")
        #expect(session["client_hello"] is NSNull)
        #expect(JSONFindings.codes(session) == ["tls.starttls_not_used"], "\(JSONFindings.codes(session))")
        let evidence = try #require(
            JSONFindings.finding(session, "tls.starttls_not_used")?["evidence"] as? [String: Any]
        )
        #expect(evidence["command"] as? String == "MAIL", "curl's first command past EHLO: \(evidence)")
        #expect(evidence["server_offered"] as? Bool == !serverRefuses, "\(evidence)")
        #expect(result.stderr.contains("never asked for TLS"), "the summary says so: \(result.stderr)")
        if !serverRefuses {
            #expect((evidence["offer"] as? String)?.uppercased().contains("STARTTLS") == true, "\(evidence)")
            let tls = lines[1]
            #expect((tls["flow"] as? [String: Any])?["upgrade"] as? String == "smtp")
            #expect((tls["handshake"] as? [String: Any])?["established"] as? Bool == true)
            #expect(!JSONFindings.codes(tls).contains("tls.starttls_not_used"))
        }
        try SchemaTests.expectValid(result.stdout, "capture", lines: true)
    }
}
