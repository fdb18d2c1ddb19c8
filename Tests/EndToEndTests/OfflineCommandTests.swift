import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import X509

/// The built `tlsprobe` run as a user runs it: arguments in, stdout, stderr and exit status out.
/// PKIs are made in code at the fixed reference time and every run passes `--at` for it.
@Suite struct OfflineCommandTests {
    static let at = "@\(Int(TestPKI.referenceTime.timeIntervalSince1970))"

    /// One broken (or good) case: files to write, the arguments, what must be found.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let files: [String: String]
        let arguments: [String]
        let code: String?
        let status: Int32
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = {
        let chain = TestPKI.chain(host: "printer.local", ips: ["10.0.0.5"])
        let root = chain.root
        let intermediate = chain.intermediate
        func leaf(_ mutate: (inout TestPKI.Spec) -> Void, by issuer: TestPKI.Issued = intermediate) -> TestPKI.Issued {
            var spec = TestPKI.Spec.server("printer.local", ips: ["10.0.0.5"])
            mutate(&spec)
            return TestPKI.issue(spec, by: issuer)
        }
        let rsaRoot = TestPKI.issue(.root("RSA Root", key: .rsa(bits: 2048)))
        let weakKey = leaf({ $0.key = .rsa(bits: 1024) }, by: rsaRoot)
        let sha1 = leaf(
            {
                $0.key = .rsa(bits: 2048)
                $0.signatureAlgorithm = .sha1WithRSAEncryption
            },
            by: rsaRoot
        )
        let recreated = TestPKI.issue(.root("Test Root CA"))
        let recreatedIntermediate = TestPKI.issue(.intermediate("Test Intermediate CA"), by: recreated)
        let selfSigned = TestPKI.issue(.server("camera.local"))
        let rootPEM = root.pem
        func verify(
            _ name: String,
            _ pems: [String],
            _ extra: [String],
            code: String?,
            status: Int32,
            anchor: String = rootPEM
        ) -> Scenario {
            Scenario(
                name: name,
                files: ["chain.pem": pems.joined(), "root.pem": anchor],
                arguments: ["verify", "chain.pem", "--anchor", "root.pem", "--at", at] + extra,
                code: code,
                status: status
            )
        }
        return [
            verify("trusted chain", [chain.leaf.pem, intermediate.pem], ["--host", "10.0.0.5"], code: nil, status: 0),
            verify(
                "missing intermediate",
                [chain.leaf.pem],
                ["--host", "printer.local"],
                code: "chain.missing_intermediate",
                status: 1
            ),
            verify(
                "untrusted root",
                [chain.leaf.pem, intermediate.pem, root.pem],
                [],
                code: "chain.untrusted_root",
                status: 1,
                anchor: TestPKI.issue(.root("Some Other Root")).pem
            ),
            verify(
                "re-created CA",
                [leaf({ _ in }, by: recreatedIntermediate).pem, recreatedIntermediate.pem],
                [],
                code: "chain.anchor_key_mismatch",
                status: 1
            ),
            verify(
                "self-signed leaf",
                [selfSigned.pem],
                ["--host", "camera.local"],
                code: "chain.self_signed_leaf",
                status: 1
            ),
            verify(
                "wrong order",
                [chain.leaf.pem, root.pem, intermediate.pem],
                [],
                code: "chain.wrong_order",
                status: 0
            ),
            verify(
                "IP not in SAN",
                [leaf({ $0.ipAddresses = [] }).pem, intermediate.pem],
                ["--host", "10.0.0.5"],
                code: "name.ip_not_in_san",
                status: 1
            ),
            verify(
                "name mismatch",
                [chain.leaf.pem, intermediate.pem],
                ["--host", "scanner.local"],
                code: "name.mismatch",
                status: 1
            ),
            verify(
                "expired",
                [
                    leaf({
                        $0.notBefore = TestPKI.day(-400)
                        $0.notAfter = TestPKI.day(-10)
                    }).pem, intermediate.pem,
                ],
                [],
                code: "cert.expired",
                status: 1
            ),
            verify(
                "not yet valid",
                [
                    leaf({
                        $0.notBefore = TestPKI.day(0.1)
                        $0.notAfter = TestPKI.day(300)
                    }).pem, intermediate.pem,
                ],
                [],
                code: "cert.not_yet_valid",
                status: 1
            ),
            verify("weak key", [weakKey.pem], [], code: "cert.weak_key", status: 1, anchor: rsaRoot.pem),
            verify("SHA-1 signature", [sha1.pem], [], code: "cert.weak_signature", status: 1, anchor: rsaRoot.pem),
            verify(
                "validity too long for Apple",
                [leaf({ $0.notAfter = TestPKI.day(900) }).pem, intermediate.pem],
                ["--profile", "apple"],
                code: "cert.validity_too_long",
                status: 1
            ),
            verify(
                "client certificate as a server",
                [leaf({ $0.extendedKeyUsage = [.clientAuth] }).pem, intermediate.pem],
                [],
                code: "cert.eku_missing_server_auth",
                status: 1
            ),
            Scenario(
                name: "Common Name only",
                files: [
                    "cn.pem": leaf({
                        $0.dnsNames = []
                        $0.ipAddresses = []
                    }).pem
                ],
                arguments: ["inspect", "cn.pem", "--at", at],
                code: "name.cn_only",
                status: 1
            ),
            Scenario(
                name: "key does not match",
                files: ["leaf.pem": chain.leaf.pem, "other.key": intermediate.keyPEM],
                arguments: ["inspect", "leaf.pem", "--key", "other.key", "--at", at],
                code: "key.mismatch",
                status: 1
            ),
        ]
    }()

    @Test(arguments: scenarios)
    func eachCaseIsNamedInText(_ scenario: Scenario) throws {
        let dir = TemporaryDirectory()
        for (name, text) in scenario.files { dir.write(name, text) }
        let result = try Run.tlsprobe(
            scenario.arguments.map { scenario.files[$0] != nil ? dir.file($0) : $0 } + ["--no-color"]
        )
        #expect(result.status == scenario.status, "stderr: \(result.stderr)\nstdout: \(result.stdout)")
        if let code = scenario.code {
            #expect(result.stdout.contains(code), "\(code) missing from:\n\(result.stdout)")
        } else {
            #expect(result.stdout.contains("TRUSTED") && !result.stdout.contains("NOT TRUSTED"), "\(result.stdout)")
        }
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test(arguments: scenarios)
    func eachCaseIsNamedInJSON(_ scenario: Scenario) throws {
        let dir = TemporaryDirectory()
        for (name, text) in scenario.files { dir.write(name, text) }
        let result = try Run.tlsprobe(
            scenario.arguments.map { scenario.files[$0] != nil ? dir.file($0) : $0 } + ["--json"]
        )
        #expect(result.status == scenario.status)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schema_version"] as? Int == 1)
        let codes = JSONFindings.codes(object)
        if let code = scenario.code {
            #expect(codes.contains(code), "\(code) not in \(codes)")
        } else {
            #expect((object["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        }
    }

    @Test func withoutAnchorsTrustIsNotEvaluatedButChecksRun() throws {
        let dir = TemporaryDirectory()
        var spec = TestPKI.Spec.server("printer.local")
        spec.notAfter = TestPKI.day(-1)
        spec.notBefore = TestPKI.day(-100)
        let leaf = dir.write("leaf.pem", TestPKI.issue(spec, by: TestPKI.chain().intermediate).pem)
        let result = try Run.tlsprobe(["verify", leaf, "--at", Self.at, "--json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let trust = try #require(object["trust"] as? [String: Any])
        #expect(trust["evaluated"] as? Bool == false)
        #expect(trust["trusted"] is NSNull)
        #expect(JSONFindings.codes(object).contains("cert.expired"))
        let text = try Run.tlsprobe(["verify", leaf, "--at", Self.at])
        #expect(text.stdout.contains("TRUST NOT EVALUATED"))
        #expect(text.stdout.contains("--anchor"))
    }

    @Test func jsonAndTextAgreeOnTheVerdictOfOpenSSL() throws {
        let dir = TemporaryDirectory()
        let chain = TestPKI.chain()
        let leaf = dir.write("leaf.pem", chain.leaf.pem)
        let root = dir.write("root.pem", chain.root.pem)
        let result = try Run.tlsprobe(["verify", leaf, "--anchor", root, "--at", Self.at, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let openssl = try #require((object["trust"] as? [String: Any])?["openssl"] as? [String: Any])
        #expect(openssl["ok"] as? Bool == false)
        #expect(openssl["error"] as? String == "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY")
        let text = try Run.tlsprobe(["verify", leaf, "--anchor", root, "--at", Self.at])
        #expect(text.stdout.contains("X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY"))
    }

    /// A camera's own certificate as `openssl req -x509` makes it (Samples/make-pki.sh
    /// self-signed/camera.pem): CA:TRUE, CN only, 20 years. Self-issued and a CA, but not a
    /// root: inspect lints it as the server certificate it is, as verify does. Made now by
    /// openssl, so judged now (no --at).
    @Test(arguments: ["192.168.1.64", "camera.local"])
    func aSelfSignedDeviceCertificateIsLintedAsALeaf(commonName: String) throws {
        let dir = TemporaryDirectory()
        let key = dir.file("camera.key")
        let cert = dir.file("camera.pem")
        try Run.process("openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
        let made = try Run.process(
            "openssl",
            [
                "req", "-x509", "-new", "-key", key, "-subj", "/CN=\(commonName)", "-days", "7300", "-sha256", "-out",
                cert,
            ]
        )
        try #require(made.status == 0, "\(made.stderr)")
        let result = try Run.tlsprobe(["inspect", cert, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let codes = JSONFindings.codes(object)
        #expect(codes.contains("name.cn_only"), "\(codes)")
        #expect(codes.contains("cert.validity_too_long"), "\(codes)")
        #expect(codes.contains("cert.eku_missing_server_auth"), "\(codes)")
        #expect(result.status == 1)
    }

    /// Real roots stay finding-free: one made in code, one made as make-pki.sh makes its root.
    @Test func aRootIsStillLintedAsAnAnchor() throws {
        let dir = TemporaryDirectory()
        let key = dir.file("root.key")
        let cert = dir.file("root.pem")
        try Run.process("openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
        let made = try Run.process(
            "openssl",
            [
                "req", "-x509", "-new", "-key", key, "-subj", "/O=Shop/CN=Shop Root CA", "-days", "3650", "-sha256",
                "-out", cert,
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                "-addext", "subjectKeyIdentifier=hash",
            ]
        )
        try #require(made.status == 0, "\(made.stderr)")
        let fromCode = dir.write("test-root.pem", TestPKI.chain().root.pem)
        for (file, at) in [(cert, [String]()), (fromCode, ["--at", Self.at])] {
            let result = try Run.tlsprobe(["inspect", file, "--json"] + at)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            )
            #expect((object["findings"] as? [Any])?.isEmpty == true, "\(file): \(result.stdout)")
            #expect(result.status == 0)
        }
    }
}
