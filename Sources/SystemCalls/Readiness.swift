#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Many sockets waited on at once: poll(2), which Linux, Darwin and musl all have. A few
/// hundred descriptors is what scan's sweep holds, where poll costs nothing epoll or
/// kqueue would save.
public struct Readiness {
    private var descriptors: [pollfd] = []

    public init() {}

    /// Waits for `fd` to connect (writable) or fail; a descriptor is added once.
    public mutating func addConnecting(_ fd: Int32) {
        descriptors.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0))
    }

    /// Stops waiting for `fd`.
    public mutating func remove(_ fd: Int32) {
        descriptors.removeAll { $0.fd == fd }
    }

    public var count: Int { descriptors.count }

    /// The descriptors that became writable, hung up or failed within `milliseconds`
    /// (none: the time passed, or a signal came).
    public mutating func wait(milliseconds: Int32) -> [Int32] {
        for i in descriptors.indices { descriptors[i].revents = 0 }
        let n = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard n > 0 else { return [] }
        return descriptors.filter { $0.revents != 0 }.map(\.fd)
    }

    /// connect(2)'s outcome on a non-blocking socket that became ready: 0 connected, or
    /// the errno (SO_ERROR) it failed with.
    public static func connectResult(_ fd: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) == 0 ? value : errno
    }

    /// Sleeps `nanoseconds` (at most 10 s).
    public static func pause(nanoseconds: UInt64) {
        _ = usleep(UInt32(min(nanoseconds / 1000, 10_000_000)))
    }

    /// Now on the monotonic clock, in nanoseconds.
    public static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
