/// TLSWire: the TLS wire format — records, handshake messages, extensions and code
/// points — with no dependencies, shared by live handshakes and packet captures.
///
/// ## Layers
///
/// - `ByteReader`, `WireError`: a bounded cursor; every failure is `needMoreBytes` (wait)
///   or `malformed` (report), names the field (RFC names: `cipher_suites`) and its offset.
/// - Records: `RecordParser` splits one direction of a TCP stream into `TLSRecord`s
///   (and converts an SSLv2-compatible ClientHello at the start); `looksLikeTLS(_:)`
///   finds TLS by its first bytes; `Alert.alerts(in:)` reads plaintext alerts.
/// - Handshake: `HandshakeReassembler` turns handshake record fragments into
///   `RawHandshakeMessage`s; `RawHandshakeMessage(bytes:)` takes whole messages;
///   `HandshakeMessage(_:context:)` decodes them, with `HandshakeContext` saying which
///   TLS 1.2/1.3 layout applies.
/// - Messages: `ClientHello`, `ServerHello` (HelloRetryRequest too),
///   `EncryptedExtensions`, `CertificateMessage`, `CertificateRequest`,
///   `ServerKeyExchange`, `CertificateVerify`, `Finished`, `NewSessionTicket`, `KeyUpdate`,
///   `ClientKeyExchange`. Each keeps every extension (`Extension`: type and bytes, in
///   order, duplicates and unknown types included) and offers typed, non-throwing
///   accessors plus `extensionDecodingErrors` where extensions matter.
/// - `TLSConnectionDecoder`: both directions of a captured connection, with the
///   TLS 1.2 and 1.3 rules for which records are ciphertext; given a `RecordDecryptor`
///   (the keys live outside TLSWire), it decodes what that opens like plaintext.
/// - Fingerprints: `JA3` and `JA4` build the deterministic strings; TLSDiagnosis's
///   `ClientHelloFingerprint` hashes them.
///
/// ## From a capture (`PcapSource`)
///
///     var decoder = TLSConnectionDecoder()
///     // For each TCP payload, in capture order, from whichever side sent it:
///     for event in decoder.feed(payload, from: .client) {
///         switch event {
///         case .handshake(.clientHello(let hello), _): ...   // hello.serverName, hello.ja4
///         case .alert(let alert): ...
///         case .encrypted(.alert, _): ...                     // an encrypted alert (TLS 1.2)
///         case .decryptedAlert(let alert): ...                // one a decryptor opened
///         case .malformedStream(let error): ...               // not TLS (any more)
///         default: ...
///         }
///     }
///     // At the end: decoder.hasPartialMessage(.server) means a cut-off handshake.
///
/// ## From OpenSSL's message callback (`OpenSSLProbe`)
///
/// The callback hands over each handshake message whole, with its 4-byte header, TLS
/// 1.3's encrypted ones already decrypted. Ignore the pseudo content types 256 (record
/// header) and 257 (inner content type); for content type 22 (handshake):
///
///     var context = HandshakeContext()
///     let raw = try RawHandshakeMessage(bytes: bufferCopy)
///     let message = try HandshakeMessage(raw, context: context)
///     context.update(after: message)   // the ServerHello sets version and suite
///
/// For content type 21 (alert) use `Alert(bytes:)`.
public enum TLSWire {}
