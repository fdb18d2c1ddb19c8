import Foundation
import Testing
import TestSupport

/// OCSP stapling: connect asks for status_request and shows whether a response
/// was stapled and what it says. The responses are made by `openssl ocsp` as the test
/// PKI's intermediate (its own responder) and stapled by `openssl s_server -status_file`;
/// `openssl s_client -status` reads the same staple as the real client.
@Suite struct OCSPStaplingTests {
    /// A DER OCSP response for the PKI's leaf, `good` or revoked (on 2026-01-01, for
    /// `reason` when given), signed by the intermediate or by `signer` (a certificate and
    /// its key); `extra`: more `openssl ocsp` options (`-ndays`, `-resp_no_certs`).
    static func response(
        _ pki: PKIFiles,
        revoked: Bool,
        reason: String? = nil,
        signer: (cert: String, key: String)? = nil,
        name: String? = nil,
        extra: [String] = ["-ndays", "1"]
    ) throws -> String {
        let dir = pki.dir
        let intermediateKey = dir.write("intermediate.key", pki.chain.intermediate.keyPEM)
        let serial = try Run.process("openssl", ["x509", "-noout", "-serial", "-in", pki.leaf]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "serial=", with: "")
        let revocation = "260101000000Z" + (reason.map { "," + $0 } ?? "")
        let entry =
            revoked
            ? "R\t491231235959Z\t\(revocation)\t\(serial)\tunknown\t/CN=printer.local\n"
            : "V\t491231235959Z\t\t\(serial)\tunknown\t/CN=printer.local\n"
        let index = dir.write(revoked ? "index-revoked.txt" : "index.txt", entry)
        let request = dir.file("request.der")
        let made = try Run.process(
            "openssl",
            ["ocsp", "-issuer", pki.intermediate, "-cert", pki.leaf, "-no_nonce", "-reqout", request]
        )
        #expect(made.status == 0, "\(made.stderr)")
        let out = dir.file(name ?? (revoked ? "revoked.der" : "good.der"))
        let signed = try Run.process(
            "openssl",
            [
                "ocsp", "-index", index, "-rsigner", signer?.cert ?? pki.intermediate, "-rkey",
                signer?.key ?? intermediateKey, "-CA", pki.intermediate,
                "-reqin", request, "-respout", out,
            ] + extra
        )
        #expect(signed.status == 0, "\(signed.stderr)")
        return out
    }

    static func ocsp(_ server: OpenSSLServer, _ pki: PKIFiles) throws -> (json: [String: Any], ocsp: [String: Any]) {
        let (_, json, ocsp) = try report(server, pki)
        return (json, ocsp)
    }

    /// `connect --json` (with `extra` options): the exit status, the report, its `ocsp`.
    static func report(
        _ server: OpenSSLServer,
        _ pki: PKIFiles,
        _ extra: [String] = []
    ) throws -> (status: Int32, json: [String: Any], ocsp: [String: Any]) {
        let result = try Run.tlsprobe(
            ["connect", server.address, "--anchor", pki.root, "--json"] + extra,
            timeout: 60
        )
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "\(result.stderr)"
        )
        try SchemaTests.expectValid(result.stdout, "connect")
        return (result.status, object, try #require(object["ocsp"] as? [String: Any], "\(result.stdout)"))
    }

    /// The `ocsp.*` finding codes of a report.
    static func ocspCodes(_ json: [String: Any]) -> [String] {
        JSONFindings.codes(json).filter { $0.hasPrefix("ocsp.") }
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
        let check = ocsp["check"] as? [String: Any]
        #expect(check?["verified"] as? Bool == true, "\(ocsp)")
        #expect(check?["responder"] as? String == "issuer")
        #expect(check?["current"] as? Bool == true)
        #expect(check?["failure"] is NSNull)
        #expect(Self.ocspCodes(json).isEmpty, "\(JSONFindings.codes(json))")

        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root], timeout: 60)
        #expect(text.status == 0, "\(text.stdout)")
        #expect(text.stdout.contains("certificate good"), "\(text.stdout)")
        #expect(text.stdout.contains("signed by the leaf's issuer, current"), "\(text.stdout)")
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

    /// A staple saying the leaf is revoked (keyCompromise) is an error: exit status 1, in
    /// JSON and in text, with the revocation time and reason.
    @Test func aRevokedStapleIsAnError() throws {
        let pki = PKIFiles()
        let file = try Self.response(pki, revoked: true, reason: "keyCompromise")
        let server = try pki.server(["-status_file", file])
        defer { server.stop() }
        let (status, json, ocsp) = try Self.report(server, pki)
        #expect(status == 1, "\(JSONFindings.codes(json))")
        #expect(ocsp["revocation_reason"] as? String == "keyCompromise", "\(ocsp)")
        #expect((ocsp["check"] as? [String: Any])?["verified"] as? Bool == true, "\(ocsp)")
        #expect(Self.ocspCodes(json) == ["ocsp.revoked"], "\(JSONFindings.codes(json))")
        let finding = JSONFindings.finding(json, "ocsp.revoked")
        #expect(finding?["severity"] as? String == "error")
        let message = finding?["message"] as? String ?? ""
        #expect(message.contains("2026-01-01T00:00:00Z") && message.contains("keyCompromise"), "\(message)")

        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root], timeout: 60)
        #expect(text.status == 1)
        #expect(text.stdout.contains("ocsp.revoked"), "\(text.stdout)")
        #expect(text.stdout.contains("reason keyCompromise"), "\(text.stdout)")
    }

    /// A good staple judged after its nextUpdate (`--at` three days on; `-ndays 1`) is a
    /// warning: exit status 0, 1 under `--fail-on warning`; judged now it is current.
    @Test func anExpiredStapleIsAWarningAtTheJudgedTime() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-status_file", try Self.response(pki, revoked: false)])
        defer { server.stop() }
        let later = "@\(Int(Date().timeIntervalSince1970) + 3 * 86_400)"
        let (status, json, ocsp) = try Self.report(server, pki, ["--at", later])
        #expect(status == 0, "\(JSONFindings.codes(json))")
        #expect(Self.ocspCodes(json) == ["ocsp.stale_staple"], "\(JSONFindings.codes(json))")
        #expect(JSONFindings.finding(json, "ocsp.stale_staple")?["severity"] as? String == "warning")
        #expect((ocsp["check"] as? [String: Any])?["current"] as? Bool == false, "\(ocsp)")
        let (failing, _, _) = try Self.report(server, pki, ["--at", later, "--fail-on", "warning"])
        #expect(failing == 1)

        let text = try Run.tlsprobe(
            ["connect", server.address, "--anchor", pki.root, "--at", later],
            timeout: 60
        )
        #expect(text.status == 0)
        #expect(text.stdout.contains("ocsp.stale_staple"), "\(text.stdout)")
        #expect(text.stdout.contains("out of date"), "\(text.stdout)")

        let (_, now, _) = try Self.report(server, pki)
        #expect(Self.ocspCodes(now).isEmpty, "\(JSONFindings.codes(now))")
    }

    /// A response whose nextUpdate has already passed when it is stapled (`-nmin 1`, judged
    /// ten minutes on, past the five minutes' leeway): stale without `--at` in the future
    /// of the response, too.
    @Test func aStapleWhoseNextUpdateHasPassedIsStale() throws {
        let pki = PKIFiles()
        let file = try Self.response(pki, revoked: false, name: "short.der", extra: ["-nmin", "1"])
        let server = try pki.server(["-status_file", file])
        defer { server.stop() }
        let later = "@\(Int(Date().timeIntervalSince1970) + 10 * 60)"
        let (status, json, _) = try Self.report(server, pki, ["--at", later])
        #expect(status == 0)
        #expect(Self.ocspCodes(json) == ["ocsp.stale_staple"], "\(JSONFindings.codes(json))")
    }

    /// A self-signed certificate and its key, NAME.pem and NAME.key, made by `openssl req`.
    static func selfSigned(_ pki: PKIFiles, _ name: String) throws -> (cert: String, key: String) {
        let cert = pki.dir.file(name + ".pem")
        let key = pki.dir.file(name + ".key")
        let made = try Run.process(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj",
                "/CN=Unrelated OCSP Responder", "-days", "2", "-keyout", key, "-out", cert,
            ]
        )
        #expect(made.status == 0, "\(made.stderr)")
        return (cert, key)
    }

    /// A certificate the intermediate issues to NAME (with id-kp-OCSPSigning when `ocspSigning`).
    static func delegate(_ pki: PKIFiles, _ name: String, ocspSigning: Bool) throws -> (cert: String, key: String) {
        let dir = pki.dir
        let intermediateKey = dir.write("intermediate.key", pki.chain.intermediate.keyPEM)
        let key = dir.file(name + ".key")
        let request = dir.file(name + ".csr")
        let cert = dir.file(name + ".pem")
        let made = try Run.process(
            "openssl",
            [
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj",
                "/CN=\(name)", "-keyout", key, "-out", request,
            ]
        )
        #expect(made.status == 0, "\(made.stderr)")
        let extensions = dir.write(
            name + ".ext",
            ocspSigning ? "extendedKeyUsage = OCSPSigning\n" : "extendedKeyUsage = serverAuth\n"
        )
        let issued = try Run.process(
            "openssl",
            [
                "x509", "-req", "-in", request, "-CA", pki.intermediate, "-CAkey", intermediateKey, "-set_serial",
                "4242", "-days", "2", "-extfile", extensions, "-out", cert,
            ]
        )
        #expect(issued.status == 0, "\(issued.stderr)")
        return (cert, key)
    }

    /// A staple signed by an unrelated key (a self-signed responder the leaf's issuer never
    /// named) is a warning, even one saying revoked: exit status 0, 1 under `--fail-on warning`.
    @Test func aStapleSignedByAnUnrelatedKeyIsInvalid() throws {
        let pki = PKIFiles()
        let unrelated = try Self.selfSigned(pki, "unrelated")
        let file = try Self.response(pki, revoked: true, signer: unrelated, name: "unrelated.der")
        let server = try pki.server(["-status_file", file])
        defer { server.stop() }
        let (status, json, ocsp) = try Self.report(server, pki)
        #expect(status == 0, "\(JSONFindings.codes(json))")
        #expect(Self.ocspCodes(json) == ["ocsp.invalid_staple"], "not revoked on its word: \(JSONFindings.codes(json))")
        let finding = JSONFindings.finding(json, "ocsp.invalid_staple")
        #expect(finding?["severity"] as? String == "warning")
        let check = ocsp["check"] as? [String: Any]
        #expect(check?["verified"] as? Bool == false, "\(ocsp)")
        #expect(check?["failure"] as? String == "responder")
        #expect(check?["signer"] as? String == "CN=Unrelated OCSP Responder")
        let (failing, _, _) = try Self.report(server, pki, ["--fail-on", "warning"])
        #expect(failing == 1)
        let text = try Run.tlsprobe(["connect", server.address, "--anchor", pki.root], timeout: 60)
        #expect(text.status == 0)
        #expect(text.stdout.contains("ocsp.invalid_staple"), "\(text.stdout)")
    }

    /// A response signed by the intermediate whose signature was altered (its last byte, the
    /// signature's, with no certificates after it): the signature fails.
    @Test func aStapleWithABadSignatureIsInvalid() throws {
        let pki = PKIFiles()
        let file = try Self.response(pki, revoked: false, name: "bad.der", extra: ["-ndays", "1", "-resp_no_certs"])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        bytes[bytes.count - 1] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let server = try pki.server(["-status_file", file])
        defer { server.stop() }
        let (status, json, ocsp) = try Self.report(server, pki)
        #expect(status == 0)
        #expect(Self.ocspCodes(json) == ["ocsp.invalid_staple"], "\(JSONFindings.codes(json))")
        #expect((ocsp["check"] as? [String: Any])?["failure"] as? String == "signature", "\(ocsp)")
    }

    /// A delegated responder the intermediate issued with id-kp-OCSPSigning may sign; one
    /// issued without it may not.
    @Test func aDelegatedResponderNeedsOCSPSigning() throws {
        let pki = PKIFiles()
        let delegate = try Self.delegate(pki, "OCSP Delegate", ocspSigning: true)
        let good = try pki.server(
            ["-status_file", try Self.response(pki, revoked: false, signer: delegate, name: "delegate.der")]
        )
        defer { good.stop() }
        let (status, json, ocsp) = try Self.report(good, pki)
        #expect(status == 0)
        #expect(Self.ocspCodes(json).isEmpty, "\(JSONFindings.codes(json))")
        let check = ocsp["check"] as? [String: Any]
        #expect(check?["verified"] as? Bool == true, "\(ocsp)")
        #expect(check?["responder"] as? String == "delegate")

        let notDelegate = try Self.delegate(pki, "Not A Responder", ocspSigning: false)
        let bad = try pki.server(
            ["-status_file", try Self.response(pki, revoked: false, signer: notDelegate, name: "not-delegate.der")]
        )
        defer { bad.stop() }
        let (_, badJSON, badOCSP) = try Self.report(bad, pki)
        #expect(Self.ocspCodes(badJSON) == ["ocsp.invalid_staple"], "\(JSONFindings.codes(badJSON))")
        #expect((badOCSP["check"] as? [String: Any])?["failure"] as? String == "responder", "\(badOCSP)")
    }

    /// A server that sends its leaf alone, issued by a CA given as an anchor: the staple is
    /// still checked, against that anchor. Signed by it, it is verified; signed by an
    /// unrelated key, it is invalid.
    @Test func theIssuerMayBeAnAnchorTheServerDidNotSend() throws {
        let pki = PKIFiles()
        let anchors = ["--anchor", pki.intermediate]
        let good = try pki.server(
            ["-status_file", try Self.response(pki, revoked: false)],
            leaf: (pki.leaf, pki.key)
        )
        defer { good.stop() }
        let (status, json, ocsp) = try Self.report(good, pki, anchors)
        #expect(status == 0, "\(JSONFindings.codes(json))")
        let check = ocsp["check"] as? [String: Any]
        #expect(check?["verified"] as? Bool == true, "\(ocsp)")
        #expect(check?["responder"] as? String == "issuer")
        #expect(Self.ocspCodes(json).isEmpty)

        let unrelated = try Self.selfSigned(pki, "unrelated")
        let bad = try pki.server(
            ["-status_file", try Self.response(pki, revoked: false, signer: unrelated, name: "unrelated.der")],
            leaf: (pki.leaf, pki.key)
        )
        defer { bad.stop() }
        let (_, badJSON, badOCSP) = try Self.report(bad, pki, anchors)
        #expect(Self.ocspCodes(badJSON) == ["ocsp.invalid_staple"], "\(JSONFindings.codes(badJSON))")
        #expect((badOCSP["check"] as? [String: Any])?["failure"] as? String == "responder", "\(badOCSP)")
    }
}
