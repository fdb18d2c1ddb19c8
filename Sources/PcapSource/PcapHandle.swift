internal import CPcap
import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why libpcap could not give us packets, in words a user can act on.
public struct PcapError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed.
    public enum Kind: String, Sendable, Hashable {
        /// The file cannot be read at all (missing, no permission, a directory).
        case unreadableFile
        /// The file is not a pcap/pcapng file, or of a link type tlsprobe does not read.
        case cannotOpenFile
        /// The interface could not be opened (no such device, no permission).
        case cannotOpenInterface
        /// The BPF filter did not compile or could not be set.
        case badFilter
        /// Reading failed in the middle (a file cut off mid-packet, an interface gone).
        case readFailed
        /// libpcap could not be loaded (not installed, or too old): tlsprobe loads it on
        /// first use, for capture only (CPcap).
        case libraryUnavailable
    }

    public var kind: Kind
    /// libpcap's own message, kept as evidence.
    public var message: String
    /// The file (`-` for standard input) or interface read; set by `PacketCapture.open`.
    public var target: String?

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// A NUL-terminated C buffer as text.
func cText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// One packet as libpcap delivered it: valid only until the next read.
struct RawPacket {
    /// Capture time in seconds since 1970 (microsecond precision).
    var seconds: Int
    var microseconds: Int
    /// Bytes captured (at most the snap length).
    var captured: UnsafeRawBufferPointer
    /// The packet's length on the wire.
    var wireLength: Int
}

/// What a read returned.
enum ReadResult {
    case packet(RawPacket)
    /// A live capture had nothing before the deadline.
    case timedOut
    /// The file ended.
    case endOfFile
}

/// The file descriptor behind an offline handle's FILE: reads pass the bytes through a
/// `PcapngSecretsScanner` on their way to libpcap. Closed with the FILE.
private final class WatchedReader {
    let descriptor: Int32
    private(set) var position: Int64 = 0
    private var scanner = PcapngSecretsScanner()
    private let onSecrets: (UInt32, [UInt8]) -> Void
    /// Polled beside a descriptor that may wait (not a regular file); nil: read at once.
    private let wake: WakeUp?
    /// Whether `wake` ended the input.
    private(set) var wasWoken = false

    init(descriptor: Int32, wake: WakeUp?, onSecrets: @escaping (UInt32, [UInt8]) -> Void) {
        self.descriptor = descriptor
        self.wake = wake
        self.onSecrets = onSecrets
    }

    deinit { if descriptor != STDIN_FILENO { close(descriptor) } }

    func read(_ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
        // A quiet pipe (`tcpdump -w - | tlsprobe capture -r -`) must not hold a stop
        // request: wait for its bytes and for the wake-up together; woken, the read fails.
        if let wake, wasWoken || wake.waitReadable(descriptor) == .woken {
            wasWoken = true
            errno = EINTR
            return -1
        }
        var count: Int
        repeat { count = SystemCall.read(descriptor, buffer, size) } while count < 0 && errno == EINTR
        guard count > 0 else { return count }
        position += Int64(count)
        scanner.consume(UnsafeRawBufferPointer(start: buffer, count: count), onSecrets: onSecrets)
        return count
    }
}

/// An open libpcap handle (`pcap_t`), closed in `deinit`. Offline handles read a pcap or
/// pcapng file (or stdin as "-"); live handles are non-blocking and waited on with
/// `poll()`, because a blocking `pcap_next_ex` with no traffic never returns on libpcap
/// 1.10.3 whatever its timeout (docs/NOTES.md, "libpcap").
final class PcapHandle {
    private let handle: OpaquePointer
    /// The `DLT_` link type of every packet.
    private(set) var linkType: Int32
    /// Whether this is a live capture.
    let isLive: Bool
    private var selectableFD: Int32 = -1

    /// Owns `handle` from now on; an activated or offline handle's link type is read here.
    private init(takingOwnership handle: OpaquePointer, isLive: Bool, activated: Bool) {
        self.handle = handle
        self.isLive = isLive
        self.linkType = activated ? tlsprobe_pcap_datalink(handle) : -1
    }

    /// A pcap (not pcapng) file: where the last packet record ended, and the size of a
    /// record header (16; 24 in the old "modified" format) once the first packet has shown
    /// it. For telling a packet longer than the file's snap length, which libpcap's pcap
    /// reader cuts to the snap length without a word, apart from a packet captured at that
    /// length. Counted, not asked for: the file position is read only at the first packet
    /// and at packets as long as the snap length.
    private var recordEnd: Int64?
    private var recordHeaderSize: Int64?

    /// The size of the regular file an offline handle reads (nil for a pipe, a FIFO or a
    /// terminal, whose input may wait for packets yet to come), as fstat gives it for the
    /// descriptor opened.
    private(set) var regularFileSize: Int?

    /// An offline handle's reader (kept by its FILE): whether a stop request woke it.
    private weak var reader: WatchedReader?
    /// Whether a stop request ended an offline handle's input (its reads then fail).
    var wasWoken: Bool { reader?.wasWoken ?? false }

    /// The stdio buffer of an offline handle's FILE, freed after `pcap_close`.
    private var streamBuffer: UnsafeMutablePointer<CChar>?
    /// 64 KiB: a gigabyte is 16,000 read calls instead of the default 4 KiB buffer's quarter
    /// of a million, and the buffer stays under malloc's mmap threshold (128 KiB) and in the
    /// core's cache. Measured on the 1 GB benchmark capture (2026-11-28): 1 MiB and 128 KiB
    /// buffers (mapped) cost 0.42–0.45 s of system time, 64–124 KiB ones 0.10–0.14 s, and
    /// the whole read 0.43 s of wall time instead of 0.76 s; 8 KiB 0.19–0.24 s.
    private static let streamBufferSize = 64 << 10

    deinit {
        tlsprobe_pcap_close(handle)
        streamBuffer?.deallocate()
    }

    /// Opens a pcap or pcapng file; "-" reads standard input. `onSecrets` gets the Secrets
    /// Type and data of each pcapng Decryption Secrets Block as the file is read (before
    /// the packets after it are returned).
    ///
    /// The file is opened here with a 64 KiB stdio buffer (`streamBufferSize`) and handed to
    /// libpcap.
    /// The FILE is a cookie stream (`SystemCall.readOnlyFile`) whose reads pass through a
    /// `PcapngSecretsScanner`: libpcap skips Decryption Secrets Blocks, so they are picked
    /// out of the bytes on their way to it, from files and pipes alike.
    static func offline(
        path: String,
        wake: WakeUp? = nil,
        onSecrets: @escaping (UInt32, [UInt8]) -> Void = { _, _ in }
    ) throws(PcapError) -> PcapHandle {
        try PcapLibrary.load()
        var errbuf = [CChar](repeating: 0, count: Int(TLSPROBE_PCAP_ERRBUF_SIZE) + 1)
        var info = stat()
        if path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw PcapError(.unreadableFile, "\(path): this is a directory, not a file")
        }
        guard let (file, regularSize, reader) = openWatched(path, wake: wake, onSecrets: onSecrets) else {
            throw PcapError(.unreadableFile, "\(path): \(String(cString: strerror(errno)))")
        }
        // glibc ignores the size unless it is given the buffer too; it must outlive the FILE.
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Self.streamBufferSize)
        setvbuf(file, buffer, _IOFBF, Self.streamBufferSize)
        guard
            let handle = tlsprobe_pcap_fopen_offline_with_tstamp_precision(
                file,
                UInt32(TLSPROBE_PCAP_TSTAMP_PRECISION_MICRO),
                &errbuf
            )
        else {
            let woken = reader.wasWoken
            fclose(file)
            buffer.deallocate()
            if woken {
                throw PcapError(
                    .cannotOpenFile,
                    "\(path == "-" ? "standard input" : path): stopped before a pcap or pcapng header came"
                )
            }
            let detail = cText(errbuf)
            throw PcapError(.cannotOpenFile, path == "-" ? "standard input: \(detail)" : "\(path): \(detail)")
        }
        // pcap_close() closes the FILE from here on; the buffer goes after it, in deinit.
        let owner = PcapHandle(takingOwnership: handle, isLive: false, activated: true)
        owner.streamBuffer = buffer
        owner.regularFileSize = regularSize
        owner.reader = reader
        if tlsprobe_pcap_major_version(handle) == 2, let file = tlsprobe_pcap_file(handle) {
            let position = ftello(file)
            if position >= 0 { owner.recordEnd = Int64(position) }
        }
        return owner
    }

    /// A FILE over `path` (or standard input) whose bytes also go through a secrets scanner,
    /// and the size of what was opened when it is a regular file (fstat on the descriptor
    /// itself: a symlink's target, standard input redirected from a file).
    private static func openWatched(
        _ path: String,
        wake: WakeUp?,
        onSecrets: @escaping (UInt32, [UInt8]) -> Void
    ) -> (UnsafeMutablePointer<FILE>, Int?, WatchedReader)? {
        // Opened without blocking: a FIFO with no writer yet is waited for by the reads,
        // which a stop request wakes, not by open(2), which nothing would.
        var descriptor = STDIN_FILENO
        if path != "-" {
            repeat {
                descriptor = SystemCall.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else { return nil }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        var info = stat()
        let regularSize = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        let reader = WatchedReader(descriptor: descriptor, wake: regularSize == nil ? wake : nil, onSecrets: onSecrets)
        // The source keeps the reader until fclose (pcap_close); the reader closes the descriptor.
        guard
            let file = SystemCall.readOnlyFile(
                SystemCall.CookieSource(read: reader.read, position: { reader.position })
            )
        else { return nil }
        return (file, regularSize, reader)
    }

    /// Opens `interface` for live capture with a full snap length, not promiscuous,
    /// immediate delivery, `filter` compiled and set, reads non-blocking.
    static func live(interface: String, filter: String, snapLength: Int32 = 262_144) throws(PcapError) -> PcapHandle {
        try PcapLibrary.load()
        var errbuf = [CChar](repeating: 0, count: Int(TLSPROBE_PCAP_ERRBUF_SIZE) + 1)
        guard let raw = tlsprobe_pcap_create(interface, &errbuf) else {
            throw PcapError(.cannotOpenInterface, "\(interface): \(cText(errbuf))")
        }
        // Owned from here: every early throw closes it in deinit.
        let owner = PcapHandle(takingOwnership: raw, isLive: true, activated: false)
        _ = tlsprobe_pcap_set_snaplen(raw, snapLength)
        _ = tlsprobe_pcap_set_promisc(raw, 0)
        _ = tlsprobe_pcap_set_timeout(raw, 100)
        _ = tlsprobe_pcap_set_immediate_mode(raw, 1)
        let status = tlsprobe_pcap_activate(raw)
        if status < 0 {
            let detail =
                status == TLSPROBE_PCAP_ERROR ? owner.lastError : String(cString: tlsprobe_pcap_statustostr(status))
            throw PcapError(.cannotOpenInterface, "\(interface): \(detail)")
        }
        owner.linkType = tlsprobe_pcap_datalink(raw)
        try owner.setFilter(filter)
        if tlsprobe_pcap_setnonblock(raw, 1, &errbuf) != 0 {
            throw PcapError(.cannotOpenInterface, "\(interface): \(cText(errbuf))")
        }
        owner.selectableFD = tlsprobe_pcap_get_selectable_fd(raw)
        guard owner.selectableFD >= 0 else {
            throw PcapError(.cannotOpenInterface, "\(interface): no selectable file descriptor to wait on")
        }
        return owner
    }

    private var lastError: String { String(cString: tlsprobe_pcap_geterr(handle)) }

    /// Compiles and sets a BPF filter.
    func setFilter(_ filter: String) throws(PcapError) {
        var program = tlsprobe_bpf_program()
        if tlsprobe_pcap_compile(handle, &program, filter, 1, TLSPROBE_PCAP_NETMASK_UNKNOWN) != 0 {
            throw PcapError(.badFilter, "--filter \"\(filter)\": \(lastError)")
        }
        defer { tlsprobe_pcap_freecode(&program) }
        if tlsprobe_pcap_setfilter(handle, &program) != 0 {
            throw PcapError(.badFilter, "--filter \"\(filter)\": \(lastError)")
        }
    }

    /// How far into the file reading has got (offline only, and not for pipes).
    var filePosition: Int? {
        guard !isLive, let file = tlsprobe_pcap_file(handle) else { return nil }
        let position = ftello(file)
        return position >= 0 ? Int(position) : nil
    }

    /// The next packet; for a live capture waits at most `timeoutMilliseconds`.
    func next(timeoutMilliseconds: Int32 = 200) throws(PcapError) -> ReadResult {
        while true {
            var header: UnsafeMutablePointer<tlsprobe_pcap_pkthdr>?
            var data: UnsafePointer<UInt8>?
            let status = tlsprobe_pcap_next_ex(handle, &header, &data)
            switch status {
            case 1:
                guard let header, let data else { continue }
                let h = header.pointee
                try checkRecordLength(captured: h.caplen)
                let packet = RawPacket(
                    seconds: Int(h.ts.tv_sec),
                    microseconds: Int(h.ts.tv_usec),
                    captured: UnsafeRawBufferPointer(start: data, count: Int(h.caplen)),
                    wireLength: Int(h.len)
                )
                return .packet(packet)
            case 0:
                guard isLive else { continue }
                var descriptor = pollfd(fd: selectableFD, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, timeoutMilliseconds)
                if ready == 0 { return .timedOut }
                if ready < 0 {
                    // A signal (Ctrl-C) interrupted the wait: let the caller look at its flags.
                    if errno == EINTR { return .timedOut }
                    throw PcapError(.readFailed, "poll: \(String(cString: strerror(errno)))")
                }
            case TLSPROBE_PCAP_ERROR_BREAK:
                return .endOfFile
            default:
                throw PcapError(.readFailed, lastError)
            }
        }
    }

    /// A pcap file's record longer than the file's snap length is a read error, as the
    /// pcapng reader makes it ("invalid packet capture length N, bigger than snaplen of S"):
    /// the same capture stops at the same packet, with the same words, in either format.
    private func checkRecordLength(captured: UInt32) throws(PcapError) {
        guard let end = recordEnd else { return }
        let snapLength = tlsprobe_pcap_snapshot(handle)
        let maybeCut = snapLength > 0 && captured >= UInt32(snapLength)
        if let header = recordHeaderSize, !maybeCut {
            // A record libpcap did not cut is its header and its bytes, nothing more.
            recordEnd = end + header + Int64(captured)
            return
        }
        guard let file = tlsprobe_pcap_file(handle), case let position = Int64(ftello(file)), position >= end else {
            recordEnd = nil  // the position cannot be followed (a pipe without a cookie stream)
            return
        }
        recordEnd = position
        let consumed = position - end
        guard maybeCut else {
            // The first packet, not cut: it shows the record header's size.
            let header = consumed - Int64(captured)
            if header == 16 || header == 24 { recordHeaderSize = header } else { recordEnd = nil }
            return
        }
        let stored = consumed - (recordHeaderSize ?? 16)
        if stored > Int64(captured) {
            throw PcapError(
                .readFailed,
                "invalid packet capture length \(stored), bigger than snaplen of \(snapLength)"
            )
        }
    }

    /// Packets the kernel dropped (live only): `ps_drop` plus `ps_ifdrop`.
    var droppedByKernel: Int? {
        guard isLive else { return nil }
        var stats = tlsprobe_pcap_stat()
        guard tlsprobe_pcap_stats(handle, &stats) == 0 else { return nil }
        return Int(stats.ps_drop) + Int(stats.ps_ifdrop)
    }
}
