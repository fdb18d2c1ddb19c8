#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel

/// A bound, listening, non-blocking TCP socket we own, closed in deinit.
package final class ListeningSocket {
    package let fd: Int32
    /// The address bound, as text without the port (`127.0.0.1`, `::`).
    package let address: String
    package let port: Int

    private init(fd: Int32, address: String, port: Int) {
        self.fd = fd
        self.address = address
        self.port = port
    }

    deinit { close(fd) }

    /// `address:port`, `[v6]:port`.
    package var display: String { HostPort.display(host: address, port: port) }

    /// The sockets for `where`: every address of a name, or the IPv4 and IPv6 wildcards
    /// (IPv6 only where the machine has it). Any one that cannot be bound fails the whole.
    package static func open(_ where: ListenAddress, timeout: TimeInterval) throws(ListenFailure) -> [ListeningSocket] {
        var addresses: [ResolvedAddress]
        if let host = `where`.host {
            do throws(ConnectFailure) {
                addresses = try Resolver.resolve(DialTarget(host: host, port: `where`.port), timeout: timeout)
            } catch {
                throw ListenFailure(.unavailable, error.description, target: `where`.description)
            }
        } else {
            addresses = []
            for literal in ["::", "0.0.0.0"] {
                if let resolved = try? Resolver.resolve(DialTarget(host: literal, port: `where`.port), timeout: timeout)
                {
                    addresses += resolved
                }
            }
        }
        var sockets: [ListeningSocket] = []
        for address in addresses {
            do throws(ListenFailure) {
                sockets.append(try bind(address, port: `where`.port))
            } catch {
                // The IPv6 wildcard on a machine without IPv6 is skipped, not fatal.
                if `where`.host == nil && address.family == AF_INET6 && error.kind == .unavailable { continue }
                throw error
            }
        }
        guard !sockets.isEmpty else {
            throw ListenFailure(.unavailable, "\(`where`): no address to listen on", target: `where`.description)
        }
        return sockets
    }

    private static func bind(_ address: ResolvedAddress, port: Int) throws(ListenFailure) -> ListeningSocket {
        let display = HostPort.display(host: address.text, port: port)
        let fd = SystemCall.nonBlockingStreamSocket(family: address.family)
        guard fd >= 0 else {
            let kind: ListenFailure.Kind = errno == EAFNOSUPPORT ? .unavailable : .local
            throw ListenFailure(
                kind,
                "\(display): cannot open a socket (\(String(cString: strerror(errno))))",
                target: display
            )
        }
        var one: Int32 = 1
        // A restarted listener may bind while old connections linger in TIME_WAIT; Linux still
        // refuses a port another socket listens on.
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if address.family == AF_INET6 {
            // The IPv4 wildcard gets a socket of its own, so "in use" is told apart per family.
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = address.sockaddr.withUnsafeBytes { SystemCall.bind(fd, to: $0) }
        guard bound == 0, listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            switch code {
            case EADDRINUSE:
                throw ListenFailure(
                    .addressInUse,
                    "\(display): the port is in use: another program listens there (\(Self.whoListens) shows which); choose another port or stop it",
                    target: display
                )
            case EACCES, EPERM:
                throw ListenFailure(
                    .permissionDenied,
                    "\(display): permission denied: ports below 1024 need \(Self.lowPortPermission); choose a port above 1023",
                    target: display
                )
            case EADDRNOTAVAIL:
                throw ListenFailure(.unavailable, "\(display): this machine has no such address", target: display)
            default:
                throw ListenFailure(
                    .unavailable,
                    "\(display): cannot listen (\(String(cString: strerror(code)).lowercased()))",
                    target: display
                )
            }
        }
        return ListeningSocket(fd: fd, address: address.text, port: port)
    }

    #if os(macOS)
    /// The command that shows who listens on a port, and who may bind a port below 1024.
    package static let whoListens = "lsof -nP -iTCP -sTCP:LISTEN"
    package static let lowPortPermission = "root (sudo)"
    #else
    package static let whoListens = "ss -ltnp"
    package static let lowPortPermission = "root (or CAP_NET_BIND_SERVICE)"
    #endif

    /// Accepts one waiting connection, non-blocking; nil when none is waiting (or it failed).
    package func accept() -> TCPConnection? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                SystemCall.accept(fd, $0, &length)
            }
        }
        // Non-blocking and close-on-exec already (SystemCall.accept).
        guard client >= 0 else { return nil }
        var one: Int32 = 1
        _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let bytes = withUnsafeBytes(of: &storage) { Array($0.prefix(Int(length))) }
        return TCPConnection(
            fd: client,
            peer: ResolvedAddress(
                family: Int32(storage.ss_family),
                sockaddr: bytes,
                text: Self.text(of: &storage, length: length)
            )
        )
    }

    /// The numeric host of a socket address.
    package static func text(of storage: inout sockaddr_storage, length: socklen_t) -> String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
            }
        }
        guard status == 0 else { return "?" }
        return String(decoding: host.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The local address of a connected socket, as text without the port.
    package static func localAddress(of fd: Int32) -> String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return status == 0 ? text(of: &storage, length: length) : "?"
    }

    /// The port of a socket address (sockaddr_in and sockaddr_in6 keep it at the same place).
    package static func port(of address: ResolvedAddress) -> Int {
        guard address.sockaddr.count >= 4 else { return 0 }
        return Int(address.sockaddr[2]) << 8 | Int(address.sockaddr[3])
    }
}
