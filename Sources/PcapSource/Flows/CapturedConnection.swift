import SystemCalls
import TLSModel

/// One TLS connection found in a capture: who talked to whom and when, what its handshake
/// showed, and what the capture itself says about it (gaps, an unfinished handshake,
/// encrypted alerts) as `CaptureFacts`. TLSDiagnosis makes the findings: `ConnectionDiagnosis.report`
/// from an observer's vantage turns it into a report.
///
/// The handshake is kept as recorded and turned into an observation (certificates parsed,
/// fingerprints hashed) only when asked, so that this work can happen on the thread that
/// writes the reports while the capture goes on being read.
public struct CapturedConnection: Sendable {
    public var flow: Flow
    let recording: CaptureRecording

    init(flow: Flow, recording: CaptureRecording) {
        self.flow = flow
        self.recording = recording
    }

    /// The observation and what the capture says about the connection, built now.
    public func observed() -> (observation: HandshakeObservation, facts: CaptureFacts) {
        recording.build()
    }

    /// The handshake as observed (built on each call).
    public var observation: HandshakeObservation { recording.build().observation }
}

/// Counts over a whole capture, for the summary on stderr.
public struct CaptureStatistics: Sendable, Hashable {
    /// Packets read, and the bytes captured of them.
    public var packets = 0
    public var bytes = 0
    /// TCP segments decoded.
    public var tcpSegments = 0
    /// Packets that are not TCP or UDP over IPv4/IPv6 (ARP, ICMP, unknown link types), and IP
    /// fragments not reassembled.
    public var skippedPackets = 0
    /// Of `skippedPackets`, IP fragments: IPv6 ones (not reassembled), and IPv4 ones whose
    /// datagram never became whole (or was given up at a bound).
    public var ipFragments = 0
    /// IPv4 fragments put back together, and the datagrams they made (each then counted
    /// once in `tcpSegments`, or as skipped or malformed).
    public var reassembledFragments = 0
    public var reassembledDatagrams = 0
    /// Packets whose headers are broken or cut short.
    public var malformedPackets = 0
    /// TCP segments whose payload the snap length cut.
    public var snapTruncatedSegments = 0
    /// UDP datagrams decoded, UDP flows (by endpoints) seen, and how many carried DTLS.
    public var udpDatagrams = 0
    public var udpFlows = 0
    public var dtlsFlows = 0
    /// TCP connections seen, and how many of them carried TLS.
    public var tcpFlows = 0
    public var tlsFlows = 0
    /// TLS connections reported.
    public var reportedConnections = 0
    /// TLS flows whose handshake was not in the capture (it started later), not reported.
    public var tlsFlowsWithoutHandshake = 0
    /// Stream bytes never captured, summed over every direction with a gap.
    public var lostBytes = 0
    /// Reported connections whose protected records the key log opened.
    public var decryptedConnections = 0
    /// Reported connections the key log opened only in part (a secret missing or wrong).
    public var partlyDecryptedConnections = 0
    /// Reported connections with encrypted records and no secrets for them in the key log.
    public var connectionsWithoutKeys = 0
    /// Reported connections of which no record opened: wrong secrets, or a suite that is
    /// not decrypted.
    public var undecryptableConnections = 0
    /// Flows ended for lack of packets, or to stay within the flow limit.
    public var idleRetiredFlows = 0
    /// Flows that gave up out-of-order data, and flows ended, because the open flows
    /// together held more than `CaptureAnalyzer.Limits.maxBufferedBytes`.
    public var budgetFlushedFlows = 0
    public var budgetEndedFlows = 0
    /// Flows whose server refused the client's STARTTLS (or a proxy its tunnel): reported,
    /// though they spoke no TLS.
    public var refusedUpgrades = 0
    /// Flows of a protocol that upgrades in place whose client never asked for TLS and went
    /// on in plain text: reported, though they spoke no TLS.
    public var plaintextSessions = 0
    /// Packets the kernel dropped (live capture), when known.
    public var droppedByKernel: Int?
    /// Why reading stopped early (a file cut off mid-packet), when it did.
    public var readError: String?

    public init() {}
}
