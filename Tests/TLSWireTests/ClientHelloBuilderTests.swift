import Testing
import TLSWire
import TestSupport

/// The hand-built ClientHello the large-hello probe sends: what TLSWire's own parser (the
/// one capture and listen trust) reads back from it, whole and cut at every byte, and for
/// random offers.
@Suite struct ClientHelloBuilderTests {
    static func random(seed: UInt64) -> (Int) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return { count in (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
    }

    /// The one ClientHello in `record`, read by RecordParser and HandshakeReassembler.
    static func parse(_ record: [UInt8]) throws -> ClientHello? {
        var parser = RecordParser(allowsSSLv2ClientHello: false)
        parser.append(record)
        guard let first = try parser.nextRecord() else { return nil }
        #expect(try parser.nextRecord() == nil)
        var handshake = HandshakeReassembler()
        try handshake.append(record: first)
        guard let message = try handshake.nextMessage() else { return nil }
        return try ClientHello(message)
    }

    @Test func thePostQuantumHelloIsOneRecordOfAbout1700BytesWithTheMLKEMShareFirst() throws {
        let record = try #require(
            ClientHelloBuilder.record(
                .apple26,
                serverName: "printer.local",
                paddedTo: ClientHelloBuilder.largeHelloLength,
                random: Self.random(seed: 1)
            )
        )
        #expect(record.count >= 1_700 && record.count <= 1_703, "\(record.count)")
        #expect(Int(record[3]) << 8 | Int(record[4]) == record.count - 5)
        let hello = try #require(try Self.parse(record))
        #expect(hello.extensionDecodingErrors.isEmpty, "\(hello.extensionDecodingErrors)")
        #expect(hello.serverName == "printer.local")
        #expect(hello.supportedGroups?.first == .x25519MLKEM768)
        #expect(hello.keyShareGroups == [.x25519MLKEM768, .x25519])
        let shares = try #require(try hello.extensions.first(.keyShare)?.clientKeyShares())
        #expect(shares.map(\.keyExchange.count) == [1_216, 32])
        #expect(hello.supportedVersions == [.tls13, .tls12])
        #expect(hello.cipherSuites == ClientHelloParameters.apple26.cipherSuites)
        #expect(hello.signatureAlgorithms == ClientHelloParameters.apple26.signatureSchemes)
        #expect(hello.alpnProtocols == ["h2", "http/1.1"])
    }

    /// FIPS 203 7.2's encapsulation key check, as Go, OpenSSL 3.5 and BoringSSL servers
    /// run it: ByteDecode_12 of the first 1,152 bytes gives 768 coefficients, each below
    /// q = 3329 (then 32 bytes of rho). Random bytes fail it, and such a server refuses the
    /// hello that a phone's would pass.
    static func mlkemCoefficients(_ key: ArraySlice<UInt8>) -> [Int] {
        let bytes = Array(key.prefix(1_152))
        var coefficients: [Int] = []
        for i in stride(from: 0, to: bytes.count - 2, by: 3) {
            let (b0, b1, b2) = (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
            coefficients.append(b0 | (b1 & 0x0F) << 8)
            coefficients.append(b1 >> 4 | b2 << 4)
        }
        return coefficients
    }

    @Test func theMLKEMEncapsulationKeysPassTheServersCheck() throws {
        for seed in UInt64(10)..<UInt64(30) {
            let record = try #require(
                ClientHelloBuilder.record(.apple26, serverName: nil, paddedTo: 1_700, random: Self.random(seed: seed))
            )
            let hello = try #require(try Self.parse(record))
            let shares = try #require(try hello.extensions.first(.keyShare)?.clientKeyShares())
            // X25519MLKEM768: the encapsulation key first, then X25519's 32 bytes.
            let hybrid = try #require(shares.first { $0.group == .x25519MLKEM768 }).keyExchange
            #expect(hybrid.count == 1_216)
            let coefficients = Self.mlkemCoefficients(hybrid.prefix(1_184))
            #expect(coefficients.count == 768)
            let bad = coefficients.filter { $0 >= 3_329 }
            #expect(bad.isEmpty, "seed \(seed): \(bad.count) of 768 coefficients >= q")
            // The coefficients are drawn from all of [0, q), not a corner of it.
            #expect(coefficients.max() ?? 0 > 3_000 && coefficients.min() ?? 3_329 < 300, "seed \(seed)")
        }
        // SecP256r1MLKEM768: the P-256 point first, then the encapsulation key.
        let parameters = ClientHelloParameters(
            client: "p256 hybrid",
            cipherSuites: ClientHelloParameters.apple26.cipherSuites,
            signatureSchemes: ClientHelloParameters.apple26.signatureSchemes,
            groups: [.secP256r1MLKEM768],
            minVersion: .tls13,
            maxVersion: .tls13,
            keyShareGroups: [.secP256r1MLKEM768]
        )
        let record = try #require(ClientHelloBuilder.record(parameters, serverName: nil, random: Self.random(seed: 7)))
        let hello = try #require(try Self.parse(record))
        let share = try #require(try hello.extensions.first(.keyShare)?.clientKeyShares().first).keyExchange
        #expect(share.count == 65 + 1_184)
        #expect(share.first == 4)
        let coefficients = Self.mlkemCoefficients(share.dropFirst(65))
        #expect(coefficients.count == 768 && coefficients.allSatisfy { $0 < 3_329 })
    }

    @Test func theOrdinaryHelloFitsInOnePacketWithOneX25519Share() throws {
        let record = try #require(ClientHelloBuilder.record(.apple, serverName: nil, random: Self.random(seed: 2)))
        #expect(record.count < 600, "\(record.count)")
        let hello = try #require(try Self.parse(record))
        #expect(hello.serverName == nil)
        #expect(hello.keyShareGroups == [.x25519])
        #expect(!hello.extensions.contains(.padding))
    }

    @Test func everyPrefixIsIncompleteNeverAHelloNorAnError() throws {
        let record = try #require(
            ClientHelloBuilder.record(.apple26, serverName: "nas.local", paddedTo: 1_700, random: Self.random(seed: 3))
        )
        for cut in 0..<record.count {
            var parser = RecordParser(allowsSSLv2ClientHello: false)
            parser.append(record[..<cut])
            #expect(try parser.nextRecord() == nil, "a record from \(cut) of \(record.count) bytes")
        }
        #expect(try Self.parse(record) != nil)
    }

    @Test func randomOffersReadBackAsBuilt() throws {
        var generator = SplitMix64(seed: 0x5eed)
        let groups: [NamedGroup] = [.x25519MLKEM768, .x25519, .secp256r1, .secp384r1, .secp521r1, .secP256r1MLKEM768]
        let suites = ClientHelloParameters.apple.cipherSuites
        let versions: [ProtocolVersion] = [.tls10, .tls11, .tls12, .tls13]
        for round in 0..<300 {
            let low = Int.random(in: 0..<versions.count, using: &generator)
            let high = Int.random(in: low..<versions.count, using: &generator)
            let offered = Array(groups.shuffled(using: &generator).prefix(Int.random(in: 1...6, using: &generator)))
            let parameters = ClientHelloParameters(
                client: "fuzz \(round)",
                cipherSuites: Array(
                    suites.shuffled(using: &generator).prefix(Int.random(in: 1...20, using: &generator))
                ),
                signatureSchemes: ClientHelloParameters.apple.signatureSchemes,
                groups: offered,
                minVersion: versions[low],
                maxVersion: versions[high],
                keyShareGroups: Array(offered.prefix(Int.random(in: 0...2, using: &generator)))
            )
            let name =
                Bool.random(using: &generator)
                ? String(
                    (0..<Int.random(in: 1...300, using: &generator)).map { _ in
                        "abc.-9".randomElement(using: &generator)!
                    }
                )
                : nil
            let pad = Bool.random(using: &generator) ? Int.random(in: 0...4_000, using: &generator) : nil
            let built = ClientHelloBuilder.record(
                parameters,
                serverName: name,
                paddedTo: pad,
                random: Self.random(seed: UInt64(round))
            )
            let tls13 = versions[high] == .tls13
            guard parameters.cipherSuites.contains(where: { tls13 || !$0.isTLS13 }) else {
                #expect(built == nil, "round \(round): no suite for the versions offered")
                continue
            }
            let record = try #require(built, "round \(round)")
            if let pad { #expect(record.count >= pad, "round \(round)") }
            let hello = try #require(try Self.parse(record), "round \(round)")
            #expect(hello.extensionDecodingErrors.isEmpty, "round \(round): \(hello.extensionDecodingErrors)")
            #expect(hello.serverName == name, "round \(round)")
            #expect(hello.supportedGroups == offered, "round \(round)")
            #expect(hello.keyShareGroups == (tls13 ? parameters.keyShareGroups : nil), "round \(round)")
            #expect(
                hello.cipherSuites == parameters.cipherSuites.filter { tls13 || !$0.isTLS13 },
                "round \(round)"
            )
        }
    }

    @Test func aNameTooLongForItsLengthIsRefused() {
        let name = String(repeating: "a", count: 70_000)
        #expect(ClientHelloBuilder.record(.apple, serverName: name, random: Self.random(seed: 4)) == nil)
        #expect(ClientHelloBuilder.record(.apple, serverName: "", random: Self.random(seed: 4)) == nil)
    }
}
