import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a file tlsprobe writes (`--known-hosts`, `--keylog`) by the rules for such files:
/// never through a symbolic link (O_NOFOLLOW: a dangling one is refused, not created
/// through), never blocking (O_NONBLOCK, so a FIFO or a device opens at once and is then
/// refused), and only a regular file owned by the effective user that neither its group nor
/// others may write. The checks are made on the descriptor (fstat), not on the path, so the
/// file checked is the file used.
package enum OwnFile {
    /// Why a file was refused: the end of a message that starts with the option and path.
    package struct Refusal: Error, Sendable {
        package let reason: String
    }

    /// `path` opened with `access` (O_RDONLY, O_WRONLY | O_APPEND…) and checked; created with
    /// mode 0600 when `create` and it does not exist. Nil when it does not exist and not `create`.
    static func open(_ path: String, access: Int32, create: Bool) throws(Refusal) -> Int32? {
        let flags = access | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var fd: Int32 = -1
        var created = false
        while true {
            // Created here (O_EXCL says so) or opened as it is: a file made now gets 0600
            // by fchmod below, whatever the umask (0777 would leave a lock file mode 000
            // that blocks the next run).
            if create {
                repeat { fd = SystemCall.open(path, flags | O_CREAT | O_EXCL, 0o600) } while fd < 0 && errno == EINTR
                if fd >= 0 {
                    created = true
                    break
                }
                if errno != EEXIST { break }
            }
            repeat { fd = SystemCall.open(path, flags) } while fd < 0 && errno == EINTR
            // Removed between the two opens: create it after all.
            if fd < 0 && errno == ENOENT && create { continue }
            break
        }
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT where !create: return nil
            case ELOOP:
                throw Refusal(reason: "it is a symbolic link; tlsprobe never writes through one: give the file itself")
            // A FIFO with no reader opened for writing, or a device with no driver.
            case ENXIO: throw Refusal(reason: "not a regular file")
            case EISDIR: throw Refusal(reason: "not a regular file (a directory)")
            case EACCES, EPERM: throw Refusal(reason: "cannot be opened (permission denied)")
            default: throw Refusal(reason: "cannot be opened (\(String(cString: strerror(code))))")
            }
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw Refusal(reason: "cannot be examined (\(String(cString: strerror(code))))")
        }
        if let refusal = refusal(status, path: path) {
            close(fd)
            throw refusal
        }
        if created, status.st_mode & 0o777 != 0o600, fchmod(fd, 0o600) != 0 {
            let code = errno
            close(fd)
            throw Refusal(reason: "cannot be made private (mode 0600): \(String(cString: strerror(code)))")
        }
        // A regular file: back to blocking writes.
        let current = fcntl(fd, F_GETFL)
        if current >= 0 { _ = fcntl(fd, F_SETFL, current & ~O_NONBLOCK) }
        return fd
    }

    /// Why a file with `status` may not be used, or nil when it may.
    package static func refusal(_ status: stat, path: String) -> Refusal? {
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            let kind: String
            switch type {
            case S_IFIFO: kind = "a FIFO"
            case S_IFCHR: kind = "a character device"
            case S_IFBLK: kind = "a block device"
            case S_IFDIR: kind = "a directory"
            case S_IFSOCK: kind = "a socket"
            default: kind = "not a file"
            }
            return Refusal(reason: "not a regular file (\(kind))")
        }
        let me = geteuid()
        if status.st_uid != me {
            return Refusal(
                reason:
                    "owned by uid \(status.st_uid), not by you (uid \(me)); tlsprobe writes only files of its own user"
            )
        }
        let mode = status.st_mode & 0o7777
        if mode & 0o022 != 0 {
            return Refusal(
                reason: "writable by others (mode \(String(mode, radix: 8))); make it private first (chmod 600 \(path))"
            )
        }
        return nil
    }

    /// Writes all of `bytes` to `fd`; the errno of a failure, nil on success.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var written = 0
        return writeAll(fd, bytes, written: &written)
    }

    /// `writeAll`, telling in `written` how many bytes went out before an error.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], written offset: inout Int) -> Int32? {
        offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return SystemCall.write(fd, base + offset, raw.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return n < 0 ? errno : EIO }
            offset += n
        }
        return nil
    }
}
