import Testing
import TestSupport
import TLSWire
@testable import TLSDiagnosis

@Suite struct HandshakeObservationBuilderTests {
    static let clientHello = ClientHello(
        legacyVersion: .tls12,
        random: Array(repeating: 1, count: 32),
        legacySessionID: [],
        cipherSuites: [CipherSuite(rawValue: 0xC02F)],
        legacyCompressionMethods: [0],
        extensions: [Extension(type: .serverName, data: [0, 16, 0, 0, 13] + Array("printer.local".utf8))]
    )
    static let serverHello = ServerHello(
        legacyVersion: .tls12,
        random: Array(repeating: 2, count: 32),
        legacySessionIDEcho: [],
        cipherSuite: CipherSuite(rawValue: 0xC02F),
        legacyCompressionMethod: 0,
        extensions: []
    )

    @Test func aTLS12ServerRequiringAClientCertificateIsNamed() throws {
        let chain = TestPKI.chain()
        var builder = HandshakeObservationBuilder()
        builder.add(.clientHello(Self.clientHello), from: .client)
        builder.add(.serverHello(Self.serverHello), from: .server)
        builder.add(
            .certificate(
                CertificateMessage(
                    requestContext: nil,
                    entries: [CertificateEntry(data: chain.leaf.der), CertificateEntry(data: chain.intermediate.der)]
                )
            ),
            from: .server
        )
        builder.add(
            .certificateRequest(
                CertificateRequest(
                    certificateTypes: [],
                    signatureAlgorithms: [.ecdsaSecp256r1SHA256],
                    certificateAuthorities: [chain.root.x509.subjectDER]
                )
            ),
            from: .server
        )
        builder.add(.serverHelloDone, from: .server)
        builder.add(.certificate(CertificateMessage(requestContext: nil, entries: [])), from: .client)
        builder.add(alert: Alert(level: .fatal, description: .handshakeFailure), from: .server)
        let o = builder.build()

        #expect(o.clientHello?.sni == "printer.local")
        #expect(o.clientHello?.ja3Hash?.count == 32)
        #expect(o.serverCertificates.map(\.der) == [chain.leaf.der, chain.intermediate.der])
        #expect(o.certificateRequest?.acceptableCAs == ["CN=Test Root CA"])
        #expect(o.certificateRequest?.clientCertificateSent == false)
        #expect(o.clientCertificates == [])
        #expect(o.outcome == .failed)
        #expect(o.steps.last == HandshakeStep(from: .client, type: .certificate, empty: true))
        let finding = try #require(HandshakeDiagnosis.finding(for: o.alerts[0], in: o, vantage: .testClient))
        #expect(finding.code == .mtlsClientCertRequired)
    }

    @Test func bothFinishedMeansEstablished() {
        var builder = HandshakeObservationBuilder()
        builder.add(.clientHello(Self.clientHello), from: .client)
        builder.add(.serverHello(Self.serverHello), from: .server)
        builder.add(.finished(Finished(verifyData: [1])), from: .client)
        #expect(builder.build().outcome == .incomplete)
        builder.add(.finished(Finished(verifyData: [2])), from: .server)
        #expect(builder.build().outcome == .established)
        #expect(builder.build().resumed == false)
    }

    @Test func garbageRawMessagesAreRecordedNotFatal() {
        var builder = HandshakeObservationBuilder()
        builder.add(rawMessage: [11, 0, 0, 5, 1, 2, 3, 4, 5], from: .server)
        builder.add(rawMessage: [1, 0], from: .client)
        #expect(builder.decodeProblems.count == 2)
        #expect(builder.build().serverCertificates.isEmpty)
    }
}
