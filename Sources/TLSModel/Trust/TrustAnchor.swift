import SystemCalls

/// The name a client expects the server (or client) certificate to carry.
public enum ExpectedName: Sendable, Hashable, CustomStringConvertible {
    /// A DNS name, as dialled or given with --host.
    case dns(String)
    /// An IP address (4 or 16 bytes): it must be in an iPAddress SAN.
    case ip([UInt8])

    /// An IP address when `text` is one (IPv6 may be in brackets), otherwise a DNS name.
    public init(parsing text: String) {
        if let address = IPAddressText.parse(text) {
            self = .ip(address)
        } else {
            self = .dns(text)
        }
    }

    public var description: String {
        switch self {
        case .dns(let name): return name
        case .ip(let bytes): return IPAddressText.format(bytes)
        }
    }
}

/// What the certificate is to be used for.
public enum Purpose: String, Sendable, Hashable, CaseIterable {
    /// A TLS server certificate (extendedKeyUsage serverAuth).
    case server
    /// A TLS client certificate (extendedKeyUsage clientAuth).
    case client
}

/// A certificate the client trusts, and where it came from (`root.pem`, `system`).
public struct TrustAnchor: Sendable, Hashable {
    public var certificate: X509Certificate
    public var source: String

    /// The `source` of a root read from the system's store (`--system-anchors`): one the
    /// platform ships, as opposed to one the user named.
    public static let systemSource = "system"

    /// Whether this root came from the system's store.
    public var isSystemRoot: Bool { source == Self.systemSource }

    public init(certificate: X509Certificate, source: String) {
        self.certificate = certificate
        self.source = source
    }
}

/// What a verifier is asked about a chain besides the certificates: the instant, the name
/// the peer must carry, what the leaf is for and how many intermediates a path may have.
/// TLSDiagnosis's `TrustContext` is one; OpenSSL's verifier answers the same question.
public protocol VerificationQuestion: Sendable {
    /// The instant at which validity is judged.
    var at: Date { get }
    /// The name the peer must carry; nil when no name is checked.
    var expectedName: ExpectedName? { get }
    /// What the leaf is for.
    var purpose: Purpose { get }
    /// The most intermediates a path may have, when limited.
    var maxIntermediates: Int? { get }
}
