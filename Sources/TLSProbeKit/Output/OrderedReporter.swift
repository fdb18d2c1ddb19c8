import Dispatch
import SystemCalls
import TLSDiagnosis

/// Diagnoses and renders reports on worker threads while the caller goes on (a capture
/// goes on being read: judging a chain and writing its report costs as much as reading
/// hundreds of packets), and writes them to the sink in the order they were submitted. At
/// most `maxInFlight` wait, so memory stays bounded.
public final class OrderedReporter: @unchecked Sendable {
    /// How many submitted reports may wait for their turn.
    public static let maxInFlight = 256

    private let sink: any ReportSink
    private let threshold: FailThreshold
    private let beforeWrite: @Sendable () -> Void
    private let workers = DispatchQueue(label: "tlsprobe.reports", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots = DispatchSemaphore(value: OrderedReporter.maxInFlight)
    private let lock = Lock()
    // Under `lock`: rendered reports waiting for their turn, and whose turn it is.
    private var finished: [Int: (text: String, fails: Bool)] = [:]
    private var nextToWrite = 0
    // Only on the submitting thread.
    private var submitted = 0
    private let batchSize: Int
    private var batch: [(sequence: Int, make: @Sendable () -> Report)] = []

    /// `beforeWrite` runs, under the lock, before each report is written (capture clears its
    /// progress line there). `batchSize` reports go to a worker at a time: more than one
    /// only where the submitter never waits for its input (a file), since a report in a
    /// batch not yet full waits for the next submissions or `finish`.
    public init(
        sink: any ReportSink,
        threshold: FailThreshold,
        batchSize: Int = 1,
        beforeWrite: @escaping @Sendable () -> Void = {}
    ) {
        self.sink = sink
        self.threshold = threshold
        self.batchSize = max(1, min(batchSize, Self.maxInFlight))
        self.beforeWrite = beforeWrite
    }

    /// Queues `make` (which builds one report) for a worker; waits while `maxInFlight` are
    /// already queued. Call from one thread.
    public func submit(_ make: @escaping @Sendable () -> Report) {
        slots.wait()
        batch.append((submitted, make))
        submitted += 1
        if batch.count >= batchSize { dispatch() }
    }

    /// Hands the batch to a worker: one wake-up for several reports.
    private func dispatch() {
        guard !batch.isEmpty else { return }
        let jobs = batch
        batch = []
        group.enter()
        workers.async {
            for (sequence, make) in jobs {
                let report = make()
                let text = self.sink.render(report, index: sequence)
                let fails = self.threshold.fails(report.findings)
                self.lock.lock()
                self.finished[sequence] = (text, fails)
                while let next = self.finished.removeValue(forKey: self.nextToWrite) {
                    self.beforeWrite()
                    self.sink.write(next.text, failing: next.fails)
                    self.nextToWrite += 1
                    self.slots.signal()
                }
                self.lock.unlock()
            }
            self.group.leave()
        }
    }

    /// Hands over the last batch and waits until every submitted report is written. Call
    /// from the submitting thread, after the last `submit`.
    public func finish() {
        dispatch()
        group.wait()
    }
}
