/// A value behind a ``PThreadLock``: read and replaced whole, for a snapshot that a reload
/// swaps while other threads read it.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `stored` is read and written only while `lock` is held.
    private let lock = PThreadLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    /// Changes the value in place, returning what `body` returns.
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
    }

    /// Replaces the value; the old one is released after the lock is let go.
    func set(_ value: Value) {
        let old = lock.withLock { () -> Value in
            let old = stored
            stored = value
            return old
        }
        _ = old
    }
}
