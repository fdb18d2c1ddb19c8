import Foundation

/// UDP datagrams between a client and a server, framed for a capture file (Ethernet or raw
/// IP, IPv4 or IPv6), for tests that build DTLS traffic byte by byte: DTLS 1.3 and
/// connection-ID records (OpenSSL 3.0 has neither), DTLS after STUN on one port.
public struct UDPConversation: Sendable {
    public enum Sender: Sendable { case client, server }

    public var ethernet: Bool
    public var ipv6: Bool
    public var clientPort: UInt16
    public var serverPort: UInt16
    public var time: Double = 1_768_478_400
    /// Seconds between datagrams.
    public var step: Double = 0.001

    public init(ethernet: Bool = true, ipv6: Bool = false, clientPort: UInt16 = 50_000, serverPort: UInt16 = 4433) {
        self.ethernet = ethernet
        self.ipv6 = ipv6
        self.clientPort = clientPort
        self.serverPort = serverPort
    }

    /// The LINKTYPE_ value for the file header.
    public var linkType: UInt32 { ethernet ? 1 : 101 }

    /// One datagram carrying `payload`.
    public mutating func datagram(from sender: Sender, _ payload: [UInt8]) -> CaptureWriter.Packet {
        time += step
        let fromClient = sender == .client
        var udp = ByteWriter()
        udp.be16(fromClient ? clientPort : serverPort)
        udp.be16(fromClient ? serverPort : clientPort)
        udp.be16(UInt16(8 + payload.count))
        udp.be16(0)  // no checksum (allowed over IPv4; readers do not check it)
        udp.bytes += payload

        var ip = ByteWriter()
        if ipv6 {
            ip.bytes += [0x60, 0, 0, 0]
            ip.be16(UInt16(udp.bytes.count))
            ip.bytes += [17, 64]
            let client: [UInt8] = [UInt8](repeating: 0, count: 15) + [1]
            let server: [UInt8] = [0xFD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5]
            ip.bytes += fromClient ? client + server : server + client
        } else {
            ip.bytes += [0x45, 0]
            ip.be16(UInt16(20 + udp.bytes.count))
            ip.bytes += [0, 1, 0x40, 0, 64, 17, 0, 0]
            let client: [UInt8] = [127, 0, 0, 1]
            let server: [UInt8] = [127, 0, 0, 5]
            ip.bytes += fromClient ? client + server : server + client
            let sum = TCPConversation.checksum(Array(ip.bytes[0..<20]))
            ip.bytes[10] = UInt8(sum >> 8)
            ip.bytes[11] = UInt8(sum & 0xFF)
        }
        ip.bytes += udp.bytes
        var frame = ByteWriter()
        if ethernet {
            frame.bytes += fromClient ? [2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1] : [2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2]
            frame.be16(ipv6 ? 0x86DD : 0x0800)
        }
        frame.bytes += ip.bytes
        if ethernet, frame.bytes.count < 60 { frame.bytes += [UInt8](repeating: 0, count: 60 - frame.bytes.count) }
        return CaptureWriter.Packet(time: time, bytes: frame.bytes)
    }
}

/// DTLS records and handshake fragments built field by field from RFC 6347, RFC 9146 and
/// RFC 9147, for tests.
public enum DTLSBytes {
    /// A 13-byte-header record (RFC 6347 §4.1).
    public static func record(
        type: UInt8,
        version: UInt16 = 0xFEFD,
        epoch: UInt16 = 0,
        sequence: UInt64,
        _ fragment: [UInt8]
    ) -> [UInt8] {
        var w = ByteWriter()
        w.bytes.append(type)
        w.be16(version)
        w.be16(epoch)
        for i in (0..<6).reversed() { w.bytes.append(UInt8(truncatingIfNeeded: sequence >> (8 * UInt64(i)))) }
        w.be16(UInt16(fragment.count))
        return w.bytes + fragment
    }

    /// A `tls12_cid` record (RFC 9146 §4): the connection ID before the length.
    public static func cidRecord(epoch: UInt16 = 1, sequence: UInt64, cid: [UInt8], _ encrypted: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.bytes.append(25)
        w.be16(0xFEFD)
        w.be16(epoch)
        for i in (0..<6).reversed() { w.bytes.append(UInt8(truncatingIfNeeded: sequence >> (8 * UInt64(i)))) }
        w.bytes += cid
        w.be16(UInt16(encrypted.count))
        return w.bytes + encrypted
    }

    /// A DTLS 1.3 unified-header record (RFC 9147 §4): 0b001CSLEE.
    public static func unified(
        epoch: UInt8,
        sequence: UInt16,
        cid: [UInt8]? = nil,
        withLength: Bool = true,
        longSequence: Bool = true,
        _ encrypted: [UInt8]
    ) -> [UInt8] {
        var w = ByteWriter()
        var first: UInt8 = 0x20 | (epoch & 0x03)
        if cid != nil { first |= 0x10 }
        if longSequence { first |= 0x08 }
        if withLength { first |= 0x04 }
        w.bytes.append(first)
        if let cid { w.bytes += cid }
        if longSequence { w.be16(sequence) } else { w.bytes.append(UInt8(truncatingIfNeeded: sequence)) }
        if withLength { w.be16(UInt16(encrypted.count)) }
        return w.bytes + encrypted
    }

    /// Handshake fragments of one message (RFC 6347 §4.2.2): the 12-byte header each.
    public static func fragments(type: UInt8, messageSeq: UInt16, body: [UInt8], size: Int? = nil) -> [[UInt8]] {
        let size = max(1, size ?? max(body.count, 1))
        var out: [[UInt8]] = []
        var offset = 0
        repeat {
            let piece = Array(body[offset..<min(body.count, offset + size)])
            out.append(fragment(type: type, length: body.count, messageSeq: messageSeq, offset: offset, piece))
            offset += size
        } while offset < body.count
        return out
    }

    public static func fragment(type: UInt8, length: Int, messageSeq: UInt16, offset: Int, _ piece: [UInt8]) -> [UInt8]
    {
        func u24(_ v: Int) -> [UInt8] {
            [UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
        }
        return [type] + u24(length) + [UInt8(messageSeq >> 8), UInt8(truncatingIfNeeded: messageSeq)] + u24(offset)
            + u24(piece.count) + piece
    }

    /// An extension: type, length, data.
    public static func ext(_ type: UInt16, _ data: [UInt8]) -> [UInt8] {
        [UInt8(type >> 8), UInt8(type & 0xFF), UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
    }

    /// A DTLS ClientHello body (RFC 9147 §5.3): legacy_version 0xFEFD, random, session id,
    /// `cookie`, suites, null compression, `extensions` (each from `ext`).
    public static func clientHello(cookie: [UInt8] = [], suites: [UInt16], extensions: [[UInt8]]) -> [UInt8] {
        var w = ByteWriter()
        w.be16(0xFEFD)
        w.bytes += (0..<32).map { UInt8($0) }
        w.bytes.append(0)
        w.bytes.append(UInt8(cookie.count))
        w.bytes += cookie
        w.be16(UInt16(suites.count * 2))
        for s in suites { w.be16(s) }
        w.bytes += [1, 0]
        let all = extensions.flatMap { $0 }
        w.be16(UInt16(all.count))
        w.bytes += all
        return w.bytes
    }

    /// A ServerHello body (RFC 9147 §5.4: legacy_version 0xFEFD, the version in supported_versions).
    public static func serverHello(suite: UInt16, extensions: [[UInt8]]) -> [UInt8] {
        var w = ByteWriter()
        w.be16(0xFEFD)
        w.bytes += (0..<32).map { UInt8(200 - $0) }
        w.bytes.append(0)
        w.be16(suite)
        w.bytes.append(0)
        let all = extensions.flatMap { $0 }
        w.be16(UInt16(all.count))
        w.bytes += all
        return w.bytes
    }
}
