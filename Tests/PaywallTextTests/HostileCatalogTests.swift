import Foundation
@testable import PaywallText
import Testing

/// Catalogs that try to break the loader, and a server that reloads them.
@Suite("Hostile catalogs")
struct HostileCatalogTests {
    private let trial = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3)))

    /// The error of rendering with catalogs from a changed copy of Locales/.
    private func loadError(_ change: (URL) throws -> Void) throws -> (folder: TemporaryFolder, error: PaywallTextError?) {
        let folder = try TemporaryFolder.locales(change)
        return (folder, thrownError { try Catalogs(directory: folder.path) })
    }

    private func location(_ folder: TemporaryFolder, _ file: String, _ key: String? = nil) -> CatalogLocation {
        CatalogLocation(file: folder.appendingPathComponent(file).path, key: key)
    }

    @Test func syntaxError() throws {
        let (folder, error) = try loadError { try setMessage("freeTrial.headline", to: "{count, plural, one {x}", in: $0.appendingPathComponent("uk.json")) }
        #expect(error?.kind == .invalidCatalog)
        #expect(error?.catalog == location(folder, "uk.json", "freeTrial.headline"))
        #expect(error?.message.hasPrefix("syntax error") == true)
    }

    @Test func unknownArgument() throws {
        let (folder, error) = try loadError { try setMessage("recurringPrice", to: "{price} {secret}", in: $0.appendingPathComponent("de.json")) }
        #expect(error?.catalog == location(folder, "de.json", "recurringPrice"))
        #expect(error?.message.hasPrefix("unknown argument {secret}") == true)
    }

    @Test func missingKey() throws {
        let (folder, error) = try loadError { try setMessage("payUpFront.summary", to: nil, in: $0.appendingPathComponent("ja.json")) }
        #expect(error?.catalog == location(folder, "ja.json", "payUpFront.summary"))
        #expect(error?.message.hasPrefix("missing message") == true)
    }

    @Test func hugeMessage() throws {
        let huge = String(repeating: "{price} ", count: 100_000)
        let (folder, error) = try loadError { try setMessage("recurringPrice", to: huge, in: $0.appendingPathComponent("fr.json")) }
        #expect(error?.catalog == location(folder, "fr.json", "recurringPrice"))
        #expect(error?.message.hasPrefix("the message is 800000 bytes; at most 16384 in \"{price} {price}") == true)
    }

    @Test func deeplyNestedMessage() throws {
        let nested = String(repeating: "{unit, select, other {", count: 100) + "x" + String(repeating: "}}", count: 100)
        let (folder, error) = try loadError { try setMessage("freeTrial.summary", to: nested, in: $0.appendingPathComponent("es.json")) }
        #expect(error?.catalog == location(folder, "es.json", "freeTrial.summary"))
        #expect(error?.message.hasPrefix("braces nest deeper than 16 levels in \"{unit, select, other {") == true)
        // Far deeper than any stack: still the same clear error, from the lint as well.
        let abyss = String(repeating: "{", count: 1_000_000)
        let abyssFolder = try TemporaryFolder.locales {
            try setMessage("freeTrial.summary", to: abyss, in: $0.appendingPathComponent("es.json"))
        }
        let problems = try CatalogLintReport(directory: abyssFolder.path).problems.filter(\.isError)
        #expect(problems.count == 1)
        #expect(problems.first?.message.hasPrefix("the message is 1000000 bytes") == true)
    }

    @Test func fileThatIsNotJSON() throws {
        let (folder, error) = try loadError { try Data("{ not json".utf8).write(to: $0.appendingPathComponent("it.json")) }
        #expect(error?.catalog == location(folder, "it.json"))
        #expect(error?.message.hasPrefix("not a catalog") == true)
    }

    @Test func serverKeepsServingWhenAReloadFails() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Даром", in: $0.appendingPathComponent("ru.json")) }
        let catalogs = try Catalogs(directory: folder.path)
        #expect(try render(trial, "ru-RU", catalogs: catalogs).offers.first?.price == "Даром")

        // A good edit, reloaded: served from the next render on.
        try setMessage("price.free", to: "Бесплатно!", in: folder.appendingPathComponent("ru.json"))
        #expect(try render(trial, "ru-RU", catalogs: catalogs).offers.first?.price == "Даром", "read once until reloaded")
        try catalogs.reload()
        #expect(try render(trial, "ru-RU", catalogs: catalogs).offers.first?.price == "Бесплатно!")

        // A broken edit: the reload fails with file and key, and the previous catalogs stay.
        try setMessage("freeTrial.summary", to: "{duration", in: folder.appendingPathComponent("ru.json"))
        #expect(thrownError { try catalogs.reload() }?.catalog == location(folder, "ru.json", "freeTrial.summary"))
        let after = try render(trial, "ru-RU", catalogs: catalogs).offers.first
        #expect(after?.price == "Бесплатно!")
        #expect(after?.summary == "Бесплатно 3 дня, затем 9,99\u{00A0}$ в месяц")
    }

    @Test func reloadSeenByOtherThreads() async throws {
        let folder = try TemporaryFolder.locales()
        let catalogs = try Catalogs(directory: folder.path)
        // Every task renders once before the reload, so contexts of the old snapshot are pooled.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = try render(trial, "de-DE", catalogs: catalogs) } }
            try await group.waitForAll()
        }
        try setMessage("price.free", to: "Umsonst", in: folder.appendingPathComponent("de.json"))
        try catalogs.reload()
        let prices = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 { group.addTask { try render(trial, "de-DE", catalogs: catalogs).offers.first?.price } }
            var prices: [String?] = []
            for try await price in group { prices.append(price) }
            return prices
        }
        #expect(prices == Array(repeating: "Umsonst", count: 8))
    }
}
