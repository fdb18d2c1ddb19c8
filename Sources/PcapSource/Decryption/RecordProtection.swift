import Crypto
import SystemCalls
import TLSWire

/// The read state of one direction under one set of keys: the AEAD key, the IV (or
/// implicit nonce), the record layout, and the sequence number of the next record.
/// Opening a record is one AEAD call over at most 2^14 + 2048 bytes.
struct RecordProtection {
    /// Where the nonce comes from and what is authenticated.
    enum Layout: Hashable, Sendable {
        /// RFC 8446 §5.2–5.3: nonce = iv XOR sequence number; the additional data is the
        /// record header; the plaintext ends in the real content type and zero padding.
        case tls13
        /// RFC 5288 §3: nonce = 4-byte salt from the key block + the 8-byte explicit nonce
        /// that opens the fragment; RFC 5246 §6.2.3.3 additional data.
        case tls12ExplicitNonce
        /// RFC 7905 §2: nonce = 12-byte IV XOR sequence number, no explicit nonce;
        /// RFC 5246 §6.2.3.3 additional data.
        case tls12XorNonce
    }

    /// Why a record did not open.
    enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Too short to hold the explicit nonce, the tag and (TLS 1.3) a content type.
        case tooShort(Int)
        /// The tag did not verify: other keys, or damaged bytes.
        case authenticationFailed
        /// TLS 1.3: the plaintext was all padding, with no content type (RFC 8446 §5.4).
        case noContentType

        var description: String {
            switch self {
            case .tooShort(let length): return "the record's \(length) bytes cannot hold an AEAD tag and a content type"
            case .authenticationFailed: return "the authentication tag does not verify"
            case .noContentType: return "the decrypted record is all padding, with no content type"
            }
        }
    }

    let aead: SuiteParameters.AEAD
    let layout: Layout
    private let key: SymmetricKey
    private let iv: [UInt8]
    /// The number of the next record under these keys (RFC 8446 §5.3, RFC 5246 §6.1).
    private(set) var sequence: UInt64 = 0

    init(aead: SuiteParameters.AEAD, layout: Layout, key: [UInt8], iv: [UInt8]) {
        self.aead = aead
        self.layout = layout
        self.key = SymmetricKey(data: key)
        self.iv = iv
    }

    /// Opens the next record: its real content type and plaintext.
    mutating func open(_ record: TLSRecord) throws(Failure) -> (ContentType, [UInt8]) {
        let fragment = record.fragment
        let tag = SuiteParameters.tagLength
        let sequence = self.sequence
        self.sequence &+= 1
        switch layout {
        case .tls13:
            guard fragment.count >= tag + 1 else { throw .tooShort(fragment.count) }
            // RFC 8446 §5.2: additional_data = TLSCiphertext.opaque_type ||
            // legacy_record_version || length — the record header as sent.
            let header = [
                record.contentType.rawValue, UInt8(record.legacyVersion.rawValue >> 8),
                UInt8(record.legacyVersion.rawValue & 0xFF),
                UInt8(truncatingIfNeeded: fragment.count >> 8), UInt8(truncatingIfNeeded: fragment.count),
            ]
            let inner = try openAEAD(
                nonce: xorNonce(sequence),
                ciphertext: fragment[..<(fragment.count - tag)],
                tag: fragment[(fragment.count - tag)...],
                additionalData: header
            )
            // RFC 8446 §5.4: TLSInnerPlaintext = content || ContentType type || zeros.
            guard let typeIndex = inner.lastIndex(where: { $0 != 0 }) else { throw .noContentType }
            return (ContentType(inner[typeIndex]), Array(inner[..<typeIndex]))
        case .tls12ExplicitNonce:
            guard fragment.count >= 8 + tag else { throw .tooShort(fragment.count) }
            let ciphertext = fragment[8..<(fragment.count - tag)]
            let plaintext = try openAEAD(
                nonce: iv + fragment[0..<8],
                ciphertext: ciphertext,
                tag: fragment[(fragment.count - tag)...],
                additionalData: Self.tls12AdditionalData(sequence, record, plaintextLength: ciphertext.count)
            )
            return (record.contentType, plaintext)
        case .tls12XorNonce:
            guard fragment.count >= tag else { throw .tooShort(fragment.count) }
            let ciphertext = fragment[..<(fragment.count - tag)]
            let plaintext = try openAEAD(
                nonce: xorNonce(sequence),
                ciphertext: ciphertext,
                tag: fragment[(fragment.count - tag)...],
                additionalData: Self.tls12AdditionalData(sequence, record, plaintextLength: ciphertext.count)
            )
            return (record.contentType, plaintext)
        }
    }

    /// RFC 8446 §5.3: the 64-bit sequence number, big-endian, left-padded to the IV's
    /// length and XORed with it (RFC 7905 §2 does the same for TLS 1.2).
    private func xorNonce(_ sequence: UInt64) -> [UInt8] {
        var nonce = iv
        for i in 0..<8 {
            nonce[nonce.count - 1 - i] ^= UInt8(truncatingIfNeeded: sequence >> (8 * UInt64(i)))
        }
        return nonce
    }

    /// RFC 5246 §6.2.3.3:
    ///
    ///     additional_data = seq_num + TLSCompressed.type +
    ///                       TLSCompressed.version + TLSCompressed.length;
    private static func tls12AdditionalData(_ sequence: UInt64, _ record: TLSRecord, plaintextLength: Int) -> [UInt8] {
        var data: [UInt8] = (0..<8).reversed().map { UInt8(truncatingIfNeeded: sequence >> (8 * UInt64($0))) }
        data += [
            record.contentType.rawValue, UInt8(record.legacyVersion.rawValue >> 8),
            UInt8(record.legacyVersion.rawValue & 0xFF),
            UInt8(truncatingIfNeeded: plaintextLength >> 8), UInt8(truncatingIfNeeded: plaintextLength),
        ]
        return data
    }

    /// One AEAD open.
    private func openAEAD(
        nonce: [UInt8],
        ciphertext: ArraySlice<UInt8>,
        tag: ArraySlice<UInt8>,
        additionalData: [UInt8]
    ) throws(Failure) -> [UInt8] {
        do {
            switch aead {
            case .aes128GCM, .aes256GCM:
                let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: ciphertext, tag: tag)
                return Array(try AES.GCM.open(box, using: key, authenticating: additionalData))
            case .chacha20Poly1305:
                let box = try ChaChaPoly.SealedBox(
                    nonce: ChaChaPoly.Nonce(data: nonce),
                    ciphertext: ciphertext,
                    tag: tag
                )
                return Array(try ChaChaPoly.open(box, using: key, authenticating: additionalData))
            }
        } catch {
            throw .authenticationFailed
        }
    }
}
