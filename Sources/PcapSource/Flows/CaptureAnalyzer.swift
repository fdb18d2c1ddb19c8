import SystemCalls
import TLSModel
import TLSWire

/// Frames in, TLS connections out: decodes each frame to a TCP segment, keeps a table of
/// flows, reassembles each direction and hands each TLS connection to `onConnection` as
/// soon as its handshake is decided or its flow ends. Memory is bounded: at most
/// `Limits.maxFlows` flows, each buffering at most a reassembly window and one handshake
/// per direction, and nothing at all once reported; and all open flows together at most
/// `Limits.maxBufferedBytes` (see `reclaim()`).
public final class CaptureAnalyzer {
    /// Bounds on what the analyzer keeps.
    public struct Limits: Sendable {
        /// Open flows tracked at once; past it the longest-idle ones are ended.
        public var maxFlows = 65_536
        /// A flow with no packet for this long (capture time) is ended and reported.
        public var idleTimeout: Double = 120
        /// A closed flow's key is kept this long so late retransmissions are not new flows.
        public var closedLinger: Double = 30
        /// A UDP flow with no datagram for this long (capture time) is ended and reported:
        /// UDP has no close, so this is how a DTLS flow that was not decided ends.
        public var udpIdleTimeout: Double = 60
        /// What all open flows together may hold (`TrackedFlow.heldBytes`: segments waiting
        /// behind holes, partial records and messages, handshake messages kept for the
        /// report); past it the flows holding most give it up (`reclaim()`). Each flow's own
        /// bounds allow about 2 MiB, times `maxFlows`.
        public var maxBufferedBytes = Limits.defaultMaxBufferedBytes
        public static let defaultMaxBufferedBytes = 256 * 1024 * 1024

        public init() {}
    }

    private struct FlowKey: Hashable {
        var a: Endpoint
        var b: Endpoint

        // Three words instead of the ten fields a synthesised hash would feed: this runs
        // for every packet.
        func hash(into hasher: inout Hasher) {
            hasher.combine(a.address.high ^ (b.address.high &* 0x9E37_79B9_7F4A_7C15))
            hasher.combine(a.address.low ^ (b.address.low &* 0xC2B2_AE3D_27D4_EB4F))
            hasher.combine(UInt64(a.port) << 32 | UInt64(b.port) << 8 | (a.address.isIPv6 ? 1 : 0))
        }
    }

    /// Where connections find their secrets.
    public struct Decryption: Sendable {
        public var keyLog: KeyLog
        /// Re-read the key log files when a connection's secrets are missing (live capture).
        public var refreshOnMiss: Bool

        public init(keyLog: KeyLog, refreshOnMiss: Bool = false) {
            self.keyLog = keyLog
            self.refreshOnMiss = refreshOnMiss
        }
    }

    public let linkType: Int32
    public let limits: Limits
    private let decryption: Decryption?
    /// 64 MiB for every live flow's second reading together (see `TrackedFlow`).
    private let replayBudget = ReplayBudget(bytes: 64 * 1024 * 1024)
    public private(set) var statistics = CaptureStatistics()
    /// What the open flows hold together, against `limits.maxBufferedBytes`: the sum of
    /// their `heldBytes` as last counted (after each packet of theirs, and when they end).
    private(set) var bufferedBytes = 0
    private var flows: [FlowKey: TrackedFlow] = [:]
    /// UDP flows, read for DTLS (`DatagramFlow`); at most `limits.maxFlows` of them too.
    private var udpFlows: [FlowKey: DatagramFlow] = [:]
    /// IPv4 fragments waiting for the rest of their datagram.
    private var fragments = IPv4Reassembler()
    private var nextSweep = -Double.infinity
    /// The latest capture time believed; a time further ahead than the idle timeout waits
    /// in `jump` for a second packet to agree before flows are ended by it.
    private var clock = -Double.infinity
    private var jump: Double?
    /// The flow of the packet that made the `jump` (and whether that packet started it),
    /// dated to the jump if a second packet confirms it.
    private var jumpFlow: (flow: TrackedFlow, started: Bool)?
    private let onConnection: (CapturedConnection) -> Void

    /// An analyzer for frames of `linkType` (a `DLT_` value).
    /// With `decryption`, connections whose secrets are in its key log are decrypted;
    /// when the key log is configured (files given, or secrets embedded in the capture)
    /// connections without secrets are told so.
    public init(
        linkType: Int32,
        limits: Limits = Limits(),
        decryption: Decryption? = nil,
        onConnection: @escaping (CapturedConnection) -> Void
    ) {
        self.linkType = linkType
        self.limits = limits
        self.decryption = decryption
        self.onConnection = onConnection
    }

    /// Open (not yet reported or closed) flows being tracked.
    public var openFlowCount: Int {
        flows.values.count { !$0.closed } + udpFlows.values.count { !$0.closed && !$0.reported }
    }

    /// One captured frame, at `time` seconds since 1970.
    public func process(frame: UnsafeRawBufferPointer, time: Double) {
        statistics.packets += 1
        statistics.bytes += frame.count
        let believed = believedTime(time)
        if let believed, believed >= nextSweep {
            sweep(now: believed)
            nextSweep = believed + 1
        }
        // A packet whose time is not believed (yet) counts at the latest believed time.
        let time = believed ?? clock
        let segment: TCPSegment
        do {
            switch try FrameDecoder.decodeFrame(frame, linkType: linkType) {
            case .tcp(let tcp): segment = tcp
            case .udp(let datagram):
                handle(datagram, in: frame, time: time)
                return
            }
        } catch {
            switch error.kind {
            case .unsupported
            where error.field == "ipv4.fragment" && frame.count > error.offset + 3
                && (frame[error.offset + 3] == 6 || frame[error.offset + 3] == 17):
                // A fragment of a TCP datagram. Its IPv4 header starts 6 bytes before its
                // flags and fragment offset (the protocol is 3 bytes after them).
                let before = fragments.givenUpFragments
                let whole = fragments.add(UnsafeRawBufferPointer(rebasing: frame[(error.offset - 6)...]), time: time)
                countGivenUpFragments(since: before)
                if let whole {
                    whole.withUnsafeBytes { datagram in
                        do throws(FrameError) {
                            switch try FrameDecoder.decodeFrame(datagram, linkType: FrameDecoder.LinkType.ipv4) {
                            case .tcp(let segment): handle(segment, in: datagram, time: time, believed: believed)
                            case .udp(let udp): handle(udp, in: datagram, time: time)
                            }
                        } catch {
                            switch error.kind {
                            case .unsupported: statistics.skippedPackets += 1
                            case .truncated, .malformed: statistics.malformedPackets += 1
                            }
                        }
                    }
                }
            case .unsupported:
                statistics.skippedPackets += 1
                if error.field == "ipv6.fragment" { statistics.ipFragments += 1 }
            case .truncated, .malformed: statistics.malformedPackets += 1
            }
            return
        }
        handle(segment, in: frame, time: time, believed: believed)
    }

    /// Fragments the reassembler gave up since it had given up `before`: skipped packets,
    /// named in the summary as IP fragments not reassembled.
    private func countGivenUpFragments(since before: Int) {
        let given = fragments.givenUpFragments - before
        statistics.skippedPackets += given
        statistics.ipFragments += given
        statistics.reassembledFragments = fragments.reassembledFragments
        statistics.reassembledDatagrams = fragments.reassembledDatagrams
    }

    /// One TCP segment, whose payload lies in `frame` (a captured frame, or a datagram put
    /// back together from IP fragments).
    private func handle(_ segment: TCPSegment, in frame: UnsafeRawBufferPointer, time: Double, believed: Double?) {
        statistics.tcpSegments += 1
        let fromA = Self.precedes(segment.source, segment.destination)
        let key =
            fromA
            ? FlowKey(a: segment.source, b: segment.destination) : FlowKey(a: segment.destination, b: segment.source)

        var flow: TrackedFlow
        var started = false
        if let existing = flows[key] {
            flow = existing
            if flow.closed {
                // A new connection on the same ports (a SYN), or a late packet of the old one.
                guard segment.flags.contains(.syn), !segment.flags.contains(.ack) else {
                    flow.lastPacket = time
                    if believed == nil { jumpFlow = (flow, false) }
                    return
                }
                flow = newFlow(key, time: time)
                started = true
            } else if segment.flags.contains(.syn), !segment.flags.contains(.ack),
                (fromA ? flow.streamA : flow.streamB).isNewConnection(synSequence: segment.sequenceNumber)
            {
                // A new connection on ports whose old connection was never seen closing
                // (reported or not: a reported flow keeps its streams' positions).
                end(flow, key: key, reason: .reused)
                flow = newFlow(key, time: time)
                started = true
            }
        } else {
            flow = newFlow(key, time: time)
            started = true
        }
        flow.lastPacket = time
        if believed == nil { jumpFlow = (flow, started) }

        if segment.flags.contains(.syn) {
            if fromA { flow.streamA.syn(segment.sequenceNumber) } else { flow.streamB.syn(segment.sequenceNumber) }
            if flow.clientIsA == nil { flow.clientIsA = segment.flags.contains(.ack) ? !fromA : fromA }
        }
        // A SYN occupies one sequence number: data in it (TCP Fast Open) starts after it.
        let dataSequence = segment.flags.contains(.syn) ? segment.sequenceNumber &+ 1 : segment.sequenceNumber
        if flow.phase == .active && segment.payloadLength + segment.missingPayload > 0 {
            let wasTLS = flow.tlsSeen
            if segment.missingPayload > 0 {
                statistics.snapTruncatedSegments += 1
                flow.snapLength = max(flow.snapLength, frame.count)
            }
            let payload = UnsafeRawBufferPointer(
                rebasing: frame[segment.payloadOffset..<(segment.payloadOffset + segment.payloadLength)]
            )
            if fromA {
                let started = flow.streamA.startedAtSYN
                flow.streamA.add(sequence: dataSequence, payload: payload, cut: segment.missingPayload) {
                    flow.deliver($0, fromA: true, startedAtSYN: started)
                }
            } else {
                let started = flow.streamB.startedAtSYN
                flow.streamB.add(sequence: dataSequence, payload: payload, cut: segment.missingPayload) {
                    flow.deliver($0, fromA: false, startedAtSYN: started)
                }
            }
            if !wasTLS && flow.tlsSeen { statistics.tlsFlows += 1 }
            // Only the client's first bytes (its ClientHello) are kept to compare copies
            // with, and none of a flow that is not TLS (here, not from within `add`, whose
            // stream is being modified while it delivers).
            if flow.phase == .notTLS || flow.clientIsA == false { flow.streamA.stopRetaining() }
            if flow.phase == .notTLS || flow.clientIsA == true { flow.streamB.stopRetaining() }
            if flow.isDecided { report(flow, end: nil) }
        }
        if segment.flags.contains(.rst) {
            end(flow, key: key, reason: .reset)
        } else if segment.flags.contains(.fin) {
            let finSequence = dataSequence &+ UInt32(truncatingIfNeeded: segment.payloadLength + segment.missingPayload)
            if fromA { flow.finA = finSequence } else { flow.finB = finSequence }
        }
        endIfClosed(flow, key: key)
        count(flow)
        if bufferedBytes > limits.maxBufferedBytes { reclaim() }
    }

    /// One UDP datagram: its flow (by endpoints) reads it for DTLS.
    private func handle(_ datagram: UDPDatagram, in frame: UnsafeRawBufferPointer, time: Double) {
        statistics.udpDatagrams += 1
        let fromA = Self.precedes(datagram.source, datagram.destination)
        let key =
            fromA
            ? FlowKey(a: datagram.source, b: datagram.destination)
            : FlowKey(a: datagram.destination, b: datagram.source)
        let payload = UnsafeRawBufferPointer(
            rebasing: frame[datagram.payloadOffset..<(datagram.payloadOffset + datagram.payloadLength)]
        )
        if datagram.missingPayload > 0 { statistics.snapTruncatedSegments += 1 }
        var flow: DatagramFlow
        if let existing = udpFlows[key] {
            flow = existing
            if (flow.reported || flow.closed) && DatagramFlow.startsHandshake(payload) {
                // A new DTLS connection on the ports of one already reported.
                endDatagramFlow(flow, key: key, reason: .reused)
                flow = newDatagramFlow(key, time: time)
            }
        } else {
            flow = newDatagramFlow(key, time: time)
        }
        flow.lastPacket = time
        let wasDTLS = flow.dtlsSeen
        flow.add(payload, fromA: fromA)
        if !wasDTLS && flow.dtlsSeen { statistics.dtlsFlows += 1 }
        if flow.isDecided { reportDatagramFlow(flow, end: nil) }
        count(flow)
        if bufferedBytes > limits.maxBufferedBytes { reclaim() }
    }

    private func newDatagramFlow(_ key: FlowKey, time: Double) -> DatagramFlow {
        if udpFlows.count >= limits.maxFlows {
            // At the flow limit: forget ended flows, then end the longest-idle tenth.
            for (key, flow) in udpFlows where flow.closed || flow.reported { udpFlows[key] = nil }
            if udpFlows.count >= limits.maxFlows {
                let victims = udpFlows.sorted {
                    $0.value.lastPacket != $1.value.lastPacket
                        ? $0.value.lastPacket < $1.value.lastPacket : $0.value.ordinal < $1.value.ordinal
                }.prefix(max(1, limits.maxFlows / 10))
                for (key, flow) in victims {
                    statistics.idleRetiredFlows += 1
                    endDatagramFlow(flow, key: key, reason: .evicted)
                    udpFlows[key] = nil
                }
            }
        }
        let flow = DatagramFlow(a: key.a, b: key.b, time: time, ordinal: statistics.udpFlows)
        udpFlows[key] = flow
        statistics.udpFlows += 1
        return flow
    }

    private func endDatagramFlow(_ flow: DatagramFlow, key: FlowKey, reason: FlowEnd) {
        guard !flow.closed else { return }
        if !flow.reported && flow.handshakeSeen { reportDatagramFlow(flow, end: reason) }
        flow.closed = true
        flow.releaseState()
        count(flow)
    }

    private func reportDatagramFlow(_ flow: DatagramFlow, end: FlowEnd?) {
        let connection = flow.connection(end: end)
        flow.reported = true
        flow.releaseState()
        count(flow)
        statistics.reportedConnections += 1
        onConnection(connection)
    }

    @inline(__always)
    private func count(_ flow: DatagramFlow) {
        let held = flow.heldBytes
        bufferedBytes += held - flow.countedBytes
        flow.countedBytes = held
    }

    /// Ends a flow closed both ways once every byte before each FIN arrived (a FIN can
    /// overtake data).
    private func endIfClosed(_ flow: TrackedFlow, key: FlowKey) {
        if let finA = flow.finA, let finB = flow.finB, !flow.closed,
            flow.phase != .active
                || (Self.delivered(flow.streamA, upTo: finA) && Self.delivered(flow.streamB, upTo: finB))
        {
            end(flow, key: key, reason: .fin)
        }
    }

    /// Brings `flow`'s part of `bufferedBytes` up to date.
    @inline(__always)
    private func count(_ flow: TrackedFlow) {
        let held = flow.heldBytes
        bufferedBytes += held - flow.countedBytes
        flow.countedBytes = held
    }

    /// Over the budget for all open flows: frees what the flows holding most hold until an
    /// eighth of the budget is free again (so the flows are sorted once per eighth, not once
    /// per packet). Ties go to the flow that started first, then to key order, so the same
    /// capture always gives up the same things.
    /// 0. The stream prefixes kept to compare retransmissions with go first: only the
    ///    check of later copies is lost (`capture.retransmission_mismatch`).
    /// 1. Out-of-order data next: the flows with the most bytes waiting behind holes have
    ///    those holes declared lost, as at a direction's own bound (`capture.truncated`,
    ///    saying the bytes were given up), and reading goes on past them.
    /// 2. If that is not enough (the bytes are partial or kept handshake messages), the
    ///    flows holding most are ended and reported, their `ended` evidence saying why.
    private func reclaim() {
        let target = limits.maxBufferedBytes - limits.maxBufferedBytes / 8
        func mostFirst(_ held: (TrackedFlow) -> Int) -> [(key: FlowKey, flow: TrackedFlow, held: Int)] {
            flows.compactMap { key, flow in
                let bytes = flow.closed ? 0 : held(flow)
                return bytes > 0 ? (key, flow, bytes) : nil
            }.sorted { x, y in
                if x.held != y.held { return x.held > y.held }
                if x.flow.firstPacket != y.flow.firstPacket { return x.flow.firstPacket < y.flow.firstPacket }
                if x.key.a != y.key.a { return Self.precedes(x.key.a, y.key.a) }
                return Self.precedes(x.key.b, y.key.b)
            }
        }
        for (_, flow, _) in mostFirst({ $0.streamA.retained.capacity + $0.streamB.retained.capacity }) {
            guard bufferedBytes > target else { return }
            flow.streamA.stopRetaining()
            flow.streamB.stopRetaining()
            count(flow)
        }
        for (key, flow, _) in mostFirst({ $0.streamA.pendingHeldBytes + $0.streamB.pendingHeldBytes }) {
            guard bufferedBytes > target else { return }
            statistics.budgetFlushedFlows += 1
            if flow.phase == .active {
                flow.holesGivenUp = true
                flushHoles(flow)
                if flow.isDecided { report(flow, end: nil) }
            } else {
                flow.streamA.discardPending()
                flow.streamB.discardPending()
            }
            endIfClosed(flow, key: key)
            count(flow)
        }
        for (key, flow, _) in mostFirst({ $0.heldBytes }) {
            guard bufferedBytes > target else { return }
            statistics.budgetEndedFlows += 1
            flow.endingBudget = limits.maxBufferedBytes
            end(flow, key: key, reason: .overBudget)
        }
        // UDP flows holding partial DTLS handshake messages, most first.
        let datagramFlows = udpFlows.filter { $0.value.heldBytes > 0 }.sorted {
            $0.value.heldBytes != $1.value.heldBytes
                ? $0.value.heldBytes > $1.value.heldBytes : $0.value.ordinal < $1.value.ordinal
        }
        for (key, flow) in datagramFlows {
            guard bufferedBytes > target else { return }
            statistics.budgetEndedFlows += 1
            flow.endingBudget = limits.maxBufferedBytes
            endDatagramFlow(flow, key: key, reason: .overBudget)
        }
    }

    /// Declares the holes of an active flow lost and reads what waited behind them.
    private func flushHoles(_ flow: TrackedFlow) {
        let wasTLS = flow.tlsSeen
        let startedA = flow.streamA.startedAtSYN
        flow.streamA.flush { flow.deliver($0, fromA: true, startedAtSYN: startedA) }
        let startedB = flow.streamB.startedAtSYN
        flow.streamB.flush { flow.deliver($0, fromA: false, startedAtSYN: startedB) }
        if !wasTLS && flow.tlsSeen { statistics.tlsFlows += 1 }
    }

    /// `time` when it is plausible: not more than the idle timeout past the latest believed
    /// time, or agreeing (within the idle timeout) with the previous such jump. One frame
    /// with a far-future timestamp would otherwise end every open flow as idle.
    private func believedTime(_ time: Double) -> Double? {
        if clock == -.infinity || time <= clock + limits.idleTimeout {
            clock = max(clock, time)
            jump = nil
            jumpFlow = nil
            return time
        }
        if let jump, abs(time - jump) <= limits.idleTimeout {
            // A second packet far ahead: the capture's time really moved on.
            if let (flow, started) = jumpFlow {
                flow.lastPacket = max(flow.lastPacket, jump)
                if started { flow.firstPacket = jump }
            }
            self.jump = nil
            jumpFlow = nil
            clock = time
            return time
        }
        jump = time
        jumpFlow = nil
        return nil
    }

    /// Ends every open flow (the capture is over) and reports its TLS connection.
    public func finish(fileTruncated: Bool = false) {
        let before = fragments.givenUpFragments
        fragments.finish()
        countGivenUpFragments(since: before)
        // In the order the flows began: a hash table's order changes from run to run.
        for (key, flow) in flows.sorted(by: { Self.began($0.value, before: $1.value) }) where !flow.closed {
            end(flow, key: key, reason: fileTruncated ? .truncatedFile : .endOfCapture)
        }
        flows.removeAll()
        for (key, flow) in udpFlows.sorted(by: {
            $0.value.firstPacket != $1.value.firstPacket
                ? $0.value.firstPacket < $1.value.firstPacket : $0.value.ordinal < $1.value.ordinal
        }) {
            endDatagramFlow(flow, key: key, reason: fileTruncated ? .truncatedFile : .endOfCapture)
        }
        udpFlows.removeAll()
    }

    /// Ends flows idle past the limit (capture time `now`); for live captures also call it
    /// when no packet came for a while.
    public func sweep(now: Double) {
        let before = fragments.givenUpFragments
        fragments.expire(now: now)
        countGivenUpFragments(since: before)
        sweepDatagramFlows(now: now)
        guard !flows.isEmpty else { return }
        var expired: [(FlowKey, TrackedFlow)] = []
        for (key, flow) in flows {
            let idle = now - flow.lastPacket
            if flow.closed ? idle > limits.closedLinger : idle > limits.idleTimeout { expired.append((key, flow)) }
        }
        for (key, flow) in expired.sorted(by: { Self.began($0.1, before: $1.1) }) {
            if !flow.closed {
                statistics.idleRetiredFlows += 1
                end(flow, key: key, reason: .idle)
            }
            flows[key] = nil
        }
    }

    /// UDP flows idle past `limits.udpIdleTimeout` are ended (and reported, when they
    /// carried a DTLS handshake not yet reported) and forgotten.
    private func sweepDatagramFlows(now: Double) {
        guard !udpFlows.isEmpty else { return }
        let expired = udpFlows.filter { now - $0.value.lastPacket > limits.udpIdleTimeout }.sorted {
            $0.value.firstPacket != $1.value.firstPacket
                ? $0.value.firstPacket < $1.value.firstPacket : $0.value.ordinal < $1.value.ordinal
        }
        for (key, flow) in expired {
            if !flow.closed && !flow.reported && flow.handshakeSeen { statistics.idleRetiredFlows += 1 }
            endDatagramFlow(flow, key: key, reason: .idle)
            udpFlows[key] = nil
        }
    }

    /// Whether `a` began before `b`: by first packet, then by the order they were seen.
    private static func began(_ a: TrackedFlow, before b: TrackedFlow) -> Bool {
        a.firstPacket != b.firstPacket ? a.firstPacket < b.firstPacket : a.ordinal < b.ordinal
    }

    private func newFlow(_ key: FlowKey, time: Double) -> TrackedFlow {
        if flows.count >= limits.maxFlows { evict() }
        var decryptor: ConnectionDecryptor?
        if let decryption, decryption.keyLog.isConfigured {
            decryptor = ConnectionDecryptor(keyLog: decryption.keyLog, refreshOnMiss: decryption.refreshOnMiss)
        }
        let flow = TrackedFlow(
            a: key.a,
            b: key.b,
            time: time,
            ordinal: statistics.tcpFlows,
            decryptor: decryptor,
            replayBudget: replayBudget
        )
        flows[key] = flow
        statistics.tcpFlows += 1
        return flow
    }

    /// At the flow limit: forget closed flows, then end the longest-idle tenth.
    private func evict() {
        for (key, flow) in flows where flow.closed { flows[key] = nil }
        guard flows.count >= limits.maxFlows else { return }
        let victims = flows.sorted {
            $0.value.lastPacket != $1.value.lastPacket
                ? $0.value.lastPacket < $1.value.lastPacket : $0.value.ordinal < $1.value.ordinal
        }.prefix(max(1, limits.maxFlows / 10))
        for (key, flow) in victims {
            statistics.idleRetiredFlows += 1
            end(flow, key: key, reason: .evicted)
            flows[key] = nil
        }
    }

    private func end(_ flow: TrackedFlow, key: FlowKey, reason: FlowEnd) {
        guard !flow.closed else { return }
        // Segments still waiting behind a hole: declare it lost and read what follows.
        if flow.phase == .active { flushHoles(flow) }
        // A plain-text session whose directions both went past the prelude's bound (or lost
        // their way after lost packets) is no longer tracked, but is still reported.
        if flow.phase == .active || (flow.phase == .notTLS && flow.plaintextSession != nil) {
            if flow.handshakeSeen {
                report(flow, end: reason)
            } else if flow.tlsSeen {
                statistics.tlsFlowsWithoutHandshake += 1
            } else if flow.upgradeRefusal != nil {
                // A request for TLS the server refused: said, though no TLS was spoken.
                statistics.refusedUpgrades += 1
                report(flow, end: reason)
            } else if flow.plaintextSession != nil {
                // A client that never asked for TLS and went on in plain text.
                statistics.plaintextSessions += 1
                report(flow, end: reason)
            }
        }
        statistics.lostBytes += flow.lostA + flow.lostB
        flow.closed = true
        flow.releaseState()
        count(flow)
    }

    private func report(_ flow: TrackedFlow, end: FlowEnd?) {
        let connection = flow.connection(end: end)
        flow.phase = .reported
        if end == nil {
            // Reported while open: count its TLS now, as end() will see it reported.
            statistics.lostBytes += flow.lostA + flow.lostB
            flow.lostA = 0
            flow.lostB = 0
        }
        flow.releaseState()
        count(flow)
        statistics.reportedConnections += 1
        if let summary = connection.recording.decryption {
            let complete =
                summary.failure == nil && !summary.unsupportedSuite && summary.missing.isEmpty && !summary.noClientHello
            if summary.openedAny {
                if complete { statistics.decryptedConnections += 1 } else { statistics.partlyDecryptedConnections += 1 }
            } else if summary.failure != nil || summary.unsupportedSuite {
                statistics.undecryptableConnections += 1
            } else if !complete {
                statistics.connectionsWithoutKeys += 1
            }
        }
        onConnection(connection)
    }

    private static func delivered(_ stream: StreamReassembler, upTo sequence: UInt32) -> Bool {
        guard let next = stream.nextSequence else { return true }
        return StreamReassembler.distance(sequence, from: next) <= 0
    }

    /// Key order of endpoints, so both directions of a flow share one key.
    @inline(__always)
    static func precedes(_ x: Endpoint, _ y: Endpoint) -> Bool {
        if x.address.high != y.address.high { return x.address.high < y.address.high }
        if x.address.low != y.address.low { return x.address.low < y.address.low }
        return x.port < y.port
    }
}
