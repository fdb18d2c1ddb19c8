import ArgumentParser
import TLSDiagnosis
import TLSProbeKit

/// Options every command shares: the output form.
struct OutputOptions: ParsableArguments {
    @Flag(
        name: .long,
        help:
            "Print the report as JSON (capture and listen: one object per connection per line; schema in the man page), or an error object when nothing could be examined."
    )
    var json = false

    @Flag(name: .long, help: "No colour in text output (also NO_COLOR=1).")
    var noColor = false

    @Flag(
        name: .long,
        help:
            "In text output, every item of long evidence lists (otherwise folded to a count and the first items), and connect's own ClientHello."
    )
    var verbose = false

    /// The sink for a command that writes one report (`brief`: one line).
    func single(brief: Bool = false) -> StreamSink {
        if brief { return StreamSink(format: StreamSink.briefText(noColor: noColor)) }
        return StreamSink(
            format: json ? .json : StreamSink.standardText(noColor: noColor, separation: .none, verbose: verbose)
        )
    }

    /// The sink for a command that writes one report per connection (`separation` between
    /// text reports; `brief`: one line each), through `output` (stdout by default).
    func stream(
        separation: StreamSink.TextSeparation,
        brief: Bool = false,
        output: @escaping @Sendable (String) -> Void = Console.report
    ) -> StreamSink {
        if brief { return StreamSink(format: StreamSink.briefText(noColor: noColor), output: output) }
        return StreamSink(
            format: json
                ? .jsonLines : StreamSink.standardText(noColor: noColor, separation: separation, verbose: verbose),
            output: output
        )
    }
}

/// `--brief`, for the commands that report connections (connect, listen, capture).
struct BriefOption: ParsableArguments {
    @Flag(
        name: .long,
        help:
            "One line per connection: where, the version, the verdict and how the handshake ended, and the most severe finding (capture: a summary table at the end)."
    )
    var brief = false

    /// `--brief` is a form of text: with --json or --verbose it is a usage error.
    func check(_ output: OutputOptions) throws {
        guard brief else { return }
        if output.json {
            throw ValidationError("give one of --brief and --json: --brief is one line of text per connection")
        }
        if output.verbose { throw ValidationError("give one of --brief and --verbose") }
    }
}

/// `--fail-on`, for the commands that judge.
struct FailOnOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Exit 1 when a finding is at least this severe.", valueName: "error|warning|never")
    )
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

    /// 1 when any report written to `sink` reached the threshold, else 0.
    static func of(_ sink: StreamSink) -> ExitCode { sink.failing > 0 ? findings : ok }
}

extension ParsableCommand {
    /// Runs `body`, turning the errors a user can act on into "Error: …" on stderr and exit
    /// status 2: the one place they are caught. With `--json`, the error is also one JSON
    /// object on stdout for `command` (on one line when the command prints JSON Lines).
    func examining(
        _ command: String,
        _ output: OutputOptions,
        lines: Bool = false,
        _ body: () throws -> ExitCode
    ) throws {
        let status: ExitCode
        do {
            status = try body()
        } catch let error as any UserFacingError {
            Console.note("Error: \(error.description)")
            if output.json { Console.failureReport(error.json(command: command, lines: lines)) }
            throw Status.couldNotExamine
        }
        if status != .success { throw status }
    }
}

/// Runs `body`, a check of options made in TLSProbeKit, its message a usage error (exit 64).
func usage(_ body: () throws -> Void) throws {
    do { try body() } catch let error as ScanInput.ParseError { throw ValidationError(error.description) }
}

/// `--html FILE`, for connect, verify, inspect and scan: the report also as one
/// self-contained page.
struct HTMLOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write the report as one self-contained HTML page to FILE (no script, loads nothing; replaced atomically, never through a link). stdout and the exit status are unchanged.",
            valueName: "file"
        ),
        completion: .file()
    )
    var html: String?

    func check() throws {
        if let html, html.isEmpty { throw ValidationError("--html needs a file name") }
    }

    /// `sink` with the page kept beside it, or nil without `--html`; a FILE that could
    /// never be written is refused here, before anything is examined. `pageFirst`, for a
    /// command of one report (connect, verify, inspect): the page is written before the
    /// report is printed, and a page that cannot be written is the error (exit 2), printed
    /// instead of the report, as a chain that cannot be saved is.
    func sink<Inner: ReportSink>(
        beside sink: Inner,
        threshold: FailThreshold,
        pageFirst: Bool = false
    ) throws -> HTMLFileSink<Inner>? {
        guard let html else { return nil }
        return try HTMLFileSink(path: html, beside: sink, threshold: threshold, pageFirst: pageFirst)
    }
}

/// What a session writes to: the page's sink (which hands every report on to `sink`) with
/// `--html`, else `sink`.
func reportSink<Inner: ReportSink>(_ sink: Inner, page: HTMLFileSink<Inner>?) -> any ReportSink {
    if let page { return page }
    return sink
}
