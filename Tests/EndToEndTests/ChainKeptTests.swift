import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The chain kept: every certificate in the JSON carries its PEM, `connect
/// --save-chain FILE` writes the presented chain leaf first (by the rules of every file
/// tlsprobe writes), and `verify -` / `inspect -` read it back from standard input.
@Suite struct ChainKeptTests {
    static func json(_ result: Run.Result) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object, "stdout: \(result.stdout) stderr: \(result.stderr)")
    }

    @Test func connectCarriesEachCertificatesPEMAsPresented() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let out = try Self.json(
            try Run.tlsprobe(["connect", server.address, "--anchor", pki.root, "--json"], timeout: 30)
        )
        let chain = try #require(out["chain"] as? [[String: Any]])
        #expect(chain.map { $0["pem"] as? String } == [pki.chain.leaf.pem, pki.chain.intermediate.pem])
        // What openssl reads from it is the certificate the server has.
        let leafPEM = try #require(chain.first?["pem"] as? String)
        let dir = TemporaryDirectory()
        let fingerprint = try Run.process(
            "openssl",
            ["x509", "-noout", "-fingerprint", "-sha256", "-in", dir.write("leaf.pem", leafPEM)]
        )
        let expected = try Run.process("openssl", ["x509", "-noout", "-fingerprint", "-sha256", "-in", pki.leaf])
        #expect(fingerprint.status == 0 && fingerprint.stdout == expected.stdout)
    }

    @Test func theSavedChainIsLeafFirstAndVerifiesLaterFromAFileAndFromStandardInput() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let saved = pki.dir.file("device-chain.pem")
        let connect = try Run.tlsprobe(["connect", server.address, "--save-chain", saved], timeout: 30)
        #expect(connect.status == 0, "\(connect.stderr)")
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text == pki.chain.leaf.pem + pki.chain.intermediate.pem)
        var status = stat()
        #expect(lstat(saved, &status) == 0 && status.st_mode & 0o777 == 0o644, "certificates are public: 0644")

        // openssl reads the file as a chain, leaf first.
        let openssl = try Run.process("openssl", ["verify", "-CAfile", pki.root, "-untrusted", saved, saved])
        #expect(openssl.status == 0, "\(openssl.stdout) \(openssl.stderr)")

        let fromFile = try Self.json(
            try Run.tlsprobe(["verify", saved, "--anchor", pki.root, "--host", "127.0.0.1", "--json"])
        )
        #expect((fromFile["trust"] as? [String: Any])?["trusted"] as? Bool == true)

        let piped = try Run.tlsprobe(
            ["verify", "-", "--anchor", pki.root, "--host", "127.0.0.1", "--json"],
            stdin: Data(text.utf8)
        )
        #expect(piped.status == 0, "\(piped.stderr)")
        let fromStdin = try Self.json(piped)
        #expect((fromStdin["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        #expect(((fromStdin["target"] as? [String: Any])?["files"] as? [String]) == ["-"])
        #expect((fromStdin["chain"] as? [[String: Any]])?.count == 2)

        // DER on standard input too.
        let der = try Run.process(
            "openssl",
            ["x509", "-in", pki.leaf, "-outform", "DER", "-out", pki.dir.file("leaf.der")]
        )
        #expect(der.status == 0)
        let inspect = try Run.tlsprobe(
            ["inspect", "-", "--json"],
            stdin: try Data(contentsOf: URL(fileURLWithPath: pki.dir.file("leaf.der")))
        )
        #expect(inspect.status == 0, "\(inspect.stderr)")
        let files = try #require(try Self.json(inspect)["files"] as? [[String: Any]])
        #expect(files.first?["path"] as? String == "-")
        #expect(files.first?["format"] as? String == "DER")
        #expect(((files.first?["certificates"] as? [[String: Any]])?.first?["pem"] as? String) == pki.chain.leaf.pem)
    }

    @Test func standardInputIsReadThroughTheBoundAndOnlyOnce() throws {
        let sh = try Run.process(
            "/bin/sh",
            ["-c", "head -c 17000000 /dev/zero | \"$0\" inspect -", Run.tlsprobePath],
            timeout: 30
        )
        #expect(sh.status == 2)
        #expect(sh.stderr.contains("-: the file is more than 16 MiB"), "\(sh.stderr)")

        let empty = try Run.tlsprobe(["verify", "-"], stdin: Data())
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("empty"), "\(empty.stderr)")

        let twice = try Run.tlsprobe(["verify", "-", "-"], stdin: Data())
        #expect(twice.status == 64)
        #expect(twice.stderr.contains("standard input) can be given once"), "\(twice.stderr)")

        // An anchor of - reads standard input too: the chain and the anchor cannot both.
        let pki = PKIFiles()
        let chain = Data((pki.chain.leaf.pem + pki.chain.intermediate.pem).utf8)
        let anchorToo = try Run.tlsprobe(["verify", "-", "--anchor", "-"], stdin: chain)
        #expect(anchorToo.status == 64, "\(anchorToo.stdout) \(anchorToo.stderr)")
        #expect(anchorToo.stderr.contains("standard input) can be given once"), "\(anchorToo.stderr)")
        // One of them on standard input is fine.
        let anchorOnly = try Run.tlsprobe(
            ["verify", pki.leaf, pki.intermediate, "--anchor", "-"],
            stdin: Data(pki.chain.root.pem.utf8)
        )
        #expect(anchorOnly.status == 0, "\(anchorOnly.stderr)")
    }

    @Test func saveChainReplacesAnOwnFileAndRefusesLinksAndOthersFiles() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        // An existing file of ours is replaced whole, not appended to.
        let own = pki.dir.write("own.pem", String(repeating: "old line\n", count: 500))
        #expect(chmod(own, 0o600) == 0)
        let replaced = try Run.tlsprobe(["connect", server.address, "--save-chain", own], timeout: 30)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect((try? String(contentsOfFile: own, encoding: .utf8)) == pki.chain.leaf.pem + pki.chain.intermediate.pem)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: pki.dir.path).filter {
            $0.hasPrefix(".own.pem.")
        }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")

        // A symbolic link is refused before the handshake, its target untouched.
        let target = pki.dir.write("target.pem", "mine\n")
        let link = pki.dir.file("link.pem")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let viaLink = try Run.tlsprobe(["connect", server.address, "--save-chain", link, "--json"], timeout: 30)
        #expect(viaLink.status == 2)
        #expect(viaLink.stderr.contains("--save-chain \(link): it is a symbolic link"), "\(viaLink.stderr)")
        #expect(viaLink.stdout.contains("\"file.not_writable\""), "\(viaLink.stdout)")
        #expect((try? String(contentsOfFile: target, encoding: .utf8)) == "mine\n")

        // A file others may write, a FIFO, a missing directory.
        let shared = pki.dir.write("shared.pem", "theirs\n")
        #expect(chmod(shared, 0o666) == 0)
        let sharedRun = try Run.tlsprobe(["connect", server.address, "--save-chain", shared], timeout: 30)
        #expect(sharedRun.status == 2)
        #expect(sharedRun.stderr.contains("writable by others"), "\(sharedRun.stderr)")
        let fifo = pki.dir.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let fifoRun = try Run.tlsprobe(["connect", server.address, "--save-chain", fifo], timeout: 15)
        #expect(fifoRun.status == 2)
        #expect(fifoRun.stderr.contains("not a regular file"), "\(fifoRun.stderr)")
        let nowhere = try Run.tlsprobe(
            ["connect", server.address, "--save-chain", pki.dir.file("no/such/dir.pem")],
            timeout: 30
        )
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("does not exist"), "\(nowhere.stderr)")
    }
}
