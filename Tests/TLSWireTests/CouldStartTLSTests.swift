import Testing
import TLSWire

/// A live peer's first bytes are judged by the same rule a capture finds TLS with: what
/// `connect` and `listen` call "not TLS" is what `capture` would not take for TLS.
@Suite struct CouldStartTLSTests {
    @Test func everyPrefixOfARealStreamCouldStartTLS() {
        for stream in [RealHandshakes.tls12ClientStream, RealHandshakes.tls13ServerStream] {
            for n in 0...5 {
                #expect(RecordParser.couldStartTLS(stream.prefix(n)), "prefix of \(n) bytes")
            }
            #expect(RecordParser.couldStartTLS(stream) == RecordParser.looksLikeTLS(stream))
        }
    }

    @Test func otherProtocolsAreToldApartFromTheFirstBytesThatDiffer() {
        for text in [
            "HTTP/1.1 400 Bad Request\r\n", "SSH-2.0-OpenSSH_9.2\r\n", "220 printer ESMTP\r\n", "GET / HTTP/1.1\r\n",
        ] {
            #expect(!RecordParser.couldStartTLS(Array(text.utf8)), "\(text)")
        }
        // A handshake record type, then a version that is not 3.x.
        #expect(!RecordParser.couldStartTLS([0x16, 0x02]))
        // Version 3.9 is no SSL or TLS version.
        #expect(!RecordParser.couldStartTLS([0x16, 0x03, 0x09]))
        // A zero-length record.
        #expect(!RecordParser.couldStartTLS([0x16, 0x03, 0x01, 0x00, 0x00]))
        // An SSLv2 header whose message is not CLIENT-HELLO.
        #expect(!RecordParser.couldStartTLS([0x80, 0x2E, 0x04]))
    }

    @Test func aLivePeersSSLv2ReplyIsSSLNotAnotherProtocol() {
        // An SSLv2 SERVER-HELLO and an SSLv2 ERROR: a capture does not start a TLS stream on
        // them, but a live server that sends them is an old SSL server.
        let serverHello: [UInt8] = [0x80, 0x2E, 0x04, 0x00, 0x01, 0x00, 0x03]
        let error: [UInt8] = [0x80, 0x03, 0x00, 0x00, 0x01]
        for reply in [serverHello, error] {
            #expect(!RecordParser.couldStartTLS(reply))
            #expect(RecordParser.couldStartTLS(reply, anySSLv2Message: true))
        }
        #expect(!RecordParser.couldStartTLS(Array("SSH-2.0".utf8), anySSLv2Message: true))
    }

    @Test func noPrefixOfAHeaderACaptureTakesForTLSIsCalledNotTLS() {
        var headers: [[UInt8]] = []
        for type: UInt8 in 20...24 {
            for minor: UInt8 in 0...4 {
                for length in [1, 2, 517, 16_384, 18_432] {
                    headers.append([type, 3, minor, UInt8(length >> 8), UInt8(length & 0xFF)])
                }
            }
        }
        for version: [UInt8] in [[0, 2], [3, 0], [3, 1], [3, 3], [3, 4]] {
            headers.append([0x80, 0x2E, 0x01] + version)
        }
        for header in headers {
            #expect(RecordParser.looksLikeTLS(header), "\(header)")
            for n in 0...5 {
                #expect(RecordParser.couldStartTLS(header.prefix(n)), "\(header.prefix(n))")
            }
        }
    }
}
