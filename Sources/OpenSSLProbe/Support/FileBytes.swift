import Foundation
import TLSModel

/// Reads a whole file with a size limit (`BoundedFile`: the bytes read count, so devices
/// and pipes are bounded too), with errors that say why it cannot be read.
enum FileBytes {
    static func read(_ path: String, limit: Int, what: String = "credential files") throws(LoadError) -> [UInt8] {
        do {
            return try BoundedFile.read(path, limit: limit)
        } catch {
            switch error.kind {
            case .unreadable, .directory: throw LoadError(path, .unreadable, error.reason)
            case .tooLarge:
                throw LoadError(path, .tooLarge, "the file is \(error.reason); tlsprobe reads \(what) up to \(BoundedFile.size(limit))")
            }
        }
    }

    /// The rest of an open file, `path` naming it in errors.
    static func read(fd: Int32, path: String, limit: Int, what: String) throws(LoadError) -> [UInt8] {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw LoadError(path, .unreadable, "cannot be read (\(reason(errno)))") }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw LoadError(path, .unreadable, "this is a directory, not a file")
        }
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > limit {
            throw LoadError(path, .tooLarge, "the file is \(status.st_size) bytes; tlsprobe reads \(what) up to \(limit / 1_048_576) MiB")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LoadError(path, .unreadable, "cannot be read (\(reason(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bytes.count > limit {
            throw LoadError(path, .tooLarge, "the file is over \(limit / 1_048_576) MiB; tlsprobe reads \(what) up to \(limit / 1_048_576) MiB")
        }
        return bytes
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a directory"
        default: return String(cString: strerror(code))
        }
    }
}
