/// ClientHello bytes built by hand, for offers OpenSSL cannot make (a post-quantum key
/// share): one TLS record holding one ClientHello, laid out as Safari's (server_name,
/// extended_master_secret, renegotiation_info, supported_groups, ec_point_formats, ALPN,
/// status_request, signature_algorithms, signed_certificate_timestamp, key_share,
/// psk_key_exchange_modes, supported_versions, compress_certificate).
///
/// The key shares are random values of each group's size: the probes that send these read
/// only the server's first flight (a ServerHello, a HelloRetryRequest, an alert or the end
/// of the connection), so no key exchange is ever completed. An ML-KEM-768 encapsulation key
/// is still well formed (`mlkem768EncapsulationKey`): servers check it (FIPS 203 7.2) and
/// refuse a hello whose key fails.
public enum ClientHelloBuilder {
    /// The size of a client's key share for `group` (RFC 8446 4.2.8.2, RFC 7748,
    /// draft-ietf-tls-ecdhe-mlkem: X25519MLKEM768 is ML-KEM-768's 1,184-byte encapsulation
    /// key then X25519's 32 bytes); nil for a group we send no share for.
    public static func keyShareLength(_ group: NamedGroup) -> Int? {
        switch group {
        case .x25519: 32
        case .x25519MLKEM768: 1_184 + 32
        case .secP256r1MLKEM768: 65 + 1_184
        case .secp256r1: 65
        case .secp384r1: 97
        case .secp521r1: 133
        default: nil
        }
    }

    /// The size of the post-quantum hello the large-hello probe sends, its record header
    /// included: about what iOS 26 and Chrome send (Chrome's GREASE and ECH extensions,
    /// which the builder does not copy, stand as a padding extension, RFC 7685).
    public static let largeHelloLength = 1_700

    /// The TLS record carrying a ClientHello that offers `parameters` (its versions, suites,
    /// signature schemes, groups and a key share for each of `keyShareGroups` that TLS 1.3
    /// is offered with), `serverName` in SNI when given and `alpn`. `random` fills every
    /// random field (client random, session id, key shares). With `paddedTo`, a padding
    /// extension (RFC 7685) makes a shorter record that long (up to 3 bytes more). Nil when
    /// a list or name is too long for its length field or a key share group has no known size.
    public static func record(
        _ parameters: ClientHelloParameters,
        serverName: String?,
        alpn: [String] = ["h2", "http/1.1"],
        paddedTo: Int? = nil,
        random: (Int) -> [UInt8]
    ) -> [UInt8]? {
        guard var body = clientHello(parameters, serverName: serverName, alpn: alpn, padding: nil, random: random)
        else { return nil }
        // Record header 5, handshake header 4, the padding extension's header 4.
        if let target = paddedTo, body.count + 9 < target {
            let padding = max(0, target - body.count - 9 - 4)
            guard
                let padded = clientHello(
                    parameters,
                    serverName: serverName,
                    alpn: alpn,
                    padding: padding,
                    random: random
                )
            else { return nil }
            body = padded
        }
        guard body.count <= 0xFF_FFFF, body.count + 4 <= TLSRecord.maxPlaintextFragmentLength else { return nil }
        var message: [UInt8] = [HandshakeType.clientHello.rawValue]
        appendUInt24(&message, body.count)
        message += body
        // legacy_record_version 0x0301, as clients send for their first record.
        var record: [UInt8] = [ContentType.handshake.rawValue, 0x03, 0x01]
        appendUInt16(&record, message.count)
        return record + message
    }

    /// The ClientHello body (after the handshake header).
    static func clientHello(
        _ p: ClientHelloParameters,
        serverName: String?,
        alpn: [String],
        padding: Int?,
        random: (Int) -> [UInt8]
    ) -> [UInt8]? {
        let offersTLS13 = p.maxVersion >= .tls13
        var body: [UInt8] = [0x03, 0x03]
        body += exactly(32, random(32))
        // A 32-byte legacy_session_id, as TLS 1.3 clients send for middlebox compatibility.
        let sessionID = offersTLS13 ? exactly(32, random(32)) : []
        body.append(UInt8(sessionID.count))
        body += sessionID
        let suites = p.cipherSuites.filter { offersTLS13 || !$0.isTLS13 }
        guard !suites.isEmpty else { return nil }
        guard let suiteList = vector16(suites.flatMap { uint16($0.rawValue) }) else { return nil }
        body += suiteList
        body += [1, 0]  // legacy_compression_methods: null

        var extensions: [UInt8] = []
        func add(_ type: ExtensionType, _ data: [UInt8]) -> Bool {
            guard data.count <= 0xFFFF else { return false }
            extensions += uint16(type.rawValue)
            appendUInt16(&extensions, data.count)
            extensions += data
            return true
        }
        if let serverName {
            let name = Array(serverName.utf8)
            guard !name.isEmpty, name.count <= 0xFFFF - 5 else { return nil }
            var entry: [UInt8] = [0]  // host_name
            appendUInt16(&entry, name.count)
            entry += name
            guard let list = vector16(entry), add(.serverName, list) else { return nil }
        }
        _ = add(.extendedMasterSecret, [])
        _ = add(.renegotiationInfo, [0])
        guard let groups = vector16(p.groups.flatMap { uint16($0.rawValue) }), add(.supportedGroups, groups)
        else { return nil }
        _ = add(.ecPointFormats, [1, 0])
        if !alpn.isEmpty {
            var names: [UInt8] = []
            for proto in alpn {
                let bytes = Array(proto.utf8)
                guard !bytes.isEmpty, bytes.count <= 0xFF else { return nil }
                names.append(UInt8(bytes.count))
                names += bytes
            }
            guard let list = vector16(names), add(.applicationLayerProtocolNegotiation, list) else { return nil }
        }
        _ = add(.statusRequest, [1, 0, 0, 0, 0])  // ocsp, no responder ids, no extensions
        guard let schemes = vector16(p.signatureSchemes.flatMap { uint16($0.rawValue) }),
            add(.signatureAlgorithms, schemes)
        else { return nil }
        _ = add(.signedCertificateTimestamp, [])
        if offersTLS13 {
            var shares: [UInt8] = []
            for group in p.keyShareGroups {
                guard let length = keyShareLength(group) else { return nil }
                var share: [UInt8]
                switch group {
                // draft-ietf-tls-ecdhe-mlkem: X25519MLKEM768's share is the encapsulation
                // key then X25519's; SecP256r1MLKEM768's is the P-256 point then the key.
                case .x25519MLKEM768: share = mlkem768EncapsulationKey(random: random) + exactly(32, random(32))
                case .secP256r1MLKEM768:
                    share = exactly(65, random(65)) + mlkem768EncapsulationKey(random: random)
                    share[0] = 4
                default: share = exactly(length, random(length))
                }
                // An uncompressed EC point starts with 4.
                if group == .secp256r1 || group == .secp384r1 || group == .secp521r1 { share[0] = 4 }
                shares += uint16(group.rawValue)
                appendUInt16(&shares, share.count)
                shares += share
            }
            guard let list = vector16(shares), add(.keyShare, list) else { return nil }
            _ = add(.pskKeyExchangeModes, [1, 1])  // psk_dhe_ke
        }
        let versions = [ProtocolVersion.tls13, .tls12, .tls11, .tls10].filter {
            $0 >= p.minVersion && $0 <= p.maxVersion
        }
        var versionList: [UInt8] = [UInt8(versions.count * 2)]
        versionList += versions.flatMap { uint16($0.rawValue) }
        _ = add(.supportedVersions, versionList)
        _ = add(.compressCertificate, [2, 0, 1])  // zlib
        if let padding, !add(.padding, Array(repeating: 0, count: padding)) { return nil }
        guard let extensionBlock = vector16(extensions) else { return nil }
        return body + extensionBlock
    }

    /// ML-KEM-768's modulus q (FIPS 203).
    static let mlkemQ = 3_329

    /// A well-formed ML-KEM-768 encapsulation key of random values (FIPS 203): 3 x 256
    /// coefficients drawn uniformly from [0, q), packed 12 bits each, two to three bytes,
    /// little-endian (ByteEncode_12, 1,152 bytes), then a random 32-byte seed rho: 1,184
    /// bytes that pass the encapsulation key check (every coefficient below q) that Go,
    /// OpenSSL 3.5 and BoringSSL run. No one holds its decapsulation key.
    static func mlkem768EncapsulationKey(random: (Int) -> [UInt8]) -> [UInt8] {
        var coefficients: [Int] = []
        coefficients.reserveCapacity(768)
        // Rejection sampling, 12 bits at a time as FIPS 203's SampleNTT reads them: about
        // 81% are kept. A source that keeps giving values >= q (not a random one) is
        // bounded: after that many rounds the rest are reduced mod q.
        var rounds = 0
        while coefficients.count < 768 {
            let bytes = exactly(3, random(3))
            let (b0, b1, b2) = (Int(bytes[0]), Int(bytes[1]), Int(bytes[2]))
            for d in [b0 | (b1 & 0x0F) << 8, b1 >> 4 | b2 << 4] where coefficients.count < 768 {
                if d < mlkemQ {
                    coefficients.append(d)
                } else if rounds >= 4 * 768 {
                    coefficients.append(d % mlkemQ)
                }
            }
            rounds += 1
        }
        var key: [UInt8] = []
        key.reserveCapacity(1_184)
        for i in stride(from: 0, to: 768, by: 2) {
            let (a, b) = (coefficients[i], coefficients[i + 1])
            key += [UInt8(a & 0xFF), UInt8((a >> 8) | (b & 0x0F) << 4), UInt8(b >> 4)]
        }
        return key + exactly(32, random(32))
    }

    private static func exactly(_ count: Int, _ bytes: [UInt8]) -> [UInt8] {
        bytes.count >= count ? Array(bytes.prefix(count)) : bytes + Array(repeating: 0, count: count - bytes.count)
    }

    private static func uint16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    private static func appendUInt16(_ bytes: inout [UInt8], _ value: Int) {
        bytes += [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendUInt24(_ bytes: inout [UInt8], _ value: Int) {
        bytes += [UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func vector16(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count <= 0xFFFF else { return nil }
        var out: [UInt8] = []
        appendUInt16(&out, bytes.count)
        return out + bytes
    }
}
