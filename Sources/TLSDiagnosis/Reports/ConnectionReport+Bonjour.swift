import TLSModel

extension ConnectionReport {
    /// The report of an endpoint found by browsing (`scan --bonjour`): `service` attached,
    /// and a `name.mismatch` told as a browsing client meets it: the certificate does not
    /// name the host the service advertises. A device that renamed itself after a name
    /// conflict (`camera-2.local`, its certificate still for `camera.local`) gets the fix
    /// for that: a certificate for the new name, or the old name back.
    public func advertised(by service: BonjourService) -> ConnectionReport {
        var report = self
        report.bonjour = service
        let names = chain.first?.dnsNames ?? []
        report.findings = findings.map { finding in
            guard finding.code == .nameMismatch else { return finding }
            var finding = finding
            finding.message =
                "The certificate does not name the advertised host \"\(service.host)\", the SRV host of \"\(service.instance)\" (\(service.type)) that a browsing client dials. "
                + finding.message
            finding.evidence["advertised_host"] = .string(service.host)
            if let old = Self.nameBeforeRenaming(service.host, among: names) {
                finding.evidence["name_before_renaming"] = .string(old)
                let oldLabel = old.split(separator: ".").first.map(String.init) ?? old
                finding.fix =
                    "The device renamed itself (it advertises \(service.host), its certificate names \(old)): re-issue the certificate for the new name (tlsprobe identity server --ca CA_DIR --host \(service.host) --out DIR), or rename the device back to \"\(oldLabel)\"."
            }
            return finding
        }.inReportOrder()
        return report
    }

    /// The name `host` had before mDNS conflict resolution renamed it (RFC 6762 9: `camera`
    /// becomes `camera-2`), when the certificate carries it: nil otherwise.
    static func nameBeforeRenaming(_ host: String, among names: [String]) -> String? {
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard let first = labels.first, let dash = first.lastIndex(of: "-") else { return nil }
        let suffix = first[first.index(after: dash)...]
        let base = first[..<dash]
        guard !base.isEmpty, !suffix.isEmpty, suffix.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let old = ([String(base)] + labels.dropFirst().map(String.init)).joined(separator: ".")
        return names.first { $0.lowercased() == old }
    }
}
