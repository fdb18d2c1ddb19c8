#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls

/// A key log in the NSS format (`CLIENT_RANDOM …`, `CLIENT_HANDSHAKE_TRAFFIC_SECRET …`)
/// that Wireshark and `tlsprobe capture --keylog` read. Lines are appended; the file is
/// created with mode 0600 and set to 0600 if it already existed, since it holds secrets,
/// and it is never another user's file, a file others may write, or reached through a link.
public final class KeyLogFile: @unchecked Sendable {
    // @unchecked: the descriptor never changes, each line goes out in one write(2) under
    // the lock (so concurrent handshakes may share one file), and `failure` is touched
    // only under it.

    /// The path as given.
    public let path: String
    private let fd: Int32
    private let lock = Lock()
    private var failure: OpenError?

    /// The first write that failed (a full disk, an I/O error), if any: the key log lacks
    /// secrets, which the run must report.
    public var writeFailure: OpenError? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// Why the key log cannot be opened or written.
    public struct OpenError: Error, Sendable, CustomStringConvertible {
        /// The key log file, as given.
        public let path: String
        public let description: String
    }

    /// Opens (or creates, mode 0600) `path` for appending: a regular file of the user
    /// running tlsprobe that no one else may write, never through a symbolic link, never
    /// blocking on a FIFO (`OwnFile`); an existing file is made 0600.
    public init(path: String) throws(OpenError) {
        let opened: Int32?
        do {
            opened = try OwnFile.open(path, access: O_WRONLY | O_APPEND, create: true)
        } catch {
            throw OpenError(path: path, description: "--keylog \(path): \(error.reason)")
        }
        guard let fd = opened else { throw OpenError(path: path, description: "--keylog \(path): cannot be created") }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & 0o777 != 0o600, fchmod(fd, 0o600) != 0 {
            let code = errno
            close(fd)
            throw OpenError(
                path: path,
                description: "--keylog \(path): cannot make it private (mode 0600): \(String(cString: strerror(code)))"
            )
        }
        self.path = path
        self.fd = fd
    }

    /// Appends one line (OpenSSL hands it over without the newline).
    package func append(_ line: UnsafePointer<CChar>) {
        var bytes = Array(
            UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: strlen(line))
        )
        bytes.append(0x0A)
        lock.lock()
        defer { lock.unlock() }
        // A line is written whole or not at all: a failed write (a full disk) is cut back
        // off, so no half line is left for a reader to take as a secret, and remembered.
        // Only while the file ends with our part: a browser or curl sharing the file
        // (SSLKEYLOGFILE) may have appended since, and its lines are not ours to cut.
        let end = lseek(fd, 0, SEEK_END)
        var written = 0
        if let code = OwnFile.writeAll(fd, bytes, written: &written) {
            var status = stat()
            if end >= 0, written > 0, fstat(fd, &status) == 0, Int64(status.st_size) == Int64(end) + Int64(written) {
                _ = ftruncate(fd, end)
            }
            if failure == nil {
                failure = OpenError(
                    path: path,
                    description:
                        "--keylog \(path): cannot be written (\(String(cString: strerror(code)))); the session's secrets are missing from it"
                )
            }
        }
        // Wipe our copy of the secret.
        bytes.withUnsafeMutableBytes { raw in if let base = raw.baseAddress { memset(base, 0, raw.count) } }
    }

    deinit { close(fd) }
}
