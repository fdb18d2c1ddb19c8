import Foundation
import Testing
import TLSDiagnosis
@testable import TLSProbeOutput

/// `diff`'s comparison on outputs built in code: each kind of change at its endpoint, and
/// nothing where nothing changed.
@Suite struct ReportDiffTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let year: TimeInterval = 365 * 86400

    static func cert(
        key: String,
        serial: String,
        issuer: String = "CN=Test Intermediate CA",
        notAfter: Date = now.addingTimeInterval(year)
    ) -> RecordedCertificate {
        RecordedCertificate(
            sha256: "cert-\(key)-\(serial)-\(issuer)",
            spkiSHA256: "spki-\(key)",
            serial: serial,
            subject: "CN=printer.local",
            issuer: issuer,
            notBefore: now.addingTimeInterval(-86400),
            notAfter: notAfter
        )
    }

    static let intermediate = RecordedCertificate(
        sha256: "intermediate",
        spkiSHA256: "intermediate-key",
        serial: "2",
        subject: "CN=Test Intermediate CA",
        issuer: "CN=Test Root CA"
    )

    static func endpoint(
        _ port: Int,
        _ leaf: RecordedCertificate,
        trusted: Bool = true,
        findings: [RecordedFinding] = [],
        intermediates: [RecordedCertificate] = [intermediate]
    ) -> RecordedEndpoint {
        RecordedEndpoint(
            host: "127.0.0.1",
            port: port,
            address: "127.0.0.1",
            chain: [leaf] + intermediates,
            anchor: "root-\(intermediates.first?.sha256 ?? "")",
            trusted: trusted,
            findings: findings
        )
    }

    static func diff(_ old: [RecordedEndpoint], _ new: [RecordedEndpoint], days: Int = 30) -> [EndpointChange] {
        ReportDiff.changes(
            from: RecordedScan(endpoints: old),
            to: RecordedScan(endpoints: new),
            expiringDays: days,
            oldTime: now,
            newTime: now
        )
    }

    /// Re-keyed, re-issued with the same key, stopped, started, moved to another root, and
    /// one unchanged: exactly five changes, one at each endpoint that changed.
    @Test func namesExactlyTheFiveChangesAtTheirEndpoints() {
        let other = RecordedCertificate(
            sha256: "other-intermediate",
            spkiSHA256: "other-key",
            serial: "9",
            subject: "CN=Other CA",
            issuer: "CN=Other Root"
        )
        let old = [
            Self.endpoint(1001, Self.cert(key: "a", serial: "1")),
            Self.endpoint(1002, Self.cert(key: "b", serial: "1")),
            Self.endpoint(1003, Self.cert(key: "c", serial: "1")),
            Self.endpoint(1005, Self.cert(key: "e", serial: "1")),
            Self.endpoint(1006, Self.cert(key: "f", serial: "1")),
        ]
        let new = [
            Self.endpoint(1006, Self.cert(key: "f", serial: "1")),
            Self.endpoint(1001, Self.cert(key: "a2", serial: "2")),
            Self.endpoint(1002, Self.cert(key: "b", serial: "2")),
            Self.endpoint(1004, Self.cert(key: "d", serial: "1")),
            Self.endpoint(1005, Self.cert(key: "e", serial: "7", issuer: "CN=Other CA"), intermediates: [other]),
        ]
        let changes = Self.diff(old, new)
        #expect(changes.map(\.endpoint) == (1001...1005).map { "127.0.0.1:\($0)" })
        #expect(
            changes.map(\.kind) == [.keyChanged, .reissued, .endpointGone, .endpointNew, .chainChanged],
            "\(changes.map { "\($0.endpoint) \($0.kind.rawValue)" })"
        )
        let key = changes[0]
        #expect(key.severity == .error)
        #expect(key.before?["spki_sha256"] == .string("spki-a") && key.after?["spki_sha256"] == .string("spki-a2"))
        #expect(key.message.contains("reset") && key.message.contains("interception"))
        #expect(changes[1].before?["serial"] == .string("1") && changes[1].after?["serial"] == .string("2"))
        #expect(changes[4].afterText?.contains("CN=Other CA") == true)
        #expect(Self.diff(old, old).isEmpty, "an output against itself: no change")
    }

    @Test func trustAndFindingsChangeByCode() {
        let leaf = Self.cert(key: "a", serial: "1")
        let old = [Self.endpoint(443, leaf, findings: [RecordedFinding(code: "cert.weak_key", severity: "warning")])]
        let new = [
            Self.endpoint(
                443,
                leaf,
                trusted: false,
                findings: [RecordedFinding(code: "chain.untrusted_root", severity: "error")]
            )
        ]
        let changes = Self.diff(old, new)
        #expect(changes.map(\.kind) == [.trustLost, .findingNew, .findingResolved])
        #expect(changes[1].severity == .error, "a new finding has its own severity")
        #expect(changes[1].after?["finding"]?.serialized(pretty: false).contains("chain.untrusted_root") == true)
        #expect(changes[0].message.contains("chain.untrusted_root"))
        #expect(Self.diff(new, old).map(\.kind) == [.trustGained, .findingNew, .findingResolved])
    }

    /// A chain no longer trusted has no path, so no anchor: that is trust.lost, not also
    /// another issuer. Another anchor on both sides is.
    @Test func anAnchorCountsOnlyWhenBothPathsWereBuilt() {
        let leaf = Self.cert(key: "a", serial: "1")
        var untrusted = Self.endpoint(443, leaf, trusted: false)
        untrusted.anchor = nil
        #expect(Self.diff([Self.endpoint(443, leaf)], [untrusted]).map(\.kind) == [.trustLost])
        var otherAnchor = Self.endpoint(443, leaf)
        otherAnchor.anchor = "another root"
        #expect(Self.diff([Self.endpoint(443, leaf)], [otherAnchor]).map(\.kind) == [.chainChanged])
    }

    @Test func expiringIsReportedWhenTheLeafCrossesTheWindow() {
        let later = Self.endpoint(
            443,
            Self.cert(key: "a", serial: "1", notAfter: Self.now.addingTimeInterval(20 * 86400))
        )
        let changes = ReportDiff.changes(
            from: RecordedScan(endpoints: [later]),
            to: RecordedScan(endpoints: [later]),
            expiringDays: 30,
            oldTime: Self.now.addingTimeInterval(-30 * 86400),
            newTime: Self.now
        )
        #expect(changes.map(\.kind) == [.expiring])
        #expect(Self.diff([later], [later]).isEmpty, "already within the window when the old output was written")
        #expect(Self.diff([later], [later], days: 10).isEmpty)
    }

    @Test func anErrorObjectIsAnEndpointNotExamined() {
        let report = Self.endpoint(443, Self.cert(key: "a", serial: "1"))
        let error = RecordedEndpoint(host: "127.0.0.1", port: 443, errorCode: "connect.no_tls_answer")
        #expect(Self.diff([report], [error]).map(\.kind) == [.endpointGone])
        #expect(Self.diff([report], [error]).first?.afterText == "not examined: connect.no_tls_answer")
        #expect(Self.diff([error], [report]).map(\.kind) == [.endpointNew])
        #expect(Self.diff([error], [error]).isEmpty)
        #expect(Self.diff([], [error]).isEmpty)
    }

    /// A port that answers in plain HTTP is new: the line says it is not TLS and what it
    /// answered, as scan's table does, not that a TLS handshake failed.
    @Test func aNewPortThatIsNotTLSIsSaidToBe() throws {
        let report = ConnectionDiagnosis.report(
            observation: HandshakeObservationBuilder().build(outcome: .failed),
            vantage: .client(
                ClientVantage(target: ConnectTarget(host: "127.0.0.1", port: 8080, address: "127.0.0.1", sni: nil))
            ),
            anchors: [],
            context: TrustContext(at: Self.now, purpose: .server),
            ending: .notTLS(firstBytes: Array("HTTP/1.1 400 Bad Request\r\n".utf8))
        ).asScanned
        let line = ReportJSON.json(report).serialized(pretty: false) + "\n"
        let new = try ReportReadBack.read(Array(line.utf8), file: "new.jsonl")
        let changes = ReportDiff.changes(from: RecordedScan(), to: new, oldTime: Self.now, newTime: Self.now)
        let text = changes.map(TextRenderer(style: TextStyle(color: false, width: 80)).change).joined()
        let expected =
            "127.0.0.1:8080  endpoint.new  INFO  (none) → not TLS: answers with another protocol: "
            + "\"HTTP/1.1 400 Bad\": a new endpoint answers\n"
        #expect(text == expected, "\(text)")
        // JSON says it too, not only the text.
        let json = changes.map { ReportJSON.json($0).serialized(pretty: false) }.joined()
        #expect(json.contains("\"not_tls\":\"HTTP/1.1 400 Bad\""), "\(json)")
    }

    /// `scan 127.0.0.1:P localhost:P`: two records at one address, dialled by an address and
    /// by a name, listed in the order they finished. Each is matched with its own: the two
    /// lines swapped are no change.
    @Test func anAddressAndANameAtOneEndpointAreEachMatchedWithTheirOwn() {
        let leaf = Self.cert(key: "a", serial: "1")
        let byAddress = Self.endpoint(443, leaf)
        var byName = Self.endpoint(
            443,
            leaf,
            findings: [RecordedFinding(code: "name.ip_not_in_san", severity: "error")]
        )
        byName.host = "localhost"
        byName.sni = "localhost"
        #expect(Self.diff([byAddress, byName], [byName, byAddress]).isEmpty)
        #expect(Self.diff([byName, byAddress], [byAddress, byName]).isEmpty)
        // A change at one of them is reported at that one, named.
        var fixed = byName
        fixed.findings = []
        let changes = Self.diff([byAddress, byName], [fixed, byAddress])
        #expect(changes.map(\.kind) == [.findingResolved], "\(changes)")
        #expect(changes.first?.name == "localhost" && changes.first?.endpoint == "127.0.0.1:443")
    }

    /// An error object names only its target (`localhost:443`), a report its address too:
    /// a server that stopped answering TLS is the endpoint no longer examined, its error
    /// named, not one endpoint gone and another ignored.
    @Test func anErrorObjectMeetsTheReportOfTheNameItDialled() {
        var report = Self.endpoint(443, Self.cert(key: "a", serial: "1"))
        report.host = "localhost"
        report.sni = "localhost"
        let error = RecordedEndpoint(host: "localhost", port: 443, errorCode: "connect.no_tls_answer")
        let gone = Self.diff([report], [error])
        #expect(gone.map(\.kind) == [.endpointGone], "\(gone)")
        #expect(gone.first?.afterText == "not examined: connect.no_tls_answer", "\(gone)")
        #expect(gone.first?.endpoint == "127.0.0.1:443" && gone.first?.name == "localhost")
        let back = Self.diff([error], [report])
        #expect(back.map(\.kind) == [.endpointNew] && back.first?.beforeText == "not examined: connect.no_tls_answer")
    }

    /// An output read back may be hostile too: a host and finding codes holding line feeds
    /// still give one line per change.
    @Test func hostileTextInAnOutputStaysOnOneLine() {
        let leaf = Self.cert(key: "a", serial: "1")
        var old = Self.endpoint(443, leaf)
        old.host = "printer\nINJECTED 1"
        old.address = nil
        var new = old
        new.trusted = false
        new.findings = [RecordedFinding(code: "chain.x\nINJECTED 2", severity: "error")]
        let changes = Self.diff([old], [new])
        #expect(changes.map(\.kind) == [.trustLost, .findingNew])
        let renderer = TextRenderer(style: TextStyle(color: false, width: 80))
        for change in changes {
            let line = renderer.change(change)
            #expect(line.filter { $0 == "\n" }.count == 1 && !line.contains("\nINJECTED"), "\(line)")
        }
    }

    /// Text from peers (a subject, an issuer, a Bonjour name) cannot reach the terminal as
    /// control sequences; each change is one line.
    @Test func aLineIsOneLineWithPeerTextEscaped() {
        var hostile = Self.endpoint(443, Self.cert(key: "b", serial: "1", issuer: "CN=evil\u{1B}]0;owned\u{07}\nX"))
        hostile.instance = "Printer\r\n\u{1B}[2J"
        let changes = Self.diff([Self.endpoint(443, Self.cert(key: "a", serial: "1"))], [hostile])
        let renderer = TextRenderer(style: TextStyle(color: false, width: 80))
        for change in changes {
            let line = renderer.change(change)
            #expect(line.filter { $0 == "\n" }.count == 1 && line.hasSuffix("\n"), "\(line)")
            #expect(
                !line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x0D },
                "\(line)"
            )
            #expect(line.hasPrefix("127.0.0.1:443 (Printer"))
            let json = ReportJSON.json(change).serialized(pretty: false)
            #expect(!json.contains("\n"))
        }
        #expect(changes.map(\.kind).contains(.keyChanged))
    }
}
