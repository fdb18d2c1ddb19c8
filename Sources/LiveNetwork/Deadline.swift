import SystemCalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// An instant on the monotonic clock, so a wall-clock change cannot stretch a timeout.
package struct Deadline: Sendable {
    private let nanoseconds: UInt64

    private init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// `seconds` from now.
    package static func after(_ seconds: TimeInterval) -> Deadline {
        let span = UInt64(max(0, min(seconds, 86_400)) * 1e9)
        return Deadline(nanoseconds: now() + span)
    }

    /// Milliseconds left for poll(2): at least 0, rounded up so a poll never ends early.
    package var remainingMilliseconds: Int32 {
        let current = Self.now()
        guard nanoseconds > current else { return 0 }
        return Int32(clamping: (nanoseconds - current + 999_999) / 1_000_000)
    }

    package var hasPassed: Bool { Self.now() >= nanoseconds }

    /// Seconds since `start` (a `Deadline.after(0)`).
    package static func seconds(since start: Deadline) -> TimeInterval {
        Double(now() &- start.nanoseconds) / 1e9
    }

    /// The earlier of two deadlines.
    package func earlier(_ other: Deadline) -> Deadline { nanoseconds <= other.nanoseconds ? self : other }

    private static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
