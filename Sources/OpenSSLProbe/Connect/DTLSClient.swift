internal import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel
import TLSWire
import LiveNetwork

/// `connect --dtls`: one DTLS handshake (DTLS 1.2 and 1.0) over UDP through OpenSSL's DTLS
/// client, on a connected non-blocking UDP socket with OpenSSL's datagram BIO (which keeps
/// datagram boundaries and the path MTU). Waits are poll(2) bounded by `--timeout`;
/// between them OpenSSL's DTLS timer says when a lost flight is sent again
/// (DTLSv1_handle_timeout), as RFC 6347 4.2.4 asks. Messages go through the same recorder
/// and parser as TLS (`DTLSMessages` gives them TLS's form).
enum DTLSClient {
    // Macros the importer does not see, spelled as the SSL_ctrl / BIO_ctrl they stand for.
    private static let getTimeout: Int32 = 73  // DTLS_CTRL_GET_TIMEOUT: DTLSv1_get_timeout
    private static let handleTimeout: Int32 = 74  // DTLS_CTRL_HANDLE_TIMEOUT: DTLSv1_handle_timeout
    private static let setConnected: Int32 = 32  // BIO_CTRL_DGRAM_SET_CONNECTED: BIO_ctrl_set_connected

    static func handshake(_ target: DialTarget, options: HandshakeOptions) throws(ConnectFailure) -> LiveHandshake {
        try handshake(target, addresses: try Resolver.resolve(target, timeout: options.timeout), options: options)
    }

    /// Each of `addresses` in turn, as TCP tries them, within one `--timeout` in all: the
    /// next one after an address that cannot be sent to, answers with ICMP port
    /// unreachable, or sends nothing back; the first handshake that got an answer is kept.
    static func handshake(
        _ target: DialTarget,
        addresses: [ResolvedAddress],
        options: HandshakeOptions
    ) throws(ConnectFailure) -> LiveHandshake {
        guard !addresses.isEmpty else { throw ConnectFailure(.unresolved, "\(target): no address") }
        let started = Deadline.after(0)
        var last: ConnectFailure?
        for address in addresses {
            let left = options.timeout - Deadline.seconds(since: started)
            if last != nil && left <= 0 { break }
            var attempt = options
            attempt.timeout = last == nil ? options.timeout : left
            do throws(ConnectFailure) {
                return try handshake(target, address: address, options: attempt)
            } catch {
                switch error.kind {
                case .refused, .unreachable, .noTLSAnswer: last = error
                default: throw error
                }
            }
        }
        throw last ?? ConnectFailure(.unresolved, "\(target): no address")
    }

    private static func handshake(
        _ target: DialTarget,
        address: ResolvedAddress,
        options: HandshakeOptions
    ) throws(ConnectFailure) -> LiveHandshake {
        let fd = SystemCall.nonBlockingDatagramSocket(family: address.family)
        guard fd >= 0 else {
            throw ConnectFailure(.local, "cannot open a UDP socket: \(String(cString: strerror(errno)))")
        }
        // The descriptor's owner and poll(2): a connected UDP socket waits like a TCP one.
        let socket = TCPConnection(fd: fd, peer: address)
        guard address.sockaddr.withUnsafeBytes({ SystemCall.connect(fd, to: $0) }) == 0 else {
            throw ConnectFailure(
                .unreachable,
                "\(target): cannot send to it over UDP (\(String(cString: strerror(errno)).lowercased()))"
            )
        }
        let peer = HostPort.display(host: address.text, port: target.port)
        let name = target.isIPAddress ? peer : "\(target) (\(peer))"

        let recorder = HandshakeRecorder(localSide: .client, keyLog: options.keyLog)
        recorder.datagram = true
        let ssl: OwnedSSL
        let bio: OpaquePointer
        do throws(OpenSSLSetupError) {
            (ssl, bio) = try setUp(fd: fd, address: address, options: options, recorder: recorder)
        } catch {
            throw ConnectFailure(.local, error.description)
        }

        let deadline = Deadline.after(options.timeout)
        var completed = false
        var ending: HandshakeEnding?
        var localErrors: [String] = []
        while true {
            OpenSSLErrorQueue.clear()
            let result = SSLCallResult.of(ssl.pointer, returned: SSL_connect(ssl.pointer))
            switch result {
            case .success:
                completed = true
            case .wantRead, .wantWrite:
                if deadline.hasPassed {
                    ending = .timedOut(seconds: options.timeout)
                    break
                }
                // Wait for a datagram, at most until OpenSSL's retransmission timer fires.
                var timer = timeval()
                let running = SSL_ctrl(ssl.pointer, getTimeout, 0, &timer) == 1
                let timerDeadline =
                    running ? Deadline.after(Double(timer.tv_sec) + Double(timer.tv_usec) / 1e6) : deadline
                switch socket.wait(for: Int16(POLLIN), until: timerDeadline.earlier(deadline)) {
                case .ready:
                    continue
                case .timedOut:
                    if deadline.hasPassed {
                        ending = .timedOut(seconds: options.timeout)
                        break
                    }
                    // The flight was lost (or not answered yet): OpenSSL sends it again.
                    _ = SSL_ctrl(ssl.pointer, handleTimeout, 0, nil)
                    continue
                case .failed:
                    ending = .reset
                }
            case .closed:
                ending = .closed
            case .syscall(let entries), .failed(let entries):
                let code = errno
                localErrors = TLSChannel.reasons(entries)
                if BIO_number_read(bio) == 0 && (code == ECONNREFUSED || localErrors.isEmpty) {
                    // ICMP port unreachable: nothing listens on that UDP port.
                    throw ConnectFailure(
                        .refused,
                        "\(name): nothing listens on UDP port \(target.port) there (ICMP port unreachable)"
                    )
                }
                ending = .refusedLocally(reasons: localErrors)
            }
            break
        }
        let received = Int(BIO_number_read(bio))
        if !completed && received == 0 {
            throw ConnectFailure(
                .noTLSAnswer,
                "\(name): no datagram came back to the DTLS ClientHello within \(Seconds.text(options.timeout)) (nothing speaks DTLS on that UDP port, or a firewall drops it)"
            )
        }
        var group: String?
        if completed {
            let id = tlsprobe_SSL_get_negotiated_group(ssl.pointer)
            if id != 0, let text = SSL_group_to_name(ssl.pointer, id) { group = String(cString: text) }
        }
        recorder.recording = false
        OpenSSLErrorQueue.clear()
        if completed { _ = SSL_shutdown(ssl.pointer) }
        OpenSSLErrorQueue.clear()
        // The socket is closed (and the SSL freed) only after OpenSSL's last use of them.
        withExtendedLifetime((socket, ssl)) {}

        let observation = recorder.clientObservation(completed: completed, ending: &ending)
        return LiveHandshake(
            observation: observation,
            address: address.text,
            ending: ending,
            localErrors: localErrors,
            negotiatedGroup: group,
            serverBytes: received
        )
    }

    /// A DTLS client context and connection on `fd`, as connect's TLS ones are set up:
    /// security level 0, verification off, DTLS 1.0 to 1.2.
    private static func setUp(
        fd: Int32,
        address: ResolvedAddress,
        options: HandshakeOptions,
        recorder: HandshakeRecorder
    ) throws(OpenSSLSetupError) -> (OwnedSSL, OpaquePointer) {
        OpenSSLErrorQueue.clear()
        guard let method = DTLS_client_method(), let pointer = SSL_CTX_new(method) else {
            throw .failed("SSL_CTX_new(DTLS)")
        }
        let context = OwnedSSLContext(takingOwnership: pointer)
        SSL_CTX_set_security_level(pointer, 0)
        SSL_CTX_set_verify(pointer, SSL_VERIFY_NONE, nil)
        _ = SSL_CTX_set_options(pointer, tlsprobe_SSL_OP_LEGACY_SERVER_CONNECT())
        guard tlsprobe_SSL_CTX_set_min_proto_version(pointer, Int32(ProtocolVersion.dtls10.rawValue)) == 1,
            tlsprobe_SSL_CTX_set_max_proto_version(pointer, Int32(ProtocolVersion.dtls12.rawValue)) == 1
        else { throw .failed("SSL_CTX_set_min/max_proto_version") }
        guard SSL_CTX_set_cipher_list(pointer, "DEFAULT:@SECLEVEL=0") == 1 else {
            throw .failed("SSL_CTX_set_cipher_list")
        }
        if options.keyLog != nil { SSL_CTX_set_keylog_callback(pointer, keyLogCallback) }
        if let identity = options.identity { try identity.install(on: context, role: "client") }
        guard let raw = SSL_new(pointer) else { throw .failed("SSL_new") }
        let ssl = OwnedSSL(takingOwnership: raw, context: context)
        guard let bio = BIO_new_dgram(fd, BIO_NOCLOSE) else { throw .failed("BIO_new_dgram") }
        // The socket is connected: the BIO sends with send(2), to this peer (a BIO_ADDR is a
        // union whose first member is the sockaddr, so the sockaddr's bytes, padded, are one).
        var peer = [UInt8](repeating: 0, count: 128)
        peer.replaceSubrange(0..<min(address.sockaddr.count, 128), with: address.sockaddr.prefix(128))
        _ = peer.withUnsafeMutableBytes { BIO_ctrl(bio, setConnected, 0, $0.baseAddress) }
        SSL_set_bio(raw, bio, bio)
        let unmanaged = Unmanaged.passUnretained(recorder).toOpaque()
        SSL_set_msg_callback(raw, recordingMessageCallback)
        tlsprobe_SSL_set_msg_callback_arg(raw, unmanaged)
        _ = SSL_set_ex_data(raw, recorderExDataIndex, unmanaged)
        if let sni = options.sni, tlsprobe_SSL_set_tlsext_host_name(raw, sni) != 1 {
            throw OpenSSLSetupError("--sni \(sni): OpenSSL refuses this name")
        }
        if !options.alpn.isEmpty {
            var wire: [UInt8] = []
            for name in options.alpn {
                wire.append(UInt8(name.utf8.count))
                wire += Array(name.utf8)
            }
            guard SSL_set_alpn_protos(raw, wire, UInt32(wire.count)) == 0 else { throw .failed("SSL_set_alpn_protos") }
        }
        return (ssl, bio)
    }
}

extension TLSClient {
    /// `connect --dtls`: one DTLS handshake over UDP (`DTLSClient`). The recorder must
    /// outlive every OpenSSL call on the connection: it does, both live in `handshake`.
    public static func connectDatagram(
        _ target: DialTarget,
        options: HandshakeOptions
    ) throws(ConnectFailure) -> LiveHandshake {
        do {
            return try DTLSClient.handshake(target, options: options)
        } catch {
            var failure = error
            failure.target = failure.target ?? target.description
            throw failure
        }
    }
}
