import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `tlsprobe listen` running in the background on a loopback port, with its stdout (the
/// reports) and stderr (notes, summary) collected apart. Killed when the value goes away.
public final class ListenProcess: @unchecked Sendable {
    /// The port, held for the listener as long as this value lives (`ReservedPort`).
    public let reservation: ReservedPort
    public var port: Int { reservation.port }
    /// The host it listens on, as given (`127.0.0.1`, `::1`), or nil for every address.
    public let host: String?
    public let process: Process
    private let out = Mutex(Data())
    private let err = Mutex(Data())
    private let readers = DispatchGroup()
    /// Held open, so a listener whose stdout is not read blocks on a full pipe rather than
    /// seeing it closed.
    private let stdoutPipe = Pipe()

    /// Starts `tlsprobe listen HOST:PORT ARGUMENTS` (PORT alone when `host` is nil) and waits
    /// until it says it is listening. Throws with what it printed when it exits first.
    /// The port is reserved on `host` (on 0.0.0.0 for every address) before the start.
    /// With `readsStdout` false nobody reads its stdout: once the pipe is full, its writes block.
    public init(
        _ arguments: [String],
        host: String? = "127.0.0.1",
        environment: [String: String] = [:],
        readsStdout: Bool = true
    ) throws {
        reservation = try ReservedPort(host: host ?? "0.0.0.0")
        let chosen = reservation.port
        self.host = host
        let address = host.map { $0.contains(":") ? "[\($0)]:\(chosen)" : "\($0):\(chosen)" } ?? String(chosen)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Run.tlsprobePath)
        process.arguments = ["listen", address] + arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let stdout = stdoutPipe
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = Pipe()
        try process.run()
        for (pipe, sink) in readsStdout ? [(stdout, out), (stderr, err)] : [(stderr, err)] {
            readers.enter()
            let group = readers
            Thread.detachNewThread {
                let handle = pipe.fileHandleForReading
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    sink.withLock { $0.append(chunk) }
                }
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(15)
        while !stderrText.contains("one report per connection follows") {
            guard process.isRunning, Date() < deadline else {
                let status = finish(timeout: 5)
                throw PeerError(description: "tlsprobe listen did not start (status \(status)): \(stderrText)")
            }
            usleep(10_000)
        }
    }

    /// `127.0.0.1:PORT`, `[::1]:PORT`; `127.0.0.1:PORT` when listening on every address.
    public var address: String {
        guard let host else { return "127.0.0.1:\(port)" }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// `https://ADDRESS/`.
    public var url: String { "https://\(address)/" }

    public var stdoutText: String { String(decoding: out.withLock { $0 }, as: UTF8.self) }
    public var stderrText: String { String(decoding: err.withLock { $0 }, as: UTF8.self) }

    /// The JSON lines printed so far (with --json).
    public var reports: [[String: Any]] {
        stdoutText.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Waits until at least `count` JSON lines were printed; returns them (fewer on timeout).
    @discardableResult
    public func waitForReports(_ count: Int, timeout: TimeInterval = 20) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while reports.count < count && Date() < deadline { usleep(10_000) }
        return reports
    }

    /// Waits for the process to exit by itself, at most `timeout` seconds (then kills it:
    /// status -9); returns its status once its output is all read.
    @discardableResult
    public func finish(timeout: TimeInterval = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        var killed = false
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            killed = true
        }
        process.waitUntilExit()
        readers.wait()
        return killed ? -9 : process.terminationStatus
    }

    /// Sends `signal` (SIGTERM by default) and waits for the exit; returns the status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 10) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return finish(timeout: timeout)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
