#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import PcapSource
import SystemCalls
import TLSProbeOutput

/// A progress line on stderr, rewritten in place, only when stderr is a terminal.
public final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    // @unchecked: `shown` is only touched under `lock`.
    private let lock = Lock()
    private var shown = false

    public init(enabled: Bool = Console.stderrIsTerminal) { self.enabled = enabled }

    /// Draws how far a capture has come.
    public func show(_ p: PacketCapture.Progress) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        var text = "\(p.statistics.packets) packets, \(p.statistics.reportedConnections) connections"
        if let position = p.filePosition, let size = p.fileSize, size > 0 {
            let megabytes = Double(position) / 1_048_576
            text =
                SystemCall.format(
                    "%.0f%% (%.0f MB, %.0f MB/s) · ",
                    100 * Double(position) / Double(size),
                    megabytes,
                    megabytes / max(p.elapsed, 0.001)
                ) + text
        }
        _ = Console.write("\r\u{1B}[K" + text, to: STDERR_FILENO)
        shown = true
    }

    /// Draws a line of text (scan: endpoints done, found, rate).
    public func show(text: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        _ = Console.write("\r\u{1B}[K" + TextStyle.terminalSafe(text), to: STDERR_FILENO)
        shown = true
    }

    /// Erases the line, if one is shown (before a report or a note is written).
    public func clear() {
        lock.lock()
        defer { lock.unlock() }
        guard shown else { return }
        _ = Console.write("\r\u{1B}[K", to: STDERR_FILENO)
        shown = false
    }
}
