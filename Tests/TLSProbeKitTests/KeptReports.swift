import Foundation
@testable import TLSProbeKit
import TLSDiagnosis

/// A sink that keeps the reports a session writes, in the order it writes them (a session
/// may render on one thread and write on another: capture renders on its workers), and
/// counts those it was told fail, as `StreamSink` does for the exit status.
final class KeptReports: ReportSink, @unchecked Sendable {
    // @unchecked: the fields are only touched under `lock`.
    private let lock = NSLock()
    private var rendered: [Report] = []
    private var written: [Report] = []
    private var failingCount = 0

    func render(_ report: Report, index: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        rendered.append(report)
        return String(rendered.count - 1)
    }

    func write(_ rendered: String, failing: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if let index = Int(rendered) { written.append(self.rendered[index]) }
        if failing { failingCount += 1 }
    }

    /// The reports written, in order.
    var reports: [Report] {
        lock.lock()
        defer { lock.unlock() }
        return written
    }

    /// The connection reports written, in order.
    var connections: [ConnectionReport] {
        reports.compactMap { if case .connection(let r) = $0 { r } else { nil } }
    }

    /// The reports written whose findings reached the session's threshold.
    var failing: Int {
        lock.lock()
        defer { lock.unlock() }
        return failingCount
    }
}
