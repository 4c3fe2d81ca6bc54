import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
import Testing

/// The result cache: never wrong, bounded, emptied by a catalog reload.
@Suite("Result cache")
struct RenderCacheTests {
    static let locales = ["en-US", "de-DE", "ja-JP", "ar-SA", "ru-RU", "pt-BR", "hi-IN", "zh-Hant-TW"]
    /// Currencies with their decimal places.
    static let currencies = [("USD", 2), ("EUR", 2), ("JPY", 0), ("KWD", 3), ("INR", 2), ("BRL", 2)]

    /// A random product: prices with up to three decimals (some too many for the
    /// currency), every unit and mode, offers of one or two phases, and now and then a
    /// bad value, so that errors are cached too.
    static func randomProduct(_ random: inout SeededGenerator) -> Product {
        let (currency, digits) = currencies.randomElement(using: &random)!
        func period() -> SubscriptionPeriod {
            SubscriptionPeriod(unit: PeriodUnit.allCases.randomElement(using: &random)!, numberOfUnits: Int.random(in: 1...14, using: &random))
        }
        func price() -> Decimal {
            // Now and then one decimal place more than the currency has: an error.
            let places = digits + (Int.random(in: 0..<40, using: &random) == 0 ? 1 : 0)
            return Decimal(Int.random(in: 1...99_999, using: &random)) / pow(10, places)
        }
        func phase() -> OfferPhase {
            let mode = PaymentMode.allCases.randomElement(using: &random)!
            return OfferPhase(paymentMode: mode, price: mode == .freeTrial ? 0 : price(), subscriptionPeriod: period(),
                              numberOfPeriods: Int.random(in: 1...6, using: &random))
        }
        var product = Product(productIdentifier: "p\(random.next() % 1000)", price: price(),
                              currencyCode: currency,
                              subscriptionPeriod: Int.random(in: 0..<10, using: &random) == 0 ? nil : period())
        if Int.random(in: 0..<3, using: &random) > 0 {
            product.introductoryPrice = Discount.of([phase()])
        }
        if Bool.random(using: &random) {
            product.discounts = [Discount.of(identifier: "d", type: .promotional,
                                             (0..<Int.random(in: 1...2, using: &random)).map { _ in phase() })]
        }
        if Int.random(in: 0..<50, using: &random) == 0 { product.price = -1 }
        return product
    }

    /// 4,000 random products, each rendered twice through a cache: the second time from
    /// the cache, and both times exactly as without one.
    @Test func fourThousandRandomProductsRenderAsWithoutTheCache() throws {
        var random = SeededGenerator(state: 20261122)
        let cache = RenderCache(maximumEntries: 8_000, maximumBytes: 512 << 20)
        let cached = PaywallRenderer(cache: cache)
        let plain = PaywallRenderer()
        var work: [(Product, String)] = []
        for _ in 0..<4_000 {
            work.append((Self.randomProduct(&random), Self.locales.randomElement(using: &random)!))
        }
        // Most render; the rest are errors, cached as such.
        let rendered = work.filter { (try? plain.render($0.0, locale: $0.1)) != nil }.count
        #expect(rendered > 2_400 && rendered < 4_000, "\(rendered) rendered")
        for pass in 0..<2 {
            var mismatches = 0
            for (product, locale) in work {
                let expected = Result { () throws(PaywallTextError) in try plain.render(product, locale: locale) }
                let actual = Result { () throws(PaywallTextError) in try cached.render(product, locale: locale) }
                if expected != actual { mismatches += 1 }
            }
            #expect(mismatches == 0, "pass \(pass)")
        }
        let statistics = cache.statistics
        // Every product of the second pass (and any repeat within the first) was a hit.
        #expect(statistics.hits + statistics.misses == 8_000)
        #expect(statistics.hits >= 4_000)
        #expect(statistics.entries == statistics.misses)
    }

    /// Paywalls are one entry each: savings depend on every plan.
    @Test func paywallsRenderAsWithoutTheCache() throws {
        var random = SeededGenerator(state: 7)
        let cached = PaywallRenderer(cache: RenderCache())
        let plain = PaywallRenderer()
        for _ in 0..<500 {
            let paywall = (0..<3).map { _ in Self.randomProduct(&random) }
            let locale = Self.locales.randomElement(using: &random)!
            #expect(cached.render(paywall, locale: locale) == plain.render(paywall, locale: locale))
            #expect(cached.render(paywall, locale: locale) == plain.render(paywall, locale: locale))
            // The same products alone have no savings: another entry.
            #expect(paywall.map { try? cached.render($0, locale: locale) } == paywall.map { try? plain.render($0, locale: locale) })
        }
    }

    @Test func optionsArePartOfTheKey() throws {
        let cache = RenderCache()
        let trial = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7)))
        let plain = try PaywallRenderer(cache: cache).render(trial, locale: "en-US")
        let hinted = try PaywallRenderer(options: RenderOptions(store: .appStore), cache: cache).render(trial, locale: "en-US")
        let days = try PaywallRenderer(options: RenderOptions(normalization: .disabled), cache: cache).render(trial, locale: "en-US")
        #expect(plain.terms != hinted.terms)
        #expect(plain.offers.first?.duration == "1 week")
        #expect(days.offers.first?.duration == "7 days")
        #expect(cache.statistics.entries == 3)
    }

    @Test func boundedByEntriesAndBytes() throws {
        var random = SeededGenerator(state: 3)
        let small = RenderCache(maximumEntries: 16, maximumBytes: 1 << 30)
        let renderer = PaywallRenderer(cache: small)
        for _ in 0..<200 {
            _ = try? renderer.render(Self.randomProduct(&random), locale: "en-US")
        }
        #expect(small.statistics.entries <= 16)
        #expect(small.statistics.entries >= 8)

        let tight = RenderCache(maximumEntries: 10_000, maximumBytes: 64 << 10)
        let bounded = PaywallRenderer(cache: tight)
        for _ in 0..<2_000 {
            _ = try? bounded.render(Self.randomProduct(&random), locale: "de-DE")
        }
        #expect(tight.statistics.bytes <= 64 << 10)
        #expect(tight.statistics.bytes > 32 << 10)
        #expect(tight.statistics.entries < 2_000)
    }

    /// A reload of the catalogs is seen at once: nothing rendered before it is served after.
    @Test func aCatalogReloadEmptiesTheCache() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Gratis!", in: $0.appendingPathComponent("de.json")) }
        let cache = RenderCache()
        let catalogs = try Catalogs(directory: folder.path)
        let renderer = PaywallRenderer(catalogs: catalogs, cache: cache)
        let trial = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7)))
        #expect(try renderer.render(trial, locale: "de-DE").offers.first?.price == "Gratis!")
        #expect(try renderer.render(trial, locale: "de-DE").offers.first?.price == "Gratis!")

        let builtIn = PaywallRenderer(cache: cache)
        _ = try builtIn.render(trial, locale: "de-DE")

        try setMessage("price.free", to: "Kostenlos!", in: folder.appendingPathComponent("de.json"))
        try catalogs.reload()
        #expect(try renderer.render(trial, locale: "de-DE").offers.first?.price == "Kostenlos!")
        // Entries of the built-in catalogs stay: they cannot change.
        let hits = cache.statistics.hits
        #expect(try builtIn.render(trial, locale: "de-DE").offers.first?.price == "Gratis")
        #expect(cache.statistics.hits == hits + 1)
    }

    /// A product that fails its checks is a cached error too: the cache is consulted before
    /// a product is checked again.
    @Test func errorsAreCachedToo() throws {
        let cache = RenderCache()
        let renderer = PaywallRenderer(cache: cache)
        let bad = product("-1")
        let first = renderError(bad, options: RenderOptions())
        for _ in 0..<3 {
            #expect(throws: first!) { try renderer.render(bad, locale: "en-US") }
        }
        #expect(cache.statistics.hits == 2)
        #expect(cache.statistics.misses == 1)
    }

    @Test func sharedAcrossThreads() throws {
        let cache = RenderCache(maximumEntries: 64)
        let mismatches: Int = {
            let group = DispatchGroup()
            let counter = Counter()
            for seed in 0..<4 {
                group.enter()
                Thread.detachNewThread {
                    var random = SeededGenerator(state: UInt64(seed % 2))
                    let cached = PaywallRenderer(cache: cache)
                    let plain = PaywallRenderer()
                    for _ in 0..<500 {
                        let item = Self.randomProduct(&random)
                        let locale = Self.locales[Int(random.next() % UInt64(Self.locales.count))]
                        if (try? cached.render(item, locale: locale)) != (try? plain.render(item, locale: locale)) { counter.increment() }
                    }
                    group.leave()
                }
            }
            group.wait()
            return counter.value
        }()
        #expect(mismatches == 0)
        #expect(cache.statistics.entries <= 64)
    }
}

/// A count several threads add to.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
