/// Opens the protected records of one connection for a `TLSConnectionDecoder`, so that a
/// capture with the connection's secrets reads its encrypted handshake and alerts like
/// plaintext ones.
///
/// TLSWire knows when a record is protected (RFC 8446 §5.2: every TLS 1.3 record after
/// the ServerHello travels as `application_data`; RFC 5246 §7.1: every TLS 1.2 record
/// after a side's ChangeCipherSpec) but holds no keys and does no cryptography: an
/// implementation elsewhere (PcapSource's `ConnectionDecryptor`, with swift-crypto)
/// derives the record keys and opens the records. The decoder shows it every handshake
/// message it decodes, plaintext or decrypted, so it can learn the randoms and suite
/// from the hellos and change keys after each side's Finished (RFC 8446 §7.2) and on
/// KeyUpdate.
///
/// A class: the decoder and the code that reports on decryption (which secrets were
/// missing, which record failed) share one instance. It is used from one thread at a time.
public protocol RecordDecryptor: AnyObject, Sendable {
    /// A handshake message `side` sent, in stream order, after the decoder decoded it.
    func observe(_ message: HandshakeMessage, from side: TLSConnectionDecoder.Side)

    /// Opens one protected record `side` sent, as it came off the wire (header fields and
    /// the ciphertext fragment). Called in stream order for each side; each call must do
    /// work bounded by the record's size.
    func open(_ record: TLSRecord, from side: TLSConnectionDecoder.Side) -> RecordOpening
}

/// What a `RecordDecryptor` made of one protected record.
public enum RecordOpening: Hashable, Sendable {
    /// The record opened: its real content type (TLS 1.3's inner type, TLS 1.2's record
    /// type) and its plaintext.
    case opened(ContentType, [UInt8])
    /// No keys for it (none given, or not for this record): it stays ciphertext.
    case unavailable
    /// Keys were at hand but the record did not open (a wrong secret, a damaged record):
    /// it stays ciphertext, and the decryptor keeps the reason.
    case failed
}
