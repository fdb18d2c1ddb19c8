import Foundation

/// A key log in the NSS format (`CLIENT_RANDOM …`, `CLIENT_HANDSHAKE_TRAFFIC_SECRET …`)
/// that Wireshark and `tlsprobe capture --keylog` read. Lines are appended; the file is
/// created with mode 0600 and set to 0600 if it already existed, since it holds secrets.
public final class KeyLogFile: @unchecked Sendable {
    // @unchecked: the descriptor never changes and each line goes out in one write(2)
    // under the lock, so concurrent handshakes may share one file.

    /// The path as given.
    public let path: String
    private let fd: Int32
    private let lock = NSLock()

    /// Why the key log cannot be written.
    public struct OpenError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Opens (or creates) `path` for appending.
    public init(path: String) throws(OpenError) {
        // O_NOFOLLOW: a planted symlink must not redirect secrets elsewhere.
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno))
            throw OpenError(description: "--keylog \(path): cannot be written (\(reason))")
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw OpenError(description: "--keylog \(path): not a regular file")
        }
        if status.st_mode & 0o777 != 0o600 && fchmod(fd, 0o600) != 0 {
            close(fd)
            throw OpenError(description: "--keylog \(path): cannot make it private (mode 0600): \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.fd = fd
    }

    /// Appends one line (OpenSSL hands it over without the newline).
    func append(_ line: UnsafePointer<CChar>) {
        var bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: strlen(line)))
        bytes.append(0x0A)
        lock.lock()
        defer { lock.unlock() }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(fd, base + offset, raw.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
        // Wipe our copy of the secret.
        bytes.withUnsafeMutableBytes { raw in if let base = raw.baseAddress { memset(base, 0, raw.count) } }
    }

    deinit { close(fd) }
}
