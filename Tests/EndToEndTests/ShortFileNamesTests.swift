import Foundation
import Testing
import TestSupport

/// A file or directory named with one character, relative to the working directory, as a
/// user types it (`--out c`, `--save-chain c`, `--known-hosts w`). Foundation's
/// `deletingLastPathComponent` stopped the process with SIGILL on such a path, before
/// anything was written.
@Suite struct ShortFileNamesTests {
    @Test func identityWritesIntoAOneLetterDirectory() throws {
        let dir = TemporaryDirectory()
        let made = try Run.tlsprobe(["identity", "ca", "--out", "c"], currentDirectory: dir.file(""), timeout: 120)
        #expect(made.status == 0, "status \(made.status): \(made.stderr)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.file("c"))) ?? []
        #expect(files.contains { $0.hasSuffix(".pem") }, "\(files)")
    }

    @Test func connectSavesTheChainAndKnownHostsUnderOneLetterNames() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let dir = TemporaryDirectory()
        let run = try Run.tlsprobe(
            [server.address, "--anchor", pki.root, "--save-chain", "c", "--known-hosts", "w"].withCommand("connect"),
            currentDirectory: dir.file(""),
            timeout: 30
        )
        #expect(run.status == 0, "status \(run.status): \(run.stderr)")
        let chain = (try? String(contentsOfFile: dir.file("c"), encoding: .utf8)) ?? ""
        #expect(chain.components(separatedBy: "-----BEGIN CERTIFICATE-----").count == 3, "\(chain)")
        let hosts = (try? String(contentsOfFile: dir.file("w"), encoding: .utf8)) ?? ""
        #expect(hosts.contains("127.0.0.1:\(server.port) sha256/"), "\(hosts)")
    }
}

extension Array where Element == String {
    fileprivate func withCommand(_ command: String) -> [String] { [command] + self }
}
