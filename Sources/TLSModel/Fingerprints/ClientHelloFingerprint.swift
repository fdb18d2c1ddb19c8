import SystemCalls
import Crypto
import TLSWire

/// A ClientHello's JA3 and JA4 fingerprints: TLSWire's deterministic strings, hashed.
///
/// JA3 (salesforce/ja3): the MD5 of `JA3.string`. JA4 (FoxIO-LLC/ja4, the TLS client
/// fingerprint only): `JA4_a`, then the first 12 hex digits of SHA-256 over the sorted
/// cipher list and over the extension and signature algorithm list.
public struct ClientHelloFingerprint: Sendable, Hashable {
    /// The JA3 string: `771,4865-4866-…,0-23-…,29-23-24,0`.
    public var ja3: String
    /// MD5 of `ja3`, lowercase hex: the JA3 fingerprint.
    public var ja3Hash: String
    /// The JA4 fingerprint: `t13d1516h2_8daaf6152771_e5627efa2ab1`.
    public var ja4: String
    /// `ja4_r`: JA4 with the sorted lists in place of their hashes.
    public var ja4Raw: String
    /// `ja4_o`: JA4 over the lists in wire order (SNI and ALPN kept).
    public var ja4Original: String
    /// `ja4_ro`: `ja4_o` with the lists in place of their hashes.
    public var ja4RawOriginal: String

    /// The fingerprints of `hello`, which travelled over `transport` (TCP for tlsprobe).
    public init(_ hello: ClientHello, transport: JA4.Transport = .tcp) {
        self.init(ja3: JA3(hello), ja4: JA4(hello, transport: transport))
    }

    /// The fingerprints of JA3 and JA4 parts gathered elsewhere. The same few clients
    /// make most hellos in a capture: their hashes are remembered (`memo`), those of an
    /// ordinary hello only (a hostile one with thousands of suites would hold megabytes).
    public init(ja3 fields: JA3, ja4: JA4) {
        let ja3 = fields.string
        // JA4's lists hold the signature algorithms too, which JA3 does not.
        guard ja3.utf8.count <= Self.maxMemoLength, ja4.rawOriginal.utf8.count <= Self.maxMemoLength else {
            self.init(computing: ja3, ja4: ja4)
            return
        }
        let key = MemoKey(ja3: ja3, ja4: ja4)
        if let known = Self.memo.value(for: key) {
            self = known
            return
        }
        self.init(computing: ja3, ja4: ja4)
        Self.memo.store(self, for: key)
    }

    private init(computing ja3: String, ja4: JA4) {
        self.ja3 = ja3
        self.ja3Hash = Self.md5Hex(ja3)
        self.ja4 = ja4.fingerprint(sha256Hex: Self.sha256Hex)
        self.ja4Raw = ja4.raw
        self.ja4Original = ja4.originalFingerprint(sha256Hex: Self.sha256Hex)
        self.ja4RawOriginal = ja4.rawOriginal
    }

    /// Lowercase hex MD5 of `text`'s UTF-8 bytes (JA3 hashes its string this way).
    public static func md5Hex(_ text: String) -> String {
        Hex.encode(Insecure.MD5.hash(data: Array(text.utf8)))
    }

    /// Lowercase hex SHA-256 of `text`'s UTF-8 bytes.
    public static func sha256Hex(_ text: String) -> String {
        Hex.encode(SHA256.hash(data: Array(text.utf8)))
    }

    /// Fingerprints by the parts they are a pure function of.
    static let memo = BoundedMemo<MemoKey, ClientHelloFingerprint>(capacity: 256)

    struct MemoKey: Hashable, Sendable {
        var ja3: String
        var ja4: JA4
    }

    /// The longest JA3 string (and JA4 list) remembered: a browser's is under 1,000
    /// characters.
    static let maxMemoLength = 4096
}

extension BoundedMemo where Key == ClientHelloFingerprint.MemoKey {
    /// Whether fingerprints of these parts are remembered.
    func contains(ja3: String, ja4: JA4) -> Bool { value(for: Key(ja3: ja3, ja4: ja4)) != nil }
}
