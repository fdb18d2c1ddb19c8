import Foundation
import Testing
import TLSDiagnosis
@testable import TLSProbeOutput

/// watch's exposition text: one sample per line, label values escaped, every family typed.
@Suite struct PrometheusTextTests {
    @Test func labelValuesFromPeersAreEscaped() {
        #expect(PrometheusText.escape("a\"b\\c\nd") == #"a\"b\\c\nd"#)
        let leaf = RecordedCertificate(
            sha256: "x",
            spkiSHA256: "y",
            serial: "1",
            subject: "CN=evil\"}\nfake_metric 1",
            issuer: "CN=\\",
            notAfter: Date(timeIntervalSince1970: 1_800_000_000)
        )
        let endpoint = RecordedEndpoint(
            host: "127.0.0.1",
            port: 443,
            address: "127.0.0.1",
            chain: [leaf],
            trusted: true
        )
        let text = PrometheusText.render(.init(scan: RecordedScan(endpoints: [endpoint]), duration: 1.5))
        let lines = text.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("fake_metric") }, "a line feed in a subject starts no line")
        #expect(
            lines.contains(
                #"tlsprobe_cert_not_after_seconds{endpoint="127.0.0.1:443",host="127.0.0.1",subject="CN=evil\"}\nfake_metric 1",issuer="CN=\\"} 1800000000"#
            ),
            "\(text)"
        )
        #expect(lines.contains("tlsprobe_scan_duration_seconds 1.500"))
        #expect(lines.contains("tlsprobe_last_change_timestamp_seconds 0"))
        for (name, _) in PrometheusText.families { #expect(lines.contains("# TYPE \(name) gauge")) }
    }

    @Test func aGoneEndpointIsDownAndChangesAreCountedByKind() {
        let up = RecordedEndpoint(host: "127.0.0.1", port: 443, address: "127.0.0.1")
        let gone = RecordedEndpoint(host: "127.0.0.1", port: 444, address: "127.0.0.1")
        let change = EndpointChange(
            kind: .keyChanged,
            severity: .error,
            endpoint: "127.0.0.1:443",
            host: "127.0.0.1",
            port: 443,
            message: "m"
        )
        let text = PrometheusText.render(
            .init(
                scan: RecordedScan(endpoints: [up]),
                gone: [gone],
                changes: [change],
                lastChange: Date(timeIntervalSince1970: 1_700_000_000),
                duration: 2
            )
        )
        #expect(text.contains("tlsprobe_endpoint_up{endpoint=\"127.0.0.1:444\",host=\"127.0.0.1\"} 0\n"))
        #expect(
            text.contains(
                "tlsprobe_changes{endpoint=\"127.0.0.1:443\",host=\"127.0.0.1\",change=\"cert.key_changed\"} 1\n"
            )
        )
        #expect(text.contains("tlsprobe_last_change_timestamp_seconds 1700000000\n"))
    }

    /// One address dialled by an address and by a name: two series, told apart by `host`;
    /// no label set twice in a family (node_exporter refuses the file), even for a target
    /// listed twice.
    @Test func oneAddressDialledTwoWaysGivesDistinctSeries() {
        let leaf = RecordedCertificate(
            sha256: "c",
            spkiSHA256: "k",
            serial: "1",
            subject: "CN=a",
            issuer: "CN=b",
            notAfter: Date(timeIntervalSince1970: 1_800_000_000)
        )
        let byAddress = RecordedEndpoint(
            host: "127.0.0.1",
            port: 443,
            address: "127.0.0.1",
            chain: [leaf],
            trusted: true
        )
        var byName = byAddress
        byName.host = "localhost"
        byName.findings = [RecordedFinding(code: "name.ip_not_in_san", severity: "error")]
        let text = PrometheusText.render(
            .init(scan: RecordedScan(endpoints: [byAddress, byName, byAddress]), gone: [byName], duration: 1)
        )
        let samples = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let labelSets = samples.map { $0.split(separator: " ").dropLast().joined(separator: " ") }
        #expect(Set(labelSets).count == labelSets.count, "a label set twice:\n\(text)")
        let up = samples.filter { $0.hasPrefix("tlsprobe_endpoint_up{") }
        #expect(up.count == 2, "\(up)")
        #expect(up.contains { $0.contains("host=\"localhost\"") } && up.contains { $0.contains("host=\"127.0.0.1\"") })
        #expect(samples.filter { $0.hasPrefix("tlsprobe_cert_not_after_seconds{") }.count == 2)
    }

    /// fleet.shared_key in the file: the endpoints whose leaf key another address serves,
    /// not one device on two ports, nor an endpoint with a key of its own.
    @Test func endpointsSharingALeafKeyAcrossAddressesAreMarked() {
        func endpoint(_ address: String, _ port: Int, key: String) -> RecordedEndpoint {
            RecordedEndpoint(
                host: address,
                port: port,
                address: address,
                chain: [
                    RecordedCertificate(sha256: address, spkiSHA256: key, serial: "1", subject: "CN=a", issuer: "CN=b")
                ]
            )
        }
        let endpoints = [
            endpoint("10.0.0.4", 443, key: "shared"), endpoint("10.0.0.5", 443, key: "shared"),
            endpoint("10.0.0.6", 443, key: "own"), endpoint("10.0.0.6", 8443, key: "own"),
        ]
        let text = PrometheusText.render(.init(scan: RecordedScan(endpoints: endpoints), duration: 1))
        let marked = text.split(separator: "\n").filter { $0.hasPrefix("tlsprobe_shared_key{") }
        #expect(marked.count == 2, "\(text)")
        #expect(marked.allSatisfy { $0.contains("spki_sha256=\"shared\"") && $0.hasSuffix(" 1") })
    }
}
