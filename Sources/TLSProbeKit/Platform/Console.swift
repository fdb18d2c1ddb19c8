import SystemCalls
import TLSProbeOutput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where reports and messages go: the report to stdout, everything else to stderr.
public enum Console {
    /// Writes the report; a closed stdout ends the run quietly.
    public static func report(_ text: String) {
        var text = text
        if !text.hasSuffix("\n") { text += "\n" }
        if !write(text, to: STDOUT_FILENO) { SystemCall.exit(errno == EPIPE ? 0 : 2) }
    }

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

    /// A closed pipe on stdout (`tlsprobe … | head`) becomes a write error, a quiet exit,
    /// instead of SIGPIPE ending the process.
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
