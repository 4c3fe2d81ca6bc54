import Foundation
import PaywallText
import PaywallTextJSON
import PaywallTextServer
import Testing

/// The server's cache of whole answers: never wrong, down to the byte; kept by everything an
/// answer depends on; kept only for a body seen twice; bounded.
@Suite("Answer cache")
struct AnswerCacheTests {
    static let locales = ["en-US", "de-DE", "ja-JP", "ar-SA", "ru-RU", "fr-FR", "pt-BR", "hi-IN"]

    /// 600 bodies of one to three products in one or two locales, some with options or an
    /// instant, some refused; each answered three times through one cache and once without.
    static func bodies() -> [Data] {
        (0..<600).map { index in
            let products = (0...(index % 3)).map { offset in
                productJSON("p\(index)-\(offset)", price: "\(index % 50).\(10 + offset * 30)", currency: ["USD", "EUR", "JPY", "INR"][offset % 4],
                            trial: (index + offset) % 2 == 0)
            }
            var locales = [locales[index % Self.locales.count]]
            if index % 5 == 0 { locales.append(index % 10 == 0 ? "de_CH" : "xx-QQ") }
            let options = index % 7 == 0 ? #","options":{"daysAsWeeks":false}"# : ""
            let asOf = index % 11 == 0 ? #","asOf":"2026-03-01""# : ""
            return Data(#"{"locales":[\#(locales.map { "\"\($0)\"" }.joined(separator: ","))],"products":[\#(products.joined(separator: ","))]\#(options)\#(asOf)}"#.utf8)
        }
    }

    /// An answer as bytes, or the error's text.
    static func outcome(_ body: Data, acceptLanguage: String? = nil, catalogs: Catalogs = .builtIn, cache: AnswerCache?) async -> String {
        do {
            let answer = try await Answer.answer(body, acceptLanguage: acceptLanguage, catalogs: catalogs, cache: cache)
            return String(decoding: answer.json, as: UTF8.self) + " " + answer.locales.joined(separator: ",")
        } catch {
            return "error: \(error)"
        }
    }

    /// The first answer notes the body, the second is kept, the third is found: all three
    /// byte for byte what is answered without a cache.
    @Test func everyAnswerIsTheOneWithoutTheCache() async throws {
        let cache = AnswerCache(maximumEntries: 10_000, maximumBytes: 1 << 30)
        let bodies = Self.bodies()
        var expected: [String] = []
        for body in bodies { expected.append(await Self.outcome(body, cache: nil)) }
        #expect(expected.filter { $0.hasPrefix("error") }.count > 10, "some bodies are refused")
        for pass in 0..<3 {
            var mismatches = 0
            for (body, bytes) in zip(bodies, expected) where await Self.outcome(body, cache: cache) != bytes { mismatches += 1 }
            #expect(mismatches == 0, "pass \(pass)")
        }
        let answered = expected.filter { !$0.hasPrefix("error") }.count
        let statistics = cache.statistics
        #expect(statistics.entries == answered, "kept on the second answer")
        #expect(statistics.hits == answered, "found on the third")
        #expect(statistics.misses == 2 * answered + 3 * (bodies.count - answered), "a refused body is looked up each time")
    }

    /// A body answered once is noted, not kept; a body over the limit is never kept.
    @Test func aBodySeenOnceIsNotKept() async throws {
        let cache = AnswerCache()
        let body = Data(#"{"locales":["en-US"],"products":\#(productJSON("p", price: "9.99"))}"#.utf8)
        _ = await Self.outcome(body, cache: cache)
        #expect(cache.statistics.entries == 0)
        _ = await Self.outcome(body, cache: cache)
        #expect(cache.statistics.entries == 1)
        _ = await Self.outcome(body, cache: cache)
        #expect(cache.statistics.hits == 1)

        let products = (0..<100).map { productJSON("product-with-a-long-identifier-\($0)-" + String(repeating: "x", count: 600), price: "9.99") }
        let large = Data(#"{"locales":["en-US"],"products":[\#(products.joined(separator: ","))]}"#.utf8)
        #expect(large.count > AnswerCache.maximumBodyBytes)
        for _ in 0..<3 { _ = await Self.outcome(large, cache: cache) }
        #expect(cache.statistics.entries == 1)
    }

    /// An answer is kept by the body's bytes with what else it depends on: the
    /// `Accept-Language` a body without locales is negotiated from, and the catalogs'
    /// snapshot. An answer read at the current time (`asOf: now`) is not kept.
    @Test func answersAreKeptByWhatTheyDependOn() async throws {
        let folder = try TemporaryFolder()
        try folder.setMessage("price.free", to: "Gratis!", in: "de.json")
        let catalogs = try Catalogs(directory: folder.path)
        let cache = AnswerCache()
        let negotiated = Data(#"{"products":\#(productJSON("p", price: "9.99"))}"#.utf8)
        for _ in 0..<3 {
            for acceptLanguage in ["de-CH, de;q=0.9", "fr-FR", nil] {
                let found = await Self.outcome(negotiated, acceptLanguage: acceptLanguage, catalogs: catalogs, cache: cache)
                #expect(found == (await Self.outcome(negotiated, acceptLanguage: acceptLanguage, catalogs: catalogs, cache: nil)))
            }
        }
        #expect(cache.statistics.entries == 3, "one answer per Accept-Language")
        #expect(cache.statistics.hits == 3)
        #expect(await Self.outcome(negotiated, acceptLanguage: "de-CH, de;q=0.9", catalogs: catalogs, cache: cache).contains(#""price":"Gratis!""#))
        #expect(await Self.outcome(negotiated, acceptLanguage: "de-CH, de;q=0.9", catalogs: catalogs, cache: cache).hasSuffix(" de-CH"))
        #expect(await Self.outcome(negotiated, catalogs: catalogs, cache: cache).hasSuffix(" en"), "no header: English")

        // A reload: the answer of the older snapshot is not found again.
        try folder.setMessage("price.free", to: "Kostenlos!", in: "de.json")
        try catalogs.reload()
        #expect(await Self.outcome(negotiated, acceptLanguage: "de-CH, de;q=0.9", catalogs: catalogs, cache: cache).contains(#""price":"Kostenlos!""#))

        // `now` is read at the current time: its answer is never kept.
        let now = Data(#"{"locales":["de-DE"],"products":\#(productJSON("p", price: "9.99")),"asOf":"now"}"#.utf8)
        #expect(try RenderRequest.decode(now).readAtCurrentTime)
        let entries = cache.statistics.entries
        for _ in 0..<3 { _ = await Self.outcome(now, catalogs: catalogs, cache: cache) }
        #expect(cache.statistics.entries == entries)
        // A request that cannot be read throws every time.
        let refused = Data(#"{"locales":["xx-QQ"],"products":\#(productJSON("p", price: "9.99"))}"#.utf8)
        for _ in 0..<3 {
            #expect(await Self.outcome(refused, cache: cache).hasPrefix("error"))
        }
    }

    /// The cache holds at most its entries and bytes, and keeps the answers used lately.
    @Test func theCacheIsBounded() async throws {
        let cache = AnswerCache(maximumEntries: 64, maximumBytes: 1 << 30)
        let bodies = (0..<400).map { Data(#"{"locales":["en-US"],"products":\#(productJSON("p\($0)", price: "1.\($0 % 90 + 10)"))}"#.utf8) }
        let hot = Data(#"{"locales":["de-DE"],"products":\#(productJSON("hot", price: "4.99"))}"#.utf8)
        for body in bodies {
            for _ in 0..<2 { _ = await Self.outcome(body, cache: cache) }
            _ = await Self.outcome(hot, cache: cache)
            #expect(cache.statistics.entries <= 64)
        }
        let hits = cache.statistics.hits
        _ = await Self.outcome(hot, cache: cache)
        #expect(cache.statistics.hits == hits + 1, "an answer asked for all along stays")

        // However few entries it is given, a cache holds no more.
        for maximum in [2, 3, 10, 17] {
            let few = AnswerCache(maximumEntries: maximum, maximumBytes: 1 << 30)
            for body in bodies.prefix(60) {
                for _ in 0..<2 { _ = await Self.outcome(body, cache: few) }
            }
            #expect(few.statistics.entries <= maximum, "\(maximum)")
            #expect(few.statistics.entries > 0)
        }

        let small = AnswerCache(maximumEntries: 10_000, maximumBytes: 256 << 10)
        for body in bodies.prefix(100) {
            for _ in 0..<2 { _ = await Self.outcome(body, cache: small) }
        }
        #expect(small.statistics.bytes <= 256 << 10)
        #expect(small.statistics.entries > 0)
    }
}
