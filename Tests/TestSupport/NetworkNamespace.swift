import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A private network namespace for one test (`ip netns add tlsprobe-NAME-PID`): only its
/// own loopback, brought up, so 127.0.0.0/8 there is a network of its own that nothing
/// outside ever sees. Servers and tlsprobe run inside it with `ip netns exec`; nftables
/// rules there shape it (drops, loss). `delete()` stops what was started in it (by pid)
/// and removes it; call it in a `defer`.
public final class NetworkNamespace: @unchecked Sendable {
    public let name: String
    private var started: [BackgroundProcess] = []

    /// Why a namespace cannot be had here (not root, no `ip`), or nil.
    public static var unavailable: String? {
        if getuid() != 0 { return "needs root to create a network namespace (ip netns add)" }
        if (try? Run.which("ip")) == nil && !FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") {
            return "needs ip(8) (iproute2)"
        }
        if (try? Run.which("nft")) == nil && !FileManager.default.isExecutableFile(atPath: "/usr/sbin/nft") {
            return "needs nft(8) (nftables)"
        }
        return nil
    }

    static func tool(_ name: String) -> String {
        (try? Run.which(name)) ?? "/usr/sbin/\(name)"
    }

    /// Creates `tlsprobe-NAME-PID` with its loopback up.
    public init(_ label: String) throws {
        name = "tlsprobe-\(label)-\(getpid())"
        _ = try? Run.process(Self.tool("ip"), ["netns", "delete", name])  // a leftover of a killed run
        let add = try Run.process(Self.tool("ip"), ["netns", "add", name])
        guard add.status == 0 else { throw PeerError(description: "ip netns add \(name): \(add.stderr)") }
        let up = try Run.process(Self.tool("ip"), ["-n", name, "link", "set", "lo", "up"])
        guard up.status == 0 else {
            delete()
            throw PeerError(description: "ip -n \(name) link set lo up: \(up.stderr)")
        }
    }

    /// Loads an nftables ruleset (`nft -f -`) inside the namespace.
    public func nft(_ rules: String) throws {
        let r = try Run.process(
            Self.tool("ip"),
            ["netns", "exec", name, Self.tool("nft"), "-f", "-"],
            stdin: Data(rules.utf8)
        )
        guard r.status == 0 else { throw PeerError(description: "nft in \(name): \(r.stderr)\n\(rules)") }
    }

    /// Runs `executable arguments` to its end inside the namespace.
    public func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> Run.Result {
        let path = executable.hasPrefix("/") ? executable : try Run.which(executable)
        return try Run.process(Self.tool("ip"), ["netns", "exec", name, path] + arguments, timeout: timeout)
    }

    /// Starts `executable arguments` in the background inside the namespace (`ip netns exec`
    /// execs it, so the pid stopped is the server's); stopped by `delete()`.
    @discardableResult
    public func start(_ executable: String, _ arguments: [String]) throws -> BackgroundProcess {
        let path = executable.hasPrefix("/") ? executable : try Run.which(executable)
        let process = try BackgroundProcess(Self.tool("ip"), ["netns", "exec", name, path] + arguments)
        started.append(process)
        return process
    }

    /// Waits until something listens on `host:port` inside the namespace (ss -ltn there).
    public func waitUntilListening(host: String, port: Int, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let r = try? Run.process(Self.tool("ip"), ["netns", "exec", name, Self.tool("ss"), "-Hltn"]),
                r.stdout.contains("\(host):\(port) ")
            {
                return true
            }
            usleep(50_000)
        }
        return false
    }

    /// Stops every process started here, then removes the namespace.
    public func delete() {
        for process in started { process.stop() }
        started = []
        _ = try? Run.process(Self.tool("ip"), ["netns", "delete", name])
    }

    /// A listener inside the namespace that accepts and never speaks (a tarpit), or, with
    /// `banner`, sends it first and then waits (an SSH-like service). Debian's python3.
    @discardableResult
    public func startListener(host: String, port: Int, banner: String? = nil) throws -> BackgroundProcess {
        let script = """
            import socket, sys, threading
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((sys.argv[1], int(sys.argv[2])))
            s.listen(64)
            banner = sys.argv[3].encode() if len(sys.argv) > 3 else None
            held = []
            while True:
                c, _ = s.accept()
                held.append(c)
                if banner:
                    try:
                        c.sendall(banner + b"\\r\\n")
                    except OSError:
                        pass
            """
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        return try start(python, ["-c", script, host, String(port)] + (banner.map { [$0] } ?? []))
    }
}
