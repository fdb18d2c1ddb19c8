import Foundation
@testable import PcapSource
import TestSupport
import Testing

/// UDP datagrams decode with their endpoints and payload (RFC 768); every prefix and a UDP
/// length that contradicts the IP header are errors, never traps.
@Suite struct UDPFrameTests {
    func decode(_ bytes: [UInt8], _ linkType: Int32) throws(FrameError) -> DecodedFrame {
        let result: Result<DecodedFrame, FrameError> = bytes.withUnsafeBytes { raw in
            do throws(FrameError) { return .success(try FrameDecoder.decodeFrame(raw, linkType: linkType)) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    @Test(arguments: [false, true])
    func aDatagramDecodesWithItsEndpointsAndPayload(ipv6: Bool) throws {
        var c = UDPConversation(ethernet: true, ipv6: ipv6, clientPort: 40_000, serverPort: 5684)
        let payload: [UInt8] = [22, 0xFE, 0xFD, 1, 2, 3]
        let frame = c.datagram(from: .client, payload).bytes
        guard case .udp(let datagram) = try decode(frame, FrameDecoder.LinkType.ethernet) else {
            Issue.record("not decoded as UDP")
            return
        }
        #expect(datagram.source.port == 40_000)
        #expect(datagram.destination.port == 5684)
        #expect(datagram.destination.description == (ipv6 ? "[fd00::5]:5684" : "127.0.0.5:5684"))
        // Ethernet padded the short frame: the UDP length, not the frame, says where the payload ends.
        #expect(Array(frame[datagram.payloadOffset..<(datagram.payloadOffset + datagram.payloadLength)]) == payload)
        #expect(datagram.missingPayload == 0)
        // The TCP-only entry point says it is not TCP.
        #expect(throws: FrameError.self) {
            _ = try frame.withUnsafeBytes { raw throws(FrameError) in try FrameDecoder.decode(raw, linkType: 1) }
        }
    }

    @Test(arguments: [false, true])
    func everyPrefixIsAnErrorOrACutDatagram(ipv6: Bool) throws {
        var c = UDPConversation(ethernet: false, ipv6: ipv6)
        let frame = c.datagram(from: .server, (0..<100).map { UInt8($0) }).bytes
        let header = ipv6 ? 48 : 28
        for n in 0..<frame.count {
            do throws(FrameError) {
                guard case .udp(let datagram) = try decode(Array(frame[..<n]), FrameDecoder.LinkType.rawLinux) else {
                    Issue.record("a prefix decoded as TCP")
                    continue
                }
                #expect(n >= header)
                #expect(datagram.payloadLength == n - header)
                #expect(datagram.missingPayload == 100 - (n - header))
            } catch {
                #expect(n < header, "\(n): \(error)")
                #expect(error.kind == .truncated)
            }
        }
    }

    @Test func aUDPLengthTheIPHeaderContradictsIsMalformed() {
        var c = UDPConversation(ethernet: false)
        var frame = c.datagram(from: .client, [1, 2, 3, 4]).bytes
        frame[24] = 0
        frame[25] = 4  // below the 8-byte header
        #expect(throws: FrameError(.malformed, "udp.length", at: 24)) {
            try decode(frame, FrameDecoder.LinkType.rawLinux)
        }
        frame[24] = 0x01
        frame[25] = 0  // 256: past the IP datagram's end
        #expect(throws: FrameError(.malformed, "udp.length", at: 24)) {
            try decode(frame, FrameDecoder.LinkType.rawLinux)
        }
    }

    @Test func garbageNeverTraps() {
        var state: UInt32 = 42
        for length in 0..<300 {
            var bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            }
            if length > 20 {
                bytes[0] = 0x45
                bytes[9] = 17
                bytes[6] = 0
                bytes[7] = 0
            }
            _ = try? decode(bytes, FrameDecoder.LinkType.rawLinux)
        }
    }

    /// UDP flows that are not DTLS make no report, hold nothing, and are counted; a DTLS one
    /// is reported once however often its datagrams are sent again.
    @Test func onlyDTLSFlowsAreReportedAndRetransmissionsOnce() {
        var reports: [CapturedConnection] = []
        let analyzer = CaptureAnalyzer(linkType: FrameDecoder.LinkType.ethernet) { reports.append($0) }
        var dns = UDPConversation(clientPort: 5353, serverPort: 5353)
        var dtls = UDPConversation(clientPort: 40_001, serverPort: 4433)
        let hello = DTLSBytes.clientHello(
            suites: [0xC02B],
            extensions: [DTLSBytes.ext(0, [0, 6, 0, 0, 3] + Array("a.b".utf8))]
        )
        let record = DTLSBytes.record(
            type: 22,
            version: 0xFEFF,
            sequence: 0,
            DTLSBytes.fragments(type: 1, messageSeq: 0, body: hello)[0]
        )
        var packets = [
            dns.datagram(
                from: .client,
                [0x00, 0x00, 0x84, 0x00, 0, 0, 0, 1, 0, 0, 0, 0] + Array(repeating: 0x41, count: 40)
            )
        ]
        for _ in 0..<3 { packets.append(dtls.datagram(from: .client, record)) }  // sent again twice: no answer
        for p in packets { p.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: p.time) } }
        #expect(analyzer.bufferedBytes < 4096)
        analyzer.finish()
        #expect(reports.count == 1)
        #expect(reports.first?.flow.transport == .udp)
        #expect(reports.first?.observation.clientHello?.sni == "a.b")
        #expect(reports.first?.observation.outcome == .incomplete)
        #expect(analyzer.statistics.udpFlows == 2)
        #expect(analyzer.statistics.dtlsFlows == 1)
        #expect(analyzer.statistics.udpDatagrams == 4)
    }

    /// The reports a capture made, collected as it made them.
    final class Reports { var all: [CapturedConnection] = [] }

    /// 200 DTLS flows read under a 64 KiB budget, each a whole ClientHello, then the first
    /// kilobyte of a 50 KB Certificate and, with `thenServerHelloDone`, the message after it
    /// whole (so the Certificate's other fragments were lost, not still to come). `eachFlow`
    /// runs after each flow is read.
    func partialCertificates(
        thenServerHelloDone: Bool,
        firstPort: Int,
        eachFlow: (CaptureAnalyzer) -> Void = { _ in }
    )
        -> (analyzer: CaptureAnalyzer, reports: Reports)
    {
        var limits = CaptureAnalyzer.Limits()
        limits.maxBufferedBytes = 64 * 1024
        let reports = Reports()
        let analyzer = CaptureAnalyzer(linkType: FrameDecoder.LinkType.ethernet, limits: limits) {
            reports.all.append($0)
        }
        let hello = DTLSBytes.clientHello(suites: [0xC02B], extensions: [])
        for n in 0..<200 {
            var c = UDPConversation(clientPort: UInt16(firstPort + n), serverPort: 4433)
            var packets = [
                c.datagram(
                    from: .client,
                    DTLSBytes.record(type: 22, sequence: 0, DTLSBytes.fragments(type: 1, messageSeq: 0, body: hello)[0])
                ),
                c.datagram(
                    from: .server,
                    DTLSBytes.record(
                        type: 22,
                        sequence: 1,
                        DTLSBytes.fragment(
                            type: 11,
                            length: 50_000,
                            messageSeq: 1,
                            offset: 0,
                            [UInt8](repeating: 0x30, count: 1_000)
                        )
                    )
                ),
            ]
            if thenServerHelloDone {
                packets.append(
                    c.datagram(
                        from: .server,
                        DTLSBytes.record(
                            type: 22,
                            sequence: 2,
                            DTLSBytes.fragment(type: 14, length: 0, messageSeq: 2, offset: 0, [])
                        )
                    )
                )
            }
            for p in packets { p.bytes.withUnsafeBytes { analyzer.process(frame: $0, time: p.time) } }
            eachFlow(analyzer)
        }
        return (analyzer, reports)
    }

    /// A DTLS message whose later messages are already here lost a fragment in the capture:
    /// the budget ending its flow did not cut it, so it is no capture.truncated.
    @Test func aMessageWithLaterOnesHereIsNotBlamedOnTheBudget() {
        let (analyzer, reports) = partialCertificates(thenServerHelloDone: true, firstPort: 30_000)
        #expect(analyzer.statistics.budgetEndedFlows > 0)
        #expect(!reports.all.isEmpty)
        for report in reports.all {
            #expect(!report.findings.contains { $0.code == .captureTruncated }, "\(report.findings.map(\.evidence))")
        }
    }

    /// Partial DTLS handshake messages count against the capture's memory budget: past it,
    /// the UDP flows holding most are ended and reported, and the total stays under it.
    @Test func partialFragmentsStayWithinTheCapturesBudget() {
        let (analyzer, collected) = partialCertificates(thenServerHelloDone: false, firstPort: 20_000) { analyzer in
            #expect(analyzer.bufferedBytes <= 64 * 1024)
        }
        let reports = collected.all
        #expect(analyzer.statistics.budgetEndedFlows > 0)
        #expect(reports.count == analyzer.statistics.budgetEndedFlows)
        // Each flow the budget ended says its Certificate was cut by tlsprobe's memory bound,
        // with the size its fragments declare, not that the handshake was incomplete.
        for report in reports {
            let findings = report.findings
            let truncated = findings.first { $0.code == .captureTruncated }
            #expect(truncated?.evidence["cut_by_bound"] == .string("capture memory budget"), "\(findings.map(\.code))")
            #expect(truncated?.evidence["message"] == .string("certificate"))
            #expect(truncated?.evidence["from"] == .string("server"))
            #expect(truncated?.evidence["declared_length"] == .int(50_000))
            #expect(truncated?.evidence["read_bytes"] == .int(1_000))
            #expect(!findings.contains { $0.code == .captureIncompleteHandshake })
        }
        analyzer.finish()
        #expect(collected.all.count == 200)
        #expect(analyzer.bufferedBytes == 0)
    }
}
