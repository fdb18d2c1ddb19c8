import Foundation
@testable import OpenSSLProbe
@testable import PcapSource
import Testing
@testable import TLSDiagnosis
@testable import tlsprobe
import TLSProbeKit
@testable import TLSWire
@testable import LiveNetwork
@testable import SafeFiles

/// The limits as the man page states them: each value taken from the code that enforces it,
/// written the way the page writes it ("256 KiB", "2^20", "120 seconds"), and looked for in
/// its own entry of the LIMITS section.
extension DocumentationTests {
    /// "256 MiB", "256 KiB" or the bare number of bytes.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes)"
    }

    /// "2^20" for a power of two.
    static func power(_ value: Int) -> String {
        precondition(value > 0 && value & (value - 1) == 0, "\(value) is not a power of two")
        return "2^\(value.trailingZeroBitCount)"
    }

    /// Whole seconds, as a number.
    static func seconds(_ value: Double) -> String { "\(Int(value))" }

    /// Runs of whitespace (line breaks included) as one space.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The man page's LIMITS section: each `.TP` entry's title (`.B`/`.BR` line, roff
    /// quoting removed) to its text.
    static func manLimits() throws -> [String: String] {
        let man = try manPage()
        let section = try #require(
            man.components(separatedBy: "\n.SH LIMITS\n").dropFirst().first?.components(separatedBy: "\n.SH ").first
        )
        var entries: [String: String] = [:]
        for entry in section.components(separatedBy: "\n.TP\n").dropFirst() {
            var lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let heading = lines.removeFirst()
            let title = normalized(
                heading.replacingOccurrences(of: "\" \"", with: " ")
                    .replacingOccurrences(of: ".BR ", with: "").replacingOccurrences(of: ".B ", with: "")
            )
            // The entry ends at the next subsection.
            let body = lines.prefix { !$0.hasPrefix(".SS ") }
            entries[title] = normalized(body.joined(separator: "\n"))
        }
        return entries
    }

    /// The largest `--timeout` the command accepts, found from its own validation.
    static func maximumTimeout(_ parse: (String) -> Bool) -> Int {
        var (low, high) = (1, 1 << 20)
        #expect(parse("\(low)") && !parse("\(high)"))
        while high - low > 1 {
            let middle = (low + high) / 2
            if parse("\(middle)") { low = middle } else { high = middle }
        }
        return low
    }

    @Test func limitsAreWrittenDownInTheManPage() throws {
        let man = try Self.manLimits()
        let path = PathSearch.Limits()
        let capture = CaptureAnalyzer.Limits()
        let connectTimeout = try Connect.parse(["127.0.0.1:443"]).timeout
        let connectMaximum = Self.maximumTimeout { (try? Connect.parse(["127.0.0.1:443", "--timeout", $0])) != nil }
        let listenTimeout = try Listen.parse(["4433"]).timeout
        let listenMaximum = Self.maximumTimeout { (try? Listen.parse(["4433", "--timeout", $0])) != nil }
        // OpenSSL's own bounds on live handshakes (ssl/statem), not tlsprobe's code; and
        // three values that are literals in tlsprobe's code, not named constants: the
        // certificates presented (PathSearch's maxPresented default), listen's backlog
        // (ListeningSocket) and its grace at a signal (TLSServer).
        let openSSLCertificate = "102400"
        let openSSLClientHello = "131396"
        let presented = "256"
        let backlog = "128"
        let grace = "3"
        let maxConnections = "64"  // ListenOptions' maxConnections default (LimitsTests checks it)

        let manEntries: [(String, [String])] = [
            ("TLS record", ["\(TLSRecord.maxCiphertextFragmentLength) bytes of fragment"]),
            (
                "Handshake message",
                [
                    "\(Self.size(HandshakeReassembler.defaultMaxMessageSize)) of body",
                    "\(openSSLCertificate) bytes for a Certificate", "\(openSSLClientHello) for a ClientHello",
                    "A capture reads a message up to \(TrackedFlow.maxHandshakeMessageSize) bytes",
                ]
            ),
            (
                "Handshake messages and alerts kept per connection",
                ["\(TrackedFlow.maxEvents), and \(Self.size(TrackedFlow.maxKeptBytes)) of handshake messages"]
            ),
            ("Certificates presented", ["The first \(presented) after the leaf"]),
            ("Path length", ["\(path.maxPathLength) certificates"]),
            ("Intermediates", ["\(PathValidation.defaultMaxIntermediates) on a valid path"]),
            (
                "Path search",
                [
                    "\(path.maxSignatureChecks) signature checks", "\(path.maxCandidates) candidate issuers",
                    "\(path.maxCompletePaths) complete paths",
                ]
            ),
            ("Name constraints", ["\(Self.power(NameConstraintsCheck.maxComparisons)) name/constraint comparisons"]),
            ("Names in messages", ["\(Display.maxLength) characters"]),
            ("Flows", ["\(capture.maxFlows) open TCP flows"]),
            (
                "Idle flow",
                [
                    "\(Self.seconds(capture.idleTimeout)) seconds of capture time",
                    "remembered \(Self.seconds(capture.closedLinger)) seconds more",
                ]
            ),
            (
                "Out-of-order data",
                [
                    "\(Self.size(StreamReassembler.defaultMaxPendingBytes)) and \(StreamReassembler.defaultMaxPendingSegments) segments per direction"
                ]
            ),
            ("Mid-stream start", ["\(TrackedFlow.maxResyncAttempts) segments are tried"]),
            (
                "Prelude",
                [
                    "\(Self.size(PreludeWatcher.maxBytes)) of plain text per direction",
                    "first \(PreludeWatcher.keptBytes) bytes", "at most 16 LDAPMessages",
                ]
            ),
            (
                "DTLS reassembly",
                [
                    "messages of at most \(Self.size(DTLSHandshakeReassembler().maxMessageSize))",
                    "\(DTLSHandshakeReassembler.maxPendingMessages) in progress",
                    "\(DTLSHandshakeReassembler.maxFragmentsPerMessage) fragments each",
                    "\(Self.size(DTLSHandshakeReassembler().maxHeldBytes)) of fragments held",
                    "\(DTLSHandshakeReassembler.maxWaitingMessages) at most", "\(capture.maxFlows) open UDP flows",
                    "after \(Self.seconds(capture.udpIdleTimeout)) seconds of capture time",
                ]
            ),
            ("Link layer", ["\(FrameDecoder.maxNesting) stacked VLAN tags"]),
            ("Reports in flight", ["\(OrderedReporter.maxInFlight) connections waiting"]),
            (
                "Memory",
                [
                    "\(Self.size(CaptureAnalyzer.Limits.defaultMaxBufferedBytes)) for what all open flows hold",
                    "each counted \(StreamReassembler.segmentOverhead) bytes more",
                    "\(TrackedFlow.maxEvents) messages and \(Self.size(TrackedFlow.maxKeptBytes)) kept",
                    "\(CertificateCache().capacity) parsed certificates are cached",
                ]
            ),
            ("Credential file", [Self.size(CredentialFile.maximumSize)]),
            ("Anchor directory", ["\(AnchorDirectory.maximumEntries) entries"]),
            (
                "Known-hosts file",
                [
                    Self.size(KnownHostsFile.maximumSize),
                    "at most \(Self.seconds(KnownHostsFile.lockWait)) s for another run's lock",
                ]
            ),
            (
                "Key log file",
                [
                    Self.size(KeyLog.maxFileSize), "at most \(KeyLog.maxLineLength) characters",
                    "at most \(KeyLog.maxConnections) connections",
                ]
            ),
            ("Password file", ["from the first \(Self.size(PasswordOptions.maximumFileBytes))"]),
            (
                "PKCS#12",
                [
                    "\(PKCS12Reader.maximumBags) bags", "the first \(PKCS12Reader.maximumBags) of one safe",
                    "at most \(PKCS12Reader.maximumNesting) deep",
                ]
            ),
            (
                "Key derivation",
                [
                    "\(PBEAlgorithm.maximumIterations) PBKDF2", "of \(Self.power(PBEAlgorithm.maximumScryptWork))",
                    "costs at most \(PBEAlgorithm.maximumTotalIterations) iterations in all",
                ]
            ),
            ("connect --timeout", ["Default \(Self.seconds(connectTimeout)) seconds, at most \(connectMaximum)"]),
            (
                "listen --timeout",
                [
                    "Default \(Self.seconds(listenTimeout)) seconds, at most \(listenMaximum)",
                    "at most \(Self.seconds(ServerConnection.firstByteWait)) seconds (never more than the timeout) for the client's first byte",
                    "\(Self.seconds(ServerConnection.requestWait)) seconds (never more than the timeout) for an HTTP request",
                    "up to \(Self.size(HTTPRequestHead.maximumSize))",
                ]
            ),
            (
                "Connections served by listen",
                [
                    "\(maxConnections) at once", "backlog (\(backlog))", "get \(grace) seconds",
                    "in a queue of \(QueuedWriter.defaultCapacity)",
                ]
            ),
            ("Arguments", ["\(TLSProbe.maximumArguments) on one command line", "(exit status 64)"]),
        ]
        for (title, values) in manEntries {
            let text = try #require(
                man[title],
                "the man page's LIMITS have no entry \"\(title)\": \(man.keys.sorted())"
            )
            for value in values {
                #expect(text.contains(value), "the man page's LIMITS entry \"\(title)\" lacks \"\(value)\": \(text)")
            }
        }
    }
}
