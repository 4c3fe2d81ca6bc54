/// A bounded, thread-safe cache of objects that are costly to make and safe to share
/// (ICU number formatters, plural rules, a locale's period texts), as swift-foundation's
/// `FormatterCache` keeps them: a lock around an ``LRUCache``, held only to look up,
/// insert or remove.
///
/// Values are made outside the lock (two threads may each make the same value once; the
/// first stored wins), and what an insert evicts is released after the lock is let go, so
/// that closing an ICU object never happens while others wait. The cache is bounded by
/// entries and by an estimate of the bytes its values hold, and it reports both for the
/// one table of caches (``PaywallCaches``). The lock is a ``PThreadLock``, which the thread
/// sanitizer understands.
final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable, CacheAccounting {
    // `@unchecked`: `entries` and `bytes` are read and written only while `lock` is held.
    private struct Entry {
        let value: Value
        let cost: Int
    }

    let name: String
    let maximumEntries: Int
    let maximumBytes: Int
    private let cost: @Sendable (Value) -> Int
    private let lock = PThreadLock()
    private var entries: LRUCache<Key, Entry>
    private var bytes = 0

    /// - Parameters:
    ///   - name: How the table of caches names it.
    ///   - maximumEntries: The most values kept.
    ///   - maximumBytes: The most bytes kept, by `cost`'s estimate.
    ///   - cost: The estimated bytes a value holds.
    init(_ name: String, maximumEntries: Int, maximumBytes: Int, cost: @escaping @Sendable (Value) -> Int) {
        self.name = name
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
        self.cost = cost
        entries = LRUCache(capacity: maximumEntries)
    }

    /// The cached value, or the one `make` returns, which is then stored.
    func value<Failure: Error>(for key: Key, orMake make: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let cached = lock.withLock({ entries.value(for: key)?.value }) {
            return cached
        }
        let made = try make()
        let size = cost(made)
        let (stored, evicted) = lock.withLock { () -> (Value, [Entry]) in
            if let existing = entries.value(for: key) { return (existing.value, []) }
            var evicted: [Entry] = []
            if let replaced = entries.insert(Entry(value: made, cost: size), for: key) { evicted.append(replaced) }
            bytes += size - evicted.reduce(0) { $0 + $1.cost }
            while bytes > maximumBytes, entries.count > 1, let oldest = entries.removeOldest() {
                bytes -= oldest.cost
                evicted.append(oldest)
            }
            return (made, evicted)
        }
        _ = evicted  // released here, after the lock
        return stored
    }

    /// The cached value, if any.
    func value(for key: Key) -> Value? {
        lock.withLock { entries.value(for: key)?.value }
    }

    /// Removes the entries whose key matches.
    func removeAll(where matches: (Key) -> Bool) {
        let removed = lock.withLock { () -> [Entry] in
            let removed = entries.removeAll(where: matches)
            bytes -= removed.reduce(0) { $0 + $1.cost }
            return removed
        }
        _ = removed  // released after the lock
    }

    var usage: CacheUsage {
        lock.withLock { CacheUsage(entries: entries.count, bytes: bytes) }
    }
}
