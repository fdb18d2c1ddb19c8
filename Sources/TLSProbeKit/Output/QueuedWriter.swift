import SystemCalls

/// Writes rendered reports on a thread of its own, so the threads that make them never wait
/// for whoever reads stdout: listen's connection threads hand each report over and go on,
/// and a full pipe (`tlsprobe listen --json | sleep 40`) cannot hold a connection slot or a
/// stop. At most `capacity` reports wait; past that a report is dropped and counted, and so
/// are those still waiting (or half written) when `finish` gives up at its limit.
public final class QueuedWriter: @unchecked Sendable {
    // @unchecked: everything mutable is touched only under `condition`.

    /// How many rendered reports may wait for the writer.
    public static let defaultCapacity = 256

    private let capacity: Int
    private let output: @Sendable (String) -> Void
    private let condition = Condition()
    private var queue: [String] = []
    /// The next report to write is `queue[head]`.
    private var head = 0
    /// The writer thread is inside `output` (which may block on a full pipe).
    private var writing = false
    /// `finish` has given up or completed: nothing more is written.
    private var closed = false
    private var dropped = 0
    /// When `finish` gives up; nil: it waits for every report.
    private var limit: Date?
    private var stopRequests = 0

    /// A writer through `output` (stdout, by default, quitting quietly when it is closed).
    public init(
        capacity: Int = QueuedWriter.defaultCapacity,
        output: @escaping @Sendable (String) -> Void = Console.report
    ) {
        self.capacity = capacity
        self.output = output
    }

    /// Starts the writer thread. Call after `StopSignals.watch`, so the thread inherits the
    /// blocked signals. False when no thread could be made: nothing would be written, and
    /// writing in the caller's place could hold it (and listen's lock) on a stdout nobody
    /// reads, so the caller gives up instead. `spawn` is `detachThread` but for tests.
    public func start(spawn: (@escaping @Sendable () -> Void) -> Bool = { SystemCall.detachThread($0) }) -> Bool {
        spawn { [self] in run() }
    }

    /// Hands over one rendered report; never waits. Dropped and counted when `capacity`
    /// already wait, or once `finish` has returned.
    public func enqueue(_ text: String) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, queue.count - head < capacity else {
            dropped += 1
            return
        }
        queue.append(text)
        condition.broadcast()
    }

    private func run() {
        condition.lock()
        while true {
            while head == queue.count && !closed { condition.wait() }
            if closed { break }
            let text = queue[head]
            head += 1
            if head >= 1024 && head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            writing = true
            condition.unlock()
            output(text)
            condition.lock()
            writing = false
            condition.broadcast()
        }
        condition.unlock()
    }

    /// A stop was asked for (a signal): `finish` gives up `grace` seconds from now at the
    /// latest, or at once when a stop was asked for before. Safe from any thread.
    public func stopRequested(grace: TimeInterval) {
        condition.lock()
        defer { condition.unlock() }
        stopRequests += 1
        let giveUp = Date().addingTimeInterval(stopRequests == 1 ? grace : 0)
        limit = min(limit ?? giveUp, giveUp)
        condition.broadcast()
    }

    /// Waits until every report handed over is written, or until the limit a stop request
    /// set; then closes. Returns the reports dropped in all: those past `capacity`, and
    /// those still waiting or being written when it gave up (the writer thread may stay
    /// blocked in write(2); the process can exit anyway).
    public func finish() -> Int {
        condition.lock()
        defer { condition.unlock() }
        while head < queue.count || writing {
            if let limit {
                if Date() >= limit { break }
                _ = condition.wait(untilSecondsSince1970: limit.timeIntervalSince1970)
            } else {
                condition.wait()
            }
        }
        dropped += queue.count - head + (writing ? 1 : 0)
        queue.removeAll()
        head = 0
        closed = true
        condition.broadcast()
        return dropped
    }
}
