import Foundation
import PaywallText
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
