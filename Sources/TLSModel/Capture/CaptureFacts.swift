import TLSWire

/// What a capture itself says about one connection, beside its handshake: bytes that were
/// never captured, how tracking ended, what the key log did, encrypted records that look
/// like alerts, a plaintext reply. Captures report these facts; `CaptureDiagnosis` turns
/// them into the `capture.*` findings.
public struct CaptureFacts: Sendable, Hashable {
    /// What the key log did for a connection with protected records.
    public struct Decryption: Sendable, Hashable {
        /// A protected record that did not open.
        public struct Failure: Sendable, Hashable {
            public var side: Side
            /// The record's number among that side's protected records, from 0.
            public var record: Int
            public var reason: String
            /// The key log label of the secret used, when one was.
            public var secret: String?

            public init(side: Side, record: Int, reason: String, secret: String?) {
                self.side = side
                self.record = record
                self.reason = reason
                self.secret = secret
            }
        }

        public var clientRandom: [UInt8]?
        public var cipherSuite: CipherSuite?
        public var isTLS13: Bool
        /// Protected records opened, both sides together.
        public var openedRecords: Int
        /// Key log labels a protected record needed and the key log lacks, in order.
        public var missingSecrets: [String]
        /// Whether the key log has any secret for this client random.
        public var hasAnySecret: Bool
        public var failure: Failure?
        /// The suite is not one tlsprobe decrypts.
        public var unsupportedSuite: Bool
        /// Protected records came, but the ClientHello (whose random names the secrets) is
        /// not in the capture.
        public var noClientHello: Bool

        public init(
            clientRandom: [UInt8]?,
            cipherSuite: CipherSuite?,
            isTLS13: Bool,
            openedRecords: Int,
            missingSecrets: [String],
            hasAnySecret: Bool,
            failure: Failure?,
            unsupportedSuite: Bool,
            noClientHello: Bool
        ) {
            self.clientRandom = clientRandom
            self.cipherSuite = cipherSuite
            self.isTLS13 = isTLS13
            self.openedRecords = openedRecords
            self.missingSecrets = missingSecrets
            self.hasAnySecret = hasAnySecret
            self.failure = failure
            self.unsupportedSuite = unsupportedSuite
            self.noClientHello = noClientHello
        }
    }

    /// An encrypted record that is the size of an alert.
    public struct EncryptedAlert: Sendable, Hashable {
        public var side: Side
        public var recordLength: Int

        public init(side: Side, recordLength: Int) {
            self.side = side
            self.recordLength = recordLength
        }
    }

    /// Bytes one side sent that are not TLS.
    public struct PlaintextReply: Sendable, Hashable {
        public var side: Side
        public var bytes: [UInt8]

        public init(side: Side, bytes: [UInt8]) {
            self.side = side
            self.bytes = bytes
        }
    }

    /// A plaintext handshake record the capture holds only the start of: the snap length
    /// or a hole cut the rest away.
    public struct CutRecord: Sendable, Hashable {
        public var side: Side
        /// The handshake message the missing bytes fall in (`certificate`), when its type was
        /// captured: whole messages before it in the record were read.
        public var message: String?
        /// The record's length as its header says, and how much of it was captured.
        public var length: Int
        public var captured: Int
        /// Cut by the snap length (else never captured: a hole).
        public var bySnapLength: Bool

        public init(side: Side, message: String?, length: Int, captured: Int, bySnapLength: Bool) {
            self.side = side
            self.message = message
            self.length = length
            self.captured = captured
            self.bySnapLength = bySnapLength
        }

        /// `the server's certificate (423 bytes, 59 captured)`.
        public var description: String {
            "the \(side.rawValue)'s \(message ?? "handshake record") (\(length) bytes, \(captured) captured)"
        }
    }

    /// A handshake message tlsprobe stopped reading at one of its own memory bounds (not one
    /// the capture lacks): the capture's memory budget for all open flows ended the
    /// connection while the message was partial, or the connection's handshake messages
    /// together passed the bound kept per connection.
    public struct BoundCutMessage: Sendable, Hashable {
        public enum Bound: String, Sendable, Hashable {
            /// `CaptureAnalyzer.Limits.maxBufferedBytes`: all open flows together.
            case memoryBudget = "capture memory budget"
            /// The handshake bytes kept per connection (17 MiB).
            case connectionLimit = "handshake bytes kept per connection"
        }

        public var side: Side
        /// `certificate`, or the type's number in hex when it has no name.
        public var message: String
        /// The body length its header declares.
        public var declaredLength: Int
        /// Bytes of its body read before the bound stopped reading (the 4-byte header not
        /// counted, as in `declaredLength`).
        public var received: Int
        public var bound: Bound
        /// The bound in bytes.
        public var boundBytes: Int

        public init(side: Side, message: String, declaredLength: Int, received: Int, bound: Bound, boundBytes: Int) {
            self.side = side
            self.message = message
            self.declaredLength = declaredLength
            self.received = received
            self.bound = bound
            self.boundBytes = boundBytes
        }

        /// A message of `type`, named as reports name it.
        public init(side: Side, type: HandshakeType, declaredLength: Int, received: Int, bound: Bound, boundBytes: Int)
        {
            self.init(
                side: side,
                message: type.name ?? type.hex,
                declaredLength: declaredLength,
                received: received,
                bound: bound,
                boundBytes: boundBytes
            )
        }

        /// `the server's certificate (declares 16777215 bytes; 1048576 read)`.
        public var description: String {
            "the \(side.rawValue)'s \(message) (declares \(declaredLength) bytes; \(received) read)"
        }
    }

    /// Handshake messages cut by tlsprobe's own memory bounds, at most one per side.
    public var messagesCutByBound: [BoundCutMessage] = []

    /// What the key log did; nil when no key log was given or nothing was protected.
    public var decryption: Decryption?
    /// TLS 1.3 without keys: the alert-sized record with which one side most likely refused.
    public var tls13Refusal: EncryptedAlert?
    /// Encrypted alert records during a TLS 1.2 handshake.
    public var encryptedAlerts: [EncryptedAlert] = []
    /// Retransmitted or overlapping TCP data that differed from the copy seen first, per
    /// side that sent it; the first copy is the one read.
    public var retransmissionMismatches: [RetransmissionMismatch] = []
    /// Stream bytes never captured, per direction.
    public var clientBytesLost = 0
    public var serverBytesLost = 0
    /// Payload bytes the snap length cut.
    public var snapCutBytes = 0
    /// The snap length that cut them: how many bytes of a cut packet the capture kept.
    public var snapLength: Int?
    /// Plaintext handshake records cut short (by the snap length or a hole), in order; at
    /// most `maxCutRecords`.
    public var cutRecords: [CutRecord] = []
    /// Encrypted records cut short: counted by their headers all the same.
    public var cutEncryptedRecords = 0
    public static let maxCutRecords = 8
    /// The capture file ends in the middle of a packet of this connection.
    public var fileTruncated = false
    /// Some lost bytes were given up waiting for: the capture's memory budget was reached.
    public var holesGivenUp = false
    /// The client's direction was captured from its SYN (for DTLS: from its first
    /// ClientHello).
    public var clientSeenFromSYN = false
    /// TCP, or UDP for DTLS.
    public var transport = Transport.tcp
    /// Why tracking stopped, in words; nil when the report went out while it was open.
    public var end: String?
    /// Streams that stopped decoding, and why.
    public var brokenStreams: [String] = []
    /// Handshake messages that could not be decoded.
    public var decodeProblems: [String] = []
    public var plaintextReply: PlaintextReply?
    /// A plain-text prelude in which the client asked for TLS (STARTTLS, a proxy's tunnel)
    /// and the server said no: the protocol, and the server's answer.
    public var upgradeRefused: UpgradeRefusal?
    /// A plain-text protocol that upgrades in place (SMTP, IMAP, LDAP, PostgreSQL, …) in
    /// which the client never asked for TLS and went on in plain text.
    public var upgradeNotRequested: UpgradeNotRequested?

    /// A side's retransmitted or overlapping TCP data that differed from the bytes first seen.
    public struct RetransmissionMismatch: Sendable, Hashable {
        public var side: Side
        /// The offset in that side's stream of the first differing byte.
        public var offset: Int
        /// Segments whose copy differed.
        public var segments: Int
        /// Whether `offset` counts from the side's first byte (its SYN was captured), or from
        /// the first byte the capture holds.
        public var fromStreamStart: Bool

        public init(side: Side, offset: Int, segments: Int, fromStreamStart: Bool = true) {
            self.side = side
            self.offset = offset
            self.segments = segments
            self.fromStreamStart = fromStreamStart
        }
    }

    /// The client of a plain-text protocol went on without asking for TLS.
    public struct UpgradeNotRequested: Sendable, Hashable {
        /// `smtp`, `imap`, `ldap`, `postgres`, …
        public var plaintextProtocol: PlaintextProtocol
        /// The first command past the greeting and capabilities (`MAIL`, `LOGIN`,
        /// `bindRequest`, `StartupMessage`).
        public var command: String
        /// Whether the server offered the upgrade; nil when the capture does not show it.
        public var serverOffered: Bool?
        /// The server's line that offered it (`250-STARTTLS`).
        public var offer: String?

        public init(plaintextProtocol: PlaintextProtocol, command: String, serverOffered: Bool?, offer: String?) {
            self.plaintextProtocol = plaintextProtocol
            self.command = command
            self.serverOffered = serverOffered
            self.offer = offer
        }
    }

    /// The server of a plain-text protocol refused the client's request for TLS.
    public struct UpgradeRefusal: Sendable, Hashable {
        /// What asked for TLS: a protocol's upgrade (`smtp`, `postgres`) or a proxy's tunnel.
        public var prelude: Prelude
        /// The server's answer, as text (its first line; "N" for PostgreSQL).
        public var reply: String?

        /// A protocol's upgrade, or a proxy's tunnel.
        public enum Prelude: Sendable, Hashable {
            case upgrade(PlaintextProtocol)
            case tunnel(TunnelProtocol)

            /// The name in JSON: `smtp`, `socks5`.
            public var name: String {
                switch self {
                case .upgrade(let proto): proto.rawValue
                case .tunnel(let tunnel): tunnel.rawValue
                }
            }

            /// "SMTP", "ManageSieve", "SOCKS5".
            public var displayName: String {
                switch self {
                case .upgrade(let proto): proto.displayName
                case .tunnel(let tunnel): tunnel.displayName
                }
            }
        }

        public init(prelude: Prelude, reply: String?) {
            self.prelude = prelude
            self.reply = reply
        }
    }

    public init() {}
}
