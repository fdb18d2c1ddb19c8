// Written by ExplainCatalogTableTests from the tables in Catalog+*.swift and from
// FindingCatalog: do not edit. Change the tables, then write this file again with
//
//     TLSPROBE_WRITE_EXPLAIN_TABLE=1 swift test --filter ExplainCatalogTableTests
//
// explain builds only the entries an input names (ErrorCatalog.entries).
// swift-format-ignore-file

extension ErrorCatalog {
    static let tableCount = 403

    /// Entry `index` of the catalogue, built alone.
    static func tableEntry(_ index: Int) -> CatalogEntry {
        switch index {
        case 0:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_OK", code: "0",
                    summary: "Verification succeeded: OpenSSL found a trusted path for the certificate.",
                    meaning: "The chain the peer sent leads to a root this client trusts and nothing on the way failed. If the connection still fails, the cause is elsewhere: the name, a protocol or cipher mismatch, or the other side rejecting you.",
                    checks: ["If the handshake still fails, look at the alerts and the name check: tlsprobe connect HOST:PORT --host NAME"],
                    related: ["tls.handshake_failed", "name.mismatch"]),
                symbols: ["x509_v_ok", "x509_v_ok"],
                exactForms: ["ok"],
                phrases: ["verify return code: 0 (ok)"],
                number: 0, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 1:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNSPECIFIED", code: "1",
                    summary: "Verification failed without a more specific reason.",
                    meaning: "OpenSSL's verifier stopped without recording why; usually an application callback or an internal failure set this. The chain itself may still be fine.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME", "Read the lines logged just before this one; the real reason is often printed there."],
                    related: []),
                symbols: ["x509_v_err_unspecified"],
                exactForms: ["unspecified"],
                phrases: ["unspecified certificate verification error"],
                number: 1, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 2:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT", code: "2",
                    summary: "The issuer of a certificate in the chain could not be found.",
                    meaning: "Part of a chain was built, but the certificate that issued one of its upper members is neither in what the peer sent nor in the client's trust store. On a local network this is usually a home-made CA whose root was never installed on the client, or an intermediate that the server does not send.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate"]),
                symbols: ["x509_v_err_unable_to_get_issuer_cert", "unable_to_get_issuer_cert"],
                exactForms: [],
                phrases: ["unable to get issuer certificate"],
                number: 2, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 3:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNABLE_TO_GET_CRL", code: "3",
                    summary: "Revocation checking was asked for, but no CRL for the certificate was available.",
                    meaning: "The client was told to check revocation lists (for example openssl -crl_check, or a CA file that needs CRLs), and none was loaded for this issuer. The certificate is not known to be revoked; the client just could not check.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_unable_to_get_crl", "unable_to_get_crl"],
                exactForms: [],
                phrases: ["unable to get certificate crl"],
                number: 3, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 4:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNABLE_TO_DECRYPT_CERT_SIGNATURE", code: "4",
                    summary: "The certificate's signature could not be processed with the issuer's key.",
                    meaning: "The signature bytes do not even decode with the issuer's public key, which points at a corrupt certificate or the wrong issuer (another CA with the same name).",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME", "If the CA was re-created, install the new root on the client or re-issue the certificate from the CA the clients trust."],
                    related: ["chain.bad_signature", "chain.anchor_key_mismatch"]),
                symbols: ["x509_v_err_unable_to_decrypt_cert_signature", "unable_to_decrypt_cert_signature"],
                exactForms: [],
                phrases: ["unable to decrypt certificate's signature"],
                number: 4, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 5:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNABLE_TO_DECRYPT_CRL_SIGNATURE", code: "5",
                    summary: "A CRL's signature could not be processed with its issuer's key.",
                    meaning: "The revocation list loaded for this issuer is damaged or was signed by a different key than the CA the client knows.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_unable_to_decrypt_crl_signature", "unable_to_decrypt_crl_signature"],
                exactForms: [],
                phrases: ["unable to decrypt crl's signature"],
                number: 5, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 6:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY", code: "6",
                    summary: "The issuer's public key could not be read.",
                    meaning: "The issuing certificate carries a key OpenSSL cannot parse: an unsupported algorithm, odd parameters, or a damaged certificate.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the CA with an RSA (2048+) or ECDSA P-256/P-384 key."],
                    related: ["cert.unsupported_algorithm", "cert.malformed"]),
                symbols: ["x509_v_err_unable_to_decode_issuer_public_key", "unable_to_decode_issuer_public_key"],
                exactForms: [],
                phrases: ["unable to decode issuer public key"],
                number: 6, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 7:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CERT_SIGNATURE_FAILURE", code: "7",
                    summary: "A certificate's signature does not verify with its issuer's key.",
                    meaning: "The certificate names an issuer the client has, but that issuer's key did not sign it. On a local network this is the classic sign of a CA re-created with the same name and a new key: the client holds the old root, the server's certificate comes from the new one. Corrupted files do it too.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Compare the key of the root installed on the client with the key that signed the server's certificate (tlsprobe inspect shows both SPKI hashes)."],
                    related: ["chain.bad_signature", "chain.anchor_key_mismatch"]),
                symbols: ["x509_v_err_cert_signature_failure", "cert_signature_failure"],
                exactForms: [],
                phrases: ["certificate signature failure"],
                number: 7, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 8:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CRL_SIGNATURE_FAILURE", code: "8",
                    summary: "A CRL's signature does not verify.",
                    meaning: "The revocation list was not signed by the CA the client trusts under that name, or it was damaged.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_crl_signature_failure", "crl_signature_failure"],
                exactForms: [],
                phrases: ["crl signature failure"],
                number: 8, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 9:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CERT_NOT_YET_VALID", code: "9",
                    summary: "A certificate's notBefore date is in the future for this client.",
                    meaning: "The certificate is not valid yet according to the client's clock. Either the client's clock is behind (devices without a battery-backed clock often boot into 1970 or 2000), or the certificate was made on a machine whose clock was ahead, or it was deliberately dated later.",
                    checks: ["Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z.", "Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.not_yet_valid"]),
                symbols: ["x509_v_err_cert_not_yet_valid", "cert_not_yet_valid"],
                exactForms: [],
                phrases: ["certificate is not yet valid"],
                number: 9, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 10:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CERT_HAS_EXPIRED", code: "10",
                    summary: "A certificate in the chain is past its notAfter date.",
                    meaning: "The leaf, an intermediate or the root expired according to the client's clock. Appliances often ship certificates valid for one or two years and nobody renews them; a client whose clock is far ahead reports the same.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Renew the expired certificate (and re-issue the chain if an intermediate expired), then install it on the server.", "Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.expired"]),
                symbols: ["x509_v_err_cert_has_expired", "cert_has_expired"],
                exactForms: [],
                phrases: ["certificate has expired"],
                number: 10, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 11:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CRL_NOT_YET_VALID", code: "11",
                    summary: "The CRL's thisUpdate date is in the future.",
                    meaning: "The revocation list was issued later than the client's clock says it is now; usually a clock difference.",
                    checks: ["Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z.", "If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_crl_not_yet_valid", "crl_not_yet_valid"],
                exactForms: [],
                phrases: ["crl is not yet valid"],
                number: 11, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 12:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CRL_HAS_EXPIRED", code: "12",
                    summary: "The CRL is past its nextUpdate date.",
                    meaning: "The revocation list the client has is stale; a local CA that publishes CRLs must re-issue them before nextUpdate.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_crl_has_expired", "crl_has_expired"],
                exactForms: [],
                phrases: ["crl has expired"],
                number: 12, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 13:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_ERROR_IN_CERT_NOT_BEFORE_FIELD", code: "13",
                    summary: "The certificate's notBefore date is badly encoded.",
                    meaning: "The start date does not follow the UTCTime/GeneralizedTime rules of RFC 5280 (missing seconds, a time zone offset, a wrong length). Home-grown certificate generators produce this.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_error_in_cert_not_before_field", "error_in_cert_not_before_field"],
                exactForms: [],
                phrases: ["format error in certificate's notbefore field"],
                number: 13, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 14:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_ERROR_IN_CERT_NOT_AFTER_FIELD", code: "14",
                    summary: "The certificate's notAfter date is badly encoded.",
                    meaning: "The expiry date does not follow RFC 5280's time encoding; strict clients refuse the certificate.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_error_in_cert_not_after_field", "error_in_cert_not_after_field"],
                exactForms: [],
                phrases: ["format error in certificate's notafter field"],
                number: 14, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 15:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_ERROR_IN_CRL_LAST_UPDATE_FIELD", code: "15",
                    summary: "A CRL's lastUpdate date is badly encoded.",
                    meaning: "The revocation list's issue date cannot be read; the CRL was produced by a faulty tool.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_error_in_crl_last_update_field", "error_in_crl_last_update_field"],
                exactForms: [],
                phrases: ["format error in crl's lastupdate field"],
                number: 15, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 16:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_ERROR_IN_CRL_NEXT_UPDATE_FIELD", code: "16",
                    summary: "A CRL's nextUpdate date is badly encoded.",
                    meaning: "The revocation list's expiry date cannot be read; the CRL was produced by a faulty tool.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_error_in_crl_next_update_field", "error_in_crl_next_update_field"],
                exactForms: [],
                phrases: ["format error in crl's nextupdate field"],
                number: 16, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 17:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_OUT_OF_MEM", code: "17",
                    summary: "OpenSSL ran out of memory while verifying.",
                    meaning: "Not a certificate problem: the process could not allocate memory during verification.",
                    checks: ["Check the process's memory limits and retry; the certificates themselves are not implicated."],
                    related: []),
                symbols: ["x509_v_err_out_of_mem", "out_of_mem"],
                exactForms: ["out of memory"],
                phrases: [],
                number: 17, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 18:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT", code: "18",
                    summary: "The server's own certificate is self-signed and not trusted by the client.",
                    meaning: "The peer sent a single certificate that signed itself, and that exact certificate is not in the client's trust store. Cameras, printers, NAS boxes and development servers do this by default. It can only be trusted by installing or pinning that very certificate on every client.",
                    checks: ["Trust this exact certificate explicitly to test: tlsprobe connect HOST:PORT --anchor server-cert.pem", "For more than one client, issue the device a certificate from a small local CA and install the CA's root on the clients instead."],
                    related: ["chain.self_signed_leaf"]),
                symbols: ["x509_v_err_depth_zero_self_signed_cert", "depth_zero_self_signed_cert"],
                exactForms: [],
                phrases: ["self-signed certificate"],
                number: 18, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 19:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN", code: "19",
                    summary: "The chain ends in a self-signed root the client does not trust.",
                    meaning: "The server sent its chain including a root certificate, and that root is not among the client's trusted anchors. With a home-made CA this means the root was not installed on this client (or was installed for another purpose, or on another profile). It also happens behind TLS-inspecting proxies, whose root is not on the client.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Install the root on the client: on iOS install the profile, then enable it under Settings > General > About > Certificate Trust Settings."],
                    related: ["chain.untrusted_root", "chain.root_sent"]),
                symbols: ["x509_v_err_self_signed_cert_in_chain", "self_signed_cert_in_chain"],
                exactForms: [],
                phrases: ["self-signed certificate in certificate chain"],
                number: 19, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 20:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY", code: "20",
                    summary: "The client cannot find, among the certificates it trusts, the issuer of the chain's top certificate.",
                    meaning: "OpenSSL built the chain as far as it could with what the server sent, then looked for the next issuer in the client's trust store and found nothing. Either the root of a local CA is not installed on this client (the usual case on a LAN), or the server does not send an intermediate that links its certificate to a root the client does have.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone.", "With curl, point at the right bundle: curl --cacert root.pem https://HOST:PORT/"],
                    related: ["chain.untrusted_root", "chain.missing_intermediate"]),
                symbols: ["x509_v_err_unable_to_get_issuer_cert_locally", "unable_to_get_issuer_cert_locally"],
                exactForms: [],
                phrases: ["unable to get local issuer certificate"],
                number: 20, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 21:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE", code: "21",
                    summary: "The server sent only its own certificate and the client has nothing that issued it.",
                    meaning: "No issuer for the leaf certificate was found: the server sent no intermediates and the client's trust store holds neither the intermediate nor a root that signed the leaf directly. Most often the server's configuration names the certificate file but not the chain file.",
                    checks: ["Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone.", "Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem"],
                    related: ["chain.missing_intermediate", "chain.untrusted_root"]),
                symbols: ["x509_v_err_unable_to_verify_leaf_signature", "unable_to_verify_leaf_signature"],
                exactForms: [],
                phrases: ["unable to verify the first certificate"],
                number: 21, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 22:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CERT_CHAIN_TOO_LONG", code: "22",
                    summary: "The chain is longer than the verifier's depth limit.",
                    meaning: "OpenSSL stops after a configured number of certificates (-verify_depth, 100 by default). A chain that long is usually a loop of cross-signed CAs or a misconfigured bundle.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME", "Remove unrelated or duplicate certificates from the server's chain file."],
                    related: ["chain.too_long", "chain.unrelated_certificate"]),
                symbols: ["x509_v_err_cert_chain_too_long", "cert_chain_too_long"],
                exactForms: [],
                phrases: ["certificate chain too long"],
                number: 22, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 23:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CERT_REVOKED", code: "23",
                    summary: "A certificate in the chain is listed as revoked.",
                    meaning: "The CRL (or OCSP answer) the client checked says the CA withdrew this certificate, typically because its key was lost or it was replaced.",
                    checks: ["Install a newly issued certificate on the server.", "If a local CA revoked it by mistake, re-issue the CRL without it."],
                    related: []),
                symbols: ["x509_v_err_cert_revoked", "cert_revoked"],
                exactForms: [],
                phrases: ["certificate revoked"],
                number: 23, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 24:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_NO_ISSUER_PUBLIC_KEY", code: "24",
                    summary: "The issuer certificate carries no usable public key (OpenSSL 3.0 numbering).",
                    meaning: "The certificate that should have signed the next one has no public key OpenSSL can use, so no signature below it can be checked. Note that in OpenSSL 1.1 the number 24 meant 'invalid CA certificate', which 3.0 moved to 79; a log from 1.1 saying 24 means X509_V_ERR_INVALID_CA.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "If the log came from OpenSSL 1.1, read it as X509_V_ERR_INVALID_CA (79 in 3.0)."],
                    related: ["cert.unsupported_algorithm"]),
                symbols: ["x509_v_err_no_issuer_public_key", "no_issuer_public_key"],
                exactForms: [],
                phrases: ["issuer certificate doesn't have a public key"],
                number: 24, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 25:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_PATH_LENGTH_EXCEEDED", code: "25",
                    summary: "A CA's pathLenConstraint does not allow as many CAs below it as the chain has.",
                    meaning: "A CA certificate says how many intermediate CAs may follow it (basicConstraints pathlen). The chain has more, for example an intermediate created under a root made with pathlen:0.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME", "Re-issue the constraining CA with a larger pathlen, or issue the leaf directly from a CA higher up."],
                    related: ["chain.path_length_exceeded"]),
                symbols: ["x509_v_err_path_length_exceeded", "path_length_exceeded"],
                exactForms: [],
                phrases: ["path length constraint exceeded"],
                number: 25, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 26:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_INVALID_PURPOSE", code: "26",
                    summary: "The certificate is not allowed for this use (server or client authentication).",
                    meaning: "The certificate's extendedKeyUsage (or an old Netscape cert type) does not include the purpose the verifier asked for: a server certificate without serverAuth, a client certificate without clientAuth, or a CA whose EKU excludes it.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue with extendedKeyUsage serverAuth (servers) or clientAuth (clients)."],
                    related: ["cert.eku_missing_server_auth", "cert.eku_missing_client_auth"]),
                symbols: ["x509_v_err_invalid_purpose", "invalid_purpose"],
                exactForms: [],
                phrases: ["unsuitable certificate purpose"],
                number: 26, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 27:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CERT_UNTRUSTED", code: "27",
                    summary: "The root is present but not trusted for this purpose.",
                    meaning: "The chain reaches a root the client has, but the trust settings attached to it do not cover this use (for example a root marked only for email), or the root was explicitly distrusted.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Check the trust settings of the root in the client's store, not only that it is present."],
                    related: ["chain.untrusted_root"]),
                symbols: ["x509_v_err_cert_untrusted", "cert_untrusted"],
                exactForms: [],
                phrases: ["certificate not trusted"],
                number: 27, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 28:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CERT_REJECTED", code: "28",
                    summary: "The root is marked to be rejected for this purpose.",
                    meaning: "The client's store holds the root with an explicit 'reject' setting for this use, so chains ending in it always fail.",
                    checks: ["Remove the reject setting from the root in the client's store, or use a different CA."],
                    related: ["chain.untrusted_root"]),
                symbols: ["x509_v_err_cert_rejected", "cert_rejected"],
                exactForms: [],
                phrases: ["certificate rejected"],
                number: 28, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 29:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUBJECT_ISSUER_MISMATCH", code: "29",
                    summary: "A candidate issuer's subject does not match the certificate's issuer name.",
                    meaning: "OpenSSL tried a certificate as the issuer and found its subject differs from the issuer name recorded in the child. This is diagnostic noise during chain building and seldom the final error.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME"],
                    related: ["chain.unrelated_certificate"]),
                symbols: ["x509_v_err_subject_issuer_mismatch", "subject_issuer_mismatch"],
                exactForms: [],
                phrases: ["subject issuer mismatch"],
                number: 29, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 30:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_AKID_SKID_MISMATCH", code: "30",
                    summary: "The certificate's authority key identifier does not match the candidate issuer's key identifier.",
                    meaning: "The child says which issuer key signed it (authorityKeyIdentifier) and the candidate issuer has another (subjectKeyIdentifier). Typical after a CA was re-created with the same name: the identifiers tell the two apart.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Compare the root installed on the client with the one that issued the server's certificate."],
                    related: ["chain.anchor_key_mismatch"]),
                symbols: ["x509_v_err_akid_skid_mismatch", "akid_skid_mismatch"],
                exactForms: [],
                phrases: ["authority and subject key identifier mismatch"],
                number: 30, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 31:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_AKID_ISSUER_SERIAL_MISMATCH", code: "31",
                    summary: "The authority key identifier names an issuer serial number that does not match.",
                    meaning: "The child's authorityKeyIdentifier records the issuer's serial number, and the candidate issuer has a different one: usually a re-created or re-issued CA.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem"],
                    related: ["chain.anchor_key_mismatch"]),
                symbols: ["x509_v_err_akid_issuer_serial_mismatch", "akid_issuer_serial_mismatch"],
                exactForms: [],
                phrases: ["authority and issuer serial number mismatch"],
                number: 31, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 32:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_KEYUSAGE_NO_CERTSIGN", code: "32",
                    summary: "An issuing CA's keyUsage lacks keyCertSign.",
                    meaning: "The certificate that signed another has a keyUsage extension without keyCertSign, so it may not act as a CA. Hand-made CAs created with a server certificate profile do this.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-create the CA certificate with keyUsage keyCertSign, cRLSign and basicConstraints CA:TRUE."],
                    related: ["chain.issuer_missing_cert_sign"]),
                symbols: ["x509_v_err_keyusage_no_certsign", "keyusage_no_certsign"],
                exactForms: [],
                phrases: ["key usage does not include certificate signing"],
                number: 32, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 33:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNABLE_TO_GET_CRL_ISSUER", code: "33",
                    summary: "The issuer of a CRL could not be found.",
                    meaning: "A revocation list was loaded but the CA that signed it is not available to the client.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_unable_to_get_crl_issuer", "unable_to_get_crl_issuer"],
                exactForms: [],
                phrases: ["unable to get crl issuer certificate"],
                number: 33, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 34:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION", code: "34",
                    summary: "A certificate has an extension marked critical that the client does not understand.",
                    meaning: "RFC 5280 requires clients to reject certificates with critical extensions they cannot process. Vendor-specific extensions marked critical by device firmware cause this.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue without the extension, or with it marked non-critical."],
                    related: ["cert.unknown_critical_extension"]),
                symbols: ["x509_v_err_unhandled_critical_extension", "unhandled_critical_extension"],
                exactForms: [],
                phrases: ["unhandled critical extension"],
                number: 34, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 35:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_KEYUSAGE_NO_CRL_SIGN", code: "35",
                    summary: "The CA that signed a CRL lacks keyUsage cRLSign.",
                    meaning: "The revocation list was signed by a certificate whose keyUsage does not allow signing CRLs.",
                    checks: ["Re-create the CA with keyUsage cRLSign, or sign CRLs with a CA that has it.", "If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_keyusage_no_crl_sign", "keyusage_no_crl_sign"],
                exactForms: [],
                phrases: ["key usage does not include crl signing"],
                number: 35, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 36:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNHANDLED_CRITICAL_CRL_EXTENSION", code: "36",
                    summary: "A CRL has a critical extension the client does not understand.",
                    meaning: "The revocation list carries a critical extension (for example delta-CRL features) this verifier does not support.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_unhandled_critical_crl_extension", "unhandled_critical_crl_extension"],
                exactForms: [],
                phrases: ["unhandled critical crl extension"],
                number: 36, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 37:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_INVALID_NON_CA", code: "37",
                    summary: "A certificate that is not a CA carries CA-only markings.",
                    meaning: "The certificate says basicConstraints CA:FALSE (or has none) yet has CA-only settings such as keyCertSign, so OpenSSL refuses to use it either way.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["chain.issuer_not_ca"]),
                symbols: ["x509_v_err_invalid_non_ca", "invalid_non_ca"],
                exactForms: [],
                phrases: ["invalid non-ca certificate (has ca markings)"],
                number: 37, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 38:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_PROXY_PATH_LENGTH_EXCEEDED", code: "38",
                    summary: "An RFC 3820 proxy certificate chain is longer than allowed.",
                    meaning: "Proxy certificates (grid computing) limit how many may follow each other; this chain has more. Not seen in ordinary TLS.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME"],
                    related: []),
                symbols: ["x509_v_err_proxy_path_length_exceeded", "proxy_path_length_exceeded"],
                exactForms: [],
                phrases: ["proxy path length constraint exceeded"],
                number: 38, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 39:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_KEYUSAGE_NO_DIGITAL_SIGNATURE", code: "39",
                    summary: "The certificate's keyUsage lacks digitalSignature, which the handshake needs.",
                    meaning: "The key is used to sign the handshake (all ECDHE suites and TLS 1.3), but the certificate's keyUsage does not allow signatures. Certificates made for RSA key transport only (keyEncipherment) hit this on modern clients.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue with keyUsage digitalSignature (and keyEncipherment for RSA keys)."],
                    related: ["cert.key_usage_incompatible"]),
                symbols: ["x509_v_err_keyusage_no_digital_signature", "keyusage_no_digital_signature"],
                exactForms: [],
                phrases: ["key usage does not include digital signature"],
                number: 39, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 40:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_PROXY_CERTIFICATES_NOT_ALLOWED", code: "40",
                    summary: "An RFC 3820 proxy certificate was met but proxy certificates are not enabled.",
                    meaning: "The chain contains a proxy certificate and the verifier was not told to accept them. Not seen in ordinary TLS.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: []),
                symbols: ["x509_v_err_proxy_certificates_not_allowed", "proxy_certificates_not_allowed"],
                exactForms: [],
                phrases: ["proxy certificates not allowed, please set the appropriate flag"],
                number: 40, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 41:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_INVALID_EXTENSION", code: "41",
                    summary: "A certificate extension is malformed or contradicts another.",
                    meaning: "An extension could not be parsed or its values conflict (for example basicConstraints pathlen on a non-CA, a malformed SAN). Strict clients reject it.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_invalid_extension", "invalid_extension"],
                exactForms: [],
                phrases: ["invalid or inconsistent certificate extension"],
                number: 41, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 42:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_INVALID_POLICY_EXTENSION", code: "42",
                    summary: "A certificate policies extension is malformed or inconsistent.",
                    meaning: "Policy-related extensions (certificatePolicies, policyConstraints, policyMappings) could not be processed. Rare outside enterprise PKIs.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "This is rare with certificates made by common tools; look at the certificate with tlsprobe inspect and re-issue it with openssl or your CA software."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_invalid_policy_extension", "invalid_policy_extension"],
                exactForms: [],
                phrases: ["invalid or inconsistent certificate policy extension"],
                number: 42, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 43:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_NO_EXPLICIT_POLICY", code: "43",
                    summary: "Policy checking required an explicit policy and the chain has none acceptable.",
                    meaning: "The verifier (or a CA's policyConstraints) demanded a certificate policy the chain does not carry. Only met with policy-checking enabled.",
                    checks: ["Check the client's policy settings (-policy, -explicit_policy) and the CA's policy extensions."],
                    related: []),
                symbols: ["x509_v_err_no_explicit_policy", "no_explicit_policy"],
                exactForms: ["no explicit policy"],
                phrases: [],
                number: 43, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 44:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_DIFFERENT_CRL_SCOPE", code: "44",
                    summary: "The CRL found does not cover this certificate.",
                    meaning: "A revocation list was loaded but its scope (issuing distribution point) does not include this certificate.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_different_crl_scope", "different_crl_scope"],
                exactForms: ["different crl scope"],
                phrases: [],
                number: 44, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 45:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNSUPPORTED_EXTENSION_FEATURE", code: "45",
                    summary: "A certificate or CRL uses an extension feature OpenSSL does not support.",
                    meaning: "Something like indirect CRLs or unusual distribution point settings was met and cannot be processed.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "This is rare with certificates made by common tools; look at the certificate with tlsprobe inspect and re-issue it with openssl or your CA software."],
                    related: []),
                symbols: ["x509_v_err_unsupported_extension_feature", "unsupported_extension_feature"],
                exactForms: [],
                phrases: ["unsupported extension feature"],
                number: 45, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 46:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNNESTED_RESOURCE", code: "46",
                    summary: "IP or AS resources in a certificate exceed its issuer's (RFC 3779).",
                    meaning: "Used in routing PKI (RPKI); not met in ordinary TLS.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: []),
                symbols: ["x509_v_err_unnested_resource", "unnested_resource"],
                exactForms: [],
                phrases: ["rfc 3779 resource not subset of parent's resources"],
                number: 46, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 47:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_PERMITTED_VIOLATION", code: "47",
                    summary: "A name in the certificate is outside the names its CA is permitted to certify.",
                    meaning: "A CA above has nameConstraints listing the names it may issue for, and the certificate carries a name (DNS, IP, email) outside that list. A local CA restricted to '.home.arpa' issuing for an IP address does this.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME", "Issue for a permitted name, or re-issue the constraining CA with the name added to its permitted subtrees."],
                    related: ["chain.name_constraints_violated"]),
                symbols: ["x509_v_err_permitted_violation", "permitted_violation"],
                exactForms: [],
                phrases: ["permitted subtree violation"],
                number: 47, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 48:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_EXCLUDED_VIOLATION", code: "48",
                    summary: "A name in the certificate falls in a subtree its CA is forbidden to certify.",
                    meaning: "A CA above has nameConstraints excluding some names, and this certificate carries one of them.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME", "Issue the certificate for a name the CA is allowed to certify."],
                    related: ["chain.name_constraints_violated"]),
                symbols: ["x509_v_err_excluded_violation", "excluded_violation"],
                exactForms: [],
                phrases: ["excluded subtree violation"],
                number: 48, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 49:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUBTREE_MINMAX", code: "49",
                    summary: "A CA's name constraints use minimum/maximum, which OpenSSL does not support.",
                    meaning: "RFC 5280 forbids these fields in practice; a CA made by an unusual tool included them.",
                    checks: ["Re-create the CA's name constraints without minimum and maximum."],
                    related: ["chain.name_constraints_violated"]),
                symbols: ["x509_v_err_subtree_minmax", "subtree_minmax"],
                exactForms: [],
                phrases: ["name constraints minimum and maximum not supported"],
                number: 49, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 50:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_APPLICATION_VERIFICATION", code: "50",
                    summary: "The application's own verification callback rejected the certificate.",
                    meaning: "OpenSSL's checks may have passed; the program added its own rule (a pin, a fingerprint, a name rule) and that rule failed.",
                    checks: ["Look at the application's pinning or custom verification settings.", "Compare the server's key with the expected pin: tlsprobe connect HOST:PORT --pin sha256/BASE64"],
                    related: ["pin.mismatch"]),
                symbols: ["x509_v_err_application_verification", "application_verification"],
                exactForms: [],
                phrases: ["application verification failure"],
                number: 50, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 51:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNSUPPORTED_CONSTRAINT_TYPE", code: "51",
                    summary: "A CA's name constraints use a name type OpenSSL cannot check.",
                    meaning: "The constraint covers a name form (for example x400Address or ediPartyName) the verifier does not support, so it fails safe.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["chain.name_constraints_violated"]),
                symbols: ["x509_v_err_unsupported_constraint_type", "unsupported_constraint_type"],
                exactForms: [],
                phrases: ["unsupported name constraint type"],
                number: 51, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 52:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNSUPPORTED_CONSTRAINT_SYNTAX", code: "52",
                    summary: "A CA's name constraint is written in a form OpenSSL cannot use.",
                    meaning: "For example a DNS constraint with a wildcard or a malformed IP address/mask in the CA's nameConstraints.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-create the CA with well-formed name constraints."],
                    related: ["chain.name_constraints_violated"]),
                symbols: ["x509_v_err_unsupported_constraint_syntax", "unsupported_constraint_syntax"],
                exactForms: [],
                phrases: ["unsupported or invalid name constraint syntax"],
                number: 52, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 53:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNSUPPORTED_NAME_SYNTAX", code: "53",
                    summary: "A name in the certificate cannot be checked against name constraints.",
                    meaning: "A SAN or subject name is malformed (for example an email without '@' or a DNS name with bad characters) where name constraints apply.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["chain.name_constraints_violated"]),
                symbols: ["x509_v_err_unsupported_name_syntax", "unsupported_name_syntax"],
                exactForms: [],
                phrases: ["unsupported or invalid name syntax"],
                number: 53, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 54:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CRL_PATH_VALIDATION_ERROR", code: "54",
                    summary: "The chain for a CRL's signer could not be validated.",
                    meaning: "A revocation list is signed by a certificate whose own chain fails.",
                    checks: ["If you do not need revocation checks on a local network, turn off CRL checking in the client (openssl: drop -crl_check); otherwise publish a current CRL."],
                    related: []),
                symbols: ["x509_v_err_crl_path_validation_error", "crl_path_validation_error"],
                exactForms: [],
                phrases: ["crl path validation error"],
                number: 54, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 55:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_PATH_LOOP", code: "55",
                    summary: "Chain building went round in a circle.",
                    meaning: "Cross-signed CAs in the bundle refer to each other, so the chain never reaches a root.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME", "Remove one of the cross-signed certificates from the bundle or the server's chain file."],
                    related: ["chain.unrelated_certificate"]),
                symbols: ["x509_v_err_path_loop", "path_loop"],
                exactForms: ["path loop"],
                phrases: [],
                number: 55, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 56:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUITE_B_INVALID_VERSION", code: "56",
                    summary: "Suite B mode: the certificate is not X.509 version 3.",
                    meaning: "Only when the client enforces NSA Suite B (RFC 6460) profiles.",
                    checks: ["Turn off Suite B mode, or re-issue the certificate as version 3."],
                    related: []),
                symbols: ["x509_v_err_suite_b_invalid_version", "suite_b_invalid_version"],
                exactForms: [],
                phrases: ["suite b: certificate version invalid"],
                number: 56, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 57:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUITE_B_INVALID_ALGORITHM", code: "57",
                    summary: "Suite B mode: the key is not ECDSA P-256 or P-384.",
                    meaning: "Only when the client enforces Suite B.",
                    checks: ["Turn off Suite B mode, or use an ECDSA P-256/P-384 key."],
                    related: []),
                symbols: ["x509_v_err_suite_b_invalid_algorithm", "suite_b_invalid_algorithm"],
                exactForms: [],
                phrases: ["suite b: invalid public key algorithm"],
                number: 57, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 58:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUITE_B_INVALID_CURVE", code: "58",
                    summary: "Suite B mode: the curve is not P-256 or P-384.",
                    meaning: "Only when the client enforces Suite B.",
                    checks: ["Turn off Suite B mode, or use P-256/P-384."],
                    related: []),
                symbols: ["x509_v_err_suite_b_invalid_curve", "suite_b_invalid_curve"],
                exactForms: [],
                phrases: ["suite b: invalid ecc curve"],
                number: 58, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 59:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUITE_B_INVALID_SIGNATURE_ALGORITHM", code: "59",
                    summary: "Suite B mode: the signature is not ECDSA with SHA-256/384.",
                    meaning: "Only when the client enforces Suite B.",
                    checks: ["Turn off Suite B mode, or re-issue with ECDSA SHA-256/384."],
                    related: []),
                symbols: ["x509_v_err_suite_b_invalid_signature_algorithm", "suite_b_invalid_signature_algorithm"],
                exactForms: [],
                phrases: ["suite b: invalid signature algorithm"],
                number: 59, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 60:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUITE_B_LOS_NOT_ALLOWED", code: "60",
                    summary: "Suite B mode: the curve does not match the required level of security.",
                    meaning: "Only when the client enforces a Suite B 128/192-bit level.",
                    checks: ["Turn off Suite B mode, or use the curve the level requires."],
                    related: []),
                symbols: ["x509_v_err_suite_b_los_not_allowed", "suite_b_los_not_allowed"],
                exactForms: [],
                phrases: ["suite b: curve not allowed for this los"],
                number: 60, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 61:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUITE_B_CANNOT_SIGN_P_384_WITH_P_256", code: "61",
                    summary: "Suite B mode: a P-384 key was certified by a P-256 CA.",
                    meaning: "Only when the client enforces Suite B.",
                    checks: ["Turn off Suite B mode, or issue from a P-384 CA."],
                    related: []),
                symbols: ["x509_v_err_suite_b_cannot_sign_p_384_with_p_256", "suite_b_cannot_sign_p_384_with_p_256"],
                exactForms: [],
                phrases: ["suite b: cannot sign p-384 with p-256"],
                number: 61, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 62:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_HOSTNAME_MISMATCH", code: "62",
                    summary: "The certificate is not issued for the host name the client dialled.",
                    meaning: "The chain may be trusted, but none of the certificate's subjectAltName DNS entries matches the name the client used. A device reached as printer.local whose certificate says only 'localhost', or whose name is only in the Common Name, gets this from clients that ignore the CN.",
                    checks: ["See which names the certificate carries and which one the client expects: tlsprobe connect HOST:PORT --host NAME", "Re-issue with the name in subjectAltName, keeping the names it has (openssl: -addext \"subjectAltName=IP:10.0.0.5,DNS:printer.local\": -addext replaces the whole extension)."],
                    related: ["name.mismatch", "name.cn_only"]),
                symbols: ["x509_v_err_hostname_mismatch", "hostname_mismatch"],
                exactForms: [],
                phrases: ["hostname mismatch"],
                number: 62, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 63:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_EMAIL_MISMATCH", code: "63",
                    summary: "The certificate does not carry the email address that was expected.",
                    meaning: "The verifier was asked to check an email address (S/MIME style) and none of the certificate's rfc822Name SANs matches.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: []),
                symbols: ["x509_v_err_email_mismatch", "email_mismatch"],
                exactForms: [],
                phrases: ["email address mismatch"],
                number: 63, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 64:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_IP_ADDRESS_MISMATCH", code: "64",
                    summary: "The certificate does not carry the IP address the client dialled.",
                    meaning: "The client connected by address (https://10.0.0.5/) and expects an iPAddress entry in the subjectAltName. A DNS SAN or a Common Name holding '10.0.0.5' as text does not count. Devices reached by IP on a LAN need their address in an IP SAN, and a new address after a DHCP change breaks it.",
                    checks: ["Connect as the client does and see the SANs: tlsprobe connect 10.0.0.5:4433 --host 10.0.0.5", "Re-issue with an IP SAN, keeping the names it has (openssl: -addext \"subjectAltName=DNS:printer.local,IP:10.0.0.5\": -addext replaces the whole extension), or give the device a DNS name and a reserved address."],
                    related: ["name.ip_not_in_san", "name.mismatch"]),
                symbols: ["x509_v_err_ip_address_mismatch", "ip_address_mismatch"],
                exactForms: [],
                phrases: ["ip address mismatch"],
                number: 64, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 65:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_DANE_NO_MATCH", code: "65",
                    summary: "DANE was used and no TLSA record matches the certificate.",
                    meaning: "The client checked DNS TLSA records for the service and the presented certificate or key does not match any of them.",
                    checks: ["Update the TLSA records after replacing the certificate, or publish a record for the CA's key."],
                    related: []),
                symbols: ["x509_v_err_dane_no_match", "dane_no_match"],
                exactForms: [],
                phrases: ["no matching dane tlsa records"],
                number: 65, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 66:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_EE_KEY_TOO_SMALL", code: "66",
                    summary: "The server's (or client's) key is smaller than the client's security level allows.",
                    meaning: "OpenSSL's default security level refuses RSA keys under 2048 bits (and small DH/EC keys). Old devices often have 1024-bit RSA keys.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue with an RSA 2048+ or ECDSA P-256 key."],
                    related: ["cert.weak_key"]),
                symbols: ["x509_v_err_ee_key_too_small", "ee_key_too_small"],
                exactForms: [],
                phrases: ["ee certificate key too weak"],
                number: 66, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 67:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CA_KEY_TOO_SMALL", code: "67",
                    summary: "A CA's key is smaller than the client's security level allows.",
                    meaning: "The root or an intermediate has, for example, a 1024-bit RSA key; OpenSSL's security level refuses to rely on it.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Create a new CA with a 2048+ bit RSA or P-256 key and re-issue the chain."],
                    related: ["cert.weak_key"]),
                symbols: ["x509_v_err_ca_key_too_small", "ca_key_too_small"],
                exactForms: [],
                phrases: ["ca certificate key too weak"],
                number: 67, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 68:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CA_MD_TOO_WEAK", code: "68",
                    summary: "A certificate is signed with a digest the client no longer accepts (MD5, SHA-1).",
                    meaning: "OpenSSL's security level 1 and above refuse MD5 and, from level 1 in OpenSSL 3, SHA-1 signatures on certificates other than trusted roots.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate signed with SHA-256."],
                    related: ["cert.weak_signature"]),
                symbols: ["x509_v_err_ca_md_too_weak", "ca_md_too_weak"],
                exactForms: [],
                phrases: ["ca signature digest algorithm too weak"],
                number: 68, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 69:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_INVALID_CALL", code: "69",
                    summary: "The program called OpenSSL's verifier wrongly.",
                    meaning: "A programming error: the verification context was not set up (no certificate to check, or reused wrongly). Not a certificate problem.",
                    checks: ["Report it to the application's developers; the certificates are not implicated."],
                    related: []),
                symbols: ["x509_v_err_invalid_call", "invalid_call"],
                exactForms: [],
                phrases: ["invalid certificate verification context"],
                number: 69, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 70:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_STORE_LOOKUP", code: "70",
                    summary: "Looking up an issuer in the trust store failed.",
                    meaning: "The store (a directory, a file, a provider) returned an error rather than 'not found': unreadable files, a broken hashed directory, a failing store provider.",
                    checks: ["Check that the CA file or directory exists and is readable; rebuild hashed directories with openssl rehash DIR."],
                    related: []),
                symbols: ["x509_v_err_store_lookup", "store_lookup"],
                exactForms: [],
                phrases: ["issuer certificate lookup error"],
                number: 70, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 71:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_NO_VALID_SCTS", code: "71",
                    summary: "The client required Certificate Transparency proofs and the certificate has none valid.",
                    meaning: "Certificates from a private CA never have SCTs; a client requiring CT will always refuse them. Public CAs embed SCTs in their certificates.",
                    checks: ["Turn off the CT requirement for private CAs in the client, or use a publicly logged certificate."],
                    related: []),
                symbols: ["x509_v_err_no_valid_scts", "no_valid_scts"],
                exactForms: [],
                phrases: ["certificate transparency required, but no valid scts found"],
                number: 71, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 72:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_PROXY_SUBJECT_NAME_VIOLATION", code: "72",
                    summary: "An RFC 3820 proxy certificate's subject is not derived from its issuer's.",
                    meaning: "A proxy certificate must carry its issuer's subject plus one more name component; this one does not. Proxy certificates belong to grid computing and are not seen in ordinary TLS.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: []),
                symbols: ["x509_v_err_proxy_subject_name_violation", "proxy_subject_name_violation"],
                exactForms: [],
                phrases: ["proxy subject name violation"],
                number: 72, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 73:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_OCSP_VERIFY_NEEDED", code: "73",
                    summary: "The verifier wanted an OCSP check before deciding.",
                    meaning: "Revocation checking by OCSP was requested; the answer was not available yet.",
                    checks: ["Make the OCSP responder reachable, or staple an OCSP response on the server."],
                    related: []),
                symbols: ["x509_v_err_ocsp_verify_needed", "ocsp_verify_needed"],
                exactForms: [],
                phrases: ["ocsp verification needed"],
                number: 73, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 74:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_OCSP_VERIFY_FAILED", code: "74",
                    summary: "The OCSP check could not be completed or its answer was invalid.",
                    meaning: "The OCSP responder answered badly, could not be reached, or its signature failed.",
                    checks: ["Check the responder URL in the certificate's Authority Information Access and that the client can reach it."],
                    related: []),
                symbols: ["x509_v_err_ocsp_verify_failed", "ocsp_verify_failed"],
                exactForms: [],
                phrases: ["ocsp verification failed"],
                number: 74, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 75:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_OCSP_CERT_UNKNOWN", code: "75",
                    summary: "The OCSP responder does not know this certificate.",
                    meaning: "The CA's responder has no record of the serial number: the certificate may come from another CA of the same name, or the responder's database is stale.",
                    checks: ["Check that the certificate really comes from the CA whose responder is named in it."],
                    related: []),
                symbols: ["x509_v_err_ocsp_cert_unknown", "ocsp_cert_unknown"],
                exactForms: [],
                phrases: ["ocsp unknown cert"],
                number: 75, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 76:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_UNSUPPORTED_SIGNATURE_ALGORITHM", code: "76",
                    summary: "The certificate is signed with an algorithm OpenSSL cannot use.",
                    meaning: "The signature algorithm is unknown or disabled here (for example a GOST or SM2 signature without the provider, or a DSA variant).",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue with SHA-256 RSA or ECDSA."],
                    related: ["cert.unsupported_algorithm"]),
                symbols: ["x509_v_err_unsupported_signature_algorithm", "unsupported_signature_algorithm"],
                exactForms: [],
                phrases: ["cannot find certificate signature algorithm"],
                number: 76, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 77:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SIGNATURE_ALGORITHM_MISMATCH", code: "77",
                    summary: "The certificate claims a signature type that does not fit the issuer's key.",
                    meaning: "For example an RSA signature claimed for a certificate whose issuer has an EC key: the certificate was not made by the issuer it names.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["chain.bad_signature"]),
                symbols: ["x509_v_err_signature_algorithm_mismatch", "signature_algorithm_mismatch"],
                exactForms: [],
                phrases: ["subject signature algorithm and issuer public key algorithm mismatch"],
                number: 77, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 78:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SIGNATURE_ALGORITHM_INCONSISTENCY", code: "78",
                    summary: "The two signature-algorithm fields inside the certificate disagree.",
                    meaning: "A certificate records its signature algorithm twice and they must be identical; a faulty generator wrote different ones.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_signature_algorithm_inconsistency", "signature_algorithm_inconsistency"],
                exactForms: [],
                phrases: ["cert info signature and signature algorithm mismatch"],
                number: 78, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 79:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_INVALID_CA", code: "79",
                    summary: "A certificate used as a CA is not a valid CA (OpenSSL 3.0 numbering; 24 in 1.1).",
                    meaning: "A certificate in the issuer position lacks basicConstraints CA:TRUE or is otherwise not allowed to issue. Happens when a leaf certificate is used to sign another, or when a device's self-made 'CA' was created with a server profile.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Create a proper CA (basicConstraints critical CA:TRUE, keyUsage keyCertSign) and issue from it."],
                    related: ["chain.issuer_not_ca"]),
                symbols: ["x509_v_err_invalid_ca", "invalid_ca"],
                exactForms: [],
                phrases: ["invalid ca certificate"],
                number: 79, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 80:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_PATHLEN_INVALID_FOR_NON_CA", code: "80",
                    summary: "A non-CA certificate carries a path length constraint.",
                    meaning: "pathLenConstraint only makes sense on CA certificates; OpenSSL 3 in strict mode rejects it elsewhere.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_pathlen_invalid_for_non_ca", "pathlen_invalid_for_non_ca"],
                exactForms: [],
                phrases: ["path length invalid for non-ca cert"],
                number: 80, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 81:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_PATHLEN_WITHOUT_KU_KEY_CERT_SIGN", code: "81",
                    summary: "A certificate has a path length constraint but no keyCertSign.",
                    meaning: "Flagged by OpenSSL 3's strict checks (-x509_strict): the certificate looks half CA, half not.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["chain.issuer_missing_cert_sign"]),
                symbols: ["x509_v_err_pathlen_without_ku_key_cert_sign", "pathlen_without_ku_key_cert_sign"],
                exactForms: [],
                phrases: ["path length given without key usage keycertsign"],
                number: 81, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 82:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_KU_KEY_CERT_SIGN_INVALID_FOR_NON_CA", code: "82",
                    summary: "A non-CA certificate claims keyCertSign.",
                    meaning: "Flagged by strict checks: only CA certificates may have keyCertSign.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.key_usage_incompatible"]),
                symbols: ["x509_v_err_ku_key_cert_sign_invalid_for_non_ca", "ku_key_cert_sign_invalid_for_non_ca"],
                exactForms: [],
                phrases: ["key usage keycertsign invalid for non-ca cert"],
                number: 82, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 83:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_ISSUER_NAME_EMPTY", code: "83",
                    summary: "The certificate's issuer name is empty.",
                    meaning: "Flagged by strict checks; RFC 5280 requires a non-empty issuer.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_issuer_name_empty", "issuer_name_empty"],
                exactForms: [],
                phrases: ["issuer name empty"],
                number: 83, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 84:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUBJECT_NAME_EMPTY", code: "84",
                    summary: "The certificate's subject is empty without a critical SAN.",
                    meaning: "Flagged by strict checks: an empty subject is allowed only when the subjectAltName extension is present and critical.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_subject_name_empty", "subject_name_empty"],
                exactForms: [],
                phrases: ["subject name empty"],
                number: 84, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 85:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_MISSING_AUTHORITY_KEY_IDENTIFIER", code: "85",
                    summary: "A certificate lacks the authorityKeyIdentifier extension.",
                    meaning: "Flagged by strict checks (OpenSSL 3 -x509_strict and Python 3.13's default VERIFY_X509_STRICT). Certificates from minimal generators often lack it, and newer clients start refusing them.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue with authorityKeyIdentifier (openssl x509 -req ... -extfile with authorityKeyIdentifier=keyid,issuer)."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_missing_authority_key_identifier", "missing_authority_key_identifier"],
                exactForms: [],
                phrases: ["missing authority key identifier"],
                number: 85, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 86:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_MISSING_SUBJECT_KEY_IDENTIFIER", code: "86",
                    summary: "A CA certificate lacks the subjectKeyIdentifier extension.",
                    meaning: "Flagged by strict checks (Python 3.13 enables them by default): CA certificates must carry a subjectKeyIdentifier.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-create the CA with subjectKeyIdentifier=hash."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_missing_subject_key_identifier", "missing_subject_key_identifier"],
                exactForms: [],
                phrases: ["missing subject key identifier"],
                number: 86, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 87:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_EMPTY_SUBJECT_ALT_NAME", code: "87",
                    summary: "The subjectAltName extension is present but empty.",
                    meaning: "Flagged by strict checks; an empty SAN gives name checks nothing to match.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed", "name.mismatch"]),
                symbols: ["x509_v_err_empty_subject_alt_name", "empty_subject_alt_name"],
                exactForms: [],
                phrases: ["empty subject alternative name extension"],
                number: 87, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 88:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_EMPTY_SUBJECT_SAN_NOT_CRITICAL", code: "88",
                    summary: "The subject is empty and the subjectAltName is not marked critical.",
                    meaning: "Flagged by strict checks: RFC 5280 requires a critical SAN when the subject is empty.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_empty_subject_san_not_critical", "empty_subject_san_not_critical"],
                exactForms: [],
                phrases: ["subject empty and subject alt name extension not critical"],
                number: 88, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 89:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CA_BCONS_NOT_CRITICAL", code: "89",
                    summary: "A CA's basicConstraints extension is not marked critical.",
                    meaning: "Flagged by strict checks (Python 3.13 by default): RFC 5280 requires it to be critical on CA certificates. Many home-made CAs miss this.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-create the CA with basicConstraints=critical,CA:TRUE."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_ca_bcons_not_critical", "ca_bcons_not_critical"],
                exactForms: [],
                phrases: ["basic constraints of ca cert not marked critical"],
                number: 89, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 90:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_AUTHORITY_KEY_IDENTIFIER_CRITICAL", code: "90",
                    summary: "The authorityKeyIdentifier extension is marked critical.",
                    meaning: "Flagged by strict checks: RFC 5280 says it must not be critical.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_authority_key_identifier_critical", "authority_key_identifier_critical"],
                exactForms: [],
                phrases: ["authority key identifier marked critical"],
                number: 90, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 91:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_SUBJECT_KEY_IDENTIFIER_CRITICAL", code: "91",
                    summary: "The subjectKeyIdentifier extension is marked critical.",
                    meaning: "Flagged by strict checks: RFC 5280 says it must not be critical.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_subject_key_identifier_critical", "subject_key_identifier_critical"],
                exactForms: [],
                phrases: ["subject key identifier marked critical"],
                number: 91, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 92:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_CA_CERT_MISSING_KEY_USAGE", code: "92",
                    summary: "A CA certificate has no keyUsage extension.",
                    meaning: "Flagged by strict checks: CA certificates must state keyCertSign in a keyUsage extension.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-create the CA with keyUsage=critical,keyCertSign,cRLSign."],
                    related: ["chain.issuer_missing_cert_sign"]),
                symbols: ["x509_v_err_ca_cert_missing_key_usage", "ca_cert_missing_key_usage"],
                exactForms: [],
                phrases: ["ca cert does not include key usage extension"],
                number: 92, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 93:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_EXTENSIONS_REQUIRE_VERSION_3", code: "93",
                    summary: "A certificate has extensions but claims to be version 1 or 2.",
                    meaning: "Extensions exist only in X.509 version 3; a generator forgot to set the version.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["x509_v_err_extensions_require_version_3", "extensions_require_version_3"],
                exactForms: [],
                phrases: ["using cert extension requires at least x509v3"],
                number: 93, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 94:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslVerifyError, name: "X509_V_ERR_EC_KEY_EXPLICIT_PARAMS", code: "94",
                    summary: "The certificate's EC key spells out its curve parameters instead of naming the curve.",
                    meaning: "Keys must name a standard curve; explicit parameters were behind a 2020 spoofing attack, so strict clients refuse them. Some old firmware generates such keys.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Generate the key with a named curve (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256) and re-issue."],
                    related: ["cert.unsupported_algorithm"]),
                symbols: ["x509_v_err_ec_key_explicit_params", "ec_key_explicit_params"],
                exactForms: [],
                phrases: ["certificate public key has explicit ecc parameters"],
                number: 94, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 95:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "close_notify", code: "0",
                    summary: "The peer is closing the connection normally.",
                    meaning: "close_notify is the polite end of a TLS session, not an error. Seen right after the handshake it means the other side chose to hang up: a server that accepted the connection but dislikes the request, or a client whose application gave up (for example after its own certificate check failed quietly).",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing).", "If the client closes right after the server's certificate, look for a trust failure on the client side: tlsprobe listen 4433 shows what it received."],
                    related: []),
                symbols: ["close_notify", "ssl_ad_close_notify", "tls1_ad_close_notify", "ssl3_ad_close_notify", "tls13_ad_close_notify"],
                exactForms: ["close notify", "alert close_notify", "alert 0", "alert number 0", "close notify"],
                phrases: ["alert close notify", "description: close notify", "tls: close notify"],
                number: 0, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:0")
        case 96:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "unexpected_message", code: "10",
                    summary: "A message arrived that was not expected at that point of the protocol.",
                    meaning: "The sender got a handshake or record message out of order. Common causes: mixing TLS versions through a middlebox, a client sending plaintext after the handshake began, renegotiation attempts, or a buggy TLS stack on an embedded device.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing).", "List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.handshake_failed"]),
                symbols: ["unexpected_message", "ssl_ad_unexpected_message", "tls1_ad_unexpected_message", "ssl3_ad_unexpected_message", "tls13_ad_unexpected_message"],
                exactForms: ["unexpected message", "alert unexpected_message", "alert 10", "alert number 10", "unexpected message"],
                phrases: ["alert unexpected message", "description: unexpected message", "tls: unexpected message"],
                number: 10, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:10")
        case 97:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "bad_record_mac", code: "20",
                    summary: "A record failed its integrity check.",
                    meaning: "The receiver could not authenticate a record: the bytes were changed in transit (a faulty proxy, NIC offload bug, or interception) or the two sides derived different keys.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing).", "Retry without any proxy or TLS-inspecting firewall in the path."],
                    related: ["tls.handshake_failed"]),
                symbols: ["bad_record_mac", "ssl_ad_bad_record_mac", "tls1_ad_bad_record_mac", "ssl3_ad_bad_record_mac", "tls13_ad_bad_record_mac"],
                exactForms: ["bad record mac", "alert bad_record_mac", "alert 20", "alert number 20", "bad record mac"],
                phrases: ["alert bad record mac", "description: bad record mac", "tls: bad record mac"],
                number: 20, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:20")
        case 98:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "decryption_failed", code: "21",
                    summary: "A record could not be decrypted (obsolete since TLS 1.2).",
                    meaning: "Old implementations sent this for padding errors; modern ones send bad_record_mac instead. Seeing it means a very old peer.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["decryption_failed", "ssl_ad_decryption_failed", "tls1_ad_decryption_failed", "ssl3_ad_decryption_failed", "tls13_ad_decryption_failed"],
                exactForms: ["decryption failed", "alert decryption_failed", "alert 21", "alert number 21", "decryption failed"],
                phrases: ["alert decryption failed", "description: decryption failed", "tls: decryption failed"],
                number: 21, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:21")
        case 99:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "record_overflow", code: "22",
                    summary: "A record was larger than the protocol allows.",
                    meaning: "The receiver got a record over 2^14 bytes of plaintext (or over its negotiated record_size_limit / max_fragment_length). Embedded TLS stacks with small buffers negotiate small limits and peers that ignore them trigger this.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["record_overflow", "ssl_ad_record_overflow", "tls1_ad_record_overflow", "ssl3_ad_record_overflow", "tls13_ad_record_overflow"],
                exactForms: ["record overflow", "alert record_overflow", "alert 22", "alert number 22", "record overflow"],
                phrases: ["alert record overflow", "description: record overflow", "tls: record overflow"],
                number: 22, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:22")
        case 100:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "decompression_failure", code: "30",
                    summary: "Decompression failed (TLS compression is obsolete).",
                    meaning: "Only from peers still using TLS compression, which current stacks never negotiate.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["decompression_failure", "ssl_ad_decompression_failure", "tls1_ad_decompression_failure", "ssl3_ad_decompression_failure", "tls13_ad_decompression_failure"],
                exactForms: ["decompression failure", "alert decompression_failure", "alert 30", "alert number 30", "decompression failure"],
                phrases: ["alert decompression failure", "description: decompression failure", "tls: decompression failure"],
                number: 30, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:30")
        case 101:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "handshake_failure", code: "40",
                    summary: "The sender could not agree on any acceptable set of security parameters.",
                    meaning: "A catch-all refusal. Sent by a server right after the ClientHello it usually means no common cipher suite, protocol version, group or signature algorithm (for example an old device offering only TLS 1.0 or RSA-CBC suites to a modern server, or the reverse). Later in the handshake, many servers send it when a required client certificate is missing or rejected.",
                    checks: ["Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433", "List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "Compare what the client offers with what the server accepts: tlsprobe capture shows both hellos."],
                    related: ["tls.no_common_cipher", "tls.no_common_version", "tls.handshake_failed", "mtls.client_cert_required"]),
                symbols: ["handshake_failure", "ssl_ad_handshake_failure", "tls1_ad_handshake_failure", "ssl3_ad_handshake_failure", "tls13_ad_handshake_failure"],
                exactForms: ["handshake failure", "alert handshake_failure", "alert 40", "alert number 40", "handshake failure"],
                phrases: ["alert handshake failure", "description: handshake failure", "tls: handshake failure"],
                number: 40, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:40")
        case 102:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "no_certificate", code: "41",
                    summary: "No certificate was available (SSL 3.0 only).",
                    meaning: "SSL 3.0 clients sent this instead of an empty certificate; seeing it means a very old peer.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"],
                    related: ["mtls.client_cert_required"]),
                symbols: ["no_certificate", "ssl_ad_no_certificate", "tls1_ad_no_certificate", "ssl3_ad_no_certificate", "tls13_ad_no_certificate"],
                exactForms: ["no certificate", "alert no_certificate", "alert 41", "alert number 41", "no certificate"],
                phrases: ["alert no certificate", "description: no certificate", "tls: no certificate"],
                number: 41, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:41")
        case 103:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "bad_certificate", code: "42",
                    summary: "The receiver found a certificate it was sent unacceptable.",
                    meaning: "The certificate was corrupt, had signatures that did not verify, or broke the receiver's rules. From a server, during mutual TLS, it usually means the server did not accept the client certificate; several TLS stacks (OpenSSL clients among them) also send it when the server's certificate fails to verify.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing).", "If you are the client with a certificate: check it is issued by a CA the server trusts (tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS lists the acceptable CAs)."],
                    related: ["mtls.client_cert_rejected", "chain.untrusted_root", "chain.bad_signature"]),
                symbols: ["bad_certificate", "ssl_ad_bad_certificate", "tls1_ad_bad_certificate", "ssl3_ad_bad_certificate", "tls13_ad_bad_certificate"],
                exactForms: ["bad certificate", "alert bad_certificate", "alert 42", "alert number 42", "bad certificate"],
                phrases: ["alert bad certificate", "description: bad certificate", "tls: bad certificate"],
                number: 42, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:42")
        case 104:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "unsupported_certificate", code: "43",
                    summary: "The certificate is of a type the receiver does not support.",
                    meaning: "For example an Ed25519 or DSA certificate offered to a peer that only handles RSA and ECDSA, or a certificate whose key usage rules out the negotiated key exchange.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Use an RSA 2048 or ECDSA P-256 certificate."],
                    related: ["cert.unsupported_algorithm", "cert.key_usage_incompatible"]),
                symbols: ["unsupported_certificate", "ssl_ad_unsupported_certificate", "tls1_ad_unsupported_certificate", "ssl3_ad_unsupported_certificate", "tls13_ad_unsupported_certificate"],
                exactForms: ["unsupported certificate", "alert unsupported_certificate", "alert 43", "alert number 43", "unsupported certificate"],
                phrases: ["alert unsupported certificate", "description: unsupported certificate", "tls: unsupported certificate"],
                number: 43, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:43")
        case 105:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "certificate_revoked", code: "44",
                    summary: "The receiver says the certificate it got has been revoked.",
                    meaning: "The peer checked revocation (CRL or OCSP) and the certificate is withdrawn by its CA.",
                    checks: ["Install a newly issued certificate.", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["certificate_revoked", "ssl_ad_certificate_revoked", "tls1_ad_certificate_revoked", "ssl3_ad_certificate_revoked", "tls13_ad_certificate_revoked"],
                exactForms: ["certificate revoked", "alert certificate_revoked", "alert 44", "alert number 44", "revoked certificate"],
                phrases: ["alert certificate revoked", "description: certificate revoked", "tls: revoked certificate"],
                number: 44, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:44")
        case 106:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "certificate_expired", code: "45",
                    summary: "The receiver says the certificate it got has expired or is not yet valid.",
                    meaning: "The certificate presented (a server's, or a client's in mutual TLS) is outside its validity period by the receiver's clock. Device clocks that reset after power loss are a frequent cause on local networks.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.expired", "cert.not_yet_valid"]),
                symbols: ["certificate_expired", "ssl_ad_certificate_expired", "tls1_ad_certificate_expired", "ssl3_ad_certificate_expired", "tls13_ad_certificate_expired"],
                exactForms: ["certificate expired", "alert certificate_expired", "alert 45", "alert number 45", "expired certificate"],
                phrases: ["alert certificate expired", "description: certificate expired", "tls: expired certificate"],
                number: 45, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:45")
        case 107:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "certificate_unknown", code: "46",
                    summary: "The receiver rejected the certificate for a reason it did not name.",
                    meaning: "The other side could not accept the certificate it was given. Sent by clients (Java, Apple's Network framework, browsers) when the server's chain is not trusted, the name does not match or a policy check fails, and by servers rejecting a client certificate. Read it as 'your certificate was not accepted' and look at trust, name and dates.",
                    checks: ["Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT", "Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "If you are the client: check your certificate against the server's acceptable CAs."],
                    related: ["chain.untrusted_root", "name.mismatch", "mtls.client_cert_rejected"]),
                symbols: ["certificate_unknown", "ssl_ad_certificate_unknown", "tls1_ad_certificate_unknown", "ssl3_ad_certificate_unknown", "tls13_ad_certificate_unknown"],
                exactForms: ["certificate unknown", "alert certificate_unknown", "alert 46", "alert number 46", "unknown certificate"],
                phrases: ["alert certificate unknown", "description: certificate unknown", "tls: unknown certificate"],
                number: 46, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:46")
        case 108:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "illegal_parameter", code: "47",
                    summary: "A field in the handshake had an invalid or inconsistent value.",
                    meaning: "The sender found a parameter out of range or contradicting another: a bad key share, an unsupported point format, a signature algorithm not offered. Often an interoperability bug in an embedded TLS stack.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing).", "Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433"],
                    related: ["tls.handshake_failed"]),
                symbols: ["illegal_parameter", "ssl_ad_illegal_parameter", "tls1_ad_illegal_parameter", "ssl3_ad_illegal_parameter", "tls13_ad_illegal_parameter"],
                exactForms: ["illegal parameter", "alert illegal_parameter", "alert 47", "alert number 47", "illegal parameter"],
                phrases: ["alert illegal parameter", "description: illegal parameter", "tls: illegal parameter"],
                number: 47, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:47")
        case 109:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "unknown_ca", code: "48",
                    summary: "The receiver could not find or trust the CA that issued the certificate it got.",
                    meaning: "The chain was built, but it does not end at a root the receiver trusts. From a client this means it does not trust the server's root: a local CA whose root is not installed on that client, or a missing intermediate. From a server in mutual TLS it means the client certificate's CA is not in the server's client-CA list. If your program reports 'tlsv1 alert unknown ca', the other side made this decision.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "If the server sent it: check the client certificate's issuer against the server's acceptable CAs (tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS).", "Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate", "mtls.identity_not_acceptable"]),
                symbols: ["unknown_ca", "ssl_ad_unknown_ca", "tls1_ad_unknown_ca", "ssl3_ad_unknown_ca", "tls13_ad_unknown_ca"],
                exactForms: ["unknown ca", "alert unknown_ca", "alert 48", "alert number 48", "unknown certificate authority"],
                phrases: ["alert unknown ca", "description: unknown ca", "tls: unknown certificate authority"],
                number: 48, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:48")
        case 110:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "access_denied", code: "49",
                    summary: "The certificate was valid but the peer's access policy refused it.",
                    meaning: "Authentication succeeded; authorization did not. A server that maps client certificates to users sends it when this identity is not allowed.",
                    checks: ["Check the server's access list for the client certificate's subject."],
                    related: ["mtls.client_cert_rejected"]),
                symbols: ["access_denied", "ssl_ad_access_denied", "tls1_ad_access_denied", "ssl3_ad_access_denied", "tls13_ad_access_denied"],
                exactForms: ["access denied", "alert access_denied", "alert 49", "alert number 49", "access denied"],
                phrases: ["alert access denied", "description: access denied", "tls: access denied"],
                number: 49, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:49")
        case 111:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "decode_error", code: "50",
                    summary: "A message could not be decoded.",
                    meaning: "The receiver got a message with a wrong length or field it could not parse. Suggests a broken TLS stack, a middlebox rewriting traffic, or a client that does not understand a TLS 1.3 extension.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["decode_error", "ssl_ad_decode_error", "tls1_ad_decode_error", "ssl3_ad_decode_error", "tls13_ad_decode_error"],
                exactForms: ["decode error", "alert decode_error", "alert 50", "alert number 50", "error decoding message"],
                phrases: ["alert decode error", "description: decode error", "tls: error decoding message"],
                number: 50, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:50")
        case 112:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "decrypt_error", code: "51",
                    summary: "A handshake signature or key exchange check failed.",
                    meaning: "The receiver could not verify a signature (CertificateVerify, ServerKeyExchange) or the Finished message. Typical causes: the server's private key does not match its certificate, a PKCS#11/hardware key that signs wrongly, or a client certificate paired with the wrong key.",
                    checks: ["Check that the key matches the certificate: tlsprobe inspect cert.pem --key key.pem"],
                    related: ["key.mismatch"]),
                symbols: ["decrypt_error", "ssl_ad_decrypt_error", "tls1_ad_decrypt_error", "ssl3_ad_decrypt_error", "tls13_ad_decrypt_error"],
                exactForms: ["decrypt error", "alert decrypt_error", "alert 51", "alert number 51", "error decrypting message"],
                phrases: ["alert decrypt error", "description: decrypt error", "tls: error decrypting message"],
                number: 51, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:51")
        case 113:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "too_many_cids_requested", code: "52",
                    summary: "Too many connection IDs were requested (DTLS 1.3).",
                    meaning: "Only in DTLS with connection IDs (RFC 9146/9147).",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["too_many_cids_requested", "ssl_ad_too_many_cids_requested", "tls1_ad_too_many_cids_requested", "ssl3_ad_too_many_cids_requested", "tls13_ad_too_many_cids_requested"],
                exactForms: ["too many cids requested", "alert too_many_cids_requested", "alert 52", "alert number 52"],
                phrases: ["alert too many cids requested", "description: too many cids requested"],
                number: 52, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:52")
        case 114:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "export_restriction", code: "60",
                    summary: "An export-restricted parameter was refused (obsolete).",
                    meaning: "From the 1990s export-cipher era; a peer still sending it is extremely old.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.protocol_too_old"]),
                symbols: ["export_restriction", "ssl_ad_export_restriction", "tls1_ad_export_restriction", "ssl3_ad_export_restriction", "tls13_ad_export_restriction"],
                exactForms: ["export restriction", "alert export_restriction", "alert 60", "alert number 60", "export restriction"],
                phrases: ["alert export restriction", "description: export restriction", "tls: export restriction"],
                number: 60, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:60")
        case 115:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "protocol_version", code: "70",
                    summary: "The peer does not support the protocol version that was offered or chosen.",
                    meaning: "The sender refuses the TLS version: an old device offering only TLS 1.0/1.1 to a server that requires 1.2, or a client asked to use a version the server disabled. iOS, macOS and current browsers require TLS 1.2 or later.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433"],
                    related: ["tls.no_common_version", "tls.protocol_too_old"]),
                symbols: ["protocol_version", "ssl_ad_protocol_version", "tls1_ad_protocol_version", "ssl3_ad_protocol_version", "tls13_ad_protocol_version"],
                exactForms: ["protocol version", "alert protocol_version", "alert 70", "alert number 70", "protocol version not supported"],
                phrases: ["alert protocol version", "description: protocol version", "tls: protocol version not supported"],
                number: 70, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:70")
        case 116:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "insufficient_security", code: "71",
                    summary: "The server requires stronger parameters than the client offered.",
                    meaning: "The negotiation could have succeeded, but only with ciphers, key sizes or groups the server considers too weak, so it refused.",
                    checks: ["Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433", "Enable ECDHE with AES-GCM on the client, or relax the server's minimums."],
                    related: ["tls.no_common_cipher", "tls.no_forward_secrecy"]),
                symbols: ["insufficient_security", "ssl_ad_insufficient_security", "tls1_ad_insufficient_security", "ssl3_ad_insufficient_security", "tls13_ad_insufficient_security"],
                exactForms: ["insufficient security", "alert insufficient_security", "alert 71", "alert number 71", "insufficient security level"],
                phrases: ["alert insufficient security", "description: insufficient security", "tls: insufficient security level"],
                number: 71, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:71")
        case 117:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "internal_error", code: "80",
                    summary: "The sender failed for an internal reason unrelated to the peer.",
                    meaning: "Something broke inside the sender: memory, a missing key, a misconfigured certificate slot, a crashed hardware module. On servers, a certificate file without its key or an unreadable key file produces it.",
                    checks: ["Read the sender's own log; the alert itself carries no cause.", "Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT"],
                    related: ["tls.handshake_failed"]),
                symbols: ["internal_error", "ssl_ad_internal_error", "tls1_ad_internal_error", "ssl3_ad_internal_error", "tls13_ad_internal_error"],
                exactForms: ["internal error", "alert internal_error", "alert 80", "alert number 80", "internal error"],
                phrases: ["alert internal error", "description: internal error", "tls: internal error"],
                number: 80, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:80")
        case 118:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "inappropriate_fallback", code: "86",
                    summary: "The client retried with a lower version than the server supports (a downgrade was detected).",
                    meaning: "The client included TLS_FALLBACK_SCSV, which says 'I am retrying with a lower version', while the server supports a higher one. The server refuses to protect against downgrade attacks. The first, higher-version attempt failed for some other reason worth finding.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_version"]),
                symbols: ["inappropriate_fallback", "ssl_ad_inappropriate_fallback", "tls1_ad_inappropriate_fallback", "ssl3_ad_inappropriate_fallback", "tls13_ad_inappropriate_fallback"],
                exactForms: ["inappropriate fallback", "alert inappropriate_fallback", "alert 86", "alert number 86", "inappropriate fallback"],
                phrases: ["alert inappropriate fallback", "description: inappropriate fallback", "tls: inappropriate fallback"],
                number: 86, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:86")
        case 119:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "user_canceled", code: "90",
                    summary: "The sender's user or application cancelled the handshake.",
                    meaning: "Not a protocol failure: the application aborted, often because its own check (a certificate prompt the user declined, a pin) failed.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["user_canceled", "ssl_ad_user_canceled", "tls1_ad_user_canceled", "ssl3_ad_user_canceled", "tls13_ad_user_canceled"],
                exactForms: ["user canceled", "alert user_canceled", "alert 90", "alert number 90", "user canceled"],
                phrases: ["alert user canceled", "description: user canceled", "tlsv1 alert user cancelled", "tls: user canceled"],
                number: 90, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:90")
        case 120:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "no_renegotiation", code: "100",
                    summary: "The peer refused to renegotiate.",
                    meaning: "One side asked for a renegotiation (TLS 1.2) and the other does not allow it. Servers that request a client certificate only for certain URLs rely on renegotiation; clients that forbid it fail there.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing).", "Configure the server to request the client certificate in the initial handshake."],
                    related: ["mtls.client_cert_requested"]),
                symbols: ["no_renegotiation", "ssl_ad_no_renegotiation", "tls1_ad_no_renegotiation", "ssl3_ad_no_renegotiation", "tls13_ad_no_renegotiation"],
                exactForms: ["no renegotiation", "alert no_renegotiation", "alert 100", "alert number 100", "no renegotiation"],
                phrases: ["alert no renegotiation", "description: no renegotiation", "tls: no renegotiation"],
                number: 100, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:100")
        case 121:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "missing_extension", code: "109",
                    summary: "A required TLS 1.3 extension was missing.",
                    meaning: "The peer needed an extension that was not sent (for example key_share, supported_versions or signature_algorithms in TLS 1.3). Typical of incomplete TLS 1.3 implementations on devices.",
                    checks: ["Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["missing_extension", "ssl_ad_missing_extension", "tls1_ad_missing_extension", "ssl3_ad_missing_extension", "tls13_ad_missing_extension"],
                exactForms: ["missing extension", "alert missing_extension", "alert 109", "alert number 109", "missing extension"],
                phrases: ["alert missing extension", "description: missing extension", "tls: missing extension"],
                number: 109, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:109")
        case 122:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "unsupported_extension", code: "110",
                    summary: "An extension appeared where it is not allowed.",
                    meaning: "A peer sent an extension the other did not offer or that is forbidden in that message, often a server stack echoing extensions it should not.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["unsupported_extension", "ssl_ad_unsupported_extension", "tls1_ad_unsupported_extension", "ssl3_ad_unsupported_extension", "tls13_ad_unsupported_extension"],
                exactForms: ["unsupported extension", "alert unsupported_extension", "alert 110", "alert number 110", "unsupported extension"],
                phrases: ["alert unsupported extension", "description: unsupported extension", "tlsv1 unsupported extension", "tls: unsupported extension"],
                number: 110, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:110")
        case 123:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "certificate_unobtainable", code: "111",
                    summary: "A certificate could not be fetched from a URL (obsolete).",
                    meaning: "Only with the client_certificate_url extension, practically never used.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["certificate_unobtainable", "ssl_ad_certificate_unobtainable", "tls1_ad_certificate_unobtainable", "ssl3_ad_certificate_unobtainable", "tls13_ad_certificate_unobtainable"],
                exactForms: ["certificate unobtainable", "alert certificate_unobtainable", "alert 111", "alert number 111", "certificate unobtainable"],
                phrases: ["alert certificate unobtainable", "description: certificate unobtainable", "tlsv1 certificate unobtainable", "tls: certificate unobtainable"],
                number: 111, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:111")
        case 124:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "unrecognized_name", code: "112",
                    summary: "The server does not recognise the name the client asked for (SNI).",
                    meaning: "The client sent a server name (SNI) the server has no certificate or virtual host for. Connecting by IP address, by a local alias or through a port forward often leaves the server without a matching site.",
                    checks: ["Try with the server's configured name, or without SNI: tlsprobe connect HOST:PORT --sni NAME (or --no-sni)."],
                    related: ["name.mismatch"]),
                symbols: ["unrecognized_name", "ssl_ad_unrecognized_name", "tls1_ad_unrecognized_name", "ssl3_ad_unrecognized_name", "tls13_ad_unrecognized_name"],
                exactForms: ["unrecognized name", "alert unrecognized_name", "alert 112", "alert number 112", "unrecognized name"],
                phrases: ["alert unrecognized name", "description: unrecognized name", "tlsv1 unrecognized name", "tls: unrecognized name"],
                number: 112, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:112")
        case 125:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "bad_certificate_status_response", code: "113",
                    summary: "The OCSP response stapled by the server was invalid.",
                    meaning: "The client asked for a stapled OCSP response and rejected the one it got (expired, badly signed, or for another certificate).",
                    checks: ["Refresh or disable OCSP stapling on the server."],
                    related: ["tls.handshake_failed"]),
                symbols: ["bad_certificate_status_response", "ssl_ad_bad_certificate_status_response", "tls1_ad_bad_certificate_status_response", "ssl3_ad_bad_certificate_status_response", "tls13_ad_bad_certificate_status_response"],
                exactForms: ["bad certificate status response", "alert bad_certificate_status_response", "alert 113", "alert number 113", "bad certificate status response"],
                phrases: ["alert bad certificate status response", "description: bad certificate status response", "tlsv1 bad certificate status response", "tls: bad certificate status response"],
                number: 113, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:113")
        case 126:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "bad_certificate_hash_value", code: "114",
                    summary: "A certificate hash did not match (obsolete).",
                    meaning: "Only with the client_certificate_url extension, practically never used.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["bad_certificate_hash_value", "ssl_ad_bad_certificate_hash_value", "tls1_ad_bad_certificate_hash_value", "ssl3_ad_bad_certificate_hash_value", "tls13_ad_bad_certificate_hash_value"],
                exactForms: ["bad certificate hash value", "alert bad_certificate_hash_value", "alert 114", "alert number 114", "bad certificate hash value"],
                phrases: ["alert bad certificate hash value", "description: bad certificate hash value", "tlsv1 bad certificate hash value", "tls: bad certificate hash value"],
                number: 114, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:114")
        case 127:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "unknown_psk_identity", code: "115",
                    summary: "The server does not know the pre-shared key identity the client offered.",
                    meaning: "With PSK cipher suites (common on IoT devices and some TLS 1.3 resumption setups), the client used an identity the server has no key for.",
                    checks: ["Check the PSK identity and key configured on both sides."],
                    related: []),
                symbols: ["unknown_psk_identity", "ssl_ad_unknown_psk_identity", "tls1_ad_unknown_psk_identity", "ssl3_ad_unknown_psk_identity", "tls13_ad_unknown_psk_identity"],
                exactForms: ["unknown psk identity", "alert unknown_psk_identity", "alert 115", "alert number 115", "unknown psk identity"],
                phrases: ["alert unknown psk identity", "description: unknown psk identity", "tls: unknown psk identity"],
                number: 115, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:115")
        case 128:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "certificate_required", code: "116",
                    summary: "The server requires a client certificate and the client sent none (TLS 1.3).",
                    meaning: "The server asked for a certificate in its CertificateRequest and the client answered with an empty one. The client either has no identity configured, or none of its certificates is issued by a CA on the server's acceptable list, so it chose to send nothing. In TLS 1.2 servers send handshake_failure for the same situation.",
                    checks: ["See the acceptable CAs the server lists and try with an identity: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS", "Install a client certificate issued by one of those CAs on the client."],
                    related: ["mtls.client_cert_required", "mtls.identity_not_acceptable"]),
                symbols: ["certificate_required", "ssl_ad_certificate_required", "tls1_ad_certificate_required", "ssl3_ad_certificate_required", "tls13_ad_certificate_required"],
                exactForms: ["certificate required", "alert certificate_required", "alert 116", "alert number 116", "certificate required"],
                phrases: ["alert certificate required", "description: certificate required", "tls: certificate required"],
                number: 116, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:116")
        case 129:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "general_error", code: "117",
                    summary: "The sender failed and chose not to say why (RFC 8446bis).",
                    meaning: "A generic error used when no specific alert fits or the sender hides the reason.",
                    checks: ["Read the sender's own log.", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["general_error", "ssl_ad_general_error", "tls1_ad_general_error", "ssl3_ad_general_error", "tls13_ad_general_error"],
                exactForms: ["general error", "alert general_error", "alert 117", "alert number 117", "general error"],
                phrases: ["alert general error", "description: general error", "tls: general error"],
                number: 117, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:117")
        case 130:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "no_application_protocol", code: "120",
                    summary: "No application protocol (ALPN) in common.",
                    meaning: "The client offered ALPN protocols (for example h2, http/1.1, or a vendor protocol name) and the server supports none of them. Apps that require HTTP/2 meeting an HTTP/1.1-only device do this.",
                    checks: ["Compare the client's ALPN list with the server's: tlsprobe connect HOST:PORT --alpn h2,http/1.1"],
                    related: ["tls.handshake_failed"]),
                symbols: ["no_application_protocol", "ssl_ad_no_application_protocol", "tls1_ad_no_application_protocol", "ssl3_ad_no_application_protocol", "tls13_ad_no_application_protocol"],
                exactForms: ["no application protocol", "alert no_application_protocol", "alert 120", "alert number 120", "no application protocol"],
                phrases: ["alert no application protocol", "description: no application protocol", "tls: no application protocol"],
                number: 120, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: true, twin: "alert:120")
        case 131:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .tlsAlert, name: "ech_required", code: "121",
                    summary: "The server requires Encrypted Client Hello and the client did not use it.",
                    meaning: "Only with ECH deployments; the client should retry with the configuration the server provides.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["ech_required", "ssl_ad_ech_required", "tls1_ad_ech_required", "ssl3_ad_ech_required", "tls13_ad_ech_required"],
                exactForms: ["ech required", "alert ech_required", "alert 121", "alert number 121", "encrypted client hello required"],
                phrases: ["alert ech required", "description: ech required", "tls: encrypted client hello required"],
                number: 121, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: true, twin: "alert:121")
        case 132:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLProtocol", code: "-9800",
                    summary: "A TLS protocol error occurred.",
                    meaning: "A generic failure of the TLS exchange: malformed or unexpected data from the peer, often a server that is not speaking TLS on that port, or a middlebox interfering.",
                    checks: ["Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslprotocol"],
                exactForms: ["protocol"],
                phrases: [],
                number: -9800, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 133:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLNegotiation", code: "-9801",
                    summary: "The two sides could not agree on cipher suite or version.",
                    meaning: "No protocol version or cipher suite acceptable to both. Typical for an old device (TLS 1.0, RSA key exchange, 3DES/RC4) talking to current iOS or macOS.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "App Transport Security requires TLS 1.2+, forward-secret suites and a trusted certificate; check the server with tlsprobe connect HOST:PORT --profile apple --versions"],
                    related: ["tls.no_common_cipher", "tls.no_common_version"]),
                symbols: ["errsslnegotiation"],
                exactForms: ["negotiation"],
                phrases: [],
                number: -9801, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 134:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLFatalAlert", code: "-9802",
                    summary: "A fatal alert was sent or received and the connection was torn down.",
                    meaning: "The handshake ended with a fatal alert; this code does not say which. It was the usual code behind App Transport Security refusals in older iOS versions. Look for the alert in a capture, or for a more specific code next to it in the log.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing).", "App Transport Security requires TLS 1.2+, forward-secret suites and a trusted certificate; check the server with tlsprobe connect HOST:PORT --profile apple --versions"],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslfatalalert"],
                exactForms: ["fatalalert"],
                phrases: [],
                number: -9802, sslReason: nil, specificity: 1, prominent: true, needsTLSContext: false, twin: nil)
        case 135:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLWouldBlock", code: "-9803",
                    summary: "The I/O would block (not an error).",
                    meaning: "An internal signal that the socket has no data yet; seeing it as a final error means the program mishandled non-blocking I/O.",
                    checks: ["Not a TLS failure; look at the application's networking code."],
                    related: []),
                symbols: ["errsslwouldblock"],
                exactForms: ["wouldblock"],
                phrases: [],
                number: -9803, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 136:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLSessionNotFound", code: "-9804",
                    summary: "A session to resume was not found.",
                    meaning: "The client tried to resume a cached session the server no longer has. Normally handled by a full handshake.",
                    checks: ["Usually harmless; if it is the final error, look for the real failure in the full handshake that should follow."],
                    related: []),
                symbols: ["errsslsessionnotfound"],
                exactForms: ["sessionnotfound"],
                phrases: [],
                number: -9804, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 137:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLClosedGraceful", code: "-9805",
                    summary: "The connection was closed cleanly (close_notify).",
                    meaning: "The peer ended the session politely. If this happens during the handshake, the server hung up on the client, often because it refused something without sending an alert.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["errsslclosedgraceful"],
                exactForms: ["closedgraceful"],
                phrases: [],
                number: -9805, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 138:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLClosedAbort", code: "-9806",
                    summary: "The connection was closed without a TLS alert.",
                    meaning: "The TCP connection dropped in the middle of the handshake or session. Often the server rejected the ClientHello silently (no shared version or cipher, client certificate rules), or a firewall, port forward or non-TLS service closed it.",
                    checks: ["Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT", "List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "Point the app at tlsprobe to see its ClientHello and where it gives up: tlsprobe listen 4433"],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslclosedabort"],
                exactForms: ["closedabort"],
                phrases: [],
                number: -9806, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 139:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLXCertChainInvalid", code: "-9807",
                    summary: "The server's certificate chain is not valid.",
                    meaning: "Trust evaluation of the server's chain failed: usually the chain does not end at a root the device trusts (a local CA root not installed, or installed but not enabled for full trust), an intermediate is missing, or the certificate breaks Apple's rules for TLS server certificates.",
                    checks: ["Check the chain against the root you installed on the device: tlsprobe connect HOST:PORT --anchor root.pem --profile apple", "On iOS, a root installed from a profile must also be enabled under Settings > General > About > Certificate Trust Settings.", "Check the certificate against Apple's rules (SAN required, serverAuth EKU, at most 825 days, RSA 2048+, SHA-2): tlsprobe verify leaf.pem --profile apple --host NAME"],
                    related: ["chain.untrusted_root", "chain.missing_intermediate", "cert.validity_too_long"]),
                symbols: ["errsslxcertchaininvalid"],
                exactForms: ["xcertchaininvalid"],
                phrases: [],
                number: -9807, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 140:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLBadCert", code: "-9808",
                    summary: "A certificate could not be used: bad format or rejected by policy.",
                    meaning: "The certificate was malformed, or Apple's policy checks refused it (a missing serverAuth EKU, a name mismatch, weak key or signature).",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Check the certificate against Apple's rules (SAN required, serverAuth EKU, at most 825 days, RSA 2048+, SHA-2): tlsprobe verify leaf.pem --profile apple --host NAME"],
                    related: ["cert.malformed", "cert.eku_missing_server_auth", "name.mismatch"]),
                symbols: ["errsslbadcert"],
                exactForms: ["badcert"],
                phrases: [],
                number: -9808, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 141:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLCrypto", code: "-9809",
                    summary: "A cryptographic operation failed.",
                    meaning: "Signing, verification or key exchange failed inside the TLS stack: a damaged key, an unsupported key type, or a hardware key problem.",
                    checks: ["Check the identity's key: tlsprobe inspect identity.p12 --password-env P12_PASS"],
                    related: ["key.mismatch"]),
                symbols: ["errsslcrypto"],
                exactForms: ["crypto"],
                phrases: [],
                number: -9809, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 142:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLInternal", code: "-9810",
                    summary: "An internal error in the TLS stack.",
                    meaning: "Something failed inside Apple's TLS implementation rather than in the exchange with the peer.",
                    checks: ["Retry; collect a sysdiagnose or the device log for Apple if it persists."],
                    related: []),
                symbols: ["errsslinternal"],
                exactForms: ["internal"],
                phrases: [],
                number: -9810, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 143:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLModuleAttach", code: "-9811",
                    summary: "A security module failed to attach.",
                    meaning: "An old macOS internal failure (CDSA). Not a network problem.",
                    checks: ["Not a network problem; restart the process or the machine."],
                    related: []),
                symbols: ["errsslmoduleattach"],
                exactForms: ["moduleattach"],
                phrases: [],
                number: -9811, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 144:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLUnknownRootCert", code: "-9812",
                    summary: "The chain is valid but ends at a root the device does not trust.",
                    meaning: "The chain reaches a root certificate, but that root is not in the device's trust store or not enabled for full trust: the home-made CA case.",
                    checks: ["Check the chain against the root you installed on the device: tlsprobe connect HOST:PORT --anchor root.pem --profile apple", "On iOS, a root installed from a profile must also be enabled under Settings > General > About > Certificate Trust Settings."],
                    related: ["chain.untrusted_root"]),
                symbols: ["errsslunknownrootcert"],
                exactForms: ["unknownrootcert"],
                phrases: [],
                number: -9812, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 145:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLNoRootCert", code: "-9813",
                    summary: "The chain does not reach a trusted root.",
                    meaning: "No root certificate trusted by this device could be found for the chain. Usually the root of the local CA was never installed (or not enabled in Certificate Trust Settings), or the server sends its leaf alone and the intermediate is missing.",
                    checks: ["Check the chain against the root you installed on the device: tlsprobe connect HOST:PORT --anchor root.pem --profile apple", "On iOS, a root installed from a profile must also be enabled under Settings > General > About > Certificate Trust Settings.", "Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate"]),
                symbols: ["errsslnorootcert"],
                exactForms: ["norootcert"],
                phrases: [],
                number: -9813, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 146:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLCertExpired", code: "-9814",
                    summary: "A certificate in the chain has expired.",
                    meaning: "The server's certificate, or one of its CAs, is past its expiry date by the device's clock.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.expired"]),
                symbols: ["errsslcertexpired"],
                exactForms: ["certexpired"],
                phrases: [],
                number: -9814, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 147:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLCertNotYetValid", code: "-9815",
                    summary: "A certificate in the chain is not yet valid.",
                    meaning: "The certificate's start date is after the device's current time: a clock that is behind, or a certificate made on a machine whose clock was ahead.",
                    checks: ["Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.not_yet_valid"]),
                symbols: ["errsslcertnotyetvalid"],
                exactForms: ["certnotyetvalid"],
                phrases: [],
                number: -9815, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 148:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLClosedNoNotify", code: "-9816",
                    summary: "The server closed the connection without close_notify.",
                    meaning: "The peer dropped the TCP connection without ending the TLS session properly. During the handshake this usually means a silent refusal.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing).", "Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT"],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslclosednonotify"],
                exactForms: ["closednonotify"],
                phrases: [],
                number: -9816, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 149:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLBufferOverflow", code: "-9817",
                    summary: "A buffer was too small.",
                    meaning: "An internal size error; not caused by the certificates.",
                    checks: ["Look at the application's TLS code."],
                    related: []),
                symbols: ["errsslbufferoverflow"],
                exactForms: ["bufferoverflow"],
                phrases: [],
                number: -9817, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 150:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLBadCipherSuite", code: "-9818",
                    summary: "A bad or unsupported cipher suite was chosen.",
                    meaning: "The server selected a cipher suite the client did not offer or does not allow.",
                    checks: ["Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433", "App Transport Security requires TLS 1.2+, forward-secret suites and a trusted certificate; check the server with tlsprobe connect HOST:PORT --profile apple --versions"],
                    related: ["tls.no_common_cipher"]),
                symbols: ["errsslbadciphersuite"],
                exactForms: ["badciphersuite"],
                phrases: [],
                number: -9818, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 151:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerUnexpectedMsg", code: "-9819",
                    summary: "The peer sent the TLS alert unexpected_message (10) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the unexpected_message alert. Run `tlsprobe explain unexpected_message` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain unexpected_message", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerunexpectedmsg"],
                exactForms: ["peerunexpectedmsg"],
                phrases: [],
                number: -9819, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 152:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerBadRecordMac", code: "-9820",
                    summary: "The peer sent the TLS alert bad_record_mac (20) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the bad_record_mac alert. Run `tlsprobe explain bad_record_mac` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain bad_record_mac", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerbadrecordmac"],
                exactForms: ["peerbadrecordmac"],
                phrases: [],
                number: -9820, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 153:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerDecryptionFail", code: "-9821",
                    summary: "The peer sent the TLS alert decryption_failed (21) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the decryption_failed alert. Run `tlsprobe explain decryption_failed` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain decryption_failed", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerdecryptionfail"],
                exactForms: ["peerdecryptionfail"],
                phrases: [],
                number: -9821, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 154:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerRecordOverflow", code: "-9822",
                    summary: "The peer sent the TLS alert record_overflow (22) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the record_overflow alert. Run `tlsprobe explain record_overflow` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain record_overflow", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerrecordoverflow"],
                exactForms: ["peerrecordoverflow"],
                phrases: [],
                number: -9822, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 155:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerDecompressFail", code: "-9823",
                    summary: "The peer sent the TLS alert decompression_failure (30) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the decompression_failure alert. Run `tlsprobe explain decompression_failure` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain decompression_failure", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerdecompressfail"],
                exactForms: ["peerdecompressfail"],
                phrases: [],
                number: -9823, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 156:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerHandshakeFail", code: "-9824",
                    summary: "The peer sent the TLS alert handshake_failure (40) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the handshake_failure alert. Run `tlsprobe explain handshake_failure` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain handshake_failure", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_cipher", "tls.no_common_version", "mtls.client_cert_required"]),
                symbols: ["errsslpeerhandshakefail"],
                exactForms: ["peerhandshakefail"],
                phrases: [],
                number: -9824, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 157:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerBadCert", code: "-9825",
                    summary: "The peer sent the TLS alert bad_certificate (42) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the bad_certificate alert. Run `tlsprobe explain bad_certificate` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain bad_certificate", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_rejected"]),
                symbols: ["errsslpeerbadcert"],
                exactForms: ["peerbadcert"],
                phrases: [],
                number: -9825, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 158:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerUnsupportedCert", code: "-9826",
                    summary: "The peer sent the TLS alert unsupported_certificate (43) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the unsupported_certificate alert. Run `tlsprobe explain unsupported_certificate` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain unsupported_certificate", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["cert.unsupported_algorithm"]),
                symbols: ["errsslpeerunsupportedcert"],
                exactForms: ["peerunsupportedcert"],
                phrases: [],
                number: -9826, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 159:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerCertRevoked", code: "-9827",
                    summary: "The peer sent the TLS alert certificate_revoked (44) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the certificate_revoked alert. Run `tlsprobe explain certificate_revoked` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain certificate_revoked", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeercertrevoked"],
                exactForms: ["peercertrevoked"],
                phrases: [],
                number: -9827, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 160:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerCertExpired", code: "-9828",
                    summary: "The peer sent the TLS alert certificate_expired (45) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the certificate_expired alert. Run `tlsprobe explain certificate_expired` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain certificate_expired", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["cert.expired"]),
                symbols: ["errsslpeercertexpired"],
                exactForms: ["peercertexpired"],
                phrases: [],
                number: -9828, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 161:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerCertUnknown", code: "-9829",
                    summary: "The peer sent the TLS alert certificate_unknown (46) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the certificate_unknown alert. Run `tlsprobe explain certificate_unknown` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain certificate_unknown", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_rejected"]),
                symbols: ["errsslpeercertunknown"],
                exactForms: ["peercertunknown"],
                phrases: [],
                number: -9829, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 162:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLIllegalParam", code: "-9830",
                    summary: "An illegal parameter was sent or received (illegal_parameter alert).",
                    meaning: "A handshake field had a value out of range or inconsistent with another. Often an interoperability bug in the device's TLS stack.",
                    checks: ["tlsprobe explain illegal_parameter", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslillegalparam"],
                exactForms: ["illegalparam"],
                phrases: [],
                number: -9830, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 163:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerUnknownCA", code: "-9831",
                    summary: "The peer sent the TLS alert unknown_ca (48) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the unknown_ca alert. Run `tlsprobe explain unknown_ca` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain unknown_ca", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.identity_not_acceptable", "mtls.client_cert_rejected"]),
                symbols: ["errsslpeerunknownca"],
                exactForms: ["peerunknownca"],
                phrases: [],
                number: -9831, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 164:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerAccessDenied", code: "-9832",
                    summary: "The peer sent the TLS alert access_denied (49) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the access_denied alert. Run `tlsprobe explain access_denied` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain access_denied", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_rejected"]),
                symbols: ["errsslpeeraccessdenied"],
                exactForms: ["peeraccessdenied"],
                phrases: [],
                number: -9832, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 165:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerDecodeError", code: "-9833",
                    summary: "The peer sent the TLS alert decode_error (50) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the decode_error alert. Run `tlsprobe explain decode_error` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain decode_error", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerdecodeerror"],
                exactForms: ["peerdecodeerror"],
                phrases: [],
                number: -9833, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 166:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerDecryptError", code: "-9834",
                    summary: "The peer sent the TLS alert decrypt_error (51) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the decrypt_error alert. Run `tlsprobe explain decrypt_error` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain decrypt_error", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["key.mismatch"]),
                symbols: ["errsslpeerdecrypterror"],
                exactForms: ["peerdecrypterror"],
                phrases: [],
                number: -9834, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 167:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerExportRestriction", code: "-9835",
                    summary: "The peer sent the TLS alert export_restriction (60) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the export_restriction alert. Run `tlsprobe explain export_restriction` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain export_restriction", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerexportrestriction"],
                exactForms: ["peerexportrestriction"],
                phrases: [],
                number: -9835, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 168:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerProtocolVersion", code: "-9836",
                    summary: "The peer sent the TLS alert protocol_version (70) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the protocol_version alert. Run `tlsprobe explain protocol_version` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain protocol_version", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_version", "tls.protocol_too_old"]),
                symbols: ["errsslpeerprotocolversion"],
                exactForms: ["peerprotocolversion"],
                phrases: [],
                number: -9836, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 169:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerInsufficientSecurity", code: "-9837",
                    summary: "The peer sent the TLS alert insufficient_security (71) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the insufficient_security alert. Run `tlsprobe explain insufficient_security` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain insufficient_security", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_cipher"]),
                symbols: ["errsslpeerinsufficientsecurity"],
                exactForms: ["peerinsufficientsecurity"],
                phrases: [],
                number: -9837, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 170:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerInternalError", code: "-9838",
                    summary: "The peer sent the TLS alert internal_error (80) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the internal_error alert. Run `tlsprobe explain internal_error` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain internal_error", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerinternalerror"],
                exactForms: ["peerinternalerror"],
                phrases: [],
                number: -9838, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 171:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerUserCancelled", code: "-9839",
                    summary: "The peer sent the TLS alert user_canceled (90) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the user_canceled alert. Run `tlsprobe explain user_canceled` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain user_canceled", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeerusercancelled"],
                exactForms: ["peerusercancelled"],
                phrases: [],
                number: -9839, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 172:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerNoRenegotiation", code: "-9840",
                    summary: "The peer sent the TLS alert no_renegotiation (100) and ended the handshake.",
                    meaning: "The other side, not this device, refused the connection and said why with the no_renegotiation alert. Run `tlsprobe explain no_renegotiation` for what that alert usually means and who sends it.",
                    checks: ["tlsprobe explain no_renegotiation", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslpeernorenegotiation"],
                exactForms: ["peernorenegotiation"],
                phrases: [],
                number: -9840, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 173:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLPeerAuthCompleted", code: "-9841",
                    summary: "Server authentication is done and the app is asked to evaluate trust itself (not an error).",
                    meaning: "Returned when an application asked to break on server authentication so that it can check the certificate itself; the handshake continues after that check. As a final error it means the app's own trust check did not complete.",
                    checks: ["Look at the app's custom trust evaluation (URLSession didReceive challenge)."],
                    related: []),
                symbols: ["errsslpeerauthcompleted"],
                exactForms: ["peerauthcompleted"],
                phrases: ["errsslserverauthcompleted"],
                number: -9841, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 174:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLClientCertRequested", code: "-9842",
                    summary: "The server asked for a client certificate (not an error).",
                    meaning: "A break-point signal for apps that supply a client identity on demand. If it ends the connection, the app had no identity to give.",
                    checks: ["Give the app a client identity issued by a CA the server accepts; see the acceptable CAs with tlsprobe connect HOST:PORT"],
                    related: ["mtls.client_cert_requested", "mtls.client_cert_required"]),
                symbols: ["errsslclientcertrequested"],
                exactForms: ["clientcertrequested"],
                phrases: [],
                number: -9842, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 175:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLHostNameMismatch", code: "-9843",
                    summary: "The certificate is not valid for the host name that was dialled.",
                    meaning: "The chain may be trusted, but the certificate's subjectAltName does not contain the name or IP address the app used. Apple ignores the Common Name, and an IP address must be in an iPAddress SAN.",
                    checks: ["See the SANs and the expected name: tlsprobe connect HOST:PORT --host NAME --profile apple"],
                    related: ["name.mismatch", "name.ip_not_in_san", "name.cn_only"]),
                symbols: ["errsslhostnamemismatch"],
                exactForms: ["hostnamemismatch"],
                phrases: [],
                number: -9843, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 176:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLConnectionRefused", code: "-9844",
                    summary: "The peer refused the connection.",
                    meaning: "The server closed the connection before any TLS data: nothing listening, a firewall, or a service that only accepts certain clients.",
                    checks: ["Check that the port is open and speaks TLS: tlsprobe connect HOST:PORT"],
                    related: []),
                symbols: ["errsslconnectionrefused"],
                exactForms: ["connectionrefused"],
                phrases: [],
                number: -9844, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 177:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLDecryptionFail", code: "-9845",
                    summary: "A record could not be decrypted.",
                    meaning: "Decryption of received data failed: corrupted traffic or mismatched keys.",
                    checks: ["See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["errssldecryptionfail"],
                exactForms: ["decryptionfail"],
                phrases: [],
                number: -9845, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 178:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLBadRecordMac", code: "-9846",
                    summary: "A record failed its integrity check.",
                    meaning: "The received data was altered or keys disagree; look for a proxy or faulty network equipment.",
                    checks: ["tlsprobe explain bad_record_mac", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["errsslbadrecordmac"],
                exactForms: ["badrecordmac"],
                phrases: [],
                number: -9846, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 179:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLRecordOverflow", code: "-9847",
                    summary: "A record was larger than allowed.",
                    meaning: "The peer sent a record beyond the size limit, sometimes a sign that the peer is not speaking TLS at all.",
                    checks: ["tlsprobe explain record_overflow", "Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT"],
                    related: []),
                symbols: ["errsslrecordoverflow"],
                exactForms: ["recordoverflow"],
                phrases: [],
                number: -9847, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 180:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLBadConfiguration", code: "-9848",
                    summary: "The local TLS configuration is invalid.",
                    meaning: "The app configured its TLS session in a way the stack refuses: an identity without a private key, conflicting version limits, or a cipher list with nothing usable.",
                    checks: ["Check the app's TLS settings and its client identity: tlsprobe inspect identity.p12 --password-env P12_PASS"],
                    related: ["pkcs12.no_private_key"]),
                symbols: ["errsslbadconfiguration"],
                exactForms: ["badconfiguration"],
                phrases: [],
                number: -9848, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 181:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLUnexpectedRecord", code: "-9849",
                    summary: "A record of an unexpected type arrived.",
                    meaning: "The peer sent data at the wrong time, often plaintext from a service that is not TLS.",
                    checks: ["Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["errsslunexpectedrecord"],
                exactForms: ["unexpectedrecord"],
                phrases: [],
                number: -9849, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 182:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLWeakPeerEphemeralDHKey", code: "-9850",
                    summary: "The server's Diffie-Hellman parameters are too weak.",
                    meaning: "The server offered DHE with a group under 1024 (or the configured minimum) bits. Old appliances with 512/768-bit DH parameters cause this.",
                    checks: ["Enable ECDHE suites on the server, or configure DH parameters of 2048 bits or more."],
                    related: ["tls.no_forward_secrecy"]),
                symbols: ["errsslweakpeerephemeraldhkey"],
                exactForms: ["weakpeerephemeraldhkey"],
                phrases: [],
                number: -9850, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 183:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLClientHelloReceived", code: "-9851",
                    summary: "A ClientHello was received (server-side break point, not an error).",
                    meaning: "A signal for server apps that inspect the ClientHello; not a failure.",
                    checks: ["Not a failure on its own."],
                    related: []),
                symbols: ["errsslclienthelloreceived"],
                exactForms: ["clienthelloreceived"],
                phrases: [],
                number: -9851, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 184:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLTransportReset", code: "-9852",
                    summary: "The underlying connection was reset.",
                    meaning: "The TCP connection was reset (RST) during the handshake or session: the server process closed it abruptly, or a firewall or NAT dropped it.",
                    checks: ["Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["errssltransportreset"],
                exactForms: ["transportreset"],
                phrases: [],
                number: -9852, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 185:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLNetworkTimeout", code: "-9853",
                    summary: "The network timed out during the handshake.",
                    meaning: "The peer stopped answering. On a LAN, check that the device is reachable and awake, and that iOS Local Network permission was granted to the app.",
                    checks: ["Check reachability and that the port answers: tlsprobe connect HOST:PORT --timeout 5"],
                    related: []),
                symbols: ["errsslnetworktimeout"],
                exactForms: ["networktimeout"],
                phrases: [],
                number: -9853, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 186:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLConfigurationFailed", code: "-9854",
                    summary: "TLS configuration failed.",
                    meaning: "Applying the TLS settings failed before connecting: an unusable identity, an unknown cipher or version setting.",
                    checks: ["Check the app's TLS options and client identity."],
                    related: []),
                symbols: ["errsslconfigurationfailed"],
                exactForms: ["configurationfailed"],
                phrases: [],
                number: -9854, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 187:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLUnsupportedExtension", code: "-9855",
                    summary: "The handshake ended with the TLS alert unsupported_extension (110).",
                    meaning: "Apple's TLS stack reports the unsupported_extension alert with this code, whichever side raised it. Run `tlsprobe explain unsupported_extension` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain unsupported_extension", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslunsupportedextension"],
                exactForms: ["unsupportedextension"],
                phrases: [],
                number: -9855, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 188:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLUnexpectedMessage", code: "-9856",
                    summary: "The handshake ended with the TLS alert unexpected_message (10).",
                    meaning: "Apple's TLS stack reports the unexpected_message alert with this code, whichever side raised it. Run `tlsprobe explain unexpected_message` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain unexpected_message", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslunexpectedmessage"],
                exactForms: ["unexpectedmessage"],
                phrases: [],
                number: -9856, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 189:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLDecompressFail", code: "-9857",
                    summary: "The handshake ended with the TLS alert decompression_failure (30).",
                    meaning: "Apple's TLS stack reports the decompression_failure alert with this code, whichever side raised it. Run `tlsprobe explain decompression_failure` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain decompression_failure", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errssldecompressfail"],
                exactForms: ["decompressfail"],
                phrases: [],
                number: -9857, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 190:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLHandshakeFail", code: "-9858",
                    summary: "The handshake ended with the TLS alert handshake_failure (40).",
                    meaning: "Apple's TLS stack reports the handshake_failure alert with this code, whichever side raised it. Run `tlsprobe explain handshake_failure` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain handshake_failure", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_cipher", "tls.no_common_version", "mtls.client_cert_required"]),
                symbols: ["errsslhandshakefail"],
                exactForms: ["handshakefail"],
                phrases: [],
                number: -9858, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 191:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLDecodeError", code: "-9859",
                    summary: "The handshake ended with the TLS alert decode_error (50).",
                    meaning: "Apple's TLS stack reports the decode_error alert with this code, whichever side raised it. Run `tlsprobe explain decode_error` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain decode_error", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errssldecodeerror"],
                exactForms: ["decodeerror"],
                phrases: [],
                number: -9859, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 192:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLInappropriateFallback", code: "-9860",
                    summary: "The handshake ended with the TLS alert inappropriate_fallback (86).",
                    meaning: "Apple's TLS stack reports the inappropriate_fallback alert with this code, whichever side raised it. Run `tlsprobe explain inappropriate_fallback` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain inappropriate_fallback", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_version"]),
                symbols: ["errsslinappropriatefallback"],
                exactForms: ["inappropriatefallback"],
                phrases: [],
                number: -9860, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 193:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLMissingExtension", code: "-9861",
                    summary: "The handshake ended with the TLS alert missing_extension (109).",
                    meaning: "Apple's TLS stack reports the missing_extension alert with this code, whichever side raised it. Run `tlsprobe explain missing_extension` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain missing_extension", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslmissingextension"],
                exactForms: ["missingextension"],
                phrases: [],
                number: -9861, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 194:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLBadCertificateStatusResponse", code: "-9862",
                    summary: "The handshake ended with the TLS alert bad_certificate_status_response (113).",
                    meaning: "Apple's TLS stack reports the bad_certificate_status_response alert with this code, whichever side raised it. Run `tlsprobe explain bad_certificate_status_response` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain bad_certificate_status_response", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslbadcertificatestatusresponse"],
                exactForms: ["badcertificatestatusresponse"],
                phrases: [],
                number: -9862, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 195:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLCertificateRequired", code: "-9863",
                    summary: "The handshake ended with the TLS alert certificate_required (116).",
                    meaning: "Apple's TLS stack reports the certificate_required alert with this code, whichever side raised it. Run `tlsprobe explain certificate_required` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain certificate_required", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_required", "mtls.identity_not_acceptable"]),
                symbols: ["errsslcertificaterequired"],
                exactForms: ["certificaterequired"],
                phrases: [],
                number: -9863, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 196:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLUnknownPSKIdentity", code: "-9864",
                    summary: "The handshake ended with the TLS alert unknown_psk_identity (115).",
                    meaning: "Apple's TLS stack reports the unknown_psk_identity alert with this code, whichever side raised it. Run `tlsprobe explain unknown_psk_identity` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain unknown_psk_identity", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["errsslunknownpskidentity"],
                exactForms: ["unknownpskidentity"],
                phrases: [],
                number: -9864, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 197:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLUnrecognizedName", code: "-9865",
                    summary: "The handshake ended with the TLS alert unrecognized_name (112).",
                    meaning: "Apple's TLS stack reports the unrecognized_name alert with this code, whichever side raised it. Run `tlsprobe explain unrecognized_name` for what it usually means; a capture shows who sent it.",
                    checks: ["tlsprobe explain unrecognized_name", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["name.mismatch"]),
                symbols: ["errsslunrecognizedname"],
                exactForms: ["unrecognizedname"],
                phrases: [],
                number: -9865, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 198:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLATSViolation", code: "-9880",
                    summary: "App Transport Security refused the connection.",
                    meaning: "The server does not meet App Transport Security: TLS 1.2 or later, a forward-secret cipher suite, and a certificate the device trusts with an RSA 2048+ or ECC 256+ key and a SHA-2 signature. Exceptions can only be made in the app's Info.plist.",
                    checks: ["App Transport Security requires TLS 1.2+, forward-secret suites and a trusted certificate; check the server with tlsprobe connect HOST:PORT --profile apple --versions", "Check the certificate against Apple's rules (SAN required, serverAuth EKU, at most 825 days, RSA 2048+, SHA-2): tlsprobe verify leaf.pem --profile apple --host NAME"],
                    related: ["tls.protocol_too_old", "tls.no_forward_secrecy", "cert.weak_key", "cert.weak_signature"]),
                symbols: ["errsslatsviolation"],
                exactForms: ["atsviolation"],
                phrases: [],
                number: -9880, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 199:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLATSMinimumVersionViolation", code: "-9881",
                    summary: "ATS: the server's TLS version is below the minimum (TLS 1.2).",
                    meaning: "The server negotiated TLS 1.0 or 1.1; App Transport Security requires 1.2 or later.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.protocol_too_old"]),
                symbols: ["errsslatsminimumversionviolation"],
                exactForms: ["atsminimumversionviolation"],
                phrases: [],
                number: -9881, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 200:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLATSCiphersuiteViolation", code: "-9882",
                    summary: "ATS: the negotiated cipher suite is not forward-secret.",
                    meaning: "App Transport Security accepts only ECDHE suites with AES-GCM, AES-CBC or ChaCha20 (and TLS 1.3 suites); a server picking RSA key exchange fails.",
                    checks: ["Enable ECDHE-ECDSA or ECDHE-RSA suites with AES-GCM on the server."],
                    related: ["tls.no_forward_secrecy"]),
                symbols: ["errsslatsciphersuiteviolation"],
                exactForms: ["atsciphersuiteviolation"],
                phrases: [],
                number: -9882, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 201:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLATSMinimumKeySizeViolation", code: "-9883",
                    summary: "ATS: the certificate's key is too small.",
                    meaning: "App Transport Security needs RSA keys of at least 2048 bits or ECC keys of at least 256 bits.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.weak_key"]),
                symbols: ["errsslatsminimumkeysizeviolation"],
                exactForms: ["atsminimumkeysizeviolation"],
                phrases: [],
                number: -9883, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 202:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLATSLeafCertificateHashAlgorithmViolation", code: "-9884",
                    summary: "ATS: the server certificate is signed with a weak hash.",
                    meaning: "The leaf certificate's signature uses SHA-1 or MD5; ATS requires SHA-2.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.weak_signature"]),
                symbols: ["errsslatsleafcertificatehashalgorithmviolation"],
                exactForms: ["atsleafcertificatehashalgorithmviolation"],
                phrases: [],
                number: -9884, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 203:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLATSCertificateHashAlgorithmViolation", code: "-9885",
                    summary: "ATS: a certificate in the chain is signed with a weak hash.",
                    meaning: "An intermediate (or the leaf) is signed with SHA-1 or MD5; ATS requires SHA-2.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.weak_signature"]),
                symbols: ["errsslatscertificatehashalgorithmviolation"],
                exactForms: ["atscertificatehashalgorithmviolation"],
                phrases: [],
                number: -9885, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 204:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLATSCertificateTrustViolation", code: "-9886",
                    summary: "ATS: the server's certificate is not trusted.",
                    meaning: "App Transport Security found the chain untrusted: the same causes as errSSLXCertChainInvalid (root not installed or not enabled, intermediate missing, Apple's certificate rules broken).",
                    checks: ["Check the chain against the root you installed on the device: tlsprobe connect HOST:PORT --anchor root.pem --profile apple", "On iOS, a root installed from a profile must also be enabled under Settings > General > About > Certificate Trust Settings."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate"]),
                symbols: ["errsslatscertificatetrustviolation"],
                exactForms: ["atscertificatetrustviolation"],
                phrases: [],
                number: -9886, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 205:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSSLEarlyDataRejected", code: "-9890",
                    summary: "The server rejected TLS 1.3 early data.",
                    meaning: "0-RTT data sent on resumption was refused; the client should resend it after the handshake. Not a trust problem.",
                    checks: ["Not a trust problem; the app should retry without early data."],
                    related: []),
                symbols: ["errsslearlydatarejected"],
                exactForms: ["earlydatarejected"],
                phrases: [],
                number: -9890, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 206:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecAuthFailed", code: "-25293",
                    summary: "Authorization or authentication failed; with PKCS#12 import, usually the wrong password.",
                    meaning: "When importing a .p12 identity (SecPKCS12Import, or installing a profile) this most often means the password is wrong. Older iOS and macOS versions also report it for PKCS#12 files encrypted with modern PBES2/AES algorithms they cannot read.",
                    checks: ["Check the password and the file's encryption: tlsprobe inspect identity.p12 --password-env P12_PASS", "Re-export with legacy algorithms for older systems: openssl pkcs12 -export -legacy -in cert.pem -inkey key.pem -out identity.p12"],
                    related: ["pkcs12.wrong_password", "pkcs12.modern_encryption"]),
                symbols: ["errsecauthfailed"],
                exactForms: ["authfailed"],
                phrases: [],
                number: -25293, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 207:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecPkcs12VerifyFailure", code: "-25264",
                    summary: "The PKCS#12 file's integrity check failed: wrong password or unreadable file.",
                    meaning: "The MAC over the .p12 did not verify. Either the password is wrong, or the file uses a MAC or encryption this system does not support.",
                    checks: ["tlsprobe inspect identity.p12 --password-env P12_PASS", "Re-export with -legacy for older Apple systems."],
                    related: ["pkcs12.wrong_password", "pkcs12.modern_encryption"]),
                symbols: ["errsecpkcs12verifyfailure"],
                exactForms: ["pkcs12verifyfailure"],
                phrases: [],
                number: -25264, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 208:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecUnknownFormat", code: "-25257",
                    summary: "The file's format was not recognised.",
                    meaning: "The data given as a certificate or identity is not in a format the Security framework can read (PEM where DER was expected, a .p12 from an unsupported tool, a truncated file).",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: []),
                symbols: ["errsecunknownformat"],
                exactForms: ["unknownformat"],
                phrases: [],
                number: -25257, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 209:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecDecode", code: "-26275",
                    summary: "The data could not be decoded.",
                    meaning: "A certificate or key could not be parsed: often PEM text passed where DER bytes are expected, or a damaged file.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.malformed"]),
                symbols: ["errsecdecode"],
                exactForms: ["decode"],
                phrases: [],
                number: -26275, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 210:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecDuplicateItem", code: "-25299",
                    summary: "The item is already in the keychain.",
                    meaning: "An identity or certificate with the same attributes is already stored; not a TLS failure.",
                    checks: ["Delete the old item before adding the new one."],
                    related: []),
                symbols: ["errsecduplicateitem"],
                exactForms: ["duplicateitem"],
                phrases: [],
                number: -25299, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 211:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecItemNotFound", code: "-25300",
                    summary: "The item was not found in the keychain.",
                    meaning: "The app looked for an identity or certificate (for example its client certificate) and it is not in the keychain it can access.",
                    checks: ["Check that the client identity was imported into the app's keychain access group."],
                    related: ["mtls.client_cert_required"]),
                symbols: ["errsecitemnotfound"],
                exactForms: ["itemnotfound"],
                phrases: [],
                number: -25300, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 212:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecMissingEntitlement", code: "-34018",
                    summary: "The app lacks the entitlement to use the keychain item.",
                    meaning: "Keychain access failed because of signing or entitlements, not certificates.",
                    checks: ["Check the app's keychain-access-groups entitlement."],
                    related: []),
                symbols: ["errsecmissingentitlement"],
                exactForms: ["missingentitlement"],
                phrases: [],
                number: -34018, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 213:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecNotTrusted", code: "-67843",
                    summary: "The certificate is not trusted.",
                    meaning: "Trust evaluation reached no trusted anchor, or a policy marked the result as untrusted. It is the code behind \u{201C}certificate is not trusted\u{201D} messages from SecTrustEvaluateWithError and Go on macOS.",
                    checks: ["Check the chain against the root you installed on the device: tlsprobe connect HOST:PORT --anchor root.pem --profile apple", "On iOS, a root installed from a profile must also be enabled under Settings > General > About > Certificate Trust Settings."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate"]),
                symbols: ["errsecnottrusted"],
                exactForms: ["nottrusted"],
                phrases: ["certificate is not trusted"],
                number: -67843, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 214:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecCertificateExpired", code: "-67818",
                    summary: "A certificate has expired.",
                    meaning: "Trust evaluation found a certificate in the chain past its notAfter date.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.expired"]),
                symbols: ["errseccertificateexpired"],
                exactForms: ["certificateexpired"],
                phrases: [],
                number: -67818, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 215:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecCertificateNotValidYet", code: "-67819",
                    summary: "A certificate is not yet valid.",
                    meaning: "Trust evaluation found a certificate whose notBefore is after the device's current time.",
                    checks: ["Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.not_yet_valid"]),
                symbols: ["errseccertificatenotvalidyet"],
                exactForms: ["certificatenotvalidyet"],
                phrases: [],
                number: -67819, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 216:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecCertificateRevoked", code: "-67820",
                    summary: "A certificate has been revoked.",
                    meaning: "Revocation checking found the certificate withdrawn by its CA.",
                    checks: ["Install a newly issued certificate."],
                    related: []),
                symbols: ["errseccertificaterevoked"],
                exactForms: ["certificaterevoked"],
                phrases: [],
                number: -67820, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 217:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecHostNameMismatch", code: "-67602",
                    summary: "The host name does not match the certificate.",
                    meaning: "The SSL policy's host name is not among the certificate's subjectAltNames (the Common Name is ignored; IP addresses need iPAddress SANs).",
                    checks: ["tlsprobe connect HOST:PORT --host NAME --profile apple"],
                    related: ["name.mismatch", "name.ip_not_in_san", "name.cn_only"]),
                symbols: ["errsechostnamemismatch"],
                exactForms: ["hostnamemismatch"],
                phrases: [],
                number: -67602, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 218:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecInvalidExtendedKeyUsage", code: "-67609",
                    summary: "The certificate's extended key usage does not allow this use.",
                    meaning: "A TLS server certificate must list serverAuth in extendedKeyUsage on Apple platforms (clientAuth for client certificates).",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue with extendedKeyUsage serverAuth."],
                    related: ["cert.eku_missing_server_auth", "cert.eku_missing_client_auth"]),
                symbols: ["errsecinvalidextendedkeyusage"],
                exactForms: ["invalidextendedkeyusage"],
                phrases: [],
                number: -67609, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 219:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecInvalidKeyUsageForPolicy", code: "-67608",
                    summary: "The certificate's key usage does not allow this use.",
                    meaning: "keyUsage does not permit what the TLS policy needs (digitalSignature for signing the handshake).",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.key_usage_incompatible"]),
                symbols: ["errsecinvalidkeyusageforpolicy"],
                exactForms: ["invalidkeyusageforpolicy"],
                phrases: [],
                number: -67608, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 220:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecSSLBadExtendedKeyUsage", code: "-67629",
                    summary: "The certificate's extended key usage is wrong for TLS.",
                    meaning: "The certificate lacks serverAuth (or clientAuth) in extendedKeyUsage for the TLS policy.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.eku_missing_server_auth", "cert.eku_missing_client_auth"]),
                symbols: ["errsecsslbadextendedkeyusage"],
                exactForms: ["sslbadextendedkeyusage"],
                phrases: [],
                number: -67629, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 221:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecNoBasicConstraints", code: "-67604",
                    summary: "A CA certificate has no basicConstraints extension.",
                    meaning: "An issuing certificate does not say it is a CA, so Apple will not build a chain through it.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-create the CA with basicConstraints=critical,CA:TRUE."],
                    related: ["chain.issuer_not_ca"]),
                symbols: ["errsecnobasicconstraints"],
                exactForms: ["nobasicconstraints"],
                phrases: [],
                number: -67604, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 222:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecNoBasicConstraintsCA", code: "-67605",
                    summary: "An issuing certificate is not marked as a CA.",
                    meaning: "basicConstraints is present but says CA:FALSE on a certificate that signed another.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["chain.issuer_not_ca"]),
                symbols: ["errsecnobasicconstraintsca"],
                exactForms: ["nobasicconstraintsca"],
                phrases: [],
                number: -67605, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 223:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecPathLengthConstraintExceeded", code: "-67611",
                    summary: "A CA's path length constraint was exceeded.",
                    meaning: "More intermediate CAs follow a CA than its pathlen allows.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME"],
                    related: ["chain.path_length_exceeded"]),
                symbols: ["errsecpathlengthconstraintexceeded"],
                exactForms: ["pathlengthconstraintexceeded"],
                phrases: [],
                number: -67611, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 224:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecInvalidRoot", code: "-67612",
                    summary: "The root certificate is not valid.",
                    meaning: "The anchor at the top of the chain is invalid (expired, malformed, or not usable as a root).",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["chain.untrusted_root"]),
                symbols: ["errsecinvalidroot"],
                exactForms: ["invalidroot"],
                phrases: [],
                number: -67612, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 225:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecUnknownCriticalExtensionFlag", code: "-67603",
                    summary: "A certificate has an unknown critical extension.",
                    meaning: "Apple does not understand an extension marked critical and must reject the certificate.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.unknown_critical_extension"]),
                symbols: ["errsecunknowncriticalextensionflag"],
                exactForms: ["unknowncriticalextensionflag"],
                phrases: [],
                number: -67603, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 226:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecTrustSettingDeny", code: "-67654",
                    summary: "Trust settings explicitly deny this certificate.",
                    meaning: "A user or administrator marked the certificate (or its root) 'Never Trust'.",
                    checks: ["Change the certificate's trust settings in Keychain Access (macOS) or remove the configuration profile."],
                    related: ["chain.untrusted_root"]),
                symbols: ["errsectrustsettingdeny"],
                exactForms: ["trustsettingdeny"],
                phrases: [],
                number: -67654, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 227:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecCertificatePolicyNotAllowed", code: "-67899",
                    summary: "The certificate is not allowed for the requested policy.",
                    meaning: "The certificate or its CA is restricted from this use, for example by EKU constraints on the CA.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.eku_missing_server_auth"]),
                symbols: ["errseccertificatepolicynotallowed"],
                exactForms: ["certificatepolicynotallowed"],
                phrases: [],
                number: -67899, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 228:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecCertificateNameNotAllowed", code: "-67900",
                    summary: "A name in the certificate is not allowed by its CA.",
                    meaning: "The CA's name constraints exclude a name the certificate carries.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME"],
                    related: ["chain.name_constraints_violated"]),
                symbols: ["errseccertificatenamenotallowed"],
                exactForms: ["certificatenamenotallowed"],
                phrases: [],
                number: -67900, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 229:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecCertificateValidityPeriodTooLong", code: "-67901",
                    summary: "The certificate's validity period is longer than Apple allows.",
                    meaning: "TLS server certificates issued after 2019-07-01 may be valid for at most 825 days on Apple platforms (and public CAs are held to 398). A device certificate made for ten years is refused with this code; Safari and Go on macOS show it as \u{201C}certificate is not standards compliant\u{201D}, which also covers a missing SAN or serverAuth EKU.",
                    checks: ["Check the certificate against Apple's rules (SAN required, serverAuth EKU, at most 825 days, RSA 2048+, SHA-2): tlsprobe verify leaf.pem --profile apple --host NAME", "Re-issue for 825 days or less (openssl: -days 397 is safe everywhere)."],
                    related: ["cert.validity_too_long", "name.cn_only", "cert.eku_missing_server_auth"]),
                symbols: ["errseccertificatevalidityperiodtoolong"],
                exactForms: ["certificatevalidityperiodtoolong"],
                phrases: ["certificate is not standards compliant"],
                number: -67901, sslReason: nil, specificity: 3, prominent: true, needsTLSContext: false, twin: nil)
        case 230:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecCertificateIsCA", code: "-67902",
                    summary: "A CA certificate was used as a server or client certificate.",
                    meaning: "The leaf presented has basicConstraints CA:TRUE; Apple refuses CA certificates as TLS end-entity certificates.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Issue a separate leaf certificate (CA:FALSE) from the CA."],
                    related: ["chain.self_signed_leaf"]),
                symbols: ["errseccertificateisca"],
                exactForms: ["certificateisca"],
                phrases: [],
                number: -67902, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 231:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecCertificateDuplicateExtension", code: "-67903",
                    summary: "A certificate contains the same extension twice.",
                    meaning: "RFC 5280 forbids duplicate extensions; a faulty generator produced this certificate.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue the certificate from the CA with the offending field corrected, and install the new one on the server."],
                    related: ["cert.malformed"]),
                symbols: ["errseccertificateduplicateextension"],
                exactForms: ["certificateduplicateextension"],
                phrases: [],
                number: -67903, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 232:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecInvalidCertificateRef", code: "-67690",
                    summary: "An invalid certificate reference was used.",
                    meaning: "The app passed a certificate object that is empty or was not created from valid data, typically PEM text given where DER was expected.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.malformed"]),
                symbols: ["errsecinvalidcertificateref"],
                exactForms: ["invalidcertificateref"],
                phrases: [],
                number: -67690, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 233:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecVerifyFailed", code: "-67808",
                    summary: "A signature did not verify.",
                    meaning: "A certificate or data signature check failed: wrong issuer key (a re-created CA) or corrupted data.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME"],
                    related: ["chain.bad_signature", "chain.anchor_key_mismatch"]),
                symbols: ["errsecverifyfailed"],
                exactForms: ["verifyfailed"],
                phrases: [],
                number: -67808, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 234:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .appleOSStatus, name: "errSecIncompleteCertRevocationCheck", code: "-67635",
                    summary: "Revocation checking could not be completed.",
                    meaning: "The client required revocation information and could not get it (OCSP/CRL server unreachable from the LAN).",
                    checks: ["Disable the hard revocation requirement for local CAs, or make the OCSP/CRL URL reachable."],
                    related: []),
                symbols: ["errsecincompletecertrevocationcheck"],
                exactForms: ["incompletecertrevocationcheck"],
                phrases: [],
                number: -67635, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 235:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorSecureConnectionFailed", code: "-1200",
                    summary: "The TLS connection could not be established.",
                    meaning: "URLSession gave up during the TLS handshake for a reason other than a plain trust failure: no common protocol version or cipher, an App Transport Security violation, the server closing the connection, or a client certificate problem. The underlying errSSL code in the same error says which.",
                    checks: ["Look for _kCFStreamErrorCodeKey (an errSSL code such as -9813) in the same error: `tlsprobe explain` the whole pasted error to read both.", "App Transport Security requires TLS 1.2+, forward-secret suites and a trusted certificate; check the server with tlsprobe connect HOST:PORT --profile apple --versions", "List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.handshake_failed", "tls.no_common_version", "tls.protocol_too_old"]),
                symbols: ["nsurlerrorsecureconnectionfailed", "secureconnectionfailed"],
                exactForms: ["secureconnectionfailed", "kcfurlerrorsecureconnectionfailed"],
                phrases: ["an ssl error has occurred and a secure connection to the server cannot be made"],
                number: -1200, sslReason: nil, specificity: 1, prominent: true, needsTLSContext: false, twin: nil)
        case 236:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorServerCertificateHasBadDate", code: "-1201",
                    summary: "The server's certificate has expired (or its date is otherwise wrong).",
                    meaning: "A certificate in the server's chain is past its expiry date by the device's clock, or otherwise outside its validity period.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.expired", "cert.not_yet_valid"]),
                symbols: ["nsurlerrorservercertificatehasbaddate", "servercertificatehasbaddate"],
                exactForms: ["servercertificatehasbaddate", "kcfurlerrorservercertificatehasbaddate"],
                phrases: [],
                number: -1201, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 237:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorServerCertificateUntrusted", code: "-1202",
                    summary: "The server's certificate is not trusted.",
                    meaning: "Trust evaluation failed: the chain does not reach a root the device trusts (local CA not installed or not enabled in Certificate Trust Settings), an intermediate is missing, the name or IP address is not in the certificate's SAN, or the certificate breaks Apple's rules (validity over 825 days, no serverAuth EKU). The underlying errSSL code narrows it down.",
                    checks: ["Check the chain against the root you installed on the device: tlsprobe connect HOST:PORT --anchor root.pem --profile apple", "On iOS, a root installed from a profile must also be enabled under Settings > General > About > Certificate Trust Settings.", "Check the certificate against Apple's rules (SAN required, serverAuth EKU, at most 825 days, RSA 2048+, SHA-2): tlsprobe verify leaf.pem --profile apple --host NAME", "Look for _kCFStreamErrorCodeKey (an errSSL code such as -9813) in the same error: `tlsprobe explain` the whole pasted error to read both."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate", "name.mismatch", "name.ip_not_in_san", "cert.validity_too_long"]),
                symbols: ["nsurlerrorservercertificateuntrusted", "servercertificateuntrusted"],
                exactForms: ["servercertificateuntrusted", "kcfurlerrorservercertificateuntrusted"],
                phrases: ["the certificate for this server is invalid"],
                number: -1202, sslReason: nil, specificity: 2, prominent: true, needsTLSContext: false, twin: nil)
        case 238:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorServerCertificateHasUnknownRoot", code: "-1203",
                    summary: "The server's certificate was issued by an unknown root.",
                    meaning: "The chain ends at a root the device does not know: a local CA whose root is not installed (or not enabled for full trust).",
                    checks: ["Check the chain against the root you installed on the device: tlsprobe connect HOST:PORT --anchor root.pem --profile apple", "On iOS, a root installed from a profile must also be enabled under Settings > General > About > Certificate Trust Settings."],
                    related: ["chain.untrusted_root"]),
                symbols: ["nsurlerrorservercertificatehasunknownroot", "servercertificatehasunknownroot"],
                exactForms: ["servercertificatehasunknownroot", "kcfurlerrorservercertificatehasunknownroot"],
                phrases: ["was signed by an unknown certifying authority"],
                number: -1203, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 239:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorServerCertificateNotYetValid", code: "-1204",
                    summary: "The server's certificate is not yet valid.",
                    meaning: "The certificate's start date is after the device's current time: a device clock that is behind, or a certificate made on a machine whose clock was ahead.",
                    checks: ["Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.not_yet_valid"]),
                symbols: ["nsurlerrorservercertificatenotyetvalid", "servercertificatenotyetvalid"],
                exactForms: ["servercertificatenotyetvalid", "kcfurlerrorservercertificatenotyetvalid"],
                phrases: ["the certificate for this server is not yet valid"],
                number: -1204, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 240:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorClientCertificateRejected", code: "-1205",
                    summary: "The server rejected the client certificate.",
                    meaning: "The app presented a client certificate and the server refused it: its CA is not in the server's client-CA list, it lacks the clientAuth EKU, or it expired.",
                    checks: ["See the CAs the server accepts and test the identity: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
                    related: ["mtls.client_cert_rejected", "mtls.identity_not_acceptable", "cert.eku_missing_client_auth"]),
                symbols: ["nsurlerrorclientcertificaterejected", "clientcertificaterejected"],
                exactForms: ["clientcertificaterejected", "kcfurlerrorclientcertificaterejected"],
                phrases: ["did not accept the certificate"],
                number: -1205, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 241:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorClientCertificateRequired", code: "-1206",
                    summary: "The server requires a client certificate and none was provided.",
                    meaning: "The server asked for a client certificate during the handshake and the app had none to send (no identity in its keychain, or its challenge handler did not provide one).",
                    checks: ["See the acceptable CAs: tlsprobe connect HOST:PORT", "Install the client identity (.p12) where the app can use it and answer the client-certificate challenge."],
                    related: ["mtls.client_cert_required", "mtls.client_cert_requested"]),
                symbols: ["nsurlerrorclientcertificaterequired", "clientcertificaterequired"],
                exactForms: ["clientcertificaterequired", "kcfurlerrorclientcertificaterequired"],
                phrases: ["requires a client certificate"],
                number: -1206, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 242:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorAppTransportSecurityRequiresSecureConnection", code: "-1022",
                    summary: "App Transport Security blocked a plain-HTTP (or insecure) load.",
                    meaning: "App Transport Security (ATS) makes apps on iOS and macOS use HTTPS with TLS 1.2+, forward secrecy and a trusted certificate unless the app's Info.plist makes an exception (NSAppTransportSecurity, NSAllowsLocalNetworking for local addresses, or a per-domain exception). An http:// URL to a device on the LAN, or an HTTPS server that fails ATS, ends here.",
                    checks: ["Use https:// and make the device pass ATS: tlsprobe connect HOST:PORT --profile apple --versions", "For local devices, the app can set NSAllowsLocalNetworking or a per-domain NSExceptionDomains entry in Info.plist."],
                    related: ["tls.protocol_too_old", "tls.no_forward_secrecy"]),
                symbols: ["nsurlerrorapptransportsecurityrequiressecureconnection", "apptransportsecurityrequiressecureconnection"],
                exactForms: ["apptransportsecurityrequiressecureconnection", "kcfurlerrorapptransportsecurityrequiressecureconnection"],
                phrases: ["app transport security policy requires the use of a secure connection"],
                number: -1022, sslReason: nil, specificity: 2, prominent: true, needsTLSContext: false, twin: nil)
        case 243:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorTimedOut", code: "-1001",
                    summary: "The request timed out.",
                    meaning: "No answer in time. On a local network: the device is unreachable from the phone's network, asleep, or iOS Local Network permission was denied for the app.",
                    checks: ["Check that the port answers from the same network: tlsprobe connect HOST:PORT --timeout 5"],
                    related: []),
                symbols: ["nsurlerrortimedout"],
                exactForms: ["timedout", "kcfurlerrortimedout"],
                phrases: [],
                number: -1001, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 244:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorCannotFindHost", code: "-1003",
                    summary: "The host name could not be resolved.",
                    meaning: "DNS (or mDNS for .local names) did not resolve the name. Not a TLS problem.",
                    checks: ["Resolve the name from the same network; try the IP address (and then check the certificate has an IP SAN)."],
                    related: []),
                symbols: ["nsurlerrorcannotfindhost"],
                exactForms: ["cannotfindhost", "kcfurlerrorcannotfindhost"],
                phrases: [],
                number: -1003, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 245:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorCannotConnectToHost", code: "-1004",
                    summary: "The TCP connection could not be made.",
                    meaning: "Nothing accepted the connection: wrong port, service down, or a firewall. TLS never started.",
                    checks: ["tlsprobe connect HOST:PORT exits with 2 when the port cannot be reached."],
                    related: []),
                symbols: ["nsurlerrorcannotconnecttohost", "cannotconnecttohost"],
                exactForms: ["cannotconnecttohost", "kcfurlerrorcannotconnecttohost"],
                phrases: [],
                number: -1004, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 246:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorNetworkConnectionLost", code: "-1005",
                    summary: "The connection was lost.",
                    meaning: "The connection dropped mid-request. During a handshake this can be a server closing the connection after refusing the client silently.",
                    checks: ["Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["nsurlerrornetworkconnectionlost", "networkconnectionlost"],
                exactForms: ["networkconnectionlost", "kcfurlerrornetworkconnectionlost"],
                phrases: [],
                number: -1005, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 247:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorNotConnectedToInternet", code: "-1009",
                    summary: "The device reports no network connection.",
                    meaning: "No usable network path, or the app is not allowed to use it. For devices on the LAN, iOS 14+ can report this when Local Network access was denied to the app.",
                    checks: ["Check Settings > Privacy & Security > Local Network for the app."],
                    related: []),
                symbols: ["nsurlerrornotconnectedtointernet", "notconnectedtointernet"],
                exactForms: ["notconnectedtointernet", "kcfurlerrornotconnectedtointernet"],
                phrases: [],
                number: -1009, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 248:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorUserCancelledAuthentication", code: "-1012",
                    summary: "An authentication challenge was cancelled.",
                    meaning: "The app's challenge handler cancelled, which is what apps do when their own server-trust check (a pin, a custom CA check) fails. Treat it as a trust failure decided by the app.",
                    checks: ["Look at the app's pinning or custom trust code; compare the pin: tlsprobe connect HOST:PORT --pin sha256/BASE64"],
                    related: ["pin.mismatch", "chain.untrusted_root"]),
                symbols: ["nsurlerrorusercancelledauthentication", "usercancelledauthentication"],
                exactForms: ["usercancelledauthentication", "kcfurlerrorusercancelledauthentication"],
                phrases: [],
                number: -1012, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 249:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .nsurlError, name: "NSURLErrorCancelled", code: "-999",
                    summary: "The request was cancelled.",
                    meaning: "Cancelled by the app, sometimes after its own trust evaluation failed (a challenge cancelled with cancelAuthenticationChallenge).",
                    checks: ["Look at the app's trust and pinning code."],
                    related: ["pin.mismatch"]),
                symbols: ["nsurlerrorcancelled"],
                exactForms: ["cancelled", "kcfurlerrorcancelled"],
                phrases: [],
                number: -999, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 250:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_UNEXPECTED_MESSAGE", code: "1010",
                    summary: "The peer sent the TLS alert unexpected_message (10); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain unexpected_message` for what the alert usually means.",
                    checks: ["tlsprobe explain unexpected_message", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["sslv3_alert_unexpected_message", "ssl_r_sslv3_alert_unexpected_message"],
                exactForms: [],
                phrases: [],
                number: 1010, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:10")
        case 251:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_BAD_RECORD_MAC", code: "1020",
                    summary: "The peer sent the TLS alert bad_record_mac (20); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain bad_record_mac` for what the alert usually means.",
                    checks: ["tlsprobe explain bad_record_mac", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["sslv3_alert_bad_record_mac", "ssl_r_sslv3_alert_bad_record_mac"],
                exactForms: [],
                phrases: [],
                number: 1020, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:20")
        case 252:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_DECRYPTION_FAILED", code: "1021",
                    summary: "The peer sent the TLS alert decryption_failed (21); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain decryption_failed` for what the alert usually means.",
                    checks: ["tlsprobe explain decryption_failed", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["tlsv1_alert_decryption_failed", "ssl_r_tlsv1_alert_decryption_failed"],
                exactForms: [],
                phrases: [],
                number: 1021, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:21")
        case 253:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_RECORD_OVERFLOW", code: "1022",
                    summary: "The peer sent the TLS alert record_overflow (22); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain record_overflow` for what the alert usually means.",
                    checks: ["tlsprobe explain record_overflow", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["tlsv1_alert_record_overflow", "ssl_r_tlsv1_alert_record_overflow"],
                exactForms: [],
                phrases: [],
                number: 1022, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:22")
        case 254:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_DECOMPRESSION_FAILURE", code: "1030",
                    summary: "The peer sent the TLS alert decompression_failure (30); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain decompression_failure` for what the alert usually means.",
                    checks: ["tlsprobe explain decompression_failure", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["sslv3_alert_decompression_failure", "ssl_r_sslv3_alert_decompression_failure"],
                exactForms: [],
                phrases: [],
                number: 1030, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:30")
        case 255:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_HANDSHAKE_FAILURE", code: "1040",
                    summary: "The peer sent the TLS alert handshake_failure (40); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain handshake_failure` for what the alert usually means.",
                    checks: ["tlsprobe explain handshake_failure", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_cipher", "tls.no_common_version", "tls.handshake_failed", "mtls.client_cert_required"]),
                symbols: ["sslv3_alert_handshake_failure", "ssl_r_sslv3_alert_handshake_failure"],
                exactForms: [],
                phrases: [],
                number: 1040, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:40")
        case 256:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_NO_CERTIFICATE", code: "1041",
                    summary: "The peer sent the TLS alert no_certificate (41); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain no_certificate` for what the alert usually means.",
                    checks: ["tlsprobe explain no_certificate", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_required"]),
                symbols: ["sslv3_alert_no_certificate", "ssl_r_sslv3_alert_no_certificate"],
                exactForms: [],
                phrases: [],
                number: 1041, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:41")
        case 257:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_BAD_CERTIFICATE", code: "1042",
                    summary: "The peer sent the TLS alert bad_certificate (42); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain bad_certificate` for what the alert usually means.",
                    checks: ["tlsprobe explain bad_certificate", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_rejected", "chain.untrusted_root", "chain.bad_signature"]),
                symbols: ["sslv3_alert_bad_certificate", "ssl_r_sslv3_alert_bad_certificate"],
                exactForms: [],
                phrases: [],
                number: 1042, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:42")
        case 258:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_UNSUPPORTED_CERTIFICATE", code: "1043",
                    summary: "The peer sent the TLS alert unsupported_certificate (43); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain unsupported_certificate` for what the alert usually means.",
                    checks: ["tlsprobe explain unsupported_certificate", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["cert.unsupported_algorithm", "cert.key_usage_incompatible"]),
                symbols: ["sslv3_alert_unsupported_certificate", "ssl_r_sslv3_alert_unsupported_certificate"],
                exactForms: [],
                phrases: [],
                number: 1043, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:43")
        case 259:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_CERTIFICATE_REVOKED", code: "1044",
                    summary: "The peer sent the TLS alert certificate_revoked (44); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain certificate_revoked` for what the alert usually means.",
                    checks: ["tlsprobe explain certificate_revoked", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["sslv3_alert_certificate_revoked", "ssl_r_sslv3_alert_certificate_revoked"],
                exactForms: [],
                phrases: [],
                number: 1044, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:44")
        case 260:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_CERTIFICATE_EXPIRED", code: "1045",
                    summary: "The peer sent the TLS alert certificate_expired (45); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain certificate_expired` for what the alert usually means.",
                    checks: ["tlsprobe explain certificate_expired", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["cert.expired", "cert.not_yet_valid"]),
                symbols: ["sslv3_alert_certificate_expired", "ssl_r_sslv3_alert_certificate_expired"],
                exactForms: [],
                phrases: [],
                number: 1045, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:45")
        case 261:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_CERTIFICATE_UNKNOWN", code: "1046",
                    summary: "The peer sent the TLS alert certificate_unknown (46); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain certificate_unknown` for what the alert usually means.",
                    checks: ["tlsprobe explain certificate_unknown", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["chain.untrusted_root", "name.mismatch", "mtls.client_cert_rejected"]),
                symbols: ["sslv3_alert_certificate_unknown", "ssl_r_sslv3_alert_certificate_unknown"],
                exactForms: [],
                phrases: [],
                number: 1046, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:46")
        case 262:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "SSLV3_ALERT_ILLEGAL_PARAMETER", code: "1047",
                    summary: "The peer sent the TLS alert illegal_parameter (47); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain illegal_parameter` for what the alert usually means.",
                    checks: ["tlsprobe explain illegal_parameter", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["sslv3_alert_illegal_parameter", "ssl_r_sslv3_alert_illegal_parameter"],
                exactForms: [],
                phrases: [],
                number: 1047, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:47")
        case 263:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_UNKNOWN_CA", code: "1048",
                    summary: "The peer sent the TLS alert unknown_ca (48); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain unknown_ca` for what the alert usually means.",
                    checks: ["tlsprobe explain unknown_ca", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate", "mtls.identity_not_acceptable"]),
                symbols: ["tlsv1_alert_unknown_ca", "ssl_r_tlsv1_alert_unknown_ca"],
                exactForms: [],
                phrases: [],
                number: 1048, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:48")
        case 264:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_ACCESS_DENIED", code: "1049",
                    summary: "The peer sent the TLS alert access_denied (49); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain access_denied` for what the alert usually means.",
                    checks: ["tlsprobe explain access_denied", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_rejected"]),
                symbols: ["tlsv1_alert_access_denied", "ssl_r_tlsv1_alert_access_denied"],
                exactForms: [],
                phrases: [],
                number: 1049, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:49")
        case 265:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_DECODE_ERROR", code: "1050",
                    summary: "The peer sent the TLS alert decode_error (50); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain decode_error` for what the alert usually means.",
                    checks: ["tlsprobe explain decode_error", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["tlsv1_alert_decode_error", "ssl_r_tlsv1_alert_decode_error"],
                exactForms: [],
                phrases: [],
                number: 1050, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:50")
        case 266:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_DECRYPT_ERROR", code: "1051",
                    summary: "The peer sent the TLS alert decrypt_error (51); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain decrypt_error` for what the alert usually means.",
                    checks: ["tlsprobe explain decrypt_error", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["key.mismatch"]),
                symbols: ["tlsv1_alert_decrypt_error", "ssl_r_tlsv1_alert_decrypt_error"],
                exactForms: [],
                phrases: [],
                number: 1051, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:51")
        case 267:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_EXPORT_RESTRICTION", code: "1060",
                    summary: "The peer sent the TLS alert export_restriction (60); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain export_restriction` for what the alert usually means.",
                    checks: ["tlsprobe explain export_restriction", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.protocol_too_old"]),
                symbols: ["tlsv1_alert_export_restriction", "ssl_r_tlsv1_alert_export_restriction"],
                exactForms: [],
                phrases: [],
                number: 1060, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:60")
        case 268:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_PROTOCOL_VERSION", code: "1070",
                    summary: "The peer sent the TLS alert protocol_version (70); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain protocol_version` for what the alert usually means.",
                    checks: ["tlsprobe explain protocol_version", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_version", "tls.protocol_too_old"]),
                symbols: ["tlsv1_alert_protocol_version", "ssl_r_tlsv1_alert_protocol_version"],
                exactForms: [],
                phrases: [],
                number: 1070, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:70")
        case 269:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_INSUFFICIENT_SECURITY", code: "1071",
                    summary: "The peer sent the TLS alert insufficient_security (71); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain insufficient_security` for what the alert usually means.",
                    checks: ["tlsprobe explain insufficient_security", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_cipher", "tls.no_forward_secrecy"]),
                symbols: ["tlsv1_alert_insufficient_security", "ssl_r_tlsv1_alert_insufficient_security"],
                exactForms: [],
                phrases: [],
                number: 1071, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:71")
        case 270:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_INTERNAL_ERROR", code: "1080",
                    summary: "The peer sent the TLS alert internal_error (80); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain internal_error` for what the alert usually means.",
                    checks: ["tlsprobe explain internal_error", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["tlsv1_alert_internal_error", "ssl_r_tlsv1_alert_internal_error"],
                exactForms: [],
                phrases: [],
                number: 1080, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:80")
        case 271:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_INAPPROPRIATE_FALLBACK", code: "1086",
                    summary: "The peer sent the TLS alert inappropriate_fallback (86); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain inappropriate_fallback` for what the alert usually means.",
                    checks: ["tlsprobe explain inappropriate_fallback", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.no_common_version"]),
                symbols: ["tlsv1_alert_inappropriate_fallback", "ssl_r_tlsv1_alert_inappropriate_fallback"],
                exactForms: [],
                phrases: [],
                number: 1086, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:86")
        case 272:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_USER_CANCELLED", code: "1090",
                    summary: "The peer sent the TLS alert user_canceled (90); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain user_canceled` for what the alert usually means.",
                    checks: ["tlsprobe explain user_canceled", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["tlsv1_alert_user_cancelled", "ssl_r_tlsv1_alert_user_cancelled"],
                exactForms: [],
                phrases: [],
                number: 1090, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:90")
        case 273:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_NO_RENEGOTIATION", code: "1100",
                    summary: "The peer sent the TLS alert no_renegotiation (100); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain no_renegotiation` for what the alert usually means.",
                    checks: ["tlsprobe explain no_renegotiation", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_requested"]),
                symbols: ["tlsv1_alert_no_renegotiation", "ssl_r_tlsv1_alert_no_renegotiation"],
                exactForms: [],
                phrases: [],
                number: 1100, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:100")
        case 274:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV13_ALERT_MISSING_EXTENSION", code: "1109",
                    summary: "The peer sent the TLS alert missing_extension (109); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain missing_extension` for what the alert usually means.",
                    checks: ["tlsprobe explain missing_extension", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["tlsv13_alert_missing_extension", "ssl_r_tlsv13_alert_missing_extension", "tlsv1_alert_missing_extension"],
                exactForms: [],
                phrases: [],
                number: 1109, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:109")
        case 275:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_UNSUPPORTED_EXTENSION", code: "1110",
                    summary: "The peer sent the TLS alert unsupported_extension (110); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain unsupported_extension` for what the alert usually means.",
                    checks: ["tlsprobe explain unsupported_extension", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["tlsv1_unsupported_extension", "ssl_r_tlsv1_unsupported_extension", "tlsv1_alert_unsupported_extension"],
                exactForms: [],
                phrases: [],
                number: 1110, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:110")
        case 276:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_CERTIFICATE_UNOBTAINABLE", code: "1111",
                    summary: "The peer sent the TLS alert certificate_unobtainable (111); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain certificate_unobtainable` for what the alert usually means.",
                    checks: ["tlsprobe explain certificate_unobtainable", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["tlsv1_certificate_unobtainable", "ssl_r_tlsv1_certificate_unobtainable"],
                exactForms: [],
                phrases: [],
                number: 1111, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:111")
        case 277:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_UNRECOGNIZED_NAME", code: "1112",
                    summary: "The peer sent the TLS alert unrecognized_name (112); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain unrecognized_name` for what the alert usually means.",
                    checks: ["tlsprobe explain unrecognized_name", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["name.mismatch"]),
                symbols: ["tlsv1_unrecognized_name", "ssl_r_tlsv1_unrecognized_name", "tlsv1_alert_unrecognized_name"],
                exactForms: [],
                phrases: [],
                number: 1112, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:112")
        case 278:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_BAD_CERTIFICATE_STATUS_RESPONSE", code: "1113",
                    summary: "The peer sent the TLS alert bad_certificate_status_response (113); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain bad_certificate_status_response` for what the alert usually means.",
                    checks: ["tlsprobe explain bad_certificate_status_response", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["tlsv1_bad_certificate_status_response", "ssl_r_tlsv1_bad_certificate_status_response"],
                exactForms: [],
                phrases: [],
                number: 1113, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:113")
        case 279:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_BAD_CERTIFICATE_HASH_VALUE", code: "1114",
                    summary: "The peer sent the TLS alert bad_certificate_hash_value (114); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain bad_certificate_hash_value` for what the alert usually means.",
                    checks: ["tlsprobe explain bad_certificate_hash_value", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["tlsv1_bad_certificate_hash_value", "ssl_r_tlsv1_bad_certificate_hash_value"],
                exactForms: [],
                phrases: [],
                number: 1114, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:114")
        case 280:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_UNKNOWN_PSK_IDENTITY", code: "1115",
                    summary: "The peer sent the TLS alert unknown_psk_identity (115); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain unknown_psk_identity` for what the alert usually means.",
                    checks: ["tlsprobe explain unknown_psk_identity", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: []),
                symbols: ["tlsv1_alert_unknown_psk_identity", "ssl_r_tlsv1_alert_unknown_psk_identity"],
                exactForms: [],
                phrases: [],
                number: 1115, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:115")
        case 281:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_CERTIFICATE_REQUIRED", code: "1116",
                    summary: "The peer sent the TLS alert certificate_required (116); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain certificate_required` for what the alert usually means.",
                    checks: ["tlsprobe explain certificate_required", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["mtls.client_cert_required", "mtls.identity_not_acceptable"]),
                symbols: ["tlsv1_alert_certificate_required", "ssl_r_tlsv1_alert_certificate_required", "tlsv13_alert_certificate_required"],
                exactForms: [],
                phrases: [],
                number: 1116, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:116")
        case 282:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "TLSV1_ALERT_NO_APPLICATION_PROTOCOL", code: "1120",
                    summary: "The peer sent the TLS alert no_application_protocol (120); this side received it and stopped.",
                    meaning: "A library reason code raised on the side that received the alert: the other end of the connection made the decision. Run `tlsprobe explain no_application_protocol` for what the alert usually means.",
                    checks: ["tlsprobe explain no_application_protocol", "See who sent the alert and after which message: tlsprobe capture -r trace.pcap (or -i IFACE while reproducing)."],
                    related: ["tls.handshake_failed"]),
                symbols: ["tlsv1_alert_no_application_protocol", "ssl_r_tlsv1_alert_no_application_protocol"],
                exactForms: [],
                phrases: [],
                number: 1120, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: "alert:120")
        case 283:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "CERTIFICATE_VERIFY_FAILED", code: nil,
                    summary: "The library's certificate verification failed; the detail names why.",
                    meaning: "A wrapper: the peer's chain did not pass verification. Python, Node, Ruby, Android and others print it with the OpenSSL verify reason after it ('unable to get local issuer certificate', 'self-signed certificate', 'hostname mismatch'); explain that part for the cause. With a local CA it is almost always the root not being in the trust store the program uses (Python and Node often use their own bundle, not the system's).",
                    checks: ["Read the reason after the colon, or paste the whole line into tlsprobe explain.", "Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Python: pass the CA with ssl.create_default_context(cafile='root.pem') or SSL_CERT_FILE; Node: NODE_EXTRA_CA_CERTS=root.pem."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate", "name.mismatch"]),
                symbols: ["certificate_verify_failed", "ssl_r_certificate_verify_failed"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: "ssl:134")
        case 284:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "WRONG_VERSION_NUMBER", code: nil,
                    summary: "What came back was not a TLS record.",
                    meaning: "The first bytes from the peer did not look like TLS. The usual cause is talking TLS to a port that speaks something else: plain HTTP (http:// service on 8080 or 80), a STARTTLS protocol (SMTP, IMAP, LDAP) that must first be upgraded, a proxy expecting CONNECT, or a service that answers with an error banner.",
                    checks: ["Check that the port speaks TLS at all (not plain HTTP, not a STARTTLS protocol): tlsprobe connect HOST:PORT", "If it is a web service, try http:// instead, or find its TLS port."],
                    related: ["tls.handshake_failed"]),
                symbols: ["wrong_version_number", "ssl_r_wrong_version_number"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:267")
        case 285:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NO_SHARED_CIPHER", code: nil,
                    summary: "The server found no cipher suite it could use from the client's list.",
                    meaning: "Reported by the server. None of the suites the client offered is enabled on the server and usable with its certificate: an old client offering only RSA or CBC suites, an ECDSA-only client meeting an RSA certificate (or the reverse), or a server that has no certificate or key loaded at all.",
                    checks: ["Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts.", "Check that the server has a certificate and matching key loaded: tlsprobe inspect cert.pem --key key.pem"],
                    related: ["tls.no_common_cipher"]),
                symbols: ["no_shared_cipher", "ssl_r_no_shared_cipher"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:193")
        case 286:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "UNSUPPORTED_PROTOCOL", code: nil,
                    summary: "The peer asked for a protocol version this side does not allow.",
                    meaning: "The client or server proposed a TLS version outside this side's enabled range: typically an old device offering TLS 1.0/1.1 to a current library whose minimum is TLS 1.2.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433"],
                    related: ["tls.no_common_version", "tls.protocol_too_old"]),
                symbols: ["unsupported_protocol", "ssl_r_unsupported_protocol"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:258")
        case 287:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "HTTP_REQUEST", code: nil,
                    summary: "A plain HTTP request arrived on a TLS port.",
                    meaning: "Reported by a TLS server: the client sent 'GET /' in clear text, so it was configured with http:// for an https service.",
                    checks: ["Use https:// in the client for this port."],
                    related: ["tls.handshake_failed"]),
                symbols: ["http_request", "ssl_r_http_request"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:156")
        case 288:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NO_CIPHERS_AVAILABLE", code: nil,
                    summary: "No cipher suites are enabled on this side.",
                    meaning: "The local configuration leaves nothing to offer (a cipher string matching nothing, or every suite excluded by the minimum version or security level).",
                    checks: ["Check the cipher string and version limits in the client or server configuration."],
                    related: ["tls.no_common_cipher"]),
                symbols: ["no_ciphers_available", "ssl_r_no_ciphers_available"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:181")
        case 289:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "PEER_DID_NOT_RETURN_A_CERTIFICATE", code: nil,
                    summary: "The server required a client certificate and the client sent none.",
                    meaning: "Reported by a server set to require client certificates: the client answered the CertificateRequest with no certificate.",
                    checks: ["Give the client an identity issued by a CA the server accepts: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
                    related: ["mtls.client_cert_required"]),
                symbols: ["peer_did_not_return_a_certificate", "ssl_r_peer_did_not_return_a_certificate"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:199")
        case 290:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NO_SHARED_GROUP", code: nil,
                    summary: "No key-exchange group in common.",
                    meaning: "The client's supported_groups and the server's configured groups do not overlap (for example a client offering only X25519MLKEM768 or only ffdhe groups).",
                    checks: ["Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts."],
                    related: ["tls.no_common_cipher"]),
                symbols: ["no_shared_group", "no_shared_groups", "ssl_r_no_shared_group", "ssl_r_no_shared_groups"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:410")
        case 291:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "UNEXPECTED_EOF_WHILE_READING", code: nil,
                    summary: "The peer closed the connection without a TLS alert.",
                    meaning: "The TCP connection ended before the handshake (or session) was finished and without close_notify. During the handshake, many clients, Apple's among them, simply hang up when they reject the server's certificate; many servers do the same when they refuse the ClientHello.",
                    checks: ["Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433", "Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT"],
                    related: ["tls.handshake_failed", "capture.incomplete_handshake"]),
                symbols: ["unexpected_eof_while_reading", "ssl_r_unexpected_eof_while_reading", "unexpected_eof"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:294")
        case 292:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_AUTHORITY_INVALID", code: "-202",
                    summary: "Chrome: the certificate's issuer is not trusted.",
                    meaning: "The chain does not lead to a root in the trust store Chrome uses: a local CA root not installed in the OS (or Chrome's) store, or a missing intermediate.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate", "chain.self_signed_leaf"]),
                symbols: ["err_cert_authority_invalid"],
                exactForms: [],
                phrases: [],
                number: -202, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 293:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_COMMON_NAME_INVALID", code: "-200",
                    summary: "Chrome: the certificate is not valid for the name or address in the URL.",
                    meaning: "No subjectAltName entry matches the host. Chrome ignores the Common Name, and an IP address in the URL needs an iPAddress SAN.",
                    checks: ["tlsprobe connect HOST:PORT --host NAME"],
                    related: ["name.mismatch", "name.cn_only", "name.ip_not_in_san"]),
                symbols: ["err_cert_common_name_invalid"],
                exactForms: [],
                phrases: [],
                number: -200, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 294:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_DATE_INVALID", code: "-201",
                    summary: "Chrome: the certificate has expired or is not yet valid.",
                    meaning: "The certificate's validity period does not include the computer's current time; check both the certificate and the clock.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.expired", "cert.not_yet_valid"]),
                symbols: ["err_cert_date_invalid"],
                exactForms: [],
                phrases: [],
                number: -201, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 295:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_REVOKED", code: "-206",
                    summary: "Chrome: the certificate has been revoked.",
                    meaning: "Revocation data says the CA withdrew the certificate.",
                    checks: ["Install a newly issued certificate."],
                    related: []),
                symbols: ["err_cert_revoked"],
                exactForms: [],
                phrases: [],
                number: -206, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 296:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_INVALID", code: "-207",
                    summary: "Chrome: the certificate is malformed or unusable.",
                    meaning: "The certificate could not be parsed or breaks basic rules (for example a CA certificate used as the server's, bad encoding).",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.malformed"]),
                symbols: ["err_cert_invalid"],
                exactForms: [],
                phrases: [],
                number: -207, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 297:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_WEAK_SIGNATURE_ALGORITHM", code: "-208",
                    summary: "Chrome: a certificate is signed with SHA-1 or MD5.",
                    meaning: "Chrome refuses SHA-1 signatures on certificates in the chain below the root.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue signed with SHA-256."],
                    related: ["cert.weak_signature"]),
                symbols: ["err_cert_weak_signature_algorithm"],
                exactForms: [],
                phrases: [],
                number: -208, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 298:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_WEAK_KEY", code: "-211",
                    summary: "Chrome: the certificate's key is too small.",
                    meaning: "RSA keys under 2048 bits are refused.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.weak_key"]),
                symbols: ["err_cert_weak_key"],
                exactForms: [],
                phrases: [],
                number: -211, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 299:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_NAME_CONSTRAINT_VIOLATION", code: "-212",
                    summary: "Chrome: a name is outside the CA's name constraints.",
                    meaning: "The CA above is restricted to certain names and this certificate carries another.",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME"],
                    related: ["chain.name_constraints_violated"]),
                symbols: ["err_cert_name_constraint_violation"],
                exactForms: [],
                phrases: [],
                number: -212, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 300:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_CERT_VALIDITY_TOO_LONG", code: "-213",
                    summary: "Chrome: the certificate's validity period is too long.",
                    meaning: "Chrome enforces maximum lifetimes for certificates from public CAs (398 days) and some platforms apply 825 days to all; long-lived device certificates hit this.",
                    checks: ["Re-issue with a validity of 397 days or less."],
                    related: ["cert.validity_too_long"]),
                symbols: ["err_cert_validity_too_long"],
                exactForms: [],
                phrases: [],
                number: -213, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 301:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_SSL_PROTOCOL_ERROR", code: "-107",
                    summary: "Chrome: the TLS handshake failed.",
                    meaning: "A generic handshake failure: the server sent something invalid, closed the connection, or sent an alert Chrome does not map more precisely. Plain HTTP on an https port also ends here.",
                    checks: ["Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT", "Check that the port speaks TLS at all (not plain HTTP, not a STARTTLS protocol): tlsprobe connect HOST:PORT"],
                    related: ["tls.handshake_failed"]),
                symbols: ["err_ssl_protocol_error"],
                exactForms: [],
                phrases: [],
                number: -107, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 302:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_SSL_VERSION_OR_CIPHER_MISMATCH", code: "-113",
                    summary: "Chrome: no protocol version or cipher suite in common.",
                    meaning: "The server offers only TLS 1.0/1.1, or only cipher suites Chrome no longer supports (RSA key exchange with 3DES/RC4), or has no certificate matching the requested name.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts."],
                    related: ["tls.no_common_version", "tls.no_common_cipher", "tls.protocol_too_old"]),
                symbols: ["err_ssl_version_or_cipher_mismatch"],
                exactForms: [],
                phrases: [],
                number: -113, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 303:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_BAD_SSL_CLIENT_AUTH_CERT", code: "-117",
                    summary: "Chrome: the server rejected the client certificate.",
                    meaning: "The certificate Chrome presented was refused by the server (wrong CA, expired, missing clientAuth EKU).",
                    checks: ["tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
                    related: ["mtls.client_cert_rejected", "mtls.identity_not_acceptable"]),
                symbols: ["err_bad_ssl_client_auth_cert"],
                exactForms: [],
                phrases: [],
                number: -117, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 304:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "NET::ERR_SSL_CLIENT_AUTH_CERT_NEEDED", code: "-110",
                    summary: "Chrome: the server requires a client certificate.",
                    meaning: "The server asked for a client certificate and none was selected.",
                    checks: ["Install a client identity issued by one of the CAs the server lists: tlsprobe connect HOST:PORT"],
                    related: ["mtls.client_cert_required"]),
                symbols: ["err_ssl_client_auth_cert_needed"],
                exactForms: [],
                phrases: [],
                number: -110, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 305:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "x509: certificate signed by unknown authority", code: nil,
                    summary: "Go: the chain does not lead to a root in Go's trust pool.",
                    meaning: "Go could not build a path from the server's certificate to any root it trusts. With a local CA, the root is not in the system pool Go reads (on Linux, /etc/ssl/certs) or in the pool the program set; or the server omits an intermediate.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Add the root to the system store (update-ca-certificates) or to the program's RootCAs, or set SSL_CERT_FILE=root.pem.", "Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate"]),
                symbols: [],
                exactForms: ["x509: certificate signed by unknown authority"],
                phrases: ["certificate signed by unknown authority"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 306:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "x509: certificate signed by unknown authority (possibly because of ... while trying to verify candidate authority certificate)", code: nil,
                    summary: "Go: a root with the right name exists, but its key did not sign this certificate.",
                    meaning: "Go found a trusted certificate whose name matches the issuer, tried it, and the signature failed. On a local network this nearly always means the CA was re-created with the same name: the clients trust the old root, the server's certificate comes from the new one.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Install the current root on the client and remove the old one, or re-issue the server certificate from the CA the clients trust."],
                    related: ["chain.anchor_key_mismatch", "chain.bad_signature"]),
                symbols: [],
                exactForms: ["x509: certificate signed by unknown authority (possibly because of ... while trying to verify candidate authority certificate)"],
                phrases: ["while trying to verify candidate authority certificate"],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 307:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "x509: certificate is valid for X, not Y", code: nil,
                    summary: "Go: the certificate does not carry the name the client dialled.",
                    meaning: "The certificate lists other DNS names (or IPs) in its subjectAltName than the one used. Go ignores the Common Name.",
                    checks: ["tlsprobe connect HOST:PORT --host NAME", "Re-issue with the dialled name in subjectAltName."],
                    related: ["name.mismatch", "name.cn_only"]),
                symbols: [],
                exactForms: ["x509: certificate is valid for x, not y"],
                phrases: ["x509: certificate is valid for", "certificate is not valid for any names"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 308:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "x509: cannot validate certificate for IP because it doesn't contain any IP SANs", code: nil,
                    summary: "Go: the client dialled an IP address and the certificate has no IP SAN.",
                    meaning: "Connecting to https://10.0.0.5 requires an iPAddress entry for 10.0.0.5 in the certificate's subjectAltName; a DNS name or a Common Name with the address does not count.",
                    checks: ["Re-issue with an IP SAN (openssl: -addext \"subjectAltName=IP:10.0.0.5\")", "tlsprobe connect 10.0.0.5:PORT"],
                    related: ["name.ip_not_in_san"]),
                symbols: [],
                exactForms: ["x509: cannot validate certificate for ip because it doesn't contain any ip sans"],
                phrases: ["because it doesn't contain any ip sans", "doesn't contain any ip sans"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 309:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "x509: certificate has expired or is not yet valid", code: nil,
                    summary: "Go: the certificate is outside its validity period.",
                    meaning: "Go reports expiry and not-yet-valid with the same message; the rest of the line gives the current time and the certificate's dates. Check the device clock as well as the certificate.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Compare the clocks of the client, the server and the machine that issued the certificate; evaluate at another time with --at 2025-01-01T00:00:00Z."],
                    related: ["cert.expired", "cert.not_yet_valid"]),
                symbols: [],
                exactForms: ["x509: certificate has expired or is not yet valid"],
                phrases: ["certificate has expired or is not yet valid"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 310:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "x509: certificate relies on legacy Common Name field, use SANs instead", code: nil,
                    summary: "Go: the name is only in the Common Name.",
                    meaning: "Go 1.15+ ignores the Common Name; the certificate has no subjectAltName with the host.",
                    checks: ["Re-issue with a subjectAltName extension."],
                    related: ["name.cn_only"]),
                symbols: [],
                exactForms: ["x509: certificate relies on legacy common name field, use sans instead"],
                phrases: ["certificate relies on legacy common name field"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 311:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "x509: certificate specifies an incompatible key usage", code: nil,
                    summary: "Go: the certificate's extendedKeyUsage does not allow this use.",
                    meaning: "A server certificate without serverAuth (or a client certificate without clientAuth) in extendedKeyUsage; Go also applies EKUs of intermediates.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.eku_missing_server_auth", "cert.eku_missing_client_auth"]),
                symbols: [],
                exactForms: ["x509: certificate specifies an incompatible key usage"],
                phrases: ["certificate specifies an incompatible key usage"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 312:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "tls: failed to verify certificate", code: nil,
                    summary: "Go: certificate verification failed; the rest of the message names why.",
                    meaning: "A wrapper around the x509 error that follows it.",
                    checks: ["Read the x509: part that follows, or paste the whole line into tlsprobe explain."],
                    related: ["chain.untrusted_root", "name.mismatch"]),
                symbols: [],
                exactForms: ["tls: failed to verify certificate"],
                phrases: ["tls: failed to verify certificate"],
                number: nil, sslReason: nil, specificity: 1, prominent: false, needsTLSContext: false, twin: nil)
        case 313:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "tls: first record does not look like a TLS handshake", code: nil,
                    summary: "Go: the server's answer was not TLS.",
                    meaning: "The port answered with something else: plain HTTP, a STARTTLS protocol, or a banner.",
                    checks: ["Check that the port speaks TLS at all (not plain HTTP, not a STARTTLS protocol): tlsprobe connect HOST:PORT"],
                    related: ["tls.handshake_failed"]),
                symbols: [],
                exactForms: ["tls: first record does not look like a tls handshake"],
                phrases: ["first record does not look like a tls handshake"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 314:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "tls: server selected unsupported protocol version", code: nil,
                    summary: "Go: the server chose a TLS version Go will not use.",
                    meaning: "The server answered with TLS 1.0/1.1 (or SSL 3.0) and the Go client's minimum is higher.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.no_common_version", "tls.protocol_too_old"]),
                symbols: [],
                exactForms: ["tls: server selected unsupported protocol version"],
                phrases: ["server selected unsupported protocol version"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 315:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "tls: no cipher suite supported by both client and server", code: nil,
                    summary: "Go: no cipher suite in common.",
                    meaning: "The Go server found none of the client's suites among its own.",
                    checks: ["Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts."],
                    related: ["tls.no_common_cipher"]),
                symbols: [],
                exactForms: ["tls: no cipher suite supported by both client and server"],
                phrases: ["no cipher suite supported by both client and server"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 316:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "PKIX path building failed: unable to find valid certification path to requested target", code: nil,
                    summary: "Java: no path from the server's certificate to a root in the truststore.",
                    meaning: "The JVM's truststore (cacerts, or the one the app configured) does not contain the root of the server's chain, or the server omits an intermediate. Java does not read the OS trust store by default.",
                    checks: ["Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem", "Import the root into the truststore: keytool -importcert -alias local-root -file root.pem -keystore truststore.jks", "Make the server send its full chain: leaf first, then each intermediate (a full-chain file), not the root alone."],
                    related: ["chain.untrusted_root", "chain.missing_intermediate"]),
                symbols: [],
                exactForms: ["pkix path building failed: unable to find valid certification path to requested target"],
                phrases: ["pkix path building failed", "unable to find valid certification path to requested target"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 317:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "PKIX path validation failed", code: nil,
                    summary: "Java: a path was found but failed validation.",
                    meaning: "The chain was built but a check failed; the message that follows says which (validity check failed means expired or not yet valid; signature check failed means a re-created CA or corrupt certificate).",
                    checks: ["Evaluate the chain offline, leaf first: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem --host NAME"],
                    related: ["cert.expired", "chain.bad_signature"]),
                symbols: [],
                exactForms: ["pkix path validation failed"],
                phrases: ["pkix path validation failed"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 318:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "No subject alternative names matching IP address found", code: nil,
                    summary: "Java: the client dialled an IP address that is not in the certificate's IP SANs.",
                    meaning: "Java requires an iPAddress SAN equal to the address dialled.",
                    checks: ["Re-issue with an IP SAN (openssl: -addext \"subjectAltName=IP:10.0.0.5\")"],
                    related: ["name.ip_not_in_san"]),
                symbols: [],
                exactForms: ["no subject alternative names matching ip address found"],
                phrases: ["no subject alternative names matching ip address", "no subject alternative names present"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 319:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "No subject alternative DNS name matching HOST found", code: nil,
                    summary: "Java: the certificate does not carry the host name dialled.",
                    meaning: "None of the DNS SANs matches the host.",
                    checks: ["tlsprobe connect HOST:PORT --host NAME"],
                    related: ["name.mismatch"]),
                symbols: [],
                exactForms: ["no subject alternative dns name matching host found"],
                phrases: ["no subject alternative dns name matching", "no name matching"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 320:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "No appropriate protocol (protocol is disabled or cipher suites are inappropriate)", code: nil,
                    summary: "Java: no enabled protocol version or cipher suite can be used.",
                    meaning: "The JVM disabled the versions the peer needs (TLS 1.0/1.1 are disabled in current JDKs via jdk.tls.disabledAlgorithms), or no enabled cipher suite fits.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.no_common_version", "tls.protocol_too_old"]),
                symbols: [],
                exactForms: ["no appropriate protocol (protocol is disabled or cipher suites are inappropriate)"],
                phrases: ["no appropriate protocol"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 321:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "Unsupported or unrecognized SSL message", code: nil,
                    summary: "Java: the peer's answer was not TLS.",
                    meaning: "Plain HTTP or another protocol answered on the port.",
                    checks: ["Check that the port speaks TLS at all (not plain HTTP, not a STARTTLS protocol): tlsprobe connect HOST:PORT"],
                    related: ["tls.handshake_failed"]),
                symbols: [],
                exactForms: ["unsupported or unrecognized ssl message"],
                phrases: ["unsupported or unrecognized ssl message"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 322:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "Remote host terminated the handshake", code: nil,
                    summary: "Java: the server closed the connection during the handshake without an alert.",
                    meaning: "A silent refusal: often no common version or cipher, or a server that requires a client certificate and hangs up without one.",
                    checks: ["Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT", "List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.handshake_failed"]),
                symbols: [],
                exactForms: ["remote host terminated the handshake"],
                phrases: ["remote host terminated the handshake", "remote host closed connection during handshake"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 323:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .boringssl, name: "ERR_TLS_CERT_ALTNAME_INVALID", code: nil,
                    summary: "Node.js: the certificate is not valid for the host name or IP.",
                    meaning: "Node found no subjectAltName matching the host ('Hostname/IP does not match certificate's altnames'); an IP needs an IP SAN.",
                    checks: ["tlsprobe connect HOST:PORT --host NAME"],
                    related: ["name.mismatch", "name.ip_not_in_san"]),
                symbols: ["err_tls_cert_altname_invalid"],
                exactForms: [],
                phrases: ["does not match certificate's altnames"],
                number: nil, sslReason: nil, specificity: 3, prominent: false, needsTLSContext: false, twin: nil)
        case 324:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "wrong version number", code: "0A00010B",
                    summary: "OpenSSL: what came back was not a TLS record.",
                    meaning: "The peer's first bytes were not a TLS record header. Nearly always a TLS client talking to a plain-text service: http:// on that port, SMTP/IMAP/LDAP that need STARTTLS first, a proxy, or the wrong port.",
                    checks: ["Check that the port speaks TLS at all (not plain HTTP, not a STARTTLS protocol): tlsprobe connect HOST:PORT", "For STARTTLS services, upgrade first: tlsprobe connect HOST:25 --starttls smtp (or --starttls auto)"],
                    related: ["tls.handshake_failed"]),
                symbols: ["0a00010b"],
                exactForms: ["ssl_r_wrong_version_number"],
                phrases: ["wrong version number"],
                number: nil, sslReason: 267, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:267")
        case 325:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "no shared cipher", code: "0A0000C1",
                    summary: "OpenSSL server: no cipher suite in common with the client.",
                    meaning: "None of the client's suites is enabled and usable here. Besides old or unusual clients, OpenSSL says this when the server has no certificate/key loaded for the offered suites, or only an RSA certificate for an ECDSA-only client.",
                    checks: ["Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts.", "Check the server's certificate and key are loaded and match: tlsprobe inspect cert.pem --key key.pem"],
                    related: ["tls.no_common_cipher"]),
                symbols: ["0a0000c1"],
                exactForms: ["ssl_r_no_shared_cipher"],
                phrases: ["no shared cipher"],
                number: nil, sslReason: 193, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:193")
        case 326:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "unsupported protocol", code: "0A000102",
                    summary: "OpenSSL: the peer's protocol version is not enabled here.",
                    meaning: "The other side offered or selected a version outside this side's min/max. OpenSSL 3 at its default security level refuses TLS 1.0 and 1.1, so old devices fail with this.",
                    checks: ["List the protocol versions the server accepts: tlsprobe connect HOST:PORT --versions", "To talk to an old device from OpenSSL 3 for testing: -tls1 -cipher 'DEFAULT:@SECLEVEL=0'."],
                    related: ["tls.no_common_version", "tls.protocol_too_old"]),
                symbols: ["0a000102"],
                exactForms: ["ssl_r_unsupported_protocol"],
                phrases: ["unsupported protocol"],
                number: nil, sslReason: 258, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:258")
        case 327:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "certificate verify failed", code: "0A000086",
                    summary: "OpenSSL: the peer's certificate chain failed verification; the verify error names why.",
                    meaning: "A wrapper: the real reason is the verify result printed with it (for example 'verify error:num=20:unable to get local issuer certificate'). Paste the whole output into tlsprobe explain.",
                    checks: ["Find the verify error in the same output (openssl s_client prints 'Verify return code').", "Check which root the client trusts and evaluate the chain against it: tlsprobe connect HOST:PORT --anchor root.pem"],
                    related: ["chain.untrusted_root", "chain.missing_intermediate"]),
                symbols: ["0a000086"],
                exactForms: ["ssl_r_certificate_verify_failed"],
                phrases: ["certificate verify failed"],
                number: nil, sslReason: 134, specificity: 1, prominent: false, needsTLSContext: false, twin: "ssl:134")
        case 328:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "http request", code: "0A00009C",
                    summary: "OpenSSL server: a plain HTTP request arrived on the TLS port.",
                    meaning: "The client spoke HTTP without TLS to this port: an http:// URL for an https service.",
                    checks: ["Use https:// for this port."],
                    related: ["tls.handshake_failed"]),
                symbols: ["0a00009c"],
                exactForms: ["ssl_r_http_request"],
                phrases: ["http request"],
                number: nil, sslReason: 156, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:156")
        case 329:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "unexpected eof while reading", code: "0A000126",
                    summary: "OpenSSL: the peer closed the connection without a TLS alert.",
                    meaning: "The connection ended without close_notify. During a handshake this is a silent refusal by the other side: Apple clients typically close without an alert when they reject the server's certificate, and servers do it when they dislike the ClientHello.",
                    checks: ["Let the failing client connect to tlsprobe and see what it offers and when it gives up: tlsprobe listen 4433", "Reproduce from this machine and read the handshake: tlsprobe connect HOST:PORT"],
                    related: ["tls.handshake_failed", "capture.incomplete_handshake"]),
                symbols: ["0a000126"],
                exactForms: ["ssl_r_unexpected_eof_while_reading"],
                phrases: ["unexpected eof while reading"],
                number: nil, sslReason: 294, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:294")
        case 330:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "no protocols available", code: "0A0000BF",
                    summary: "OpenSSL: the configured version range leaves no protocol to use.",
                    meaning: "The minimum and maximum versions (or the security level) exclude every version, so the handshake cannot start.",
                    checks: ["Check MinProtocol/MaxProtocol and -tls1_x options in the configuration."],
                    related: ["tls.no_common_version"]),
                symbols: ["0a0000bf"],
                exactForms: ["ssl_r_no_protocols_available"],
                phrases: ["no protocols available"],
                number: nil, sslReason: 191, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:191")
        case 331:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "no suitable signature algorithm", code: "0A000076",
                    summary: "OpenSSL: no signature algorithm both sides accept fits the certificate's key.",
                    meaning: "The peer's signature_algorithms list rules out every way this side's key could sign (for example a client allowing only ECDSA while the server has an RSA key, or SHA-1 only at a security level that forbids it).",
                    checks: ["Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts."],
                    related: ["tls.no_common_cipher"]),
                symbols: ["0a000076"],
                exactForms: ["ssl_r_no_suitable_signature_algorithm"],
                phrases: ["no suitable signature algorithm"],
                number: nil, sslReason: 118, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:118")
        case 332:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "no shared signature algorithms", code: "0A000178",
                    summary: "OpenSSL: no signature algorithm in common.",
                    meaning: "The two sides' signature_algorithms lists do not overlap; common with old clients offering only SHA-1/MD5 to OpenSSL 3.",
                    checks: ["Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts."],
                    related: ["tls.no_common_cipher"]),
                symbols: ["0a000178"],
                exactForms: ["ssl_r_no_shared_signature_algorithms"],
                phrases: ["no shared signature algorithms"],
                number: nil, sslReason: 376, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:376")
        case 333:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "no shared groups", code: "0A00019A",
                    summary: "OpenSSL: no key-exchange group in common.",
                    meaning: "The client's supported_groups and the server's groups do not overlap.",
                    checks: ["Compare the client's offer with the server's configuration: tlsprobe listen 4433 shows what a client offers, tlsprobe connect HOST:PORT --versions what a server accepts."],
                    related: ["tls.no_common_cipher"]),
                symbols: ["0a00019a"],
                exactForms: ["ssl_r_no_shared_groups"],
                phrases: ["no shared groups"],
                number: nil, sslReason: 410, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:410")
        case 334:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "peer did not return a certificate", code: "0A0000C7",
                    summary: "OpenSSL server: a client certificate is required and the client sent none.",
                    meaning: "The server runs with client verification required (-Verify, SSLVerifyClient require) and the client had no certificate, or none from the CAs the server listed.",
                    checks: ["tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
                    related: ["mtls.client_cert_required"]),
                symbols: ["0a0000c7"],
                exactForms: ["ssl_r_peer_did_not_return_a_certificate"],
                phrases: ["peer did not return a certificate"],
                number: nil, sslReason: 199, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:199")
        case 335:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "packet length too long", code: "0A0000C6",
                    summary: "OpenSSL: a record header claimed an impossible length.",
                    meaning: "Usually the peer is not speaking TLS and its text was read as a record header, as with 'wrong version number'.",
                    checks: ["Check that the port speaks TLS at all (not plain HTTP, not a STARTTLS protocol): tlsprobe connect HOST:PORT"],
                    related: ["tls.handshake_failed"]),
                symbols: ["0a0000c6"],
                exactForms: ["ssl_r_packet_length_too_long"],
                phrases: ["packet length too long"],
                number: nil, sslReason: 198, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:198")
        case 336:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "unsafe legacy renegotiation disabled", code: "0A000152",
                    summary: "OpenSSL 3: the server does not support secure renegotiation (RFC 5746).",
                    meaning: "Old servers and appliances without the renegotiation_info extension are refused by OpenSSL 3 clients by default.",
                    checks: ["Update the server; for testing only, OpenSSL's UnsafeLegacyServerConnect option allows it."],
                    related: ["tls.protocol_too_old"]),
                symbols: ["0a000152"],
                exactForms: ["ssl_r_unsafe_legacy_renegotiation_disabled"],
                phrases: ["unsafe legacy renegotiation disabled"],
                number: nil, sslReason: 338, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:338")
        case 337:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "ee key too small", code: "0A00018F",
                    summary: "OpenSSL: the certificate's key is below the security level.",
                    meaning: "At the default security level RSA keys must be at least 2048 bits; this side's own certificate (or the peer's) has a smaller key.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.weak_key"]),
                symbols: ["0a00018f"],
                exactForms: ["ssl_r_ee_key_too_small"],
                phrases: ["ee key too small"],
                number: nil, sslReason: 399, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:399")
        case 338:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "ca key too small", code: "0A00018D",
                    summary: "OpenSSL: a CA key in the configured chain is below the security level.",
                    meaning: "A CA certificate loaded with the server's certificate has a key smaller than allowed.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.weak_key"]),
                symbols: ["0a00018d"],
                exactForms: ["ssl_r_ca_key_too_small"],
                phrases: ["ca key too small"],
                number: nil, sslReason: 397, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:397")
        case 339:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "ca md too weak", code: "0A00018E",
                    summary: "OpenSSL: a certificate in the configured chain is signed with a weak digest.",
                    meaning: "MD5 or SHA-1 signatures are refused at the default security level.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem", "Re-issue signed with SHA-256."],
                    related: ["cert.weak_signature"]),
                symbols: ["0a00018e"],
                exactForms: ["ssl_r_ca_md_too_weak"],
                phrases: ["ca md too weak"],
                number: nil, sslReason: 398, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:398")
        case 340:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "dh key too small", code: "0A00018A",
                    summary: "OpenSSL: the server's Diffie-Hellman group is too small.",
                    meaning: "Old servers use 1024-bit (or smaller) DHE parameters, which OpenSSL clients refuse.",
                    checks: ["Prefer ECDHE suites on the server, or configure 2048-bit DH parameters."],
                    related: ["tls.no_forward_secrecy"]),
                symbols: ["0a00018a"],
                exactForms: ["ssl_r_dh_key_too_small"],
                phrases: ["dh key too small"],
                number: nil, sslReason: 394, specificity: 2, prominent: false, needsTLSContext: false, twin: "ssl:394")
        case 341:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "mac verify failure", code: "11800071",
                    summary: "OpenSSL: a PKCS#12 file's password is wrong (its integrity check failed).",
                    meaning: "Reading a .p12/.pfx failed its MAC check: the password given is not the one it was exported with (an empty password and no password are different), or the file is damaged.",
                    checks: ["tlsprobe inspect identity.p12 --password-env P12_PASS (try an empty password too)"],
                    related: ["pkcs12.wrong_password"]),
                symbols: ["11800071"],
                exactForms: ["pkcs12_r_mac_verify_failure"],
                phrases: ["mac verify failure"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 342:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "digital envelope routines::unsupported", code: "0308010C",
                    summary: "OpenSSL 3: an algorithm in the file is not available, typically a legacy-encrypted PKCS#12.",
                    meaning: "OpenSSL 3 moved RC2-40 and other old algorithms to the legacy provider; .p12 files exported by older tools and Windows use them and fail to open.",
                    checks: ["Open it with the legacy provider: openssl pkcs12 -legacy -in identity.p12", "Re-export with modern algorithms if only new systems must read it (older Apple systems need the legacy ones)."],
                    related: ["pkcs12.modern_encryption"]),
                symbols: ["0308010c"],
                exactForms: ["err_r_unsupported"],
                phrases: ["digital envelope routines::unsupported"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 343:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "key values mismatch", code: "05800074",
                    summary: "OpenSSL: the private key does not belong to the certificate.",
                    meaning: "The server (or client) was configured with a key file that is not the pair of the certificate file, often after the certificate was renewed with a new key but the old key file stayed.",
                    checks: ["tlsprobe inspect cert.pem --key key.pem"],
                    related: ["key.mismatch"]),
                symbols: ["05800074"],
                exactForms: ["x509_r_key_values_mismatch"],
                phrases: ["key values mismatch"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 344:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "no start line", code: "0480006C",
                    summary: "OpenSSL: the file is not PEM, or not the PEM type expected.",
                    meaning: "No '-----BEGIN ...-----' line of the expected kind was found: a DER file given where PEM is expected, a key given as a certificate, or a file with Windows line noise before the header.",
                    checks: ["Look at the certificate's fields (subject, issuer, validity, SANs, key usage): tlsprobe inspect cert.pem"],
                    related: ["cert.malformed"]),
                symbols: ["0480006c"],
                exactForms: ["pem_r_no_start_line"],
                phrases: ["no start line"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 345:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError, name: "bad decrypt", code: "04800065",
                    summary: "OpenSSL: an encrypted key could not be decrypted; the passphrase is wrong.",
                    meaning: "The private key (or PKCS#12 content) is encrypted and the passphrase given does not open it.",
                    checks: ["Give the right passphrase (tlsprobe takes it with --password-env or --password-file)."],
                    related: ["pkcs12.wrong_password"]),
                symbols: ["04800065"],
                exactForms: ["pem_r_bad_decrypt"],
                phrases: ["bad decrypt"],
                number: nil, sslReason: nil, specificity: 2, prominent: false, needsTLSContext: false, twin: nil)
        case 346:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.untrusted_root", code: nil,
                    summary: "tlsprobe finding: root not trusted.",
                    meaning: "The chain the peer presented does not end at any anchor you named (or the system's, with --system-anchors). On a local network this is the home-made CA whose root is not installed on the client. Reported as error under the default profile.",
                    checks: ["Install the root certificate on the client (on iOS: install the profile, then enable it under Settings > General > About > Certificate Trust Settings), or pass it with --anchor.", "Reproduce: tlsprobe connect HOST:PORT --anchor root.pem"],
                    related: ["chain.missing_intermediate", "chain.anchor_key_mismatch", "chain.self_signed_leaf"]),
                symbols: ["chain.untrusted_root"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 347:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.anchor_key_mismatch", code: nil,
                    summary: "tlsprobe finding: CA re-created with a new key.",
                    meaning: "An anchor carries the issuer's name but not its key: the CA was re-created (same name, new key). Clients that trust the old root refuse certificates from the new one, and their errors often read like an unknown or untrusted CA. Reported as error under the default profile.",
                    checks: ["The client trusts an older CA of the same name. Install the current root on the client and remove the old one, or re-issue the server certificate from the CA the clients already trust.", "Reproduce: tlsprobe verify leaf.pem --anchor old-root.pem"],
                    related: ["chain.untrusted_root", "chain.bad_signature"]),
                symbols: ["chain.anchor_key_mismatch"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 348:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.stale_intermediate", code: nil,
                    summary: "tlsprobe finding: old intermediate sent after the CA was re-keyed.",
                    meaning: "The peer sends a certificate named like the issuer of the certificate below it, but with another key: the issuing CA was re-keyed (same name, new key) and the chain file still carries its old certificate, or it mixes certificates of two CAs. The clients' root is not the problem. Reported as error under the default profile.",
                    checks: ["Replace the old intermediate in the server's chain file with the current certificate of the issuing CA (the one whose key id the leaf names as its authority key id). Nothing changes on the clients when the new intermediate comes from the same root.", "Reproduce: tlsprobe verify leaf.pem old-intermediate.pem --anchor root.pem"],
                    related: ["chain.anchor_key_mismatch", "chain.missing_intermediate"]),
                symbols: ["chain.stale_intermediate"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 349:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.missing_intermediate", code: nil,
                    summary: "tlsprobe finding: intermediate certificate missing.",
                    meaning: "The leaf was not issued by an anchor directly, and the certificate that links it to one was not sent. Browsers may hide this by fetching or caching intermediates; apps, curl and devices do not. Reported as error under the default profile.",
                    checks: ["Configure the server to send its intermediate certificates after the leaf (a full-chain file: leaf first, then each issuer), or install the missing CA certificate on the client.", "Reproduce: tlsprobe connect HOST:PORT --anchor root.pem"],
                    related: ["chain.untrusted_root", "chain.wrong_order"]),
                symbols: ["chain.missing_intermediate"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 350:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.self_signed_leaf", code: nil,
                    summary: "tlsprobe finding: self-signed certificate.",
                    meaning: "The server presents a certificate that signed itself, as cameras, printers and development servers do out of the box. Only clients that have that exact certificate installed or pinned will accept it. Reported as error under the default profile.",
                    checks: ["Either pin or install this exact certificate on every client (--anchor it to check), or issue the server a certificate from a local CA the clients trust (tlsprobe identity ca --out CA_DIR, then tlsprobe identity server --ca CA_DIR --host NAME --out DIR).", "Reproduce: tlsprobe connect HOST:PORT --anchor server-cert.pem"],
                    related: ["chain.untrusted_root"]),
                symbols: ["chain.self_signed_leaf"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 351:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.wrong_order", code: nil,
                    summary: "tlsprobe finding: chain sent in the wrong order.",
                    meaning: "The certificates were sent in an order other than leaf, then its issuer, and so on. Most clients reorder them; some embedded ones do not. Reported as warning under the default profile.",
                    checks: ["Reorder the server's chain file: leaf first, then the certificate that issued it, and so on up.", "Reproduce: tlsprobe connect HOST:PORT"],
                    related: ["chain.unrelated_certificate", "chain.missing_intermediate"]),
                symbols: ["chain.wrong_order"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 352:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.unrelated_certificate", code: nil,
                    summary: "tlsprobe finding: unrelated certificate in chain.",
                    meaning: "A certificate in the presented chain is not on the path from the leaf to the root: a leftover from an old chain file or another site. Reported as warning under the default profile.",
                    checks: ["Remove the certificates that are not on the path from the leaf to the root from the server's chain file.", "Reproduce: tlsprobe connect HOST:PORT"],
                    related: ["chain.wrong_order"]),
                symbols: ["chain.unrelated_certificate"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 353:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.root_sent", code: nil,
                    summary: "tlsprobe finding: root sent by the server.",
                    meaning: "The server includes the root in its chain. Harmless: clients ignore it and use their own copy, if they have one. Reported as info under the default profile.",
                    checks: ["Nothing is broken: clients ignore a root they are sent. Leave it out of the chain file to save bytes.", "Reproduce: tlsprobe connect HOST:PORT"],
                    related: ["chain.untrusted_root"]),
                symbols: ["chain.root_sent"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 354:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.bad_signature", code: nil,
                    summary: "tlsprobe finding: signature does not verify.",
                    meaning: "A certificate's signature does not verify with the key of the certificate above it: the issuer named is not the one that signed it, or the file is damaged. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate from the CA named as its issuer; a certificate whose signature fails was not signed by the key the client has.", "Reproduce: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem"],
                    related: ["chain.anchor_key_mismatch"]),
                symbols: ["chain.bad_signature"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 355:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.issuer_not_ca", code: nil,
                    summary: "tlsprobe finding: issuer is not a CA.",
                    meaning: "A certificate that signed another is not a CA (no basicConstraints CA:TRUE), so clients will not build a chain through it. Reported as error under the default profile.",
                    checks: ["Issue the certificate from a CA certificate (basicConstraints CA:TRUE), not from another end-entity certificate.", "Reproduce: tlsprobe inspect issuer.pem"],
                    related: ["chain.issuer_missing_cert_sign"]),
                symbols: ["chain.issuer_not_ca"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 356:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.path_length_exceeded", code: nil,
                    summary: "tlsprobe finding: path length constraint exceeded.",
                    meaning: "A CA limits how many CAs may follow it (pathlen) and the chain has more. Reported as error under the default profile.",
                    checks: ["Shorten the chain, or re-issue the constraining CA with a larger pathlen.", "Reproduce: tlsprobe verify leaf.pem intermediate.pem --anchor root.pem"],
                    related: ["chain.too_long"]),
                symbols: ["chain.path_length_exceeded"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 357:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.issuer_missing_cert_sign", code: nil,
                    summary: "tlsprobe finding: issuer key usage lacks keyCertSign.",
                    meaning: "The issuing CA's keyUsage lacks keyCertSign, so it may not sign certificates. Reported as error under the default profile.",
                    checks: ["Re-issue the CA certificate with keyUsage keyCertSign (and cRLSign).", "Reproduce: tlsprobe inspect issuer.pem"],
                    related: ["chain.issuer_not_ca"]),
                symbols: ["chain.issuer_missing_cert_sign"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 358:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.name_constraints_violated", code: nil,
                    summary: "tlsprobe finding: name constraints violated.",
                    meaning: "A CA restricted to certain names issued a certificate for a name outside them. Reported as error under the default profile.",
                    checks: ["Issue the certificate for names the constraining CA permits, or re-issue that CA with the name in its permitted subtrees.", "Reproduce: tlsprobe verify leaf.pem --anchor root.pem --host NAME"],
                    related: []),
                symbols: ["chain.name_constraints_violated"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 359:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "chain.too_long", code: nil,
                    summary: "tlsprobe finding: chain too long.",
                    meaning: "The chain has more certificates than clients will follow. Reported as error under the default profile.",
                    checks: ["Use a shorter chain; clients stop building paths after a few intermediates.", "Reproduce: tlsprobe connect HOST:PORT"],
                    related: ["chain.path_length_exceeded", "chain.unrelated_certificate"]),
                symbols: ["chain.too_long"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 360:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.expired", code: nil,
                    summary: "tlsprobe finding: certificate expired.",
                    meaning: "The certificate's notAfter date is past, at the evaluation time (now, or --at). Appliances rarely renew their own certificates. Reported as error under the default profile.",
                    checks: ["Renew the certificate and install it on the server (keep the same key if clients pin it, or the pin breaks); if the dates look wrong, check the clock of the device that made it.", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.not_yet_valid", "cert.expires_soon"]),
                symbols: ["cert.expired"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 361:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.not_yet_valid", code: nil,
                    summary: "tlsprobe finding: certificate not yet valid.",
                    meaning: "The certificate's notBefore date is in the future. When the gap is hours or days, or the date looks like 1970 or 2000, suspect a device clock rather than the certificate. Reported as error under the default profile.",
                    checks: ["Check the clocks: the device that issued the certificate, and the client, must agree on the date. Re-issue with a start date in the past if the issuer's clock was ahead.", "Reproduce: tlsprobe verify cert.pem --at 2030-01-01T00:00:00Z"],
                    related: ["cert.expired"]),
                symbols: ["cert.not_yet_valid"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 362:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.expires_soon", code: nil,
                    summary: "tlsprobe finding: certificate expires soon.",
                    meaning: "The certificate is still valid but will expire soon; clients will start refusing it on that date. Reported as warning under the default profile.",
                    checks: ["Renew the certificate before it expires.", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.expired"]),
                symbols: ["cert.expires_soon"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 363:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.eku_missing_server_auth", code: nil,
                    summary: "tlsprobe finding: not valid for TLS servers.",
                    meaning: "The certificate has an extendedKeyUsage extension without serverAuth, so clients refuse it as a TLS server certificate (Apple platforms require serverAuth to be present). Reported as error under the default profile.",
                    checks: ["Re-issue the certificate with extendedKeyUsage serverAuth (tlsprobe identity server --ca CA_DIR --host NAME --out DIR; openssl: -addext \"extendedKeyUsage=serverAuth\").", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.key_usage_incompatible"]),
                symbols: ["cert.eku_missing_server_auth"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 364:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.eku_missing_client_auth", code: nil,
                    summary: "tlsprobe finding: not valid for TLS clients.",
                    meaning: "The client certificate's extendedKeyUsage lacks clientAuth, so servers refuse it for mutual TLS. Reported as error under the default profile.",
                    checks: ["Re-issue the client certificate with extendedKeyUsage clientAuth (tlsprobe identity client --ca CA_DIR --name NAME --out DIR; openssl: -addext \"extendedKeyUsage=clientAuth\").", "Reproduce: tlsprobe inspect client.pem"],
                    related: ["mtls.client_cert_rejected"]),
                symbols: ["cert.eku_missing_client_auth"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 365:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.ca_as_leaf", code: nil,
                    summary: "tlsprobe finding: a CA's certificate presented as the peer's own.",
                    meaning: "The peer presents a CA certificate (basicConstraints CA:TRUE, keyUsage keyCertSign) as its own: the CA was installed where the device's leaf belongs. Clients refuse it as a server or client certificate, and a device that can use it for TLS holds the CA's private key. Reported as error under the default profile.",
                    checks: ["Issue the device its own leaf from this CA and install that with its chain; keep the CA's key off the device. If the CA's key was on the device, treat it as exposed: create a new CA, re-issue its certificates and replace the root on every client.", "Reproduce: tlsprobe verify ca.pem --anchor root.pem"],
                    related: ["cert.key_usage_incompatible", "cert.eku_missing_server_auth"]),
                symbols: ["cert.ca_as_leaf"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 366:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.key_usage_incompatible", code: nil,
                    summary: "tlsprobe finding: key usage does not allow TLS.",
                    meaning: "The certificate's keyUsage does not allow what the handshake needs: digitalSignature for ECDHE and TLS 1.3, keyEncipherment for RSA key transport. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate with keyUsage digitalSignature (and keyEncipherment for RSA keys).", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.eku_missing_server_auth"]),
                symbols: ["cert.key_usage_incompatible"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 367:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.weak_key", code: nil,
                    summary: "tlsprobe finding: weak key.",
                    meaning: "The key is too small for current clients (RSA under 2048 bits, or a small curve). Reported as error under the default profile.",
                    checks: ["Re-issue with an RSA key of at least 2048 bits or an ECDSA P-256 key.", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.weak_signature"]),
                symbols: ["cert.weak_key"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 368:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.weak_signature", code: nil,
                    summary: "tlsprobe finding: weak signature algorithm.",
                    meaning: "The certificate is signed with SHA-1 or MD5, which current clients refuse below the root. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate signed with SHA-256 or better.", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.weak_key"]),
                symbols: ["cert.weak_signature"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 369:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.validity_too_long", code: nil,
                    summary: "tlsprobe finding: validity period too long.",
                    meaning: "The certificate is valid for longer than clients accept: Apple platforms refuse TLS server certificates issued after 2019-07-01 that are valid for more than 825 days, and, for a certificate that chains to a root the device ships (a public CA), issued after 2020-09-01 and valid for more than 398 days. A root the user or an MDM installed (a shop's own CA) keeps the 825-day limit. Reported as info under the default profile.",
                    checks: ["Re-issue with a validity of at most 825 days (tlsprobe identity server --ca CA_DIR --host NAME --out DIR makes 397 by default; openssl: -days 825); a certificate from a public CA, at most 398.", "Reproduce: tlsprobe verify cert.pem --profile apple"],
                    related: ["cert.expires_soon"]),
                symbols: ["cert.validity_too_long"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 370:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.malformed", code: nil,
                    summary: "tlsprobe finding: malformed certificate.",
                    meaning: "The certificate breaks the encoding rules of RFC 5280; lenient parsers read it, strict ones refuse it. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate with a standard tool; strict clients refuse certificates that break the encoding rules of RFC 5280.", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.unknown_critical_extension"]),
                symbols: ["cert.malformed"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 371:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.nonconforming", code: nil,
                    summary: "tlsprobe finding: breaks the RFC 5280 / CA/Browser Forum profile.",
                    meaning: "The certificate breaks a rule of the RFC 5280 or CA/Browser Forum certificate profile (a missing key identifier, a critical flag where none belongs, a zero serial, a badly written name). Strict validators (Go, rustls, pyca/cryptography) refuse it; OpenSSL and Apple usually accept it, so it is an error under the default profile and a warning under apple and openssl. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate following RFC 5280 and the CA/Browser Forum Baseline Requirements (a current openssl, mkcert or step-ca does); OpenSSL and Apple accept many such certificates, strict validators (Go, rustls, pyca/cryptography) refuse them.", "Reproduce: tlsprobe verify chain.pem --anchor root.pem --profile apple"],
                    related: ["cert.malformed"]),
                symbols: ["cert.nonconforming"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 372:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.unknown_critical_extension", code: nil,
                    summary: "tlsprobe finding: unknown critical extension.",
                    meaning: "The certificate has an extension marked critical that clients do not understand, which obliges them to reject it. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate without the critical extension, or mark it non-critical; clients must reject critical extensions they do not understand.", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.malformed"]),
                symbols: ["cert.unknown_critical_extension"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 373:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "cert.unsupported_algorithm", code: nil,
                    summary: "tlsprobe finding: unsupported algorithm.",
                    meaning: "The certificate uses a key or signature algorithm common clients do not support. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate with RSA (2048 bits or more), ECDSA P-256/P-384 or Ed25519 and a SHA-2 signature.", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["cert.weak_key"]),
                symbols: ["cert.unsupported_algorithm"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 374:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "name.mismatch", code: nil,
                    summary: "tlsprobe finding: name does not match.",
                    meaning: "None of the certificate's subjectAltName entries matches the name or address the client expects (--host, or what was dialled). Reported as error under the default profile.",
                    checks: ["Re-issue the certificate with the name the client dials added to its subjectAltName, keeping the names it has (tlsprobe identity server --ca CA_DIR --host printer.local --host 10.0.0.5 --out DIR; openssl: -addext \"subjectAltName=IP:10.0.0.5,DNS:printer.local\": -addext replaces the whole extension, so list them all), or dial a name it carries (never a wildcard pattern: \"*.local\" covers no name at all).", "Reproduce: tlsprobe connect HOST:PORT --host NAME"],
                    related: ["name.ip_not_in_san", "name.cn_only"]),
                symbols: ["name.mismatch"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 375:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "name.ip_not_in_san", code: nil,
                    summary: "tlsprobe finding: IP address not in SAN.",
                    meaning: "The client dials an IP address, and the certificate has no iPAddress SAN for it. A DNS entry or a Common Name holding the address as text does not count for any current client. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate with an iPAddress SAN for the address clients dial, keeping the names it has (tlsprobe identity server --ca CA_DIR --host printer.local --host ::1 --host 10.0.0.5 --out DIR; openssl: -addext \"subjectAltName=DNS:printer.local,IP:::1,IP:10.0.0.5\": -addext replaces the whole extension, so list them all); a DNS entry or the Common Name holding the address does not count.", "Reproduce: tlsprobe connect 10.0.0.5:PORT"],
                    related: ["name.mismatch"]),
                symbols: ["name.ip_not_in_san"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 376:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "name.cn_only", code: nil,
                    summary: "tlsprobe finding: name only in Common Name.",
                    meaning: "The certificate has no subjectAltName and names the host only in its Common Name, which iOS, macOS, Chrome and Go ignore. Reported as error under the default profile.",
                    checks: ["Re-issue the certificate with a subjectAltName extension (tlsprobe identity server --ca CA_DIR --host NAME --out DIR puts every --host there); iOS, macOS, Chrome and Go ignore the Common Name.", "Reproduce: tlsprobe inspect cert.pem"],
                    related: ["name.mismatch"]),
                symbols: ["name.cn_only"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 377:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.protocol_too_old", code: nil,
                    summary: "tlsprobe finding: protocol version too old.",
                    meaning: "The server negotiates TLS 1.0 or 1.1 (or SSL 3.0), which iOS, macOS and current browsers refuse. Reported as warning under the default profile.",
                    checks: ["Enable TLS 1.2 (and 1.3) on the server; iOS, macOS and current browsers refuse TLS 1.0 and 1.1.", "Reproduce: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.no_common_version"]),
                symbols: ["tls.protocol_too_old"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 378:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.no_forward_secrecy", code: nil,
                    summary: "tlsprobe finding: no forward secrecy.",
                    meaning: "The negotiated cipher suite uses RSA key transport, not ECDHE/DHE; App Transport Security refuses it. Reported as warning under the default profile.",
                    checks: ["Enable ECDHE cipher suites on the server; App Transport Security requires forward secrecy.", "Reproduce: tlsprobe connect HOST:PORT --profile apple"],
                    related: ["tls.no_common_cipher"]),
                symbols: ["tls.no_forward_secrecy"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 379:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.handshake_failed", code: nil,
                    summary: "tlsprobe finding: handshake failed.",
                    meaning: "The handshake ended with an alert or a closed connection; the finding carries the alert and which side sent it. Reported as error under the default profile.",
                    checks: ["Read the alert's meaning in the message; `tlsprobe explain ALERT` says more.", "Reproduce: tlsprobe connect HOST:PORT"],
                    related: ["tls.no_common_version", "tls.no_common_cipher", "mtls.client_cert_required"]),
                symbols: ["tls.handshake_failed"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 380:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.no_common_version", code: nil,
                    summary: "tlsprobe finding: no common protocol version.",
                    meaning: "The client's and the server's protocol versions do not overlap. Reported as error under the default profile.",
                    checks: ["Enable a protocol version both sides support; try --versions to see what the server accepts.", "Reproduce: tlsprobe connect HOST:PORT --versions"],
                    related: ["tls.protocol_too_old"]),
                symbols: ["tls.no_common_version"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 381:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.no_common_cipher", code: nil,
                    summary: "tlsprobe finding: no common cipher suite.",
                    meaning: "No cipher suite is acceptable to both sides. Reported as error under the default profile.",
                    checks: ["Enable a cipher suite both sides support (an ECDHE suite with AES-GCM works almost everywhere).", "Reproduce: tlsprobe listen 4433"],
                    related: ["tls.no_forward_secrecy"]),
                symbols: ["tls.no_common_cipher"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 382:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.starttls_refused", code: nil,
                    summary: "tlsprobe finding: STARTTLS refused.",
                    meaning: "The server speaks a plain-text protocol (SMTP, IMAP, LDAP, PostgreSQL\u{2026}) and did not upgrade the connection to TLS: it does not offer the upgrade, refused it, or hung up first. No TLS handshake ran, so there is no chain to judge; the finding quotes the server's reply. Reported as error under the default profile.",
                    checks: ["Enable TLS on the server (SMTP: a certificate and STARTTLS in the MTA; PostgreSQL: ssl = on; LDAP: TLS certificates in slapd), or dial the port that serves TLS from the first byte (465, 993, 995, 636).", "Reproduce: tlsprobe connect HOST:25 --starttls smtp"],
                    related: ["tls.handshake_failed"]),
                symbols: ["tls.starttls_refused"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 383:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.starttls_not_used", code: nil,
                    summary: "tlsprobe finding: plain text where STARTTLS belonged.",
                    meaning: "In a capture: a client of a protocol that upgrades to TLS in place (SMTP, IMAP, POP3, FTP, LDAP, PostgreSQL, MySQL, XMPP, \u{2026}) never asked for TLS and went on in plain text \u{2014} mail, logins, passwords and queries crossed the network readable. The evidence says whether the server offered the upgrade (its capabilities listed STARTTLS) and the first command sent in the clear. Reported as warning under the default profile.",
                    checks: ["Turn TLS on in the client (printers and NAS boxes call it \"SMTP over TLS\", \"STARTTLS\" or \"secure connection\"; choose \"required\", not \"if available\"), or point it at the port that speaks TLS from the first byte (465, 993, 995, 636). If the server did not offer STARTTLS, give it a certificate and enable TLS first. Then make the server refuse logins in plain text (Postfix: smtpd_tls_auth_only = yes; Dovecot: ssl = required; PostgreSQL: hostssl lines in pg_hba.conf; OpenLDAP: security tls=1).", "Reproduce: tlsprobe connect HOST:25 --starttls smtp"],
                    related: ["tls.starttls_refused"]),
                symbols: ["tls.starttls_not_used"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 384:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.hello_retry_not_followed", code: nil,
                    summary: "tlsprobe finding: second ClientHello ignores the HelloRetryRequest.",
                    meaning: "A TLS 1.3 server answered the first ClientHello with a HelloRetryRequest (asking for a key share in another group), and the client's second ClientHello does not do what RFC 8446 4.1.2 requires: one key share, in the group asked for, and otherwise the same offer. Servers abort such a handshake with illegal_parameter. Reported as error under the default profile.",
                    checks: ["Update the client's TLS library; as a workaround, configure the server to prefer a group the client sends a key share for in its first ClientHello (x25519 or secp256r1), so no HelloRetryRequest is needed.", "Reproduce: tlsprobe capture -r hrr.pcap"],
                    related: ["tls.no_common_cipher", "tls.handshake_failed"]),
                symbols: ["tls.hello_retry_not_followed"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 385:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "tls.apple_client_refused", code: nil,
                    summary: "tlsprobe finding: Apple's clients cannot connect.",
                    meaning: "Under --profile apple, connect offers the ClientHello of Safari and URLSession on iOS 17+/macOS 14+ (TLSv1.2\u{2013}TLSv1.3; cipher suites TLS_AES_128_GCM_SHA256, TLS_AES_256_GCM_SHA384, TLS_CHACHA20_POLY1305_SHA256, TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256, TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA, TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA, TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA, TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA, TLS_RSA_WITH_AES_256_GCM_SHA384, TLS_RSA_WITH_AES_128_GCM_SHA256, TLS_RSA_WITH_AES_256_CBC_SHA, TLS_RSA_WITH_AES_128_CBC_SHA, TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA, TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA, TLS_RSA_WITH_3DES_EDE_CBC_SHA; signature algorithms ecdsa_secp256r1_sha256, rsa_pss_rsae_sha256, rsa_pkcs1_sha256, ecdsa_secp384r1_sha384, rsa_pss_rsae_sha384, rsa_pkcs1_sha384, rsa_pss_rsae_sha512, rsa_pkcs1_sha512, rsa_pkcs1_sha1; groups x25519, secp256r1, secp384r1, secp521r1), and the server completed no handshake with it, while it did complete one with OpenSSL's defaults. An Apple client cannot connect at all, whatever the certificate; the message names what the server needs that Apple's offer lacks (an Ed25519 key, a P-521 key on TLS 1.3, DHE-only suites, a group). Only connect under --profile apple reports it. Sources: Safari 17/18 captures in the uTLS and rquest fingerprint profiles; Apple's App Transport Security requirements. Reported as error under the default profile.",
                    checks: ["Configure the server for what Apple's clients offer: a P-256 or RSA (2048+) certificate, ECDHE suites with AES-GCM, TLS 1.2 and 1.3, x25519 or secp256r1.", "Reproduce: tlsprobe connect HOST:PORT --profile apple"],
                    related: ["tls.no_common_cipher", "tls.no_forward_secrecy", "tls.handshake_failed"]),
                symbols: ["tls.apple_client_refused"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 386:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "mtls.client_cert_requested", code: nil,
                    summary: "tlsprobe finding: client certificate requested.",
                    meaning: "The server asks for a client certificate but goes on without one. Informational unless the application behind it needs it. Reported as info under the default profile.",
                    checks: ["Nothing to do unless the connection fails; then give a client identity with --identity or --cert/--key.", "Reproduce: tlsprobe connect HOST:PORT"],
                    related: ["mtls.client_cert_required"]),
                symbols: ["mtls.client_cert_requested"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 387:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "mtls.client_cert_required", code: nil,
                    summary: "tlsprobe finding: client certificate required.",
                    meaning: "The server refuses clients that present no certificate (certificate_required in TLS 1.3, handshake_failure or a closed connection in 1.2). Reported as error under the default profile.",
                    checks: ["The server demands a client certificate: give one with --identity FILE.p12 or --cert/--key, issued by one of the acceptable CAs.", "Reproduce: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
                    related: ["mtls.identity_not_acceptable", "mtls.client_cert_requested"]),
                symbols: ["mtls.client_cert_required"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 388:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "mtls.identity_not_acceptable", code: nil,
                    summary: "tlsprobe finding: client identity not acceptable.",
                    meaning: "The server lists the CAs it accepts for client certificates, and the identity given is not issued by any of them; many clients then send no certificate at all. Reported as error under the default profile.",
                    checks: ["Use a client identity issued by one of the CAs the server names, or add this identity's CA to the server's client CA list.", "Reproduce: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
                    related: ["mtls.client_cert_required", "mtls.client_cert_rejected"]),
                symbols: ["mtls.identity_not_acceptable"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 389:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "mtls.client_cert_rejected", code: nil,
                    summary: "tlsprobe finding: client certificate rejected.",
                    meaning: "A client certificate was sent and the server refused it (an alert such as unknown_ca, bad_certificate or certificate_unknown followed). Reported as error under the default profile.",
                    checks: ["The server refused the client certificate: check that its CA is in the server's client CA file and that it has extendedKeyUsage clientAuth.", "Reproduce: tlsprobe connect HOST:PORT --identity client.p12 --password-env P12_PASS"],
                    related: ["mtls.identity_not_acceptable", "cert.eku_missing_client_auth"]),
                symbols: ["mtls.client_cert_rejected"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 390:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "pin.mismatch", code: nil,
                    summary: "tlsprobe finding: pinned key changed.",
                    meaning: "The server's public key differs from the pin given or the one recorded on first contact. Either the key was replaced on purpose, or something else answers at this address. Reported as error under the default profile.",
                    checks: ["If the server's key was replaced on purpose, update the pin (or the known-hosts entry); if not, find out who is answering at this address.", "Reproduce: tlsprobe connect HOST:PORT --known-hosts FILE"],
                    related: ["pin.first_use"]),
                symbols: ["pin.mismatch"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 391:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "pin.first_use", code: nil,
                    summary: "tlsprobe finding: first contact recorded.",
                    meaning: "First contact with this server: its key was recorded for comparison next time. Reported as info under the default profile.",
                    checks: ["Nothing to do; later changes of this server's key will be reported.", "Reproduce: tlsprobe connect HOST:PORT --known-hosts FILE"],
                    related: ["pin.mismatch"]),
                symbols: ["pin.first_use"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 392:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "pin.match", code: nil,
                    summary: "tlsprobe finding: pin matches.",
                    meaning: "The server's key matches the pin. Reported as info under the default profile.",
                    checks: ["Nothing to do.", "Reproduce: tlsprobe connect HOST:PORT --pin sha256/BASE64"],
                    related: []),
                symbols: ["pin.match"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 393:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "pkcs12.wrong_password", code: nil,
                    summary: "tlsprobe finding: wrong PKCS#12 password.",
                    meaning: "The PKCS#12 file could not be opened with the password given (its MAC did not verify). Reported as error under the default profile.",
                    checks: ["Give the right password with --password-env VAR or --password-file FILE.", "Reproduce: tlsprobe inspect identity.p12 --password-env P12_PASS"],
                    related: ["pkcs12.modern_encryption"]),
                symbols: ["pkcs12.wrong_password"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 394:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "pkcs12.modern_encryption", code: nil,
                    summary: "tlsprobe finding: PKCS#12 uses PBES2/AES.",
                    meaning: "The PKCS#12 file is encrypted with PBES2/AES, which OpenSSL 3 writes by default and older Apple systems (before iOS 17 / macOS 14) cannot open; they report a wrong password. Reported as warning under the default profile.",
                    checks: ["For older iOS, macOS, Windows and Java, re-export with legacy algorithms: openssl pkcs12 -export -legacy -in cert.pem -inkey key.pem -out identity.p12 (or -certpbe PBE-SHA1-3DES -keypbe PBE-SHA1-3DES -macalg sha1); tlsprobe identity server|client --ca CA_DIR ... writes the legacy form by default (--p12 legacy).", "Reproduce: tlsprobe inspect identity.p12 --password-env P12_PASS"],
                    related: ["pkcs12.wrong_password"]),
                symbols: ["pkcs12.modern_encryption"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 395:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "pkcs12.no_private_key", code: nil,
                    summary: "tlsprobe finding: PKCS#12 has no private key.",
                    meaning: "The PKCS#12 file holds certificates but no private key, so it cannot serve as an identity. Reported as error under the default profile.",
                    checks: ["Export the identity again with its private key (openssl pkcs12 -export -in cert.pem -inkey key.pem).", "Reproduce: tlsprobe inspect identity.p12 --password-env P12_PASS"],
                    related: ["key.mismatch"]),
                symbols: ["pkcs12.no_private_key"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 396:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "key.mismatch", code: nil,
                    summary: "tlsprobe finding: key does not match certificate.",
                    meaning: "The private key is not the pair of the certificate's public key. Reported as error under the default profile.",
                    checks: ["Pair the certificate with the private key it was issued for; compare `tlsprobe inspect` pins of both.", "Reproduce: tlsprobe inspect cert.pem --key key.pem"],
                    related: ["pkcs12.no_private_key"]),
                symbols: ["key.mismatch"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 397:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "capture.alert", code: nil,
                    summary: "tlsprobe finding: alert.",
                    meaning: "An alert was seen in the capture; the finding says who sent it and what it usually means. Reported as warning under the default profile.",
                    checks: ["Read the alert's meaning in the message; `tlsprobe explain ALERT` says more.", "Reproduce: tlsprobe capture -r trace.pcap"],
                    related: ["tls.handshake_failed"]),
                symbols: ["capture.alert"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 398:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "capture.tls13_encrypted", code: nil,
                    summary: "tlsprobe finding: TLS 1.3 handshake encrypted.",
                    meaning: "TLS 1.3 encrypts the certificates, so the chain cannot be read from a capture without the session keys. Reported as info under the default profile.",
                    checks: ["Record a key log (SSLKEYLOGFILE) on the client and pass it with --keylog to see the chain.", "Reproduce: tlsprobe capture -r trace.pcap --keylog keys.log"],
                    related: ["capture.no_key"]),
                symbols: ["capture.tls13_encrypted"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 399:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "capture.no_key", code: nil,
                    summary: "tlsprobe finding: no key for connection.",
                    meaning: "A key log was given, but it has no secrets for this connection. Reported as info under the default profile.",
                    checks: ["Pass the key log that the client wrote during this capture with --keylog.", "Reproduce: tlsprobe capture -r trace.pcap --keylog keys.log"],
                    related: ["capture.decrypt_failed"]),
                symbols: ["capture.no_key"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 400:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "capture.decrypt_failed", code: nil,
                    summary: "tlsprobe finding: decryption failed.",
                    meaning: "Secrets were found for this connection but decryption failed: the key log is from another run, or the capture is damaged. Reported as warning under the default profile.",
                    checks: ["Check that the key log belongs to this capture; a log from another run has other secrets.", "Reproduce: tlsprobe capture -r trace.pcap --keylog keys.log"],
                    related: ["capture.no_key"]),
                symbols: ["capture.decrypt_failed"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 401:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "capture.incomplete_handshake", code: nil,
                    summary: "tlsprobe finding: handshake incomplete.",
                    meaning: "The capture holds only part of a handshake: it started late, ended early, or the connection was cut. Reported as warning under the default profile.",
                    checks: ["Capture from before the connection starts until it ends, on the interface the traffic crosses.", "Reproduce: tlsprobe capture -i IFACE"],
                    related: ["capture.truncated"]),
                symbols: ["capture.incomplete_handshake"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        case 402:
            return CatalogEntry(
                explanation: Explanation(
                    kind: .findingCode, name: "capture.truncated", code: nil,
                    summary: "tlsprobe finding: capture truncated.",
                    meaning: "The capture file ends mid-packet or packets were cut by a short snap length; or tlsprobe stopped reading a handshake message at its own memory bound (the capture's budget for open flows, or 17 MiB of handshake messages kept per connection), named with the size its header declares. Reported as warning under the default profile.",
                    checks: ["Capture with a full snap length (tcpdump -s 0) and without drops; for a message cut by the capture's memory budget, read its connection alone (a capture filtered to its addresses and ports).", "Reproduce: tcpdump -s 0 -w trace.pcap"],
                    related: ["capture.incomplete_handshake"]),
                symbols: ["capture.truncated"],
                exactForms: [],
                phrases: [],
                number: nil, sslReason: nil, specificity: 4, prominent: false, needsTLSContext: false, twin: nil)
        default:
            preconditionFailure("no catalogue entry \(index)")
        }
    }

    /// Each entry's number, Int.min for none.
    static let tableNumbers: [Int] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 0, 10, 20, 21, 22, 30, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 60, 70, 71, 80, 86, 90, 100, 109, 110, 111, 112, 113, 114, 115, 116, 117, 120, 121, -9800, -9801, -9802, -9803, -9804, -9805, -9806, -9807, -9808, -9809, -9810, -9811, -9812, -9813, -9814, -9815, -9816, -9817, -9818, -9819, -9820, -9821, -9822, -9823, -9824, -9825, -9826, -9827, -9828, -9829, -9830, -9831, -9832, -9833, -9834, -9835, -9836, -9837, -9838, -9839, -9840, -9841, -9842, -9843, -9844, -9845, -9846, -9847, -9848, -9849, -9850, -9851, -9852, -9853, -9854, -9855, -9856, -9857, -9858, -9859, -9860, -9861, -9862, -9863, -9864, -9865, -9880, -9881, -9882, -9883, -9884, -9885, -9886, -9890, -25293, -25264, -25257, -26275, -25299, -25300, -34018, -67843, -67818, -67819, -67820, -67602, -67609, -67608, -67629, -67604, -67605, -67611, -67612, -67603, -67654, -67899, -67900, -67901, -67902, -67903, -67690, -67808, -67635, -1200, -1201, -1202, -1203, -1204, -1205, -1206, -1022, -1001, -1003, -1004, -1005, -1009, -1012, -999, 1010, 1020, 1021, 1022, 1030, 1040, 1041, 1042, 1043, 1044, 1045, 1046, 1047, 1048, 1049, 1050, 1051, 1060, 1070, 1071, 1080, 1086, 1090, 1100, 1109, 1110, 1111, 1112, 1113, 1114, 1115, 1116, 1120, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, -202, -200, -201, -206, -207, -208, -211, -212, -213, -107, -113, -117, -110, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min]

    /// Each entry's OpenSSL SSL-library reason, Int.min for none.
    static let tableReasons: [Int] = [Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, 267, 193, 258, 134, 156, 294, 191, 118, 376, 410, 199, 198, 338, 399, 397, 398, 394, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min, Int.min]

    /// Every whole-input form (ErrorCatalog.wholeInputForms), sorted, one after another;
    /// form i is bytes tableFormStarts[i]..<tableFormStarts[i + 1], of entry tableFormEntries[i].
    static let tableForms: StaticString = "0308010c048000650480006c058000740a0000760a0000860a00009c0a0000bf0a0000c10a0000c60a0000c70a0001020a00010b0a0001260a0001520a0001780a00018a0a00018d0a00018e0a00018f0a00019a11800071access deniedaccess_deniedakid_issuer_serial_mismatchakid_skid_mismatchalert 0alert 10alert 100alert 109alert 110alert 111alert 112alert 113alert 114alert 115alert 116alert 117alert 120alert 121alert 20alert 21alert 22alert 30alert 40alert 41alert 42alert 43alert 44alert 45alert 46alert 47alert 48alert 49alert 50alert 51alert 52alert 60alert 70alert 71alert 80alert 86alert 90alert access deniedalert access_deniedalert bad certificatealert bad certificate hash valuealert bad certificate status responsealert bad record macalert bad_certificatealert bad_certificate_hash_valuealert bad_certificate_status_responsealert bad_record_macalert certificate expiredalert certificate requiredalert certificate revokedalert certificate unknownalert certificate unobtainablealert certificate_expiredalert certificate_requiredalert certificate_revokedalert certificate_unknownalert certificate_unobtainablealert close notifyalert close_notifyalert decode erroralert decode_erroralert decompression failurealert decompression_failurealert decrypt erroralert decrypt_erroralert decryption failedalert decryption_failedalert ech requiredalert ech_requiredalert export restrictionalert export_restrictionalert general erroralert general_erroralert handshake failurealert handshake_failurealert illegal parameteralert illegal_parameteralert inappropriate fallbackalert inappropriate_fallbackalert insufficient securityalert insufficient_securityalert internal erroralert internal_erroralert missing extensionalert missing_extensionalert no application protocolalert no certificatealert no renegotiationalert no_application_protocolalert no_certificatealert no_renegotiationalert number 0alert number 10alert number 100alert number 109alert number 110alert number 111alert number 112alert number 113alert number 114alert number 115alert number 116alert number 117alert number 120alert number 121alert number 20alert number 21alert number 22alert number 30alert number 40alert number 41alert number 42alert number 43alert number 44alert number 45alert number 46alert number 47alert number 48alert number 49alert number 50alert number 51alert number 52alert number 60alert number 70alert number 71alert number 80alert number 86alert number 90alert protocol versionalert protocol_versionalert record overflowalert record_overflowalert too many cids requestedalert too_many_cids_requestedalert unexpected messagealert unexpected_messagealert unknown caalert unknown psk identityalert unknown_caalert unknown_psk_identityalert unrecognized namealert unrecognized_namealert unsupported certificatealert unsupported extensionalert unsupported_certificatealert unsupported_extensionalert user canceledalert user_canceledan ssl error has occurred and a secure connection to the server cannot be madeapp transport security policy requires the use of a secure connectionapplication verification failureapplication_verificationapptransportsecurityrequiressecureconnectionatscertificatehashalgorithmviolationatscertificatetrustviolationatsciphersuiteviolationatsleafcertificatehashalgorithmviolationatsminimumkeysizeviolationatsminimumversionviolationatsviolationauthfailedauthority and issuer serial number mismatchauthority and subject key identifier mismatchauthority key identifier marked criticalauthority_key_identifier_criticalbad certificatebad certificate hash valuebad certificate status responsebad decryptbad record macbad_certificatebad_certificate_hash_valuebad_certificate_status_responsebad_record_macbad_ssl_client_auth_certbadcertbadcertificatestatusresponsebadciphersuitebadconfigurationbadrecordmacbasic constraints of ca cert not marked criticalbecause it doesn't contain any ip sansbufferoverflowca cert does not include key usage extensionca certificate key too weakca key too smallca md too weakca signature digest algorithm too weakca_bcons_not_criticalca_cert_missing_key_usageca_key_too_smallca_md_too_weakcancelledcannot find certificate signature algorithmcannotconnecttohostcannotfindhostcapture.alertcapture.decrypt_failedcapture.incomplete_handshakecapture.no_keycapture.tls13_encryptedcapture.truncatedcert info signature and signature algorithm mismatchcert.ca_as_leafcert.eku_missing_client_authcert.eku_missing_server_authcert.expiredcert.expires_sooncert.key_usage_incompatiblecert.malformedcert.nonconformingcert.not_yet_validcert.unknown_critical_extensioncert.unsupported_algorithmcert.validity_too_longcert.weak_keycert.weak_signaturecert_authority_invalidcert_chain_too_longcert_common_name_invalidcert_date_invalidcert_has_expiredcert_invalidcert_name_constraint_violationcert_not_yet_validcert_rejectedcert_revokedcert_revokedcert_signature_failurecert_untrustedcert_validity_too_longcert_weak_keycert_weak_signature_algorithmcertexpiredcertificate chain too longcertificate expiredcertificate has expiredcertificate has expired or is not yet validcertificate is not standards compliantcertificate is not trustedcertificate is not valid for any namescertificate is not yet validcertificate not trustedcertificate public key has explicit ecc parameterscertificate rejectedcertificate relies on legacy common name fieldcertificate requiredcertificate revokedcertificate revokedcertificate signature failurecertificate signed by unknown authoritycertificate specifies an incompatible key usagecertificate transparency required, but no valid scts foundcertificate unknowncertificate unobtainablecertificate verify failedcertificate_expiredcertificate_requiredcertificate_revokedcertificate_unknowncertificate_unobtainablecertificate_verify_failedcertificateduplicateextensioncertificateexpiredcertificateiscacertificatenamenotallowedcertificatenotvalidyetcertificatepolicynotallowedcertificaterequiredcertificaterevokedcertificatevalidityperiodtoolongcertnotyetvalidchain.anchor_key_mismatchchain.bad_signaturechain.issuer_missing_cert_signchain.issuer_not_cachain.missing_intermediatechain.name_constraints_violatedchain.path_length_exceededchain.root_sentchain.self_signed_leafchain.stale_intermediatechain.too_longchain.unrelated_certificatechain.untrusted_rootchain.wrong_orderclientcertificaterejectedclientcertificaterequiredclientcertrequestedclienthelloreceivedclose notifyclose_notifyclosedabortclosedgracefulclosednonotifyconfigurationfailedconnectionrefusedcrl has expiredcrl is not yet validcrl path validation errorcrl signature failurecrl_has_expiredcrl_not_yet_validcrl_path_validation_errorcrl_signature_failurecryptodane_no_matchdecodedecode errordecode_errordecodeerrordecompressfaildecompression failuredecompression_failuredecrypt errordecrypt_errordecryption faileddecryption_faileddecryptionfaildepth_zero_self_signed_certdescription: access denieddescription: bad certificatedescription: bad certificate hash valuedescription: bad certificate status responsedescription: bad record macdescription: certificate expireddescription: certificate requireddescription: certificate revokeddescription: certificate unknowndescription: certificate unobtainabledescription: close notifydescription: decode errordescription: decompression failuredescription: decrypt errordescription: decryption faileddescription: ech requireddescription: export restrictiondescription: general errordescription: handshake failuredescription: illegal parameterdescription: inappropriate fallbackdescription: insufficient securitydescription: internal errordescription: missing extensiondescription: no application protocoldescription: no certificatedescription: no renegotiationdescription: protocol versiondescription: record overflowdescription: too many cids requesteddescription: unexpected messagedescription: unknown cadescription: unknown psk identitydescription: unrecognized namedescription: unsupported certificatedescription: unsupported extensiondescription: user canceleddh key too smalldid not accept the certificatedifferent crl scopedifferent_crl_scopedigital envelope routines::unsupporteddoes not match certificate's altnamesdoesn't contain any ip sansduplicateitemearlydatarejectedec_key_explicit_paramsech requiredech_requiredee certificate key too weakee key too smallee_key_too_smallemail address mismatchemail_mismatchempty subject alternative name extensionempty_subject_alt_nameempty_subject_san_not_criticalencrypted client hello requirederr_bad_ssl_client_auth_certerr_cert_authority_invaliderr_cert_common_name_invaliderr_cert_date_invaliderr_cert_invaliderr_cert_name_constraint_violationerr_cert_revokederr_cert_validity_too_longerr_cert_weak_keyerr_cert_weak_signature_algorithmerr_r_unsupportederr_ssl_client_auth_cert_needederr_ssl_protocol_errorerr_ssl_version_or_cipher_mismatcherr_tls_cert_altname_invaliderror decoding messageerror decrypting messageerror_in_cert_not_after_fielderror_in_cert_not_before_fielderror_in_crl_last_update_fielderror_in_crl_next_update_fielderrsecauthfailederrseccertificateduplicateextensionerrseccertificateexpirederrseccertificateiscaerrseccertificatenamenotallowederrseccertificatenotvalidyeterrseccertificatepolicynotallowederrseccertificaterevokederrseccertificatevalidityperiodtoolongerrsecdecodeerrsecduplicateitemerrsechostnamemismatcherrsecincompletecertrevocationcheckerrsecinvalidcertificatereferrsecinvalidextendedkeyusageerrsecinvalidkeyusageforpolicyerrsecinvalidrooterrsecitemnotfounderrsecmissingentitlementerrsecnobasicconstraintserrsecnobasicconstraintscaerrsecnottrustederrsecpathlengthconstraintexceedederrsecpkcs12verifyfailureerrsecsslbadextendedkeyusageerrsectrustsettingdenyerrsecunknowncriticalextensionflagerrsecunknownformaterrsecverifyfailederrsslatscertificatehashalgorithmviolationerrsslatscertificatetrustviolationerrsslatsciphersuiteviolationerrsslatsleafcertificatehashalgorithmviolationerrsslatsminimumkeysizeviolationerrsslatsminimumversionviolationerrsslatsviolationerrsslbadcerterrsslbadcertificatestatusresponseerrsslbadciphersuiteerrsslbadconfigurationerrsslbadrecordmacerrsslbufferoverflowerrsslcertexpirederrsslcertificaterequirederrsslcertnotyetvaliderrsslclientcertrequestederrsslclienthelloreceivederrsslclosedaborterrsslclosedgracefulerrsslclosednonotifyerrsslconfigurationfailederrsslconnectionrefusederrsslcryptoerrssldecodeerrorerrssldecompressfailerrssldecryptionfailerrsslearlydatarejectederrsslfatalalerterrsslhandshakefailerrsslhostnamemismatcherrsslillegalparamerrsslinappropriatefallbackerrsslinternalerrsslmissingextensionerrsslmoduleattacherrsslnegotiationerrsslnetworktimeouterrsslnorootcerterrsslpeeraccessdeniederrsslpeerauthcompletederrsslpeerbadcerterrsslpeerbadrecordmacerrsslpeercertexpirederrsslpeercertrevokederrsslpeercertunknownerrsslpeerdecodeerrorerrsslpeerdecompressfailerrsslpeerdecrypterrorerrsslpeerdecryptionfailerrsslpeerexportrestrictionerrsslpeerhandshakefailerrsslpeerinsufficientsecurityerrsslpeerinternalerrorerrsslpeernorenegotiationerrsslpeerprotocolversionerrsslpeerrecordoverflowerrsslpeerunexpectedmsgerrsslpeerunknowncaerrsslpeerunsupportedcerterrsslpeerusercancellederrsslprotocolerrsslrecordoverflowerrsslserverauthcompletederrsslsessionnotfounderrssltransportreseterrsslunexpectedmessageerrsslunexpectedrecorderrsslunknownpskidentityerrsslunknownrootcerterrsslunrecognizednameerrsslunsupportedextensionerrsslweakpeerephemeraldhkeyerrsslwouldblockerrsslxcertchaininvalidexcluded subtree violationexcluded_violationexpired certificateexport restrictionexport_restrictionextensions_require_version_3fatalalertfirst record does not look like a tls handshakeformat error in certificate's notafter fieldformat error in certificate's notbefore fieldformat error in crl's lastupdate fieldformat error in crl's nextupdate fieldgeneral errorgeneral_errorhandshake failurehandshake_failurehandshakefailhostname mismatchhostname_mismatchhostnamemismatchhostnamemismatchhttp requesthttp_requestillegal parameterillegal_parameterillegalparaminappropriate fallbackinappropriate_fallbackinappropriatefallbackincompletecertrevocationcheckinsufficient securityinsufficient security levelinsufficient_securityinternalinternal errorinternal_errorinvalid ca certificateinvalid certificate verification contextinvalid non ca certificate (has ca markings)invalid or inconsistent certificate extensioninvalid or inconsistent certificate policy extensioninvalid_cainvalid_callinvalid_extensioninvalid_non_cainvalid_policy_extensioninvalid_purposeinvalidcertificaterefinvalidextendedkeyusageinvalidkeyusageforpolicyinvalidrootip address mismatchip_address_mismatchissuer certificate doesn't have a public keyissuer certificate lookup errorissuer name emptyissuer_name_emptyitemnotfoundkcfurlerrorapptransportsecurityrequiressecureconnectionkcfurlerrorcancelledkcfurlerrorcannotconnecttohostkcfurlerrorcannotfindhostkcfurlerrorclientcertificaterejectedkcfurlerrorclientcertificaterequiredkcfurlerrornetworkconnectionlostkcfurlerrornotconnectedtointernetkcfurlerrorsecureconnectionfailedkcfurlerrorservercertificatehasbaddatekcfurlerrorservercertificatehasunknownrootkcfurlerrorservercertificatenotyetvalidkcfurlerrorservercertificateuntrustedkcfurlerrortimedoutkcfurlerrorusercancelledauthenticationkey usage does not include certificate signingkey usage does not include crl signingkey usage does not include digital signaturekey usage keycertsign invalid for non ca certkey values mismatchkey.mismatchkeyusage_no_certsignkeyusage_no_crl_signkeyusage_no_digital_signatureku_key_cert_sign_invalid_for_non_camac verify failuremissing authority key identifiermissing extensionmissing subject key identifiermissing_authority_key_identifiermissing_extensionmissing_subject_key_identifiermissingentitlementmissingextensionmoduleattachmtls.client_cert_rejectedmtls.client_cert_requestedmtls.client_cert_requiredmtls.identity_not_acceptablename constraints minimum and maximum not supportedname.cn_onlyname.ip_not_in_sanname.mismatchnegotiationnet::err_bad_ssl_client_auth_certnet::err_cert_authority_invalidnet::err_cert_common_name_invalidnet::err_cert_date_invalidnet::err_cert_invalidnet::err_cert_name_constraint_violationnet::err_cert_revokednet::err_cert_validity_too_longnet::err_cert_weak_keynet::err_cert_weak_signature_algorithmnet::err_ssl_client_auth_cert_needednet::err_ssl_protocol_errornet::err_ssl_version_or_cipher_mismatchnetworkconnectionlostnetworktimeoutno application protocolno appropriate protocolno appropriate protocol (protocol is disabled or cipher suites are inappropriate)no certificateno cipher suite supported by both client and serverno explicit policyno matching dane tlsa recordsno name matchingno protocols availableno renegotiationno shared cipherno shared groupsno shared signature algorithmsno start lineno subject alternative dns name matchingno subject alternative dns name matching host foundno subject alternative names matching ip addressno subject alternative names matching ip address foundno subject alternative names presentno suitable signature algorithmno_application_protocolno_certificateno_ciphers_availableno_explicit_policyno_issuer_public_keyno_renegotiationno_shared_cipherno_shared_groupno_shared_groupsno_valid_sctsnobasicconstraintsnobasicconstraintscanorootcertnotconnectedtointernetnottrustednsurlerrorapptransportsecurityrequiressecureconnectionnsurlerrorcancellednsurlerrorcannotconnecttohostnsurlerrorcannotfindhostnsurlerrorclientcertificaterejectednsurlerrorclientcertificaterequirednsurlerrornetworkconnectionlostnsurlerrornotconnectedtointernetnsurlerrorsecureconnectionfailednsurlerrorservercertificatehasbaddatensurlerrorservercertificatehasunknownrootnsurlerrorservercertificatenotyetvalidnsurlerrorservercertificateuntrustednsurlerrortimedoutnsurlerrorusercancelledauthenticationocsp unknown certocsp verification failedocsp verification neededocsp_cert_unknownocsp_verify_failedocsp_verify_neededokout of memoryout_of_mempacket length too longpath length constraint exceededpath length given without key usage keycertsignpath length invalid for non ca certpath looppath_length_exceededpath_looppathlen_invalid_for_non_capathlen_without_ku_key_cert_signpathlengthconstraintexceededpeer did not return a certificatepeer_did_not_return_a_certificatepeeraccessdeniedpeerauthcompletedpeerbadcertpeerbadrecordmacpeercertexpiredpeercertrevokedpeercertunknownpeerdecodeerrorpeerdecompressfailpeerdecrypterrorpeerdecryptionfailpeerexportrestrictionpeerhandshakefailpeerinsufficientsecuritypeerinternalerrorpeernorenegotiationpeerprotocolversionpeerrecordoverflowpeerunexpectedmsgpeerunknowncapeerunsupportedcertpeerusercancelledpem_r_bad_decryptpem_r_no_start_linepermitted subtree violationpermitted_violationpin.first_usepin.matchpin.mismatchpkcs12.modern_encryptionpkcs12.no_private_keypkcs12.wrong_passwordpkcs12_r_mac_verify_failurepkcs12verifyfailurepkix path building failedpkix path building failed: unable to find valid certification path to requested targetpkix path validation failedprotocolprotocol versionprotocol version not supportedprotocol_versionproxy certificates not allowed, please set the appropriate flagproxy path length constraint exceededproxy subject name violationproxy_certificates_not_allowedproxy_path_length_exceededproxy_subject_name_violationrecord overflowrecord_overflowrecordoverflowremote host closed connection during handshakeremote host terminated the handshakerequires a client certificaterevoked certificaterfc 3779 resource not subset of parent's resourcessecureconnectionfailedself signed certificateself signed certificate in certificate chainself_signed_cert_in_chainserver selected unsupported protocol versionservercertificatehasbaddateservercertificatehasunknownrootservercertificatenotyetvalidservercertificateuntrustedsessionnotfoundsignature_algorithm_inconsistencysignature_algorithm_mismatchssl3_ad_access_deniedssl3_ad_bad_certificatessl3_ad_bad_certificate_hash_valuessl3_ad_bad_certificate_status_responsessl3_ad_bad_record_macssl3_ad_certificate_expiredssl3_ad_certificate_requiredssl3_ad_certificate_revokedssl3_ad_certificate_unknownssl3_ad_certificate_unobtainablessl3_ad_close_notifyssl3_ad_decode_errorssl3_ad_decompression_failuressl3_ad_decrypt_errorssl3_ad_decryption_failedssl3_ad_ech_requiredssl3_ad_export_restrictionssl3_ad_general_errorssl3_ad_handshake_failuressl3_ad_illegal_parameterssl3_ad_inappropriate_fallbackssl3_ad_insufficient_securityssl3_ad_internal_errorssl3_ad_missing_extensionssl3_ad_no_application_protocolssl3_ad_no_certificatessl3_ad_no_renegotiationssl3_ad_protocol_versionssl3_ad_record_overflowssl3_ad_too_many_cids_requestedssl3_ad_unexpected_messagessl3_ad_unknown_cassl3_ad_unknown_psk_identityssl3_ad_unrecognized_namessl3_ad_unsupported_certificatessl3_ad_unsupported_extensionssl3_ad_user_canceledssl_ad_access_deniedssl_ad_bad_certificatessl_ad_bad_certificate_hash_valuessl_ad_bad_certificate_status_responsessl_ad_bad_record_macssl_ad_certificate_expiredssl_ad_certificate_requiredssl_ad_certificate_revokedssl_ad_certificate_unknownssl_ad_certificate_unobtainablessl_ad_close_notifyssl_ad_decode_errorssl_ad_decompression_failuressl_ad_decrypt_errorssl_ad_decryption_failedssl_ad_ech_requiredssl_ad_export_restrictionssl_ad_general_errorssl_ad_handshake_failuressl_ad_illegal_parameterssl_ad_inappropriate_fallbackssl_ad_insufficient_securityssl_ad_internal_errorssl_ad_missing_extensionssl_ad_no_application_protocolssl_ad_no_certificatessl_ad_no_renegotiationssl_ad_protocol_versionssl_ad_record_overflowssl_ad_too_many_cids_requestedssl_ad_unexpected_messagessl_ad_unknown_cassl_ad_unknown_psk_identityssl_ad_unrecognized_namessl_ad_unsupported_certificatessl_ad_unsupported_extensionssl_ad_user_canceledssl_client_auth_cert_neededssl_protocol_errorssl_r_ca_key_too_smallssl_r_ca_md_too_weakssl_r_certificate_verify_failedssl_r_certificate_verify_failedssl_r_dh_key_too_smallssl_r_ee_key_too_smallssl_r_http_requestssl_r_http_requestssl_r_no_ciphers_availablessl_r_no_protocols_availablessl_r_no_shared_cipherssl_r_no_shared_cipherssl_r_no_shared_groupssl_r_no_shared_groupsssl_r_no_shared_groupsssl_r_no_shared_signature_algorithmsssl_r_no_suitable_signature_algorithmssl_r_packet_length_too_longssl_r_peer_did_not_return_a_certificatessl_r_peer_did_not_return_a_certificatessl_r_sslv3_alert_bad_certificatessl_r_sslv3_alert_bad_record_macssl_r_sslv3_alert_certificate_expiredssl_r_sslv3_alert_certificate_revokedssl_r_sslv3_alert_certificate_unknownssl_r_sslv3_alert_decompression_failuressl_r_sslv3_alert_handshake_failuressl_r_sslv3_alert_illegal_parameterssl_r_sslv3_alert_no_certificatessl_r_sslv3_alert_unexpected_messagessl_r_sslv3_alert_unsupported_certificatessl_r_tlsv13_alert_missing_extensionssl_r_tlsv1_alert_access_deniedssl_r_tlsv1_alert_certificate_requiredssl_r_tlsv1_alert_decode_errorssl_r_tlsv1_alert_decrypt_errorssl_r_tlsv1_alert_decryption_failedssl_r_tlsv1_alert_export_restrictionssl_r_tlsv1_alert_inappropriate_fallbackssl_r_tlsv1_alert_insufficient_securityssl_r_tlsv1_alert_internal_errorssl_r_tlsv1_alert_no_application_protocolssl_r_tlsv1_alert_no_renegotiationssl_r_tlsv1_alert_protocol_versionssl_r_tlsv1_alert_record_overflowssl_r_tlsv1_alert_unknown_cassl_r_tlsv1_alert_unknown_psk_identityssl_r_tlsv1_alert_user_cancelledssl_r_tlsv1_bad_certificate_hash_valuessl_r_tlsv1_bad_certificate_status_responsessl_r_tlsv1_certificate_unobtainablessl_r_tlsv1_unrecognized_namessl_r_tlsv1_unsupported_extensionssl_r_unexpected_eof_while_readingssl_r_unexpected_eof_while_readingssl_r_unsafe_legacy_renegotiation_disabledssl_r_unsupported_protocolssl_r_unsupported_protocolssl_r_wrong_version_numberssl_r_wrong_version_numberssl_version_or_cipher_mismatchsslbadextendedkeyusagesslv3_alert_bad_certificatesslv3_alert_bad_record_macsslv3_alert_certificate_expiredsslv3_alert_certificate_revokedsslv3_alert_certificate_unknownsslv3_alert_decompression_failuresslv3_alert_handshake_failuresslv3_alert_illegal_parametersslv3_alert_no_certificatesslv3_alert_unexpected_messagesslv3_alert_unsupported_certificatestore_lookupsubject empty and subject alt name extension not criticalsubject issuer mismatchsubject key identifier marked criticalsubject name emptysubject signature algorithm and issuer public key algorithm mismatchsubject_issuer_mismatchsubject_key_identifier_criticalsubject_name_emptysubtree_minmaxsuite b: cannot sign p 384 with p 256suite b: certificate version invalidsuite b: curve not allowed for this lossuite b: invalid ecc curvesuite b: invalid public key algorithmsuite b: invalid signature algorithmsuite_b_cannot_sign_p_384_with_p_256suite_b_invalid_algorithmsuite_b_invalid_curvesuite_b_invalid_signature_algorithmsuite_b_invalid_versionsuite_b_los_not_allowedthe certificate for this server is invalidthe certificate for this server is not yet validtimedouttls.apple_client_refusedtls.handshake_failedtls.hello_retry_not_followedtls.no_common_ciphertls.no_common_versiontls.no_forward_secrecytls.protocol_too_oldtls.starttls_not_usedtls.starttls_refusedtls13_ad_access_deniedtls13_ad_bad_certificatetls13_ad_bad_certificate_hash_valuetls13_ad_bad_certificate_status_responsetls13_ad_bad_record_mactls13_ad_certificate_expiredtls13_ad_certificate_requiredtls13_ad_certificate_revokedtls13_ad_certificate_unknowntls13_ad_certificate_unobtainabletls13_ad_close_notifytls13_ad_decode_errortls13_ad_decompression_failuretls13_ad_decrypt_errortls13_ad_decryption_failedtls13_ad_ech_requiredtls13_ad_export_restrictiontls13_ad_general_errortls13_ad_handshake_failuretls13_ad_illegal_parametertls13_ad_inappropriate_fallbacktls13_ad_insufficient_securitytls13_ad_internal_errortls13_ad_missing_extensiontls13_ad_no_application_protocoltls13_ad_no_certificatetls13_ad_no_renegotiationtls13_ad_protocol_versiontls13_ad_record_overflowtls13_ad_too_many_cids_requestedtls13_ad_unexpected_messagetls13_ad_unknown_catls13_ad_unknown_psk_identitytls13_ad_unrecognized_nametls13_ad_unsupported_certificatetls13_ad_unsupported_extensiontls13_ad_user_canceledtls1_ad_access_deniedtls1_ad_bad_certificatetls1_ad_bad_certificate_hash_valuetls1_ad_bad_certificate_status_responsetls1_ad_bad_record_mactls1_ad_certificate_expiredtls1_ad_certificate_requiredtls1_ad_certificate_revokedtls1_ad_certificate_unknowntls1_ad_certificate_unobtainabletls1_ad_close_notifytls1_ad_decode_errortls1_ad_decompression_failuretls1_ad_decrypt_errortls1_ad_decryption_failedtls1_ad_ech_requiredtls1_ad_export_restrictiontls1_ad_general_errortls1_ad_handshake_failuretls1_ad_illegal_parametertls1_ad_inappropriate_fallbacktls1_ad_insufficient_securitytls1_ad_internal_errortls1_ad_missing_extensiontls1_ad_no_application_protocoltls1_ad_no_certificatetls1_ad_no_renegotiationtls1_ad_protocol_versiontls1_ad_record_overflowtls1_ad_too_many_cids_requestedtls1_ad_unexpected_messagetls1_ad_unknown_catls1_ad_unknown_psk_identitytls1_ad_unrecognized_nametls1_ad_unsupported_certificatetls1_ad_unsupported_extensiontls1_ad_user_canceledtls: access deniedtls: bad certificatetls: bad certificate hash valuetls: bad certificate status responsetls: bad record mactls: certificate requiredtls: certificate unobtainabletls: close notifytls: decompression failuretls: decryption failedtls: encrypted client hello requiredtls: error decoding messagetls: error decrypting messagetls: expired certificatetls: export restrictiontls: failed to verify certificatetls: first record does not look like a tls handshaketls: general errortls: handshake failuretls: illegal parametertls: inappropriate fallbacktls: insufficient security leveltls: internal errortls: missing extensiontls: no application protocoltls: no certificatetls: no cipher suite supported by both client and servertls: no renegotiationtls: protocol version not supportedtls: record overflowtls: revoked certificatetls: server selected unsupported protocol versiontls: unexpected messagetls: unknown certificatetls: unknown certificate authoritytls: unknown psk identitytls: unrecognized nametls: unsupported certificatetls: unsupported extensiontls: user canceledtls_cert_altname_invalidtlsv1 alert user cancelledtlsv1 bad certificate hash valuetlsv1 bad certificate status responsetlsv1 certificate unobtainabletlsv1 unrecognized nametlsv1 unsupported extensiontlsv13_alert_certificate_requiredtlsv13_alert_missing_extensiontlsv1_alert_access_deniedtlsv1_alert_certificate_requiredtlsv1_alert_decode_errortlsv1_alert_decrypt_errortlsv1_alert_decryption_failedtlsv1_alert_export_restrictiontlsv1_alert_inappropriate_fallbacktlsv1_alert_insufficient_securitytlsv1_alert_internal_errortlsv1_alert_missing_extensiontlsv1_alert_no_application_protocoltlsv1_alert_no_renegotiationtlsv1_alert_protocol_versiontlsv1_alert_record_overflowtlsv1_alert_unknown_catlsv1_alert_unknown_psk_identitytlsv1_alert_unrecognized_nametlsv1_alert_unsupported_extensiontlsv1_alert_user_cancelledtlsv1_bad_certificate_hash_valuetlsv1_bad_certificate_status_responsetlsv1_certificate_unobtainabletlsv1_unrecognized_nametlsv1_unsupported_extensiontoo many cids requestedtoo_many_cids_requestedtransportresettrustsettingdenyunable to decode issuer public keyunable to decrypt certificate's signatureunable to decrypt crl's signatureunable to find valid certification path to requested targetunable to get certificate crlunable to get crl issuer certificateunable to get issuer certificateunable to get local issuer certificateunable to verify the first certificateunable_to_decode_issuer_public_keyunable_to_decrypt_cert_signatureunable_to_decrypt_crl_signatureunable_to_get_crlunable_to_get_crl_issuerunable_to_get_issuer_certunable_to_get_issuer_cert_locallyunable_to_verify_leaf_signatureunexpected eof while readingunexpected messageunexpected_eofunexpected_eof_while_readingunexpected_messageunexpectedmessageunexpectedrecordunhandled critical crl extensionunhandled critical extensionunhandled_critical_crl_extensionunhandled_critical_extensionunknown caunknown certificateunknown certificate authorityunknown psk identityunknown_caunknown_psk_identityunknowncriticalextensionflagunknownformatunknownpskidentityunknownrootcertunnested_resourceunrecognized nameunrecognized_nameunrecognizednameunsafe legacy renegotiation disabledunspecifiedunspecified certificate verification errorunsuitable certificate purposeunsupported certificateunsupported extensionunsupported extension featureunsupported name constraint typeunsupported or invalid name constraint syntaxunsupported or invalid name syntaxunsupported or unrecognized ssl messageunsupported protocolunsupported_certificateunsupported_constraint_syntaxunsupported_constraint_typeunsupported_extensionunsupported_extension_featureunsupported_name_syntaxunsupported_protocolunsupported_signature_algorithmunsupportedextensionuser canceleduser_canceledusercancelledauthenticationusing cert extension requires at least x509v3verify return code: 0 (ok)verifyfailedwas signed by an unknown certifying authorityweakpeerephemeraldhkeywhile trying to verify candidate authority certificatewouldblockwrong version numberwrong_version_numberx509: cannot validate certificate for ip because it doesn't contain any ip sansx509: certificate has expired or is not yet validx509: certificate is valid forx509: certificate is valid for x, not yx509: certificate relies on legacy common name field, use sans insteadx509: certificate signed by unknown authorityx509: certificate signed by unknown authority (possibly because of ... while trying to verify candidate authority certificate)x509: certificate specifies an incompatible key usagex509_r_key_values_mismatchx509_v_err_akid_issuer_serial_mismatchx509_v_err_akid_skid_mismatchx509_v_err_application_verificationx509_v_err_authority_key_identifier_criticalx509_v_err_ca_bcons_not_criticalx509_v_err_ca_cert_missing_key_usagex509_v_err_ca_key_too_smallx509_v_err_ca_md_too_weakx509_v_err_cert_chain_too_longx509_v_err_cert_has_expiredx509_v_err_cert_not_yet_validx509_v_err_cert_rejectedx509_v_err_cert_revokedx509_v_err_cert_signature_failurex509_v_err_cert_untrustedx509_v_err_crl_has_expiredx509_v_err_crl_not_yet_validx509_v_err_crl_path_validation_errorx509_v_err_crl_signature_failurex509_v_err_dane_no_matchx509_v_err_depth_zero_self_signed_certx509_v_err_different_crl_scopex509_v_err_ec_key_explicit_paramsx509_v_err_ee_key_too_smallx509_v_err_email_mismatchx509_v_err_empty_subject_alt_namex509_v_err_empty_subject_san_not_criticalx509_v_err_error_in_cert_not_after_fieldx509_v_err_error_in_cert_not_before_fieldx509_v_err_error_in_crl_last_update_fieldx509_v_err_error_in_crl_next_update_fieldx509_v_err_excluded_violationx509_v_err_extensions_require_version_3x509_v_err_hostname_mismatchx509_v_err_invalid_cax509_v_err_invalid_callx509_v_err_invalid_extensionx509_v_err_invalid_non_cax509_v_err_invalid_policy_extensionx509_v_err_invalid_purposex509_v_err_ip_address_mismatchx509_v_err_issuer_name_emptyx509_v_err_keyusage_no_certsignx509_v_err_keyusage_no_crl_signx509_v_err_keyusage_no_digital_signaturex509_v_err_ku_key_cert_sign_invalid_for_non_cax509_v_err_missing_authority_key_identifierx509_v_err_missing_subject_key_identifierx509_v_err_no_explicit_policyx509_v_err_no_issuer_public_keyx509_v_err_no_valid_sctsx509_v_err_ocsp_cert_unknownx509_v_err_ocsp_verify_failedx509_v_err_ocsp_verify_neededx509_v_err_out_of_memx509_v_err_path_length_exceededx509_v_err_path_loopx509_v_err_pathlen_invalid_for_non_cax509_v_err_pathlen_without_ku_key_cert_signx509_v_err_permitted_violationx509_v_err_proxy_certificates_not_allowedx509_v_err_proxy_path_length_exceededx509_v_err_proxy_subject_name_violationx509_v_err_self_signed_cert_in_chainx509_v_err_signature_algorithm_inconsistencyx509_v_err_signature_algorithm_mismatchx509_v_err_store_lookupx509_v_err_subject_issuer_mismatchx509_v_err_subject_key_identifier_criticalx509_v_err_subject_name_emptyx509_v_err_subtree_minmaxx509_v_err_suite_b_cannot_sign_p_384_with_p_256x509_v_err_suite_b_invalid_algorithmx509_v_err_suite_b_invalid_curvex509_v_err_suite_b_invalid_signature_algorithmx509_v_err_suite_b_invalid_versionx509_v_err_suite_b_los_not_allowedx509_v_err_unable_to_decode_issuer_public_keyx509_v_err_unable_to_decrypt_cert_signaturex509_v_err_unable_to_decrypt_crl_signaturex509_v_err_unable_to_get_crlx509_v_err_unable_to_get_crl_issuerx509_v_err_unable_to_get_issuer_certx509_v_err_unable_to_get_issuer_cert_locallyx509_v_err_unable_to_verify_leaf_signaturex509_v_err_unhandled_critical_crl_extensionx509_v_err_unhandled_critical_extensionx509_v_err_unnested_resourcex509_v_err_unspecifiedx509_v_err_unsupported_constraint_syntaxx509_v_err_unsupported_constraint_typex509_v_err_unsupported_extension_featurex509_v_err_unsupported_name_syntaxx509_v_err_unsupported_signature_algorithmx509_v_okxcertchaininvalid"

    static let tableFormStarts: [Int32] = [0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 189, 202, 229, 247, 254, 262, 271, 280, 289, 298, 307, 316, 325, 334, 343, 352, 361, 370, 378, 386, 394, 402, 410, 418, 426, 434, 442, 450, 458, 466, 474, 482, 490, 498, 506, 514, 522, 530, 538, 546, 554, 573, 592, 613, 645, 682, 702, 723, 755, 792, 812, 837, 863, 888, 913, 943, 968, 994, 1019, 1044, 1074, 1092, 1110, 1128, 1146, 1173, 1200, 1219, 1238, 1261, 1284, 1302, 1320, 1344, 1368, 1387, 1406, 1429, 1452, 1475, 1498, 1526, 1554, 1581, 1608, 1628, 1648, 1671, 1694, 1723, 1743, 1765, 1794, 1814, 1836, 1850, 1865, 1881, 1897, 1913, 1929, 1945, 1961, 1977, 1993, 2009, 2025, 2041, 2057, 2072, 2087, 2102, 2117, 2132, 2147, 2162, 2177, 2192, 2207, 2222, 2237, 2252, 2267, 2282, 2297, 2312, 2327, 2342, 2357, 2372, 2387, 2402, 2424, 2446, 2467, 2488, 2517, 2546, 2570, 2594, 2610, 2636, 2652, 2678, 2701, 2724, 2753, 2780, 2809, 2836, 2855, 2874, 2952, 3021, 3053, 3077, 3121, 3157, 3185, 3208, 3248, 3274, 3300, 3312, 3322, 3365, 3410, 3450, 3483, 3498, 3524, 3555, 3566, 3580, 3595, 3621, 3652, 3666, 3690, 3697, 3725, 3739, 3755, 3767, 3815, 3853, 3867, 3911, 3938, 3954, 3968, 4006, 4027, 4052, 4068, 4082, 4091, 4134, 4153, 4167, 4180, 4202, 4230, 4244, 4267, 4284, 4336, 4351, 4379, 4407, 4419, 4436, 4463, 4477, 4495, 4513, 4544, 4570, 4592, 4605, 4624, 4646, 4665, 4689, 4706, 4722, 4734, 4764, 4782, 4795, 4807, 4819, 4841, 4855, 4877, 4890, 4919, 4930, 4956, 4975, 4998, 5041, 5079, 5105, 5143, 5171, 5194, 5244, 5264, 5310, 5330, 5349, 5368, 5397, 5436, 5483, 5541, 5560, 5584, 5609, 5628, 5648, 5667, 5686, 5710, 5735, 5764, 5782, 5797, 5822, 5844, 5871, 5890, 5908, 5940, 5955, 5980, 5999, 6029, 6048, 6074, 6105, 6131, 6146, 6168, 6192, 6206, 6233, 6253, 6270, 6295, 6320, 6339, 6358, 6370, 6382, 6393, 6407, 6421, 6440, 6457, 6472, 6492, 6517, 6538, 6553, 6570, 6595, 6616, 6622, 6635, 6641, 6653, 6665, 6676, 6690, 6711, 6732, 6745, 6758, 6775, 6792, 6806, 6833, 6859, 6887, 6926, 6970, 6997, 7029, 7062, 7094, 7126, 7163, 7188, 7213, 7247, 7273, 7303, 7328, 7359, 7385, 7415, 7445, 7480, 7514, 7541, 7571, 7607, 7634, 7663, 7692, 7720, 7756, 7787, 7810, 7843, 7873, 7909, 7943, 7969, 7985, 8015, 8034, 8053, 8091, 8128, 8155, 8168, 8185, 8207, 8219, 8231, 8258, 8274, 8290, 8312, 8326, 8366, 8388, 8418, 8449, 8477, 8503, 8531, 8552, 8568, 8602, 8618, 8644, 8661, 8694, 8711, 8742, 8764, 8798, 8826, 8848, 8872, 8901, 8931, 8961, 8991, 9007, 9042, 9066, 9087, 9118, 9146, 9179, 9203, 9241, 9253, 9272, 9294, 9329, 9356, 9385, 9415, 9432, 9450, 9474, 9498, 9524, 9540, 9574, 9599, 9627, 9649, 9683, 9702, 9720, 9762, 9796, 9825, 9871, 9903, 9935, 9953, 9966, 10000, 10020, 10042, 10060, 10080, 10097, 10122, 10143, 10168, 10193, 10210, 10230, 10250, 10275, 10298, 10310, 10327, 10347, 10367, 10390, 10406, 10425, 10447, 10465, 10492, 10506, 10528, 10546, 10563, 10583, 10599, 10621, 10644, 10661, 10683, 10704, 10725, 10746, 10767, 10791, 10813, 10837, 10864, 10887, 10917, 10940, 10965, 10990, 11014, 11037, 11056, 11081, 11104, 11118, 11138, 11163, 11184, 11204, 11227, 11249, 11273, 11294, 11316, 11342, 11370, 11386, 11409, 11435, 11453, 11472, 11490, 11508, 11536, 11546, 11593, 11637, 11682, 11720, 11758, 11771, 11784, 11801, 11818, 11831, 11848, 11865, 11881, 11897, 11909, 11921, 11938, 11955, 11967, 11989, 12011, 12032, 12061, 12082, 12109, 12130, 12138, 12152, 12166, 12188, 12228, 12272, 12317, 12369, 12379, 12391, 12408, 12422, 12446, 12461, 12482, 12505, 12529, 12540, 12559, 12578, 12622, 12653, 12670, 12687, 12699, 12754, 12774, 12804, 12829, 12865, 12901, 12933, 12966, 12999, 13037, 13079, 13118, 13155, 13174, 13212, 13258, 13296, 13340, 13385, 13404, 13416, 13436, 13456, 13485, 13520, 13538, 13570, 13587, 13617, 13649, 13666, 13696, 13714, 13730, 13742, 13767, 13793, 13818, 13846, 13896, 13908, 13926, 13939, 13950, 13983, 14014, 14047, 14073, 14094, 14133, 14154, 14185, 14207, 14245, 14281, 14308, 14347, 14368, 14382, 14405, 14428, 14509, 14523, 14574, 14592, 14621, 14637, 14659, 14675, 14691, 14707, 14737, 14750, 14790, 14841, 14889, 14943, 14979, 15010, 15033, 15047, 15067, 15085, 15105, 15121, 15137, 15152, 15168, 15181, 15199, 15219, 15229, 15251, 15261, 15315, 15334, 15363, 15387, 15422, 15457, 15488, 15520, 15552, 15589, 15630, 15668, 15704, 15722, 15759, 15776, 15800, 15824, 15841, 15859, 15877, 15879, 15892, 15902, 15924, 15955, 16002, 16037, 16046, 16066, 16075, 16101, 16133, 16161, 16194, 16227, 16243, 16260, 16271, 16287, 16302, 16317, 16332, 16347, 16365, 16381, 16399, 16420, 16437, 16461, 16478, 16497, 16516, 16534, 16551, 16564, 16583, 16600, 16617, 16636, 16663, 16682, 16695, 16704, 16716, 16740, 16761, 16782, 16809, 16828, 16853, 16939, 16966, 16974, 16990, 17020, 17036, 17099, 17136, 17164, 17194, 17220, 17248, 17263, 17278, 17292, 17338, 17374, 17403, 17422, 17472, 17494, 17517, 17561, 17586, 17630, 17657, 17688, 17716, 17742, 17757, 17790, 17818, 17839, 17862, 17896, 17935, 17957, 17984, 18012, 18039, 18066, 18098, 18118, 18138, 18167, 18188, 18213, 18233, 18259, 18280, 18305, 18330, 18360, 18389, 18411, 18436, 18467, 18489, 18513, 18537, 18560, 18591, 18617, 18635, 18663, 18688, 18719, 18748, 18769, 18789, 18811, 18844, 18882, 18903, 18929, 18956, 18982, 19008, 19039, 19058, 19077, 19105, 19125, 19149, 19168, 19193, 19213, 19237, 19261, 19290, 19318, 19339, 19363, 19393, 19414, 19437, 19460, 19482, 19512, 19537, 19554, 19581, 19605, 19635, 19663, 19683, 19710, 19728, 19750, 19770, 19801, 19832, 19854, 19876, 19894, 19912, 19938, 19966, 19988, 20010, 20031, 20053, 20075, 20111, 20148, 20176, 20215, 20254, 20287, 20319, 20356, 20393, 20430, 20469, 20504, 20539, 20571, 20607, 20648, 20684, 20715, 20753, 20783, 20814, 20849, 20885, 20925, 20964, 20996, 21037, 21071, 21105, 21138, 21166, 21204, 21236, 21274, 21317, 21353, 21382, 21415, 21449, 21483, 21525, 21551, 21577, 21603, 21629, 21659, 21681, 21708, 21734, 21765, 21796, 21827, 21860, 21889, 21918, 21944, 21974, 22009, 22021, 22078, 22101, 22139, 22157, 22225, 22248, 22279, 22297, 22311, 22348, 22384, 22423, 22449, 22486, 22522, 22558, 22583, 22604, 22639, 22662, 22685, 22727, 22775, 22783, 22807, 22827, 22855, 22875, 22896, 22918, 22938, 22959, 22979, 23001, 23025, 23060, 23100, 23123, 23151, 23180, 23208, 23236, 23269, 23290, 23311, 23341, 23363, 23389, 23410, 23437, 23459, 23485, 23511, 23542, 23572, 23595, 23621, 23653, 23676, 23701, 23726, 23750, 23782, 23809, 23828, 23857, 23883, 23915, 23945, 23967, 23988, 24011, 24045, 24084, 24106, 24133, 24161, 24188, 24215, 24247, 24267, 24287, 24316, 24337, 24362, 24382, 24408, 24429, 24454, 24479, 24509, 24538, 24560, 24585, 24616, 24638, 24662, 24686, 24709, 24740, 24766, 24784, 24812, 24837, 24868, 24897, 24918, 24936, 24956, 24987, 25023, 25042, 25067, 25096, 25113, 25139, 25161, 25197, 25224, 25253, 25277, 25300, 25333, 25385, 25403, 25425, 25447, 25474, 25506, 25525, 25547, 25575, 25594, 25650, 25671, 25706, 25726, 25750, 25799, 25822, 25846, 25880, 25905, 25927, 25955, 25981, 25999, 26023, 26049, 26081, 26118, 26148, 26171, 26198, 26231, 26261, 26286, 26318, 26342, 26367, 26396, 26426, 26460, 26493, 26519, 26548, 26583, 26611, 26639, 26666, 26688, 26720, 26749, 26782, 26808, 26840, 26877, 26907, 26930, 26957, 26980, 27003, 27017, 27033, 27067, 27108, 27141, 27200, 27229, 27265, 27297, 27335, 27373, 27407, 27439, 27470, 27487, 27511, 27536, 27569, 27600, 27628, 27646, 27660, 27688, 27706, 27723, 27739, 27771, 27799, 27831, 27859, 27869, 27888, 27917, 27937, 27947, 27967, 27995, 28008, 28026, 28041, 28058, 28075, 28092, 28108, 28144, 28155, 28197, 28227, 28250, 28271, 28300, 28332, 28377, 28411, 28450, 28470, 28493, 28522, 28549, 28570, 28599, 28622, 28642, 28673, 28693, 28706, 28719, 28746, 28791, 28817, 28829, 28874, 28896, 28950, 28960, 28980, 29000, 29079, 29128, 29158, 29197, 29267, 29312, 29438, 29491, 29517, 29555, 29584, 29619, 29663, 29695, 29731, 29758, 29783, 29813, 29840, 29869, 29893, 29916, 29949, 29974, 30000, 30028, 30064, 30096, 30120, 30158, 30188, 30221, 30248, 30273, 30306, 30347, 30387, 30428, 30469, 30510, 30539, 30578, 30606, 30627, 30650, 30678, 30703, 30738, 30764, 30794, 30822, 30853, 30884, 30924, 30970, 31013, 31054, 31083, 31114, 31138, 31166, 31195, 31224, 31245, 31276, 31296, 31333, 31376, 31406, 31447, 31484, 31523, 31559, 31603, 31642, 31665, 31699, 31741, 31770, 31795, 31842, 31878, 31910, 31956, 31990, 32024, 32069, 32112, 32154, 32182, 32217, 32253, 32297, 32339, 32382, 32421, 32449, 32471, 32511, 32549, 32589, 32623, 32665, 32674, 32691]

    static let tableFormEntries: [Int16] = [342, 345, 344, 343, 331, 327, 328, 330, 325, 335, 334, 326, 324, 329, 336, 332, 340, 338, 339, 337, 333, 341, 110, 110, 31, 30, 95, 96, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 110, 110, 103, 126, 125, 97, 103, 126, 125, 97, 106, 128, 105, 107, 123, 106, 128, 105, 107, 123, 95, 95, 111, 111, 100, 100, 112, 112, 98, 98, 131, 131, 114, 114, 129, 129, 101, 101, 108, 108, 118, 118, 116, 116, 117, 117, 121, 121, 130, 102, 120, 130, 102, 120, 95, 96, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 115, 115, 99, 99, 113, 113, 96, 96, 109, 127, 109, 127, 124, 124, 104, 122, 104, 122, 119, 119, 235, 242, 50, 50, 242, 203, 204, 200, 202, 201, 199, 198, 206, 31, 30, 90, 90, 103, 126, 125, 345, 97, 103, 126, 125, 97, 303, 140, 194, 150, 180, 178, 89, 308, 149, 92, 67, 338, 339, 68, 89, 92, 67, 68, 249, 76, 245, 244, 397, 400, 401, 399, 398, 402, 78, 365, 364, 363, 360, 362, 366, 370, 371, 361, 372, 373, 369, 367, 368, 292, 22, 293, 294, 10, 296, 299, 9, 28, 23, 295, 7, 27, 300, 298, 297, 146, 22, 106, 10, 309, 229, 213, 307, 9, 27, 94, 28, 310, 128, 23, 105, 7, 305, 311, 71, 107, 123, 327, 106, 128, 105, 107, 123, 283, 231, 214, 230, 228, 215, 227, 195, 216, 229, 147, 347, 354, 357, 355, 349, 358, 356, 353, 350, 348, 359, 352, 346, 351, 240, 241, 174, 183, 95, 95, 138, 137, 148, 186, 176, 12, 11, 54, 8, 12, 11, 54, 8, 141, 65, 209, 111, 111, 191, 189, 100, 100, 112, 112, 98, 98, 177, 18, 110, 103, 126, 125, 97, 106, 128, 105, 107, 123, 95, 111, 100, 112, 98, 131, 114, 129, 101, 108, 118, 116, 117, 121, 130, 102, 120, 115, 99, 113, 96, 109, 127, 124, 104, 122, 119, 340, 240, 44, 44, 342, 323, 308, 210, 205, 94, 131, 131, 66, 337, 66, 63, 63, 87, 87, 88, 131, 303, 292, 293, 294, 296, 299, 295, 300, 298, 297, 342, 304, 301, 302, 323, 111, 112, 14, 13, 15, 16, 206, 231, 214, 230, 228, 215, 227, 216, 229, 209, 210, 217, 234, 232, 218, 219, 224, 211, 212, 221, 222, 213, 223, 207, 220, 226, 225, 208, 233, 203, 204, 200, 202, 201, 199, 198, 140, 194, 150, 180, 178, 149, 146, 195, 147, 174, 183, 138, 137, 148, 186, 176, 141, 191, 189, 177, 205, 134, 190, 175, 162, 192, 142, 193, 143, 133, 185, 145, 164, 173, 157, 152, 160, 159, 161, 165, 155, 166, 153, 167, 156, 169, 170, 172, 168, 154, 151, 163, 158, 171, 132, 179, 173, 136, 184, 188, 181, 196, 144, 197, 187, 182, 135, 139, 48, 48, 106, 114, 114, 93, 134, 313, 14, 13, 15, 16, 129, 129, 101, 101, 190, 62, 62, 175, 217, 328, 287, 108, 108, 162, 118, 118, 192, 234, 116, 116, 116, 142, 117, 117, 79, 69, 37, 41, 42, 79, 69, 41, 37, 42, 26, 232, 218, 219, 224, 64, 64, 24, 70, 83, 83, 211, 242, 249, 245, 244, 240, 241, 246, 247, 235, 236, 238, 239, 237, 243, 248, 32, 35, 39, 82, 343, 396, 32, 35, 39, 82, 341, 85, 121, 86, 85, 121, 86, 212, 193, 143, 389, 386, 387, 388, 49, 376, 375, 374, 133, 303, 292, 293, 294, 296, 299, 295, 300, 298, 297, 304, 301, 302, 246, 185, 130, 320, 320, 102, 315, 43, 65, 319, 330, 120, 325, 333, 332, 344, 319, 319, 318, 318, 318, 331, 130, 102, 288, 43, 24, 120, 285, 290, 290, 71, 221, 222, 145, 247, 213, 242, 249, 245, 244, 240, 241, 246, 247, 235, 236, 238, 239, 237, 243, 248, 75, 74, 73, 75, 74, 73, 0, 17, 17, 335, 25, 81, 80, 55, 25, 55, 80, 81, 223, 334, 289, 164, 173, 157, 152, 160, 159, 161, 165, 155, 166, 153, 167, 156, 169, 170, 172, 168, 154, 151, 163, 158, 171, 345, 344, 47, 47, 391, 392, 390, 394, 395, 393, 341, 207, 316, 316, 317, 132, 115, 115, 115, 40, 38, 72, 40, 38, 72, 99, 99, 179, 322, 322, 241, 105, 46, 235, 18, 19, 19, 314, 236, 238, 239, 237, 136, 78, 77, 110, 103, 126, 125, 97, 106, 128, 105, 107, 123, 95, 111, 100, 112, 98, 131, 114, 129, 101, 108, 118, 116, 117, 121, 130, 102, 120, 115, 99, 113, 96, 109, 127, 124, 104, 122, 119, 110, 103, 126, 125, 97, 106, 128, 105, 107, 123, 95, 111, 100, 112, 98, 131, 114, 129, 101, 108, 118, 116, 117, 121, 130, 102, 120, 115, 99, 113, 96, 109, 127, 124, 104, 122, 119, 304, 301, 338, 339, 283, 327, 340, 337, 287, 328, 288, 330, 285, 325, 290, 290, 333, 332, 331, 335, 289, 334, 257, 251, 260, 259, 261, 254, 255, 262, 256, 250, 258, 274, 264, 281, 265, 266, 252, 267, 271, 269, 270, 282, 273, 268, 253, 263, 280, 272, 279, 278, 276, 277, 275, 291, 329, 336, 286, 326, 284, 324, 302, 220, 257, 251, 260, 259, 261, 254, 255, 262, 256, 250, 258, 70, 88, 29, 91, 84, 77, 29, 91, 84, 49, 61, 56, 60, 58, 57, 59, 61, 57, 58, 59, 56, 60, 237, 239, 243, 385, 379, 384, 381, 380, 378, 377, 383, 382, 110, 103, 126, 125, 97, 106, 128, 105, 107, 123, 95, 111, 100, 112, 98, 131, 114, 129, 101, 108, 118, 116, 117, 121, 130, 102, 120, 115, 99, 113, 96, 109, 127, 124, 104, 122, 119, 110, 103, 126, 125, 97, 106, 128, 105, 107, 123, 95, 111, 100, 112, 98, 131, 114, 129, 101, 108, 118, 116, 117, 121, 130, 102, 120, 115, 99, 113, 96, 109, 127, 124, 104, 122, 119, 110, 103, 126, 125, 97, 128, 123, 95, 100, 98, 131, 111, 112, 106, 114, 312, 313, 129, 101, 108, 118, 116, 117, 121, 130, 102, 315, 120, 115, 99, 105, 314, 96, 107, 109, 127, 124, 104, 122, 119, 323, 119, 126, 125, 123, 124, 122, 281, 274, 264, 281, 265, 266, 252, 267, 271, 269, 270, 274, 282, 273, 268, 253, 263, 280, 277, 275, 272, 279, 278, 276, 277, 275, 113, 113, 184, 226, 6, 4, 5, 316, 3, 33, 2, 20, 21, 6, 4, 5, 3, 33, 2, 20, 21, 329, 96, 291, 291, 96, 188, 181, 36, 34, 36, 34, 109, 107, 109, 127, 109, 127, 225, 208, 196, 144, 46, 124, 124, 197, 336, 1, 1, 26, 104, 122, 45, 51, 52, 53, 321, 326, 104, 52, 51, 122, 45, 53, 286, 76, 187, 119, 119, 248, 93, 0, 233, 238, 182, 306, 135, 324, 284, 308, 309, 307, 307, 310, 305, 306, 311, 343, 31, 30, 50, 90, 89, 92, 67, 68, 22, 10, 9, 28, 23, 7, 27, 12, 11, 54, 8, 65, 18, 44, 94, 66, 63, 87, 88, 14, 13, 15, 16, 48, 93, 62, 79, 69, 41, 37, 42, 26, 64, 83, 32, 35, 39, 82, 85, 86, 43, 24, 71, 75, 74, 73, 17, 25, 55, 80, 81, 47, 40, 38, 72, 19, 78, 77, 70, 29, 91, 84, 49, 61, 57, 58, 59, 56, 60, 6, 4, 5, 3, 33, 2, 20, 21, 36, 34, 46, 1, 52, 51, 45, 53, 76, 0, 139]
}
