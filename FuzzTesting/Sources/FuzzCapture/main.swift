import Foundation
import PcapSource
import TLSDiagnosis
import TLSProbeOutput

/// A capture as the analyzer sees it: frames of one link type, each with a time. The input
/// is a compact record stream, so mutations land in frames rather than in file headers
/// (libpcap's own file parsing is not ours to fuzz):
///
///     byte 0          link type (index into `linkTypes`), bit 4: small flow table,
///                     bit 5: the file ends cut off
///     then records    [time step: 1 byte][length: 2 bytes, big endian][frame]
///
/// A time step of 255 is 200 s (past the idle timeout), else step/100 s. The last frame may
/// be shorter than its length says. Every connection reported is diagnosed and rendered
/// both ways, as `tlsprobe capture` does. A trap anywhere is a bug: the capture is hostile.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard let control = bytes.first else { return 0 }
    let linkType = linkTypes[Int(control & 0x0F) % linkTypes.count]
    var limits = CaptureAnalyzer.Limits()
    if control & 0x10 != 0 {
        limits.maxFlows = 4
        limits.idleTimeout = 5
        limits.closedLinger = 2
    }
    var connections: [CapturedConnection] = []
    let analyzer = CaptureAnalyzer(linkType: linkType, limits: limits) { connections.append($0) }

    var time = 1_767_225_600.0  // 2026-01-01T00:00:00Z
    var index = 1
    while index + 3 <= bytes.count {
        let step = bytes[index]
        let length = Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
        index += 3
        let end = min(bytes.count, index + length)
        time += step == 255 ? 200 : Double(step) / 100
        analyzer.process(frame: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), time: time)
        index = end
    }
    analyzer.finish(fileTruncated: control & 0x20 != 0)
    _ = analyzer.statistics

    for connection in connections {
        let (observation, facts) = connection.observed()
        var context = TrustContext(at: connection.flow.firstPacket)
        if let sni = observation.clientHello?.sni, !sni.isEmpty { context.expectedName = ExpectedName(parsing: sni) }
        let report = ConnectionDiagnosis.report(
            observation: observation,
            vantage: .observer(ObserverVantage(flow: connection.flow, capture: facts)),
            anchors: [],
            context: context
        )
        _ = ReportJSON.json(report).serialized(pretty: false)
        _ = renderer.render(report)
    }
    return 0
}

private let linkTypes: [Int32] = [
    FrameDecoder.LinkType.ethernet, FrameDecoder.LinkType.linuxSLL, FrameDecoder.LinkType.linuxSLL2,
    FrameDecoder.LinkType.rawLinux, FrameDecoder.LinkType.null, FrameDecoder.LinkType.loop,
    FrameDecoder.LinkType.ipv4, FrameDecoder.LinkType.ipv6, FrameDecoder.LinkType.rawBSD,
    FrameDecoder.LinkType.rawLinktype, 147,  // an unsupported one (DLT_USER0)
]

private let renderer = TextRenderer(style: TextStyle(color: false, width: 100))
