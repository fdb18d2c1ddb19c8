import Foundation
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeOutput

/// One credential file, whole: sniffed and loaded as `inspect` loads it (PEM with any
/// blocks, DER certificates and keys, PKCS#12 with its MAC and encryption read before the
/// password, encrypted keys), with the password the seeds were made with. Whatever loads is
/// examined as `inspect` does (every key against the first certificate, the lint, both
/// renderings). A failure must be a LoadError that names the file; a trap is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let loaded: LoadedFile
    do {
        loaded = try CredentialFile.load(bytes: bytes, name: "fuzz.bin", expecting: .anything, password: { _ in "pw" })
    } catch {
        guard error.description.hasPrefix("fuzz.bin: ") else {
            fatalError("a load error that does not name the file: \(error)")
        }
        if let pkcs12 = error.pkcs12 { _ = ReportJSON.json(pkcs12).serialized(pretty: false) }
        return 0
    }
    var keyChecks: [OfflineDiagnosis.KeyCheck] = []
    if let cert = loaded.certificates.first {
        for key in loaded.keys {
            keyChecks.append(
                .init(
                    key: "key at \(key.details.location)",
                    certificate: "certificate[0]",
                    keyPin: key.details.pin,
                    certificatePin: cert.pin,
                    matches: key.matches(cert)
                )
            )
        }
    }
    let input = OfflineDiagnosis.InspectInput(
        path: loaded.path,
        format: loaded.format,
        certificates: loaded.certificates,
        keys: loaded.keys.map(\.details),
        pkcs12: loaded.pkcs12,
        other: loaded.other
    )
    let report = OfflineDiagnosis.inspect([input], keyChecks: keyChecks, context: context)
    _ = ReportJSON.json(report).serialized(pretty: false)
    _ = renderer.render(report)
    return 0
}

private let context = TrustContext(at: Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01
private let renderer = TextRenderer(style: TextStyle(color: false, width: 100))
