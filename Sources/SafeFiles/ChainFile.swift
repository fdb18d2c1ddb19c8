import SystemCalls
import TLSModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the chain a server presented as PEM, leaf first (`connect --save-chain FILE`; the
/// certificate listen serves, `listen --save-cert FILE`),
/// by the rules of every file tlsprobe writes: an existing file must be a regular file of
/// the user running tlsprobe that no one else may write, never reached through a symbolic
/// link, never a FIFO or a device (`OwnFile`); the new contents go to a temporary file in
/// the same directory (mkstemp: O_CREAT | O_EXCL), which is flushed and renamed over the
/// path, so a reader never sees half a chain and a link planted meanwhile is replaced, not
/// followed. Certificates are public: the file is left readable by others (0644).
public enum ChainFile {
    /// Why the chain cannot be written.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        /// The file, as given.
        public let path: String
        public let description: String
    }

    /// Refuses, before any handshake, a path that could never be written: a link, a FIFO,
    /// a device, another user's file, a file others may write, a missing directory.
    /// `option` names the option in the error (`--save-chain`, `--save-cert`).
    public static func check(_ path: String, option: String = "--save-chain") throws(WriteError) {
        do {
            if let fd = try OwnFile.open(path, access: O_RDONLY, create: false) { close(fd) }
        } catch {
            throw WriteError(path: path, description: "\(option) \(path): \(error.reason)")
        }
        var status = stat()
        let place = directory(of: path)
        guard stat(place, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw WriteError(path: path, description: "\(option) \(path): the directory \(place) does not exist")
        }
    }

    /// The PEM text of `certificates`, in the order given.
    public static func pem(_ certificates: [X509Certificate]) -> String {
        certificates.map { PEM.encode($0.der, label: "CERTIFICATE") }.joined()
    }

    /// Replaces the file at `path` with `certificates` as PEM, leaf first.
    public static func write(
        _ certificates: [X509Certificate],
        to path: String,
        option: String = "--save-chain"
    ) throws(WriteError) {
        try check(path, option: option)
        try replace(at: path, with: Array(pem(certificates).utf8), mode: 0o644, option: option)
    }

    /// Replaces the file at `path` (checked already) with `bytes`: a temporary file beside
    /// it (mkstemp), flushed, given `mode`, renamed over the path. `option` names the
    /// option in the error.
    package static func replace(
        at path: String,
        with bytes: [UInt8],
        mode: mode_t,
        option: String
    ) throws(WriteError) {
        let place = directory(of: path)
        let name = PathText.lastComponent(path)
        var template = Array((place + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw WriteError(
                path: path,
                description: "\(option) \(path): cannot write in \(place) (\(String(cString: strerror(errno))))"
            )
        }
        let temporary = String(
            decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) },
            as: UTF8.self
        )
        var failure = OwnFile.writeAll(fd, bytes)
        if failure == nil && fchmod(fd, mode) != 0 { failure = errno }
        if failure == nil && fsync(fd) != 0 { failure = errno }
        close(fd)
        // rename replaces the name, never following a link planted there meanwhile.
        if failure == nil && rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw WriteError(
                path: path,
                description: "\(option) \(path): cannot be written (\(String(cString: strerror(failure))))"
            )
        }
    }

    private static func directory(of path: String) -> String {
        let directory = PathText.directory(path)
        return directory.isEmpty ? "." : directory
    }
}
