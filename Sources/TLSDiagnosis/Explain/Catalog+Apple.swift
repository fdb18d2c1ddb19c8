import TLSWire

// Apple Security framework codes met with TLS: the SecureTransport errSSL range
// (-9800 … -9890, SecureTransport.h; still what Network.framework and URLSession report in
// _kCFStreamErrorCodeKey), selected errSec trust codes (SecBase.h), and NSURLError codes
// (NSURLError.h). Numbers were checked against the SDK headers' values.

enum AppleChecks {
    static let anchor =
        "Check the chain against the root you installed on the device: tlsprobe connect HOST:PORT --anchor root.pem --profile apple (a self-signed server certificate has no root: see below)"
    static let selfSigned =
        "A self-signed server certificate (chain.self_signed_leaf) is its own anchor: save it with tlsprobe connect HOST:PORT --save-chain server.pem, then pin it with tlsprobe connect HOST:PORT --anchor server.pem --profile apple. For a device to trust it, install it in a configuration profile; iOS offers full trust (Settings > General > About > Certificate Trust Settings) only for a root, a certificate with CA:TRUE, so better serve an identity from a local CA: tlsprobe identity ca, then tlsprobe identity server."
    static let profile =
        "Check the certificate against Apple's rules (SAN required, serverAuth EKU, at most 825 days, RSA 2048+, SHA-2): tlsprobe verify leaf.pem --profile apple --host NAME"
    static let installRoot =
        "On iOS, a root installed from a profile must also be enabled under Settings > General > About > Certificate Trust Settings."
    static let listen = "Point the app at tlsprobe to see its ClientHello and where it gives up: tlsprobe listen 4433"
    static let ats =
        "App Transport Security requires TLS 1.2+, forward-secret suites and a trusted certificate; check the server with tlsprobe connect HOST:PORT --profile apple --versions"
}

private func osStatus(
    _ code: Int,
    _ name: String,
    summary: String,
    meaning: String,
    checks: [String],
    related: [String] = [],
    specificity: Int = 3,
    phrases: [String] = [],
    prominent: Bool = false
) -> CatalogEntry {
    var entry = CatalogEntry(
        explanation: Explanation(
            kind: .appleOSStatus,
            name: name,
            code: String(code),
            summary: summary,
            meaning: meaning,
            checks: checks,
            related: related
        )
    )
    let lower = CatalogEntry.lower(name)
    entry.symbols = [lower]
    for prefix in ["errssl", "errsec"] where lower.hasPrefix(prefix) {
        entry.exactForms.append(String(lower.dropFirst(prefix.count)))
    }
    entry.phrases = phrases.map(CatalogEntry.lower)
    entry.number = code
    entry.specificity = specificity
    entry.prominent = prominent
    return entry
}

/// errSSLPeer… codes: the peer sent this alert.
private func peerAlert(
    _ code: Int,
    _ name: String,
    _ alert: UInt8,
    related: [String] = ["tls.handshake_failed"]
) -> CatalogEntry {
    let alertName = AlertDescription(alert).name ?? String(alert)
    return osStatus(
        code,
        name,
        summary: "The peer sent the TLS alert \(alertName) (\(alert)) and ended the handshake.",
        meaning:
            "The other side, not this device, refused the connection and said why with the \(alertName) alert. Run `tlsprobe explain \(alertName)` for what that alert usually means and who sends it.",
        checks: ["tlsprobe explain \(alertName)", AlertChecks.capture],
        related: related
    )
}

/// Codes that stand for an alert this device sent or received (Network.framework).
private func alertStatus(
    _ code: Int,
    _ name: String,
    _ alert: UInt8,
    related: [String] = ["tls.handshake_failed"]
) -> CatalogEntry {
    let alertName = AlertDescription(alert).name ?? String(alert)
    return osStatus(
        code,
        name,
        summary: "The handshake ended with the TLS alert \(alertName) (\(alert)).",
        meaning:
            "Apple's TLS stack reports the \(alertName) alert with this code, whichever side raised it. Run `tlsprobe explain \(alertName)` for what it usually means; a capture shows who sent it.",
        checks: ["tlsprobe explain \(alertName)", AlertChecks.capture],
        related: related
    )
}

let appleOSStatusEntries: [CatalogEntry] = [
    // Local network privacy (iOS 14+, macOS 15+; Apple's TN3179, "Understanding local
    // network privacy"): a denied permission fails like a network error, never a TLS one.
    osStatus(
        -65570,
        "kDNSServiceErr_PolicyDenied",
        summary: "The system denied the app access to the local network (local network privacy).",
        meaning:
            "iOS 14+ and macOS 15+ ask the user before an app may reach devices on the local network (Apple's TN3179, \"Understanding local network privacy\"). When the permission was denied, or the prompt never appeared because the app lacks NSLocalNetworkUsageDescription, the connection fails before any packet leaves: Bonjour reports kDNSServiceErr_PolicyDenied, Network framework's path is unsatisfied with \"Local network prohibited\", and URLSession often reports NSURLErrorNotConnectedToInternet (-1009) for a local address, though the internet works. It is not a TLS failure: no handshake ran, so tlsprobe on another machine sees a healthy server.",
        checks: [
            "On the device: Settings > Privacy & Security > Local Network, and turn the app on (macOS: System Settings > Privacy & Security > Local Network).",
            "In the app: Info.plist needs NSLocalNetworkUsageDescription (and NSBonjourServices for each Bonjour type it browses), or the prompt never shows.",
            "Check the server itself from a machine on the same network: tlsprobe connect HOST:PORT --profile apple",
        ],
        specificity: 3,
        phrases: ["local network prohibited", "policydenied", "local network access denied"]
    ),
    osStatus(
        -9800,
        "errSSLProtocol",
        summary: "A TLS protocol error occurred.",
        meaning:
            "A generic failure of the TLS exchange: malformed or unexpected data from the peer, often a server that is not speaking TLS on that port, or a middlebox interfering.",
        checks: [AlertChecks.connect, AlertChecks.capture],
        related: ["tls.handshake_failed"],
        specificity: 1
    ),
    osStatus(
        -9801,
        "errSSLNegotiation",
        summary: "The two sides could not agree on cipher suite or version.",
        meaning:
            "No protocol version or cipher suite acceptable to both. Typical for an old device (TLS 1.0, RSA key exchange, 3DES/RC4) talking to current iOS or macOS.",
        checks: [AlertChecks.versions, AppleChecks.ats],
        related: ["tls.no_common_cipher", "tls.no_common_version"],
        prominent: true
    ),
    osStatus(
        -9802,
        "errSSLFatalAlert",
        summary: "A fatal alert was sent or received and the connection was torn down.",
        meaning:
            "The handshake ended with a fatal alert; this code does not say which. It was the usual code behind App Transport Security refusals in older iOS versions. Look for the alert in a capture, or for a more specific code next to it in the log.",
        checks: [AlertChecks.capture, AppleChecks.ats],
        related: ["tls.handshake_failed"],
        specificity: 1,
        prominent: true
    ),
    osStatus(
        -9803,
        "errSSLWouldBlock",
        summary: "The I/O would block (not an error).",
        meaning:
            "An internal signal that the socket has no data yet; seeing it as a final error means the program mishandled non-blocking I/O.",
        checks: ["Not a TLS failure; look at the application's networking code."],
        specificity: 1
    ),
    osStatus(
        -9804,
        "errSSLSessionNotFound",
        summary: "A session to resume was not found.",
        meaning:
            "The client tried to resume a cached session the server no longer has. Normally handled by a full handshake.",
        checks: [
            "Usually harmless; if it is the final error, look for the real failure in the full handshake that should follow."
        ],
        specificity: 1
    ),
    osStatus(
        -9805,
        "errSSLClosedGraceful",
        summary: "The connection was closed cleanly (close_notify).",
        meaning:
            "The peer ended the session politely. If this happens during the handshake, the server hung up on the client, often because it refused something without sending an alert.",
        checks: [AlertChecks.capture],
        specificity: 1
    ),
    osStatus(
        -9806,
        "errSSLClosedAbort",
        summary: "The connection was closed without a TLS alert.",
        meaning:
            "The TCP connection dropped in the middle of the handshake or session. Often the server rejected the ClientHello silently (no shared version or cipher, client certificate rules), or a firewall, port forward or non-TLS service closed it.",
        checks: [AlertChecks.connect, AlertChecks.versions, AppleChecks.listen],
        related: ["tls.handshake_failed"],
        prominent: true
    ),
    osStatus(
        -9807,
        "errSSLXCertChainInvalid",
        summary: "The server's certificate chain is not valid.",
        meaning:
            "Trust evaluation of the server's chain failed: usually the chain does not end at a root the device trusts (a local CA root not installed, or installed but not enabled for full trust), an intermediate is missing, or the certificate breaks Apple's rules for TLS server certificates.",
        checks: [AppleChecks.anchor, AppleChecks.installRoot, AppleChecks.profile],
        related: ["chain.untrusted_root", "chain.missing_intermediate", "cert.validity_too_long"],
        prominent: true
    ),
    osStatus(
        -9808,
        "errSSLBadCert",
        summary: "A certificate could not be used: bad format or rejected by policy.",
        meaning:
            "The certificate was malformed, or Apple's policy checks refused it (a missing serverAuth EKU, a name mismatch, weak key or signature).",
        checks: [VerifyChecks.inspect, AppleChecks.profile],
        related: ["cert.malformed", "cert.eku_missing_server_auth", "name.mismatch"],
        prominent: true
    ),
    osStatus(
        -9809,
        "errSSLCrypto",
        summary: "A cryptographic operation failed.",
        meaning:
            "Signing, verification or key exchange failed inside the TLS stack: a damaged key, an unsupported key type, or a hardware key problem.",
        checks: ["Check the identity's key: tlsprobe inspect identity.p12 --password-env P12_PASS"],
        related: ["key.mismatch"]
    ),
    osStatus(
        -9810,
        "errSSLInternal",
        summary: "An internal error in the TLS stack.",
        meaning: "Something failed inside Apple's TLS implementation rather than in the exchange with the peer.",
        checks: ["Retry; collect a sysdiagnose or the device log for Apple if it persists."],
        specificity: 1
    ),
    osStatus(
        -9811,
        "errSSLModuleAttach",
        summary: "A security module failed to attach.",
        meaning: "An old macOS internal failure (CDSA). Not a network problem.",
        checks: ["Not a network problem; restart the process or the machine."],
        specificity: 1
    ),
    osStatus(
        -9812,
        "errSSLUnknownRootCert",
        summary: "The chain is valid but ends at a root the device does not trust.",
        meaning:
            "The chain reaches a root certificate, but that root is not in the device's trust store or not enabled for full trust: the home-made CA case.",
        checks: [AppleChecks.anchor, AppleChecks.installRoot],
        related: ["chain.untrusted_root"],
        prominent: true
    ),
    osStatus(
        -9813,
        "errSSLNoRootCert",
        summary: "The chain does not reach a trusted root.",
        meaning:
            "No root certificate trusted by this device could be found for the chain. Usually the root of the local CA was never installed (or not enabled in Certificate Trust Settings), the server sends its leaf alone and the intermediate is missing, or the server's certificate is self-signed (no CA issued it, so there is no root to install).",
        checks: [AppleChecks.anchor, AppleChecks.installRoot, VerifyChecks.chainFile, AppleChecks.selfSigned],
        related: ["chain.untrusted_root", "chain.missing_intermediate", "chain.self_signed_leaf"],
        prominent: true
    ),
    osStatus(
        -9814,
        "errSSLCertExpired",
        summary: "A certificate in the chain has expired.",
        meaning: "The server's certificate, or one of its CAs, is past its expiry date by the device's clock.",
        checks: [VerifyChecks.inspect, VerifyChecks.clock],
        related: ["cert.expired"],
        prominent: true
    ),
    osStatus(
        -9815,
        "errSSLCertNotYetValid",
        summary: "A certificate in the chain is not yet valid.",
        meaning:
            "The certificate's start date is after the device's current time: a clock that is behind, or a certificate made on a machine whose clock was ahead.",
        checks: [VerifyChecks.clock],
        related: ["cert.not_yet_valid"]
    ),
    osStatus(
        -9816,
        "errSSLClosedNoNotify",
        summary: "The server closed the connection without close_notify.",
        meaning:
            "The peer dropped the TCP connection without ending the TLS session properly. During the handshake this usually means a silent refusal.",
        checks: [AlertChecks.capture, AlertChecks.connect],
        related: ["tls.handshake_failed"]
    ),
    osStatus(
        -9817,
        "errSSLBufferOverflow",
        summary: "A buffer was too small.",
        meaning: "An internal size error; not caused by the certificates.",
        checks: ["Look at the application's TLS code."],
        specificity: 1
    ),
    osStatus(
        -9818,
        "errSSLBadCipherSuite",
        summary: "A bad or unsupported cipher suite was chosen.",
        meaning: "The server selected a cipher suite the client did not offer or does not allow.",
        checks: [AlertChecks.listen, AppleChecks.ats],
        related: ["tls.no_common_cipher"]
    ),
    peerAlert(-9819, "errSSLPeerUnexpectedMsg", 10),
    peerAlert(-9820, "errSSLPeerBadRecordMac", 20),
    peerAlert(-9821, "errSSLPeerDecryptionFail", 21),
    peerAlert(-9822, "errSSLPeerRecordOverflow", 22),
    peerAlert(-9823, "errSSLPeerDecompressFail", 30),
    peerAlert(
        -9824,
        "errSSLPeerHandshakeFail",
        40,
        related: ["tls.no_common_cipher", "tls.no_common_version", "mtls.client_cert_required"]
    ),
    peerAlert(-9825, "errSSLPeerBadCert", 42, related: ["mtls.client_cert_rejected"]),
    peerAlert(-9826, "errSSLPeerUnsupportedCert", 43, related: ["cert.unsupported_algorithm"]),
    peerAlert(-9827, "errSSLPeerCertRevoked", 44),
    peerAlert(-9828, "errSSLPeerCertExpired", 45, related: ["cert.expired"]),
    peerAlert(-9829, "errSSLPeerCertUnknown", 46, related: ["mtls.client_cert_rejected"]),
    osStatus(
        -9830,
        "errSSLIllegalParam",
        summary: "An illegal parameter was sent or received (illegal_parameter alert).",
        meaning:
            "A handshake field had a value out of range or inconsistent with another. Often an interoperability bug in the device's TLS stack.",
        checks: ["tlsprobe explain illegal_parameter", AlertChecks.capture],
        related: ["tls.handshake_failed"]
    ),
    peerAlert(
        -9831,
        "errSSLPeerUnknownCA",
        48,
        related: ["mtls.identity_not_acceptable", "mtls.client_cert_rejected"]
    ),
    peerAlert(-9832, "errSSLPeerAccessDenied", 49, related: ["mtls.client_cert_rejected"]),
    peerAlert(-9833, "errSSLPeerDecodeError", 50),
    peerAlert(-9834, "errSSLPeerDecryptError", 51, related: ["key.mismatch"]),
    peerAlert(-9835, "errSSLPeerExportRestriction", 60),
    peerAlert(-9836, "errSSLPeerProtocolVersion", 70, related: ["tls.no_common_version", "tls.protocol_too_old"]),
    peerAlert(-9837, "errSSLPeerInsufficientSecurity", 71, related: ["tls.no_common_cipher"]),
    peerAlert(-9838, "errSSLPeerInternalError", 80),
    peerAlert(-9839, "errSSLPeerUserCancelled", 90),
    peerAlert(-9840, "errSSLPeerNoRenegotiation", 100),
    osStatus(
        -9841,
        "errSSLPeerAuthCompleted",
        summary: "Server authentication is done and the app is asked to evaluate trust itself (not an error).",
        meaning:
            "Returned when an application asked to break on server authentication so that it can check the certificate itself; the handshake continues after that check. As a final error it means the app's own trust check did not complete.",
        checks: ["Look at the app's custom trust evaluation (URLSession didReceive challenge)."],
        specificity: 1,
        phrases: ["errSSLServerAuthCompleted"]
    ),
    osStatus(
        -9842,
        "errSSLClientCertRequested",
        summary: "The server asked for a client certificate (not an error).",
        meaning:
            "A break-point signal for apps that supply a client identity on demand. If it ends the connection, the app had no identity to give.",
        checks: [
            "Give the app a client identity issued by a CA the server accepts; see the acceptable CAs with tlsprobe connect HOST:PORT"
        ],
        related: ["mtls.client_cert_requested", "mtls.client_cert_required"]
    ),
    osStatus(
        -9843,
        "errSSLHostNameMismatch",
        summary: "The certificate is not valid for the host name that was dialled.",
        meaning:
            "The chain may be trusted, but the certificate's subjectAltName does not contain the name or IP address the app used. Apple ignores the Common Name, and an IP address must be in an iPAddress SAN.",
        checks: ["See the SANs and the expected name: tlsprobe connect HOST:PORT --host NAME --profile apple"],
        related: ["name.mismatch", "name.ip_not_in_san", "name.cn_only"],
        prominent: true
    ),
    osStatus(
        -9844,
        "errSSLConnectionRefused",
        summary: "The peer refused the connection.",
        meaning:
            "The server closed the connection before any TLS data: nothing listening, a firewall, or a service that only accepts certain clients.",
        checks: ["Check that the port is open and speaks TLS: tlsprobe connect HOST:PORT"]
    ),
    osStatus(
        -9845,
        "errSSLDecryptionFail",
        summary: "A record could not be decrypted.",
        meaning: "Decryption of received data failed: corrupted traffic or mismatched keys.",
        checks: [AlertChecks.capture]
    ),
    osStatus(
        -9846,
        "errSSLBadRecordMac",
        summary: "A record failed its integrity check.",
        meaning: "The received data was altered or keys disagree; look for a proxy or faulty network equipment.",
        checks: ["tlsprobe explain bad_record_mac", AlertChecks.capture]
    ),
    osStatus(
        -9847,
        "errSSLRecordOverflow",
        summary: "A record was larger than allowed.",
        meaning:
            "The peer sent a record beyond the size limit, sometimes a sign that the peer is not speaking TLS at all.",
        checks: ["tlsprobe explain record_overflow", AlertChecks.connect]
    ),
    osStatus(
        -9848,
        "errSSLBadConfiguration",
        summary: "The local TLS configuration is invalid.",
        meaning:
            "The app configured its TLS session in a way the stack refuses: an identity without a private key, conflicting version limits, or a cipher list with nothing usable.",
        checks: [
            "Check the app's TLS settings and its client identity: tlsprobe inspect identity.p12 --password-env P12_PASS"
        ],
        related: ["pkcs12.no_private_key"]
    ),
    osStatus(
        -9849,
        "errSSLUnexpectedRecord",
        summary: "A record of an unexpected type arrived.",
        meaning: "The peer sent data at the wrong time, often plaintext from a service that is not TLS.",
        checks: [AlertChecks.connect, AlertChecks.capture]
    ),
    osStatus(
        -9850,
        "errSSLWeakPeerEphemeralDHKey",
        summary: "The server's Diffie-Hellman parameters are too weak.",
        meaning:
            "The server offered DHE with a group under 1024 (or the configured minimum) bits. Old appliances with 512/768-bit DH parameters cause this.",
        checks: ["Enable ECDHE suites on the server, or configure DH parameters of 2048 bits or more."],
        related: ["tls.no_forward_secrecy"]
    ),
    osStatus(
        -9851,
        "errSSLClientHelloReceived",
        summary: "A ClientHello was received (server-side break point, not an error).",
        meaning: "A signal for server apps that inspect the ClientHello; not a failure.",
        checks: ["Not a failure on its own."],
        specificity: 1
    ),
    osStatus(
        -9852,
        "errSSLTransportReset",
        summary: "The underlying connection was reset.",
        meaning:
            "The TCP connection was reset (RST) during the handshake or session: the server process closed it abruptly, or a firewall or NAT dropped it.",
        checks: [AlertChecks.connect, AlertChecks.capture]
    ),
    osStatus(
        -9853,
        "errSSLNetworkTimeout",
        summary: "The network timed out during the handshake.",
        meaning:
            "The peer stopped answering. On a LAN, check that the device is reachable and awake, and that iOS Local Network permission was granted to the app.",
        checks: ["Check reachability and that the port answers: tlsprobe connect HOST:PORT --timeout 5"]
    ),
    osStatus(
        -9854,
        "errSSLConfigurationFailed",
        summary: "TLS configuration failed.",
        meaning:
            "Applying the TLS settings failed before connecting: an unusable identity, an unknown cipher or version setting.",
        checks: ["Check the app's TLS options and client identity."]
    ),
    alertStatus(-9855, "errSSLUnsupportedExtension", 110),
    alertStatus(-9856, "errSSLUnexpectedMessage", 10),
    alertStatus(-9857, "errSSLDecompressFail", 30),
    alertStatus(
        -9858,
        "errSSLHandshakeFail",
        40,
        related: ["tls.no_common_cipher", "tls.no_common_version", "mtls.client_cert_required"]
    ),
    alertStatus(-9859, "errSSLDecodeError", 50),
    alertStatus(-9860, "errSSLInappropriateFallback", 86, related: ["tls.no_common_version"]),
    alertStatus(-9861, "errSSLMissingExtension", 109),
    alertStatus(-9862, "errSSLBadCertificateStatusResponse", 113),
    alertStatus(
        -9863,
        "errSSLCertificateRequired",
        116,
        related: ["mtls.client_cert_required", "mtls.identity_not_acceptable"]
    ),
    alertStatus(-9864, "errSSLUnknownPSKIdentity", 115),
    alertStatus(-9865, "errSSLUnrecognizedName", 112, related: ["name.mismatch"]),
    osStatus(
        -9880,
        "errSSLATSViolation",
        summary: "App Transport Security refused the connection.",
        meaning:
            "The server does not meet App Transport Security: TLS 1.2 or later, a forward-secret cipher suite, and a certificate the device trusts with an RSA 2048+ or ECC 256+ key and a SHA-2 signature. Exceptions can only be made in the app's Info.plist.",
        checks: [AppleChecks.ats, AppleChecks.profile],
        related: ["tls.protocol_too_old", "tls.no_forward_secrecy", "cert.weak_key", "cert.weak_signature"],
        prominent: true
    ),
    osStatus(
        -9881,
        "errSSLATSMinimumVersionViolation",
        summary: "ATS: the server's TLS version is below the minimum (TLS 1.2).",
        meaning: "The server negotiated TLS 1.0 or 1.1; App Transport Security requires 1.2 or later.",
        checks: [AlertChecks.versions],
        related: ["tls.protocol_too_old"]
    ),
    osStatus(
        -9882,
        "errSSLATSCiphersuiteViolation",
        summary: "ATS: the negotiated cipher suite is not forward-secret.",
        meaning:
            "App Transport Security accepts only ECDHE suites with AES-GCM, AES-CBC or ChaCha20 (and TLS 1.3 suites); a server picking RSA key exchange fails.",
        checks: ["Enable ECDHE-ECDSA or ECDHE-RSA suites with AES-GCM on the server."],
        related: ["tls.no_forward_secrecy"]
    ),
    osStatus(
        -9883,
        "errSSLATSMinimumKeySizeViolation",
        summary: "ATS: the certificate's key is too small.",
        meaning: "App Transport Security needs RSA keys of at least 2048 bits or ECC keys of at least 256 bits.",
        checks: [VerifyChecks.inspect],
        related: ["cert.weak_key"]
    ),
    osStatus(
        -9884,
        "errSSLATSLeafCertificateHashAlgorithmViolation",
        summary: "ATS: the server certificate is signed with a weak hash.",
        meaning: "The leaf certificate's signature uses SHA-1 or MD5; ATS requires SHA-2.",
        checks: [VerifyChecks.inspect],
        related: ["cert.weak_signature"]
    ),
    osStatus(
        -9885,
        "errSSLATSCertificateHashAlgorithmViolation",
        summary: "ATS: a certificate in the chain is signed with a weak hash.",
        meaning: "An intermediate (or the leaf) is signed with SHA-1 or MD5; ATS requires SHA-2.",
        checks: [VerifyChecks.inspect],
        related: ["cert.weak_signature"]
    ),
    osStatus(
        -9886,
        "errSSLATSCertificateTrustViolation",
        summary: "ATS: the server's certificate is not trusted.",
        meaning:
            "App Transport Security found the chain untrusted: the same causes as errSSLXCertChainInvalid (root not installed or not enabled, intermediate missing, Apple's certificate rules broken).",
        checks: [AppleChecks.anchor, AppleChecks.installRoot],
        related: ["chain.untrusted_root", "chain.missing_intermediate"]
    ),
    osStatus(
        -9890,
        "errSSLEarlyDataRejected",
        summary: "The server rejected TLS 1.3 early data.",
        meaning:
            "0-RTT data sent on resumption was refused; the client should resend it after the handshake. Not a trust problem.",
        checks: ["Not a trust problem; the app should retry without early data."],
        specificity: 1
    ),

    // errSec codes from trust evaluation and identity import.
    osStatus(
        -25293,
        "errSecAuthFailed",
        summary: "Authorization or authentication failed; with PKCS#12 import, usually the wrong password.",
        meaning:
            "When importing a .p12 identity (SecPKCS12Import, or installing a profile) this most often means the password is wrong. Older iOS and macOS versions also report it for PKCS#12 files encrypted with modern PBES2/AES algorithms they cannot read.",
        checks: [
            "Check the password and the file's encryption: tlsprobe inspect identity.p12 --password-env P12_PASS",
            "Re-export with legacy algorithms for older systems: openssl pkcs12 -export -legacy -in cert.pem -inkey key.pem -out identity.p12",
        ],
        related: ["pkcs12.wrong_password", "pkcs12.modern_encryption"],
        prominent: true
    ),
    osStatus(
        -25264,
        "errSecPkcs12VerifyFailure",
        summary: "The PKCS#12 file's integrity check failed: wrong password or unreadable file.",
        meaning:
            "The MAC over the .p12 did not verify. Either the password is wrong, or the file uses a MAC or encryption this system does not support.",
        checks: [
            "tlsprobe inspect identity.p12 --password-env P12_PASS", "Re-export with -legacy for older Apple systems.",
        ],
        related: ["pkcs12.wrong_password", "pkcs12.modern_encryption"]
    ),
    osStatus(
        -25257,
        "errSecUnknownFormat",
        summary: "The file's format was not recognised.",
        meaning:
            "The data given as a certificate or identity is not in a format the Security framework can read (PEM where DER was expected, a .p12 from an unsupported tool, a truncated file).",
        checks: [VerifyChecks.inspect]
    ),
    osStatus(
        -26275,
        "errSecDecode",
        summary: "The data could not be decoded.",
        meaning:
            "A certificate or key could not be parsed: often PEM text passed where DER bytes are expected, or a damaged file.",
        checks: [VerifyChecks.inspect],
        related: ["cert.malformed"]
    ),
    osStatus(
        -25299,
        "errSecDuplicateItem",
        summary: "The item is already in the keychain.",
        meaning: "An identity or certificate with the same attributes is already stored; not a TLS failure.",
        checks: ["Delete the old item before adding the new one."],
        specificity: 1
    ),
    osStatus(
        -25300,
        "errSecItemNotFound",
        summary: "The item was not found in the keychain.",
        meaning:
            "The app looked for an identity or certificate (for example its client certificate) and it is not in the keychain it can access.",
        checks: ["Check that the client identity was imported into the app's keychain access group."],
        related: ["mtls.client_cert_required"]
    ),
    osStatus(
        -34018,
        "errSecMissingEntitlement",
        summary: "The app lacks the entitlement to use the keychain item.",
        meaning: "Keychain access failed because of signing or entitlements, not certificates.",
        checks: ["Check the app's keychain-access-groups entitlement."],
        specificity: 1
    ),
    osStatus(
        -67843,
        "errSecNotTrusted",
        summary: "The certificate is not trusted.",
        meaning:
            "Trust evaluation reached no trusted anchor, or a policy marked the result as untrusted. It is the code behind \u{201C}certificate is not trusted\u{201D} messages from SecTrustEvaluateWithError and Go on macOS.",
        checks: [AppleChecks.anchor, AppleChecks.installRoot],
        related: ["chain.untrusted_root", "chain.missing_intermediate"],
        phrases: ["certificate is not trusted"],
        prominent: true
    ),
    osStatus(
        -67818,
        "errSecCertificateExpired",
        summary: "A certificate has expired.",
        meaning: "Trust evaluation found a certificate in the chain past its notAfter date.",
        checks: [VerifyChecks.inspect, VerifyChecks.clock],
        related: ["cert.expired"]
    ),
    osStatus(
        -67819,
        "errSecCertificateNotValidYet",
        summary: "A certificate is not yet valid.",
        meaning: "Trust evaluation found a certificate whose notBefore is after the device's current time.",
        checks: [VerifyChecks.clock],
        related: ["cert.not_yet_valid"]
    ),
    osStatus(
        -67820,
        "errSecCertificateRevoked",
        summary: "A certificate has been revoked.",
        meaning: "Revocation checking found the certificate withdrawn by its CA.",
        checks: ["Install a newly issued certificate."]
    ),
    osStatus(
        -67602,
        "errSecHostNameMismatch",
        summary: "The host name does not match the certificate.",
        meaning:
            "The SSL policy's host name is not among the certificate's subjectAltNames (the Common Name is ignored; IP addresses need iPAddress SANs).",
        checks: ["tlsprobe connect HOST:PORT --host NAME --profile apple"],
        related: ["name.mismatch", "name.ip_not_in_san", "name.cn_only"]
    ),
    osStatus(
        -67609,
        "errSecInvalidExtendedKeyUsage",
        summary: "The certificate's extended key usage does not allow this use.",
        meaning:
            "A TLS server certificate must list serverAuth in extendedKeyUsage on Apple platforms (clientAuth for client certificates).",
        checks: [VerifyChecks.inspect, "Re-issue with extendedKeyUsage serverAuth."],
        related: ["cert.eku_missing_server_auth", "cert.eku_missing_client_auth"]
    ),
    osStatus(
        -67608,
        "errSecInvalidKeyUsageForPolicy",
        summary: "The certificate's key usage does not allow this use.",
        meaning: "keyUsage does not permit what the TLS policy needs (digitalSignature for signing the handshake).",
        checks: [VerifyChecks.inspect],
        related: ["cert.key_usage_incompatible"]
    ),
    osStatus(
        -67629,
        "errSecSSLBadExtendedKeyUsage",
        summary: "The certificate's extended key usage is wrong for TLS.",
        meaning: "The certificate lacks serverAuth (or clientAuth) in extendedKeyUsage for the TLS policy.",
        checks: [VerifyChecks.inspect],
        related: ["cert.eku_missing_server_auth", "cert.eku_missing_client_auth"]
    ),
    osStatus(
        -67604,
        "errSecNoBasicConstraints",
        summary: "A CA certificate has no basicConstraints extension.",
        meaning: "An issuing certificate does not say it is a CA, so Apple will not build a chain through it.",
        checks: [VerifyChecks.inspect, "Re-create the CA with basicConstraints=critical,CA:TRUE."],
        related: ["chain.issuer_not_ca"]
    ),
    osStatus(
        -67605,
        "errSecNoBasicConstraintsCA",
        summary: "An issuing certificate is not marked as a CA.",
        meaning: "basicConstraints is present but says CA:FALSE on a certificate that signed another.",
        checks: [VerifyChecks.inspect],
        related: ["chain.issuer_not_ca"]
    ),
    osStatus(
        -67611,
        "errSecPathLengthConstraintExceeded",
        summary: "A CA's path length constraint was exceeded.",
        meaning: "More intermediate CAs follow a CA than its pathlen allows.",
        checks: [VerifyChecks.offline],
        related: ["chain.path_length_exceeded"]
    ),
    osStatus(
        -67612,
        "errSecInvalidRoot",
        summary: "The root certificate is not valid.",
        meaning: "The anchor at the top of the chain is invalid (expired, malformed, or not usable as a root).",
        checks: [VerifyChecks.inspect],
        related: ["chain.untrusted_root"]
    ),
    osStatus(
        -67603,
        "errSecUnknownCriticalExtensionFlag",
        summary: "A certificate has an unknown critical extension.",
        meaning: "Apple does not understand an extension marked critical and must reject the certificate.",
        checks: [VerifyChecks.inspect],
        related: ["cert.unknown_critical_extension"]
    ),
    osStatus(
        -67654,
        "errSecTrustSettingDeny",
        summary: "Trust settings explicitly deny this certificate.",
        meaning: "A user or administrator marked the certificate (or its root) 'Never Trust'.",
        checks: [
            "Change the certificate's trust settings in Keychain Access (macOS) or remove the configuration profile."
        ],
        related: ["chain.untrusted_root"]
    ),
    osStatus(
        -67899,
        "errSecCertificatePolicyNotAllowed",
        summary: "The certificate is not allowed for the requested policy.",
        meaning: "The certificate or its CA is restricted from this use, for example by EKU constraints on the CA.",
        checks: [VerifyChecks.inspect],
        related: ["cert.eku_missing_server_auth"]
    ),
    osStatus(
        -67900,
        "errSecCertificateNameNotAllowed",
        summary: "A name in the certificate is not allowed by its CA.",
        meaning: "The CA's name constraints exclude a name the certificate carries.",
        checks: [VerifyChecks.offline],
        related: ["chain.name_constraints_violated"]
    ),
    osStatus(
        -67901,
        "errSecCertificateValidityPeriodTooLong",
        summary: "The certificate's validity period is longer than Apple allows.",
        meaning:
            "TLS server certificates issued after 2019-07-01 may be valid for at most 825 days on Apple platforms (and public CAs are held to 398). A device certificate made for ten years is refused with this code; Safari and Go on macOS show it as \u{201C}certificate is not standards compliant\u{201D}, which also covers a missing SAN or serverAuth EKU.",
        checks: [AppleChecks.profile, "Re-issue for 825 days or less (openssl: -days 397 is safe everywhere)."],
        related: ["cert.validity_too_long", "name.cn_only", "cert.eku_missing_server_auth"],
        phrases: ["certificate is not standards compliant"],
        prominent: true
    ),
    osStatus(
        -67902,
        "errSecCertificateIsCA",
        summary: "A CA certificate was used as a server or client certificate.",
        meaning:
            "The leaf presented has basicConstraints CA:TRUE; Apple refuses CA certificates as TLS end-entity certificates.",
        checks: [VerifyChecks.inspect, "Issue a separate leaf certificate (CA:FALSE) from the CA."],
        related: ["chain.self_signed_leaf"]
    ),
    osStatus(
        -67903,
        "errSecCertificateDuplicateExtension",
        summary: "A certificate contains the same extension twice.",
        meaning: "RFC 5280 forbids duplicate extensions; a faulty generator produced this certificate.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    osStatus(
        -67690,
        "errSecInvalidCertificateRef",
        summary: "An invalid certificate reference was used.",
        meaning:
            "The app passed a certificate object that is empty or was not created from valid data, typically PEM text given where DER was expected.",
        checks: [VerifyChecks.inspect],
        related: ["cert.malformed"]
    ),
    osStatus(
        -67808,
        "errSecVerifyFailed",
        summary: "A signature did not verify.",
        meaning: "A certificate or data signature check failed: wrong issuer key (a re-created CA) or corrupted data.",
        checks: [VerifyChecks.offline],
        related: ["chain.bad_signature", "chain.anchor_key_mismatch"]
    ),
    osStatus(
        -67635,
        "errSecIncompleteCertRevocationCheck",
        summary: "Revocation checking could not be completed.",
        meaning:
            "The client required revocation information and could not get it (OCSP/CRL server unreachable from the LAN).",
        checks: ["Disable the hard revocation requirement for local CAs, or make the OCSP/CRL URL reachable."]
    ),
]

let nsurlErrorEntries: [CatalogEntry] = {
    func nsurl(
        _ code: Int,
        _ name: String,
        summary: String,
        meaning: String,
        checks: [String],
        related: [String] = [],
        specificity: Int = 2,
        phrases: [String] = [],
        prominent: Bool = false
    ) -> CatalogEntry {
        var entry = CatalogEntry(
            explanation: Explanation(
                kind: .nsurlError,
                name: name,
                code: String(code),
                summary: summary,
                meaning: meaning,
                checks: checks,
                related: related
            )
        )
        let lower = CatalogEntry.lower(name)
        entry.symbols = [lower, String(lower.dropFirst("nsurlerror".count))]
            .filter { $0.count > 14 || $0 == lower }
        entry.exactForms = [
            String(lower.dropFirst("nsurlerror".count)), "kcfurlerror" + lower.dropFirst("nsurlerror".count),
        ]
        entry.phrases = phrases.map(CatalogEntry.lower)
        entry.number = code
        entry.specificity = specificity
        entry.prominent = prominent
        return entry
    }
    let underlying =
        "Look for _kCFStreamErrorCodeKey (an errSSL code such as -9813) in the same error: `tlsprobe explain` the whole pasted error to read both."
    return [
        nsurl(
            -1200,
            "NSURLErrorSecureConnectionFailed",
            summary: "The TLS connection could not be established.",
            meaning:
                "URLSession gave up during the TLS handshake for a reason other than a plain trust failure: no common protocol version or cipher, an App Transport Security violation, the server closing the connection, or a client certificate problem. The underlying errSSL code in the same error says which.",
            checks: [underlying, AppleChecks.ats, AlertChecks.versions],
            related: ["tls.handshake_failed", "tls.no_common_version", "tls.protocol_too_old"],
            specificity: 1,
            phrases: ["an ssl error has occurred and a secure connection to the server cannot be made"],
            prominent: true
        ),
        nsurl(
            -1201,
            "NSURLErrorServerCertificateHasBadDate",
            summary: "The server's certificate has expired (or its date is otherwise wrong).",
            meaning:
                "A certificate in the server's chain is past its expiry date by the device's clock, or otherwise outside its validity period.",
            checks: [VerifyChecks.inspect, VerifyChecks.clock],
            related: ["cert.expired", "cert.not_yet_valid"]
        ),
        nsurl(
            -1202,
            "NSURLErrorServerCertificateUntrusted",
            summary: "The server's certificate is not trusted.",
            meaning:
                "Trust evaluation failed: the chain does not reach a root the device trusts (local CA not installed or not enabled in Certificate Trust Settings), the server's certificate is self-signed (there is no root), an intermediate is missing, the name or IP address is not in the certificate's SAN, or the certificate breaks Apple's rules (validity over 825 days, no serverAuth EKU). The underlying errSSL code narrows it down.",
            checks: [
                AppleChecks.anchor, AppleChecks.installRoot, AppleChecks.selfSigned, AppleChecks.profile, underlying,
            ],
            related: [
                "chain.untrusted_root", "chain.self_signed_leaf", "chain.missing_intermediate", "name.mismatch",
                "name.ip_not_in_san", "cert.validity_too_long",
            ],
            phrases: ["the certificate for this server is invalid"],
            prominent: true
        ),
        nsurl(
            -1203,
            "NSURLErrorServerCertificateHasUnknownRoot",
            summary: "The server's certificate was issued by an unknown root.",
            meaning:
                "The chain ends at a root the device does not know: a local CA whose root is not installed (or not enabled for full trust).",
            checks: [AppleChecks.anchor, AppleChecks.installRoot],
            related: ["chain.untrusted_root"],
            phrases: ["was signed by an unknown certifying authority"]
        ),
        nsurl(
            -1204,
            "NSURLErrorServerCertificateNotYetValid",
            summary: "The server's certificate is not yet valid.",
            meaning:
                "The certificate's start date is after the device's current time: a device clock that is behind, or a certificate made on a machine whose clock was ahead.",
            checks: [VerifyChecks.clock],
            related: ["cert.not_yet_valid"],
            phrases: ["the certificate for this server is not yet valid"]
        ),
        nsurl(
            -1205,
            "NSURLErrorClientCertificateRejected",
            summary: "The server rejected the client certificate.",
            meaning:
                "The app presented a client certificate and the server refused it: its CA is not in the server's client-CA list, it lacks the clientAuth EKU, or it expired.",
            checks: [
                "See the CAs the server accepts and test the identity: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"
            ],
            related: ["mtls.client_cert_rejected", "mtls.identity_not_acceptable", "cert.eku_missing_client_auth"],
            phrases: ["did not accept the certificate"]
        ),
        nsurl(
            -1206,
            "NSURLErrorClientCertificateRequired",
            summary: "The server requires a client certificate and none was provided.",
            meaning:
                "The server asked for a client certificate during the handshake and the app had none to send (no identity in its keychain, or its challenge handler did not provide one).",
            checks: [
                "See the acceptable CAs: tlsprobe connect HOST:PORT",
                "Install the client identity (.p12) where the app can use it and answer the client-certificate challenge.",
            ],
            related: ["mtls.client_cert_required", "mtls.client_cert_requested"],
            phrases: ["requires a client certificate"]
        ),
        nsurl(
            -1022,
            "NSURLErrorAppTransportSecurityRequiresSecureConnection",
            summary: "App Transport Security blocked a plain-HTTP (or insecure) load.",
            meaning:
                "App Transport Security (ATS) makes apps on iOS and macOS use HTTPS with TLS 1.2+, forward secrecy and a trusted certificate unless the app's Info.plist makes an exception (NSAppTransportSecurity, NSAllowsLocalNetworking for local addresses, or a per-domain exception). An http:// URL to a device on the LAN, or an HTTPS server that fails ATS, ends here.",
            checks: [
                "Use https:// and make the device pass ATS: tlsprobe connect HOST:PORT --profile apple --versions",
                "For local devices, the app can set NSAllowsLocalNetworking or a per-domain NSExceptionDomains entry in Info.plist.",
            ],
            related: ["tls.protocol_too_old", "tls.no_forward_secrecy"],
            phrases: ["app transport security policy requires the use of a secure connection"],
            prominent: true
        ),
        nsurl(
            -1001,
            "NSURLErrorTimedOut",
            summary: "The request timed out.",
            meaning:
                "No answer in time. On a local network: the device is unreachable from the phone's network, asleep, or iOS Local Network permission was denied for the app.",
            checks: ["Check that the port answers from the same network: tlsprobe connect HOST:PORT --timeout 5"],
            specificity: 1
        ),
        nsurl(
            -1003,
            "NSURLErrorCannotFindHost",
            summary: "The host name could not be resolved.",
            meaning: "DNS (or mDNS for .local names) did not resolve the name. Not a TLS problem.",
            checks: [
                "Resolve the name from the same network; try the IP address (and then check the certificate has an IP SAN)."
            ],
            specificity: 1
        ),
        nsurl(
            -1004,
            "NSURLErrorCannotConnectToHost",
            summary: "The TCP connection could not be made.",
            meaning: "Nothing accepted the connection: wrong port, service down, or a firewall. TLS never started.",
            checks: ["tlsprobe connect HOST:PORT exits with 2 when the port cannot be reached."],
            specificity: 1
        ),
        nsurl(
            -1005,
            "NSURLErrorNetworkConnectionLost",
            summary: "The connection was lost.",
            meaning:
                "The connection dropped mid-request. During a handshake this can be a server closing the connection after refusing the client silently.",
            checks: [AlertChecks.connect, AlertChecks.capture],
            specificity: 1
        ),
        nsurl(
            -1009,
            "NSURLErrorNotConnectedToInternet",
            summary: "The device reports no network connection.",
            meaning:
                "No usable network path, or the app is not allowed to use it. For a device on the LAN (a local address) while the internet works, it is usually local network privacy (Apple's TN3179): the user denied the app Local Network access, or the app lacks NSLocalNetworkUsageDescription so the prompt never showed. No TLS handshake ran.",
            checks: [
                "Check Settings > Privacy & Security > Local Network for the app.",
                "In the app's Info.plist: NSLocalNetworkUsageDescription (and NSBonjourServices for Bonjour).",
            ],
            specificity: 1
        ),
        nsurl(
            -1012,
            "NSURLErrorUserCancelledAuthentication",
            summary: "An authentication challenge was cancelled.",
            meaning:
                "The app's challenge handler cancelled, which is what apps do when their own server-trust check (a pin, a custom CA check) fails. Treat it as a trust failure decided by the app.",
            checks: [
                "Look at the app's pinning or custom trust code; compare the pin: tlsprobe connect HOST:PORT --pin sha256/BASE64"
            ],
            related: ["pin.mismatch", "chain.untrusted_root"]
        ),
        nsurl(
            -999,
            "NSURLErrorCancelled",
            summary: "The request was cancelled.",
            meaning:
                "Cancelled by the app, sometimes after its own trust evaluation failed (a challenge cancelled with cancelAuthenticationChallenge).",
            checks: ["Look at the app's trust and pinning code."],
            related: ["pin.mismatch"],
            specificity: 1
        ),
    ]
}()
