import Foundation
import Testing
import TestSupport
import OpenSSLProbe
@testable import TLSProbeKit
import SafeFiles

/// What identity parses: `--host`, `--permit-ip`, and the CA directory's files. Every prefix
/// and garbage gives a value or a clear refusal, never a crash.
@Suite struct IdentityParsingTests {
    @Test(arguments: [
        ("10.0.0.5", IdentityHost.ip([10, 0, 0, 5])),
        ("::1", IdentityHost.ip([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
        ("[::1]", IdentityHost.ip([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
        ("Printer.Local.", IdentityHost.dns("printer.local")),
        ("*.shop.local", IdentityHost.dns("*.shop.local")),
        // IPv4-mapped: the IPv4 address a client dialling it checks.
        ("::ffff:10.0.0.9", IdentityHost.ip([10, 0, 0, 9])),
        ("[::ffff:a00:9]", IdentityHost.ip([10, 0, 0, 9])),
        ("::ffff:0:a00:9", IdentityHost.ip([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 10, 0, 0, 9])),
    ])
    func hostsBecomeTheRightSANType(text: String, expected: IdentityHost) throws {
        #expect(try IdentityHost.parse(text).get() == expected)
    }

    @Test(arguments: [
        "10.0.0.5:4433", "[::1]:443", "printer.local:631", "fe80::1%eth0", "http://printer.local", "", " ",
        "*.local", "a..b", "-bad.local", "printer local", "10.0.0.256", "1.2.3", "x.*.local", "ünï.local",
    ])
    func hostsThatCannotBeASANAreRefused(text: String) {
        #expect(throws: IdentityUsageError.self) { try IdentityHost.parse(text).get() }
    }

    @Test func rangesAreAddressAndPrefix() {
        let range = IdentityIPRange.parse("10.1.2.3/8")
        #expect(range?.constraintBytes == [10, 0, 0, 0, 255, 0, 0, 0])
        #expect(IdentityIPRange.parse("fd00::/8")?.constraintBytes.count == 32)
        #expect(IdentityIPRange.parse("10.1.2.3/8")?.text == "10.0.0.0/8")
        #expect(
            IdentityIPRange.parse("::ffff:10.0.0.0/104") == IdentityIPRange(address: [10, 0, 0, 0], prefixLength: 8)
        )
        #expect(IdentityIPRange.everyIPv4.constraintBytes == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(IdentityIPRange.everyIPv6.constraintBytes == [UInt8](repeating: 0, count: 32))
        for bad in [
            "10.0.0.0", "10.0.0.0/33", "10.0.0.0/-1", "/8", "10.0.0.0/", "::/129", "10.0.0.0/8/8", "10.0.0.0/0008",
        ] {
            #expect(IdentityIPRange.parse(bad) == nil, "\(bad)")
        }
    }

    /// Every prefix of real inputs, and random bytes, through every parser.
    @Test func everyPrefixAndGarbage() throws {
        let chain = TestPKI.chain()
        let inputs = [
            "printer.local", "[fd00::5]:443", "10.0.0.0/8", "*.shop.local", chain.root.pem, chain.leaf.keyPEM,
        ]
        var random = SplitMix64(seed: 15)
        var texts: [String] = []
        for input in inputs {
            let bytes = Array(input.utf8)
            for end in 0...bytes.count { texts.append(String(decoding: bytes[..<end], as: UTF8.self)) }
        }
        for _ in 0..<200 {
            let count = Int(random.next() % 300)
            texts.append(
                String(decoding: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, as: UTF8.self)
            )
        }
        let dir = TemporaryDirectory()
        for (index, text) in texts.enumerated() {
            _ = IdentityHost.parse(text)
            _ = IdentityIPRange.parse(text)
            _ = try? IdentityKey(pem: text)
            // The CA files: a clear error, never a crash.
            let file = dir.write("file-\(index % 8).pem", text)
            if let error = Self.failure({ _ = try IdentitySession.readCertificate(file) }), text != chain.root.pem {
                #expect(error.contains(file), "\(error)")
            }
            _ = Self.failure({ _ = try IdentitySession.readKey(file, password: { _ in nil }) })
        }
    }

    static func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// OpenSSL's test for a Common Name that is a host name (cn2dnsid in v3_ncons.c).
    @Test func hostNameLikeCommonNames() {
        for name in ["10.0.0.6", "printer.local", "ipad.shop.example", "a_b.c", "x-y.z"] {
            #expect(IdentityHost.looksLikeHostName(name), "\(name)")
        }
        for name in [
            "front-desk-ipad", "tlsprobe server 10.0.0.6", ".local", "local.", "a..b", "a-.b", "a.-b", "-a.b", "",
            "ipad (2).local", "::1",
        ] {
            #expect(!IdentityHost.looksLikeHostName(name), "\(name)")
        }
        #expect(IdentityMaker.serverCommonName([.ip([10, 0, 0, 6]), .dns("printer.local")]) == "printer.local")
        let addressOnly = IdentityMaker.serverCommonName([.ip([10, 0, 0, 6])])
        #expect(addressOnly == "tlsprobe server 10.0.0.6" && !IdentityHost.looksLikeHostName(addressOnly))
        let v6 = IdentityMaker.serverCommonName([.ip([UInt8](repeating: 0xfd, count: 16))])
        #expect(v6.count <= 64 && !IdentityHost.looksLikeHostName(v6), "\(v6)")
    }

    /// A run that fails after creating --out and its parents removes them.
    @Test func aFailedWriteRemovesTheDirectoriesItCreated() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("new/deeper/out")
        // A file in a subdirectory nobody creates: its temporary file cannot be made.
        let files = [SafeFiles.NewFiles.File(path: out + "/missing/x.pem", bytes: Array("x".utf8), mode: 0o644)]
        #expect(throws: IdentityError.self) { try IdentitySession.write(files, in: out, force: false) }
        #expect(!FileManager.default.fileExists(atPath: dir.file("new")), "the directories it created stayed")
        #expect(FileManager.default.fileExists(atPath: dir.path))
    }
}
