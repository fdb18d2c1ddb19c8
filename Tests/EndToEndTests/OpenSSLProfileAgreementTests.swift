import Foundation
import Testing
import TestSupport

/// Where `--profile openssl` speaks for OpenSSL clients, OpenSSL's own decision is the
/// reference: each chain here is made with the openssl command line, judged by
/// `openssl verify` (the default flags curl and Python up to 3.12 use, and `-x509_strict`,
/// which Python 3.13 sets by default), and by tlsprobe. The default profile's findings and
/// fixes for the same chains are checked beside: a fix tlsprobe suggests is applied and the
/// result judged again.
@Suite(.serialized) struct OpenSSLProfileAgreementTests {
    /// A directory of keys and certificates made with openssl.
    final class PKI {
        let dir = TemporaryDirectory()

        func path(_ name: String) -> String { dir.file(name) }

        /// A self-signed root from `extensions` (an openssl config section, one per line).
        func root(_ name: String, commonName: String, extensions: [String], x509v1: Bool = false) throws {
            let key = path("\(name).key")
            try openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
            if x509v1 {
                // No extensions at all: `openssl x509 -req` then writes a version 1 certificate.
                try openssl(["req", "-new", "-key", key, "-subj", "/CN=\(commonName)", "-out", path("\(name).csr")])
                try openssl([
                    "x509", "-req", "-in", path("\(name).csr"), "-signkey", key, "-days", "3650", "-out",
                    path("\(name).pem"),
                ])
                return
            }
            let config = dir.write(
                "\(name).cnf",
                """
                [req]
                distinguished_name = dn
                x509_extensions = ext
                prompt = no
                [dn]
                CN = \(commonName)
                [ext]
                \(extensions.joined(separator: "\n"))
                """
            )
            try openssl([
                "req", "-x509", "-new", "-key", key, "-days", "3650", "-config", config, "-out", path("\(name).pem"),
            ])
        }

        /// A server leaf for `names` (DNS) issued by `issuer`; `san` and `commonName` in
        /// place of the DNS names' when given.
        func leaf(_ name: String, dns: [String], issuer: String, san: String? = nil, commonName: String? = nil) throws {
            let key = path("\(name).key")
            try openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
            try openssl([
                "req", "-new", "-key", key, "-subj", "/CN=\(commonName ?? dns[0])", "-out", path("\(name).csr"),
            ])
            let ext = dir.write(
                "\(name).ext",
                """
                subjectAltName = \(san ?? dns.map { "DNS:\($0)" }.joined(separator: ","))
                extendedKeyUsage = serverAuth
                keyUsage = critical, digitalSignature
                authorityKeyIdentifier = keyid, issuer
                """
            )
            try openssl([
                "x509", "-req", "-in", path("\(name).csr"), "-CA", path("\(issuer).pem"), "-CAkey",
                path("\(issuer).key"),
                "-days", "300", "-extfile", ext, "-out", path("\(name).pem"),
            ])
        }

        /// Whether `openssl verify` accepts `leaf` under `root`, with `flags` added.
        func opensslAccepts(_ leaf: String, root: String, flags: [String] = []) throws -> Bool {
            try Run.process("openssl", ["verify"] + flags + ["-CAfile", path("\(root).pem"), path("\(leaf).pem")])
                .status == 0
        }

        /// tlsprobe's JSON verify report for `leaf` under `root`.
        func tlsprobe(_ leaf: String, root: String, host: String, profile: String) throws -> [String: Any] {
            let result = try Run.tlsprobe([
                "verify", path("\(leaf).pem"), "--anchor", path("\(root).pem"), "--host", host, "--profile", profile,
                "--json",
            ])
            #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }

        @discardableResult
        func openssl(_ arguments: [String]) throws -> Run.Result {
            let result = try Run.process("openssl", arguments)
            #expect(result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
            return result
        }
    }

    static func trusted(_ report: [String: Any]) -> Bool? { (report["trust"] as? [String: Any])?["trusted"] as? Bool }

    /// `permitted;DNS:.shop.lan`: OpenSSL (and Go) read the leading period as "the names
    /// below shop.lan". Under the openssl profile tlsprobe decides as OpenSSL does, and names
    /// the name that is outside; under the default profile the constraint is malformed, and
    /// the fix it gives (the constraint without the period) is one that works.
    @Test func nameConstraintWithALeadingDot() throws {
        let pki = PKI()
        try pki.root(
            "root",
            commonName: "Shop NC Root",
            extensions: [
                "basicConstraints = critical, CA:TRUE", "keyUsage = critical, keyCertSign, cRLSign",
                "subjectKeyIdentifier = hash", "nameConstraints = critical, permitted;DNS:.shop.lan",
            ]
        )
        try pki.leaf("inside", dns: ["nas.shop.lan"], issuer: "root")
        try pki.leaf("outside", dns: ["nas.other.lan"], issuer: "root")

        for (leaf, host) in [("inside", "nas.shop.lan"), ("outside", "nas.other.lan")] {
            let openssl = try pki.opensslAccepts(leaf, root: "root")
            let report = try pki.tlsprobe(leaf, root: "root", host: host, profile: "openssl")
            #expect(
                Self.trusted(report) == openssl,
                "\(leaf): OpenSSL \(openssl ? "accepts" : "refuses"), tlsprobe --profile openssl does not agree"
            )
        }
        #expect(try pki.opensslAccepts("inside", root: "root"))
        let outside = try pki.tlsprobe("outside", root: "root", host: "nas.other.lan", profile: "openssl")
        let violation = try #require(JSONFindings.finding(outside, "chain.name_constraints_violated"))
        #expect((violation["message"] as? String)?.contains("nas.other.lan") == true)

        // Default profile: refused as malformed, with the names judged the way OpenSSL reads it.
        let strictInside = try pki.tlsprobe("inside", root: "root", host: "nas.shop.lan", profile: "default")
        #expect(Self.trusted(strictInside) == false)
        let malformed = try #require(JSONFindings.finding(strictInside, "chain.name_constraints_violated"))
        let fix = try #require(malformed["fix"] as? String)
        #expect(fix.contains("permitted;DNS:shop.lan"))
        let strictOutside = try pki.tlsprobe("outside", root: "root", host: "nas.other.lan", profile: "default")
        let outsideFinding = try #require(JSONFindings.finding(strictOutside, "chain.name_constraints_violated"))
        #expect(((outsideFinding["evidence"] as? [String: Any])?["names_outside"] as? [String]) == ["nas.other.lan"])
        #expect((outsideFinding["fix"] as? String)?.contains("nas.other.lan") == true)

        // The fix, applied: the same key re-certified with the constraint written without the
        // period; the same leaf is then trusted under the default profile, and by OpenSSL.
        let fixed = pki.dir.write(
            "fixed.cnf",
            """
            [req]
            distinguished_name = dn
            x509_extensions = ext
            prompt = no
            [dn]
            CN = Shop NC Root
            [ext]
            basicConstraints = critical, CA:TRUE
            keyUsage = critical, keyCertSign, cRLSign
            subjectKeyIdentifier = hash
            nameConstraints = critical, permitted;DNS:shop.lan
            """
        )
        try pki.openssl([
            "req", "-x509", "-new", "-key", pki.path("root.key"), "-days", "3650", "-config", fixed, "-out",
            pki.path("fixed.pem"),
        ])
        let after = try pki.tlsprobe("inside", root: "fixed", host: "nas.shop.lan", profile: "default")
        #expect(Self.trusted(after) == true, "\(JSONFindings.codes(after))")
        #expect(try pki.opensslAccepts("inside", root: "fixed"))
    }

    /// Mixed constraints with leading periods: the fix rewrites every constraint, excluded
    /// ones and address ranges kept, so applying it does not widen what the CA may certify.
    @Test func theLeadingDotFixKeepsEveryOtherConstraint() throws {
        let pki = PKI()
        try pki.root(
            "root",
            commonName: "Shop Mixed Root",
            extensions: [
                "basicConstraints = critical, CA:TRUE", "keyUsage = critical, keyCertSign, cRLSign",
                "subjectKeyIdentifier = hash",
                "nameConstraints = critical, permitted;DNS:.shop.lan, excluded;DNS:.bad.shop.lan, permitted;IP:10.0.0.0/255.0.0.0",
            ]
        )
        try pki.leaf("good", dns: ["nas.shop.lan"], issuer: "root")
        let report = try pki.tlsprobe("good", root: "root", host: "nas.shop.lan", profile: "default")
        let fix = try #require(JSONFindings.finding(report, "chain.name_constraints_violated")?["fix"] as? String)
        let range = try #require(fix.range(of: #"nameConstraints=[^"]*"#, options: .regularExpression), "\(fix)")
        let rewritten = String(fix[range])
        #expect(
            rewritten
                == "nameConstraints=critical,permitted;DNS:shop.lan,permitted;IP:10.0.0.0/255.0.0.0,excluded;DNS:bad.shop.lan",
            "\(rewritten)"
        )
        // Applied to the same key: the good leaf is trusted, a name under the excluded
        // subtree is still refused, by OpenSSL and by tlsprobe.
        let fixed = pki.dir.write(
            "fixed.cnf",
            """
            [req]
            distinguished_name = dn
            x509_extensions = ext
            prompt = no
            [dn]
            CN = Shop Mixed Root
            [ext]
            basicConstraints = critical, CA:TRUE
            keyUsage = critical, keyCertSign, cRLSign
            subjectKeyIdentifier = hash
            \(rewritten.replacingOccurrences(of: "nameConstraints=", with: "nameConstraints = "))
            """
        )
        try pki.openssl([
            "req", "-x509", "-new", "-key", pki.path("root.key"), "-days", "3650", "-config", fixed, "-out",
            pki.path("fixed.pem"),
        ])
        #expect(Self.trusted(try pki.tlsprobe("good", root: "fixed", host: "nas.shop.lan", profile: "default")) == true)
        try pki.leaf("bad", dns: ["x.bad.shop.lan"], issuer: "root")
        #expect(try !pki.opensslAccepts("bad", root: "fixed"))
        #expect(
            Self.trusted(try pki.tlsprobe("bad", root: "fixed", host: "x.bad.shop.lan", profile: "default")) == false
        )
    }

    /// A leaf with no dNSName: OpenSSL holds a Common Name that looks like a host name (an
    /// address too) to the CA's DNS constraints; one with a space it leaves alone. The
    /// openssl profile does the same.
    @Test func aCommonNameIsConstrainedWhenThereIsNoDNSName() throws {
        let pki = PKI()
        try pki.root(
            "root",
            commonName: "Shop Local Root",
            extensions: [
                "basicConstraints = critical, CA:TRUE", "keyUsage = critical, keyCertSign, cRLSign",
                "subjectKeyIdentifier = hash",
                "nameConstraints = critical, permitted;DNS:local, permitted;IP:10.0.0.0/255.0.0.0",
            ]
        )
        try pki.leaf("address", dns: [], issuer: "root", san: "IP:10.0.0.6", commonName: "10.0.0.6")
        try pki.leaf("spaced", dns: [], issuer: "root", san: "IP:10.0.0.6", commonName: "tlsprobe server")
        try pki.leaf("named", dns: [], issuer: "root", san: "IP:10.0.0.6", commonName: "printer.local")
        for (leaf, accepted) in [("address", false), ("spaced", true), ("named", true)] {
            #expect(try pki.opensslAccepts(leaf, root: "root") == accepted, "\(leaf): openssl verify")
            let report = try pki.tlsprobe(leaf, root: "root", host: "10.0.0.6", profile: "openssl")
            #expect(Self.trusted(report) == accepted, "\(leaf): \(JSONFindings.codes(report))")
        }
        let refused = try pki.tlsprobe("address", root: "root", host: "10.0.0.6", profile: "openssl")
        let finding = try #require(JSONFindings.finding(refused, "chain.name_constraints_violated"))
        #expect((finding["message"] as? String)?.contains("commonName \"10.0.0.6\"") == true, "\(finding)")
    }

    /// A root with keyUsage keyCertSign and no basicConstraints: OpenSSL accepts it as a CA
    /// outside strict mode and refuses it in strict mode. The openssl profile trusts the chain
    /// with a warning; the default profile refuses it with one finding that says both.
    @Test func rootWithKeyCertSignButNoBasicConstraints() throws {
        let pki = PKI()
        try pki.root(
            "root",
            commonName: "NoBC Root",
            extensions: ["keyUsage = critical, keyCertSign, cRLSign", "subjectKeyIdentifier = hash"]
        )
        try pki.leaf("leaf", dns: ["nas.shop.lan"], issuer: "root")
        #expect(try pki.opensslAccepts("leaf", root: "root"))
        #expect(try !pki.opensslAccepts("leaf", root: "root", flags: ["-x509_strict"]))

        let openssl = try pki.tlsprobe("leaf", root: "root", host: "nas.shop.lan", profile: "openssl")
        #expect(Self.trusted(openssl) == true, "\(JSONFindings.codes(openssl))")
        #expect(JSONFindings.finding(openssl, "cert.nonconforming")?["severity"] as? String == "warning")

        let strict = try pki.tlsprobe("leaf", root: "root", host: "nas.shop.lan", profile: "default")
        #expect(Self.trusted(strict) == false)
        #expect(JSONFindings.codes(strict) == ["chain.issuer_not_ca"])
        let message = try #require(JSONFindings.finding(strict, "chain.issuer_not_ca")?["message"] as? String)
        #expect(message.contains("OpenSSL outside its strict mode"))
        #expect(!message.contains("Clients do not accept"))
    }

    /// A version 1 root: OpenSSL accepts a self-signed v1 root outside strict mode and
    /// refuses it in strict mode ("invalid CA certificate"). tlsprobe names the root itself,
    /// not only the missing key identifier below it.
    @Test func versionOneRoot() throws {
        let pki = PKI()
        try pki.root("root", commonName: "Old V1 Root", extensions: [], x509v1: true)
        let text = try pki.openssl(["x509", "-in", pki.path("root.pem"), "-noout", "-text"]).stdout
        try #require(text.contains("Version: 1 (0x0)"))
        try pki.leaf("leaf", dns: ["printer.local"], issuer: "root")
        #expect(try pki.opensslAccepts("leaf", root: "root"))
        let strictOpenSSL = try Run.process(
            "openssl",
            ["verify", "-x509_strict", "-CAfile", pki.path("root.pem"), pki.path("leaf.pem")]
        )
        #expect(strictOpenSSL.status != 0)
        #expect((strictOpenSSL.stdout + strictOpenSSL.stderr).contains("invalid CA certificate"))

        // Strict profiles: the same code as a root without basicConstraints (the test above),
        // saying who accepts and who refuses; openssl: trusted, with the rule as a warning.
        let strict = try pki.tlsprobe("leaf", root: "root", host: "printer.local", profile: "default")
        #expect(Self.trusted(strict) == false)
        let notCA = try #require(JSONFindings.finding(strict, "chain.issuer_not_ca"), "\(JSONFindings.codes(strict))")
        #expect(notCA["subject"] as? String == "anchor \(pki.path("root.pem"))")
        #expect((notCA["message"] as? String)?.contains("version 1") == true)
        #expect((notCA["message"] as? String)?.contains("strict mode") == true)
        let lenient = try pki.tlsprobe("leaf", root: "root", host: "printer.local", profile: "openssl")
        #expect(Self.trusted(lenient) == true)
        let onRoot = JSONFindings.all(lenient).filter {
            $0["code"] as? String == "cert.nonconforming"
                && $0["subject"] as? String == "anchor \(pki.path("root.pem"))"
        }
        #expect(onRoot.count == 1, "\(JSONFindings.all(lenient).map { "\($0["code"] ?? "") \($0["subject"] ?? "")" })")
        #expect(((onRoot.first?["evidence"] as? [String: Any])?["field"] as? String) == "version")
        #expect(onRoot.first?["severity"] as? String == "warning")
    }
}
