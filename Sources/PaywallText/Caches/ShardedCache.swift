import Synchronization

/// What a ``ShardedCache`` needs of its keys.
protocol ShardedCacheKey: Hashable, Sendable {
    /// The key's hash, computed once when the key is made: the shard and the shard's table
    /// both need it.
    var precomputedHash: Int { get }
    /// The catalogs snapshot the value was made from; `nil` for a value that depends on no
    /// catalogs.
    var catalogsVersion: CatalogsVersion? { get }
}

/// A bounded cache split into shards, each an ``LRUCache`` behind its own lock, for values
/// that many threads look up at once: a ``RenderCache``'s results.
///
/// It is bounded by entries and by an estimate of the bytes its values hold, and evicts the
/// least recently used entries first; what leaves is released after the lock is let go. A
/// lock is held only to look up or store. When a key names a newer snapshot of its catalogs
/// than the cache has seen, the entries of that catalogs' older snapshots, which no lookup
/// can reach any more, are removed.
final class ShardedCache<Key: ShardedCacheKey, Value: Sendable>: Sendable {
    /// The most entries kept.
    let maximumEntries: Int
    /// The most bytes kept, by the estimates given to ``store(_:for:cost:)``.
    let maximumBytes: Int

    private let shards: [Shard]
    private let hits = Atomic<Int>(0)
    private let misses = Atomic<Int>(0)
    /// The newest snapshot seen of each catalogs value.
    private let snapshots = Locked<[UInt64: UInt64]>([:])

    private static var shardCount: Int { 8 }

    /// An empty cache of at least one entry and one byte; a value larger than a shard's
    /// share of the bytes (an eighth) is not kept.
    init(maximumEntries: Int, maximumBytes: Int) {
        let entries = max(1, maximumEntries), bytes = max(1, maximumBytes)
        self.maximumEntries = entries
        self.maximumBytes = bytes
        let count = min(Self.shardCount, entries)
        shards = (0..<count).map { index in
            // The entries and bytes split evenly; the first shards take what does not divide.
            Shard(entries: entries / count + (index < entries % count ? 1 : 0), bytes: max(1, bytes / count))
        }
    }

    /// The value for a key, counted as a hit or a miss.
    func value(for key: Key) -> Value? {
        let found = shard(for: key).value(for: key)
        if found == nil {
            misses.add(1, ordering: .relaxed)
        } else {
            hits.add(1, ordering: .relaxed)
        }
        return found
    }

    /// Stores a value, replacing any under the same key.
    func store(_ value: Value, for key: Key, cost: Int) {
        if let version = key.catalogsVersion { forgetSnapshots(before: version) }
        shard(for: key).insert(value, for: key, cost: cost)
    }

    /// Removes every entry; the counts of hits and misses stay.
    func removeAll() {
        for shard in shards { shard.removeAll { _ in true } }
    }

    /// Hits and misses so far, and what the cache holds now.
    var statistics: RenderCache.Statistics {
        var entries = 0, bytes = 0
        for shard in shards {
            let (count, size) = shard.size
            entries += count
            bytes += size
        }
        return RenderCache.Statistics(hits: hits.load(ordering: .relaxed), misses: misses.load(ordering: .relaxed), entries: entries, bytes: bytes)
    }

    /// The first time a catalogs value's newer snapshot is seen, its older ones' entries go.
    private func forgetSnapshots(before version: CatalogsVersion) {
        let previous = snapshots.update { seen -> UInt64? in
            let previous = seen[version.catalogs]
            if previous.map({ $0 < version.snapshot }) ?? true { seen[version.catalogs] = version.snapshot }
            return previous
        }
        guard let previous, previous < version.snapshot else { return }
        for shard in shards {
            shard.removeAll { key in
                key.catalogsVersion.map { $0.catalogs == version.catalogs && $0.snapshot < version.snapshot } ?? false
            }
        }
    }

    private func shard(for key: Key) -> Shard {
        shards[Int(UInt(bitPattern: key.precomputedHash) % UInt(shards.count))]
    }

    /// One lock's share of the cache.
    private final class Shard: @unchecked Sendable {
        // `@unchecked`: `entries` and `bytes` are read and written only while `lock` is held.
        private struct Entry {
            let value: Value
            let cost: Int
        }

        private let lock = PThreadLock()
        private var entries: LRUCache<Key, Entry>
        private var bytes = 0
        private let maximumBytes: Int

        init(entries capacity: Int, bytes: Int) {
            entries = LRUCache(capacity: max(1, capacity))
            maximumBytes = bytes
        }

        func value(for key: Key) -> Value? {
            lock.withLock { entries.value(for: key)?.value }
        }

        func insert(_ value: Value, for key: Key, cost: Int) {
            guard cost <= maximumBytes else { return }
            // What leaves is released after the lock is let go.
            let evicted = lock.withLock { () -> [Entry] in
                var evicted: [Entry] = []
                if let replaced = entries.insert(Entry(value: value, cost: cost), for: key) {
                    bytes -= replaced.cost
                    evicted.append(replaced)
                }
                bytes += cost
                while bytes > maximumBytes, let oldest = entries.removeOldest() {
                    bytes -= oldest.cost
                    evicted.append(oldest)
                }
                return evicted
            }
            _ = evicted
        }

        func removeAll(where matches: (Key) -> Bool) {
            let removed = lock.withLock { () -> [Entry] in
                let removed = entries.removeAll(where: matches)
                bytes -= removed.reduce(0) { $0 + $1.cost }
                return removed
            }
            _ = removed
        }

        var size: (entries: Int, bytes: Int) {
            lock.withLock { (entries.count, bytes) }
        }
    }
}
