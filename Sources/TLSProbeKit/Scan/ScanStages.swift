import SystemCalls

/// `--shard K/N`: the pairs of a plan whose index in the plan's order (host after host,
/// port after port) is K-1 modulo N. The N shards cover the plan exactly once.
public struct ScanShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `K/N` with 1 ≤ K ≤ N ≤ 65536.
    public static func parse(_ text: String) -> ScanShard? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isNumber) }),
            let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 65_536, k >= 1, k <= n
        else { return nil }
        return ScanShard(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the `position`-th pair (0-based) is this shard's.
    public func contains(_ position: Int) -> Bool { position % count == index - 1 }

    /// This shard's pairs among positions `range`.
    public func count(in range: Range<Int>) -> Int {
        func upTo(_ end: Int) -> Int {  // positions 0..<end that are ours
            end <= index - 1 ? 0 : (end - index) / count + 1
        }
        return upTo(range.upperBound) - upTo(range.lowerBound)
    }
}

/// The sockets a scan may hold at once (`--concurrency`), shared by the sweep (one per
/// probe, taken only when free) and the handshakes (a few each, waited for, and served
/// before the sweep takes more).
final class SocketBudget: @unchecked Sendable {
    // @unchecked: the counts are only touched under `condition`'s lock.
    private let condition = Condition()
    let total: Int
    private var used = 0
    private var waiting = 0

    init(total: Int) { self.total = max(1, total) }

    /// One socket for the sweep, if free and no handshake waits for sockets.
    func tryTakeOne() -> Bool {
        condition.withLock {
            guard waiting == 0, used < total else { return false }
            used += 1
            return true
        }
    }

    /// `n` sockets (at most the total) for a handshake, waiting for them.
    func take(_ n: Int) -> Int {
        let n = min(n, total)
        condition.lock()
        waiting += 1
        while used + n > total { condition.wait() }
        waiting -= 1
        used += n
        condition.unlock()
        return n
    }

    func release(_ n: Int) {
        condition.lock()
        used -= n
        condition.broadcast()
        condition.unlock()
    }
}

/// `--rate N`: connection attempts spaced 1/N s apart across the scan, sweep and handshakes.
final class Pacer: @unchecked Sendable {
    // @unchecked: `next` is only touched under `lock`.
    private let lock = Lock()
    private let interval: UInt64
    private var next: UInt64 = 0

    init(perSecond: Double) { interval = UInt64(1e9 / perSecond) }

    /// Takes the next slot if it has come (nil), else says how many milliseconds to wait.
    func tryTake() -> Int32? {
        lock.withLock {
            let now = Readiness.monotonicNanoseconds()
            guard next <= now else { return Int32(clamping: (next - now) / 1_000_000 + 1) }
            next = now + interval
            return nil
        }
    }

    /// Takes the next slot, sleeping until it comes, a second at a time so that a stop is
    /// seen (a slow --rate puts slots minutes apart); false when `stopped` comes first.
    func take(stopped: () -> Bool) -> Bool {
        let slot: UInt64 = lock.withLock {
            let slot = max(next, Readiness.monotonicNanoseconds())
            next = slot + interval
            return slot
        }
        while true {
            let now = Readiness.monotonicNanoseconds()
            if now >= slot { return true }
            if stopped() { return false }
            Readiness.pause(nanoseconds: min(slot - now, 1_000_000_000))
        }
    }
}

/// Endpoints where something accepted TCP, waiting for their handshake: taken first come,
/// first served, but never more than `perHost` at once to one host (--per-host).
final class HandshakeQueue: @unchecked Sendable {
    // @unchecked: everything is touched only under `condition`'s lock.
    private let condition = Condition()
    private let perHost: Int
    /// The sweep starts no probe while this many wait.
    let capacity: Int
    private var items: [ScanPlan.Endpoint] = []
    private var busy: [String: Int] = [:]
    private var closed = false

    init(perHost: Int, capacity: Int = 4096) {
        self.perHost = max(1, perHost)
        self.capacity = capacity
    }

    var isFull: Bool { condition.withLock { items.count >= capacity } }

    func put(_ endpoint: ScanPlan.Endpoint) {
        condition.withLock {
            items.append(endpoint)
            condition.broadcast()
        }
    }

    /// No more will be put.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    /// The first endpoint whose host has fewer than `perHost` handshakes going, waiting
    /// for one; nil once closed and empty, or when `stopped()`.
    func take(stopped: () -> Bool) -> ScanPlan.Endpoint? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped() { return nil }
            if let i = items.firstIndex(where: { busy[$0.host, default: 0] < perHost }) {
                let endpoint = items.remove(at: i)
                busy[endpoint.host, default: 0] += 1
                return endpoint
            }
            if closed && items.isEmpty { return nil }
            // A stop request is seen within a tenth of a second.
            _ = condition.wait(untilSecondsSince1970: Date().timeIntervalSince1970 + 0.1)
        }
    }

    /// `endpoint`'s handshake is over.
    func done(_ endpoint: ScanPlan.Endpoint) {
        condition.withLock {
            busy[endpoint.host, default: 1] -= 1
            if busy[endpoint.host] == 0 { busy[endpoint.host] = nil }
            condition.broadcast()
        }
    }
}
