import Synchronization

/// The one owner of every cache in the library: what it keeps, how much, and who
/// may touch it.
///
/// Process-wide caches are ``SharedCache``s (a lock, LRU eviction, objects released
/// outside the lock). Per-thread caches live in ``ThreadCaches``, which only their
/// thread touches, so a render takes no lock once its thread has seen the locale.
///
/// | cache | key | bound | holds |
/// |---|---|---|---|
/// | ``localesByIdentifier`` | a locale as the caller spells it | 1,024 | the shared formatters of its locale |
/// | ``locales`` | a canonical ICU locale ID | 512 | ``LocaleFormatters``: plural rules, unit formatters, period texts 1–100 |
/// | ``compiledCatalogs`` | catalog set and locale | 512 | a catalog compiled by ICU for a locale (the prototype each thread clones) |
/// | ``storefronts`` | a `priceLocale` as given | 1,024 | the currency it names |
/// | ``catalogFolders`` | a catalog folder's resolved path | 64 | its loaded catalogs, or why loading failed |
/// | per thread: contexts | catalog source and locale | 128 | a ``RenderContext``: message clones, price formatters, period texts |
/// | per thread: storefronts | a `priceLocale` | 256 | the currency it names |
/// | per thread: currency digits | an ISO 4217 code | ICU's codes (about 300) | fraction digits |
///
/// A thread's context costs about 0.3 MB (its own clone of each compiled message);
/// so a thread that renders in 128 locales holds about 40 MB, and one more locale
/// evicts the least recently used context, which is rebuilt from the shared caches
/// when it is needed again.
package enum PaywallCaches {
    /// Locale identifiers as callers spell them (`en_US`, `en-US`), each to its locale's formatters.
    static let localesByIdentifier = SharedCache<String, LocaleFormatters>(capacity: 1024)
    /// One set of formatters per canonical locale, however many spellings reach it.
    static let locales = SharedCache<String, LocaleFormatters>(capacity: 512)
    /// Catalogs compiled for a display locale, per loaded catalog set.
    static let compiledCatalogs = SharedCache<CompiledCatalog.Key, CompiledCatalog>(capacity: 512)
    /// Storefront locales seen so far, with the currency each names.
    static let storefronts = SharedCache<String, Storefront>(capacity: 1024)
    /// Catalog folders read so far: their catalogs, or the error that rejected them, kept
    /// until ``CatalogLoader/reload(_:)`` reads the folder again.
    static let catalogFolders = SharedCache<String, CatalogFolder>(capacity: 64)

    /// Contexts one thread keeps, least recently used evicted first.
    static let threadContextCapacity = 128
    /// Storefront locales one thread keeps.
    static let threadStorefrontCapacity = 256

    /// Counts catalog reloads; a thread drops its contexts made from folders when it sees
    /// a new count.
    static let catalogGeneration = Atomic<Int>(0)

    /// The calling thread's render contexts: how many it holds, and how many it has made
    /// since it started (a context made again after eviction counts again).
    package static var currentThreadContexts: (held: Int, made: Int) {
        let caches = ThreadCaches.current
        return (caches.contextCount, caches.contextsMade)
    }

    /// The bound of ``currentThreadContexts``' `held`.
    package static var threadContextBound: Int { threadContextCapacity }
}

/// A storefront locale's currency, as ``PaywallCaches/storefronts`` keeps it.
struct Storefront: Sendable {
    /// The currency the locale names (`en_US@currency=USD` → `USD`), `nil` when it names none.
    let currency: String?
}
