import Foundation
@testable import PaywallText
@testable import PaywallTextJSON
@testable import PaywallTextSupport
import Testing

/// A server's answer, written locale by locale (``EncodedEntries``) and interleaved into one
/// array (``EncodedJSONArray``): byte for byte what the command-line tool writes.
@Suite("Encoded entries")
struct EncodedEntriesTests {
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

    /// What the server writes: each locale's entries encoded, then interleaved.
    static func encoded(_ body: Data) async -> String? {
        guard let request = try? RenderRequest.decode(body) else { return nil }
        let array = await RenderEntry.encoded(request.document, locales: request.locales ?? ["en-US"],
                                              renderer: PaywallRenderer(options: request.options))
        return String(decoding: array.bytes, as: UTF8.self)
    }

    /// The same request as the command-line tool writes it.
    static func expected(_ body: Data) -> String? {
        guard let request = try? RenderRequest.decode(body) else { return nil }
        let entries = RenderEntry.entries(for: request.document, locales: request.locales ?? ["en-US"],
                                          renderer: PaywallRenderer(options: request.options))
        return RenderEntry.jsonArray(entries, problems: request.document.problems)
    }

    /// 4,000 random products in paywalls of one to three: the server's bytes are the
    /// tool's, item by item and locale by locale, with every entry's position, locale as
    /// spelled, instant and options. The bodies are made in one seeded order, then checked
    /// four at a time.
    @Test func fourThousandRandomProductsAreWrittenAsTheToolWritesThem() async throws {
        var random = SeededGenerator(state: 20261124)
        var products = 0
        var bodies: [Data] = []
        while products < 4_000 {
            let paywall = (0..<Int.random(in: 1...3, using: &random)).map { _ in RenderCacheTests.randomProduct(&random) }
            products += paywall.count
            bodies.append(try Self.randomBody(paywall, &random))
        }
        let lanes = 4, all = bodies
        let (read, mismatches) = await withTaskGroup(of: (read: Int, mismatches: Int).self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    var read = 0, mismatches = 0
                    for body in stride(from: lane, to: all.count, by: lanes).map({ all[$0] }) {
                        let expected = Self.expected(body)
                        if expected != nil { read += 1 }
                        if await Self.encoded(body) != expected { mismatches += 1 }
                    }
                    return (read, mismatches)
                }
            }
            return await group.reduce(into: (0, 0)) { $0.0 += $1.read; $0.1 += $1.mismatches }
        }
        #expect(mismatches == 0)
        #expect(read > bodies.count / 2, "most bodies are read (\(read) of \(bodies.count))")
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
                    _ = await RenderEntry.encoded(document, locales: locales, renderer: PaywallRenderer())
                    order.append(name)
                }
            }
            group.addTask(executorPreference: executor) { order.append("small") }
        }
        #expect(order.names.first == "small", "\(order.names)")
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
