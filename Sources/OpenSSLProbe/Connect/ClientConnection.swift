internal import COpenSSL
import SystemCalls
import TLSModel
import TLSWire
import LiveNetwork
import SafeFiles

/// What one handshake is set up with.
struct ClientSettings: Sendable {
    var sni: String?
    var alpn: [String]
    var minVersion: ProtocolVersion
    var maxVersion: ProtocolVersion
    /// Bounds the handshake (connecting is bounded separately).
    var timeout: TimeInterval
    var identity: TLSIdentity?
    var keyLog: KeyLogFile?
    /// The OpenSSL cipher list for TLS 1.2 and earlier.
    var cipherList: String
    /// Whether to read after the handshake for a TLS 1.3 server's verdict on our certificate.
    var readAfterHandshake: Bool
    /// A plain-text protocol to upgrade from before the handshake (`--starttls`).
    var upgrade: PlaintextProtocol? = nil
    /// The name XMPP addresses its stream to.
    var upgradeHost: String = ""
    /// The TLS 1.3 suites to offer (`--ciphers`); nil: OpenSSL's default.
    var tls13Suites: String? = nil
    /// Ask for a stapled OCSP response (status_request).
    var requestOCSP = false
    /// Certificates besides the chain that may have issued the leaf (the anchors), for the
    /// stapled response's check.
    var ocspIssuers: [X509Certificate] = []
    /// Keep the server's certificates as libssl decoded them (`PeerCertificates`), for
    /// OpenSSL's verdict on the main handshake.
    var keepsPeerCertificates = false
    /// Another client's cipher suites, signature schemes and groups, offered instead of
    /// OpenSSL's (`cipherList` then does not apply); nil offers OpenSSL's.
    var hello: ClientHelloParameters? = nil
    /// A version probe's answer: stop as soon as a ServerHello choosing this version has
    /// been read (the server accepts it), before the rest of the server's flight is
    /// parsed and before our half of the handshake. The server is spared its key exchange
    /// and Finished; one serving a connection at a time moves on sooner.
    var stopsAtServerHelloFor: ProtocolVersion? = nil
    /// A context made once for several connections at once (`sharedContext`): this
    /// connection's versions and cipher list are then set on the connection alone. Not
    /// used with an `identity`, which a context holds. Its key log callback writes to each
    /// connection's own `keyLog`, so a connection without one writes nothing.
    var context: OwnedSSLContext? = nil

    /// One client context, without an identity, for connections made at once with these
    /// settings but other versions and cipher lists (the --versions probes beside the main
    /// handshake). Four SSL_CTX_new at once on two cores took longer than one: in OpenSSL
    /// 3.0 each fetches every algorithm, and the algorithm store serialises them. Nil when
    /// OpenSSL cannot make it: each connection then makes its own, and says why it failed.
    func sharedContext() -> OwnedSSLContext? {
        try? SSLContextSetup.make(
            .client,
            minVersion: minVersion,
            maxVersion: maxVersion,
            cipherList: cipherList,
            keyLog: keyLog != nil
        )
    }

    /// These settings with `context` for their connection.
    func sharing(_ context: OwnedSSLContext?) -> ClientSettings {
        var settings = self
        settings.context = context
        return settings
    }
}

/// What one handshake showed.
struct ClientOutcome {
    var observation: HandshakeObservation
    var ending: HandshakeEnding?
    /// What OpenSSL's error queue said when the handshake failed.
    var localErrors: [String]
    var negotiatedGroup: String?
    var serverBytes: Int
    /// The stapled OCSP response's DER, when one was asked for and came.
    var ocspResponse: [UInt8]? = nil
    /// The stapled response's length as OpenSSL received it (0: none), read or not.
    var ocspLength: Int = 0
    /// The server's certificates as libssl decoded them, for verification without decoding
    /// them again.
    var peerCertificates: PeerCertificates? = nil
}

/// One TLS client connection over a connected TCP socket, on a `TLSChannel` (OpenSSL over
/// memory BIOs, bytes moved with poll(2) and deadlines). Verification is off
/// (SSL_VERIFY_NONE): broken chains are captured whole and the diagnosis decides trust.
final class ClientConnection {
    private let channel: TLSChannel
    private var recorder: HandshakeRecorder { channel.recorder }

    /// Sets up OpenSSL for `settings` over `connection`.
    init(connection: TCPConnection, settings: ClientSettings) throws(ConnectFailure) {
        do throws(OpenSSLSetupError) {
            let shared = settings.identity == nil ? settings.context : nil
            let context: OwnedSSLContext
            if let shared {
                context = shared
            } else {
                context = try SSLContextSetup.make(
                    .client,
                    minVersion: settings.minVersion,
                    maxVersion: settings.maxVersion,
                    cipherList: settings.cipherList,
                    keyLog: settings.keyLog != nil
                )
                if let identity = settings.identity {
                    try identity.install(on: context, role: "client")
                }
            }
            channel = try TLSChannel(
                connection: connection,
                context: context,
                recorder: HandshakeRecorder(localSide: .client, keyLog: settings.keyLog)
            )
            if shared != nil {
                let ssl = channel.ssl.pointer
                OpenSSLErrorQueue.clear()
                guard tlsprobe_SSL_set_min_proto_version(ssl, Int32(settings.minVersion.rawValue)) == 1,
                    tlsprobe_SSL_set_max_proto_version(ssl, Int32(settings.maxVersion.rawValue)) == 1
                else { throw .failed("SSL_set_min/max_proto_version") }
                guard SSL_set_cipher_list(ssl, settings.cipherList) == 1 else { throw .failed("SSL_set_cipher_list") }
            }
        } catch {
            throw ConnectFailure(.local, error.description)
        }
        let ssl = channel.ssl.pointer
        if settings.requestOCSP {
            // SSL_set_tlsext_status_type(ssl, TLSEXT_STATUSTYPE_ocsp), a macro over SSL_ctrl.
            _ = SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_STATUS_REQ_TYPE, Int(TLSEXT_STATUSTYPE_ocsp), nil)
        }
        if let suites = settings.tls13Suites {
            OpenSSLErrorQueue.clear()
            guard SSL_set_ciphersuites(ssl, suites) == 1 else {
                throw ConnectFailure(.local, OpenSSLSetupError.failed("SSL_set_ciphersuites").description)
            }
        }
        if let hello = settings.hello { try Self.offer(hello, on: ssl) }
        if let sni = settings.sni {
            OpenSSLErrorQueue.clear()
            guard tlsprobe_SSL_set_tlsext_host_name(ssl, sni) == 1 else {
                throw ConnectFailure(
                    .local,
                    "--sni \(sni): OpenSSL refuses this name (\(OpenSSLErrorQueue.drainedText(fallback: "invalid")))"
                )
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
            guard SSL_set_alpn_protos(ssl, wire, UInt32(wire.count)) == 0 else {
                throw ConnectFailure(.local, OpenSSLSetupError.failed("SSL_set_alpn_protos").description)
            }
        }
    }

    var serverBytes: Int { channel.peerBytes }

    /// Makes `ssl` offer `hello`'s cipher suites, signature schemes and groups, each in its
    /// order. Suites are looked up by code point in OpenSSL's own table (SSL_CIPHER_find);
    /// one this OpenSSL does not implement is left out, as is a scheme or group it does not
    /// know. The security level stays 0, as for every handshake (docs/NOTES.md).
    private static func offer(_ hello: ClientHelloParameters, on ssl: OpaquePointer) throws(ConnectFailure) {
        var tls13: [String] = []
        var older: [String] = []
        for suite in hello.cipherSuites {
            let bytes = [UInt8(suite.rawValue >> 8), UInt8(suite.rawValue & 0xFF)]
            guard let cipher = SSL_CIPHER_find(ssl, bytes), let name = SSL_CIPHER_get_name(cipher) else { continue }
            if suite.isTLS13 { tls13.append(String(cString: name)) } else { older.append(String(cString: name)) }
        }
        let schemes = hello.signatureSchemes.compactMap(\.name)
        let groups = hello.groups.compactMap(\.name)
        OpenSSLErrorQueue.clear()
        func refused(_ what: String) -> ConnectFailure {
            ConnectFailure(
                .local,
                "OpenSSL cannot offer \(hello.client)'s \(what) (\(OpenSSLErrorQueue.drainedText(fallback: "refused")))"
            )
        }
        guard SSL_set_ciphersuites(ssl, tls13.joined(separator: ":")) == 1 else {
            throw refused("TLS 1.3 cipher suites")
        }
        guard SSL_set_cipher_list(ssl, older.joined(separator: ":") + ":@SECLEVEL=0") == 1 else {
            throw refused("cipher suites")
        }
        guard tlsprobe_SSL_set1_sigalgs_list(ssl, schemes.joined(separator: ":")) == 1 else {
            throw refused("signature algorithms")
        }
        guard tlsprobe_SSL_set1_groups_list(ssl, groups.joined(separator: ":")) == 1 else { throw refused("groups") }
    }

    // MARK: the handshake

    /// Runs the handshake, then (TLS 1.3, certificate requested) reads once, briefly, so a
    /// server that refuses our certificate after the handshake is heard. Throws only when
    /// no byte came back at all within the timeout (`noTLSAnswer`).
    func run(settings: ClientSettings, target: String) throws(ConnectFailure) -> ClientOutcome {
        let run = channel.runHandshake(timeout: settings.timeout, stopAtServerHelloFor: settings.stopsAtServerHelloFor)
        { SSL_connect($0) }
        if run.silent {
            throw ConnectFailure(
                .noTLSAnswer,
                "\(target) accepted the TCP connection but sent no byte in answer to the ClientHello within \(Seconds.text(settings.timeout)) (is this a TLS port? some services wait for the client to speak first)"
            )
        }
        var ending = run.ending
        var localErrors = run.localErrors
        let completed = run.completed

        if completed && settings.readAfterHandshake && recorder.certificateRequested
            && (recorder.builder.context.version ?? .tls12) >= .tls13
        {
            readVerdict(settings: settings, localErrors: &localErrors)
        }
        let ocsp = settings.requestOCSP ? stapledResponse() : (bytes: nil, length: 0)
        let peerCertificates = settings.keepsPeerCertificates ? PeerCertificates(ssl: channel.ssl.pointer) : nil
        channel.close()

        let observation = recorder.clientObservation(completed: completed, ending: &ending)
        return ClientOutcome(
            observation: observation,
            ending: ending,
            localErrors: localErrors,
            negotiatedGroup: completed ? channel.negotiatedGroup() : nil,
            serverBytes: channel.peerBytes,
            ocspResponse: ocsp.bytes,
            ocspLength: ocsp.length,
            peerCertificates: peerCertificates
        )
    }

    /// The stapled OCSP response, copied out (OpenSSL owns its buffer), and its length: nil
    /// and 0 when none came; nil and the length when it is over `OCSPStapleReader.maximumBytes`
    /// (stapled, but not read).
    private func stapledResponse() -> (bytes: [UInt8]?, length: Int) {
        var pointer: UnsafeMutablePointer<UInt8>?
        // SSL_get_tlsext_status_ocsp_resp, a macro over SSL_ctrl: the length, -1 when none.
        let length = withUnsafeMutablePointer(to: &pointer) {
            SSL_ctrl(channel.ssl.pointer, SSL_CTRL_GET_TLSEXT_STATUS_REQ_OCSP_RESP, 0, $0)
        }
        guard length > 0, let pointer else { return (nil, 0) }
        guard length <= OCSPStapleReader.maximumBytes else { return (nil, length) }
        return (Array(UnsafeBufferPointer(start: pointer, count: length)), length)
    }

    /// TLS 1.3: the server judges our certificate after its own Finished, so its refusal
    /// (certificate_required, unknown_ca, bad_certificate…) arrives at our first read.
    /// Reads until the server's verdict — a NewSessionTicket (accepted), an alert, the end
    /// of the stream — or a short wait: a few round trips, at least 0.3 s, at most the timeout.
    private func readVerdict(settings: ClientSettings, localErrors: inout [String]) {
        let roundTrip = channel.firstAnswerDelay ?? 0.05
        let deadline = Deadline.after(min(settings.timeout, max(0.3, 4 * roundTrip)))
        var scratch = [UInt8](repeating: 0, count: 4096)
        while recorder.sessionTickets == 0 && recorder.fatalAlertFrom.isEmpty && !recorder.closeNotifyFromPeer {
            // Application data streaming in never lets pull wait: the bound is checked here.
            if deadline.hasPassed { return }
            let (result, _) = channel.read(into: &scratch)
            _ = channel.flush(until: deadline)
            switch result {
            case .success:
                continue
            case .wantRead, .wantWrite:
                guard channel.pull(until: deadline) == .received else { return }
            case .closed:
                return
            case .syscall(let entries), .failed(let entries):
                localErrors = TLSChannel.reasons(entries)
                return
            }
        }
    }
}
