import TLSWire

/// Every finding code with everything that is true of it: one literal per code.
///
/// Checks write the specific message (names, dates, fields); an entry holds what is
/// true of every finding with its code. `tlsprobe explain CODE` is built from these
/// entries alone, and `make generate` writes the man page's FINDING CODES, README's list and
/// the schemas' enum from them (DocumentationTests fails while those differ).
///
/// The severities under the other profiles stay in `Profile`, not here: a profile sets
/// several codes' severities from its own thresholds (key sizes, validity limits, a
/// missing EKU, whether forward secrecy is required), so a per-code table here would hold
/// only part of each profile's rules and split every profile over fifty literals.
public enum FindingCatalog {
    /// What is true of every finding with one code.
    public struct Entry: Sendable, Hashable {
        /// The code this entry describes.
        public let code: FindingCode
        /// A short noun phrase for headings and `explain`.
        public let title: String
        /// The severity under the default profile; `Profile` changes it for the others.
        public let defaultSeverity: Severity
        /// What the finding means and where it comes from, for `explain`.
        public let meaning: String
        /// The generic next step; checks may give a more specific one.
        public let fix: String
        /// Codes that often come with this one or are mistaken for it.
        public let related: [FindingCode]
        /// A command that shows the finding (`explain` prints it after "Reproduce: ").
        public let reproduce: String
        /// The cases in which the check that makes the finding gives it another severity
        /// than the profile's ("a warning when a pinned key decided trust"), for the
        /// documentation; nil when there are none.
        public var severityNote: String? = nil
        /// Where findings with this code stand in a report among those of the same
        /// severity: what stops the handshake or the path comes first, consequences and
        /// notes last. `--brief`, scan's top finding and the verdict's cause follow it.
        public var rank: CausalRank = .property
        /// Codes this one is a consequence of: when a finding with one of them is in the
        /// same report, this finding says so and is listed under it.
        public var consequenceOf: [FindingCode] = []
        /// Whether the finding reports a client that refused the connection, whatever its
        /// severity (listen sees the client close after asking for a name it was not
        /// served: a warning, since it may close for reasons of its own, yet it did not
        /// connect): the verdict then says the client cannot connect.
        public var refusedByTheClient = false
    }

    /// Causal rank, first to last: see `Entry.rank`.
    public enum CausalRank: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// Stops the handshake: version, cipher suite, a client certificate demanded.
        case handshake = 0
        /// Stops the path: missing intermediate, untrusted or self-signed root, an anchor that is no root.
        case path = 1
        /// The name the client dials is not in the certificate.
        case name = 2
        /// A property of a certificate or of the connection (key, dates, EKU, forward secrecy).
        case property = 3
        /// What follows from another finding (the alert reporting it, a duplicate).
        case consequence = 4
        /// Notes: what was seen, not what is wrong.
        case note = 5

        public static func < (a: CausalRank, b: CausalRank) -> Bool { a.rawValue < b.rawValue }
    }

    /// Every code this build knows, in catalog order.
    public static let all: [Entry] = [
        // chain
        Entry(
            code: .chainUntrustedRoot,
            title: "root not trusted",
            defaultSeverity: .error,
            meaning:
                "The chain the peer presented does not end at any anchor you named (or the system's, with --system-anchors). On a local network this is the home-made CA whose root is not installed on the client.",
            fix:
                "Install the root certificate on the client (on iOS: install the profile, then enable it under Settings > General > About > Certificate Trust Settings), or pass it with --anchor.",
            related: [.chainMissingIntermediate, .chainAnchorKeyMismatch, .chainSelfSignedLeaf],
            reproduce: "tlsprobe connect HOST:PORT --anchor root.pem",
            rank: .path
        ),
        Entry(
            code: .chainAnchorKeyMismatch,
            title: "CA re-created with a new key",
            defaultSeverity: .error,
            meaning:
                "An anchor carries the issuer's name but not its key: the CA was re-created (same name, new key). Clients that trust the old root refuse certificates from the new one, and their errors often read like an unknown or untrusted CA.",
            fix:
                "The client trusts an older CA of the same name. Install the current root on the client and remove the old one, or re-issue the server certificate from the CA the clients already trust.",
            related: [.chainUntrustedRoot, .chainBadSignature],
            reproduce: "tlsprobe verify leaf.pem --anchor old-root.pem",
            rank: .path
        ),
        Entry(
            code: .chainStaleIntermediate,
            title: "old intermediate sent after the CA was re-keyed",
            defaultSeverity: .error,
            meaning:
                "The peer sends a certificate named like the issuer of the certificate below it, but with another key: the issuing CA was re-keyed (same name, new key) and the chain file still carries its old certificate, or it mixes certificates of two CAs. The clients' root is not the problem.",
            fix:
                "Replace the old intermediate in the server's chain file with the current certificate of the issuing CA (the one whose key id the leaf names as its authority key id). Nothing changes on the clients when the new intermediate comes from the same root.",
            related: [.chainAnchorKeyMismatch, .chainMissingIntermediate],
            reproduce: "tlsprobe verify leaf.pem old-intermediate.pem --anchor root.pem",
            rank: .path
        ),
        Entry(
            code: .chainMissingIntermediate,
            title: "intermediate certificate missing",
            defaultSeverity: .error,
            meaning:
                "The leaf was not issued by an anchor directly, and the certificate that links it to one was not sent. Browsers may hide this by fetching or caching intermediates; apps, curl and devices do not. The finding names the missing issuer and, when the certificate gives it, its key identifier.",
            fix:
                "Configure the server to send its intermediate certificates after the leaf (a full-chain file: leaf first, then each issuer), or install the missing CA certificate on the client.",
            related: [.chainUntrustedRoot, .chainWrongOrder],
            reproduce: "tlsprobe connect HOST:PORT --anchor root.pem",
            rank: .path
        ),
        Entry(
            code: .chainSelfSignedLeaf,
            title: "self-signed certificate",
            defaultSeverity: .error,
            meaning:
                "The server presents a certificate that signed itself, as cameras, printers and development servers do out of the box. Only clients that have that exact certificate installed or pinned will accept it. It is reported whether or not anchors are given, unless that certificate is among them.",
            fix:
                "Either pin or install this exact certificate on every client (--anchor it to check), or issue the server a certificate from a local CA the clients trust (tlsprobe identity ca --out CA_DIR, then tlsprobe identity server --ca CA_DIR --host NAME --out DIR).",
            related: [.chainUntrustedRoot],
            reproduce: "tlsprobe connect HOST:PORT --anchor server-cert.pem",
            rank: .path
        ),
        Entry(
            code: .chainAnchorNotRoot,
            title: "anchor is not a root",
            defaultSeverity: .warning,
            meaning:
                "The path ends at an anchor (--anchor, --anchors) that is not self-signed: an intermediate given as the trusted root. iOS and macOS give full trust only to a root installed as one, so under --profile apple it is an error and the chain is not trusted. OpenSSL clients differ: with X509_V_FLAG_PARTIAL_CHAIN (curl, Python) they accept it, while openssl s_client -verify_return_error and a default X509_verify_cert refuse it (unable to get issuer certificate); a warning under default and openssl. The fix names the root: the issuer named in the anchor.",
            fix:
                "Give the root as the anchor (the certificate of the issuer the anchor names), and have the server send the intermediate; on iOS install the root's profile and enable it under Certificate Trust Settings.",
            related: [.chainUntrustedRoot, .chainMissingIntermediate],
            reproduce: "tlsprobe connect HOST:PORT --anchor intermediate.pem --profile apple",
            rank: .path
        ),
        Entry(
            code: .chainWrongOrder,
            title: "chain sent in the wrong order",
            defaultSeverity: .warning,
            meaning:
                "The certificates were sent in an order other than leaf, then its issuer, and so on. Most clients reorder them; some embedded ones do not.",
            fix: "Reorder the server's chain file: leaf first, then the certificate that issued it, and so on up.",
            related: [.chainUnrelatedCertificate, .chainMissingIntermediate],
            reproduce: "tlsprobe connect HOST:PORT"
        ),
        Entry(
            code: .chainUnrelatedCertificate,
            title: "unrelated certificate in chain",
            defaultSeverity: .warning,
            meaning:
                "A certificate in the presented chain is not on the path from the leaf to the root: a leftover from an old chain file or another site. A certificate sent twice is reported too.",
            fix:
                "Remove the certificates that are not on the path from the leaf to the root from the server's chain file.",
            related: [.chainWrongOrder],
            reproduce: "tlsprobe connect HOST:PORT"
        ),
        Entry(
            code: .chainRootSent,
            title: "root sent by the server",
            defaultSeverity: .info,
            meaning:
                "The server includes the root in its chain. Harmless: clients ignore it and use their own copy, if they have one.",
            fix:
                "Nothing is broken: clients ignore a root they are sent. Leave it out of the chain file to save bytes.",
            related: [.chainUntrustedRoot],
            reproduce: "tlsprobe connect HOST:PORT",
            rank: .note
        ),
        Entry(
            code: .chainBadSignature,
            title: "signature does not verify",
            defaultSeverity: .error,
            meaning:
                "A certificate's signature does not verify with the key of the certificate above it: the issuer named is not the one that signed it, or the file is damaged.",
            fix:
                "Re-issue the certificate from the CA named as its issuer; a certificate whose signature fails was not signed by the key the client has.",
            related: [.chainAnchorKeyMismatch],
            reproduce: "tlsprobe verify leaf.pem intermediate.pem --anchor root.pem",
            rank: .path
        ),
        Entry(
            code: .chainIssuerNotCA,
            title: "issuer is not a CA",
            defaultSeverity: .error,
            meaning:
                "A certificate that signed another is not a CA (no basicConstraints CA:TRUE), so clients will not build a chain through it.",
            fix:
                "Issue the certificate from a CA certificate (basicConstraints CA:TRUE), not from another end-entity certificate.",
            related: [.chainIssuerMissingCertSign],
            reproduce: "tlsprobe inspect issuer.pem",
            rank: .path
        ),
        Entry(
            code: .chainPathLengthExceeded,
            title: "path length constraint exceeded",
            defaultSeverity: .error,
            meaning: "A CA limits how many CAs may follow it (pathlen) and the chain has more.",
            fix: "Shorten the chain, or re-issue the constraining CA with a larger pathlen.",
            related: [.chainTooLong],
            reproduce: "tlsprobe verify leaf.pem intermediate.pem --anchor root.pem",
            rank: .path
        ),
        Entry(
            code: .chainIssuerMissingCertSign,
            title: "issuer key usage lacks keyCertSign",
            defaultSeverity: .error,
            meaning: "The issuing CA's keyUsage lacks keyCertSign, so it may not sign certificates.",
            fix: "Re-issue the CA certificate with keyUsage keyCertSign (and cRLSign).",
            related: [.chainIssuerNotCA],
            reproduce: "tlsprobe inspect issuer.pem",
            rank: .path
        ),
        Entry(
            code: .chainNameConstraintsViolated,
            title: "name constraints violated",
            defaultSeverity: .error,
            meaning: "A CA restricted to certain names issued a certificate for a name outside them.",
            fix:
                "Issue the certificate for names the constraining CA permits, or re-issue that CA with the name in its permitted subtrees.",
            related: [],
            reproduce: "tlsprobe verify leaf.pem --anchor root.pem --host NAME",
            rank: .path
        ),
        Entry(
            code: .chainTooLong,
            title: "chain too long",
            defaultSeverity: .error,
            meaning: "The chain has more certificates than clients will follow.",
            fix: "Use a shorter chain; clients stop building paths after a few intermediates.",
            related: [.chainPathLengthExceeded, .chainUnrelatedCertificate],
            reproduce: "tlsprobe connect HOST:PORT",
            rank: .path
        ),
        // cert
        Entry(
            code: .certExpired,
            title: "certificate expired",
            defaultSeverity: .error,
            meaning:
                "The certificate's notAfter date is past, at the evaluation time (now, or --at). Appliances rarely renew their own certificates. The message says when an end date looks like a reset clock (before 2000). When a matching --pin or known-hosts key decided trust (connect without anchors), the message says the dates matter only to clients that check them, and the fix renews the certificate with the same key.",
            fix:
                "Renew the certificate and install it on the server (keep the same key if clients pin it, or the pin breaks); if the dates look wrong, check the clock of the device that made it.",
            related: [.certNotYetValid, .certExpiresSoon],
            reproduce: "tlsprobe inspect cert.pem",
            severityNote:
                "a warning when a pinned key decided trust (connect with --pin or --known-hosts, without anchors)"
        ),
        Entry(
            code: .certNotYetValid,
            title: "certificate not yet valid",
            defaultSeverity: .error,
            meaning:
                "The certificate's notBefore date is in the future. When the gap is hours or days, or the date looks like 1970 or 2000, suspect a device clock rather than the certificate. The message says when the gap looks like a clock. When a matching --pin or known-hosts key decided trust, the message and fix say so, as for cert.expired.",
            fix:
                "Check the clocks: the device that issued the certificate, and the client, must agree on the date. Re-issue with a start date in the past if the issuer's clock was ahead.",
            related: [.certExpired],
            reproduce: "tlsprobe verify cert.pem --at 2030-01-01T00:00:00Z",
            severityNote:
                "a warning when a pinned key decided trust (connect with --pin or --known-hosts, without anchors)"
        ),
        Entry(
            code: .certExpiresSoon,
            title: "certificate expires soon",
            defaultSeverity: .warning,
            meaning:
                "The certificate is still valid but will expire soon; clients will start refusing it on that date. It is reported when the certificate expires within 30 days of the evaluation time (now, or --at).",
            fix: "Renew the certificate before it expires.",
            related: [.certExpired],
            reproduce: "tlsprobe inspect cert.pem"
        ),
        Entry(
            code: .certEKUMissingServerAuth,
            title: "not valid for TLS servers",
            defaultSeverity: .error,
            meaning:
                "The certificate has an extendedKeyUsage extension without serverAuth, so clients refuse it as a TLS server certificate (Apple platforms require serverAuth to be present).",
            fix:
                "Re-issue the certificate with extendedKeyUsage serverAuth (tlsprobe identity server --ca CA_DIR --host NAME --out DIR; openssl: -addext \"extendedKeyUsage=serverAuth\").",
            related: [.certKeyUsageIncompatible],
            reproduce: "tlsprobe inspect cert.pem"
        ),
        Entry(
            code: .certEKUMissingClientAuth,
            title: "not valid for TLS clients",
            defaultSeverity: .error,
            meaning: "The client certificate's extendedKeyUsage lacks clientAuth, so servers refuse it for mutual TLS.",
            fix:
                "Re-issue the client certificate with extendedKeyUsage clientAuth (tlsprobe identity client --ca CA_DIR --name NAME --out DIR; openssl: -addext \"extendedKeyUsage=clientAuth\").",
            related: [.mtlsClientCertRejected],
            reproduce: "tlsprobe inspect client.pem"
        ),
        Entry(
            code: .certCAAsLeaf,
            title: "a CA's certificate presented as the peer's own",
            defaultSeverity: .error,
            meaning:
                "The peer presents a CA certificate (basicConstraints CA:TRUE, keyUsage keyCertSign) as its own: the CA was installed where the device's leaf belongs. RFC 5280 allows a CA in leaf position, but rustls refuses any CA certificate as an end entity and OpenSSL (curl, Python) one whose keyUsage allows no TLS signature or key exchange; a device that can use it for TLS holds the CA's private key.",
            fix:
                "Issue the device its own leaf from this CA and install that with its chain; keep the CA's key off the device. If the CA's key was on the device, treat it as exposed: create a new CA, re-issue its certificates and replace the root on every client.",
            related: [.certKeyUsageIncompatible, .certEKUMissingServerAuth],
            reproduce: "tlsprobe verify ca.pem --anchor root.pem",
            rank: .path
        ),
        Entry(
            code: .certKeyUsageIncompatible,
            title: "key usage does not allow TLS",
            defaultSeverity: .error,
            meaning:
                "The certificate's keyUsage does not allow what the handshake needs: digitalSignature for ECDHE and TLS 1.3, keyEncipherment for RSA key transport. An RSA key with keyEncipherment but not digitalSignature can be used only for TLS 1.2's RSA key transport, which has no forward secrecy; TLS 1.3 and ECDHE need digitalSignature, and Apple's clients require ECDHE.",
            fix: "Re-issue the certificate with keyUsage digitalSignature (and keyEncipherment for RSA keys).",
            related: [.certEKUMissingServerAuth],
            reproduce: "tlsprobe inspect cert.pem"
        ),
        Entry(
            code: .certWeakKey,
            title: "weak key",
            defaultSeverity: .error,
            meaning:
                "The key is too small for current clients (RSA under 2048 bits, or a small curve). DSA keys are reported too: TLS clients no longer accept them.",
            fix: "Re-issue with an RSA key of at least 2048 bits or an ECDSA P-256 key.",
            related: [.certWeakSignature],
            reproduce: "tlsprobe inspect cert.pem"
        ),
        Entry(
            code: .certWeakSignature,
            title: "weak signature algorithm",
            defaultSeverity: .error,
            meaning: "The certificate is signed with SHA-1 or MD5, which current clients refuse below the root.",
            fix: "Re-issue the certificate signed with SHA-256 or better.",
            related: [.certWeakKey],
            reproduce: "tlsprobe inspect cert.pem"
        ),
        Entry(
            code: .certValidityTooLong,
            title: "validity period too long",
            defaultSeverity: .info,
            meaning:
                "The certificate is valid for longer than clients accept: Apple platforms refuse TLS server certificates issued after 2019-07-01 that are valid for more than 825 days, and, for a certificate that chains to a root the device ships (a public CA), issued after 2020-09-01 and valid for more than 398 days. A root the user or an MDM installed (a shop's own CA) keeps the 825-day limit.",
            fix:
                "Re-issue with a validity of at most 825 days (tlsprobe identity server --ca CA_DIR --host NAME --out DIR makes 397 by default; openssl: -days 825); a certificate from a public CA, at most 398.",
            related: [.certExpiresSoon],
            reproduce: "tlsprobe verify cert.pem --profile apple"
        ),
        Entry(
            code: .certMalformed,
            title: "malformed certificate",
            defaultSeverity: .error,
            meaning:
                "The certificate breaks an encoding rule of RFC 5280 that common clients enforce, so they refuse it. Milder breaches that lenient clients accept are reported as cert.nonconforming instead.",
            fix:
                "Re-issue the certificate with a standard tool; common clients refuse certificates that break the encoding rules of RFC 5280.",
            related: [.certUnknownCriticalExtension],
            reproduce: "tlsprobe inspect cert.pem"
        ),
        Entry(
            code: .certNonconforming,
            title: "breaks the RFC 5280 / CA/Browser Forum profile",
            defaultSeverity: .error,
            meaning:
                "The certificate breaks a rule of the RFC 5280 or CA/Browser Forum certificate profile (a missing key identifier, a critical flag where none belongs, a zero serial, a badly written name). Strict validators (Go, rustls, pyca/cryptography) refuse it; OpenSSL and Apple usually accept it, so it is an error under the default profile and a warning under apple and openssl. Three rules are warnings under every profile, because the clients each profile speaks for accept them: a host name or address in a server certificate's Common Name that no subjectAltName entry repeats, a CA's nameConstraints not marked critical, and a cross-signed root without authorityKeyIdentifier given as the anchor.",
            fix:
                "Re-issue the certificate following RFC 5280 and the CA/Browser Forum Baseline Requirements (a current openssl, mkcert or step-ca does); OpenSSL and Apple accept many such certificates, strict validators (Go, rustls, pyca/cryptography) refuse them.",
            related: [.certMalformed],
            reproduce: "tlsprobe verify chain.pem --anchor root.pem --profile apple"
        ),
        Entry(
            code: .certUnknownCriticalExtension,
            title: "unknown critical extension",
            defaultSeverity: .error,
            meaning:
                "The certificate has an extension marked critical that clients do not understand, which obliges them to reject it.",
            fix:
                "Re-issue the certificate without the critical extension, or mark it non-critical; clients must reject critical extensions they do not understand.",
            related: [.certMalformed],
            reproduce: "tlsprobe inspect cert.pem"
        ),
        Entry(
            code: .certUnsupportedAlgorithm,
            title: "unsupported algorithm",
            defaultSeverity: .error,
            meaning: "The certificate uses a key or signature algorithm common clients do not support.",
            fix:
                "Re-issue the certificate with RSA (2048 bits or more), ECDSA P-256/P-384 or Ed25519 and a SHA-2 signature.",
            related: [.certWeakKey],
            reproduce: "tlsprobe inspect cert.pem"
        ),
        Entry(
            code: .certVendorDefault,
            title: "a TLS stack's default certificate",
            defaultSeverity: .warning,
            meaning:
                "The leaf's own subject carries a name that TLS stacks and packages put in the certificate they make when nobody chooses one, as a whole value: O=\"Internet Widgits Pty Ltd\" (OpenSSL's openssl.cnf), a CN containing \"snakeoil\" (Debian's ssl-cert), CN=\"localhost.localdomain\" or O=\"SomeOrganization\" (RHEL's mod_ssl), O=\"Default Company Ltd\" (RHEL's openssl.cnf), O=\"Acme Co\" (Go's generate_cert.go); case is ignored, a longer name (\"Acme Corporation\") is not one, and the issuer is not looked at (a leaf with its own key under a CA made with such defaults is not a default certificate). Cameras, printers and appliances shipped with such a certificate usually carry the same key on every unit: pinning one pins them all, and a key read out of one device opens every other (OWASP ISVS asks for a unique key per device). In scan, fleet.shared_key lists the endpoints that share it.",
            fix:
                "Replace the default certificate with one made for this device, with a key of its own (tlsprobe identity server --ca CA_DIR --host NAME), or have the vendor generate a key on first boot.",
            related: [.fleetSharedKey, .chainSelfSignedLeaf],
            reproduce: "tlsprobe connect HOST:PORT"
        ),
        // name
        Entry(
            code: .nameMismatch,
            title: "name does not match",
            defaultSeverity: .error,
            meaning:
                "None of the certificate's subjectAltName entries matches the name or address the client expects (--host, or what was dialled). The fix names what to dial instead: a name the certificate carries, or the name a wildcard covers (printer.shop.lan for *.shop.lan), never a pattern; when the only names are wildcards clients refuse (*.local, a wildcard over a single label), it says no name works. The fix's re-issue keeps the names the certificate has, as for name.ip_not_in_san.",
            fix:
                "Re-issue the certificate with the name the client dials added to its subjectAltName, keeping the names it has (tlsprobe identity server --ca CA_DIR --host printer.local --host 10.0.0.5 --out DIR; openssl: -addext \"subjectAltName=IP:10.0.0.5,DNS:printer.local\": -addext replaces the whole extension, so list them all), or dial a name it carries (never a wildcard pattern: \"*.local\" covers no name at all).",
            related: [.nameIPNotInSAN, .nameCNOnly],
            reproduce: "tlsprobe connect HOST:PORT --host NAME",
            rank: .name,
            consequenceOf: [.certCAAsLeaf]
        ),
        Entry(
            code: .nameIPNotInSAN,
            title: "IP address not in SAN",
            defaultSeverity: .error,
            meaning:
                "The client dials an IP address, and the certificate has no iPAddress SAN for it. A DNS entry or a Common Name holding the address as text does not count for any current client. The fix's re-issue lists every subjectAltName entry the certificate has, in order, then the missing one, because openssl's -addext replaces the whole extension. Entries a shell or openssl's list would misread (a comma, a quote, $, a backquote, a backslash, !, spaces, non-ASCII) and wildcards clients refuse are left out, and the fix says so.",
            fix:
                "Re-issue the certificate with an iPAddress SAN for the address clients dial, keeping the names it has (tlsprobe identity server --ca CA_DIR --host printer.local --host ::1 --host 10.0.0.5 --out DIR; openssl: -addext \"subjectAltName=DNS:printer.local,IP:::1,IP:10.0.0.5\": -addext replaces the whole extension, so list them all); a DNS entry or the Common Name holding the address does not count.",
            related: [.nameMismatch],
            reproduce: "tlsprobe connect 10.0.0.5:PORT",
            rank: .name,
            consequenceOf: [.certCAAsLeaf]
        ),
        Entry(
            code: .nameCNOnly,
            title: "name only in Common Name",
            defaultSeverity: .error,
            meaning:
                "The certificate has no subjectAltName and names the host only in its Common Name, which iOS, macOS, Chrome and Go ignore. A subjectAltName with no DNS name (only IP addresses, say) counts as none for a name the client dials. The fix's re-issue keeps the entries the certificate has, as for name.ip_not_in_san.",
            fix:
                "Re-issue the certificate with a subjectAltName extension (tlsprobe identity server --ca CA_DIR --host NAME --out DIR puts every --host there); iOS, macOS, Chrome and Go ignore the Common Name.",
            related: [.nameMismatch],
            reproduce: "tlsprobe inspect cert.pem",
            rank: .name
        ),
        Entry(
            code: .nameSNINotServed,
            title: "the client asked for a name we do not serve",
            defaultSeverity: .warning,
            meaning:
                "listen: the client finished the handshake, then closed without a request, and the name it asked for in SNI is not in our certificate: clients that check the server's name after the handshake (curl, and others built on OpenSSL) close like this when it does not match. A warning, since a client may close for reasons of its own.",
            fix:
                "Serve a certificate whose SAN has the name the client asks for (listen --host NAME puts it in the ephemeral certificate), or have the client dial a name it carries.",
            related: [.nameMismatch, .tlsHandshakeFailed],
            reproduce: "tlsprobe listen 4433 --save-cert listener.pem; curl --cacert listener.pem, another name",
            rank: .name,
            refusedByTheClient: true
        ),
        // tls
        Entry(
            code: .tlsProtocolTooOld,
            title: "protocol version too old",
            defaultSeverity: .warning,
            meaning:
                "The server negotiates TLS 1.0 or 1.1 (or SSL 3.0), which iOS, macOS and current browsers refuse. It is also reported when the first handshake failed on the version and every version the server accepts (found by a fallback, or by --versions) is older than TLS 1.2; the finding names them.",
            fix: "Enable TLS 1.2 (and 1.3) on the server; iOS, macOS and current browsers refuse TLS 1.0 and 1.1.",
            related: [.tlsNoCommonVersion],
            reproduce: "tlsprobe connect HOST:PORT --versions",
            rank: .handshake
        ),
        Entry(
            code: .tlsNoForwardSecrecy,
            title: "no forward secrecy",
            defaultSeverity: .warning,
            meaning:
                "The negotiated cipher suite uses RSA key transport, not ECDHE/DHE; App Transport Security refuses it.",
            fix: "Enable ECDHE cipher suites on the server; App Transport Security requires forward secrecy.",
            related: [.tlsNoCommonCipher],
            reproduce: "tlsprobe connect HOST:PORT --profile apple"
        ),
        Entry(
            code: .tlsHandshakeFailed,
            title: "handshake failed",
            defaultSeverity: .error,
            meaning:
                "The handshake ended with an alert or a closed connection; the finding carries the alert and which side sent it. Without an alert, the message says whether the server closed or reset the connection, answered with something that is not TLS (plain HTTP, SSH), stopped answering, was still sending too slowly when --timeout ran out (how many bytes had arrived, after which message), kept sending records that completed no message, flooded the handshake (more than 256 handshake messages, such as a stream of HelloRequests, or 4096 records in a row without a message: what came and how much), hung up in the middle of a record, or sent what OpenSSL refuses (its reasons as evidence). Bytes after a ServerHello that are not a valid TLS record are reported as the server's stream breaking there, with their first bytes, not as a version or cipher mismatch. A warning-level alert after which the handshake went on is reported under this code too. listen reports a client that does not speak TLS as tls.client_not_tls, one that gives up after our Certificate without an alert as tls.client_gave_up_on_certificate, and one that closes after the handshake over a name we do not serve as name.sni_not_served.",
            fix: "Read the alert's meaning in the message; `tlsprobe explain ALERT` says more.",
            related: [.tlsNoCommonVersion, .tlsNoCommonCipher, .mtlsClientCertRequired],
            reproduce: "tlsprobe connect HOST:PORT",
            severityNote:
                "a warning for a warning-level alert the handshake went on past",
            rank: .handshake,
            consequenceOf: [
                .tlsProtocolTooOld, .tlsNoCommonVersion, .tlsNoCommonCipher, .tlsAppleClientRefused,
                .mtlsClientCertRequired, .mtlsIdentityNotAcceptable, .mtlsClientCertRejected, .tlsHelloRetryNotFollowed,
                .chainMissingIntermediate, .chainUntrustedRoot, .chainSelfSignedLeaf, .chainAnchorKeyMismatch,
                .chainStaleIntermediate, .nameMismatch, .nameIPNotInSAN, .nameCNOnly,
            ]
        ),
        Entry(
            code: .tlsNoCommonVersion,
            title: "no common protocol version",
            defaultSeverity: .error,
            meaning:
                "The client's and the server's protocol versions do not overlap. It is reported when the ClientHello is answered with protocol_version; the evidence lists what was offered.",
            fix: "Enable a protocol version both sides support; try --versions to see what the server accepts.",
            related: [.tlsProtocolTooOld],
            reproduce: "tlsprobe connect HOST:PORT --versions",
            rank: .handshake,
            consequenceOf: [.tlsProtocolTooOld]
        ),
        Entry(
            code: .tlsNoCommonCipher,
            title: "no common cipher suite",
            defaultSeverity: .error,
            meaning:
                "No cipher suite is acceptable to both sides. The two may also share no group or signature algorithm; the evidence lists the versions and cipher suites offered. In connect, when a retry offering every suite OpenSSL has completes, the message names the suite the server chose (the one it insists on), and the evidence has it as accepted_suite and accepted_version.",
            fix: "Enable a cipher suite both sides support (an ECDHE suite with AES-GCM works almost everywhere).",
            related: [.tlsNoForwardSecrecy],
            reproduce: "tlsprobe listen 4433",
            rank: .handshake
        ),
        Entry(
            code: .tlsStartTLSRefused,
            title: "STARTTLS refused",
            defaultSeverity: .error,
            meaning:
                "The server speaks a plain-text protocol (SMTP, IMAP, LDAP, PostgreSQL…) and did not upgrade the connection to TLS: it does not offer the upgrade, refused it, or hung up first. No TLS handshake ran, so there is no chain to judge; the finding quotes the server's reply. The server may also have greeted with an error or gone silent; the evidence names the step (greeting, EHLO, STARTTLS, SSLRequest…). In a capture, it is reported when the client asked for TLS in a plain-text protocol (or a proxy for a tunnel) and the server refused, quoting the answer: LDAP's resultCode, a SOCKS5 CONNECT reply (REP N), no acceptable method, or a username/password login refused (authentication STATUS N); the password is never quoted.",
            fix:
                "Enable TLS on the server (SMTP: a certificate and STARTTLS in the MTA; PostgreSQL: ssl = on; LDAP: TLS certificates in slapd), or dial the port that serves TLS from the first byte (465, 993, 995, 636).",
            related: [.tlsHandshakeFailed],
            reproduce: "tlsprobe connect HOST:25 --starttls smtp",
            rank: .handshake
        ),
        Entry(
            code: .tlsStartTLSNotUsed,
            title: "plain text where STARTTLS belonged",
            defaultSeverity: .warning,
            meaning:
                "In a capture: a client of a protocol that upgrades to TLS in place (SMTP, LMTP, IMAP, POP3, FTP, NNTP, ManageSieve, IRC, XMPP, LDAP, PostgreSQL, MySQL) never asked for TLS and went on in plain text — mail, logins, passwords and queries crossed the network readable. The evidence says whether the server offered the upgrade (its capabilities listed STARTTLS) and the first command sent in the clear. It is reported once the client goes on past the greeting and capabilities; the evidence keys are command (MAIL, LOGIN, USER, bindRequest, StartupMessage…), server_offered and offer.",
            fix:
                "Turn TLS on in the client (printers and NAS boxes call it \"SMTP over TLS\", \"STARTTLS\" or \"secure connection\"; choose \"required\", not \"if available\"), or point it at the port that speaks TLS from the first byte (465, 993, 995, 636). If the server did not offer STARTTLS, give it a certificate and enable TLS first. Then make the server refuse logins in plain text (Postfix: smtpd_tls_auth_only = yes; Dovecot: ssl = required; PostgreSQL: hostssl lines in pg_hba.conf; OpenLDAP: security tls=1).",
            related: [.tlsStartTLSRefused],
            reproduce: "tlsprobe connect HOST:25 --starttls smtp"
        ),
        Entry(
            code: .tlsHelloRetryNotFollowed,
            title: "second ClientHello ignores the HelloRetryRequest",
            defaultSeverity: .error,
            meaning:
                "A TLS 1.3 server answered the first ClientHello with a HelloRetryRequest (asking for a key share in another group), and the client's second ClientHello does not do what RFC 8446 4.1.2 requires: one key share, in the group asked for, and otherwise the same offer. Servers abort such a handshake with illegal_parameter. It is also reported when the second ClientHello does not echo the HelloRetryRequest's cookie (RFC 8446 4.2.2; evidence cookie_echoed), and when the group asked for is not in the first ClientHello's supported_groups (4.1.4, 4.2.8: the client must abort, and the server is at fault; evidence first_supported_groups).",
            fix:
                "Update the client's TLS library; as a workaround, configure the server to prefer a group the client sends a key share for in its first ClientHello (x25519 or secp256r1), so no HelloRetryRequest is needed.",
            related: [.tlsNoCommonCipher, .tlsHandshakeFailed],
            reproduce: "tlsprobe capture -r hrr.pcap",
            rank: .handshake
        ),
        Entry(
            code: .tlsAppleClientRefused,
            title: "Apple's clients cannot connect",
            defaultSeverity: .error,
            meaning:
                "Under --profile apple, connect offers the ClientHello of Safari and URLSession on iOS 17+/macOS 14+ (\(ClientHelloParameters.apple.summary)), and the server completed no handshake with it, while it did complete one with OpenSSL's defaults. An Apple client cannot connect at all, whatever the certificate; the message names what the server needs that Apple's offer lacks (an Ed25519 key, a P-521 key on TLS 1.3, DHE-only suites, a group). Only connect under --profile apple reports it. The handshake reported is the one with OpenSSL's defaults, so the chain is still judged; the evidence says how the refused handshake ended. Sources: Safari 17/18 captures in the uTLS and rquest fingerprint profiles; Apple's App Transport Security requirements.",
            fix:
                "Configure the server for what Apple's clients offer: a P-256 or RSA (2048+) certificate, ECDHE suites with AES-GCM, TLS 1.2 and 1.3, x25519 or secp256r1.",
            related: [.tlsNoCommonCipher, .tlsNoForwardSecrecy, .tlsHandshakeFailed],
            reproduce: "tlsprobe connect HOST:PORT --profile apple",
            rank: .handshake,
            consequenceOf: [.tlsProtocolTooOld, .tlsNoCommonVersion]
        ),
        // ocsp
        Entry(
            code: .ocspRevoked,
            title: "stapled OCSP response says revoked",
            defaultSeverity: .error,
            meaning:
                "The OCSP response the server stapled (connect asks for one with status_request) says the leaf certificate is revoked, and gives when and, when it says, why (keyCompromise, superseded...). Clients that check stapled responses (browsers, Apple's clients, curl with --cert-status) refuse the connection. Reported when the response is signed by the leaf's issuer or its delegated responder, or when the issuer is neither presented nor an anchor and the responder could not be checked.",
            fix:
                "Install a new certificate (with a new key, when the reason is keyCompromise) on the server, and let it fetch a fresh OCSP response for it.",
            related: [.ocspInvalidStaple, .ocspStaleStaple],
            reproduce: "tlsprobe connect HOST:PORT --anchor root.pem",
            rank: .path
        ),
        Entry(
            code: .ocspInvalidStaple,
            title: "stapled OCSP response not valid",
            defaultSeverity: .warning,
            meaning:
                "The OCSP response the server stapled cannot be relied on: it is not a readable OCSPResponse, or it is signed by neither the leaf's issuer nor a certificate that issuer issued with id-kp-OCSPSigning (a delegated responder), or its signature does not verify, or none of its SingleResponses is about the leaf (serial number, issuer name and key hashes). Clients ignore such a staple, or, when they require one (the certificate's must-staple extension), refuse the connection. The evidence names what failed.",
            fix:
                "Have the server staple a response for its current certificate, fetched from the responder its issuer names (the certificate's OCSP URL); a staple left from an older certificate or another CA is the usual cause.",
            related: [.ocspStaleStaple, .ocspRevoked],
            reproduce: "tlsprobe connect HOST:PORT --anchor root.pem"
        ),
        Entry(
            code: .ocspStaleStaple,
            title: "stapled OCSP response out of date",
            defaultSeverity: .warning,
            meaning:
                "The OCSP response the server stapled is not current at the instant judged (now, or --at): its nextUpdate has passed, or its thisUpdate is in the future, beyond five minutes of clock skew either way (the leeway OpenSSL's OCSP check allows). Clients ignore an out-of-date staple, and refuse the connection when the certificate requires one.",
            fix:
                "Make the server refresh its stapled response before nextUpdate (it may be unable to reach the responder); a thisUpdate in the future points at the responder's or this machine's clock.",
            related: [.ocspInvalidStaple, .ocspRevoked],
            reproduce: "tlsprobe connect HOST:PORT --at 2030-01-01"
        ),
        Entry(
            code: .tlsClientNotTLS,
            title: "the client does not speak TLS",
            defaultSeverity: .error,
            meaning:
                "listen: the client's first bytes were not a TLS record: a plain HTTP request (an http:// URL for this https port), or another protocol, or one that starts in plain text and upgrades later (STARTTLS). The message quotes the first bytes, escaped.",
            fix:
                "Use an https:// URL (or the server's plain-HTTP port) in the client; for another protocol, point it at a port that speaks it, or have it use TLS from the first byte.",
            related: [.tlsHandshakeFailed, .tlsStartTLSNotUsed],
            reproduce: "tlsprobe listen 4433, then: curl http://127.0.0.1:4433/",
            rank: .handshake
        ),
        Entry(
            code: .tlsClientGaveUpOnCertificate,
            title: "the client gave up on our certificate",
            defaultSeverity: .error,
            meaning:
                "listen: the client closed or reset the connection, or went silent until --timeout, after our Certificate and before its Finished, without an alert: it refused our chain without saying why, as Apple's frameworks and many apps that pin do (the client's user may also be looking at a warning). The message says what in our chain such a client most likely refuses.",
            fix:
                "Serve a chain the client trusts: a certificate from a CA it has (install the root on the device, or serve an identity from tlsprobe identity server), with the intermediate sent; for an app that pins, its pinned key.",
            related: [.chainUntrustedRoot, .chainSelfSignedLeaf, .tlsHandshakeFailed],
            reproduce: "tlsprobe listen 4433 --identity server.p12",
            rank: .handshake
        ),
        Entry(
            code: .tlsNoSecureRenegotiation,
            title: "no secure renegotiation (RFC 5746): OpenSSL 3 clients refuse the server",
            defaultSeverity: .warning,
            meaning:
                "connect: the server chose TLS 1.2 or older and its ServerHello carries no renegotiation_info extension, though our ClientHello asked for one (TLS_EMPTY_RENEGOTIATION_INFO_SCSV or the extension): it does not support RFC 5746 secure renegotiation. Clients on OpenSSL 3 (curl, Python, Node, most Linux software) refuse such a server with \"unsafe legacy renegotiation disabled\" (curl exits with 35), while browsers and Apple's clients still connect. Old embedded TLS stacks, and load balancers or firewalls that terminate TLS in front of a device, are the usual cause. TLS 1.3 has no renegotiation and is never reported. An error under --profile openssl, whose verdict then says its clients cannot connect; a warning under default; a note under apple.",
            fix:
                "Turn on RFC 5746 secure renegotiation on the server (every TLS library has had it since 2010: update the device's firmware or TLS stack; in GnuTLS, drop %DISABLE_SAFE_RENEGOTIATION from the priority string), or upgrade or reconfigure the load balancer or firewall in front of it. A stopgap on one client: Options = UnsafeLegacyServerConnect in its openssl.cnf (Python: ssl.OP_LEGACY_SERVER_CONNECT).",
            related: [.tlsHandshakeFailed, .tlsProtocolTooOld],
            reproduce: "tlsprobe connect HOST:PORT --profile openssl",
            rank: .handshake
        ),
        Entry(
            code: .tlsLargeHelloRefused,
            title: "the post-quantum ClientHello of iOS 26 and Chrome is refused",
            defaultSeverity: .warning,
            meaning:
                "connect (under --profile apple, and with --versions): the server answered an ordinary ClientHello (Apple's of iOS 17+, about 300 bytes) with a ServerHello or a HelloRetryRequest, but not the post-quantum one that iOS 26, macOS 26 and Chrome send: X25519MLKEM768 first with a 1,216-byte key share, then x25519, 1,700 bytes in one record, larger than one packet. tlsprobe builds that hello itself (OpenSSL 3.0 cannot offer the group) and reads only the server's first answer. A server that works answers both, choosing x25519 or asking for it with a HelloRetryRequest. The TLS stack reads the hello in one buffer, or a middlebox in front of it drops large first records: iPhones and Macs on iOS 26/macOS 26 and Chrome fail, while older iPhones and curl on OpenSSL 3.0 still connect. The evidence says how the server ended (closed, reset, timeout, an alert) and the sizes of both hellos. Not reported when the large hello could not be sent (a local error), nor when the server answers it with an illegal_parameter or decode_error alert: that server read the whole hello and judged its content.",
            fix:
                "Update the device's firmware or TLS stack so that it reads a ClientHello spread over several TCP segments (RFC 8446 allows records of 16 KB), or update or reconfigure the firewall, load balancer or inspection box in front of it that drops large first records. A server need not support X25519MLKEM768: it only has to ignore it and choose x25519.",
            related: [.tlsAppleClientRefused, .tlsHandshakeFailed],
            reproduce: "tlsprobe connect HOST:PORT --profile apple",
            rank: .handshake
        ),
        // mtls
        Entry(
            code: .mtlsClientCertRequested,
            title: "client certificate requested",
            defaultSeverity: .info,
            meaning:
                "The server asks for a client certificate but goes on without one. Informational unless the application behind it needs it. The finding lists the CA names the server accepts and its signature algorithms.",
            fix:
                "Nothing to do unless the connection fails; then give a client identity with --identity or --cert/--key.",
            related: [.mtlsClientCertRequired],
            reproduce: "tlsprobe connect HOST:PORT",
            rank: .note
        ),
        Entry(
            code: .mtlsClientCertRequired,
            title: "client certificate required",
            defaultSeverity: .error,
            meaning:
                "The server refuses clients that present no certificate (certificate_required in TLS 1.3, handshake_failure after an empty Certificate in 1.2).",
            fix:
                "The server demands a client certificate: give one with --identity FILE.p12 or --cert/--key, issued by one of the acceptable CAs.",
            related: [.mtlsIdentityNotAcceptable, .mtlsClientCertRequested],
            reproduce: "tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS",
            rank: .handshake
        ),
        Entry(
            code: .mtlsIdentityNotAcceptable,
            title: "client identity not acceptable",
            defaultSeverity: .error,
            meaning:
                "The server lists the CAs it accepts for client certificates, and the identity given is not issued by any of them; many clients then send no certificate at all. Safari and most apps filter by those names.",
            fix:
                "Use a client identity issued by one of the CAs the server names, or add this identity's CA to the server's client CA list.",
            related: [.mtlsClientCertRequired, .mtlsClientCertRejected],
            reproduce: "tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS",
            rank: .handshake
        ),
        Entry(
            code: .mtlsClientCertRejected,
            title: "client certificate rejected",
            defaultSeverity: .error,
            meaning:
                "A client certificate was sent and the server refused it (an alert such as unknown_ca, bad_certificate or certificate_unknown followed).",
            fix:
                "The server refused the client certificate: check that its CA is in the server's client CA file and that it has extendedKeyUsage clientAuth.",
            related: [.mtlsIdentityNotAcceptable, .certEKUMissingClientAuth],
            reproduce: "tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS",
            rank: .handshake
        ),
        // pin
        Entry(
            code: .pinMismatch,
            title: "pinned key changed",
            defaultSeverity: .error,
            meaning:
                "The server's public key differs from the pin given or the one recorded on first contact. Either the key was replaced on purpose, or something else answers at this address. The evidence has both keys, and with --known-hosts, both dates.",
            fix:
                "If the server's key was replaced on purpose, update the pin (or the known-hosts entry); if not, find out who is answering at this address.",
            related: [.pinFirstUse],
            reproduce: "tlsprobe connect HOST:PORT --known-hosts FILE",
            rank: .path
        ),
        Entry(
            code: .pinFirstUse,
            title: "first contact recorded",
            defaultSeverity: .info,
            meaning:
                "First contact with this server: its key was recorded for comparison next time. The key goes into the file given with --known-hosts.",
            fix: "Nothing to do; later changes of this server's key will be reported.",
            related: [.pinMismatch],
            reproduce: "tlsprobe connect HOST:PORT --known-hosts FILE",
            rank: .note
        ),
        Entry(
            code: .pinMatch,
            title: "pin matches",
            defaultSeverity: .info,
            meaning: "The server's key matches the pin. With --known-hosts, it matches the key recorded there.",
            fix: "Nothing to do.",
            related: [],
            reproduce: "tlsprobe connect HOST:PORT --pin sha256/BASE64",
            rank: .note
        ),
        // pkcs12, key
        Entry(
            code: .pkcs12WrongPassword,
            title: "wrong PKCS#12 password",
            defaultSeverity: .error,
            meaning:
                "The PKCS#12 file could not be opened with the password given (its MAC did not verify). tlsprobe exits with status 2 (could not examine).",
            fix: "Give the right password with --password-env VAR or --password-file FILE.",
            related: [.pkcs12ModernEncryption],
            reproduce: "tlsprobe inspect identity.p12 --password-env P12_PASS"
        ),
        Entry(
            code: .pkcs12ModernEncryption,
            title: "PKCS#12 uses PBES2/AES",
            defaultSeverity: .warning,
            meaning:
                "The PKCS#12 file is encrypted with PBES2/AES, which OpenSSL 3 writes by default and older Apple systems (before iOS 17 / macOS 14) cannot open; they report a wrong password. A SHA-2 MAC is reported too: those systems cannot import that either.",
            fix:
                "For older iOS, macOS, Windows and Java, re-export with legacy algorithms: openssl pkcs12 -export -legacy -in cert.pem -inkey key.pem -out identity.p12 (or -certpbe PBE-SHA1-3DES -keypbe PBE-SHA1-3DES -macalg sha1); tlsprobe identity server|client --ca CA_DIR ... writes the legacy form by default (--p12 legacy).",
            related: [.pkcs12WrongPassword],
            reproduce: "tlsprobe inspect identity.p12 --password-env P12_PASS"
        ),
        Entry(
            code: .pkcs12NoPrivateKey,
            title: "PKCS#12 has no private key",
            defaultSeverity: .error,
            meaning: "The PKCS#12 file holds certificates but no private key, so it cannot serve as an identity.",
            fix: "Export the identity again with its private key (openssl pkcs12 -export -in cert.pem -inkey key.pem).",
            related: [.keyMismatch],
            reproduce: "tlsprobe inspect identity.p12 --password-env P12_PASS"
        ),
        Entry(
            code: .keyMismatch,
            title: "key does not match certificate",
            defaultSeverity: .error,
            meaning:
                "The private key is not the pair of the certificate's public key. In connect, it is reported when the client identity (--identity, or --cert and --key) is such a pair; the handshake then goes ahead without a client certificate.",
            fix:
                "Pair the certificate with the private key it was issued for; compare `tlsprobe inspect` pins of both.",
            related: [.pkcs12NoPrivateKey],
            reproduce: "tlsprobe inspect cert.pem --key key.pem"
        ),
        // capture
        Entry(
            code: .captureAlert,
            title: "alert",
            defaultSeverity: .warning,
            meaning:
                "An alert was seen in the capture; the finding says who sent it and what it usually means. It is also reported for an encrypted TLS 1.2 alert during the handshake, and, in TLS 1.3, for an encrypted record the size of an alert where the Finished or a session ticket should be: the finding then says which side most likely refused. An alert whose context says more is reported under a more specific code instead (mtls.client_cert_rejected, tls.no_common_version…).",
            fix: "Read the alert's meaning in the message; `tlsprobe explain ALERT` says more.",
            related: [.tlsHandshakeFailed],
            reproduce: "tlsprobe capture -r trace.pcap",
            rank: .handshake,
            consequenceOf: [
                .chainMissingIntermediate, .chainUntrustedRoot, .chainSelfSignedLeaf, .chainAnchorKeyMismatch,
                .chainStaleIntermediate, .chainAnchorNotRoot, .nameMismatch, .nameIPNotInSAN, .nameCNOnly, .certExpired,
                .certNotYetValid, .tlsProtocolTooOld, .tlsNoCommonVersion, .tlsNoCommonCipher, .mtlsClientCertRequired,
            ]
        ),
        Entry(
            code: .captureTLS13Encrypted,
            title: "TLS 1.3 handshake encrypted",
            defaultSeverity: .info,
            meaning:
                "TLS 1.3 encrypts the certificates, so the chain cannot be read from a capture without the session keys. The CertificateRequest, the client's certificate and most alerts are encrypted too.",
            fix: "Record a key log (SSLKEYLOGFILE) on the client and pass it with --keylog to see the chain.",
            related: [.captureNoKey],
            reproduce: "tlsprobe capture -r trace.pcap --keylog keys.log",
            rank: .note
        ),
        Entry(
            code: .captureNoKey,
            title: "no key for connection",
            defaultSeverity: .info,
            meaning:
                "A key log was given, but it has no secrets for this connection. Secrets in the pcapng file itself count as a key log. The key log is from another program or run, or ends before this connection; or it has only some of the secrets needed. It is also reported when the capture lacks the ClientHello whose client random indexes the key log. The finding names the client random and the missing labels. It replaces capture.tls13_encrypted for the connection.",
            fix: "Pass the key log that the client wrote during this capture with --keylog.",
            related: [.captureDecryptFailed],
            reproduce: "tlsprobe capture -r trace.pcap --keylog keys.log",
            rank: .note
        ),
        Entry(
            code: .captureDecryptFailed,
            title: "decryption failed",
            defaultSeverity: .warning,
            meaning:
                "Secrets were found for this connection but decryption failed: the key log is from another run, or the capture is damaged. The finding says which side's record failed, with which secret, and why (the authentication tag does not verify, or a secret has the wrong length). It is also reported when the cipher suite is not one tlsprobe decrypts (it decrypts the AES-GCM and ChaCha20-Poly1305 suites of TLS 1.2 and 1.3). Records that did decrypt are reported.",
            fix: "Check that the key log belongs to this capture; a log from another run has other secrets.",
            related: [.captureNoKey],
            reproduce: "tlsprobe capture -r trace.pcap --keylog keys.log"
        ),
        Entry(
            code: .captureIncompleteHandshake,
            title: "handshake incomplete",
            defaultSeverity: .warning,
            meaning:
                "The capture holds only part of a handshake: it started late, ended early, or the connection was cut. Neither a completed handshake nor an alert for the connection is in the capture; the server may also never have answered the ClientHello.",
            fix: "Capture from before the connection starts until it ends, on the interface the traffic crosses.",
            related: [.captureTruncated],
            reproduce: "tlsprobe capture -i IFACE"
        ),
        Entry(
            code: .captureTruncated,
            title: "capture truncated",
            defaultSeverity: .warning,
            meaning:
                "The capture file ends mid-packet or packets were cut by a short snap length; or tlsprobe stopped reading a handshake message at its own memory bound (the capture's budget for open flows, or 17 MiB of handshake messages kept per connection), named with the size its header declares. Segments never captured count too. What could be read around the gaps is reported; conclusions drawn from what is missing are not, so nothing the cut hid is read as a refusal. When the snap length cut handshake records, the finding leads with that and names them (evidence snap_length, cut_records). A message cut by tlsprobe's own bound is not called malformed and the handshake is not reported as incomplete; the evidence names the bound (cut_by_bound, bound_bytes), the message (message, from), the size its header declares (declared_length), the bytes read (read_bytes) and every message cut (cut_messages).",
            fix:
                "Capture with a full snap length (tcpdump -s 0) and without drops; for a message cut by the capture's memory budget, read its connection alone (a capture filtered to its addresses and ports).",
            related: [.captureIncompleteHandshake],
            reproduce: "tcpdump -s 0 -w trace.pcap"
        ),
        Entry(
            code: .captureRetransmissionMismatch,
            title: "retransmitted data differs",
            defaultSeverity: .warning,
            meaning:
                "A TCP segment sent again (a retransmission, or one overlapping bytes already seen) carried different bytes from the copy captured first: within the client's first 4 KiB (its ClientHello) before the handshake was decided, or, on either side, in a second copy of a segment still waiting behind a gap. tlsprobe reads the first copy, as Linux and most stacks keep it; a receiver whose stack keeps the later copy read something else, so the hellos, fingerprints and findings may not be what the peer saw. Something on the path rewrote the segment (a middlebox, a proxy, a load balancer), or the capture merges two paths. The evidence names the side (from), the offset of the first differing byte in its stream (stream_offset) and how many segments differed (segments).",
            fix:
                "Capture on the client or the server itself rather than on a span port or tap that sees two paths; if the copies still differ, look for the device on the path that rewrites TLS (an inspecting firewall or proxy).",
            related: [.captureTruncated],
            reproduce: "tlsprobe capture -r trace.pcap --json"
        ),
        // fleet
        Entry(
            code: .fleetSharedKey,
            title: "devices share one key",
            defaultSeverity: .warning,
            meaning:
                "scan: the same leaf public key (the SHA-256 of its SubjectPublicKeyInfo) is served at endpoints of more than one address, listed together in the summary (text: the shared keys lines; JSON: summary.shared_keys). Cameras, printers and other devices shipped with one key for every unit, or with their TLS stack's default certificate, look like this: pinning one of them pins them all, and a key read out of one device opens every other (OWASP ISVS asks for a unique key per device). One device answering on several addresses (IPv4 and IPv6, two interfaces) or a load-balanced service looks alike: the list tells them apart.",
            fix:
                "Give each device a key and certificate of its own (tlsprobe identity server --ca CA_DIR --host NAME makes one per device), or have the vendor generate a key on first boot; then re-pin clients to each device's own key.",
            related: [.pinMismatch, .chainSelfSignedLeaf],
            reproduce: "tlsprobe scan 192.168.1.0/24 --ports 443",
            rank: .property
        ),
    ]

    private static let byCode: [FindingCode: Entry] = Dictionary(
        all.map { ($0.code, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    /// The entry for `code`, or nil when this build does not know it: the lookup for a
    /// code that comes from outside (typed by a user, read from a file).
    public static func entry(for code: FindingCode) -> Entry? { byCode[code] }
}
