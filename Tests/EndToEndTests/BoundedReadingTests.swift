import Foundation
import Testing
import TestSupport

/// Files named on the command line are read by one bounded reader: a device or a pipe is
/// refused once more than the limit has been read (exit 2, a message naming the limit),
/// never read until memory runs out. And a PKCS#12 file's key derivations have a budget
/// for the whole file.
@Suite(.serialized) struct BoundedReadingTests {
    /// `tlsprobe ARGUMENTS` under `ulimit -v` (4 GB of address space), so a tlsprobe that
    /// does not stop fails the test instead of exhausting the machine's memory
    /// (AddressSanitizer's shadow memory needs more: no limit there). A tlsprobe that reads
    /// on and on in bounded memory is killed at `timeout` and fails on its exit status: that
    /// limit is a safety net, not a measure of speed, and these tests do not time the read.
    static func tlsprobe(_ arguments: [String], timeout: TimeInterval) throws -> Run.Result {
        let quoted = ([Run.tlsprobePath] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let limit = ProcessInfo.processInfo.environment["TLSPROBE_ASAN"] == nil ? "ulimit -v 4000000; " : ""
        return try Run.process("/bin/sh", ["-c", limit + "exec " + quoted], timeout: timeout)
    }

    static func emptyCapture(in dir: TemporaryDirectory) -> String {
        dir.write("empty.pcap", CaptureWriter.file(.pcap, linkType: 1, packets: []))
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"]) func aKeyLogDeviceEndsWithAnErrorAtTheLimit(device: String) throws {
        let dir = TemporaryDirectory()
        let result = try Self.tlsprobe(["capture", "-r", Self.emptyCapture(in: dir), "--keylog", device], timeout: 60)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("--keylog \(device): more than a key log can be (more than 256 MiB; limit 256 MiB)"),
            "\(result.stderr)"
        )
        #expect(result.stdout.isEmpty)
        // The limit, a chunk and the runtime: never the gigabytes a read to the end takes.
        // Peak memory says nothing under AddressSanitizer (shadow memory, quarantine).
        if Self.measuresMemory, let peak = result.peakResidentKiB { #expect(peak < 400 * 1024, "peak \(peak) KiB") }
    }

    /// Whether peak memory is checked: not under AddressSanitizer (Tests/run-asan.sh).
    static var measuresMemory: Bool { ProcessInfo.processInfo.environment["TLSPROBE_ASAN"] == nil }

    @Test func aKeyLogFIFOFedMoreThanTheLimitEndsWithAnError() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.file("keys.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "head -c \(257 << 20) /dev/zero > '\(fifo)'"]
        try writer.run()
        let result = try Self.tlsprobe(["capture", "-r", Self.emptyCapture(in: dir), "--keylog", fifo], timeout: 60)
        writer.waitUntilExit()
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("--keylog \(fifo): more than a key log can be (more than 256 MiB; limit 256 MiB)"),
            "\(result.stderr)"
        )
        // Peak memory says nothing under AddressSanitizer (shadow memory, quarantine).
        if Self.measuresMemory, let peak = result.peakResidentKiB { #expect(peak < 400 * 1024, "peak \(peak) KiB") }
    }

    @Test func aCredentialFileFromADeviceEndsWithAnErrorAtTheLimit() throws {
        let result = try Self.tlsprobe(["inspect", "/dev/zero"], timeout: 60)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "/dev/zero: the file is more than 16 MiB; tlsprobe reads credential files up to 16 MiB"
            ),
            "\(result.stderr)"
        )
    }

    /// Exports a PKCS#12 file (empty password) with `arguments` in `dir`.
    static func export(_ name: String, _ arguments: [String], in dir: TemporaryDirectory) throws -> String {
        let chain = TestPKI.chain()
        dir.write("leaf.pem", chain.leaf.pem)
        dir.write("leaf.key", chain.leaf.keyPEM)
        dir.write("cas.pem", chain.intermediate.pem + chain.root.pem)
        let out = dir.file(name)
        let result = try Run.process(
            "openssl",
            [
                "pkcs12", "-export", "-in", dir.file("leaf.pem"), "-inkey", dir.file("leaf.key"), "-certfile",
                dir.file("cas.pem"),
                "-passout", "pass:", "-out", out,
            ] + arguments
        )
        try #require(result.status == 0, "\(result.stderr)")
        return out
    }

    @Test func aPKCS12FilePastTheDerivationBudgetIsRefusedQuickly() throws {
        let dir = TemporaryDirectory()
        // `openssl pkcs12 -export -iter 65536` (01 00 00), then each of the three iteration
        // counts (MAC, certificate safe, key) raised to 0x7F0000 = 8,323,072: each under the
        // 10^7 per derivation, 2.5 × 10^7 together. (Exporting at that count costs as much
        // as opening: tens of seconds on a loaded machine.)
        let exported = try Self.export("slow.p12", ["-iter", "65536"], in: dir)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: exported)))
        let count: [UInt8] = [0x02, 0x03, 0x01, 0x00, 0x00]
        var patched = 0
        var index = 0
        while index + count.count <= bytes.count {
            if Array(bytes[index..<index + count.count]) == count {
                bytes[index + 2] = 0x7F
                patched += 1
            }
            index += 1
        }
        try #require(patched == 3)
        let path = dir.write("hostile.p12", Data(bytes))
        let started = Date()
        let result = try Run.tlsprobe(["inspect", path], timeout: 120)
        #expect(Date().timeIntervalSince(started) < 3 * Slowness.factor)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("the PKCS#12 file's key derivations add up to more than 20000000 iterations"),
            "\(result.stderr)"
        )
        #expect(result.stderr.contains("24969216 iterations in one pass"), "\(result.stderr)")
    }

    @Test func anOrdinaryPKCS12FileStillOpens() throws {
        let dir = TemporaryDirectory()
        let path = try Self.export("ordinary.p12", [], in: dir)
        let result = try Run.tlsprobe(["inspect", path, "--json"], timeout: 60)
        #expect(result.status != 2, "\(result.stderr)")
        #expect(!result.stderr.contains("key derivations"), "\(result.stderr)")
        #expect(
            result.stdout.contains("\"decrypted\": true") || result.stdout.contains("\"decrypted\":true"),
            "\(result.stdout)"
        )
    }
}
