import Foundation
import OpenSSLProbe
import Testing
import TestSupport
import TLSDiagnosis
import TLSModel
@testable import TLSProbeKit

/// `ConnectSession` in the test process against a real `openssl s_server` on loopback:
/// the report, without the binary between.
@Suite(.serialized) struct ConnectSessionTests {
    static func run(
        _ server: OpenSSLServer,
        anchors: [String],
        configure: (inout ConnectSession.Configuration) -> Void = { _ in }
    )
        throws -> ConnectionReport
    {
        var c = ConnectSession.Configuration(target: DialTarget(host: server.host, port: server.port))
        c.expectedHost = "printer.local"
        c.anchors = try AnchorSources(files: anchors).load(password: { _ in nil })
        c.timeout = 10
        configure(&c)
        return try ConnectSession(c).run()
    }

    @Test func aServerSendingItsWholeChainIsTrustedAndOpenSSLAgrees() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let report = try Self.run(server, anchors: [pki.root])
        #expect(report.trust.trusted == true, "\(report.findings.map(\.code))")
        #expect(report.handshake.established)
        #expect(report.trust.openssl?.ok == true, "\(String(describing: report.trust.openssl))")
    }

    @Test func aServerOmittingItsIntermediateIsToldSo() throws {
        let pki = PKIFiles()
        let server = try pki.server(chain: nil, leaf: (pki.leaf, pki.key))
        defer { server.stop() }
        let report = try Self.run(server, anchors: [pki.root])
        #expect(report.trust.trusted == false)
        #expect(report.findings.first?.code == .chainMissingIntermediate, "\(report.findings.map(\.code))")
    }

    @Test func aTLS12OnlyServerIsJudgedAtTheVersionItSpeaks() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1_2"])
        defer { server.stop() }
        let report = try Self.run(server, anchors: [pki.root]) { $0.probeVersions = true }
        #expect(report.serverHello?.version == .tls12)
        let accepted = report.versions?.filter(\.accepted).map(\.version) ?? []
        #expect(accepted == [.tls12], "\(String(describing: report.versions))")
    }
}
