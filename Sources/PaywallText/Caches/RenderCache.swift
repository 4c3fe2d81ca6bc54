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
        /// The stores of the products' documents, when disclosures follow them; else empty.
        let documentStores: [Store?]
        let precomputedHash: Int

        init(
            products: [Product], single: Bool, locale: String, options: RenderOptions, catalogs: CatalogsVersion,
            documentStores: [Store?] = []
        ) {
            self.products = products
            self.single = single
            self.locale = locale
            self.options = options
            self.catalogs = catalogs
            self.documentStores = documentStores
            var hasher = Hasher()
            hasher.combine(products)
            hasher.combine(single)
            hasher.combine(locale)
            hasher.combine(options)
            hasher.combine(catalogs.snapshot)
            if !documentStores.isEmpty { hasher.combine(documentStores) }
            precomputedHash = hasher.finalize()
        }

        var catalogsVersion: CatalogsVersion? { catalogs }

        func hash(into hasher: inout Hasher) {
            hasher.combine(precomputedHash)
        }

        static func == (left: Key, right: Key) -> Bool {
            left.precomputedHash == right.precomputedHash && left.single == right.single && left.catalogs == right.catalogs
                && left.locale == right.locale && left.options == right.options && left.products == right.products
                && left.documentStores == right.documentStores
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
            var total = MemoryLayout<RenderedProduct>.stride + cost(text.locale) + cost(text.catalog) + cost(text.productIdentifier)
                + cost(text.price) + cost(text.period) + cost(text.recurringPrice) + cost(text.terms) + cost(of: text.pricePer)
                + cost(of: text.savings) + cost(of: text.copy) + text.copyWarnings.reduce(0) { $0 + 32 + cost($1.path) + cost($1.message) }
            for offer in text.offers {
                total += MemoryLayout<RenderedOffer>.stride + cost(offer.identifier) + cost(offer.price) + cost(offer.period)
                    + cost(offer.duration) + cost(offer.headline) + cost(offer.summary) + cost(offer.terms) + cost(of: offer.discount)
                    + cost(of: offer.copy)
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

    /// A copy dictionary's bytes: its storage and its keys and texts.
    private static func cost(of copy: [String: String]?) -> Int {
        guard let copy else { return 0 }
        return copy.reduce(64) { $0 + 32 + cost($1.key) + cost($1.value) }
    }

    private static func cost(of percent: PercentText?) -> Int {
        guard let percent else { return 0 }
        return cost(percent.text) + cost(percent.headline)
    }
}
