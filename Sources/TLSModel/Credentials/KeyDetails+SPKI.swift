import Crypto
import SystemCalls
import SwiftASN1

extension KeyDescription {
    /// Describes the key in a DER SubjectPublicKeyInfo exactly as a certificate's `key`
    /// would, so a private key and its certificate read the same ("EC P-256").
    public init(spkiDER: [UInt8]) {
        guard let node = try? DER.parse(spkiDER) else {
            self.init(type: "unreadable", bits: nil)
            return
        }
        var anomalies: [X509Anomaly] = []
        self = KeyDescription.read(spki: node, anomalies: &anomalies).0
    }
}

extension KeyDetails {
    /// Details of a private key from its public half's SubjectPublicKeyInfo DER: the key
    /// description, `spkiSHA256` and `pin` computed as `X509Certificate` computes them.
    public init(location: String, format: String, spkiDER: [UInt8]) {
        let digest = SHA256.hash(data: spkiDER)
        self.init(
            location: location,
            format: format,
            key: KeyDescription(spkiDER: spkiDER),
            spkiSHA256: Hex.encode(digest),
            pin: "sha256/" + Data(digest).base64EncodedString()
        )
    }
}
