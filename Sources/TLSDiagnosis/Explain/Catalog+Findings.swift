// tlsprobe's own finding codes, explained from FindingCatalog (title, default severity,
// fix) plus what the finding means and where it comes from. A code added to the catalog
// without a meaning here still gets an entry; a test lists the ones missing.

/// What each finding means and which codes travel with it.
let findingMeanings: [String: (meaning: String, related: [String], command: String)] = [
    "chain.untrusted_root": ("The chain the peer presented does not end at any anchor you named (or the system's, with --system-anchors). On a local network this is the home-made CA whose root is not installed on the client.", ["chain.missing_intermediate", "chain.anchor_key_mismatch", "chain.self_signed_leaf"], "tlsprobe connect HOST:PORT --anchor root.pem"),
    "chain.anchor_key_mismatch": ("An anchor carries the issuer's name but not its key: the CA was re-created (same name, new key). Clients that trust the old root refuse certificates from the new one, and their errors often read like an unknown or untrusted CA.", ["chain.untrusted_root", "chain.bad_signature"], "tlsprobe verify leaf.pem --anchor old-root.pem"),
    "chain.missing_intermediate": ("The leaf was not issued by an anchor directly, and the certificate that links it to one was not sent. Browsers may hide this by fetching or caching intermediates; apps, curl and devices do not.", ["chain.untrusted_root", "chain.wrong_order"], "tlsprobe connect HOST:PORT --anchor root.pem"),
    "chain.self_signed_leaf": ("The server presents a certificate that signed itself, as cameras, printers and development servers do out of the box. Only clients that have that exact certificate installed or pinned will accept it.", ["chain.untrusted_root"], "tlsprobe connect HOST:PORT --anchor server-cert.pem"),
    "chain.wrong_order": ("The certificates were sent in an order other than leaf, then its issuer, and so on. Most clients reorder them; some embedded ones do not.", ["chain.unrelated_certificate", "chain.missing_intermediate"], "tlsprobe connect HOST:PORT"),
    "chain.unrelated_certificate": ("A certificate in the presented chain is not on the path from the leaf to the root: a leftover from an old chain file or another site.", ["chain.wrong_order"], "tlsprobe connect HOST:PORT"),
    "chain.root_sent": ("The server includes the root in its chain. Harmless: clients ignore it and use their own copy, if they have one.", ["chain.untrusted_root"], "tlsprobe connect HOST:PORT"),
    "chain.bad_signature": ("A certificate's signature does not verify with the key of the certificate above it: the issuer named is not the one that signed it, or the file is damaged.", ["chain.anchor_key_mismatch"], "tlsprobe verify leaf.pem intermediate.pem --anchor root.pem"),
    "chain.issuer_not_ca": ("A certificate that signed another is not a CA (no basicConstraints CA:TRUE), so clients will not build a chain through it.", ["chain.issuer_missing_cert_sign"], "tlsprobe inspect issuer.pem"),
    "chain.path_length_exceeded": ("A CA limits how many CAs may follow it (pathlen) and the chain has more.", ["chain.too_long"], "tlsprobe verify leaf.pem intermediate.pem --anchor root.pem"),
    "chain.issuer_missing_cert_sign": ("The issuing CA's keyUsage lacks keyCertSign, so it may not sign certificates.", ["chain.issuer_not_ca"], "tlsprobe inspect issuer.pem"),
    "chain.name_constraints_violated": ("A CA restricted to certain names issued a certificate for a name outside them.", [], "tlsprobe verify leaf.pem --anchor root.pem --host NAME"),
    "chain.too_long": ("The chain has more certificates than clients will follow.", ["chain.path_length_exceeded", "chain.unrelated_certificate"], "tlsprobe connect HOST:PORT"),
    "cert.expired": ("The certificate's notAfter date is past, at the evaluation time (now, or --at). Appliances rarely renew their own certificates.", ["cert.not_yet_valid", "cert.expires_soon"], "tlsprobe inspect cert.pem"),
    "cert.not_yet_valid": ("The certificate's notBefore date is in the future. When the gap is hours or days, or the date looks like 1970 or 2000, suspect a device clock rather than the certificate.", ["cert.expired"], "tlsprobe verify cert.pem --at 2030-01-01T00:00:00Z"),
    "cert.expires_soon": ("The certificate is still valid but will expire soon; clients will start refusing it on that date.", ["cert.expired"], "tlsprobe inspect cert.pem"),
    "cert.eku_missing_server_auth": ("The certificate has an extendedKeyUsage extension without serverAuth, so clients refuse it as a TLS server certificate (Apple platforms require serverAuth to be present).", ["cert.key_usage_incompatible"], "tlsprobe inspect cert.pem"),
    "cert.eku_missing_client_auth": ("The client certificate's extendedKeyUsage lacks clientAuth, so servers refuse it for mutual TLS.", ["mtls.client_cert_rejected"], "tlsprobe inspect client.pem"),
    "cert.key_usage_incompatible": ("The certificate's keyUsage does not allow what the handshake needs: digitalSignature for ECDHE and TLS 1.3, keyEncipherment for RSA key transport.", ["cert.eku_missing_server_auth"], "tlsprobe inspect cert.pem"),
    "cert.weak_key": ("The key is too small for current clients (RSA under 2048 bits, or a small curve).", ["cert.weak_signature"], "tlsprobe inspect cert.pem"),
    "cert.weak_signature": ("The certificate is signed with SHA-1 or MD5, which current clients refuse below the root.", ["cert.weak_key"], "tlsprobe inspect cert.pem"),
    "cert.validity_too_long": ("The certificate is valid for longer than clients accept: Apple platforms refuse TLS server certificates issued after 2019-07-01 with more than 825 days, and public CAs are held to 398.", ["cert.expires_soon"], "tlsprobe verify cert.pem --profile apple"),
    "cert.malformed": ("The certificate breaks the encoding rules of RFC 5280; lenient parsers read it, strict ones refuse it.", ["cert.unknown_critical_extension"], "tlsprobe inspect cert.pem"),
    "cert.nonconforming": ("The certificate breaks a rule of the RFC 5280 or CA/Browser Forum certificate profile (a missing key identifier, a critical flag where none belongs, a zero serial, a badly written name). Strict validators (Go, rustls, pyca/cryptography) refuse it; OpenSSL and Apple usually accept it, so it is an error under the default profile and a warning under apple and openssl.", ["cert.malformed"], "tlsprobe verify chain.pem --anchor root.pem --profile apple"),
    "cert.unknown_critical_extension": ("The certificate has an extension marked critical that clients do not understand, which obliges them to reject it.", ["cert.malformed"], "tlsprobe inspect cert.pem"),
    "cert.unsupported_algorithm": ("The certificate uses a key or signature algorithm common clients do not support.", ["cert.weak_key"], "tlsprobe inspect cert.pem"),
    "name.mismatch": ("None of the certificate's subjectAltName entries matches the name or address the client expects (--host, or what was dialled).", ["name.ip_not_in_san", "name.cn_only"], "tlsprobe connect HOST:PORT --host NAME"),
    "name.ip_not_in_san": ("The client dials an IP address, and the certificate has no iPAddress SAN for it. A DNS entry or a Common Name holding the address as text does not count for any current client.", ["name.mismatch"], "tlsprobe connect 10.0.0.5:PORT"),
    "name.cn_only": ("The certificate has no subjectAltName and names the host only in its Common Name, which iOS, macOS, Chrome and Go ignore.", ["name.mismatch"], "tlsprobe inspect cert.pem"),
    "tls.protocol_too_old": ("The server negotiates TLS 1.0 or 1.1 (or SSL 3.0), which iOS, macOS and current browsers refuse.", ["tls.no_common_version"], "tlsprobe connect HOST:PORT --versions"),
    "tls.no_forward_secrecy": ("The negotiated cipher suite uses RSA key transport, not ECDHE/DHE; App Transport Security refuses it.", ["tls.no_common_cipher"], "tlsprobe connect HOST:PORT --profile apple"),
    "tls.handshake_failed": ("The handshake ended with an alert or a closed connection; the finding carries the alert and which side sent it.", ["tls.no_common_version", "tls.no_common_cipher", "mtls.client_cert_required"], "tlsprobe connect HOST:PORT"),
    "tls.no_common_version": ("The client's and the server's protocol versions do not overlap.", ["tls.protocol_too_old"], "tlsprobe connect HOST:PORT --versions"),
    "tls.no_common_cipher": ("No cipher suite is acceptable to both sides.", ["tls.no_forward_secrecy"], "tlsprobe listen 4433"),
    "mtls.client_cert_requested": ("The server asks for a client certificate but goes on without one. Informational unless the application behind it needs it.", ["mtls.client_cert_required"], "tlsprobe connect HOST:PORT"),
    "mtls.client_cert_required": ("The server refuses clients that present no certificate (certificate_required in TLS 1.3, handshake_failure or a closed connection in 1.2).", ["mtls.identity_not_acceptable", "mtls.client_cert_requested"], "tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"),
    "mtls.identity_not_acceptable": ("The server lists the CAs it accepts for client certificates, and the identity given is not issued by any of them; many clients then send no certificate at all.", ["mtls.client_cert_required", "mtls.client_cert_rejected"], "tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"),
    "mtls.client_cert_rejected": ("A client certificate was sent and the server refused it (an alert such as unknown_ca, bad_certificate or certificate_unknown followed).", ["mtls.identity_not_acceptable", "cert.eku_missing_client_auth"], "tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"),
    "pin.mismatch": ("The server's public key differs from the pin given or the one recorded on first contact. Either the key was replaced on purpose, or something else answers at this address.", ["pin.first_use"], "tlsprobe connect HOST:PORT --known-hosts FILE"),
    "pin.first_use": ("First contact with this server: its key was recorded for comparison next time.", ["pin.mismatch"], "tlsprobe connect HOST:PORT --known-hosts FILE"),
    "pin.match": ("The server's key matches the pin.", [], "tlsprobe connect HOST:PORT --pin sha256/BASE64"),
    "pkcs12.wrong_password": ("The PKCS#12 file could not be opened with the password given (its MAC did not verify).", ["pkcs12.modern_encryption"], "tlsprobe inspect identity.p12 --password-env P12_PASS"),
    "pkcs12.modern_encryption": ("The PKCS#12 file is encrypted with PBES2/AES, which OpenSSL 3 writes by default and older Apple systems (before iOS 17 / macOS 14) cannot open; they report a wrong password.", ["pkcs12.wrong_password"], "tlsprobe inspect identity.p12 --password-env P12_PASS"),
    "pkcs12.no_private_key": ("The PKCS#12 file holds certificates but no private key, so it cannot serve as an identity.", ["key.mismatch"], "tlsprobe inspect identity.p12 --password-env P12_PASS"),
    "key.mismatch": ("The private key is not the pair of the certificate's public key.", ["pkcs12.no_private_key"], "tlsprobe inspect cert.pem --key key.pem"),
    "capture.alert": ("An alert was seen in the capture; the finding says who sent it and what it usually means.", ["tls.handshake_failed"], "tlsprobe capture -r trace.pcap"),
    "capture.tls13_encrypted": ("TLS 1.3 encrypts the certificates, so the chain cannot be read from a capture without the session keys.", ["capture.no_key"], "tlsprobe capture -r trace.pcap --keylog keys.log"),
    "capture.no_key": ("A key log was given, but it has no secrets for this connection.", ["capture.decrypt_failed"], "tlsprobe capture -r trace.pcap --keylog keys.log"),
    "capture.decrypt_failed": ("Secrets were found for this connection but decryption failed: the key log is from another run, or the capture is damaged.", ["capture.no_key"], "tlsprobe capture -r trace.pcap --keylog keys.log"),
    "capture.incomplete_handshake": ("The capture holds only part of a handshake: it started late, ended early, or the connection was cut.", ["capture.truncated"], "tlsprobe capture -i IFACE"),
    "capture.truncated": ("The capture file ends mid-packet or packets were cut by a short snap length.", ["capture.incomplete_handshake"], "tcpdump -s 0 -w trace.pcap"),
]

let findingCodeEntries: [CatalogEntry] = FindingCatalog.all.map { item in
    let code = item.code.rawValue
    let known = findingMeanings[code]
    let meaning = (known?.meaning ?? "tlsprobe reports this as '\(item.title)'.")
        + " Reported as \(item.defaultSeverity.rawValue) under the default profile."
    var checks = [item.fix]
    if let command = known?.command { checks.append("Reproduce: \(command)") }
    var entry = CatalogEntry(explanation: Explanation(
        kind: .findingCode, name: code, code: nil,
        summary: "tlsprobe finding: \(item.title).", meaning: meaning, checks: checks,
        related: known?.related ?? []))
    entry.symbols = [CatalogEntry.lower(code)]
    entry.specificity = 4
    return entry
}
