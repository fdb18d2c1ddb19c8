import Foundation
import Testing
import TestSupport
import TLSDiagnosis

/// PEM blocks are written as OpenSSL writes them: Base64 in lines of 64 columns, each
/// ended by a newline. `openssl base64` is the reference for the lines.
@Suite struct PEMEncodingTests {
    @Test func linesAreOpenSSLsForEveryLengthAroundALineBoundary() throws {
        var generator = SplitMix64(seed: 18)
        for length in [0, 1, 2, 3, 46, 47, 48, 49, 50, 95, 96, 97, 144, 1000, 1500] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let openssl = try Run.process("openssl", ["base64", "-e"], stdin: Data(bytes))
            try #require(openssl.status == 0, "\(openssl.stderr)")
            let expected = "-----BEGIN TEST BLOCK-----\n" + openssl.stdout + "-----END TEST BLOCK-----\n"
            #expect(PEM.encode(bytes, label: "TEST BLOCK") == expected, "length \(length)")
        }
    }
}
