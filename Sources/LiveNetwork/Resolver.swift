import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel

/// One address to dial, as getaddrinfo(3) gave it.
package struct ResolvedAddress: Sendable, Hashable {
    package let family: Int32
    /// The `sockaddr_in` / `sockaddr_in6` bytes.
    package let sockaddr: [UInt8]
    /// The address as text, without the port: `127.0.0.1`, `::1`.
    package let text: String
}

/// Names to addresses, bounded in time.
package enum Resolver {
    /// Every address of `target` (IPv6 and IPv4, in the system's order). A literal address
    /// never reaches DNS (AI_NUMERICHOST). A name is resolved on a helper thread so the
    /// wait is bounded by `timeout`: getaddrinfo itself takes no timeout.
    package static func resolve(_ target: DialTarget, timeout: TimeInterval) throws(ConnectFailure) -> [ResolvedAddress]
    {
        if target.isIPAddress {
            let (status, addresses) = lookUp(target, numeric: true)
            guard status == 0, !addresses.isEmpty else {
                throw ConnectFailure(.unresolved, "\(target.host): not a usable IP address (\(message(status)))")
            }
            return addresses
        }
        // A `.local` name a browse has resolved is dialled at the addresses it advertised.
        let local = MulticastDNS.isLocalName(target.host)
        if local, let known = MulticastDNS.learned.addresses(of: target.host) {
            return addresses(known, port: target.port)
        }
        let started = Deadline.after(0)
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        // With no thread to be had, resolved here, bounded only by the resolver's own timeouts.
        SystemCall.runBeside {
            box.set(lookUp(target, numeric: false))
            done.signal()
        }
        // A `.local` name leaves half the time to multicast DNS when the system cannot answer.
        let systemTime = local ? timeout / 2 : timeout
        guard done.wait(timeout: .now() + systemTime) == .success, let (status, addresses) = box.get() else {
            if local, let found = multicast(target, timeout: timeout - Deadline.seconds(since: started)) {
                return found
            }
            throw ConnectFailure(
                .unresolved,
                "\(target.host): the name was not resolved within \(Seconds.text(timeout)) (\(local ? "neither DNS nor multicast DNS answers" : "DNS does not answer"))"
            )
        }
        guard status == 0, !addresses.isEmpty else {
            if local, let found = multicast(target, timeout: timeout - Deadline.seconds(since: started)) {
                return found
            }
            throw ConnectFailure(
                .unresolved,
                "\(target.host): the name cannot be resolved (\(message(status))\(local ? "; no answer to a multicast DNS query either" : ""))"
            )
        }
        return addresses
    }

    /// A `.local` name by a one-shot multicast DNS query (RFC 6762 5.1), when the system's
    /// resolver has no mDNS: nil when nobody answers within `timeout`.
    private static func multicast(_ target: DialTarget, timeout: TimeInterval) -> [ResolvedAddress]? {
        guard timeout > 0 else { return nil }
        let found = addresses(MulticastDNS.addresses(of: target.host, timeout: timeout), port: target.port)
        return found.isEmpty ? nil : found
    }

    /// Addresses (4 or 16 bytes) as dialable addresses with `port`, IPv4 first: an IPv6
    /// address a device advertises is often link-local, which needs an interface to dial.
    private static func addresses(_ list: [[UInt8]], port: Int) -> [ResolvedAddress] {
        let ordered = list.filter { $0.count == 4 } + list.filter { $0.count == 16 }
        return ordered.compactMap { bytes in
            guard let address = SystemCall.socketAddress(bytes, port: UInt16(clamping: port)) else { return nil }
            return ResolvedAddress(
                family: bytes.count == 4 ? AF_INET : AF_INET6,
                sockaddr: address,
                text: IPAddressText.format(bytes)
            )
        }
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = Lock()
        private var value: (Int32, [ResolvedAddress])?
        package func set(_ v: (Int32, [ResolvedAddress])) {
            lock.lock()
            value = v
            lock.unlock()
        }
        package func get() -> (Int32, [ResolvedAddress])? {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    private static func message(_ status: Int32) -> String {
        switch status {
        case EAI_NONAME: return "no such host"
        case EAI_AGAIN: return "temporary failure: DNS did not answer"
        case EAI_FAIL: return "DNS failed permanently"
        case EAI_SYSTEM: return String(cString: strerror(errno))
        default: return String(cString: gai_strerror(status))
        }
    }

    private static func lookUp(_ target: DialTarget, numeric: Bool) -> (Int32, [ResolvedAddress]) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_protocol = Int32(IPPROTO_TCP)
        hints.ai_flags = AI_NUMERICSERV | (numeric ? AI_NUMERICHOST : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(target.host, String(target.port), &hints, &list)
        guard status == 0 else { return (status, []) }
        defer { freeaddrinfo(list) }
        var addresses: [ResolvedAddress] = []
        var cursor = list
        while let entry = cursor, addresses.count < 32 {
            defer { cursor = entry.pointee.ai_next }
            guard let address = entry.pointee.ai_addr,
                entry.pointee.ai_family == AF_INET || entry.pointee.ai_family == AF_INET6
            else { continue }
            let length = Int(entry.pointee.ai_addrlen)
            let bytes = Array(UnsafeRawBufferPointer(start: address, count: length))
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(address, entry.pointee.ai_addrlen, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
                    == 0
            else { continue }
            let resolved = ResolvedAddress(
                family: entry.pointee.ai_family,
                sockaddr: bytes,
                text: String(decoding: host.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            )
            if !addresses.contains(resolved) { addresses.append(resolved) }
        }
        return (0, addresses)
    }
}

/// Seconds as people write them: "10 s", "2.5 s".
package enum Seconds {
    package static func text(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : SystemCall.format("%.1f s", seconds)
    }
}
