import Foundation
import OpenSSLProbe
import PcapSource
import Testing
import TLSDiagnosis
import TLSProbeKit
import LiveNetwork

/// Each kind of failure has its error code, given by its type, never read from its message;
/// the JSON error object says the code, the message and the target.
@Suite struct ErrorCodeTests {
    @Test func codesAreStableNamesAndDistinct() {
        let names = ErrorCode.all.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.wholeMatch(of: /[a-z]+(\.[a-z_]+)?/) != nil, "\(name)")
        }
        #expect(names.contains("other"))
    }

    @Test func connectFailures() {
        let expected: [(ConnectFailure.Kind, String)] = [
            (.refused, "connect.refused"), (.unreachable, "connect.unreachable"),
            (.unresolved, "connect.lookup_failed"),
            (.connectTimedOut, "connect.timed_out"), (.noTLSAnswer, "connect.no_tls_answer"), (.local, "other"),
        ]
        for (kind, code) in expected {
            #expect(ConnectFailure(kind, "x").code.rawValue == code, "\(kind)")
        }
    }

    @Test func listenFailures() {
        let expected: [(ListenFailure.Kind, String)] = [
            (.addressInUse, "listen.address_in_use"), (.permissionDenied, "listen.permission_denied"),
            (.unavailable, "listen.address_unavailable"), (.identity, "listen.identity_refused"), (.local, "other"),
        ]
        for (kind, code) in expected {
            #expect(ListenFailure(kind, "x").code.rawValue == code, "\(kind)")
        }
    }

    @Test func fileAndPasswordFailuresNameTheFile() {
        let expected: [(LoadError.Kind, String)] = [
            (.unreadable, "file.unreadable"), (.tooLarge, "file.unreadable"), (.empty, "file.invalid"),
            (.malformed, "file.invalid"), (.notWhatWasExpected, "file.invalid"),
            (.wrongPassword, "password.wrong"), (.passwordNeeded, "password.missing"),
        ]
        for (kind, code) in expected {
            let error = LoadError(path: "id.p12", kind: kind, description: "id.p12: x")
            #expect(error.code.rawValue == code, "\(kind)")
            #expect(error.target == "id.p12")
        }
    }

    @Test func captureFailures() {
        let expected: [(PcapError.Kind, String)] = [
            (.unreadableFile, "file.unreadable"), (.cannotOpenFile, "capture.unsupported_file"),
            (.cannotOpenInterface, "capture.interface_unavailable"), (.badFilter, "capture.bad_filter"),
            (.readFailed, "capture.read_failed"),
        ]
        for (kind, code) in expected {
            #expect(PcapError(kind, "x").code.rawValue == code, "\(kind)")
        }
    }

    @Test func theErrorObjectIndentedAndOnOneLine() throws {
        let error = ConnectFailure(.refused, "127.0.0.1:1: connection refused", target: "127.0.0.1:1")
        #expect(
            error.json(command: "connect", lines: true)
                == #"{"command":"connect","error":{"code":"connect.refused","message":"127.0.0.1:1: connection refused","target":"127.0.0.1:1"},"schema_version":1}"#
        )
        let pretty = error.json(command: "connect", lines: false)
        #expect(pretty.contains("\n  \"error\": {\n"))
        let untargeted = CouldNotExamine(.other, description: "cannot open a socket")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(untargeted.json(command: "listen", lines: true).utf8))
                as? [String: Any]
        )
        let inner = try #require(object["error"] as? [String: Any])
        #expect(inner["target"] is NSNull, "target is present, null")
        #expect(inner["code"] as? String == "other")
    }
}
