import TLSWire

/// One input, both ways in: as a client's and as a server's TCP stream (records,
/// reassembly, every message decoder), and as one whole handshake message under both
/// layouts. Anything decoded is read all the way down, fingerprints included. A trap
/// anywhere is a bug: the peer controls every byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for side in [TLSConnectionDecoder.Side.client, .server] {
        var decoder = TLSConnectionDecoder()
        // Split at a point the input chooses, to exercise partial records.
        let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        for part in [bytes[..<cut], bytes[cut...]] {
            for event in decoder.feed(part, from: side) { touch(event) }
        }
        // And with bytes missing at that point (a capture's hole or snap-length cut), as
        // many as the input's second byte says: skipped in step, or resynchronized.
        var gapped = TLSConnectionDecoder()
        for event in gapped.feed(bytes[..<cut], from: side) { touch(event) }
        let (events, framingKept) = gapped.skip(bytes.count > 1 ? Int(bytes[1]) + 1 : 1, from: side)
        for event in events { touch(event) }
        if !framingKept { gapped.resynchronize(side) }
        for event in gapped.feed(bytes[cut...], from: side) { touch(event) }
    }
    for context in [
        HandshakeContext(), .tls13, HandshakeContext(version: .tls12, cipherSuite: .dheRSAWithAES128GCMSHA256),
    ] {
        if let raw = try? RawHandshakeMessage(bytes: bytes), let message = try? HandshakeMessage(raw, context: context)
        {
            touch(.handshake(message, raw))
        }
    }
    _ = RecordParser.looksLikeTLS(bytes)
    fuzzDTLS(bytes)
    return 0
}

/// The same bytes as a UDP datagram of DTLS records (capture's DTLS reading): records with
/// and without connection IDs, each handshake record's fragments through the reassembler,
/// whole messages in TLS's form through the one message parser.
private func fuzzDTLS(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { datagram in
        _ = DTLSRecord.looksLikeDTLS(datagram)
        var reassembler = DTLSHandshakeReassembler(maxMessageSize: 1 << 16, maxHeldBytes: 1 << 18)
        var messages: [DTLSHandshakeReassembler.Message] = []
        for cid in [nil, 0, 4] as [Int?] {
            for record in DTLSRecord.records(in: datagram, connectionIDLength: { _ in cid }).records
            where record.contentType == .handshake && !record.isProtected {
                let fragment = UnsafeRawBufferPointer(
                    rebasing: datagram[record.fragmentOffset..<(record.fragmentOffset + record.fragmentLength)]
                )
                messages += reassembler.add(record: fragment).messages
            }
        }
        messages += reassembler.flush()
        for message in messages {
            _ = try? DTLSHandshake.helloVerifyRequest(message.body)
            if let (raw, _) = try? DTLSHandshake.tlsForm(message),
                let decoded = try? HandshakeMessage(raw, context: HandshakeContext(version: .dtls12))
            {
                touch(.handshake(decoded, raw))
            }
        }
    }
}

private func touch(_ event: TLSConnectionDecoder.Event) {
    switch event {
    case .handshake(.clientHello(let hello), _), .sslv2ClientHello(let hello):
        _ = (
            hello.serverName, hello.alpnProtocols, hello.supportedVersions, hello.offeredVersions,
            hello.keyShareGroups, hello.signatureAlgorithms, hello.extensionDecodingErrors,
            hello.ja3.string, hello.ja4.raw, hello.ja4.rawOriginal, hello.ja4.fingerprint { $0 }
        )
    case .handshake(.serverHello(let hello), _), .handshake(.helloRetryRequest(let hello), _):
        _ = (
            hello.selectedVersion, hello.keyShareGroup, hello.alpnProtocol, hello.downgradeSentinel,
            hello.extensionDecodingErrors
        )
    case .handshake(.encryptedExtensions(let ee), _):
        _ = (ee.alpnProtocol, ee.acknowledgesServerName, ee.supportedGroups, ee.recordSizeLimit)
    case .handshake(.serverKeyExchange(let ske), _):
        _ = (ske.namedGroup, ske.dhPrimeBits)
    case .handshake(.newSessionTicket(let ticket), _):
        _ = ticket.maxEarlyDataSize
    case .alert(let alert):
        _ = alert.summary
    default:
        break
    }
}
