import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM as events: blocked in the calling thread (and so in every thread it
/// starts afterwards) and taken with sigwait(2) on a thread of their own, which calls the
/// handler. No code runs in signal context, and a mask inherited with SIGTERM blocked (a
/// child started from a test thread) changes nothing. listen and capture both stop this way:
/// listen stops serving, capture stops at the next packet or poll (at most 200 ms).
public enum StopSignals {
    /// Starts watching. Call before starting other threads: one started earlier with the
    /// signals unblocked would take them with their default action (the process ends).
    public static func watch(_ handler: @escaping @Sendable (Int32) -> Void) {
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
