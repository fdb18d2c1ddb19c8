import SystemCalls
import TLSDiagnosis
import TLSProbeOutput

/// `tlsprobe diff`: two outputs of `scan --json` or `connect --json` read back and compared
/// endpoint by endpoint.
public struct DiffSession {
    public struct Configuration: Sendable {
        /// The older output (`-`: standard input).
        public var old: String
        /// The newer output (`-`: standard input).
        public var new: String
        /// `--expiring DAYS`.
        public var expiringDays: Int
        /// What "now" is for an output read from standard input.
        public var now: Date

        public init(old: String, new: String, expiringDays: Int = ReportDiff.defaultExpiringDays, now: Date = Date()) {
            self.old = old
            self.new = new
            self.expiringDays = expiringDays
            self.now = now
        }
    }

    /// `--expiring`'s default, as scan's.
    public static let defaultExpiringDays = ReportDiff.defaultExpiringDays

    public let configuration: Configuration

    public init(_ configuration: Configuration) { self.configuration = configuration }

    /// The changes, or a `ReportReadBack.ReadBackError` naming the file (and line) that
    /// could not be read back.
    public func run() throws -> [EndpointChange] {
        let old = try ReportReadBack.read(file: configuration.old)
        let new = try ReportReadBack.read(file: configuration.new)
        return ReportDiff.changes(
            from: old,
            to: new,
            expiringDays: configuration.expiringDays,
            oldTime: FileTimes.written(configuration.old) ?? configuration.now,
            newTime: FileTimes.written(configuration.new) ?? configuration.now
        )
    }

    /// The changes as diff prints them: a line of text each (coloured unless `noColor` or
    /// not a terminal), or a JSON line each.
    public static func render(_ changes: [EndpointChange], json: Bool, noColor: Bool) -> String {
        let renderer = TextRenderer(style: .forStandardOutput(noColorFlag: noColor))
        var text = ""
        for change in changes {
            text += json ? ReportJSON.json(change).serialized(pretty: false) + "\n" : renderer.change(change)
        }
        return text
    }
}
