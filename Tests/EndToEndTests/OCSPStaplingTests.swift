import Foundation
import Testing
import TestSupport

/// OCSP stapling: connect asks for status_request and shows whether a response
/// was stapled and what it says. The responses are made by `openssl ocsp` as the test
/// PKI's intermediate (its own responder) and stapled by `openssl s_server -status_file`;
/// `openssl s_client -status` reads the same staple as the real client.
@Suite struct OCSPStaplingTests {
    /// A DER OCSP response for the PKI's leaf, `good` or revoked, signed by the intermediate.
    static func response(_ pki: PKIFiles, revoked: Bool) throws -> String {
        let dir = pki.dir
        let intermediateKey = dir.write("intermediate.key", pki.chain.intermediate.keyPEM)
        let serial = try Run.process("openssl", ["x509", "-noout", "-serial", "-in", pki.leaf]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "serial=", with: "")
        let entry =
            revoked
            ? "R\t491231235959Z\t260101000000Z\t\(serial)\tunknown\t/CN=printer.local\n"
            : "V\t491231235959Z\t\t\(serial)\tunknown\t/CN=printer.local\n"
        let index = dir.write(revoked ? "index-revoked.txt" : "index.txt", entry)
        let request = dir.file("request.der")
        let made = try Run.process(
            "openssl",
            ["ocsp", "-issuer", pki.intermediate, "-cert", pki.leaf, "-no_nonce", "-reqout", request]
        )
        #expect(made.status == 0, "\(made.stderr)")
        let out = dir.file(revoked ? "revoked.der" : "good.der")
        let signed = try Run.process(
            "openssl",
            [
                "ocsp", "-index", index, "-rsigner", pki.intermediate, "-rkey", intermediateKey, "-CA",
                pki.intermediate,
                "-reqin", request, "-respout", out, "-ndays", "1",
            ]
        )
        #expect(signed.status == 0, "\(signed.stderr)")
        return out
    }

    static func ocsp(_ server: OpenSSLServer, _ pki: PKIFiles) throws -> (json: [String: Any], ocsp: [String: Any]) {
        let result = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--json"], timeout: 60)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "\(result.stderr)"
        )
        try SchemaTests.expectValid(result.stdout, "connect")
        return (object, try #require(object["ocsp"] as? [String: Any], "\(result.stdout)"))
    }

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func aStapledGoodResponseIsShown(version: String) throws {
        let pki = PKIFiles()
        let server = try pki.server([version, "-status_file", try Self.response(pki, revoked: false)])
        defer { server.stop() }
        let real = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-status", version],
            stdin: Data(),
            timeout: 30
        )
        #expect(real.stdout.contains("Cert Status: good"), "s_client -status: \(real.stdout)")

        let (json, ocsp) = try Self.ocsp(server, pki)
        #expect(ocsp["stapled"] as? Bool == true)
        #expect(ocsp["response_status"] as? String == "successful")
        #expect(ocsp["certificate_status"] as? String == "good")
        #expect(ocsp["matches_leaf"] as? Bool == true)
        #expect(ocsp["this_update"] is String && ocsp["next_update"] is String)
        #expect(ocsp["revocation_time"] is NSNull)
        let extensions =
            ((json["client_hello"] as? [String: Any])?["extensions"] as? [[String: Any]])?.compactMap {
                $0["name"] as? String
            } ?? []
        #expect(extensions.contains("status_request"), "we asked: \(extensions)")

        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root], timeout: 60)
        #expect(text.stdout.contains("certificate good"), "\(text.stdout)")
    }

    @Test func aRevokedStapleAndNoStapleAreToldApart() throws {
        let pki = PKIFiles()
        let revoked = try pki.server(["-status_file", try Self.response(pki, revoked: true)])
        defer { revoked.stop() }
        let real = try Run.process(
            "openssl",
            ["s_client", "-connect", revoked.address, "-status"],
            stdin: Data(),
            timeout: 30
        )
        #expect(real.stdout.contains("Cert Status: revoked"), "s_client -status: \(real.stdout)")
        let (_, ocsp) = try Self.ocsp(revoked, pki)
        #expect(ocsp["certificate_status"] as? String == "revoked")
        #expect(ocsp["revocation_time"] as? String == "2026-01-01T00:00:00Z")

        let plain = try pki.server()
        defer { plain.stop() }
        let (_, none) = try Self.ocsp(plain, pki)
        #expect(none["stapled"] as? Bool == false)
        #expect(none["response_status"] is NSNull)
    }

    /// `30 03 0a 01 00`: an OCSPResponse that says successful and carries no responseBytes.
    /// It is stapled, but says nothing of the certificate: not "good".
    @Test func aSuccessfulStapleWithNoBodyIsNotReadAsGood() throws {
        let pki = PKIFiles()
        let file = pki.dir.file("empty-successful.der")
        try Data([0x30, 0x03, 0x0A, 0x01, 0x00]).write(to: URL(fileURLWithPath: file))
        let server = try pki.server(["-tls1_2", "-status_file", file])
        defer { server.stop() }
        let real = try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-status", "-tls1_2"],
            stdin: Data(),
            timeout: 30
        )
        #expect(real.stdout.contains("OCSP Response Status: successful"), "s_client -status: \(real.stdout)")
        #expect(!real.stdout.contains("Cert Status"), "s_client sees no certificate status either: \(real.stdout)")

        let (_, ocsp) = try Self.ocsp(server, pki)
        #expect(ocsp["stapled"] as? Bool == true)
        #expect(ocsp["bytes"] as? Int == 5)
        #expect(ocsp["response_status"] as? String == "successful")
        #expect(ocsp["certificate_status"] is NSNull)
        #expect(ocsp["detail"] as? String == "no response body")
        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root], timeout: 60)
        #expect(text.stdout.contains("yes (5 bytes): successful, no response body"), "\(text.stdout)")
        #expect(!text.stdout.contains("certificate good"))
    }

    /// A response about two certificates, another one (revoked) first and the leaf (good)
    /// second, as `openssl ocsp` answers a request naming both: the leaf's is the one shown.
    @Test func theLeafsSingleResponseIsFoundAmongSeveral() throws {
        let pki = PKIFiles()
        let dir = pki.dir
        let intermediateKey = dir.write("intermediate.key", pki.chain.intermediate.keyPEM)
        let other = pki.files("other", TestPKI.issueLive(.server("other.local"), by: pki.chain.intermediate))
        func serial(_ file: String) throws -> String {
            try Run.process("openssl", ["x509", "-noout", "-serial", "-in", file]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "serial=", with: "")
        }
        let index = dir.write(
            "index-two.txt",
            "R\t491231235959Z\t260101000000Z\t\(try serial(other.cert))\tunknown\t/CN=other.local\n"
                + "V\t491231235959Z\t\t\(try serial(pki.leaf))\tunknown\t/CN=printer.local\n"
        )
        let request = dir.file("request-two.der")
        let made = try Run.process(
            "openssl",
            [
                "ocsp", "-issuer", pki.intermediate, "-cert", other.cert, "-cert", pki.leaf, "-no_nonce", "-reqout",
                request,
            ]
        )
        #expect(made.status == 0, "\(made.stderr)")
        let out = dir.file("two.der")
        let signed = try Run.process(
            "openssl",
            [
                "ocsp", "-index", index, "-rsigner", pki.intermediate, "-rkey", intermediateKey, "-CA",
                pki.intermediate,
                "-reqin", request, "-respout", out, "-ndays", "1",
            ]
        )
        #expect(signed.status == 0, "\(signed.stderr)")
        let listed = try Run.process("openssl", ["ocsp", "-respin", out, "-resp_text", "-noverify"])
        #expect(
            listed.stdout.components(separatedBy: "Cert Status:").count == 3,
            "two SingleResponses: \(listed.stdout)"
        )
        #expect(
            listed.stdout.range(of: "Cert Status: revoked")!.lowerBound
                < listed.stdout.range(of: "Cert Status: good")!.lowerBound,
            "the other one first"
        )

        let server = try pki.server(["-status_file", out])
        defer { server.stop() }
        let (_, ocsp) = try Self.ocsp(server, pki)
        #expect(ocsp["matches_leaf"] as? Bool == true, "\(ocsp)")
        #expect(ocsp["certificate_status"] as? String == "good")
        #expect(ocsp["revocation_time"] is NSNull)
    }
}
