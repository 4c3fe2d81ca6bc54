#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread-safe ``LRUCache``: a lock around it, held only to look up, insert or
/// remove. Values are made outside the lock (two tasks may each make the same value
/// once; the first stored wins), and a value that an insert evicts is released after
/// the lock is let go, so closing an ICU object never happens while others wait.
///
/// The lock is a `pthread_mutex_t`, not `Synchronization.Mutex`: on Linux a
/// contended `Mutex` is handed over by the kernel (`FUTEX_LOCK_PI`), which the
/// thread sanitizer cannot see, so it reports the guarded data as raced. The
/// sanitizer intercepts pthread mutexes and understands them.
package final class SharedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `entries` is read and written only while `mutex` is held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var entries: LRUCache<Key, Value>

    /// The most entries kept.
    package var capacity: Int { entries.capacity }

    package init(capacity: Int) {
        entries = LRUCache(capacity: capacity)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
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
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&entries)
    }
}
