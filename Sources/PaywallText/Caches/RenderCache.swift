/// A bounded cache of rendered results, for a server that renders the same products
/// again and again: give one to ``PaywallRenderer/init(catalogs:copy:options:cache:)``.
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
    public var maximumEntries: Int { storage.maximumEntries }
    /// The most bytes (estimated: the text of the results and of their keys) kept.
    public var maximumBytes: Int { storage.maximumBytes }

    private let storage: ShardedCache<Key, [Result<RenderedProduct, PaywallTextError>]>

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - maximumEntries: The most entries (paywalls or single products × locales) kept; at least 1.
    ///   - maximumBytes: The most bytes of results kept, estimated; an entry larger than a
    ///     shard's share (an eighth) is not kept.
    public init(maximumEntries: Int = 10_000, maximumBytes: Int = 64 << 20) {
        storage = ShardedCache(maximumEntries: maximumEntries, maximumBytes: maximumBytes)
    }

    /// Removes every entry; the statistics' counts stay.
    public func removeAll() {
        storage.removeAll()
    }

    /// What the cache holds now, and its hits and misses so far.
    public var statistics: Statistics { storage.statistics }

    /// Everything that changes a render's output. Its hash is computed once, since the
    /// shard and the shard's table both need it.
    struct Key: ShardedCacheKey {
        /// One product (a single render) or a paywall's products.
        let products: [Product]
        /// Whether this is a single render's result rather than a paywall's.
        let single: Bool
        /// The locale as given (a spelling, or a ``DisplayLocale``'s identifier): results
        /// depend on nothing else of it.
        let locale: String
        let options: RenderOptions
        /// The ``Catalogs`` value and its snapshot.
        let catalogs: CatalogsVersion
        /// Where the products' documents came from, when disclosures follow them; else empty.
        let documents: [DocumentOrigin]
        let precomputedHash: Int

        init(
            products: [Product], single: Bool, locale: String, options: RenderOptions, catalogs: CatalogsVersion,
            documents: [DocumentOrigin] = []
        ) {
            self.products = products
            self.single = single
            self.locale = locale
            self.options = options
            self.catalogs = catalogs
            self.documents = documents
            var hasher = Hasher()
            hasher.combine(products)
            hasher.combine(single)
            hasher.combine(locale)
            hasher.combine(options)
            hasher.combine(catalogs.snapshot)
            if !documents.isEmpty { hasher.combine(documents) }
            precomputedHash = hasher.finalize()
        }

        var catalogsVersion: CatalogsVersion? { catalogs }

        func hash(into hasher: inout Hasher) {
            hasher.combine(precomputedHash)
        }

        static func == (left: Key, right: Key) -> Bool {
            left.precomputedHash == right.precomputedHash && left.single == right.single && left.catalogs == right.catalogs
                && left.locale == right.locale && left.options == right.options && left.products == right.products
                && left.documents == right.documents
        }
    }

    func results(for key: Key) -> [Result<RenderedProduct, PaywallTextError>]? {
        storage.value(for: key)
    }

    func store(_ results: [Result<RenderedProduct, PaywallTextError>], for key: Key) {
        storage.store(results, for: key, cost: Self.cost(of: key) + results.reduce(0) { $0 + Self.cost(of: $1) })
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
            // Every field the result holds, from the one list of them: a field added to
            // results is counted without a change here.
            var size = SizeEstimate()
            text.visitFields(&size)
            return MemoryLayout<RenderedProduct>.stride + size.bytes
                + text.copyWarnings.reduce(0) { $0 + 32 + cost($1.path) + cost($1.message) }
        }
    }

    /// The bytes a result's fields hold beyond the result itself: each text's, each run's,
    /// and the storage of each object and array (``ResultFieldVisitor``).
    private struct SizeEstimate: ResultFieldVisitor {
        var bytes = 0

        mutating func text(_ key: String, _ value: String?) {
            bytes += RenderCache.cost(value)
        }

        mutating func number(_ key: String, _ value: Int?) {}

        mutating func runs(_ key: String, _ value: [TextRun]) {
            // The array, the path it is keyed by, and each run's text.
            bytes += 32 + RenderCache.cost(key) + value.reduce(0) { $0 + MemoryLayout<TextRun>.stride + RenderCache.cost($1.text) }
        }

        mutating func object(_ key: String, present: Bool, _ members: (inout SizeEstimate) -> Void) {
            guard present else { return }
            // Map and dictionary entries keep their keys; a struct's members are in the
            // parent's stride, counted once here as a small header.
            bytes += 32 + RenderCache.cost(key)
            members(&self)
        }

        mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout SizeEstimate, Int) -> Void) {
            guard present else { return }
            // The array's buffer: each element's struct (an offer or a phase is a few hundred bytes).
            bytes += 32 + count * 256
            for index in 0..<count { element(&self, index) }
        }
    }
}
