/// How a memo hashes a certificate's DER: its length, its first 96 bytes (version, serial,
/// signature algorithm, the start of the issuer) and its last 160 (the signature, different
/// for every certificate), in one call each rather than all ~1 KB of it. A capture looks
/// each certificate up once per connection in `CertificateCache` and again in
/// `DiagnosisMemo`. Equality still compares every byte, so certificates that share those
/// bytes (only a crafted set would) cost a comparison each, within the memos' bounds.
public enum DERHash {
    static let head = 96
    static let tail = 160

    public static func hash(_ der: [UInt8], into hasher: inout Hasher) {
        hasher.combine(der.count)
        der.withUnsafeBytes { bytes in
            if bytes.count <= head + tail {
                hasher.combine(bytes: bytes)
            } else {
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<head]))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - tail)...]))
            }
        }
    }
}
