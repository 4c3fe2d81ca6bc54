import Foundation
@testable import PaywallText
@testable import PaywallTextJSON
@testable import PaywallTextSupport
import Testing

/// The server's cache of request readings and encoded entries: never wrong, down to the byte.
@Suite("JSON cache")
struct RenderJSONCacheTests {
    /// A request body of random products (those of the result cache's tests, errors
    /// included), in one to three random locales, now and then spelled otherwise, with
    /// random options and now and then an instant.
    static func randomBody(_ products: [Product], _ random: inout SeededGenerator) throws -> Data {
        let encoder = JSONEncoder()
        let locales = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            Int.random(in: 0..<20, using: &random) == 0 ? "en_US" : RenderCacheTests.locales.randomElement(using: &random)!
        }
        var options: [String] = []
        if Int.random(in: 0..<4, using: &random) == 0 { options.append(#""daysAsWeeks":false"#) }
        if Int.random(in: 0..<4, using: &random) == 0 { options.append(#""cancellationHint":"googlePlay""#) }
        if Int.random(in: 0..<4, using: &random) == 0 { options.append(#""unitPriceRounding":"halfEven""#) }
        let asOf = Int.random(in: 0..<8, using: &random) == 0 ? #","asOf":"2026-0\#(Int.random(in: 1...9, using: &random))-01""# : ""
        let items = try products.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        return Data(("{\"locales\":[" + locales.map { "\"\($0)\"" }.joined(separator: ",") + "],\"products\":["
            + items.joined(separator: ",") + "],\"options\":{" + options.joined(separator: ",") + "}" + asOf + "}").utf8)
    }

    /// What the server answers, through the cache: the request read (or found), each locale's
    /// entries encoded (or found), the array's bytes.
    static func answer(_ body: Data, cache: RenderJSONCache?) -> String? {
        guard let request = try? RenderRequest.decode(body, cache: cache) else { return nil }
        let renderer = PaywallRenderer(options: request.options)
        let bytes = EncodedJSONArray((request.locales ?? ["en-US"]).map {
            RenderEntry.encoded(request.document, locale: $0, renderer: renderer, cache: cache)
        }, problems: request.document.problems).bytes
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same request as the command-line tool writes it, without any cache.
    static func expected(_ body: Data) -> String? {
        guard let request = try? RenderRequest.decode(body) else { return nil }
        let entries = RenderEntry.entries(for: request.document, locales: request.locales ?? ["en-US"],
                                          renderer: PaywallRenderer(options: request.options))
        return RenderEntry.jsonArray(entries, problems: request.document.problems)
    }

    /// 10,000 random products in paywalls of one to three, each request answered twice through
    /// the cache (the second time from it) and both times byte for byte as without one: by
    /// reading and entries, and as a whole answer (``RenderResponse``), found by the body's bytes.
    @Test func tenThousandRandomProductsAnswerAsWithoutTheCache() async throws {
        var random = SeededGenerator(state: 20261124)
        let cache = RenderJSONCache(maximumEntries: 50_000, maximumBytes: 1 << 30)
        var bodies: [Data] = []
        var products = 0
        while products < 10_000 {
            let paywall = (0..<Int.random(in: 1...3, using: &random)).map { _ in RenderCacheTests.randomProduct(&random) }
            products += paywall.count
            bodies.append(try Self.randomBody(paywall, &random))
        }
        let expected = bodies.map(Self.expected)
        for pass in 0..<2 {
            var mismatches = 0
            for (body, bytes) in zip(bodies, expected) {
                if Self.answer(body, cache: cache) != bytes { mismatches += 1 }
                let whole = try? await RenderResponse.answer(body, acceptLanguage: nil, cache: cache)
                if whole.map({ String(decoding: $0.json, as: UTF8.self) }) != bytes { mismatches += 1 }
            }
            #expect(mismatches == 0, "pass \(pass)")
        }
        // The second pass found every reading, every locale's entries and every answer.
        let statistics = cache.statistics
        #expect(statistics.hits >= statistics.misses)
        #expect(statistics.entries == statistics.misses)
    }

    /// Each entry echoes what the key holds: the locale as spelled (for an error), the
    /// instant, the options, the position.
    @Test func theKeyHoldsWhatTheBytesEcho() throws {
        let cache = RenderJSONCache()
        let bad = #"{"productIdentifier":"bad","price":"-1","currencyCode":"USD"}"#
        let good = #"{"productIdentifier":"good","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"day","numberOfUnits":7},"numberOfPeriods":1}}"#
        let bodies = [
            #"{"locales":["en-US"],"products":[\#(bad)]}"#,
            #"{"locales":["en_US"],"products":[\#(bad)]}"#,
            #"{"locales":["en-US"],"products":[\#(good)]}"#,
            #"{"locales":["en-US"],"products":[\#(good)],"asOf":"2026-01-01"}"#,
            #"{"locales":["en-US"],"products":[\#(good)],"asOf":"2026-02-01"}"#,
            #"{"locales":["en-US"],"products":[\#(good)],"options":{"daysAsWeeks":false}}"#,
            #"{"locales":["en-US"],"products":[\#(bad),\#(good)]}"#,
        ].map { Data($0.utf8) }
        for _ in 0..<2 {
            for body in bodies {
                #expect(Self.answer(body, cache: cache) == Self.expected(body), "\(String(decoding: body, as: UTF8.self))")
            }
        }
        let answers = Set(bodies.map { Self.answer($0, cache: cache) })
        #expect(answers.count == bodies.count, "every body has an answer of its own")
    }

    /// A reload of the catalogs is seen at once.
    @Test func aCatalogReloadIsSeenAtOnce() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Gratis!", in: $0.appendingPathComponent("de.json")) }
        let catalogs = try Catalogs(directory: folder.path)
        let cache = RenderJSONCache()
        let body = Data(#"{"locales":["de-DE"],"products":{"price":"9.99","currencyCode":"EUR","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":1}}}"#.utf8)
        func answer() throws -> String {
            let request = try RenderRequest.decode(body, cache: cache)
            let renderer = PaywallRenderer(catalogs: catalogs, options: request.options)
            return String(decoding: EncodedJSONArray([RenderEntry.encoded(request.document, locale: "de-DE", renderer: renderer, cache: cache)]).bytes,
                          as: UTF8.self)
        }
        #expect(try answer().contains(#""price":"Gratis!""#))
        #expect(try answer().contains(#""price":"Gratis!""#))
        try setMessage("price.free", to: "Kostenlos!", in: folder.appendingPathComponent("de.json"))
        try catalogs.reload()
        #expect(try answer().contains(#""price":"Kostenlos!""#))
        // The reading of the body, which depends on no catalogs, and the new entries stay; the old entries went.
        #expect(cache.statistics.entries == 2)
    }

    /// A whole answer is kept by the body's bytes with what else it depends on: the
    /// `Accept-Language` a body without locales is negotiated from, and the catalogs' snapshot.
    /// An answer read at the current time (`asOf: now`) is not kept, nor is its reading.
    @Test func wholeAnswersAreKeptByWhatTheyDependOn() async throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Gratis!", in: $0.appendingPathComponent("de.json")) }
        let catalogs = try Catalogs(directory: folder.path)
        let cache = RenderJSONCache()
        let product = #"{"price":"9.99","currencyCode":"EUR","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":1}}"#
        let negotiated = Data(#"{"products":\#(product)}"#.utf8)
        func answer(_ body: Data, _ acceptLanguage: String?) async throws -> RenderResponse {
            try await RenderResponse.answer(body, acceptLanguage: acceptLanguage, catalogs: catalogs, cache: cache)
        }
        func uncached(_ body: Data, _ acceptLanguage: String?) async throws -> RenderResponse {
            try await RenderResponse.answer(body, acceptLanguage: acceptLanguage, catalogs: catalogs, cache: nil)
        }
        for acceptLanguage in ["de-CH, de;q=0.9", "fr-FR", nil, "de-CH, de;q=0.9"] {
            let found = try await answer(negotiated, acceptLanguage), fresh = try await uncached(negotiated, acceptLanguage)
            #expect(found.json == fresh.json)
            #expect(found.locales == fresh.locales)
        }
        #expect(try await answer(negotiated, "de-CH, de;q=0.9").locales == ["de-CH"])
        #expect(String(decoding: try await answer(negotiated, "de-CH, de;q=0.9").json, as: UTF8.self).contains(#""price":"Gratis!""#))
        #expect(try await answer(negotiated, "fr-FR").locales == ["fr-FR"])
        #expect(try await answer(negotiated, nil).locales == ["en"], "no header: English")
        let before = cache.statistics.hits
        _ = try await answer(negotiated, "fr-FR")
        #expect(cache.statistics.hits == before + 1, "one lookup, found: nothing read or rendered again")

        // A reload: the answer of the older snapshot is not found again.
        try setMessage("price.free", to: "Kostenlos!", in: folder.appendingPathComponent("de.json"))
        try catalogs.reload()
        #expect(String(decoding: try await answer(negotiated, "de-CH, de;q=0.9").json, as: UTF8.self).contains(#""price":"Kostenlos!""#))

        // `now` is read at the current time: neither the reading nor the answer is kept.
        let now = Data(#"{"locales":["de-DE"],"products":\#(product),"asOf":"now"}"#.utf8)
        #expect(try RenderRequest.decode(now).readAtCurrentTime)
        let entries = cache.statistics.entries
        _ = try await answer(now, nil)
        _ = try await answer(now, nil)
        #expect(cache.statistics.entries == entries)
        // A request that cannot be read throws every time.
        let refused = Data(#"{"locales":["xx-QQ"],"products":\#(product)}"#.utf8)
        for _ in 0..<2 {
            await #expect(throws: PaywallTextError.self) { try await answer(refused, nil) }
        }
    }

    /// Errors of a request are kept as well as readings; a reading that depends on the
    /// current time is not.
    @Test func whatDependsOnTheClockIsNotKept() throws {
        let cache = RenderJSONCache()
        let refused = Data(#"{"locales":["xx-QQ"],"products":{"price":"1","currencyCode":"USD"}}"#.utf8)
        for _ in 0..<2 {
            #expect(throws: PaywallTextError.self) { try RenderRequest.decode(refused, cache: cache) }
        }
        #expect(cache.statistics.hits == 1)

        let dated = String(decoding: AsOfTests.scheduled([(nil, "1.99"), ("2026-03-01", "2.99")]), as: UTF8.self)
        let now = Data(#"{"locales":["en-US"],"products":\#(dated)}"#.utf8)
        let first = try RenderRequest.decode(now, cache: cache)
        #expect(first.readAtCurrentTime)
        #expect(try RenderRequest.decode(now, cache: cache).document.asOf != nil)
        #expect(cache.statistics.entries == 1, "only the refused body's error")
        let given = Data(#"{"locales":["en-US"],"products":\#(dated),"asOf":"2026-04-01"}"#.utf8)
        #expect(try RenderRequest.decode(given, cache: cache).readAtCurrentTime == false)
        #expect(cache.statistics.entries == 2)
    }

    /// Products × locales is bounded: the whole request's work.
    @Test func theWorkOfOneRequestIsBounded() throws {
        let product = #"{"price":"1","currencyCode":"USD"}"#
        let body = Data(#"{"locales":["en-US","de-DE","fr-FR"],"products":[\#(product),\#(product)]}"#.utf8)
        let error = thrownError { try RenderRequest.decode(body, limits: .init(maximumRenders: 5)) }
        #expect(error?.path == "products")
        #expect(error?.message == "2 products in 3 locales make 6 renders; at most 5 per request (products × locales)")
        #expect(try RenderRequest.decode(body, limits: .init(maximumRenders: 6)).items.count == 2)
    }
}

/// A large request yields between the locales it renders, so that on a pool of few threads
/// (Swift's cooperative pool has one per core) the other tasks run meanwhile.
@Suite("Fair rendering")
struct FairRenderingTests {
    /// Every job on one thread, first in, first out: a pool of one, where a task that never
    /// yields runs to its end before the next task starts.
    final class OneThread: TaskExecutor, @unchecked Sendable {
        // `@unchecked`: the queue is serial and the executor holds nothing else.
        private let queue = DispatchQueue(label: "one thread")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    /// Two requests of 20 products × 6 locales and a small task, on one thread: the small task
    /// finishes before either request, since each yields after every locale it renders.
    @Test func aLargeRequestYieldsBetweenLocales() async throws {
        let products = try (0..<20).map { index in
            try CheckedProduct(Product(productIdentifier: "p\(index)", price: Decimal(index) + 0.99, currencyCode: "USD",
                                       subscriptionPeriod: .months(1)))
        }
        let document = StoreDocument(items: products.enumerated().map { index, product in
            ImportedProduct(source: ProductSource(format: .storeKit1, store: nil, path: "[\(index)]"), result: .success(product))
        })
        let locales = ["en-US", "de-DE", "fr-FR", "ja-JP", "ru-RU", "ar-SA"]
        let executor = OneThread()
        let order = Order()
        await withTaskGroup(of: Void.self) { group in
            for name in ["first", "second"] {
                group.addTask(executorPreference: executor) {
                    _ = await RenderEntry.encoded(document, locales: locales, renderer: PaywallRenderer(), cache: nil)
                    order.append(name)
                }
            }
            group.addTask(executorPreference: executor) { order.append("small") }
        }
        #expect(order.names.first == "small", "\(order.names)")
        // The cache answers without rendering: nothing to yield for.
        let cache = RenderJSONCache()
        let first = await RenderEntry.encoded(document, locales: locales, renderer: PaywallRenderer(), cache: cache)
        let again = await RenderEntry.encoded(document, locales: locales, renderer: PaywallRenderer(), cache: cache)
        #expect(first.locales.allSatisfy { !$0.cached })
        #expect(again.locales.allSatisfy { $0.cached })
        #expect(again.bytes == first.bytes)
    }

    /// Names in the order they were added, from any thread.
    final class Order: @unchecked Sendable {
        // `@unchecked`: `stored` is only touched with `lock` held.
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ name: String) { lock.withLock { stored.append(name) } }
        var names: [String] { lock.withLock { stored } }
    }
}
