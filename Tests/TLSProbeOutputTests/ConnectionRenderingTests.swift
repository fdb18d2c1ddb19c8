import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSWire
@testable import TLSProbeOutput

@Suite struct ConnectionRenderingTests {
    func report() -> ConnectionReport {
        let chain = TestPKI.chain()
        let hello = ClientHelloSummary(
            legacyVersion: .tls12,
            versions: [ProtocolVersion(0x3A3A), .tls13],
            cipherSuites: [CipherSuite(rawValue: 0x1301), CipherSuite(rawValue: 0xFFF0)],
            sni: nil,
            alpn: [],
            signatureAlgorithms: [],
            supportedGroups: [NamedGroup(rawValue: 0x001D)],
            keyShareGroups: [],
            extensions: []
        )
        let alert = AlertEvent(
            from: .client,
            level: .fatal,
            description: .unknownCA,
            encrypted: false,
            after: [HandshakeStep(from: .server, type: .certificate)]
        )
        let o = HandshakeObservation(
            clientHello: hello,
            serverCertificates: [chain.leaf.x509],
            alerts: [alert],
            outcome: .failed
        )
        return ConnectionDiagnosis.report(
            observation: o,
            vantage: .observer(
                ObserverVantage(
                    flow: Flow(
                        client: "127.0.0.1:50000",
                        server: "127.0.0.1:4433",
                        firstPacket: TestPKI.referenceTime,
                        lastPacket: TestPKI.referenceTime
                    )
                )
            ),
            anchors: [],
            context: TrustContext(at: TestPKI.referenceTime)
        )
    }

    @Test func codePointsCarryValueAndNameOnlyWhenKnown() throws {
        let text = ReportJSON.json(report()).serialized(pretty: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let hello = try #require(object["client_hello"] as? [String: Any])
        let suites = try #require(hello["cipher_suites"] as? [[String: String]])
        #expect(suites[0] == ["value": "0x1301", "name": "TLS_AES_128_GCM_SHA256"])
        #expect(suites[1] == ["value": "0xfff0"])
        #expect((hello["versions"] as? [[String: String]])?.first == ["value": "0x3a3a", "name": "GREASE"])
        let alert = try #require((object["alerts"] as? [[String: Any]])?.first)
        #expect(alert["from"] as? String == "client")
        #expect(alert["description"] as? [String: String] == ["value": "0x30", "name": "unknown_ca"])
        #expect(object["outcome"] as? String == "failed")
        #expect((object["flow"] as? [String: Any])?["server"] as? String == "127.0.0.1:4433")
        #expect(object["target"] is NSNull)
        #expect(!text.contains("\n"), "JSON Lines must be one line")
    }

    /// Google's experimental TLS 1.3 (0x7e01) keeps its number beside its name.
    @Test func theNegotiatedVersionCarriesItsNumber() throws {
        var r = report()
        r.handshake.version = ProtocolVersion(0x7E01)
        let text = ReportJSON.json(r).serialized(pretty: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let handshake = try #require(object["handshake"] as? [String: Any])
        #expect(handshake["version_code"] as? String == "0x7e01")
        #expect((handshake["version"] as? String)?.isEmpty == false)
    }

    @Test func textShowsTheAlertAndTheHello() {
        let text = TextRenderer(style: .plain).render(report())
        #expect(text.contains("127.0.0.1:50000 → 127.0.0.1:4433"))
        #expect(text.contains("fatal unknown_ca"))
        #expect(text.contains("capture.alert"))
        #expect(text.contains("chain trust not evaluated"))
    }
}
