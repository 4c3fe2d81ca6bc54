#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small thread-safe cache: a lock around a dictionary, bounded by a count.
///
/// The lock is held only to look up or insert; values are built outside it, so
/// two tasks may build the same value once each and the first one stored wins.
/// When the cache is full it is emptied before the next insert: the values are
/// cheap to rebuild and the bound only guards against unbounded key sets.
///
/// The lock is a `pthread_mutex_t`, not `Synchronization.Mutex`: on Linux a
/// contended `Mutex` is handed over by the kernel (`FUTEX_LOCK_PI`), which the
/// thread sanitizer cannot see, so it reports the guarded dictionary as raced.
/// The sanitizer intercepts pthread mutexes and understands them.
package final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `entries` is read and written only while `mutex` is held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var entries: [Key: Value] = [:]
    private let capacity: Int

    package init(capacity: Int) {
        self.capacity = capacity
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func value(for key: Key, orMake make: () throws(PaywallTextError) -> Value) throws(PaywallTextError) -> Value {
        if let cached = withLock({ $0[key] }) {
            return cached
        }
        let made = try make()
        return withLock { entries in
            if let existing = entries[key] { return existing }
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
            return made
        }
    }

    /// Stores a value, replacing any under the same key.
    package func set(_ value: Value, for key: Key) {
        withLock { entries in
            if entries[key] == nil, entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    private func withLock<Result>(_ body: (inout [Key: Value]) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&entries)
    }
}
