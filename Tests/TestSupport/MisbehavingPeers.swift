import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a misbehaving peer does on one connection, step by step: the servers `connect` is
/// pointed at and the clients `listen` is pointed at. Loopback only (127.0.0.1); every wait
/// is bounded, and a step whose send fails (the other end hung up) ends the script.
public enum PeerStep: Sendable {
    /// Waits (at most 5 s) until the other end sends something, and reads what is there.
    case awaitBytes
    /// Sends bytes at once.
    case send([UInt8])
    /// Sends bytes one at a time, one TCP segment each, `gap` seconds apart.
    case drip([UInt8], gap: TimeInterval)
    /// Sends one handshake message of `type` whose header declares `length` body bytes, in
    /// TLS 1.2 handshake records of 16 KiB, `body` first and zeros after it, until all of
    /// it went or the other end stopped taking it.
    case hugeHandshakeMessage(type: UInt8, length: Int, body: [UInt8])
    /// Does nothing for this long (the connection stays open).
    case stall(TimeInterval)
    /// Resets the connection (RST, SO_LINGER 0) and ends the script.
    case reset
}

/// Runs `steps` on the connected socket `fd`; returns the bytes sent. Does not close `fd`.
@discardableResult
public func runPeerSteps(_ steps: [PeerStep], on fd: Int32) -> Int {
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    var sent = 0
    func sendAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            offset += count
            sent += count
        }
        return true
    }
    for step in steps {
        switch step {
        case .awaitBytes:
            var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&readable, 1, 5000) > 0 else { return sent }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            guard recv(fd, &buffer, buffer.count, 0) > 0 else { return sent }
        case .send(let bytes):
            guard sendAll(bytes) else { return sent }
        case .drip(let bytes, let gap):
            for byte in bytes {
                guard sendAll([byte]) else { return sent }
                if gap > 0 { usleep(useconds_t(gap * 1_000_000)) }
            }
        case .hugeHandshakeMessage(let type, let length, let body):
            var message = [type, UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
            var remaining = 4 + length - message.count
            while true {
                let fill = min(remaining, 16 * 1024 - message.count)
                message += [UInt8](repeating: 0, count: max(0, fill))
                remaining -= max(0, fill)
                guard sendAll(TLSBytes.record(type: 22, message)) else { return sent }
                message = []
                if remaining == 0 { break }
            }
        case .stall(let seconds):
            usleep(useconds_t(seconds * 1_000_000))
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            return sent
        }
    }
    return sent
}

/// A TCP server on 127.0.0.1 that runs the same `PeerStep`s on every connection, each on a
/// thread of its own, then closes it. Counts connections and bytes sent.
public final class MisbehavingServer: @unchecked Sendable {
    public let port: Int
    private let fd: Int32
    private let stopped = Mutex(false)
    private let counters = Mutex((connections: 0, bytesSent: 0))

    public init(_ steps: [PeerStep]) throws {
        (fd, port) = try loopbackListener()
        let listener = fd
        let stopped = self.stopped
        let counters = self.counters
        acceptUntilStopped(listener, stopped) { client in
            counters.withLock { $0.connections += 1 }
            Thread.detachNewThread {
                let sent = runPeerSteps(steps, on: client)
                counters.withLock { $0.bytesSent += sent }
                close(client)
            }
        }
    }

    public var address: String { "127.0.0.1:\(port)" }
    /// Connections accepted so far.
    public var connections: Int { counters.withLock { $0.connections } }
    /// Bytes sent over every finished connection.
    public var bytesSent: Int { counters.withLock { $0.bytesSent } }

    /// Stops accepting; the listening socket closes within 0.1 s.
    public func stop() { stopped.withLock { $0 = true } }

    deinit { stop() }
}

/// A client that connects to 127.0.0.1:`port` and runs `PeerStep`s, then closes.
public enum MisbehavingClient {
    /// Connects and runs `steps` on this thread; the bytes sent, or nil when it could not connect.
    @discardableResult
    public static func run(port: Int, _ steps: [PeerStep]) -> Int? {
        let fd = loopbackConnect(port: port)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return runPeerSteps(steps, on: fd)
    }

    /// Runs `run(port:steps)` on a thread of its own; `wait()` on the group for it to end.
    public static func start(port: Int, _ steps: [PeerStep], group: DispatchGroup) {
        group.enter()
        Thread.detachNewThread {
            run(port: port, steps)
            group.leave()
        }
    }
}

/// A relay on 127.0.0.1 in front of a real TLS peer at 127.0.0.1:`upstream` that passes
/// what the chosen direction sends one byte per TCP segment, `gap` seconds apart: every
/// record arrives one byte at a time. The other direction passes as it comes.
public final class TricklingProxy: @unchecked Sendable {
    public enum Direction: Sendable { case fromServer, fromClient }

    public let port: Int
    private let fd: Int32
    private let stopped = Mutex(false)

    public init(upstream: Int, trickle direction: Direction, gap: TimeInterval) throws {
        (fd, port) = try loopbackListener()
        let listener = fd
        let stopped = self.stopped
        acceptUntilStopped(listener, stopped) { client in
            let server = loopbackConnect(port: upstream)
            guard server >= 0 else {
                close(client)
                return
            }
            let done = DispatchGroup()
            for (from, to, slow) in [
                (client, server, direction == .fromClient), (server, client, direction == .fromServer),
            ] {
                done.enter()
                Thread.detachNewThread {
                    Self.relay(from: from, to: to, oneByteEvery: slow ? gap : nil)
                    shutdown(to, Int32(SHUT_WR))
                    done.leave()
                }
            }
            Thread.detachNewThread {
                done.wait()
                close(client)
                close(server)
            }
        }
    }

    public var address: String { "127.0.0.1:\(port)" }

    public func stop() { stopped.withLock { $0 = true } }

    deinit { stop() }

    private static func relay(from: Int32, to: Int32, oneByteEvery gap: TimeInterval?) {
        var one: Int32 = 1
        setsockopt(to, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var readable = pollfd(fd: from, events: Int16(POLLIN), revents: 0)
            // Bounded: a relay left behind by a test ends on its own.
            guard poll(&readable, 1, 30_000) > 0 else { return }
            let count = recv(from, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            if let gap {
                for index in 0..<count {
                    guard send(to, &buffer[index], 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                    if gap > 0 { usleep(useconds_t(gap * 1_000_000)) }
                }
            } else {
                guard buffer.withUnsafeBytes({ send(to, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }) == count else {
                    return
                }
            }
        }
    }
}

/// A TCP socket connected to 127.0.0.1:`port`, or -1 when the connection fails. With
/// `nonBlocking` the socket is returned while its connection may still be in progress.
public func loopbackConnect(port: Int, nonBlocking: Bool = false) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0), 0)
    guard fd >= 0 else { return -1 }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    if connected != 0 && !(nonBlocking && errno == EINPROGRESS) {
        close(fd)
        return -1
    }
    return fd
}

/// On a thread of its own, accepts each connection on `listener` and hands the client
/// socket to `handle` (on that thread), until `stopped` is set (seen within 0.1 s); then
/// closes the listening socket.
func acceptUntilStopped(_ listener: Int32, _ stopped: Mutex<Bool>, _ handle: @escaping @Sendable (Int32) -> Void) {
    Thread.detachNewThread {
        while !stopped.withLock({ $0 }) {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            handle(client)
        }
        close(listener)
    }
}

/// A listening socket on 127.0.0.1 and a free port.
func loopbackListener(backlog: Int32 = 128) throws -> (Int32, Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, backlog) == 0 else {
        close(fd)
        throw PeerError(description: "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}

/// Hand-made TLS bytes for misbehaving peers.
public enum TLSBytes {
    /// A TLSPlaintext record: `type` (22 handshake, 21 alert), version 3.3, `fragment`.
    public static func record(type: UInt8, _ fragment: [UInt8], version: [UInt8] = [3, 3]) -> [UInt8] {
        [type] + version + [UInt8(fragment.count >> 8), UInt8(fragment.count & 0xFF)] + fragment
    }

    /// A handshake message: type, 24-bit length, body.
    public static func handshake(_ type: UInt8, _ body: [UInt8]) -> [UInt8] {
        [type, UInt8(body.count >> 16 & 0xFF), UInt8(body.count >> 8 & 0xFF), UInt8(body.count & 0xFF)] + body
    }

    /// A TLS 1.2 ServerHello choosing ECDHE-RSA-AES128-GCM-SHA256 (which OpenSSL clients
    /// offer) with secure renegotiation, as one record: what a server says before its
    /// Certificate. The random is fixed and carries no downgrade sentinel.
    public static let serverHello12: [UInt8] = {
        let body: [UInt8] =
            [3, 3] + [UInt8](repeating: 0x42, count: 32) + [0] + [0xC0, 0x2F] + [0]
            + [0x00, 0x05, 0xFF, 0x01, 0x00, 0x01, 0x00]
        return record(type: 22, handshake(2, body))
    }()

    /// A TLS 1.2 ClientHello for printer.local (ECDHE-ECDSA/RSA-AES128-GCM), as Python's ssl
    /// module wrote it, as one record.
    public static let clientHello12: [UInt8] = hex(
        "160301009b0100009703039b5b0960803ca85f42fd0ca2068c613cbdedb67cb2917f7dfacce7298d7bc789000006c02bc02f00ff0100006800000012001000000d7072696e7465722e6c6f63616c000b000403000102000a000c000a001d0017001e00190018002300000016000000170000000d002a0028040305030603080708080809080a080b080408050806040105010601030303010302040205020602"
    )

    /// Bytes from hex text.
    public static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex, let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) {
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}

extension Run {
    /// The peak resident set (VmHWM) of process `pid` so far, in KiB; nil once it has exited.
    public static func peakResidentKiB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}
