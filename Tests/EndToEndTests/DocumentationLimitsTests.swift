import Foundation
@testable import OpenSSLProbe
@testable import PcapSource
import Testing
@testable import TLSDiagnosis
@testable import tlsprobe
import TLSProbeKit
@testable import TLSWire

/// The limits as the documents state them: each value taken from the code that enforces it,
/// written the way the documents write it ("256 KiB", "2^20", "120 s" / "120 seconds"), and
/// looked for in its own row of README's "## Limits" table and its own entry of the man
/// page's LIMITS section.
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

    /// README's "## Limits" table: the "what" column to the "bound" column.
    static func readmeLimits() throws -> [String: String] {
        let readme = try read("README.md")
        let section = try #require(readme.components(separatedBy: "\n## Limits\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        var rows: [String: String] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.dropFirst(2).components(separatedBy: " | ")
            guard cells.count == 2 else { continue }
            rows[cells[0]] = normalized(cells[1].hasSuffix(" |") ? String(cells[1].dropLast(2)) : cells[1])
        }
        return rows
    }

    /// The man page's LIMITS section: each `.TP` entry's title (`.B`/`.BR` line, roff
    /// quoting removed) to its text.
    static func manLimits() throws -> [String: String] {
        let man = try manPage()
        let section = try #require(man.components(separatedBy: "\n.SH LIMITS\n").dropFirst().first?.components(separatedBy: "\n.SH ").first)
        var entries: [String: String] = [:]
        for entry in section.components(separatedBy: "\n.TP\n").dropFirst() {
            var lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let heading = lines.removeFirst()
            let title = normalized(heading.replacingOccurrences(of: "\" \"", with: " ")
                .replacingOccurrences(of: ".BR ", with: "").replacingOccurrences(of: ".B ", with: ""))
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

    @Test func limitsAreWrittenDownInTheManPageAndTheReadme() throws {
        let readme = try Self.readmeLimits()
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
        let openSSLCertificate = "102400", openSSLClientHello = "131396"
        let presented = "256", backlog = "128", grace = "3"
        let maxConnections = "64" // ListenOptions' maxConnections default (LimitsTests checks it)

        let readmeRows: [(String, [String])] = [
            ("TLS record", ["\(TLSRecord.maxCiphertextFragmentLength) bytes of fragment"]),
            ("handshake message", [Self.size(HandshakeReassembler.defaultMaxMessageSize), "Certificate \(openSSLCertificate) bytes", "ClientHello \(openSSLClientHello)",
                                   "Capture: \(TrackedFlow.maxHandshakeMessageSize) bytes"]),
            ("messages and alerts kept per captured connection", ["\(TrackedFlow.maxEvents), and \(Self.size(TrackedFlow.maxKeptBytes)) of handshake messages"]),
            ("certificates presented", ["the first \(presented) after the leaf"]),
            ("path", ["\(path.maxPathLength) certificates", "\(PathValidation.defaultMaxIntermediates) intermediates"]),
            ("path search", ["\(path.maxSignatureChecks) signature checks", "\(path.maxCandidates) candidate issuers", "\(path.maxCompletePaths) complete paths"]),
            ("name constraints", ["\(Self.power(NameConstraintsCheck.maxComparisons)) comparisons"]),
            ("names in messages", ["\(Display.maxLength) characters"]),
            ("capture flows", ["\(capture.maxFlows) open", "idle \(Self.seconds(capture.idleTimeout)) s", "remembered \(Self.seconds(capture.closedLinger)) s"]),
            ("capture reassembly", [
                "\(Self.size(StreamReassembler.defaultMaxPendingBytes)) and \(StreamReassembler.defaultMaxPendingSegments) segments per direction",
                "\(TrackedFlow.maxResyncAttempts) segments tried", "\(FrameDecoder.maxNesting) VLAN tags",
            ]),
            ("capture prelude", ["\(Self.size(PreludeWatcher.maxBytes)) of plain text per direction", "first \(PreludeWatcher.keptBytes) bytes"]),
            ("DTLS reassembly", [
                "up to \(Self.size(DTLSHandshakeReassembler().maxMessageSize))", "\(DTLSHandshakeReassembler.maxPendingMessages) in progress",
                "\(DTLSHandshakeReassembler.maxFragmentsPerMessage) fragments each", "\(Self.size(DTLSHandshakeReassembler().maxHeldBytes)) held",
                "\(DTLSHandshakeReassembler.maxWaitingMessages) whole messages waiting", "\(capture.maxFlows) open UDP flows",
                "idle \(Self.seconds(capture.udpIdleTimeout)) s",
            ]),
            ("capture memory", [
                "\(Self.size(CaptureAnalyzer.Limits.defaultMaxBufferedBytes)) held by all open flows", "\(OrderedReporter.maxInFlight) reports in flight",
                "\(CertificateCache().capacity) parsed certificates cached",
            ]),
            ("credential file", [
                Self.size(CredentialFile.maximumSize), "anchor directory \(AnchorDirectory.maximumEntries) entries",
                "known-hosts \(Self.size(KnownHostsFile.maximumSize)), its lock waited for at most \(Self.seconds(KnownHostsFile.lockWait)) s", "first line of the first \(Self.size(PasswordOptions.maximumFileBytes))",
                "counts the bytes read",
            ]),
            ("key log", [
                Self.size(KeyLog.maxFileSize), "lines of \(KeyLog.maxLineLength) characters", "\(KeyLog.maxConnections) connections",
            ]),
            ("PKCS#12", ["\(PKCS12Reader.maximumBags) bags", "nested \(PKCS12Reader.maximumNesting) deep"]),
            ("key derivation", [
                "\(PBEAlgorithm.maximumIterations) PBKDF2", "scrypt N×r×p \(Self.power(PBEAlgorithm.maximumScryptWork))",
                "a PKCS#12 file \(PBEAlgorithm.maximumTotalIterations) iterations in all",
            ]),
            ("`connect --timeout`", ["\(Self.seconds(connectTimeout)) s by default (at most \(connectMaximum))"]),
            ("`listen --timeout`", [
                "\(Self.seconds(listenTimeout)) s by default", "first byte: \(Self.seconds(ServerConnection.firstByteWait)) s", "HTTP request: \(Self.seconds(ServerConnection.requestWait)) s",
                "head \(Self.size(HTTPRequestHead.maximumSize))", "\(maxConnections) connections at once (backlog \(backlog))", "\(grace) s grace",
                "\(QueuedWriter.defaultCapacity) reports waiting for stdout",
            ]),
            ("arguments", ["\(TLSProbe.maximumArguments) on one command line, else exit 64"]),
        ]
        for (row, values) in readmeRows {
            let text = try #require(readme[row], "README's Limits have no row \"\(row)\"")
            for value in values {
                #expect(text.contains(value), "README's Limits row \"\(row)\" lacks \"\(value)\": \(text)")
            }
        }

        let manEntries: [(String, [String])] = [
            ("TLS record", ["\(TLSRecord.maxCiphertextFragmentLength) bytes of fragment"]),
            ("Handshake message", [
                "\(Self.size(HandshakeReassembler.defaultMaxMessageSize)) of body",
                "\(openSSLCertificate) bytes for a Certificate", "\(openSSLClientHello) for a ClientHello",
                "A capture reads a message up to \(TrackedFlow.maxHandshakeMessageSize) bytes",
            ]),
            ("Handshake messages and alerts kept per connection", ["\(TrackedFlow.maxEvents), and \(Self.size(TrackedFlow.maxKeptBytes)) of handshake messages"]),
            ("Certificates presented", ["The first \(presented) after the leaf"]),
            ("Path length", ["\(path.maxPathLength) certificates"]),
            ("Intermediates", ["\(PathValidation.defaultMaxIntermediates) on a valid path"]),
            ("Path search", ["\(path.maxSignatureChecks) signature checks", "\(path.maxCandidates) candidate issuers", "\(path.maxCompletePaths) complete paths"]),
            ("Name constraints", ["\(Self.power(NameConstraintsCheck.maxComparisons)) name/constraint comparisons"]),
            ("Names in messages", ["\(Display.maxLength) characters"]),
            ("Flows", ["\(capture.maxFlows) open TCP flows"]),
            ("Idle flow", ["\(Self.seconds(capture.idleTimeout)) seconds of capture time", "remembered \(Self.seconds(capture.closedLinger)) seconds more"]),
            ("Out-of-order data", ["\(Self.size(StreamReassembler.defaultMaxPendingBytes)) and \(StreamReassembler.defaultMaxPendingSegments) segments per direction"]),
            ("Mid-stream start", ["\(TrackedFlow.maxResyncAttempts) segments are tried"]),
            ("Prelude", ["\(Self.size(PreludeWatcher.maxBytes)) of plain text per direction", "first \(PreludeWatcher.keptBytes) bytes", "at most 16 LDAPMessages"]),
            ("DTLS reassembly", [
                "messages of at most \(Self.size(DTLSHandshakeReassembler().maxMessageSize))", "\(DTLSHandshakeReassembler.maxPendingMessages) in progress",
                "\(DTLSHandshakeReassembler.maxFragmentsPerMessage) fragments each", "\(Self.size(DTLSHandshakeReassembler().maxHeldBytes)) of fragments held",
                "\(DTLSHandshakeReassembler.maxWaitingMessages) at most", "\(capture.maxFlows) open UDP flows",
                "after \(Self.seconds(capture.udpIdleTimeout)) seconds of capture time",
            ]),
            ("Link layer", ["\(FrameDecoder.maxNesting) stacked VLAN tags"]),
            ("Reports in flight", ["\(OrderedReporter.maxInFlight) connections waiting"]),
            ("Memory", [
                "\(Self.size(CaptureAnalyzer.Limits.defaultMaxBufferedBytes)) for what all open flows hold",
                "each counted \(StreamReassembler.segmentOverhead) bytes more", "\(TrackedFlow.maxEvents) messages and \(Self.size(TrackedFlow.maxKeptBytes)) kept",
                "\(CertificateCache().capacity) parsed certificates are cached",
            ]),
            ("Credential file", [Self.size(CredentialFile.maximumSize)]),
            ("Anchor directory", ["\(AnchorDirectory.maximumEntries) entries"]),
            ("Known-hosts file", [Self.size(KnownHostsFile.maximumSize), "at most \(Self.seconds(KnownHostsFile.lockWait)) s for another run's lock"]),
            ("Key log file", [
                Self.size(KeyLog.maxFileSize), "at most \(KeyLog.maxLineLength) characters", "at most \(KeyLog.maxConnections) connections",
            ]),
            ("Password file", ["from the first \(Self.size(PasswordOptions.maximumFileBytes))"]),
            ("PKCS#12", ["\(PKCS12Reader.maximumBags) bags", "the first \(PKCS12Reader.maximumBags) of one safe", "at most \(PKCS12Reader.maximumNesting) deep"]),
            ("Key derivation", [
                "\(PBEAlgorithm.maximumIterations) PBKDF2", "of \(Self.power(PBEAlgorithm.maximumScryptWork))",
                "costs at most \(PBEAlgorithm.maximumTotalIterations) iterations in all",
            ]),
            ("connect --timeout", ["Default \(Self.seconds(connectTimeout)) seconds, at most \(connectMaximum)"]),
            ("listen --timeout", [
                "Default \(Self.seconds(listenTimeout)) seconds, at most \(listenMaximum)",
                "at most \(Self.seconds(ServerConnection.firstByteWait)) seconds (never more than the timeout) for the client's first byte",
                "\(Self.seconds(ServerConnection.requestWait)) seconds (never more than the timeout) for an HTTP request",
                "up to \(Self.size(HTTPRequestHead.maximumSize))",
            ]),
            ("Connections served by listen", [
                "\(maxConnections) at once", "backlog (\(backlog))", "get \(grace) seconds", "in a queue of \(QueuedWriter.defaultCapacity)",
            ]),
            ("Arguments", ["\(TLSProbe.maximumArguments) on one command line", "(exit status 64)"]),
        ]
        for (title, values) in manEntries {
            let text = try #require(man[title], "the man page's LIMITS have no entry \"\(title)\": \(man.keys.sorted())")
            for value in values {
                #expect(text.contains(value), "the man page's LIMITS entry \"\(title)\" lacks \"\(value)\": \(text)")
            }
        }
    }
}
