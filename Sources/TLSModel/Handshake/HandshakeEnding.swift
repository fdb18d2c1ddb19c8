import SystemCalls
import TLSWire

/// How a live handshake ended when no alert from the server says why: the connection
/// closed or was reset, the peer did not speak TLS, it stopped answering, or our own TLS
/// library refused what it sent.
public enum HandshakeEnding: Sendable, Hashable {
    /// The server closed the TCP connection (FIN) before the handshake finished.
    case closed
    /// The server reset the TCP connection (RST).
    case reset
    /// The peer closed (or, with `reset`, reset) the connection in the middle of a record:
    /// it was part-way through sending when it stopped. `stream` says how far it got.
    case closedPartWay(stream: PeerStream, reset: Bool)
    /// The server answered with bytes that are not TLS records: another protocol.
    case notTLS(firstBytes: [UInt8])
    /// The handshake did not finish within the timeout: the peer sent some of it, then
    /// nothing more, or kept sending too slowly. `stream` says how far its bytes got.
    case timedOut(seconds: Double, stream: PeerStream? = nil)
    /// tlsprobe's TLS library refused what the peer sent (its reasons as evidence);
    /// `stream` says how the peer's bytes framed into records up to then.
    case refusedLocally(reasons: [String], stream: PeerStream? = nil)

    /// A few words for a version probe's detail: "connection closed", "not TLS".
    public var shortText: String {
        switch self {
        case .closed: return "connection closed without an alert"
        case .reset: return "connection reset"
        case .closedPartWay(_, let reset):
            return reset ? "connection reset part-way through a record" : "connection closed part-way through a record"
        case .notTLS: return "the answer is not TLS"
        case .timedOut: return "no answer in time"
        case .refusedLocally(let reasons, _): return reasons.first ?? "refused by tlsprobe's TLS library"
        }
    }
}

/// How the bytes a live peer sent framed into TLS records, as counted on the socket (not as
/// OpenSSL read them): how many arrived, whether they end inside a record, and where they
/// stopped being records at all.
public struct PeerStream: Sendable, Hashable {
    /// Bytes received from the peer.
    public var bytes: Int
    /// Whole records received.
    public var records: Int
    /// Bytes of a record begun and not yet complete when the handshake ended (its header
    /// included); 0 when the bytes end where a record ends.
    public var unfinishedRecordBytes: Int
    /// The whole length (header and fragment) that unfinished record's header declares;
    /// nil when its 5-byte header is not complete either.
    public var unfinishedRecordLength: Int?
    /// Where the last record begun starts (its stream offset, counted from the peer's first
    /// byte), or, when `notARecord`, where the bytes that cannot start one are.
    public var lastRecordOffset: Int?
    /// Its first bytes, up to 16.
    public var lastRecordStart: [UInt8]
    /// The bytes at `lastRecordOffset` cannot start a TLS record (a content type TLS does not
    /// use, a major version other than 3, a length past 2^14 + 2048): the stream stopped
    /// being TLS records there.
    public var notARecord: Bool
    /// Whether the peer's bytes were SSLv2-framed, which is not counted.
    public var sslv2: Bool

    public init(
        bytes: Int,
        records: Int,
        unfinishedRecordBytes: Int = 0,
        unfinishedRecordLength: Int? = nil,
        lastRecordOffset: Int? = nil,
        lastRecordStart: [UInt8] = [],
        notARecord: Bool = false,
        sslv2: Bool = false
    ) {
        self.bytes = bytes
        self.records = records
        self.unfinishedRecordBytes = unfinishedRecordBytes
        self.unfinishedRecordLength = unfinishedRecordLength
        self.lastRecordOffset = lastRecordOffset
        self.lastRecordStart = lastRecordStart
        self.notARecord = notARecord
        self.sslv2 = sslv2
    }
}
