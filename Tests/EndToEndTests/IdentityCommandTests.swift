import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tlsprobe identity`: what it makes is accepted by tlsprobe under every
/// profile, by `openssl verify`, and by real OpenSSL and curl peers in handshakes on
/// loopback; its files are private where they hold keys, never overwritten unasked, and bad
/// input leaves nothing behind.
@Suite struct IdentityCommandTests {
    static let password = "correct horse battery"
    static let environment = ["IDENTITY_TEST_PASSWORD": password]

    /// Runs `tlsprobe identity ARGUMENTS` in `dir` (paths relative to it are made absolute).
    static func identity(_ arguments: [String], environment: [String: String] = environment) throws -> Run.Result {
        try Run.tlsprobe(["identity"] + arguments, environment: environment, timeout: 120)
    }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// The findings' codes of a `--json` report.
    static func codes(_ json: String) throws -> [String] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            "not JSON: \(json)"
        )
        return (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    /// The certificates of a PEM file, each as its own PEM text.
    static func certificates(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.components(separatedBy: "-----END CERTIFICATE-----").dropLast().map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines) + "\n-----END CERTIFICATE-----\n"
        }
    }

    /// A CA and a server identity for 127.0.0.1, ::1 and printer.local, made once per test.
    static func serverSetup(
        _ dir: TemporaryDirectory,
        ca caArguments: [String] = [],
        server serverArguments: [String] = []
    ) throws -> (ca: String, out: String) {
        let ca = dir.file("ca")
        let out = dir.file("server")
        let made = try identity(["ca", "--name", "Shop Root CA", "--out", ca] + caArguments)
        #expect(made.status == 0, "\(made.stderr)")
        let server = try identity(
            [
                "server", "--ca", ca, "--host", "127.0.0.1", "--host", "::1", "--host", "printer.local", "--out", out,
                "--password-env", "IDENTITY_TEST_PASSWORD",
            ] + serverArguments
        )
        #expect(server.status == 0, "\(server.stderr)")
        return (ca, out)
    }

    @Test(arguments: [[String](), ["--key", "rsa2048"], ["--key", "p384"]])
    func aServerIdentityIsTrustedByEveryProfileAndByOpenSSL(key: [String]) throws {
        let dir = TemporaryDirectory()
        let (ca, out) = try Self.serverSetup(dir, ca: key, server: key)
        let root = ca + "/root.pem"
        for profile in ["default", "apple", "openssl"] {
            for host in ["127.0.0.1", "::1", "printer.local"] {
                let verify = try Run.tlsprobe([
                    "verify", out + "/server.pem", "--anchor", root, "--host", host, "--profile", profile, "--fail-on",
                    "warning", "--json",
                ])
                #expect(verify.status == 0, "\(profile) \(host): \(verify.stdout)")
                #expect(try Self.codes(verify.stdout) == [], "\(profile) \(host)")
                #expect(
                    verify.stdout.contains("\"trusted\" : true") || verify.stdout.contains("\"trusted\": true"),
                    "\(profile) \(host)"
                )
            }
        }
        let openssl = try Run.process(
            "openssl",
            ["verify", "-CAfile", root, "-purpose", "sslserver", "-verify_ip", "127.0.0.1", out + "/server.pem"]
        )
        #expect(openssl.status == 0 && openssl.stdout.contains(": OK"), "\(openssl.stdout)\(openssl.stderr)")
        let named = try Run.process(
            "openssl",
            [
                "verify", "-CAfile", root, "-purpose", "sslserver", "-verify_hostname", "printer.local",
                out + "/server.pem",
            ]
        )
        #expect(named.status == 0, "\(named.stderr)")

        // A random serial of at most 20 octets as encoded (RFC 5280 4.1.2.2).
        let shown = try Run.tlsprobe(["inspect", out + "/server.pem", root, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let serials = (object["files"] as? [[String: Any]] ?? []).flatMap {
            ($0["certificates"] as? [[String: Any]]) ?? []
        }.compactMap { $0["serial"] as? String }
        #expect(serials.count == 2 && Set(serials).count == 2, "\(serials)")
        for serial in serials { #expect(serial.count >= 16 && serial.count <= 40, "\(serial)") }

        // inspect finds nothing to say about any file, under Apple's rules too.
        for file in [root, out + "/server.pem", out + "/server-key.pem", out + "/server.p12"] {
            for profile in ["default", "apple"] {
                let inspect = try Run.tlsprobe(
                    [
                        "inspect", file, "--profile", profile, "--fail-on", "warning", "--json", "--password-env",
                        "IDENTITY_TEST_PASSWORD",
                    ],
                    environment: Self.environment
                )
                #expect(inspect.status == 0, "\(file) \(profile): \(inspect.stdout) \(inspect.stderr)")
                #expect(try Self.codes(inspect.stdout) == [], "\(file) \(profile)")
            }
        }
    }

    @Test func opensslServesItAndCurlAndTLSProbeTrustIt() throws {
        let dir = TemporaryDirectory()
        let (ca, out) = try Self.serverSetup(dir)
        let root = ca + "/root.pem"
        let server = try OpenSSLServer(cert: out + "/server.pem", key: out + "/server-key.pem", extra: ["-www"])
        defer { server.stop() }
        let client = try Run.process(
            "openssl",
            [
                "s_client", "-connect", server.address, "-CAfile", root, "-verify_return_error", "-verify_ip",
                "127.0.0.1",
            ],
            stdin: Data("Q\n".utf8),
            timeout: 30
        )
        #expect(client.stdout.contains("Verify return code: 0 (ok)"), "\(client.stdout)\(client.stderr)")
        let curl = try Run.process(
            "curl",
            [
                "-sS", "--max-time", "15", "--cacert", root, "-o", "/dev/null", "-w", "%{http_code}",
                "https://127.0.0.1:\(server.port)/",
            ],
            timeout: 30
        )
        #expect(curl.status == 0 && curl.stdout == "200", "\(curl.stdout) \(curl.stderr)")
        let connect = try Run.tlsprobe([
            "connect", server.address, "--anchor", root, "--profile", "apple", "--fail-on", "warning",
        ])
        #expect(connect.status == 0, "\(connect.stdout)\(connect.stderr)")
        #expect(connect.stdout.contains("chain trusted"), "\(connect.stdout)")

        // Over IPv6, dialled by address: the iPAddress SAN for ::1.
        let server6 = try OpenSSLServer(cert: out + "/server.pem", key: out + "/server-key.pem", ipv6: true)
        defer { server6.stop() }
        let connect6 = try Run.tlsprobe([
            "connect", server6.address, "--anchor", root, "--profile", "apple", "--fail-on", "warning",
        ])
        #expect(connect6.status == 0, "\(connect6.stdout)\(connect6.stderr)")
    }

    /// A root kept apart, an issuing intermediate with name constraints, and mutual TLS with
    /// a client identity: the server sends leaf and intermediate from server.pem, the client
    /// sends its own, and both sides verify.
    @Test func anIntermediateAndMutualTLS() throws {
        let dir = TemporaryDirectory()
        let (ca, out) = try Self.serverSetup(
            dir,
            ca: ["--intermediate", "--permit-ip", "127.0.0.0/8", "--permit-ip", "::1/128", "--permit-dns", "local"]
        )
        let root = ca + "/root.pem"
        let chain = try Self.certificates(out + "/server.pem")
        #expect(chain.count == 2, "server.pem holds the leaf and the intermediate")
        #expect(
            try String(contentsOfFile: ca + "/intermediate.pem", encoding: .utf8).contains(
                chain[1].trimmingCharacters(in: .newlines)
            )
        )
        // The root's key, kept apart, is not needed to issue.
        try FileManager.default.moveItem(atPath: ca + "/root-key.pem", toPath: dir.file("drawer-root-key.pem"))
        let client = try Self.identity([
            "client", "--ca", ca, "--name", "front-desk-ipad", "--out", dir.file("ipad"), "--password-env",
            "IDENTITY_TEST_PASSWORD",
        ])
        #expect(client.status == 0, "\(client.stderr)")
        for profile in ["default", "apple", "openssl"] {
            let verify = try Run.tlsprobe([
                "verify", dir.file("ipad/client.pem"), "--purpose", "client", "--anchor", root, "--profile", profile,
                "--fail-on", "warning", "--json",
            ])
            #expect(try verify.status == 0 && Self.codes(verify.stdout) == [], "\(profile): \(verify.stdout)")
        }
        for file in [ca + "/intermediate.pem", dir.file("ipad/client.p12")] {
            let inspect = try Run.tlsprobe(
                ["inspect", file, "--fail-on", "warning", "--json", "--password-env", "IDENTITY_TEST_PASSWORD"],
                environment: Self.environment
            )
            #expect(try inspect.status == 0 && Self.codes(inspect.stdout) == [], "\(file): \(inspect.stdout)")
        }
        let openssl = try Run.process(
            "openssl",
            [
                "verify", "-CAfile", root, "-untrusted", ca + "/intermediate.pem", "-purpose", "sslclient",
                dir.file("ipad/client.pem"),
            ]
        )
        #expect(openssl.status == 0, "\(openssl.stdout)\(openssl.stderr)")

        // s_server sends the chain of server.pem and requires a client certificate that leads to the root.
        let chainFile = dir.write("chain-after-leaf.pem", chain.dropFirst().joined())
        let server = try OpenSSLServer(
            cert: out + "/server.pem",
            key: out + "/server-key.pem",
            chain: chainFile,
            extra: ["-www", "-Verify", "2", "-verify_return_error", "-CAfile", root]
        )
        defer { server.stop() }
        // curl sends client.pem whole (leaf and intermediate), as a device would.
        let curl = try Run.process(
            "curl",
            [
                "-sS", "--max-time", "15", "--cacert", root, "--cert", dir.file("ipad/client.pem"), "--key",
                dir.file("ipad/client-key.pem"),
                "-o", "/dev/null", "-w", "%{http_code}", "https://127.0.0.1:\(server.port)/",
            ],
            timeout: 30
        )
        #expect(curl.status == 0 && curl.stdout == "200", "\(curl.stdout) \(curl.stderr)")
        // s_client with the same identity, its intermediate sent after it.
        let sClient = try Run.process(
            "openssl",
            [
                "s_client", "-connect", server.address, "-CAfile", root, "-verify_return_error", "-verify_ip",
                "127.0.0.1",
                "-cert", dir.file("ipad/client.pem"), "-key", dir.file("ipad/client-key.pem"), "-cert_chain",
                ca + "/intermediate.pem", "-ign_eof",
            ],
            stdin: Data("GET / HTTP/1.0\r\n\r\n".utf8),
            timeout: 30
        )
        #expect(
            sClient.stdout.contains("Verify return code: 0 (ok)") && sClient.stdout.contains("HTTP/1.0 200 ok"),
            "\(sClient.stdout)\(sClient.stderr)"
        )
        // Without the client identity the server refuses.
        let refused = try Run.process(
            "curl",
            ["-sS", "--max-time", "15", "--cacert", root, "-o", "/dev/null", "https://127.0.0.1:\(server.port)/"],
            timeout: 30
        )
        #expect(refused.status != 0)
        // tlsprobe with the PKCS#12 the device would import.
        let connect = try Run.tlsprobe(
            [
                "connect", server.address, "--anchor", root, "--profile", "apple", "--identity",
                dir.file("ipad/client.p12"),
                "--password-env", "IDENTITY_TEST_PASSWORD", "--fail-on", "warning", "--json",
            ],
            environment: Self.environment
        )
        #expect(connect.status == 0, "\(connect.stdout)\(connect.stderr)")
        #expect(try Self.codes(connect.stdout).allSatisfy { $0 == "mtls.client_cert_requested" }, "\(connect.stdout)")
    }

    /// A client identity from one CA (the devices') against a server whose certificate
    /// another CA issued: the check the next steps print, run as printed with HOST:PORT
    /// and the server's root filled in, connects; it does not anchor the server's chain at
    /// the client's CA (a false NOT TRUSTED).
    @Test func theClientsNextStepChecksTheServerAgainstTheServersRoot() throws {
        let dir = TemporaryDirectory()
        let (serverCA, out) = try Self.serverSetup(dir)
        let devices = dir.file("devices")
        let madeCA = try Self.identity(["ca", "--name", "Devices Root CA", "--out", devices])
        #expect(madeCA.status == 0, "\(madeCA.stderr)")
        let client = try Self.identity([
            "client", "--ca", devices, "--name", "front-desk-ipad", "--out", dir.file("ipad"), "--p12", "none",
        ])
        #expect(client.status == 0, "\(client.stderr)")
        let server = try OpenSSLServer(
            cert: out + "/server.pem",
            key: out + "/server-key.pem",
            extra: ["-www", "-Verify", "1", "-verify_return_error", "-CAfile", devices + "/root.pem"]
        )
        defer { _ = server.stop() }
        let printed = try #require(
            client.stdout.split(separator: "\n").first { $0.contains("tlsprobe connect HOST:PORT") },
            "\(client.stdout)"
        )
        let words = printed.split(separator: " ").map(String.init).drop { $0 != "tlsprobe" }.dropFirst()
        let filled = words.map { word in
            word == "HOST:PORT" ? server.address : word == "SERVER-ROOT.pem" ? serverCA + "/root.pem" : word
        }
        #expect(!filled.contains(devices + "/root.pem"), "the client's CA is not the server's anchor: \(printed)")
        let connect = try Run.tlsprobe(Array(filled))
        #expect(connect.status == 0, "\(filled.joined(separator: " ")): \(connect.stdout)\(connect.stderr)")
    }

    @Test func legacyAndModernPKCS12() throws {
        let dir = TemporaryDirectory()
        let (ca, out) = try Self.serverSetup(dir)
        let modern = try Self.identity(
            [
                "server", "--ca", ca, "--host", "printer.local", "--out", dir.file("modern"), "--p12", "modern",
                "--password-env", "IDENTITY_TEST_PASSWORD",
            ])
        #expect(modern.status == 0, "\(modern.stderr)")
        let pass = ["-passin", "env:IDENTITY_TEST_PASSWORD"]
        func pkcs12(_ arguments: [String]) throws -> Run.Result {
            try Run.process(
                "openssl",
                ["pkcs12"] + arguments + pass + ["-nodes", "-info"],
                environment: ProcessInfo.processInfo.environment.merging(Self.environment) { $1 }
            )
        }
        let legacy = try pkcs12(["-legacy", "-in", out + "/server.p12"])
        #expect(legacy.status == 0, "\(legacy.stderr)")
        #expect(
            legacy.stderr.contains("MAC: sha1") && legacy.stderr.contains("pbeWithSHA1And3-KeyTripleDES-CBC"),
            "\(legacy.stderr)"
        )
        #expect(legacy.stdout.contains("BEGIN PRIVATE KEY") && legacy.stdout.contains("BEGIN CERTIFICATE"))
        let current = try pkcs12(["-in", dir.file("modern/server.p12")])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(
            current.stderr.contains("MAC: sha256") && current.stderr.contains("AES-256-CBC")
                && current.stderr.contains("PBKDF2"),
            "\(current.stderr)"
        )
        #expect(modern.stdout.contains("AES-256/PBKDF2") && !modern.stdout.contains("legacy 3DES"))
        // The modern file draws only the warning that says who refuses it.
        let inspect = try Run.tlsprobe(
            ["inspect", dir.file("modern/server.p12"), "--json", "--password-env", "IDENTITY_TEST_PASSWORD"],
            environment: Self.environment
        )
        #expect(try Self.codes(inspect.stdout) == ["pkcs12.modern_encryption"])
        // A wrong password does not open what identity wrote.
        let wrong = try Run.process(
            "openssl",
            ["pkcs12", "-legacy", "-in", out + "/server.p12", "-passin", "pass:wrong", "-noout"]
        )
        #expect(wrong.status != 0)
    }

    @Test func theMobileConfigInstallsTheRoot() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        // A name with the characters XML escapes: the profile is written by hand (the
        // release build's static Foundation cannot serialise property lists).
        let made = try Self.identity(["ca", "--name", "Shop & <Root> CA", "--out", ca, "--mobileconfig"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("Certificate Trust Settings"), "the step iOS still needs is said")
        let der = try Run.process(
            "openssl",
            ["x509", "-in", ca + "/root.pem", "-outform", "DER", "-out", dir.file("root.der")]
        )
        #expect(der.status == 0)
        let script = """
            import plistlib, sys
            profile = plistlib.load(open(sys.argv[1], 'rb'))
            root = open(sys.argv[2], 'rb').read()
            assert profile['PayloadType'] == 'Configuration', profile['PayloadType']
            payloads = profile['PayloadContent']
            assert len(payloads) == 1
            assert payloads[0]['PayloadType'] == 'com.apple.security.root'
            assert payloads[0]['PayloadContent'] == root, 'the payload is not the root DER'
            assert profile['PayloadUUID'] != payloads[0]['PayloadUUID']
            assert payloads[0]['PayloadDisplayName'] == 'Shop & <Root> CA', payloads[0]['PayloadDisplayName']
            assert profile['PayloadRemovalDisallowed'] is False and payloads[0]['PayloadVersion'] == 1
            print('ok')
            """
        let python = try Run.process("python3", ["-c", script, ca + "/root.mobileconfig", dir.file("root.der")])
        #expect(python.stdout == "ok\n", "\(python.stderr)")
        // server and client write one too, of the CA's root.
        let server = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", dir.file("srv"), "--p12", "none",
            "--mobileconfig",
        ])
        #expect(server.status == 0, "\(server.stderr)")
        #expect(Self.bytes(dir.file("srv/root.mobileconfig")) == Self.bytes(ca + "/root.mobileconfig"))
    }

    @Test func keysArePrivateAndNothingIsOverwritten() throws {
        let dir = TemporaryDirectory()
        let (ca, out) = try Self.serverSetup(dir)
        #expect(Self.mode(ca + "/root-key.pem") == 0o600)
        #expect(Self.mode(out + "/server-key.pem") == 0o600)
        #expect(Self.mode(out + "/server.p12") == 0o600)
        #expect(Self.mode(out + "/server.pem") == 0o644)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
                ".tlsprobe.lock", "server-key.pem", "server.p12", "server.pem",
            ],
            "no temporary file left"
        )

        // A second server into the same directory is refused, and the files stay as they were.
        let before = Self.bytes(out + "/server-key.pem")
        let again = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", out, "--password-env", "IDENTITY_TEST_PASSWORD",
        ])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists already") && again.stderr.contains("--force"), "\(again.stderr)")
        #expect(Self.bytes(out + "/server-key.pem") == before)

        // --force replaces them; a symbolic link in the way is replaced, its target untouched.
        let target = dir.write("elsewhere", "mine\n")
        unlink(out + "/server.pem")
        try FileManager.default.createSymbolicLink(atPath: out + "/server.pem", withDestinationPath: target)
        let forced = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", out, "--force", "--password-env",
            "IDENTITY_TEST_PASSWORD",
        ])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(Self.bytes(out + "/server-key.pem") != before)
        #expect(Self.mode(out + "/server-key.pem") == 0o600)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine\n")
        var status = stat()
        #expect(lstat(out + "/server.pem", &status) == 0 && status.st_mode & S_IFMT == S_IFREG)

        // A CA made again under the same directory is the "CA was re-created" failure: refused.
        let rootBefore = Self.bytes(ca + "/root.pem")
        let recreate = try Self.identity(["ca", "--name", "Shop Root CA", "--out", ca])
        #expect(recreate.status == 2)
        #expect(
            recreate.stderr.contains("Shop Root CA") && recreate.stderr.contains("re-created")
                && recreate.stderr.contains("--force"),
            "\(recreate.stderr)"
        )
        #expect(Self.bytes(ca + "/root.pem") == rootBefore)
        // With --force it is replaced, and a certificate of the old CA no longer verifies: the
        // failure the refusal prevents.
        let replaced = try Self.identity(["ca", "--name", "Shop Root CA", "--out", ca, "--force"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let stale = try Run.tlsprobe(["verify", out + "/server.pem", "--anchor", ca + "/root.pem", "--json"])
        #expect(stale.status == 1)
        #expect(try Self.codes(stale.stdout).contains("chain.anchor_key_mismatch"), "\(stale.stdout)")

        // A CA replaced by one without an intermediate leaves no old intermediate to sign with.
        #expect(try Self.identity(["ca", "--intermediate", "--out", ca, "--force"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: ca + "/intermediate-key.pem"))
        #expect(try Self.identity(["ca", "--out", ca, "--force"]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: ca).sorted() == [
                ".tlsprobe.lock", "root-key.pem", "root.pem",
            ]
        )
    }

    @Test(arguments: [
        (["server", "--host", "10.0.0.5:4433"], "a certificate names a host, not a port"),
        (["server", "--host", "[::1]:443"], "give --host ::1"),
        (["server", "--host", "fe80::1%eth0"], "scoped IPv6 address"),
        (["server", "--host", "https://printer.local/"], "not a URL"),
        (["server", "--host", ""], "--host needs a name"),
        (["server"], "give at least one --host"),
        (["client", "--name", ""], "--name needs"),
        (["client", "--name", "   "], "--name needs"),
        (["server", "--host", "printer.local", "--days", "900"], "825 days"),
        (["server", "--host", "printer.local", "--days", "-1"], "--days -1: at least 1"),
        (["client", "--name", "ipad", "--days", "0"], "--days 0: at least 1"),
        (["server", "--host", "printer.local", "--password", "hunter2"], "visible to every user"),
        (["server", "--host", "printer.local", "--p12", "legacy"], "needs a password"),
        (["server", "--host", "printer.local", "--key", "dsa"], "--key"),
    ])
    func badInputIsAUsageErrorThatWritesNothing(arguments: [String], message: String) throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        #expect(try Self.identity(["ca", "--out", ca]).status == 0)
        var full = [arguments[0], "--ca", ca, "--out", dir.file("out")] + arguments.dropFirst()
        // No PKCS#12 (so no password is needed), except where the case is about the password.
        if !arguments.contains("--password") && !arguments.contains("--p12") { full += ["--p12", "none"] }
        let result = try Self.identity(full, environment: [:])
        #expect(result.status == 64, "\(full): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains(message), "\(full): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("out")), "\(full) left files")
        let empty = try Self.identity(["ca", "--name", "", "--out", dir.file("ca2")])
        #expect(empty.status == 64 && empty.stderr.contains("--name needs"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("ca2")))
    }

    @Test func aCADirectoryWithoutItsKeyOrPasswordWritesNothing() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        #expect(try Self.identity(["ca", "--out", ca]).status == 0)
        let out = dir.file("out")

        // No password where one was promised: exit 2, nothing written.
        let unset = try Self.identity(
            ["server", "--ca", ca, "--host", "printer.local", "--out", out, "--password-env", "NO_SUCH_VARIABLE"],
            environment: [:]
        )
        #expect(unset.status == 2, "\(unset.stderr)")
        #expect(unset.stderr.contains("NO_SUCH_VARIABLE is not set"), "\(unset.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let empty = dir.write("empty-password", "\n")
        let blank = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", out, "--password-file", empty,
        ])
        #expect(blank.status == 2 && blank.stderr.contains("the password is empty"), "\(blank.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        // A file where the CA directory should be, a directory that is not a CA, and a CA
        // copied without its key.
        let aFile = try Self.identity(["client", "--ca", empty, "--name", "ipad", "--out", out, "--p12", "none"])
        #expect(aFile.status == 2 && aFile.stderr.contains("not a directory"), "\(aFile.stderr)")
        let notCA = try Self.identity(["client", "--ca", dir.path, "--name", "ipad", "--out", out, "--p12", "none"])
        #expect(notCA.status == 2 && notCA.stderr.contains("holds no root.pem"), "\(notCA.stderr)")
        unlink(ca + "/root-key.pem")
        let keyless = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", out, "--password-env", "IDENTITY_TEST_PASSWORD",
        ])
        #expect(keyless.status == 2, "\(keyless.stderr)")
        #expect(keyless.stderr.contains("root-key.pem") && keyless.stderr.contains("private key"), "\(keyless.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        // An encrypted CA key: the wrong password, none, then the right one.
        let locked = dir.file("locked")
        #expect(try Self.identity(["ca", "--out", locked]).status == 0)
        let encrypt = try Run.process(
            "openssl",
            [
                "pkey", "-in", locked + "/root-key.pem", "-aes256", "-passout", "pass:ca secret", "-out",
                dir.file("encrypted.pem"),
            ]
        )
        #expect(encrypt.status == 0, "\(encrypt.stderr)")
        unlink(locked + "/root-key.pem")
        try FileManager.default.moveItem(atPath: dir.file("encrypted.pem"), toPath: locked + "/root-key.pem")
        let wrongFile = dir.write("wrong-ca-password", "not it\n")
        let wrong = try Self.identity([
            "server", "--ca", locked, "--host", "printer.local", "--out", out, "--p12", "none", "--ca-password-file",
            wrongFile,
        ])
        #expect(wrong.status == 2, "\(wrong.stderr)")
        #expect(
            wrong.stderr.contains("root-key.pem") && wrong.stderr.contains("the password is wrong"),
            "\(wrong.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: out))
        let none = try Self.identity([
            "server", "--ca", locked, "--host", "printer.local", "--out", out, "--p12", "none",
        ])
        #expect(none.status == 2 && none.stderr.contains("--ca-password-env"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let right = try Self.identity(
            [
                "client", "--ca", locked, "--name", "ipad", "--out", out, "--ca-password-env", "CA_KEY_PASSWORD",
                "--password-env", "IDENTITY_TEST_PASSWORD",
            ],
            environment: Self.environment.merging(["CA_KEY_PASSWORD": "ca secret"]) { $1 }
        )
        #expect(right.status == 0, "\(right.stderr)")
        #expect(
            try Run.tlsprobe(["verify", out + "/client.pem", "--purpose", "client", "--anchor", locked + "/root.pem"])
                .status == 0
        )
        try FileManager.default.removeItem(atPath: out)

        // Another CA's key in its place.
        let other = dir.file("other")
        #expect(try Self.identity(["ca", "--out", other]).status == 0)
        try FileManager.default.copyItem(atPath: other + "/root-key.pem", toPath: ca + "/root-key.pem")
        let mismatched = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", out, "--p12", "none",
        ])
        #expect(mismatched.status == 2 && mismatched.stderr.contains("is not the key of"), "\(mismatched.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The fix of a finding that asks for a re-issue names the identity command; run as it
    /// says (with a CA and an output directory), it makes a certificate without the problem.
    @Test func theFixOfIPNotInSANIsAnIdentityCommandThatWorks() throws {
        let dir = TemporaryDirectory()
        let broken = TestPKI.chain(host: "printer.local", ips: [])
        let leaf = dir.write("broken.pem", broken.leaf.pem + broken.intermediate.pem)
        let root = dir.write("old-root.pem", broken.root.pem)
        let verify = try Run.tlsprobe([
            "verify", leaf, "--anchor", root, "--host", "10.0.0.5", "--at", OfflineCommandTests.at, "--json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(verify.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let finding = try #require(findings.first { $0["code"] as? String == "name.ip_not_in_san" }, "\(verify.stdout)")
        let fix = try #require(finding["fix"] as? String)
        let match = try #require(fix.firstMatch(of: /tlsprobe identity server [^;)]*--out DIR/), "\(fix)")
        let words = match.output.split(separator: " ").map(String.init)
        #expect(
            words.contains("10.0.0.5") && words.contains("printer.local"),
            "every name the certificate had, and the address: \(fix)"
        )
        #expect(try Self.identity(["ca", "--out", dir.file("ca")]).status == 0)
        let arguments = words.dropFirst(2).map { $0 == "CA_DIR" ? dir.file("ca") : $0 == "DIR" ? dir.file("new") : $0 }
        let made = try Self.identity(Array(arguments) + ["--p12", "none"])
        #expect(made.status == 0, "\(arguments): \(made.stderr)")
        for host in ["10.0.0.5", "printer.local"] {
            let again = try Run.tlsprobe([
                "verify", dir.file("new/server.pem"), "--anchor", dir.file("ca/root.pem"), "--host", host, "--profile",
                "apple", "--fail-on", "warning",
            ])
            #expect(again.status == 0, "\(host): \(again.stdout)")
        }
    }

    /// `tlsprobe explain CODE` of each finding that asks for a re-issue names the command.
    @Test(arguments: [
        "name.ip_not_in_san", "name.cn_only", "name.mismatch", "cert.validity_too_long", "cert.eku_missing_server_auth",
        "cert.eku_missing_client_auth", "pkcs12.modern_encryption", "chain.self_signed_leaf",
    ])
    func theCatalogFixNamesTheIdentityCommand(code: String) throws {
        let explain = try Run.tlsprobe(["explain", code])
        #expect(explain.status == 0)
        #expect(explain.stdout.contains("tlsprobe identity"), "\(explain.stdout)")
    }

    /// A host the CA's name constraints do not permit is refused before anything is made:
    /// every client would refuse the certificate.
    @Test func aHostOutsideTheNameConstraintsIsRefused() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        #expect(
            try Self.identity([
                "ca", "--intermediate", "--permit-ip", "10.0.0.0/8", "--permit-dns", "shop.local", "--out", ca,
            ]).status == 0
        )
        for host in ["192.168.1.5", "printer.local", "fd00::5"] {
            let refused = try Self.identity([
                "server", "--ca", ca, "--host", "10.0.0.5", "--host", host, "--out", dir.file("out"), "--p12", "none",
            ])
            #expect(refused.status == 64, "\(host): \(refused.stderr)")
            #expect(
                refused.stderr.contains("--host \(host)") && refused.stderr.contains("name constraints"),
                "\(refused.stderr)"
            )
            #expect(!FileManager.default.fileExists(atPath: dir.file("out")))
        }
        let permitted = try Self.identity([
            "server", "--ca", ca, "--host", "10.0.0.5", "--host", "printer.shop.local", "--out", dir.file("out"),
            "--p12", "none",
        ])
        #expect(permitted.status == 0, "\(permitted.stderr)")
        let openssl = try Run.process(
            "openssl",
            [
                "verify", "-CAfile", ca + "/root.pem", "-untrusted", ca + "/intermediate.pem", "-verify_ip", "10.0.0.5",
                dir.file("out/server.pem"),
            ]
        )
        #expect(openssl.status == 0, "\(openssl.stdout)\(openssl.stderr)")
    }

    /// Drives `tlsprobe identity client` on a pseudo-terminal: answers the two password
    /// prompts (argv: the binary, then identity's arguments; stdin: the two answers, one a line).
    static let promptScript = #"""
        import fcntl, os, select, subprocess, sys, termios, time
        answers = sys.stdin.read().splitlines()
        master, slave = os.openpty()
        def controlling():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        p = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=subprocess.PIPE, stderr=slave, preexec_fn=controlling)
        seen = b""
        for prompt, answer in zip([b"Password for the new", b"same password again"], answers):
            deadline = time.time() + 30
            while prompt not in seen and time.time() < deadline:
                if select.select([master], [], [], 0.2)[0]:
                    seen += os.read(master, 4096)
            # Echo off before typing, as a person would see it.
            deadline = time.time() + 10
            while termios.tcgetattr(slave)[3] & termios.ECHO and time.time() < deadline:
                time.sleep(0.05)
            os.write(master, answer.encode() + b"\n")
        out, _ = p.communicate(timeout=60)
        while select.select([master], [], [], 0.2)[0]:
            seen += os.read(master, 4096)
        print(f"status={p.returncode} prompts={seen.count(b'Password for the new')}+{seen.count(b'same password again')} echoed={any(a.encode() in seen for a in answers)}")
        """#

    @Test func thePasswordIsAskedTwiceOnATerminal() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        #expect(try Self.identity(["ca", "--out", ca]).status == 0)
        let script = dir.write("prompt.py", Self.promptScript)
        let arguments = [script, Run.tlsprobePath, "identity", "client", "--ca", ca, "--name", "ipad"]
        let typed = try Run.process(
            "python3",
            arguments + ["--out", dir.file("ipad")],
            stdin: Data("typed twice\ntyped twice\n".utf8),
            timeout: 90
        )
        #expect(
            typed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "status=0 prompts=1+1 echoed=False",
            "\(typed.stdout)\(typed.stderr)"
        )
        let opened = try Run.process(
            "openssl",
            ["pkcs12", "-in", dir.file("ipad/client.p12"), "-passin", "pass:typed twice", "-noout"]
        )
        #expect(opened.status == 0, "\(opened.stderr)")
        let differ = try Run.process(
            "python3",
            arguments + ["--out", dir.file("other")],
            stdin: Data("one\nanother\n".utf8),
            timeout: 90
        )
        #expect(
            differ.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "status=2 prompts=1+1 echoed=False",
            "\(differ.stdout)\(differ.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: dir.file("other")))
    }

    @Test func ed25519IsMadeWithAWarning() throws {
        let dir = TemporaryDirectory()
        // An Ed25519 CA is refused under Apple's rules (identity's default), as a leaf is: it
        // would sign every leaf with Ed25519.
        let refused = try Self.identity(["ca", "--key", "ed25519", "--out", dir.file("ca")])
        #expect(
            refused.status == 64
                && refused.stderr.contains("the clients of --profile apple offer no signature algorithm"),
            "\(refused.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: dir.file("ca")))
        let made = try Self.identity(["ca", "--key", "ed25519", "--out", dir.file("ca"), "--profile", "default"])
        #expect(made.status == 0, "\(made.stderr)")
        // A P-256 leaf from that CA is still signed with Ed25519: refused under Apple's rules too.
        let signed = try Self.identity([
            "server", "--ca", dir.file("ca"), "--host", "127.0.0.1", "--out", dir.file("srv"), "--p12", "none",
        ])
        #expect(signed.status == 64 && signed.stderr.contains("signs with Ed25519"), "\(signed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("srv")))
        let client = try Self.identity([
            "client", "--ca", dir.file("ca"), "--name", "ipad", "--out", dir.file("srv"), "--p12", "none",
        ])
        #expect(client.status == 64 && client.stderr.contains("signs with Ed25519"), "\(client.stderr)")
        #expect(made.stderr.contains("Apple clients") && made.stderr.contains("Ed25519"), "\(made.stderr)")
        // A leaf: refused under Apple's rules (identity's default), made under the others.
        let apple = try Self.identity([
            "server", "--ca", dir.file("ca"), "--key", "ed25519", "--host", "127.0.0.1", "--out", dir.file("srv"),
            "--p12", "none",
        ])
        #expect(
            apple.status == 64 && apple.stderr.contains("the clients of --profile apple offer no signature algorithm"),
            "\(apple.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: dir.file("srv")))
        let server = try Self.identity([
            "server", "--ca", dir.file("ca"), "--key", "ed25519", "--host", "127.0.0.1", "--out", dir.file("srv"),
            "--p12", "none", "--profile", "default",
        ])
        #expect(server.status == 0, "\(server.stderr)")
        let verify = try Run.tlsprobe([
            "verify", dir.file("srv/server.pem"), "--anchor", dir.file("ca/root.pem"), "--host", "127.0.0.1",
            "--fail-on", "warning",
        ])
        #expect(verify.status == 0, "\(verify.stdout)")
        let openssl = try Run.process(
            "openssl",
            ["verify", "-CAfile", dir.file("ca/root.pem"), "-purpose", "sslserver", dir.file("srv/server.pem")]
        )
        #expect(openssl.status == 0, "\(openssl.stdout)\(openssl.stderr)")
        let key = try Run.process("openssl", ["pkey", "-in", dir.file("srv/server-key.pem"), "-noout", "-text"])
        #expect(key.status == 0 && key.stdout.contains("ED25519"), "\(key.stdout)\(key.stderr)")
    }

    /// The public key of a certificate file (its first certificate) or of a key file, as
    /// OpenSSL prints it.
    static func publicKey(certificate path: String) throws -> String {
        try Run.process("openssl", ["x509", "-in", path, "-noout", "-pubkey"]).stdout
    }

    static func publicKey(key path: String) throws -> String {
        try Run.process("openssl", ["pkey", "-in", path, "-pubout"]).stdout
    }

    /// A server with addresses only under a CA with DNS name constraints: OpenSSL checks a
    /// host-name-like Common Name (10.0.0.6) of a leaf without a dNSName against them, so the
    /// Common Name must not look like one. A client --name with dots is checked the same way.
    @Test func anAddressOnlyServerAndAClientUnderDNSNameConstraintsVerifyInOpenSSL() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca1")
        let made = try Self.identity([
            "ca", "--intermediate", "--permit-dns", "local", "--permit-ip", "10.0.0.5/8", "--out", ca,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout.contains("limited to local, 10.0.0.0/8"),
            "the network, not the address as given: \(made.stdout)"
        )
        let server = try Self.identity([
            "server", "--ca", ca, "--host", "10.0.0.6", "--out", dir.file("s2"), "--p12", "none",
        ])
        #expect(server.status == 0, "\(server.stderr)")
        let verify = try Run.process(
            "openssl",
            [
                "verify", "-CAfile", ca + "/root.pem", "-untrusted", ca + "/intermediate.pem", "-purpose", "sslserver",
                "-verify_ip", "10.0.0.6", dir.file("s2/server.pem"),
            ]
        )
        #expect(verify.status == 0 && verify.stdout.contains(": OK"), "\(verify.stdout)\(verify.stderr)")
        let tlsprobe = try Run.tlsprobe([
            "verify", dir.file("s2/server.pem"), "--anchor", ca + "/root.pem", "--host", "10.0.0.6", "--profile",
            "apple", "--fail-on", "warning",
        ])
        #expect(tlsprobe.status == 0, "\(tlsprobe.stdout)")

        // Client names: without dots, and with dots inside the domain, verify; with dots outside it, refused.
        for name in ["front-desk-ipad", "ipad.shop.local"] {
            let out = dir.file("client-\(name)")
            let client = try Self.identity(["client", "--ca", ca, "--name", name, "--out", out, "--p12", "none"])
            #expect(client.status == 0, "\(name): \(client.stderr)")
            let check = try Run.process(
                "openssl",
                [
                    "verify", "-CAfile", ca + "/root.pem", "-untrusted", ca + "/intermediate.pem", "-purpose",
                    "sslclient", out + "/client.pem",
                ]
            )
            #expect(check.status == 0, "\(name): \(check.stdout)\(check.stderr)")
        }
        for name in ["ipad.shop.example", "10.0.0.7"] {
            let refused = try Self.identity([
                "client", "--ca", ca, "--name", name, "--out", dir.file("bad"), "--p12", "none",
            ])
            #expect(
                refused.status == 64 && refused.stderr.contains("--name \(name)")
                    && refused.stderr.contains("name constraints"),
                "\(name): \(refused.stderr)"
            )
            #expect(!FileManager.default.fileExists(atPath: dir.file("bad")))
        }
    }

    /// `::ffff:10.0.0.9` is the IPv4 address 10.0.0.9: the certificate names it as a client
    /// dialling 10.0.0.9 checks it (a 4-byte iPAddress).
    @Test func anIPv4MappedAddressBecomesTheIPv4Address() throws {
        let dir = TemporaryDirectory()
        #expect(try Self.identity(["ca", "--out", dir.file("ca")]).status == 0)
        let made = try Self.identity([
            "server", "--ca", dir.file("ca"), "--host", "::ffff:10.0.0.9", "--out", dir.file("srv"), "--p12", "none",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains("IPv4 address 10.0.0.9"), "\(made.stderr)")
        let verify = try Run.process(
            "openssl",
            [
                "verify", "-CAfile", dir.file("ca/root.pem"), "-purpose", "sslserver", "-verify_ip", "10.0.0.9",
                dir.file("srv/server.pem"),
            ]
        )
        #expect(verify.status == 0 && verify.stdout.contains(": OK"), "\(verify.stdout)\(verify.stderr)")
    }

    /// --permit-dns alone: the CA may issue for no address (OpenSSL refuses an iPAddress under
    /// it) while names in the domain verify everywhere.
    @Test func permitDNSAloneExcludesEveryAddress() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        let made = try Self.identity(["ca", "--permit-dns", "local", "--out", ca])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("no IP address"), "\(made.stdout)")
        let server = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", dir.file("srv"), "--p12", "none",
        ])
        #expect(server.status == 0, "\(server.stderr)")
        let verify = try Run.process(
            "openssl",
            [
                "verify", "-CAfile", ca + "/root.pem", "-purpose", "sslserver", "-verify_hostname", "printer.local",
                dir.file("srv/server.pem"),
            ]
        )
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        for profile in ["default", "apple", "openssl"] {
            let tlsprobe = try Run.tlsprobe([
                "verify", dir.file("srv/server.pem"), "--anchor", ca + "/root.pem", "--host", "printer.local",
                "--profile", profile, "--fail-on", "warning",
            ])
            #expect(tlsprobe.status == 0, "\(profile): \(tlsprobe.stdout)")
        }
        // identity refuses an address under it.
        let refused = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--host", "10.0.0.5", "--out", dir.file("ip"), "--p12",
            "none",
        ])
        #expect(refused.status == 64 && refused.stderr.contains("no IP address"), "\(refused.stderr)")
        // A leaf with an iPAddress signed by that CA's key all the same (as a thief would): OpenSSL refuses it.
        let request = try Run.process(
            "openssl",
            [
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                dir.file("thief-key.pem"),
                "-subj", "/CN=printer.local", "-out", dir.file("thief.csr"),
            ]
        )
        #expect(request.status == 0, "\(request.stderr)")
        let ext = dir.write("ext.cnf", "subjectAltName=DNS:printer.local,IP:10.0.0.5\nextendedKeyUsage=serverAuth\n")
        let signed = try Run.process(
            "openssl",
            [
                "x509", "-req", "-in", dir.file("thief.csr"), "-CA", ca + "/root.pem", "-CAkey", ca + "/root-key.pem",
                "-CAcreateserial", "-days", "30", "-extfile", ext, "-out", dir.file("thief.pem"),
            ]
        )
        #expect(signed.status == 0, "\(signed.stderr)")
        let thief = try Run.process(
            "openssl",
            ["verify", "-CAfile", ca + "/root.pem", "-verify_ip", "10.0.0.5", dir.file("thief.pem")]
        )
        #expect(
            thief.status != 0 && (thief.stdout + thief.stderr).contains("excluded subtree violation"),
            "\(thief.stdout)\(thief.stderr)"
        )
    }

    /// Concurrent --force runs into one directory take turns: after each round the key and
    /// the certificate are one identity's.
    @Test func concurrentForcedRunsLeaveAMatchingKeyAndCertificate() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        let out = dir.file("out")
        #expect(try Self.identity(["ca", "--out", ca]).status == 0)
        let script = """
            import subprocess, sys
            n = int(sys.argv[1])
            runs = [subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(n)]
            codes = [(p.wait(), p.stderr.read().decode()) for p in runs]
            print(" ".join(str(c) for c, _ in codes))
            for c, e in codes:
                if c: print(e)
            """
        let runner = dir.write("concurrent.py", script)
        let command = [
            Run.tlsprobePath, "identity", "server", "--ca", ca, "--host", "printer.local", "--out", out, "--force",
            "--p12", "none",
        ]
        for round in 0..<4 {
            let result = try Run.process("python3", [runner, "6"] + command, timeout: 300)
            #expect(result.stdout.hasPrefix("0 0 0 0 0 0\n"), "round \(round): \(result.stdout)\(result.stderr)")
            let certificate = try Self.publicKey(certificate: out + "/server.pem")
            let key = try Self.publicKey(key: out + "/server-key.pem")
            #expect(!certificate.isEmpty && certificate == key, "round \(round): the key is not the certificate's")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
                ".tlsprobe.lock", "server-key.pem", "server.pem",
            ],
            "no temporary or kept file left"
        )
    }

    /// --force with --p12 none leaves no PKCS#12 file of the identity it replaced.
    @Test func forceWithoutPKCS12RemovesTheOldOne() throws {
        let dir = TemporaryDirectory()
        let (ca, out) = try Self.serverSetup(dir)
        #expect(FileManager.default.fileExists(atPath: out + "/server.p12"))
        let again = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", out, "--force", "--p12", "none",
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: out + "/server.p12"),
            "the old identity's PKCS#12 file stayed beside the new key"
        )
        let client = dir.file("client")
        #expect(
            try Self.identity([
                "client", "--ca", ca, "--name", "ipad", "--out", client, "--password-env", "IDENTITY_TEST_PASSWORD",
            ]).status == 0
        )
        #expect(
            try Self.identity(["client", "--ca", ca, "--name", "ipad", "--out", client, "--force", "--p12", "none"])
                .status == 0
        )
        #expect(!FileManager.default.fileExists(atPath: client + "/client.p12"))
    }

    /// A server and a client of one CA into one directory, each with --mobileconfig: the same
    /// profile is there already and is left as it is; another CA's profile is not replaced.
    @Test func theSameProfileTwiceIsNotAConflict() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        let out = dir.file("out")
        #expect(try Self.identity(["ca", "--out", ca, "--mobileconfig"]).status == 0)
        let server = try Self.identity([
            "server", "--ca", ca, "--host", "printer.local", "--out", out, "--p12", "none", "--mobileconfig",
        ])
        #expect(server.status == 0, "\(server.stderr)")
        let client = try Self.identity([
            "client", "--ca", ca, "--name", "ipad", "--out", out, "--p12", "none", "--mobileconfig",
        ])
        #expect(client.status == 0, "\(client.stderr)")
        #expect(Self.bytes(out + "/root.mobileconfig") == Self.bytes(ca + "/root.mobileconfig"))
        #expect(try Self.identity(["ca", "--out", dir.file("other")]).status == 0)
        let second = dir.file("second")
        #expect(
            try Self.identity([
                "server", "--ca", ca, "--host", "printer.local", "--out", second, "--p12", "none", "--mobileconfig",
            ]).status == 0
        )
        let other = try Self.identity([
            "client", "--ca", dir.file("other"), "--name", "mac", "--out", second, "--p12", "none", "--mobileconfig",
        ])
        #expect(other.status == 2 && other.stderr.contains("root.mobileconfig: exists already"), "\(other.stderr)")
    }

    /// --permit-dns with a leading dot is explained rather than called "not a DNS name".
    @Test func aLeadingDotInPermitDNSIsExplained() throws {
        let dir = TemporaryDirectory()
        let result = try Self.identity(["ca", "--permit-dns", ".local", "--out", dir.file("ca")])
        #expect(
            result.status == 64 && result.stderr.contains("without the leading dot (--permit-dns local)"),
            "\(result.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: dir.file("ca")))
    }
}
