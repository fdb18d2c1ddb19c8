import Foundation

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

/// Where in a chain a certificate stands; some checks apply only to some roles.
public enum CertificateRole: String, Sendable, Hashable {
    /// The end-entity certificate being judged.
    case leaf
    /// A CA between the leaf and the anchor.
    case intermediate
    /// A trust anchor (root) the client already has.
    case anchor
}

/// Everything a check needs besides the certificates: the instant, the expected name,
/// the purpose and the profile. Time is injected, never read inside a check.
public struct TrustContext: Sendable, Hashable {
    /// The instant at which validity is judged (`--at`, default now).
    public var at: Date
    /// The name the peer must carry; nil when no name is checked.
    public var expectedName: ExpectedName?
    /// What the leaf is for.
    public var purpose: Purpose
    /// Which rules apply.
    public var profile: Profile
    /// The most intermediates a path may have, when limited (x509-limbo's max_chain_depth).
    public var maxIntermediates: Int?

    public init(at: Date, expectedName: ExpectedName? = nil, purpose: Purpose = .server, profile: Profile = .default, maxIntermediates: Int? = nil) {
        self.at = at
        self.expectedName = expectedName
        self.purpose = purpose
        self.profile = profile
        self.maxIntermediates = maxIntermediates
    }
}

/// A certificate the client trusts, and where it came from (`root.pem`, `system`).
public struct TrustAnchor: Sendable, Hashable {
    public var certificate: X509Certificate
    public var source: String

    public init(certificate: X509Certificate, source: String) {
        self.certificate = certificate
        self.source = source
    }
}
