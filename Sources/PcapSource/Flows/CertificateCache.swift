import SystemCalls
import TLSModel

/// Parsed certificates by their DER, shared by the threads that build reports: a capture
/// holds the same few chains thousands of times, and parsing X.509 is a good part of what
/// each report costs. Bounded: past `capacity` entries it starts again empty.
final class CertificateCache: @unchecked Sendable {
    static let shared = CertificateCache()

    let capacity: Int
    private let lock = Lock()
    private var entries: [DERKey: X509Certificate] = [:]
    /// DER that did not parse (nil results are remembered too).
    private var failures: Set<DERKey> = []

    /// DER as a key hashed by `DERHash`, in two calls over its bytes: `[UInt8]`'s own hashing
    /// feeds the hasher one element at a time, which for a 1 KB certificate cost more than
    /// the lookup saves (measured on a capture of many short connections).
    struct DERKey: Hashable {
        let der: [UInt8]
        func hash(into hasher: inout Hasher) { DERHash.hash(der, into: &hasher) }
        static func == (a: DERKey, b: DERKey) -> Bool { a.der == b.der }
    }

    init(capacity: Int = 1024) { self.capacity = capacity }

    func certificate(_ der: [UInt8]) -> X509Certificate? {
        let key = DERKey(der: der)
        lock.lock()
        if let hit = entries[key] {
            lock.unlock()
            return hit
        }
        let failed = failures.contains(key)
        lock.unlock()
        if failed { return nil }
        let parsed = try? X509Certificate(derEncoded: der)
        lock.lock()
        if entries.count + failures.count >= capacity {
            entries.removeAll(keepingCapacity: true)
            failures.removeAll(keepingCapacity: true)
        }
        if let parsed { entries[key] = parsed } else { failures.insert(key) }
        lock.unlock()
        return parsed
    }
}
