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
    /// The peer kept sending without the handshake moving on: more handshake messages than
    /// a handshake has (a stream of HelloRequests, which OpenSSL skips) or records that
    /// never completed a message. tlsprobe stopped reading at its limit.
    case flooded(PeerFlood)

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
        case .flooded: return "kept sending without finishing the handshake"
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
    /// Whole records the peer sent after its last complete handshake message (live only):
    /// more than 0 means it kept sending, not that it went silent.
    public var recordsAfterLastMessage = 0

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

/// What a peer that kept sending without the handshake moving on had sent when tlsprobe
/// stopped reading (`HandshakeEnding.flooded`).
public struct PeerFlood: Sendable, Hashable {
    /// The handshake messages per connection tlsprobe records (as a capture does).
    public static let maxMessages = 256
    /// The records in a row, with no handshake message completed, that tlsprobe reads.
    public static let maxRecordsWithoutMessage = 4096

    /// Handshake messages the peer sent.
    public var messages: Int
    /// Of them, HelloRequests (which OpenSSL skips during a handshake).
    public var helloRequests: Int
    /// Whole records received after its last complete handshake message.
    public var recordsWithoutMessage: Int
    /// Seconds from the start of the handshake to when tlsprobe stopped.
    public var seconds: Double
    /// How the peer's bytes framed into records.
    public var stream: PeerStream

    public init(messages: Int, helloRequests: Int, recordsWithoutMessage: Int, seconds: Double, stream: PeerStream) {
        self.messages = messages
        self.helloRequests = helloRequests
        self.recordsWithoutMessage = recordsWithoutMessage
        self.seconds = seconds
        self.stream = stream
    }

    /// Whether it stopped at the message limit (otherwise at the record limit).
    public var tooManyMessages: Bool { messages > Self.maxMessages }
}
