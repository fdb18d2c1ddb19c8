internal import COpenSSL
import Foundation
import TLSDiagnosis
import TLSWire

/// What one handshake is set up with.
struct ClientSettings: Sendable {
    var sni: String?
    var alpn: [String]
    var minVersion: ProtocolVersion
    var maxVersion: ProtocolVersion
    /// Bounds the handshake (connecting is bounded separately).
    var timeout: TimeInterval
    var identity: ClientIdentity?
    var keyLog: KeyLogFile?
    /// The OpenSSL cipher list for TLS 1.2 and earlier.
    var cipherList: String
    /// Whether to read after the handshake for a TLS 1.3 server's verdict on our certificate.
    var readAfterHandshake: Bool
}

/// What one handshake showed.
struct ClientOutcome {
    var observation: HandshakeObservation
    var ending: HandshakeEnding?
    /// What OpenSSL's error queue said when the handshake failed.
    var localErrors: [String]
    var negotiatedGroup: String?
    var serverBytes: Int
}

/// One TLS client connection over a connected TCP socket, driven by hand: OpenSSL reads
/// and writes memory BIOs, and this moves the bytes with poll(2) and deadlines. Owning the
/// bytes tells whether any TLS byte came back, what a non-TLS peer said, and keeps every
/// wait bounded. Verification is off (SSL_VERIFY_NONE): broken chains are captured whole
/// and the diagnosis decides trust.
final class ClientConnection {
    private let connection: TCPConnection
    private let ssl: OwnedSSL
    /// Borrowed: owned by `ssl` after SSL_set_bio.
    private let readBIO: OpaquePointer
    private let writeBIO: OpaquePointer
    private let recorder: HandshakeRecorder
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    private(set) var serverBytes = 0
    private var firstServerBytes: [UInt8] = []
    private var firstAnswerDelay: TimeInterval?
    private var started = Deadline.after(0)

    /// Sets up OpenSSL for `settings` over `connection`.
    init(connection: TCPConnection, settings: ClientSettings) throws(ConnectFailure) {
        self.connection = connection
        let context = try Self.makeContext(settings)
        OpenSSLErrorQueue.clear()
        guard let ssl = SSL_new(context.pointer) else { throw Self.setupFailure("SSL_new") }
        self.ssl = OwnedSSL(takingOwnership: ssl, context: context)
        guard let readBIO = BIO_new(BIO_s_mem()) else { throw Self.setupFailure("BIO_new") }
        guard let writeBIO = BIO_new(BIO_s_mem()) else {
            BIO_free(readBIO)
            throw Self.setupFailure("BIO_new")
        }
        // An empty read BIO means "wait for more", not end of stream, until we say so.
        _ = tlsprobe_BIO_set_mem_eof_return(readBIO, -1)
        SSL_set_bio(ssl, readBIO, writeBIO)
        self.readBIO = readBIO
        self.writeBIO = writeBIO
        recorder = HandshakeRecorder(keyLog: settings.keyLog)

        let unmanaged = Unmanaged.passUnretained(recorder).toOpaque()
        SSL_set_msg_callback(ssl, recordingMessageCallback)
        tlsprobe_SSL_set_msg_callback_arg(ssl, unmanaged)
        _ = SSL_set_ex_data(ssl, recorderExDataIndex, unmanaged)
        if let sni = settings.sni {
            OpenSSLErrorQueue.clear()
            guard tlsprobe_SSL_set_tlsext_host_name(ssl, sni) == 1 else {
                throw ConnectFailure(.local, "--sni \(sni): OpenSSL refuses this name (\(OpenSSLErrorQueue.drainedText(fallback: "invalid")))")
            }
        }
        if !settings.alpn.isEmpty {
            var wire: [UInt8] = []
            for name in settings.alpn {
                let bytes = Array(name.utf8)
                wire.append(UInt8(bytes.count))
                wire += bytes
            }
            // SSL_set_alpn_protos returns 0 on success, unlike its neighbours.
            guard SSL_set_alpn_protos(ssl, wire, UInt32(wire.count)) == 0 else { throw Self.setupFailure("SSL_set_alpn_protos") }
        }
    }

    private static func setupFailure(_ call: String) -> ConnectFailure {
        ConnectFailure(.local, "OpenSSL could not set up the connection (\(call): \(OpenSSLErrorQueue.drainedText(fallback: "failed")))")
    }

    private static func makeContext(_ settings: ClientSettings) throws(ConnectFailure) -> OwnedSSLContext {
        OpenSSLErrorQueue.clear()
        guard let method = TLS_client_method(), let pointer = SSL_CTX_new(method) else { throw setupFailure("SSL_CTX_new") }
        let context = OwnedSSLContext(takingOwnership: pointer)
        // Level 0 (FIELD-NOTES.md): old versions, small keys and SHA-1 signatures reach the
        // diagnosis as findings instead of failing inside OpenSSL.
        SSL_CTX_set_security_level(pointer, 0)
        SSL_CTX_set_verify(pointer, SSL_VERIFY_NONE, nil)
        // Old accessories lack RFC 5746 renegotiation_info, which OpenSSL 3 refuses by
        // default; a clean EOF after the handshake is not an error for us.
        _ = SSL_CTX_set_options(pointer, tlsprobe_SSL_OP_LEGACY_SERVER_CONNECT() | tlsprobe_SSL_OP_IGNORE_UNEXPECTED_EOF())
        guard tlsprobe_SSL_CTX_set_min_proto_version(pointer, Int32(settings.minVersion.rawValue)) == 1,
            tlsprobe_SSL_CTX_set_max_proto_version(pointer, Int32(settings.maxVersion.rawValue)) == 1
        else { throw setupFailure("SSL_CTX_set_min/max_proto_version") }
        guard SSL_CTX_set_cipher_list(pointer, settings.cipherList) == 1 else { throw setupFailure("SSL_CTX_set_cipher_list") }
        if settings.keyLog != nil { SSL_CTX_set_keylog_callback(pointer, keyLogCallback) }
        if let identity = settings.identity {
            guard let leaf = identity.certificates.first, let x509 = OwnedX509(der: leaf.der) else {
                throw ConnectFailure(.local, "OpenSSL cannot read the client certificate")
            }
            OpenSSLErrorQueue.clear()
            guard SSL_CTX_use_certificate(pointer, x509.pointer) == 1 else { throw setupFailure("SSL_CTX_use_certificate") }
            for certificate in identity.certificates.dropFirst() {
                guard let extra = OwnedX509(der: certificate.der) else { continue }
                // add1: the context takes its own reference.
                guard tlsprobe_SSL_CTX_add1_chain_cert(pointer, extra.pointer) == 1 else { throw setupFailure("SSL_CTX_add1_chain_cert") }
            }
            guard SSL_CTX_use_PrivateKey(pointer, identity.key.pointer) == 1, SSL_CTX_check_private_key(pointer) == 1 else {
                throw setupFailure("SSL_CTX_use_PrivateKey")
            }
        }
        return context
    }

    // MARK: moving bytes

    /// Sends everything OpenSSL has written; the errno when the socket fails.
    private func flush(until deadline: Deadline) -> Int32? {
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

    private enum Input {
        case received
        case endOfStream
        case reset
        case timedOut
    }

    /// Waits for bytes from the server and hands them to OpenSSL.
    private func pull(until deadline: Deadline) -> Input {
        while true {
            switch connection.receive(into: &buffer) {
            case .bytes(let count):
                if firstAnswerDelay == nil { firstAnswerDelay = Deadline.seconds(since: started) }
                if firstServerBytes.count < 16 { firstServerBytes += buffer[0..<min(count, 16 - firstServerBytes.count)] }
                serverBytes += count
                let written = buffer.withUnsafeBytes { raw -> Int32 in
                    guard let base = raw.baseAddress else { return 0 }
                    return BIO_write(readBIO, base, Int32(count))
                }
                return written == Int32(count) ? .received : .reset
            case .endOfStream:
                return .endOfStream
            case .failed:
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

    /// Whether the first bytes from the server can start a TLS record: a content type
    /// (20–24) and major version 3 (or an SSLv2-style reply with the high bit set).
    private var answerLooksLikeTLS: Bool {
        guard let first = firstServerBytes.first else { return true }
        if first & 0x80 != 0 { return true }
        guard (20...24).contains(first) else { return false }
        return firstServerBytes.count < 2 || firstServerBytes[1] == 3
    }

    // MARK: the handshake

    /// Runs the handshake, then (TLS 1.3, certificate requested) reads once, briefly, so a
    /// server that refuses our certificate after the handshake is heard. Throws only when
    /// no byte came back at all within the timeout (`noTLSAnswer`).
    func run(settings: ClientSettings, target: String) throws(ConnectFailure) -> ClientOutcome {
        started = Deadline.after(0)
        let deadline = Deadline.after(settings.timeout)
        var ending: HandshakeEnding?
        var localErrors: [String] = []
        var completed = false

        handshake: while true {
            OpenSSLErrorQueue.clear()
            let result = SSLCallResult.of(ssl.pointer, returned: SSL_connect(ssl.pointer))
            // Whatever OpenSSL wrote (our hello, our alert) goes out before we look further.
            let sendFailure = flush(until: deadline)
            switch result {
            case .success:
                completed = true
                break handshake
            case .wantRead, .wantWrite:
                if sendFailure != nil {
                    ending = sendFailure == ETIMEDOUT ? .timedOut(seconds: settings.timeout) : .reset
                    break handshake
                }
                switch pull(until: deadline) {
                case .received: continue
                case .endOfStream: ending = .closed; break handshake
                case .reset: ending = .reset; break handshake
                case .timedOut:
                    if serverBytes == 0 {
                        throw ConnectFailure(
                            .noTLSAnswer,
                            "\(target) accepted the TCP connection but sent no byte in answer to the ClientHello within \(Seconds.text(settings.timeout)) (is this a TLS port? some services wait for the client to speak first)")
                    }
                    ending = .timedOut(seconds: settings.timeout)
                    break handshake
                }
            case .closed:
                ending = .closed
                break handshake
            case .syscall(let entries), .failed(let entries):
                localErrors = Self.reasons(entries)
                ending = answerLooksLikeTLS ? .refusedLocally(reasons: localErrors) : .notTLS(firstBytes: firstServerBytes)
                break handshake
            }
        }

        if completed && settings.readAfterHandshake && recorder.certificateRequested && (recorder.builder.context.version ?? .tls12) >= .tls13 {
            readVerdict(settings: settings, localErrors: &localErrors)
        }
        close()

        let observation = recorder.builder.build()
        var outcome: Outcome
        if !recorder.fatalAlertFrom.isEmpty || ending != nil {
            outcome = .failed
        } else if completed {
            outcome = .established
        } else {
            outcome = observation.outcome
        }
        if recorder.fatalAlertFrom.contains(.server) { ending = nil }
        return ClientOutcome(
            observation: recorder.builder.build(outcome: outcome), ending: ending, localErrors: localErrors,
            negotiatedGroup: completed ? negotiatedGroup() : nil, serverBytes: serverBytes)
    }

    /// TLS 1.3: the server judges our certificate after its own Finished, so its refusal
    /// (certificate_required, unknown_ca, bad_certificate…) arrives at our first read.
    /// Reads until the server's verdict — a NewSessionTicket (accepted), an alert, the end
    /// of the stream — or a short wait: a few round trips, at least 0.3 s, at most the timeout.
    private func readVerdict(settings: ClientSettings, localErrors: inout [String]) {
        let roundTrip = firstAnswerDelay ?? 0.05
        let deadline = Deadline.after(min(settings.timeout, max(0.3, 4 * roundTrip)))
        var scratch = [UInt8](repeating: 0, count: 4096)
        while recorder.sessionTickets == 0 && recorder.fatalAlertFrom.isEmpty && !recorder.closeNotifyFromServer {
            OpenSSLErrorQueue.clear()
            let returned = scratch.withUnsafeMutableBytes { raw -> Int32 in
                guard let base = raw.baseAddress else { return 0 }
                return SSL_read(ssl.pointer, base, Int32(raw.count))
            }
            let result = SSLCallResult.of(ssl.pointer, returned: returned)
            _ = flush(until: deadline)
            switch result {
            case .success:
                continue
            case .wantRead, .wantWrite:
                guard pull(until: deadline) == .received else { return }
            case .closed:
                return
            case .syscall(let entries), .failed(let entries):
                localErrors = Self.reasons(entries)
                return
            }
        }
    }

    /// Stops recording, sends close_notify once (best effort) and drops the connection.
    private func close() {
        recorder.recording = false
        OpenSSLErrorQueue.clear()
        if SSL_is_init_finished(ssl.pointer) == 1 {
            _ = SSL_shutdown(ssl.pointer)
            _ = flush(until: Deadline.after(0.1))
        }
        OpenSSLErrorQueue.clear()
    }

    private func negotiatedGroup() -> String? {
        let id = tlsprobe_SSL_get_negotiated_group(ssl.pointer)
        guard id != 0, let name = SSL_group_to_name(ssl.pointer, id) else { return nil }
        return String(cString: name)
    }

    /// The error queue as distinct reason texts, oldest first.
    private static func reasons(_ entries: [OpenSSLErrorEntry]) -> [String] {
        var seen = Set<String>()
        return entries.map(\.text).filter { seen.insert($0).inserted }
    }
}
