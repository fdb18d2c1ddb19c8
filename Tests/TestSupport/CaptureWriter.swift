import Foundation

/// Writes synthetic packet captures for tests: pcap (microsecond) and pcapng files with
/// TCP segments framed for any link type tlsprobe reads, so reassembly edge cases (out of
/// order, retransmitted, missing, one-byte segments) can be built exactly.
public enum CaptureWriter {
    public enum Format: Sendable { case pcap, pcapng }

    /// One captured frame.
    public struct Packet: Sendable {
        public var time: Double
        public var bytes: [UInt8]
        /// The length on the wire; more than `bytes.count` when the snap length cut it.
        public var wireLength: Int

        public init(time: Double, bytes: [UInt8], wireLength: Int? = nil) {
            self.time = time
            self.bytes = bytes
            self.wireLength = wireLength ?? bytes.count
        }
    }

    /// A whole capture file with `packets` of `linkType` (a LINKTYPE_ value). For pcapng,
    /// `secrets` (NSS key log text) go into a Decryption Secrets Block before the packets,
    /// as `editcap --inject-secrets tls,keys.log` puts them; `bigEndian` writes the
    /// section in big-endian byte order. `snapLength` is what the header says; packets
    /// are written as given (cut them to it as tcpdump -s or editcap -s would).
    public static func file(
        _ format: Format = .pcap,
        linkType: UInt32,
        packets: [Packet],
        secrets: [[UInt8]] = [],
        bigEndian: Bool = false,
        snapLength: UInt32 = 262_144
    ) -> Data {
        var out = ByteWriter()
        switch format {
        case .pcap:
            out.le32(0xA1B2_C3D4)
            out.le16(2)
            out.le16(4)
            out.le32(0)
            out.le32(0)
            out.le32(snapLength)
            out.le32(linkType)
            for p in packets {
                let seconds = p.time.rounded(.down)
                out.le32(UInt32(seconds))
                out.le32(UInt32(((p.time - seconds) * 1_000_000).rounded()))
                out.le32(UInt32(p.bytes.count))
                out.le32(UInt32(p.wireLength))
                out.bytes += p.bytes
            }
        case .pcapng:
            out.bigEndian = bigEndian
            // Section Header Block.
            out.le32(0x0A0D_0D0A)
            out.le32(28)
            out.le32(0x1A2B_3C4D)
            out.le16(1)
            out.le16(0)
            out.le32(0xFFFF_FFFF)
            out.le32(0xFFFF_FFFF)
            out.le32(28)
            // Interface Description Block (default resolution: microseconds).
            out.le32(1)
            out.le32(20)
            out.le16(UInt16(linkType))
            out.le16(0)
            out.le32(snapLength)
            out.le32(20)
            for text in secrets { out.bytes += decryptionSecretsBlock(text, bigEndian: bigEndian) }
            for p in packets {
                let padded = (p.bytes.count + 3) & ~3
                let length = UInt32(32 + padded)
                let micros = UInt64((p.time * 1_000_000).rounded())
                out.le32(6)
                out.le32(length)
                out.le32(0)
                out.le32(UInt32(micros >> 32))
                out.le32(UInt32(micros & 0xFFFF_FFFF))
                out.le32(UInt32(p.bytes.count))
                out.le32(UInt32(p.wireLength))
                out.bytes += p.bytes
                out.bytes += [UInt8](repeating: 0, count: padded - p.bytes.count)
                out.le32(length)
            }
        }
        return Data(out.bytes)
    }

    /// A pcapng Decryption Secrets Block (type 0x0000000A) of TLS key log text (Secrets
    /// Type 0x544C534B), padded to 32 bits.
    public static func decryptionSecretsBlock(_ text: [UInt8], bigEndian: Bool = false) -> [UInt8] {
        var out = ByteWriter()
        out.bigEndian = bigEndian
        let padded = (text.count + 3) & ~3
        let length = UInt32(12 + 8 + padded)
        out.le32(0x0000_000A)
        out.le32(length)
        out.le32(0x544C_534B)
        out.le32(UInt32(text.count))
        out.bytes += text + [UInt8](repeating: 0, count: padded - text.count)
        out.le32(length)
        return out.bytes
    }

    /// The link type and packets of a pcap file (as tcpdump writes it: microsecond
    /// resolution, either byte order), to write them again, e.g. as pcapng with secrets.
    public static func packets(inPcap data: Data) -> (linkType: UInt32, packets: [Packet])? {
        let bytes = [UInt8](data)
        guard bytes.count >= 24 else { return nil }
        let swapped: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0xD4, 0xC3, 0xB2, 0xA1): swapped = false
        case (0xA1, 0xB2, 0xC3, 0xD4): swapped = true
        default: return nil
        }
        func word(_ offset: Int) -> UInt32 {
            let b = bytes[offset..<(offset + 4)].map(UInt32.init)
            return swapped ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        let linkType = word(20)
        var packets: [Packet] = []
        var offset = 24
        while offset + 16 <= bytes.count {
            let captured = Int(word(offset + 8))
            guard offset + 16 + captured <= bytes.count else { break }
            let time = Double(word(offset)) + Double(word(offset + 4)) / 1_000_000
            packets.append(
                Packet(
                    time: time,
                    bytes: Array(bytes[(offset + 16)..<(offset + 16 + captured)]),
                    wireLength: Int(word(offset + 12))
                )
            )
            offset += 16 + captured
        }
        return (linkType, packets)
    }
}

/// Little- and big-endian appends. With `bigEndian`, the `le` appends write big-endian
/// too (a pcapng section in big-endian byte order).
struct ByteWriter {
    var bytes: [UInt8] = []
    var bigEndian = false
    mutating func le16(_ v: UInt16) { if bigEndian { be16(v) } else { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] } }
    mutating func le32(_ v: UInt32) {
        if bigEndian {
            be32(v)
            return
        }
        for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) }
    }
    mutating func be16(_ v: UInt16) { bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] }
    mutating func be32(_ v: UInt32) {
        for i in (0..<4).reversed() { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) }
    }
}

/// A TCP connection between two endpoints, framed as one link type: hands out packets for
/// the TCP handshake, data in segments of any size, FIN and RST, with real sequence numbers.
public struct TCPConversation: Sendable {
    /// The link layer and its LINKTYPE_ value for the file header.
    public enum Link: Sendable {
        case ethernet
        /// Ethernet with these 802.1Q VLAN IDs, outermost first.
        case vlan([UInt16])
        case linuxCooked
        case linuxCookedV2
        case rawIP
        /// BSD loopback (DLT_NULL): a 4-byte family in little-endian host order.
        case null

        public var linkType: UInt32 {
            switch self {
            case .ethernet, .vlan: 1
            case .linuxCooked: 113
            case .linuxCookedV2: 276
            case .rawIP: 101
            case .null: 0
            }
        }
    }

    public enum Sender: Sendable { case client, server }

    public var link: Link
    public var ipv6: Bool
    /// IPv6 only: a hop-by-hop and a destination options header before TCP.
    public var ipv6ExtensionHeaders = false
    public var clientPort: UInt16
    public var serverPort: UInt16
    /// Next sequence number each side will send.
    public var clientSequence: UInt32 = 0x1000_0000
    public var serverSequence: UInt32 = 0xFFFF_F000  // wraps within the first few kilobytes
    public var time: Double = 1_768_478_400
    /// Seconds between packets.
    public var step: Double = 0.001

    public init(link: Link = .ethernet, ipv6: Bool = false, clientPort: UInt16 = 50_000, serverPort: UInt16 = 4433) {
        self.link = link
        self.ipv6 = ipv6
        self.clientPort = clientPort
        self.serverPort = serverPort
    }

    /// SYN, SYN-ACK, ACK.
    public mutating func open() -> [CaptureWriter.Packet] {
        let syn = packet(from: .client, sequence: clientSequence, flags: 0x02, payload: [])
        clientSequence &+= 1
        let synAck = packet(from: .server, sequence: serverSequence, flags: 0x12, payload: [])
        serverSequence &+= 1
        let ack = packet(from: .client, sequence: clientSequence, flags: 0x10, payload: [])
        return [syn, synAck, ack]
    }

    /// `bytes` from `sender` in segments of at most `segmentSize` bytes.
    public mutating func send(_ bytes: [UInt8], from sender: Sender, segmentSize: Int = 1448) -> [CaptureWriter.Packet]
    {
        var packets: [CaptureWriter.Packet] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + max(1, segmentSize))
            let sequence = sender == .client ? clientSequence : serverSequence
            packets.append(packet(from: sender, sequence: sequence, flags: 0x18, payload: Array(bytes[offset..<end])))
            if sender == .client {
                clientSequence &+= UInt32(end - offset)
            } else {
                serverSequence &+= UInt32(end - offset)
            }
            offset = end
        }
        return packets
    }

    /// FIN from both sides.
    public mutating func close() -> [CaptureWriter.Packet] {
        let a = packet(from: .client, sequence: clientSequence, flags: 0x11, payload: [])
        clientSequence &+= 1
        let b = packet(from: .server, sequence: serverSequence, flags: 0x11, payload: [])
        serverSequence &+= 1
        return [a, b]
    }

    /// A reset from `sender`.
    public mutating func reset(from sender: Sender) -> [CaptureWriter.Packet] {
        [packet(from: sender, sequence: sender == .client ? clientSequence : serverSequence, flags: 0x14, payload: [])]
    }

    /// One frame; advances only the clock.
    public mutating func packet(
        from sender: Sender,
        sequence: UInt32,
        flags: UInt8,
        payload: [UInt8]
    ) -> CaptureWriter.Packet {
        time += step
        let fromClient = sender == .client
        var tcp = ByteWriter()
        tcp.be16(fromClient ? clientPort : serverPort)
        tcp.be16(fromClient ? serverPort : clientPort)
        tcp.be32(sequence)
        tcp.be32(fromClient ? serverSequence : clientSequence)
        tcp.bytes += [0x50, flags]
        tcp.be16(65_535)
        tcp.be16(0)
        tcp.be16(0)
        tcp.bytes += payload

        var ip = ByteWriter()
        if ipv6 {
            var extensions: [UInt8] = []
            var nextHeader: UInt8 = 6
            if ipv6ExtensionHeaders {
                // Hop-by-hop (8 bytes of PadN) then destination options (16 bytes), then TCP.
                extensions = [60, 0, 1, 4, 0, 0, 0, 0] + [6, 1, 1, 12] + [UInt8](repeating: 0, count: 12)
                nextHeader = 0
            }
            ip.bytes += [0x60, 0, 0, 0]
            ip.be16(UInt16(extensions.count + tcp.bytes.count))
            ip.bytes += [nextHeader, 64]
            let clientAddress: [UInt8] = [UInt8](repeating: 0, count: 15) + [1]
            let serverAddress: [UInt8] = [0xFD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5]
            ip.bytes += fromClient ? clientAddress + serverAddress : serverAddress + clientAddress
            ip.bytes += extensions
        } else {
            ip.bytes += [0x45, 0]
            ip.be16(UInt16(20 + tcp.bytes.count))
            ip.bytes += [0, 1, 0x40, 0, 64, 6, 0, 0]
            let clientAddress: [UInt8] = [127, 0, 0, 1]
            let serverAddress: [UInt8] = [127, 0, 0, 5]
            ip.bytes += fromClient ? clientAddress + serverAddress : serverAddress + clientAddress
            let sum = Self.checksum(Array(ip.bytes[0..<20]))
            ip.bytes[10] = UInt8(sum >> 8)
            ip.bytes[11] = UInt8(sum & 0xFF)
        }
        ip.bytes += tcp.bytes

        let etherType: UInt16 = ipv6 ? 0x86DD : 0x0800
        var frame = ByteWriter()
        switch link {
        case .ethernet, .vlan:
            frame.bytes += fromClient ? [2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1] : [2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2]
            if case .vlan(let ids) = link {
                for id in ids {
                    frame.be16(0x8100)
                    frame.be16(id)
                }
            }
            frame.be16(etherType)
        case .linuxCooked:
            frame.be16(fromClient ? 4 : 0)
            frame.be16(1)
            frame.be16(6)
            frame.bytes += [2, 0, 0, 0, 0, 1, 0, 0]
            frame.be16(etherType)
        case .linuxCookedV2:
            frame.be16(etherType)
            frame.be16(0)
            frame.be32(1)
            frame.be16(1)
            frame.bytes += [fromClient ? 4 : 0, 6]
            frame.bytes += [2, 0, 0, 0, 0, 1, 0, 0]
        case .rawIP:
            break
        case .null:
            frame.le32(ipv6 ? 30 : 2)
        }
        frame.bytes += ip.bytes
        // Ethernet pads short frames to 60 bytes: the IP length, not the frame's, says where data ends.
        if case .ethernet = link, frame.bytes.count < 60 {
            frame.bytes += [UInt8](repeating: 0, count: 60 - frame.bytes.count)
        }
        return CaptureWriter.Packet(time: time, bytes: frame.bytes)
    }

    static func checksum(_ header: [UInt8]) -> UInt16 {
        var sum: UInt32 = 0
        for i in stride(from: 0, to: header.count, by: 2) { sum += UInt32(header[i]) << 8 | UInt32(header[i + 1]) }
        while sum > 0xFFFF { sum = (sum & 0xFFFF) + (sum >> 16) }
        return ~UInt16(sum)
    }
}
