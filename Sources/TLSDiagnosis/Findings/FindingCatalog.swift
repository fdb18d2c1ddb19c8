/// Every finding code with its title, default severity and generic fix, in one place.
///
/// Checks write the specific message (names, dates, fields); the catalog holds what is
/// true of every finding with that code. Profiles may change a severity. The man page
/// lists exactly these codes; a test keeps the two in step.
public enum FindingCatalog {
    /// What is true of every finding with one code.
    public struct Entry: Sendable, Hashable {
        public let code: FindingCode
        /// A short noun phrase for headings and `explain`.
        public let title: String
        /// The severity under the default profile.
        public let defaultSeverity: Severity
        /// The generic next step; checks may give a more specific one.
        public let fix: String
    }

    /// Every code this build knows, in catalog order.
    public static let all: [Entry] = [
        // chain
        Entry(code: .chainUntrustedRoot, title: "root not trusted", defaultSeverity: .error,
              fix: "Install the root certificate on the client (on iOS: install the profile, then enable it under Settings > General > About > Certificate Trust Settings), or pass it with --anchor."),
        Entry(code: .chainAnchorKeyMismatch, title: "CA re-created with a new key", defaultSeverity: .error,
              fix: "The client trusts an older CA of the same name. Install the current root on the client and remove the old one, or re-issue the server certificate from the CA the clients already trust."),
        Entry(code: .chainMissingIntermediate, title: "intermediate certificate missing", defaultSeverity: .error,
              fix: "Configure the server to send its intermediate certificates after the leaf (a full-chain file: leaf first, then each issuer), or install the missing CA certificate on the client."),
        Entry(code: .chainSelfSignedLeaf, title: "self-signed certificate", defaultSeverity: .error,
              fix: "Either pin or install this exact certificate on every client (--anchor it to check), or issue the server a certificate from a local CA the clients trust."),
        Entry(code: .chainWrongOrder, title: "chain sent in the wrong order", defaultSeverity: .warning,
              fix: "Reorder the server's chain file: leaf first, then the certificate that issued it, and so on up."),
        Entry(code: .chainUnrelatedCertificate, title: "unrelated certificate in chain", defaultSeverity: .warning,
              fix: "Remove the certificates that are not on the path from the leaf to the root from the server's chain file."),
        Entry(code: .chainRootSent, title: "root sent by the server", defaultSeverity: .info,
              fix: "Nothing is broken: clients ignore a root they are sent. Leave it out of the chain file to save bytes."),
        Entry(code: .chainBadSignature, title: "signature does not verify", defaultSeverity: .error,
              fix: "Re-issue the certificate from the CA named as its issuer; a certificate whose signature fails was not signed by the key the client has."),
        Entry(code: .chainIssuerNotCA, title: "issuer is not a CA", defaultSeverity: .error,
              fix: "Issue the certificate from a CA certificate (basicConstraints CA:TRUE), not from another end-entity certificate."),
        Entry(code: .chainPathLengthExceeded, title: "path length constraint exceeded", defaultSeverity: .error,
              fix: "Shorten the chain, or re-issue the constraining CA with a larger pathlen."),
        Entry(code: .chainIssuerMissingCertSign, title: "issuer key usage lacks keyCertSign", defaultSeverity: .error,
              fix: "Re-issue the CA certificate with keyUsage keyCertSign (and cRLSign)."),
        Entry(code: .chainNameConstraintsViolated, title: "name constraints violated", defaultSeverity: .error,
              fix: "Issue the certificate for names the constraining CA permits, or re-issue that CA with the name in its permitted subtrees."),
        Entry(code: .chainTooLong, title: "chain too long", defaultSeverity: .error,
              fix: "Use a shorter chain; clients stop building paths after a few intermediates."),
        // cert
        Entry(code: .certExpired, title: "certificate expired", defaultSeverity: .error,
              fix: "Renew the certificate and install it on the server; if the dates look wrong, check the clock of the device that made it."),
        Entry(code: .certNotYetValid, title: "certificate not yet valid", defaultSeverity: .error,
              fix: "Check the clocks: the device that issued the certificate, and the client, must agree on the date. Re-issue with a start date in the past if the issuer's clock was ahead."),
        Entry(code: .certExpiresSoon, title: "certificate expires soon", defaultSeverity: .warning,
              fix: "Renew the certificate before it expires."),
        Entry(code: .certEKUMissingServerAuth, title: "not valid for TLS servers", defaultSeverity: .error,
              fix: "Re-issue the certificate with extendedKeyUsage serverAuth (openssl: -addext \"extendedKeyUsage=serverAuth\")."),
        Entry(code: .certEKUMissingClientAuth, title: "not valid for TLS clients", defaultSeverity: .error,
              fix: "Re-issue the client certificate with extendedKeyUsage clientAuth (openssl: -addext \"extendedKeyUsage=clientAuth\")."),
        Entry(code: .certKeyUsageIncompatible, title: "key usage does not allow TLS", defaultSeverity: .error,
              fix: "Re-issue the certificate with keyUsage digitalSignature (and keyEncipherment for RSA keys)."),
        Entry(code: .certWeakKey, title: "weak key", defaultSeverity: .error,
              fix: "Re-issue with an RSA key of at least 2048 bits or an ECDSA P-256 key."),
        Entry(code: .certWeakSignature, title: "weak signature algorithm", defaultSeverity: .error,
              fix: "Re-issue the certificate signed with SHA-256 or better."),
        Entry(code: .certValidityTooLong, title: "validity period too long", defaultSeverity: .info,
              fix: "Re-issue with a validity of at most 398 days; Apple platforms reject TLS server certificates issued after 2019-07-01 that are valid for more than 825 days."),
        Entry(code: .certMalformed, title: "malformed certificate", defaultSeverity: .error,
              fix: "Re-issue the certificate with a standard tool; strict clients refuse certificates that break the encoding rules of RFC 5280."),
        Entry(code: .certNonconforming, title: "breaks the RFC 5280 / CA/Browser Forum profile", defaultSeverity: .error,
              fix: "Re-issue the certificate following RFC 5280 and the CA/Browser Forum Baseline Requirements (a current openssl, mkcert or step-ca does); OpenSSL and Apple accept many such certificates, strict validators (Go, rustls, pyca/cryptography) refuse them."),
        Entry(code: .certUnknownCriticalExtension, title: "unknown critical extension", defaultSeverity: .error,
              fix: "Re-issue the certificate without the critical extension, or mark it non-critical; clients must reject critical extensions they do not understand."),
        Entry(code: .certUnsupportedAlgorithm, title: "unsupported algorithm", defaultSeverity: .error,
              fix: "Re-issue the certificate with RSA (2048 bits or more), ECDSA P-256/P-384 or Ed25519 and a SHA-2 signature."),
        // name
        Entry(code: .nameMismatch, title: "name does not match", defaultSeverity: .error,
              fix: "Re-issue the certificate with the name the client dials in its subjectAltName (openssl: -addext \"subjectAltName=DNS:printer.local\"), or dial a name it carries."),
        Entry(code: .nameIPNotInSAN, title: "IP address not in SAN", defaultSeverity: .error,
              fix: "Re-issue the certificate with an iPAddress SAN for the address clients dial (openssl: -addext \"subjectAltName=IP:10.0.0.5\"); a DNS entry or the Common Name holding the address does not count."),
        Entry(code: .nameCNOnly, title: "name only in Common Name", defaultSeverity: .error,
              fix: "Re-issue the certificate with a subjectAltName extension; iOS, macOS, Chrome and Go ignore the Common Name."),
        // tls
        Entry(code: .tlsProtocolTooOld, title: "protocol version too old", defaultSeverity: .warning,
              fix: "Enable TLS 1.2 (and 1.3) on the server; iOS, macOS and current browsers refuse TLS 1.0 and 1.1."),
        Entry(code: .tlsNoForwardSecrecy, title: "no forward secrecy", defaultSeverity: .warning,
              fix: "Enable ECDHE cipher suites on the server; App Transport Security requires forward secrecy."),
        Entry(code: .tlsHandshakeFailed, title: "handshake failed", defaultSeverity: .error,
              fix: "Read the alert's meaning in the message; `tlsprobe explain ALERT` says more."),
        Entry(code: .tlsNoCommonVersion, title: "no common protocol version", defaultSeverity: .error,
              fix: "Enable a protocol version both sides support; try --versions to see what the server accepts."),
        Entry(code: .tlsNoCommonCipher, title: "no common cipher suite", defaultSeverity: .error,
              fix: "Enable a cipher suite both sides support (an ECDHE suite with AES-GCM works almost everywhere)."),
        // mtls
        Entry(code: .mtlsClientCertRequested, title: "client certificate requested", defaultSeverity: .info,
              fix: "Nothing to do unless the connection fails; then give a client identity with --identity or --cert/--key."),
        Entry(code: .mtlsClientCertRequired, title: "client certificate required", defaultSeverity: .error,
              fix: "The server demands a client certificate: give one with --identity FILE.p12 or --cert/--key, issued by one of the acceptable CAs."),
        Entry(code: .mtlsIdentityNotAcceptable, title: "client identity not acceptable", defaultSeverity: .error,
              fix: "Use a client identity issued by one of the CAs the server names, or add this identity's CA to the server's client CA list."),
        Entry(code: .mtlsClientCertRejected, title: "client certificate rejected", defaultSeverity: .error,
              fix: "The server refused the client certificate: check that its CA is in the server's client CA file and that it has extendedKeyUsage clientAuth."),
        // pin
        Entry(code: .pinMismatch, title: "pinned key changed", defaultSeverity: .error,
              fix: "If the server's key was replaced on purpose, update the pin (or the known-hosts entry); if not, find out who is answering at this address."),
        Entry(code: .pinFirstUse, title: "first contact recorded", defaultSeverity: .info,
              fix: "Nothing to do; later changes of this server's key will be reported."),
        Entry(code: .pinMatch, title: "pin matches", defaultSeverity: .info,
              fix: "Nothing to do."),
        // pkcs12, key
        Entry(code: .pkcs12WrongPassword, title: "wrong PKCS#12 password", defaultSeverity: .error,
              fix: "Give the right password with --password-env VAR or --password-file FILE."),
        Entry(code: .pkcs12ModernEncryption, title: "PKCS#12 uses PBES2/AES", defaultSeverity: .warning,
              fix: "For older iOS, macOS, Windows and Java, re-export with legacy algorithms: openssl pkcs12 -export -legacy -in cert.pem -inkey key.pem -out identity.p12 (or -certpbe PBE-SHA1-3DES -keypbe PBE-SHA1-3DES -macalg sha1)."),
        Entry(code: .pkcs12NoPrivateKey, title: "PKCS#12 has no private key", defaultSeverity: .error,
              fix: "Export the identity again with its private key (openssl pkcs12 -export -in cert.pem -inkey key.pem)."),
        Entry(code: .keyMismatch, title: "key does not match certificate", defaultSeverity: .error,
              fix: "Pair the certificate with the private key it was issued for; compare `tlsprobe inspect` pins of both."),
        // capture
        Entry(code: .captureAlert, title: "alert", defaultSeverity: .warning,
              fix: "Read the alert's meaning in the message; `tlsprobe explain ALERT` says more."),
        Entry(code: .captureTLS13Encrypted, title: "TLS 1.3 handshake encrypted", defaultSeverity: .info,
              fix: "Record a key log (SSLKEYLOGFILE) on the client and pass it with --keylog to see the chain."),
        Entry(code: .captureNoKey, title: "no key for connection", defaultSeverity: .info,
              fix: "Pass the key log that the client wrote during this capture with --keylog."),
        Entry(code: .captureDecryptFailed, title: "decryption failed", defaultSeverity: .warning,
              fix: "Check that the key log belongs to this capture; a log from another run has other secrets."),
        Entry(code: .captureIncompleteHandshake, title: "handshake incomplete", defaultSeverity: .warning,
              fix: "Capture from before the connection starts until it ends, on the interface the traffic crosses."),
        Entry(code: .captureTruncated, title: "capture truncated", defaultSeverity: .warning,
              fix: "Capture with a full snap length (tcpdump -s 0) and without drops."),
    ]

    private static let byCode: [FindingCode: Entry] = Dictionary(
        all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry for `code`, or nil when this build does not know it.
    public static func entry(for code: FindingCode) -> Entry? { byCode[code] }
}
