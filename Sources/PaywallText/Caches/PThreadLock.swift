#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `pthread_mutex_t` on the heap, for the shared caches (``FormatterCache`` and
/// ``ShardedCache``'s shards).
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed over by the
/// kernel (`FUTEX_LOCK_PI`), which the thread sanitizer cannot see, so it reports the
/// guarded data as raced. The sanitizer intercepts pthread mutexes and understands them.
final class PThreadLock: @unchecked Sendable {
    // `@unchecked`: the mutex is only touched through pthread calls, which synchronize.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
