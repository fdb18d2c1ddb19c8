internal import CPcap
import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source of packets — a pcap or pcapng file, standard input, or a live interface — run
/// through a `CaptureAnalyzer`. This is the library side of `tlsprobe capture`.
public final class PacketCapture {
    private let handle: PcapHandle
    /// What is being read: the file name, "standard input", or "interface lo".
    public let name: String
    /// The file's size, when it is a regular file (for progress).
    private let fileSize: Int?
    /// The secrets connections are decrypted with: load `--keylog` files into it before
    /// `run`; a pcapng file's Decryption Secrets Blocks are added as they are read.
    public let keyLog: KeyLog

    private init(handle: PcapHandle, name: String, fileSize: Int?, keyLog: KeyLog) {
        self.handle = handle
        self.name = name
        self.fileSize = fileSize
        self.keyLog = keyLog
    }

    /// The link type's name (`Ethernet`, `Linux cooked v2`).
    public var linkTypeName: String { FrameDecoder.LinkType.name(handle.linkType) }
    /// Whether this is a live capture.
    public var isLive: Bool { handle.isLive }
    /// Whether the capture is read from a regular file (not an interface, a pipe or a FIFO):
    /// its packets never wait to arrive.
    public var readsRegularFile: Bool { !handle.isLive && handle.regularFileSize != nil }

    /// Opens a pcap or pcapng file ("-" for standard input), with an optional BPF `filter`.
    /// Reads of a pipe, a FIFO or a terminal wait for `wake` too: once it is signalled they
    /// end the input (a stop request, however quiet the writer).
    public static func open(
        file path: String,
        filter: String? = nil,
        wake: WakeUp? = nil
    ) throws(PcapError) -> PacketCapture {
        do {
            return try openFile(path, filter: filter, wake: wake)
        } catch {
            var failure = error
            failure.target = path
            throw failure
        }
    }

    private static func openFile(_ path: String, filter: String?, wake: WakeUp?) throws(PcapError) -> PacketCapture {
        let keyLog = KeyLog()
        let handle = try PcapHandle.offline(path: path, wake: wake) { type, data in
            if type == PcapngSecretsScanner.tlsKeyLogSecrets { keyLog.addEmbedded(data) }
        }
        try checkLinkType(handle, name: path)
        if let filter { try handle.setFilter(filter) }
        // The size the progress line measures against: the file opened (not the path looked
        // up again); standard input's reading may not start at its beginning.
        let size = path == "-" ? nil : handle.regularFileSize
        return PacketCapture(
            handle: handle,
            name: path == "-" ? "standard input" : path,
            fileSize: size,
            keyLog: keyLog
        )
    }

    /// Opens `interface` for live capture with the BPF `filter`.
    public static func open(interface: String, filter: String) throws(PcapError) -> PacketCapture {
        do {
            let handle = try PcapHandle.live(interface: interface, filter: filter)
            try checkLinkType(handle, name: "interface \(interface)")
            return PacketCapture(handle: handle, name: "interface \(interface)", fileSize: nil, keyLog: KeyLog())
        } catch {
            var failure = error
            failure.target = interface
            throw failure
        }
    }

    private static func checkLinkType(_ handle: PcapHandle, name: String) throws(PcapError) {
        guard FrameDecoder.LinkType.isSupported(handle.linkType) else {
            throw PcapError(
                handle.isLive ? .cannotOpenInterface : .cannotOpenFile,
                "\(name): link type \(handle.linkType) is not one tlsprobe reads (Ethernet, 802.1Q, Linux cooked v1/v2, raw IP, BSD loopback)"
            )
        }
    }

    /// Where a long read stands, for a progress line.
    public struct Progress: Sendable {
        public var statistics: CaptureStatistics
        /// Bytes of the file read so far and its size, when known.
        public var filePosition: Int?
        public var fileSize: Int?
        /// Seconds since the run started.
        public var elapsed: Double
    }

    /// When to stop, besides the end of a file.
    public struct StopConditions {
        /// Stop after this many connections have been reported.
        public var connections: Int?
        /// Stop after this many seconds (wall clock).
        public var duration: Double?
        /// Polled between packets and while waiting: true stops the run (Ctrl-C).
        public var requested: () -> Bool

        public init(connections: Int? = nil, duration: Double? = nil, requested: @escaping () -> Bool = { false }) {
            self.connections = connections
            self.duration = duration
            self.requested = requested
        }
    }

    /// Reads until the end, an error or a stop condition, reporting each TLS connection to
    /// `onConnection` as it completes and, about once a second, calling `progress`.
    /// A read error in the middle (a file cut off mid-packet) ends the run with what was
    /// read; it is in the statistics' `readError`.
    public func run(
        until stop: StopConditions = StopConditions(),
        limits: CaptureAnalyzer.Limits = CaptureAnalyzer.Limits(),
        progress: ((Progress) -> Void)? = nil,
        onConnection: @escaping (CapturedConnection) -> Void
    ) -> CaptureStatistics {
        var reported = 0
        // A live capture's key log may still be being written by the client.
        let decryption = CaptureAnalyzer.Decryption(keyLog: keyLog, refreshOnMiss: handle.isLive)
        let analyzer = CaptureAnalyzer(linkType: handle.linkType, limits: limits, decryption: decryption) {
            connection in
            reported += 1
            onConnection(connection)
        }
        let start = Date()
        var lastProgress = start
        var fileTruncated = false
        var readError: String?
        var sinceCheck = 0
        reading: while true {
            if stop.requested() { break }
            if let limit = stop.connections, reported >= limit { break }
            let result: ReadResult
            do {
                result = try handle.next()
            } catch {
                // A stop while a pipe was quiet ends its input mid-record: not a read error.
                if stop.requested() || handle.wasWoken { break }
                readError = error.message
                fileTruncated = !handle.isLive
                break
            }
            switch result {
            case .packet(let packet):
                analyzer.process(
                    frame: packet.captured,
                    time: Double(packet.seconds) + Double(packet.microseconds) / 1_000_000
                )
                sinceCheck += 1
                // Reading the clock per packet would cost more than decoding it.
                if sinceCheck < 4096 && !handle.isLive { continue reading }
                sinceCheck = 0
            case .timedOut:
                analyzer.sweep(now: Date().timeIntervalSince1970)
            case .endOfFile:
                break reading
            }
            let now = Date()
            if let duration = stop.duration, now.timeIntervalSince(start) >= duration { break }
            if let progress, now.timeIntervalSince(lastProgress) >= 1 {
                lastProgress = now
                progress(
                    Progress(
                        statistics: analyzer.statistics,
                        filePosition: handle.filePosition,
                        fileSize: fileSize,
                        elapsed: now.timeIntervalSince(start)
                    )
                )
            }
        }
        if let limit = stop.connections, reported >= limit {
            // Stopped on the count: the rest of the flows are not wanted.
        } else {
            analyzer.finish(fileTruncated: fileTruncated)
        }
        var statistics = analyzer.statistics
        statistics.readError = readError
        statistics.droppedByKernel = handle.droppedByKernel
        return statistics
    }
}
