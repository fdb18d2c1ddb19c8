import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import OpenSSLProbe

@Suite struct CredentialFileTests {
    @Test func readsAPEMBundleWithTextAroundTheBlocks() throws {
        let chain = TestPKI.chain()
        let text =
            "subject=CN = printer.local\n" + chain.leaf.pem + "\nsome notes\r\n" + chain.intermediate.pem
            + chain.root.pem
        let file = try CredentialFile.load(
            bytes: Array(text.utf8),
            name: "bundle.pem",
            expecting: .certificates,
            password: noPassword
        )
        #expect(file.format == "PEM")
        #expect(file.certificates.map(\.der) == [chain.leaf.der, chain.intermediate.der, chain.root.der])
        #expect(file.certificateLocations.first == "line 2")
        #expect(file.certificateLocations.count == 3)
        #expect(file.keys.isEmpty)
    }

    @Test func readsADERCertificate() throws {
        let chain = TestPKI.chain()
        let file = try CredentialFile.load(
            bytes: chain.leaf.der,
            name: "leaf.der",
            expecting: .certificates,
            password: noPassword
        )
        #expect(file.format == "DER")
        #expect(file.certificates == [chain.leaf.x509])
        #expect(file.certificateLocations == ["DER"])
    }

    @Test func readsFromDiskAndSniffsContentNotName() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        // A PEM certificate named like a DER file, a DER one named .pem.
        let pemPath = try scratch.write("leaf.der", chain.leaf.pem)
        let derPath = try scratch.write("leaf.pem", chain.leaf.der)
        #expect(try CredentialFile.load(path: pemPath, expecting: .certificates, password: noPassword).format == "PEM")
        #expect(try CredentialFile.load(path: derPath, expecting: .certificates, password: noPassword).format == "DER")
    }

    @Test func readsAPKCS8KeyAndMatchesItsCertificate() throws {
        let chain = TestPKI.chain()
        let file = try CredentialFile.load(
            bytes: Array(chain.leaf.keyPEM.utf8),
            name: "leaf.key",
            expecting: .privateKey,
            password: noPassword
        )
        let key = try #require(file.keys.first)
        #expect(key.details.format == "PKCS#8")
        #expect(key.details.location == "line 1")
        #expect(key.details.key == KeyDescription(type: "EC", bits: 256, curve: "P-256"))
        #expect(key.details.spkiSHA256 == chain.leaf.x509.spkiSHA256)
        #expect(key.details.pin == chain.leaf.x509.pin)
        #expect(key.matches(chain.leaf.x509))
        #expect(!key.matches(chain.intermediate.x509))
        #expect(!key.matches(chain.root.x509))
    }

    @Test func readsKeysInEveryTraditionalForm() throws {
        let scratch = try Scratch()
        let ec = TestPKI.issue(.server("ec.local"))
        let rsa = TestPKI.issue(
            {
                var spec = TestPKI.Spec.server("rsa.local")
                spec.key = .rsa(bits: 2048)
                return spec
            }()
        )
        try scratch.write("ec.pem", ec.keyPEM)
        try scratch.write("rsa.pem", rsa.keyPEM)
        try OpenSSLTool.run(["ec", "-in", "ec.pem", "-out", "sec1.pem"], in: scratch)
        try OpenSSLTool.run(["ec", "-in", "ec.pem", "-outform", "DER", "-out", "sec1.der"], in: scratch)
        try OpenSSLTool.run(["rsa", "-in", "rsa.pem", "-traditional", "-out", "pkcs1.pem"], in: scratch)
        try OpenSSLTool.run(
            ["rsa", "-in", "rsa.pem", "-traditional", "-outform", "DER", "-out", "pkcs1.der"],
            in: scratch
        )
        try OpenSSLTool.run(
            ["pkcs8", "-topk8", "-nocrypt", "-in", "ec.pem", "-outform", "DER", "-out", "pkcs8.der"],
            in: scratch
        )

        let cases: [(String, String, String, TestPKI.Issued, KeyDescription)] = [
            ("sec1.pem", "PEM", "SEC1", ec, KeyDescription(type: "EC", bits: 256, curve: "P-256")),
            ("sec1.der", "DER", "SEC1", ec, KeyDescription(type: "EC", bits: 256, curve: "P-256")),
            ("pkcs1.pem", "PEM", "PKCS#1", rsa, KeyDescription(type: "RSA", bits: 2048)),
            ("pkcs1.der", "DER", "PKCS#1", rsa, KeyDescription(type: "RSA", bits: 2048)),
            ("pkcs8.der", "DER", "PKCS#8", ec, KeyDescription(type: "EC", bits: 256, curve: "P-256")),
        ]
        for (name, container, format, issued, description) in cases {
            let file = try CredentialFile.load(path: scratch.path(name), expecting: .privateKey, password: noPassword)
            #expect(file.format == container, "\(name)")
            let key = try #require(file.keys.first, "\(name)")
            #expect(key.details.format == format, "\(name)")
            #expect(key.details.key == description, "\(name)")
            #expect(key.matches(issued.x509), "\(name)")
            #expect(key.details.spkiSHA256 == issued.x509.spkiSHA256, "\(name)")
        }
    }

    @Test func readsAnEd25519Key() throws {
        let issued = TestPKI.issue(
            {
                var spec = TestPKI.Spec.server("ed.local")
                spec.key = .ed25519
                return spec
            }()
        )
        let file = try CredentialFile.load(
            bytes: Array(issued.keyPEM.utf8),
            name: "ed.key",
            expecting: .privateKey,
            password: noPassword
        )
        let key = try #require(file.keys.first)
        #expect(key.details.key.type == "Ed25519")
        #expect(key.matches(issued.x509))
    }

    @Test func decryptsEncryptedPKCS8WithTheProvidersPassword() throws {
        let scratch = try Scratch()
        let leaf = TestPKI.chain().leaf
        try scratch.write("plain.pem", leaf.keyPEM)
        try OpenSSLTool.run(
            ["pkey", "-in", "plain.pem", "-aes256", "-passout", "pass:front desk", "-out", "enc.pem"],
            in: scratch
        )
        try OpenSSLTool.run(
            [
                "pkcs8", "-topk8", "-in", "plain.pem", "-v2", "aes-128-cbc", "-passout", "pass:front desk", "-outform",
                "DER", "-out", "enc.der",
            ],
            in: scratch
        )
        for (name, container) in [("enc.pem", "PEM"), ("enc.der", "DER")] {
            let probe = PasswordProbe("front desk")
            let file = try CredentialFile.load(
                path: scratch.path(name),
                expecting: .privateKey,
                password: probe.provider
            )
            #expect(file.format == container)
            let key = try #require(file.keys.first)
            #expect(key.details.format == "encrypted PKCS#8")
            #expect(key.matches(leaf.x509))
            #expect(probe.count == 1)
        }
    }

    @Test func saysWhenAKeyPasswordIsWrongOrMissing() throws {
        let scratch = try Scratch()
        try scratch.write("plain.pem", TestPKI.chain().leaf.keyPEM)
        try OpenSSLTool.run(
            ["pkey", "-in", "plain.pem", "-aes256", "-passout", "pass:right", "-out", "enc.pem"],
            in: scratch
        )
        let path = scratch.path("enc.pem")

        let wrong = try #require(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: path, expecting: .privateKey, password: PasswordProbe("wrong").provider)
            }
        )
        #expect(wrong.kind == .wrongPassword)
        #expect(wrong.description == "\(path): the password is wrong (the private key at line 1 does not decrypt)")

        let missing = try #require(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: path, expecting: .privateKey, password: noPassword)
            }
        )
        #expect(missing.kind == .passwordNeeded)
        #expect(missing.description.contains("the private key at line 1 is encrypted and needs a password"))
        #expect(missing.description.contains("--password-env"))
        #expect(missing.description.contains("--password-file"))
    }

    @Test func decryptsLegacyEncryptedPEM() throws {
        let scratch = try Scratch()
        let ec = TestPKI.issue(.server("ec.local"))
        let rsa = TestPKI.issue(
            {
                var spec = TestPKI.Spec.server("rsa.local")
                spec.key = .rsa(bits: 2048)
                return spec
            }()
        )
        try scratch.write("ec.pem", ec.keyPEM)
        try scratch.write("rsa.pem", rsa.keyPEM)
        try OpenSSLTool.run(
            ["ec", "-in", "ec.pem", "-aes128", "-passout", "pass:legacy", "-out", "ec-legacy.pem"],
            in: scratch
        )
        try OpenSSLTool.run(
            ["rsa", "-in", "rsa.pem", "-traditional", "-des3", "-passout", "pass:legacy", "-out", "rsa-legacy.pem"],
            in: scratch
        )
        #expect(
            try String(contentsOfFile: scratch.path("ec-legacy.pem"), encoding: .utf8).contains(
                "Proc-Type: 4,ENCRYPTED"
            )
        )

        for (name, issued) in [("ec-legacy.pem", ec), ("rsa-legacy.pem", rsa)] {
            let file = try CredentialFile.load(
                path: scratch.path(name),
                expecting: .privateKey,
                password: PasswordProbe("legacy").provider
            )
            let key = try #require(file.keys.first)
            #expect(key.details.format == "legacy encrypted PEM")
            #expect(key.matches(issued.x509))
            let wrong = loadError { () throws(LoadError) in
                try CredentialFile.load(
                    path: scratch.path(name),
                    expecting: .privateKey,
                    password: PasswordProbe("nope").provider
                )
            }
            #expect(wrong?.kind == .wrongPassword)
        }
    }

    @Test func aCertificateAndItsKeyInOneFile() throws {
        let leaf = TestPKI.chain().leaf
        let bytes = Array((leaf.pem + leaf.keyPEM).utf8)
        for expecting in [CredentialExpectation.certificates, .privateKey, .anything] {
            let file = try CredentialFile.load(
                bytes: bytes,
                name: "both.pem",
                expecting: expecting,
                password: noPassword
            )
            #expect(file.certificates.count == 1)
            #expect(file.keys.count == 1)
            #expect(file.keys.first?.matches(leaf.x509) == true)
        }
    }

    @Test func namesWhatAFileIsWhenItIsNotWhatWasAskedFor() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        try scratch.write("root.key", chain.root.keyPEM)
        try OpenSSLTool.run(
            ["req", "-new", "-key", "root.key", "-subj", "/CN=printer.local", "-out", "server.csr"],
            in: scratch
        )
        try OpenSSLTool.run(
            [
                "req", "-new", "-key", "root.key", "-subj", "/CN=printer.local", "-outform", "DER", "-out",
                "server-der.csr",
            ],
            in: scratch
        )
        try OpenSSLTool.run(["pkey", "-in", "root.key", "-pubout", "-out", "root.pub"], in: scratch)
        try scratch.write("server.pem", chain.leaf.pem)
        try scratch.write("chain.pem", chain.leaf.pem + chain.intermediate.pem + chain.root.pem)
        try scratch.write("notes.txt", "remember to renew the printer certificate\n")
        try scratch.write("leaf.der", chain.leaf.der)

        func message(_ name: String, _ expecting: CredentialExpectation) -> String? {
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: name, expecting: expecting, password: noPassword)
            }?.description
        }
        // Messages start with the path as given.
        let cases: [(String, CredentialExpectation, String)] = [
            ("root.key", .certificates, "root.key: this is a private key, not a certificate"),
            ("server.csr", .certificates, "server.csr: this is a certificate signing request, not a certificate"),
            (
                "server-der.csr", .certificates,
                "server-der.csr: this is a certificate signing request, not a certificate"
            ),
            ("root.pub", .certificates, "root.pub: this is a public key, not a certificate"),
            ("root.pub", .privateKey, "root.pub: this is a public key, not a private key"),
            ("server.pem", .privateKey, "server.pem: this is a certificate, not a private key"),
            ("leaf.der", .privateKey, "leaf.der: this is a certificate, not a private key"),
            ("chain.pem", .privateKey, "chain.pem: this holds 3 certificates but no private key"),
            ("notes.txt", .anything, "notes.txt: no certificate, key or PKCS#12 data found (it looks like text)"),
            ("notes.txt", .certificates, "notes.txt: no certificate, key or PKCS#12 data found (it looks like text)"),
        ]
        for (name, expecting, text) in cases {
            #expect(
                message(scratch.path(name), expecting) == scratch.path(name) + text.dropFirst(name.count),
                "\(name)"
            )
        }
        // Things held but not examined are listed for `inspect`.
        let csr = try CredentialFile.load(path: scratch.path("server.csr"), expecting: .anything, password: noPassword)
        #expect(csr.other == ["CERTIFICATE REQUEST at line 1"])
    }

    @Test func neverAsksForAPasswordForAFileOfTheWrongKind() throws {
        let scratch = try Scratch()
        try scratch.write("plain.pem", TestPKI.chain().leaf.keyPEM)
        try OpenSSLTool.run(
            ["pkey", "-in", "plain.pem", "-aes256", "-passout", "pass:x", "-out", "enc.pem"],
            in: scratch
        )
        let probe = PasswordProbe("x")
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(path: scratch.path("enc.pem"), expecting: .certificates, password: probe.provider)
        }
        #expect(error?.kind == .notWhatWasExpected)
        #expect(error?.description.hasSuffix("this is a private key, not a certificate") == true)
        #expect(probe.count == 0)
    }

    @Test func listsWhatItDoesNotExamine() throws {
        let chain = TestPKI.chain()
        let crl = PEM.encode([0x30, 0x03, 0x02, 0x01, 0x00], label: "X509 CRL")
        let text = chain.leaf.pem + "\n" + crl + PEM.encode([1, 2, 3], label: "OPENSSH PRIVATE KEY")
        let file = try CredentialFile.load(
            bytes: Array(text.utf8),
            name: "mixed.pem",
            expecting: .anything,
            password: noPassword
        )
        #expect(file.certificates.count == 1)
        let crlLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("BEGIN X509 CRL")
        }.map { $0 + 1 }
        #expect(file.other.first == "X509 CRL at line \(crlLine ?? 0)")
        #expect(file.other.count == 2)
    }

    @Test func explainsAnOpenSSHKey() throws {
        let text = PEM.encode(Array("openssh-key-v1\u{0}".utf8), label: "OPENSSH PRIVATE KEY")
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(
                bytes: Array(text.utf8),
                name: "id_ed25519",
                expecting: .privateKey,
                password: noPassword
            )
        }
        #expect(error?.kind == .notWhatWasExpected)
        #expect(error?.description.hasPrefix("id_ed25519: this is an OpenSSH private key; TLS needs") == true)
    }

    @Test func emptyLargeMissingAndDirectoryFiles() throws {
        let scratch = try Scratch()
        let empty = try scratch.write("empty.pem", [])
        #expect(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: empty, expecting: .anything, password: noPassword)
            }?.kind == .empty
        )
        #expect(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: empty, expecting: .anything, password: noPassword)
            }?.description == "\(empty): the file is empty"
        )

        let large = try scratch.write("large.pem", [UInt8](repeating: 0x41, count: CredentialFile.maximumSize + 1))
        #expect(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: large, expecting: .anything, password: noPassword)
            }?.kind == .tooLarge
        )
        let bytes = [UInt8](repeating: 0x41, count: CredentialFile.maximumSize + 1)
        #expect(
            loadError { () throws(LoadError) in
                try CredentialFile.load(bytes: bytes, name: "big", expecting: .anything, password: noPassword)
            }?.kind == .tooLarge
        )

        let missing = scratch.path("missing.pem")
        let missingError = loadError { () throws(LoadError) in
            try CredentialFile.load(path: missing, expecting: .anything, password: noPassword)
        }
        #expect(missingError?.kind == .unreadable)
        #expect(missingError?.description == "\(missing): cannot be read (no such file)")

        let directoryError = loadError { () throws(LoadError) in
            try CredentialFile.load(path: scratch.url.path, expecting: .anything, password: noPassword)
        }
        #expect(directoryError?.kind == .unreadable)
        #expect(directoryError?.description == "\(scratch.url.path): this is a directory, not a file")
    }

    @Test func aBrokenCertificateBlockFailsACertificateLoad() throws {
        let chain = TestPKI.chain()
        let broken = chain.leaf.pem.replacingOccurrences(of: "-----END CERTIFICATE-----\n", with: "")
        let text = broken + chain.root.pem
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(
                bytes: Array(text.utf8),
                name: "bundle.pem",
                expecting: .certificates,
                password: noPassword
            )
        }
        #expect(error?.kind == .malformed)
        #expect(error?.description == "bundle.pem: line 1: CERTIFICATE block has no END line")
    }
}

@Suite struct OtherContainerTests {
    @Test func readsPKCS7BundlesInPEMAndDER() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        try scratch.write("chain.pem", chain.leaf.pem + chain.intermediate.pem)
        try OpenSSLTool.run(["crl2pkcs7", "-nocrl", "-certfile", "chain.pem", "-out", "chain.p7b"], in: scratch)
        try OpenSSLTool.run(
            ["crl2pkcs7", "-nocrl", "-certfile", "chain.pem", "-outform", "DER", "-out", "chain-der.p7b"],
            in: scratch
        )
        let pem = try CredentialFile.load(
            path: scratch.path("chain.p7b"),
            expecting: .certificates,
            password: noPassword
        )
        #expect(pem.format == "PEM")
        #expect(Set(pem.certificates.map(\.der)) == Set([chain.leaf.der, chain.intermediate.der]))
        #expect(pem.certificateLocations.first == "line 1, PKCS#7 certificate 1")
        let der = try CredentialFile.load(
            path: scratch.path("chain-der.p7b"),
            expecting: .certificates,
            password: noPassword
        )
        #expect(der.format == "DER")
        #expect(Set(der.certificates.map(\.der)) == Set([chain.leaf.der, chain.intermediate.der]))
    }

    @Test func readsOpenSSLTrustedCertificates() throws {
        let scratch = try Scratch()
        let root = TestPKI.chain().root
        try scratch.write("root.pem", root.pem)
        try OpenSSLTool.run(
            ["x509", "-in", "root.pem", "-trustout", "-addtrust", "serverAuth", "-out", "trusted.pem"],
            in: scratch
        )
        let file = try CredentialFile.load(
            path: scratch.path("trusted.pem"),
            expecting: .certificates,
            password: noPassword
        )
        #expect(file.certificates == [root.x509])
    }

    @Test func listsDERRequestsAndRevocationListsForInspect() throws {
        let scratch = try Scratch()
        let root = TestPKI.chain().root
        try scratch.write("root.pem", root.pem)
        try scratch.write("root.key", root.keyPEM)
        try OpenSSLTool.run(
            ["req", "-new", "-key", "root.key", "-subj", "/CN=x", "-outform", "DER", "-out", "req.der"],
            in: scratch
        )
        try scratch.write("index.txt", "")
        try scratch.write(
            "ca.cnf",
            """
            [ca]
            default_ca = local
            [local]
            database = index.txt
            default_md = sha256
            default_crl_days = 30
            """
        )
        try OpenSSLTool.run(
            ["ca", "-config", "ca.cnf", "-gencrl", "-cert", "root.pem", "-keyfile", "root.key", "-out", "crl.pem"],
            in: scratch
        )
        try OpenSSLTool.run(["crl", "-in", "crl.pem", "-outform", "DER", "-out", "crl.der"], in: scratch)

        #expect(
            try CredentialFile.load(path: scratch.path("req.der"), expecting: .anything, password: noPassword).other
                == ["CERTIFICATE REQUEST (DER)"]
        )
        #expect(
            try CredentialFile.load(path: scratch.path("crl.der"), expecting: .anything, password: noPassword).other
                == ["X509 CRL (DER)"]
        )
        #expect(
            try CredentialFile.load(path: scratch.path("crl.pem"), expecting: .anything, password: noPassword).other
                == ["X509 CRL at line 1"]
        )
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(path: scratch.path("crl.der"), expecting: .certificates, password: noPassword)
        }
        #expect(
            error?.description == scratch.path("crl.der") + ": this is a certificate revocation list, not a certificate"
        )
    }
}

@Suite struct TextEncodingTests {
    @Test func namesUTF16Text() {
        let pem = TestPKI.chain().leaf.pem
        let units: [UInt8] = pem.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let utf16: [UInt8] = [0xFF, 0xFE] + units
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(bytes: utf16, name: "cert.cer", expecting: .certificates, password: noPassword)
        }
        #expect(
            error?.description == "cert.cer: this is UTF-16 text; save it as plain text (ASCII or UTF-8) and try again"
        )
    }

    @Test func readsOldDESEncryptedKeysThroughTheLegacyProvider() throws {
        let scratch = try Scratch()
        let leaf = TestPKI.chain().leaf
        try scratch.write("plain.pem", leaf.keyPEM)
        try OpenSSLTool.run(
            [
                "ec", "-in", "plain.pem", "-des", "-passout", "pass:old", "-out", "des.pem", "-provider", "legacy",
                "-provider", "default",
            ],
            in: scratch
        )
        try OpenSSLTool.run(
            [
                "pkcs8", "-topk8", "-in", "plain.pem", "-v1", "PBE-SHA1-RC2-40", "-passout", "pass:old", "-out",
                "rc2.pem", "-provider", "legacy", "-provider", "default",
            ],
            in: scratch
        )
        for name in ["des.pem", "rc2.pem"] {
            let file = try CredentialFile.load(
                path: scratch.path(name),
                expecting: .privateKey,
                password: PasswordProbe("old").provider
            )
            #expect(file.keys.first?.matches(leaf.x509) == true, "\(name)")
        }
    }
}
