import SystemCalls
import TLSModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the set of files one `tlsprobe identity` run makes, all or none: each goes first
/// to a temporary file in its directory (mkstemp: O_CREAT | O_EXCL, mode 0600, then the
/// file's own mode), written and flushed; only when every one is written are they put in
/// place. Without `overwrite` a file is put in place with link(2), which fails rather than
/// replace anything (a file created meanwhile is not clobbered), and an existing name is
/// refused before anything is written; with it, rename(2) replaces the name itself, never
/// following a symbolic link planted there, and each file replaced is first kept under a
/// hard link beside it until every new file is in place. A failure removes the temporary
/// files and any file this call had already put in place, and puts every replaced file back.
/// Runs into one directory hold `lock(in:)` so that two of them cannot mix their files.
public enum NewFiles {
    /// One file to write.
    public struct File: Sendable {
        public let path: String
        public let bytes: [UInt8]
        /// 0600 for keys and PKCS#12 files, 0644 for certificates.
        public let mode: mode_t

        public init(path: String, bytes: [UInt8], mode: mode_t) {
            self.path = path
            self.bytes = bytes
            self.mode = mode
        }
    }

    /// Why the files were not written; nothing was left behind.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        /// The file the error is about.
        public let path: String
        public let description: String
        /// An existing file refused without `overwrite`.
        public let exists: Bool
    }

    /// The files of `files` that exist already (whatever they are, a dangling link included).
    public static func existing(_ files: [String]) -> [String] {
        files.filter { path in
            var status = stat()
            return lstat(path, &status) == 0
        }
    }

    /// Creates `directory` (mode 0755 whatever the umask, its parents too) when it does not
    /// exist; refuses a path that exists and is not a directory. Returns the directories it
    /// created, deepest first, for a failed run to remove (`removeDirectories`).
    @discardableResult
    public static func makeDirectory(_ directory: String) throws(WriteError) -> [String] {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw WriteError(
                    path: directory,
                    description: "\(directory): exists and is not a directory",
                    exists: false
                )
            }
            return []
        }
        // The missing ones, from `directory` up to the first that exists.
        var missing: [String] = []
        var current = directory
        while !current.isEmpty && current != "/" && current != "." && lstat(current, &status) != 0 {
            missing.append(current)
            let parent = PathText.directory(current)
            if parent == current { break }
            current = parent
        }
        // Shallowest first; each made 0755 whatever the umask. One that appeared meanwhile
        // (another run) is fine if it is a directory.
        for path in missing.reversed() {
            if mkdir(path, 0o755) != 0 {
                let code = errno
                guard code == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                    removeDirectories(missing)
                    throw WriteError(
                        path: directory,
                        description:
                            "\(directory): cannot create the directory (\(String(cString: strerror(code)).lowercased()))",
                        exists: false
                    )
                }
                continue
            }
            _ = chmod(path, 0o755)
        }
        return missing
    }

    /// Removes the directories `makeDirectory` created (deepest first), each only when empty.
    public static func removeDirectories(_ directories: [String]) {
        for directory in directories { rmdir(directory) }
    }

    /// The name of the lock file in a directory identity writes to.
    public static let lockName = ".tlsprobe.lock"

    /// An exclusive flock(2) on `directory`/.tlsprobe.lock, held until `unlock`: opened as
    /// every file tlsprobe writes is (never through a link, only a regular file of our own
    /// that others cannot write, created 0600), and waited for when another run holds it.
    /// The file stays (removing it would let a third run lock a new file while the second
    /// still holds the old one).
    /// With `wait` false, a lock another run holds is refused at once: the error's
    /// `exists` is true then.
    public static func lock(in directory: String, wait: Bool = true) throws(WriteError) -> Int32 {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + lockName
        let opened: Int32?
        do {
            opened = try OwnFile.open(path, access: O_RDWR, create: true)
        } catch {
            throw WriteError(path: path, description: "\(path): \(error.reason)", exists: false)
        }
        guard let fd = opened else {
            throw WriteError(path: path, description: "\(path): cannot be created", exists: false)
        }
        var result: Int32
        repeat { result = flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) } while result != 0 && errno == EINTR
        if result != 0 {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK {
                throw WriteError(path: path, description: "\(path): another run holds its lock", exists: true)
            }
            throw WriteError(
                path: path,
                description: "\(path): cannot be locked (\(String(cString: strerror(code))))",
                exists: false
            )
        }
        return fd
    }

    /// The bytes of a file tlsprobe wrote and reads back (watch's state), opened by the rules
    /// of files it writes (no link followed, a regular file of our own that others cannot
    /// write) and read through `BoundedFile`'s bound; nil when it does not exist.
    public static func readOwn(_ path: String, limit: Int) throws(WriteError) -> [UInt8]? {
        let opened: Int32?
        do {
            opened = try OwnFile.open(path, access: O_RDONLY, create: false)
        } catch {
            throw WriteError(path: path, description: "\(path): \(error.reason)", exists: true)
        }
        guard let fd = opened else { return nil }
        defer { close(fd) }
        do throws(BoundedFile.ReadError) {
            return try BoundedFile.read(fd: fd, limit: limit)
        } catch {
            throw WriteError(path: path, description: "\(path): \(error.reason)", exists: true)
        }
    }

    /// Releases a lock from `lock(in:)`.
    public static func unlock(_ fd: Int32) {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }

    /// Writes every file, or none.
    public static func write(_ files: [File], overwrite: Bool) throws(WriteError) {
        if !overwrite, let first = existing(files.map(\.path)).first {
            throw WriteError(
                path: first,
                description: "\(first): exists already; tlsprobe overwrites nothing without --force",
                exists: true
            )
        }
        for file in files {
            var status = stat()
            if lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                throw WriteError(path: file.path, description: "\(file.path): is a directory", exists: true)
            }
        }
        var temporaries: [(file: File, temporary: String)] = []
        func removeTemporaries() { for entry in temporaries { unlink(entry.temporary) } }
        for file in files {
            switch temporary(for: file) {
            case .success(let path): temporaries.append((file, path))
            case .failure(let error):
                removeTemporaries()
                throw error
            }
        }
        // With `overwrite`, each file about to be replaced stays reachable under a hard link
        // (of the name itself, never a link's target) until every new file is in place.
        var kept: [String: String] = [:]
        func restore(_ placed: [String]) {
            for path in placed {
                if let old = kept[path] { rename(old, path) } else { unlink(path) }
            }
            for (_, old) in kept { unlink(old) }
        }
        if overwrite {
            for entry in temporaries {
                var status = stat()
                guard lstat(entry.file.path, &status) == 0 else { continue }
                if let old = keep(entry.file.path) {
                    kept[entry.file.path] = old
                } else {
                    let code = errno
                    removeTemporaries()
                    restore([])
                    throw WriteError(
                        path: entry.file.path,
                        description: "\(entry.file.path): cannot be replaced (\(String(cString: strerror(code))))",
                        exists: false
                    )
                }
            }
        }
        var placed: [String] = []
        for entry in temporaries {
            let failed: Int32?
            if overwrite {
                failed = rename(entry.temporary, entry.file.path) == 0 ? nil : errno
            } else if link(entry.temporary, entry.file.path) == 0 {
                unlink(entry.temporary)
                failed = nil
            } else {
                failed = errno
            }
            if let code = failed {
                removeTemporaries()
                restore(placed)
                let reason =
                    code == EEXIST
                    ? "was created by something else meanwhile; nothing was written"
                    : "cannot be written (\(String(cString: strerror(code))))"
                throw WriteError(
                    path: entry.file.path,
                    description: "\(entry.file.path): \(reason)",
                    exists: code == EEXIST
                )
            }
            placed.append(entry.file.path)
        }
        for (_, old) in kept { unlink(old) }
        for directory in Set(files.map { PathText.directory($0.path) }) {
            let fd = SystemCall.open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 {
                _ = fsync(fd)
                close(fd)
            }
        }
    }

    /// Removes `path` when it is a regular file or a link (a stale file a replaced CA no
    /// longer has); never follows a link.
    public static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFLNK else {
            return
        }
        unlink(path)
    }

    /// A hard link to `path` (the name itself: a symbolic link is linked, not followed) under a
    /// new hidden name beside it; nil with errno set when it cannot be made.
    private static func keep(_ path: String) -> String? {
        let directory = PathText.directory(path)
        let name = PathText.lastComponent(path)
        let place = directory.isEmpty ? "." : directory
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let old = place + "/." + name + ".old-" + suffix
            if linkat(AT_FDCWD, path, AT_FDCWD, old, 0) == 0 { return old }
            if errno != EEXIST { return nil }
        }
        errno = EEXIST
        return nil
    }

    /// `file` written to a new temporary file beside it, with its mode; the temporary's path.
    private static func temporary(for file: File) -> Result<String, WriteError> {
        let directory = PathText.directory(file.path)
        let name = PathText.lastComponent(file.path)
        let place = directory.isEmpty ? "." : directory
        var template = Array((place + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            return .failure(
                WriteError(
                    path: file.path,
                    description: "\(file.path): cannot write in \(place) (\(String(cString: strerror(errno))))",
                    exists: false
                )
            )
        }
        let path = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = OwnFile.writeAll(fd, file.bytes)
        if failure == nil && fchmod(fd, file.mode) != 0 { failure = errno }
        if failure == nil && fsync(fd) != 0 { failure = errno }
        close(fd)
        if let failure {
            unlink(path)
            return .failure(
                WriteError(
                    path: file.path,
                    description: "\(file.path): cannot be written (\(String(cString: strerror(failure))))",
                    exists: false
                )
            )
        }
        return .success(path)
    }
}
