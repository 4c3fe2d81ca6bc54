/// A thread-safe ``LRUCache``: a lock around it, held only to look up, insert or
/// remove. Values are made outside the lock (two tasks may each make the same value
/// once; the first stored wins), and a value that an insert evicts is released after
/// the lock is let go, so closing an ICU object never happens while others wait.
/// The lock is a ``PThreadLock``, which the thread sanitizer understands.
package final class SharedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `entries` is read and written only while `lock` is held.
    private let lock = PThreadLock()
    private var entries: LRUCache<Key, Value>

    /// The most entries kept.
    package var capacity: Int { entries.capacity }

    package init(capacity: Int) {
        entries = LRUCache(capacity: capacity)
    }

    /// The cached value, or the one `make` returns, which is then stored.
    package func value<Failure: Error>(
        for key: Key, orMake make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if let cached = withLock({ $0.value(for: key) }) {
            return cached
        }
        let made = try make()
        let (stored, evicted) = withLock { entries -> (Value, Value?) in
            if let existing = entries.value(for: key) { return (existing, nil) }
            return (made, entries.insert(made, for: key))
        }
        _ = evicted  // released here, after the lock
        return stored
    }

    /// The cached value, if any.
    package func value(for key: Key) -> Value? {
        withLock { $0.value(for: key) }
    }

    /// Stores a value, replacing any under the same key.
    package func set(_ value: Value, for key: Key) {
        let evicted = withLock { $0.insert(value, for: key) }
        _ = evicted  // released after the lock
    }

    /// Removes every entry.
    package func removeAll() {
        let removed = withLock { $0.removeAll() }
        _ = removed  // released after the lock
    }

    /// How many entries are held now.
    package var count: Int { withLock { $0.count } }

    private func withLock<Result>(_ body: (inout LRUCache<Key, Value>) -> Result) -> Result {
        lock.withLock { body(&entries) }
    }
}
