#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-thread render contexts, so that concurrent renders share no mutable state
/// and meet on no lock.
///
/// Each thread keeps, per locale and catalog source, a ``ThreadContext`` with its own
/// ICU formatters, period texts and message clones, built once from the shared
/// caches. A render runs synchronously on one thread, so the object of the current
/// thread is never touched by two threads at once. The map is bounded; the object is
/// released when its thread exits.
final class ThreadCache {
    /// Contexts kept per thread before the map is emptied; the shared caches still hold everything.
    static let capacity = 64

    private var contexts: [Key: ThreadContext] = [:]
    /// This thread's copy of the currencies it has seen, so that validation does not
    /// reference-count ICU's shared table on every render.
    private var currencyDigits: [String: Int] = [:]
    /// This thread's copy of the storefront locales it has seen, with their currency.
    private var priceLocaleCurrencies: [String: String?] = [:]
    /// The catalog reload generation the contexts were made in.
    private var generation = 0

    private struct Key: Hashable {
        let catalogs: CatalogSource
        let locale: String
    }

    /// This thread's context for a locale and catalog source.
    func context(for locale: String, catalogs: CatalogSource) throws(PaywallTextError) -> ThreadContext {
        let current = CatalogSet.generation.load(ordering: .acquiring)
        if current != generation {
            contexts.removeAll(keepingCapacity: true)
            generation = current
        }
        let key = Key(catalogs: catalogs, locale: locale)
        if let context = contexts[key] { return context }
        let shared = try CatalogSet.load(catalogs).context(for: locale)
        let context = try ThreadContext(shared)
        if contexts.count >= ThreadCache.capacity { contexts.removeAll(keepingCapacity: true) }
        contexts[key] = context
        return context
    }

    /// The storefront locales kept per thread before the map is emptied.
    static let priceLocaleCapacity = 256

    /// The current thread's cache.
    static var current: ThreadCache {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadCache>.fromOpaque(pointer).takeUnretainedValue()
        }
        let cache = ThreadCache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ThreadCache>.fromOpaque(pointer).release() }
        }
        return key
    }()
}

extension ThreadCache: CurrencyLookup {
    func digits(of currency: String) -> Int? {
        if let digits = currencyDigits[currency] { return digits }
        // Only known codes are kept (a few hundred at most), so bad input cannot grow the map.
        guard let digits = ICU.Currency.digitsByCode[currency] else { return nil }
        currencyDigits[currency] = digits
        return digits
    }

    func currency(ofPriceLocale priceLocale: String) throws(PaywallTextError) -> String? {
        if let currency = priceLocaleCurrencies[priceLocale] { return currency }
        // Only locales that parsed are kept; errors are thrown, never stored.
        let currency = try SharedCurrencyLookup().currency(ofPriceLocale: priceLocale)
        if priceLocaleCurrencies.count >= ThreadCache.priceLocaleCapacity {
            priceLocaleCurrencies.removeAll(keepingCapacity: true)
        }
        priceLocaleCurrencies[String(copying: priceLocale)] = currency.map { String(copying: $0) }
        return currency
    }
}

/// Everything one thread needs to render in one locale, owned by that thread:
/// copies of the period texts, price formatters of its own, and its own clones of
/// the catalog's messages. Only the thread that made it uses it, so nothing here is
/// written or reference-counted by two cores at once.
final class ThreadContext {
    /// The display locale as a BCP 47 tag.
    let languageTag: String
    /// The catalog that serves the locale.
    let catalog: String
    /// The catalog's word for free.
    let free: String
    let messages: MessageSet
    private let shared: LocaleFormatters
    private let periodTable: [[String]]
    private var priceFormatters: [String: ICU.NumberFormatter] = [:]

    init(_ context: RenderContext) throws(PaywallTextError) {
        shared = context.formatters
        languageTag = String(copying: context.formatters.languageTag)
        catalog = String(copying: context.messages.name)
        free = String(copying: context.messages.free)
        messages = try context.messages.makeMessageSet()
        periodTable = context.formatters.periodTable.map { texts in texts.map { String(copying: $0) } }
    }

    /// This thread's formatter of prices in a currency.
    func priceFormatter(currency: String, path: String) throws(PaywallTextError) -> ICU.NumberFormatter {
        if let formatter = priceFormatters[currency] { return formatter }
        let formatter = try shared.openPriceFormatter(currency: currency, path: path)
        priceFormatters[currency] = formatter
        return formatter
    }

    /// `$9.99` for the ASCII decimal `9.99` with a currency's formatter.
    func price(_ decimal: String, with formatter: ICU.NumberFormatter, path: String) throws(PaywallTextError) -> String {
        try shared.price(decimal, with: formatter, path: path)
    }

    /// `3 weeks` for a period.
    func periodText(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> String {
        if period.numberOfUnits >= 1, period.numberOfUnits <= periodTable[period.unit.index].count {
            return periodTable[period.unit.index][period.numberOfUnits - 1]
        }
        return try shared.periodText(period, path: path)
    }
}

extension String {
    /// A copy with storage of its own, so that two threads do not reference-count one buffer.
    init(copying text: String) {
        self = String(decoding: Array(text.utf8), as: UTF8.self)
    }
}
