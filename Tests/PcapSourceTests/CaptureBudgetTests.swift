import Foundation
@testable import PcapSource
import TestSupport
import Testing
import TLSDiagnosis
import TLSWire

/// The budget for what all open flows hold together (`CaptureAnalyzer.Limits.maxBufferedBytes`),
/// set small: past it out-of-order data is given up first, then connections are ended,
/// the flows holding most first, and every connection is still reported once.
@Suite struct CaptureBudgetTests {
    static let t = SyntheticTLS.tls12(chain: syntheticDER)

    /// Frames straight into an analyzer with `limits`; after each one, what the open flows
    /// hold is checked against the budget.
    func run(
        _ packets: [CaptureWriter.Packet],
        limits: CaptureAnalyzer.Limits,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (open: [CapturedConnection], all: [CapturedConnection], CaptureAnalyzer) {
        var connections: [CapturedConnection] = []
        let analyzer = CaptureAnalyzer(linkType: 1, limits: limits) { connections.append($0) }
        var highest = 0
        for packet in packets {
            packet.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: packet.time) }
            highest = max(highest, analyzer.bufferedBytes)
        }
        #expect(highest <= limits.maxBufferedBytes, "open flows held \(highest) bytes", sourceLocation: sourceLocation)
        let open = connections
        analyzer.finish()
        #expect(analyzer.bufferedBytes == 0, "nothing is held once every flow ended", sourceLocation: sourceLocation)
        return (open, connections, analyzer)
    }

    /// What one flow holds after `packets` (with the default budget).
    func held(_ packets: [CaptureWriter.Packet]) -> Int {
        let analyzer = CaptureAnalyzer(linkType: 1) { _ in }
        for packet in packets { packet.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: packet.time) } }
        return analyzer.bufferedBytes
    }

    @Test func defaultIs256MiB() {
        #expect(CaptureAnalyzer.Limits().maxBufferedBytes == 256 * 1024 * 1024)
    }

    @Test func outOfOrderDataOfTheFlowsHoldingMostIsGivenUpFirst() throws {
        // Eight connections whose server's first segment comes late: until it does, the rest
        // of each server flight waits behind a hole.
        var early: [[CaptureWriter.Packet]] = []
        var late: [CaptureWriter.Packet] = []
        for index in 0..<8 {
            var conversation = TCPConversation(clientPort: UInt16(42_000 + index))
            conversation.time += Double(index)
            let hello = conversation.open() + conversation.send(Self.t.clientHello, from: .client)
            let flight = conversation.send(Self.t.serverFlight, from: .server, segmentSize: 500)
            early.append(hello + flight.dropFirst())
            late += [flight[0]]
            late +=
                conversation.send(Self.t.clientFinish, from: .client)
                + conversation.send(Self.t.serverFinish, from: .server)
            late += conversation.close()
        }
        let one = held(early[0])
        #expect(one > Self.t.serverFlight.count - 500, "a flow holds its waiting flight: \(one) bytes")
        var limits = CaptureAnalyzer.Limits()
        limits.maxBufferedBytes = one * 7 / 2  // three flows fit, a fourth does not
        let (open, connections, analyzer) = run(early.flatMap { $0 } + late, limits: limits)
        #expect(connections.count == 8)
        #expect(open.count == 8, "every connection is reported when it closes")
        #expect(analyzer.statistics.budgetEndedFlows == 0)

        // The flows hold the same: the earliest started gave up their holes, the rest completed.
        let truncated = connections.filter { $0.findings.contains { $0.code == .captureTruncated } }
        let ports = truncated.map { $0.flow.client.split(separator: ":").last.map(String.init) ?? "" }.sorted()
        #expect(!truncated.isEmpty && truncated.count < 8)
        #expect(ports == (0..<truncated.count).map { String(42_000 + $0) }, "\(ports)")
        #expect(analyzer.statistics.budgetFlushedFlows == truncated.count)
        for c in truncated {
            let finding = try #require(c.findings.first { $0.code == .captureTruncated })
            #expect(finding.evidence["server_bytes_lost"] == .int(500))
            #expect(
                finding.message.contains(
                    "given up waiting for: the open connections together held more than the capture's memory budget"
                ),
                "\(finding.message)"
            )
        }
        for c in connections where !truncated.contains(where: { $0.flow.client == c.flow.client }) {
            #expect(c.observation.outcome == .established)
            #expect(c.observation.serverCertificates.map(\.der) == syntheticDER)
        }
    }

    @Test func flowsHoldingMostHandshakeBytesAreEndedPastTheBudget() throws {
        // Eight connections stalled after the server's Certificate: no out-of-order data,
        // only the handshake messages kept for the report.
        let helloDone = Self.t.serverFlight.count - 9  // ServerHelloDone: a record of 4 bytes
        var early: [CaptureWriter.Packet] = []
        var late: [CaptureWriter.Packet] = []
        var first: [CaptureWriter.Packet] = []
        for index in 0..<8 {
            var conversation = TCPConversation(clientPort: UInt16(43_000 + index))
            conversation.time += Double(index)
            let packets =
                conversation.open() + conversation.send(Self.t.clientHello, from: .client)
                + conversation.send(Array(Self.t.serverFlight.prefix(helloDone)), from: .server)
            if index == 0 { first = packets }
            early += packets
            late += conversation.send(Array(Self.t.serverFlight.suffix(9)), from: .server)
        }
        let one = held(first)
        var limits = CaptureAnalyzer.Limits()
        limits.maxBufferedBytes = one * 7 / 2
        let (open, connections, analyzer) = run(early + late, limits: limits)
        #expect(analyzer.statistics.budgetFlushedFlows == 0)
        let ended = try #require(analyzer.statistics.budgetEndedFlows > 0 ? open : nil)
        #expect(ended.count == analyzer.statistics.budgetEndedFlows && ended.count < 8)
        // The flow being read when the budget is crossed holds the most (its record buffer
        // still holds the segment it is reading: memory is counted as held, not as
        // unread), so each of the last ones is ended as it arrives, reported at once, and
        // says why; the earlier ones are reported at the end of the capture. (Ties going
        // to the flow that started first: outOfOrderDataOfTheFlowsHoldingMostIsGivenUpFirst.)
        let ports = ended.map { String($0.flow.client.split(separator: ":").last ?? "") }
        #expect(ports == ((8 - ended.count)..<8).map { String(43_000 + $0) }, "\(ports)")
        for c in ended {
            let incomplete = try #require(c.findings.first { $0.code == .captureIncompleteHandshake })
            #expect(incomplete.evidence["ended"] == .string(FlowEnd.overBudget.rawValue))
            #expect(c.observation.serverCertificates.map(\.der) == syntheticDER, "what was read is reported")
        }
        #expect(connections.count == 8)
        #expect(Set(connections.map(\.flow.client)).count == 8, "each connection reported once")
    }

    /// A Certificate declaring 2^24 - 1 bytes, of which 2 MiB come, against a budget of
    /// 1 MiB: the budget ends the connection inside the message, and the report says the
    /// message was cut by tlsprobe's memory bound, with the size its header declares — not
    /// an incomplete handshake, not a malformed message.
    @Test func aHandshakeMessageCutByTheBudgetIsTruncatedWithItsDeclaredSize() throws {
        let t = Self.t
        var conversation = TCPConversation()
        var packets = conversation.open() + conversation.send(t.clientHello, from: .client)
        let serverHello = Array(t.serverFlight.prefix(5 + (Int(t.serverFlight[3]) << 8 | Int(t.serverFlight[4]))))
        var huge = SyntheticTLS.record(22, [11, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 16_000))
        for _ in 0..<130 { huge += SyntheticTLS.record(22, [UInt8](repeating: 0, count: 16_000)) }
        packets += conversation.send(serverHello + huge, from: .server)
        packets += conversation.close()
        var limits = CaptureAnalyzer.Limits()
        limits.maxBufferedBytes = 1 << 20
        let (open, connections, analyzer) = run(packets, limits: limits)
        #expect(analyzer.statistics.budgetEndedFlows == 1)
        #expect(open.count == 1 && connections.count == 1)
        let c = try #require(connections.first)
        #expect(c.observation.serverHello != nil)
        let truncated = try #require(c.findings.first { $0.code == .captureTruncated }, "\(c.findings.map(\.code))")
        #expect(truncated.evidence["cut_by_bound"] == .string("capture memory budget"))
        #expect(truncated.evidence["bound_bytes"] == .int(1 << 20))
        #expect(truncated.evidence["message"] == .string("certificate"))
        #expect(truncated.evidence["from"] == .string("server"))
        #expect(truncated.evidence["declared_length"] == .int(0xFF_FFFF))
        guard case .int(let read)? = truncated.evidence["read_bytes"] else {
            Issue.record("read_bytes: \(String(describing: truncated.evidence["read_bytes"]))")
            return
        }
        #expect(read > 4 && read <= 1 << 20)
        #expect(
            truncated.message.contains("memory bound") && truncated.message.contains("16777215"),
            "\(truncated.message)"
        )
        // The fix is a command line that works: capture reads a file with -r.
        #expect(truncated.fix.contains("then tlsprobe capture -r one.pcap"), "\(truncated.fix)")
        #expect(
            !c.findings.contains { $0.code == .captureIncompleteHandshake },
            "cut by tlsprobe, not missing from the capture"
        )
        let text = String(describing: c.findings.map(\.evidence)) + c.findings.map(\.message).joined()
        #expect(
            !text.contains("exceeds the limit") && !text.contains("malformed ") && !text.contains("decode_errors"),
            "\(text)"
        )
    }
}
