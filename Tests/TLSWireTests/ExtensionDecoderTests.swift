import Testing
import TLSWire

private func decoded<T>(_ data: [UInt8], _ decode: (Extension) throws -> T) throws -> T {
    try decode(Extension(type: ExtensionType(0xFFFF), data: data, dataOffset: 100))
}

/// Each decoder enforces its RFC's bounds and rejects trailing bytes; errors point into
/// the enclosing message through `dataOffset`.
@Suite struct ExtensionDecoderTests {
    @Test func serverNames() throws {
        let names = try decoded(ExtData.sni("printer.local")) { try $0.serverNameList() }
        #expect(names == [ServerName(nameType: .hostName, name: Array("printer.local".utf8))])
        #expect(names.first?.text == "printer.local")
        #expect(throws: WireError.self) { try decoded([]) { try $0.serverNameList() } }
        #expect(throws: WireError.self) { try decoded(vec(2, [0] + vec(2, []))) { try $0.serverNameList() } }
        let error = try #require(throws: WireError.self) {
            try decoded(ExtData.sni("a") + [0]) { try $0.serverNameList() }
        }
        #expect(error.offset == 100 + 6, "trailing byte, counted in the message")
        // An unknown name type is read with the same layout and kept.
        let other = try decoded(vec(2, [7] + vec(2, [1, 2]))) { try $0.serverNameList() }
        #expect(other.first?.nameType == ServerNameType(7))
    }

    @Test func alpn() throws {
        #expect(
            try decoded(ExtData.alpn(["h2", "http/1.1"])) { try $0.alpnProtocolNames() } == [
                Array("h2".utf8), Array("http/1.1".utf8),
            ]
        )
        #expect(try decoded(ExtData.alpn(["h2"])) { try $0.alpnSelectedProtocol() } == Array("h2".utf8))
        let two = try #require(throws: WireError.self) {
            try decoded(ExtData.alpn(["h2", "h3"])) { try $0.alpnSelectedProtocol() }
        }
        #expect(two.detail?.contains("exactly one") == true)
        #expect(throws: WireError.self) { try decoded(vec(2, [0])) { try $0.alpnProtocolNames() } }
        #expect(throws: WireError.self) { try decoded(vec(2, [])) { try $0.alpnProtocolNames() } }
    }

    @Test func versionsGroupsAndSignatureSchemes() throws {
        #expect(
            try decoded(ExtData.versions([0x0304, 0x0303])) { try $0.supportedVersionsList() } == [.tls13, .tls12]
        )
        #expect(throws: WireError.self) { try decoded([3, 3, 4, 3]) { try $0.supportedVersionsList() } }
        #expect(throws: WireError.self) { try decoded(ExtData.versions([])) { try $0.supportedVersionsList() } }
        #expect(try decoded([3, 4]) { try $0.selectedVersion() } == .tls13)
        #expect(throws: WireError.self) { try decoded([3, 4, 0]) { try $0.selectedVersion() } }
        #expect(
            try decoded(ExtData.groups([0x001D, 0x11EC])) { try $0.namedGroupList() } == [.x25519, .x25519MLKEM768]
        )
        #expect(throws: WireError.self) { try decoded(ExtData.groups([])) { try $0.namedGroupList() } }
        #expect(try decoded(ExtData.sigalgs([0x0804])) { try $0.signatureSchemeList() } == [.rsaPSSRSAESHA256])
        #expect(throws: WireError.self) { try decoded(u16(3) + [8, 4, 1]) { try $0.signatureSchemeList() } }
    }

    @Test func keyShares() throws {
        let shares = try decoded(ExtData.keyShares([(0x001D, [1, 2]), (0x0017, [4])])) { try $0.clientKeyShares() }
        #expect(
            shares == [
                KeyShareEntry(group: .x25519, keyExchange: [1, 2]), KeyShareEntry(group: .secp256r1, keyExchange: [4]),
            ]
        )
        #expect(
            try decoded(vec(2, [])) { try $0.clientKeyShares() } == [],
            "an empty list asks for a HelloRetryRequest"
        )
        #expect(throws: WireError.self) { try decoded(ExtData.keyShares([(0x001D, [])])) { try $0.clientKeyShares() } }
        #expect(try decoded(u16(0x1D) + vec(2, [9])) { try $0.serverKeyShare() }.group == .x25519)
        #expect(try decoded(u16(0x17)) { try $0.helloRetryRequestSelectedGroup() } == .secp256r1)
        #expect(throws: WireError.self) { try decoded(u16(0x17) + [0]) { try $0.helloRetryRequestSelectedGroup() } }
    }

    @Test func smallerExtensions() throws {
        #expect(
            try decoded(ExtData.pointFormats([0, 1])) { try $0.ecPointFormatList() } == [
                .uncompressed, .ansiX962CompressedPrime,
            ]
        )
        #expect(throws: WireError.self) { try decoded(ExtData.pointFormats([])) { try $0.ecPointFormatList() } }
        #expect(
            try decoded(ExtData.pskModes([1, 0x0B])) { try $0.pskKeyExchangeModeList() } == [
                .pskDHEKE, PSKKeyExchangeMode(0x0B),
            ]
        )
        #expect(PSKKeyExchangeMode(0x0B).isGREASE)
        #expect(try decoded([0, 0, 0x40, 0]) { try $0.maxEarlyDataSize() } == 16384)
        #expect(try decoded([0x40, 0x01]) { try $0.recordSizeLimit() } == 16385)
        #expect(try decoded([0]) { try $0.renegotiatedConnection() } == [])
        #expect(throws: WireError.self) { try decoded([5, 1]) { try $0.renegotiatedConnection() } }
        #expect(throws: WireError.self) { try decoded([0]) { try $0.expectEmpty() } }
        try decoded([]) { try $0.expectEmpty() }
    }

    @Test func certificateAuthorities() throws {
        let names = [[0x30, 0x00], [0x30, 0x03, 0x31, 0x01, 0x00]] as [[UInt8]]
        #expect(try decoded(ExtData.authorities(names)) { try $0.certificateAuthorityNames() } == names)
        #expect(throws: WireError.self) { try decoded(vec(2, [])) { try $0.certificateAuthorityNames() } }
        #expect(throws: WireError.self) { try decoded(vec(2, vec(2, []))) { try $0.certificateAuthorityNames() } }
    }

    @Test func encryptedExtensionsSayWhatTheServerAccepted() throws {
        let real = try EncryptedExtensions(raw(RealHandshakes.tls13ServerEncryptedExtensions))
        #expect(!real.acknowledgesServerName, "OpenSSL's s_server sends no server_name ack")
        let made = try EncryptedExtensions(
            raw(
                handshake(
                    .encryptedExtensions,
                    vec(
                        2,
                        ext(0x0000, []) + ext(0x002A, []) + ext(0x000A, ExtData.groups([0x0017]))
                            + ext(0x001C, [0x40, 0x00])
                    )
                )
            )
        )
        #expect(made.acknowledgesServerName)
        #expect(made.acceptsEarlyData)
        #expect(made.supportedGroups == [.secp256r1])
        #expect(made.recordSizeLimit == 16384)
        #expect(made.alpnProtocol == nil)
    }

    @Test func escapedTextShowsEveryByte() {
        #expect(WireText.escaped(Array("http/1.1".utf8)) == "http/1.1")
        #expect(WireText.escaped([0x00, 0x41, 0x5C, 0xFF, 0x0A]) == "\\x00A\\\\\\xff\\x0a")
        #expect(WireText.hex([0x00, 0xAB, 0x10]) == "00ab10")
    }
}
