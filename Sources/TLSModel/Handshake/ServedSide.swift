import TLSWire

/// What `listen` served a client: the chain we presented and what we accept. A client's
/// alerts and hang-ups are read against it ("unknown_ca after our Certificate: …"), and a
/// version or cipher mismatch names what the client offered beside what we accept.
public struct ServedSide: Sendable, Hashable {
    /// How we asked for a client certificate.
    public enum ClientAuthentication: String, Sendable, Hashable {
        /// No CertificateRequest.
        case none
        /// A CertificateRequest; a client that sends none is still served.
        case requested
        /// A CertificateRequest; a client that sends none is refused.
        case required
    }

    /// The chain we presented, leaf first.
    public var chain: [X509Certificate]
    /// Whether that chain is tlsprobe's ephemeral self-signed certificate (no client trusts it).
    public var ephemeral: Bool
    /// The protocol versions we accept, oldest first.
    public var acceptedVersions: [ProtocolVersion]
    /// The cipher suites we accept (TLS 1.3 and earlier), in OpenSSL's order.
    public var acceptedCipherSuites: [CipherSuite]
    public var clientAuthentication: ClientAuthentication

    public init(
        chain: [X509Certificate],
        ephemeral: Bool,
        acceptedVersions: [ProtocolVersion],
        acceptedCipherSuites: [CipherSuite],
        clientAuthentication: ClientAuthentication
    ) {
        self.chain = chain
        self.ephemeral = ephemeral
        self.acceptedVersions = acceptedVersions
        self.acceptedCipherSuites = acceptedCipherSuites
        self.clientAuthentication = clientAuthentication
    }

    /// "TLSv1.2 to TLSv1.3", "TLSv1.3 only".
    public var versionRange: String {
        guard let oldest = acceptedVersions.first, let newest = acceptedVersions.last else { return "no version" }
        return oldest == newest ? "\(oldest) only" : "\(oldest) to \(newest)"
    }

    /// The name of the certificate that issued our leaf when we did not send it (and the
    /// leaf is not self-issued): fine when it is a root the client has, fatal when it is an
    /// intermediate the client cannot find. Which of the two, only the client's roots tell.
    public var unsentIssuerOfLeaf: String? {
        guard let leaf = chain.first, !leaf.isSelfIssued else { return nil }
        let sent = chain.dropFirst().contains {
            DNComparison.equal($0.subjectDER, $0.subject, leaf.issuerDER, leaf.issuer)
        }
        return sent ? nil : leaf.issuerString
    }

    /// The top of the chain we sent: the root a client must have (its issuer when the top
    /// is not self-signed).
    public var rootName: String? {
        guard let top = chain.last else { return nil }
        return top.isSelfIssued ? top.subjectString : top.issuerString
    }
}
