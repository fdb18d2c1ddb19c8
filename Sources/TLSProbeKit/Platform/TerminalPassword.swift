import SystemCalls
import TLSProbeOutput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a password on the terminal without echo, only when stdin is one.
public enum TerminalPassword {
    /// Whether `ask` can ask: stdin is a terminal.
    public static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

    /// The password typed after `prompt`; nil when stdin is not a terminal.
    ///
    /// Reads from the controlling terminal (else stdin) with echo off, like getpass(3), but
    /// puts the terminal's settings back on every way out: Enter, end of input, an error,
    /// and SIGINT, SIGTERM, SIGHUP or SIGQUIT during the prompt (the handler restores the
    /// settings, then the signal ends the process as it would have).
    public static func ask(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        let input = tty >= 0 ? tty : STDIN_FILENO
        let output = tty >= 0 ? tty : STDERR_FILENO
        defer { if tty >= 0 { close(tty) } }

        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)

        PromptState.fd = input
        PromptState.saved.pointee = saved
        var previous: [Int32: sigaction] = [:]
        for signal in PromptState.signals {
            // A signal the process ignores (nohup) stays ignored.
            var current = sigaction()
            sigaction(signal, nil, &current)
            #if canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
            #else
            let handler = current.__sigaction_u.__sa_handler
            #endif
            if let handler, unsafeBitCast(handler, to: Int.self) == 1 { continue }  // SIG_IGN
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = promptSignalHandler
            #else
            action.__sigaction_u.__sa_handler = promptSignalHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
        defer {
            for (signal, old) in previous {
                var old = old
                sigaction(signal, &old, nil)
            }
            PromptState.fd = -1
        }

        // The prompt names a file the user gave: one line, nothing that drives the terminal.
        _ = Console.write(TextStyle.terminalSafe(TextStyle.oneLine(prompt)), to: output)
        guard tcsetattr(input, TCSAFLUSH, &quiet) == 0 else { return nil }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(input, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 || byte == 0x0A { break }
            bytes.append(byte)
        }
        _ = tcsetattr(input, TCSAFLUSH, &saved)
        _ = Console.write("\n", to: output)
        if bytes.last == 0x0D { bytes.removeLast() }
        let password = String(decoding: bytes, as: UTF8.self)
        // Clear the copy read byte by byte once the string is made.
        for i in bytes.indices { bytes[i] = 0 }
        return password
    }
}

/// What the signal handler needs while the prompt has echo off (a handler can capture nothing).
enum PromptState {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    nonisolated(unsafe) static var fd: Int32 = -1
    /// On the heap, not a Swift global: a global of an imported C struct with inner padding
    /// was laid out 3 bytes short of C's termios (57 of 60), and AddressSanitizer caught the
    /// copy into it writing past its end.
    nonisolated(unsafe) static let saved: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
}

/// Puts the terminal's settings back, then lets the signal do what it does by default.
private func promptSignalHandler(_ number: Int32) {
    if PromptState.fd >= 0 { _ = tcsetattr(PromptState.fd, TCSANOW, PromptState.saved) }
    signal(number, SIG_DFL)
    raise(number)
}
