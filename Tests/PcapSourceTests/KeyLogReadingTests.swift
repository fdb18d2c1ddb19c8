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

    /// The bytes come back exactly, across read(2)'s 1 MiB chunks and from an offset, and
    /// each way of failing to open says why.
    @Test func theBytesReadAreTheFilesBytesAndFailuresSayWhy() throws {
        let dir = TemporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        let content = (0..<(3 << 20) + 12_345).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = dir.write("random", Data(content))
        #expect(try BoundedFile.read(path, limit: 16 << 20) == content)
        #expect(try BoundedFile.read(path, from: (1 << 20) + 7, limit: 16 << 20) == Array(content[((1 << 20) + 7)...]))
        #expect(try BoundedFile.read(path, limit: content.count) == content)
        #expect(try BoundedFile.read(path, limit: 2 << 20, truncating: true) == Array(content[..<(2 << 20)]))
        #expect(try BoundedFile.read(dir.write("empty", Data()), limit: 10) == [])

        func failure(_ path: String) -> BoundedFile.ReadError? {
            do {
                _ = try BoundedFile.read(path, limit: 10)
                return nil
            } catch { return error }
        }
        // A path through a regular file (ENOTDIR) is a missing file, as a missing one is.
        #expect(failure(path + "/inside")?.reason == "cannot be read (no such file)")
        #expect(failure(dir.file("missing"))?.reason == "cannot be read (no such file)")
        #expect(failure(dir.path)?.kind == .directory)
        // A dangling link names no file.
        try FileManager.default.createSymbolicLink(
            atPath: dir.file("dangling"),
            withDestinationPath: dir.file("nowhere")
        )
        #expect(failure(dir.file("dangling"))?.reason == "cannot be read (no such file)")
    }

    /// `read(fd:)` reads what an open descriptor has left (scan's targets on stdin), and
    /// leaves it open.
    @Test func anOpenPipeIsReadToItsEndAndLeftOpen() throws {
        let pipe = Pipe()
        let sent = Array("10.0.0.5:4433\n127.0.0.1\n".utf8)
        pipe.fileHandleForWriting.write(Data(sent))
        try pipe.fileHandleForWriting.close()
        let fd = pipe.fileHandleForReading.fileDescriptor
        #expect(try BoundedFile.read(fd: fd, limit: 1024) == sent)
        #expect(fcntl(fd, F_GETFD) >= 0)
        #expect(try BoundedFile.read(fd: fd, limit: 1024) == [])
        let over = Pipe()
        over.fileHandleForWriting.write(Data(repeating: 0x41, count: 1025))
        try over.fileHandleForWriting.close()
        #expect(throws: BoundedFile.ReadError.self) {
            try BoundedFile.read(fd: over.fileHandleForReading.fileDescriptor, limit: 1024)
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
            #expect(
                error.description == "--keylog \(fifo): more than a key log can be (more than 256 MiB; limit 256 MiB)"
            )
        }
        #expect(Date().timeIntervalSince(started) < 30 * Slowness.factor)
        writer.waitUntilExit()
    }
}
