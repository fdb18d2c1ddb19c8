import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a password on the terminal without echo, only when stdin is one.
public enum TerminalPassword {
    /// The password typed after `prompt`; nil when stdin is not a terminal.
    public static func ask(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        guard let raw = getpass(prompt) else { return nil }
        let password = String(cString: raw)
        // getpass returns a static buffer: clear it once copied.
        memset(raw, 0, strlen(raw))
        return password
    }
}
