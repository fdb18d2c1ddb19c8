import Foundation
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeOutput

/// An arbitrary set of certificates through the trust engine, as `verify` runs it:
///
///     byte 0        bits 0-2: how many of the last certificates are anchors (0-7),
///                   bits 3-4: the profile, bits 5-7: the expected name and purpose
///     then          DER elements back to back (tag, length, contents); each that parses
///                   as a certificate is used, in order: the first is the leaf, then what
///                   the peer presented, then the anchors
///
/// Paths are built, validated and explained; OpenSSL's verdict runs beside on the same
/// input; the report is rendered both ways. A trap, or a search that does not finish, is a
/// bug: the peer chooses every certificate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let control = bytes.first else { return 0 }
    var certificates: [X509Certificate] = []
    var index = 1
    while index < bytes.count, certificates.count < 300, let end = elementEnd(bytes, at: index) {
        if let certificate = try? X509Certificate(derEncoded: Array(bytes[index..<end])) {
            certificates.append(certificate)
        }
        index = end
    }
    guard let leaf = certificates.first else { return 0 }
    let anchorCount = min(Int(control & 0x07), certificates.count - 1)
    let presented = Array(certificates[1..<(certificates.count - anchorCount)])
    let anchors = certificates.suffix(anchorCount).enumerated().map {
        TrustAnchor(certificate: $0.element, source: "anchor\($0.offset).pem")
    }
    let (name, purpose) = expectations[Int(control >> 5)]
    let context = TrustContext(
        at: Date(timeIntervalSince1970: 1_767_225_600),
        expectedName: name.map { ExpectedName(parsing: $0) },
        purpose: purpose,
        profile: Profile.all[Int(control >> 3 & 0x03) % Profile.all.count]
    )
    let openssl =
        anchors.isEmpty
        ? nil
        : OpenSSLVerification.verify(
            leaf: leaf,
            presented: presented,
            anchors: anchors.map(\.certificate),
            context: context
        )
    let report = OfflineDiagnosis.verify(
        files: ["fuzz.pem"],
        leaf: leaf,
        presented: presented,
        anchors: anchors,
        context: context,
        host: name,
        openssl: openssl
    )
    _ = ReportJSON.json(report).serialized(pretty: false)
    _ = renderer.render(report)
    return 0
}

/// Where the DER element starting at `start` ends (definite lengths up to 4 bytes), or nil.
private func elementEnd(_ bytes: [UInt8], at start: Int) -> Int? {
    guard start + 2 <= bytes.count else { return nil }
    let first = Int(bytes[start + 1])
    var length = first
    var header = 2
    if first & 0x80 != 0 {
        let count = first & 0x7F
        guard count >= 1, count <= 4, start + 2 + count <= bytes.count else { return nil }
        length = 0
        for byte in bytes[(start + 2)..<(start + 2 + count)] { length = length << 8 | Int(byte) }
        header += count
    }
    let end = start + header + length
    return end <= bytes.count ? end : nil
}

private let expectations: [(String?, Purpose)] = [
    (nil, .server), ("printer.local", .server), ("10.0.0.5", .server), ("www.example.com", .server),
    ("::1", .server), (nil, .client), ("client.local", .client), ("localhost", .server),
]
private let renderer = TextRenderer(style: TextStyle(color: false, width: 100))
