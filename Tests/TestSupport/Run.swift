import Foundation

/// Runs real programs from tests: the built `tlsprobe`, `openssl`, `curl`.
public enum Run {
    /// What a finished process left behind.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// The process's peak resident set (VmHWM) in KiB, sampled every 10 ms while it ran.
        public var peakResidentKiB: Int? = nil
    }

    /// Runs `executable` with `arguments`, feeding `stdin`, and waits at most `timeout` seconds
    /// (then kills it and reports status -9).
    @discardableResult
    public static func process(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        stdin: Data? = nil,
        currentDirectory: String? = nil,
        timeout: TimeInterval = 60
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : try which(executable))
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try? input.fileHandleForWriting.close()
        // Drain both pipes while waiting so a chatty child never blocks on a full pipe.
        let collected = Mutex<(Data, Data)>((Data(), Data()))
        let group = DispatchGroup()
        for (index, pipe) in [out, err].enumerated() {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.withLock { if index == 0 { $0.0 = data } else { $0.1 = data } }
                group.leave()
            }
        }
        let launched = Date()
        let deadline = launched.addingTimeInterval(timeout)
        var peak: Int?
        while process.isRunning && Date() < deadline {
            if let sample = peakResidentKiB(of: process.processIdentifier) { peak = max(peak ?? 0, sample) }
            // VmHWM is gone once the process exits, so the last sample is the peak seen: every
            // millisecond at first, or a release binary done in a few milliseconds would be
            // seen only as it started (a 20 KiB "peak" was measured so).
            usleep(Date().timeIntervalSince(launched) < 0.2 ? 1_000 : 10_000)
        }
        var status = process.isRunning ? Int32(-9) : process.terminationStatus
        if process.isRunning {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            status = -9
        }
        process.waitUntilExit()
        group.wait()
        let (o, e) = collected.withLock { $0 }
        return Result(
            status: status,
            stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self),
            peakResidentKiB: peak
        )
    }

    /// Runs the `tlsprobe` built beside the test binary.
    @discardableResult
    public static func tlsprobe(
        _ arguments: [String],
        environment: [String: String] = [:],
        stdin: Data? = nil,
        currentDirectory: String? = nil,
        timeout: TimeInterval = 60
    ) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (k, v) in environment { env[k] = v }
        return try process(
            tlsprobePath,
            arguments,
            environment: env,
            stdin: stdin,
            currentDirectory: currentDirectory,
            timeout: timeout
        )
    }

    /// The path of the built `tlsprobe`: beside the test bundle in `.build/<config>/`, or
    /// `TLSPROBE_TEST_BINARY` (Tests/run.sh runs the end-to-end tests against the release
    /// binary as `make` builds it).
    public static var tlsprobePath: String {
        _ = childSanitizerOptions
        if let binary = ProcessInfo.processInfo.environment["TLSPROBE_TEST_BINARY"], !binary.isEmpty { return binary }
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // On macOS the test binary sits inside a .xctest bundle.
        while dir.pathExtension == "xctest" || dir.lastPathComponent == "MacOS" || dir.lastPathComponent == "Contents" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("tlsprobe").path
    }

    /// Tests/run-asan.sh: the test process itself runs without leak checking (its own
    /// harness — Foundation.Process, swift-testing, XCTest — holds memory at exit), and
    /// every tlsprobe it starts checks for leaks with `TLSPROBE_CHILD_ASAN_OPTIONS`, set
    /// here once, before the first tlsprobe is started (children inherit it).
    private static let childSanitizerOptions: Void = {
        if let options = ProcessInfo.processInfo.environment["TLSPROBE_CHILD_ASAN_OPTIONS"] {
            setenv("ASAN_OPTIONS", options, 1)
        }
    }()

    /// The full path of `name` on PATH.
    public static func which(_ name: String) throws -> String {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw NotFound(name: name)
    }

    public struct NotFound: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "\(name) is not on PATH" }
    }
}

/// A temporary directory removed when the value goes away.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "tlsprobe-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` inside the directory and returns the full path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String { write(name, Data(text.utf8)) }

    /// Writes `data` to `name` inside the directory and returns the full path.
    @discardableResult
    public func write(_ name: String, _ data: Data) -> String {
        let full = path + "/" + name
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        _ = FileManager.default.createFile(atPath: full, contents: data)
        return full
    }

    /// The full path of `name` inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }
}

/// Time bounds on compute-bound work (path search, judging a long chain) are multiplied
/// by this: 1, or infinity under AddressSanitizer (`TLSPROBE_ASAN`, Tests/run-asan.sh),
/// which slows string-heavy Swift code up to a hundredfold and is there for memory errors,
/// not speed. Bounds that are tlsprobe's own timeouts are not scaled.
public enum Slowness {
    public static let factor: Double =
        ProcessInfo.processInfo.environment["TLSPROBE_ASAN"] != nil
        ? .infinity
        // Tests/run.sh sets it while the fuzz smoke shares the machine.
        : ProcessInfo.processInfo.environment["TLSPROBE_TEST_SLOWNESS"].flatMap(Double.init) ?? 1
}
