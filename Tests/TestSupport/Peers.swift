import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Real TLS peers for tests, on loopback only: `openssl s_server` and `s_client` started
/// by the test on a port of its own and killed when the value goes away.
public enum LoopbackPort {
    /// Waits until something accepts TCP connections on `host:port`, at most `timeout` seconds.
    @discardableResult
    public static func waitUntilListening(host: String = "127.0.0.1", port: Int, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let ipv6 = host.contains(":")
        while Date() < deadline {
            let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var ok = false
            if ipv6 {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = in_port_t(UInt16(port).bigEndian)
                _ = inet_pton(AF_INET6, host, &address.sin6_addr)
                ok = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
                    }
                }
            } else {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(port).bigEndian)
                address.sin_addr.s_addr = inet_addr(host)
                ok = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                    }
                }
            }
            close(fd)
            if ok { return true }
            usleep(20_000)
        }
        return false
    }
}

/// A TCP port held for the test: a socket bound to `host`:0 (the kernel picks the port)
/// with SO_REUSEADDR and never listening, kept open until `release()` or the value goes.
///
/// While it is held, no other process is handed that port for its own port-0 bind, so a
/// test never races other processes for it, as it would with a port bound, released and
/// then passed on. Its uses: a server the test starts (`openssl s_server`, `tlsprobe
/// listen`) binds the same port, which Linux allows because both sockets set SO_REUSEADDR
/// and this one does not listen; and a port where nothing listens, so a connection to it is
/// refused.
public final class ReservedPort: @unchecked Sendable {
    public let port: Int
    /// The address bound: `127.0.0.1`, `::1`, `0.0.0.0`…
    public let host: String
    private let fd = Mutex<Int32>(-1)

    public init(host: String = "127.0.0.1") throws {
        self.host = host
        let ipv6 = host.contains(":")
        let socketFD = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else {
            throw PeerError(description: "no socket to reserve a port on \(host): errno \(errno)")
        }
        var one: Int32 = 1
        _ = setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var port = 0
        var bound: Int32 = -1
        if ipv6 {
            _ = setsockopt(socketFD, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
            var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socketFD, $0, &length) }
            }
            port = Int(UInt16(bigEndian: address.sin6_port))
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr(host)
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socketFD, $0, &length) }
            }
            port = Int(UInt16(bigEndian: address.sin_port))
        }
        guard bound == 0, port != 0 else {
            let code = errno
            close(socketFD)
            throw PeerError(description: "cannot reserve a port on \(host): errno \(code)")
        }
        self.port = port
        fd.withLock { $0 = socketFD }
    }

    /// `127.0.0.1:PORT` or `[::1]:PORT`.
    public var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Closes the reserving socket (once).
    public func release() {
        fd.withLock {
            if $0 >= 0 { close($0) }
            $0 = -1
        }
    }

    deinit { release() }
}

/// A background process killed (SIGKILL after SIGTERM) when the value goes away.
public final class BackgroundProcess: @unchecked Sendable {
    public let process: Process
    private let output: Pipe

    /// Starts `executable` with `arguments`; its stdout and stderr are collected.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : try Run.which(executable))
        process.arguments = arguments
        if let environment { process.environment = environment }
        output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = Pipe()
        try process.run()
    }

    /// Stops the process and returns what it printed.
    ///
    /// SIGTERM first, SIGKILL after 0.1 s: a child started from a test thread inherits that
    /// thread's signal mask, in which SIGTERM is blocked, so SIGTERM alone would leave it
    /// running (s_server needs no graceful exit).
    @discardableResult
    public func stop() -> String {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(0.1)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        let data = (try? output.fileHandleForReading.readToEnd()) ?? nil
        return String(decoding: data ?? Data(), as: UTF8.self)
    }

    deinit { if process.isRunning { stop() } }
}

/// `openssl s_server` on 127.0.0.1 (or ::1) and a free port, serving files the test wrote.
public final class OpenSSLServer: @unchecked Sendable {
    /// The port, held for the server as long as this value lives (`ReservedPort`).
    public let reservation: ReservedPort
    public var port: Int { reservation.port }
    public let host: String
    public let background: BackgroundProcess

    /// Starts `openssl s_server -cert CERT -key KEY [-cert_chain CHAIN] EXTRA...` and waits
    /// until it listens. `extra` takes any s_server options (`-tls1_2`, `-Verify 1`,
    /// `-CAfile ca.pem`, `-naccept 1`…). Throws when it does not come up.
    /// `port` reuses a reservation (a server restarted on the same port with another key:
    /// pass the stopped server's `reservation`); default: a port reserved for this server.
    public init(
        cert: String,
        key: String,
        chain: String? = nil,
        extra: [String] = [],
        ipv6: Bool = false,
        port: ReservedPort? = nil
    ) throws {
        host = ipv6 ? "::1" : "127.0.0.1"
        reservation = try port ?? ReservedPort(host: host)
        var arguments = [
            "s_server", "-accept", "\(ipv6 ? "[::1]" : "127.0.0.1"):\(reservation.port)", "-cert", cert, "-key", key,
            "-quiet",
        ]
        if ipv6 { arguments += ["-6"] }
        if let chain { arguments += ["-cert_chain", chain] }
        arguments += extra
        background = try BackgroundProcess("openssl", arguments)
        guard LoopbackPort.waitUntilListening(host: host, port: self.port) else {
            let output = background.stop()
            throw PeerError(description: "openssl s_server did not start: \(output)")
        }
    }

    /// `127.0.0.1:PORT` or `[::1]:PORT`.
    public var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Stops the server and returns what it printed.
    @discardableResult
    public func stop() -> String { background.stop() }
}

/// A test peer that could not be started.
public struct PeerError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
