import Foundation
import Testing
import TestSupport

/// Files named on the command line are read by one bounded reader: a device or a pipe is
/// refused once more than the limit has been read (exit 2, a message naming the limit),
/// never read until memory runs out.
@Suite(.serialized) struct BoundedReadingTests {
    /// `tlsprobe ARGUMENTS` under `ulimit -v` (4 GB of address space), so a tlsprobe that
    /// does not stop fails the test instead of exhausting the machine's memory
    /// (AddressSanitizer's shadow memory needs more: no limit there).
    static func tlsprobe(_ arguments: [String], timeout: TimeInterval) throws -> (Run.Result, TimeInterval) {
        let quoted = ([Run.tlsprobePath] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let limit = ProcessInfo.processInfo.environment["TLSPROBE_ASAN"] == nil ? "ulimit -v 4000000; " : ""
        let started = Date()
        let result = try Run.process("/bin/sh", ["-c", limit + "exec " + quoted], timeout: timeout)
        return (result, Date().timeIntervalSince(started))
    }

    static func emptyCapture(in dir: TemporaryDirectory) -> String {
        dir.write("empty.pcap", CaptureWriter.file(.pcap, linkType: 1, packets: []))
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"]) func aKeyLogDeviceEndsWithAnErrorAtTheLimit(device: String) throws {
        let dir = TemporaryDirectory()
        let (result, elapsed) = try Self.tlsprobe(["capture", "-r", Self.emptyCapture(in: dir), "--keylog", device], timeout: 60)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--keylog \(device): more than a key log can be (more than 256 MiB; limit 256 MiB)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(elapsed < 20 * Slowness.factor)
        // The limit, a chunk and the runtime: never the gigabytes a read to the end takes.
        if let peak = result.peakResidentKiB { #expect(peak < 400 * 1024, "peak \(peak) KiB") }
    }

    @Test func aKeyLogFIFOFedMoreThanTheLimitEndsWithAnError() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.file("keys.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "head -c \(257 << 20) /dev/zero > '\(fifo)'"]
        try writer.run()
        let (result, elapsed) = try Self.tlsprobe(["capture", "-r", Self.emptyCapture(in: dir), "--keylog", fifo], timeout: 60)
        writer.waitUntilExit()
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--keylog \(fifo): more than a key log can be (more than 256 MiB; limit 256 MiB)"), "\(result.stderr)")
        #expect(elapsed < 20 * Slowness.factor)
        if let peak = result.peakResidentKiB { #expect(peak < 400 * 1024, "peak \(peak) KiB") }
    }

    @Test func aCredentialFileFromADeviceEndsWithAnErrorAtTheLimit() throws {
        let (result, elapsed) = try Self.tlsprobe(["inspect", "/dev/zero"], timeout: 60)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("/dev/zero: the file is more than 16 MiB; tlsprobe reads credential files up to 16 MiB"), "\(result.stderr)")
        #expect(elapsed < 10 * Slowness.factor)
    }
}
