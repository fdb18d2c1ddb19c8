import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import OpenSSLProbe
@testable import SafeFiles

#if canImport(Glibc)
import Glibc
#endif

/// The files that hold secrets or trust decisions: the key log is private (0600), our own
/// and never follows a planted link; the known-hosts file is updated under a lock and
/// replaced atomically, so no concurrent run loses an entry and no reader, and
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
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == "CLIENT_RANDOM 00 11\nSERVER_TRAFFIC_SECRET_0 aa bb\n",
            "lines are appended"
        )
    }

    @Test func aKeyLogThatIsASymbolicLinkIsRefused() throws {
        let dir = TemporaryDirectory()
        let elsewhere = dir.write("elsewhere", "untouched\n")
        try FileManager.default.createSymbolicLink(atPath: dir.file("keys.log"), withDestinationPath: elsewhere)
        let error = #expect(throws: KeyLogFile.OpenError.self) { try KeyLogFile(path: dir.file("keys.log")) }
        #expect(
            error?.description
                == "--keylog \(dir.file("keys.log")): it is a symbolic link; tlsprobe never writes through one: give the file itself"
        )
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "untouched\n")
    }

    @Test func aKeyLogOthersMayWriteOrAnotherUserOwnsIsRefusedAndUntouched() throws {
        let dir = TemporaryDirectory()
        let shared = dir.write("shared.log", "")
        chmod(shared, 0o622)
        let error = #expect(throws: KeyLogFile.OpenError.self) { try KeyLogFile(path: shared) }
        #expect(
            error?.description
                == "--keylog \(shared): writable by others (mode 622); make it private first (chmod 600 \(shared))"
        )
        let foreign = dir.write("foreign.log", "")
        #expect(chown(foreign, 65534, 65534) == 0, "chown (tests run as root)")
        let refused = #expect(throws: KeyLogFile.OpenError.self) { try KeyLogFile(path: foreign) }
        #expect(refused?.description.hasPrefix("--keylog \(foreign): owned by uid 65534, not by you") == true)
        #expect(
            try FileManager.default.attributesOfItem(atPath: foreign)[.posixPermissions] as? Int == 0o644,
            "its mode is not changed"
        )
    }

    @Test func aKnownHostsUpdateSeesWhatAnotherRunRecordedUnderTheLock() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("known_hosts")
        let a = "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
        let b = "sha256/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB="
        // Read before the handshake: nothing yet.
        #expect(try KnownHostsFile.read(path).entries.isEmpty)
        // Meanwhile another run records the server.
        #expect(
            try KnownHostsFile.checkAndRecord(key: "printer.local:443", pin: a, at: TestPKI.referenceTime, in: path)
                == .firstUse
        )
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Our run, done later, sees that record: the same key matches, another mismatches.
        guard
            case .match(let entry) = try KnownHostsFile.checkAndRecord(
                key: "printer.local:443",
                pin: a,
                at: Date(),
                in: path
            )
        else {
            Issue.record("the same pin is a match")
            return
        }
        #expect(entry.line == 2)
        guard case .mismatch = try KnownHostsFile.checkAndRecord(key: "printer.local:443", pin: b, at: Date(), in: path)
        else {
            Issue.record("another pin is a mismatch")
            return
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "nothing more recorded")
    }

    @Test func aKnownHostsLockHeldTooLongIsAnErrorNotAHang() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("known_hosts", "")
        chmod(path, 0o600)
        let holder = open(path, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let started = Date()
        let pin = "sha256/\(String(repeating: "D", count: 43))="
        let error = #expect(throws: KnownHostsFile.FileError.self) {
            try KnownHostsFile.checkAndRecord(key: "a:1", pin: pin, at: TestPKI.referenceTime, in: path, lockWait: 0.3)
        }
        #expect(error?.description == "--known-hosts \(path): another process has held its lock for 0.3 s; try again")
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "", "nothing written without the lock")
        #expect(KnownHostsFile.lockWait == 10)
    }

    @Test func concurrentUpdatesLoseNoEntry() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("known_hosts")
        let group = DispatchGroup()
        let failures = Mutex(0)
        for index in 0..<16 {
            group.enter()
            Thread.detachNewThread {
                let pin = "sha256/\(String(repeating: "C", count: 43))="
                if (try? KnownHostsFile.checkAndRecord(
                    key: "h\(index):1",
                    pin: pin,
                    at: TestPKI.referenceTime,
                    in: path
                )) != .firstUse {
                    failures.withLock { $0 += 1 }
                }
                group.leave()
            }
        }
        group.wait()
        #expect(failures.withLock { $0 } == 0)
        #expect(Set(try KnownHostsFile.read(path).entries.map(\.key)) == Set((0..<16).map { "h\($0):1" }))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["known_hosts"],
            "no temporary file left behind"
        )
    }

    @Test func readersNeverSeePartOfTheKnownHostsFile() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("known_hosts")
        // Two versions, each 200 lines (about 17 KB): a reader must see one or the other whole.
        func version(_ tag: String) -> KnownHosts {
            var hosts = KnownHosts(text: "")
            for index in 0..<200 {
                hosts.record(
                    key: "\(tag)\(index).local:443",
                    pin: "sha256/\(String(repeating: "A", count: 43))=",
                    at: TestPKI.referenceTime
                )
            }
            return hosts
        }
        let a = version("a")
        let b = version("b")
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
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["known_hosts"],
            "no temporary file left behind"
        )
    }
}
