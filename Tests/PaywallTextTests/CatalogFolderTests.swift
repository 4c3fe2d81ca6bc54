import Foundation
import Synchronization
@testable import PaywallText
import Testing

/// Catalogs as a value the caller owns: read once, swapped whole by a reload, independent
/// of every other value, even of the same folder.
@Suite("Catalogs values")
struct CatalogFolderTests {
    private let trial = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3)))

    private func free(_ catalogs: Catalogs) throws -> String? {
        try render(trial, "ru-RU", catalogs: catalogs).offers.first?.price
    }

    /// Two values of one folder are independent: after an edit, the one reloaded renders
    /// the new text while the other still renders the old, side by side.
    @Test func twoValuesOfOneFolderRenderOldAndNewSideBySide() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Даром", in: $0.appendingPathComponent("ru.json")) }
        let old = try Catalogs(directory: folder.path)
        let new = try Catalogs(directory: folder.path)
        #expect(try free(old) == "Даром")
        #expect(try free(new) == "Даром")

        try setMessage("price.free", to: "Задаром", in: folder.appendingPathComponent("ru.json"))
        #expect(try free(new) == "Даром", "a value is not read again until reloaded")
        try new.reload()
        #expect(try free(new) == "Задаром")
        #expect(try free(old) == "Даром")
        // Interleaved, on many threads at once, each keeps its own text.
        let results = Mutex<[String?]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let text = try? free(index % 2 == 0 ? old : new)
            results.withLock { $0.append(index % 2 == 0 ? (text == "Даром" ? "old" : text) : (text == "Задаром" ? "new" : text)) }
        }
        #expect(results.withLock { $0 }.sorted { ($0 ?? "") < ($1 ?? "") } == Array(repeating: "new", count: 8) + Array(repeating: "old", count: 8))
    }

    /// Reloading folder A leaves folder B's snapshot, and the results cached from it, as
    /// they were; A's own cached results are replaced.
    @Test func reloadingOneFolderLeavesAnotherFoldersCachesWarm() throws {
        let folderA = try TemporaryFolder.locales { try setMessage("price.free", to: "А", in: $0.appendingPathComponent("ru.json")) }
        let folderB = try TemporaryFolder.locales { try setMessage("price.free", to: "Б", in: $0.appendingPathComponent("ru.json")) }
        let a = try Catalogs(directory: folderA.path), b = try Catalogs(directory: folderB.path)
        let cache = RenderCache()
        let rendererA = PaywallRenderer(catalogs: a, cache: cache), rendererB = PaywallRenderer(catalogs: b, cache: cache)
        #expect(try rendererA.render(trial, locale: "ru-RU").offers.first?.price == "А")
        #expect(try rendererB.render(trial, locale: "ru-RU").offers.first?.price == "Б")
        #expect(cache.statistics.entries == 2)
        let snapshotB = b.snapshot.id

        try setMessage("price.free", to: "А2", in: folderA.appendingPathComponent("ru.json"))
        try a.reload()
        #expect(b.snapshot.id == snapshotB, "B's snapshot (the key of its caches) changed")
        let hits = cache.statistics.hits
        #expect(try rendererB.render(trial, locale: "ru-RU").offers.first?.price == "Б")
        #expect(cache.statistics.hits == hits + 1, "B's cached result was not found after A's reload")
        #expect(try rendererA.render(trial, locale: "ru-RU").offers.first?.price == "А2")
        #expect(cache.statistics.hits == hits + 1, "A's result came from the cache after its reload")
        // A's entry of the old snapshot is removed once the cache sees the new one; B's stays.
        #expect(cache.statistics.entries == 2)
    }

    /// A failed reload keeps the catalogs in use and says which file and key are at fault.
    @Test func aFailedReloadKeepsTheCatalogsInUse() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Даром", in: $0.appendingPathComponent("ru.json")) }
        let catalogs = try Catalogs(directory: folder.path)
        let snapshot = catalogs.snapshot.id
        try setMessage("recurringPrice", to: "{price", in: folder.appendingPathComponent("ru.json"))
        let error = thrownError { try catalogs.reload() }
        #expect(error?.kind == .invalidCatalog)
        #expect(error?.catalog?.key == "recurringPrice")
        #expect(error?.catalog?.file.hasSuffix("ru.json") == true)
        #expect(catalogs.snapshot.id == snapshot)
        #expect(try free(catalogs) == "Даром")
    }

    /// A folder that does not pass the checks is refused when the value is made.
    @Test func aBrokenFolderIsRefusedWithTheFileAndKey() throws {
        let folder = try TemporaryFolder.locales { try setMessage("recurringPrice", to: "{price", in: $0.appendingPathComponent("ru.json")) }
        let error = thrownError { try Catalogs(directory: folder.path) }
        #expect(error?.kind == .invalidCatalog)
        #expect(error?.catalog?.key == "recurringPrice")
        #expect(thrownError { try Catalogs(directory: folder.path + "/missing") }?.kind == .invalidCatalog)
    }

    @Test func theBuiltInCatalogsCannotBeReloaded() {
        let error = thrownError { try Catalogs.builtIn.reload() }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.contains("cannot be reloaded") == true)
    }

    /// A reload does not touch the file system on the render path: the snapshot is read
    /// from memory, so renders keep their text while the folder is gone.
    @Test func renderingDoesNotReadTheFolder() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Даром", in: $0.appendingPathComponent("ru.json")) }
        let catalogs = try Catalogs(directory: folder.path)
        try FileManager.default.removeItem(at: folder.url)
        #expect(try free(catalogs) == "Даром")
        #expect(try catalogs.catalogName(for: "ru-RU") == "ru")
        #expect(thrownError { try catalogs.reload() }?.kind == .invalidCatalog)
        #expect(try free(catalogs) == "Даром")
    }
}
