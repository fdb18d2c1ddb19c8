/// The JA3 client fingerprint's input string (salesforce/ja3, BSD-3-Clause):
/// `SSLVersion,Ciphers,Extensions,EllipticCurves,EllipticCurvePointFormats`, decimal
/// values joined by `-`, GREASE values (RFC 8701) left out of every list. The fingerprint
/// is the MD5 of `string`; TLSWire has no hash functions, so `ClientHelloFingerprint` in
/// TLSDiagnosis computes it.
///
/// As the reference implementation (`python/ja3/ja3.py`) does: `SSLVersion` is the
/// hello's `legacy_version`; extensions are listed in wire order with duplicates; the
/// curves and point formats come from the last `supported_groups` and `ec_point_formats`
/// extension; a list that is absent or cannot be decoded leaves its field empty.
public struct JA3: Hashable, Sendable {
    /// `SSLVersion`: `legacy_version`.
    public var version: UInt16
    /// Cipher suites in order, GREASE removed.
    public var ciphers: [UInt16]
    /// Extension types in order, GREASE removed, duplicates kept.
    public var extensions: [UInt16]
    /// `supported_groups` in order, GREASE removed.
    public var ellipticCurves: [UInt16]
    /// `ec_point_formats` in order.
    public var ellipticCurvePointFormats: [UInt8]

    /// JA3 fields given directly (from another parser, or a published example).
    public init(
        version: UInt16,
        ciphers: [UInt16],
        extensions: [UInt16],
        ellipticCurves: [UInt16],
        ellipticCurvePointFormats: [UInt8]
    ) {
        self.version = version
        self.ciphers = ciphers
        self.extensions = extensions
        self.ellipticCurves = ellipticCurves
        self.ellipticCurvePointFormats = ellipticCurvePointFormats
    }

    /// Gathers the fields from `hello`.
    public init(_ hello: ClientHello) {
        version = hello.legacyVersion.rawValue
        ciphers = hello.cipherSuites.map(\.rawValue).filter { !GREASE.isGREASE($0) }
        extensions = hello.extensions.map(\.type.rawValue).filter { !GREASE.isGREASE($0) }
        let groups = hello.extensions.all(.supportedGroups).last.flatMap { try? $0.namedGroupList() } ?? []
        ellipticCurves = groups.map(\.rawValue).filter { !GREASE.isGREASE($0) }
        let formats = hello.extensions.all(.ecPointFormats).last.flatMap { try? $0.ecPointFormatList() } ?? []
        ellipticCurvePointFormats = formats.map(\.rawValue)
    }

    /// `771,4865-4866-4867-49195,0-23-65281-10-11,29-23-24,0`: the string JA3 hashes.
    public var string: String {
        func join<T: BinaryInteger>(_ values: [T]) -> String { values.map { String($0) }.joined(separator: "-") }
        return [
            String(version), join(ciphers), join(extensions), join(ellipticCurves),
            join(ellipticCurvePointFormats),
        ].joined(separator: ",")
    }
}

extension ClientHello {
    /// The JA3 fields of this hello.
    public var ja3: JA3 { JA3(self) }
}
