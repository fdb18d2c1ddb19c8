internal import COpenSSL
import SystemCalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import TLSModel
import TLSWire
import LiveNetwork

/// OpenSSL could not set something up (a context, a connection, an identity): a local
/// problem, not something the peer did.
struct OpenSSLSetupError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// "OpenSSL could not set up the connection (CALL: what the error queue said)".
    static func failed(_ call: String) -> OpenSSLSetupError {
        OpenSSLSetupError(
            "OpenSSL could not set up the connection (\(call): \(OpenSSLErrorQueue.drainedText(fallback: "failed")))"
        )
    }
}

/// One TLS connection over a connected TCP socket, driven by hand, for either end: OpenSSL
/// reads and writes memory BIOs, and this moves the bytes with poll(2) and deadlines.
/// Owning the bytes tells whether any TLS byte came from the peer, what a non-TLS peer
/// said, and keeps every wait bounded. The message callback feeds `recorder`.
final class TLSChannel {
    let connection: TCPConnection
    let ssl: OwnedSSL
    let recorder: HandshakeRecorder
    /// Borrowed: owned by `ssl` after SSL_set_bio.
    private let readBIO: OpaquePointer
    private let writeBIO: OpaquePointer
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    /// Bytes received from the peer.
    private(set) var peerBytes = 0
    /// The first bytes the peer sent (up to 16), to tell TLS from another protocol.
    private(set) var firstPeerBytes: [UInt8] = []
    /// How the peer's bytes frame into records (for what a timeout or a refusal had received).
    private(set) var framing = RecordFraming()
    /// Seconds from `started` to the peer's first bytes.
    private(set) var firstAnswerDelay: TimeInterval?
    /// When set (a version probe), the peer's bytes go to OpenSSL as they arrive but never
    /// past the end of the record it is reading (`nextPiece`), so the handshake can stop
    /// right after the record holding the ServerHello.
    private var feedsOneRecordAtATime = false
    /// Bytes received but not yet given to OpenSSL (only when feeding record by record).
    private var held: [UInt8] = []
    /// Bytes of the record being given to OpenSSL that it has not had yet (0: between records).
    private var recordLeft = 0
    var started = Deadline.after(0)

    /// A new SSL on `context` over `connection`, recording into `recorder`.
    init(connection: TCPConnection, context: OwnedSSLContext, recorder: HandshakeRecorder) throws(OpenSSLSetupError) {
        self.connection = connection
        self.recorder = recorder
        OpenSSLErrorQueue.clear()
        guard let ssl = SSL_new(context.pointer) else { throw .failed("SSL_new") }
        self.ssl = OwnedSSL(takingOwnership: ssl, context: context)
        guard let readBIO = BIO_new(BIO_s_mem()) else { throw .failed("BIO_new") }
        guard let writeBIO = BIO_new(BIO_s_mem()) else {
            BIO_free(readBIO)
            throw .failed("BIO_new")
        }
        // An empty read BIO means "wait for more", not end of stream, until we say so.
        _ = tlsprobe_BIO_set_mem_eof_return(readBIO, -1)
        SSL_set_bio(ssl, readBIO, writeBIO)
        self.readBIO = readBIO
        self.writeBIO = writeBIO
        // The recorder lives as long as this channel, which outlives every OpenSSL call on `ssl`.
        let unmanaged = Unmanaged.passUnretained(recorder).toOpaque()
        SSL_set_msg_callback(ssl, recordingMessageCallback)
        tlsprobe_SSL_set_msg_callback_arg(ssl, unmanaged)
        _ = SSL_set_ex_data(ssl, recorderExDataIndex, unmanaged)
    }

    /// Sends everything OpenSSL has written; the errno when the socket fails.
    func flush(until deadline: Deadline) -> Int32? {
        while BIO_ctrl_pending(writeBIO) > 0 {
            let count = buffer.withUnsafeMutableBytes { raw -> Int32 in
                guard let base = raw.baseAddress else { return 0 }
                return BIO_read(writeBIO, base, Int32(raw.count))
            }
            guard count > 0 else { return nil }
            let failure = buffer.withUnsafeBytes { raw in
                connection.send(UnsafeRawBufferPointer(rebasing: raw[0..<Int(count)]), until: deadline)
            }
            if let failure { return failure }
        }
        return nil
    }

    /// What waiting for the peer gave.
    enum Input: Equatable {
        case received
        case endOfStream
        case reset
        case timedOut
    }

    /// Waits for bytes from the peer and hands them to OpenSSL.
    func pull(until deadline: Deadline) -> Input {
        if feedsOneRecordAtATime, let piece = Self.nextPiece(in: held, recordLeft: recordLeft) {
            return feedHeld(piece)
        }
        while true {
            switch connection.receive(into: &buffer) {
            case .bytes(let count):
                if firstAnswerDelay == nil { firstAnswerDelay = Deadline.seconds(since: started) }
                if firstPeerBytes.count < 16 { firstPeerBytes += buffer[0..<min(count, 16 - firstPeerBytes.count)] }
                peerBytes += count
                framing.add(buffer[0..<count])
                if feedsOneRecordAtATime {
                    held += buffer[0..<count]
                    guard let piece = Self.nextPiece(in: held, recordLeft: recordLeft) else { continue }
                    return feedHeld(piece)
                }
                let written = buffer.withUnsafeBytes { raw -> Int32 in
                    guard let base = raw.baseAddress else { return 0 }
                    return BIO_write(readBIO, base, Int32(count))
                }
                return written == Int32(count) ? .received : .reset
            case .endOfStream:
                // What arrived before the end (part of a record) goes to OpenSSL as before.
                if !held.isEmpty { _ = feedHeld((held.count, 0)) }
                return .endOfStream
            case .failed:
                if !held.isEmpty { _ = feedHeld((held.count, 0)) }
                return .reset
            case .wouldBlock:
                switch connection.wait(for: Int16(POLLIN), until: deadline) {
                case .ready: continue
                case .timedOut: return .timedOut
                case .failed: return .reset
                }
            }
        }
    }

    /// Whether the first bytes from the peer can start TLS, by the same rule a capture
    /// finds TLS with (TLSWire's record sniffing: content type, version, length), taking
    /// any SSLv2-framed reply as SSL: OpenSSL's own refusal then says what was wrong with it.
    var peerLooksLikeTLS: Bool { RecordParser.couldStartTLS(firstPeerBytes, anySSLv2Message: true) }

    /// One `SSL_read` of up to `into.count` bytes, mapped.
    func read(into scratch: inout [UInt8]) -> (SSLCallResult, Int) {
        OpenSSLErrorQueue.clear()
        let returned = scratch.withUnsafeMutableBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return 0 }
            return SSL_read(ssl.pointer, base, Int32(raw.count))
        }
        return (SSLCallResult.of(ssl.pointer, returned: returned), Int(max(returned, 0)))
    }

    /// Writes all of `bytes` as application data and sends it; false when it failed.
    func write(_ bytes: [UInt8], until deadline: Deadline) -> Bool {
        var offset = 0
        while offset < bytes.count {
            OpenSSLErrorQueue.clear()
            let returned = bytes.withUnsafeBytes { raw -> Int32 in
                guard let base = raw.baseAddress else { return 0 }
                return SSL_write(ssl.pointer, base + offset, Int32(clamping: raw.count - offset))
            }
            guard SSLCallResult.of(ssl.pointer, returned: returned) == .success else { return false }
            offset += Int(returned)
            if flush(until: deadline) != nil { return false }
        }
        return true
    }

    /// How a handshake loop ended.
    struct HandshakeRun {
        /// OpenSSL finished the handshake.
        var completed = false
        /// Why it stopped when it did not: closed, reset, timed out, refused by us, not TLS.
        var ending: HandshakeEnding?
        /// Our own OpenSSL's reasons, when it refused.
        var localErrors: [String] = []
        /// The deadline passed before the peer sent a single byte.
        var silent = false
    }

    /// What to give OpenSSL next from `held` when feeding record by record: how many bytes,
    /// and how many of the current record will be left. At a record's start its 5-byte
    /// header tells its length; whatever of the record has arrived goes at once (OpenSSL
    /// judges a header as soon as it has it, as when fed everything), but no byte past the
    /// record's end, until OpenSSL asks again. Bytes that do not frame as a TLS record
    /// (another protocol) go all at once, as without record-by-record feeding. nil: nothing
    /// to give yet (no byte, or less than a header at a record's start).
    static func nextPiece(in held: [UInt8], recordLeft: Int) -> (count: Int, recordLeft: Int)? {
        guard !held.isEmpty else { return nil }
        var left = recordLeft
        if left == 0 {
            guard held.count >= TLSRecord.headerLength else { return nil }
            guard let length = TLSRecord.fragmentLength(ofHeader: held) else { return (held.count, 0) }
            left = TLSRecord.headerLength + length
        }
        let count = min(left, held.count)
        return (count, left - count)
    }

    /// Gives OpenSSL the first `piece.count` held bytes.
    private func feedHeld(_ piece: (count: Int, recordLeft: Int)) -> Input {
        let written = held.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return 0 }
            return BIO_write(readBIO, base, Int32(piece.count))
        }
        held.removeFirst(piece.count)
        recordLeft = piece.recordLeft
        return written == Int32(piece.count) ? .received : .reset
    }

    /// Drives `step` (SSL_connect or SSL_accept) until the handshake completes, fails or
    /// `timeout` seconds pass, flushing what OpenSSL writes before looking further. With
    /// `firstByteWithin`, a peer that has sent no byte yet is waited for that long at most
    /// (never more than `timeout`): the run then ends timed out after those seconds.
    /// With `stopAtServerHelloFor`, the handshake ends (not completed, no ending) as soon
    /// as OpenSSL has read a ServerHello choosing that version: a version probe's answer.
    /// With `helloWithin` (listen), the peer's first handshake message (its ClientHello)
    /// must be whole that many seconds after the start (never more than `timeout`), and
    /// `onPeerHello` is called once when it is.
    func runHandshake(
        timeout: TimeInterval,
        firstByteWithin: TimeInterval? = nil,
        helloWithin: TimeInterval? = nil,
        onPeerHello: (() -> Void)? = nil,
        stopAtServerHelloFor: ProtocolVersion? = nil,
        step: (OpaquePointer) -> Int32
    ) -> HandshakeRun {
        started = Deadline.after(0)
        feedsOneRecordAtATime = stopAtServerHelloFor != nil
        let deadline = Deadline.after(timeout)
        let helloLimit = min(helloWithin ?? timeout, timeout)
        // The first byte is part of the hello: never waited for past the hello's deadline
        // (a crowded address's 1 s), or a byte at 1.5 s would meet a hello deadline already gone.
        let firstByteLimit = min(firstByteWithin ?? timeout, helloLimit)
        let firstByteDeadline = Deadline.after(firstByteLimit)
        let helloDeadline = Deadline.after(helloLimit)
        var helloTold = false
        var run = HandshakeRun()
        while true {
            if !helloTold && recorder.peerMessages > 0 {
                helloTold = true
                onPeerHello?()
            }
            OpenSSLErrorQueue.clear()
            let result = SSLCallResult.of(ssl.pointer, returned: step(ssl.pointer))
            // A peer past the message or record limit ends the handshake whatever OpenSSL says.
            if recorder.peerFlooding {
                run.ending = .flooded(
                    PeerFlood(
                        messages: recorder.peerMessages,
                        helloRequests: recorder.peerHelloRequests,
                        recordsWithoutMessage: recorder.peerRecordsSinceMessage,
                        seconds: Deadline.seconds(since: started),
                        stream: peerStream
                    )
                )
                return run
            }
            // Whatever OpenSSL wrote (a hello, a flight, an alert) goes out before we look further.
            let sendFailure = flush(until: deadline)
            switch result {
            case .success:
                run.completed = true
                return run
            case .wantRead, .wantWrite:
                if let version = stopAtServerHelloFor, recorder.serverHelloVersion == version { return run }
                if sendFailure != nil {
                    run.ending = sendFailure == ETIMEDOUT ? .timedOut(seconds: timeout, stream: framing.stream) : .reset
                    return run
                }
                // Until the peer's first byte, the (shorter) first-byte deadline bounds the wait;
                // until its first whole message, the hello deadline.
                let awaitingFirstByte = peerBytes == 0
                let awaitingHello = recorder.peerMessages == 0 && helloWithin != nil
                let waitLimit = awaitingFirstByte ? firstByteLimit : awaitingHello ? helloLimit : timeout
                let waitDeadline = awaitingFirstByte ? firstByteDeadline : awaitingHello ? helloDeadline : deadline
                switch pull(until: waitDeadline) {
                case .received:
                    // A peer that keeps sending never lets pull wait: the bound is checked here too.
                    if deadline.hasPassed {
                        run.ending = .timedOut(seconds: timeout, stream: peerStream)
                    } else if awaitingHello && helloDeadline.hasPassed {
                        run.ending = .timedOut(seconds: helloLimit, stream: peerStream)
                    } else {
                        continue
                    }
                case .endOfStream: run.ending = closedEnding(reset: false)
                case .reset: run.ending = closedEnding(reset: true)
                case .timedOut:
                    run.ending = .timedOut(seconds: waitLimit, stream: peerStream)
                    run.silent = peerBytes == 0
                }
                return run
            case .closed:
                run.ending = closedEnding(reset: false)
                return run
            case .syscall(let entries), .failed(let entries):
                run.localErrors = Self.reasons(entries)
                run.ending =
                    peerLooksLikeTLS
                    ? .refusedLocally(reasons: run.localErrors, stream: framing.stream)
                    : .notTLS(firstBytes: firstPeerBytes)
                return run
            }
        }
    }

    /// How the peer's bytes framed, with the records it sent after its last message.
    private var peerStream: PeerStream {
        var stream = framing.stream
        stream.recordsAfterLastMessage = recorder.peerRecordsSinceMessage
        return stream
    }

    /// How the peer's hang-up ended the handshake: part-way through a record it was
    /// sending, or between records.
    private func closedEnding(reset: Bool) -> HandshakeEnding {
        let stream = framing.stream
        if stream.unfinishedRecordBytes > 0 && !stream.notARecord && !stream.sslv2 {
            return .closedPartWay(stream: stream, reset: reset)
        }
        return reset ? .reset : .closed
    }

    /// Stops recording, sends close_notify once (best effort) when the handshake finished.
    func close() {
        recorder.recording = false
        OpenSSLErrorQueue.clear()
        if SSL_is_init_finished(ssl.pointer) == 1 {
            _ = SSL_shutdown(ssl.pointer)
            _ = flush(until: Deadline.after(0.1))
        }
        OpenSSLErrorQueue.clear()
    }

    /// The key exchange group as OpenSSL names it (`x25519`), after a completed handshake.
    func negotiatedGroup() -> String? {
        let id = tlsprobe_SSL_get_negotiated_group(ssl.pointer)
        guard id != 0, let name = SSL_group_to_name(ssl.pointer, id) else { return nil }
        return String(cString: name)
    }

    /// The error queue as distinct reason texts, oldest first.
    static func reasons(_ entries: [OpenSSLErrorEntry]) -> [String] {
        var seen = Set<String>()
        return entries.map(\.text).filter { seen.insert($0).inserted }
    }
}
