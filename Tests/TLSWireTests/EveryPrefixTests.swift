import Testing
import TLSWire

/// A cut-down ClientHello, enough to exercise nested vectors the way real parsers will.
///
///     struct {
///         ProtocolVersion legacy_version = 0x0303;
///         Random random;                                  /* 32 bytes */
///         opaque legacy_session_id<0..32>;
///         CipherSuite cipher_suites<2..2^16-2>;
///         opaque legacy_compression_methods<1..2^8-1>;
///         Extension extensions<8..2^16-1>;
///     } ClientHello;
private struct MiniHello: Equatable {
    var version: ProtocolVersion
    var sessionID: [UInt8]
    var suites: [CipherSuite]
    var compression: [UInt8]
    var extensions: [(ExtensionType, [UInt8])]

    static func == (lhs: MiniHello, rhs: MiniHello) -> Bool {
        lhs.version == rhs.version && lhs.sessionID == rhs.sessionID && lhs.suites == rhs.suites
            && lhs.compression == rhs.compression
            && lhs.extensions.map(\.0) == rhs.extensions.map(\.0)
            && lhs.extensions.map(\.1) == rhs.extensions.map(\.1)
    }

    static func parse(_ reader: inout ByteReader) throws(WireError) -> MiniHello {
        try reader.transaction { (r: inout ByteReader) throws(WireError) in
            let version = ProtocolVersion(try r.readUInt16("legacy_version"))
            try r.skip(32, "random")
            var session = try r.readVector(prefixLength: 1, max: 32, "legacy_session_id")
            let sessionID = session.readRest()
            let suites = try r.readUInt16List(prefixLength: 2, min: 2, max: 0xFFFE, "cipher_suites").map {
                CipherSuite($0)
            }
            var compressionReader = try r.readVector(prefixLength: 1, min: 1, max: 255, "legacy_compression_methods")
            let compression = compressionReader.readRest()
            var extensionsReader = try r.readVector(prefixLength: 2, max: 0xFFFF, "extensions")
            var extensions: [(ExtensionType, [UInt8])] = []
            while !extensionsReader.isAtEnd {
                let type = ExtensionType(try extensionsReader.readUInt16("extension_type"))
                var data = try extensionsReader.readVector(prefixLength: 2, max: 0xFFFF, "extension_data")
                extensions.append((type, data.readRest()))
            }
            try extensionsReader.expectEnd("extensions")
            return MiniHello(
                version: version,
                sessionID: sessionID,
                suites: suites,
                compression: compression,
                extensions: extensions
            )
        }
    }
}

private let sample: [UInt8] = {
    var bytes: [UInt8] = [0x03, 0x03] + Array(repeating: 0x42, count: 32)
    bytes += [0x04, 0xDE, 0xAD, 0xBE, 0xEF]  // session id
    bytes += [0x00, 0x06, 0x3A, 0x3A, 0x13, 0x01, 0xC0, 0x2F]  // GREASE, AES-128-GCM, ECDHE-RSA
    bytes += [0x01, 0x00]  // null compression
    let sni: [UInt8] = [0x00, 0x0C, 0x00, 0x00, 0x09] + Array("10.0.0.5x".utf8)
    let versions: [UInt8] = [0x02, 0x03, 0x04]
    var extensions: [UInt8] = [0x00, 0x00, UInt8(sni.count >> 8), UInt8(sni.count & 0xFF)] + sni
    extensions += [0x00, 0x2B, 0x00, UInt8(versions.count)] + versions
    extensions += [0x0A, 0x0A, 0x00, 0x00]  // GREASE extension, empty
    bytes += [UInt8(extensions.count >> 8), UInt8(extensions.count & 0xFF)] + extensions
    return bytes
}()

@Suite struct EveryPrefixTests {
    @Test func parsesTheWholeSample() throws {
        var reader = ByteReader(sample)
        let hello = try MiniHello.parse(&reader)
        #expect(reader.isAtEnd)
        #expect(hello.version == .tls12)
        #expect(hello.sessionID == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(hello.suites == [CipherSuite(0x3A3A), .tlsAES128GCMSHA256, .ecdheRSAWithAES128GCMSHA256])
        #expect(hello.suites[0].isGREASE)
        #expect(hello.extensions.map(\.0) == [.serverName, .supportedVersions, ExtensionType(0x0A0A)])
    }

    @Test func everyTruncationNeedsMoreBytesAndNeverTraps() {
        for length in 0..<sample.count {
            var reader = ByteReader(Array(sample.prefix(length)))
            do {
                _ = try MiniHello.parse(&reader)
                Issue.record("prefix of \(length) bytes parsed")
            } catch {
                #expect(error.kind == .needMoreBytes, "prefix \(length): \(error)")
                #expect(reader.offset == 0, "prefix \(length) moved the cursor")
            }
        }
    }

    @Test func everyTruncationOfACompleteMessageIsMalformed() {
        for length in 0..<sample.count {
            var reader = ByteReader(Array(sample.prefix(length)), isComplete: true)
            #expect(throws: WireError.self) { try MiniHello.parse(&reader) }
        }
    }

    @Test func everySingleByteCorruptionFailsCleanlyOrParses() {
        // Hostile input: each byte replaced by 0x00 and by 0xFF. No value may trap; any
        // failure must name a field inside the buffer.
        for index in sample.indices {
            for replacement: UInt8 in [0x00, 0xFF] {
                var bytes = sample
                bytes[index] = replacement
                var reader = ByteReader(bytes)
                do {
                    _ = try MiniHello.parse(&reader)
                } catch {
                    #expect(error.offset >= 0 && error.offset <= bytes.count)
                    #expect(!error.field.isEmpty)
                    #expect(reader.offset == 0)
                }
            }
        }
    }
}
