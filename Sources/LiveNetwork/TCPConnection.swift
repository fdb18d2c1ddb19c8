#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel

/// A non-blocking TCP socket we own, closed in deinit. Every wait is a poll(2) with a
/// deadline, so no network wait is unbounded.
package final class TCPConnection {
    package let fd: Int32
    /// The address at the other end.
    package let peer: ResolvedAddress

    /// Takes ownership of `fd`, a connected non-blocking socket (dialled, or accepted by listen).
    package init(fd: Int32, peer: ResolvedAddress) {
        self.fd = fd
        self.peer = peer
    }

    deinit { close(fd) }

    /// Connects to the first of `addresses` that accepts, all within `timeout`. A refusal
    /// moves on to the next address; the failure reported is the most telling one.
    package static func connect(
        to addresses: [ResolvedAddress],
        target: DialTarget,
        timeout: TimeInterval
    ) throws(ConnectFailure) -> TCPConnection {
        let deadline = Deadline.after(timeout)
        var failures: [(ResolvedAddress, Int32)] = []
        for address in addresses {
            if deadline.hasPassed { break }
            let fd = SystemCall.nonBlockingStreamSocket(family: address.family)
            guard fd >= 0 else {
                throw ConnectFailure(.local, "cannot open a socket: \(String(cString: strerror(errno)))")
            }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let connection = TCPConnection(fd: fd, peer: address)
            let started = address.sockaddr.withUnsafeBytes { SystemCall.connect(fd, to: $0) }
            var error: Int32 = started == 0 ? 0 : errno
            if started != 0 && (error == EINPROGRESS || error == EINTR) {
                switch connection.wait(for: Int16(POLLOUT), until: deadline) {
                case .ready:
                    var value: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    error = getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) == 0 ? value : errno
                case .timedOut:
                    error = ETIMEDOUT
                case .failed(let code):
                    error = code
                }
            }
            if error == 0 { return connection }
            failures.append((address, error))
        }
        throw failure(failures, target: target, timeout: timeout)
    }

    private static func failure(
        _ failures: [(ResolvedAddress, Int32)],
        target: DialTarget,
        timeout: TimeInterval
    ) -> ConnectFailure {
        let tried = failures.map { HostPort.display(host: $0.0.text, port: target.port) }
        let name =
            target.isIPAddress || tried.isEmpty ? target.description : "\(target) (\(tried.joined(separator: ", ")))"
        if failures.isEmpty || failures.contains(where: { $0.1 == ETIMEDOUT }) {
            return ConnectFailure(
                .connectTimedOut,
                "\(name): no answer to the TCP connection within \(Seconds.text(timeout)) (the host is down, or a firewall drops the packets)"
            )
        }
        if let unreachable = failures.first(where: {
            [ENETUNREACH, EHOSTUNREACH, EHOSTDOWN, ENETDOWN, EADDRNOTAVAIL].contains($0.1)
        }) {
            return ConnectFailure(
                .unreachable,
                "\(name): unreachable (\(String(cString: strerror(unreachable.1)).lowercased())): no route to that address from this machine"
            )
        }
        if failures.allSatisfy({ $0.1 == ECONNREFUSED }) {
            return ConnectFailure(
                .refused,
                "\(name): connection refused: nothing listens on port \(target.port) there (or a firewall rejects it)"
            )
        }
        let last = failures[failures.count - 1]
        return ConnectFailure(
            .unreachable,
            "\(name): cannot connect (\(String(cString: strerror(last.1)).lowercased()))"
        )
    }

    package enum Wait: Equatable {
        case ready
        case timedOut
        case failed(Int32)
    }

    /// Waits until the socket is ready for `events` or `deadline` passes. POLLHUP and
    /// POLLERR count as ready: the next read or write tells what happened.
    package func wait(for events: Int16, until deadline: Deadline) -> Wait {
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        while true {
            let n = poll(&descriptor, 1, deadline.remainingMilliseconds)
            if n > 0 { return .ready }
            if n == 0 { return deadline.hasPassed ? .timedOut : .ready }
            if errno == EINTR { continue }
            return .failed(errno)
        }
    }

    package enum Received {
        case bytes(Int)
        case endOfStream
        case wouldBlock
        case failed(Int32)
    }

    /// Reads what is there into `buffer` without waiting.
    package func receive(into buffer: inout [UInt8]) -> Received {
        while true {
            let n = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return recv(fd, base, raw.count, 0)
            }
            if n > 0 { return .bytes(n) }
            if n == 0 { return .endOfStream }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock }
            return .failed(errno)
        }
    }

    /// Sends all of `bytes` before `deadline`; returns the errno on failure, ETIMEDOUT when
    /// the deadline passes. A closed peer is an error, not a SIGPIPE (`SystemCall.send`).
    package func send(_ bytes: UnsafeRawBufferPointer, until deadline: Deadline) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let n = SystemCall.send(fd, base + offset, bytes.count - offset)
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                switch wait(for: Int16(POLLOUT), until: deadline) {
                case .ready: continue
                case .timedOut: return ETIMEDOUT
                case .failed(let code): return code
                }
            }
            return n < 0 ? errno : EPIPE
        }
        return nil
    }
}
