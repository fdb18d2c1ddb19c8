import Foundation
import TLSModel

/// Reads and rewrites a known-hosts file (`--known-hosts FILE`). The rewrite is atomic — a
/// temporary file in the same directory, written, flushed and renamed over the old one,
/// then the directory flushed — so a crash or a concurrent reader never sees half a file,
/// and the result has mode 0600. A crash before the rename leaves the old file and a
/// `.NAME.XXXXXX` temporary beside it.
public enum KnownHostsFile {
    /// The largest file read: 4 MiB is some 40 000 servers.
    static let maximumSize = 4 << 20

    /// Why the file cannot be used.
    public struct FileError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The file's contents; an empty `KnownHosts` when it does not exist yet.
    public static func read(_ path: String) throws(FileError) -> KnownHosts {
        guard FileManager.default.fileExists(atPath: path) else { return KnownHosts(text: "") }
        do {
            let bytes = try FileBytes.read(path, limit: maximumSize, what: "known-hosts files")
            return KnownHosts(text: String(decoding: bytes, as: UTF8.self))
        } catch {
            throw FileError(description: "--known-hosts \(error.description)")
        }
    }

    /// Replaces the file at `path` with `hosts`, atomically, mode 0600. A symbolic link
    /// is followed: the file it points to is replaced, the link stays.
    public static func write(_ hosts: KnownHosts, to path: String) throws(FileError) {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { link in
            link.hasPrefix("/") ? link : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
        } ?? path
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/." + name + ".XXXXXX").utf8CString)
        // mkstemp creates the file with mode 0600, O_EXCL.
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw FileError(description: "--known-hosts \(path): cannot write in \(directory.isEmpty ? "." : directory) (\(String(cString: strerror(errno))))")
        }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        let bytes = Array(hosts.text.utf8)
        var offset = 0
        while offset < bytes.count && failure == nil {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.write(fd, base + offset, raw.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = String(cString: strerror(errno)) } else { offset += n }
        }
        if failure == nil && fchmod(fd, 0o600) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil && rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw FileError(description: "--known-hosts \(path): cannot be written (\(failure))")
        }
        // The rename is in the directory: flush it too, so a power cut after we return
        // cannot bring back the old file (best effort: some file systems refuse).
        let directoryFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }
}
