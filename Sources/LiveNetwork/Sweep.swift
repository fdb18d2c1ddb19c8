#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel

/// `scan`'s first stage: TCP connects to many (host, port) pairs at once, non-blocking,
/// waited on together (`Readiness`). What it has measured sets its pace:
/// - each probe is given up after `max(floor, 10 × smoothed RTT)` of the answers seen so
///   far (SYN-ACK or RST), `initial` before the first and at least `initial` to a host that
///   has not answered yet, never more than `ceiling` (--timeout);
/// - a silent pair is tried again (a lost SYN), up to `retries` times on a host that has
///   answered something, once on a host with one or two ports, not at all on a host that
///   answered nothing on any of its ports: that host is reported once as silent, its ports
///   not each waited out again.
/// The pairs come from `next`, host after host (a host's ports one after another); one
/// host's first tries all run before its retries are decided.
public final class Sweep {
    public struct Settings: Sendable {
        /// Probes in flight at most.
        public var sockets = 256
        /// The longest a probe waits (`--timeout`).
        public var ceiling: TimeInterval = 5
        /// The shortest, however fast the answers measured.
        public var floor: TimeInterval = 0.25
        /// Before any answer has been measured.
        public var initial: TimeInterval = 1
        /// Further tries of a silent pair on a host that answered on another port.
        public var retries = 2

        public init() {}
    }

    /// One (host, port) pair: an address as text, or a name.
    public struct Pair: Sendable, Hashable {
        public var host: String
        public var port: Int
        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// What the sweep tells as it goes.
    public enum Event: Sendable {
        /// A pair's last word, after `tries` connects.
        case probed(Pair, PortProbe.State, tries: Int)
        /// A pair that could not be probed (no socket, or a name that stopped resolving).
        case failed(Pair, ConnectFailure)
        /// A host that answered nothing on any of its `ports` (each already `.probed` silent).
        case silentHost(String, ports: Int)
    }

    /// Whether a probe may start now: nil (yes, and its socket is counted), or the
    /// milliseconds to wait before asking again (the socket budget, --rate, a full queue).
    public typealias Gate = () -> Int32?

    private let settings: Settings
    private var readiness = Readiness()
    private var inFlight: [Int32: Attempt] = [:]
    private var retryQueue: [Attempt] = []
    private var groups: [Int: Group] = [:]
    private var currentGroup: Int?
    private var nextGroup = 0
    private var names: [String: [ResolvedAddress]] = [:]
    /// Smoothed connect RTT in nanoseconds; nil before the first answer.
    private var smoothedRTT: Double?
    /// Stopping: no retry starts; a pair that would be retried is reported silent.
    private var stopping = false
    /// Pairs tried more than once, in all.
    public private(set) var retried = 0

    public init(_ settings: Settings) { self.settings = settings }

    /// The timeout a probe starting now gets, in seconds.
    func probeTimeout(hostAnswered: Bool) -> TimeInterval {
        Self.probeTimeout(settings, smoothedRTT: smoothedRTT, hostAnswered: hostAnswered)
    }

    /// `max(floor, 10 × smoothed RTT)`, never more than `ceiling`; `initial` before any
    /// answer. A host that has not answered yet gets at least `initial` whatever was
    /// measured: a router answering in half a millisecond says nothing of a host behind a
    /// VPN or a satellite link, and its ports would be given up after 0.25 s.
    static func probeTimeout(_ settings: Settings, smoothedRTT: Double?, hostAnswered: Bool) -> TimeInterval {
        let measured = smoothedRTT.map { max(settings.floor, 10 * $0 / 1e9) }
        let timeout = hostAnswered ? (measured ?? settings.initial) : max(settings.initial, measured ?? 0)
        return min(settings.ceiling, timeout)
    }

    private struct Attempt {
        var pair: Pair
        var group: Int
        var addresses: [ResolvedAddress]
        var addressIndex = 0
        /// Connects made to the current address.
        var tries = 0
        var totalTries = 0
        var sawSilent = false
        var unreachable: String?
        var fd: Int32 = -1
        var started: UInt64 = 0
        var deadline: UInt64 = 0
    }

    private final class Group {
        let host: String
        var ports = 0
        /// No more pairs of this host will come from `next`.
        var closed = false
        var firstTriesLeft = 0
        /// Attempts in flight, waiting for the retry decision, or queued.
        var outstanding = 0
        var answered = false
        /// Some pair ended unreachable or could not be probed: not a silent host.
        var unreachable = false
        /// Set once the first tries are all done: how many tries a silent pair gets.
        var maximumTries: Int?
        var waiting: [Attempt] = []
        init(host: String) { self.host = host }
    }

    /// Sweeps every pair `next` gives until it gives nil or `stopped()` says so; then the
    /// probes in flight finish, and the pairs waiting for a retry are reported silent.
    /// `ended` is called as each probe's socket closes (the gate's count).
    public func run(
        next: () -> Pair?,
        gate: Gate,
        ended: () -> Void,
        stopped: () -> Bool,
        report: (Event) -> Void
    ) {
        var sourceDone = false
        while true {
            if !stopping && stopped() {
                stopping = true
                sourceDone = true
                closeCurrentGroup(report)
                // Retries not yet started are not started: their pairs were probed.
                let queued = retryQueue
                retryQueue = []
                for attempt in queued { finish(attempt, state(attempt), report) }
            }
            // Start what may start: retries first, then new pairs.
            var waitHint: Int32 = 50
            while inFlight.count < settings.sockets {
                let isRetry = !retryQueue.isEmpty
                if !isRetry && sourceDone { break }
                if let wait = gate() {
                    waitHint = max(1, min(waitHint, wait))
                    break
                }
                var attempt: Attempt
                if isRetry {
                    attempt = retryQueue.removeFirst()
                } else if let pair = next() {
                    guard let made = newAttempt(pair, report) else {
                        ended()
                        continue
                    }
                    attempt = made
                } else {
                    ended()
                    sourceDone = true
                    closeCurrentGroup(report)
                    continue
                }
                start(&attempt, report, ended)
            }
            if inFlight.isEmpty && retryQueue.isEmpty && sourceDone { break }
            if inFlight.isEmpty && retryQueue.isEmpty {
                if stopping { break }
                // Waiting for the gate only.
                usleep(UInt32(waitHint) * 1000)
                continue
            }
            let now = Readiness.monotonicNanoseconds()
            let nearest = inFlight.values.map(\.deadline).min() ?? now + UInt64(waitHint) * 1_000_000
            let untilNearest = nearest > now ? Int32(clamping: (nearest - now + 999_999) / 1_000_000) : 0
            let ready = readiness.wait(milliseconds: min(untilNearest, waitHint))
            let after = Readiness.monotonicNanoseconds()
            for fd in ready {
                guard let attempt = inFlight.removeValue(forKey: fd) else { continue }
                readiness.remove(fd)
                let error = Readiness.connectResult(fd)
                // A plain close: its FIN is retransmitted until acknowledged. A reset lost
                // on the way would leave a one-connection device waiting on a dead connection.
                close(fd)
                ended()
                answered(attempt, error: error, rtt: after - attempt.started, report)
            }
            for (fd, attempt) in inFlight where attempt.deadline <= after {
                inFlight.removeValue(forKey: fd)
                readiness.remove(fd)
                close(fd)
                ended()
                timedOut(attempt, report)
            }
        }
    }

    /// A pair's attempt, in its host's group (a new group when the host changes).
    private func newAttempt(_ pair: Pair, _ report: (Event) -> Void) -> Attempt? {
        if let id = currentGroup, let group = groups[id], group.host != pair.host {
            closeCurrentGroup(report)
        }
        if currentGroup == nil {
            groups[nextGroup] = Group(host: pair.host)
            currentGroup = nextGroup
            nextGroup += 1
        }
        let id = currentGroup!
        let group = groups[id]!
        let addresses: [ResolvedAddress]
        do throws(ConnectFailure) {
            addresses = try self.addresses(pair)
        } catch {
            report(.failed(pair, error))
            return nil
        }
        group.ports += 1
        group.firstTriesLeft += 1
        group.outstanding += 1
        return Attempt(pair: pair, group: id, addresses: addresses)
    }

    private func addresses(_ pair: Pair) throws(ConnectFailure) -> [ResolvedAddress] {
        let target = DialTarget(host: pair.host, port: pair.port)
        if target.isIPAddress { return try Resolver.resolve(target, timeout: settings.ceiling) }
        if names[pair.host] == nil {
            // Names were resolved before the sweep; this is the same lookup, kept per name.
            if names.count > 4096 { names.removeAll() }
            names[pair.host] = try Resolver.resolve(target, timeout: settings.ceiling)
        }
        // The port sits at bytes 2-3 of sockaddr_in and sockaddr_in6 alike.
        return names[pair.host]!.map { address in
            var bytes = address.sockaddr
            bytes[2] = UInt8(pair.port >> 8)
            bytes[3] = UInt8(pair.port & 0xFF)
            return ResolvedAddress(family: address.family, sockaddr: bytes, text: address.text)
        }
    }

    private func start(_ attempt: inout Attempt, _ report: (Event) -> Void, _ ended: () -> Void) {
        let address = attempt.addresses[attempt.addressIndex]
        attempt.tries += 1
        attempt.totalTries += 1
        if attempt.totalTries == 2 { retried += 1 }
        let fd = SystemCall.nonBlockingStreamSocket(family: address.family)
        guard fd >= 0 else {
            ended()
            let failure = ConnectFailure(
                .local,
                "\(HostPort.display(host: attempt.pair.host, port: attempt.pair.port)): cannot open a socket: \(String(cString: strerror(errno)))"
            )
            report(.failed(attempt.pair, failure))
            groups[attempt.group]!.unreachable = true  // not silent: never asked
            if attempt.tries == 1 && attempt.addressIndex == 0 { firstTryDone(groups[attempt.group]!, report) }
            done(attempt, report)
            return
        }
        attempt.started = Readiness.monotonicNanoseconds()
        let result = address.sockaddr.withUnsafeBytes { SystemCall.connect(fd, to: $0) }
        let error: Int32 = result == 0 ? 0 : errno
        if result != 0 && (error == EINPROGRESS || error == EINTR) {
            attempt.fd = fd
            let answered = groups[attempt.group]?.answered ?? false
            attempt.deadline = attempt.started + UInt64(probeTimeout(hostAnswered: answered) * 1e9)
            inFlight[fd] = attempt
            readiness.addConnecting(fd)
            return
        }
        close(fd)
        ended()
        answered(attempt, error: error, rtt: nil, report)
    }

    private func answered(_ attempt: Attempt, error: Int32, rtt: UInt64?, _ report: (Event) -> Void) {
        var attempt = attempt
        let group = groups[attempt.group]!
        if error == 0 || error == ECONNREFUSED {
            group.answered = true
            if let rtt { measured(Double(rtt)) }
        }
        if attempt.tries == 1 && attempt.addressIndex == 0 { firstTryDone(group, report) }
        if error == 0 {
            finish(attempt, .open(address: attempt.addresses[attempt.addressIndex].text), report)
            return
        }
        if error != ECONNREFUSED {
            group.unreachable = true
            attempt.unreachable = String(cString: strerror(error)).lowercased()
        }
        nextAddressOrFinish(attempt, report)
    }

    private func timedOut(_ attempt: Attempt, _ report: (Event) -> Void) {
        var attempt = attempt
        let group = groups[attempt.group]!
        attempt.sawSilent = true
        if attempt.tries == 1 && attempt.addressIndex == 0 {
            group.waiting.append(attempt)
            firstTryDone(group, report)
            return
        }
        if let most = group.maximumTries, attempt.tries < most {
            retry(attempt, report)
            return
        }
        nextAddressOrFinish(attempt, report)
    }

    /// Tries the name's next address, or reports the pair.
    private func nextAddressOrFinish(_ attempt: Attempt, _ report: (Event) -> Void) {
        var attempt = attempt
        if attempt.addressIndex + 1 < attempt.addresses.count {
            attempt.addressIndex += 1
            attempt.tries = 0
            retry(attempt, report)
            return
        }
        finish(attempt, state(attempt), report)
    }

    /// A pair's word once it is tried no more: silent if any address was, else unreachable
    /// if any was, else closed.
    private func state(_ attempt: Attempt) -> PortProbe.State {
        if attempt.sawSilent { return .silent }
        if let message = attempt.unreachable {
            return .unreachable("\(HostPort.display(host: attempt.pair.host, port: attempt.pair.port)): \(message)")
        }
        return .closed
    }

    private func firstTryDone(_ group: Group, _ report: (Event) -> Void) {
        group.firstTriesLeft -= 1
        decideRetries(group, report)
    }

    /// Once a closed group's first tries are all done: its silent pairs are tried again
    /// (the host answered, or has too few ports to tell), or reported.
    private func decideRetries(_ group: Group, _ report: (Event) -> Void) {
        guard group.closed, group.firstTriesLeft == 0, group.maximumTries == nil else { return }
        let most = group.answered ? 1 + settings.retries : (group.ports <= 2 ? 2 : 1)
        group.maximumTries = most
        let waiting = group.waiting
        group.waiting = []
        for attempt in waiting {
            if attempt.tries < most {
                retry(attempt, report)
            } else {
                nextAddressOrFinish(attempt, report)
            }
        }
    }

    /// Queues another try, unless the sweep is stopping: then the pair was probed, silent
    /// (or as its last address answered).
    private func retry(_ attempt: Attempt, _ report: (Event) -> Void) {
        if stopping {
            finish(attempt, state(attempt), report)
            return
        }
        retryQueue.append(attempt)
    }

    private func closeCurrentGroup(_ report: (Event) -> Void) {
        guard let id = currentGroup, let group = groups[id] else { return }
        currentGroup = nil
        group.closed = true
        decideRetries(group, report)
        if group.outstanding == 0 { groups[id] = nil }
    }

    private func finish(_ attempt: Attempt, _ state: PortProbe.State, _ report: (Event) -> Void) {
        report(.probed(attempt.pair, state, tries: attempt.totalTries))
        done(attempt, report)
    }

    /// One attempt fewer outstanding; a group closed with none left is done, and reported
    /// once as a silent host when nothing on it answered.
    private func done(_ attempt: Attempt, _ report: (Event) -> Void) {
        guard let group = groups[attempt.group] else { return }
        group.outstanding -= 1
        guard group.closed, group.outstanding == 0 else { return }
        groups[attempt.group] = nil
        if !group.answered && !group.unreachable && group.ports > 0 {
            report(.silentHost(group.host, ports: group.ports))
        }
    }

    /// Folds one measured RTT (nanoseconds) into the smoothed RTT, as TCP does (1/8 gain).
    private func measured(_ rtt: Double) {
        guard let srtt = smoothedRTT else {
            smoothedRTT = rtt
            return
        }
        smoothedRTT = srtt + (rtt - srtt) / 8
    }
}
