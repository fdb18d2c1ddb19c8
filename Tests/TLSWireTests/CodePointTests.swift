import Testing
@testable import TLSWire

@Suite struct CodePointTests {
    @Test func namesKnownCipherSuites() {
        #expect(CipherSuite(0x1301).name == "TLS_AES_128_GCM_SHA256")
        #expect(CipherSuite(0x1303).name == "TLS_CHACHA20_POLY1305_SHA256")
        #expect(CipherSuite(0xC02F).name == "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256")
        #expect(CipherSuite(0xCCA9).name == "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256")
        #expect(CipherSuite(0x002F).name == "TLS_RSA_WITH_AES_128_CBC_SHA")
        #expect(CipherSuite(0x5600).name == "TLS_FALLBACK_SCSV")
        #expect(CipherSuite(0x00FF).isSignalingValue)
        #expect(CipherSuite(name: "tls_ecdhe_ecdsa_with_aes_256_gcm_sha384") == CipherSuite(0xC02C))
        #expect(CipherSuite.allKnown.count > 340)
    }

    @Test func cipherSuitePropertiesFollowTheKeyExchange() {
        #expect(CipherSuite.tlsAES128GCMSHA256.isTLS13)
        #expect(CipherSuite.tlsAES128GCMSHA256.isForwardSecret)
        #expect(CipherSuite.ecdheRSAWithAES128GCMSHA256.isForwardSecret)
        #expect(!CipherSuite.ecdheRSAWithAES128GCMSHA256.isTLS13)
        #expect(CipherSuite.dheRSAWithAES128GCMSHA256.isForwardSecret)
        #expect(!CipherSuite.rsaWithAES128GCMSHA256.isForwardSecret)
        #expect(!CipherSuite(0x00A6).isForwardSecret)  // DH_anon
        #expect(!CipherSuite(0xC02D).isForwardSecret)  // static ECDH
        #expect(!CipherSuite(0x1234).isForwardSecret)
    }

    @Test func namesOtherRegistries() {
        #expect(ProtocolVersion(0x0303).name == "TLSv1.2")
        #expect(ProtocolVersion.tls13.description == "TLSv1.3")
        #expect(ProtocolVersion.tls10.name == "TLSv1.0")
        #expect(ProtocolVersion.ssl3.name == "SSLv3")
        #expect(ProtocolVersion.dtls12.name == "DTLSv1.2")
        #expect(ProtocolVersion(0x7F17).name == "TLSv1.3-draft-23")
        #expect(ProtocolVersion(name: "tlsv1.2") == .tls12)
        #expect(ProtocolVersion.tls12 < .tls13 && ProtocolVersion.dtls10 < .dtls12)
        #expect(NamedGroup(0x001D).name == "x25519")
        #expect(NamedGroup(0x0017).name == "secp256r1")
        #expect(NamedGroup(0x11EC).name == "X25519MLKEM768")
        #expect(NamedGroup.x25519MLKEM768.isPostQuantum)
        #expect(NamedGroup(0x0100).name == "ffdhe2048" && NamedGroup.ffdhe2048.isFiniteField)
        #expect(SignatureScheme(0x0804).name == "rsa_pss_rsae_sha256")
        #expect(SignatureScheme(0x0403).name == "ecdsa_secp256r1_sha256")
        #expect(SignatureScheme(0x0807).name == "ed25519")
        #expect(SignatureScheme.rsaPKCS1SHA1.usesWeakHash && !SignatureScheme.rsaPKCS1SHA256.usesWeakHash)
        #expect(ExtensionType(0).name == "server_name")
        #expect(ExtensionType(16).name == "application_layer_protocol_negotiation")
        #expect(ExtensionType(43).name == "supported_versions")
        #expect(ExtensionType(0xFF01).name == "renegotiation_info")
        #expect(ExtensionType(0xFE0D).name == "encrypted_client_hello")
        #expect(ContentType(22).name == "handshake")
        #expect(HandshakeType(13).name == "certificate_request")
        #expect(AlertLevel.fatal.name == "fatal")
    }

    @Test func namesEveryAlertTheDiagnosisTalksAbout() {
        #expect(AlertDescription(48).name == "unknown_ca")
        #expect(AlertDescription(40).name == "handshake_failure")
        #expect(AlertDescription(42).name == "bad_certificate")
        #expect(AlertDescription(46).name == "certificate_unknown")
        #expect(AlertDescription(70).name == "protocol_version")
        #expect(AlertDescription(86).name == "inappropriate_fallback")
        #expect(AlertDescription(112).name == "unrecognized_name")
        #expect(AlertDescription(115).name == "unknown_psk_identity")
        #expect(AlertDescription(116).name == "certificate_required")
        #expect(AlertDescription(120).name == "no_application_protocol")
        #expect(AlertDescription(name: "UNKNOWN_CA") == .unknownCA)
    }

    @Test func recognisesEveryGREASEValue() {
        #expect(GREASE.values.count == 16)
        #expect(GREASE.values.first == 0x0A0A && GREASE.values.last == 0xFAFA)
        for value in GREASE.values {
            #expect(CipherSuite(value).isGREASE)
            #expect(CipherSuite(value).name == "GREASE")
            #expect(ExtensionType(value).isGREASE)
            #expect(NamedGroup(value).isGREASE)
            #expect(SignatureScheme(value).isGREASE)
            #expect(ProtocolVersion(value).isGREASE)
        }
        let greaseCount = (0...UInt16.max).filter(GREASE.isGREASE).count
        #expect(greaseCount == 16)
        #expect(!GREASE.isGREASE(0x0A1A))
        #expect(!GREASE.isGREASE(0x1301))
        #expect(GREASE.isGREASEPSKMode(0x0B) && !GREASE.isGREASEPSKMode(0x01))
    }

    @Test func unknownValuesPrintAsPaddedLowercaseHex() {
        #expect(CipherSuite(0x1234).name == nil)
        #expect(CipherSuite(0x1234).description == "0x1234")
        #expect(CipherSuite(0x00AB).hex == "0x00ab")
        #expect(ExtensionType(0xBEEF).description == "0xbeef")
        #expect(NamedGroup(0x0999).description == "0x0999")
        #expect(AlertDescription(200).description == "0xc8")
        #expect(AlertDescription(7).description == "0x07")
        #expect(ContentType(99).description == "0x63")
        #expect(ProtocolVersion(0x0305).description == "0x0305")
        #expect(AlertLevel(3).description == "0x03")
    }

    @Test func tablesHaveNoDuplicateValuesOrNames() {
        func check<V: Hashable>(_ table: NameTable<V>, _ label: String) {
            #expect(Set(table.entries.map(\.0)).count == table.entries.count, "\(label) values")
            #expect(Set(table.entries.map { $0.1.lowercased() }).count == table.entries.count, "\(label) names")
            // value(named:) lowers only A-Z in an entry: it relies on every name being ASCII.
            #expect(table.entries.allSatisfy { $0.1.utf8.allSatisfy { $0 < 0x80 } }, "\(label) names are ASCII")
            // Every name is found by itself, upper-cased and lower-cased; near misses are not.
            for (value, name) in table.entries {
                #expect(table.value(named: name) == value, "\(label) \(name)")
                #expect(table.value(named: name.uppercased()) == value, "\(label) \(name)")
                #expect(table.value(named: name.lowercased()) == value, "\(label) \(name)")
                #expect(table.value(named: name + "_") == nil, "\(label) \(name)_")
                #expect(
                    table.value(named: String(name.dropLast())).map { $0 == value } != true,
                    "\(label) \(name) shortened"
                )
            }
        }
        check(CipherSuite.table, "CipherSuite")
        check(NamedGroup.table, "NamedGroup")
        check(SignatureScheme.table, "SignatureScheme")
        check(ExtensionType.table, "ExtensionType")
        check(AlertDescription.table, "AlertDescription")
        check(ContentType.table, "ContentType")
        check(HandshakeType.table, "HandshakeType")
        check(ProtocolVersion.table, "ProtocolVersion")
        // A lookup lowers the query as String.lowercased() does, Unicode included: the
        // KELVIN SIGN lowers to an ASCII k.
        #expect(CipherSuite(name: "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384") == CipherSuite(0xC02C))
        #expect(ExtensionType(name: "\u{212A}ey_share") == ExtensionType(name: "key_share"))
        #expect(ExtensionType(name: "\u{212A}ey_share") != nil)
        #expect(SignatureScheme(name: "ecdsa_secp256r1_sha256") == SignatureScheme(0x0403))
        #expect(SignatureScheme(name: "ecdsa_secp256r1_sha256 ") == nil)
        #expect(SignatureScheme(name: "") == nil)
    }
}
