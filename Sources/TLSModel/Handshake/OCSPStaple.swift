import SystemCalls

/// connect: what the server stapled in answer to our status_request (RFC 6066 8, TLS 1.2's
/// CertificateStatus message or TLS 1.3's status_request entry extension).
public struct OCSPStaple: Sendable, Hashable {
    /// A response was stapled.
    public var stapled: Bool
    /// The OCSPResponseStatus (`successful`, `tryLater`, `unauthorized`…); nil when none was stapled.
    public var responseStatus: String?
    /// The certStatus of the SingleResponse about the leaf (by serial number and issuer),
    /// or of the first when none is: `good`, `revoked`, `unknown`; nil when there is none.
    public var certificateStatus: String?
    public var thisUpdate: Date?
    public var nextUpdate: Date?
    public var revocationTime: Date?
    /// Whether the response's certificate serial number is the leaf's; nil when unknown.
    public var matchesLeaf: Bool?
    /// Its size in bytes.
    public var bytes: Int
    /// Why what was stapled says no certificate status: "not read: …" (over the bound),
    /// "no response body" (a status without responseBytes), "no SingleResponse"; nil otherwise.
    public var detail: String? = nil

    public init(
        stapled: Bool,
        responseStatus: String? = nil,
        certificateStatus: String? = nil,
        thisUpdate: Date? = nil,
        nextUpdate: Date? = nil,
        revocationTime: Date? = nil,
        matchesLeaf: Bool? = nil,
        bytes: Int = 0
    ) {
        self.stapled = stapled
        self.responseStatus = responseStatus
        self.certificateStatus = certificateStatus
        self.thisUpdate = thisUpdate
        self.nextUpdate = nextUpdate
        self.revocationTime = revocationTime
        self.matchesLeaf = matchesLeaf
        self.bytes = bytes
    }
}
