import SystemCalls

/// One command's work, in one shape: a `Configuration` of plain values (what the command's
/// options say, files already named), and `run(into:until:)`, which writes every report it
/// makes to a sink as it makes it, stops when the token asks, and throws a
/// `UserFacingError` when nothing could be examined. What a run returns besides its reports
/// (`Outcome`: connect's report, scan's summary, inspect's unopened files) is for the
/// command's exit status and for tests; the reports themselves go to the sink.
///
/// connect, scan, capture, verify, inspect, listen, diff and watch adopt it; the command
/// fills the configuration, makes the sink (`StreamSink`, `HTMLFileSink` beside it) and
/// the token, and calls `run(into:until:)`. Sessions that end by themselves (connect,
/// verify, inspect, diff) take the token for the one shape and do not consult it: their
/// commands install no signal handling, so a Ctrl-C ends them as it always has. Sessions
/// that run until stopped (scan, capture, listen, watch) are given `StopToken.signals()`,
/// made before any thread starts, or a test's own token.
public protocol Session {
    /// What to do: plain values, filled from the command's options.
    associatedtype Configuration: Sendable
    /// What a run returns besides the reports it wrote.
    associatedtype Outcome

    var configuration: Configuration { get }

    /// Runs, writing each report to `sink` as it is made, until done or `stop`.
    func run(into sink: some ReportSink, until stop: StopToken) throws -> Outcome
}

extension Session {
    /// Runs with a token nobody stops: for a session that ends by itself.
    @discardableResult
    public func run(into sink: some ReportSink) throws -> Outcome {
        try run(into: sink, until: StopToken())
    }
}

/// A sink that renders nothing and keeps nothing: for a caller that wants only a run's
/// outcome (scan's handshakes take connect's report from its outcome and write it
/// themselves).
public final class DiscardingSink: ReportSink, Sendable {
    public init() {}
    public func render(_ report: Report, index: Int) -> String { "" }
    public func write(_ rendered: String, failing: Bool) {}
}
