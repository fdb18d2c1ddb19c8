import Testing
@testable import TLSDiagnosis

private func explain(_ text: String) -> [Explanation] { ErrorCatalog.explain(text) }
private func first(_ text: String) -> Explanation? { explain(text).first }

@Suite struct ExplainVerifyErrorTests {
    @Test func resolvesByNameWithAndWithoutPrefix() {
        #expect(first("X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY")?.code == "20")
        #expect(first("x509_v_err_unable_to_get_issuer_cert_locally")?.code == "20")
        #expect(first("UNABLE_TO_GET_ISSUER_CERT_LOCALLY")?.code == "20")
        #expect(first("CERT_HAS_EXPIRED")?.name == "X509_V_ERR_CERT_HAS_EXPIRED")
    }

    @Test func numbersAreOpenSSL30s() {
        #expect(first("X509_V_ERR_INVALID_CA")?.code == "79")
        #expect(first("X509_V_ERR_NO_ISSUER_PUBLIC_KEY")?.code == "24")
        #expect(explain("24").contains { $0.name == "X509_V_ERR_NO_ISSUER_PUBLIC_KEY" })
        #expect(!explain("24").contains { $0.name == "X509_V_ERR_INVALID_CA" })
        #expect(first("79")?.name == "X509_V_ERR_INVALID_CA")
        #expect(first("X509_V_ERR_EC_KEY_EXPLICIT_PARAMS")?.code == "94")
    }

    @Test func resolvesByVerifyStringInBothSpellings() {
        #expect(first("unable to get local issuer certificate")?.code == "20")
        #expect(first("self-signed certificate in certificate chain")?.code == "19")
        #expect(first("self signed certificate in certificate chain")?.code == "19")
        #expect(first("self signed certificate")?.code == "18")
        #expect(first("certificate has expired")?.code == "10")
        #expect(first("Hostname mismatch")?.code == "62")
    }

    @Test func readsCurlAndOpenSSLSurfaceForms() {
        #expect(first("curl: (60) SSL certificate problem: unable to get local issuer certificate")?.code == "20")
        #expect(first("SSL certificate problem: self signed certificate in certificate chain")?.code == "19")
        #expect(first("verify error:num=20:unable to get local issuer certificate")?.code == "20")
        #expect(first("depth=0 CN = printer.local\nverify error:num=10:certificate has expired")?.code == "10")
        #expect(first("Verify return code: 21 (unable to verify the first certificate)")?.code == "21")
        #expect(first("error 18 at 0 depth lookup: self-signed certificate")?.code == "18")
        let shorter = explain("verify error:num=19:self-signed certificate in certificate chain")
        #expect(shorter.map(\.code) == ["19"], "the shorter phrase inside must not add code 18")
    }

    @Test func barePositiveNumberReturnsEveryFamilyThatUsesIt() {
        let found = explain("48")
        #expect(Set(found.map(\.kind)) == [.tlsAlert, .opensslVerifyError])
        #expect(found.first?.name == "unknown_ca")
        #expect(explain("20").first?.name == "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY")
        #expect(explain("20").contains { $0.name == "bad_record_mac" })
    }
}

@Suite struct ExplainAlertTests {
    @Test func resolvesByNameAndNumberInContext() {
        #expect(first("unknown_ca")?.code == "48")
        #expect(first("certificate_required")?.code == "116")
        #expect(
            first("alert 48").map { [$0.kind, $0.name] as [AnyHashable] } == [Explanation.Kind.tlsAlert, "unknown_ca"]
        )
        #expect(explain("alert 48").count == 1)
        #expect(explain("SSL alert number 48").map(\.name) == ["unknown_ca"])
        #expect(first("SSL_AD_HANDSHAKE_FAILURE")?.code == "40")
        #expect(first("inappropriate_fallback")?.code == "86")
        #expect(first("no_application_protocol")?.code == "120")
        #expect(first("unknown_psk_identity")?.code == "115")
    }

    @Test func readsOpenSSLSurfaceForms() {
        #expect(first("tlsv1 alert unknown ca")?.name == "unknown_ca")
        #expect(first("sslv3 alert handshake failure")?.name == "handshake_failure")
        #expect(first("tlsv13 alert certificate required")?.name == "certificate_required")
        #expect(first("tlsv1 unrecognized name")?.name == "unrecognized_name")
        let line =
            "40F7E8F7:error:0A000418:SSL routines:ssl3_read_bytes:tlsv1 alert unknown ca:../ssl/record/rec_layer_s3.c:1584:SSL alert number 48"
        #expect(explain(line).map(\.name) == ["unknown_ca"])
    }

    @Test func readsJavaGoAndAppleLogForms() {
        #expect(
            first("javax.net.ssl.SSLHandshakeException: Received fatal alert: certificate_unknown")?.name
                == "certificate_unknown"
        )
        #expect(first("remote error: tls: unknown certificate authority")?.name == "unknown_ca")
        #expect(first("remote error: tls: bad certificate")?.name == "bad_certificate")
        #expect(
            first("boringssl_context_handle_fatal_alert write alert, level: fatal, description: certificate unknown")?
                .name == "certificate_unknown"
        )
    }

    @Test func meaningsSayWhoSendsIt() {
        #expect(first("unknown_ca")?.meaning.contains("From a client") == true)
        #expect(first("unknown_ca")?.meaning.contains("From a server in mutual TLS") == true)
        #expect(first("certificate_required")?.summary.contains("client certificate") == true)
        #expect(first("handshake_failure")?.meaning.contains("right after the ClientHello") == true)
        #expect(first("bad_certificate")?.related.contains("mtls.client_cert_rejected") == true)
    }

    @Test func alertNamesInUnrelatedTextAreIgnored() {
        #expect(explain("{\"error\": \"access_denied\", \"error_description\": \"user said no\"}").isEmpty)
        #expect(first("TLS handshake: access_denied")?.name == "access_denied")
    }
}

@Suite struct ExplainAppleTests {
    @Test func resolvesOSStatusCodes() {
        #expect(first("-9813")?.name == "errSSLNoRootCert")
        #expect(first("errSSLNoRootCert")?.code == "-9813")
        #expect(first("NoRootCert")?.code == "-9813")
        #expect(first("-9807")?.name == "errSSLXCertChainInvalid")
        #expect(first("-9812")?.name == "errSSLUnknownRootCert")
        #expect(first("-9814")?.name == "errSSLCertExpired")
        #expect(first("-9836")?.name == "errSSLPeerProtocolVersion")
        #expect(first("-9824")?.name == "errSSLPeerHandshakeFail")
        #expect(first("-9825")?.name == "errSSLPeerBadCert")
        #expect(first("-9829")?.name == "errSSLPeerCertUnknown")
        #expect(first("-9808")?.name == "errSSLBadCert")
        #expect(first("-9801")?.name == "errSSLNegotiation")
        #expect(first("-9806")?.name == "errSSLClosedAbort")
        #expect(first("-9802")?.name == "errSSLFatalAlert")
        #expect(first("-9800")?.name == "errSSLProtocol")
        #expect(first("-25293")?.name == "errSecAuthFailed")
        #expect(first("-25264")?.name == "errSecPkcs12VerifyFailure")
        #expect(first("-67901")?.name == "errSecCertificateValidityPeriodTooLong")
        #expect(first("kCFStreamErrorDomainSSL -9813")?.name == "errSSLNoRootCert")
    }

    @Test func everyErrSSLCodeInTheRangeIsKnown() {
        let codes = Set(ErrorCatalog.all.filter { $0.kind == .appleOSStatus }.compactMap { Int($0.code ?? "") })
        for code in -9865 ... -9800 { #expect(codes.contains(code), "errSSL \(code) missing") }
        for code in -9886 ... -9880 { #expect(codes.contains(code), "ATS \(code) missing") }
    }

    @Test func resolvesNSURLErrors() {
        #expect(first("-1200")?.name == "NSURLErrorSecureConnectionFailed")
        #expect(first("-1201")?.name == "NSURLErrorServerCertificateHasBadDate")
        #expect(first("-1202")?.name == "NSURLErrorServerCertificateUntrusted")
        #expect(first("-1203")?.name == "NSURLErrorServerCertificateHasUnknownRoot")
        #expect(first("-1204")?.name == "NSURLErrorServerCertificateNotYetValid")
        #expect(first("-1205")?.name == "NSURLErrorClientCertificateRejected")
        #expect(first("-1206")?.name == "NSURLErrorClientCertificateRequired")
        #expect(first("-1022")?.meaning.contains("App Transport Security") == true)
        #expect(first("NSURLErrorDomain Code=-1202")?.name == "NSURLErrorServerCertificateUntrusted")
        #expect(
            first("Error Domain=NSURLErrorDomain Code=-1200 \"An SSL error has occurred\"")?.name
                == "NSURLErrorSecureConnectionFailed"
        )
        #expect(first("NSURLErrorServerCertificateUntrusted")?.code == "-1202")
        #expect(first("ServerCertificateUntrusted")?.code == "-1202")
    }

    @Test func pastedURLSessionErrorYieldsBothCodes() {
        let log = """
            Task <6A1F>.<1> finished with error [-1202] Error Domain=NSURLErrorDomain Code=-1202 "The certificate for this server is invalid. \
            You might be connecting to a server that is pretending to be “10.0.0.5” which could put your confidential information at risk." \
            UserInfo={_kCFStreamErrorDomainKey=3, _kCFStreamErrorCodeKey=-9813, NSErrorClientCertificateStateKey=0}
            """
        let found = explain(log).map(\.name)
        #expect(found.contains("NSURLErrorServerCertificateUntrusted"))
        #expect(found.contains("errSSLNoRootCert"))
        #expect(found.first == "errSSLNoRootCert", "the specific cause comes before the wrapper")
    }
}

@Suite struct ExplainLibraryTests {
    @Test func pythonLineYieldsWrapperAndCause() {
        let line =
            "ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: unable to get local issuer certificate (_ssl.c:1006)"
        let found = explain(line)
        #expect(found.map(\.name) == ["X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "CERTIFICATE_VERIFY_FAILED"])
        #expect(found.map(\.kind) == [.opensslVerifyError, .boringssl])
    }

    @Test func symbolsAndOpenSSLTextsResolve() {
        #expect(first("WRONG_VERSION_NUMBER")?.kind == .boringssl)
        #expect(first("wrong version number")?.kind == .opensslError)
        #expect(first("error:0A00010B:SSL routines::wrong version number")?.name == "wrong version number")
        #expect(
            explain("[SSL: WRONG_VERSION_NUMBER] wrong version number (_ssl.c:1000)").map(\.name) == [
                "WRONG_VERSION_NUMBER"
            ]
        )
        #expect(first("NO_SHARED_CIPHER")?.kind == .boringssl)
        #expect(first("no shared cipher")?.kind == .opensslError)
        #expect(first("UNSUPPORTED_PROTOCOL")?.kind == .boringssl)
        #expect(first("unsupported protocol")?.kind == .opensslError)
        #expect(
            first("error:1408F10B:SSL routines:ssl3_get_record:wrong version number")?.name == "wrong version number"
        )
        #expect(
            first("TLSV1_ALERT_UNKNOWN_CA").map { [$0.kind, $0.code] as [AnyHashable?] } == [
                Explanation.Kind.boringssl, "1048",
            ]
        )
        #expect(first("SSLV3_ALERT_HANDSHAKE_FAILURE")?.kind == .boringssl)
        #expect(
            first("error:10000410:SSL routines:OPENSSL_internal:SSLV3_ALERT_HANDSHAKE_FAILURE")?.name
                == "SSLV3_ALERT_HANDSHAKE_FAILURE"
        )
        #expect(
            first("javax.net.ssl.SSLHandshakeException: TLSV1_ALERT_CERTIFICATE_REQUIRED")?.related.contains(
                "mtls.client_cert_required"
            ) == true
        )
        #expect(first("error:11800071:PKCS12 routines::mac verify failure")?.related == ["pkcs12.wrong_password"])
    }

    @Test func goMessagesResolve() {
        #expect(
            first(
                "Get \"https://10.0.0.5:4433/\": tls: failed to verify certificate: x509: certificate signed by unknown authority"
            )?.name
                == "x509: certificate signed by unknown authority"
        )
        #expect(
            first("x509: certificate is valid for printer.local, not 10.0.0.5")?.related.contains("name.mismatch")
                == true
        )
        #expect(
            first("x509: cannot validate certificate for 10.0.0.5 because it doesn't contain any IP SANs")?.related == [
                "name.ip_not_in_san"
            ]
        )
        let recreated =
            "x509: certificate signed by unknown authority (possibly because of \"crypto/rsa: verification error\" while trying to verify candidate authority certificate \"Front Desk Root\")"
        #expect(first(recreated)?.related.first == "chain.anchor_key_mismatch")
    }

    @Test func javaChromeAndNodeMessagesResolve() {
        #expect(
            first(
                "sun.security.validator.ValidatorException: PKIX path building failed: sun.security.provider.certpath.SunCertPathBuilderException: unable to find valid certification path to requested target"
            )?
            .related.first == "chain.untrusted_root"
        )
        #expect(first("NET::ERR_CERT_AUTHORITY_INVALID")?.code == "-202")
        #expect(first("ERR_CERT_COMMON_NAME_INVALID")?.related.contains("name.mismatch") == true)
        #expect(first("net::ERR_CERT_DATE_INVALID")?.related.contains("cert.expired") == true)
        #expect(first("Your connection is not private NET::ERR_CERT_AUTHORITY_INVALID")?.code == "-202")
        #expect(
            first(
                "Error [ERR_TLS_CERT_ALTNAME_INVALID]: Hostname/IP does not match certificate's altnames: IP: 10.0.0.5 is not in the cert's list"
            )?
            .related.contains("name.ip_not_in_san") == true
        )
        #expect(
            first("Error: self-signed certificate in certificate chain code: 'SELF_SIGNED_CERT_IN_CHAIN'")?.code == "19"
        )
    }
}

@Suite struct ExplainFindingTests {
    @Test func findingCodesResolveFromTheCatalog() {
        let found = explain("chain.missing_intermediate")
        #expect(found.count == 1)
        #expect(found.first?.kind == .findingCode)
        #expect(found.first?.summary.contains("intermediate certificate missing") == true)
        #expect(found.first?.meaning.contains("error") == true)
        #expect(first("see finding name.ip_not_in_san in the report.")?.name == "name.ip_not_in_san")
    }
}

@Suite struct ExplainLogTests {
    @Test func openSSL11NumberingIsReadFromItsText() {
        #expect(explain("verify error:num=24:invalid CA certificate").map(\.name) == ["X509_V_ERR_INVALID_CA"])
        #expect(explain("Verify return code: 24 (invalid CA certificate)").map(\.name) == ["X509_V_ERR_INVALID_CA"])
        #expect(explain("verify error:num=24").map(\.name) == ["X509_V_ERR_NO_ISSUER_PUBLIC_KEY"])
    }

    @Test func sClientOutputYieldsTheVerifyErrorOnly() {
        let output = """
            depth=0 CN = printer.local
            verify error:num=18:self-signed certificate
            verify return:1
            depth=0 CN = printer.local
            verify return:1
            Verification error: self-signed certificate
            Verify return code: 18 (self-signed certificate)
            """
        #expect(explain(output).map(\.name) == ["X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT"])
        #expect(explain("verify return:1").isEmpty)
    }

    @Test func receivedAlertLineFromOpenSSL3() {
        let line =
            "80DB60BD907F0000:error:0A000438:SSL routines:ssl3_read_bytes:tlsv1 alert internal error:../ssl/record/rec_layer_s3.c:1601:SSL alert number 80"
        #expect(explain(line).map(\.name) == ["internal_error"])
    }

    @Test func numbersInsideDatesVersionsAndWordsAreNotCodes() {
        #expect(explain("2024-01-05-1202").isEmpty)
        #expect(explain("openssl-3.0.19 build-9813x").isEmpty)
        #expect(explain("_ssl.c:1006").isEmpty)
    }

    @Test func appleLogsWithTrustErrors() {
        #expect(explain("Connection 1: TLS Trust encountered error 3:-9807").map(\.name) == ["errSSLXCertChainInvalid"])
        let both = explain("NSURLErrorDomain error -1200 (kCFStreamErrorDomainSSL -9836)").map(\.name)
        #expect(both == ["errSSLPeerProtocolVersion", "NSURLErrorSecureConnectionFailed"])
        #expect(
            first("x509: \u{201C}printer.local\u{201D} certificate is not standards compliant")?.related.first
                == "cert.validity_too_long"
        )
    }

    @Test func largePastesAreScannedWhole() {
        let noise = String(
            repeating: "2024-05-01 10:00:00 info connection from 10.0.0.7:51234 ok bytes=4096\n",
            count: 500
        )
        #expect(
            explain(noise + "curl: (60) SSL certificate problem: unable to get local issuer certificate").map(\.code)
                == ["20"]
        )
    }
}

@Suite struct ExplainRobustnessTests {
    @Test func hostileInputNeverTraps() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcxyz_-:=.()[] 0123456789\n\u{201C}\u{00E9}errorSSL-9813alert48num=".unicodeScalars)
        for _ in 0..<300 {
            let length = Int.random(in: 0...120, using: &generator)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(alphabet.randomElement(using: &generator)!) }
            _ = ErrorCatalog.explain(String(text))
        }
        for edge in [
            "error:", "error:0A0000", "error:ZZZZZZZZ:", "-", "--", "-99999999999999999999999", "alert", "num=",
            "\u{0000}", "🔒 -9813 🔒", String(repeating: "-", count: 1000),
        ] {
            _ = ErrorCatalog.explain(edge)
        }
        #expect(ErrorCatalog.explain("🔒 -9813 🔒").first?.name == "errSSLNoRootCert")
    }
}

/// Local network privacy on Apple platforms (TN3179): what an app sees when the permission
/// is denied is a network error, and explain says where the switch is.
@Suite struct ExplainLocalNetworkPrivacyTests {
    @Test func theMessagesOfADeniedPermissionPointToTheSetting() {
        for text in [
            "Local network prohibited",
            "nw_path status unsatisfied (Local network prohibited), interface: en0",
            "kDNSServiceErr_PolicyDenied",
            "DNSServiceBrowse failed: -65570",
        ] {
            let hit = first(text)
            #expect(hit?.name == "kDNSServiceErr_PolicyDenied", "\(text): \(hit?.name ?? "nothing")")
            #expect(hit?.checks.contains { $0.contains("Settings > Privacy & Security > Local Network") } == true)
            #expect(hit?.checks.contains { $0.contains("NSLocalNetworkUsageDescription") } == true)
        }
        let offline = first("NSURLErrorNotConnectedToInternet")
        #expect(offline?.checks.contains { $0.contains("NSLocalNetworkUsageDescription") } == true)
        #expect(offline?.meaning.contains("TN3179") == true)
    }
}
