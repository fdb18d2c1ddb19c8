import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import OpenSSLProbe

#if canImport(Glibc)
import Glibc
#endif

/// The files that hold secrets or trust decisions: the key log is private (0600) and never
/// follows a planted link; the known-hosts file is replaced atomically, so no reader, and
/// no crash, ever sees part of it. A crash in the middle of a rewrite is in
/// EndToEndTests/SecretsTests.
@Suite struct SecretFilesTests {
    @Test func aKeyLogThatExistsIsMadePrivate() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("keys.log", "CLIENT_RANDOM 00 11\n")
        chmod(path, 0o644)
        let log = try KeyLogFile(path: path)
        "SERVER_TRAFFIC_SECRET_0 aa bb".withCString { log.append($0) }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "CLIENT_RANDOM 00 11\nSERVER_TRAFFIC_SECRET_0 aa bb\n", "lines are appended")
    }

    @Test func aKeyLogThatIsASymbolicLinkIsRefused() throws {
        let dir = TemporaryDirectory()
        let elsewhere = dir.write("elsewhere", "untouched\n")
        try FileManager.default.createSymbolicLink(atPath: dir.file("keys.log"), withDestinationPath: elsewhere)
        let error = #expect(throws: KeyLogFile.OpenError.self) { try KeyLogFile(path: dir.file("keys.log")) }
        #expect(error?.description == "--keylog \(dir.file("keys.log")): cannot be written (it is a symbolic link)")
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "untouched\n")
    }

    @Test func readersNeverSeePartOfTheKnownHostsFile() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("known_hosts")
        // Two versions, each 200 lines (about 17 KB): a reader must see one or the other whole.
        func version(_ tag: String) -> KnownHosts {
            var hosts = KnownHosts(text: "")
            for index in 0..<200 {
                hosts.record(key: "\(tag)\(index).local:443", pin: "sha256/\(String(repeating: "A", count: 43))=", at: TestPKI.referenceTime)
            }
            return hosts
        }
        let a = version("a"), b = version("b")
        try KnownHostsFile.write(a, to: path)
        let stop = Mutex(false)
        let torn = Mutex(0)
        let reads = Mutex(0)
        let readers = DispatchGroup()
        for _ in 0..<2 {
            readers.enter()
            Thread.detachNewThread {
                while !stop.withLock({ $0 }) {
                    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    if text != a.text && text != b.text { torn.withLock { $0 += 1 } }
                    reads.withLock { $0 += 1 }
                }
                readers.leave()
            }
        }
        for round in 0..<150 { try KnownHostsFile.write(round % 2 == 0 ? b : a, to: path) }
        stop.withLock { $0 = true }
        readers.wait()
        #expect(reads.withLock { $0 } > 0)
        #expect(torn.withLock { $0 } == 0, "a reader saw a partial or empty file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["known_hosts"], "no temporary file left behind")
    }
}
