/// A Certificate message: the chain a server (or client) presented, in the order sent.
///
/// One type for both layouts. TLS 1.2 (RFC 5246 §7.4.2) sends a list of DER
/// certificates; TLS 1.3 (RFC 8446 §4.4.2) a request context and entries that each carry
/// extensions (OCSP status, SCTs). Both fill `entries`; TLS 1.2 entries have no extensions
/// and `requestContext` is nil.
public struct CertificateMessage: Hashable, Sendable {
    /// TLS 1.3 `certificate_request_context`: empty in a server's Certificate, echoing the
    /// CertificateRequest's context in a client's. Nil for TLS 1.2.
    public var requestContext: [UInt8]?
    /// The entries in the order sent; index 0 is the sender's own certificate.
    public var entries: [CertificateEntry]

    public init(requestContext: [UInt8]?, entries: [CertificateEntry]) {
        self.requestContext = requestContext
        self.entries = entries
    }

    /// The certificates' bytes (DER for X.509) in the order sent.
    public var certificates: [[UInt8]] { entries.map(\.data) }

    /// Whether the sender presented no certificate: a client declining a
    /// CertificateRequest, or a broken server.
    public var isEmpty: Bool { entries.isEmpty }

    /// Parses a `certificate` message in the layout `context` says.
    ///
    /// TLS 1.2, RFC 5246 §7.4.2:
    ///
    ///     opaque ASN.1Cert<1..2^24-1>;
    ///
    ///     struct {
    ///         ASN.1Cert certificate_list<0..2^24-1>;
    ///     } Certificate;
    ///
    /// TLS 1.3, RFC 8446 §4.4.2:
    ///
    ///     struct {
    ///         select (certificate_type) {
    ///             case RawPublicKey:
    ///               /* From RFC 7250 ASN.1_subjectPublicKeyInfo */
    ///               opaque ASN1_subjectPublicKeyInfo<1..2^24-1>;
    ///
    ///             case X509:
    ///               opaque cert_data<1..2^24-1>;
    ///         };
    ///         Extension extensions<0..2^16-1>;
    ///     } CertificateEntry;
    ///
    ///     struct {
    ///         opaque certificate_request_context<0..2^8-1>;
    ///         CertificateEntry certificate_list<0..2^24-1>;
    ///     } Certificate;
    public init(_ message: RawHandshakeMessage, context: HandshakeContext) throws(WireError) {
        try expectType(message, .certificate)
        var reader = message.bodyReader()
        if context.usesTLS13Formats {
            var requestContext = try reader.readVector(prefixLength: 1, max: 0xFF, "certificate_request_context")
            self.requestContext = requestContext.readRest()
        } else {
            self.requestContext = nil
        }
        var list = try reader.readVector(prefixLength: 3, max: 0xFF_FFFF, "certificate_list")
        var entries: [CertificateEntry] = []
        while !list.isAtEnd {
            var data = try list.readVector(prefixLength: 3, min: 1, max: 0xFF_FFFF, "cert_data")
            let certificate = data.readRest()
            let extensions = context.usesTLS13Formats ? try Extension.readList(&list) : []
            entries.append(CertificateEntry(data: certificate, extensions: extensions))
        }
        try reader.expectEnd("certificate")
        self.entries = entries
    }
}

/// One certificate as sent, with its TLS 1.3 per-entry extensions.
public struct CertificateEntry: Hashable, Sendable {
    /// `cert_data`: a DER X.509 certificate (or a SubjectPublicKeyInfo when raw public
    /// keys were negotiated, RFC 7250).
    public var data: [UInt8]
    /// The entry's extensions (TLS 1.3 only: `status_request`, `signed_certificate_timestamp`).
    public var extensions: [Extension]

    public init(data: [UInt8], extensions: [Extension] = []) {
        self.data = data
        self.extensions = extensions
    }
}
