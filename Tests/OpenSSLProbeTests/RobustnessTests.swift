import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import OpenSSLProbe

/// Every prefix and random byte flips of each format: the loader must never trap, and
/// every failure must be a LoadError that names the file and says something.
@Suite struct RobustnessTests {
    /// One sample per format, made by the real tools where users make them so.
    static let samples: [(name: String, bytes: [UInt8])] = {
        do {
            let scratch = try Scratch()
            let chain = TestPKI.chain()
            let rsa = TestPKI.issue(
                {
                    var spec = TestPKI.Spec.server("rsa.local")
                    spec.key = .rsa(bits: 2048)
                    return spec
                }()
            )
            try scratch.write("leaf.pem", chain.leaf.pem)
            try scratch.write("leaf.key", chain.leaf.keyPEM)
            try scratch.write("rsa.key", rsa.keyPEM)
            try OpenSSLTool.run(
                [
                    "pkcs12", "-export", "-in", "leaf.pem", "-inkey", "leaf.key", "-out", "modern.p12", "-passout",
                    "pass:pw",
                ],
                in: scratch
            )
            try OpenSSLTool.run(
                [
                    "pkcs12", "-export", "-legacy", "-in", "leaf.pem", "-inkey", "leaf.key", "-out", "legacy.p12",
                    "-passout", "pass:pw",
                ],
                in: scratch
            )
            try OpenSSLTool.run(
                ["pkcs8", "-topk8", "-nocrypt", "-in", "leaf.key", "-outform", "DER", "-out", "pkcs8.der"],
                in: scratch
            )
            try OpenSSLTool.run(
                ["pkey", "-in", "leaf.key", "-aes256", "-passout", "pass:pw", "-out", "enc.pem"],
                in: scratch
            )
            try OpenSSLTool.run(
                ["pkcs8", "-topk8", "-in", "leaf.key", "-passout", "pass:pw", "-outform", "DER", "-out", "enc.der"],
                in: scratch
            )
            try OpenSSLTool.run(["ec", "-in", "leaf.key", "-outform", "DER", "-out", "sec1.der"], in: scratch)
            try OpenSSLTool.run(["ec", "-in", "leaf.key", "-out", "sec1.pem"], in: scratch)
            try OpenSSLTool.run(
                ["rsa", "-in", "rsa.key", "-traditional", "-outform", "DER", "-out", "pkcs1.der"],
                in: scratch
            )
            try OpenSSLTool.run(
                ["ec", "-in", "leaf.key", "-aes128", "-passout", "pass:pw", "-out", "legacy.pem"],
                in: scratch
            )
            return [
                ("cert.pem", Array(chain.leaf.pem.utf8)),
                ("cert.der", chain.leaf.der),
                ("modern.p12", try scratch.read("modern.p12")),
                ("legacy.p12", try scratch.read("legacy.p12")),
                ("pkcs8.pem", Array(chain.leaf.keyPEM.utf8)),
                ("pkcs8.der", try scratch.read("pkcs8.der")),
                ("enc.pem", try scratch.read("enc.pem")),
                ("enc.der", try scratch.read("enc.der")),
                ("sec1.der", try scratch.read("sec1.der")),
                ("sec1.pem", try scratch.read("sec1.pem")),
                ("pkcs1.der", try scratch.read("pkcs1.der")),
                ("legacy.pem", try scratch.read("legacy.pem")),
            ]
        } catch {
            Issue.record("could not make samples: \(error)")
            return []
        }
    }()

    static let password: PasswordProvider = { _ in "pw" }

    @Test func everySampleLoadsWhole() throws {
        #expect(Self.samples.count == 12)
        for (name, bytes) in Self.samples {
            let file = try CredentialFile.load(bytes: bytes, name: name, expecting: .anything, password: Self.password)
            #expect(!file.certificates.isEmpty || !file.keys.isEmpty, "\(name)")
        }
    }

    @Test(arguments: 0..<12)
    func rejectsEveryTruncation(sample index: Int) throws {
        let (name, bytes) = try #require(Self.samples.indices.contains(index) ? Self.samples[index] : nil)
        let isPEM = PEM.containsPEM(bytes)
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            do {
                let file = try CredentialFile.load(
                    bytes: prefix,
                    name: name,
                    expecting: .anything,
                    password: Self.password
                )
                // Only PEM text may legitimately load short: the whole block, less trailing white space.
                #expect(isPEM, "\(name): a \(length)-byte prefix loaded")
                #expect(!file.certificates.isEmpty || !file.keys.isEmpty)
                #expect(length >= bytes.count - 1, "\(name): a \(length)-byte prefix of \(bytes.count) loaded")
            } catch {
                #expect(error.description.hasPrefix("\(name): "), "\(error)")
                #expect(error.description.count > name.count + 10, "\(error)")
                if length == 0 { #expect(error.kind == .empty) }
            }
        }
    }

    @Test(arguments: 0..<12)
    func survivesByteFlips(sample index: Int) throws {
        let (name, bytes) = try #require(Self.samples.indices.contains(index) ? Self.samples[index] : nil)
        var generator = SplitMix64(seed: 0x7115_0BE + UInt64(index))
        for _ in 0..<150 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<mutated.count, using: &generator)
                mutated[position] ^= UInt8.random(in: 1...255, using: &generator)
            }
            do {
                _ = try CredentialFile.load(bytes: mutated, name: name, expecting: .anything, password: Self.password)
            } catch {
                #expect(error.description.hasPrefix("\(name): "), "\(error)")
            }
        }
    }

    @Test func rejectsGarbage() {
        var generator = SplitMix64(seed: 42)
        for length in [1, 2, 3, 16, 100, 4096] {
            for first in [UInt8(0x30), 0x00, 0xFF] {
                var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                bytes[0] = first
                let error = loadError { () throws(LoadError) in
                    try CredentialFile.load(bytes: bytes, name: "junk.bin", expecting: .anything, password: noPassword)
                }
                #expect(error?.kind == .malformed, "\(length) bytes starting \(first)")
                #expect(error?.description.hasPrefix("junk.bin: ") == true)
            }
        }
        // A DER header that promises more than there is.
        let cut = loadError { () throws(LoadError) in
            try CredentialFile.load(
                bytes: [0x30, 0x82, 0x04, 0x00, 0x02, 0x01],
                name: "cut.der",
                expecting: .anything,
                password: noPassword
            )
        }
        #expect(cut?.description == "cut.der: the DER data is cut short: it declares 1028 bytes and the file holds 6")
    }
}
