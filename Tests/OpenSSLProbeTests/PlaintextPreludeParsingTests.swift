import Foundation
import Testing
import TestSupport
import TLSModel
@testable import OpenSSLProbe
@testable import LiveNetwork

/// The small parsers of `--starttls` (an LDAP ExtendedResponse, MySQL's greeting, BER
/// lengths), the stapled-OCSP reader and `--dtls`'s message rewriting: real answers read right, and every prefix and
/// random garbage read without a trap.
@Suite struct PlaintextPreludeParsingTests {
    /// An ExtendedResponse for message 1: resultCode, empty matchedDN, diagnosticMessage, responseName.
    static func ldapResponse(code: UInt8, message: String) -> [UInt8] {
        func tlv(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] { [tag, UInt8(contents.count)] + contents }
        let result =
            tlv(0x0A, [code]) + tlv(0x04, []) + tlv(0x04, Array(message.utf8))
            + tlv(0x8A, Array("1.3.6.1.4.1.1466.20037".utf8))
        return tlv(0x30, tlv(0x02, [1]) + tlv(0x78, result))
    }

    static let mysqlGreeting: [UInt8] =
        [0x0A] + Array("8.0.36\u{0}".utf8) + [7, 0, 0, 0] + Array("abcdefgh".utf8) + [
            0x00, 0xFF, 0xFF, 0x21, 0x02, 0x00,
        ]

    @Test func anLDAPResultIsRead() throws {
        let success = try #require(LDAPResult(Self.ldapResponse(code: 0, message: "")))
        #expect(success.code == 0)
        #expect(success.text == "resultCode 0 (success)")
        let refused = try #require(LDAPResult(Self.ldapResponse(code: 2, message: "unsupported extended operation")))
        #expect(refused.code == 2)
        #expect(refused.text == "resultCode 2 (protocolError): unsupported extended operation")
    }

    @Test func mysqlsGreetingIsRead() throws {
        let greeting = try #require(MySQLGreeting(Self.mysqlGreeting))
        #expect(greeting.serverVersion == "8.0.36")
        #expect(greeting.capabilities == 0xFFFF)
        #expect(
            MySQLGreeting([0xFF, 0x15, 0x04] + Array("#HY000Host blocked".utf8)) == nil,
            "an error packet is no greeting"
        )
    }

    /// A DTLS ClientHello: version, random, a 1-byte session id, a 3-byte cookie, the rest.
    static let dtlsClientHello: [UInt8] = {
        let body: [UInt8] =
            [0xFE, 0xFD] + [UInt8](repeating: 7, count: 32) + [1, 0xAA] + [3, 0xC0, 0x0C, 0x1E] + [
                0, 2, 0xC0, 0x2F, 1, 0,
            ]
        let n = body.count
        return [1, 0, 0, UInt8(n), 0, 0, 0, 0, 0, 0, 0, UInt8(n)] + body
    }()

    @Test func aDTLSClientHelloLosesItsHeaderAndCookie() throws {
        let tls = try #require(DTLSMessages.tlsForm(Self.dtlsClientHello))
        let expectedBody: [UInt8] =
            [0xFE, 0xFD] + [UInt8](repeating: 7, count: 32) + [1, 0xAA] + [0, 2, 0xC0, 0x2F, 1, 0]
        #expect(tls == [1, 0, 0, UInt8(expectedBody.count)] + expectedBody)
        // A HelloVerifyRequest has no TLS form; a fragment is not a whole message.
        #expect(DTLSMessages.tlsForm([3, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 3, 0xFE, 0xFF, 0]) == nil)
        #expect(DTLSMessages.tlsForm([2, 0, 0, 4, 0, 1, 0, 0, 2, 0, 0, 2, 0, 0]) == nil)
    }

    @Test func everyPrefixAndGarbageIsReadWithoutATrap() {
        for end in 0...Self.dtlsClientHello.count {
            let prefix = Array(Self.dtlsClientHello[0..<end])
            let form = DTLSMessages.tlsForm(prefix)
            if end < Self.dtlsClientHello.count { #expect(form == nil, "a cut message has no TLS form (\(end) bytes)") }
        }
        let inputs = [
            Self.ldapResponse(code: 0, message: "ok"),
            Self.ldapResponse(code: 53, message: String(repeating: "x", count: 100)), Self.mysqlGreeting,
        ]
        for input in inputs {
            for end in 0...input.count {
                let prefix = Array(input[0..<end])
                _ = LDAPResult(prefix)
                _ = MySQLGreeting(prefix)
                _ = BER.element(prefix[...])
                _ = OCSPStapleReader.read(prefix, length: prefix.count, chain: [])
                if end < input.count && input == inputs[0] {
                    #expect(LDAPResult(prefix) == nil, "a cut message is not a result (\(end) bytes)")
                }
            }
        }
        var random = SplitMix64(seed: 12)
        for _ in 0..<2000 {
            let length = Int(random.next() % 64)
            var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if random.next() % 2 == 0, !bytes.isEmpty { bytes[0] = 0x30 }
            _ = LDAPResult(bytes)
            _ = MySQLGreeting(bytes)
            _ = BER.element(bytes[...])
            _ = BER.length(bytes[...])
            _ = OCSPStapleReader.read(bytes, length: bytes.count, chain: [])
            _ = DTLSMessages.tlsForm(bytes)
            _ = DTLSMessages.tlsForm([1, 0, 0, UInt8(bytes.count), 0, 0, 0, 0, 0, 0, 0, UInt8(bytes.count)] + bytes)
        }
        // Long-form lengths beyond the bytes, and beyond 4 bytes, are refused.
        #expect(BER.element([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x00][...]) == nil)
        #expect(BER.length([0x85, 1, 1, 1, 1, 1][...]) == nil)
        let bodyless = OCSPStapleReader.read([0x30, 0x03, 0x0A, 0x01, 0x00], length: 5, chain: [])
        #expect(bodyless.responseStatus == "successful")
        #expect(bodyless.certificateStatus == nil && bodyless.detail == "no response body")
        #expect(
            OCSPStapleReader.read([0xFF, 0xFF], length: 2, chain: []).responseStatus
                == "malformed (not an OCSPResponse)"
        )
        // Over the bound: stapled, its size, not read.
        let large = OCSPStapleReader.read(nil, length: OCSPStapleReader.maximumBytes + 1, chain: [])
        #expect(large.stapled && large.bytes == OCSPStapleReader.maximumBytes + 1)
        #expect(large.detail?.hasPrefix("not read") == true && large.responseStatus == nil)
    }
}
