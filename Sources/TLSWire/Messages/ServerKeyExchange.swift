/// A TLS 1.2-and-earlier ServerKeyExchange: the server's ephemeral key parameters and its
/// signature over them. Reports want the group (ECDHE) or the prime's size (DHE).
public struct ServerKeyExchange: Hashable, Sendable {
    /// The key exchange parameters.
    public var parameters: Parameters
    /// `psk_identity_hint` for the PSK key exchanges (RFC 4279, RFC 5489); nil otherwise.
    public var pskIdentityHint: [UInt8]?
    /// The TLS 1.2 `SignatureAndHashAlgorithm` of the signed parameters; nil for
    /// unsigned (anonymous, PSK) exchanges and TLS 1.0/1.1 signatures.
    public var signatureAlgorithm: SignatureScheme?
    /// The signature over the parameters; nil when unsigned.
    public var signature: [UInt8]?
    /// The message body as sent.
    public var body: [UInt8]

    /// The parameters of one key exchange method.
    public enum Parameters: Hashable, Sendable {
        /// ECDHE on a named curve: RFC 8422 `ServerECDHParams`.
        case ecdhe(group: NamedGroup, publicKey: [UInt8])
        /// ECDHE on explicit curve parameters (`curve_type` 1 or 2), deprecated by
        /// RFC 8422 and left undecoded.
        case ecdheExplicitCurve(curveType: UInt8)
        /// Finite-field DHE: RFC 5246 `ServerDHParams` (big-endian integers as sent).
        case dhe(prime: [UInt8], generator: [UInt8], publicKey: [UInt8])
        /// RSA_EXPORT's temporary key: RFC 2246 `ServerRSAParams`.
        case rsa(modulus: [UInt8], exponent: [UInt8])
        /// Plain PSK: only the identity hint.
        case pskOnly
        /// The key exchange was not known and the body fitted no layout tried.
        case undecoded
    }

    public init(
        parameters: Parameters,
        pskIdentityHint: [UInt8]? = nil,
        signatureAlgorithm: SignatureScheme? = nil,
        signature: [UInt8]? = nil,
        body: [UInt8]
    ) {
        self.parameters = parameters
        self.pskIdentityHint = pskIdentityHint
        self.signatureAlgorithm = signatureAlgorithm
        self.signature = signature
        self.body = body
    }

    /// The ECDHE group, for named-curve exchanges.
    public var namedGroup: NamedGroup? {
        if case .ecdhe(let group, _) = parameters { return group }
        return nil
    }

    /// The DHE prime's size in bits (leading zero bits not counted), for DHE exchanges.
    public var dhPrimeBits: Int? {
        guard case .dhe(let prime, _, _) = parameters else { return nil }
        return Self.bitLength(prime)
    }

    /// Parses a `server_key_exchange` message for the key exchange of
    /// `context.cipherSuite`. With no suite known, the ECDHE and then the DHE layout are
    /// tried (signed as `context`'s version signs), and `.undecoded` keeps the body when
    /// neither fits exactly; with a suite known, a body that does not fit is malformed.
    ///
    /// RFC 8422 §5.4 (ECDHE):
    ///
    ///     enum {
    ///         deprecated (1..2),
    ///         named_curve (3),
    ///         reserved(248..255)
    ///     } ECCurveType;
    ///
    ///     struct {
    ///         ECCurveType    curve_type;
    ///         select (curve_type) {
    ///             case named_curve:
    ///                 NamedCurve namedcurve;
    ///         };
    ///     } ECParameters;
    ///
    ///     struct {
    ///         opaque point <1..2^8-1>;
    ///     } ECPoint;
    ///
    ///     struct {
    ///         ECParameters    curve_params;
    ///         ECPoint         public;
    ///     } ServerECDHParams;
    ///
    /// RFC 5246 §7.4.3 (DHE, and the signature that follows both):
    ///
    ///     struct {
    ///         opaque dh_p<1..2^16-1>;
    ///         opaque dh_g<1..2^16-1>;
    ///         opaque dh_Ys<1..2^16-1>;
    ///     } ServerDHParams;     /* Ephemeral DH parameters */
    ///
    ///     struct {
    ///         select (KeyExchangeAlgorithm) {
    ///             case dh_anon:
    ///                 ServerDHParams params;
    ///             case dhe_dss:
    ///             case dhe_rsa:
    ///                 ServerDHParams params;
    ///                 digitally-signed struct {
    ///                     opaque client_random[32];
    ///                     opaque server_random[32];
    ///                     ServerDHParams params;
    ///                 } signed_params;
    ///         };
    ///     } ServerKeyExchange;
    ///
    /// where `digitally-signed` is, in TLS 1.2 (§4.7), a `SignatureAndHashAlgorithm`
    /// followed by `opaque signature<0..2^16-1>`, and in TLS 1.0/1.1 the opaque alone.
    /// RFC 4279 and RFC 5489 put `opaque psk_identity_hint<0..2^16-1>` first for the
    /// PSK exchanges, which are unsigned.
    public init(_ message: RawHandshakeMessage, context: HandshakeContext) throws(WireError) {
        try expectType(message, .serverKeyExchange)
        let method = context.cipherSuite?.keyExchangeMethod ?? .unknown
        let named = context.signaturesNameTheirAlgorithm
        switch method {
        case .ecdhe: self = try Self.read(message, layout: .ecdhe, signed: true, named: named)
        case .ecdhAnon: self = try Self.read(message, layout: .ecdhe, signed: false, named: named)
        case .dhe: self = try Self.read(message, layout: .dhe, signed: true, named: named)
        case .dhAnon: self = try Self.read(message, layout: .dhe, signed: false, named: named)
        case .rsaExport, .rsa: self = try Self.read(message, layout: .rsa, signed: true, named: named)
        case .ecdhePSK: self = try Self.read(message, layout: .ecdhe, signed: false, named: named, psk: true)
        case .dhePSK: self = try Self.read(message, layout: .dhe, signed: false, named: named, psk: true)
        case .psk, .rsaPSK: self = try Self.read(message, layout: .pskOnly, signed: false, named: named, psk: true)
        case .dh, .ecdh, .srp, .tls13, .unknown:
            // A guess must account for every byte: an explicit-curve result stops early
            // and would accept any body starting with 1 or 2 (a DHE prime's length).
            if let ecdhe = try? Self.read(message, layout: .ecdhe, signed: true, named: named),
                ecdhe.namedGroup != nil
            {
                self = ecdhe
            } else if let dhe = try? Self.read(message, layout: .dhe, signed: true, named: named) {
                self = dhe
            } else {
                self = ServerKeyExchange(parameters: .undecoded, body: message.body)
            }
        }
    }

    private enum Layout { case ecdhe, dhe, rsa, pskOnly }

    private static func read(
        _ message: RawHandshakeMessage,
        layout: Layout,
        signed: Bool,
        named: Bool,
        psk: Bool = false
    ) throws(WireError) -> ServerKeyExchange {
        var reader = message.bodyReader()
        var hint: [UInt8]?
        if psk {
            var hintReader = try reader.readVector(prefixLength: 2, max: 0xFFFF, "psk_identity_hint")
            hint = hintReader.readRest()
        }
        let parameters: Parameters
        switch layout {
        case .ecdhe:
            let curveType = try reader.readUInt8("curve_type")
            guard curveType == 3 else {
                // Explicit curves: the layout that follows is not decoded, so stop here.
                return ServerKeyExchange(
                    parameters: .ecdheExplicitCurve(curveType: curveType),
                    pskIdentityHint: hint,
                    body: message.body
                )
            }
            let group = NamedGroup(try reader.readUInt16("namedcurve"))
            var point = try reader.readVector(prefixLength: 1, min: 1, max: 0xFF, "point")
            parameters = .ecdhe(group: group, publicKey: point.readRest())
        case .dhe:
            var p = try reader.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "dh_p")
            var g = try reader.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "dh_g")
            var ys = try reader.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "dh_Ys")
            parameters = .dhe(prime: p.readRest(), generator: g.readRest(), publicKey: ys.readRest())
        case .rsa:
            var modulus = try reader.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "rsa_modulus")
            var exponent = try reader.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "rsa_exponent")
            parameters = .rsa(modulus: modulus.readRest(), exponent: exponent.readRest())
        case .pskOnly:
            parameters = .pskOnly
        }
        var algorithm: SignatureScheme?
        var signature: [UInt8]?
        if signed {
            if named { algorithm = SignatureScheme(try reader.readUInt16("algorithm")) }
            var body = try reader.readVector(prefixLength: 2, max: 0xFFFF, "signature")
            signature = body.readRest()
        }
        try reader.expectEnd("server_key_exchange")
        return ServerKeyExchange(
            parameters: parameters,
            pskIdentityHint: hint,
            signatureAlgorithm: algorithm,
            signature: signature,
            body: message.body
        )
    }

    /// Bits in a big-endian unsigned integer, not counting leading zeros.
    static func bitLength(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.firstIndex(where: { $0 != 0 }) else { return 0 }
        let significant = bytes.count - first - 1
        return significant * 8 + (8 - bytes[first].leadingZeroBitCount)
    }
}
