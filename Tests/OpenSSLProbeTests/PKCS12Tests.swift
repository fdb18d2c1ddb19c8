import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import OpenSSLProbe

/// PKCS#12 files made by the real `openssl pkcs12 -export`, modern (OpenSSL 3's default)
/// and `-legacy`.
@Suite struct PKCS12Tests {
    /// Writes the chain and leaf key and exports `name` with `arguments` added.
    static func export(
        _ name: String,
        _ arguments: [String],
        in scratch: Scratch,
        chain: TestPKI.Chain
    ) throws -> String {
        try scratch.write("leaf.pem", chain.leaf.pem)
        try scratch.write("leaf.key", chain.leaf.keyPEM)
        try scratch.write("cas.pem", chain.intermediate.pem + chain.root.pem)
        try OpenSSLTool.run(
            ["pkcs12", "-export", "-in", "leaf.pem", "-inkey", "leaf.key", "-certfile", "cas.pem", "-out", name]
                + arguments,
            in: scratch
        )
        return scratch.path(name)
    }

    @Test func readsModernAlgorithmsAndOpensWithThePassword() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        let path = try Self.export(
            "id.p12",
            ["-passout", "pass:s3cret", "-name", "printer"],
            in: scratch,
            chain: chain
        )
        let probe = PasswordProbe("s3cret")
        let file = try CredentialFile.load(path: path, expecting: .privateKey, password: probe.provider)
        #expect(probe.count == 1)
        #expect(file.format == "PKCS#12")
        let details = try #require(file.pkcs12)
        #expect(details.macAlgorithm == "sha256")
        #expect(details.macIterations == 2048)
        #expect(
            details.encryption == [
                PKCS12Encryption(
                    contents: "certificates",
                    algorithm: "PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC)",
                    iterations: 2048,
                    legacy: false
                ),
                PKCS12Encryption(
                    contents: "private key",
                    algorithm: "PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC)",
                    iterations: 2048,
                    legacy: false
                ),
            ]
        )
        #expect(details.usesModernAlgorithms)
        #expect(details.passwordRequired)
        #expect(details.decrypted)
        #expect(details.hasPrivateKey == true)
        #expect(details.keyMatchesCertificate == true)
        #expect(details.friendlyName == "printer")
        // Leaf first, then the CAs as exported.
        #expect(file.certificates.first == chain.leaf.x509)
        #expect(Set(file.certificates.map(\.der)) == Set([chain.leaf.der, chain.intermediate.der, chain.root.der]))
        #expect(file.certificateLocations.allSatisfy { $0.hasPrefix("PKCS#12 bag ") })
        let key = try #require(file.keys.first)
        #expect(key.details.format == "PKCS#12")
        #expect(key.details.location.hasPrefix("PKCS#12 bag "))
        #expect(key.matches(chain.leaf.x509))
    }

    @Test func readsLegacyAlgorithmsAndOpensThemWithTheLegacyProvider() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        let path = try Self.export("legacy.p12", ["-legacy", "-passout", "pass:s3cret"], in: scratch, chain: chain)
        let file = try CredentialFile.load(
            path: path,
            expecting: .privateKey,
            password: PasswordProbe("s3cret").provider
        )
        let details = try #require(file.pkcs12)
        #expect(details.macAlgorithm == "sha1")
        #expect(details.macIterations == 2048)
        #expect(
            details.encryption == [
                PKCS12Encryption(
                    contents: "certificates",
                    algorithm: "pbeWithSHA1And40BitRC2-CBC",
                    iterations: 2048,
                    legacy: true
                ),
                PKCS12Encryption(
                    contents: "private key",
                    algorithm: "pbeWithSHA1And3-KeyTripleDES-CBC",
                    iterations: 2048,
                    legacy: true
                ),
            ]
        )
        #expect(!details.usesModernAlgorithms)
        #expect(details.decrypted)
        #expect(file.certificates.count == 3)
        #expect(file.keys.first?.matches(chain.leaf.x509) == true)
    }

    @Test func readsTheAlgorithmsWithoutThePassword() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        let modern = try Self.export("modern.p12", ["-passout", "pass:s3cret"], in: scratch, chain: chain)
        let legacy = try Self.export("legacy.p12", ["-legacy", "-passout", "pass:s3cret"], in: scratch, chain: chain)

        let modernError = try #require(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: modern, expecting: .anything, password: noPassword)
            }
        )
        #expect(modernError.kind == .passwordNeeded)
        #expect(
            modernError.description
                == "\(modern): the PKCS#12 file needs a password; give it with --password-env VAR or --password-file FILE (never on the command line)"
        )
        let modernDetails = try #require(modernError.pkcs12)
        #expect(modernDetails.macAlgorithm == "sha256")
        #expect(
            modernDetails.encryption.map(\.algorithm) == [
                "PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC)", "PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC)",
            ]
        )
        #expect(modernDetails.encryption.map(\.contents) == ["encrypted contents", "private key"])
        #expect(modernDetails.usesModernAlgorithms)
        #expect(modernDetails.passwordRequired)
        #expect(!modernDetails.decrypted)
        #expect(modernDetails.hasPrivateKey == nil)

        let legacyError = try #require(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: legacy, expecting: .anything, password: noPassword)
            }
        )
        let legacyDetails = try #require(legacyError.pkcs12)
        #expect(legacyDetails.macAlgorithm == "sha1")
        #expect(
            legacyDetails.encryption.map(\.algorithm) == [
                "pbeWithSHA1And40BitRC2-CBC", "pbeWithSHA1And3-KeyTripleDES-CBC",
            ]
        )
        #expect(!legacyDetails.usesModernAlgorithms)
    }

    @Test func opensAnEmptyPasswordFileWithoutAsking() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        for (name, extra) in [("empty.p12", [String]()), ("empty-legacy.p12", ["-legacy"])] {
            let path = try Self.export(name, ["-passout", "pass:"] + extra, in: scratch, chain: chain)
            let probe = PasswordProbe("unused")
            let file = try CredentialFile.load(path: path, expecting: .privateKey, password: probe.provider)
            #expect(probe.count == 0, "\(name)")
            #expect(file.pkcs12?.passwordRequired == false, "\(name)")
            #expect(file.pkcs12?.decrypted == true, "\(name)")
            #expect(file.keys.count == 1, "\(name)")
        }
    }

    @Test func saysThePasswordIsWrong() throws {
        let scratch = try Scratch()
        let path = try Self.export("id.p12", ["-passout", "pass:right"], in: scratch, chain: TestPKI.chain())
        let error = try #require(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: path, expecting: .privateKey, password: PasswordProbe("wrong").provider)
            }
        )
        #expect(error.kind == .wrongPassword)
        #expect(error.description == "\(path): the password is wrong (the MAC does not verify)")
        #expect(error.pkcs12?.macAlgorithm == "sha256")
    }

    @Test func passesOnAProvidersFailure() throws {
        struct Unreadable: Error, CustomStringConvertible { var description: String { "pass.txt: permission denied" } }
        let scratch = try Scratch()
        let path = try Self.export("id.p12", ["-passout", "pass:right"], in: scratch, chain: TestPKI.chain())
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(path: path, expecting: .privateKey, password: { _ in throw Unreadable() })
        }
        #expect(error?.kind == .passwordNeeded)
        #expect(error?.description.contains("pass.txt: permission denied") == true)
    }

    @Test func namesAPKCS12FileWithoutAKey() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        _ = try Self.export("unused.p12", ["-passout", "pass:x"], in: scratch, chain: chain)
        try OpenSSLTool.run(
            ["pkcs12", "-export", "-nokeys", "-in", "leaf.pem", "-out", "certs.p12", "-passout", "pass:x"],
            in: scratch
        )
        let path = scratch.path("certs.p12")
        let error = try #require(
            loadError { () throws(LoadError) in
                try CredentialFile.load(path: path, expecting: .privateKey, password: PasswordProbe("x").provider)
            }
        )
        #expect(error.kind == .notWhatWasExpected)
        #expect(error.description == "\(path): this is a PKCS#12 file without a private key")
        // As anchors it is fine.
        let file = try CredentialFile.load(path: path, expecting: .certificates, password: PasswordProbe("x").provider)
        #expect(file.certificates == [chain.leaf.x509])
        #expect(file.pkcs12?.hasPrivateKey == false)
        #expect(file.pkcs12?.keyMatchesCertificate == nil)
    }

    @Test func saysWhenTheKeyBelongsToNoCertificateInTheFile() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        let stranger = TestPKI.issue(.server("other.local"), by: chain.intermediate)
        try scratch.write("leaf.pem", chain.leaf.pem)
        try scratch.write("other.key", stranger.keyPEM)
        // A key plus a certificate that is not its own (openssl refuses that pair with -in).
        try OpenSSLTool.run(
            [
                "pkcs12", "-export", "-nocerts", "-inkey", "other.key", "-certfile", "leaf.pem", "-out", "mismatch.p12",
                "-passout", "pass:",
            ],
            in: scratch
        )
        let file = try CredentialFile.load(
            path: scratch.path("mismatch.p12"),
            expecting: .privateKey,
            password: noPassword
        )
        #expect(file.pkcs12?.keyMatchesCertificate == false)
        #expect(file.keys.first?.matches(chain.leaf.x509) == false)
        #expect(file.keys.first?.matches(stranger.x509) == true)
    }

    @Test func opensAFileWithoutAMAC() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        let path = try Self.export("nomac.p12", ["-nomac", "-passout", "pass:abc"], in: scratch, chain: chain)
        let file = try CredentialFile.load(path: path, expecting: .privateKey, password: PasswordProbe("abc").provider)
        #expect(file.pkcs12?.macAlgorithm == nil)
        #expect(file.pkcs12?.decrypted == true)
        let wrong = loadError { () throws(LoadError) in
            try CredentialFile.load(path: path, expecting: .privateKey, password: PasswordProbe("xyz").provider)
        }
        #expect(wrong?.kind == .wrongPassword)
        #expect(wrong?.description == "\(path): the password is wrong (the contents do not decrypt)")
    }
}
