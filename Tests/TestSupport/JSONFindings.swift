/// The findings of a report as tlsprobe prints it with `--json` (one object, or one JSON
/// line of `listen` or `capture`), parsed with JSONSerialization.
public enum JSONFindings {
    /// The `findings` array; empty when there is none.
    public static func all(_ report: [String: Any]) -> [[String: Any]] {
        report["findings"] as? [[String: Any]] ?? []
    }

    /// The finding codes, in the order printed.
    public static func codes(_ report: [String: Any]) -> [String] {
        all(report).compactMap { $0["code"] as? String }
    }

    /// The first finding with `code`, or nil.
    public static func finding(_ report: [String: Any], _ code: String) -> [String: Any]? {
        all(report).first { $0["code"] as? String == code }
    }
}
