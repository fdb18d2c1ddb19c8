import Foundation
@testable import PcapSource
import TestSupport
import Testing
import TLSDiagnosis

/// The one bounded reader (`BoundedFile`, TLSModel) that every user-named file goes
/// through, and the key log read through it: the bytes actually read count against the
/// limit, whatever the file is (regular file, device, pipe).
@Suite struct KeyLogReadingTests {
    /// Starts `/bin/sh -c "head -c BYTES /dev/zero > FIFO"`: it blocks until a reader opens
    /// the FIFO, and dies of SIGPIPE (not this process) when the reader closes early.
    static func feed(_ fifo: String, bytes: Int) throws -> Process {
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "head -c \(bytes) /dev/zero > '\(fifo)'"]
        try writer.run()
        return writer
    }

    static func fifo(in dir: TemporaryDirectory, _ name: String) throws -> String {
        let path = dir.file(name)
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func devicesAreCountedByTheBytesRead() throws {
        for device in ["/dev/zero", "/dev/urandom"] {
            #expect(throws: BoundedFile.ReadError.self) { try BoundedFile.read(device, limit: 1 << 20) }
            do {
                _ = try BoundedFile.read(device, limit: 1 << 20)
            } catch {
                #expect(error.kind == .tooLarge)
                #expect(error.reason == "more than 1 MiB")
            }
            // Truncating returns exactly the limit (a password file's first 64 KiB).
            #expect(try BoundedFile.read(device, limit: 65_536, truncating: true).count == 65_536)
        }
    }

    @Test func aRegularFileAtTheLimitIsReadAndOneByteMoreIsNot() throws {
        let dir = TemporaryDirectory()
        let exact = dir.write("exact", Data(repeating: 0x41, count: 4096))
        let over = dir.write("over", Data(repeating: 0x41, count: 4097))
        #expect(try BoundedFile.read(exact, limit: 4096).count == 4096)
        #expect(try BoundedFile.read(exact, from: 4000, limit: 4096).count == 96)
        #expect(throws: BoundedFile.ReadError.self) { try BoundedFile.read(over, limit: 4096) }
        #expect(throws: BoundedFile.ReadError.self) { try BoundedFile.read(over, from: 4000, limit: 4096) }
        #expect(try BoundedFile.read(over, limit: 4096, truncating: true).count == 4096)
        do {
            _ = try BoundedFile.read(dir.file("missing"), limit: 10)
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.reason == "cannot be read (no such file)")
        }
        do {
            _ = try BoundedFile.read(dir.path, limit: 10)
        } catch {
            #expect(error.kind == .directory)
            #expect(error.reason == "this is a directory, not a file")
        }
    }

    @Test func aFIFOFedMoreThanTheLimitIsRefusedAndOneWithinItIsRead() throws {
        let dir = TemporaryDirectory()
        let over = try Self.fifo(in: dir, "over")
        let writer = try Self.feed(over, bytes: (1 << 20) + 1)
        #expect(throws: BoundedFile.ReadError.self) { try BoundedFile.read(over, limit: 1 << 20) }
        writer.waitUntilExit()
        let within = try Self.fifo(in: dir, "within")
        let second = try Self.feed(within, bytes: 1 << 20)
        #expect(try BoundedFile.read(within, limit: 1 << 20).count == 1 << 20)
        second.waitUntilExit()
    }

    @Test func aKeyLogFIFOFedMoreThan256MiBIsRefused() throws {
        #expect(KeyLog.maxFileSize == 256 << 20)
        let dir = TemporaryDirectory()
        let fifo = try Self.fifo(in: dir, "keys")
        let writer = try Self.feed(fifo, bytes: KeyLog.maxFileSize + (1 << 20))
        let started = Date()
        do {
            try KeyLog().load(file: fifo)
            Issue.record("a key log of 257 MiB was read")
        } catch {
            #expect(error.description == "--keylog \(fifo): more than a key log can be (more than 256 MiB; limit 256 MiB)")
        }
        #expect(Date().timeIntervalSince(started) < 30 * Slowness.factor)
        writer.waitUntilExit()
    }
}
