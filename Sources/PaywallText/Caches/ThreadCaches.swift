#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The caches one thread owns (see ``PaywallCaches``): render contexts, and copies of
/// the currency tables, so that concurrent renders share no mutable state, meet on no
/// lock and reference-count no shared object.
///
/// A render runs synchronously on one thread, so the object of the current thread is
/// never touched by two threads at once. It is released when its thread exits.
final class ThreadCaches {
    private var contexts = LRUCache<ContextKey, RenderContext>(capacity: PaywallCaches.threadContextCapacity)
    /// This thread's copy of the currencies it has seen, so that validation does not
    /// reference-count ICU's shared table on every render. Only known codes are kept
    /// (a few hundred at most), so bad input cannot grow it.
    private var currencyDigits: [String: Int] = [:]
    private var storefronts = LRUCache<String, Storefront>(capacity: PaywallCaches.threadStorefrontCapacity)
    /// The catalog reload generation the contexts were made in.
    private var generation = 0

    private struct ContextKey: Hashable {
        let catalogs: CatalogSource
        let locale: String
    }

    /// This thread's context for a locale and catalog source, made from the shared caches
    /// on first use.
    func context(for locale: String, catalogs: CatalogSource) throws(PaywallTextError) -> RenderContext {
        let current = PaywallCaches.catalogGeneration.load(ordering: .acquiring)
        if current != generation {
            // A reload changes folders only; contexts of the built-in catalogs stay.
            _ = contexts.removeAll { $0.catalogs != .embedded }
            generation = current
        }
        let key = ContextKey(catalogs: catalogs, locale: locale)
        if let context = contexts.value(for: key) { return context }
        let context = try RenderContext(try CatalogLoader.load(catalogs).compiled(for: locale))
        contexts.insert(context, for: ContextKey(catalogs: catalogs, locale: String(copying: locale)))
        contextsMade += 1
        return context
    }

    /// How many contexts this thread holds now.
    var contextCount: Int { contexts.count }
    /// How many contexts this thread has made since it started.
    private(set) var contextsMade = 0

    /// The fraction digits of an ISO 4217 code ICU knows, `nil` for an unknown code.
    func digits(of currency: String) -> Int? {
        if let digits = currencyDigits[currency] { return digits }
        guard let digits = Currencies.digitsByCode[currency] else { return nil }
        currencyDigits[String(copying: currency)] = digits
        return digits
    }

    /// The currency a storefront locale names (`en_US@currency=USD` → `USD`), `nil` when it
    /// names none; a malformed or unknown locale is an error on `priceLocale`. Errors are
    /// thrown, never kept.
    func currency(ofPriceLocale priceLocale: String) throws(PaywallTextError) -> String? {
        if let storefront = storefronts.value(for: priceLocale) { return storefront.currency }
        let shared = try PaywallCaches.storefronts.value(for: priceLocale) { () throws(PaywallTextError) in
            Storefront(currency: try Currencies.currency(ofPriceLocale: priceLocale))
        }
        storefronts.insert(Storefront(currency: shared.currency.map { String(copying: $0) }), for: String(copying: priceLocale))
        return shared.currency
    }

    /// The current thread's caches.
    static var current: ThreadCaches {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadCaches>.fromOpaque(pointer).takeUnretainedValue()
        }
        let caches = ThreadCaches()
        pthread_setspecific(key, Unmanaged.passRetained(caches).toOpaque())
        return caches
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // The destructor's pointer is optional in Glibc's signature and not in Darwin's.
        #if canImport(Darwin)
        pthread_key_create(&key) { pointer in
            Unmanaged<ThreadCaches>.fromOpaque(pointer).release()
        }
        #else
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadCaches>.fromOpaque(pointer).release()
        }
        #endif
        return key
    }()
}

extension String {
    /// A copy with storage of its own, so that two threads do not reference-count one buffer.
    init(copying text: String) {
        self = String(decoding: Array(text.utf8), as: UTF8.self)
    }
}
