import TLSWire

// TLS alerts (RFC 8446 §6, RFC 5246 §7.2), named from TLSWire's AlertDescription table, with
// the forms people meet them in: OpenSSL's "tlsv1 alert unknown ca" / "SSL alert number 48",
// Java's "Received fatal alert: handshake_failure", Go's "remote error: tls: bad certificate",
// and BoringSSL's TLSV1_ALERT_UNKNOWN_CA reason codes (kind boringssl, see libraryEntries).
//
// An alert is sent by the side that gave up. A program that *reports* an alert it received
// (OpenSSL's "tlsv1 alert ...", Go's "remote error", Java's "Received fatal alert") was the
// one refused: the decision was made on the other end.

enum AlertChecks {
    static let capture =
        "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."
    static let listen =
        "Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433"
    static let connect = "Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT"
    static let versions = "List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"
}

/// Text OpenSSL's error queue gives the alert when it is received, where it is not
/// simply "alert " plus the name.
private let opensslAlertReasonText: [UInt8: String] = [
    110: "tlsv1 unsupported extension", 111: "tlsv1 certificate unobtainable",
    112: "tlsv1 unrecognized name", 113: "tlsv1 bad certificate status response",
    114: "tlsv1 bad certificate hash value", 90: "tlsv1 alert user cancelled",
]

/// Go's crypto/tls text for each alert, as in "remote error: tls: bad certificate".
private let goAlertText: [UInt8: String] = [
    0: "close notify", 10: "unexpected message", 20: "bad record mac", 21: "decryption failed",
    22: "record overflow", 30: "decompression failure", 40: "handshake failure", 41: "no certificate",
    42: "bad certificate", 43: "unsupported certificate", 44: "revoked certificate",
    45: "expired certificate", 46: "unknown certificate", 47: "illegal parameter",
    48: "unknown certificate authority", 49: "access denied", 50: "error decoding message",
    51: "error decrypting message", 60: "export restriction", 70: "protocol version not supported",
    71: "insufficient security level", 80: "internal error", 86: "inappropriate fallback",
    90: "user canceled", 100: "no renegotiation", 109: "missing extension", 110: "unsupported extension",
    111: "certificate unobtainable", 112: "unrecognized name", 113: "bad certificate status response",
    114: "bad certificate hash value", 115: "unknown psk identity", 116: "certificate required",
    117: "general error", 120: "no application protocol", 121: "encrypted client hello required",
]

/// OpenSSL's reason symbol for a received alert (SSL_R_…, reason 1000 + alert); BoringSSL
/// uses the same, except TLSV1_ALERT_CERTIFICATE_REQUIRED for 116.
let alertReasonSymbols: [UInt8: String] = [
    10: "SSLV3_ALERT_UNEXPECTED_MESSAGE", 20: "SSLV3_ALERT_BAD_RECORD_MAC",
    21: "TLSV1_ALERT_DECRYPTION_FAILED", 22: "TLSV1_ALERT_RECORD_OVERFLOW",
    30: "SSLV3_ALERT_DECOMPRESSION_FAILURE", 40: "SSLV3_ALERT_HANDSHAKE_FAILURE",
    41: "SSLV3_ALERT_NO_CERTIFICATE", 42: "SSLV3_ALERT_BAD_CERTIFICATE",
    43: "SSLV3_ALERT_UNSUPPORTED_CERTIFICATE", 44: "SSLV3_ALERT_CERTIFICATE_REVOKED",
    45: "SSLV3_ALERT_CERTIFICATE_EXPIRED", 46: "SSLV3_ALERT_CERTIFICATE_UNKNOWN",
    47: "SSLV3_ALERT_ILLEGAL_PARAMETER", 48: "TLSV1_ALERT_UNKNOWN_CA",
    49: "TLSV1_ALERT_ACCESS_DENIED", 50: "TLSV1_ALERT_DECODE_ERROR", 51: "TLSV1_ALERT_DECRYPT_ERROR",
    60: "TLSV1_ALERT_EXPORT_RESTRICTION", 70: "TLSV1_ALERT_PROTOCOL_VERSION",
    71: "TLSV1_ALERT_INSUFFICIENT_SECURITY", 80: "TLSV1_ALERT_INTERNAL_ERROR",
    86: "TLSV1_ALERT_INAPPROPRIATE_FALLBACK", 90: "TLSV1_ALERT_USER_CANCELLED",
    100: "TLSV1_ALERT_NO_RENEGOTIATION", 109: "TLSV13_ALERT_MISSING_EXTENSION",
    110: "TLSV1_UNSUPPORTED_EXTENSION", 111: "TLSV1_CERTIFICATE_UNOBTAINABLE",
    112: "TLSV1_UNRECOGNIZED_NAME", 113: "TLSV1_BAD_CERTIFICATE_STATUS_RESPONSE",
    114: "TLSV1_BAD_CERTIFICATE_HASH_VALUE", 115: "TLSV1_ALERT_UNKNOWN_PSK_IDENTITY",
    116: "TLSV1_ALERT_CERTIFICATE_REQUIRED", 120: "TLSV1_ALERT_NO_APPLICATION_PROTOCOL",
]

private func alert(
    _ value: UInt8,
    summary: String,
    meaning: String,
    checks: [String],
    related: [String] = ["tls.handshake_failed"],
    prominent: Bool = false
) -> CatalogEntry {
    let description = AlertDescription(value)
    let name = description.name ?? description.hex
    let spacedName = String(name.map { $0 == "_" ? " " : $0 })
    var entry = CatalogEntry(
        explanation: Explanation(
            kind: .tlsAlert,
            name: name,
            code: String(value),
            summary: summary,
            meaning: meaning,
            checks: checks,
            related: related
        )
    )
    let upper = name.uppercased()
    entry.symbols = [name] + ["SSL_AD_", "TLS1_AD_", "SSL3_AD_", "TLS13_AD_"].map { CatalogEntry.lower($0 + upper) }
    entry.exactForms = [spacedName, "alert \(name)", "alert \(value)", "alert number \(value)"]
    entry.phrases = ["alert \(spacedName)", "description: \(spacedName)"]
    if let text = opensslAlertReasonText[value] { entry.phrases.append(text) }
    if let text = goAlertText[value] {
        entry.phrases.append("tls: \(text)")
        entry.exactForms.append(text)
    }
    entry.number = Int(value)
    entry.specificity = 3
    entry.prominent = prominent
    entry.needsTLSContext = true
    entry.twin = "alert:\(value)"
    return entry
}

let tlsAlertEntries: [CatalogEntry] = [
    alert(
        0,
        summary: "The peer is closing the connection normally.",
        meaning:
            "close_notify is the polite end of a TLS session, not an error. Seen right after the handshake it means the other side chose to hang up: a server that accepted the connection but dislikes the request, or a client whose application gave up (for example after its own certificate check failed quietly).",
        checks: [
            AlertChecks.capture,
            "If the client closes right after the server's certificate, look for a trust failure on the client side: tlsprobe listen 4433 shows what it received.",
        ],
        related: []
    ),
    alert(
        10,
        summary: "A message arrived that was not expected at that point of the protocol.",
        meaning:
            "The sender got a handshake or record message out of order. Common causes: mixing TLS versions through a middlebox, a client sending plaintext after the handshake began, renegotiation attempts, or a buggy TLS stack on an embedded device.",
        checks: [AlertChecks.capture, AlertChecks.versions]
    ),
    alert(
        20,
        summary: "A record failed its integrity check.",
        meaning:
            "The receiver could not authenticate a record: the bytes were changed in transit (a faulty proxy, NIC offload bug, or interception) or the two sides derived different keys.",
        checks: [AlertChecks.capture, "Retry without any proxy or TLS-inspecting firewall in the path."]
    ),
    alert(
        21,
        summary: "A record could not be decrypted (obsolete since TLS 1.2).",
        meaning:
            "Old implementations sent this for padding errors; modern ones send bad_record_mac instead. Seeing it means a very old peer.",
        checks: [AlertChecks.versions, AlertChecks.capture]
    ),
    alert(
        22,
        summary: "A record was larger than the protocol allows.",
        meaning:
            "The receiver got a record over 2^14 bytes of plaintext (or over its negotiated record_size_limit / max_fragment_length). Embedded TLS stacks with small buffers negotiate small limits and peers that ignore them trigger this.",
        checks: [AlertChecks.capture]
    ),
    alert(
        30,
        summary: "Decompression failed (TLS compression is obsolete).",
        meaning: "Only from peers still using TLS compression, which current stacks never negotiate.",
        checks: [AlertChecks.capture]
    ),
    alert(
        40,
        summary: "The sender could not agree on any acceptable set of security parameters.",
        meaning:
            "A catch-all refusal. Sent by a server right after the ClientHello it usually means no common cipher suite, protocol version, group or signature algorithm (for example an old device offering only TLS 1.0 or RSA-CBC suites to a modern server, or the reverse). Later in the handshake, many servers send it when a required client certificate is missing or rejected.",
        checks: [
            AlertChecks.listen, AlertChecks.versions,
            "Compare what the client offers with what the server accepts: tlsprobe capture shows both hellos.",
        ],
        related: [
            "tls.no_common_cipher", "tls.no_common_version", "tls.handshake_failed", "mtls.client_cert_required",
        ],
        prominent: true
    ),
    alert(
        41,
        summary: "No certificate was available (SSL 3.0 only).",
        meaning: "SSL 3.0 clients sent this instead of an empty certificate; seeing it means a very old peer.",
        checks: [AlertChecks.versions],
        related: ["mtls.client_cert_required"]
    ),
    alert(
        42,
        summary: "The receiver found a certificate it was sent unacceptable.",
        meaning:
            "The certificate was corrupt, had signatures that did not verify, or broke the receiver's rules. From a server, during mutual TLS, it usually means the server did not accept the client certificate; several TLS stacks (OpenSSL clients among them) also send it when the server's certificate fails to verify.",
        checks: [
            AlertChecks.capture,
            "If you are the client with a certificate: check it is issued by a CA the server trusts (tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS lists the acceptable CAs).",
        ],
        related: ["mtls.client_cert_rejected", "chain.untrusted_root", "chain.bad_signature"],
        prominent: true
    ),
    alert(
        43,
        summary: "The certificate is of a type the receiver does not support.",
        meaning:
            "For example an Ed25519 or DSA certificate offered to a peer that only handles RSA and ECDSA, or a certificate whose key usage rules out the negotiated key exchange.",
        checks: [VerifyChecks.inspect, "Use an RSA 2048 or ECDSA P-256 certificate."],
        related: ["cert.unsupported_algorithm", "cert.key_usage_incompatible"],
        prominent: true
    ),
    alert(
        44,
        summary: "The receiver says the certificate it got has been revoked.",
        meaning: "The peer checked revocation (CRL or OCSP) and the certificate is withdrawn by its CA.",
        checks: ["Install a newly issued certificate.", AlertChecks.capture],
        prominent: true
    ),
    alert(
        45,
        summary: "The receiver says the certificate it got has expired or is not yet valid.",
        meaning:
            "The certificate presented (a server's, or a client's in mutual TLS) is outside its validity period by the receiver's clock. Device clocks that reset after power loss are a frequent cause on local networks.",
        checks: [VerifyChecks.inspect, VerifyChecks.clock],
        related: ["cert.expired", "cert.not_yet_valid"],
        prominent: true
    ),
    alert(
        46,
        summary: "The receiver rejected the certificate for a reason it did not name.",
        meaning:
            "The other side could not accept the certificate it was given. Sent by clients (Java, Apple's Network framework, browsers) when the server's chain is not trusted, the name does not match or a policy check fails, and by servers rejecting a client certificate. Read it as 'your certificate was not accepted' and look at trust, name and dates.",
        checks: [
            AlertChecks.connect, VerifyChecks.anchor,
            "If you are the client: check your certificate against the server's acceptable CAs.",
        ],
        related: ["chain.untrusted_root", "name.mismatch", "mtls.client_cert_rejected"],
        prominent: true
    ),
    alert(
        47,
        summary: "A field in the handshake had an invalid or inconsistent value.",
        meaning:
            "The sender found a parameter out of range or contradicting another: a bad key share, an unsupported point format, a signature algorithm not offered. Often an interoperability bug in an embedded TLS stack.",
        checks: [AlertChecks.capture, AlertChecks.listen]
    ),
    alert(
        48,
        summary: "The receiver could not find or trust the CA that issued the certificate it got.",
        meaning:
            "The chain was built, but it does not end at a root the receiver trusts. From a client this means it does not trust the server's root: a local CA whose root is not installed on that client, or a missing intermediate. From a server in mutual TLS it means the client certificate's CA is not in the server's client-CA list. If your program reports 'tlsv1 alert unknown ca', the other side made this decision.",
        checks: [
            VerifyChecks.anchor,
            "If the server sent it: check the client certificate's issuer against the server's acceptable CAs (tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS).",
            VerifyChecks.chainFile,
        ],
        related: ["chain.untrusted_root", "chain.missing_intermediate", "mtls.identity_not_acceptable"],
        prominent: true
    ),
    alert(
        49,
        summary: "The certificate was valid but the peer's access policy refused it.",
        meaning:
            "Authentication succeeded; authorization did not. A server that maps client certificates to users sends it when this identity is not allowed.",
        checks: ["Check the server's access list for the client certificate's subject."],
        related: ["mtls.client_cert_rejected"]
    ),
    alert(
        50,
        summary: "A message could not be decoded.",
        meaning:
            "The receiver got a message with a wrong length or field it could not parse. Suggests a broken TLS stack, a middlebox rewriting traffic, or a client that does not understand a TLS 1.3 extension.",
        checks: [AlertChecks.capture]
    ),
    alert(
        51,
        summary: "A handshake signature or key exchange check failed.",
        meaning:
            "The receiver could not verify a signature (CertificateVerify, ServerKeyExchange) or the Finished message. Typical causes: the server's private key does not match its certificate, a PKCS#11/hardware key that signs wrongly, or a client certificate paired with the wrong key.",
        checks: ["Check that the key matches the certificate: tlsprobe inspect cert.pem --key key.pem"],
        related: ["key.mismatch"]
    ),
    alert(
        52,
        summary: "Too many connection IDs were requested (DTLS 1.3).",
        meaning: "Only in DTLS with connection IDs (RFC 9146/9147).",
        checks: [AlertChecks.capture],
        related: []
    ),
    alert(
        60,
        summary: "An export-restricted parameter was refused (obsolete).",
        meaning: "From the 1990s export-cipher era; a peer still sending it is extremely old.",
        checks: [AlertChecks.versions],
        related: ["tls.protocol_too_old"]
    ),
    alert(
        70,
        summary: "The peer does not support the protocol version that was offered or chosen.",
        meaning:
            "The sender refuses the TLS version: an old device offering only TLS 1.0/1.1 to a server that requires 1.2, or a client asked to use a version the server disabled. iOS, macOS and current browsers require TLS 1.2 or later.",
        checks: [AlertChecks.versions, AlertChecks.listen],
        related: ["tls.no_common_version", "tls.protocol_too_old"],
        prominent: true
    ),
    alert(
        71,
        summary: "The server requires stronger parameters than the client offered.",
        meaning:
            "The negotiation could have succeeded, but only with ciphers, key sizes or groups the server considers too weak, so it refused.",
        checks: [AlertChecks.listen, "Enable ECDHE with AES-GCM on the client, or relax the server's minimums."],
        related: ["tls.no_common_cipher", "tls.no_forward_secrecy"]
    ),
    alert(
        80,
        summary: "The sender failed for an internal reason unrelated to the peer.",
        meaning:
            "Something broke inside the sender: memory, a missing key, a misconfigured certificate slot, a crashed hardware module. On servers, a certificate file without its key or an unreadable key file produces it.",
        checks: ["Read the sender's own log; the alert itself carries no cause.", AlertChecks.connect]
    ),
    alert(
        86,
        summary: "The client retried with a lower version than the server supports (a downgrade was detected).",
        meaning:
            "The client included TLS_FALLBACK_SCSV, which says 'I am retrying with a lower version', while the server supports a higher one. The server refuses to protect against downgrade attacks. The first, higher-version attempt failed for some other reason worth finding.",
        checks: [AlertChecks.versions, AlertChecks.capture],
        related: ["tls.no_common_version"]
    ),
    alert(
        90,
        summary: "The sender's user or application cancelled the handshake.",
        meaning:
            "Not a protocol failure: the application aborted, often because its own check (a certificate prompt the user declined, a pin) failed.",
        checks: [AlertChecks.capture],
        related: []
    ),
    alert(
        100,
        summary: "The peer refused to renegotiate.",
        meaning:
            "One side asked for a renegotiation (TLS 1.2) and the other does not allow it. Servers that request a client certificate only for certain URLs rely on renegotiation; clients that forbid it fail there.",
        checks: [
            AlertChecks.capture, "Configure the server to request the client certificate in the initial handshake.",
        ],
        related: ["mtls.client_cert_requested"]
    ),
    alert(
        109,
        summary: "A required TLS 1.3 extension was missing.",
        meaning:
            "The peer needed an extension that was not sent (for example key_share, supported_versions or signature_algorithms in TLS 1.3). Typical of incomplete TLS 1.3 implementations on devices.",
        checks: [AlertChecks.listen, AlertChecks.capture]
    ),
    alert(
        110,
        summary: "An extension appeared where it is not allowed.",
        meaning:
            "A peer sent an extension the other did not offer or that is forbidden in that message, often a server stack echoing extensions it should not.",
        checks: [AlertChecks.capture]
    ),
    alert(
        111,
        summary: "A certificate could not be fetched from a URL (obsolete).",
        meaning: "Only with the client_certificate_url extension, practically never used.",
        checks: [AlertChecks.capture],
        related: []
    ),
    alert(
        112,
        summary: "The server does not recognise the name the client asked for (SNI).",
        meaning:
            "The client sent a server name (SNI) the server has no certificate or virtual host for. Connecting by IP address, by a local alias or through a port forward often leaves the server without a matching site.",
        checks: [
            "Try with the server's configured name, or without SNI: tlsprobe connect HOST:PORT --sni NAME (or --no-sni)."
        ],
        related: ["name.mismatch"],
        prominent: true
    ),
    alert(
        113,
        summary: "The OCSP response stapled by the server was invalid.",
        meaning:
            "The client asked for a stapled OCSP response and rejected the one it got (expired, badly signed, or for another certificate).",
        checks: ["Refresh or disable OCSP stapling on the server."]
    ),
    alert(
        114,
        summary: "A certificate hash did not match (obsolete).",
        meaning: "Only with the client_certificate_url extension, practically never used.",
        checks: [AlertChecks.capture],
        related: []
    ),
    alert(
        115,
        summary: "The server does not know the pre-shared key identity the client offered.",
        meaning:
            "With PSK cipher suites (common on IoT devices and some TLS 1.3 resumption setups), the client used an identity the server has no key for.",
        checks: ["Check the PSK identity and key configured on both sides."],
        related: []
    ),
    alert(
        116,
        summary: "The server requires a client certificate and the client sent none (TLS 1.3).",
        meaning:
            "The server asked for a certificate in its CertificateRequest and the client answered with an empty one. The client either has no identity configured, or none of its certificates is issued by a CA on the server's acceptable list, so it chose to send nothing. In TLS 1.2 servers send handshake_failure for the same situation.",
        checks: [
            "See the acceptable CAs the server lists and try with an identity: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS",
            "Install a client certificate issued by one of those CAs on the client.",
        ],
        related: ["mtls.client_cert_required", "mtls.identity_not_acceptable"],
        prominent: true
    ),
    alert(
        117,
        summary: "The sender failed and chose not to say why (RFC 8446bis).",
        meaning: "A generic error used when no specific alert fits or the sender hides the reason.",
        checks: ["Read the sender's own log.", AlertChecks.capture]
    ),
    alert(
        120,
        summary: "No application protocol (ALPN) in common.",
        meaning:
            "The client offered ALPN protocols (for example h2, http/1.1, or a vendor protocol name) and the server supports none of them. Apps that require HTTP/2 meeting an HTTP/1.1-only device do this.",
        checks: ["Compare the client's ALPN list with the server's: tlsprobe connect HOST:PORT --alpn h2,http/1.1"],
        prominent: true
    ),
    alert(
        121,
        summary: "The server requires Encrypted Client Hello and the client did not use it.",
        meaning: "Only with ECH deployments; the client should retry with the configuration the server provides.",
        checks: [AlertChecks.capture],
        related: []
    ),
]
