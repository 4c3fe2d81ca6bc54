import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
import Synchronization
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

@Suite("Object pool")
struct ObjectPoolTests {
    final class Object: PooledObject {
        let key: String
        var estimatedBytes: Int
        init(_ key: String, bytes: Int = 100) {
            self.key = key
            estimatedBytes = bytes
        }
    }

    /// An object given back is the one the next use of its key gets.
    @Test func anIdleObjectIsReused() {
        let pool = ObjectPool<String, Object>("test", maximumEntries: 4, maximumBytes: 10_000, maximumIdlePerKey: 2)
        let first = pool.withObject(for: "a", make: { Object("a") }) { $0 }
        let second = pool.withObject(for: "a", make: { Object("a") }) { $0 }
        #expect(first === second)
        #expect(pool.usage == CacheUsage(entries: 1, bytes: 100))
    }

    /// Past the bound, the least recently used idle object is closed to make room.
    @Test func pastTheBoundTheLeastRecentlyUsedIdleObjectGoes() {
        let pool = ObjectPool<String, Object>("test", maximumEntries: 3, maximumBytes: 10_000, maximumIdlePerKey: 2)
        var made: [String] = []
        for key in ["a", "b", "c", "a", "d", "a", "b"] {
            pool.withObject(for: key, make: { made.append(key); return Object(key) }) { _ in }
        }
        // d evicted b (the least recently used then); b is made again and evicts c.
        #expect(made == ["a", "b", "c", "d", "b"])
        #expect(pool.usage.entries == 3)
    }

    /// The bytes bound holds as objects grow while in use.
    @Test func theBytesBoundHolds() {
        let pool = ObjectPool<String, Object>("test", maximumEntries: 100, maximumBytes: 1000, maximumIdlePerKey: 2)
        for index in 0..<20 {
            pool.withObject(for: "k\(index)", make: { Object("k\(index)", bytes: 10) }) { $0.estimatedBytes = 300 }
            #expect(pool.usage.bytes <= 1000)
        }
        #expect(pool.usage.entries == 3)
    }

    /// When every object the pool owns is in use, a render gets an object of its own, which
    /// the pool closes when it is given back: the pool never owns more than its bound.
    @Test func objectsBeyondTheBoundAreTheRendersOwn() {
        let pool = ObjectPool<String, Object>("test", maximumEntries: 2, maximumBytes: 10_000, maximumIdlePerKey: 4)
        pool.withObject(for: "a", make: { Object("a") }) { _ in
            pool.withObject(for: "a", make: { Object("a") }) { _ in
                pool.withObject(for: "a", make: { Object("a") }) { _ in
                    #expect(pool.usage.entries == 0, "objects in use are counted once given back")
                }
            }
        }
        #expect(pool.usage.entries == 2)
    }

    /// At most `maximumIdlePerKey` idle objects of one key are kept.
    @Test func idleObjectsPerKeyAreBounded() {
        let pool = ObjectPool<String, Object>("test", maximumEntries: 10, maximumBytes: 10_000, maximumIdlePerKey: 1)
        pool.withObject(for: "a", make: { Object("a") }) { _ in
            pool.withObject(for: "a", make: { Object("a") }) { _ in }
        }
        #expect(pool.usage.entries == 1)
    }
}

@Suite("Shared caches")
struct FormatterCacheTests {
    @Test func boundedByEntriesAndBytes() {
        let cache = FormatterCache<Int, String>("test", maximumEntries: 10, maximumBytes: 50, cost: { $0.utf8.count })
        for key in 0..<20 { _ = cache.value(for: key) { String(repeating: "x", count: 10) } }
        #expect(cache.usage == CacheUsage(entries: 5, bytes: 50))
        #expect(cache.value(for: 19) != nil)
        #expect(cache.value(for: 0) == nil)
        for key in 0..<20 { _ = cache.value(for: key) { "y" } }
        #expect(cache.usage.entries == 10)
    }

    /// A thrown error is not kept: the next call makes the value again.
    @Test func errorsAreNotKept() {
        let cache = FormatterCache<Int, String>("test", maximumEntries: 10, maximumBytes: 1000, cost: { _ in 1 })
        #expect(thrownError { () throws(PaywallTextError) in try cache.value(for: 1) { () throws(PaywallTextError) in
            throw PaywallTextError(.invalidValue, message: "no") } } != nil)
        #expect(cache.value(for: 1) { "made" } == "made")
    }
}

/// Every spelling of a locale shares one identity, and so one set of caches.
@Suite("Locale identities")
struct LocaleIdentityTests {
    @Test(arguments: ["en_US", "en-us", "EN-US", "en-US-x-client7", "en_US@x=a", "en-US-u-co-phonebk"])
    func spellingsOfEnglishShareTheIdentityOfEnUS(_ spelling: String) throws {
        #expect(try DisplayLocale(spelling).identity == DisplayLocale("en-US").identity)
    }

    @Test func whatChangesTheOutputKeepsItsOwnIdentity() throws {
        let identities = try ["en-US", "en-GB", "en-US-u-nu-arab", "ar-SA", "ar-SA-u-nu-latn", "th-TH-u-ca-gregory", "de-DE-u-cu-usd"]
            .map { try DisplayLocale($0).identity }
        #expect(Set(identities).count == identities.count)
    }

    /// The result names the locale as the caller gave it (canonicalized), private use included,
    /// while rendering shares the identity's context.
    @Test func resultsKeepTheCallersTag() throws {
        let item = product("9.99")
        #expect(try render(item, "en_US").locale == "en-US")
        #expect(try render(item, "en-US-x-client7").locale == "en-US-x-client7")
        #expect(try render(item, "en-US-x-client7").price == render(item, "en-US").price)
    }
}

/// Memory under many threads: the caches' accounting stays under the per-process bound.
/// Not run under the thread sanitizer (which makes it slow and measures nothing more).
@Suite("Caches bounded per process", .enabled(if: ProcessInfo.processInfo.environment["PAYWALL_TEXT_TSAN"] == nil))
struct ProcessBoundTests {
    @Test func sixtyFourThreadsInManyLocalesStayUnderTheBound() throws {
        let spellings = ["en_US", "en-us", "EN-US"] + (1...997).map { "en-US-x-s\($0)" }
        let locales = GoldenLocales.all.map(\.locale) + BenchSupport.rotationLocales + spellings
        #expect(locales.count == 50 + 120 + 1000)
        let item = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7)))
        let renderer = PaywallRenderer()
        let failures = Mutex(0)
        let peak = Mutex(0)
        // Each thread renders every 8th locale from a place of its own: every one of the 1,170
        // identifiers is rendered by 7 to 9 threads, in an eighth of the renders of all of them
        // on every thread.
        DispatchQueue.concurrentPerform(iterations: 64) { thread in
            var failed = 0
            for offset in stride(from: 0, to: locales.count, by: 8) {
                let locale = locales[(offset + thread * 37) % locales.count]
                if (try? renderer.render(item, locale: locale)) == nil { failed += 1 }
                if offset % 96 == 0 {
                    let bytes = PaywallCaches.usage.bytes
                    peak.withLock { $0 = max($0, bytes) }
                }
            }
            failures.withLock { $0 += failed }
        }
        #expect(failures.withLock { $0 } == 0)
        let usage = PaywallCaches.usage
        #expect(usage.bytes <= PaywallCaches.maximumBytes)
        #expect(peak.withLock { $0 } <= PaywallCaches.maximumBytes)
        for cache in PaywallCaches.all {
            #expect(cache.usage.entries <= cache.maximumEntries, "\(cache.name)")
            #expect(cache.usage.bytes <= cache.maximumBytes, "\(cache.name)")
        }
        // The documented bound: the sum of the table's bounds, 98.25 MiB.
        #expect(PaywallCaches.maximumBytes == (1 << 20) + (1 << 20) + (16 << 20) + (256 << 10) + (80 << 20))
        // Every spelling of en-US shares one identity: at most a few contexts are en-US's.
        #expect(try DisplayLocale(spellings[500]).identity == DisplayLocale("en-US").identity)
    }
}
