/// A path's directory and last component, read on its bytes: what NSString's
/// `deletingLastPathComponent`, `lastPathComponent` and `appendingPathComponent` give for
/// the paths tlsprobe writes, without Foundation's path code, which stopped the process
/// (SIGILL) on a one-character relative name such as `--out c` (ShortFileNamesTests).
public enum PathText {
    private static let slash = UInt8(ascii: "/")

    /// `path` without trailing slashes; "/" stays "/".
    private static func trimmed(_ path: String) -> ArraySlice<UInt8> {
        var bytes = ArraySlice(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        return bytes
    }

    /// The directory part: "" for a bare name ("w", "w/"), "/" for a name in the root or
    /// the root itself, and the part before the last slash otherwise ("a//b" gives "a").
    public static func directory(_ path: String) -> String {
        let bytes = trimmed(path)
        if bytes.isEmpty { return "" }
        if bytes.allSatisfy({ $0 == slash }) { return "/" }
        guard var end = bytes.lastIndex(of: slash) else { return "" }
        while end > bytes.startIndex, bytes[end - 1] == slash { end -= 1 }
        if end == bytes.startIndex { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component: the name after the last slash ("a/b/" gives "b"); "/" for the
    /// root; the path itself when it has no slash.
    public static func lastComponent(_ path: String) -> String {
        let bytes = trimmed(path)
        if !bytes.isEmpty && bytes.allSatisfy({ $0 == slash }) { return "/" }
        guard let cut = bytes.lastIndex(of: slash) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(cut + 1)...], as: UTF8.self)
    }

    /// `name` inside `directory`, with one slash between them ("" gives `name`).
    public static func appending(_ name: String, to directory: String) -> String {
        if directory.isEmpty { return name }
        return directory.utf8.last == slash ? directory + name : directory + "/" + name
    }
}
