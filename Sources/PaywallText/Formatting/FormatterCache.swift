import Synchronization

/// A small thread-safe cache: a mutex around a dictionary, bounded by a count.
///
/// The lock is held only to look up or insert; values are built outside it, so
/// two tasks may build the same value once each and the first one stored wins.
/// When the cache is full it is emptied before the next insert: the values are
/// cheap to rebuild and the bound only guards against unbounded key sets.
final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Mutex<[Key: Value]>([:])
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func value(for key: Key, orMake make: () throws(PaywallTextError) -> Value) throws(PaywallTextError) -> Value {
        if let cached = storage.withLock({ $0[key] }) {
            return cached
        }
        let made = try make()
        return storage.withLock { entries in
            if let existing = entries[key] { return existing }
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
            return made
        }
    }

    /// Stores a value, replacing any under the same key.
    func set(_ value: Value, for key: Key) {
        storage.withLock { entries in
            if entries[key] == nil, entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

}
