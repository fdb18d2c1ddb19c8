import Crypto
import SystemCalls
import TLSWire

/// What a cipher suite needs to open its records: the AEAD, its key length, and the hash of
/// its key schedule. Only the AEADs swift-crypto provides: AES-GCM and ChaCha20-Poly1305.
struct SuiteParameters: Hashable, Sendable {
    enum AEAD: Hashable, Sendable {
        case aes128GCM, aes256GCM, chacha20Poly1305

        var keyLength: Int { self == .aes128GCM ? 16 : 32 }
    }

    enum Hash: Hashable, Sendable {
        case sha256, sha384

        var length: Int { self == .sha256 ? 32 : 48 }
    }

    var aead: AEAD
    var hash: Hash

    /// The tag every AEAD here appends (RFC 5116 §5.1, RFC 8439 §2.8).
    static let tagLength = 16

    /// The parameters of `suite`, or nil when tlsprobe does not decrypt it (CCM, CBC and
    /// stream suites, ARIA, Camellia, unknown values).
    ///
    /// TLS 1.3 (RFC 8446 §B.4): TLS_AES_128_GCM_SHA256, TLS_AES_256_GCM_SHA384,
    /// TLS_CHACHA20_POLY1305_SHA256. TLS 1.2: every `_WITH_AES_128_GCM_SHA256`,
    /// `_WITH_AES_256_GCM_SHA384` (RFC 5288, RFC 5289) and `_WITH_CHACHA20_POLY1305_SHA256`
    /// (RFC 7905) suite, whatever its key exchange; the name's hash is the PRF's.
    init?(_ suite: CipherSuite) {
        guard let name = suite.name else { return nil }
        if name == "TLS_AES_128_GCM_SHA256" || name.hasSuffix("_WITH_AES_128_GCM_SHA256") {
            self.init(aead: .aes128GCM, hash: .sha256)
        } else if name == "TLS_AES_256_GCM_SHA384" || name.hasSuffix("_WITH_AES_256_GCM_SHA384") {
            self.init(aead: .aes256GCM, hash: .sha384)
        } else if name == "TLS_CHACHA20_POLY1305_SHA256" || name.hasSuffix("_WITH_CHACHA20_POLY1305_SHA256") {
            self.init(aead: .chacha20Poly1305, hash: .sha256)
        } else {
            return nil
        }
    }

    init(aead: AEAD, hash: Hash) {
        self.aead = aead
        self.hash = hash
    }
}

/// The key derivations a capture needs, on swift-crypto's HKDF and HMAC.
enum KeySchedule {
    /// RFC 8446 §7.1:
    ///
    ///     HKDF-Expand-Label(Secret, Label, Context, Length) =
    ///          HKDF-Expand(Secret, HkdfLabel, Length)
    ///
    ///     struct {
    ///         uint16 length = Length;
    ///         opaque label<7..255> = "tls13 " + Label;
    ///         opaque context<0..255> = Context;
    ///     } HkdfLabel;
    static func hkdfExpandLabel(
        secret: [UInt8],
        label: String,
        context: [UInt8] = [],
        length: Int,
        hash: SuiteParameters.Hash
    ) -> [UInt8] {
        let fullLabel = Array("tls13 \(label)".utf8)
        var info: [UInt8] = [UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length)]
        info.append(UInt8(truncatingIfNeeded: fullLabel.count))
        info += fullLabel
        info.append(UInt8(truncatingIfNeeded: context.count))
        info += context
        let key: SymmetricKey
        switch hash {
        case .sha256: key = HKDF<SHA256>.expand(pseudoRandomKey: secret, info: info, outputByteCount: length)
        case .sha384: key = HKDF<SHA384>.expand(pseudoRandomKey: secret, info: info, outputByteCount: length)
        }
        return key.withUnsafeBytes { Array($0) }
    }

    /// RFC 8446 §7.3: a traffic secret's write key and IV.
    ///
    ///     [sender]_write_key = HKDF-Expand-Label(Secret, "key", "", key_length)
    ///     [sender]_write_iv  = HKDF-Expand-Label(Secret, "iv", "", iv_length)
    static func trafficKeys(secret: [UInt8], suite: SuiteParameters) -> (key: [UInt8], iv: [UInt8]) {
        (
            hkdfExpandLabel(secret: secret, label: "key", length: suite.aead.keyLength, hash: suite.hash),
            hkdfExpandLabel(secret: secret, label: "iv", length: 12, hash: suite.hash)
        )
    }

    /// RFC 8446 §7.2: the next generation of a traffic secret, after a KeyUpdate.
    ///
    ///     application_traffic_secret_N+1 =
    ///         HKDF-Expand-Label(application_traffic_secret_N, "traffic upd", "", Hash.length)
    static func nextTrafficSecret(_ secret: [UInt8], hash: SuiteParameters.Hash) -> [UInt8] {
        hkdfExpandLabel(secret: secret, label: "traffic upd", length: hash.length, hash: hash)
    }

    /// RFC 5246 §5, the TLS 1.2 PRF:
    ///
    ///     PRF(secret, label, seed) = P_<hash>(secret, label + seed)
    ///     P_hash(secret, seed) = HMAC_hash(secret, A(1) + seed) +
    ///                            HMAC_hash(secret, A(2) + seed) + ...
    ///     A(0) = seed, A(i) = HMAC_hash(secret, A(i-1))
    static func prf(secret: [UInt8], label: String, seed: [UInt8], length: Int, hash: SuiteParameters.Hash) -> [UInt8] {
        switch hash {
        case .sha256: return pHash(SHA256.self, secret: secret, seed: Array(label.utf8) + seed, length: length)
        case .sha384: return pHash(SHA384.self, secret: secret, seed: Array(label.utf8) + seed, length: length)
        }
    }

    private static func pHash<H: HashFunction>(_: H.Type, secret: [UInt8], seed: [UInt8], length: Int) -> [UInt8] {
        let key = SymmetricKey(data: secret)
        var output: [UInt8] = []
        output.reserveCapacity(length + H.Digest.byteCount)
        var a = seed
        while output.count < length {
            a = Array(HMAC<H>.authenticationCode(for: a, using: key))
            output += Array(HMAC<H>.authenticationCode(for: a + seed, using: key))
        }
        return Array(output.prefix(length))
    }

    /// RFC 5246 §6.3 for the AEAD suites (RFC 5288 §3, RFC 7905 §2): no MAC keys, then
    /// the client and server write keys, then the client and server write IVs (4 bytes of
    /// implicit nonce for AES-GCM, 12 for ChaCha20-Poly1305).
    ///
    ///     key_block = PRF(SecurityParameters.master_secret, "key expansion",
    ///                     SecurityParameters.server_random + SecurityParameters.client_random);
    static func tls12Keys(
        masterSecret: [UInt8],
        clientRandom: [UInt8],
        serverRandom: [UInt8],
        suite: SuiteParameters
    ) -> (client: (key: [UInt8], iv: [UInt8]), server: (key: [UInt8], iv: [UInt8])) {
        let keyLength = suite.aead.keyLength
        let ivLength = suite.aead == .chacha20Poly1305 ? 12 : 4
        let block = prf(
            secret: masterSecret,
            label: "key expansion",
            seed: serverRandom + clientRandom,
            length: 2 * keyLength + 2 * ivLength,
            hash: suite.hash
        )
        let clientKey = Array(block[0..<keyLength])
        let serverKey = Array(block[keyLength..<(2 * keyLength)])
        let clientIV = Array(block[(2 * keyLength)..<(2 * keyLength + ivLength)])
        let serverIV = Array(block[(2 * keyLength + ivLength)..<(2 * keyLength + 2 * ivLength)])
        return ((clientKey, clientIV), (serverKey, serverIV))
    }
}
