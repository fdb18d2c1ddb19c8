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
    /// The page is written before its one report goes on to `inner` (connect, verify,
    /// inspect): a page that cannot be written is the run's error, and nothing is printed.
    private let pageFirst: Bool
    /// `pageFirst`: why the page could not be written (`finish` throws it), or whether it was.
    private var pageFailure: ChainFile.WriteError?
    private var pageWritten = false

    /// Refuses, before anything is examined, a FILE that could never be written (a link,
    /// a FIFO, another user's file, a missing directory). `threshold` decides which of
    /// scan's rows fail, as on stdout. `pageFirst`: for a run of one report, the page is
    /// written as that report comes, before it is written to `inner`.
    public init(
        path: String,
        beside inner: Inner,
        threshold: FailThreshold,
        pageFirst: Bool = false
    ) throws(ChainFile.WriteError) {
        try ReportFile.check(path)
        self.path = path
        self.inner = inner
        self.threshold = threshold
        self.pageFirst = pageFirst
    }

    public func render(_ report: Report, index: Int) -> String {
        keep(report)
        return inner.render(report, index: index)
    }

    public func write(_ rendered: String, failing: Bool) {
        if pageFirst {
            do throws(ChainFile.WriteError) {
                try writePage()
            } catch {
                // Nothing on stdout: `finish` throws this, as the run's error.
                lock.withLock { pageFailure = error }
                return
            }
        }
        inner.write(rendered, failing: failing)
    }

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
        case .change:
            // diff and watch write no page.
            break
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

    /// Writes the page to FILE (nothing when nothing was kept); `pageFirst`: throws what
    /// kept the page from being written with its report, else writes nothing more.
    public func finish() throws(ChainFile.WriteError) {
        let (failure, written) = lock.withLock { (pageFailure, pageWritten) }
        if let failure { throw failure }
        if written { return }
        try writePage()
    }

    private func writePage() throws(ChainFile.WriteError) {
        guard let page = page() else { return }
        try ReportFile.write(page, to: path)
        lock.withLock { pageWritten = pageFirst }
    }
}
