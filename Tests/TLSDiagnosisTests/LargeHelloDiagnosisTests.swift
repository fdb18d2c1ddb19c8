import Testing
import TLSWire
@testable import TLSDiagnosis

/// `tls.large_hello_refused` on built answers: which ways the post-quantum hello can fail
/// say the device cannot take it, and which say something else.
@Suite struct LargeHelloDiagnosisTests {
    static func probe(_ large: HelloAnswer.Reply) -> LargeHelloProbe {
        LargeHelloProbe(
            ordinary: HelloAnswer(reply: .serverHello(version: .tls13), helloBytes: 300, seconds: 0.01),
            large: HelloAnswer(reply: large, helloBytes: 1_700, seconds: 0.02),
            largeClient: ClientHelloParameters.apple26.client
        )
    }

    @Test func aDeviceThatDropsOrResetsTheLargeHelloIsReported() throws {
        for reply: HelloAnswer.Reply in [.closed, .reset, .timedOut, .notTLS, .alert(.handshakeFailure)] {
            let finding = try #require(LargeHelloDiagnosis.finding(Self.probe(reply), profile: .apple), "\(reply)")
            #expect(finding.code == .tlsLargeHelloRefused)
            #expect(finding.severity == .error)
            #expect(finding.evidence["large_reply"] == .string(reply.keyword))
        }
        #expect(LargeHelloDiagnosis.finding(Self.probe(.closed), profile: .default)?.severity == .warning)
    }

    @Test func aLocalSendErrorIsNotTheServersRefusal() {
        // Our own socket failing (ENOBUFS, EHOSTUNREACH from the local stack) says nothing
        // about the server.
        #expect(
            LargeHelloDiagnosis.finding(Self.probe(.sendFailed("No buffer space available")), profile: .apple) == nil
        )
    }

    @Test func aServerThatParsedTheHelloAndRejectedItIsNotAOneBufferDevice() {
        // illegal_parameter or decode_error: the server read the whole 1,700 bytes and
        // judged their content (a key share it checked, say): not a device that cannot take them.
        for alert in [AlertDescription.illegalParameter, .decodeError] {
            #expect(LargeHelloDiagnosis.finding(Self.probe(.alert(alert)), profile: .apple) == nil, "\(alert)")
        }
    }

    @Test func answeringBothOrNeitherIsNoFinding() {
        #expect(LargeHelloDiagnosis.finding(Self.probe(.helloRetryRequest(group: .x25519)), profile: .apple) == nil)
        var neither = Self.probe(.closed)
        neither.ordinary.reply = .reset
        #expect(LargeHelloDiagnosis.finding(neither, profile: .apple) == nil)
    }
}
