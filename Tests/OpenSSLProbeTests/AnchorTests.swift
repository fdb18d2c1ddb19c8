import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import OpenSSLProbe
import SafeFiles

@Suite struct AnchorTests {
    @Test func loadsTheSystemAnchors() throws {
        let environment = ProcessInfo.processInfo.environment
        let configured = environment["SSL_CERT_FILE"] ?? environment["SSL_CERT_DIR"]
        let defaultFile = "/usr/lib/ssl/cert.pem"
        guard configured != nil || FileManager.default.fileExists(atPath: defaultFile) else {
            print("skipped: no system trust store (\(defaultFile) is absent; apt-get install ca-certificates)")
            return
        }
        let (source, certificates) = try SystemAnchors.load()
        #expect(!source.isEmpty)
        #expect(certificates.count > 10)
        #expect(Set(certificates.map(\.der)).count == certificates.count)
    }

    @Test func respectsSSLCertFileAndDir() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        let bundle = try scratch.write("bundle.pem", chain.root.pem + chain.intermediate.pem)
        try FileManager.default.createDirectory(atPath: scratch.path("hashed"), withIntermediateDirectories: false)
        // A directory as `openssl rehash` with copies leaves it: hashed names only.
        try scratch.write("hashed/0a1b2c3d.0", chain.root.pem)
        let other = TestPKI.issue(.root("Other Root"))
        try scratch.write("hashed/0a1b2c3d.1", other.pem)
        // `openssl rehash` links CRLs as HASH.rN beside them: not anchors, and no error.
        try scratch.write("hashed/0a1b2c3d.r0", "-----BEGIN X509 CRL-----\nMAA=\n-----END X509 CRL-----\n")

        let fromFile = try SystemAnchors.load(environment: ["SSL_CERT_FILE": bundle])
        #expect(fromFile.source == "\(bundle) (SSL_CERT_FILE)")
        #expect(fromFile.certificates.map(\.der) == [chain.root.der, chain.intermediate.der])

        let fromDirectory = try SystemAnchors.load(environment: ["SSL_CERT_DIR": scratch.path("hashed")])
        #expect(fromDirectory.source == "\(scratch.path("hashed")) (SSL_CERT_DIR)")
        #expect(fromDirectory.certificates.map(\.der) == [chain.root.der, other.der])

        let missing = scratch.path("missing.pem")
        #expect(throws: LoadError.self) { try SystemAnchors.load(environment: ["SSL_CERT_FILE": missing]) }
        let both = try SystemAnchors.load(environment: [
            "SSL_CERT_FILE": bundle, "SSL_CERT_DIR": scratch.path("hashed"),
        ])
        #expect(both.certificates.map(\.der) == [chain.root.der, chain.intermediate.der, other.der])
    }

    @Test func readsADirectoryOnceEachSkippingHashedLinks() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        let other = TestPKI.issue(.root("Other Root"))
        try scratch.write("root.pem", chain.root.pem)
        try scratch.write("root-copy.CRT", chain.root.der)
        try scratch.write("bundle.pem", chain.intermediate.pem + other.pem)
        try scratch.write("README", "not read")
        try scratch.write("root.key", chain.root.keyPEM)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("12345678.0"), withDestinationPath: "root.pem")
        try FileManager.default.createDirectory(atPath: scratch.path("sub.pem"), withIntermediateDirectories: false)

        let anchors = try AnchorDirectory.load(path: scratch.url.path)
        #expect(anchors.map(\.certificate.der) == [chain.intermediate.der, other.der, chain.root.der])
        #expect(
            anchors.map(\.source) == [
                scratch.path("bundle.pem") + ", line 1",
                scratch.path("bundle.pem") + ", line \(chain.intermediate.pem.split(separator: "\n").count + 1)",
                scratch.path("root-copy.CRT"),
            ]
        )
    }

    @Test func namesAFileInTheDirectoryThatIsNoCertificate() throws {
        let scratch = try Scratch()
        try scratch.write("root-key.pem", TestPKI.chain().root.keyPEM)
        #expect(throws: LoadError.self) { try AnchorDirectory.load(path: scratch.url.path) }
        do {
            _ = try AnchorDirectory.load(path: scratch.url.path)
        } catch {
            #expect(error.description == scratch.path("root-key.pem") + ": this is a private key, not a certificate")
        }
        let missing = scratch.path("nope")
        do {
            _ = try AnchorDirectory.load(path: missing)
            Issue.record("a missing directory loaded")
        } catch {
            #expect(error.kind == .unreadable)
        }
    }

    @Test func recognisesHashedNames() {
        #expect(AnchorDirectory.isHashedName("5ad8a5d6.0"))
        #expect(!AnchorDirectory.isHashedName("5ad8a5d6.r1"))
        #expect(!AnchorDirectory.isHashedName("root.pem"))
        #expect(!AnchorDirectory.isHashedName("5ad8a5d6.pem"))
    }
}
