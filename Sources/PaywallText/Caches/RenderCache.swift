import Synchronization

/// A bounded cache of rendered results, for a server that renders the same products
/// again and again: give one to ``PaywallRenderer/init(catalogs:options:cache:)``.
///
/// An entry is keyed by everything that changes the output: the products (a paywall is
/// one entry, since savings depend on every plan), the locale as given, the
/// ``RenderOptions`` and the snapshot of the ``Catalogs`` rendered with. So a cached result
/// is always the one a render would give: a reload (``Catalogs/reload()``) makes the entries
/// of that catalogs value unreachable, and the cache removes them when it first sees the
/// new snapshot; entries of other catalogs stay. Errors are cached as well as text, and a
/// result is found before the products are checked again.
///
/// The cache is bounded by entries and by an estimate of the bytes its results hold, and
/// evicts the least recently used entries first. It is safe to share between renderers,
/// tasks and threads: it is split into shards, each behind its own lock, held only to
/// look up or store.
///
/// ```swift
/// let renderer = PaywallRenderer(cache: RenderCache(maximumEntries: 50_000, maximumBytes: 128 << 20))
/// ```
///
/// Rendering is already fast (a few microseconds); the cache saves most of that for
/// repeated products, at the cost of memory. It is off unless given.
public final class RenderCache: Sendable {
    /// What the cache holds and how it has been used.
    public struct Statistics: Sendable, Hashable {
        /// Lookups that found an entry.
        public var hits: Int
        /// Lookups that did not (each followed by a render and a store).
        public var misses: Int
        /// Entries held now.
        public var entries: Int
        /// The estimated bytes the entries hold now.
        public var bytes: Int
    }

    /// The most entries kept.
    public let maximumEntries: Int
    /// The most bytes (estimated: the text of the results and of their keys) kept.
    public let maximumBytes: Int

    private let shards: [Shard]
    private let hits = Atomic<Int>(0)
    private let misses = Atomic<Int>(0)
    /// The newest snapshot seen of each catalogs value; entries of older ones are removed.
    private let snapshots = Locked<[UInt64: UInt64]>([:])

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - maximumEntries: The most entries (paywalls or single products × locales) kept; at least 1.
    ///   - maximumBytes: The most bytes of results kept, estimated; an entry larger than a
    ///     shard's share (an eighth) is not kept.
    public init(maximumEntries: Int = 10_000, maximumBytes: Int = 64 << 20) {
        let entries = max(1, maximumEntries), bytes = max(1, maximumBytes)
        self.maximumEntries = entries
        self.maximumBytes = bytes
        let count = min(Self.shardCount, entries)
        shards = (0..<count).map { index in
            // The entries and bytes split evenly; the first shards take what does not divide.
            Shard(entries: entries / count + (index < entries % count ? 1 : 0), bytes: max(1, bytes / count))
        }
    }

    /// Removes every entry; the statistics' counts stay.
    public func removeAll() {
        for shard in shards { shard.removeAll() }
    }

    /// What the cache holds now, and its hits and misses so far.
    public var statistics: Statistics {
        var entries = 0, bytes = 0
        for shard in shards {
            let (count, size) = shard.size
            entries += count
            bytes += size
        }
        return Statistics(hits: hits.load(ordering: .relaxed), misses: misses.load(ordering: .relaxed), entries: entries, bytes: bytes)
    }

    private static let shardCount = 8

    /// Everything that changes a render's output. Its hash is computed once, since the
    /// shard and the shard's table both need it.
    struct Key: Hashable, Sendable {
        /// One product (a single render) or a paywall's products.
        let products: [Product]
        /// Whether this is a single render's result rather than a paywall's.
        let single: Bool
        /// The locale as given (a spelling, or a ``DisplayLocale``'s identifier): results
        /// depend on nothing else of it.
        let locale: String
        let options: RenderOptions
        /// The ``Catalogs`` value and its snapshot.
        let catalogs: UInt64
        let snapshot: UInt64
        /// The stores of the products' documents, when disclosures follow them; else empty.
        let documentStores: [Store?]
        let hash: Int

        init(
            products: [Product], single: Bool, locale: String, options: RenderOptions, catalogs: UInt64, snapshot: UInt64,
            documentStores: [Store?] = []
        ) {
            self.products = products
            self.single = single
            self.locale = locale
            self.options = options
            self.catalogs = catalogs
            self.snapshot = snapshot
            self.documentStores = documentStores
            var hasher = Hasher()
            hasher.combine(products)
            hasher.combine(single)
            hasher.combine(locale)
            hasher.combine(options)
            hasher.combine(snapshot)
            if !documentStores.isEmpty { hasher.combine(documentStores) }
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func == (left: Key, right: Key) -> Bool {
            left.hash == right.hash && left.single == right.single && left.snapshot == right.snapshot
                && left.locale == right.locale && left.options == right.options && left.products == right.products
                && left.documentStores == right.documentStores
        }
    }

    func results(for key: Key) -> [Result<RenderedProduct, PaywallTextError>]? {
        let found = shard(for: key).value(for: key)
        if found == nil {
            misses.add(1, ordering: .relaxed)
        } else {
            hits.add(1, ordering: .relaxed)
        }
        return found
    }

    func store(_ results: [Result<RenderedProduct, PaywallTextError>], for key: Key) {
        forgetOlderSnapshots(than: key)
        shard(for: key).insert(results, for: key, cost: Self.cost(of: key) + results.reduce(0) { $0 + Self.cost(of: $1) })
    }

    /// When a key names a newer snapshot of its catalogs than the cache has seen, the entries
    /// of that catalogs' older snapshots can no longer be reached: they are removed.
    private func forgetOlderSnapshots(than key: Key) {
        let previous = snapshots.update { seen -> UInt64? in
            let previous = seen[key.catalogs]
            if previous.map({ $0 < key.snapshot }) ?? true { seen[key.catalogs] = key.snapshot }
            return previous
        }
        guard let previous, previous < key.snapshot else { return }
        for shard in shards { shard.removeAll { $0.catalogs == key.catalogs && $0.snapshot < key.snapshot } }
    }

    private func shard(for key: Key) -> Shard {
        shards[Int(UInt(bitPattern: key.hash) % UInt(shards.count))]
    }

    // MARK: Size estimates

    /// A string's bytes: its UTF-8 and, beyond what fits inline, a heap header.
    private static func cost(_ text: String?) -> Int {
        guard let text else { return 0 }
        let count = text.utf8.count
        return count <= 15 ? 0 : count + 32
    }

    private static func cost(of key: Key) -> Int {
        key.products.reduce(MemoryLayout<Key>.stride + cost(key.locale)) { total, product in
            let offers = (product.introductoryPrice.map { [$0] } ?? []) + (product.discounts ?? [])
            return total + MemoryLayout<Product>.stride + cost(product.productIdentifier) + cost(product.priceLocale)
                + offers.reduce(0) { $0 + MemoryLayout<Discount>.stride + cost($1.identifier) + $1.phases.count * MemoryLayout<OfferPhase>.stride }
        }
    }

    private static func cost(of result: Result<RenderedProduct, PaywallTextError>) -> Int {
        switch result {
        case .failure(let error):
            return MemoryLayout<PaywallTextError>.stride + cost(error.path) + cost(error.message)
        case .success(let text):
            var total = MemoryLayout<RenderedProduct>.stride + cost(text.locale) + cost(text.catalog) + cost(text.productIdentifier)
                + cost(text.price) + cost(text.period) + cost(text.recurringPrice) + cost(text.terms) + cost(of: text.pricePer)
                + cost(of: text.savings)
            for offer in text.offers {
                total += MemoryLayout<RenderedOffer>.stride + cost(offer.identifier) + cost(offer.price) + cost(offer.period)
                    + cost(offer.duration) + cost(offer.headline) + cost(offer.summary) + cost(offer.terms) + cost(of: offer.discount)
                for phase in offer.phases {
                    total += MemoryLayout<RenderedPhase>.stride + cost(phase.price) + cost(phase.period) + cost(phase.duration)
                        + cost(phase.headline) + cost(of: phase.discount) + cost(of: phase.pricePer)
                }
            }
            return total
        }
    }

    private static func cost(of pricePer: PricePer?) -> Int {
        guard let pricePer else { return 0 }
        return PeriodUnit.allCases.reduce(MemoryLayout<PricePer>.stride) { total, unit in
            let price = pricePer[unit]
            return total + cost(price.price) + cost(price.amount) + cost(price.recurringPrice) + cost(price.billed)
        }
    }

    private static func cost(of percent: PercentText?) -> Int {
        guard let percent else { return 0 }
        return cost(percent.text) + cost(percent.headline)
    }

    /// One lock's share of the cache.
    private final class Shard: @unchecked Sendable {
        // `@unchecked`: `entries` and `bytes` are read and written only while `lock` is held.
        private struct Entry {
            let results: [Result<RenderedProduct, PaywallTextError>]
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

        func value(for key: Key) -> [Result<RenderedProduct, PaywallTextError>]? {
            withLock { $0.entries.value(for: key)?.results }
        }

        func insert(_ results: [Result<RenderedProduct, PaywallTextError>], for key: Key, cost: Int) {
            guard cost <= maximumBytes else { return }
            // What leaves is released after the lock is let go.
            let evicted = withLock { shard -> [Entry] in
                var evicted: [Entry] = []
                if let replaced = shard.entries.insert(Entry(results: results, cost: cost), for: key) {
                    shard.bytes -= replaced.cost
                    evicted.append(replaced)
                }
                shard.bytes += cost
                while shard.bytes > shard.maximumBytes, let oldest = shard.entries.removeOldest() {
                    shard.bytes -= oldest.cost
                    evicted.append(oldest)
                }
                return evicted
            }
            _ = evicted
        }

        func removeAll() {
            let removed = withLock { shard -> [Entry] in
                shard.bytes = 0
                return shard.entries.removeAll()
            }
            _ = removed
        }

        func removeAll(where matches: (Key) -> Bool) {
            let removed = withLock { shard -> [Entry] in
                let removed = shard.entries.removeAll(where: matches)
                shard.bytes -= removed.reduce(0) { $0 + $1.cost }
                return removed
            }
            _ = removed
        }

        var size: (entries: Int, bytes: Int) {
            withLock { ($0.entries.count, $0.bytes) }
        }

        private func withLock<Result>(_ body: (Shard) -> Result) -> Result {
            lock.withLock { body(self) }
        }
    }
}
