import Foundation
import Testing
import TestSupport
@testable import OpenSSLProbe
@testable import SafeFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The set of files `tlsprobe identity` writes: replaced only all at once, and put back when
/// a replacement fails part way.
@Suite struct NewFilesTests {
    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// A replacement that fails at its second file (a name that cannot be a file: a trailing
    /// slash after a file) leaves the first file as it was, not gone, and nothing else.
    @Test func aFailedReplacementPutsTheOldFilesBack() throws {
        let dir = TemporaryDirectory()
        let first = dir.write("server.pem", "old certificate\n")
        let second = dir.write("server-key.pem", "old key\n")
        let files = [
            NewFiles.File(path: first, bytes: Array("new certificate\n".utf8), mode: 0o644),
            NewFiles.File(path: second + "/", bytes: Array("new key\n".utf8), mode: 0o600),
        ]
        #expect(throws: NewFiles.WriteError.self) { try NewFiles.write(files, overwrite: true) }
        #expect(Self.text(first) == "old certificate\n", "the old certificate is gone")
        #expect(Self.text(second) == "old key\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["server-key.pem", "server.pem"],
            "a temporary or kept file stayed"
        )

        // When it succeeds, the new files are in place and no kept file stays.
        try NewFiles.write(
            [files[0], NewFiles.File(path: second, bytes: Array("new key\n".utf8), mode: 0o600)],
            overwrite: true
        )
        #expect(Self.text(first) == "new certificate\n" && Self.text(second) == "new key\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["server-key.pem", "server.pem"]
        )
    }

    /// The lock file is refused when it is a symbolic link (never opened through one).
    @Test func theLockIsNeverTakenThroughALink() throws {
        let dir = TemporaryDirectory()
        let target = dir.write("elsewhere", "")
        try FileManager.default.createSymbolicLink(atPath: dir.file(NewFiles.lockName), withDestinationPath: target)
        #expect(throws: NewFiles.WriteError.self) { _ = try NewFiles.lock(in: dir.path) }
        let own = TemporaryDirectory()
        let fd = try NewFiles.lock(in: own.path)
        var status = stat()
        #expect(
            lstat(own.file(NewFiles.lockName), &status) == 0 && status.st_mode & 0o777 == 0o600
                && status.st_mode & S_IFMT == S_IFREG
        )
        NewFiles.unlock(fd)
    }
}
