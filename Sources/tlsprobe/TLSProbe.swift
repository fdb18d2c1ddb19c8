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
        subcommands: [Connect.self, Scan.self, Listen.self, Capture.self, Inspect.self, Verify.self, Explain.self, Identity.self]
    )

    /// `--version`'s line: tlsprobe's release and the OpenSSL it runs with. libpcap's version
    /// is `capture --version`'s (Capture.versionLine): asking it loads libpcap and a dozen
    /// libraries behind it, and only capture uses them (LibpcapLoadingTests).
    static var versionLine: String { "tlsprobe \(version) (\(LibraryVersions.openssl))" }

    /// The most arguments tlsprobe takes: the argument parser collects a repeated argument
    /// in time quadratic in their number (`explain` with 100,000 words ran for minutes).
    static let maximumArguments = 4096

    /// The command the argument parser would make of `arguments`, read without it, when they
    /// are one of the plain forms: `explain WORDS` (Explain.plain) or `connect TARGET
    /// --option value …` (Connect.plain); nil for every other line, which the parser reads.
    /// A lookup should not wait for the parser, whose first run was a third of explain's
    /// time and a third of connect's instructions.
    static func plainCommand(_ arguments: ArraySlice<String>) -> (any ParsableCommand)? {
        if let explain = Explain.plain(arguments) { return explain }
        if let connect = Connect.plain(arguments) { return connect }
        return nil
    }

    static func main() {
        Console.ignoreBrokenPipe()
        let count = CommandLine.arguments.count - 1
        if count > maximumArguments {
            Console.note("Error: \(count) arguments, at most \(maximumArguments): give explain a long text as one quoted argument")
            exit(withError: ExitCode.validationFailure)
        }
        // `tlsprobe --version` alone is answered as the argument parser answers it, without
        // building the parser's view of every option (most of the start-up's time).
        if CommandLine.arguments.dropFirst() == ["--version"] {
            print(configuration.version)
            return
        }
        // `explain WORDS` and `connect TARGET --option value …`, the forms those commands
        // nearly always take, likewise (plainCommand).
        if var command = plainCommand(CommandLine.arguments.dropFirst()) {
            do {
                try command.run()
            } catch let status as ExitCode {
                SystemCall.exit(status.rawValue)
            } catch {
                exit(withError: error)
            }
            return
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
