import Foundation
import SystemCalls

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
/// following a symbolic link planted there. A failure removes the temporary files and any
/// file this call had already put in place.
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

    /// Creates `directory` (mode 0755, its parents too) when it does not exist; refuses a
    /// path that exists and is not a directory.
    public static func makeDirectory(_ directory: String) throws(WriteError) {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw WriteError(path: directory, description: "\(directory): exists and is not a directory", exists: false)
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw WriteError(path: directory, description: "\(directory): cannot create the directory (\(error.localizedDescription))", exists: false)
        }
    }

    /// Writes every file, or none.
    public static func write(_ files: [File], overwrite: Bool) throws(WriteError) {
        if !overwrite, let first = existing(files.map(\.path)).first {
            throw WriteError(path: first, description: "\(first): exists already; tlsprobe overwrites nothing without --force", exists: true)
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
                for path in placed { unlink(path) }
                let reason = code == EEXIST ? "was created by something else meanwhile; nothing was written" : "cannot be written (\(String(cString: strerror(code))))"
                throw WriteError(path: entry.file.path, description: "\(entry.file.path): \(reason)", exists: code == EEXIST)
            }
            placed.append(entry.file.path)
        }
        for directory in Set(files.map { ($0.path as NSString).deletingLastPathComponent }) {
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
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFLNK else { return }
        unlink(path)
    }

    /// `file` written to a new temporary file beside it, with its mode; the temporary's path.
    private static func temporary(for file: File) -> Result<String, WriteError> {
        let directory = (file.path as NSString).deletingLastPathComponent
        let name = (file.path as NSString).lastPathComponent
        let place = directory.isEmpty ? "." : directory
        var template = Array((place + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            return .failure(WriteError(path: file.path, description: "\(file.path): cannot write in \(place) (\(String(cString: strerror(errno))))", exists: false))
        }
        let path = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = OwnFile.writeAll(fd, file.bytes)
        if failure == nil && fchmod(fd, file.mode) != 0 { failure = errno }
        if failure == nil && fsync(fd) != 0 { failure = errno }
        close(fd)
        if let failure {
            unlink(path)
            return .failure(WriteError(path: file.path, description: "\(file.path): cannot be written (\(String(cString: strerror(failure))))", exists: false))
        }
        return .success(path)
    }
}
