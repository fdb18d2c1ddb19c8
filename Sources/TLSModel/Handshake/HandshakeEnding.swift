import Foundation
import TLSWire

/// How a live handshake ended when no alert from the server says why: the connection
/// closed or was reset, the peer did not speak TLS, it stopped answering, or our own TLS
/// library refused what it sent.
public enum HandshakeEnding: Sendable, Hashable {
    /// The server closed the TCP connection (FIN) before the handshake finished.
    case closed
    /// The server reset the TCP connection (RST).
    case reset
    /// The server answered with bytes that are not TLS records: another protocol.
    case notTLS(firstBytes: [UInt8])
    /// The server sent some of the handshake, then nothing more within the timeout.
    case timedOut(seconds: Double)
    /// tlsprobe's TLS library refused what the server sent (its reasons as evidence).
    case refusedLocally(reasons: [String])

    /// A few words for a version probe's detail: "connection closed", "not TLS".
    public var shortText: String {
        switch self {
        case .closed: return "connection closed without an alert"
        case .reset: return "connection reset"
        case .notTLS: return "the answer is not TLS"
        case .timedOut: return "no answer in time"
        case .refusedLocally(let reasons): return reasons.first ?? "refused by tlsprobe's TLS library"
        }
    }
}
