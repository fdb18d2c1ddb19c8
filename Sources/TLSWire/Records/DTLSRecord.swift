/// One DTLS record found in a UDP datagram: the plaintext-header form of DTLS 1.0/1.2
/// (RFC 6347 §4.1), the same with a connection ID (`tls12_cid`, RFC 9146 §4), or DTLS 1.3's
/// unified header (RFC 9147 §4). A datagram holds one or more records back to back.
///
///     struct {                                     // RFC 6347 §4.1, RFC 9147 §4 DTLSPlaintext
///         ContentType type;
///         ProtocolVersion version;
///         uint16 epoch;
///         uint48 sequence_number;
///         opaque cid[cid_length];                  // tls12_cid (25) only, RFC 9146
///         uint16 length;
///         opaque fragment[DTLSPlaintext.length];
///     } DTLSPlaintext;
///
///      0 1 2 3 4 5 6 7                             // RFC 9147 §4 DTLSCiphertext
///     +-+-+-+-+-+-+-+-+
///     |0|0|1|C|S|L|E E|   C: connection ID present, S: 16-bit sequence (else 8),
///     +-+-+-+-+-+-+-+-+   L: length present (else the record runs to the datagram's end),
///                         EE: the low two bits of the epoch
public struct DTLSRecord: Sendable, Hashable {
    public enum Form: Sendable, Hashable {
        /// The 13-byte header of DTLS 1.0/1.2 (and DTLS 1.3's plaintext records).
        case plaintext
        /// `tls12_cid` (content type 25): a 13-byte header with a connection ID before the length.
        case connectionID
        /// DTLS 1.3's unified header: always protected.
        case unified
    }

    public var form: Form
    /// The record's content type: for `.unified` and `.connectionID` records (protected),
    /// `application_data` or `tls12_cid` as on the wire; the real type is inside.
    public var contentType: ContentType
    /// The header's version; nil for a unified header (it has none).
    public var version: ProtocolVersion?
    /// The epoch: whole for the 13-byte header, the low two bits for a unified header.
    public var epoch: UInt16
    /// The sequence number: 48 bits for the 13-byte header, 8 or 16 (encrypted) bits for a
    /// unified header.
    public var sequenceNumber: UInt64
    /// The connection ID, when the header carries one.
    public var connectionID: [UInt8]
    /// Where the fragment starts in the datagram, and its length.
    public var fragmentOffset: Int
    public var fragmentLength: Int
    /// The header's length in bytes.
    public var headerLength: Int

    /// The 13-byte header's length (RFC 6347 §4.1).
    public static let plaintextHeaderLength = 13
    /// The largest record fragment (RFC 6347 §4.1: 2^14 plus 2048 for expansion).
    public static let maxFragmentLength = (1 << 14) + 2048
    /// The longest connection ID (RFC 9146 §3: cid<0..2^8-1>; RFC 9147 the same).
    public static let maxConnectionIDLength = 255

    public init(
        form: Form,
        contentType: ContentType,
        version: ProtocolVersion?,
        epoch: UInt16,
        sequenceNumber: UInt64,
        connectionID: [UInt8],
        fragmentOffset: Int,
        fragmentLength: Int,
        headerLength: Int
    ) {
        self.form = form
        self.contentType = contentType
        self.version = version
        self.epoch = epoch
        self.sequenceNumber = sequenceNumber
        self.connectionID = connectionID
        self.fragmentOffset = fragmentOffset
        self.fragmentLength = fragmentLength
        self.headerLength = headerLength
    }

    /// Whether the record's contents are protected (epoch above 0, a CID record, a
    /// unified header).
    public var isProtected: Bool { form != .plaintext || epoch > 0 }

    /// RFC 7983 §7 first-byte demultiplexing: a datagram whose first byte is 20–63 may be
    /// DTLS (STUN is 0–3, ZRTP 16–19, TURN channels 64–79, RTP/RTCP 128–191).
    public static func mayBeDTLS(firstByte: UInt8) -> Bool { (20...63).contains(firstByte) }

    /// Whether `datagram` starts with something only DTLS sends: a 13-byte header with a
    /// DTLS version and a handshake, alert or change_cipher_spec type, or a CID record, or
    /// a unified header. Application data alone is not taken for DTLS (anything can look
    /// like it).
    public static func looksLikeDTLS(_ datagram: some RandomAccessCollection<UInt8>) -> Bool {
        guard let first = datagram.first, mayBeDTLS(firstByte: first) else { return false }
        guard datagram.count >= plaintextHeaderLength else { return false }
        let s = datagram.startIndex
        let major = datagram[datagram.index(s, offsetBy: 1)]
        let minor = datagram[datagram.index(s, offsetBy: 2)]
        guard major == 0xFE, minor == 0xFF || minor == 0xFD || minor == 0xFC else { return false }
        return first >= 20 && first <= 22 || first == 25
    }

    /// Splits a datagram into records. `connectionIDLength(_)` says how long the connection
    /// ID is in a `tls12_cid` record or a unified header with C set, when the hellos said
    /// (nil: unknown, and then a CID length is guessed from where the length field makes
    /// the record end: at the datagram's end or at another record). Stops at the first
    /// record that does not frame: `rest` is where, and `error` why.
    public static func records(
        in datagram: UnsafeRawBufferPointer,
        connectionIDLength: (Form) -> Int? = { _ in nil }
    ) -> (records: [DTLSRecord], error: WireError?) {
        var out: [DTLSRecord] = []
        var o = 0
        let n = datagram.count
        // A datagram of 64 KiB holds at most this many headers.
        while o < n && out.count < 4096 {
            let first = datagram[o]
            do throws(WireError) {
                let record: DTLSRecord
                if first & 0xE0 == 0x20 {
                    record = try unified(datagram, at: o, cidLength: connectionIDLength(.unified))
                } else if first == ContentType.tls12CID.rawValue {
                    record = try cid(datagram, at: o, cidLength: connectionIDLength(.connectionID))
                } else {
                    record = try plaintext(datagram, at: o)
                }
                out.append(record)
                o = record.fragmentOffset + record.fragmentLength
            } catch {
                return (out, error)
            }
        }
        return (out, nil)
    }

    static func u16(_ d: UnsafeRawBufferPointer, _ o: Int) -> Int { Int(d[o]) << 8 | Int(d[o + 1]) }

    static func plaintext(_ d: UnsafeRawBufferPointer, at o: Int) throws(WireError) -> DTLSRecord {
        guard d.count - o >= plaintextHeaderLength else {
            throw WireError(
                .needMoreBytes,
                field: "dtls_record.header",
                offset: o,
                detail: "\(d.count - o) of 13 header bytes"
            )
        }
        let type = ContentType(d[o])
        guard (20...26).contains(type.rawValue) else {
            throw WireError(.malformed, field: "dtls_record.type", offset: o, detail: "content type \(type.rawValue)")
        }
        guard d[o + 1] == 0xFE || d[o + 1] == 0x03 else {
            throw WireError(.malformed, field: "dtls_record.version", offset: o + 1, detail: "version \(u16(d, o + 1))")
        }
        let epoch = UInt16(u16(d, o + 3))
        var sequence: UInt64 = 0
        for i in 0..<6 { sequence = sequence << 8 | UInt64(d[o + 5 + i]) }
        let length = u16(d, o + 11)
        guard length <= maxFragmentLength else {
            throw WireError(
                .malformed,
                field: "dtls_record.length",
                offset: o + 11,
                detail: "length \(length) over \(maxFragmentLength)"
            )
        }
        guard d.count - o - plaintextHeaderLength >= length else {
            throw WireError(
                .needMoreBytes,
                field: "dtls_record.fragment",
                offset: o + 13,
                detail: "length \(length), \(d.count - o - plaintextHeaderLength) bytes in the datagram"
            )
        }
        return DTLSRecord(
            form: .plaintext,
            contentType: type,
            version: ProtocolVersion(UInt16(u16(d, o + 1))),
            epoch: epoch,
            sequenceNumber: sequence,
            connectionID: [],
            fragmentOffset: o + 13,
            fragmentLength: length,
            headerLength: 13
        )
    }

    /// RFC 9146 §4: the 13-byte header with the connection ID before the length.
    static func cid(_ d: UnsafeRawBufferPointer, at o: Int, cidLength: Int?) throws(WireError) -> DTLSRecord {
        guard d.count - o >= plaintextHeaderLength else {
            throw WireError(.needMoreBytes, field: "dtls_cid_record.header", offset: o, detail: "\(d.count - o) bytes")
        }
        guard d[o + 1] == 0xFE else {
            throw WireError(
                .malformed,
                field: "dtls_cid_record.version",
                offset: o + 1,
                detail: "version \(u16(d, o + 1))"
            )
        }
        let candidates =
            cidLength.map { [$0] } ?? Array(0...min(maxConnectionIDLength, d.count - o - plaintextHeaderLength))
        for length in candidates {
            let lengthAt = o + 11 + length
            guard lengthAt + 2 <= d.count else { continue }
            let fragment = u16(d, lengthAt)
            let end = lengthAt + 2 + fragment
            guard fragment <= maxFragmentLength, end <= d.count else { continue }
            // Without a known length: take the one that ends the record at the datagram's
            // end, or where another record header starts.
            if cidLength == nil && end != d.count
                && !(end < d.count && (20...26).contains(d[end]) || end < d.count && d[end] & 0xE0 == 0x20)
            {
                continue
            }
            var sequence: UInt64 = 0
            for i in 0..<6 { sequence = sequence << 8 | UInt64(d[o + 5 + i]) }
            return DTLSRecord(
                form: .connectionID,
                contentType: .tls12CID,
                version: ProtocolVersion(UInt16(u16(d, o + 1))),
                epoch: UInt16(u16(d, o + 3)),
                sequenceNumber: sequence,
                connectionID: Array(d[(o + 11)..<lengthAt]),
                fragmentOffset: lengthAt + 2,
                fragmentLength: fragment,
                headerLength: 13 + length
            )
        }
        throw WireError(
            .malformed,
            field: "dtls_cid_record.length",
            offset: o + 11,
            detail: "no connection ID length frames the record"
        )
    }

    /// RFC 9147 §4: the unified header.
    static func unified(_ d: UnsafeRawBufferPointer, at o: Int, cidLength: Int?) throws(WireError) -> DTLSRecord {
        let flags = d[o]
        let hasCID = flags & 0x10 != 0
        let longSequence = flags & 0x08 != 0
        let hasLength = flags & 0x04 != 0
        let cidCount: Int
        if hasCID {
            // Without the hellos the length cannot be known; a record with its length field
            // can still be framed by trying each.
            guard let cidLength else {
                guard hasLength else {
                    throw WireError(
                        .malformed,
                        field: "dtls_unified.cid",
                        offset: o,
                        detail: "connection ID of unknown length"
                    )
                }
                for length in 0...min(maxConnectionIDLength, max(0, d.count - o - 1)) {
                    if let record = try? unified(d, at: o, cidLength: length),
                        record.fragmentOffset + record.fragmentLength == d.count
                    {
                        return record
                    }
                }
                throw WireError(
                    .malformed,
                    field: "dtls_unified.cid",
                    offset: o,
                    detail: "no connection ID length frames the record"
                )
            }
            cidCount = cidLength
        } else {
            cidCount = 0
        }
        var p = o + 1
        guard d.count - p >= cidCount else {
            throw WireError(.needMoreBytes, field: "dtls_unified.cid", offset: p, detail: "")
        }
        let connectionID = Array(d[p..<(p + cidCount)])
        p += cidCount
        let sequenceBytes = longSequence ? 2 : 1
        guard d.count - p >= sequenceBytes else {
            throw WireError(.needMoreBytes, field: "dtls_unified.sequence", offset: p, detail: "")
        }
        let sequence = longSequence ? UInt64(u16(d, p)) : UInt64(d[p])
        p += sequenceBytes
        let length: Int
        if hasLength {
            guard d.count - p >= 2 else {
                throw WireError(.needMoreBytes, field: "dtls_unified.length", offset: p, detail: "")
            }
            length = u16(d, p)
            p += 2
            guard length <= maxFragmentLength else {
                throw WireError(
                    .malformed,
                    field: "dtls_unified.length",
                    offset: p - 2,
                    detail: "length \(length) over \(maxFragmentLength)"
                )
            }
            guard d.count - p >= length else {
                throw WireError(
                    .needMoreBytes,
                    field: "dtls_unified.fragment",
                    offset: p,
                    detail: "length \(length), \(d.count - p) bytes left"
                )
            }
        } else {
            length = d.count - p
        }
        return DTLSRecord(
            form: .unified,
            contentType: .applicationData,
            version: nil,
            epoch: UInt16(flags & 0x03),
            sequenceNumber: sequence,
            connectionID: connectionID,
            fragmentOffset: p,
            fragmentLength: length,
            headerLength: p - o
        )
    }
}
