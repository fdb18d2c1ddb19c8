import Foundation

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

    /// How many bytes are read at a time.
    static let chunkSize = 1 << 20

    /// The bytes of the file at `path` from `offset` on, when `offset` plus the bytes read
    /// are at most `limit`; `.tooLarge` as soon as one byte more is read. With
    /// `truncating`, the first `limit` bytes are returned instead of an error.
    public static func read(_ path: String, from offset: Int = 0, limit: Int, truncating: Bool = false) throws(ReadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReadError(kind: .directory, reason: "this is a directory, not a file")
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw ReadError(kind: .unreadable, reason: "cannot be read (\(Self.reason(error, path: path)))")
        }
        defer { try? handle.close() }
        return try read(handle, from: offset, limit: limit, truncating: truncating)
    }

    /// The bytes of an open file from `offset` on, under the same bound as `read(_:from:limit:truncating:)`;
    /// the handle is left open.
    public static func read(_ handle: FileHandle, from offset: Int = 0, limit: Int, truncating: Bool = false) throws(ReadError) -> [UInt8] {
        let budget = limit - offset
        guard budget >= 0 else {
            if truncating { return [] }
            throw tooLarge(limit)
        }
        if offset > 0 {
            do {
                try handle.seek(toOffset: UInt64(offset))
            } catch {
                throw ReadError(kind: .unreadable, reason: "cannot be read (\(error.localizedDescription))")
            }
        }
        // Never read past budget + 1 bytes, and grow the buffer at most to that.
        let wanted = truncating ? budget : budget + 1
        var bytes: [UInt8] = []
        while bytes.count < wanted {
            let data: Data?
            do {
                data = try handle.read(upToCount: min(chunkSize, wanted - bytes.count))
            } catch {
                throw ReadError(kind: .unreadable, reason: "cannot be read (\(error.localizedDescription))")
            }
            guard let data, !data.isEmpty else { break }
            if bytes.count + data.count > bytes.capacity {
                bytes.reserveCapacity(min(max(bytes.capacity * 2, bytes.count + data.count), wanted))
            }
            bytes.append(contentsOf: data)
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

    private static func reason(_ error: any Error, path: String) -> String {
        let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code ?? (error as NSError).code
        if (error as NSError).domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: (error as NSError).code) {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
            case .fileReadNoPermission: return "permission denied"
            default: break
            }
        }
        switch Int32(truncatingIfNeeded: code) {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        default: return FileManager.default.fileExists(atPath: path) ? error.localizedDescription : "no such file"
        }
    }
}
