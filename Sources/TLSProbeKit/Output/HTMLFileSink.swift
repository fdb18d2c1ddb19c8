import SafeFiles
import SystemCalls
import TLSDiagnosis
import TLSProbeOutput

/// `--html FILE`: a sink beside the one that writes stdout. It hands every report on
/// unchanged (the text or JSON on stdout, and the counts behind the exit status, are what
/// they are without it) and keeps what the page needs: the one report of connect, verify
/// and inspect; scan's rows (never its reports: a /16 must not hold 65,536 of them) and
/// summary. `finish()` writes the page through `ReportFile`: a temporary file renamed over
/// FILE, never through a link.
public final class HTMLFileSink<Inner: ReportSink>: ReportSink, @unchecked Sendable {
    public let path: String
    public let inner: Inner
    private let threshold: FailThreshold
    private let started = Date()
    // @unchecked: what is kept is only touched under `lock` (scan renders on its workers).
    private let lock = Lock()
    private var single: Report?
    private var rows: [ScanRow] = []
    /// scan: by endpoint, the codes of its findings after the top one (a few short strings
    /// each), so that the page names every code the JSON has.
    private var otherCodes: [String: [String]] = [:]
    private var summary: ScanSummary?

    /// Refuses, before anything is examined, a FILE that could never be written (a link,
    /// a FIFO, another user's file, a missing directory). `threshold` decides which of
    /// scan's rows fail, as on stdout.
    public init(path: String, beside inner: Inner, threshold: FailThreshold) throws(ChainFile.WriteError) {
        try ReportFile.check(path)
        self.path = path
        self.inner = inner
        self.threshold = threshold
    }

    public func render(_ report: Report, index: Int) -> String {
        keep(report)
        return inner.render(report, index: index)
    }

    public func write(_ rendered: String, failing: Bool) { inner.write(rendered, failing: failing) }

    /// Keeps what the page needs of `report`.
    public func keep(_ report: Report) {
        lock.lock()
        defer { lock.unlock() }
        switch report {
        case .connection(let r):
            // connect's one report, or one of scan's rows (a scan ends with its summary).
            single = rows.isEmpty && summary == nil ? report : nil
            let row = ScanRow(report: r, threshold: threshold)
            rows.append(row)
            var seen: Set<String> = [row.topCode ?? ""]
            let more = r.findings.map(\.code.rawValue).filter { seen.insert($0).inserted }
            if !more.isEmpty { otherCodes[row.endpoint] = more }
        case .endpointError(let e):
            single = nil
            rows.append(e.row)
        case .scanSummary(let s):
            single = nil
            summary = s
        case .verify, .inspect, .explain:
            single = report
        }
    }

    /// The page of what was kept, or nil when nothing was.
    public func page() -> String? {
        lock.lock()
        defer { lock.unlock() }
        let renderer = HTMLRenderer()
        if let summary { return renderer.renderScan(rows, otherCodes: otherCodes, summary: summary, now: started) }
        switch single {
        case .connection(let r)?: return renderer.render(r)
        case .verify(let r)?: return renderer.render(r)
        case .inspect(let r)?: return renderer.render(r)
        default: return nil
        }
    }

    /// Writes the page to FILE (nothing when nothing was kept).
    public func finish() throws(ChainFile.WriteError) {
        guard let page = page() else { return }
        try ReportFile.write(page, to: path)
    }
}
