import SystemCalls
import TLSModel

/// `scan`'s sweep: whether anything accepts a TCP connection, before any TLS is spoken.
public enum PortProbe {
    /// What a TCP connection to one endpoint found.
    public enum State: Sendable, Hashable {
        /// Something accepted the connection, at this address.
        case open(address: String)
        /// Refused (RST): nothing listens there.
        case closed
        /// No answer within the timeout: no host there, or a firewall drops the packets.
        case silent
        /// No route, or another failure before any answer; the message says which.
        case unreachable(String)
    }

    /// Connects to `target` (resolving a name first, bounded by `timeout`), then closes the
    /// connection at once: one socket at a time, never kept. Throws only when a name does
    /// not resolve, or no socket could be had.
    public static func probe(_ target: DialTarget, timeout: TimeInterval) throws(ConnectFailure) -> State {
        let addresses: [ResolvedAddress]
        do throws(ConnectFailure) {
            addresses = try Resolver.resolve(target, timeout: timeout)
        } catch {
            var failure = error
            failure.target = target.description
            throw failure
        }
        do throws(ConnectFailure) {
            let connection = try TCPConnection.connect(to: addresses, target: target, timeout: timeout)
            return .open(address: connection.peer.text)
        } catch {
            switch error.kind {
            case .refused: return .closed
            case .connectTimedOut: return .silent
            case .local:
                var failure = error
                failure.target = target.description
                throw failure
            default: return .unreachable(error.description)
            }
        }
    }

    /// Whether `host` resolves within `timeout` (an address always does): the names of a
    /// scan are looked up once, before the sweep, so one that does not resolve is one error.
    public static func resolve(_ host: String, timeout: TimeInterval) throws(ConnectFailure) {
        let target = DialTarget(host: host, port: DialTarget.defaultPort)
        do throws(ConnectFailure) {
            _ = try Resolver.resolve(target, timeout: timeout)
        } catch {
            var failure = error
            failure.target = host
            throw failure
        }
    }
}
