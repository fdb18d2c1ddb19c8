import SystemCalls
import TLSModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and updates a known-hosts file (`--known-hosts FILE`). The file must be a regular
/// file of the user running tlsprobe that no one else may write; a symbolic link (dangling
/// or not), a FIFO or a device is refused (`OwnFile`). An update holds an exclusive flock(2)
/// on the file itself across read, check, write and rename, re-reads the file under it, and
/// replaces it atomically — a temporary file in the same directory (mkstemp: O_CREAT |
/// O_EXCL, mode 0600), written, flushed and renamed over the old one, then the directory
/// flushed — so concurrent runs lose no entry, and a crash or a reader never sees half a
/// file. A crash before the rename leaves the old file and a `.NAME.XXXXXX` temporary.
///
/// The lock is on the known-hosts file, not on a `FILE.lock` beside it: nothing is left
/// behind, and no second file has to be checked the same way. Since the rename replaces the
/// file, a run that waited for the lock checks, once it holds it, that the path still names
/// the file it locked, and locks the new one if not.
public enum KnownHostsFile {
    /// The largest file read: 4 MiB is some 40 000 servers.
    package static let maximumSize = 4 << 20

    /// How long an update waits for another run's lock before giving up.
    package static let lockWait: TimeInterval = 10

    /// Why the file cannot be used.
    public struct FileError: Error, Sendable, CustomStringConvertible {
        /// The known-hosts file, as given.
        public let path: String
        public let description: String
    }

    /// The file's contents; an empty `KnownHosts` when it does not exist yet.
    public static func read(_ path: String) throws(FileError) -> KnownHosts {
        guard let fd = try open(path, create: false) else { return KnownHosts(text: "") }
        defer { close(fd) }
        return try contents(fd, path)
    }

    /// What the file says about `key` presenting `pin`, read under the file's lock at this
    /// moment, so that another run's first contact is seen; on first use the pin is recorded
    /// (first seen `now`) before the lock is released. A changed key is never recorded.
    public static func checkAndRecord(
        key: String,
        pin: String,
        at now: Date,
        in path: String
    ) throws(FileError) -> KnownHosts.Verdict {
        try checkAndRecord(key: key, pin: pin, at: now, in: path, lockWait: lockWait)
    }

    /// `checkAndRecord`, waiting at most `wait` seconds for the lock.
    package static func checkAndRecord(
        key: String,
        pin: String,
        at now: Date,
        in path: String,
        lockWait wait: TimeInterval
    ) throws(FileError) -> KnownHosts.Verdict {
        let fd = try lock(path, wait: wait)
        defer { close(fd) }  // releases the lock
        var hosts = try contents(fd, path)
        let verdict = hosts.check(key: key, pin: pin)
        if verdict == .firstUse {
            hosts.record(key: key, pin: pin, at: now)
            try replace(path, with: hosts)
        }
        return verdict
    }

    /// Replaces the file at `path` with `hosts`, under the file's lock, atomically, mode 0600.
    public static func write(_ hosts: KnownHosts, to path: String) throws(FileError) {
        let fd = try lock(path, wait: lockWait)
        defer { close(fd) }
        try replace(path, with: hosts)
    }

    /// `path` opened read-only and checked (`OwnFile`).
    private static func open(_ path: String, create: Bool) throws(FileError) -> Int32? {
        do {
            return try OwnFile.open(path, access: O_RDONLY, create: create)
        } catch {
            throw FileError(path: path, description: "--known-hosts \(path): \(error.reason)")
        }
    }

    /// The text of the open file.
    private static func contents(_ fd: Int32, _ path: String) throws(FileError) -> KnownHosts {
        do {
            let bytes = try BoundedFile.read(fd: fd, limit: maximumSize)
            return KnownHosts(text: String(decoding: bytes, as: UTF8.self))
        } catch {
            let reason =
                error.kind == .tooLarge
                ? "the file is \(error.reason); tlsprobe reads known-hosts files up to \(BoundedFile.size(maximumSize))"
                : error.reason
            throw FileError(path: path, description: "--known-hosts \(path): \(reason)")
        }
    }

    /// A descriptor of the file `path` names, created empty (0600) if missing, holding its
    /// exclusive lock. Waits at most `wait` seconds for another run to release it.
    private static func lock(_ path: String, wait: TimeInterval) throws(FileError) -> Int32 {
        let deadline = Date().addingTimeInterval(wait)
        while true {
            guard let fd = try open(path, create: true) else {
                throw FileError(path: path, description: "--known-hosts \(path): cannot be created")
            }
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR { continue }
                guard code == EWOULDBLOCK else {
                    close(fd)
                    throw FileError(
                        path: path,
                        description: "--known-hosts \(path): cannot be locked (\(String(cString: strerror(code))))"
                    )
                }
                guard Date() < deadline else {
                    close(fd)
                    throw FileError(
                        path: path,
                        description:
                            "--known-hosts \(path): another process has held its lock for \(wait == wait.rounded() ? "\(Int(wait))" : "\(wait)") s; try again"
                    )
                }
                usleep(5_000)
            }
            // Another run may have replaced the file while we waited: hold the lock on the
            // file the path names now, else try again with that one.
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0, lstat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino
            {
                return fd
            }
            close(fd)
        }
    }

    /// Writes `hosts` to a temporary file beside `path` and renames it over `path`.
    private static func replace(_ path: String, with hosts: KnownHosts) throws(FileError) {
        let directory = PathText.directory(path)
        let name = PathText.lastComponent(path)
        let place = directory.isEmpty ? "." : directory
        var template = Array((place + "/." + name + ".XXXXXX").utf8CString)
        // mkstemp creates the file with O_CREAT | O_EXCL, mode 0600.
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw FileError(
                path: path,
                description: "--known-hosts \(path): cannot write in \(place) (\(String(cString: strerror(errno))))"
            )
        }
        let temporary = String(
            decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) },
            as: UTF8.self
        )
        var failure = OwnFile.writeAll(fd, Array(hosts.text.utf8))
        if failure == nil && fchmod(fd, 0o600) != 0 { failure = errno }
        if failure == nil && fsync(fd) != 0 { failure = errno }
        close(fd)
        // rename replaces the name, never following a link planted there meanwhile.
        if failure == nil && rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw FileError(
                path: path,
                description: "--known-hosts \(path): cannot be written (\(String(cString: strerror(failure))))"
            )
        }
        // The rename is in the directory: flush it too, so a power cut after we return
        // cannot bring back the old file (best effort: some file systems refuse).
        let directoryFD = SystemCall.open(place, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }
}
