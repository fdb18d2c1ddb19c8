import TLSModel

/// An IPv4 or IPv6 address held as 16 bytes in two words (IPv4 as `::ffff:a.b.c.d`), so
/// that flow keys hash quickly and never allocate.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64
    public let isIPv6: Bool

    /// The 4 bytes of an IPv4 address, network order.
    init(ipv4 bytes: UnsafeRawBufferPointer, at offset: Int) {
        high = 0
        low = 0xFFFF_0000_0000 | UInt64(Self.be32(bytes, offset))
        isIPv6 = false
    }

    /// The 16 bytes of an IPv6 address, network order.
    init(ipv6 bytes: UnsafeRawBufferPointer, at offset: Int) {
        high = UInt64(Self.be32(bytes, offset)) << 32 | UInt64(Self.be32(bytes, offset + 4))
        low = UInt64(Self.be32(bytes, offset + 8)) << 32 | UInt64(Self.be32(bytes, offset + 12))
        isIPv6 = true
    }

    /// From text (`127.0.0.1`, `::1`), for tests and filters; nil when it is not an address.
    public init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let value = withUnsafeBytes(of: &v4) { Self.be32($0, 0) }
            high = 0
            low = 0xFFFF_0000_0000 | UInt64(value)
            isIPv6 = false
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            (high, low) = withUnsafeBytes(of: &v6) {
                (
                    UInt64(Self.be32($0, 0)) << 32 | UInt64(Self.be32($0, 4)),
                    UInt64(Self.be32($0, 8)) << 32 | UInt64(Self.be32($0, 12))
                )
            }
            isIPv6 = true
        } else {
            return nil
        }
    }

    /// The address's bytes, network order: 4 for IPv4, 16 for IPv6.
    public var bytes: [UInt8] {
        let all =
            (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        return isIPv6 ? all : Array(all.suffix(4))
    }

    /// `192.0.2.1` or RFC 5952 text (`::1`).
    public var description: String {
        var raw = bytes
        let family = isIPv6 ? AF_INET6 : AF_INET
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let ok = raw.withUnsafeMutableBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) != nil }
        guard ok else { return "?" }  // inet_ntop fails only on a bad family or buffer
        return cText(text)
    }

    static func be32(_ b: UnsafeRawBufferPointer, _ o: Int) -> UInt32 {
        UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
    }
}

/// An address and a TCP port.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
    public var address: IPAddress
    public var port: UInt16

    public init(address: IPAddress, port: UInt16) {
        self.address = address
        self.port = port
    }

    /// `192.0.2.1:443`, `[::1]:443`.
    public var description: String {
        HostPort.display(host: address.description, port: Int(port))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
