import Foundation

/// Collects what a sink writes, from whichever thread writes it.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ text: String) {
        lock.lock()
        items.append(text)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
