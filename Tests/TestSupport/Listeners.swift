import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 that completes TCP handshakes (the kernel does, from the
/// listen backlog) and never reads or answers: a server that accepts and stays silent.
/// With `fillBacklog`, its one-slot queue is filled first, so a further connection gets
/// no answer to its SYN at all (a connect timeout, on loopback).
public final class SilentListener: @unchecked Sendable {
    public let port: Int
    private let fd: Int32
    private var fillers: [Int32] = []

    public init(fillBacklog: Bool = false) throws {
        let (fd, port) = try loopbackListener(backlog: fillBacklog ? 0 : 16)
        self.fd = fd
        self.port = port
        if fillBacklog {
            for _ in 0..<3 {
                let filler = loopbackConnect(port: port, nonBlocking: true)
                if filler >= 0 { fillers.append(filler) }
            }
            usleep(50_000)
        }
    }

    public var address: String { "127.0.0.1:\(port)" }

    deinit {
        for filler in fillers { close(filler) }
        close(fd)
    }
}

/// A TCP server on 127.0.0.1 that answers each connection the same way, on its own
/// thread: reads what the client sends, writes `reply` (if any), then closes — or resets
/// (RST) with `reset`. For peers that do not speak TLS or hang up on a ClientHello.
public final class ScriptedTCPServer: @unchecked Sendable {
    public let port: Int
    private let fd: Int32
    private let stopped = Mutex(false)

    public init(reply: [UInt8]?, reset: Bool = false) throws {
        let (fd, port) = try loopbackListener(backlog: 16)
        self.fd = fd
        self.port = port
        let listener = fd
        let stopped = self.stopped
        acceptUntilStopped(listener, stopped) { client in
            var buffer = [UInt8](repeating: 0, count: 4096)
            var readable = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            if poll(&readable, 1, 2000) > 0 { _ = recv(client, &buffer, buffer.count, 0) }
            if let reply { _ = send(client, reply, reply.count, Int32(MSG_NOSIGNAL)) }
            if reset {
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            } else {
                usleep(100_000)
            }
            close(client)
        }
    }

    public var address: String { "127.0.0.1:\(port)" }

    /// Stops accepting; the serving thread closes the listening socket within 0.1 s.
    public func stop() { stopped.withLock { $0 = true } }

    deinit { stop() }
}
