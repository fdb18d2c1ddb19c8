import Crypto
import Foundation

/// Hand-made TLS 1.3 connections whose encrypted records are really sealed (AES-128-GCM,
/// TLS_AES_128_GCM_SHA256) under made-up traffic secrets, with the NSS key log that
/// opens them: decryption can be tested on exact bytes, damaged ones included.
///
/// Keys are derived here independently of PcapSource (RFC 8446 §7.1, §7.3) so that the
/// two implementations check each other; the real cross-check is OpenSSL's captures.
public enum SyntheticTLS13 {
    /// Both directions, flight by flight, as records on the wire.
    public struct Conversation: Sendable {
        public var clientHello: [UInt8]
        /// ServerHello, ChangeCipherSpec, then the encrypted EncryptedExtensions,
        /// [CertificateRequest,] Certificate, CertificateVerify, Finished (one record each).
        public var serverFlight: [UInt8]
        /// Where each encrypted record of the server's flight starts in `serverFlight`.
        public var serverRecordOffsets: [Int]
        /// ChangeCipherSpec, then the client's encrypted [Certificate,] Finished — or its
        /// encrypted alert when it refused the chain.
        public var clientFlight: [UInt8]
        /// The server's first record under its application keys: a NewSessionTicket, or
        /// its alert when it refused the client.
        public var serverAfter: [UInt8]
        /// The key log for this connection, NSS format.
        public var keyLog: String
        public var clientRandom: [UInt8]
    }

    /// One connection presenting `chain` (DER, leaf first). `clientAlert`: the client
    /// answers the server's flight with this fatal alert instead of its Finished.
    /// `serverAlert`: the server answers the client's Finished with this alert.
    /// `clientCloses`: the client sends close_notify right after its Finished, as
    /// `s_client` does when its input ends.
    public static func connection(
        chain: [[UInt8]],
        sni: String = "printer.local",
        seed: UInt8 = 1,
        requestClientCertificate: Bool = false,
        acceptableCA: [UInt8]? = nil,
        clientAlert: UInt8? = nil,
        serverAlert: UInt8? = nil,
        clientCloses: Bool = false
    ) -> Conversation {
        typealias W = SyntheticTLS
        let clientRandom = (0..<32).map { UInt8(truncatingIfNeeded: Int($0) &* 7 &+ Int(seed)) }
        let secret: (UInt8) -> [UInt8] = { label in
            (0..<32).map { UInt8(truncatingIfNeeded: Int($0) &+ Int(label) &* 31 &+ Int(seed)) }
        }
        let (chts, shts, cts, sts) = (secret(1), secret(2), secret(3), secret(4))
        let ext: (Int, [UInt8]) -> [UInt8] = { type, data in W.u16(type) + W.u16(data.count) + data }

        let helloExtensions =
            ext(0x0000, W.vec(2, [0] + W.vec(2, Array(sni.utf8))))
            + ext(0x000A, W.vec(2, W.u16s([0x001D]))) + ext(0x000D, W.vec(2, W.u16s([0x0403, 0x0804])))
            + ext(0x002B, [2, 3, 4]) + ext(0x0033, W.vec(2, W.u16(0x001D) + W.vec(2, [UInt8](repeating: 3, count: 32))))
        let hello = W.handshake(
            1,
            W.u16(0x0303) + clientRandom + W.vec(1, [UInt8](repeating: 5, count: 32))
                + W.vec(2, W.u16(0x1301)) + [1, 0] + W.vec(2, helloExtensions)
        )
        let serverHello = W.handshake(
            2,
            W.u16(0x0303) + [UInt8](repeating: 0x24 &+ seed, count: 32)
                + W.vec(1, [UInt8](repeating: 5, count: 32)) + W.u16(0x1301) + [0]
                + W.vec(
                    2,
                    ext(0x002B, W.u16(0x0304)) + ext(0x0033, W.u16(0x001D) + W.vec(2, [UInt8](repeating: 4, count: 32)))
                )
        )

        var messages: [[UInt8]] = [W.handshake(8, W.vec(2, ext(0x0010, W.vec(2, W.vec(1, Array("h2".utf8))))))]
        if requestClientCertificate {
            var extensions = ext(0x000D, W.vec(2, W.u16s([0x0403, 0x0804])))
            if let acceptableCA { extensions += ext(0x002F, W.vec(2, W.vec(2, acceptableCA))) }
            messages.append(W.handshake(13, W.vec(1, []) + W.vec(2, extensions)))
        }
        messages.append(W.handshake(11, W.vec(1, []) + W.vec(3, chain.flatMap { W.vec(3, $0) + W.vec(2, []) })))
        messages.append(W.handshake(15, W.u16(0x0403) + W.vec(2, [UInt8](repeating: 0x30, count: 70))))
        messages.append(W.handshake(20, [UInt8](repeating: 0xF1, count: 32)))

        var serverKeys = Sealer(secret: shts)
        var serverFlight = W.record(22, serverHello) + W.record(20, [1])
        var offsets: [Int] = []
        for message in messages {
            offsets.append(serverFlight.count)
            serverFlight += serverKeys.seal(message, type: 22)
        }

        var clientKeys = Sealer(secret: chts)
        var clientFlight = W.record(20, [1])
        var serverAfter: [UInt8] = []
        if let clientAlert {
            clientFlight += clientKeys.seal([2, clientAlert], type: 21)
        } else {
            if requestClientCertificate {
                clientFlight += clientKeys.seal(W.handshake(11, W.vec(1, []) + W.vec(3, [])), type: 22)
            }
            clientFlight += clientKeys.seal(W.handshake(20, [UInt8](repeating: 0xC1, count: 32)), type: 22)
            if clientCloses {
                var clientApplication = Sealer(secret: cts)
                clientFlight += clientApplication.seal([1, 0], type: 21)
            }
            var serverApplication = Sealer(secret: sts)
            if let serverAlert {
                serverAfter = serverApplication.seal([2, serverAlert], type: 21)
            } else {
                let ticket = W.handshake(
                    4,
                    [0, 0, 0x1C, 0x20] + [1, 2, 3, 4] + W.vec(1, [0]) + W.vec(2, [UInt8](repeating: 7, count: 64))
                        + W.vec(2, [])
                )
                serverAfter = serverApplication.seal(ticket, type: 22)
            }
        }

        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        let random = hex(clientRandom)
        let keyLog = """
            CLIENT_HANDSHAKE_TRAFFIC_SECRET \(random) \(hex(chts))
            SERVER_HANDSHAKE_TRAFFIC_SECRET \(random) \(hex(shts))
            CLIENT_TRAFFIC_SECRET_0 \(random) \(hex(cts))
            SERVER_TRAFFIC_SECRET_0 \(random) \(hex(sts))

            """
        return Conversation(
            clientHello: W.record(22, hello),
            serverFlight: serverFlight,
            serverRecordOffsets: offsets,
            clientFlight: clientFlight,
            serverAfter: serverAfter,
            keyLog: keyLog,
            clientRandom: clientRandom
        )
    }

    /// Seals TLS 1.3 records under one traffic secret, counting sequence numbers.
    struct Sealer {
        let key: SymmetricKey
        let iv: [UInt8]
        var sequence: UInt64 = 0

        init(secret: [UInt8]) {
            key = SymmetricKey(data: SyntheticTLS13.expandLabel(secret, "key", 16))
            iv = SyntheticTLS13.expandLabel(secret, "iv", 12)
        }

        /// TLSInnerPlaintext (content, type, no padding) sealed in an application_data record.
        mutating func seal(_ content: [UInt8], type: UInt8) -> [UInt8] {
            let inner = content + [type]
            let length = inner.count + 16
            let header: [UInt8] = [23, 3, 3, UInt8(length >> 8), UInt8(length & 0xFF)]
            var nonce = iv
            for i in 0..<8 { nonce[11 - i] ^= UInt8(truncatingIfNeeded: sequence >> (8 * UInt64(i))) }
            sequence += 1
            let box = try! AES.GCM.seal(
                inner,
                using: key,
                nonce: try! AES.GCM.Nonce(data: nonce),
                authenticating: header
            )
            return header + Array(box.ciphertext) + Array(box.tag)
        }
    }

    /// HKDF-Expand-Label with SHA-256 (RFC 8446 §7.1).
    static func expandLabel(_ secret: [UInt8], _ label: String, _ length: Int) -> [UInt8] {
        let full = Array("tls13 \(label)".utf8)
        let info = [UInt8(length >> 8), UInt8(length & 0xFF), UInt8(full.count)] + full + [0]
        return HKDF<SHA256>.expand(pseudoRandomKey: secret, info: info, outputByteCount: length).withUnsafeBytes {
            Array($0)
        }
    }
}
