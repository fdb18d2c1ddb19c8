import TLSWire

/// Builds a `HandshakeObservation` from handshake messages and alerts in the order they
/// were seen — the one place where OpenSSL's message callback (connect, listen) and a
/// captured TCP stream (capture) meet, so a ClientHello looks the same whichever way it
/// arrived.
public struct HandshakeObservationBuilder: Sendable {
    /// The version and cipher suite learned so far: which TLS 1.2/1.3 layouts apply.
    public private(set) var context = HandshakeContext()
    /// Messages that framed but did not decode, as `"server certificate: <error>"`.
    public private(set) var decodeProblems: [String] = []

    private var observation = HandshakeObservation(outcome: .incomplete)
    private var finished: Set<Side> = []
    private var fatalAlert = false
    private var clientSessionID: [UInt8] = []
    /// DTLS: the server sent a HelloVerifyRequest, so the next ClientHello is the second,
    /// the one carrying the cookie (RFC 6347 §4.2.1).
    private var helloVerifyRequested = false

    /// Reads a certificate's DER; a capture passes one that remembers chains it has seen,
    /// since the same server presents the same chain on every connection.
    private let parseCertificate: @Sendable ([UInt8]) -> X509Certificate?

    public init(
        parseCertificate: @escaping @Sendable ([UInt8]) -> X509Certificate? = { try? X509Certificate(derEncoded: $0) }
    ) {
        self.parseCertificate = parseCertificate
    }

    /// A whole handshake message with its 4-byte header, as OpenSSL's message callback
    /// delivers it (TLS 1.3's encrypted messages already decrypted).
    public mutating func add(rawMessage bytes: [UInt8], from side: Side) {
        do {
            let raw = try RawHandshakeMessage(bytes: bytes)
            do {
                add(try HandshakeMessage(raw, context: context), from: side)
            } catch {
                decodeProblems.append("\(side.rawValue) \(raw.type): \(error)")
                observation.steps.append(HandshakeStep(from: side, type: raw.type))
            }
        } catch {
            decodeProblems.append("\(side.rawValue) handshake message: \(error)")
        }
    }

    /// A handshake message that framed but did not decode (capture).
    public mutating func addUndecodable(_ raw: RawHandshakeMessage, error: WireError, from side: Side) {
        decodeProblems.append("\(side.rawValue) \(raw.type): \(error)")
        observation.steps.append(HandshakeStep(from: side, type: raw.type))
    }

    /// A decoded handshake message.
    public mutating func add(_ message: HandshakeMessage, from side: Side) {
        var step = HandshakeStep(from: side, type: message.type)
        switch message {
        case .clientHello(let hello):
            if (observation.helloRetryRequest != nil || helloVerifyRequested) && observation.clientHello != nil {
                observation.secondClientHello = ClientHelloSummary(hello)
            } else if observation.clientHello != nil {
                // Another ClientHello that nothing asked for: the first stays the one
                // fingerprinted, as JA4 and tshark take it; the next is kept beside it.
                if observation.secondClientHello == nil { observation.secondClientHello = ClientHelloSummary(hello) }
            } else {
                observation.clientHello = ClientHelloSummary(hello)
                clientSessionID = hello.legacySessionID
            }
        case .helloRetryRequest(let hello):
            var summary = ServerHelloSummary(hello, helloRetryRequest: true)
            summary.helloRetryRequestGroup = summary.group
            observation.helloRetryRequest = summary
            step.type = .helloRetryRequest
        case .serverHello(let hello):
            var summary = ServerHelloSummary(hello, helloRetryRequest: false)
            if let retry = observation.helloRetryRequest {
                summary.afterHelloRetryRequest = true
                summary.helloRetryRequestGroup = retry.group
            }
            observation.serverHello = summary
            if hello.selectedVersion.usesTLS13Rules {
                // RFC 8446 4.2.11: a server accepting a PSK answers with pre_shared_key.
                observation.resumed = hello.extensions.contains(.preSharedKey)
            } else if !clientSessionID.isEmpty && hello.legacySessionIDEcho == clientSessionID {
                observation.resumed = true
            } else {
                observation.resumed = false
            }
        case .unknown(let type, _) where type == .helloVerifyRequest:
            helloVerifyRequested = observation.clientHello != nil
        case .encryptedExtensions(let extensions):
            if let alpn = extensions.alpnProtocol { observation.serverHello?.alpn = alpn }
        case .serverKeyExchange(let exchange):
            if observation.serverHello?.group == nil, let group = exchange.namedGroup {
                observation.serverHello?.group = group
            }
        case .certificate(let message):
            step.empty = message.isEmpty
            var certificates: [X509Certificate] = []
            var unreadable = 0
            for der in message.certificates {
                if let certificate = parseCertificate(der) {
                    certificates.append(certificate)
                } else {
                    unreadable += 1
                }
            }
            if side == .server {
                observation.serverCertificates = certificates
                observation.unreadableServerCertificates = unreadable
            } else {
                observation.clientCertificates = certificates
                observation.certificateRequest?.clientCertificateSent = !message.isEmpty
            }
        case .certificateRequest(let request):
            observation.certificateRequest = CertificateRequestSummary(
                acceptableCAs: request.certificateAuthorities.map(DNComparison.text),
                acceptableCADER: request.certificateAuthorities,
                signatureAlgorithms: request.signatureAlgorithms,
                clientCertificateSent: nil
            )
        case .finished:
            finished.insert(side)
        default:
            break
        }
        context.update(after: message)
        observation.steps.append(step)
    }

    /// An alert, placed after the messages seen so far.
    public mutating func add(alert: Alert, from side: Side, encrypted: Bool = false) {
        if alert.level == .fatal { fatalAlert = true }
        observation.alerts.append(
            AlertEvent(
                from: side,
                level: alert.level,
                description: alert.description,
                encrypted: encrypted,
                after: observation.steps
            )
        )
    }

    /// The encrypted part of a TLS 1.3 handshake went by unread (no key log).
    public mutating func markEncryptedHandshakeUnseen() {
        observation.encryptedHandshakeUnseen = true
    }

    /// The observation. The outcome is `established` when both sides sent Finished,
    /// `failed` after a fatal alert, else `incomplete`, unless the caller knows better
    /// (a live handshake that OpenSSL completed, a TLS 1.3 capture with application data
    /// flowing both ways).
    public func build(outcome: Outcome? = nil) -> HandshakeObservation {
        var result = observation
        if let outcome {
            result.outcome = outcome
        } else if finished.contains(.client) && finished.contains(.server) {
            result.outcome = .established
        } else if fatalAlert {
            result.outcome = .failed
        } else {
            result.outcome = .incomplete
        }
        return result
    }
}

extension ClientHelloSummary {
    /// What `hello` offered, with its JA3 and JA4 fingerprints. A capture sees the same few
    /// clients thousands of times: the summary is remembered (`SummaryMemo`) by the parts of
    /// the hello it is made from, so a client's next hello costs one pass over its bytes.
    public init(_ hello: ClientHello) {
        guard let key = SummaryMemo.key(hello) else {
            self.init(computing: hello)
            return
        }
        if let known = SummaryMemo.shared.value(for: key) {
            self = known
            return
        }
        self.init(computing: hello)
        SummaryMemo.shared.store(self, for: key)
    }

    init(computing hello: ClientHello) {
        // A DTLS hello (legacy_version 0xFEFF or 0xFEFD) travelled on DTLS: JA4's `d`.
        let fingerprint = ClientHelloFingerprint(hello, transport: hello.legacyVersion.isDTLS ? .dtls : .tcp)
        self.init(
            legacyVersion: hello.legacyVersion,
            versions: hello.supportedVersions ?? [hello.legacyVersion],
            cipherSuites: hello.cipherSuites,
            sni: hello.serverName,
            alpn: hello.alpnProtocols ?? [],
            signatureAlgorithms: hello.signatureAlgorithms ?? [],
            supportedGroups: hello.supportedGroups ?? [],
            keyShareGroups: hello.keyShareGroups ?? [],
            extensions: hello.extensions.map(\.type),
            ja3: fingerprint.ja3,
            ja3Hash: fingerprint.ja3Hash,
            ja4: fingerprint.ja4,
            sslv2Compatible: hello.isSSLv2Compatible
        )
        cookie = hello.extensions.first(.cookie)?.data
    }
}

/// ClientHello summaries by every part of the hello a summary reads: the legacy version,
/// the cipher suites, each extension's type in order, the whole data of the extensions
/// whose contents it reads (server_name, supported_groups, ec_point_formats,
/// signature_algorithms, ALPN, supported_versions) and the groups of key_share (not the
/// keys, which are new on every connection). The random, the session ID and every other
/// extension's data (PSK identities, padding, ECH) play no part. A hello with a cookie (the
/// answer to a HelloRetryRequest, whose summary keeps the cookie) is never remembered: its
/// cookie is new on every connection. Bounded like the fingerprint memo: 256 summaries,
/// keys of at most 4 KiB (a browser's is a few hundred bytes; a hostile hello with
/// thousands of suites is summarised without being kept).
enum SummaryMemo {
    static let shared = BoundedMemo<Key, ClientHelloSummary>(capacity: 256)
    static let maxKeyBytes = 4096

    /// The key's bytes, hashed in one call (an array of bytes hashes one byte at a time).
    struct Key: Hashable, Sendable {
        var bytes: [UInt8]
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// Whose contents a summary reads (ClientHello+Accessors, JA3, JA4).
    private static let readTypes: Set<UInt16> = [
        ExtensionType.serverName.rawValue, ExtensionType.supportedGroups.rawValue,
        ExtensionType.ecPointFormats.rawValue, ExtensionType.signatureAlgorithms.rawValue,
        ExtensionType.applicationLayerProtocolNegotiation.rawValue, ExtensionType.supportedVersions.rawValue,
    ]

    /// The bytes a summary of `hello` is a function of; nil for an SSLv2-compatible hello
    /// (rare, and read from other fields), one with a cookie, or a key over `maxKeyBytes`.
    static func key(_ hello: ClientHello) -> Key? {
        guard hello.sslv2 == nil, !hello.extensions.contains(.cookie) else { return nil }
        var key: [UInt8] = []
        key.reserveCapacity(512)
        func u16(_ v: UInt16) {
            key.append(UInt8(v >> 8))
            key.append(UInt8(v & 0xFF))
        }
        func u32(_ v: Int) {
            for shift in stride(from: 24, through: 0, by: -8) { key.append(UInt8((v >> shift) & 0xFF)) }
        }
        u16(hello.legacyVersion.rawValue)
        u32(hello.cipherSuites.count)
        for suite in hello.cipherSuites { u16(suite.rawValue) }
        if key.count > maxKeyBytes { return nil }
        u32(hello.extensions.count)
        for e in hello.extensions {
            let type = e.type.rawValue
            u16(type)
            if readTypes.contains(type) {
                u32(e.data.count)
                key.append(contentsOf: e.data)
            } else if e.type == .keyShare {
                if let groups = try? e.clientKeyShares().map(\.group.rawValue) {
                    key.append(1)
                    u32(groups.count)
                    for g in groups { u16(g) }
                } else {
                    key.append(0)
                }
            }
            if key.count > maxKeyBytes { return nil }
        }
        return Key(bytes: key)
    }
}

extension ServerHelloSummary {
    /// What `hello` chose.
    public init(_ hello: ServerHello, helloRetryRequest: Bool) {
        self.init(
            legacyVersion: hello.legacyVersion,
            version: hello.selectedVersion,
            cipherSuite: hello.cipherSuite,
            group: hello.keyShareGroup,
            alpn: hello.alpnProtocol,
            extensions: hello.extensions.map(\.type),
            helloRetryRequest: helloRetryRequest
        )
        if helloRetryRequest { cookie = hello.extensions.first(.cookie)?.data }
    }
}
