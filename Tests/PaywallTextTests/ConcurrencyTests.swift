import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
@testable import PaywallTextGoldens
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func concurrentRenderingMatchesSerial() async throws {
        let locales = localeExpectations.map(\.locale)
        let intro = Discount(paymentMode: .payAsYouGo, price: decimal("0.99"), subscriptionPeriod: .weeks(1), numberOfPeriods: 21)
        let products = ["9.99", "10", "0.5", "1234.56"].flatMap { price in
            ["USD", "EUR", "KWD"].map { product(price, $0, period: .days(14), intro: intro) }
        } + [product("1200", "JPY", period: .months(12))]

        let serial = try locales.flatMap { locale in try products.map { try render($0, locale) } }

        let concurrent = try await withThrowingTaskGroup(of: (Int, [RenderedProduct]).self) { group in
            // 64 tasks, each rendering every locale in its own rotated order, so the
            // shared caches are filled and read from many tasks at once.
            for task in 0..<64 {
                group.addTask {
                    var results = [RenderedProduct?](repeating: nil, count: serial.count)
                    for step in 0..<locales.count {
                        let localeIndex = (step + task) % locales.count
                        for (productIndex, item) in products.enumerated() {
                            results[localeIndex * products.count + productIndex] = try render(item, locales[localeIndex])
                        }
                    }
                    return (task, results.map { $0! })
                }
            }
            var all: [[RenderedProduct]] = []
            for try await (_, results) in group { all.append(results) }
            return all
        }
        #expect(concurrent.count == 64)
        for results in concurrent {
            #expect(results == serial)
        }
    }
}

@Suite("Concurrency across every catalog")
struct CatalogConcurrencyTests {
    /// 16 tasks render every golden locale (and fallbacks) at once, each in its own
    /// order, with every payment mode; the results equal a serial render. Run under
    /// `swift test --sanitize=thread` this also checks the caches for data races.
    @Test func sixteenTasksAcrossEveryCatalogLocale() async throws {
        let locales = GoldenLocales.all.map(\.locale) + ["pt-AO", "es-AR", "zh-HK", "de-CH", "sw-KE", "bg-BG"]
        let products = [
            product("9.99", period: .months(1), intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7))),
            product("59.99", period: .years(1), intro: Discount(paymentMode: .payUpFront, price: decimal("29.99"), subscriptionPeriod: .months(6))),
            product("4.99", "EUR", period: .weeks(1), discounts: [Discount(identifier: "p", paymentMode: .payAsYouGo, price: decimal("0.99"), subscriptionPeriod: .weeks(1), numberOfPeriods: 21)]),
            product("1200", "JPY", period: .months(3)),
        ]
        let serial = try locales.map { locale in try products.map { try render($0, locale) } }
        let results = try await withThrowingTaskGroup(of: [[RenderedProduct]].self) { group in
            for task in 0..<16 {
                group.addTask {
                    var rendered = [[RenderedProduct]](repeating: [], count: locales.count)
                    for step in 0..<locales.count {
                        // A stride that shares no factor with the count visits every locale once.
                        let stride = (2...).first { gcd($0, locales.count) == 1 && $0 > 4 } ?? 1
                        let index = (step * stride + task) % locales.count
                        rendered[index] = try products.map { try render($0, locales[index]) }
                    }
                    return rendered
                }
            }
            var all: [[[RenderedProduct]]] = []
            for try await rendered in group { all.append(rendered) }
            return all
        }
        #expect(results.count == 16)
        for rendered in results {
            #expect(rendered == serial)
        }
    }
}

@Suite("Shared caches under contention")
struct CacheContentionTests {
    /// Four OS threads hammer one small cache with more keys than it holds, so
    /// lookups, inserts and evictions meet on its lock all the time. Every lookup
    /// must return its own key's value. Under `swift test --sanitize=thread` this
    /// also checks that the sanitizer sees the cache's lock (a lock it cannot see
    /// makes every contended insert look like a data race).
    @Test func everyLookupReturnsItsOwnKeysValue() {
        let cache = FormatterCache<Int, String>("contention", maximumEntries: 64, maximumBytes: 1 << 20, cost: { $0.utf8.count })
        let wrong = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<20_000 {
                let key = (step &* 7 &+ thread &* 13) % 200
                let value = cache.value(for: key) { "value \(key)" }
                if value != "value \(key)" { wrong.increment() }
            }
        }
        #expect(wrong.value == 0)
    }
}

/// A counter the contention test's threads share.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

private func gcd(_ a: Int, _ b: Int) -> Int {
    b == 0 ? a : gcd(b, a % b)
}
