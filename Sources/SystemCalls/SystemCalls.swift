// The one place tlsprobe's modules make a system call whose spelling differs between C
// libraries: glibc (Linux), Darwin (macOS) and musl (the static Linux SDK). Modules that
// need a socket, a file descriptor or a cookie FILE call `SystemCall` and name no C
// library themselves (ArchitectureTests). The Darwin and musl branches are written for
// those libraries but have been compiled and run only where the README says.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
internal import CSystemCalls

public enum SystemCall {
    /// The mode a created file gets (mode_t: 32 bits on Linux, 16 on Darwin).
    #if canImport(Glibc)
    public typealias FileMode = Glibc.mode_t
    #elseif canImport(Darwin)
    public typealias FileMode = Darwin.mode_t
    #elseif canImport(Musl)
    public typealias FileMode = Musl.mode_t
    #endif

    // MARK: Environment

    /// The value of the environment variable `name`, nil when it is not set: what
    /// ProcessInfo's `environment[name]` gives, without first copying every variable into
    /// a dictionary (0.37 M instructions of `explain`'s 6.5 M, for the three text output reads).
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    // MARK: Sockets

    /// A TCP socket of `family` that is non-blocking and close-on-exec, and never raises
    /// SIGPIPE through `send` below; -1 with errno set when it cannot be made.
    /// glibc and musl say so in socket(2)'s type; Darwin has neither flag there, so its
    /// socket is set with fcntl(2) and SO_NOSIGPIPE afterwards.
    public static func nonBlockingStreamSocket(family: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.socket(
            family,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
            0
        )
        #elseif canImport(Darwin)
        let fd = Darwin.socket(family, SOCK_STREAM, 0)
        guard fd >= 0 else { return fd }
        guard makeNonBlocking(fd) else {
            let code = errno
            Darwin.close(fd)
            errno = code
            return -1
        }
        return fd
        #elseif canImport(Musl)
        return Musl.socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)
        #endif
    }

    /// A UDP socket of `family` that is non-blocking and close-on-exec (connect --dtls);
    /// -1 with errno set when it cannot be made.
    public static func nonBlockingDatagramSocket(family: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.socket(
            family,
            Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
            0
        )
        #elseif canImport(Darwin)
        let fd = Darwin.socket(family, SOCK_DGRAM, 0)
        guard fd >= 0 else { return fd }
        guard makeNonBlocking(fd) else {
            let code = errno
            Darwin.close(fd)
            errno = code
            return -1
        }
        return fd
        #elseif canImport(Musl)
        return Musl.socket(family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)
        #endif
    }

    /// connect(2) to the `sockaddr_in` / `sockaddr_in6` in `address`.
    public static func connect(_ fd: Int32, to address: UnsafeRawBufferPointer) -> Int32 {
        guard let base = address.baseAddress else { return -1 }
        let pointer = base.assumingMemoryBound(to: sockaddr.self)
        #if canImport(Glibc)
        return Glibc.connect(fd, pointer, socklen_t(address.count))
        #elseif canImport(Darwin)
        return Darwin.connect(fd, pointer, socklen_t(address.count))
        #elseif canImport(Musl)
        return Musl.connect(fd, pointer, socklen_t(address.count))
        #endif
    }

    /// bind(2) to the `sockaddr_in` / `sockaddr_in6` in `address`.
    public static func bind(_ fd: Int32, to address: UnsafeRawBufferPointer) -> Int32 {
        guard let base = address.baseAddress else { return -1 }
        let pointer = base.assumingMemoryBound(to: sockaddr.self)
        #if canImport(Glibc)
        return Glibc.bind(fd, pointer, socklen_t(address.count))
        #elseif canImport(Darwin)
        return Darwin.bind(fd, pointer, socklen_t(address.count))
        #elseif canImport(Musl)
        return Musl.bind(fd, pointer, socklen_t(address.count))
        #endif
    }

    /// accept(2), the accepted socket made non-blocking and close-on-exec (what accept4
    /// would do; accept4 is not visible to Swift on glibc) and, on Darwin, SO_NOSIGPIPE.
    /// -1 with errno set when nothing was accepted.
    public static func accept(
        _ fd: Int32,
        _ address: UnsafeMutablePointer<sockaddr>,
        _ length: UnsafeMutablePointer<socklen_t>
    ) -> Int32 {
        #if canImport(Glibc)
        let client = Glibc.accept(fd, address, length)
        #elseif canImport(Darwin)
        let client = Darwin.accept(fd, address, length)
        #elseif canImport(Musl)
        let client = Musl.accept(fd, address, length)
        #endif
        guard client >= 0 else { return client }
        #if canImport(Darwin)
        _ = makeNonBlocking(client)
        #else
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        #endif
        return client
    }

    /// send(2) that reports a closed peer as an error (EPIPE) instead of raising SIGPIPE:
    /// MSG_NOSIGNAL on Linux; on Darwin the socket carries SO_NOSIGPIPE (set when it was
    /// made or accepted above) and the flags are 0.
    public static func send(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.send(fd, buffer, count, Int32(MSG_NOSIGNAL))
        #elseif canImport(Darwin)
        return Darwin.send(fd, buffer, count, 0)
        #elseif canImport(Musl)
        return Musl.send(fd, buffer, count, MSG_NOSIGNAL)
        #endif
    }

    #if canImport(Darwin)
    /// O_NONBLOCK, FD_CLOEXEC and SO_NOSIGPIPE on a Darwin socket.
    private static func makeNonBlocking(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0, fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else {
            return false
        }
        var one: Int32 = 1
        return setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size)) == 0
    }
    #endif

    // MARK: File descriptors

    /// The soft limit on open file descriptors (RLIMIT_NOFILE, `ulimit -n`); nil when
    /// unlimited or unknown.
    public static func openFileLimit() -> Int? {
        var limit = rlimit()
        #if canImport(Glibc)
        let result = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
        let result = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        guard result == 0, limit.rlim_cur < rlim_t(Int32.max) else { return nil }
        return Int(limit.rlim_cur)
    }

    /// read(2).
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #endif
    }

    /// write(2).
    public static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.write(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(fd, buffer, count)
        #endif
    }

    /// open(2) without a mode (no O_CREAT).
    public static func open(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.open(path, flags)
        #elseif canImport(Darwin)
        return Darwin.open(path, flags)
        #elseif canImport(Musl)
        return Musl.open(path, flags)
        #endif
    }

    /// open(2) with the mode a created file gets.
    public static func open(_ path: String, _ flags: Int32, _ mode: FileMode) -> Int32 {
        #if canImport(Glibc)
        return Glibc.open(path, flags, mode)
        #elseif canImport(Darwin)
        return Darwin.open(path, flags, mode)
        #elseif canImport(Musl)
        return Musl.open(path, flags, mode)
        #endif
    }

    // MARK: A cookie-backed FILE

    /// What a read-only cookie FILE reads from: `read` fills the buffer as read(2) does
    /// (bytes read, 0 at the end, -1 on error), `position` answers ftello. Both stay alive
    /// until the FILE is closed.
    public final class CookieSource {
        let read: (UnsafeMutablePointer<CChar>, Int) -> Int
        let position: () -> Int64

        public init(read: @escaping (UnsafeMutablePointer<CChar>, Int) -> Int, position: @escaping () -> Int64) {
            self.read = read
            self.position = position
        }
    }

    /// A read-only FILE whose bytes come from `source` (fopencookie on Linux, funopen on
    /// Darwin): stdio buffers it and hands it to whoever takes a FILE (libpcap). Seeking
    /// answers only "where are we" (ftello); fclose releases `source`. Nil when the C
    /// library refuses, with errno set.
    public static func readOnlyFile(_ source: CookieSource) -> UnsafeMutablePointer<FILE>? {
        let cookie = Unmanaged.passRetained(source).toOpaque()
        #if canImport(Darwin)
        let file = tlsprobe_funopen(
            cookie,
            { cookie, buffer, size in
                guard let cookie, let buffer, size >= 0 else { return -1 }
                return Int32(Unmanaged<CookieSource>.fromOpaque(cookie).takeUnretainedValue().read(buffer, Int(size)))
            },
            { cookie, offset, whence in
                guard let cookie, whence == SEEK_CUR, offset == 0 else { return -1 }
                return fpos_t(Unmanaged<CookieSource>.fromOpaque(cookie).takeUnretainedValue().position())
            },
            { cookie in
                guard let cookie else { return 0 }
                Unmanaged<CookieSource>.fromOpaque(cookie).release()
                return 0
            }
        )
        #else
        var functions = tlsprobe_cookie_io_functions()
        functions.read = { cookie, buffer, size in
            guard let cookie, let buffer else { return -1 }
            return Unmanaged<CookieSource>.fromOpaque(cookie).takeUnretainedValue().read(buffer, size)
        }
        functions.seek = { cookie, offset, whence in
            // Only "where are we" (ftello) is answered; libpcap never seeks.
            guard let cookie, let offset, whence == SEEK_CUR, offset.pointee == 0 else { return -1 }
            offset.pointee = Unmanaged<CookieSource>.fromOpaque(cookie).takeUnretainedValue().position()
            return 0
        }
        functions.close = { cookie in
            guard let cookie else { return 0 }
            Unmanaged<CookieSource>.fromOpaque(cookie).release()
            return 0
        }
        let file = tlsprobe_fopencookie(cookie, "rb", functions)
        #endif
        if file == nil { Unmanaged<CookieSource>.fromOpaque(cookie).release() }
        return file
    }
}
