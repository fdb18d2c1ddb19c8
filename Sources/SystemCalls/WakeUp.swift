#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A descriptor that becomes readable, and stays so, once `signal()` is called: a pipe
/// whose write end gets one byte. A blocking wait on user input (a pipe, a FIFO, a
/// terminal) polls it beside the input, so a stop request wakes the wait at once however
/// quiet the input is.
public final class WakeUp: @unchecked Sendable {
    // @unchecked: the descriptors never change; `signal` only writes to a pipe.

    /// The read end, to poll for POLLIN; -1 when no pipe could be made (then waits
    /// fall back to polling in slices, `waitReadable`).
    public let fd: Int32
    private let writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            fd = ends[0]
            writeEnd = ends[1]
        } else {
            fd = -1
            writeEnd = -1
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Makes `fd` readable (never blocks; the byte is never read, so it stays readable).
    public func signal() {
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = SystemCall.write(writeEnd, &byte, 1)
    }

    /// Whether `signal()` was called.
    public var isSignalled: Bool {
        guard fd >= 0 else { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 1
    }

    /// How a wait ended.
    public enum Wait: Equatable, Sendable {
        /// `fd` can be read without blocking (data, its end, or an error to read).
        case readable
        /// `signal()` was called first.
        case woken
        /// `milliseconds` passed.
        case timedOut
    }

    /// Waits until `input` can be read or `milliseconds` pass (-1: no limit), with no
    /// wake-up.
    public static func waitReadable(_ input: Int32, milliseconds: Int32) -> Wait {
        wait(input, wake: -1, milliseconds: milliseconds)
    }

    /// Waits until `input` can be read, this is signalled, or `milliseconds` pass (-1:
    /// no limit).
    public func waitReadable(_ input: Int32, milliseconds: Int32 = -1) -> Wait {
        Self.wait(input, wake: fd, milliseconds: milliseconds)
    }

    /// The wait of `waitReadable`: a signal interrupting poll(2) just waits again.
    private static func wait(_ input: Int32, wake fd: Int32, milliseconds: Int32) -> Wait {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            var left = milliseconds
            if milliseconds >= 0 {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let spent = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000
                left = Int32(max(0, Int(milliseconds) - spent))
            }
            var descriptors = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(fd >= 0 ? 2 : 1), left)
            if ready < 0 {
                if errno == EINTR { continue }
                return .readable  // let the read report the error
            }
            if fd >= 0 && descriptors[1].revents != 0 { return .woken }
            if descriptors[0].revents != 0 { return .readable }
            if ready == 0 && milliseconds >= 0 { return .timedOut }
        }
    }
}
