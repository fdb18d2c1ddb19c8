#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel

/// TLS secrets by client random, read from NSS key log files (what `SSLKEYLOGFILE`,
/// `openssl s_client -keylogfile` and `tlsprobe connect --keylog` write) and from the
/// Decryption Secrets Blocks of pcapng files.
///
/// The NSS format is one secret per line, `LABEL CLIENT_RANDOM SECRET`, both values in
/// hex; `#` starts a comment:
///
///     CLIENT_HANDSHAKE_TRAFFIC_SECRET 3f9a…(64 hex digits) 7d1c…(64 or 96 hex digits)
///     CLIENT_RANDOM 3f9a…(64 hex digits) 9b4e…(96 hex digits: a TLS 1.2 master secret)
///
/// A bad line is counted and skipped, never fatal: a key log cut off in the middle of a
/// line still gives the secrets before the cut. Messages about bad lines name the line
/// and what is wrong, never the secret. Bounded: lines longer than `maxLineLength` are
/// refused, a file of which more than `maxFileSize` bytes are read is refused (a device
/// or a pipe too: the bytes read count, not the size the file claims), and at most
/// `maxConnections` client randoms are kept.
///
/// Filled before a capture is read, and by the capture's own Decryption Secrets Blocks
/// while it is read; looked up as connections need keys. Lookups and additions take a
/// lock: secrets can arrive on the reading thread while the command line thread loads.
public final class KeyLog: @unchecked Sendable {
    /// A key log label (the NSS key log format, draft-ietf-tls-keylogfile).
    public struct Label: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// TLS 1.2 and earlier: the 48-byte master secret.
        public static let clientRandom = Label(rawValue: "CLIENT_RANDOM")
        public static let clientEarlyTrafficSecret = Label(rawValue: "CLIENT_EARLY_TRAFFIC_SECRET")
        public static let clientHandshakeTrafficSecret = Label(rawValue: "CLIENT_HANDSHAKE_TRAFFIC_SECRET")
        public static let serverHandshakeTrafficSecret = Label(rawValue: "SERVER_HANDSHAKE_TRAFFIC_SECRET")
        public static let clientTrafficSecret0 = Label(rawValue: "CLIENT_TRAFFIC_SECRET_0")
        public static let serverTrafficSecret0 = Label(rawValue: "SERVER_TRAFFIC_SECRET_0")
        public static let earlyExporterSecret = Label(rawValue: "EARLY_EXPORTER_SECRET")
        public static let exporterSecret = Label(rawValue: "EXPORTER_SECRET")

        /// Every label whose first value is a client random.
        public static let known: Set<Label> = [
            .clientRandom, .clientEarlyTrafficSecret, .clientHandshakeTrafficSecret, .serverHandshakeTrafficSecret,
            .clientTrafficSecret0, .serverTrafficSecret0, .earlyExporterSecret, .exporterSecret,
        ]

        public var description: String { rawValue }
    }

    /// What reading one source gave.
    public struct LoadSummary: Sendable, Hashable {
        /// The file, or "pcapng Decryption Secrets Block".
        public var source: String
        /// Non-empty, non-comment lines read.
        public var lines = 0
        /// Secrets kept.
        public var secrets = 0
        /// Lines with a label this build does not use (`RSA`, newer labels): skipped.
        public var ignoredLines = 0
        /// Lines that are not `LABEL CLIENT_RANDOM SECRET` with valid hex: skipped.
        public var malformedLines = 0
        /// The first malformed line: its number and what is wrong with it (never the secret).
        public var firstProblem: String?
        /// Secrets dropped because `maxConnections` client randoms were already kept.
        public var droppedSecrets = 0

        public init(source: String) { self.source = source }
    }

    /// Why a key log file could not be read at all.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// The key log file, as given.
        public var path: String
        public var description: String
    }

    public static let maxLineLength = 1024
    public static let maxFileSize = 256 * 1024 * 1024
    // About 1 KiB of memory per connection kept: a quarter of a million is a quarter of a GiB.
    public static let maxConnections = 250_000

    private let lock = Lock()
    private var secrets: [[UInt8]: [Label: [UInt8]]] = [:]
    private var files: [(path: String, offset: Int)] = []
    private var embedded: LoadSummary?

    public init() {}

    /// Whether secrets can be looked up here: a key log file was given, or the capture
    /// carried secrets of its own. Connections are told they have no key only then.
    public var isConfigured: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !files.isEmpty || embedded != nil
    }

    /// Client randoms with at least one secret.
    public var connectionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return secrets.count
    }

    /// What the capture's Decryption Secrets Blocks gave, when it had any.
    public var embeddedSummary: LoadSummary? {
        lock.lock()
        defer { lock.unlock() }
        return embedded
    }

    /// Reads the key log at `path`.
    @discardableResult
    public func load(file path: String) throws(LoadError) -> LoadSummary {
        let data = try Self.read(path, from: 0)
        var summary = LoadSummary(source: path)
        let consumed = add(data, to: &summary, partialLastLine: true)
        lock.lock()
        files.append((path, consumed))
        lock.unlock()
        return summary
    }

    /// Adds the NSS key log text of a Decryption Secrets Block.
    public func addEmbedded(_ text: some Collection<UInt8>) {
        lock.lock()
        var summary = embedded ?? LoadSummary(source: "pcapng Decryption Secrets Block")
        lock.unlock()
        add(Array(text), to: &summary, partialLastLine: true)
        lock.lock()
        embedded = summary
        lock.unlock()
    }

    /// The secrets logged for `clientRandom`, by label; nil when there are none.
    public func secrets(for clientRandom: [UInt8]) -> [Label: [UInt8]]? {
        lock.lock()
        defer { lock.unlock() }
        return secrets[clientRandom]
    }

    /// Reads what was appended to the key log files since they were read: a client writing
    /// its key log during a live capture. Returns whether anything new was read.
    @discardableResult
    public func refresh() -> Bool {
        lock.lock()
        let current = files
        lock.unlock()
        var grew = false
        for (index, file) in current.enumerated() {
            var info = stat()
            guard stat(file.path, &info) == 0 else { continue }
            let size = Int(info.st_size)
            // Shorter than what was read: the file was replaced; read it again.
            let start = size < file.offset ? 0 : file.offset
            guard size > start, let data = try? Self.read(file.path, from: start) else { continue }
            var summary = LoadSummary(source: file.path)
            let consumed = add(data, to: &summary, partialLastLine: false)
            lock.lock()
            files[index].offset = start + consumed
            lock.unlock()
            grew = grew || summary.secrets > 0
        }
        return grew
    }

    /// The key log's bytes from `offset` on, through the one bounded reader: the bytes
    /// actually read count against `maxFileSize` (with `offset`), so a device
    /// (`--keylog /dev/zero`) or a pipe is refused as soon as it passes the limit.
    private static func read(_ path: String, from offset: Int) throws(LoadError) -> [UInt8] {
        do {
            return try BoundedFile.read(path, from: offset, limit: maxFileSize)
        } catch {
            switch error.kind {
            case .tooLarge:
                throw LoadError(
                    path: path,
                    description:
                        "--keylog \(path): more than a key log can be (\(error.reason); limit \(maxFileSize / 1_048_576) MiB)"
                )
            case .unreadable, .directory:
                throw LoadError(path: path, description: "--keylog \(path): \(error.reason)")
            }
        }
    }

    /// Parses `text` into the table (an unterminated last line too, when `partialLastLine`
    /// says it counts); returns how many bytes end in a newline, where a later `refresh`
    /// goes on reading (a writer may still be finishing that last line).
    @discardableResult
    private func add(_ text: [UInt8], to summary: inout LoadSummary, partialLastLine: Bool) -> Int {
        var parsed: [(Label, [UInt8], [UInt8])] = []
        var lineNumber = 0
        var start = 0
        var consumed = 0
        while start < text.count {
            let newline = text[start...].firstIndex(of: UInt8(ascii: "\n"))
            guard newline != nil || partialLastLine else { break }
            let end = newline ?? text.count
            lineNumber += 1
            switch Self.parse(line: text[start..<end]) {
            case .blank:
                break
            case .entry(let label, let random, let secret):
                summary.lines += 1
                parsed.append((label, random, secret))
            case .ignored:
                summary.lines += 1
                summary.ignoredLines += 1
            case .malformed(let reason):
                summary.lines += 1
                summary.malformedLines += 1
                if summary.firstProblem == nil { summary.firstProblem = "line \(lineNumber): \(reason)" }
            }
            start = end + 1
            if newline != nil { consumed = start }
        }
        lock.lock()
        defer { lock.unlock() }
        for (label, random, secret) in parsed {
            if secrets[random] == nil && secrets.count >= Self.maxConnections {
                summary.droppedSecrets += 1
                continue
            }
            secrets[random, default: [:]][label] = secret
            summary.secrets += 1
        }
        return consumed
    }

    enum ParsedLine: Equatable {
        case blank
        case entry(Label, random: [UInt8], secret: [UInt8])
        case ignored
        case malformed(String)
    }

    /// One line of the NSS key log format.
    static func parse(line raw: ArraySlice<UInt8>) -> ParsedLine {
        guard raw.count <= maxLineLength else { return .malformed("longer than \(maxLineLength) characters") }
        var line = raw
        while let last = line.last,
            last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t")
        {
            line = line.dropLast()
        }
        while let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            line = line.dropFirst()
        }
        if line.isEmpty || line.first == UInt8(ascii: "#") { return .blank }
        let fields = line.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        guard let labelBytes = fields.first, labelBytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .malformed("not text: expected LABEL CLIENT_RANDOM SECRET")
        }
        let label = Label(rawValue: String(decoding: labelBytes, as: UTF8.self))
        guard Label.known.contains(label) else { return .ignored }
        guard fields.count == 3 else {
            return .malformed("\(label) with \(fields.count - 1) value(s): expected LABEL CLIENT_RANDOM SECRET")
        }
        guard let random = Self.hex(fields[1]), random.count == 32 else {
            return .malformed("\(label): the client random is not 64 hex digits")
        }
        guard let secret = Self.hex(fields[2]) else {
            return .malformed("\(label): the secret is not an even number of hex digits (a line cut short?)")
        }
        if label == .clientRandom {
            guard secret.count == 48 else {
                return .malformed(
                    "CLIENT_RANDOM: the master secret is \(secret.count) bytes, not 48 (a line cut short?)"
                )
            }
        } else {
            // SHA-256 or SHA-384 suites: 32 or 48 bytes; other lengths are a cut line.
            guard secret.count == 32 || secret.count == 48 else {
                return .malformed("\(label): the secret is \(secret.count) bytes, not 32 or 48 (a line cut short?)")
            }
        }
        return .entry(label, random: random, secret: secret)
    }

    /// Hex digits (either case) as bytes; nil for odd lengths or other characters.
    static func hex(_ digits: some Collection<UInt8>) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var high: UInt8?
        for character in digits {
            let value: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let h = high {
                bytes.append(h << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }
}
