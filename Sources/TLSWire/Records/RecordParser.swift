/// Splits one direction of a TCP byte stream into TLS records, incrementally.
///
/// Append bytes as they arrive (`append(_:)`) and call `nextRecord()` until it returns
/// nil, which means "need more bytes"; a record is returned only once all of it is here.
/// Between calls the buffer holds at most one partial record, so memory stays bounded
/// by the record limit if the caller drains after each append.
///
/// A header that cannot start a record (a content type TLS does not use, a major version
/// other than 3, a length past `maxFragmentLength`) is `malformed`, and sticky: the
/// stream has lost its framing, and every later call throws the same error. Offsets in
/// errors count from the first byte appended.
///
/// At the very start of a client's stream an SSLv2-compatible ClientHello (RFC 5246
/// Appendix E.2) is recognised by its two-byte header, parsed, and returned as a
/// handshake record whose `sslv2ClientHello` holds the converted hello.
public struct RecordParser: Sendable {
    /// The largest fragment accepted; longer is `malformed`.
    public let maxFragmentLength: Int
    /// Whether an SSLv2-compatible ClientHello may open the stream.
    public let allowsSSLv2ClientHello: Bool

    private var buffer: [UInt8] = []
    private var start = 0
    /// Stream offset of `buffer[start]`.
    private var consumed = 0
    private var failure: WireError?
    /// Bytes still to drop from the next appends: the rest of a record whose middle was
    /// not captured (`skip(_:)`), so the record after it starts where it should.
    private var discarding = 0

    /// Records returned so far (and records cut short by `skip(_:)`).
    public private(set) var recordCount = 0

    /// A parser accepting fragments up to `maxFragmentLength` bytes (default 2^14 + 2048,
    /// the TLS 1.2 ciphertext limit and the largest any version allows).
    public init(maxFragmentLength: Int = TLSRecord.maxCiphertextFragmentLength, allowsSSLv2ClientHello: Bool = true) {
        self.maxFragmentLength = max(0, maxFragmentLength)
        self.allowsSSLv2ClientHello = allowsSSLv2ClientHello
    }

    /// Bytes appended and not yet returned in a record.
    public var bufferedByteCount: Int { buffer.count - start }

    /// The memory the buffer holds, as a caller bounding memory counts it: its bytes,
    /// consumed ones not yet dropped included. A buffer whose every byte was returned in a
    /// record is given back at once, so an idle stream holds nothing.
    public var heldByteCount: Int { buffer.count }

    /// Stream offset of the next record's first byte (bytes consumed so far).
    public var offset: Int { consumed }

    /// Adds bytes from the stream.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count - start || start > 64 * 1024 {
            buffer.removeFirst(start)
            start = 0
        }
        if discarding > 0 {
            let dropped = min(discarding, bytes.count)
            discarding -= dropped
            consumed += dropped
            buffer.append(contentsOf: bytes.dropFirst(dropped))
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// A record whose header was read but whose fragment was partly not captured.
    public struct CutRecord: Hashable, Sendable {
        public var contentType: ContentType
        public var legacyVersion: ProtocolVersion
        /// The fragment's length, as its header says.
        public var length: Int
        /// The fragment's bytes before the missing ones (at most one record's worth).
        public var capturedFragment: [UInt8]
        /// How many of the fragment's bytes were captured before the missing ones.
        public var captured: Int { capturedFragment.count }
        /// Stream offset of the record's header.
        public var streamOffset: Int
    }

    /// `count` bytes of the stream at this point were not captured (a hole in the capture,
    /// or the part of a segment the snap length cut off). A record whose header is
    /// buffered is returned as cut short; when the missing bytes end inside it, its header
    /// says where the next record starts, so framing goes on exactly (`framingKept`) and
    /// the rest of it is dropped as it arrives. Otherwise (the bytes start at a record
    /// boundary or inside a header, or run past the cut record's end, over headers never
    /// seen) framing is lost: the caller starts a new parser at a point it trusts.
    public mutating func skip(_ count: Int) -> (cut: CutRecord?, framingKept: Bool) {
        guard failure == nil, count > 0 else { return (nil, failure == nil) }
        if discarding > 0 {
            // Already inside a cut record's rest: still inside it, or past its end.
            guard count <= discarding else { return (nil, false) }
            discarding -= count
            consumed += count
            return (nil, true)
        }
        guard bufferedByteCount >= TLSRecord.headerLength,
            !(consumed == 0 && recordCount == 0 && allowsSSLv2ClientHello && buffer[start] & 0x80 != 0)
        else {
            return (nil, false)
        }
        let type = ContentType(buffer[start])
        let version = ProtocolVersion(UInt16(buffer[start + 1]) << 8 | UInt16(buffer[start + 2]))
        let length = Int(buffer[start + 3]) << 8 | Int(buffer[start + 4])
        guard type.isTLSRecordType, version.rawValue >> 8 == 0x03, length <= maxFragmentLength else {
            return (nil, false)
        }
        let have = bufferedByteCount
        let remaining = TLSRecord.headerLength + length - have
        // A whole record still buffered: the caller did not drain, and where the missing
        // bytes fall among what follows it is not known.
        guard remaining > 0 else { return (nil, false) }
        let fragmentStart = start + TLSRecord.headerLength
        let cut = CutRecord(
            contentType: type,
            legacyVersion: version,
            length: length,
            capturedFragment: Array(buffer[fragmentStart..<buffer.count]),
            streamOffset: consumed
        )
        recordCount += 1
        start = buffer.count
        releaseIfDrained()
        guard count <= remaining else {
            consumed += have
            return (cut, false)
        }
        consumed += have + count
        discarding = remaining - count
        return (cut, true)
    }

    /// The next whole record, or nil until more bytes arrive.
    public mutating func nextRecord() throws(WireError) -> TLSRecord? {
        if let failure { throw failure }
        do throws(WireError) {
            if consumed == 0, recordCount == 0, allowsSSLv2ClientHello,
                let first = buffer.indices.contains(start) ? buffer[start] : nil, first & 0x80 != 0
            {
                return try nextSSLv2ClientHello()
            }
            return try nextTLSRecord()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func nextTLSRecord() throws(WireError) -> TLSRecord? {
        guard bufferedByteCount >= TLSRecord.headerLength else { return nil }
        let type = ContentType(buffer[start])
        let version = ProtocolVersion(UInt16(buffer[start + 1]) << 8 | UInt16(buffer[start + 2]))
        let length = Int(buffer[start + 3]) << 8 | Int(buffer[start + 4])
        guard type.isTLSRecordType else {
            throw WireError(
                .malformed,
                field: "content_type",
                offset: consumed,
                detail: "\(type.hex) cannot start a TLS record"
            )
        }
        guard version.rawValue >> 8 == 0x03 else {
            throw WireError(
                .malformed,
                field: "legacy_record_version",
                offset: consumed + 1,
                detail: "\(version.hex) is not a TLS record version"
            )
        }
        guard length <= maxFragmentLength else {
            throw WireError(
                .malformed,
                field: "length",
                offset: consumed + 3,
                detail: "record of \(length) bytes exceeds the limit of \(maxFragmentLength)"
            )
        }
        let total = TLSRecord.headerLength + length
        guard bufferedByteCount >= total else { return nil }
        let fragment = Array(buffer[(start + TLSRecord.headerLength)..<(start + total)])
        let record = TLSRecord(contentType: type, legacyVersion: version, fragment: fragment, streamOffset: consumed)
        start += total
        consumed += total
        recordCount += 1
        releaseIfDrained()
        return record
    }

    private mutating func nextSSLv2ClientHello() throws(WireError) -> TLSRecord? {
        guard bufferedByteCount >= 2 else { return nil }
        let length = Int(buffer[start] & 0x7F) << 8 | Int(buffer[start + 1])
        guard length <= maxFragmentLength else {
            throw WireError(
                .malformed,
                field: "msg_length",
                offset: 0,
                detail: "SSLv2 record of \(length) bytes exceeds the limit of \(maxFragmentLength)"
            )
        }
        // Judge the message's start before waiting for all of it, so garbage with the
        // high bit set is rejected at once rather than after up to 32 KiB.
        if bufferedByteCount >= 3, buffer[start + 2] != 1 {
            throw WireError(
                .malformed,
                field: "msg_type",
                offset: 2,
                detail: "SSLv2 message type \(buffer[start + 2]) is not CLIENT-HELLO (1)"
            )
        }
        guard bufferedByteCount >= 2 + length else { return nil }
        let message = Array(buffer[(start + 2)..<(start + 2 + length)])
        let hello = try ClientHello(sslv2Message: message)
        let record = TLSRecord(
            contentType: .handshake,
            legacyVersion: hello.legacyVersion,
            fragment: message,
            streamOffset: 0,
            sslv2ClientHello: hello
        )
        start += 2 + length
        consumed += 2 + length
        recordCount += 1
        releaseIfDrained()
        return record
    }

    /// Gives the buffer back once every byte in it was returned: thousands of idle
    /// streams must not each keep a segment's worth of memory that nobody counts.
    private mutating func releaseIfDrained() {
        if start == buffer.count {
            buffer = []
            start = 0
        }
    }

    /// Whether `prefix`, the first bytes of a stream, plausibly starts TLS: a record header
    /// with a content type TLS uses, a version from 0x0300 (SSL 3.0) to 0x0304, and a
    /// length from 1 to 2^14 + 2048; or an SSLv2-compatible ClientHello's header. Needs
    /// at least 5 bytes. Lets a capture find TLS by what it says, not by port.
    public static func looksLikeTLS(_ prefix: some Collection<UInt8>) -> Bool {
        let bytes = Array(prefix.prefix(5))
        guard bytes.count == 5 else { return false }
        return couldStartTLS(bytes)
    }

    /// Whether `prefix` (any length, even empty) is consistent with the start of TLS under
    /// the rules of `looksLikeTLS(_:)`: every byte present fits them. A live peer that
    /// hung up after fewer than 5 bytes is judged on what it sent. With `anySSLv2Message`,
    /// a first byte with the high bit set (an SSLv2 record header) counts whatever message
    /// follows: a live server's SSLv2 SERVER-HELLO or ERROR is an old SSL server, not
    /// another protocol.
    public static func couldStartTLS(_ prefix: some Collection<UInt8>, anySSLv2Message: Bool = false) -> Bool {
        let bytes = Array(prefix.prefix(5))
        guard let first = bytes.first else { return true }
        if first & 0x80 != 0 {
            if anySSLv2Message { return true }
            // SSLv2 header, CLIENT-HELLO, version SSL 2.0 or 3.0 to TLS 1.3.
            if bytes.count >= 3 && bytes[2] != 1 { return false }
            if bytes.count >= 2 && (Int(first & 0x7F) << 8 | Int(bytes[1])) < 9 { return false }
            if bytes.count >= 4 && !(bytes[3] == 0x00 || bytes[3] == 0x03) { return false }
            if bytes.count == 5 {
                let version = UInt16(bytes[3]) << 8 | UInt16(bytes[4])
                return version == 0x0002 || (0x0300...0x0304).contains(version)
            }
            return true
        }
        guard ContentType(first).isTLSRecordType else { return false }
        if bytes.count >= 2 && bytes[1] != 3 { return false }
        if bytes.count >= 3 && bytes[2] > 4 { return false }
        if bytes.count == 5 {
            let length = Int(bytes[3]) << 8 | Int(bytes[4])
            return (1...TLSRecord.maxCiphertextFragmentLength).contains(length)
        }
        return true
    }
}
