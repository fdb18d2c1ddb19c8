import ArgumentParser
import Foundation
import TLSDiagnosis
import TLSProbeOutput

#if canImport(Glibc)
import Glibc
#endif

/// Where reports and messages go: the report to stdout, everything else to stderr.
enum Console {
    /// Writes the report; a closed stdout ends the run quietly.
    static func report(_ text: String) {
        var text = text
        if !text.hasSuffix("\n") { text += "\n" }
        if !write(text, to: STDOUT_FILENO) { Foundation.exit(errno == EPIPE ? 0 : 2) }
    }

    /// A note or an error on stderr. A closed or broken stderr loses the note, nothing
    /// more (FileHandle.write would trap).
    static func note(_ text: String) {
        _ = write(TextStyle.terminalSafe(text.hasSuffix("\n") ? text : text + "\n"), to: STDERR_FILENO)
    }

    /// Writes all of `text` to `fd`; false on an error other than EINTR (errno says which).
    static func write(_ text: String, to fd: Int32) -> Bool {
        text.utf8CString.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            let count = buffer.count - 1
            while offset < count {
                let n = Glibc.write(fd, base + offset, count - offset)
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

/// Options every command shares: the output form.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the report as JSON (capture and listen: one object per connection per line; schema in the man page).")
    var json = false

    @Flag(name: .long, help: "No colour in text output (also NO_COLOR=1).")
    var noColor = false

    var renderer: TextRenderer { TextRenderer(style: .forStandardOutput(noColorFlag: noColor)) }
}

/// `--fail-on`, for the commands that judge.
struct FailOnOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Exit 1 when a finding is at least this severe.", valueName: "error|warning|never"))
    var failOn: FailThresholdArgument = .error

    var threshold: FailThreshold { failOn.threshold }
}

/// `--fail-on` as an argument.
enum FailThresholdArgument: String, ExpressibleByArgument, CaseIterable {
    case error, warning, never
    var threshold: FailThreshold { FailThreshold(rawValue: rawValue) ?? .error }
}

/// The exit statuses of docs/DESIGN.md.
enum Status {
    /// Examined; nothing at or above the threshold.
    static let ok = ExitCode(0)
    /// Examined; findings at or above the threshold.
    static let findings = ExitCode(1)
    /// Could not examine.
    static let couldNotExamine = ExitCode(2)
}

/// An input problem that stops the run with status 2 and one line on stderr.
struct CouldNotExamine: Error, CustomStringConvertible {
    let description: String
}

extension ParsableCommand {
    /// Runs `body`, turning input problems into "Error: …" on stderr and exit status 2.
    func examining(_ body: () throws -> ExitCode) throws {
        let status: ExitCode
        do {
            status = try body()
        } catch let error as CouldNotExamine {
            Console.note("Error: \(error.description)")
            throw Status.couldNotExamine
        }
        if status != .success { throw status }
    }
}
