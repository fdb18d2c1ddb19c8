/// A ClientHello with everything the client sent, in the client's order: cipher suites
/// and extensions with GREASE values, duplicates and unknown types kept.
///
/// Typed views of the extensions are in `ClientHello+Accessors.swift`.
public struct ClientHello: Hashable, Sendable {
    /// `legacy_version` (TLS 1.3 clients send 0x0303 and list versions in `supported_versions`).
    public var legacyVersion: ProtocolVersion
    /// `random`: 32 bytes. For an SSLv2-compatible hello, the challenge right-aligned and
    /// padded with zeros (RFC 5246 Appendix E.2).
    public var random: [UInt8]
    /// `legacy_session_id`.
    public var legacySessionID: [UInt8]
    /// `cipher_suites`, in the client's order, GREASE and signalling values included.
    public var cipherSuites: [CipherSuite]
    /// `legacy_compression_methods`.
    public var legacyCompressionMethods: [UInt8]
    /// `extensions`, in order, duplicates and unknown types included. Empty when the
    /// hello has no extensions block (allowed before TLS 1.3).
    public var extensions: [Extension]
    /// Present when the hello arrived in SSLv2-compatible form.
    public var sslv2: SSLv2CompatibleHello?

    public init(
        legacyVersion: ProtocolVersion,
        random: [UInt8],
        legacySessionID: [UInt8],
        cipherSuites: [CipherSuite],
        legacyCompressionMethods: [UInt8],
        extensions: [Extension],
        sslv2: SSLv2CompatibleHello? = nil
    ) {
        self.legacyVersion = legacyVersion
        self.random = random
        self.legacySessionID = legacySessionID
        self.cipherSuites = cipherSuites
        self.legacyCompressionMethods = legacyCompressionMethods
        self.extensions = extensions
        self.sslv2 = sslv2
    }

    /// Parses a `client_hello` message.
    ///
    /// RFC 8446 §4.1.2:
    ///
    ///     uint16 ProtocolVersion;
    ///     opaque Random[32];
    ///
    ///     uint8 CipherSuite[2];    /* Cryptographic suite selector */
    ///
    ///     struct {
    ///         ProtocolVersion legacy_version = 0x0303;    /* TLS v1.2 */
    ///         Random random;
    ///         opaque legacy_session_id<0..32>;
    ///         CipherSuite cipher_suites<2..2^16-2>;
    ///         opaque legacy_compression_methods<1..2^8-1>;
    ///         Extension extensions<8..2^16-1>;
    ///     } ClientHello;
    ///
    /// RFC 5246 §7.4.1.2 allowed the extensions block to be absent, or empty
    /// (`Extension extensions<0..2^16-1>`): both are accepted, for old clients.
    public init(_ message: RawHandshakeMessage) throws(WireError) {
        try expectType(message, .clientHello)
        var reader = message.bodyReader()
        legacyVersion = ProtocolVersion(try reader.readUInt16("legacy_version"))
        random = try reader.readBytes(32, "random")
        var sessionID = try reader.readVector(prefixLength: 1, max: 32, "legacy_session_id")
        legacySessionID = sessionID.readRest()
        cipherSuites = try reader.readUInt16List(prefixLength: 2, min: 2, max: 0xFFFE, "cipher_suites")
            .map { CipherSuite($0) }
        var compression = try reader.readVector(prefixLength: 1, min: 1, max: 0xFF, "legacy_compression_methods")
        legacyCompressionMethods = compression.readRest()
        extensions = try reader.isAtEnd ? [] : Extension.readList(&reader)
        try reader.expectEnd("client_hello")
        sslv2 = nil
    }

    /// Converts an SSLv2-compatible CLIENT-HELLO, given from `msg_type` on (after the
    /// two-byte record header), into a ClientHello (RFC 5246 Appendix E.2):
    ///
    ///     uint8 V2CipherSpec[3];
    ///     struct {
    ///         uint16 msg_length;
    ///         uint8 msg_type;
    ///         Version version;
    ///         uint16 cipher_spec_length;
    ///         uint16 session_id_length;
    ///         uint16 challenge_length;
    ///         V2CipherSpec cipher_specs[V2ClientHello.cipher_spec_length];
    ///         opaque session_id[V2ClientHello.session_id_length];
    ///         opaque challenge[V2ClientHello.challenge_length;
    ///     } V2ClientHello;
    ///
    /// Cipher specs whose first byte is zero are TLS cipher suites and go to
    /// `cipherSuites`; all specs are kept in `sslv2.cipherSpecs`. Offsets in errors count
    /// from the stream's first byte (the message starts at offset 2).
    public init(sslv2Message message: [UInt8]) throws(WireError) {
        var reader = ByteReader(message[...], isComplete: true, offsetBase: 2)
        let type = try reader.readUInt8("msg_type")
        guard type == 1 else {
            throw WireError(
                .malformed,
                field: "msg_type",
                offset: 2,
                detail: "SSLv2 message type \(type) is not CLIENT-HELLO (1)"
            )
        }
        let version = ProtocolVersion(try reader.readUInt16("version"))
        let specLength = Int(try reader.readUInt16("cipher_spec_length"))
        let sessionIDLength = Int(try reader.readUInt16("session_id_length"))
        let challengeLengthOffset = reader.offset
        let challengeLength = Int(try reader.readUInt16("challenge_length"))
        guard specLength > 0, specLength % 3 == 0 else {
            throw WireError(
                .malformed,
                field: "cipher_spec_length",
                offset: 5,
                detail: "\(specLength) is not a positive multiple of 3"
            )
        }
        guard sessionIDLength == 0 || sessionIDLength == 16 else {
            throw WireError(
                .malformed,
                field: "session_id_length",
                offset: 7,
                detail: "\(sessionIDLength) is neither 0 nor 16"
            )
        }
        guard (16...32).contains(challengeLength) else {
            throw WireError(
                .malformed,
                field: "challenge_length",
                offset: challengeLengthOffset,
                detail: "\(challengeLength) is outside 16...32"
            )
        }
        var specs: [UInt32] = []
        var specReader = ByteReader(
            try reader.readSlice(specLength, "cipher_specs"),
            isComplete: true,
            offsetBase: reader.offset - specLength
        )
        while !specReader.isAtEnd { specs.append(try specReader.readUInt24("cipher_specs")) }
        let sessionID = try reader.readBytes(sessionIDLength, "session_id")
        let challenge = try reader.readBytes(challengeLength, "challenge")
        try reader.expectEnd("v2_client_hello")

        legacyVersion = version
        random = [UInt8](repeating: 0, count: 32 - challenge.count) + challenge
        legacySessionID = sessionID
        cipherSuites = specs.filter { $0 >> 16 == 0 }.map { CipherSuite(UInt16(truncatingIfNeeded: $0)) }
        legacyCompressionMethods = [0]
        extensions = []
        sslv2 = SSLv2CompatibleHello(cipherSpecs: specs, challenge: challenge)
    }
}

/// What an SSLv2-compatible ClientHello carried that a TLS ClientHello cannot.
public struct SSLv2CompatibleHello: Hashable, Sendable {
    /// Every `V2CipherSpec` (3 bytes) in order; those starting with a zero byte are TLS suites.
    public var cipherSpecs: [UInt32]
    /// The challenge as sent (16 to 32 bytes).
    public var challenge: [UInt8]

    public init(cipherSpecs: [UInt32], challenge: [UInt8]) {
        self.cipherSpecs = cipherSpecs
        self.challenge = challenge
    }
}

/// Throws unless `message` has `type`: a decoder handed the wrong message is a caller bug
/// made visible, not a trap.
func expectType(_ message: RawHandshakeMessage, _ type: HandshakeType) throws(WireError) {
    guard message.type == type else {
        throw WireError(
            .malformed,
            field: "msg_type",
            offset: 0,
            detail: "expected \(type), got \(message.type)"
        )
    }
}
