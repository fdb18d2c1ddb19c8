internal import COpenSSL
import TLSModel
import TLSWire
import LiveNetwork
import SafeFiles

/// What OpenSSL's callbacks tell about one connection, gathered for the diagnosis: every
/// handshake message and alert in order (into `HandshakeObservationBuilder`, the same
/// builder a capture feeds), and the key log. One recorder serves either end: `localSide`
/// is `.client` for connect and `.server` for listen. Used from the connection's own
/// thread only.
final class HandshakeRecorder {
    private(set) var builder = HandshakeObservationBuilder()
    /// Off once we start closing: our own close_notify is not part of what we observed.
    var recording = true
    let keyLog: KeyLogFile?
    /// Which end we are.
    let localSide: Side

    /// Whether each side has sent ChangeCipherSpec (TLS 1.2: its later alerts are encrypted).
    private var changedCipherSpec: Set<Side> = []
    /// The header of the last record each side sent (pseudo content type 256, which
    /// OpenSSL reports before the messages the record carries): its content type and length.
    private var lastRecordHeader: [Side: (contentType: UInt8, length: Int)] = [:]
    /// Whether the real ServerHello (not a HelloRetryRequest) has gone by.
    private(set) var serverHelloSeen = false
    /// The version the real ServerHello chose, once it has gone by.
    var serverHelloVersion: ProtocolVersion? { serverHelloSeen ? builder.context.version : nil }
    /// Sides that sent a fatal alert (or, in TLS 1.3, any alert but close_notify/user_canceled).
    private(set) var fatalAlertFrom: Set<Side> = []
    /// Whether the peer sent close_notify.
    private(set) var closeNotifyFromPeer = false
    /// NewSessionTicket messages from the server: in TLS 1.3 they follow the server's
    /// acceptance of the client's Finished (and certificate).
    private(set) var sessionTickets = 0
    /// Whether the server sent a CertificateRequest.
    private(set) var certificateRequested = false
    /// Whether our own Certificate message has gone out (listen: a client that hangs up
    /// after it usually distrusts it).
    private(set) var localCertificateSent = false

    /// Handshake messages the peer sent, of them HelloRequests, and whole records it sent
    /// since its last complete message: past `PeerFlood`'s limits the peer is flooding us
    /// (a stream of HelloRequests, which OpenSSL skips) and the handshake ends.
    private(set) var peerMessages = 0
    private(set) var peerHelloRequests = 0
    private(set) var peerRecordsSinceMessage = 0
    /// Whether the peer went past a `PeerFlood` limit; nothing more is recorded from it.
    var peerFlooding: Bool {
        peerMessages > PeerFlood.maxMessages || peerRecordsSinceMessage > PeerFlood.maxRecordsWithoutMessage
    }

    /// DTLS (connect --dtls): handshake messages arrive with DTLS's 12-byte header and a
    /// ClientHello carries a cookie; they are recorded in TLS's form (`DTLSMessages`).
    var datagram = false

    init(localSide: Side, keyLog: KeyLogFile?) {
        self.localSide = localSide
        self.keyLog = keyLog
    }

    // SSL3_RT_* content types as OpenSSL's message callback reports them.
    private static let changeCipherSpec: Int32 = 20
    private static let alert: Int32 = 21
    private static let handshake: Int32 = 22
    /// SSL3_RT_HEADER: the 5-byte record header, reported before the record's contents.
    private static let recordHeader: Int32 = 256

    /// One callback: `sent` is OpenSSL's write_p (we wrote it).
    func record(sent: Bool, contentType: Int32, bytes: UnsafeRawBufferPointer) {
        guard recording else { return }
        let side: Side = sent ? localSide : localSide.peer
        if !sent {
            // Counted whatever is recorded, so that a flood is bounded in memory and time.
            if contentType == Self.handshake {
                peerMessages += 1
                peerRecordsSinceMessage = 0
                if bytes.first == HandshakeType.helloRequest.rawValue { peerHelloRequests += 1 }
            } else if contentType == Self.recordHeader {
                peerRecordsSinceMessage += 1
            }
            if peerFlooding { return }
        }
        switch contentType {
        case Self.handshake:
            if datagram {
                guard let message = DTLSMessages.tlsForm(Array(bytes)) else { return }
                message.withUnsafeBytes { handshakeMessage($0, sent: sent, side: side) }
            } else {
                handshakeMessage(bytes, sent: sent, side: side)
            }
        case Self.alert:
            guard let alert = try? Alert(bytes: Array(bytes)) else { return }
            let tls13 = (builder.context.version ?? .tls12) >= .tls13
            builder.add(alert: alert, from: side, encrypted: alertRecordEncrypted(from: side))
            let closing = alert.description == .closeNotify || alert.description == .userCanceled
            if alert.level == .fatal || (tls13 && !closing) { fatalAlertFrom.insert(side) }
            if side != localSide && alert.description == .closeNotify { closeNotifyFromPeer = true }
        case Self.changeCipherSpec:
            changedCipherSpec.insert(side)
        case Self.recordHeader:
            // An SSLv2-framed header is 2 or 3 bytes; only TLS record headers matter here.
            guard bytes.count == 5 else { return }
            lastRecordHeader[side] = (bytes[0], Int(bytes[3]) << 8 | Int(bytes[4]))
        default:
            // 257 (TLS 1.3 inner content type) is a pseudo type too.
            break
        }
    }

    /// One handshake message, in TLS's form.
    private func handshakeMessage(_ bytes: UnsafeRawBufferPointer, sent: Bool, side: Side) {
        guard let type = bytes.first else { return }
        if side == .server {
            // A HelloRetryRequest is a ServerHello with a fixed random (RFC 8446 4.1.3):
            // only after the real one is the rest of a TLS 1.3 handshake encrypted.
            if type == HandshakeType.serverHello.rawValue,
                !bytes.dropFirst(6).prefix(32).elementsEqual(ServerHello.helloRetryRequestRandom)
            {
                serverHelloSeen = true
            }
            if type == HandshakeType.newSessionTicket.rawValue { sessionTickets += 1 }
            if type == HandshakeType.certificateRequest.rawValue { certificateRequested = true }
        }
        if sent && type == HandshakeType.certificate.rawValue { localCertificateSent = true }
        builder.add(rawMessage: Array(bytes), from: side)
    }

    /// Whether the record that carried `side`'s alert was encrypted, judged from the record
    /// itself, not from the handshake's stage: an OpenSSL TLS 1.3 client that refuses the
    /// server's Certificate has no handshake keys installed yet and sends its alert in the
    /// clear. An alert inside an application_data record (TLS 1.3) is encrypted; an alert
    /// record whose body is the bare 2-byte alert is plaintext; an alert record with more
    /// (a MAC or AEAD tag: TLS 1.2 after ChangeCipherSpec) is encrypted.
    private func alertRecordEncrypted(from side: Side) -> Bool {
        guard let header = lastRecordHeader[side] else {
            // No header seen (not expected from OpenSSL 3): judge from the stage as before.
            let tls13 = (builder.context.version ?? .tls12) >= .tls13
            return (tls13 && serverHelloSeen) || changedCipherSpec.contains(side)
        }
        switch header.contentType {
        case ContentType.applicationData.rawValue: return true
        case ContentType.alert.rawValue: return header.length != 2
        default: return changedCipherSpec.contains(side)
        }
    }
}

/// OpenSSL's message callback: copies what it is given into the recorder and returns.
let recordingMessageCallback:
    @convention(c) (Int32, Int32, Int32, UnsafeRawPointer?, Int, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        writeP,
        _,
        contentType,
        buffer,
        length,
        _,
        argument in
        guard let argument, let buffer, length > 0 else { return }
        let recorder = Unmanaged<HandshakeRecorder>.fromOpaque(argument).takeUnretainedValue()
        recorder.record(
            sent: writeP != 0,
            contentType: contentType,
            bytes: UnsafeRawBufferPointer(start: buffer, count: length)
        )
    }

/// The ex_data slot holding the recorder, for the key log callback (which has no argument).
let recorderExDataIndex: Int32 = tlsprobe_SSL_get_ex_new_index()

/// OpenSSL's key log callback: appends the NSS-format line to the recorder's key log.
let keyLogCallback: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void = { ssl, line in
    guard let ssl, let line, let raw = SSL_get_ex_data(ssl, recorderExDataIndex) else { return }
    Unmanaged<HandshakeRecorder>.fromOpaque(raw).takeUnretainedValue().keyLog?.append(line)
}

extension HandshakeRecorder {
    /// A client's observation once its handshake is over: failed after a fatal alert or an
    /// ending (a hang-up, a timeout), established when OpenSSL completed it, otherwise as the
    /// messages say. A fatal alert from the server explains the ending, so `ending` is then
    /// cleared (connect over TCP and over UDP read their handshakes the same way).
    func clientObservation(completed: Bool, ending: inout HandshakeEnding?) -> HandshakeObservation {
        let outcome: Outcome? = !fatalAlertFrom.isEmpty || ending != nil ? .failed : completed ? .established : nil
        if fatalAlertFrom.contains(.server) { ending = nil }
        return builder.build(outcome: outcome)
    }
}
