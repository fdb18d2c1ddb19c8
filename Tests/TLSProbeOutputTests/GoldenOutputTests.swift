// Golden files: every report kind rendered as text and as JSON, compared byte for byte with
// the files in Golden/ beside this file (diff's and watch's lines, watch's --prometheus file
// and the --html pages are built in GoldenOutputTests+Changes.swift). A change in what a
// user reads shows up here as a diff to review, not as a `contains` that still passes.
//
// After a deliberate change in the output, regenerate them and read the diff:
//
//     TLSPROBE_WRITE_GOLDEN=1 swift test --filter GoldenOutputTests
//     git diff Tests/TLSProbeOutputTests/Golden
//
// The reports are built here as values: certificates from TestPKI's fixed keys and
// serials (TestPKI+Fixed.swift), judged at TestPKI.referenceTime, and hand-built
// handshakes. No network, no clock. Text is plain, 100 columns wide. JSON is indented
// as `--json` prints it (capture and listen print each object on one line instead).
// Each golden JSON file validates against its schema in docs/schema (SchemaTests).

import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSProbeOutput
import TLSWire

// The fixed test PKI signs with Ed25519, deterministic only where swift-crypto uses
// BoringSSL (Linux); Apple's CryptoKit randomises its signatures.
#if os(Linux)
@Suite struct GoldenOutputTests {

    /// Tests/TLSProbeOutputTests/Golden, found from this file's path (not a resource).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let regenerate = "TLSPROBE_WRITE_GOLDEN=1 swift test --filter GoldenOutputTests"
    /// Whether this run writes the golden files instead of comparing with them.
    static let writing = ProcessInfo.processInfo.environment["TLSPROBE_WRITE_GOLDEN"] == "1"

    /// Every golden file by name, with what it must hold.
    static let files: [String: String] = GoldenReports.files()
    static let names = files.keys.sorted()

    @Test(arguments: names) func outputMatchesTheGoldenFile(name: String) throws {
        let actual = try #require(Self.files[name])
        let url = Self.directory.appendingPathComponent(name)
        if Self.writing {
            try Self.write(actual, to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("Golden/\(name) is missing. Write it with: \(Self.regenerate)")
            return
        }
        if let difference = Self.firstDifference(expected: expected, actual: actual) {
            Issue.record(
                """
                The output differs from Golden/\(name) at line \(difference.line):
                  golden: \(difference.expected)
                  now:    \(difference.actual)
                If the change is meant, regenerate the golden files and review the diff: \(Self.regenerate)
                """
            )
        }
    }

    /// A golden file no test writes is left over from a renamed or removed case.
    @Test func everyGoldenFileIsOneATestWrites() throws {
        let present = (try? FileManager.default.contentsOfDirectory(atPath: Self.directory.path)) ?? []
        // Hidden files are other tests' temporary files, about to be renamed into place.
        let stale = present.filter { !$0.hasPrefix(".") && Self.files[$0] == nil }.sorted()
        if Self.writing {
            for name in stale { try FileManager.default.removeItem(at: Self.directory.appendingPathComponent(name)) }
            return
        }
        #expect(stale.isEmpty, "Golden/ holds files no test writes: \(stale). Remove them with: \(Self.regenerate)")
    }

    /// Writes `text` to a temporary file beside `url`, then renames it into place.
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
        )
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// The first line where `actual` differs from `expected` (1-based), both lines shown
    /// with their invisible characters escaped; nil when they are equal.
    static func firstDifference(expected: String, actual: String) -> (line: Int, expected: String, actual: String)? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let a = index < old.count ? String(old[index]).debugDescription : "(end of file)"
            let b = index < new.count ? String(new[index]).debugDescription : "(end of file)"
            if a != b { return (index + 1, a, b) }
        }
        return (max(old.count, new.count), "(same lines)", "(same lines, other bytes)")
    }
}

// MARK: - The reports

/// The reports behind the golden files, built from fixed certificates and hand-built
/// handshakes.
enum GoldenReports {
    static let at = TestPKI.referenceTime
    static let text = TextRenderer(style: TextStyle(color: false, width: 100))

    // MARK: certificates

    /// The office's own PKI: root, issuing CA and the printer's certificate (a name and an
    /// address). The root is the anchor the user gives with --anchor root.pem.
    static let root = TestPKI.issueFixed(
        spec(.root("Front Desk Root CA", key: .ed25519), organization: "Front Desk"),
        label: "root",
        serial: 0x1001
    )
    static let intermediate = TestPKI.issueFixed(
        spec(.intermediate("Front Desk Issuing CA", pathLength: 0), organization: "Front Desk", key: .ed25519),
        label: "intermediate",
        serial: 0x1002,
        by: root
    )
    static let printer = TestPKI.issueFixed(
        spec(.server("printer.local", ips: ["192.168.1.20"])),
        label: "printer",
        serial: 0x1003,
        by: intermediate
    )
    /// The printer's certificate of last year, expired 10 days before the reference time.
    static let expiredPrinter: TestPKI.Issued = {
        var s = spec(.server("printer.local", ips: ["192.168.1.20"]))
        s.notBefore = TestPKI.day(-375)
        s.notAfter = TestPKI.day(-10)
        return TestPKI.issueFixed(s, label: "printer", serial: 0x1000, by: intermediate)
    }()
    /// A client certificate for the front desk PC (listen with client authentication).
    static let frontDeskPC = TestPKI.issueFixed(
        spec(.client("front-desk-pc")),
        label: "front-desk-pc",
        serial: 0x1004,
        by: intermediate
    )

    /// The printer maker's factory PKI: a chain to a root the office does not trust.
    static let vendorRoot = TestPKI.issueFixed(
        spec(.root("Acme Printers Root CA", key: .ed25519), organization: "Acme Printers"),
        label: "vendor root",
        serial: 0x2001
    )
    static let vendorCA = TestPKI.issueFixed(
        spec(.intermediate("Acme Printers Device CA"), organization: "Acme Printers", key: .ed25519),
        label: "vendor device CA",
        serial: 0x2002,
        by: vendorRoot
    )
    static let vendorPrinter = TestPKI.issueFixed(
        spec(.server("printer.local", ips: ["192.168.1.20"])),
        label: "vendor printer",
        serial: 0x2003,
        by: vendorCA
    )

    static func spec(_ base: TestPKI.Spec, organization: String? = nil, key: TestPKI.KeyKind? = nil) -> TestPKI.Spec {
        var spec = base
        spec.organization = organization
        if let key { spec.key = key }
        return spec
    }

    static let anchors = [TrustAnchor(certificate: root.x509, source: "root.pem")]

    /// OpenSSL's verdict beside the engine's, as connect and verify record it.
    static func openssl(_ error: String? = nil, depth: Int? = nil, message: String? = nil) -> ExternalVerdict {
        ExternalVerdict(
            verifier: "OpenSSL 3.0.19 (security level 2)",
            ok: error == nil,
            error: error,
            depth: depth,
            message: message
        )
    }

    // MARK: handshakes

    /// curl 7.88.1's ClientHello (OpenSSL 3.0, Debian 12), as captured on loopback
    /// (TestSupport's `CurlClientHello`); the SNI is replaced.
    static let curlClientHelloRecord = CurlClientHello.curlClientHelloRecord

    /// tlsprobe connect's own ClientHello (OpenSSL 3.0.19's defaults at security level 0,
    /// TLS 1.2 and 1.3), as captured on loopback; the SNI is replaced.
    static let tlsprobeClientHelloRecord = hexBytes(
        """
        1603010145010001410303a9faa2cad60bf6f0b87b09282ea2912fcaee228022f3e0f1f51e2ccea6d595b320028d76c1
        0e03f725e6c1e94171721d2cdadfd2f5a0c4caee5331cb6f0b1221cf003e130213031301c02cc030009fcca9cca8ccaa
        c02bc02f009ec024c028006bc023c0270067c00ac0140039c009c0130033009d009c003d003c0035002f00ff010000ba
        00000012001000000d7072696e7465722e6c6f63616c000b000403000102000a00160014001d0017001e001900180100
        0101010201030104002300000005000501000000000016000000170000000d0030002e04030503060308070808080908
        0a080b080408050806040105010601030302030301020103020202040205020602002b00050403040303002d00020101
        003300260024001d002090901a66deded340c8deda878c1109780d7466259ca2cf17b85cd5dce164fd62
        """
    )

    /// The hello in `record` asking for `sni`, or for no name when nil.
    static func clientHello(_ record: [UInt8], sni: String?) -> ClientHello {
        var hello = try! ClientHello(RawHandshakeMessage(bytes: Array(record.dropFirst(5))))
        hello.extensions = hello.extensions.compactMap { e in
            guard e.type == .serverName else { return e }
            guard let name = sni.map({ Array($0.utf8) }) else { return nil }
            return Extension(type: .serverName, data: u16(name.count + 3) + [0] + u16(name.count) + name)
        }
        return hello
    }

    /// curl's hello (listen and capture see it).
    static func curlHello(sni: String) -> ClientHello { clientHello(curlClientHelloRecord, sni: sni) }
    /// tlsprobe's own hello (connect sends it).
    static func ourHello(sni: String?) -> ClientHello { clientHello(tlsprobeClientHelloRecord, sni: sni) }

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// A TLS 1.3 ServerHello: TLS_AES_256_GCM_SHA384 with an x25519 key share.
    static func serverHello13(for hello: ClientHello) -> ServerHello {
        ServerHello(
            legacyVersion: .tls12,
            random: Array(repeating: 0x5A, count: 32),
            legacySessionIDEcho: hello.legacySessionID,
            cipherSuite: CipherSuite(rawValue: 0x1302),
            legacyCompressionMethod: 0,
            extensions: [
                Extension(type: .supportedVersions, data: [0x03, 0x04]),
                Extension(type: .keyShare, data: [0x00, 0x1D, 0x00, 0x20] + Array(repeating: 0x42, count: 32)),
            ]
        )
    }

    static func certificates(_ chain: [TestPKI.Issued], tls13: Bool = true) -> HandshakeMessage {
        .certificate(
            CertificateMessage(requestContext: tls13 ? [] : nil, entries: chain.map { CertificateEntry(data: $0.der) })
        )
    }

    /// A TLS 1.3 handshake, decrypted as connect and listen see it: the server presents
    /// `chain` (and chooses `alpn`, asks with `request`); the client answers with
    /// `clientChain` and its Finished, or with the fatal `clientAlert` instead.
    static func tls13(
        hello: ClientHello,
        chain: [TestPKI.Issued],
        alpn: String? = nil,
        request: CertificateRequest? = nil,
        clientChain: [TestPKI.Issued]? = nil,
        clientAlert: AlertDescription? = nil
    ) -> HandshakeObservation {
        var builder = HandshakeObservationBuilder()
        builder.add(.clientHello(hello), from: .client)
        builder.add(.serverHello(serverHello13(for: hello)), from: .server)
        let alpnExtension = alpn.map { p in
            Extension(
                type: .applicationLayerProtocolNegotiation,
                data: u16(p.utf8.count + 1) + [UInt8(p.utf8.count)] + Array(p.utf8)
            )
        }
        builder.add(
            .encryptedExtensions(EncryptedExtensions(extensions: alpnExtension.map { [$0] } ?? [])),
            from: .server
        )
        if let request { builder.add(.certificateRequest(request), from: .server) }
        builder.add(certificates(chain), from: .server)
        builder.add(
            .certificateVerify(
                CertificateVerify(algorithm: .ecdsaSecp256r1SHA256, signature: Array(repeating: 0x30, count: 71))
            ),
            from: .server
        )
        builder.add(.finished(Finished(verifyData: Array(repeating: 0x46, count: 48))), from: .server)
        if let clientAlert {
            builder.add(alert: Alert(level: .fatal, description: clientAlert), from: .client)
            return builder.build()
        }
        if let clientChain {
            builder.add(certificates(clientChain), from: .client)
            builder.add(
                .certificateVerify(
                    CertificateVerify(algorithm: .ecdsaSecp256r1SHA256, signature: Array(repeating: 0x31, count: 71))
                ),
                from: .client
            )
        }
        builder.add(.finished(Finished(verifyData: Array(repeating: 0x66, count: 48))), from: .client)
        return builder.build()
    }

    // MARK: connect

    static func connectReport(
        _ observation: HandshakeObservation,
        host: String,
        address: String,
        openssl verdict: ExternalVerdict
    ) -> ConnectionReport {
        let vantage = Vantage.client(
            ClientVantage(target: ConnectTarget(host: host, port: 443, address: address, sni: host))
        )
        let context = TrustContext(at: at, expectedName: ExpectedName(parsing: host), purpose: .server)
        var report = ConnectionDiagnosis.report(
            observation: observation,
            vantage: vantage,
            anchors: anchors,
            context: context
        )
        report.trust.openssl = verdict
        return report
    }

    /// connect printer.local: the chain leads to the root given. Nothing to report.
    static let connectTrusted = connectReport(
        tls13(hello: ourHello(sni: "printer.local"), chain: [printer, intermediate]),
        host: "printer.local",
        address: "192.168.1.20",
        openssl: openssl()
    )

    /// The printer still serves the maker's factory chain, root included.
    static let connectUntrustedRoot = connectReport(
        tls13(hello: ourHello(sni: "printer.local"), chain: [vendorPrinter, vendorCA, vendorRoot]),
        host: "printer.local",
        address: "192.168.1.20",
        openssl: openssl(
            "X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN",
            depth: 2,
            message: "self-signed certificate in certificate chain"
        )
    )

    /// The printer serves its certificate without the issuing CA's.
    static let connectMissingIntermediate = connectReport(
        tls13(hello: ourHello(sni: "printer.local"), chain: [printer]),
        host: "printer.local",
        address: "192.168.1.20",
        openssl: openssl(
            "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
            depth: 0,
            message: "unable to get local issuer certificate"
        )
    )

    /// nas.local answers with the printer's certificate (a reverse proxy's default site).
    static let connectNameMismatch = connectReport(
        tls13(hello: ourHello(sni: "nas.local"), chain: [printer, intermediate]),
        host: "nas.local",
        address: "192.168.1.30",
        openssl: openssl("X509_V_ERR_HOSTNAME_MISMATCH", depth: 0, message: "hostname mismatch")
    )

    // MARK: listen

    static let served = ServedSide(
        chain: [printer.x509, intermediate.x509],
        ephemeral: false,
        acceptedVersions: [.tls12, .tls13],
        acceptedCipherSuites: [
            CipherSuite(rawValue: 0x1302), CipherSuite(rawValue: 0x1301), CipherSuite(rawValue: 0x1303),
        ],
        clientAuthentication: .none
    )

    static func listenReport(
        _ observation: HandshakeObservation,
        client: String,
        served: ServedSide = served,
        clientAnchors: [TrustAnchor] = [],
        http: HTTPExchange? = nil
    ) -> ConnectionReport {
        let flow = Flow(
            client: client,
            server: "192.168.1.10:8443",
            firstPacket: at,
            lastPacket: at.addingTimeInterval(0.042)
        )
        let vantage = Vantage.server(
            ServerVantage(
                flow: flow,
                served: served,
                clientAnchors: clientAnchors,
                http: http,
                applicationBytes: http == nil ? 0 : 86
            )
        )
        let context = TrustContext(at: at, expectedName: nil, purpose: .server)
        return ConnectionDiagnosis.report(observation: observation, vantage: vantage, anchors: [], context: context)
    }

    /// curl fetched tlsprobe's page over TLS 1.3.
    static let listenCurl = listenReport(
        tls13(hello: curlHello(sni: "printer.local"), chain: [printer, intermediate], alpn: "http/1.1"),
        client: "192.168.1.44:51334",
        http: HTTPExchange(
            requestLine: "GET / HTTP/1.1",
            host: "printer.local:8443",
            userAgent: "curl/7.88.1",
            answered: true
        )
    )

    /// curl without the office root: it refused our certificate.
    static let listenUnknownCA = listenReport(
        tls13(
            hello: curlHello(sni: "printer.local"),
            chain: [printer, intermediate],
            alpn: "http/1.1",
            clientAlert: .unknownCA
        ),
        client: "192.168.1.44:51336"
    )

    /// listen --client-auth require --client-anchor root.pem: the front desk PC presented
    /// its certificate, which leads to the office root.
    static let listenClientCertificate: ConnectionReport = {
        var mtls = served
        mtls.clientAuthentication = .required
        let request = CertificateRequest(
            certificateTypes: [],
            signatureAlgorithms: [.ecdsaSecp256r1SHA256, .ed25519, .rsaPSSRSAESHA256],
            certificateAuthorities: [root.x509.subjectDER]
        )
        return listenReport(
            tls13(
                hello: curlHello(sni: "printer.local"),
                chain: [printer, intermediate],
                alpn: "http/1.1",
                request: request,
                clientChain: [frontDeskPC, intermediate]
            ),
            client: "192.168.1.51:60122",
            served: mtls,
            clientAnchors: anchors,
            http: HTTPExchange(
                requestLine: "GET /status HTTP/1.1",
                host: "printer.local:8443",
                userAgent: "curl/7.88.1",
                answered: true
            )
        )
    }()

    // MARK: capture

    static func captureReport(
        _ observation: HandshakeObservation,
        client: String,
        server: String,
        anchors: [TrustAnchor] = []
    ) -> ConnectionReport {
        let flow = Flow(client: client, server: server, firstPacket: at, lastPacket: at.addingTimeInterval(0.018))
        var context = TrustContext(at: at, purpose: .server)
        if let sni = observation.clientHello?.sni { context.expectedName = ExpectedName(parsing: sni) }
        return ConnectionDiagnosis.report(
            observation: observation,
            vantage: .observer(ObserverVantage(flow: flow)),
            anchors: anchors,
            context: context
        )
    }

    /// capture -r printer.pcap --anchor root.pem: a TLS 1.2 handshake in which the printer
    /// sends its certificate alone, and curl gives up with unknown_ca.
    static let captureUnknownCA: ConnectionReport = {
        let hello = curlHello(sni: "printer.local")
        var builder = HandshakeObservationBuilder()
        builder.add(.clientHello(hello), from: .client)
        builder.add(
            .serverHello(
                ServerHello(
                    legacyVersion: .tls12,
                    random: Array(repeating: 0x5A, count: 32),
                    legacySessionIDEcho: [],
                    cipherSuite: CipherSuite(rawValue: 0xC02B),
                    legacyCompressionMethod: 0,
                    extensions: [
                        Extension(type: ExtensionType(0xFF01), data: [0]),
                        Extension(type: .ecPointFormats, data: [1, 0]),
                        Extension(type: .extendedMasterSecret, data: []),
                    ]
                )
            ),
            from: .server
        )
        builder.add(certificates([printer], tls13: false), from: .server)
        builder.add(
            .serverKeyExchange(
                ServerKeyExchange(
                    parameters: .ecdhe(
                        group: NamedGroup(rawValue: 0x001D),
                        publicKey: Array(repeating: 0x42, count: 32)
                    ),
                    signatureAlgorithm: .ecdsaSecp256r1SHA256,
                    signature: Array(repeating: 0x30, count: 71),
                    body: []
                )
            ),
            from: .server
        )
        builder.add(.serverHelloDone, from: .server)
        builder.add(alert: Alert(level: .fatal, description: .unknownCA), from: .client)
        return captureReport(
            builder.build(),
            client: "192.168.1.44:51340",
            server: "192.168.1.20:443",
            anchors: anchors
        )
    }()

    /// capture -r printer.pcap: a TLS 1.3 handshake, no key log and no anchors: the chain
    /// is encrypted.
    static let captureTLS13: ConnectionReport = {
        let hello = curlHello(sni: "printer.local")
        var builder = HandshakeObservationBuilder()
        builder.add(.clientHello(hello), from: .client)
        builder.add(.serverHello(serverHello13(for: hello)), from: .server)
        builder.markEncryptedHandshakeUnseen()
        return captureReport(
            builder.build(outcome: .established),
            client: "192.168.1.44:51342",
            server: "192.168.1.20:443"
        )
    }()

    // MARK: verify

    static func verifyReport(
        files: [String],
        leaf: TestPKI.Issued,
        presented: [TestPKI.Issued],
        host: String?,
        openssl verdict: ExternalVerdict
    ) -> VerifyReport {
        let context = TrustContext(at: at, expectedName: host.map(ExpectedName.init(parsing:)), purpose: .server)
        return OfflineDiagnosis.verify(
            files: files,
            leaf: leaf.x509,
            presented: presented.map(\.x509),
            anchors: anchors,
            context: context,
            host: host,
            openssl: verdict
        )
    }

    /// verify printer.pem chain.pem --anchor root.pem --host printer.local.
    static let verifyTrusted = verifyReport(
        files: ["printer.pem", "chain.pem"],
        leaf: printer,
        presented: [intermediate],
        host: "printer.local",
        openssl: openssl()
    )

    /// verify of last year's certificate, still in the printer's configuration.
    static let verifyExpired = verifyReport(
        files: ["printer-old.pem", "chain.pem"],
        leaf: expiredPrinter,
        presented: [intermediate],
        host: "printer.local",
        openssl: openssl("X509_V_ERR_CERT_HAS_EXPIRED", depth: 0, message: "certificate has expired")
    )

    // MARK: inspect

    static func key(_ issued: TestPKI.Issued, location: String, format: String) -> KeyDetails {
        KeyDetails(location: location, format: format, spkiDER: issued.x509.spkiDER)
    }

    static let inspectContext = TrustContext(at: at, purpose: .server)

    /// inspect printer.pem: the certificate, the issuing CA's and the key in one file (the
    /// key's PEM block starts at line 24).
    static let inspectBundle = OfflineDiagnosis.inspect(
        [
            OfflineDiagnosis.InspectInput(
                path: "printer.pem",
                format: "PEM",
                certificates: [printer.x509, intermediate.x509],
                keys: [key(printer, location: "line 24", format: "PKCS#8")],
                pkcs12: nil,
                other: []
            )
        ],
        keyChecks: [],
        context: inspectContext
    )

    /// inspect printer.p12 --password-env P12_PASSWORD: written by OpenSSL 3 with its
    /// defaults, which older Apple and Windows releases cannot import.
    static let inspectPKCS12 = OfflineDiagnosis.inspect(
        [
            OfflineDiagnosis.InspectInput(
                path: "printer.p12",
                format: "PKCS#12",
                certificates: [printer.x509, intermediate.x509],
                keys: [key(printer, location: "PKCS#12 bag 3", format: "PKCS#12")],
                pkcs12: PKCS12Details(
                    macAlgorithm: "sha256",
                    macIterations: 2048,
                    encryption: [
                        PKCS12Encryption(
                            contents: "certificates",
                            algorithm: "PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC)",
                            iterations: 2048,
                            legacy: false
                        ),
                        PKCS12Encryption(
                            contents: "private key",
                            algorithm: "PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC)",
                            iterations: 2048,
                            legacy: false
                        ),
                    ],
                    passwordRequired: true,
                    decrypted: true,
                    hasPrivateKey: true,
                    keyMatchesCertificate: true,
                    friendlyName: "printer.local"
                ),
                other: []
            )
        ],
        keyChecks: [],
        context: inspectContext
    )

    // MARK: explain

    /// explain -9813: an Apple OSStatus, as Safari's console and URLSession show it.
    static let explainOSStatus = ExplainReport(query: "-9813", matches: ErrorCatalog.explain("-9813"))
    static let pastedLog =
        "curl: (60) SSL certificate problem: unable to get local issuer certificate; "
        + "openssl: verify error:num=20 ... error:0A000086:SSL routines::certificate verify failed"
    static let explainPastedLog = ExplainReport(query: pastedLog, matches: ErrorCatalog.explain(pastedLog))
    static let explainNothing = ExplainReport(
        query: "printer says no",
        matches: ErrorCatalog.explain("printer says no")
    )

    // MARK: scan

    /// scan 192.168.1.0/28 --ports 443,8443 --expiring 120 --host-map names.txt:
    /// the four connect reports above, a port that answers in plain HTTP and one that could
    /// not be examined.
    static let scanReports: [ConnectionReport] = {
        func scanned(_ r: ConnectionReport, address: String, port: Int = 443) -> ConnectionReport {
            var r = r
            if case .client(var client) = r.vantage {
                client.target.port = port
                client.target.address = address
                client.target.host = address
                r.vantage = .client(client)
            }
            return r
        }
        return [
            scanned(connectTrusted, address: "192.168.1.20"),
            scanned(connectUntrustedRoot, address: "192.168.1.21"),
            scanned(connectMissingIntermediate, address: "192.168.1.22"),
            scanned(connectNameMismatch, address: "192.168.1.30"),
            plainHTTP,
        ]
    }()

    /// A port that answers the ClientHello in plain HTTP.
    static let plainHTTP: ConnectionReport = {
        var hello = HandshakeObservationBuilder()
        hello.add(.clientHello(ourHello(sni: nil)), from: .client)
        return ConnectionDiagnosis.report(
            observation: hello.build(outcome: .failed),
            vantage: .client(
                ClientVantage(
                    target: ConnectTarget(host: "192.168.1.12", port: 8443, address: "192.168.1.12", sni: nil)
                )
            ),
            anchors: anchors,
            context: TrustContext(at: at, purpose: .server),
            ending: .notTLS(firstBytes: Array("HTTP/1.1 400 Bad Request\r\n".utf8))
        )
    }()

    static let scanRows: [ScanRow] = {
        var rows = scanReports.map { ScanRow(report: $0, threshold: .error) }
        rows.append(
            ScanRow(
                host: "192.168.1.13",
                port: 443,
                errorCode: "connect.no_tls_answer",
                message:
                    "192.168.1.13:443 accepted the TCP connection but sent no byte in answer to the ClientHello within 5 s (is this a TLS port? some services wait for the client to speak first)"
            )
        )
        return rows.sorted(by: ScanRow.ordered)
    }()

    static let scanSummary: ScanSummary = {
        var summary = ScanSummary()
        summary.hosts = 16
        summary.ports = [443, 8443]
        summary.endpoints = 32
        summary.probed = 32
        summary.closed = 24
        summary.silent = 2
        summary.found = 6
        summary.elapsedMilliseconds = 5_318
        summary.expiringDays = 120
        for row in scanRows { summary.add(row, now: at) }
        return summary
    }()

    // MARK: files

    static func json(_ value: JSONValue) -> String { value.serialized(pretty: true) + "\n" }

    /// Every golden file by name.
    static func files() -> [String: String] {
        let connections: [(String, ConnectionReport)] = [
            ("connect-trusted", connectTrusted),
            ("connect-untrusted-root", connectUntrustedRoot),
            ("connect-missing-intermediate", connectMissingIntermediate),
            ("connect-name-mismatch", connectNameMismatch),
            ("listen-curl", listenCurl),
            ("listen-unknown-ca", listenUnknownCA),
            ("listen-client-certificate", listenClientCertificate),
            ("capture-unknown-ca", captureUnknownCA),
            ("capture-tls13-no-keylog", captureTLS13),
        ]
        var files: [String: String] = [:]
        for (name, report) in connections {
            files[name + ".txt"] = text.render(report)
            files[name + ".json"] = json(ReportJSON.json(report))
        }
        // The page listen answers a browser with, and --brief's one line per connection.
        files["listen-curl-page.txt"] = TextRenderer.listenPage(listenCurl)
        files["brief.txt"] = connections.map { text.brief($0.1) }.joined()
        for (name, report) in [("verify-trusted", verifyTrusted), ("verify-expired", verifyExpired)] {
            files[name + ".txt"] = text.render(report)
            files[name + ".json"] = json(ReportJSON.json(report))
        }
        for (name, report) in [("inspect-pem-bundle", inspectBundle), ("inspect-pkcs12", inspectPKCS12)] {
            files[name + ".txt"] = text.render(report)
            files[name + ".json"] = json(ReportJSON.json(report))
        }
        for (name, report) in [
            ("explain-osstatus", explainOSStatus), ("explain-pasted-log", explainPastedLog),
            ("explain-nothing", explainNothing),
        ] {
            files[name + ".txt"] = text.render(report)
            files[name + ".json"] = json(ReportJSON.json(report))
        }
        files["scan-table.txt"] = text.scanTable(scanRows) + text.scanSummary(scanSummary)
        files["scan-summary.json"] = json(ReportJSON.json(scanSummary))
        files["error-connect-refused.json"] = json(
            ReportJSON.error(
                command: "connect",
                code: "connect.refused",
                message:
                    "printer.local:443 (192.168.1.20:443): connection refused: nothing listens on port 443 there (or a firewall rejects it)",
                target: "printer.local:443"
            )
        )
        files.merge(changeFiles()) { _, _ in preconditionFailure("two golden files of one name") }
        return files
    }
}

/// Bytes from hex text; whitespace is ignored.
func hexBytes(_ text: String) -> [UInt8] {
    let digits = text.unicodeScalars.compactMap { UInt8(String($0), radix: 16) }
    return stride(from: 0, to: digits.count - 1, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
}
#endif
