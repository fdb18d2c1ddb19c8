import TLSModel
import TLSWire

/// Follows the record framing of the bytes a peer sends, as they come off the socket,
/// without keeping them: how many whole records arrived, how much of the next one, and
/// where the bytes stopped being TLS records (by TLSWire's rule for a record header: a
/// content type TLS uses, major version 3, a length up to 2^14 + 2048). Keeps the first 16
/// bytes of the last record begun, so a refusal can show what the peer sent. Bounded:
/// a fixed amount of state whatever the peer sends.
package struct RecordFraming {
    package init() {}

    package private(set) var bytes = 0
    package private(set) var records = 0
    /// The current record's header, while it is incomplete (fewer than 5 bytes).
    private var header: [UInt8] = []
    /// Fragment bytes of the current record still due, once its header is complete.
    private var fragmentDue: Int?
    /// Where the current (or last) record begins, and its first bytes.
    private var recordOffset: Int?
    private var recordStart: [UInt8] = []
    /// The bytes at `recordOffset` cannot start a record: nothing after them is framed.
    private var broken = false
    /// An SSLv2-framed stream: not followed.
    private var sslv2 = false

    package mutating func add(_ chunk: ArraySlice<UInt8>) {
        var index = chunk.startIndex
        while index < chunk.endIndex {
            if broken || sslv2 {
                keepStart(chunk[index...])
                bytes += chunk.endIndex - index
                return
            }
            if let due = fragmentDue {
                let take = min(due, chunk.endIndex - index)
                keepStart(chunk[index..<(index + take)])
                index += take
                bytes += take
                fragmentDue = due - take
                if fragmentDue == 0 { endRecord() }
                continue
            }
            let byte = chunk[index]
            if header.isEmpty {
                if bytes == 0 && byte & 0x80 != 0 {
                    sslv2 = true
                    continue
                }
                recordOffset = bytes
                recordStart = []
            }
            header.append(byte)
            keepStart(chunk[index...index])
            index += 1
            bytes += 1
            guard header.count == TLSRecord.headerLength else { continue }
            guard let length = TLSRecord.fragmentLength(ofHeader: header) else {
                broken = true
                continue
            }
            fragmentDue = length
            if length == 0 { endRecord() }
        }
    }

    private mutating func endRecord() {
        records += 1
        header = []
        fragmentDue = nil
    }

    private mutating func keepStart(_ bytes: ArraySlice<UInt8>) {
        guard recordStart.count < 16 else { return }
        recordStart += bytes.prefix(16 - recordStart.count)
    }

    /// What the peer's bytes came to so far.
    package var stream: PeerStream {
        let unfinished: Int
        var declared: Int?
        if broken || sslv2 {
            unfinished = 0
        } else if let due = fragmentDue {
            let length = Int(header[3]) << 8 | Int(header[4])
            declared = TLSRecord.headerLength + length
            unfinished = TLSRecord.headerLength + length - due
        } else {
            unfinished = header.count
        }
        return PeerStream(
            bytes: bytes,
            records: records,
            unfinishedRecordBytes: unfinished,
            unfinishedRecordLength: declared,
            lastRecordOffset: recordOffset,
            lastRecordStart: recordStart,
            notARecord: broken,
            sslv2: sslv2
        )
    }
}
