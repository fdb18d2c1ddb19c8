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
}
