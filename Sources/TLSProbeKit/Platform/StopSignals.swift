import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request to stop a session: by SIGINT or SIGTERM (`StopToken.signals()`), or by a
/// caller (`stop()`). Every session that runs until stopped takes one; the sessions decide
/// what a first and a second request mean (finish the work in progress, then hurry).
public final class StopToken: @unchecked Sendable {
    // @unchecked: the fields below are touched only under `lock`.
    private let lock = Lock()
    private var requests = 0
    /// The signal of the latest request, told again to an observer registered after it.
    private var lastSignal: Int32?
    private var observers: [@Sendable (StopRequest) -> Void] = []

    /// One request: how many there have been, and the signal that made it (nil: a caller).
    public struct StopRequest: Sendable {
        public var count: Int
        public var signal: Int32?

        /// The signal, or SIGTERM for a caller's request (what a service manager sends).
        public var asSignal: Int32 { signal ?? SIGTERM }

        /// "Ctrl-C", "SIGTERM", or "a stop request".
        public var cause: String {
            switch signal {
            case SIGINT?: "Ctrl-C"
            case SIGTERM?: "SIGTERM"
            default: "a stop request"
            }
        }
    }

    /// Readable from the first request on: a blocking read of user input (capture's pipe)
    /// polls it beside its descriptor, so a stop wakes it however quiet the input is.
    /// Made on first use: it is a pipe, and a token nobody waits on (one per scan
    /// handshake) must not hold two descriptors outside scan's budget.
    public var wakeUp: WakeUp {
        lock.lock()
        defer { lock.unlock() }
        if let made = madeWakeUp { return made }
        let made = WakeUp()
        if requests > 0 { made.signal() }
        madeWakeUp = made
        return made
    }
    private var madeWakeUp: WakeUp?

    public init() {}

    /// A token that SIGINT and SIGTERM stop, instead of ending the process. Make it before
    /// starting any other thread: a thread started earlier would take the signals with their
    /// default action.
    public static func signals() -> StopToken {
        let token = StopToken()
        StopSignals.watch { signal in token.stop(signal: signal) }
        return token
    }

    /// Requests a stop; observers are told, on the calling thread.
    public func stop(signal: Int32? = nil) {
        lock.lock()
        requests += 1
        lastSignal = signal
        let request = StopRequest(count: requests, signal: signal)
        let told = observers
        let wake = madeWakeUp
        lock.unlock()
        wake?.signal()
        for observer in told { observer(request) }
    }

    /// Whether a stop was requested.
    public var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requests > 0
    }

    /// Calls `observer` at each later request, and at once when a stop was requested
    /// before it was registered (a Ctrl-C while a session was still setting up).
    public func onStop(_ observer: @escaping @Sendable (StopRequest) -> Void) {
        lock.lock()
        observers.append(observer)
        let earlier = requests > 0 ? StopRequest(count: requests, signal: lastSignal) : nil
        lock.unlock()
        if let earlier { observer(earlier) }
    }
}

/// SIGINT and SIGTERM as events: blocked in the calling thread (and so in every thread it
/// starts afterwards) and taken with sigwait(2) on a thread of their own, which calls the
/// handler. No code runs in signal context, and a mask inherited with SIGTERM blocked (a
/// child started from a test thread) changes nothing. Sessions see them through a
/// `StopToken`.
enum StopSignals {
    /// Starts watching. Call before starting other threads: one started earlier with the
    /// signals unblocked would take them with their default action (the process ends).
    static func watch(_ handler: @escaping @Sendable (Int32) -> Void) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let watched = set
        let watching = SystemCall.detachThread {
            var set = watched
            while true {
                var signal: Int32 = 0
                if sigwait(&set, &signal) == 0 { handler(signal) }
            }
        }
        // No thread to take them: unblocked again, so a Ctrl-C still ends the process (at
        // once, without the summary) rather than being held forever.
        if !watching { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
    }
}
