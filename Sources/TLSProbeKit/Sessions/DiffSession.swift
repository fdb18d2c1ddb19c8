import SystemCalls
import TLSDiagnosis
import TLSProbeOutput

/// `tlsprobe diff`: two outputs of `scan --json` or `connect --json` read back and compared
/// endpoint by endpoint, each change a report (`Report.change`).
public struct DiffSession: Session, Sendable {
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

    /// Reads both outputs back, writes each change to `sink` and returns them; throws a
    /// `ReportReadBack.ReadBackError` naming the file (and line) that could not be read
    /// back. Two files read once: `stop` is not consulted.
    @discardableResult
    public func run(into sink: some ReportSink, until stop: StopToken) throws -> [EndpointChange] {
        let old = try ReportReadBack.read(file: configuration.old)
        let new = try ReportReadBack.read(file: configuration.new)
        let changes = ReportDiff.changes(
            from: old,
            to: new,
            expiringDays: configuration.expiringDays,
            oldTime: FileTimes.written(configuration.old) ?? configuration.now,
            newTime: FileTimes.written(configuration.new) ?? configuration.now
        )
        // A change is no finding: diff's exit status is whether there were any.
        for change in changes { sink.emit(.change(change), threshold: .never) }
        return changes
    }
}
