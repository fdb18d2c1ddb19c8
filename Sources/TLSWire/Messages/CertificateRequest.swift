/// A CertificateRequest: the server asks for a client certificate and says which it would
/// accept (certificate authorities by name, signature algorithms).
///
/// One type for both layouts. TLS 1.2 carries the fields directly (RFC 5246 §7.4.4);
/// TLS 1.3 carries them as extensions (RFC 8446 §4.3.2). Either way
/// `signatureAlgorithms` and `certificateAuthorities` hold what was sent; TLS 1.3's
/// extensions are kept whole in `extensions` too.
public struct CertificateRequest: Hashable, Sendable {
    /// TLS 1.2 `certificate_types`; empty for TLS 1.3.
    public var certificateTypes: [ClientCertificateType]
    /// TLS 1.2 `supported_signature_algorithms`, or TLS 1.3 `signature_algorithms`; empty
    /// for TLS 1.0 and 1.1, which had no such field.
    public var signatureAlgorithms: [SignatureScheme]
    /// TLS 1.3 `signature_algorithms_cert`, when sent.
    public var signatureAlgorithmsCert: [SignatureScheme]?
    /// Acceptable issuers as DER `DistinguishedName`s, in the order sent. Empty means
    /// "any" (TLS 1.2: an empty list; TLS 1.3: no `certificate_authorities` extension).
    public var certificateAuthorities: [[UInt8]]
    /// TLS 1.3 `certificate_request_context`; nil for TLS 1.2.
    public var requestContext: [UInt8]?
    /// TLS 1.3 extensions in order (duplicates and unknown types included); empty for TLS 1.2.
    public var extensions: [Extension]

    public init(
        certificateTypes: [ClientCertificateType],
        signatureAlgorithms: [SignatureScheme],
        signatureAlgorithmsCert: [SignatureScheme]? = nil,
        certificateAuthorities: [[UInt8]],
        requestContext: [UInt8]? = nil,
        extensions: [Extension] = []
    ) {
        self.certificateTypes = certificateTypes
        self.signatureAlgorithms = signatureAlgorithms
        self.signatureAlgorithmsCert = signatureAlgorithmsCert
        self.certificateAuthorities = certificateAuthorities
        self.requestContext = requestContext
        self.extensions = extensions
    }

    /// Parses a `certificate_request` message in the layout `context` says.
    ///
    /// TLS 1.2, RFC 5246 §7.4.4 (TLS 1.0 and 1.1 lack `supported_signature_algorithms`):
    ///
    ///     opaque DistinguishedName<1..2^16-1>;
    ///
    ///     struct {
    ///         ClientCertificateType certificate_types<1..2^8-1>;
    ///         SignatureAndHashAlgorithm
    ///           supported_signature_algorithms<2^16-1>;
    ///         DistinguishedName certificate_authorities<0..2^16-1>;
    ///     } CertificateRequest;
    ///
    /// TLS 1.3, RFC 8446 §4.3.2:
    ///
    ///     struct {
    ///         opaque certificate_request_context<0..2^8-1>;
    ///         Extension extensions<2..2^16-1>;
    ///     } CertificateRequest;
    ///
    /// In TLS 1.3 the `signature_algorithms` extension "MUST be specified"; a request
    /// without one, or whose `signature_algorithms`, `signature_algorithms_cert` or
    /// `certificate_authorities` cannot be read, is malformed: those are what the request
    /// is for, and an empty list would misreport it.
    public init(_ message: RawHandshakeMessage, context: HandshakeContext) throws(WireError) {
        try expectType(message, .certificateRequest)
        var reader = message.bodyReader()
        if context.usesTLS13Formats {
            var requestContext = try reader.readVector(prefixLength: 1, max: 0xFF, "certificate_request_context")
            self.requestContext = requestContext.readRest()
            let extensionsOffset = reader.offset
            extensions = try Extension.readList(&reader, min: 2)
            try reader.expectEnd("certificate_request")
            certificateTypes = []
            guard let algorithms = extensions.first(.signatureAlgorithms) else {
                throw WireError(
                    .malformed,
                    field: "signature_algorithms",
                    offset: extensionsOffset,
                    detail: "a TLS 1.3 CertificateRequest must carry signature_algorithms"
                )
            }
            signatureAlgorithms = try algorithms.signatureSchemeList()
            signatureAlgorithmsCert = try extensions.first(.signatureAlgorithmsCert)?.signatureSchemeList()
            certificateAuthorities = try extensions.first(.certificateAuthorities)?.certificateAuthorityNames() ?? []
        } else {
            requestContext = nil
            extensions = []
            signatureAlgorithmsCert = nil
            var types = try reader.readVector(prefixLength: 1, min: 1, max: 0xFF, "certificate_types")
            certificateTypes = types.readRest().map { ClientCertificateType($0) }
            if context.signaturesNameTheirAlgorithm {
                // §7.4.4 writes "<2^16-1>"; read as §7.4.1.4.1 bounds it, <2..2^16-2>.
                signatureAlgorithms = try reader.readUInt16List(
                    prefixLength: 2,
                    min: 2,
                    max: 0xFFFE,
                    "supported_signature_algorithms"
                ).map { SignatureScheme($0) }
            } else {
                signatureAlgorithms = []
            }
            certificateAuthorities = try Extension.readDistinguishedNames(&reader, min: 0, "certificate_authorities")
            try reader.expectEnd("certificate_request")
        }
    }
}
