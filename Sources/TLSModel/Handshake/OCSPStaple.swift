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
    /// The revocation reason (`keyCompromise`, `superseded`…) of a `revoked` certStatus;
    /// nil when the response gives none.
    public var revocationReason: String? = nil
    /// Whether the response's certificate serial number is the leaf's; nil when unknown.
    public var matchesLeaf: Bool?
    /// Its size in bytes.
    public var bytes: Int
    /// Why what was stapled says no certificate status: "not read: …" (over the bound),
    /// "no response body" (a status without responseBytes), "no SingleResponse"; nil otherwise.
    public var detail: String? = nil
    /// The staple's check (signature, responder, CertID); nil when nothing was read to check
    /// (none stapled, over the bound, or a response status other than successful).
    public var check: OCSPStapleCheck? = nil

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

/// The check of a stapled response, made where it is read: whether it is signed by a
/// responder allowed to speak for the leaf (RFC 6960 4.2.2.2: the leaf's issuer, or a
/// certificate that issuer issued with id-kp-OCSPSigning), with a valid signature, about the
/// leaf (its CertID). Its dates are judged later, at the report's time (`current`).
public struct OCSPStapleCheck: Sendable, Hashable {
    /// Who signed the response, when it was found and allowed.
    public enum Responder: String, Sendable, Hashable {
        /// The leaf's issuer itself.
        case issuer
        /// A certificate the leaf's issuer issued with id-kp-OCSPSigning.
        case delegate
    }

    /// The first part of the check that failed.
    public enum Failure: String, Sendable, Hashable {
        /// Not an OCSPResponse, or a successful one with no BasicOCSPResponse.
        case unparseable
        /// No SingleResponse is about the leaf (serial number, issuer name and key hashes).
        case certID = "cert_id"
        /// The signer is not the leaf's issuer nor a delegate it issued for OCSP signing
        /// (or the response names a signer it does not carry).
        case responder
        /// The signature does not verify with the signer's key.
        case signature
    }

    /// The responder, when the signer was found and allowed; nil otherwise.
    public var responder: Responder?
    /// The signer's subject as OpenSSL prints it (one line, RFC 2253); nil when not found.
    public var signer: String?
    /// What failed first; nil when the response is signed by its responder and about the leaf.
    public var failure: Failure?
    /// The failure in words, for the finding's message; nil when none failed.
    public var detail: String?
    /// Whether the response is current at the judged instant: thisUpdate not in the future
    /// and nextUpdate not passed; set by the diagnosis; nil until then or without a thisUpdate.
    public var current: Bool? = nil
    /// The leaf's issuer is neither presented nor an anchor: neither the responder nor the CertID's key hash
    /// could be checked. The check then says nothing either way (`failure` nil, `verified` false).
    public var issuerKnown: Bool

    public init(
        responder: Responder? = nil,
        signer: String? = nil,
        failure: Failure? = nil,
        detail: String? = nil,
        issuerKnown: Bool = true
    ) {
        self.responder = responder
        self.signer = signer
        self.failure = failure
        self.detail = detail
        self.issuerKnown = issuerKnown
    }

    /// Signed by an allowed responder with a valid signature, and about the leaf.
    public var verified: Bool { failure == nil && responder != nil && issuerKnown }
}
