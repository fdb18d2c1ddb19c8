/// Finds the Decryption Secrets Blocks of a pcapng stream as its bytes go by, so that
/// secrets embedded in a capture (`editcap --inject-secrets`, Wireshark's "Export TLS
/// Session Keys" into the file) reach the key log while libpcap, which skips these
/// blocks, reads the packets.
///
/// pcapng (draft-ietf-opsawg-pcapng §3.1, §4.7): every block is
///
///     Block Type (4) | Block Total Length (4) | Block Body | Block Total Length (4)
///
/// in the byte order the Section Header Block's magic 0x1A2B3C4D announces; a
/// Decryption Secrets Block (type 0x0000000A) has the body
///
///     Secrets Type (4) | Secrets Length (4) | Secrets Data (padded to 32 bits) | Options
///
/// and Secrets Type 0x544C534B ("TLSK") holds NSS key log text.
///
/// Feed every byte of the file in order, in chunks of any size. Only block headers are
/// read and other blocks are skipped by their length, so the cost is per block, not per
/// byte. A stream that is not pcapng (a pcap file) is let through after its first 12
/// bytes (where a Section Header Block's type, length and byte-order magic would be); a
/// block length that cannot be right ends the scan (libpcap reports the damage).
/// A secrets block larger than `maxSecretsBlock` is skipped and counted.
struct PcapngSecretsScanner {
    static let sectionHeaderType: UInt32 = 0x0A0D_0D0A
    static let decryptionSecretsType: UInt32 = 0x0000_000A
    static let tlsKeyLogSecrets: UInt32 = 0x544C_534B
    static let maxSecretsBlock = 64 * 1024 * 1024

    private enum State {
        /// Gathering the first bytes of a block: type, length and (for a section header)
        /// the byte-order magic.
        case header
        /// Skipping the rest of a block.
        case skipping(Int)
        /// Gathering a secrets block's body and trailer.
        case collecting(Int)
        /// Not pcapng, or lost: nothing more to look at.
        case done
    }

    private var state = State.header
    private var pending: [UInt8] = []
    private var bigEndian = false
    private(set) var blocksFound = 0
    private(set) var oversizeBlocks = 0

    /// Reads `bytes`; `onSecrets` gets the Secrets Type and Secrets Data of each
    /// Decryption Secrets Block completed.
    mutating func consume(_ bytes: UnsafeRawBufferPointer, onSecrets: (UInt32, [UInt8]) -> Void) {
        var index = 0
        while index < bytes.count {
            switch state {
            case .done:
                return
            case .skipping(let remaining):
                let step = min(remaining, bytes.count - index)
                index += step
                state = remaining == step ? .header : .skipping(remaining - step)
            case .collecting(let remaining):
                let step = min(remaining, bytes.count - index)
                pending += bytes[index..<(index + step)]
                index += step
                if remaining == step {
                    secretsBlock(onSecrets)
                    pending = []
                    state = .header
                } else {
                    state = .collecting(remaining - step)
                }
            case .header:
                let step = min(12 - pending.count, bytes.count - index)
                pending += bytes[index..<(index + step)]
                index += step
                if pending.count == 12 { header() }
            }
        }
    }

    /// The first 12 bytes of a block are in `pending`.
    private mutating func header() {
        let type = UInt32(pending[0]) << 24 | UInt32(pending[1]) << 16 | UInt32(pending[2]) << 8 | UInt32(pending[3])
        if type == Self.sectionHeaderType {
            // Byte-Order Magic: 1A 2B 3C 4D written in the section's order.
            switch (pending[8], pending[9], pending[10], pending[11]) {
            case (0x1A, 0x2B, 0x3C, 0x4D): bigEndian = true
            case (0x4D, 0x3C, 0x2B, 0x1A): bigEndian = false
            default:
                state = .done
                return
            }
            sawSection = true
        } else if !sawSection {
            state = .done  // the stream does not start with a section header: not pcapng
            return
        }
        let blockType = word(0)
        let length = Int(word(4))
        guard length >= 12, length % 4 == 0 else {
            state = .done
            return
        }
        // The smallest secrets block: header, Secrets Type and Length, trailer.
        if blockType == Self.decryptionSecretsType && length >= 20 {
            if length <= Self.maxSecretsBlock {
                pending = Array(pending[8..<12])  // the body's first 4 bytes are read
                state = .collecting(length - 12)
                return
            }
            oversizeBlocks += 1
        }
        pending = []
        state = length == 12 ? .header : .skipping(length - 12)
    }

    private var sawSection = false

    /// `pending` holds a secrets block's body and trailing length.
    private mutating func secretsBlock(_ onSecrets: (UInt32, [UInt8]) -> Void) {
        guard pending.count >= 8 else { return }
        let secretsType = word(0)
        let secretsLength = Int(word(4))
        // The body ends 4 bytes before the block does (the trailing Block Total Length).
        guard secretsLength <= pending.count - 8 - 4 else { return }
        blocksFound += 1
        onSecrets(secretsType, Array(pending[8..<(8 + secretsLength)]))
    }

    /// The 32-bit word at `offset` in `pending`, in the section's byte order.
    private func word(_ offset: Int) -> UInt32 {
        let b = pending[offset..<(offset + 4)].map(UInt32.init)
        return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
    }
}
