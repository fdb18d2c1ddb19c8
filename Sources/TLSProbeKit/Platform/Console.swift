import SystemCalls
import TLSProbeOutput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where reports and messages go: the report to stdout, everything else to stderr.
public enum Console {
    /// Writes the report. A closed stdout (`tlsprobe … | head -1`) is quiet: nothing more
    /// is written, the run goes on (or stops early, see `whenStdoutCloses`) and ends with
    /// the status it would have had. Any other write error (a full disk) is one `Error:`
    /// line on stderr and exit status 2.
    public static func report(_ text: String) {
        switch reportOrFailure(text) {
        case nil: break
        case let reason?:
            note("Error: cannot write the report to standard output: \(reason)")
            SystemCall.exit(2)
        }
    }

    /// Writes the report as `report` does, but returns a write error other than a closed
    /// stdout (its reason) instead of exiting: for a caller whose status must say what it
    /// did before (identity's files are made whether or not their list is written).
    public static func reportOrFailure(_ text: String) -> String? {
        var text = text
        if !text.hasSuffix("\n") { text += "\n" }
        if stdout.isClosed { return nil }
        if write(text, to: STDOUT_FILENO) { return nil }
        let code = errno
        if code == EPIPE {
            for action in stdout.close() { action() }
            return nil
        }
        return String(cString: strerror(code))
    }

    /// Whether a reader closed stdout (a write failed with EPIPE): nothing more is written.
    public static var stdoutIsClosed: Bool { stdout.isClosed }

    /// Calls `action` once, when stdout is found closed (at once if it already was): a
    /// run reading an endless source (a pipe, an interface) stops there instead of reading
    /// on for nobody.
    public static func whenStdoutCloses(_ action: @escaping @Sendable () -> Void) {
        if stdout.add(action) { action() }
    }

    /// Whether stdout was closed, and who to tell.
    private final class StdoutState: @unchecked Sendable {
        // @unchecked: the fields are touched only under `lock`.
        private let lock = Lock()
        private var closed = false
        private var actions: [@Sendable () -> Void] = []

        var isClosed: Bool { lock.withLock { closed } }

        /// Marks stdout closed; the actions to call (only the first time).
        func close() -> [@Sendable () -> Void] {
            lock.withLock {
                if closed { return [] }
                closed = true
                defer { actions = [] }
                return actions
            }
        }

        /// Keeps `action`; true when stdout is already closed (the caller calls it).
        func add(_ action: @escaping @Sendable () -> Void) -> Bool {
            lock.withLock {
                if closed { return true }
                actions.append(action)
                return false
            }
        }
    }

    private static let stdout = StdoutState()

    /// Writes the error object of a run that could not examine anything: a closed stdout
    /// loses it, and the run still ends with its own exit status (2), not a quiet 0.
    public static func failureReport(_ text: String) {
        _ = write(text.hasSuffix("\n") ? text : text + "\n", to: STDOUT_FILENO)
    }

    /// A note or an error on stderr. A closed or broken stderr loses the note, nothing
    /// more (FileHandle.write would trap).
    public static func note(_ text: String) {
        _ = write(TextStyle.terminalSafe(text.hasSuffix("\n") ? text : text + "\n"), to: STDERR_FILENO)
    }

    /// A closed pipe on stdout (`tlsprobe … | head`) becomes a write error (EPIPE), after
    /// which nothing more is written, instead of SIGPIPE ending the process.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether stderr is a terminal (progress lines are drawn only there).
    public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes all of `text` to `fd`; false on an error other than EINTR (errno says which).
    public static func write(_ text: String, to fd: Int32) -> Bool {
        text.utf8CString.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            let count = buffer.count - 1
            while offset < count {
                let n = SystemCall.write(fd, base + offset, count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}
