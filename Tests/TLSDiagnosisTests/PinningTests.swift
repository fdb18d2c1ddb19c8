import Foundation
import Testing
import TestSupport
import TLSWire
@testable import TLSDiagnosis

/// `--pin` and `--known-hosts`: pins read strictly, TOFU verdicts with both pins and dates.
@Suite struct PinningTests {
    static let chain = TestPKI.chain()

    @Test func pinsAreReadStrictly() {
        let pin = Self.chain.leaf.x509.pin
        #expect(PublicKeyPin(pin)?.description == pin)
        #expect(PublicKeyPin("SHA256/" + pin.dropFirst(7)) != nil)
        #expect(PublicKeyPin("sha1/" + pin.dropFirst(7)) == nil)
        #expect(PublicKeyPin("sha256/AAAA") == nil, "not 32 bytes")
        #expect(PublicKeyPin("sha256/not base64!") == nil)
    }

    @Test func aPinMatchesTheLeafOrAnotherPresentedCertificate() throws {
        let chain = [Self.chain.leaf.x509, Self.chain.intermediate.x509]
        let leafPin = try #require(PublicKeyPin(Self.chain.leaf.x509.pin))
        let caPin = try #require(PublicKeyPin(Self.chain.intermediate.x509.pin))
        let other = try #require(PublicKeyPin(TestPKI.issue(.server("other.local")).x509.pin))
        #expect(PinCheck.finding(pins: [other, leafPin], chain: chain)?.code == .pinMatch)
        let viaCA = try #require(PinCheck.finding(pins: [caPin], chain: chain))
        #expect(viaCA.code == .pinMatch)
        #expect(viaCA.subject == .certificate(1))
        let mismatch = try #require(PinCheck.finding(pins: [other], chain: chain))
        #expect(mismatch.code == .pinMismatch)
        #expect(mismatch.severity == .error)
        #expect(mismatch.evidence["presented_pin"] == .string(Self.chain.leaf.x509.pin))
        #expect(PinCheck.finding(pins: [other], chain: []) == nil, "no certificate, no verdict")
    }

    @Test func knownHostsRoundTrip() throws {
        let pin = Self.chain.leaf.x509.pin
        let newPin = TestPKI.issue(.server("printer.local")).x509.pin
        let key = KnownHosts.key(host: "Printer.Local", port: 4433)
        #expect(key == "printer.local:4433")
        #expect(KnownHosts.key(host: "0:0::1", port: 1) == "[::1]:1")

        var hosts = KnownHosts(text: "")
        #expect(hosts.check(key: key, pin: pin) == .firstUse)
        let first = KnownHosts.finding(.firstUse, key: key, pin: pin, file: "kh", now: TestPKI.referenceTime)
        #expect(first.code == .pinFirstUse)
        #expect(first.severity == .info)
        hosts.record(key: key, pin: pin, at: TestPKI.referenceTime)
        #expect(hosts.text.hasPrefix("# tlsprobe known hosts"))

        let reread = KnownHosts(text: hosts.text)
        guard case .match(let entry) = reread.check(key: key, pin: pin) else {
            Issue.record("expected a match")
            return
        }
        #expect(entry.firstSeen == TestPKI.referenceTime)
        #expect(entry.line == 2)

        let verdict = reread.check(key: key, pin: newPin)
        guard case .mismatch = verdict else {
            Issue.record("expected a mismatch")
            return
        }
        let later = TestPKI.day(30)
        let finding = KnownHosts.finding(verdict, key: key, pin: newPin, file: "kh", now: later)
        #expect(finding.code == .pinMismatch)
        #expect(finding.evidence["known_pins"] == .strings([pin]))
        #expect(finding.evidence["presented_pin"] == .string(newPin))
        #expect(finding.evidence["known_since"] == .string("2026-01-15T12:00:00Z"))
        #expect(finding.evidence["presented_at"] == .string("2026-02-14T12:00:00Z"))
        #expect(finding.fix.contains("delete line 2"))
    }

    @Test func malformedLinesAndCommentsAreKeptButNotRead() {
        let text = "# comment\n\ngarbage\nhost:1 notapin\nhost:1 \(Self.chain.leaf.x509.pin)\r\n"
        let hosts = KnownHosts(text: text)
        #expect(hosts.entries.map(\.line) == [5])
        #expect(hosts.text == "# comment\n\ngarbage\nhost:1 notapin\nhost:1 \(Self.chain.leaf.x509.pin)\n")
    }
}

/// How a live handshake ended without an alert, as a finding.
@Suite struct HandshakeEndingTests {
    static let hello = ClientHelloSummary(
        legacyVersion: .tls12,
        versions: [.tls13, .tls12],
        cipherSuites: [],
        sni: "printer.local",
        alpn: [],
        signatureAlgorithms: [],
        supportedGroups: [],
        keyShareGroups: [],
        extensions: []
    )

    /// How the server ended our handshake, read from the client's vantage (connect).
    static func ending(_ ending: HandshakeEnding, in o: HandshakeObservation) -> Finding? {
        let target = ConnectTarget(host: "printer.local", port: 4433, address: "127.0.0.1", sni: "printer.local")
        return HandshakeDiagnosis.finding(for: ending, in: o, vantage: .client(ClientVantage(target: target)))
    }

    @Test func aHangUpAfterTheHelloPointsAtVersionsAndSNI() throws {
        let o = HandshakeObservation(
            clientHello: Self.hello,
            steps: [HandshakeStep(from: .client, type: .clientHello)],
            outcome: .failed
        )
        let finding = try #require(Self.ending(.closed, in: o))
        #expect(finding.code == .tlsHandshakeFailed)
        #expect(finding.message.contains("in answer to our ClientHello"))
        #expect(finding.fix.contains("--versions"))
        #expect(finding.evidence["offered_versions"] == .strings(["TLSv1.3", "TLSv1.2"]))
    }

    @Test func plainHTTPIsNamed() throws {
        let o = HandshakeObservation(
            clientHello: Self.hello,
            steps: [HandshakeStep(from: .client, type: .clientHello)],
            outcome: .failed
        )
        let finding = try #require(Self.ending(.notTLS(firstBytes: Array("HTTP/1.0 400 Bad".utf8)), in: o))
        #expect(finding.message.contains("plain HTTP"))
        #expect(finding.evidence["first_bytes_text"] == .string("HTTP/1.0 400 Bad"))
    }

    @Test func anAlertExplainsItAlready() {
        let alert = AlertEvent(
            from: .server,
            level: .fatal,
            description: .handshakeFailure,
            encrypted: false,
            after: []
        )
        let o = HandshakeObservation(alerts: [alert], outcome: .failed)
        #expect(Self.ending(.closed, in: o) == nil)
        // A close_notify mid-handshake has a finding of its own; the hang-up adds none.
        let close = AlertEvent(from: .server, level: .warning, description: .closeNotify, encrypted: false, after: [])
        #expect(Self.ending(.closed, in: HandshakeObservation(alerts: [close], outcome: .failed)) == nil)
        let ours = AlertEvent(from: .client, level: .fatal, description: .decodeError, encrypted: false, after: [])
        #expect(
            Self.ending(.refusedLocally(reasons: ["bad"]), in: HandshakeObservation(alerts: [ours], outcome: .failed))
                == nil
        )
    }
}
