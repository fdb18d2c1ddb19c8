#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls

/// Reads a user-named file with a limit on the bytes actually read, whatever it is: a
/// regular file, a device (`/dev/zero` has no size) or a pipe (`<(cmd)`, a FIFO). Reading
/// stops at the limit plus one byte, so a larger input is refused without holding more
/// than the limit.
public enum BoundedFile {
    /// Why a file could not be read; `reason` does not name the file.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        /// The kind of failure, comparable.
        public enum Kind: Sendable, Hashable {
            /// Missing, no permission, or a read failed.
            case unreadable
            /// A directory, not a file.
            case directory
            /// More than the limit was read.
            case tooLarge
        }

        /// The kind of failure.
        public var kind: Kind
        /// What is wrong, e.g. "cannot be read (no such file)", "more than 16 MiB".
        public var reason: String

        /// The reason, as text.
        public var description: String { reason }
    }

    /// How long a FIFO named as a file may stay without a writer, in milliseconds.
    public static let fifoWait: Int32 = 10_000

    /// How many bytes are read at a time.
    static let chunkSize = 1 << 20

    /// The bytes of the file at `path` from `offset` on, when `offset` plus the bytes read
    /// are at most `limit`; `.tooLarge` as soon as one byte more is read. With
    /// `truncating`, the first `limit` bytes are returned instead of an error.
    ///
    /// Opened and read with open(2) and read(2): Foundation's `URL(fileURLWithPath:)` and
    /// `FileHandle` cost a command that reads one anchor file about 0.9 M instructions.
    public static func read(
        _ path: String,
        from offset: Int = 0,
        limit: Int,
        truncating: Bool = false
    ) throws(ReadError) -> [UInt8] {
        // Opened without blocking: open(2) of a FIFO with no writer would wait forever.
        var fd: Int32
        repeat { fd = SystemCall.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let code = errno
            // A directory one may not read is refused at open(2): it is still a directory.
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                throw ReadError(kind: .directory, reason: "this is a directory, not a file")
            }
            throw ReadError(kind: .unreadable, reason: "cannot be read (\(reason(code)))")
        }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw ReadError(kind: .directory, reason: "this is a directory, not a file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        // A FIFO (or a pipe, `<(cmd)`) is waited for under a bound, at each read: a writer
        // that never comes, or stops writing without closing, is an error, not a run that
        // never ends.
        let isFIFO = status.st_mode & S_IFMT == S_IFIFO
        return try read(fd: fd, from: offset, limit: limit, truncating: truncating, waiting: isFIFO ? fifoWait : nil)
    }

    /// The bytes of an open file from `offset` on (the file is read from where it stands
    /// when `offset` is 0), under the same bound as `read(_:from:limit:truncating:)`; the
    /// descriptor is left open.
    public static func read(
        fd: Int32,
        from offset: Int = 0,
        limit: Int,
        truncating: Bool = false
    ) throws(ReadError) -> [UInt8] {
        try read(fd: fd, from: offset, limit: limit, truncating: truncating, waiting: nil)
    }

    /// `read(fd:from:limit:truncating:)`, each read(2) first waiting at most `waiting`
    /// milliseconds for bytes (nil: as long as read(2) takes).
    private static func read(
        fd: Int32,
        from offset: Int,
        limit: Int,
        truncating: Bool,
        waiting: Int32?
    ) throws(ReadError) -> [UInt8] {
        let budget = limit - offset
        guard budget >= 0 else {
            if truncating { return [] }
            throw tooLarge(limit)
        }
        if offset > 0, lseek(fd, off_t(offset), SEEK_SET) < 0 {
            throw ReadError(kind: .unreadable, reason: "cannot be read (\(reason(errno)))")
        }
        // Never read past budget + 1 bytes, and grow the array at most to that. read(2)
        // fills a scratch buffer, so only the pages it writes are touched.
        let wanted = truncating ? budget : budget + 1
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, min(chunkSize, wanted)), alignment: 16)
        defer { scratch.deallocate() }
        var bytes: [UInt8] = []
        var atEnd = false
        while bytes.count < wanted && !atEnd {
            // A whole chunk before it is appended (a pipe hands out 64 KiB or less a
            // read): the array then grows by doubling whole chunks, and its last doubling
            // leaves room for the one byte past the limit, as when FileHandle read it.
            let chunk = min(scratch.count, wanted - bytes.count)
            var got = 0
            while got < chunk {
                if let waiting, WakeUp.waitReadable(fd, milliseconds: waiting) == .timedOut {
                    throw ReadError(
                        kind: .unreadable,
                        reason: "cannot be read (a FIFO that nothing was written to within \(waiting / 1000) s)"
                    )
                }
                let n = SystemCall.read(fd, scratch.baseAddress! + got, chunk - got)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { throw ReadError(kind: .unreadable, reason: "cannot be read (\(reason(errno)))") }
                if n == 0 {
                    atEnd = true  // never read again: a terminal would wait for a second ^D
                    break
                }
                got += n
            }
            if got == 0 { break }
            if bytes.count + got > bytes.capacity {
                bytes.reserveCapacity(min(max(bytes.capacity * 2, bytes.count + got), wanted))
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<got]))
        }
        if bytes.count > budget { throw tooLarge(limit) }
        return bytes
    }

    /// "16 MiB", "64 KiB" or a number of bytes.
    public static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    private static func tooLarge(_ limit: Int) -> ReadError {
        ReadError(kind: .tooLarge, reason: "more than \(size(limit))")
    }

    /// What errno says, as the file's messages put it: "no such file", "permission denied".
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "this is a directory, not a file"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
