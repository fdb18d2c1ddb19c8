import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSWire
@testable import TLSProbeOutput

/// Line breaks a peer or a file puts in a value (a certificate name, an SNI, an HTTP header,
/// a finding's evidence) are written visibly, so they cannot start a line that looks like
/// tlsprobe's own verdict or section heading.
@Suite struct LineBreakTests {
    /// Every line break a terminal or a reader honours, each followed by a forged marker.
    static let breaks = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
    static func hostile(_ prefix: String) -> String {
        prefix + breaks.map { "\($0)TRUSTED forged\($0)Findings (0)" }.joined()
    }

    /// The lines of `text` as a reader (or a terminal) sees them: split at every line break.
    static func lines(_ text: String) -> [String] {
        let breaking: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029]
        return text.unicodeScalars.split(omittingEmptySubsequences: false) { breaking.contains($0.value) }
            .map { String(String.UnicodeScalarView($0)) }
    }

    /// No line starts (after its indentation) with a forged marker, and the escaped form is shown.
    static func expectNoForgedLines(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines(text) {
            let trimmed = line.drop { $0 == " " }
            #expect(
                !trimmed.hasPrefix("TRUSTED forged") && !trimmed.hasPrefix("Findings (0)"),
                "forged line: \(line)",
                sourceLocation: sourceLocation
            )
        }
        #expect(text.contains("\\nTRUSTED forged"), "the escaped form is missing", sourceLocation: sourceLocation)
    }

    static let pki: TestPKI.Chain = {
        let root = TestPKI.issue(.root(hostile("Evil Root")))
        let intermediate = TestPKI.issue(.intermediate(hostile("Evil Intermediate")), by: root)
        // A dNSName is an IA5String: ASCII line breaks only.
        let ascii =
            "evil.example"
            + breaks.filter { $0.unicodeScalars.allSatisfy(\.isASCII) }.map { "\($0)TRUSTED forged\($0)Findings (0)" }
            .joined()
        let leaf = TestPKI.issue(.server(hostile("evil.example"), dns: [ascii]), by: intermediate)
        return TestPKI.Chain(root: root, intermediate: intermediate, leaf: leaf)
    }()
    static let client = TestPKI.issue(.client(hostile("Evil Client")), by: pki.intermediate)

    static let hello = ClientHelloSummary(
        legacyVersion: .tls12,
        versions: [.tls13],
        cipherSuites: [CipherSuite(rawValue: 0x1301)],
        sni: hostile("sni.example"),
        alpn: [hostile("h2")],
        signatureAlgorithms: [],
        supportedGroups: [],
        keyShareGroups: [],
        extensions: []
    )
    static let request = CertificateRequestSummary(
        acceptableCAs: [hostile("CN=Evil CA"), "CN=Other CA"],
        acceptableCADER: [],
        signatureAlgorithms: [],
        clientCertificateSent: true
    )
    static let flow = Flow(
        client: "127.0.0.1:50000",
        server: "127.0.0.1:4433",
        firstPacket: TestPKI.referenceTime,
        lastPacket: TestPKI.referenceTime
    )
    static let extra = Finding(
        code: .chainMissingIntermediate,
        subject: .file(hostile("chain.pem")),
        message: hostile("The chain quotes"),
        evidence: ["name": .string(hostile("value")), "names": .array([.string(hostile("first"))])]
    )

    static func report(_ vantage: Vantage, served: Bool = false) -> ConnectionReport {
        let chain = [pki.leaf.x509, pki.intermediate.x509]
        let o = HandshakeObservation(
            clientHello: hello,
            serverHello: ServerHelloSummary(
                legacyVersion: .tls12,
                version: .tls13,
                cipherSuite: CipherSuite(rawValue: 0x1301),
                group: nil,
                alpn: hostile("h2"),
                extensions: []
            ),
            serverCertificates: chain,
            certificateRequest: request,
            clientCertificates: [client.x509],
            outcome: .established
        )
        return ConnectionDiagnosis.report(
            observation: o,
            vantage: vantage,
            anchors: [TrustAnchor(certificate: pki.root.x509, source: hostile("anchor.pem"))],
            context: TrustContext(at: TestPKI.referenceTime),
            extraFindings: [extra],
            negotiatedGroup: hostile("x25519")
        )
    }

    static let connect = report(
        .client(
            ClientVantage(
                target: ConnectTarget(
                    host: hostile("host.example"),
                    port: 443,
                    address: hostile("10.0.0.1"),
                    sni: hostile("sni.example")
                )
            )
        )
    )
    static let capture = report(.observer(ObserverVantage(flow: flow)))
    static let listen = report(
        .server(
            ServerVantage(
                flow: flow,
                served: ServedSide(
                    chain: [pki.leaf.x509, pki.intermediate.x509],
                    ephemeral: false,
                    acceptedVersions: [.tls13],
                    acceptedCipherSuites: [CipherSuite(rawValue: 0x1301)],
                    clientAuthentication: .none
                ),
                clientAnchors: [TrustAnchor(certificate: pki.root.x509, source: hostile("client-anchor.pem"))],
                http: HTTPExchange(
                    requestLine: hostile("GET / HTTP/1.1"),
                    host: hostile("host.example"),
                    userAgent: hostile("curl/8"),
                    answered: true
                )
            )
        )
    )

    @Test func connectText() { Self.expectNoForgedLines(TextRenderer(style: .plain).render(Self.connect)) }
    @Test func captureText() { Self.expectNoForgedLines(TextRenderer(style: .plain).render(Self.capture)) }
    @Test func listenText() { Self.expectNoForgedLines(TextRenderer(style: .plain).renderListen(Self.listen)) }
    @Test func listenPage() { Self.expectNoForgedLines(TextRenderer.listenPage(Self.listen)) }
    @Test func colouredTextToo() {
        Self.expectNoForgedLines(TextRenderer(style: TextStyle(color: true, width: 100)).render(Self.connect))
    }

    @Test func ourOwnLayoutStays() {
        let text = TextRenderer(style: .plain).render(Self.connect)
        #expect(text.contains("\nFindings ("))
        #expect(
            lines(text).contains { $0.hasPrefix("      ") && $0.contains("CN=Other CA") },
            "each acceptable CA keeps its own line"
        )
    }

    @Test func jsonKeepsTheValuesAsTheyWere() throws {
        let text = ReportJSON.json(Self.connect).serialized(pretty: false)
        #expect(!text.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((object["target"] as? [String: Any])?["sni"] as? String == Self.hostile("sni.example"))
    }

    @Test func oneLineEscapesEveryBreakAndNothingElse() {
        #expect(
            TextStyle.oneLine("a\nb\r\nc\u{0B}d\u{0C}e\u{85}f\u{2028}g\u{2029}h\ti")
                == "a\\nb\\r\\nc\\vd\\fe\\u{85}f\\u{2028}g\\u{2029}h\ti"
        )
        #expect(TextStyle.oneLine("CN=Front Desk Root,O=Shop") == "CN=Front Desk Root,O=Shop")
    }

    func lines(_ text: String) -> [String] { Self.lines(text) }
}
