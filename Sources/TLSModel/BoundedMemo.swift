import SystemCalls

/// Values that are a pure function of their key, shared by the threads that build
/// observations and render reports (a capture sees the same few clients thousands of
/// times); bounded: past `capacity` entries it starts again empty.
public final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // @unchecked: `entries` is only touched under `lock`.
    let capacity: Int
    private let lock = Lock()
    private var entries: [Key: Value] = [:]

    public init(capacity: Int) { self.capacity = capacity }

    public func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    public func store(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
    }
}
