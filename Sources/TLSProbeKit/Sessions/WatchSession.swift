import SafeFiles
import SystemCalls
import TLSDiagnosis
import TLSProbeOutput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tlsprobe watch`: a scan now and then every `every` seconds, each round compared with
/// the last one kept in the state directory, the changes reported as `diff` reports them,
/// the round kept in its place (temporary file and rename: a kill never leaves half a
/// state). One watch per state directory: the lock is taken without waiting, and a second
/// watch is refused.
public struct WatchSession: Session, Sendable {
    public struct Configuration: Sendable {
        /// The scan each round runs.
        public var scan: ScanSession.Configuration
        /// Seconds from the start of one round to the start of the next.
        public var every: TimeInterval = 60
        /// `--state DIR`.
        public var state: String
        /// `--once`: one round against the stored state, then return.
        public var once = false
        /// `--expiring DAYS` for cert.expiring.
        public var expiringDays = ReportDiff.defaultExpiringDays
        /// `--prometheus FILE`: the text exposition, replaced after each round.
        public var prometheus: String?

        public init(scan: ScanSession.Configuration, state: String) {
            self.scan = scan
            self.state = state
        }
    }

    /// The name of the state file in the state directory: the last complete round, as
    /// `scan --json` writes it (so `tlsprobe diff` reads it too).
    public static let stateName = "last-scan.jsonl"
    /// When a round last found a change (Unix seconds), kept across restarts for
    /// `tlsprobe_last_change_timestamp_seconds`.
    public static let lastChangeName = "last-change"

    /// What a run did.
    public struct Outcome: Sendable {
        /// Rounds completed and kept.
        public var rounds = 0
        /// Changes reported in all.
        public var changes = 0
    }

    public let configuration: Configuration
    /// Told about the first round, which only fills the state (stderr).
    private let notes: @Sendable (String) -> Void

    public init(_ configuration: Configuration, notes: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.notes = notes
    }

    var statePath: String {
        (configuration.state.hasSuffix("/") ? configuration.state : configuration.state + "/") + Self.stateName
    }

    /// Runs rounds until `stop` (or after one with `once`); each round's changes go to
    /// `sink` (`Report.change`) as the round finds them, and the notes hear about the first
    /// round. Throws a `UserFacingError` when the state directory cannot be used or another
    /// watch holds it.
    @discardableResult
    public func run(into sink: some ReportSink, until stop: StopToken) throws -> Outcome {
        let c = configuration
        // The files each round writes are checked before the first: a round that could not
        // write them would have moved the state on with its changes never reported.
        try checkPrometheus()
        do throws(NewFiles.WriteError) {
            try NewFiles.makeDirectory(c.state)
        } catch {
            throw CouldNotExamine(.fileNotWritable, description: "--state \(error.description)", target: c.state)
        }
        let lock: Int32
        do throws(NewFiles.WriteError) {
            lock = try NewFiles.lock(in: c.state, wait: false)
        } catch {
            let message =
                error.exists
                ? "--state \(c.state): another tlsprobe watch uses this state directory (it holds \(NewFiles.lockName)); stop it first, or give another --state"
                : "--state \(error.description)"
            throw CouldNotExamine(.fileNotWritable, description: message, target: c.state)
        }
        defer { NewFiles.unlock(lock) }
        try checkStateFile()
        var outcome = Outcome()
        while !stop.isStopped {
            let started = Date()
            let lines = LineBuffer()
            let scanned = StreamSink(format: .jsonLines) { lines.append($0) }
            let summary = ScanSession(c.scan).run(into: scanned, until: stop)
            // A round cut short is neither compared nor kept: its missing endpoints are not gone.
            if summary.interrupted || stop.isStopped { break }
            let bytes = lines.bytes
            let new = try ReportReadBack.read(bytes, file: "this round's scan")
            let stored = try readState()
            // Checked again before the state moves on: the paths may have changed meanwhile.
            try checkPrometheus()
            try checkStateFile()
            var found: [EndpointChange] = []
            if let (old, written) = stored {
                let changes = ReportDiff.changes(
                    from: old,
                    to: new,
                    expiringDays: c.expiringDays,
                    oldTime: written,
                    newTime: started
                )
                outcome.changes += changes.count
                found = changes
                for change in changes { sink.emit(.change(change), threshold: .never) }
            } else {
                notes(
                    "Note: first round: \(new.endpoints.count) endpoint\(new.endpoints.count == 1 ? "" : "s") kept in \(statePath); later rounds report what changes"
                )
            }
            do throws(NewFiles.WriteError) {
                try NewFiles.write([NewFiles.File(path: statePath, bytes: bytes, mode: 0o600)], overwrite: true)
            } catch {
                throw CouldNotExamine(.fileNotWritable, description: "--state \(error.description)", target: statePath)
            }
            if !found.isEmpty { try write(Array(String(Int(started.timeIntervalSince1970)).utf8), to: lastChangePath) }
            if let prometheus = c.prometheus {
                let gone = stored.map { ReportDiff.pairs($0.0, new).filter { $0.new == nil }.compactMap(\.old) } ?? []
                let round = PrometheusText.Round(
                    scan: new,
                    gone: gone,
                    changes: found,
                    lastChange: readLastChange(),
                    duration: Double(summary.elapsedMilliseconds) / 1000
                )
                do throws(ChainFile.WriteError) {
                    try ReportFile.write(PrometheusText.render(round), to: prometheus, option: "--prometheus")
                } catch {
                    throw CouldNotExamine(.fileNotWritable, description: error.description, target: prometheus)
                }
            }
            outcome.rounds += 1
            if c.once { break }
            let next = started.addingTimeInterval(c.every).timeIntervalSinceNow
            if next > 0 {
                _ = stop.wakeUp.waitReadable(-1, milliseconds: Int32(min(next, 7 * 86_400) * 1000))
            }
        }
        return outcome
    }

    /// Refuses a `--prometheus` path that could never be written as `--html`'s is: a link,
    /// a FIFO or device, another user's file, a missing directory.
    private func checkPrometheus() throws {
        guard let path = configuration.prometheus else { return }
        do throws(ChainFile.WriteError) {
            try ReportFile.check(path, option: "--prometheus")
        } catch {
            throw CouldNotExamine(.fileNotWritable, description: error.description, target: path)
        }
    }

    /// Refuses a state file that is not a regular file of this user (a link, a FIFO).
    private func checkStateFile() throws {
        do throws(ChainFile.WriteError) {
            try ChainFile.check(statePath, option: "--state")
        } catch {
            throw CouldNotExamine(.fileNotWritable, description: error.description, target: statePath)
        }
    }

    var lastChangePath: String {
        (configuration.state.hasSuffix("/") ? configuration.state : configuration.state + "/") + Self.lastChangeName
    }

    /// Writes `bytes` to `path` in its place (temporary file, rename).
    private func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, option: String = "--state") throws {
        do throws(NewFiles.WriteError) {
            try NewFiles.write([NewFiles.File(path: path, bytes: bytes, mode: mode)], overwrite: true)
        } catch {
            throw CouldNotExamine(.fileNotWritable, description: "\(option) \(error.description)", target: path)
        }
    }

    /// When a round last found a change, from the state directory.
    private func readLastChange() -> Date? {
        guard let bytes = try? NewFiles.readOwn(lastChangePath, limit: 64),
            let seconds = Int(String(decoding: bytes, as: UTF8.self))
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The stored round and when it was written; nil before the first round.
    private func readState() throws -> (RecordedScan, Date)? {
        let bytes: [UInt8]?
        do throws(NewFiles.WriteError) {
            bytes = try NewFiles.readOwn(statePath, limit: ReportReadBack.maximumFileBytes)
        } catch {
            throw CouldNotExamine(.fileUnreadable, description: "--state \(error.description)", target: statePath)
        }
        guard let bytes else { return nil }
        let scan = try ReportReadBack.read(bytes, file: statePath)
        return (scan, FileTimes.written(statePath) ?? Date())
    }
}

/// The JSON lines of one round, appended from the scan's workers.
private final class LineBuffer: @unchecked Sendable {
    // @unchecked: `data` is only touched under `lock`.
    private let lock = Lock()
    private var data: [UInt8] = []

    func append(_ text: String) {
        lock.lock()
        data.append(contentsOf: text.utf8)
        if data.last != 0x0A { data.append(0x0A) }
        lock.unlock()
    }

    var bytes: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
