// The socket options and calls of a one-shot multicast DNS query (RFC 6762 5.1): sending
// to 224.0.0.251 or ff02::fb from an ephemeral port, answers coming back by unicast to it.
// No group is joined: a one-shot querier listens on its own port only.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension SystemCall {
    /// Sets a datagram socket for sending mDNS queries: hop limit 255 (RFC 6762 11) and
    /// loopback of multicast on, so a responder on this host hears the query. False when a
    /// socket option was refused (errno set).
    public static func prepareMulticastQuerier(_ fd: Int32, family: Int32) -> Bool {
        if family == AF_INET6 {
            var hops: Int32 = 255
            var loop: UInt32 = 1
            return setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_MULTICAST_HOPS, &hops, socklen_t(MemoryLayout<Int32>.size))
                == 0
                && setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_MULTICAST_LOOP, &loop, socklen_t(MemoryLayout<UInt32>.size))
                    == 0
        }
        // Darwin takes these two as one byte; Linux takes a byte or an int.
        var ttl: UInt8 = 255
        var loop: UInt8 = 1
        return setsockopt(fd, Int32(IPPROTO_IP), IP_MULTICAST_TTL, &ttl, socklen_t(MemoryLayout<UInt8>.size)) == 0
            && setsockopt(fd, Int32(IPPROTO_IP), IP_MULTICAST_LOOP, &loop, socklen_t(MemoryLayout<UInt8>.size)) == 0
    }

    /// sendto(2) of one datagram to the `sockaddr_in` / `sockaddr_in6` in `address`: the
    /// bytes sent, or -1 with errno set.
    public static func sendDatagram(_ fd: Int32, _ bytes: [UInt8], to address: [UInt8]) -> Int {
        bytes.withUnsafeBytes { buffer in
            address.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return -1 }
                #if canImport(Glibc)
                return Glibc.sendto(
                    fd,
                    buffer.baseAddress,
                    buffer.count,
                    Int32(MSG_NOSIGNAL),
                    base.assumingMemoryBound(to: sockaddr.self),
                    socklen_t(raw.count)
                )
                #elseif canImport(Darwin)
                return Darwin.sendto(
                    fd,
                    buffer.baseAddress,
                    buffer.count,
                    0,
                    base.assumingMemoryBound(to: sockaddr.self),
                    socklen_t(raw.count)
                )
                #elseif canImport(Musl)
                return Musl.sendto(
                    fd,
                    buffer.baseAddress,
                    buffer.count,
                    MSG_NOSIGNAL,
                    base.assumingMemoryBound(to: sockaddr.self),
                    socklen_t(raw.count)
                )
                #endif
            }
        }
    }

    /// recvfrom(2) of one datagram without waiting: its bytes and the sender's address
    /// (`sockaddr` bytes), nil when none is waiting or on an error.
    public static func receiveDatagram(_ fd: Int32, maximum: Int) -> (bytes: [UInt8], from: [UInt8])? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let n = buffer.withUnsafeMutableBytes { raw in
            withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    recvfrom(fd, raw.baseAddress, raw.count, 0, address, &length)
                }
            }
        }
        guard n >= 0 else { return nil }
        let from = withUnsafeBytes(of: &storage) { Array($0.prefix(Int(length))) }
        return (Array(buffer.prefix(n)), from)
    }

    /// The `sockaddr_in` (4 address bytes) or `sockaddr_in6` (16) bytes of an address and port.
    public static func socketAddress(_ address: [UInt8], port: UInt16) -> [UInt8]? {
        if address.count == 4 {
            var value = sockaddr_in()
            #if canImport(Darwin)
            value.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            value.sin_family = sa_family_t(AF_INET)
            value.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &value.sin_addr) { $0.copyBytes(from: address) }
            return withUnsafeBytes(of: &value) { Array($0) }
        }
        if address.count == 16 {
            var value = sockaddr_in6()
            #if canImport(Darwin)
            value.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            value.sin6_family = sa_family_t(AF_INET6)
            value.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &value.sin6_addr) { $0.copyBytes(from: address) }
            return withUnsafeBytes(of: &value) { Array($0) }
        }
        return nil
    }
}
