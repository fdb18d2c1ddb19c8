import Foundation
import TLSModel

/// Parsed certificates by their DER, shared by the threads that build reports: a capture
/// holds the same few chains thousands of times, and parsing X.509 is a good part of what
/// each report costs. Bounded: past `capacity` entries it starts again empty.
final class CertificateCache: @unchecked Sendable {
    static let shared = CertificateCache()

    let capacity: Int
    private let lock = NSLock()
    private var entries: [[UInt8]: X509Certificate] = [:]
    /// DER that did not parse (nil results are remembered too).
    private var failures: Set<[UInt8]> = []

    init(capacity: Int = 1024) { self.capacity = capacity }

    func certificate(_ der: [UInt8]) -> X509Certificate? {
        lock.lock()
        if let hit = entries[der] {
            lock.unlock()
            return hit
        }
        let failed = failures.contains(der)
        lock.unlock()
        if failed { return nil }
        let parsed = try? X509Certificate(derEncoded: der)
        lock.lock()
        if entries.count + failures.count >= capacity {
            entries.removeAll(keepingCapacity: true)
            failures.removeAll(keepingCapacity: true)
        }
        if let parsed { entries[der] = parsed } else { failures.insert(der) }
        lock.unlock()
        return parsed
    }
}
