import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When files were written: diff's and watch's "when was this output made".
enum FileTimes {
    /// When the file at `path` was last written (its output's time); nil for standard
    /// input, a pipe or a file that cannot be looked at.
    static func written(_ path: String) -> Date? {
        guard path != "-" else { return nil }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let seconds = status.st_mtimespec.tv_sec
        #else
        let seconds = status.st_mtim.tv_sec
        #endif
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
