// Threads, locks and C-style number formatting on the C library, so that no module needs
// Foundation's Thread, NSLock, NSCondition or String(format:): those are the parts of
// Foundation outside FoundationEssentials that tlsprobe used, and any one of them links
// all of Foundation, CoreFoundation and ICU into the static binary (docs/NOTES.md).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A mutual-exclusion lock over pthread_mutex: what Foundation's NSLock is on Linux.
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition to wait on (pthread_mutex and pthread_cond): what Foundation's
/// NSCondition is. `wait` must be called holding the lock, as with NSCondition.
public final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let status = pthread_mutex_init(mutex, nil) | pthread_cond_init(condition, nil)
        precondition(status == 0, "pthread_mutex_init or pthread_cond_init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for a signal (or a spurious wake-up: callers wait in a loop on their condition).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a signal until the wall-clock instant `secondsSince1970` (as
    /// NSCondition.wait(until:) takes a Date); false when that instant passed first.
    @discardableResult
    public func wait(untilSecondsSince1970 deadline: Double) -> Bool {
        if deadline.isNaN { return false }  // no instant: passed, as NSCondition answers
        if deadline == .infinity {
            wait()
            return true
        }
        // 1e10 s (the year 2286): far past any wait, and short of Darwin's wrap (its
        // timed wait counts nanoseconds in 64 bits, about the year 2554).
        let whole = max(0, min(deadline.rounded(.down), 1e10))
        var limit = timespec()
        limit.tv_sec = time_t(clamping: Int64(whole))  // a 32-bit time_t stops at 2038
        limit.tv_nsec = .init(max(0, min(999_999_999, (deadline - whole) * 1_000_000_000)))
        return pthread_cond_timedwait(condition, mutex, &limit) == 0
    }

    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}

extension SystemCall {
    /// exit(3): flushes stdio and ends the process (a name no command type shadows, as
    /// ArgumentParser's `exit(withError:)` does inside one).
    public static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #elseif canImport(Darwin)
        Darwin.exit(status)
        #elseif canImport(Musl)
        Musl.exit(status)
        #endif
    }

    /// Runs `body` on a new detached thread with an 8 MiB stack (glibc's default; musl's
    /// and Darwin's are smaller, and certificate parsing recurses). False when no thread
    /// could be made (`runBeside` then runs fork-join work in place).
    public static func detachThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin) || canImport(Musl)
        var thread: pthread_t?  // a pointer type there (musl: struct __pthread *)
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread,
            &attributes,
            { context in
                #if canImport(Darwin)
                let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
                #else
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                #endif
                box.body()
                return nil
            },
            context
        )
        if status != 0 {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// Fork-join work: `body` on a thread of its own (`detachThread`), or here and now when
    /// no thread can be made, so that a join waiting for it never waits forever.
    /// `spawn` is `detachThread` but for tests.
    public static func runBeside(
        spawn: (@escaping @Sendable () -> Void) -> Bool = { detachThread($0) },
        _ body: @escaping @Sendable () -> Void
    ) {
        if !spawn(body) { body() }
    }

    /// `format` filled in as C's printf fills it (vsnprintf, in the C locale): what
    /// Foundation's `String(format:)` gives for the numeric conversions tlsprobe uses
    /// (`%g`, `%.1f`, `%02x`; no `%@`).
    public static func format(_ format: String, _ arguments: CVarArg...) -> String {
        self.format(format, arguments: arguments)
    }

    /// `format(_:_:)` with the arguments in an array.
    public static func format(_ format: String, arguments: [CVarArg]) -> String {
        var capacity = 64
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let needed = withVaList(arguments) { list in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, capacity, format, list) }
            }
            if needed < 0 { return "" }
            if Int(needed) < capacity {
                return String(decoding: buffer[..<Int(needed)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity = Int(needed) + 1
        }
    }
}
