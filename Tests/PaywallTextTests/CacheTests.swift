import Foundation
@testable import PaywallText
import Testing

@Suite("LRU cache")
struct LRUCacheTests {
    @Test func evictsTheLeastRecentlyUsed() {
        var cache = LRUCache<String, Int>(capacity: 3)
        #expect(cache.insert(1, for: "a") == nil)
        #expect(cache.insert(2, for: "b") == nil)
        #expect(cache.insert(3, for: "c") == nil)
        #expect(cache.value(for: "a") == 1)            // a is now the most recent
        #expect(cache.insert(4, for: "d") == 2)        // so b goes
        #expect(cache.value(for: "b") == nil)
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.count == 3)
    }

    @Test func replacingAValueReturnsTheOldOneAndKeepsTheCount() {
        var cache = LRUCache<String, Int>(capacity: 2)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        #expect(cache.insert(10, for: "a") == 1)
        #expect(cache.count == 2)
        #expect(cache.keysByRecency == ["a", "b"])
        #expect(cache.value(for: "a") == 10)
    }

    @Test func removingKeepsTheListConsistent() {
        var cache = LRUCache<Int, Int>(capacity: 5)
        for key in 0..<5 { cache.insert(key * 10, for: key) }
        #expect(cache.remove(2) == 20)
        #expect(cache.remove(4) == 40)      // the newest
        #expect(cache.remove(0) == 0)       // the oldest
        #expect(cache.keysByRecency == [3, 1])
        cache.insert(50, for: 5)
        cache.insert(60, for: 6)
        cache.insert(70, for: 7)
        #expect(cache.insert(80, for: 8) == 10)   // 1 was the least recent
        #expect(cache.keysByRecency == [8, 7, 6, 5, 3])
        #expect(cache.removeAll(where: { $0 > 6 }).sorted() == [70, 80])
        #expect(cache.keysByRecency == [6, 5, 3])
        #expect(cache.removeAll().sorted() == [30, 50, 60])
        #expect(cache.count == 0)
        #expect(cache.keysByRecency == [])
    }

    /// A long random sequence against a plain model of the same policy.
    @Test func matchesAModelOverManyOperations() {
        var cache = LRUCache<Int, Int>(capacity: 8)
        var model: [(key: Int, value: Int)] = []   // most recent first
        var random = SeededGenerator(state: 7)
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<20, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let expected = model.first(where: { $0.key == key })?.value
                #expect(cache.value(for: key) == expected)
                if let index = model.firstIndex(where: { $0.key == key }) { model.insert(model.remove(at: index), at: 0) }
            case 1:
                var expected: Int?
                if let index = model.firstIndex(where: { $0.key == key }) {
                    expected = model.remove(at: index).value
                } else if model.count == 8 {
                    expected = model.removeLast().value
                }
                #expect(cache.insert(step, for: key) == expected)
                model.insert((key, step), at: 0)
            default:
                let expected = model.firstIndex(where: { $0.key == key }).map { model.remove(at: $0).value }
                #expect(cache.remove(key) == expected)
            }
        }
        #expect(cache.keysByRecency == model.map(\.key))
    }
}

@Suite("Render contexts per thread")
struct ThreadContextTests {
    /// More locales than the old 64-entry per-thread map held: every context stays, so a
    /// second pass makes none (the old map emptied itself and rebuilt all of them).
    @Test func rotationPastTheOldBoundKeepsEveryContext() throws {
        let locales = Array(BenchSupport.rotationLocales.prefix(100))
        let item = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7)))
        let renderer = PaywallRenderer()
        // A synchronous test body runs on one thread, whose caches these counts are.
        for locale in locales { _ = try renderer.render(item, locale: locale) }
        let afterFirst = PaywallCaches.currentThreadContexts
        for locale in locales { _ = try renderer.render(item, locale: locale) }
        let afterSecond = PaywallCaches.currentThreadContexts
        #expect(afterSecond.made == afterFirst.made, "the second pass rebuilt \(afterSecond.made - afterFirst.made) contexts")
        #expect(afterSecond.held >= locales.count)
    }

    /// Past the bound, the least recently used context goes, and only that one is rebuilt.
    @Test func pastTheBoundTheLeastRecentlyUsedGoes() throws {
        let bound = PaywallCaches.threadContextBound
        #expect(bound >= 120)
        let renderer = PaywallRenderer()
        let item = product("1")
        let made = Thread.runAndWait {
            // A fresh thread, so the counts start at zero. Locale identifiers differ by
            // spelling only in a keyword, so there are as many as needed.
            let locales = (0...bound).map { "en-US-x-p\($0)" }
            for locale in locales { _ = try? renderer.render(item, locale: locale) }
            let full = PaywallCaches.currentThreadContexts
            _ = try? renderer.render(item, locale: locales[bound])     // the newest: held
            let newest = PaywallCaches.currentThreadContexts
            _ = try? renderer.render(item, locale: locales[0])         // the oldest: evicted, made again
            let oldest = PaywallCaches.currentThreadContexts
            return [full.held, full.made, newest.made, oldest.made]
        }
        #expect(made == [bound, bound + 1, bound + 1, bound + 2])
    }
}
