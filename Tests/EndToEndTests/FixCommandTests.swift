import Foundation
import Testing
import TestSupport
import TLSDiagnosis

/// Fixes that are commands, run as a user would run them: the text is taken from the JSON
/// `fix`, run with real openssl through a shell, and the certificate it makes is checked
/// with tlsprobe and with OpenSSL itself. Also: the pinned key as the trust model (connect
/// --pin / --known-hosts against a real s_server with an expired self-signed certificate),
/// and a client identity whose key does not match its certificate.
@Suite struct FixCommandTests {
    /// A CA and a leaf made with the openssl command line at test time.
    final class OpenSSLPKI: @unchecked Sendable {
        let dir = TemporaryDirectory()
        var ca: String { dir.file("ca.pem") }
        var caKey: String { dir.file("ca.key") }

        init() throws {
            try Self.openssl([
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                "-keyout", caKey, "-out", ca, "-days", "400", "-subj", "/CN=Shop Root",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
        }

        /// Issues NAME.pem (key NAME.key, new unless `key` is given) from the CA with `san`.
        @discardableResult
        func leaf(_ name: String, san: String, key: String? = nil) throws -> (cert: String, key: String) {
            let keyPath = key ?? dir.file(name + ".key")
            if key == nil {
                try Self.openssl([
                    "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyPath,
                ])
            }
            try Self.openssl(
                Self.reissue(key: keyPath, ca: self) + [
                    "-addext", "subjectAltName=" + san, "-out", dir.file(name + ".pem"),
                ]
            )
            return (dir.file(name + ".pem"), keyPath)
        }

        /// `openssl req` that issues a server certificate for `key` from `ca`; the SAN comes after.
        static func reissue(key: String, ca: OpenSSLPKI) -> [String] {
            [
                "req", "-x509", "-new", "-key", key, "-CA", ca.ca, "-CAkey", ca.caKey, "-days", "400", "-subj",
                "/CN=printer",
                "-addext", "basicConstraints=critical,CA:FALSE", "-addext", "keyUsage=critical,digitalSignature",
                "-addext", "extendedKeyUsage=serverAuth",
            ]
        }

        static func openssl(_ arguments: [String]) throws {
            let result = try Run.process("openssl", arguments)
            guard result.status == 0 else {
                throw OpenSSLFailed(description: "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
            }
        }
    }

    struct OpenSSLFailed: Error, CustomStringConvertible { let description: String }

    static func json(_ result: Run.Result) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)")
    }

    /// The `-addext "subjectAltName=..."` of a fix, as written (quotes included).
    static func addext(_ fix: String) throws -> String {
        let range = try #require(
            fix.range(of: #"-addext "subjectAltName=[^"]*""#, options: .regularExpression),
            "no -addext in: \(fix)"
        )
        return String(fix[range])
    }

    /// Runs `command` through /bin/sh, as a user pasting it would.
    static func shell(_ command: String, in dir: String) throws -> Run.Result {
        try Run.process("/bin/sh", ["-c", command], currentDirectory: dir)
    }

    static func subjectAltName(_ cert: String) throws -> String {
        try Run.process("openssl", ["x509", "-in", cert, "-noout", "-ext", "subjectAltName"]).stdout
    }

    // MARK: the subjectAltName of a re-issued certificate

    /// A leaf for printer.local and ::1, dialled at 10.0.0.5 (or as scanner.local): the fix
    /// re-issues it with every name it had plus the missing one, and the result is trusted
    /// for all of them, by tlsprobe and by `openssl verify`.
    @Test(arguments: [("10.0.0.5", "name.ip_not_in_san"), ("scanner.local", "name.mismatch")])
    func theReissueCommandKeepsEveryName(dialled: String, code: String) throws {
        let pki = try OpenSSLPKI()
        let leaf = try pki.leaf("leaf", san: "DNS:printer.local,IP:::1")
        let before = try Run.tlsprobe(["verify", leaf.cert, "--anchor", pki.ca, "--host", dialled, "--json"])
        #expect(before.status == 1)
        let finding = try #require(JSONFindings.finding(try Self.json(before), code))
        let fragment = try Self.addext(try #require(finding["fix"] as? String))

        let command = (OpenSSLPKI.reissue(key: leaf.key, ca: pki) + ["-out", "new.pem"]).map { "'\($0)'" }.joined(
            separator: " "
        )
        let made = try Self.shell("openssl \(command) \(fragment)", in: pki.dir.path)
        #expect(made.status == 0, "\(made.stderr)")
        let san = try Self.subjectAltName(pki.dir.file("new.pem"))
        #expect(san.contains("DNS:printer.local"), "\(san)")
        #expect(san.contains("IP Address:0:0:0:0:0:0:0:1"), "\(san)")
        #expect(san.contains(dialled == "10.0.0.5" ? "IP Address:10.0.0.5" : "DNS:scanner.local"), "\(san)")

        for name in ["printer.local", "::1", dialled] {
            let after = try Run.tlsprobe([
                "verify", pki.dir.file("new.pem"), "--anchor", pki.ca, "--host", name, "--json",
            ])
            #expect(after.status == 0, "\(name): \(after.stdout)")
            #expect((try Self.json(after)["trust"] as? [String: Any])?["trusted"] as? Bool == true, "\(name)")
            let check = IPAddressText.parse(name) == nil ? "-verify_hostname" : "-verify_ip"
            let openssl = try Run.process(
                "openssl",
                ["verify", "-CAfile", pki.ca, check, name, pki.dir.file("new.pem")]
            )
            #expect(openssl.status == 0, "openssl verify \(check) \(name): \(openssl.stdout) \(openssl.stderr)")
        }
    }

    /// `*.local` covers no name (OpenSSL refuses it too): the fix never offers a pattern to
    /// dial, says so, and its re-issue command drops the useless wildcard.
    @Test func aSingleLabelWildcardIsNeverANameToDial() throws {
        let pki = try OpenSSLPKI()
        let leaf = try pki.leaf("wild", san: "DNS:*.local")
        let refused = try Run.process(
            "openssl",
            ["verify", "-CAfile", pki.ca, "-verify_hostname", "printer.local", leaf.cert]
        )
        #expect(refused.status != 0, "OpenSSL refuses *.local for printer.local")

        let report = try Self.json(
            try Run.tlsprobe(["verify", leaf.cert, "--anchor", pki.ca, "--host", "printer.local", "--json"])
        )
        let finding = try #require(JSONFindings.finding(report, "name.mismatch"))
        let fix = try #require(finding["fix"] as? String)
        #expect(!fix.contains("Dial a name"), "\(fix)")
        #expect(fix.contains("clients refuse \"*.local\""), "\(fix)")
        let fragment = try Self.addext(fix)
        #expect(!fragment.contains("*"), "\(fragment)")

        let command = (OpenSSLPKI.reissue(key: leaf.key, ca: pki) + ["-out", "new.pem"]).map { "'\($0)'" }.joined(
            separator: " "
        )
        #expect(try Self.shell("openssl \(command) \(fragment)", in: pki.dir.path).status == 0)
        let accepted = try Run.process(
            "openssl",
            ["verify", "-CAfile", pki.ca, "-verify_hostname", "printer.local", pki.dir.file("new.pem")]
        )
        #expect(accepted.status == 0, "\(accepted.stdout)")

        // A wildcard clients honour is offered as the name it covers, never as a pattern.
        let shop = try pki.leaf("shop", san: "DNS:*.shop.lan")
        let other = try Self.json(
            try Run.tlsprobe(["verify", shop.cert, "--anchor", pki.ca, "--host", "printer.local", "--json"])
        )
        let shopFix = try #require(JSONFindings.finding(other, "name.mismatch")?["fix"] as? String)
        #expect(shopFix.contains("Dial a name the certificate carries instead (printer.shop.lan"), "\(shopFix)")
        let dialled = try Run.process(
            "openssl",
            ["verify", "-CAfile", pki.ca, "-verify_hostname", "printer.shop.lan", shop.cert]
        )
        #expect(dialled.status == 0, "the name offered is one OpenSSL accepts")
    }

    // MARK: a pinned key decides trust

    /// An expired self-signed certificate, served by a real s_server; its Common Name has a
    /// space, as devices' often do.
    struct ExpiredDevice {
        let files: PKIFiles
        let leaf: TestPKI.Issued
        let cert: String
        let key: String
        let server: OpenSSLServer

        init() throws {
            var spec = TestPKI.Spec.server("IP Camera", dns: ["cam.local"], ips: ["127.0.0.1"])
            spec.notBefore = TestPKI.day(-400)
            spec.notAfter = TestPKI.day(-10)
            files = PKIFiles()
            leaf = TestPKI.issueLive(spec)
            let written = files.files("cam", leaf)
            cert = written.cert
            key = written.key
            server = try OpenSSLServer(cert: cert, key: key)
        }
    }

    static func connect(_ arguments: [String]) throws -> (Run.Result, [String: Any]) {
        let result = try Run.tlsprobe(["connect"] + arguments + ["--json"], timeout: 30)
        return (result, try json(result))
    }

    static func expired(_ report: [String: Any]) -> [String: Any]? { JSONFindings.finding(report, "cert.expired") }

    @Test func anExpiredSelfSignedCertificateThatThePinMatches() throws {
        let device = try ExpiredDevice()
        defer { device.server.stop() }
        let pin = device.leaf.x509.pin

        // A client that checks dates refuses it.
        let sClient = try Run.process(
            "openssl",
            ["s_client", "-connect", device.server.address, "-CAfile", device.cert, "-verify_return_error", "-brief"],
            stdin: Data("Q\n".utf8),
            timeout: 10
        )
        #expect(sClient.status != 0)
        #expect(sClient.stderr.contains("certificate has expired"), "\(sClient.stderr)")

        let (result, report) = try Self.connect([device.server.address, "--pin", pin])
        #expect(result.status == 0, "a warning, not an error: \(result.stdout)")
        try SchemaTests.expectValid(result.stdout, "connect")
        let trust = try #require(report["trust"] as? [String: Any])
        #expect(trust["evaluated"] as? Bool == true)
        #expect(trust["trusted"] as? Bool == true)
        let note = try #require(trust["note"] as? String)
        #expect(note.hasPrefix("The pin decided trust"), "\(note)")
        #expect(!note.contains("No anchors were given, so trust was not judged"), "\(note)")
        let finding = try #require(Self.expired(report))
        #expect(finding["severity"] as? String == "warning")
        #expect((finding["message"] as? String)?.contains("the dates matter only to clients that check them") == true)
        let fix = try #require(finding["fix"] as? String)
        #expect(fix.contains("keep the same key (or the pin breaks"), "\(fix)")
        let text = try Run.tlsprobe(["connect", device.server.address, "--pin", pin], timeout: 30)
        #expect(
            text.stdout.contains("chain trusted") && text.stdout.contains("The pin decided trust"),
            "\(text.stdout)"
        )
        #expect(!text.stdout.contains("TRUST NOT EVALUATED"))

        // The renewal the fix gives, run as written with the device's key as server.key:
        // the same pin, new dates.
        let range = try #require(
            fix.range(of: #"openssl req -x509 [^\n]*?-out server\.pem"#, options: .regularExpression),
            "\(fix)"
        )
        try FileManager.default.copyItem(atPath: device.key, toPath: device.files.dir.file("server.key"))
        let renewal = try Self.shell(String(fix[range]), in: device.files.dir.path)
        #expect(renewal.status == 0, "\(renewal.stderr)")
        device.server.stop()
        let renewed = try OpenSSLServer(
            cert: device.files.dir.file("server.pem"),
            key: device.key,
            port: device.server.reservation
        )
        defer { renewed.stop() }
        let (again, after) = try Self.connect([renewed.address, "--pin", pin])
        #expect(again.status == 0)
        #expect(JSONFindings.codes(after).contains("pin.match"))
        #expect(Self.expired(after) == nil, "\(JSONFindings.codes(after))")
        let san = try Self.subjectAltName(device.files.dir.file("server.pem"))
        #expect(san.contains("DNS:cam.local") && san.contains("IP Address:127.0.0.1"), "\(san)")
        let subject = try Run.process(
            "openssl",
            ["x509", "-in", device.files.dir.file("server.pem"), "-noout", "-subject"]
        ).stdout
        #expect(subject.contains("CN = IP Camera"), "the renewal keeps the subject: \(subject)")
    }

    /// Expiry stays an error where the pin did not decide trust: no pin, a pin that does not
    /// match, anchors given beside the pin, a first contact; --known-hosts' match decides
    /// like --pin.
    @Test func expiryIsAnErrorUnlessAMatchingPinDecidedTrust() throws {
        let device = try ExpiredDevice()
        defer { device.server.stop() }
        let pin = device.leaf.x509.pin
        let other = TestPKI.issue(.server("cam.local")).x509.pin

        let (plain, noPin) = try Self.connect([device.server.address])
        #expect(plain.status == 1)
        #expect(Self.expired(noPin)?["severity"] as? String == "error")
        #expect(((noPin["trust"] as? [String: Any])?["note"] as? String)?.contains("--anchor") == true)

        let (mismatched, wrong) = try Self.connect([device.server.address, "--pin", other])
        #expect(mismatched.status == 1)
        #expect(Self.expired(wrong)?["severity"] as? String == "error")
        let wrongTrust = try #require(wrong["trust"] as? [String: Any])
        #expect(wrongTrust["trusted"] as? Bool == false)
        #expect((wrongTrust["note"] as? String)?.hasPrefix("The pin decided trust") == true)

        // The key matches but the name does not: a client that pins the key checks the name too.
        let (misnamed, otherName) = try Self.connect([device.server.address, "--pin", pin, "--host", "door.local"])
        #expect(misnamed.status == 1)
        #expect(JSONFindings.codes(otherName).contains("name.mismatch"))
        #expect((otherName["trust"] as? [String: Any])?["trusted"] as? Bool == false)
        #expect(
            ((otherName["trust"] as? [String: Any])?["note"] as? String)?.contains("does not carry the name expected")
                == true
        )

        let (anchored, withAnchor) = try Self.connect([device.server.address, "--pin", pin, "--anchor", device.cert])
        #expect(anchored.status == 1)
        #expect(Self.expired(withAnchor)?["severity"] as? String == "error")
        #expect((withAnchor["trust"] as? [String: Any])?["trusted"] as? Bool == false)

        let file = device.files.dir.file("known_hosts")
        let (first, firstUse) = try Self.connect([device.server.address, "--known-hosts", file])
        #expect(first.status == 1)
        #expect(Self.expired(firstUse)?["severity"] as? String == "error")
        #expect(((firstUse["trust"] as? [String: Any])?["note"] as? String)?.contains("First contact") == true)
        let (second, known) = try Self.connect([device.server.address, "--known-hosts", file])
        #expect(second.status == 0)
        #expect(Self.expired(known)?["severity"] as? String == "warning")
        #expect((known["trust"] as? [String: Any])?["trusted"] as? Bool == true)
    }

    // MARK: a client identity whose key is not its certificate's

    /// A PKCS#12 file (`openssl pkcs12 -export` refuses a mismatched pair, so the key and
    /// the certificate go in separately) and a --cert/--key pair: connect reports
    /// key.mismatch, shakes hands without a client certificate, and prints its report.
    @Test func aClientIdentityWhoseKeyDoesNotMatch() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-Verify", "1", "-CAfile", pki.root, "-tls1_2"])
        defer { server.stop() }
        let client = pki.client("ipad")
        let otherKey = pki.dir.file("other.key")
        try OpenSSLPKI.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", otherKey])
        let p12 = pki.dir.file("mismatched.p12")
        try OpenSSLPKI.openssl([
            "pkcs12", "-export", "-nocerts", "-inkey", otherKey, "-certfile", client.cert, "-passout", "pass:s3cret",
            "-out", p12,
        ])
        let keyPin = try #require(
            ((try Self.json(try Run.tlsprobe(["inspect", otherKey, "--json"]))["files"] as? [[String: Any]])?.first?[
                "keys"
            ] as? [[String: Any]])?.first?["pin"] as? String
        )

        for identity in [["--identity", p12, "--password-env", "P12"], ["--cert", client.cert, "--key", otherKey]] {
            let result = try Run.tlsprobe(
                ["connect", server.address, "--anchor", pki.root, "--json"] + identity,
                environment: ["P12": "s3cret"],
                timeout: 30
            )
            #expect(result.status == 1, "\(identity): \(result.stderr)")
            let report = try Self.json(result)
            #expect(report["error"] == nil)
            try SchemaTests.expectValid(result.stdout, "connect")
            let finding = try #require(JSONFindings.finding(report, "key.mismatch"), "\(JSONFindings.codes(report))")
            #expect(finding["severity"] as? String == "error")
            #expect(finding["subject"] as? String == "identity")
            let evidence = try #require(finding["evidence"] as? [String: Any])
            #expect(evidence["key_pin"] as? String == keyPin)
            #expect(evidence["certificate_subject"] as? String == "CN=ipad")
            let request = try #require(
                report["certificate_request"] as? [String: Any],
                "the server's request is still shown"
            )
            #expect(request["client_certificate_sent"] as? Bool == false)
            #expect((report["trust"] as? [String: Any])?["trusted"] as? Bool == true, "the server itself was judged")
            #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
        }

        // listen cannot serve with such an identity: that stays a file error (exit 2).
        let port = try ReservedPort()
        let listen = try Run.tlsprobe(
            ["listen", port.address, "--cert", client.cert, "--key", otherKey, "--count", "1", "--json"],
            timeout: 30
        )
        #expect(listen.status == 2)
        #expect(listen.stdout.contains("\"file.invalid\""), "\(listen.stdout)")
    }
}
