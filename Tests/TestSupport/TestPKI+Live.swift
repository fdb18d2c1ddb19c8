import Foundation
import X509

/// PKIs for live handshakes (connect, listen). A live handshake is judged at the real
/// current time, not at `TestPKI.referenceTime`, so these certificates are issued with
/// their validity moved by (now − reference time): a spec that is valid, expired or not
/// yet valid at the reference time is the same now. Tests of live commands use these and
/// pass no `--at`, so they exercise what users run.
extension TestPKI {
    /// `spec` with notBefore and notAfter moved so they stand to now as they stood to the
    /// reference time.
    public static func live(_ spec: Spec, now: Date = Date()) -> Spec {
        var spec = spec
        let shift = now.timeIntervalSince(referenceTime)
        spec.notBefore = spec.notBefore.addingTimeInterval(shift)
        spec.notAfter = spec.notAfter.addingTimeInterval(shift)
        return spec
    }

    /// Issues `live(spec)`.
    public static func issueLive(
        _ spec: Spec,
        by issuer: Issued? = nil,
        reuseKey: Certificate.PrivateKey? = nil
    ) -> Issued {
        issue(live(spec), by: issuer, reuseKey: reuseKey)
    }

    /// Root "Test Root CA" → "Test Intermediate CA" → server leaf for `host` (and `ips`),
    /// valid now.
    public static func liveChain(host: String = "printer.local", ips: [String] = []) -> Chain {
        let root = issueLive(.root("Test Root CA"))
        let intermediate = issueLive(.intermediate("Test Intermediate CA"), by: root)
        let leaf = issueLive(.server(host, ips: ips), by: intermediate)
        return Chain(root: root, intermediate: intermediate, leaf: leaf)
    }
}
