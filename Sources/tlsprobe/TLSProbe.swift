import ArgumentParser
import SystemCalls
import TLSProbeKit

/// The `tlsprobe` command: argument parsing and exit status, nothing else.
@main
struct TLSProbe: ParsableCommand {
    /// The release, as in the repository's VERSION file (InstallTests checks they agree).
    static let version = "0.1.0"

    // Every command's examples are lines of their own, each at most 79 columns, a long one
    // split with a trailing backslash and the rest indented: argument-parser keeps a line
    // shorter than the terminal (80 columns when it cannot tell) as it is and re-wraps a
    // longer one at a space, which would cut a command in two (HelpTests).
    static let configuration = CommandConfiguration(
        commandName: "tlsprobe",
        abstract: "Find out why a TLS client and server will not talk, and say it in plain words.",
        discussion: """
            Exit status: 0 examined, no finding at or above --fail-on; 1 examined, findings at or \
            above --fail-on (trust fails, handshake refused); 2 could not examine (unreadable file, \
            wrong password; refused, unreachable, unresolved or silent server); 64 usage error.

            Examples:
              tlsprobe connect 10.0.0.5:4433 --anchor root.pem
              tlsprobe verify server.pem chain.pem --anchor root.pem --host 10.0.0.5
              tlsprobe inspect identity.p12 --password-env P12_PASSWORD
              tlsprobe explain -9813
              tlsprobe identity server --ca ca --host 10.0.0.5 --out printer
            """,
        version: versionLine,
        subcommands: [
            Connect.self, Scan.self, Diff.self, Watch.self, Listen.self, Capture.self, Inspect.self, Verify.self,
            Explain.self,
            Identity.self,
        ]
    )

    /// `--version`'s line: tlsprobe's release and the OpenSSL it runs with. libpcap's version
    /// is `capture --version`'s (Capture.versionLine): asking it loads libpcap and a dozen
    /// libraries behind it, and only capture uses them (LibpcapLoadingTests).
    static var versionLine: String { "tlsprobe \(version) (\(LibraryVersions.openssl))" }

    /// The most arguments tlsprobe takes: the argument parser collects a repeated argument
    /// in time quadratic in their number (`explain` with 100,000 words ran for minutes).
    static let maximumArguments = 4096

    /// The first argument (counting from 1) whose bytes are not valid UTF-8, with every
    /// byte outside printable ASCII written `\xNN`.
    static func firstArgumentNotUTF8() -> (Int, String)? {
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: raw) != nil { continue }
            var escaped = ""
            var byte = UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self)
            while byte.pointee != 0 {
                escaped += Self.escaped(byte.pointee)
                byte += 1
            }
            return (index, escaped)
        }
        return nil
    }

    /// A printable ASCII byte as itself; any other, and `\` and `"`, as `\xNN`.
    private static func escaped(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "\"") {
            return String(UnicodeScalar(byte))
        }
        let hex = String(byte, radix: 16)
        return "\\x" + (hex.count == 1 ? "0" + hex : hex)
    }

    static func main() {
        Console.ignoreBrokenPipe()
        let count = CommandLine.arguments.count - 1
        if count > maximumArguments {
            Console.note(
                "Error: \(count) arguments, at most \(maximumArguments): give explain a long text as one quoted argument"
            )
            exit(withError: ExitCode.validationFailure)
        }
        // CommandLine.arguments repairs bytes that are not UTF-8 into U+FFFD: a path such
        // as $'\xff.pem' would name another file. Such an argument is refused, from the
        // raw bytes, before anything is parsed.
        if let (index, escaped) = firstArgumentNotUTF8() {
            Console.note(
                "Error: argument \(index) is not valid UTF-8: \"\(escaped)\"; tlsprobe takes file names and other arguments as UTF-8 text (rename the file, or give it through a link whose name is UTF-8)"
            )
            exit(withError: ExitCode.validationFailure)
        }
        let commands = configuration.subcommands.map { $0._commandName }
        if let unknown = UnknownCommand(arguments: Array(CommandLine.arguments.dropFirst()), commands: commands) {
            Console.note(unknown.message)
            exit(withError: ExitCode.validationFailure)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
