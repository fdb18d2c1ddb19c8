import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeOutput

@Suite struct JSONValueTests {
    @Test func keysAreSortedAndStringsEscaped() {
        let value: JSONValue = .object([
            "b": 1, "a": .string("quote \" backslash \\ newline \n tab \t bell \u{07} é"), "c": .array([]),
            "d": .object([:]), "e": nil,
        ])
        #expect(
            value.serialized(pretty: false)
                == #"{"a":"quote \" backslash \\ newline \n tab \t bell \u0007 é","b":1,"c":[],"d":{},"e":null}"#
        )
    }

    @Test func escapesAtEveryPlaceInAString() {
        // The writer copies runs that need no escape in one go: escapes first, last, next
        // to each other, and the three-byte characters that share U+2028's first byte.
        let cases: [(String, String)] = [
            ("", #""""#),
            ("\"", #""\"""#),
            ("\"a\\", #""\"a\\""#),
            ("a\r\n", #""a\r\n""#),
            ("\u{7F}\u{1F}\u{00}x", #""\u007f\u001f\u0000x""#),
            ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
            ("€ … † \u{2028}", "\"€ … † \\u2028\""),
            ("plain text with no escape at all", #""plain text with no escape at all""#),
        ]
        for (input, expected) in cases {
            #expect(JSONValue.string(input).serialized(pretty: false) == expected, "\(input.debugDescription)")
        }
    }

    /// Review finding: the caches of shared fragments are bounded by bytes, and a huge value
    /// (a hostile hello with thousands of suites) is written but never kept.
    @Test func fragmentCachesStayWithinTheirByteBudget() {
        let cache = FragmentCache<Int>(capacity: 512, byteBudget: 640_000)
        for i in 0..<1000 {
            let value = cache.fragment(i) { .string(String(repeating: "x", count: 2000)) }
            #expect(value.serialized(pretty: false).count == 2002)
            #expect(cache.heldBytes <= cache.byteBudget)
        }
        let huge = cache.fragment(-1) { .array((0..<5000).map { .int($0) }) }
        if case .fragment = huge { Issue.record("a 160 KB value was kept in the cache") }
        #expect(huge.serialized(pretty: false).hasPrefix("[0,1,2"))
    }

    @Test func aFragmentIsWrittenAsItsValueWhereverItStands() {
        // Serialised once per layout and copied: the bytes must be the value's own at
        // every depth, pretty and compact, the first time and after.
        let hello: JSONValue = .object([
            "ja3": "771,4865", "suites": .array([.object(["name": "TLS_AES_128_GCM_SHA256", "value": 4865])]),
            "sni": .string("a\"b"),
        ])
        let fragment = JSONFragment(hello)
        let shared: JSONValue = .object([
            "a": .fragment(fragment), "b": .array([.fragment(fragment), .object(["c": .fragment(fragment)])]),
        ])
        let inline: JSONValue = .object(["a": hello, "b": .array([hello, .object(["c": hello])])])
        for _ in 0..<2 {
            #expect(shared.serialized(pretty: true) == inline.serialized(pretty: true))
            #expect(shared.serialized(pretty: false) == inline.serialized(pretty: false))
        }
        #expect(JSONValue.fragment(fragment) == .fragment(JSONFragment(hello)))
    }

    @Test func prettyOutputIsIndentedAndParsesBack() throws {
        let value: JSONValue = .object(["z": .array([1, 2]), "a": .object(["k": true])])
        let text = value.serialized(pretty: true)
        #expect(text == "{\n  \"a\": {\n    \"k\": true\n  },\n  \"z\": [\n    1,\n    2\n  ]\n}")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["z"] as? [Int] == [1, 2])
    }
}

@Suite struct ReportRenderingTests {
    func sampleReport() -> VerifyReport {
        let chain = TestPKI.chain(host: "printer.local")
        let context = TrustContext(at: TestPKI.referenceTime, expectedName: .dns("printer.local"))
        let findings = [
            Finding(code: .chainRootSent, subject: .certificate(2), message: "The root was sent."),
            Finding(
                code: .chainMissingIntermediate,
                subject: .certificate(0),
                message: "The intermediate is missing.",
                evidence: ["issuer": "CN=Test Intermediate CA", "authority_key_id": "ab12"]
            ),
            Finding(code: .chainWrongOrder, subject: .certificate(1), message: "Out of order."),
        ]
        return VerifyReport(
            target: VerifyTarget(files: ["leaf.pem"], host: "printer.local", purpose: .server, at: context.at),
            chain: [CertificateDetails(chain.leaf.x509, index: 0)],
            trust: TrustSection(
                evaluated: true,
                trusted: false,
                profile: "default",
                anchors: [CertificateSummary(chain.root.x509, source: "root.pem")],
                path: nil,
                openssl: ExternalVerdict(
                    verifier: "OpenSSL 3",
                    ok: false,
                    error: "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
                    depth: 0,
                    message: "unable to get local issuer certificate"
                )
            ),
            findings: findings
        )
    }

    @Test func findingsAreWorstFirst() {
        let report = sampleReport()
        #expect(report.findings.map(\.code) == [.chainMissingIntermediate, .chainWrongOrder, .chainRootSent])
    }

    @Test func verifyJSONHasTheDesignShape() throws {
        let text = ReportJSON.json(sampleReport()).serialized(pretty: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema_version"] as? Int == 1)
        #expect(object["command"] as? String == "verify")
        let trust = try #require(object["trust"] as? [String: Any])
        #expect(trust["trusted"] as? Bool == false)
        #expect(trust["path"] is NSNull)
        #expect(
            (trust["openssl"] as? [String: Any])?["error"] as? String == "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY"
        )
        let cert = try #require((object["chain"] as? [[String: Any]])?.first)
        for key in [
            "index", "subject", "issuer", "serial", "not_before", "not_after", "san", "key", "signature_algorithm",
            "is_ca", "path_length", "key_usage", "extended_key_usage", "sha256", "spki_sha256", "self_signed", "pin",
        ] {
            #expect(cert[key] != nil, "CERTIFICATE lacks \(key)")
        }
        #expect(cert["not_before"] as? String == "2025-12-16T12:00:00Z")
        #expect((cert["san"] as? [String: Any])?["dns"] as? [String] == ["printer.local"])
        #expect((cert["sha256"] as? String)?.allSatisfy { "0123456789abcdef".contains($0) } == true)
        let finding = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["code", "severity", "subject", "message", "evidence", "fix", "caused_by"])
        #expect(finding["code"] as? String == "chain.missing_intermediate")
        #expect(!text.contains("\u{1B}"))
    }

    @Test func textPutsTheVerdictAndFindingsBeforeTheChain() {
        let text = TextRenderer(style: .plain).render(sampleReport())
        let verdict = try! #require(text.range(of: "NOT TRUSTED"))
        let findings = try! #require(text.range(of: "chain.missing_intermediate"))
        let chain = try! #require(text.range(of: "Chain as given"))
        #expect(verdict.lowerBound < findings.lowerBound && findings.lowerBound < chain.lowerBound)
        #expect(text.contains("X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY"))
        #expect(text.contains("authority_key_id  ab12"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test func colourOnlyWhenAskedFor() {
        let coloured = TextRenderer(style: TextStyle(color: true, width: 100)).render(sampleReport())
        #expect(coloured.contains("\u{1B}[1;31mNOT TRUSTED\u{1B}[0m"))
        let env = ["NO_COLOR": "1"]
        #expect(TextStyle.forStandardOutput(noColorFlag: false, environment: env).color == false)
        #expect(TextStyle.forStandardOutput(noColorFlag: true, environment: [:]).color == false)
    }

    @Test func longMessagesWrapAtTheWidth() {
        let text = TextRenderer(style: TextStyle(color: false, width: 60)).render(sampleReport())
        for line in text.split(separator: "\n")
        where !line.contains("sha256") && !line.contains("pin ") && !line.contains("anchors") {
            #expect(line.count <= 100, "line too long: \(line)")
        }
    }
}
