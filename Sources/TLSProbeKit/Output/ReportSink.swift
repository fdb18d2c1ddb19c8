import SystemCalls
import TLSDiagnosis
import TLSProbeOutput

/// One report of any kind, as a session hands it to a sink.
public enum Report: Sendable {
    case connection(ConnectionReport)
    case verify(VerifyReport)
    case inspect(InspectReport)
    case explain(ExplainReport)
    /// scan: an endpoint that listened but could not be examined, or a name that did not
    /// resolve (connect's error object).
    case endpointError(EndpointError)
    /// scan: the run's tally, last.
    case scanSummary(ScanSummary)
    /// diff and watch: one change at an endpoint between two scans.
    case change(EndpointChange)

    /// The report's findings, for the exit status (explain, errors and summaries have none).
    public var findings: [Finding] {
        switch self {
        case .connection(let r): return r.findings
        case .verify(let r): return r.findings
        case .inspect(let r): return r.findings
        case .explain, .endpointError, .scanSummary, .change: return []
        }
    }
}

/// An endpoint scan could not examine: where, and why.
public struct EndpointError: Sendable {
    public var host: String
    /// 0 for a name that did not resolve: no port was tried.
    public var port: Int
    public var error: any UserFacingError

    public init(host: String, port: Int, error: any UserFacingError) {
        self.host = host
        self.port = port
        self.error = error
    }

    /// Its row in scan's table.
    public var row: ScanRow {
        ScanRow(host: host, port: port, errorCode: error.code.rawValue, message: error.description)
    }
}

/// Where sessions put their reports. A sink renders a report (on any thread: capture
/// renders on workers) and writes rendered reports in the order it is given them.
public protocol ReportSink: AnyObject, Sendable {
    /// The text of `report`, the `index`-th this sink writes (0 first).
    func render(_ report: Report, index: Int) -> String
    /// Writes one rendered report and counts it against the threshold.
    func write(_ rendered: String, failing: Bool)
}

extension ReportSink {
    /// Renders and writes a report: what a session that reports on one thread calls.
    public func emit(_ report: Report, index: Int = 0, threshold: FailThreshold) {
        write(render(report, index: index), failing: threshold.fails(report.findings))
    }
}

/// Reports as text or JSON on a stream (stdout by default), counting those whose findings
/// reach the `--fail-on` threshold for the exit status.
public final class StreamSink: ReportSink, @unchecked Sendable {
    /// How reports are written.
    public enum Format: Sendable {
        /// Text for a person; `separation` sets the blank lines between reports.
        case text(TextRenderer, separation: TextSeparation)
        /// One indented JSON object (connect, verify, inspect, explain).
        case json
        /// JSON Lines: one compact object per line (capture, listen, scan, diff, watch).
        case jsonLines
        /// `--brief`: one line per connection (other reports as text); `summary()` tallies them.
        case brief(TextRenderer)
        /// scan's table: one row per endpoint, kept and written sorted, with the summary,
        /// when the summary comes; `threshold` decides which rows fail.
        case table(TextRenderer, threshold: FailThreshold)
    }

    /// The blank lines around text reports when a run writes many.
    public enum TextSeparation: Sendable {
        /// One report: none.
        case none
        /// A blank line before every report but the first (capture).
        case blankLineBetween
        /// A blank line after every report (listen: each report stands alone as it arrives).
        case blankLineAfter
    }

    private let format: Format
    private let output: @Sendable (String) -> Void
    // @unchecked: the counts are only touched under `lock`.
    private let lock = Lock()
    private var written = 0
    private var failingCount = 0
    /// `--brief`: connections rendered, by outcome, by server and by finding code.
    private var tally = BriefTally()
    /// The table's rows until the summary comes.
    private var rows: [ScanRow] = []

    /// Text for stdout: colour only on a terminal, never with `--no-color` or NO_COLOR.
    public static func standardText(noColor: Bool, separation: TextSeparation, verbose: Bool = false) -> Format {
        .text(TextRenderer(style: .forStandardOutput(noColorFlag: noColor), verbose: verbose), separation: separation)
    }

    /// `--brief` for stdout, coloured as `standardText`.
    public static func briefText(noColor: Bool) -> Format {
        .brief(TextRenderer(style: .forStandardOutput(noColorFlag: noColor)))
    }

    /// scan's table for stdout, coloured as `standardText`.
    public static func standardTable(noColor: Bool, verbose: Bool, threshold: FailThreshold) -> Format {
        .table(TextRenderer(style: .forStandardOutput(noColorFlag: noColor), verbose: verbose), threshold: threshold)
    }

    /// A sink writing through `output` (stdout, quitting quietly when it is closed).
    public init(format: Format, output: @escaping @Sendable (String) -> Void = Console.report) {
        self.format = format
        self.output = output
    }

    public func render(_ report: Report, index: Int) -> String {
        switch format {
        case .json: return Self.json(report).serialized(pretty: true)
        case .jsonLines: return Self.json(report).serialized(pretty: false)
        case .table(let renderer, let threshold):
            lock.lock()
            defer { lock.unlock() }
            switch report {
            case .connection(let r): rows.append(ScanRow(report: r, threshold: threshold))
            case .endpointError(let e): rows.append(e.row)
            case .scanSummary(let s):
                rows.sort(by: ScanRow.ordered)
                defer { rows = [] }
                return renderer.scanTable(rows) + renderer.scanSummary(s)
            default: return Self(format: .text(renderer, separation: .none)).render(report, index: index)
            }
            return ""
        case .brief(let renderer):
            guard case .connection(let r) = report else {
                return Self(format: .text(renderer, separation: .none)).render(report, index: index)
            }
            lock.lock()
            tally.add(r)
            lock.unlock()
            return renderer.brief(r)
        case .text(let renderer, let separation):
            let text: String
            switch report {
            case .connection(let r): text = renderer.render(r)
            case .verify(let r): text = renderer.render(r)
            case .inspect(let r): text = renderer.render(r)
            case .explain(let r): text = renderer.render(r)
            case .endpointError(let e): text = TextStyle.terminalSafe("Error: \(e.error.description)") + "\n"
            case .scanSummary(let s): text = renderer.scanSummary(s)
            case .change(let c): text = renderer.change(c)
            }
            switch separation {
            case .none: return text
            case .blankLineBetween: return index == 0 ? text : "\n" + text
            case .blankLineAfter: return text + "\n"
            }
        }
    }

    public func write(_ rendered: String, failing: Bool) {
        lock.lock()
        defer { lock.unlock() }
        written += 1
        if failing { failingCount += 1 }
        // A table row waits for the summary: nothing to write yet.
        if !rendered.isEmpty { output(rendered) }
    }

    /// Reports written so far.
    public var reported: Int {
        lock.lock()
        defer { lock.unlock() }
        return written
    }

    /// Reports written so far whose findings reached the threshold.
    public var failing: Int {
        lock.lock()
        defer { lock.unlock() }
        return failingCount
    }

    /// `--brief`: the table after the lines (connections by outcome, by server, by finding
    /// code, the ten most frequent of each), or nil when no connection was rendered.
    public func summary() -> String? {
        guard case .brief = format else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return tally.table()
    }

    private static func json(_ report: Report) -> JSONValue {
        switch report {
        case .connection(let r): return ReportJSON.json(r)
        case .verify(let r): return ReportJSON.json(r)
        case .inspect(let r): return ReportJSON.json(r)
        case .explain(let r): return ReportJSON.json(r)
        case .endpointError(let e):
            return ReportJSON.error(
                command: "connect",
                code: e.error.code.rawValue,
                message: e.error.description,
                target: e.error.target
            )
        case .scanSummary(let s): return ReportJSON.json(s)
        case .change(let c): return ReportJSON.json(c)
        }
    }
}

/// What `--brief` counts over the connections it prints, for the table at the end.
struct BriefTally {
    var connections = 0
    var outcomes: [String: Int] = [:]
    var servers: [String: Int] = [:]
    var codes: [String: Int] = [:]

    mutating func add(_ r: ConnectionReport) {
        connections += 1
        outcomes[r.outcome.rawValue, default: 0] += 1
        switch r.vantage {
        case .client(let client):
            servers[HostPort.display(host: client.target.host, port: client.target.port), default: 0] += 1
        case .server(let server): servers[server.flow.server, default: 0] += 1
        case .observer(let observer): servers[observer.flow.server, default: 0] += 1
        }
        // A code counts once per connection: how many connections have it.
        for code in Set(r.findings.map(\.code.rawValue)) { codes[code, default: 0] += 1 }
    }

    func table() -> String? {
        guard connections > 0 else { return nil }
        func top(_ counts: [String: Int]) -> String {
            let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let shown = sorted.prefix(10).map { "\(TextStyle.oneLine($0.key)) \($0.value)" }.joined(separator: " · ")
            return shown.isEmpty ? "(none)" : shown + (sorted.count > 10 ? " · \(sorted.count - 10) more" : "")
        }
        var out = "\nSummary of \(connections) connection\(connections == 1 ? "" : "s")\n"
        out += "  outcome   " + top(outcomes) + "\n"
        out += "  server    " + top(servers) + "\n"
        out += "  findings  " + top(codes) + "\n"
        return TextStyle.terminalSafe(out)
    }
}
