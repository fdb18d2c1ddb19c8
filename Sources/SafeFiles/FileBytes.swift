import SystemCalls
import TLSModel

/// Reads a whole file with a size limit (`BoundedFile`: the bytes read count, so devices
/// and pipes are bounded too), with errors that say why it cannot be read.
package enum FileBytes {
    package static func read(
        _ path: String,
        limit: Int,
        what: String = "credential files"
    ) throws(LoadError) -> [UInt8] {
        try loadError(path, limit: limit, what: what) { () throws(BoundedFile.ReadError) in
            try BoundedFile.read(path, limit: limit)
        }
    }

    /// The rest of an open file (left open), `path` naming it in errors.
    package static func read(fd: Int32, path: String, limit: Int, what: String) throws(LoadError) -> [UInt8] {
        try loadError(path, limit: limit, what: what) { () throws(BoundedFile.ReadError) in
            try BoundedFile.read(fd: fd, limit: limit)
        }
    }

    /// `BoundedFile`'s error as a LoadError naming `path` and what kind of file it is.
    private static func loadError(
        _ path: String,
        limit: Int,
        what: String,
        _ body: () throws(BoundedFile.ReadError) -> [UInt8]
    ) throws(LoadError) -> [UInt8] {
        do {
            return try body()
        } catch {
            switch error.kind {
            case .unreadable, .directory: throw LoadError(path, .unreadable, error.reason)
            case .tooLarge:
                throw LoadError(
                    path,
                    .tooLarge,
                    "the file is \(error.reason); tlsprobe reads \(what) up to \(BoundedFile.size(limit))"
                )
            }
        }
    }
}
