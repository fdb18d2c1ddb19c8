import Testing
import TestSupport
import TLSWire

/// Mutated real streams through the whole stack: nothing the peer sends may trap, every
/// failure is a `malformed` error inside the bytes, and how the bytes are split into
/// segments never changes what is decoded.
@Suite struct HostileInputTests {
    private static let streams: [(TLSConnectionDecoder.Side, [UInt8])] = [
        (.client, RealHandshakes.tls12ClientStream), (.server, RealHandshakes.tls12ServerStream),
        (.server, RealHandshakes.tls13ServerStream), (.client, RealHandshakes.hrrClientStream),
        (.server, RealHandshakes.hrrServerStream), (.server, RealHandshakes.tls12RefusedServerStream),
        (.client, CurlClientHello.curlClientHelloRecord),
    ]

    /// Every event `stream` yields when fed in `chunk`-byte segments, and the error, if any.
    private func decode(
        _ stream: [UInt8],
        from side: TLSConnectionDecoder.Side,
        chunk: Int,
        context: HandshakeContext = HandshakeContext()
    )
        -> ([TLSConnectionDecoder.Event], WireError?)
    {
        var decoder = TLSConnectionDecoder(context: context)
        var events: [TLSConnectionDecoder.Event] = []
        var index = 0
        while index < stream.count {
            events += decoder.feed(stream[index..<min(stream.count, index + chunk)], from: side)
            index += chunk
        }
        return (events, decoder.failure(side))
    }

    @Test func segmentationNeverChangesWhatIsDecoded() {
        for (side, stream) in Self.streams {
            let whole = decode(stream, from: side, chunk: stream.count)
            #expect(whole.1 == nil)
            for chunk in [1, 2, 5, 6, 1000] {
                let split = decode(stream, from: side, chunk: chunk)
                #expect(split.0 == whole.0, "\(chunk)-byte segments")
                #expect(split.1 == nil)
            }
        }
    }

    @Test func mutatedStreamsNeverTrap() {
        var generator = SplitMix64(seed: 0xF0CC)
        for round in 0..<3000 {
            let (side, original) = Self.streams[round % Self.streams.count]
            var stream = original
            switch generator.next() % 4 {
            case 0:  // a few random bytes
                for _ in 0..<(1 + generator.next() % 6) {
                    stream[Int(generator.next() % UInt64(stream.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            case 1:  // a length-looking pair set to an extreme
                let index = Int(generator.next() % UInt64(stream.count - 1))
                let value: [UInt8] = [[0xFF, 0xFF], [0x00, 0x00], [0x00, 0x01], [0x7F, 0xFF]][Int(generator.next() % 4)]
                stream[index] = value[0]
                stream[index + 1] = value[1]
            case 2:  // truncated
                stream = Array(stream.prefix(Int(generator.next() % UInt64(stream.count))))
            default:  // a slice repeated in place
                let start = Int(generator.next() % UInt64(stream.count))
                let end = min(stream.count, start + Int(generator.next() % 64))
                stream.insert(contentsOf: stream[start..<end], at: start)
            }
            let chunk = 1 + Int(generator.next() % 300)
            for context in [HandshakeContext(), .tls13] {
                let (events, error) = decode(stream, from: side, chunk: chunk, context: context)
                if let error {
                    #expect(error.kind == .malformed)
                    #expect(error.offset >= 0 && error.offset <= stream.count)
                }
                for case .handshake(let message, _) in events {
                    if case .clientHello(let hello) = message {
                        _ = (
                            hello.serverName, hello.alpnProtocols, hello.offeredVersions, hello.ja3.string,
                            hello.ja4.raw, hello.extensionDecodingErrors
                        )
                    }
                }
            }
        }
    }
}
