// OpenSSL certificate verification results (X509_V_ERR_*), numbered as in OpenSSL 3.0's
// x509_vfy.h. The numbers are OpenSSL 3.0's: 24 is X509_V_ERR_NO_ISSUER_PUBLIC_KEY there,
// while INVALID_CA, which was 24 in 1.1, is 79. Code should map these by symbol, never by
// number; `explain` takes both, and the number means the 3.0 one.

/// Checks shared by the verify errors.
enum VerifyChecks {
    static let anchor =
        "Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem"
    static let offline =
        "Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME"
    static let inspect =
        "Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"
    static let chainFile =
        "Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone."
    static let reissue =
        "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."
    static let clock =
        "Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."
    static let crl =
        "If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."
    static let lowLevel =
        "This is rare with certificates made by common tools; look at the certificate with tlsprobe inspect and re-issue it with openssl or your CA software."
}

private func verify(
    _ number: Int,
    _ symbol: String,
    _ text: String,
    summary: String,
    meaning: String,
    checks: [String],
    related: [String] = [],
    prominent: Bool = false,
    textIsExactOnly: Bool = false,
    phrases extra: [String] = []
) -> CatalogEntry {
    let lower = CatalogEntry.lower(symbol)
    let short = lower.hasPrefix("x509_v_err_") ? String(lower.dropFirst("x509_v_err_".count)) : lower
    var entry = CatalogEntry(
        explanation: Explanation(
            kind: .opensslVerifyError,
            name: symbol,
            code: String(number),
            summary: summary,
            meaning: meaning,
            checks: checks,
            related: related
        )
    )
    entry.symbols = [lower]
    // Node.js reports these by their short name ('CERT_HAS_EXPIRED'); keep the short form
    // as a token when it is distinctive (has an underscore), as an exact form otherwise.
    if short.containsText("_") { entry.symbols.append(short) } else { entry.exactForms.append(short) }
    if textIsExactOnly {
        entry.exactForms.append(CatalogEntry.lower(text))
    } else {
        entry.phrases = [CatalogEntry.lower(text)]
    }
    entry.phrases += extra.map(CatalogEntry.lower)
    entry.number = number
    entry.specificity = number == 0 ? 2 : 3
    entry.prominent = prominent
    return entry
}

let opensslVerifyEntries: [CatalogEntry] = [
    verify(
        0,
        "X509_V_OK",
        "ok",
        summary: "Verification succeeded: OpenSSL found a trusted path for the certificate.",
        meaning:
            "The chain the peer sent leads to a root this client trusts and nothing on the way failed. If the connection still fails, the cause is elsewhere: the name, a protocol or cipher mismatch, or the other side rejecting you.",
        checks: [
            "If the handshake still fails, look at the alerts and the name check: tlsprobe connect HOST:PORT --host NAME"
        ],
        related: ["tls.handshake_failed", "name.mismatch"],
        textIsExactOnly: true,
        phrases: ["verify return code: 0 (ok)"]
    ),
    verify(
        1,
        "X509_V_ERR_UNSPECIFIED",
        "unspecified certificate verification error",
        summary: "Verification failed without a more specific reason.",
        meaning:
            "OpenSSL's verifier stopped without recording why; usually an application callback or an internal failure set this. The chain itself may still be fine.",
        checks: [
            VerifyChecks.offline, "Read the lines logged just before this one; the real reason is often printed there.",
        ]
    ),
    verify(
        2,
        "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT",
        "unable to get issuer certificate",
        summary: "The issuer of a certificate in the chain could not be found.",
        meaning:
            "Part of a chain was built, but the certificate that issued one of its upper members is neither in what the peer sent nor in the client's trust store. On a local network this is usually a home-made CA whose root was never installed on the client, or an intermediate that the server does not send.",
        checks: [VerifyChecks.anchor, VerifyChecks.chainFile],
        related: ["chain.untrusted_root", "chain.missing_intermediate"],
        prominent: true
    ),
    verify(
        3,
        "X509_V_ERR_UNABLE_TO_GET_CRL",
        "unable to get certificate CRL",
        summary: "Revocation checking was asked for, but no CRL for the certificate was available.",
        meaning:
            "The client was told to check revocation lists (for example openssl -crl_check, or a CA file that needs CRLs), and none was loaded for this issuer. The certificate is not known to be revoked; the client just could not check.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        4,
        "X509_V_ERR_UNABLE_TO_DECRYPT_CERT_SIGNATURE",
        "unable to decrypt certificate's signature",
        summary: "The certificate's signature could not be processed with the issuer's key.",
        meaning:
            "The signature bytes do not even decode with the issuer's public key, which points at a corrupt certificate or the wrong issuer (another CA with the same name).",
        checks: [
            VerifyChecks.offline,
            "If the CA was re-created, install the new root on the client or re-issue the certificate from the CA the clients trust.",
        ],
        related: ["chain.bad_signature", "chain.anchor_key_mismatch"]
    ),
    verify(
        5,
        "X509_V_ERR_UNABLE_TO_DECRYPT_CRL_SIGNATURE",
        "unable to decrypt CRL's signature",
        summary: "A CRL's signature could not be processed with its issuer's key.",
        meaning:
            "The revocation list loaded for this issuer is damaged or was signed by a different key than the CA the client knows.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        6,
        "X509_V_ERR_UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY",
        "unable to decode issuer public key",
        summary: "The issuer's public key could not be read.",
        meaning:
            "The issuing certificate carries a key OpenSSL cannot parse: an unsupported algorithm, odd parameters, or a damaged certificate.",
        checks: [VerifyChecks.inspect, "Re-issue the CA with an RSA (2048+) or ECDSA P-256/P-384 key."],
        related: ["cert.unsupported_algorithm", "cert.malformed"]
    ),
    verify(
        7,
        "X509_V_ERR_CERT_SIGNATURE_FAILURE",
        "certificate signature failure",
        summary: "A certificate's signature does not verify with its issuer's key.",
        meaning:
            "The certificate names an issuer the client has, but that issuer's key did not sign it. On a local network this is the classic sign of a CA re-created with the same name and a new key: the client holds the old root, the server's certificate comes from the new one. Corrupted files do it too.",
        checks: [
            VerifyChecks.anchor,
            "Compare the key of the root installed on the client with the key that signed the server's certificate (tlsprobe inspect shows both SPKI hashes).",
        ],
        related: ["chain.bad_signature", "chain.anchor_key_mismatch"],
        prominent: true
    ),
    verify(
        8,
        "X509_V_ERR_CRL_SIGNATURE_FAILURE",
        "CRL signature failure",
        summary: "A CRL's signature does not verify.",
        meaning: "The revocation list was not signed by the CA the client trusts under that name, or it was damaged.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        9,
        "X509_V_ERR_CERT_NOT_YET_VALID",
        "certificate is not yet valid",
        summary: "A certificate's notBefore date is in the future for this client.",
        meaning:
            "The certificate is not valid yet according to the client's clock. Either the client's clock is behind (devices without a battery-backed clock often boot into 1970 or 2000), or the certificate was made on a machine whose clock was ahead, or it was deliberately dated later.",
        checks: [VerifyChecks.clock, VerifyChecks.inspect],
        related: ["cert.not_yet_valid"],
        prominent: true
    ),
    verify(
        10,
        "X509_V_ERR_CERT_HAS_EXPIRED",
        "certificate has expired",
        summary: "A certificate in the chain is past its notAfter date.",
        meaning:
            "The leaf, an intermediate or the root expired according to the client's clock. Appliances often ship certificates valid for one or two years and nobody renews them; a client whose clock is far ahead reports the same.",
        checks: [
            VerifyChecks.inspect,
            "Renew the expired certificate (and re-issue the chain if an intermediate expired), then install it on the server.",
            VerifyChecks.clock,
        ],
        related: ["cert.expired"],
        prominent: true
    ),
    verify(
        11,
        "X509_V_ERR_CRL_NOT_YET_VALID",
        "CRL is not yet valid",
        summary: "The CRL's thisUpdate date is in the future.",
        meaning:
            "The revocation list was issued later than the client's clock says it is now; usually a clock difference.",
        checks: [VerifyChecks.clock, VerifyChecks.crl]
    ),
    verify(
        12,
        "X509_V_ERR_CRL_HAS_EXPIRED",
        "CRL has expired",
        summary: "The CRL is past its nextUpdate date.",
        meaning:
            "The revocation list the client has is stale; a local CA that publishes CRLs must re-issue them before nextUpdate.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        13,
        "X509_V_ERR_ERROR_IN_CERT_NOT_BEFORE_FIELD",
        "format error in certificate's notBefore field",
        summary: "The certificate's notBefore date is badly encoded.",
        meaning:
            "The start date does not follow the UTCTime/GeneralizedTime rules of RFC 5280 (missing seconds, a time zone offset, a wrong length). Home-grown certificate generators produce this.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        14,
        "X509_V_ERR_ERROR_IN_CERT_NOT_AFTER_FIELD",
        "format error in certificate's notAfter field",
        summary: "The certificate's notAfter date is badly encoded.",
        meaning: "The expiry date does not follow RFC 5280's time encoding; strict clients refuse the certificate.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        15,
        "X509_V_ERR_ERROR_IN_CRL_LAST_UPDATE_FIELD",
        "format error in CRL's lastUpdate field",
        summary: "A CRL's lastUpdate date is badly encoded.",
        meaning: "The revocation list's issue date cannot be read; the CRL was produced by a faulty tool.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        16,
        "X509_V_ERR_ERROR_IN_CRL_NEXT_UPDATE_FIELD",
        "format error in CRL's nextUpdate field",
        summary: "A CRL's nextUpdate date is badly encoded.",
        meaning: "The revocation list's expiry date cannot be read; the CRL was produced by a faulty tool.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        17,
        "X509_V_ERR_OUT_OF_MEM",
        "out of memory",
        summary: "OpenSSL ran out of memory while verifying.",
        meaning: "Not a certificate problem: the process could not allocate memory during verification.",
        checks: ["Check the process's memory limits and retry; the certificates themselves are not implicated."],
        textIsExactOnly: true
    ),
    verify(
        18,
        "X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT",
        "self-signed certificate",
        summary: "The server's own certificate is self-signed and not trusted by the client.",
        meaning:
            "The peer sent a single certificate that signed itself, and that exact certificate is not in the client's trust store. Cameras, printers, NAS boxes and development servers do this by default. It can only be trusted by installing or pinning that very certificate on every client.",
        checks: [
            "Trust this exact certificate explicitly to test: tlsprobe connect HOST:PORT --anchor server-cert.pem",
            "For more than one client, issue the device a certificate from a small local CA and install the CA's root on the clients instead.",
        ],
        related: ["chain.self_signed_leaf"],
        prominent: true
    ),
    verify(
        19,
        "X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN",
        "self-signed certificate in certificate chain",
        summary: "The chain ends in a self-signed root the client does not trust.",
        meaning:
            "The server sent its chain including a root certificate, and that root is not among the client's trusted anchors. With a home-made CA this means the root was not installed on this client (or was installed for another purpose, or on another profile). It also happens behind TLS-inspecting proxies, whose root is not on the client.",
        checks: [
            VerifyChecks.anchor,
            "Install the root on the client: on iOS install the profile, then enable it under Settings > General > About > Certificate Trust Settings.",
        ],
        related: ["chain.untrusted_root", "chain.root_sent"],
        prominent: true
    ),
    verify(
        20,
        "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
        "unable to get local issuer certificate",
        summary: "The client cannot find, among the certificates it trusts, the issuer of the chain's top certificate.",
        meaning:
            "OpenSSL built the chain as far as it could with what the server sent, then looked for the next issuer in the client's trust store and found nothing. Either the root of a local CA is not installed on this client (the usual case on a LAN), or the server does not send an intermediate that links its certificate to a root the client does have.",
        checks: [
            VerifyChecks.anchor, VerifyChecks.chainFile,
            "With curl, point at the right bundle: curl --cacert root.pem https://HOST:PORT/",
        ],
        related: ["chain.untrusted_root", "chain.missing_intermediate"],
        prominent: true
    ),
    verify(
        21,
        "X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE",
        "unable to verify the first certificate",
        summary: "The server sent only its own certificate and the client has nothing that issued it.",
        meaning:
            "No issuer for the leaf certificate was found: the server sent no intermediates and the client's trust store holds neither the intermediate nor a root that signed the leaf directly. Most often the server's configuration names the certificate file but not the chain file.",
        checks: [VerifyChecks.chainFile, VerifyChecks.anchor],
        related: ["chain.missing_intermediate", "chain.untrusted_root"],
        prominent: true
    ),
    verify(
        22,
        "X509_V_ERR_CERT_CHAIN_TOO_LONG",
        "certificate chain too long",
        summary: "The chain is longer than the verifier's depth limit.",
        meaning:
            "OpenSSL stops after a configured number of certificates (-verify_depth, 100 by default). A chain that long is usually a loop of cross-signed CAs or a misconfigured bundle.",
        checks: [VerifyChecks.offline, "Remove unrelated or duplicate certificates from the server's chain file."],
        related: ["chain.too_long", "chain.unrelated_certificate"]
    ),
    verify(
        23,
        "X509_V_ERR_CERT_REVOKED",
        "certificate revoked",
        summary: "A certificate in the chain is listed as revoked.",
        meaning:
            "The CRL (or OCSP answer) the client checked says the CA withdrew this certificate, typically because its key was lost or it was replaced.",
        checks: [
            "Install a newly issued certificate on the server.",
            "If a local CA revoked it by mistake, re-issue the CRL without it.",
        ]
    ),
    verify(
        24,
        "X509_V_ERR_NO_ISSUER_PUBLIC_KEY",
        "issuer certificate doesn't have a public key",
        summary: "The issuer certificate carries no usable public key (OpenSSL 3.0 numbering).",
        meaning:
            "The certificate that should have signed the next one has no public key OpenSSL can use, so no signature below it can be checked. Note that in OpenSSL 1.1 the number 24 meant 'invalid CA certificate', which 3.0 moved to 79; a log from 1.1 saying 24 means X509_V_ERR_INVALID_CA.",
        checks: [
            VerifyChecks.inspect, "If the log came from OpenSSL 1.1, read it as X509_V_ERR_INVALID_CA (79 in 3.0).",
        ],
        related: ["cert.unsupported_algorithm"]
    ),
    verify(
        25,
        "X509_V_ERR_PATH_LENGTH_EXCEEDED",
        "path length constraint exceeded",
        summary: "A CA's pathLenConstraint does not allow as many CAs below it as the chain has.",
        meaning:
            "A CA certificate says how many intermediate CAs may follow it (basicConstraints pathlen). The chain has more, for example an intermediate created under a root made with pathlen:0.",
        checks: [
            VerifyChecks.offline,
            "Re-issue the constraining CA with a larger pathlen, or issue the leaf directly from a CA higher up.",
        ],
        related: ["chain.path_length_exceeded"]
    ),
    verify(
        26,
        "X509_V_ERR_INVALID_PURPOSE",
        "unsuitable certificate purpose",
        summary: "The certificate is not allowed for this use (server or client authentication).",
        meaning:
            "The certificate's extendedKeyUsage (or an old Netscape cert type) does not include the purpose the verifier asked for: a server certificate without serverAuth, a client certificate without clientAuth, or a CA whose EKU excludes it.",
        checks: [VerifyChecks.inspect, "Re-issue with extendedKeyUsage serverAuth (servers) or clientAuth (clients)."],
        related: ["cert.eku_missing_server_auth", "cert.eku_missing_client_auth"],
        prominent: true
    ),
    verify(
        27,
        "X509_V_ERR_CERT_UNTRUSTED",
        "certificate not trusted",
        summary: "The root is present but not trusted for this purpose.",
        meaning:
            "The chain reaches a root the client has, but the trust settings attached to it do not cover this use (for example a root marked only for email), or the root was explicitly distrusted.",
        checks: [
            VerifyChecks.anchor,
            "Check the trust settings of the root in the client's store, not only that it is present.",
        ],
        related: ["chain.untrusted_root"]
    ),
    verify(
        28,
        "X509_V_ERR_CERT_REJECTED",
        "certificate rejected",
        summary: "The root is marked to be rejected for this purpose.",
        meaning:
            "The client's store holds the root with an explicit 'reject' setting for this use, so chains ending in it always fail.",
        checks: ["Remove the reject setting from the root in the client's store, or use a different CA."],
        related: ["chain.untrusted_root"]
    ),
    verify(
        29,
        "X509_V_ERR_SUBJECT_ISSUER_MISMATCH",
        "subject issuer mismatch",
        summary: "A candidate issuer's subject does not match the certificate's issuer name.",
        meaning:
            "OpenSSL tried a certificate as the issuer and found its subject differs from the issuer name recorded in the child. This is diagnostic noise during chain building and seldom the final error.",
        checks: [VerifyChecks.offline],
        related: ["chain.unrelated_certificate"]
    ),
    verify(
        30,
        "X509_V_ERR_AKID_SKID_MISMATCH",
        "authority and subject key identifier mismatch",
        summary: "The certificate's authority key identifier does not match the candidate issuer's key identifier.",
        meaning:
            "The child says which issuer key signed it (authorityKeyIdentifier) and the candidate issuer has another (subjectKeyIdentifier). Typical after a CA was re-created with the same name: the identifiers tell the two apart.",
        checks: [
            VerifyChecks.anchor,
            "Compare the root installed on the client with the one that issued the server's certificate.",
        ],
        related: ["chain.anchor_key_mismatch"]
    ),
    verify(
        31,
        "X509_V_ERR_AKID_ISSUER_SERIAL_MISMATCH",
        "authority and issuer serial number mismatch",
        summary: "The authority key identifier names an issuer serial number that does not match.",
        meaning:
            "The child's authorityKeyIdentifier records the issuer's serial number, and the candidate issuer has a different one: usually a re-created or re-issued CA.",
        checks: [VerifyChecks.anchor],
        related: ["chain.anchor_key_mismatch"]
    ),
    verify(
        32,
        "X509_V_ERR_KEYUSAGE_NO_CERTSIGN",
        "key usage does not include certificate signing",
        summary: "An issuing CA's keyUsage lacks keyCertSign.",
        meaning:
            "The certificate that signed another has a keyUsage extension without keyCertSign, so it may not act as a CA. Hand-made CAs created with a server certificate profile do this.",
        checks: [
            VerifyChecks.inspect,
            "Re-create the CA certificate with keyUsage keyCertSign, cRLSign and basicConstraints CA:TRUE.",
        ],
        related: ["chain.issuer_missing_cert_sign"]
    ),
    verify(
        33,
        "X509_V_ERR_UNABLE_TO_GET_CRL_ISSUER",
        "unable to get CRL issuer certificate",
        summary: "The issuer of a CRL could not be found.",
        meaning: "A revocation list was loaded but the CA that signed it is not available to the client.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        34,
        "X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION",
        "unhandled critical extension",
        summary: "A certificate has an extension marked critical that the client does not understand.",
        meaning:
            "RFC 5280 requires clients to reject certificates with critical extensions they cannot process. Vendor-specific extensions marked critical by device firmware cause this.",
        checks: [VerifyChecks.inspect, "Re-issue without the extension, or with it marked non-critical."],
        related: ["cert.unknown_critical_extension"]
    ),
    verify(
        35,
        "X509_V_ERR_KEYUSAGE_NO_CRL_SIGN",
        "key usage does not include CRL signing",
        summary: "The CA that signed a CRL lacks keyUsage cRLSign.",
        meaning: "The revocation list was signed by a certificate whose keyUsage does not allow signing CRLs.",
        checks: ["Re-create the CA with keyUsage cRLSign, or sign CRLs with a CA that has it.", VerifyChecks.crl]
    ),
    verify(
        36,
        "X509_V_ERR_UNHANDLED_CRITICAL_CRL_EXTENSION",
        "unhandled critical CRL extension",
        summary: "A CRL has a critical extension the client does not understand.",
        meaning:
            "The revocation list carries a critical extension (for example delta-CRL features) this verifier does not support.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        37,
        "X509_V_ERR_INVALID_NON_CA",
        "invalid non-CA certificate (has CA markings)",
        summary: "A certificate that is not a CA carries CA-only markings.",
        meaning:
            "The certificate says basicConstraints CA:FALSE (or has none) yet has CA-only settings such as keyCertSign, so OpenSSL refuses to use it either way.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["chain.issuer_not_ca"]
    ),
    verify(
        38,
        "X509_V_ERR_PROXY_PATH_LENGTH_EXCEEDED",
        "proxy path length constraint exceeded",
        summary: "An RFC 3820 proxy certificate chain is longer than allowed.",
        meaning:
            "Proxy certificates (grid computing) limit how many may follow each other; this chain has more. Not seen in ordinary TLS.",
        checks: [VerifyChecks.offline]
    ),
    verify(
        39,
        "X509_V_ERR_KEYUSAGE_NO_DIGITAL_SIGNATURE",
        "key usage does not include digital signature",
        summary: "The certificate's keyUsage lacks digitalSignature, which the handshake needs.",
        meaning:
            "The key is used to sign the handshake (all ECDHE suites and TLS 1.3), but the certificate's keyUsage does not allow signatures. Certificates made for RSA key transport only (keyEncipherment) hit this on modern clients.",
        checks: [VerifyChecks.inspect, "Re-issue with keyUsage digitalSignature (and keyEncipherment for RSA keys)."],
        related: ["cert.key_usage_incompatible"]
    ),
    verify(
        40,
        "X509_V_ERR_PROXY_CERTIFICATES_NOT_ALLOWED",
        "proxy certificates not allowed, please set the appropriate flag",
        summary: "An RFC 3820 proxy certificate was met but proxy certificates are not enabled.",
        meaning:
            "The chain contains a proxy certificate and the verifier was not told to accept them. Not seen in ordinary TLS.",
        checks: [VerifyChecks.inspect]
    ),
    verify(
        41,
        "X509_V_ERR_INVALID_EXTENSION",
        "invalid or inconsistent certificate extension",
        summary: "A certificate extension is malformed or contradicts another.",
        meaning:
            "An extension could not be parsed or its values conflict (for example basicConstraints pathlen on a non-CA, a malformed SAN). Strict clients reject it.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        42,
        "X509_V_ERR_INVALID_POLICY_EXTENSION",
        "invalid or inconsistent certificate policy extension",
        summary: "A certificate policies extension is malformed or inconsistent.",
        meaning:
            "Policy-related extensions (certificatePolicies, policyConstraints, policyMappings) could not be processed. Rare outside enterprise PKIs.",
        checks: [VerifyChecks.inspect, VerifyChecks.lowLevel],
        related: ["cert.malformed"]
    ),
    verify(
        43,
        "X509_V_ERR_NO_EXPLICIT_POLICY",
        "no explicit policy",
        summary: "Policy checking required an explicit policy and the chain has none acceptable.",
        meaning:
            "The verifier (or a CA's policyConstraints) demanded a certificate policy the chain does not carry. Only met with policy-checking enabled.",
        checks: ["Check the client's policy settings (-policy, -explicit_policy) and the CA's policy extensions."],
        textIsExactOnly: true
    ),
    verify(
        44,
        "X509_V_ERR_DIFFERENT_CRL_SCOPE",
        "different CRL scope",
        summary: "The CRL found does not cover this certificate.",
        meaning:
            "A revocation list was loaded but its scope (issuing distribution point) does not include this certificate.",
        checks: [VerifyChecks.crl],
        textIsExactOnly: true
    ),
    verify(
        45,
        "X509_V_ERR_UNSUPPORTED_EXTENSION_FEATURE",
        "unsupported extension feature",
        summary: "A certificate or CRL uses an extension feature OpenSSL does not support.",
        meaning: "Something like indirect CRLs or unusual distribution point settings was met and cannot be processed.",
        checks: [VerifyChecks.inspect, VerifyChecks.lowLevel]
    ),
    verify(
        46,
        "X509_V_ERR_UNNESTED_RESOURCE",
        "RFC 3779 resource not subset of parent's resources",
        summary: "IP or AS resources in a certificate exceed its issuer's (RFC 3779).",
        meaning: "Used in routing PKI (RPKI); not met in ordinary TLS.",
        checks: [VerifyChecks.inspect]
    ),
    verify(
        47,
        "X509_V_ERR_PERMITTED_VIOLATION",
        "permitted subtree violation",
        summary: "A name in the certificate is outside the names its CA is permitted to certify.",
        meaning:
            "A CA above has nameConstraints listing the names it may issue for, and the certificate carries a name (DNS, IP, email) outside that list. A local CA restricted to '.home.arpa' issuing for an IP address does this.",
        checks: [
            VerifyChecks.offline,
            "Issue for a permitted name, or re-issue the constraining CA with the name added to its permitted subtrees.",
        ],
        related: ["chain.name_constraints_violated"]
    ),
    verify(
        48,
        "X509_V_ERR_EXCLUDED_VIOLATION",
        "excluded subtree violation",
        summary: "A name in the certificate falls in a subtree its CA is forbidden to certify.",
        meaning: "A CA above has nameConstraints excluding some names, and this certificate carries one of them.",
        checks: [VerifyChecks.offline, "Issue the certificate for a name the CA is allowed to certify."],
        related: ["chain.name_constraints_violated"]
    ),
    verify(
        49,
        "X509_V_ERR_SUBTREE_MINMAX",
        "name constraints minimum and maximum not supported",
        summary: "A CA's name constraints use minimum/maximum, which OpenSSL does not support.",
        meaning: "RFC 5280 forbids these fields in practice; a CA made by an unusual tool included them.",
        checks: ["Re-create the CA's name constraints without minimum and maximum."],
        related: ["chain.name_constraints_violated"]
    ),
    verify(
        50,
        "X509_V_ERR_APPLICATION_VERIFICATION",
        "application verification failure",
        summary: "The application's own verification callback rejected the certificate.",
        meaning:
            "OpenSSL's checks may have passed; the program added its own rule (a pin, a fingerprint, a name rule) and that rule failed.",
        checks: [
            "Look at the application's pinning or custom verification settings.",
            "Compare the server's key with the expected pin: tlsprobe connect HOST:PORT --pin sha256/BASE64",
        ],
        related: ["pin.mismatch"]
    ),
    verify(
        51,
        "X509_V_ERR_UNSUPPORTED_CONSTRAINT_TYPE",
        "unsupported name constraint type",
        summary: "A CA's name constraints use a name type OpenSSL cannot check.",
        meaning:
            "The constraint covers a name form (for example x400Address or ediPartyName) the verifier does not support, so it fails safe.",
        checks: [VerifyChecks.inspect],
        related: ["chain.name_constraints_violated"]
    ),
    verify(
        52,
        "X509_V_ERR_UNSUPPORTED_CONSTRAINT_SYNTAX",
        "unsupported or invalid name constraint syntax",
        summary: "A CA's name constraint is written in a form OpenSSL cannot use.",
        meaning:
            "For example a DNS constraint with a wildcard or a malformed IP address/mask in the CA's nameConstraints.",
        checks: [VerifyChecks.inspect, "Re-create the CA with well-formed name constraints."],
        related: ["chain.name_constraints_violated"]
    ),
    verify(
        53,
        "X509_V_ERR_UNSUPPORTED_NAME_SYNTAX",
        "unsupported or invalid name syntax",
        summary: "A name in the certificate cannot be checked against name constraints.",
        meaning:
            "A SAN or subject name is malformed (for example an email without '@' or a DNS name with bad characters) where name constraints apply.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["chain.name_constraints_violated"]
    ),
    verify(
        54,
        "X509_V_ERR_CRL_PATH_VALIDATION_ERROR",
        "CRL path validation error",
        summary: "The chain for a CRL's signer could not be validated.",
        meaning: "A revocation list is signed by a certificate whose own chain fails.",
        checks: [VerifyChecks.crl]
    ),
    verify(
        55,
        "X509_V_ERR_PATH_LOOP",
        "path loop",
        summary: "Chain building went round in a circle.",
        meaning: "Cross-signed CAs in the bundle refer to each other, so the chain never reaches a root.",
        checks: [
            VerifyChecks.offline,
            "Remove one of the cross-signed certificates from the bundle or the server's chain file.",
        ],
        related: ["chain.unrelated_certificate"],
        textIsExactOnly: true
    ),
    verify(
        56,
        "X509_V_ERR_SUITE_B_INVALID_VERSION",
        "Suite B: certificate version invalid",
        summary: "Suite B mode: the certificate is not X.509 version 3.",
        meaning: "Only when the client enforces NSA Suite B (RFC 6460) profiles.",
        checks: ["Turn off Suite B mode, or re-issue the certificate as version 3."]
    ),
    verify(
        57,
        "X509_V_ERR_SUITE_B_INVALID_ALGORITHM",
        "Suite B: invalid public key algorithm",
        summary: "Suite B mode: the key is not ECDSA P-256 or P-384.",
        meaning: "Only when the client enforces Suite B.",
        checks: ["Turn off Suite B mode, or use an ECDSA P-256/P-384 key."]
    ),
    verify(
        58,
        "X509_V_ERR_SUITE_B_INVALID_CURVE",
        "Suite B: invalid ECC curve",
        summary: "Suite B mode: the curve is not P-256 or P-384.",
        meaning: "Only when the client enforces Suite B.",
        checks: ["Turn off Suite B mode, or use P-256/P-384."]
    ),
    verify(
        59,
        "X509_V_ERR_SUITE_B_INVALID_SIGNATURE_ALGORITHM",
        "Suite B: invalid signature algorithm",
        summary: "Suite B mode: the signature is not ECDSA with SHA-256/384.",
        meaning: "Only when the client enforces Suite B.",
        checks: ["Turn off Suite B mode, or re-issue with ECDSA SHA-256/384."]
    ),
    verify(
        60,
        "X509_V_ERR_SUITE_B_LOS_NOT_ALLOWED",
        "Suite B: curve not allowed for this LOS",
        summary: "Suite B mode: the curve does not match the required level of security.",
        meaning: "Only when the client enforces a Suite B 128/192-bit level.",
        checks: ["Turn off Suite B mode, or use the curve the level requires."]
    ),
    verify(
        61,
        "X509_V_ERR_SUITE_B_CANNOT_SIGN_P_384_WITH_P_256",
        "Suite B: cannot sign P-384 with P-256",
        summary: "Suite B mode: a P-384 key was certified by a P-256 CA.",
        meaning: "Only when the client enforces Suite B.",
        checks: ["Turn off Suite B mode, or issue from a P-384 CA."]
    ),
    verify(
        62,
        "X509_V_ERR_HOSTNAME_MISMATCH",
        "hostname mismatch",
        summary: "The certificate is not issued for the host name the client dialled.",
        meaning:
            "The chain may be trusted, but none of the certificate's subjectAltName DNS entries matches the name the client used. A device reached as printer.local whose certificate says only 'localhost', or whose name is only in the Common Name, gets this from clients that ignore the CN.",
        checks: [
            "See which names the certificate carries and which one the client expects: tlsprobe connect HOST:PORT --host NAME",
            "Re-issue with the name in subjectAltName, keeping the names it has (openssl: -addext \"subjectAltName=IP:10.0.0.5,DNS:printer.local\": -addext replaces the whole extension).",
        ],
        related: ["name.mismatch", "name.cn_only"],
        prominent: true
    ),
    verify(
        63,
        "X509_V_ERR_EMAIL_MISMATCH",
        "email address mismatch",
        summary: "The certificate does not carry the email address that was expected.",
        meaning:
            "The verifier was asked to check an email address (S/MIME style) and none of the certificate's rfc822Name SANs matches.",
        checks: [VerifyChecks.inspect]
    ),
    verify(
        64,
        "X509_V_ERR_IP_ADDRESS_MISMATCH",
        "IP address mismatch",
        summary: "The certificate does not carry the IP address the client dialled.",
        meaning:
            "The client connected by address (https://10.0.0.5/) and expects an iPAddress entry in the subjectAltName. A DNS SAN or a Common Name holding '10.0.0.5' as text does not count. Devices reached by IP on a LAN need their address in an IP SAN, and a new address after a DHCP change breaks it.",
        checks: [
            "Connect as the client does and see the SANs: tlsprobe connect 10.0.0.5:4433 --host 10.0.0.5",
            "Re-issue with an IP SAN, keeping the names it has (openssl: -addext \"subjectAltName=DNS:printer.local,IP:10.0.0.5\": -addext replaces the whole extension), or give the device a DNS name and a reserved address.",
        ],
        related: ["name.ip_not_in_san", "name.mismatch"],
        prominent: true
    ),
    verify(
        65,
        "X509_V_ERR_DANE_NO_MATCH",
        "no matching DANE TLSA records",
        summary: "DANE was used and no TLSA record matches the certificate.",
        meaning:
            "The client checked DNS TLSA records for the service and the presented certificate or key does not match any of them.",
        checks: ["Update the TLSA records after replacing the certificate, or publish a record for the CA's key."]
    ),
    verify(
        66,
        "X509_V_ERR_EE_KEY_TOO_SMALL",
        "EE certificate key too weak",
        summary: "The server's (or client's) key is smaller than the client's security level allows.",
        meaning:
            "OpenSSL's default security level refuses RSA keys under 2048 bits (and small DH/EC keys). Old devices often have 1024-bit RSA keys.",
        checks: [VerifyChecks.inspect, "Re-issue with an RSA 2048+ or ECDSA P-256 key."],
        related: ["cert.weak_key"]
    ),
    verify(
        67,
        "X509_V_ERR_CA_KEY_TOO_SMALL",
        "CA certificate key too weak",
        summary: "A CA's key is smaller than the client's security level allows.",
        meaning:
            "The root or an intermediate has, for example, a 1024-bit RSA key; OpenSSL's security level refuses to rely on it.",
        checks: [VerifyChecks.inspect, "Create a new CA with a 2048+ bit RSA or P-256 key and re-issue the chain."],
        related: ["cert.weak_key"]
    ),
    verify(
        68,
        "X509_V_ERR_CA_MD_TOO_WEAK",
        "CA signature digest algorithm too weak",
        summary: "A certificate is signed with a digest the client no longer accepts (MD5, SHA-1).",
        meaning:
            "OpenSSL's security level 1 and above refuse MD5 and, from level 1 in OpenSSL 3, SHA-1 signatures on certificates other than trusted roots.",
        checks: [VerifyChecks.inspect, "Re-issue the certificate signed with SHA-256."],
        related: ["cert.weak_signature"]
    ),
    verify(
        69,
        "X509_V_ERR_INVALID_CALL",
        "invalid certificate verification context",
        summary: "The program called OpenSSL's verifier wrongly.",
        meaning:
            "A programming error: the verification context was not set up (no certificate to check, or reused wrongly). Not a certificate problem.",
        checks: ["Report it to the application's developers; the certificates are not implicated."]
    ),
    verify(
        70,
        "X509_V_ERR_STORE_LOOKUP",
        "issuer certificate lookup error",
        summary: "Looking up an issuer in the trust store failed.",
        meaning:
            "The store (a directory, a file, a provider) returned an error rather than 'not found': unreadable files, a broken hashed directory, a failing store provider.",
        checks: [
            "Check that the CA file or directory exists and is readable; rebuild hashed directories with openssl rehash DIR."
        ]
    ),
    verify(
        71,
        "X509_V_ERR_NO_VALID_SCTS",
        "Certificate Transparency required, but no valid SCTs found",
        summary: "The client required Certificate Transparency proofs and the certificate has none valid.",
        meaning:
            "Certificates from a private CA never have SCTs; a client requiring CT will always refuse them. Public CAs embed SCTs in their certificates.",
        checks: ["Turn off the CT requirement for private CAs in the client, or use a publicly logged certificate."]
    ),
    verify(
        72,
        "X509_V_ERR_PROXY_SUBJECT_NAME_VIOLATION",
        "proxy subject name violation",
        summary: "An RFC 3820 proxy certificate's subject is not derived from its issuer's.",
        meaning:
            "A proxy certificate must carry its issuer's subject plus one more name component; this one does not. Proxy certificates belong to grid computing and are not seen in ordinary TLS.",
        checks: [VerifyChecks.inspect]
    ),
    verify(
        73,
        "X509_V_ERR_OCSP_VERIFY_NEEDED",
        "OCSP verification needed",
        summary: "The verifier wanted an OCSP check before deciding.",
        meaning: "Revocation checking by OCSP was requested; the answer was not available yet.",
        checks: ["Make the OCSP responder reachable, or staple an OCSP response on the server."]
    ),
    verify(
        74,
        "X509_V_ERR_OCSP_VERIFY_FAILED",
        "OCSP verification failed",
        summary: "The OCSP check could not be completed or its answer was invalid.",
        meaning: "The OCSP responder answered badly, could not be reached, or its signature failed.",
        checks: [
            "Check the responder URL in the certificate's Authority Information Access and that the client can reach it."
        ]
    ),
    verify(
        75,
        "X509_V_ERR_OCSP_CERT_UNKNOWN",
        "OCSP unknown cert",
        summary: "The OCSP responder does not know this certificate.",
        meaning:
            "The CA's responder has no record of the serial number: the certificate may come from another CA of the same name, or the responder's database is stale.",
        checks: ["Check that the certificate really comes from the CA whose responder is named in it."]
    ),
    verify(
        76,
        "X509_V_ERR_UNSUPPORTED_SIGNATURE_ALGORITHM",
        "Cannot find certificate signature algorithm",
        summary: "The certificate is signed with an algorithm OpenSSL cannot use.",
        meaning:
            "The signature algorithm is unknown or disabled here (for example a GOST or SM2 signature without the provider, or a DSA variant).",
        checks: [VerifyChecks.inspect, "Re-issue with SHA-256 RSA or ECDSA."],
        related: ["cert.unsupported_algorithm"]
    ),
    verify(
        77,
        "X509_V_ERR_SIGNATURE_ALGORITHM_MISMATCH",
        "subject signature algorithm and issuer public key algorithm mismatch",
        summary: "The certificate claims a signature type that does not fit the issuer's key.",
        meaning:
            "For example an RSA signature claimed for a certificate whose issuer has an EC key: the certificate was not made by the issuer it names.",
        checks: [VerifyChecks.offline, VerifyChecks.reissue],
        related: ["chain.bad_signature"]
    ),
    verify(
        78,
        "X509_V_ERR_SIGNATURE_ALGORITHM_INCONSISTENCY",
        "cert info signature and signature algorithm mismatch",
        summary: "The two signature-algorithm fields inside the certificate disagree.",
        meaning:
            "A certificate records its signature algorithm twice and they must be identical; a faulty generator wrote different ones.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        79,
        "X509_V_ERR_INVALID_CA",
        "invalid CA certificate",
        summary: "A certificate used as a CA is not a valid CA (OpenSSL 3.0 numbering; 24 in 1.1).",
        meaning:
            "A certificate in the issuer position lacks basicConstraints CA:TRUE or is otherwise not allowed to issue. Happens when a leaf certificate is used to sign another, or when a device's self-made 'CA' was created with a server profile.",
        checks: [
            VerifyChecks.inspect,
            "Create a proper CA (basicConstraints critical CA:TRUE, keyUsage keyCertSign) and issue from it.",
        ],
        related: ["chain.issuer_not_ca"],
        prominent: true
    ),
    verify(
        80,
        "X509_V_ERR_PATHLEN_INVALID_FOR_NON_CA",
        "Path length invalid for non-CA cert",
        summary: "A non-CA certificate carries a path length constraint.",
        meaning:
            "pathLenConstraint only makes sense on CA certificates; OpenSSL 3 in strict mode rejects it elsewhere.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        81,
        "X509_V_ERR_PATHLEN_WITHOUT_KU_KEY_CERT_SIGN",
        "Path length given without key usage keyCertSign",
        summary: "A certificate has a path length constraint but no keyCertSign.",
        meaning: "Flagged by OpenSSL 3's strict checks (-x509_strict): the certificate looks half CA, half not.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["chain.issuer_missing_cert_sign"]
    ),
    verify(
        82,
        "X509_V_ERR_KU_KEY_CERT_SIGN_INVALID_FOR_NON_CA",
        "Key usage keyCertSign invalid for non-CA cert",
        summary: "A non-CA certificate claims keyCertSign.",
        meaning: "Flagged by strict checks: only CA certificates may have keyCertSign.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.key_usage_incompatible"]
    ),
    verify(
        83,
        "X509_V_ERR_ISSUER_NAME_EMPTY",
        "Issuer name empty",
        summary: "The certificate's issuer name is empty.",
        meaning: "Flagged by strict checks; RFC 5280 requires a non-empty issuer.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        84,
        "X509_V_ERR_SUBJECT_NAME_EMPTY",
        "Subject name empty",
        summary: "The certificate's subject is empty without a critical SAN.",
        meaning:
            "Flagged by strict checks: an empty subject is allowed only when the subjectAltName extension is present and critical.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        85,
        "X509_V_ERR_MISSING_AUTHORITY_KEY_IDENTIFIER",
        "Missing Authority Key Identifier",
        summary: "A certificate lacks the authorityKeyIdentifier extension.",
        meaning:
            "Flagged by strict checks (OpenSSL 3 -x509_strict and Python 3.13's default VERIFY_X509_STRICT). Certificates from minimal generators often lack it, and newer clients start refusing them.",
        checks: [
            VerifyChecks.inspect,
            "Re-issue with authorityKeyIdentifier (openssl x509 -req ... -extfile with authorityKeyIdentifier=keyid,issuer).",
        ],
        related: ["cert.malformed"]
    ),
    verify(
        86,
        "X509_V_ERR_MISSING_SUBJECT_KEY_IDENTIFIER",
        "Missing Subject Key Identifier",
        summary: "A CA certificate lacks the subjectKeyIdentifier extension.",
        meaning:
            "Flagged by strict checks (Python 3.13 enables them by default): CA certificates must carry a subjectKeyIdentifier.",
        checks: [VerifyChecks.inspect, "Re-create the CA with subjectKeyIdentifier=hash."],
        related: ["cert.malformed"]
    ),
    verify(
        87,
        "X509_V_ERR_EMPTY_SUBJECT_ALT_NAME",
        "Empty Subject Alternative Name extension",
        summary: "The subjectAltName extension is present but empty.",
        meaning: "Flagged by strict checks; an empty SAN gives name checks nothing to match.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed", "name.mismatch"]
    ),
    verify(
        88,
        "X509_V_ERR_EMPTY_SUBJECT_SAN_NOT_CRITICAL",
        "Subject empty and Subject Alt Name extension not critical",
        summary: "The subject is empty and the subjectAltName is not marked critical.",
        meaning: "Flagged by strict checks: RFC 5280 requires a critical SAN when the subject is empty.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        89,
        "X509_V_ERR_CA_BCONS_NOT_CRITICAL",
        "Basic Constraints of CA cert not marked critical",
        summary: "A CA's basicConstraints extension is not marked critical.",
        meaning:
            "Flagged by strict checks (Python 3.13 by default): RFC 5280 requires it to be critical on CA certificates. Many home-made CAs miss this.",
        checks: [VerifyChecks.inspect, "Re-create the CA with basicConstraints=critical,CA:TRUE."],
        related: ["cert.malformed"]
    ),
    verify(
        90,
        "X509_V_ERR_AUTHORITY_KEY_IDENTIFIER_CRITICAL",
        "Authority Key Identifier marked critical",
        summary: "The authorityKeyIdentifier extension is marked critical.",
        meaning: "Flagged by strict checks: RFC 5280 says it must not be critical.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        91,
        "X509_V_ERR_SUBJECT_KEY_IDENTIFIER_CRITICAL",
        "Subject Key Identifier marked critical",
        summary: "The subjectKeyIdentifier extension is marked critical.",
        meaning: "Flagged by strict checks: RFC 5280 says it must not be critical.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        92,
        "X509_V_ERR_CA_CERT_MISSING_KEY_USAGE",
        "CA cert does not include key usage extension",
        summary: "A CA certificate has no keyUsage extension.",
        meaning: "Flagged by strict checks: CA certificates must state keyCertSign in a keyUsage extension.",
        checks: [VerifyChecks.inspect, "Re-create the CA with keyUsage=critical,keyCertSign,cRLSign."],
        related: ["chain.issuer_missing_cert_sign"]
    ),
    verify(
        93,
        "X509_V_ERR_EXTENSIONS_REQUIRE_VERSION_3",
        "Using cert extension requires at least X509v3",
        summary: "A certificate has extensions but claims to be version 1 or 2.",
        meaning: "Extensions exist only in X.509 version 3; a generator forgot to set the version.",
        checks: [VerifyChecks.inspect, VerifyChecks.reissue],
        related: ["cert.malformed"]
    ),
    verify(
        94,
        "X509_V_ERR_EC_KEY_EXPLICIT_PARAMS",
        "Certificate public key has explicit ECC parameters",
        summary: "The certificate's EC key spells out its curve parameters instead of naming the curve.",
        meaning:
            "Keys must name a standard curve; explicit parameters were behind a 2020 spoofing attack, so strict clients refuse them. Some old firmware generates such keys.",
        checks: [
            VerifyChecks.inspect,
            "Generate the key with a named curve (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256) and re-issue.",
        ],
        related: ["cert.unsupported_algorithm"]
    ),
]
