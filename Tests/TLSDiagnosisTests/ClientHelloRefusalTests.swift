import Testing
import TestSupport
import TLSWire
@testable import TLSDiagnosis

/// `tls.apple_client_refused` on built observations: what the completed handshake says the
/// server needs that Apple's offer lacks. (EndToEndTests/ClientParityTests runs the same
/// cases against real servers.)
@Suite struct ClientHelloRefusalTests {
    static let refused = HandshakeObservation(
        alerts: [
            AlertEvent(
                from: .server,
                level: .fatal,
                description: .handshakeFailure,
                encrypted: false,
                after: [HandshakeStep(from: .client, type: .clientHello)]
            )
        ],
        steps: [HandshakeStep(from: .client, type: .clientHello)],
        outcome: .failed
    )

    static func completed(
        key: TestPKI.KeyKind,
        version: ProtocolVersion,
        suite: CipherSuite,
        group: NamedGroup?
    ) -> HandshakeObservation {
        var spec = TestPKI.Spec.server("printer.local")
        spec.key = key
        let leaf = TestPKI.issue(spec, by: TestPKI.issue(.root("Root")))
        return HandshakeObservation(
            serverHello: ServerHelloSummary(
                legacyVersion: .tls12,
                version: version,
                cipherSuite: suite,
                group: group,
                alpn: nil,
                extensions: []
            ),
            serverCertificates: [leaf.x509],
            outcome: .established
        )
    }

    func finding(_ completed: HandshakeObservation) -> Finding {
        ClientHelloRefusal.finding(
            hello: .apple,
            refused: Self.refused,
            ending: nil,
            localErrors: [],
            completed: completed
        )
    }

    @Test func anEd25519LeafIsNamed() {
        let f = finding(Self.completed(key: .ed25519, version: .tls13, suite: .tlsAES256GCMSHA384, group: .x25519))
        #expect(f.code == .tlsAppleClientRefused)
        #expect(f.severity == .error)
        #expect(f.message.contains("the leaf's key is Ed25519; Apple's clients do not offer ed25519 signatures"))
        #expect(f.evidence["ended"] == "the server sent alert handshake_failure in answer to the ClientHello")
        #expect(f.fix.contains("P-256"))
    }

    @Test func aDHESuiteIsNamed() {
        let f = finding(
            Self.completed(key: .rsa(bits: 2048), version: .tls12, suite: .dheRSAWithAES128GCMSHA256, group: nil)
        )
        #expect(f.message.contains("TLS_DHE_RSA_WITH_AES_128_GCM_SHA256; Apple's clients offer no DHE cipher suites"))
        #expect(f.fix.contains("ECDHE"))
    }

    @Test func aGroupAppleDoesNotOfferIsNamed() {
        let f = finding(Self.completed(key: .p256, version: .tls13, suite: .tlsAES128GCMSHA256, group: .ffdhe2048))
        #expect(f.message.contains("ffdhe2048"))
        #expect(!f.message.contains("leaf's key"), "a P-256 key signs with ecdsa_secp256r1_sha256, which Apple offers")
    }

    @Test func aP384LeafOnTLS13IsNotBlamed() {
        // Nothing in the completed handshake explains the refusal: say so instead of guessing.
        let f = finding(Self.completed(key: .p384, version: .tls13, suite: .tlsAES128GCMSHA256, group: .x25519))
        #expect(f.evidence["missing"] == .array([]))
        #expect(f.message.contains("could not be told"))
    }

    @Test func onlyTheAppleProfileOffersAppleHello() {
        #expect(Profile.apple.clientHello == .apple)
        #expect(Profile.default.clientHello == nil)
        #expect(Profile.openssl.clientHello == nil)
        let offered = ClientHelloParameters.apple
        #expect(
            !offered.signatureSchemes.contains(.ed25519) && !offered.signatureSchemes.contains(.ecdsaSecp521r1SHA512)
        )
        #expect(!offered.cipherSuites.contains { $0.keyExchangeMethod == .dhe })
    }
}
