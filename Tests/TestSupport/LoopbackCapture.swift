import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `tcpdump` writing the traffic of one TCP port on `lo` to a pcap file, for tests that
/// capture real handshakes at test time. Only loopback is ever captured.
public final class LoopbackCapture: @unchecked Sendable {
    public let path: String
    private let background: BackgroundProcess

    /// Why a capture test cannot run here (no tcpdump, no permission to capture on lo),
    /// or nil when it can.
    public static let unavailableReason: String? = {
        guard (try? Run.which("tcpdump")) != nil else { return "tcpdump is not installed" }
        // Capturing needs a packet socket: root or CAP_NET_RAW.
        let fd = socket(AF_PACKET, Int32(SOCK_RAW.rawValue), 0)
        guard fd >= 0 else { return "capturing on lo is not permitted for this user (needs root or CAP_NET_RAW)" }
        close(fd)
        return nil
    }()

    /// The same as a test trait: skipped, with the reason, where capture cannot run.
    /// Starts capturing `tcp port PORT` (or `udp port PORT`) on lo into `path` and waits until tcpdump has
    /// opened the interface.
    /// `transport` `udp` captures `udp port PORT` (DTLS).
    public init(port: Int, path: String, transport: String = "tcp") throws {
        self.path = path
        background = try BackgroundProcess(
            "tcpdump",
            ["-i", "lo", "--immediate-mode", "-U", "-s", "0", "-w", path, "\(transport) port \(port)"]
        )
        // tcpdump writes the file header once the interface is open and the filter set.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size >= 24 {
                // The file header can come a moment before packets are captured.
                usleep(300_000)
                return
            }
            guard background.process.isRunning else { break }
            usleep(20_000)
        }
        let output = background.stop()
        throw PeerError(description: "tcpdump did not start capturing: \(output)")
    }

    /// Lets the last packets reach the file, stops tcpdump and returns the file's path.
    @discardableResult
    public func stop() -> String {
        usleep(300_000)
        background.stop()
        return path
    }

    deinit { background.stop() }
}
