import Foundation
import Testing
import TestSupport
@testable import PcapSource
import TLSDiagnosis
@testable import TLSWire

/// The plain text before TLS: each protocol's documented prelude (RFC 3207 SMTP, RFC 2595
/// IMAP and POP3, RFC 4217 FTP, RFC 6120 XMPP, RFC 4511 LDAP, the PostgreSQL and MySQL
/// protocol documentation, IRCv3 tls, RFC 4642 NNTP, RFC 5804 Sieve, RFC 1928 SOCKS5,
/// SOCKS4, RFC 9110 CONNECT) is named, and whether the server agreed is read from its answer.
@Suite struct PreludeWatcherTests {
    static func lines(_ text: [String]) -> [UInt8] { Array(text.map { $0 + "\r\n" }.joined().utf8) }

    static func read(client: [String], server: [String]) -> PreludeWatcher.Reading? {
        PreludeWatcher.read(client: lines(client), server: lines(server))
    }

    @Test func textProtocolsAreNamedAndTheirAnswersRead() {
        let cases: [(String, [String], [String], Bool)] = [
            (
                "smtp", ["EHLO client", "STARTTLS"],
                ["220 mail.shop.lan ESMTP", "250-mail.shop.lan", "250 STARTTLS", "220 2.0.0 Ready to start TLS"], true
            ),
            (
                "smtp", ["EHLO client", "STARTTLS", "QUIT"],
                [
                    "220 mail.shop.lan ESMTP", "250-mail.shop.lan", "250 SIZE 1000", "454 4.7.0 TLS not available",
                    "221 Bye",
                ], false
            ),
            (
                "lmtp", ["LHLO client", "STARTTLS"],
                ["220 lmtp.shop.lan LMTP", "250-lmtp.shop.lan", "250 STARTTLS", "220 Go ahead"], true
            ),
            (
                "imap", ["a1 CAPABILITY", "a2 STARTTLS"],
                [
                    "* OK IMAP4rev1 ready", "* CAPABILITY IMAP4rev1 STARTTLS", "a1 OK done",
                    "a2 OK Begin TLS negotiation now",
                ], true
            ),
            ("imap", ["a1 STARTTLS"], ["* OK IMAP4rev1 ready", "a1 BAD STARTTLS not supported"], false),
            // One tag for every command, as s_client sends them.
            (
                "imap", [". CAPABILITY", ". STARTTLS"],
                ["* OK ready", "* CAPABILITY IMAP4rev1", ". OK CAPABILITY completed", ". BAD STARTTLS not supported"],
                false
            ),
            ("pop3", ["CAPA", "STLS"], ["+OK POP3 ready", "+OK", "STLS", ".", "+OK Begin TLS"], true),
            ("pop3", ["STLS"], ["+OK POP3 ready", "-ERR not supported"], false),
            ("ftp", ["AUTH TLS"], ["220 FTP ready", "234 AUTH TLS successful"], true),
            ("ftp", ["AUTH TLS"], ["220 FTP ready", "502 not implemented"], false),
            (
                "nntp", ["CAPABILITIES", "STARTTLS"],
                [
                    "200 news ready", "101 Capability list:", "VERSION 2", "STARTTLS", ".",
                    "382 Continue with TLS negotiation",
                ], true
            ),
            (
                "irc", ["CAP LS", "STARTTLS"],
                [":irc.shop.lan NOTICE * :hello", ":irc.shop.lan 670 * :STARTTLS successful, go ahead"], true
            ),
            (
                "sieve", ["STARTTLS"],
                [
                    "\"IMPLEMENTATION\" \"Dovecot\"", "\"SIEVE\" \"fileinto\"", "\"STARTTLS\"", "OK \"Ready\"",
                    "OK \"Begin TLS negotiation now.\"",
                ], true
            ),
        ]
        for (name, client, server, accepted) in cases {
            let reading = Self.read(client: client, server: server)
            #expect(
                reading?.kind == PlaintextProtocol(rawValue: name).map { .upgrade($0) },
                "\(name): \(String(describing: reading))"
            )
            #expect(reading?.requested == true, "\(name)")
            #expect(reading?.accepted == accepted, "\(name): \(String(describing: reading))")
        }
        // The refusal's own line, not the goodbye after it.
        #expect(Self.read(client: cases[1].1, server: cases[1].2)?.reply == "454 4.7.0 TLS not available")
        // A client that never asked.
        let plain = Self.read(
            client: ["EHLO client", "MAIL FROM:<a@b>"],
            server: ["220 mail ESMTP", "250 STARTTLS", "250 OK"]
        )
        #expect(plain?.kind == .upgrade(.smtp) && plain?.requested == false && plain?.accepted == nil)
    }

    @Test func xmppAndTunnelsAreNamed() {
        let xmpp = PreludeWatcher.read(
            client: Array(
                "<?xml version='1.0'?><stream:stream to='shop.lan' xmlns='jabber:client'><starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'/>"
                    .utf8
            ),
            server: Array(
                "<?xml version='1.0'?><stream:stream from='shop.lan'><stream:features><starttls/></stream:features><proceed xmlns='urn:ietf:params:xml:ns:xmpp-tls'/>"
                    .utf8
            )
        )
        #expect(xmpp?.kind == .upgrade(.xmpp) && xmpp?.accepted == true)
        let connect = Self.read(
            client: ["CONNECT printer.local:443 HTTP/1.1", "Host: printer.local:443", ""],
            server: ["HTTP/1.1 200 Connection established", ""]
        )
        #expect(connect?.kind == .tunnel(.httpConnect) && connect?.accepted == true)
        let socks5 = PreludeWatcher.read(
            client: [5, 1, 0, 5, 1, 0, 1, 10, 0, 0, 5, 0x01, 0xBB],
            server: [5, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0]
        )
        #expect(socks5?.kind == .tunnel(.socks5) && socks5?.accepted == true)
        let socks4 = PreludeWatcher.read(
            client: [4, 1, 0x01, 0xBB, 10, 0, 0, 5, 0],
            server: [0, 91, 0, 0, 0, 0, 0, 0]
        )
        #expect(socks4?.kind == .tunnel(.socks4) && socks4?.accepted == false)
        let postgres = PreludeWatcher.read(client: [0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F], server: [UInt8(ascii: "N")])
        #expect(postgres?.kind == .upgrade(.postgres) && postgres?.accepted == false && postgres?.reply == "N")
        // LDAP: ExtendedRequest for StartTLS, ExtendedResponse resultCode success (0).
        let oid = Array("1.3.6.1.4.1.1466.20037".utf8)
        let request: [UInt8] =
            [0x30, UInt8(5 + 2 + oid.count), 0x02, 0x01, 0x01, 0x77, UInt8(2 + oid.count), 0x80, UInt8(oid.count)] + oid
        let response: [UInt8] = [0x30, 0x0C, 0x02, 0x01, 0x01, 0x78, 0x07, 0x0A, 0x01, 0x00, 0x04, 0x00, 0x04, 0x00]
        let ldap = PreludeWatcher.read(client: request, server: response)
        #expect(ldap?.kind == .upgrade(.ldap) && ldap?.accepted == true)
        // HTTP is not a prelude.
        #expect(Self.read(client: ["GET / HTTP/1.1", "Host: x", ""], server: ["HTTP/1.1 200 OK", ""]) == nil)
        #expect(!PreludeWatcher.mayStart(Array("GET / HTTP/1.1\r\n".utf8), fromClient: true))
        #expect(!PreludeWatcher.mayStart(Array("SSH-2.0-OpenSSH_9.2\r\n".utf8), fromClient: false))
    }

    /// Hostile text: every prefix of every prelude, and random bytes, read without a crash
    /// and within the bound.
    @Test func everyPrefixAndGarbageIsReadWithoutCrashing() {
        var rng = SplitMix64(seed: 13)
        let samples: [[UInt8]] = [
            Self.lines(["220 mail ESMTP", "250-x", "250 STARTTLS", "220 go"]), [0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F],
            [5, 1, 0, 5, 1, 0, 1, 10, 0, 0, 5, 1, 0xBB], [0x30, 0x84, 0xFF, 0xFF, 0x78, 0x82, 0x0A],
            [0, 0, 0, 0, 10, 0x35],
            // An LDAP bindRequest, a PostgreSQL StartupMessage, a MySQL greeting with a long
            // version and no NUL, an XMPP stream with SASL, IMAP tags only.
            [0x30, 0x84, 0, 0, 0, 0x10, 0x02, 0x04, 1, 2, 3, 4, 0x60, 0x05, 0x02, 0x01, 0x03, 0x04, 0x00],
            [0, 0, 0, 0x10, 0, 3, 0, 0] + Array("user\u{0}a\u{0}\u{0}".utf8),
            [0, 0, 0, 0, 10] + [UInt8](repeating: 0x38, count: 20),
            Array("<stream:stream><stream:features><starttls/></stream:features><auth mechanism='PLAIN'/>".utf8),
            Self.lines(["a1", "a2 ", " ", "* CAPABILITY STARTTLS", "250-", "211-", "101", ":x CAP * LS :tls"]),
            // SOCKS5 with username/password and its answers; an LDAP answer with message ID 0x78.
            Self.socksAuthClient, [5, 2, 1, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0], [5, 2, 1, 1], [5, 0xFF],
            [0x30, 0x0C, 0x02, 0x01, 0x78, 0x78, 0x07, 0x0A, 0x01, 0x02, 0x04, 0x00, 0x04, 0x00],
            [
                0x30, 0x84, 0x7F, 0xFF, 0xFF, 0xFF, 0x02, 0x84, 0, 0, 0, 1, 0x78, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x0A,
                0x84, 0, 0, 0, 4,
            ],
        ]
        for sample in samples {
            for cut in 0...sample.count {
                _ = PreludeWatcher.read(client: Array(sample.prefix(cut)), server: sample)
                _ = PreludeWatcher.read(client: sample, server: Array(sample.prefix(cut)))
                _ = TrackedFlow.helloStart(in: Array(sample.prefix(cut)), fromClient: true, peerSpeaksTLS: true)
            }
        }
        for _ in 0..<2000 {
            let a = (0..<Int(rng.next() % 300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let b = (0..<Int(rng.next() % 300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            _ = PreludeWatcher.read(client: a, server: b)
            _ = TrackedFlow.helloStart(in: a, fromClient: rng.next() & 1 == 0, peerSpeaksTLS: true)
        }
        var watcher = PreludeWatcher()
        var kept = true
        while kept { kept = watcher.observe([UInt8](repeating: 0x41, count: 1000), fromClient: true) }
        #expect(watcher.clientCount > PreludeWatcher.maxBytes && watcher.client.count == PreludeWatcher.keptBytes)
    }

    /// SOCKS5 with username/password (RFC 1929): the method choice 2, the client's
    /// sub-negotiation (VER 1, ULEN, UNAME, PLEN, PASSWD) and the server's status come between
    /// the method list and CONNECT. Every prefix of either side reads as nothing yet or as
    /// the tunnel, never as something else; a failed status is a refusal; the password is in
    /// no reading.
    static let socksUser = Array("front-desk".utf8)
    static let socksPassword = Array("hunter2-s3cret".utf8)
    static let socksAuthClient: [UInt8] =
        [5, 2, 0, 2]
        + [1, UInt8(socksUser.count)] + socksUser + [UInt8(socksPassword.count)] + socksPassword
        + [5, 1, 0, 1, 10, 0, 0, 5, 0x01, 0xBB]

    @Test func socks5WithUsernameAndPasswordIsATunnelAtEveryPrefix() {
        let server: [UInt8] = [5, 2] + [1, 0] + [5, 0, 0, 1, 10, 0, 0, 1, 0x04, 0x38]
        let whole = PreludeWatcher.read(client: Self.socksAuthClient, server: server)
        #expect(
            whole?.kind == .tunnel(.socks5) && whole?.requested == true && whole?.accepted == true
                && whole?.reply == "REP 0",
            "\(String(describing: whole))"
        )
        let connectStart = Self.socksAuthClient.count - 10
        for cut in 0...Self.socksAuthClient.count {
            let reading = PreludeWatcher.read(client: Array(Self.socksAuthClient.prefix(cut)), server: server)
            if cut < connectStart + 4 {
                #expect(reading == nil, "client prefix \(cut): \(String(describing: reading))")
            } else {
                #expect(reading == whole, "client prefix \(cut): \(String(describing: reading))")
            }
        }
        for cut in 0...server.count {
            let reading = PreludeWatcher.read(client: Self.socksAuthClient, server: Array(server.prefix(cut)))
            #expect(
                reading?.kind == .tunnel(.socks5) && reading?.requested == true,
                "server prefix \(cut): \(String(describing: reading))"
            )
            // The answer to CONNECT is read only once its REP is here.
            #expect(
                reading?.accepted == (cut >= 6 ? true : nil),
                "server prefix \(cut): \(String(describing: reading))"
            )
        }
        // Refused: the status is not 0 (the server then closes; no CONNECT follows).
        let clientAuthOnly = Array(Self.socksAuthClient.prefix(connectStart))
        let refused = PreludeWatcher.read(client: clientAuthOnly, server: [5, 2, 1, 1])
        #expect(refused?.kind == .tunnel(.socks5) && refused?.accepted == false, "\(String(describing: refused))")
        #expect(refused?.reply == "authentication STATUS 1 (username/password refused)")
        // No acceptable method.
        let noMethod = PreludeWatcher.read(client: [5, 1, 2], server: [5, 0xFF])
        #expect(noMethod?.kind == .tunnel(.socks5) && noMethod?.accepted == false)
        // The password is in no reading, and in no plain-text start kept for a report.
        for reading in [whole, refused] {
            #expect(!String(describing: reading).contains("hunter2"))
        }
        let kept = PreludeWatcher.withoutSecrets(Self.socksAuthClient)
        #expect(!PreludeWatcher.contains(kept, Self.socksPassword) && PreludeWatcher.contains(kept, Self.socksUser))
        #expect(PreludeWatcher.withoutSecrets([5, 1, 0, 5, 1, 0, 1]) == [5, 1, 0, 5, 1, 0, 1])
    }

    /// A plain-text start kept to be quoted never holds a password: an IRC or POP3 `PASS`, an
    /// IMAP `LOGIN`, an SMTP `AUTH PLAIN`, an HTTP `Authorization:` header, an LDAP simple bind.
    @Test func aPlainTextStartIsCutBeforeAnyCredentials() {
        let secret = Array("hunter2".utf8)
        let texts = [
            "PASS hunter2\r\nNICK front-desk\r\n",
            "NICK a\r\npass hunter2\r\n",
            "a1 LOGIN frontdesk hunter2\r\n",
            "AUTH PLAIN aHVudGVyMg== hunter2\r\n",
            "GET / HTTP/1.1\r\nAuthorization: Basic hunter2\r\n",
            "CONNECT nas:443 HTTP/1.1\r\nProxy-Authorization: hunter2\r\n",
        ]
        for text in texts {
            let kept = PreludeWatcher.withoutSecrets(Array(text.utf8))
            #expect(!PreludeWatcher.contains(kept, secret), "\(text): kept \(String(decoding: kept, as: UTF8.self))")
            #expect(!kept.isEmpty)
        }
        #expect(PreludeWatcher.withoutSecrets(Array("a1 LOGIN u hunter2".utf8)) == Array("a1 LOGIN ".utf8))
        // LDAP: SEQUENCE { messageID 1, BindRequest { version 3, name "cn=admin", simple [0] "hunter2" } }.
        let name = Array("cn=admin".utf8)
        let bindBody: [UInt8] =
            [0x02, 0x01, 0x03, 0x04, UInt8(name.count)] + name + [0x80, UInt8(secret.count)] + secret
        let bind: [UInt8] = [0x30, UInt8(5 + bindBody.count), 0x02, 0x01, 0x01, 0x60, UInt8(bindBody.count)] + bindBody
        let keptBind = PreludeWatcher.withoutSecrets(bind)
        #expect(!PreludeWatcher.contains(keptBind, secret) && keptBind == Array(bind.prefix(7)))
        // A SOCKS5 password holding a credential word or a line break is cut at the
        // password all the same (ULEN 10 is a line feed).
        for password in ["pw AUTH x", "a\nPASS b"] {
            let user = Array("frontdesk1".utf8)
            let pw = Array(password.utf8)
            let socks: [UInt8] = [5, 1, 2, 1, UInt8(user.count)] + user + [UInt8(pw.count)] + pw
            #expect(PreludeWatcher.withoutSecrets(socks) == Array(socks.prefix(5 + user.count)), "\(password)")
        }
        // Nothing to cut: kept whole.
        for text in ["GET / HTTP/1.1\r\nHost: printer.local\r\n", "EHLO printer.local\r\n", "SSH-2.0-OpenSSH_9.2\r\n"] {
            #expect(PreludeWatcher.withoutSecrets(Array(text.utf8)) == Array(text.utf8))
        }
        // An LDAP StartTLS request (an ExtendedRequest, tag 0x77) is kept whole.
        let startTLS: [UInt8] =
            [0x30, 0x1D, 0x02, 0x01, 0x01, 0x77, 0x18, 0x80, 0x16] + Array("1.3.6.1.4.1.1466.20037".utf8)
        #expect(PreludeWatcher.withoutSecrets(startTLS) == startTLS)
    }

    /// A capture of SOCKS5 with username/password: the tunnel is named and its TLS read; a
    /// refused login is tls.starttls_refused; the password is nowhere in the reports.
    @Test func aCaptureOfSOCKS5WithAPasswordNamesTheTunnelAndNeverThePassword() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        let connectStart = Self.socksAuthClient.count - 10
        var socks = TCPConversation(clientPort: 40110, serverPort: 1080)
        var packets = socks.open()
        packets += socks.send([5, 2, 0, 2], from: .client)
        packets += socks.send([5, 2], from: .server)
        packets += socks.send(Array(Self.socksAuthClient[4..<connectStart]), from: .client)
        packets += socks.send([1, 0], from: .server)
        packets += socks.send(Array(Self.socksAuthClient[connectStart...]), from: .client)
        packets += socks.send([5, 0, 0, 1, 0, 0, 0, 0, 0, 0], from: .server)
        packets += socks.send(t.clientHello, from: .client)
        packets += socks.send(t.serverFlight, from: .server)
        packets += socks.close()
        var refused = TCPConversation(clientPort: 40111, serverPort: 1080)
        packets += refused.open()
        packets += refused.send([5, 2, 0, 2], from: .client)
        packets += refused.send([5, 2], from: .server)
        packets += refused.send(Array(Self.socksAuthClient[4..<connectStart]), from: .client)
        packets += refused.send([1, 1], from: .server)
        packets += refused.close()
        let (connections, _) = try analyze(packets)
        #expect(connections.count == 2, "\(connections.map(\.flow))")
        let tunnel = try #require(connections.first { $0.flow.client.hasSuffix(":40110") })
        #expect(tunnel.flow.tunnel == .socks5)
        #expect(tunnel.observation.serverCertificates.count == syntheticDER.count)
        let no = try #require(connections.first { $0.flow.client.hasSuffix(":40111") })
        #expect(no.flow.tunnel == .socks5)
        let finding = try #require(no.findings.first { $0.code == .tlsStartTLSRefused }, "\(no.findings.map(\.code))")
        #expect(finding.evidence["reply"] == .string("authentication STATUS 1 (username/password refused)"))
        for c in connections {
            let (_, facts) = c.observed()
            let said = String(describing: c.findings) + String(describing: facts) + String(describing: c.flow)
            #expect(!said.contains("hunter2"), "\(said)")
        }
    }

    /// LDAP's StartTLS answer read as BER: a message ID of 0x78 (or a length of 0x78) is not
    /// the ExtendedResponse's tag; a refusal's resultCode is read, named and not accepted.
    @Test func ldapStartTLSAnswersAreReadByTheirBERStructure() {
        let oid = Array("1.3.6.1.4.1.1466.20037".utf8)
        func request(id: UInt8) -> [UInt8] {
            [0x30, UInt8(5 + 2 + oid.count), 0x02, 0x01, id, 0x77, UInt8(2 + oid.count), 0x80, UInt8(oid.count)] + oid
        }
        func ber(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
            contents.count < 0x80
                ? [tag, UInt8(contents.count)] + contents : [tag, 0x81, UInt8(contents.count)] + contents
        }
        func response(id: [UInt8], code: UInt8, diagnostic: String = "") -> [UInt8] {
            ber(
                0x30,
                ber(0x02, id)
                    + ber(0x78, ber(0x0A, [code]) + ber(0x04, []) + ber(0x04, Array(diagnostic.utf8)) + ber(0x8A, oid))
            )
        }
        // messageID 0x78, success.
        let ok = PreludeWatcher.read(client: request(id: 0x78), server: response(id: [0x78], code: 0))
        #expect(
            ok?.kind == .upgrade(.ldap) && ok?.accepted == true && ok?.reply == "resultCode 0 (success)",
            "\(String(describing: ok))"
        )
        // messageID 0x78 and a refusal: protocolError.
        let refused = PreludeWatcher.read(
            client: request(id: 0x78),
            server: response(id: [0x78], code: 2, diagnostic: "unsupported extended operation")
        )
        #expect(
            refused?.accepted == false && refused?.reply == "resultCode 2 (protocolError)",
            "\(String(describing: refused))"
        )
        // A SEQUENCE whose length is 0x78 (a long diagnosticMessage), success.
        var long = "x"
        while response(id: [1], code: 0, diagnostic: long)[1] != 0x78 { long += "x" }
        let longOK = PreludeWatcher.read(client: request(id: 1), server: response(id: [1], code: 0, diagnostic: long))
        #expect(longOK?.accepted == true, "\(String(describing: longOK))")
        // A two-byte message ID holding 0x78, and a long-form length.
        let wide = PreludeWatcher.read(
            client: request(id: 1),
            server: response(id: [0x78, 0x78], code: 53, diagnostic: String(repeating: "y", count: 200))
        )
        #expect(
            wide?.accepted == false && wide?.reply == "resultCode 53 (unwillingToPerform)",
            "\(String(describing: wide))"
        )
        // Every prefix of the answer: nothing read until the resultCode is in, then it.
        let answer = response(id: [0x78], code: 2)
        for cut in 0...answer.count {
            let reading = PreludeWatcher.read(client: request(id: 0x78), server: Array(answer.prefix(cut)))
            #expect(reading?.kind == .upgrade(.ldap))
            #expect(reading?.accepted == (cut >= 10 ? false : nil), "prefix \(cut): \(String(describing: reading))")
        }
        // Not BER: nothing read, nothing misread.
        #expect(PreludeWatcher.read(client: request(id: 1), server: [0x78, 0x78, 0x0A, 0x01, 0x00])?.accepted == nil)
        #expect(
            PreludeWatcher.read(
                client: request(id: 1),
                server: [0x30, 0x80, 0x02, 0x01, 0x01, 0x78, 0x03, 0x0A, 0x01, 0x00]
            )?.accepted == nil
        )
    }

    /// Each protocol's refusal, as its server sends it, is read as refused: the client asked,
    /// the server said no, and its answer is the reply.
    @Test func refusalsOfEveryProtocolAreReadAsRefused() {
        let text: [(String, [String], [String], String)] = [
            (
                "lmtp", ["LHLO client", "STARTTLS"],
                [
                    "220 lmtp.shop.lan LMTP ready", "250-lmtp.shop.lan", "250 PIPELINING",
                    "454 4.7.0 TLS not available due to temporary reason",
                ], "454 4.7.0 TLS not available due to temporary reason"
            ),
            (
                "irc", ["CAP LS 302", "NICK front", "STARTTLS"],
                [
                    ":irc.shop.lan NOTICE * :*** Looking up your hostname", ":irc.shop.lan CAP * LS :multi-prefix",
                    ":irc.shop.lan 691 * :STARTTLS failed (Internal error)",
                ], ":irc.shop.lan 691 * :STARTTLS failed (Internal error)"
            ),
            (
                "nntp", ["CAPABILITIES", "STARTTLS"],
                [
                    "200 news.shop.lan ready", "101 Capability list:", "VERSION 2", "READER", ".",
                    "580 Can not initiate TLS negotiation",
                ], "580 Can not initiate TLS negotiation"
            ),
            (
                "nntp", ["STARTTLS"], ["201 news.shop.lan ready (no posting)", "502 Command unavailable"],
                "502 Command unavailable"
            ),
            (
                "sieve", ["STARTTLS"],
                [
                    "\"IMPLEMENTATION\" \"Dovecot Pigeonhole\"", "\"SIEVE\" \"fileinto\"", "OK \"Ready.\"",
                    "NO \"TLS not available\"",
                ], "NO \"TLS not available\""
            ),
        ]
        for (name, client, server, reply) in text {
            let reading = Self.read(client: client, server: server)
            #expect(
                reading?.kind == PlaintextProtocol(rawValue: name).map { .upgrade($0) },
                "\(name): \(String(describing: reading))"
            )
            #expect(reading?.requested == true && reading?.accepted == false, "\(name): \(String(describing: reading))")
            #expect(reading?.reply == reply, "\(name): \(String(describing: reading?.reply))")
        }
        for (status, line) in [(407, "HTTP/1.1 407 Proxy Authentication Required"), (403, "HTTP/1.1 403 Forbidden")] {
            let connect = Self.read(
                client: ["CONNECT printer.local:443 HTTP/1.1", "Host: printer.local:443", ""],
                server: [line, "Proxy-Authenticate: Basic realm=\"proxy\"", "Content-Length: 0", ""]
            )
            #expect(
                connect?.kind == .tunnel(.httpConnect) && connect?.accepted == false && connect?.reply == line,
                "\(status): \(String(describing: connect))"
            )
        }
        let xmpp = PreludeWatcher.read(
            client: Array(
                "<?xml version='1.0'?><stream:stream to='shop.lan' xmlns='jabber:client' xmlns:stream='http://etherx.jabber.org/streams' version='1.0'><starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'/>"
                    .utf8
            ),
            server: Array(
                "<?xml version='1.0'?><stream:stream from='shop.lan' id='s1' xmlns='jabber:client' xmlns:stream='http://etherx.jabber.org/streams' version='1.0'><stream:features><starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'/></stream:features><failure xmlns='urn:ietf:params:xml:ns:xmpp-tls'/></stream:stream>"
                    .utf8
            )
        )
        #expect(
            xmpp?.kind == .upgrade(.xmpp) && xmpp?.requested == true && xmpp?.accepted == false
                && xmpp?.reply == "<failure/>",
            "\(String(describing: xmpp))"
        )
        let oid = Array("1.3.6.1.4.1.1466.20037".utf8)
        let ldapRequest: [UInt8] =
            [0x30, UInt8(5 + 2 + oid.count), 0x02, 0x01, 0x01, 0x77, UInt8(2 + oid.count), 0x80, UInt8(oid.count)] + oid
        let diagnostic = Array("unsupported extended operation".utf8)
        let op: [UInt8] = [0x0A, 1, 2, 0x04, 0, 0x04, UInt8(diagnostic.count)] + diagnostic
        let ldapResponse: [UInt8] = [0x30, UInt8(5 + op.count), 0x02, 0x01, 0x01, 0x78, UInt8(op.count)] + op
        let ldap = PreludeWatcher.read(client: ldapRequest, server: ldapResponse)
        #expect(
            ldap?.kind == .upgrade(.ldap) && ldap?.accepted == false && ldap?.reply == "resultCode 2 (protocolError)",
            "\(String(describing: ldap))"
        )
        // SOCKS5: no authentication, CONNECT refused with REP 5 (connection refused), and
        // REP 2 (not allowed by ruleset).
        for rep: UInt8 in [2, 5] {
            let socks5 = PreludeWatcher.read(
                client: [5, 1, 0, 5, 1, 0, 1, 10, 0, 0, 5, 0x01, 0xBB],
                server: [5, 0, 5, rep, 0, 1, 0, 0, 0, 0, 0, 0]
            )
            #expect(
                socks5?.kind == .tunnel(.socks5) && socks5?.accepted == false && socks5?.reply == "REP \(rep)",
                "\(String(describing: socks5))"
            )
        }
    }

    @Test func ircWithUserIsNotFTP() {
        let irc = Self.read(
            client: ["CAP LS", "NICK front", "USER front 0 * :Front Desk", "STARTTLS"],
            server: [":irc.shop.lan NOTICE * :hello", ":irc.shop.lan 670 front :STARTTLS successful, go ahead"]
        )
        #expect(irc?.kind == .upgrade(.irc) && irc?.accepted == true)
    }

    /// Review findings: PostgreSQL's 'S' in a segment of its own before the ServerHello (as
    /// real servers send it); the SSLRequest and the ClientHello in one segment; and an SMTP
    /// session that never asked for TLS whose mail body starts like a ClientHello.
    @Test func postgresAnswersAndHellosInAnySegmentingAndNoUpgradeWithoutARequest() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        let sslRequest: [UInt8] = [0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F]
        var pg = TCPConversation(clientPort: 40200, serverPort: 5432)
        var packets = pg.open()
        packets += pg.send(sslRequest, from: .client)
        packets += pg.send([UInt8(ascii: "S")], from: .server)
        packets += pg.send(t.clientHello, from: .client)
        packets += pg.send(t.serverFlight, from: .server)
        packets += pg.close()
        var together = TCPConversation(clientPort: 40201, serverPort: 5432)
        packets += together.open()
        packets += together.send(sslRequest + t.clientHello, from: .client)
        packets += together.send([UInt8(ascii: "S")] + t.serverFlight, from: .server)
        packets += together.close()
        var mail = TCPConversation(clientPort: 40202, serverPort: 25)
        packets += mail.open()
        packets += mail.send(Self.lines(["220 mail ESMTP"]), from: .server)
        packets += mail.send(Self.lines(["EHLO client"]), from: .client)
        packets += mail.send(Self.lines(["250 STARTTLS"]), from: .server)
        packets += mail.send(Self.lines(["DATA"]), from: .client)
        packets += mail.send(Self.lines(["354 go ahead"]), from: .server)
        packets += mail.send([0x16, 0x03, 0x01, 0x00, 0x30, 0x01] + [UInt8](repeating: 0x41, count: 48), from: .client)
        packets += mail.close()
        let (connections, _) = try analyze(packets)
        let tls = connections.filter { $0.observation.clientHello != nil }
        #expect(tls.count == 2, "\(connections.map(\.flow))")
        for c in tls {
            #expect(c.flow.upgrade == .postgres)
            #expect(c.observation.serverCertificates.count == syntheticDER.count, "\(c.flow)")
        }
        // The mail session is no TLS: it is reported as plain text where STARTTLS belonged.
        let plain = connections.filter { $0.observation.clientHello == nil }
        #expect(plain.count == 1 && plain.first?.flow.upgrade == .smtp, "\(connections.map(\.flow))")
        #expect(plain.first?.findings.map(\.code) == [.tlsStartTLSNotUsed])
    }

    /// A refused upgrade is reported though no TLS followed: the SMTP server's 454 and
    /// PostgreSQL's 'N' quoted, as tls.starttls_refused; a session that never asked is not.
    @Test func aRefusedUpgradeIsReportedWithTheServersAnswer() throws {
        var smtp = TCPConversation(clientPort: 40300, serverPort: 25)
        var packets = smtp.open()
        packets += smtp.send(Self.lines(["220 mail.shop.lan ESMTP"]), from: .server)
        packets += smtp.send(Self.lines(["EHLO client"]), from: .client)
        packets += smtp.send(Self.lines(["250 mail.shop.lan"]), from: .server)
        packets += smtp.send(Self.lines(["STARTTLS"]), from: .client)
        packets += smtp.send(Self.lines(["454 4.7.0 TLS not available"]), from: .server)
        packets += smtp.send(Self.lines(["QUIT"]), from: .client)
        packets += smtp.send(Self.lines(["221 Bye"]), from: .server)
        packets += smtp.close()
        var pg = TCPConversation(clientPort: 40301, serverPort: 5432)
        packets += pg.open()
        packets += pg.send([0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F], from: .client)
        packets += pg.send([UInt8(ascii: "N")], from: .server)
        packets += pg.send([0, 0, 0, 9, 0, 3, 0, 0, 0], from: .client)
        packets += pg.close()
        var plain = TCPConversation(clientPort: 40302, serverPort: 25)
        packets += plain.open()
        packets += plain.send(Self.lines(["220 mail ESMTP"]), from: .server)
        packets += plain.send(Self.lines(["EHLO client", "QUIT"]), from: .client)
        packets += plain.send(Self.lines(["250 mail", "221 Bye"]), from: .server)
        packets += plain.close()
        let (connections, statistics) = try analyze(packets)
        #expect(connections.count == 2, "\(connections.map(\.flow))")
        #expect(statistics.refusedUpgrades == 2)
        let mail = try #require(connections.first { $0.flow.upgrade == .smtp })
        let finding = try #require(
            mail.findings.first { $0.code == .tlsStartTLSRefused },
            "\(mail.findings.map(\.code))"
        )
        #expect(finding.evidence["reply"] == .string("454 4.7.0 TLS not available"))
        #expect(!mail.findings.contains { $0.code == .captureIncompleteHandshake })
        let postgres = try #require(connections.first { $0.flow.upgrade == .postgres })
        #expect(postgres.findings.first { $0.code == .tlsStartTLSRefused }?.evidence["reply"] == .string("N"))
    }

    /// A capture: SMTP's prelude, then TLS on the same connection, and a SOCKS5 tunnel.
    @Test func aCaptureReportsTheTLSAfterThePreludeAndNamesIt() throws {
        let t = SyntheticTLS.tls12(chain: syntheticDER)
        var smtp = TCPConversation()
        var packets = smtp.open()
        packets += smtp.send(Self.lines(["220 mail.shop.lan ESMTP"]), from: .server)
        packets += smtp.send(Self.lines(["EHLO client"]), from: .client)
        packets += smtp.send(Self.lines(["250-mail.shop.lan", "250 STARTTLS"]), from: .server)
        packets += smtp.send(Self.lines(["STARTTLS"]), from: .client)
        packets += smtp.send(Self.lines(["220 2.0.0 Ready to start TLS"]), from: .server)
        packets += smtp.send(t.clientHello, from: .client)
        packets += smtp.send(t.serverFlight, from: .server)
        packets += smtp.close()
        var socks = TCPConversation(clientPort: 40100)
        var tunnel = socks.open()
        tunnel += socks.send([5, 1, 0], from: .client)
        tunnel += socks.send([5, 0], from: .server)
        tunnel += socks.send([5, 1, 0, 1, 10, 0, 0, 5, 0x01, 0xBB], from: .client)
        tunnel += socks.send([5, 0, 0, 1, 0, 0, 0, 0, 0, 0], from: .server)
        tunnel += socks.send(t.clientHello, from: .client)
        tunnel += socks.send(t.serverFlight, from: .server)
        tunnel += socks.close()
        let (connections, _) = try analyze(packets + tunnel)
        #expect(connections.count == 2)
        let mail = try #require(connections.first { $0.flow.upgrade != nil })
        #expect(mail.flow.upgrade == .smtp)
        #expect(mail.observation.clientHello?.sni == "printer.local")
        #expect(mail.observation.serverCertificates.count == syntheticDER.count)
        let proxied = try #require(connections.first { $0.flow.tunnel != nil })
        #expect(proxied.flow.tunnel == .socks5)
        #expect(proxied.observation.serverCertificates.count == syntheticDER.count)
    }

    /// A client that never asked for TLS and went on in plain text: the first command past
    /// the greeting and capabilities is named, and whether the server offered the upgrade
    /// (each protocol's capability listing: RFC 3207 EHLO, RFC 3501 CAPABILITY, RFC 2449
    /// CAPA, RFC 2389 FEAT, MySQL's CLIENT_SSL) is read.
    @Test func aClientThatNeverAskedIsNamedWithItsFirstCommandInTheClear() {
        let cases: [(String, [String], [String], String?, Bool?)] = [
            (
                "smtp", ["EHLO client", "MAIL FROM:<scan@shop.lan>"],
                ["220 mail ESMTP", "250-mail.shop.lan", "250-SIZE 1000", "250 STARTTLS", "250 OK"], "MAIL", true
            ),
            (
                "smtp", ["EHLO client", "AUTH PLAIN AGFkbWluAHNlY3JldA=="],
                ["220 mail ESMTP", "250-mail.shop.lan", "250 AUTH PLAIN", "235 ok"], "AUTH", false
            ),
            ("smtp", ["HELO client", "MAIL FROM:<a@b>"], ["220 mail ESMTP", "250 mail", "250 ok"], "MAIL", nil),
            ("smtp", ["EHLO client", "QUIT"], ["220 mail ESMTP", "250 STARTTLS", "221 bye"], nil, true),
            (
                "imap", ["a1 CAPABILITY", "a2 LOGIN front secret"],
                ["* OK ready", "* CAPABILITY IMAP4rev1 STARTTLS", "a1 OK", "a2 OK"], "LOGIN", true
            ),
            (
                "imap", ["a1 LOGIN front secret"], ["* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ready", "a1 OK"], "LOGIN",
                false
            ),
            ("pop3", ["CAPA", "USER front"], ["+OK ready", "+OK", "USER", "STLS", ".", "+OK"], "USER", true),
            (
                "ftp", ["FEAT", "USER scanner"],
                ["220 FTP ready", "211-Features:", " AUTH TLS", " PBSZ", "211 End", "331 password"], "USER", true
            ),
            (
                "nntp", ["CAPABILITIES", "AUTHINFO USER front"],
                ["200 news", "101 Capability list:", "VERSION 2", "READER", ".", "381 more"], "AUTHINFO", false
            ),
            (
                "irc", ["CAP LS", "NICK front", "USER front 0 * :x"],
                [":irc.shop.lan NOTICE * :hello", ":irc.shop.lan CAP * LS :multi-prefix tls"], "NICK", true
            ),
        ]
        for (name, client, server, command, offered) in cases {
            let reading = Self.read(client: client, server: server)
            #expect(
                reading?.kind == PlaintextProtocol(rawValue: name).map { .upgrade($0) } && reading?.requested == false,
                "\(name): \(String(describing: reading))"
            )
            #expect(reading?.plainCommand == command, "\(name) \(client): \(String(describing: reading))")
            #expect(reading?.wentOnInPlainText == (command != nil), "\(name)")
            if command != nil {
                #expect(reading?.serverOffered == offered, "\(name) \(server): \(String(describing: reading))")
            }
        }
        #expect(Self.read(client: cases[0].1, server: cases[0].2)?.offer == "250 STARTTLS")
        // Review findings: PREAUTH (STARTTLS not allowed, nothing to ask); capabilities seen
        // only after login say nothing of the offer; XMPP's first stanza named.
        #expect(
            Self.read(client: ["a1 SELECT INBOX"], server: ["* PREAUTH ready", "a1 OK"])?.wentOnInPlainText == false
        )
        #expect(
            Self.read(client: ["a1 LOGIN u p"], server: ["* OK ready", "a1 OK [CAPABILITY IMAP4rev1 IDLE] Logged in"])?
                .serverOffered == nil
        )
        let iqFirst = PreludeWatcher.read(
            client: Array(
                "<stream:stream xmlns='jabber:client'><iq type='get' id='1'/><auth mechanism='PLAIN'>x</auth>".utf8
            ),
            server: Array("<stream:stream><stream:features><mechanisms/></stream:features>".utf8)
        )
        #expect(iqFirst?.plainCommand == "iq" && iqFirst?.serverOffered == false)
        // XMPP: SASL in plain text though the stream features offered <starttls/>.
        let xmpp = PreludeWatcher.read(
            client: Array(
                "<?xml version='1.0'?><stream:stream to='shop.lan' xmlns='jabber:client'><auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>AGZyb250AHNlY3JldA==</auth>"
                    .utf8
            ),
            server: Array(
                "<?xml version='1.0'?><stream:stream from='shop.lan'><stream:features><starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'/><mechanisms/></stream:features>"
                    .utf8
            )
        )
        #expect(xmpp?.kind == .upgrade(.xmpp) && xmpp?.plainCommand == "auth" && xmpp?.serverOffered == true)
        // PostgreSQL: a StartupMessage (protocol 3.0, user, database) with no SSLRequest before it.
        let startup: [UInt8] =
            [0, 0, 0, 0x25, 0, 3, 0, 0] + Array("user\u{0}front\u{0}database\u{0}shop\u{0}\u{0}".utf8)
        let postgres = PreludeWatcher.read(client: startup, server: [UInt8(ascii: "R"), 0, 0, 0, 8, 0, 0, 0, 3])
        #expect(
            postgres?.kind == .upgrade(.postgres) && postgres?.plainCommand == "StartupMessage"
                && postgres?.requested == false
        )
        #expect(PreludeWatcher.mayStart(startup, fromClient: true))
        // LDAP: a simple bindRequest (RFC 4511 §4.2) as the first message, no StartTLS.
        let dn = Array("cn=nas,dc=shop,dc=lan".utf8)
        let password = Array("secret".utf8)
        let bindBody: [UInt8] =
            [0x02, 0x01, 0x03, 0x04, UInt8(dn.count)] + dn + [0x80, UInt8(password.count)] + password
        let bindOp: [UInt8] = [0x60, UInt8(bindBody.count)] + bindBody
        let bind: [UInt8] = [0x30, UInt8(3 + bindOp.count), 0x02, 0x01, 0x01] + bindOp
        let ldap = PreludeWatcher.read(
            client: bind,
            server: [0x30, 0x0C, 0x02, 0x01, 0x01, 0x61, 0x07, 0x0A, 0x01, 0x00, 0x04, 0x00, 0x04, 0x00]
        )
        #expect(ldap?.kind == .upgrade(.ldap) && ldap?.plainCommand == "bindRequest")
        // A SASL bind (GSSAPI may seal what follows) and an anonymous simple bind are not
        // reported: no password crosses in the clear.
        let mechanism = Array("GSSAPI".utf8)
        let saslBody: [UInt8] =
            [0x02, 0x01, 0x03, 0x04, 0x00, 0xA3, UInt8(2 + mechanism.count), 0x04, UInt8(mechanism.count)] + mechanism
        let sasl: [UInt8] =
            [0x30, UInt8(5 + 2 + saslBody.count), 0x02, 0x01, 0x01, 0x60, UInt8(saslBody.count)] + saslBody
        #expect(PreludeWatcher.read(client: sasl, server: [])?.plainCommand == nil)
        let anonymousBody: [UInt8] = [0x02, 0x01, 0x03, 0x04, 0x00, 0x80, 0x00]
        let anonymous: [UInt8] =
            [0x30, UInt8(5 + 2 + anonymousBody.count), 0x02, 0x01, 0x01, 0x60, UInt8(anonymousBody.count)]
            + anonymousBody
        #expect(PreludeWatcher.read(client: anonymous, server: [])?.plainCommand == nil)
        // MySQL: the greeting's capability flags offer CLIENT_SSL; the client's
        // HandshakeResponse (sequence 1) does not set it.
        var greeting: [UInt8] =
            [0, 0, 0, 0, 10] + Array("8.0.36\u{0}".utf8) + [1, 0, 0, 0] + [UInt8](repeating: 0x61, count: 8) + [0]
        greeting += [0xFF, 0xFF] + [0x21, 0x02, 0x00]
        greeting[0] = UInt8(greeting.count - 4)
        let response: [UInt8] = [0x20, 0, 0, 1, 0x05, 0xA6, 0x0F, 0x00] + [UInt8](repeating: 0, count: 28)
        let mysql = PreludeWatcher.read(client: response, server: greeting)
        #expect(
            mysql?.kind == .upgrade(.mysql) && mysql?.plainCommand == "HandshakeResponse"
                && mysql?.serverOffered == true
        )
    }

    /// In a capture: an SMTP session that went on in plain text is reported (the finding
    /// names the command and the offer), also when its mail runs past the 64 KiB the prelude
    /// is watched for; one that greeted and quit is not.
    @Test func aSessionInPlainTextIsReportedAsTLSNotUsed() throws {
        var mail = TCPConversation(clientPort: 40400, serverPort: 25)
        var packets = mail.open()
        packets += mail.send(Self.lines(["220 mail.shop.lan ESMTP"]), from: .server)
        packets += mail.send(Self.lines(["EHLO scanner"]), from: .client)
        packets += mail.send(Self.lines(["250-mail.shop.lan", "250 STARTTLS"]), from: .server)
        packets += mail.send(Self.lines(["MAIL FROM:<scan@shop.lan>"]), from: .client)
        packets += mail.send(Self.lines(["250 OK"]), from: .server)
        packets += mail.send(Self.lines(["RCPT TO:<office@shop.lan>", "DATA"]), from: .client)
        packets += mail.send(Self.lines(["250 OK", "354 go ahead"]), from: .server)
        for _ in 0..<60 { packets += mail.send(Self.lines([String(repeating: "QUJDRA", count: 200)]), from: .client) }
        packets += mail.send(Self.lines(["."]), from: .client)
        packets += mail.send(Self.lines(["250 queued"]), from: .server)
        packets += mail.close()
        var quit = TCPConversation(clientPort: 40401, serverPort: 25)
        packets += quit.open()
        packets += quit.send(Self.lines(["220 mail ESMTP"]), from: .server)
        packets += quit.send(Self.lines(["EHLO monitor"]), from: .client)
        packets += quit.send(Self.lines(["250 STARTTLS"]), from: .server)
        packets += quit.send(Self.lines(["QUIT"]), from: .client)
        packets += quit.send(Self.lines(["221 Bye"]), from: .server)
        packets += quit.close()
        let (connections, statistics) = try analyze(packets)
        #expect(connections.count == 1, "\(connections.map(\.flow))")
        #expect(statistics.plaintextSessions == 1)
        let session = try #require(connections.first)
        #expect(session.flow.upgrade == .smtp && session.flow.client.hasSuffix(":40400"))
        let finding = try #require(
            session.findings.first { $0.code == .tlsStartTLSNotUsed },
            "\(session.findings.map(\.code))"
        )
        #expect(finding.evidence["command"] == .string("MAIL"))
        #expect(finding.evidence["server_offered"] == .bool(true))
        #expect(finding.evidence["offer"] == .string("250 STARTTLS"))
        #expect(finding.message.contains("plain text"))
        #expect(session.findings.count == 1, "\(session.findings.map(\.code))")
    }

    /// Review finding: an IMAP session whose client and server both send more than the
    /// 64 KiB a prelude is watched for (an APPEND, then a FETCH) is still reported.
    @Test func aBusySessionPastTheBoundBothWaysIsStillReported() throws {
        var imap = TCPConversation(clientPort: 40500, serverPort: 143)
        var packets = imap.open()
        packets += imap.send(Self.lines(["* OK [CAPABILITY IMAP4rev1 STARTTLS] ready"]), from: .server)
        packets += imap.send(Self.lines(["a1 LOGIN front secret"]), from: .client)
        packets += imap.send(Self.lines(["a1 OK logged in"]), from: .server)
        for _ in 0..<60 { packets += imap.send(Self.lines([String(repeating: "QUJDRA", count: 200)]), from: .client) }
        for _ in 0..<60 {
            packets += imap.send(Self.lines(["* " + String(repeating: "RkVUQ0g", count: 200)]), from: .server)
        }
        packets += imap.close()
        let (connections, statistics) = try analyze(packets)
        #expect(connections.count == 1 && statistics.plaintextSessions == 1, "\(connections.map(\.flow))")
        let finding = try #require(connections.first?.findings.first { $0.code == .tlsStartTLSNotUsed })
        #expect(finding.evidence["command"] == .string("LOGIN"))
        #expect(finding.evidence["server_offered"] == .bool(true))
    }
}
