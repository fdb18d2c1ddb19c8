/// Writes a report page (`--html FILE`) by the rules of every file tlsprobe writes, as
/// `ChainFile` writes a chain: an existing file must be a regular file of the user running
/// tlsprobe that no one else may write, never reached through a symbolic link, never a FIFO
/// or a device; the page goes to a temporary file beside it, flushed and renamed over the
/// path, so a reader never sees half a page. A report holds nothing secret: 0644.
public enum ReportFile {
    /// Refuses, before anything is examined, a path that could never be written.
    public static func check(_ path: String, option: String = "--html") throws(ChainFile.WriteError) {
        try ChainFile.check(path, option: option)
    }

    /// Replaces the file at `path` with `text` (UTF-8).
    public static func write(_ text: String, to path: String, option: String = "--html") throws(ChainFile.WriteError) {
        try ChainFile.check(path, option: option)
        try ChainFile.replace(at: path, with: Array(text.utf8), mode: 0o644, option: option)
    }
}
