import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import tlsprobe

/// `connect TARGET --option value …` is read without the argument parser (Connect.plain, for
/// connect's time). Each plain form must make the very command the parser makes of the same
/// line, property by property; anything else must be left to the parser.
@Suite struct ConnectFastPathTests {
    /// A command's every property as the parser's property wrappers hold it. A property the
    /// fast path forgot to set shows as the wrapper's definition instead of a value.
    static func properties(_ command: Connect) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    static func parsed(_ line: [String]) throws -> Connect {
        try #require(try TLSProbe.parseAsRoot(line) as? Connect, "\(line)")
    }

    static let plainLines: [[String]] = [
        ["connect", "127.0.0.1:4433"],
        ["connect", "printer.local"],
        ["connect", "[::1]:8443", "--anchor", "root.pem"],
        ["connect", "--anchor", "a.pem", "10.0.0.5:4433", "--anchor", "b.pem", "--json"],
        ["connect", "10.0.0.5:4433", "--anchors", "dir", "--system-anchors", "--host", "printer.local"],
        ["connect", "10.0.0.5:4433", "--at", "2026-11-21", "--profile", "apple", "--sni", "printer.local", "--alpn", "h2,http/1.1"],
        ["connect", "10.0.0.5:4433", "--no-sni", "--min-version", "1.0", "--max-version", "tls1_2", "--timeout", "2.5"],
        ["connect", "10.0.0.5:4433", "--keylog", "keys.log", "--versions", "--ciphers", "--pin", "sha256/" + String(repeating: "A", count: 43) + "=", "--pin", "sha256/" + String(repeating: "B", count: 43) + "="],
        ["connect", "mail.local", "--starttls", "smtp", "--known-hosts", "hosts", "--save-chain", "chain.pem"],
        ["connect", "db.local:5432", "--starttls", "auto"],
        ["connect", "10.0.0.5:4433", "--identity", "ipad.p12", "--password-env", "P12_PASSWORD", "--no-color", "--verbose"],
        ["connect", "10.0.0.5:4433", "--cert", "c.pem", "--key", "k.pem", "--password-file", "pw", "--brief", "--fail-on", "warning"],
        ["connect", "hue-bridge.local:5684", "--dtls", "--fail-on", "never", "--profile", "openssl"],
    ]

    @Test(arguments: plainLines.indices)
    func aPlainLineIsTheParsersCommand(_ index: Int) throws {
        let line = Self.plainLines[index]
        let fast = try #require(Connect.plain(line[...]), "the fast path left \(line) to the parser")
        let text = Self.properties(fast)
        #expect(!text.contains("definition"), "\(line): a property the fast path did not set:\n\(text)")
        #expect(text == Self.properties(try Self.parsed(line)), "\(line)")
    }

    /// Lines the fast path leaves to the parser: other spellings, values that look like
    /// options, repeats, help, values the option refuses, lines that fail validation.
    static let parserLines: [[String]] = [
        ["connect"],
        ["connect", "--anchor", "root.pem"],
        ["connect", "a:1", "b:2"],
        ["connect", "a:1", "--timeout=5"],
        ["connect", "a:1", "--timeout", "-1"],
        ["connect", "a:1", "--host", "-x"],
        ["connect", "a:1", "--anchor"],
        ["connect", "a:1", "--", "b"],
        ["connect", "--", "a:1"],
        ["connect", "-", "--anchor", "r.pem"],
        ["connect", "help"],
        ["connect", "a:1", "--help"],
        ["connect", "a:1", "-h"],
        ["connect", "a:1", "--version"],
        ["connect", "a:1", "--host", "x", "--host", "y"],
        ["connect", "a:1", "--json", "--json"],
        ["connect", "a:1", "--profile", "android"],
        ["connect", "a:1", "--timeout", "soon"],
        ["connect", "a:1", "--min-version", "2.0"],
        ["connect", "a:1", "--starttls", "gopher"],
        ["connect", "a:1", "--fail-on", "info"],
        ["connect", "a:1", "--password", "secret"],
        ["connect", "a:1", "--bogus"],
        ["connect", "a:1", "--sni", "10.0.0.5"],
        ["connect", "a:1", "--brief", "--json"],
        ["connect", "a:1", "--sni", "x", "--no-sni"],
        ["connect", "a:1", "--timeout", "0"],
        ["connect", "a:1", "--dtls", "--versions"],
        ["connect", "a:1", "--cert", "c.pem"],
        ["connect", "a:1", "--min-version", "1.3", "--max-version", "1.2"],
        ["connect", "a:1", "--password-env", "P", "--password-file", "f"],
        ["connect", "a:1", "--at", "yesterday"],
        ["connect", "a:99999"],
        ["scan", "a:1"],
        ["explain", "a:1"],
    ]

    @Test func otherLinesAreLeftToTheParser() throws {
        for line in Self.parserLines {
            #expect(Connect.plain(line[...]) == nil, "\(line)")
        }
    }

    /// What the binary prints and how it exits are the same by both roads: a plain line and
    /// the same line with one option spelled `--name=value`, which the parser reads.
    /// Text output counts the days to each certificate's expiry from the moment it runs, and
    /// the test chain is issued a whole number of days from now: two runs a moment apart may
    /// straddle the day. Only that count is set aside.
    static func sameDay(_ text: String) -> String {
        text.replacingOccurrences(of: #"expires in \d+ [a-z]+"#, with: "expires in N days", options: .regularExpression)
    }

    @Test func theBinaryAnswersAlikeByBothRoads() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        for extra in [["--json"], [], ["--brief"]] {
            let fast = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--timeout", "10"] + extra, timeout: 30)
            let parsed = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--timeout=10"] + extra, timeout: 30)
            #expect(fast.status == 0 && parsed.status == 0, "\(fast.stderr) \(parsed.stderr)")
            #expect(Self.sameDay(fast.stdout) == Self.sameDay(parsed.stdout), "\(extra)")
            #expect(fast.stderr == parsed.stderr, "\(extra)")
            #expect(fast.stdout.contains("TRUSTED") || fast.stdout.contains("\"trusted\":true") || fast.stdout.contains("\"trusted\": true"), "\(fast.stdout)")
        }
        // A failing trust decision (the name the client expects is not the certificate's)
        // exits 1 by both roads, and says so alike.
        let mismatch = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--host", "scanner.local"], timeout: 30)
        let mismatchParsed = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--host=scanner.local"], timeout: 30)
        #expect(mismatch.status == 1 && mismatchParsed.status == 1, "\(mismatch.stdout)")
        #expect(Self.sameDay(mismatch.stdout) == Self.sameDay(mismatchParsed.stdout) && mismatch.stderr == mismatchParsed.stderr)
        #expect(mismatch.stdout.contains("name.mismatch"), "\(mismatch.stdout)")
        // A line that fails validation is left to the parser, which prints why and exits 64.
        let refused = try Run.tlsprobe(["connect", server.address, "--sni", "10.0.0.5"], timeout: 30)
        #expect(refused.status == 64 && refused.stderr.contains("Usage: tlsprobe connect"), "\(refused.stderr)")
    }

    /// The binary reads the plain forms without the parser (TLSProbe.plainCommand, which
    /// main asks first), and only those.
    @Test func mainTakesThePlainFormsWithoutTheParser() {
        #expect(TLSProbe.plainCommand(["connect", "127.0.0.1:4433", "--anchor", "root.pem"]) is Connect)
        #expect(TLSProbe.plainCommand(["explain", "unknown_ca"]) is Explain)
        #expect(TLSProbe.plainCommand(["connect", "127.0.0.1:4433", "--timeout=5"]) == nil)
        #expect(TLSProbe.plainCommand(["scan", "127.0.0.1"]) == nil)
        #expect(TLSProbe.plainCommand(["--version"]) == nil)
    }
}
