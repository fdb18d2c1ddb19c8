/// Results filled in by work run beside each other (`SystemCall.runBeside`), one slot per
/// piece of work, read once all have finished.
package final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `slots` is read and written holding `lock` only.
    private let lock = Lock()
    private var slots: [Value?]

    package init(count: Int) { slots = Array(repeating: nil, count: count) }

    package func set(_ index: Int, _ value: Value) {
        lock.withLock { slots[index] = value }
    }

    /// Every slot in order, nil where nothing was set.
    package var values: [Value?] { lock.withLock { slots } }
}
