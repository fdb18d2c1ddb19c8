import SystemCalls
import TLSWire

/// Which end of a TLS connection said something.
public enum Side: String, Sendable, Hashable {
    case client
    case server

    /// The other end.
    public var peer: Side { self == .client ? .server : .client }
}

/// What a ClientHello offered, as reports show it (docs/DESIGN.md's `client_hello`).
public struct ClientHelloSummary: Sendable, Hashable {
    /// `legacy_version` of the hello.
    public var legacyVersion: ProtocolVersion
    /// The versions offered: supported_versions when present (GREASE kept, in order),
    /// else the legacy version alone.
    public var versions: [ProtocolVersion]
    public var cipherSuites: [CipherSuite]
    /// server_name, when sent.
    public var sni: String?
    /// ALPN protocols, in order.
    public var alpn: [String]
    public var signatureAlgorithms: [SignatureScheme]
    public var supportedGroups: [NamedGroup]
    /// The groups a key share was sent for (TLS 1.3).
    public var keyShareGroups: [NamedGroup]
    /// Every extension in order, duplicates and unknown ones included.
    public var extensions: [ExtensionType]
    /// The JA3 string and its MD5, and the JA4 fingerprint, when computed.
    public var ja3: String?
    public var ja3Hash: String?
    public var ja4: String?
    /// Whether it came in an SSLv2-compatible record.
    public var sslv2Compatible: Bool
    /// The cookie extension's data (RFC 8446 §4.2.2), when sent: a second ClientHello must
    /// echo the HelloRetryRequest's.
    public var cookie: [UInt8]? = nil

    public init(
        legacyVersion: ProtocolVersion,
        versions: [ProtocolVersion],
        cipherSuites: [CipherSuite],
        sni: String?,
        alpn: [String],
        signatureAlgorithms: [SignatureScheme],
        supportedGroups: [NamedGroup],
        keyShareGroups: [NamedGroup],
        extensions: [ExtensionType],
        ja3: String? = nil,
        ja3Hash: String? = nil,
        ja4: String? = nil,
        sslv2Compatible: Bool = false
    ) {
        self.legacyVersion = legacyVersion
        self.versions = versions
        self.cipherSuites = cipherSuites
        self.sni = sni
        self.alpn = alpn
        self.signatureAlgorithms = signatureAlgorithms
        self.supportedGroups = supportedGroups
        self.keyShareGroups = keyShareGroups
        self.extensions = extensions
        self.ja3 = ja3
        self.ja3Hash = ja3Hash
        self.ja4 = ja4
        self.sslv2Compatible = sslv2Compatible
    }

    /// The highest non-GREASE version offered.
    public var highestVersion: ProtocolVersion? { versions.filter { !$0.isGREASE }.max() }

    /// Hashes the fields that tell clients apart (the fingerprints stand for the lists they
    /// are made from) rather than every list element by element: a capture looks a hello
    /// up once per report. Equal summaries hash alike; `==` still compares every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(legacyVersion)
        hasher.combine(cipherSuites.count)
        hasher.combine(extensions.count)
        hasher.combine(sni)
        hasher.combine(ja3)
        hasher.combine(ja4)
        hasher.combine(sslv2Compatible)
    }
}

/// What a ServerHello (or HelloRetryRequest) chose.
public struct ServerHelloSummary: Sendable, Hashable {
    public var legacyVersion: ProtocolVersion
    /// The version chosen: supported_versions when present, else the legacy version.
    public var version: ProtocolVersion
    public var cipherSuite: CipherSuite
    /// The key share group (TLS 1.3) or ServerKeyExchange group (TLS 1.2), when known.
    public var group: NamedGroup?
    /// The ALPN protocol chosen (ServerHello in 1.2, EncryptedExtensions in 1.3).
    public var alpn: String?
    public var extensions: [ExtensionType]
    /// Whether this was a HelloRetryRequest.
    public var helloRetryRequest: Bool
    /// Whether a HelloRetryRequest went before this ServerHello, and the key share group it
    /// asked for (nil when it asked for none, only for a cookie).
    public var afterHelloRetryRequest: Bool = false
    public var helloRetryRequestGroup: NamedGroup? = nil
    /// A HelloRetryRequest's cookie extension data (RFC 8446 §4.2.2), when it carried one.
    public var cookie: [UInt8]? = nil

    public init(
        legacyVersion: ProtocolVersion,
        version: ProtocolVersion,
        cipherSuite: CipherSuite,
        group: NamedGroup?,
        alpn: String?,
        extensions: [ExtensionType],
        helloRetryRequest: Bool = false
    ) {
        self.legacyVersion = legacyVersion
        self.version = version
        self.cipherSuite = cipherSuite
        self.group = group
        self.alpn = alpn
        self.extensions = extensions
        self.helloRetryRequest = helloRetryRequest
    }
}

/// What a CertificateRequest asked for.
public struct CertificateRequestSummary: Sendable, Hashable {
    /// The acceptable CA names as RFC 4514 text (`CN=Front Desk Root`), in order.
    public var acceptableCAs: [String]
    /// The same names as DER, for matching against an identity's issuers.
    public var acceptableCADER: [[UInt8]]
    public var signatureAlgorithms: [SignatureScheme]
    /// Whether the client answered with a certificate: nil when unknown (encrypted, or the
    /// handshake stopped before), false when it sent none or an empty Certificate message.
    public var clientCertificateSent: Bool?

    public init(
        acceptableCAs: [String],
        acceptableCADER: [[UInt8]],
        signatureAlgorithms: [SignatureScheme],
        clientCertificateSent: Bool?
    ) {
        self.acceptableCAs = acceptableCAs
        self.acceptableCADER = acceptableCADER
        self.signatureAlgorithms = signatureAlgorithms
        self.clientCertificateSent = clientCertificateSent
    }

    /// Hashes the names as text and the counts, not every DER byte one at a time (a
    /// capture looks a request up once per report). `==` still compares every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(acceptableCAs)
        hasher.combine(acceptableCADER.count)
        hasher.combine(signatureAlgorithms.count)
        hasher.combine(clientCertificateSent)
    }
}

/// An alert one side sent, and where in the handshake it came.
public struct AlertEvent: Sendable, Hashable {
    public var from: Side
    public var level: AlertLevel
    public var description: AlertDescription
    /// Whether it was sent encrypted (TLS 1.3 after ServerHello); an encrypted alert's
    /// description is known only when it was decrypted.
    public var encrypted: Bool
    /// The handshake messages seen before it, in order: its context.
    public var after: [HandshakeStep]

    public init(from: Side, level: AlertLevel, description: AlertDescription, encrypted: Bool, after: [HandshakeStep]) {
        self.from = from
        self.level = level
        self.description = description
        self.encrypted = encrypted
        self.after = after
    }
}

/// One handshake message, by whom.
public struct HandshakeStep: Sendable, Hashable, CustomStringConvertible {
    public var from: Side
    public var type: HandshakeType
    /// For a Certificate message: whether it carried no certificate.
    public var empty: Bool

    public init(from: Side, type: HandshakeType, empty: Bool = false) {
        self.from = from
        self.type = type
        self.empty = empty
    }

    public var description: String { "\(from.rawValue) \(type)\(empty ? " (empty)" : "")" }
}

/// How a connection ended.
public enum Outcome: String, Sendable, Hashable {
    /// Both Finished messages were exchanged.
    case established
    /// An alert or a close ended it during the handshake.
    case failed
    /// The observation stops before the handshake did (a capture cut short).
    case incomplete
}

/// Everything one TLS connection showed, however it was observed: a live `connect`, a
/// client of `listen`, or packets in a `capture`. Diagnosis works on this alone, so a
/// ClientHello looks the same whichever way it arrived.
public struct HandshakeObservation: Sendable, Hashable {
    /// The first ClientHello: the one fingerprints are taken from (JA4 says so when a
    /// HelloRetryRequest brings a second).
    public var clientHello: ClientHelloSummary?
    /// A HelloRetryRequest, when the server sent one before its ServerHello.
    public var helloRetryRequest: ServerHelloSummary?
    /// The ClientHello sent in answer to a HelloRetryRequest (or HelloVerifyRequest), or
    /// the next one a client sent unasked; `clientHello` stays the first.
    public var secondClientHello: ClientHelloSummary? = nil
    public var serverHello: ServerHelloSummary?
    /// The server's certificates as presented, index 0 = leaf.
    public var serverCertificates: [X509Certificate]
    /// Certificates in the server's Certificate message that could not be read at all.
    public var unreadableServerCertificates: Int
    public var certificateRequest: CertificateRequestSummary?
    /// The client's certificates as presented; nil when it sent no Certificate message
    /// (or it could not be seen), empty when it sent an empty one.
    public var clientCertificates: [X509Certificate]?
    public var alerts: [AlertEvent]
    /// Every handshake message seen, in order.
    public var steps: [HandshakeStep]
    public var outcome: Outcome
    /// Whether the TLS 1.3 encrypted part of the handshake could not be read (a capture
    /// without a key log): the chain, CertificateRequest and most alerts are then unseen.
    public var encryptedHandshakeUnseen: Bool
    /// Whether the session was resumed (abbreviated handshake or PSK), when known.
    public var resumed: Bool?

    public init(
        clientHello: ClientHelloSummary? = nil,
        helloRetryRequest: ServerHelloSummary? = nil,
        serverHello: ServerHelloSummary? = nil,
        serverCertificates: [X509Certificate] = [],
        unreadableServerCertificates: Int = 0,
        certificateRequest: CertificateRequestSummary? = nil,
        clientCertificates: [X509Certificate]? = nil,
        alerts: [AlertEvent] = [],
        steps: [HandshakeStep] = [],
        outcome: Outcome,
        encryptedHandshakeUnseen: Bool = false,
        resumed: Bool? = nil
    ) {
        self.clientHello = clientHello
        self.helloRetryRequest = helloRetryRequest
        self.serverHello = serverHello
        self.serverCertificates = serverCertificates
        self.unreadableServerCertificates = unreadableServerCertificates
        self.certificateRequest = certificateRequest
        self.clientCertificates = clientCertificates
        self.alerts = alerts
        self.steps = steps
        self.outcome = outcome
        self.encryptedHandshakeUnseen = encryptedHandshakeUnseen
        self.resumed = resumed
    }

    /// The negotiated version, from the ServerHello.
    public var version: ProtocolVersion? { serverHello?.version }
}
