import Foundation

/// Hand-made TLS 1.2 byte streams for capture tests: each side's records as they would
/// cross the wire, with a real certificate chain, so segmentation and loss can be varied
/// while the expected report stays the same.
public enum SyntheticTLS {
    /// Both directions of a TLS 1.2 connection, flight by flight.
    public struct Conversation: Sendable {
        /// ClientHello record.
        public var clientHello: [UInt8]
        /// ServerHello, Certificate, [CertificateRequest,] ServerHelloDone, one record each.
        public var serverFlight: [UInt8]
        /// Where the Certificate record starts and ends in `serverFlight`.
        public var certificateRange: Range<Int>
        /// [Certificate,] ClientKeyExchange, ChangeCipherSpec, encrypted Finished.
        public var clientFinish: [UInt8]
        /// ChangeCipherSpec, encrypted Finished.
        public var serverFinish: [UInt8]
        /// Application data records, both ways.
        public var clientData: [UInt8]
        public var serverData: [UInt8]
    }

    /// A full TLS 1.2 ECDHE handshake presenting `chain` (DER, leaf first) for `sni`.
    /// With `requestClientCertificate` the server asks and the client answers with
    /// `clientChain` (empty: an empty Certificate message).
    public static func tls12(
        chain: [[UInt8]],
        sni: String = "printer.local",
        requestClientCertificate: Bool = false,
        clientChain: [[UInt8]] = []
    ) -> Conversation {
        let hello = handshake(
            1,
            u16(0x0303) + [UInt8](repeating: 0x42, count: 32) + vec(1, []) + vec(2, u16s([0xC02F, 0xC030, 0x009C]))
                + vec(1, [0])
                + vec(
                    2,
                    ext(0x0000, vec(2, [0] + vec(2, Array(sni.utf8))))
                        + ext(0x000A, vec(2, u16s([0x001D, 0x0017])))
                        + ext(0x000B, vec(1, [0]))
                        + ext(0x000D, vec(2, u16s([0x0403, 0x0804, 0x0401])))
                        + ext(0x0010, vec(2, vec(1, Array("http/1.1".utf8))))
                        + ext(0x0017, [])
                )
        )
        let serverHello = handshake(
            2,
            u16(0x0303) + [UInt8](repeating: 0x24, count: 32) + vec(1, [UInt8](repeating: 7, count: 32)) + u16(0xC02F)
                + [0]
                + vec(2, ext(0xFF01, [0]) + ext(0x0017, []))
        )
        let certificate = handshake(11, vec(3, chain.flatMap { vec(3, $0) }))
        // ServerKeyExchange, ECDHE: named_curve x25519, a point, then a signature.
        let keyExchange = handshake(
            12,
            [3] + u16(0x001D) + vec(1, [UInt8](repeating: 9, count: 32))
                + u16(0x0403) + vec(2, [UInt8](repeating: 0x30, count: 70))
        )
        let request = handshake(13, vec(1, [1, 64]) + vec(2, u16s([0x0403, 0x0804])) + vec(2, []))
        let done = handshake(14, [])

        var serverFlight = record(22, serverHello)
        let certificateStart = serverFlight.count
        serverFlight += record(22, certificate)
        let certificateRange = certificateStart..<serverFlight.count
        serverFlight += record(22, keyExchange)
        if requestClientCertificate { serverFlight += record(22, request) }
        serverFlight += record(22, done)

        var clientFinish: [UInt8] = []
        if requestClientCertificate {
            clientFinish += record(22, handshake(11, vec(3, clientChain.flatMap { vec(3, $0) })))
        }
        clientFinish += record(22, handshake(16, vec(1, [UInt8](repeating: 5, count: 32))))
        clientFinish += record(20, [1])
        clientFinish += record(22, [UInt8](repeating: 0xEE, count: 40))  // encrypted Finished
        let serverFinish = record(20, [1]) + record(22, [UInt8](repeating: 0xDD, count: 40))
        return Conversation(
            clientHello: record(22, hello),
            serverFlight: serverFlight,
            certificateRange: certificateRange,
            clientFinish: clientFinish,
            serverFinish: serverFinish,
            clientData: record(23, [UInt8](repeating: 0xAA, count: 300)),
            serverData: record(23, [UInt8](repeating: 0xBB, count: 5000))
        )
    }

    /// A plaintext alert record.
    public static func alert(level: UInt8 = 2, description: UInt8) -> [UInt8] { record(21, [level, description]) }

    // MARK: wire helpers

    public static func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    public static func u24(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 16)] + u16(v) }
    static func u16s(_ values: [Int]) -> [UInt8] { values.flatMap(u16) }
    static func vec(_ prefix: Int, _ body: [UInt8]) -> [UInt8] {
        switch prefix {
        case 1: [UInt8(truncatingIfNeeded: body.count)] + body
        case 2: u16(body.count) + body
        default: u24(body.count) + body
        }
    }
    static func ext(_ type: Int, _ data: [UInt8]) -> [UInt8] { u16(type) + vec(2, data) }
    /// A handshake message: type, 24-bit length, body.
    public static func handshake(_ type: UInt8, _ body: [UInt8]) -> [UInt8] { [type] + vec(3, body) }
    /// A record: type, TLS 1.2, 16-bit length, fragment.
    public static func record(_ type: UInt8, _ fragment: [UInt8]) -> [UInt8] { [type, 3, 3] + vec(2, fragment) }
}
