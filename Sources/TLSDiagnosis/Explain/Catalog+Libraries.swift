import TLSWire

// Messages from TLS libraries and clients other than OpenSSL's prose and Apple's codes.
// Kind `boringssl` covers BoringSSL's reason symbols (also printed by Python, Node, Android
// and OkHttp, since OpenSSL shares them) and, for want of a closer family in the fixed
// Kind list, the clients that report in their own words: Chrome (BoringSSL inside), Go's
// crypto/tls and crypto/x509, Java's JSSE and Node.js.
//
// OpenSSL's lowercase texts for the same reasons ("wrong version number") are kind
// `openssl_error`; the two are twins, and when a pasted line holds both (Python prints
// "[SSL: WRONG_VERSION_NUMBER] wrong version number") only the symbol's entry is returned.

private func library(
    _ name: String,
    code: String? = nil,
    number: Int? = nil,
    summary: String,
    meaning: String,
    checks: [String],
    related: [String],
    symbols: [String] = [],
    phrases: [String] = [],
    specificity: Int = 2,
    twin: String? = nil
) -> CatalogEntry {
    var entry = CatalogEntry(
        explanation: Explanation(
            kind: .boringssl,
            name: name,
            code: code,
            summary: summary,
            meaning: meaning,
            checks: checks,
            related: related
        )
    )
    let lower = CatalogEntry.lower(name)
    let isSymbol = lower.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }
    entry.symbols = (isSymbol ? [lower.replacingColons()] : []) + symbols.map(CatalogEntry.lower)
    entry.phrases = phrases.map(CatalogEntry.lower)
    if !isSymbol { entry.exactForms = [lower] }
    entry.number = number
    entry.specificity = specificity
    entry.twin = twin
    return entry
}

extension String {
    /// `net::err_cert_authority_invalid` is matched by its last token.
    fileprivate func replacingColons() -> String {
        guard containsText("::"), let last = split(separator: ":").last else { return self }
        return String(last)
    }
}

enum LibraryChecks {
    static let plaintext =
        "Check that the port speaks TLS at all (not plain HTTP, not a STARTTLS protocol): tlsprobe connect HOST:PORT"
    static let ciphers =
        "Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts."
}

/// The finding codes each alert relates to, taken from the alert entries.
private let alertRelated: [UInt8: [String]] = Dictionary(
    tlsAlertEntries.compactMap { entry in UInt8(entry.explanation.code ?? "").map { ($0, entry.explanation.related) } },
    uniquingKeysWith: { first, _ in first }
)

/// BoringSSL/OpenSSL reason symbols for received alerts, as twins of the alerts.
private let alertReasonEntries: [CatalogEntry] = alertReasonSymbols.keys.sorted().compactMap { value in
    guard let symbol = alertReasonSymbols[value], let alertName = AlertDescription(value).name else { return nil }
    var entry = library(
        symbol,
        code: String(1000 + Int(value)),
        number: 1000 + Int(value),
        summary: "The peer sent the TLS alert \(alertName) (\(value)); this side received it and stopped.",
        meaning:
            "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain \(alertName)` for what the alert usually means.",
        checks: ["tlsprobe explain \(alertName)", AlertChecks.capture],
        related: alertRelated[value] ?? ["tls.handshake_failed"],
        symbols: ["ssl_r_" + CatalogEntry.lower(symbol)],
        specificity: 3,
        twin: "alert:\(value)"
    )
    // Other spellings met in the wild: OpenSSL's TLSV13_ for 116, and TLSV1_ALERT_ forms.
    let extra: [UInt8: [String]] = [
        116: ["tlsv13_alert_certificate_required"], 109: ["tlsv1_alert_missing_extension"],
        112: ["tlsv1_alert_unrecognized_name"], 110: ["tlsv1_alert_unsupported_extension"],
    ]
    entry.symbols += extra[value] ?? []
    return entry
}

let libraryEntries: [CatalogEntry] =
    alertReasonEntries + [
        library(
            "CERTIFICATE_VERIFY_FAILED",
            summary: "The library's certificate verification failed; the detail names why.",
            meaning:
                "A wrapper: the peer's chain did not pass verification. Python, Node, Ruby, Android and others print it with the OpenSSL verify reason after it ('unable to get local issuer certificate', 'self-signed certificate', 'hostname mismatch'); explain that part for the cause. With a local CA it is almost always the root not being in the trust store the program uses (Python and Node often use their own bundle, not the system's).",
            checks: [
                "Read the reason after the colon, or paste the whole line into tlsprobe explain.", VerifyChecks.anchor,
                "Python: pass the CA with ssl.create_default_context(cafile='root.pem') or SSL_CERT_FILE; Node: NODE_EXTRA_CA_CERTS=root.pem.",
            ],
            related: ["chain.untrusted_root", "chain.missing_intermediate", "name.mismatch"],
            symbols: ["ssl_r_certificate_verify_failed"],
            specificity: 1,
            twin: "ssl:134"
        ),
        library(
            "WRONG_VERSION_NUMBER",
            summary: "What came back was not a TLS record.",
            meaning:
                "The first bytes from the peer did not look like TLS. The usual cause is talking TLS to a port that speaks something else: plain HTTP (http:// service on 8080 or 80), a STARTTLS protocol (SMTP, IMAP, LDAP) that must first be upgraded, a proxy expecting CONNECT, or a service that answers with an error banner.",
            checks: [LibraryChecks.plaintext, "If it is a web service, try http:// instead, or find its TLS port."],
            related: ["tls.handshake_failed"],
            symbols: ["ssl_r_wrong_version_number"],
            twin: "ssl:267"
        ),
        library(
            "NO_SHARED_CIPHER",
            summary: "The server found no cipher suite it could use from the client's list.",
            meaning:
                "Reported by the server. None of the suites the client offered is enabled on the server and usable with its certificate: an old client offering only RSA or CBC suites, an ECDSA-only client meeting an RSA certificate (or the reverse), or a server that has no certificate or key loaded at all.",
            checks: [
                LibraryChecks.ciphers,
                "Check that the server has a certificate and matching key loaded: tlsprobe inspect cert.pem --key key.pem",
            ],
            related: ["tls.no_common_cipher"],
            symbols: ["ssl_r_no_shared_cipher"],
            twin: "ssl:193"
        ),
        library(
            "UNSUPPORTED_PROTOCOL",
            summary: "The peer asked for a protocol version this side does not allow.",
            meaning:
                "The client or server proposed a TLS version outside this side's enabled range: typically an old device offering TLS 1.0/1.1 to a current library whose minimum is TLS 1.2.",
            checks: [AlertChecks.versions, AlertChecks.listen],
            related: ["tls.no_common_version", "tls.protocol_too_old"],
            symbols: ["ssl_r_unsupported_protocol"],
            twin: "ssl:258"
        ),
        library(
            "HTTP_REQUEST",
            summary: "A plain HTTP request arrived on a TLS port.",
            meaning:
                "Reported by a TLS server: the client sent 'GET /' in clear text, so it was configured with http:// for an https service.",
            checks: ["Use https:// in the client for this port."],
            related: ["tls.handshake_failed"],
            symbols: ["ssl_r_http_request"],
            twin: "ssl:156"
        ),
        library(
            "NO_CIPHERS_AVAILABLE",
            summary: "No cipher suites are enabled on this side.",
            meaning:
                "The local configuration leaves nothing to offer (a cipher string matching nothing, or every suite excluded by the minimum version or security level).",
            checks: ["Check the cipher string and version limits in the client or server configuration."],
            related: ["tls.no_common_cipher"],
            symbols: ["ssl_r_no_ciphers_available"],
            twin: "ssl:181"
        ),
        library(
            "PEER_DID_NOT_RETURN_A_CERTIFICATE",
            summary: "The server required a client certificate and the client sent none.",
            meaning:
                "Reported by a server set to require client certificates: the client answered the CertificateRequest with no certificate.",
            checks: [
                "Give the client an identity issued by a CA the server accepts: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"
            ],
            related: ["mtls.client_cert_required"],
            symbols: ["ssl_r_peer_did_not_return_a_certificate"],
            twin: "ssl:199"
        ),
        library(
            "NO_SHARED_GROUP",
            summary: "No key-exchange group in common.",
            meaning:
                "The client's supported_groups and the server's configured groups do not overlap (for example a client offering only X25519MLKEM768 or only ffdhe groups).",
            checks: [LibraryChecks.ciphers],
            related: ["tls.no_common_cipher"],
            symbols: ["no_shared_groups", "ssl_r_no_shared_group", "ssl_r_no_shared_groups"],
            twin: "ssl:410"
        ),
        library(
            "UNEXPECTED_EOF_WHILE_READING",
            summary: "The peer closed the connection without a TLS alert.",
            meaning:
                "The TCP connection ended before the handshake (or session) was finished and without close_notify. During the handshake, many clients, Apple's among them, simply hang up when they reject the server's certificate; many servers do the same when they refuse the ClientHello.",
            checks: [AlertChecks.listen, AlertChecks.connect],
            related: ["tls.handshake_failed", "capture.incomplete_handshake"],
            symbols: ["ssl_r_unexpected_eof_while_reading", "unexpected_eof"],
            twin: "ssl:294"
        ),

        // Chrome (BoringSSL).
        library(
            "NET::ERR_CERT_AUTHORITY_INVALID",
            code: "-202",
            number: -202,
            summary: "Chrome: the certificate's issuer is not trusted.",
            meaning:
                "The chain does not lead to a root in the trust store Chrome uses: a local CA root not installed in the OS (or Chrome's) store, or a missing intermediate.",
            checks: [VerifyChecks.anchor, VerifyChecks.chainFile],
            related: ["chain.untrusted_root", "chain.missing_intermediate", "chain.self_signed_leaf"]
        ),
        library(
            "NET::ERR_CERT_COMMON_NAME_INVALID",
            code: "-200",
            number: -200,
            summary: "Chrome: the certificate is not valid for the name or address in the URL.",
            meaning:
                "No subjectAltName entry matches the host. Chrome ignores the Common Name, and an IP address in the URL needs an iPAddress SAN.",
            checks: ["tlsprobe connect HOST:PORT --host NAME"],
            related: ["name.mismatch", "name.cn_only", "name.ip_not_in_san"]
        ),
        library(
            "NET::ERR_CERT_DATE_INVALID",
            code: "-201",
            number: -201,
            summary: "Chrome: the certificate has expired or is not yet valid.",
            meaning:
                "The certificate's validity period does not include the computer's current time; check both the certificate and the clock.",
            checks: [VerifyChecks.inspect, VerifyChecks.clock],
            related: ["cert.expired", "cert.not_yet_valid"]
        ),
        library(
            "NET::ERR_CERT_REVOKED",
            code: "-206",
            number: -206,
            summary: "Chrome: the certificate has been revoked.",
            meaning: "Revocation data says the CA withdrew the certificate.",
            checks: ["Install a newly issued certificate."],
            related: []
        ),
        library(
            "NET::ERR_CERT_INVALID",
            code: "-207",
            number: -207,
            summary: "Chrome: the certificate is malformed or unusable.",
            meaning:
                "The certificate could not be parsed or breaks basic rules (for example a CA certificate used as the server's, bad encoding).",
            checks: [VerifyChecks.inspect],
            related: ["cert.malformed"]
        ),
        library(
            "NET::ERR_CERT_WEAK_SIGNATURE_ALGORITHM",
            code: "-208",
            number: -208,
            summary: "Chrome: a certificate is signed with SHA-1 or MD5.",
            meaning: "Chrome refuses SHA-1 signatures on certificates in the chain below the root.",
            checks: [VerifyChecks.inspect, "Re-issue signed with SHA-256."],
            related: ["cert.weak_signature"]
        ),
        library(
            "NET::ERR_CERT_WEAK_KEY",
            code: "-211",
            number: -211,
            summary: "Chrome: the certificate's key is too small.",
            meaning: "RSA keys under 2048 bits are refused.",
            checks: [VerifyChecks.inspect],
            related: ["cert.weak_key"]
        ),
        library(
            "NET::ERR_CERT_NAME_CONSTRAINT_VIOLATION",
            code: "-212",
            number: -212,
            summary: "Chrome: a name is outside the CA's name constraints.",
            meaning: "The CA above is restricted to certain names and this certificate carries another.",
            checks: [VerifyChecks.offline],
            related: ["chain.name_constraints_violated"]
        ),
        library(
            "NET::ERR_CERT_VALIDITY_TOO_LONG",
            code: "-213",
            number: -213,
            summary: "Chrome: the certificate's validity period is too long.",
            meaning:
                "Chrome enforces maximum lifetimes for certificates from public CAs (398 days) and some platforms apply 825 days to all; long-lived device certificates hit this.",
            checks: ["Re-issue with a validity of 397 days or less."],
            related: ["cert.validity_too_long"]
        ),
        library(
            "NET::ERR_SSL_PROTOCOL_ERROR",
            code: "-107",
            number: -107,
            summary: "Chrome: the TLS handshake failed.",
            meaning:
                "A generic handshake failure: the server sent something invalid, closed the connection, or sent an alert Chrome does not map more precisely. Plain HTTP on an https port also ends here.",
            checks: [AlertChecks.connect, LibraryChecks.plaintext],
            related: ["tls.handshake_failed"],
            specificity: 1
        ),
        library(
            "NET::ERR_SSL_VERSION_OR_CIPHER_MISMATCH",
            code: "-113",
            number: -113,
            summary: "Chrome: no protocol version or cipher suite in common.",
            meaning:
                "The server offers only TLS 1.0/1.1, or only cipher suites Chrome no longer supports (RSA key exchange with 3DES/RC4), or has no certificate matching the requested name.",
            checks: [AlertChecks.versions, LibraryChecks.ciphers],
            related: ["tls.no_common_version", "tls.no_common_cipher", "tls.protocol_too_old"]
        ),
        library(
            "NET::ERR_BAD_SSL_CLIENT_AUTH_CERT",
            code: "-117",
            number: -117,
            summary: "Chrome: the server rejected the client certificate.",
            meaning:
                "The certificate Chrome presented was refused by the server (wrong CA, expired, missing clientAuth EKU).",
            checks: ["tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
            related: ["mtls.client_cert_rejected", "mtls.identity_not_acceptable"]
        ),
        library(
            "NET::ERR_SSL_CLIENT_AUTH_CERT_NEEDED",
            code: "-110",
            number: -110,
            summary: "Chrome: the server requires a client certificate.",
            meaning: "The server asked for a client certificate and none was selected.",
            checks: ["Install a client identity issued by one of the CAs the server lists: tlsprobe connect HOST:PORT"],
            related: ["mtls.client_cert_required"]
        ),

        // Go crypto/x509 and crypto/tls.
        library(
            "x509: certificate signed by unknown authority",
            summary: "Go: the chain does not lead to a root in Go's trust pool.",
            meaning:
                "Go could not build a path from the server's certificate to any root it trusts. With a local CA, the root is not in the system pool Go reads (on Linux, /etc/ssl/certs) or in the pool the program set; or the server omits an intermediate.",
            checks: [
                VerifyChecks.anchor,
                "Add the root to the system store (update-ca-certificates) or to the program's RootCAs, or set SSL_CERT_FILE=root.pem.",
                VerifyChecks.chainFile,
            ],
            related: ["chain.untrusted_root", "chain.missing_intermediate"],
            phrases: ["certificate signed by unknown authority"],
            specificity: 3
        ),
        library(
            "x509: certificate signed by unknown authority (possibly because of ... while trying to verify candidate authority certificate)",
            summary: "Go: a root with the right name exists, but its key did not sign this certificate.",
            meaning:
                "Go found a trusted certificate whose name matches the issuer, tried it, and the signature failed. On a local network this nearly always means the CA was re-created with the same name: the clients trust the old root, the server's certificate comes from the new one.",
            checks: [
                VerifyChecks.anchor,
                "Install the current root on the client and remove the old one, or re-issue the server certificate from the CA the clients trust.",
            ],
            related: ["chain.anchor_key_mismatch", "chain.bad_signature"],
            phrases: ["while trying to verify candidate authority certificate"],
            specificity: 4
        ),
        library(
            "x509: certificate is valid for X, not Y",
            summary: "Go: the certificate does not carry the name the client dialled.",
            meaning:
                "The certificate lists other DNS names (or IPs) in its subjectAltName than the one used. Go ignores the Common Name.",
            checks: ["tlsprobe connect HOST:PORT --host NAME", "Re-issue with the dialled name in subjectAltName."],
            related: ["name.mismatch", "name.cn_only"],
            phrases: ["x509: certificate is valid for", "certificate is not valid for any names"],
            specificity: 3
        ),
        library(
            "SSL: no alternative certificate subject name matches target host name 'HOST'",
            summary:
                "curl (60): none of the certificate's subjectAltName entries is the host in the URL.",
            meaning:
                "curl (with OpenSSL) checks the host of the URL against the certificate's DNS and IP subjectAltName entries and found none that matches: a certificate for another name, a wildcard one level off, or a URL with an IP address while the certificate has only DNS names (an address needs an iPAddress entry).",
            checks: [
                "tlsprobe connect HOST:PORT (the host as in the URL) names what the certificate holds",
                "Re-issue with every name and address clients dial: tlsprobe identity server --ca CA_DIR --host NAME --host 10.0.0.5 --out server",
            ],
            related: ["name.mismatch", "name.ip_not_in_san"],
            phrases: ["no alternative certificate subject name matches target host name"],
            specificity: 3
        ),
        library(
            "SSL: certificate subject name 'NAME' does not match target host name 'HOST'",
            summary:
                "curl (60): the certificate has no subjectAltName, and its Common Name is not the host in the URL.",
            meaning:
                "A certificate without subjectAltName, whose Common Name curl compared with the URL's host. Even when they match, browsers, Apple and Go refuse a Common Name alone: the certificate needs the name in subjectAltName.",
            checks: [
                "tlsprobe connect HOST:PORT",
                "Re-issue with the name in subjectAltName: tlsprobe identity server --ca CA_DIR --host NAME --out server",
            ],
            related: ["name.cn_only", "name.mismatch"],
            phrases: ["does not match target host name"],
            specificity: 3
        ),
        library(
            "x509: cannot validate certificate for IP because it doesn't contain any IP SANs",
            summary: "Go: the client dialled an IP address and the certificate has no IP SAN.",
            meaning:
                "Connecting to https://10.0.0.5 requires an iPAddress entry for 10.0.0.5 in the certificate's subjectAltName; a DNS name or a Common Name with the address does not count.",
            checks: [
                "Re-issue with an IP SAN (openssl: -addext \"subjectAltName=IP:10.0.0.5\")",
                "tlsprobe connect 10.0.0.5:PORT",
            ],
            related: ["name.ip_not_in_san"],
            phrases: ["because it doesn't contain any ip sans", "doesn't contain any ip sans"],
            specificity: 3
        ),
        library(
            "x509: certificate has expired or is not yet valid",
            summary: "Go: the certificate is outside its validity period.",
            meaning:
                "Go reports expiry and not-yet-valid with the same message; the rest of the line gives the current time and the certificate's dates. Check the device clock as well as the certificate.",
            checks: [VerifyChecks.inspect, VerifyChecks.clock],
            related: ["cert.expired", "cert.not_yet_valid"],
            phrases: ["certificate has expired or is not yet valid"],
            specificity: 3
        ),
        library(
            "x509: certificate relies on legacy Common Name field, use SANs instead",
            summary: "Go: the name is only in the Common Name.",
            meaning: "Go 1.15+ ignores the Common Name; the certificate has no subjectAltName with the host.",
            checks: ["Re-issue with a subjectAltName extension."],
            related: ["name.cn_only"],
            phrases: ["certificate relies on legacy common name field"],
            specificity: 3
        ),
        library(
            "x509: certificate specifies an incompatible key usage",
            summary: "Go: the certificate's extendedKeyUsage does not allow this use.",
            meaning:
                "A server certificate without serverAuth (or a client certificate without clientAuth) in extendedKeyUsage; Go also applies EKUs of intermediates.",
            checks: [VerifyChecks.inspect],
            related: ["cert.eku_missing_server_auth", "cert.eku_missing_client_auth"],
            phrases: ["certificate specifies an incompatible key usage"],
            specificity: 3
        ),
        library(
            "tls: failed to verify certificate",
            summary: "Go: certificate verification failed; the rest of the message names why.",
            meaning: "A wrapper around the x509 error that follows it.",
            checks: ["Read the x509: part that follows, or paste the whole line into tlsprobe explain."],
            related: ["chain.untrusted_root", "name.mismatch"],
            phrases: ["tls: failed to verify certificate"],
            specificity: 1
        ),
        library(
            "tls: first record does not look like a TLS handshake",
            summary: "Go: the server's answer was not TLS.",
            meaning: "The port answered with something else: plain HTTP, a STARTTLS protocol, or a banner.",
            checks: [LibraryChecks.plaintext],
            related: ["tls.handshake_failed"],
            phrases: ["first record does not look like a tls handshake"]
        ),
        library(
            "tls: server selected unsupported protocol version",
            summary: "Go: the server chose a TLS version Go will not use.",
            meaning: "The server answered with TLS 1.0/1.1 (or SSL 3.0) and the Go client's minimum is higher.",
            checks: [AlertChecks.versions],
            related: ["tls.no_common_version", "tls.protocol_too_old"],
            phrases: ["server selected unsupported protocol version"]
        ),
        library(
            "tls: no cipher suite supported by both client and server",
            summary: "Go: no cipher suite in common.",
            meaning: "The Go server found none of the client's suites among its own.",
            checks: [LibraryChecks.ciphers],
            related: ["tls.no_common_cipher"],
            phrases: ["no cipher suite supported by both client and server"]
        ),

        // Java JSSE.
        library(
            "PKIX path building failed: unable to find valid certification path to requested target",
            summary: "Java: no path from the server's certificate to a root in the truststore.",
            meaning:
                "The JVM's truststore (cacerts, or the one the app configured) does not contain the root of the server's chain, or the server omits an intermediate. Java does not read the OS trust store by default.",
            checks: [
                VerifyChecks.anchor,
                "Import the root into the truststore: keytool -importcert -alias local-root -file root.pem -keystore truststore.jks",
                VerifyChecks.chainFile,
            ],
            related: ["chain.untrusted_root", "chain.missing_intermediate"],
            phrases: ["pkix path building failed", "unable to find valid certification path to requested target"],
            specificity: 3
        ),
        library(
            "PKIX path validation failed",
            summary: "Java: a path was found but failed validation.",
            meaning:
                "The chain was built but a check failed; the message that follows says which (validity check failed means expired or not yet valid; signature check failed means a re-created CA or corrupt certificate).",
            checks: [VerifyChecks.offline],
            related: ["cert.expired", "chain.bad_signature"],
            phrases: ["pkix path validation failed"],
            specificity: 2
        ),
        library(
            "No subject alternative names matching IP address found",
            summary: "Java: the client dialled an IP address that is not in the certificate's IP SANs.",
            meaning: "Java requires an iPAddress SAN equal to the address dialled.",
            checks: ["Re-issue with an IP SAN (openssl: -addext \"subjectAltName=IP:10.0.0.5\")"],
            related: ["name.ip_not_in_san"],
            phrases: ["no subject alternative names matching ip address", "no subject alternative names present"],
            specificity: 3
        ),
        library(
            "No subject alternative DNS name matching HOST found",
            summary: "Java: the certificate does not carry the host name dialled.",
            meaning: "None of the DNS SANs matches the host.",
            checks: ["tlsprobe connect HOST:PORT --host NAME"],
            related: ["name.mismatch"],
            phrases: ["no subject alternative dns name matching", "no name matching"],
            specificity: 3
        ),
        library(
            "No appropriate protocol (protocol is disabled or cipher suites are inappropriate)",
            summary: "Java: no enabled protocol version or cipher suite can be used.",
            meaning:
                "The JVM disabled the versions the peer needs (TLS 1.0/1.1 are disabled in current JDKs via jdk.tls.disabledAlgorithms), or no enabled cipher suite fits.",
            checks: [AlertChecks.versions],
            related: ["tls.no_common_version", "tls.protocol_too_old"],
            phrases: ["no appropriate protocol"]
        ),
        library(
            "Unsupported or unrecognized SSL message",
            summary: "Java: the peer's answer was not TLS.",
            meaning: "Plain HTTP or another protocol answered on the port.",
            checks: [LibraryChecks.plaintext],
            related: ["tls.handshake_failed"],
            phrases: ["unsupported or unrecognized ssl message"]
        ),
        library(
            "Remote host terminated the handshake",
            summary: "Java: the server closed the connection during the handshake without an alert.",
            meaning:
                "A silent refusal: often no common version or cipher, or a server that requires a client certificate and hangs up without one.",
            checks: [AlertChecks.connect, AlertChecks.versions],
            related: ["tls.handshake_failed"],
            phrases: ["remote host terminated the handshake", "remote host closed connection during handshake"]
        ),

        // Node.js.
        library(
            "ERR_TLS_CERT_ALTNAME_INVALID",
            summary: "Node.js: the certificate is not valid for the host name or IP.",
            meaning:
                "Node found no subjectAltName matching the host ('Hostname/IP does not match certificate's altnames'); an IP needs an IP SAN.",
            checks: ["tlsprobe connect HOST:PORT --host NAME"],
            related: ["name.mismatch", "name.ip_not_in_san"],
            phrases: ["does not match certificate's altnames"],
            specificity: 3
        ),
    ]

private func opensslReason(
    _ reason: Int,
    _ packed: String,
    _ text: String,
    symbol: String,
    summary: String,
    meaning: String,
    checks: [String],
    related: [String],
    specificity: Int = 2,
    ssl: Bool = true
) -> CatalogEntry {
    var entry = CatalogEntry(
        explanation: Explanation(
            kind: .opensslError,
            name: text,
            code: packed,
            summary: summary,
            meaning: meaning,
            checks: checks,
            related: related
        )
    )
    entry.symbols = [CatalogEntry.lower(packed)]
    entry.exactForms = [CatalogEntry.lower(symbol)]
    entry.phrases = [text]
    entry.sslReason = ssl ? reason : nil
    entry.specificity = specificity
    entry.twin = ssl ? "ssl:\(reason)" : nil
    return entry
}

/// OpenSSL's error-queue texts (`error:0A00010B:SSL routines::wrong version number`), with
/// OpenSSL 3's packed code; the SSL ones are twins of the symbol entries above.
let opensslErrorEntries: [CatalogEntry] = [
    opensslReason(
        267,
        "0A00010B",
        "wrong version number",
        symbol: "SSL_R_WRONG_VERSION_NUMBER",
        summary: "OpenSSL: what came back was not a TLS record.",
        meaning:
            "The peer's first bytes were not a TLS record header. Nearly always a TLS client talking to a plain-text service: http:// on that port, SMTP/IMAP/LDAP that need STARTTLS first, a proxy, or the wrong port.",
        checks: [
            LibraryChecks.plaintext,
            "For STARTTLS services, upgrade first: tlsprobe connect HOST:25 --starttls smtp (or --starttls auto)",
        ],
        related: ["tls.handshake_failed"]
    ),
    opensslReason(
        333,
        "0A00014D",
        "legacy sigalg disallowed or unsupported",
        symbol: "SSL_R_LEGACY_SIGALG_DISALLOWED_OR_UNSUPPORTED",
        summary: "OpenSSL 3 client: the server speaks only TLS 1.0 or 1.1, which sign with SHA-1/MD5.",
        meaning:
            "curl and other OpenSSL 3 clients say this against a TLS 1.0 or 1.1 server: those versions sign the key exchange with MD5+SHA-1 or SHA-1, which OpenSSL 3's default security level refuses, so the handshake stops once the server has answered.",
        checks: [
            "Enable TLS 1.2 (better 1.3) on the server; tlsprobe connect HOST:PORT --versions shows what it accepts.",
            "Until then, to reach it from curl for a test: curl --tlsv1.0 --ciphers 'DEFAULT@SECLEVEL=0' https://HOST:PORT/",
        ],
        related: ["tls.protocol_too_old", "tls.no_common_version"]
    ),
    opensslReason(
        193,
        "0A0000C1",
        "no shared cipher",
        symbol: "SSL_R_NO_SHARED_CIPHER",
        summary: "OpenSSL server: no cipher suite in common with the client.",
        meaning:
            "None of the client's suites is enabled and usable here. Besides old or unusual clients, OpenSSL says this when the server has no certificate/key loaded for the offered suites, or only an RSA certificate for an ECDSA-only client.",
        checks: [
            LibraryChecks.ciphers,
            "Check the server's certificate and key are loaded and match: tlsprobe inspect cert.pem --key key.pem",
        ],
        related: ["tls.no_common_cipher"]
    ),
    opensslReason(
        258,
        "0A000102",
        "unsupported protocol",
        symbol: "SSL_R_UNSUPPORTED_PROTOCOL",
        summary: "OpenSSL: the peer's protocol version is not enabled here.",
        meaning:
            "The other side offered or selected a version outside this side's min/max. OpenSSL 3 at its default security level refuses TLS 1.0 and 1.1, so old devices fail with this.",
        checks: [
            AlertChecks.versions,
            "To talk to an old device from OpenSSL 3 for testing: -tls1 -cipher 'DEFAULT:@SECLEVEL=0'.",
        ],
        related: ["tls.no_common_version", "tls.protocol_too_old"]
    ),
    opensslReason(
        134,
        "0A000086",
        "certificate verify failed",
        symbol: "SSL_R_CERTIFICATE_VERIFY_FAILED",
        summary: "OpenSSL: the peer's certificate chain failed verification; the verify error names why.",
        meaning:
            "A wrapper: the real reason is the verify result printed with it (for example 'verify error:num=20:unable to get local issuer certificate'). Paste the whole output into tlsprobe explain.",
        checks: [
            "Find the verify error in the same output (openssl s_client prints 'Verify return code').",
            VerifyChecks.anchor,
        ],
        related: ["chain.untrusted_root", "chain.missing_intermediate"],
        specificity: 1
    ),
    opensslReason(
        156,
        "0A00009C",
        "http request",
        symbol: "SSL_R_HTTP_REQUEST",
        summary: "OpenSSL server: a plain HTTP request arrived on the TLS port.",
        meaning: "The client spoke HTTP without TLS to this port: an http:// URL for an https service.",
        checks: ["Use https:// for this port."],
        related: ["tls.handshake_failed"]
    ),
    opensslReason(
        294,
        "0A000126",
        "unexpected eof while reading",
        symbol: "SSL_R_UNEXPECTED_EOF_WHILE_READING",
        summary: "OpenSSL: the peer closed the connection without a TLS alert.",
        meaning:
            "The connection ended without close_notify. During a handshake this is a silent refusal by the other side: Apple clients typically close without an alert when they reject the server's certificate, and servers do it when they dislike the ClientHello.",
        checks: [AlertChecks.listen, AlertChecks.connect],
        related: ["tls.handshake_failed", "capture.incomplete_handshake"]
    ),
    opensslReason(
        191,
        "0A0000BF",
        "no protocols available",
        symbol: "SSL_R_NO_PROTOCOLS_AVAILABLE",
        summary: "OpenSSL: the configured version range leaves no protocol to use.",
        meaning:
            "The minimum and maximum versions (or the security level) exclude every version, so the handshake cannot start.",
        checks: ["Check MinProtocol/MaxProtocol and -tls1_x options in the configuration."],
        related: ["tls.no_common_version"]
    ),
    opensslReason(
        118,
        "0A000076",
        "no suitable signature algorithm",
        symbol: "SSL_R_NO_SUITABLE_SIGNATURE_ALGORITHM",
        summary: "OpenSSL: no signature algorithm both sides accept fits the certificate's key.",
        meaning:
            "The peer's signature_algorithms list rules out every way this side's key could sign (for example a client allowing only ECDSA while the server has an RSA key, or SHA-1 only at a security level that forbids it).",
        checks: [LibraryChecks.ciphers],
        related: ["tls.no_common_cipher"]
    ),
    opensslReason(
        376,
        "0A000178",
        "no shared signature algorithms",
        symbol: "SSL_R_NO_SHARED_SIGNATURE_ALGORITHMS",
        summary: "OpenSSL: no signature algorithm in common.",
        meaning:
            "The two sides' signature_algorithms lists do not overlap; common with old clients offering only SHA-1/MD5 to OpenSSL 3.",
        checks: [LibraryChecks.ciphers],
        related: ["tls.no_common_cipher"]
    ),
    opensslReason(
        410,
        "0A00019A",
        "no shared groups",
        symbol: "SSL_R_NO_SHARED_GROUPS",
        summary: "OpenSSL: no key-exchange group in common.",
        meaning: "The client's supported_groups and the server's groups do not overlap.",
        checks: [LibraryChecks.ciphers],
        related: ["tls.no_common_cipher"]
    ),
    opensslReason(
        199,
        "0A0000C7",
        "peer did not return a certificate",
        symbol: "SSL_R_PEER_DID_NOT_RETURN_A_CERTIFICATE",
        summary: "OpenSSL server: a client certificate is required and the client sent none.",
        meaning:
            "The server runs with client verification required (-Verify, SSLVerifyClient require) and the client had no certificate, or none from the CAs the server listed.",
        checks: ["tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
        related: ["mtls.client_cert_required"]
    ),
    opensslReason(
        198,
        "0A0000C6",
        "packet length too long",
        symbol: "SSL_R_PACKET_LENGTH_TOO_LONG",
        summary: "OpenSSL: a record header claimed an impossible length.",
        meaning:
            "Usually the peer is not speaking TLS and its text was read as a record header, as with 'wrong version number'.",
        checks: [LibraryChecks.plaintext],
        related: ["tls.handshake_failed"]
    ),
    opensslReason(
        338,
        "0A000152",
        "unsafe legacy renegotiation disabled",
        symbol: "SSL_R_UNSAFE_LEGACY_RENEGOTIATION_DISABLED",
        summary: "OpenSSL 3: the server does not support secure renegotiation (RFC 5746).",
        meaning:
            "Old servers and appliances without the renegotiation_info extension are refused by OpenSSL 3 clients by default (curl exits with 35; Python, Node and the rest fail alike), while browsers and Apple's clients still connect. Often a load balancer or firewall in front of the server is what lacks it.",
        checks: [
            "tlsprobe connect HOST:PORT --profile openssl reports it as tls.no_secure_renegotiation.",
            "Update the server or the middlebox in front of it; for testing only, OpenSSL's UnsafeLegacyServerConnect option allows it.",
        ],
        related: ["tls.no_secure_renegotiation", "tls.protocol_too_old"]
    ),
    opensslReason(
        399,
        "0A00018F",
        "ee key too small",
        symbol: "SSL_R_EE_KEY_TOO_SMALL",
        summary: "OpenSSL: the certificate's key is below the security level.",
        meaning:
            "At the default security level RSA keys must be at least 2048 bits; this side's own certificate (or the peer's) has a smaller key.",
        checks: [VerifyChecks.inspect],
        related: ["cert.weak_key"]
    ),
    opensslReason(
        397,
        "0A00018D",
        "ca key too small",
        symbol: "SSL_R_CA_KEY_TOO_SMALL",
        summary: "OpenSSL: a CA key in the configured chain is below the security level.",
        meaning: "A CA certificate loaded with the server's certificate has a key smaller than allowed.",
        checks: [VerifyChecks.inspect],
        related: ["cert.weak_key"]
    ),
    opensslReason(
        398,
        "0A00018E",
        "ca md too weak",
        symbol: "SSL_R_CA_MD_TOO_WEAK",
        summary: "OpenSSL: a certificate in the configured chain is signed with a weak digest.",
        meaning: "MD5 or SHA-1 signatures are refused at the default security level.",
        checks: [VerifyChecks.inspect, "Re-issue signed with SHA-256."],
        related: ["cert.weak_signature"]
    ),
    opensslReason(
        394,
        "0A00018A",
        "dh key too small",
        symbol: "SSL_R_DH_KEY_TOO_SMALL",
        summary: "OpenSSL: the server's Diffie-Hellman group is too small.",
        meaning: "Old servers use 1024-bit (or smaller) DHE parameters, which OpenSSL clients refuse.",
        checks: ["Prefer ECDHE suites on the server, or configure 2048-bit DH parameters."],
        related: ["tls.no_forward_secrecy"]
    ),
    opensslReason(
        0,
        "11800071",
        "mac verify failure",
        symbol: "PKCS12_R_MAC_VERIFY_FAILURE",
        summary: "OpenSSL: a PKCS#12 file's password is wrong (its integrity check failed).",
        meaning:
            "Reading a .p12/.pfx failed its MAC check: the password given is not the one it was exported with (an empty password and no password are different), or the file is damaged.",
        checks: ["tlsprobe inspect identity.p12 --password-env P12_PASS (try an empty password too)"],
        related: ["pkcs12.wrong_password"],
        ssl: false
    ),
    opensslReason(
        0,
        "0308010C",
        "digital envelope routines::unsupported",
        symbol: "ERR_R_UNSUPPORTED",
        summary: "OpenSSL 3: an algorithm in the file is not available, typically a legacy-encrypted PKCS#12.",
        meaning:
            "OpenSSL 3 moved RC2-40 and other old algorithms to the legacy provider; .p12 files exported by older tools and Windows use them and fail to open.",
        checks: [
            "Open it with the legacy provider: openssl pkcs12 -legacy -in identity.p12",
            "Re-export with modern algorithms if only new systems must read it (older Apple systems need the legacy ones).",
        ],
        related: ["pkcs12.modern_encryption"],
        ssl: false
    ),
    opensslReason(
        0,
        "05800074",
        "key values mismatch",
        symbol: "X509_R_KEY_VALUES_MISMATCH",
        summary: "OpenSSL: the private key does not belong to the certificate.",
        meaning:
            "The server (or client) was configured with a key file that is not the pair of the certificate file, often after the certificate was renewed with a new key but the old key file stayed.",
        checks: ["tlsprobe inspect cert.pem --key key.pem"],
        related: ["key.mismatch"],
        ssl: false
    ),
    opensslReason(
        0,
        "0480006C",
        "no start line",
        symbol: "PEM_R_NO_START_LINE",
        summary: "OpenSSL: the file is not PEM, or not the PEM type expected.",
        meaning:
            "No '-----BEGIN ...-----' line of the expected kind was found: a DER file given where PEM is expected, a key given as a certificate, or a file with Windows line noise before the header.",
        checks: [VerifyChecks.inspect],
        related: ["cert.malformed"],
        ssl: false
    ),
    opensslReason(
        0,
        "04800065",
        "bad decrypt",
        symbol: "PEM_R_BAD_DECRYPT",
        summary: "OpenSSL: an encrypted key could not be decrypted; the passphrase is wrong.",
        meaning: "The private key (or PKCS#12 content) is encrypted and the passphrase given does not open it.",
        checks: ["Give the right passphrase (tlsprobe takes it with --password-env or --password-file)."],
        related: ["pkcs12.wrong_password"],
        ssl: false
    ),
]
