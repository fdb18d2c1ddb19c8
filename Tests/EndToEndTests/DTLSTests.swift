import Foundation
import Testing
import TestSupport

/// `connect --dtls` against `openssl s_server -dtls` on loopback, beside
/// `openssl s_client -dtls` on the same server; a lossy UDP relay (Python) drops the first
/// flight to show the retransmission, and a bound but silent UDP port shows the timeout.
@Suite struct DTLSTests {
    /// Waits until something has bound UDP `port` on 127.0.0.1 (/proc/net/udp: s_server
    /// -dtls answers nothing until a ClientHello comes, so there is nothing to dial).
    static func waitUntilBound(udp port: Int, timeout: TimeInterval = 10) -> Bool {
        let needle = String(format: "0100007F:%04X", port)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let table = try? String(contentsOfFile: "/proc/net/udp", encoding: .utf8), table.contains(needle) {
                return true
            }
            usleep(20_000)
        }
        return false
    }

    /// `openssl s_server -dtls` (or `extra`'s `-dtls1`) with the PKI's chain on the port of `reservation` (UDP).
    static func server(_ pki: PKIFiles, _ extra: [String] = [], reservation: ReservedPort) throws -> BackgroundProcess {
        let process = try BackgroundProcess(
            "openssl",
            [
                "s_server", extra.contains("-dtls1") ? "-dtls1" : "-dtls", "-accept", "127.0.0.1:\(reservation.port)",
                "-cert", pki.leaf, "-key", pki.key,
                "-cert_chain", pki.intermediate, "-quiet",
            ] + extra.filter { $0 != "-dtls1" }
        )
        #expect(waitUntilBound(udp: reservation.port), "s_server -dtls did not bind UDP \(reservation.port)")
        return process
    }

    static func connect(_ arguments: [String]) throws -> (result: Run.Result, json: [String: Any]) {
        let result = try Run.tlsprobe(["connect"] + arguments + ["--json"], timeout: 60)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)"))
    }

    @Test func aDTLSServerIsJudgedLikeATLSOne() throws {
        let pki = PKIFiles()
        let port = try ReservedPort()
        let server = try Self.server(pki, reservation: port)
        defer { server.stop() }
        let out = try Self.connect(["127.0.0.1:\(port.port)", "--dtls", "--anchor", pki.root])
        #expect(out.result.status == 0, "\(out.result.stdout) \(out.result.stderr)")
        #expect((out.json["target"] as? [String: Any])?["transport"] as? String == "udp")
        let handshake = try #require(out.json["handshake"] as? [String: Any])
        #expect(handshake["version"] as? String == "DTLSv1.2")
        #expect(handshake["established"] as? Bool == true)
        #expect((out.json["chain"] as? [[String: Any]])?.count == 2)
        #expect((out.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        // Our ClientHello, read by the same parser as TLS's once the cookie is set aside.
        let hello = try #require(out.json["client_hello"] as? [String: Any])
        #expect((hello["cipher_suites"] as? [Any])?.isEmpty == false)
        // JA4 of a DTLS hello: "d" for DTLS, then the version "d2" (FoxIO's JA4.md).
        #expect((hello["ja4"] as? String)?.hasPrefix("dd2") == true, "\(hello["ja4"] ?? "")")
        #expect(JSONFindings.codes(out.json).isEmpty, "\(JSONFindings.codes(out.json))")
        try SchemaTests.expectValid(out.result.stdout, "connect")

        let text = try Run.tlsprobe(["connect", "127.0.0.1:\(port.port)", "--dtls", "--anchor", pki.root], timeout: 60)
        #expect(text.stdout.contains("DTLS over UDP"), "\(text.stdout)")
        // OpenSSL's own DTLS client on the same server.
        let real = try Run.process(
            "openssl",
            ["s_client", "-dtls", "-connect", "127.0.0.1:\(port.port)", "-CAfile", pki.root, "-brief"],
            stdin: Data(),
            timeout: 30
        )
        #expect(real.stderr.contains("CONNECTION ESTABLISHED"), "\(real.stderr)")
    }

    @Test func aDTLS10ServerIsReachedAtDTLS10() throws {
        let pki = PKIFiles()
        let port = try ReservedPort()
        let server = try Self.server(pki, ["-dtls1", "-cipher", "DEFAULT:@SECLEVEL=0"], reservation: port)
        defer { server.stop() }
        let out = try Self.connect(["127.0.0.1:\(port.port)", "--dtls", "--anchor", pki.root])
        #expect((out.json["handshake"] as? [String: Any])?["version"] as? String == "DTLSv1.0", "\(out.result.stderr)")
        #expect((out.json["trust"] as? [String: Any])?["trusted"] as? Bool == true)
    }

    @Test func aLostFlightIsSentAgain() throws {
        let pki = PKIFiles()
        let port = try ReservedPort()
        let server = try Self.server(pki, reservation: port)
        defer { server.stop() }
        // A relay on another UDP port that drops the client's first datagram (its ClientHello).
        let relayPort = try ReservedPort()
        let relay = try BackgroundProcess(
            "python3",
            [
                "-c",
                """
                import socket, select
                front = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); front.bind(("127.0.0.1", \(relayPort.port)))
                back = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); back.connect(("127.0.0.1", \(port.port)))
                client, dropped = None, 0
                while True:
                    ready, _, _ = select.select([front, back], [], [])
                    if front in ready:
                        data, client = front.recvfrom(65536)
                        dropped += 1
                        if dropped > 1: back.send(data)
                    if back in ready and client:
                        front.sendto(back.recv(65536), client)
                """,
            ]
        )
        defer { relay.stop() }
        #expect(Self.waitUntilBound(udp: relayPort.port))
        let out = try Self.connect(["127.0.0.1:\(relayPort.port)", "--dtls", "--anchor", pki.root, "--timeout", "10"])
        #expect(out.result.status == 0, "\(out.result.stderr)")
        #expect(
            (out.json["handshake"] as? [String: Any])?["established"] as? Bool == true,
            "the ClientHello was sent again after the loss"
        )
    }

    @Test func nothingListeningAndASilentPortAreCouldNotExamine() throws {
        let closed = try ReservedPort()
        let refused = try Run.tlsprobe(["connect", "127.0.0.1:\(closed.port)", "--dtls", "--json", "--timeout", "2"])
        #expect(refused.status == 2)
        #expect(refused.stdout.contains("\"connect.refused\""), "\(refused.stdout)")

        let silentPort = try ReservedPort()
        let silent = try BackgroundProcess(
            "python3",
            [
                "-c",
                """
                import socket, time
                s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", \(silentPort.port)))
                time.sleep(60)
                """,
            ]
        )
        defer { silent.stop() }
        #expect(Self.waitUntilBound(udp: silentPort.port))
        let quiet = try Run.tlsprobe(["connect", "127.0.0.1:\(silentPort.port)", "--dtls", "--json", "--timeout", "1"])
        #expect(quiet.status == 2)
        #expect(quiet.stdout.contains("\"connect.no_tls_answer\""), "\(quiet.stdout)")
        #expect(quiet.stderr.contains("no datagram came back"), "\(quiet.stderr)")

        let usage = try Run.tlsprobe(["connect", "127.0.0.1:4433", "--dtls", "--versions"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--dtls cannot be combined with --versions"), "\(usage.stderr)")
    }
}
