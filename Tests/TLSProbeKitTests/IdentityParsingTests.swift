import Foundation
import Testing
import TestSupport
@testable import TLSProbeKit

/// What identity parses: `--host`, `--permit-ip`, and the CA directory's files. Every prefix
/// and garbage gives a value or a clear refusal, never a crash.
@Suite struct IdentityParsingTests {
    @Test(arguments: [
        ("10.0.0.5", IdentityHost.ip([10, 0, 0, 5])),
        ("::1", IdentityHost.ip([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
        ("[::1]", IdentityHost.ip([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
        ("Printer.Local.", IdentityHost.dns("printer.local")),
        ("*.shop.local", IdentityHost.dns("*.shop.local")),
    ])
    func hostsBecomeTheRightSANType(text: String, expected: IdentityHost) throws {
        #expect(try IdentityHost.parse(text).get() == expected)
    }

    @Test(arguments: ["10.0.0.5:4433", "[::1]:443", "printer.local:631", "fe80::1%eth0", "http://printer.local", "", " ",
                      "*.local", "a..b", "-bad.local", "printer local", "10.0.0.256", "1.2.3", "x.*.local", "ünï.local"])
    func hostsThatCannotBeASANAreRefused(text: String) {
        #expect(throws: IdentityUsageError.self) { try IdentityHost.parse(text).get() }
    }

    @Test func rangesAreAddressAndPrefix() {
        let range = IdentityIPRange.parse("10.1.2.3/8")
        #expect(range?.constraintBytes == [10, 0, 0, 0, 255, 0, 0, 0])
        #expect(IdentityIPRange.parse("fd00::/8")?.constraintBytes.count == 32)
        for bad in ["10.0.0.0", "10.0.0.0/33", "10.0.0.0/-1", "/8", "10.0.0.0/", "::/129", "10.0.0.0/8/8", "10.0.0.0/0008"] {
            #expect(IdentityIPRange.parse(bad) == nil, "\(bad)")
        }
    }

    /// Every prefix of real inputs, and random bytes, through every parser.
    @Test func everyPrefixAndGarbage() throws {
        let chain = TestPKI.chain()
        let inputs = ["printer.local", "[fd00::5]:443", "10.0.0.0/8", "*.shop.local", chain.root.pem, chain.leaf.keyPEM]
        var random = SplitMix64(seed: 15)
        var texts: [String] = []
        for input in inputs {
            let bytes = Array(input.utf8)
            for end in 0...bytes.count { texts.append(String(decoding: bytes[..<end], as: UTF8.self)) }
        }
        for _ in 0..<200 {
            let count = Int(random.next() % 300)
            texts.append(String(decoding: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, as: UTF8.self))
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
}
