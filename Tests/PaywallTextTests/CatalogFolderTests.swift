import Foundation
import PaywallText
import Testing

/// Catalog folders: read once, remembered when rejected, one folder however spelled.
@Suite("Catalog folders")
struct CatalogFolderTests {
    private let trial = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3)))

    private func free(_ folder: String) throws -> String? {
        try render(trial, "ru-RU", options: RenderOptions(catalogs: .directory(folder))).offers.first?.price
    }

    /// A rejected folder is not read again on every render: fixing the file changes
    /// nothing until the folder is reloaded.
    @Test func aRejectedFolderStaysRejectedUntilReloaded() throws {
        let folder = try TemporaryFolder.locales { try setMessage("recurringPrice", to: "{price", in: $0.appendingPathComponent("ru.json")) }
        let options = RenderOptions(catalogs: .directory(folder.path))
        let first = renderError(trial, "ru-RU", options: options)
        #expect(first?.catalog?.key == "recurringPrice")

        try setMessage("recurringPrice", to: "{price} {count, plural, one {в месяц} few {x} many {x} other {x}}",
                       in: folder.appendingPathComponent("ru.json"))
        #expect(renderError(trial, "ru-RU", options: options) == first, "the folder was read again without a reload")

        try PaywallRenderer.reloadCatalogs(.directory(folder.path))
        #expect(try free(folder.path) == "Бесплатно")
    }

    /// A failed reload of a folder that never loaded keeps it rejected, with the new reason.
    @Test func aFailedReloadOfARejectedFolderUpdatesTheReason() throws {
        let folder = try TemporaryFolder.locales { try setMessage("recurringPrice", to: "{price", in: $0.appendingPathComponent("ru.json")) }
        #expect(renderError(trial, "ru-RU", options: RenderOptions(catalogs: .directory(folder.path)))?.catalog?.key == "recurringPrice")
        try setMessage("recurringPrice", to: "{price} {count, plural, one {x} few {x} many {x} other {x}}", in: folder.appendingPathComponent("ru.json"))
        try setMessage("price.free", to: "{oops", in: folder.appendingPathComponent("ru.json"))
        #expect(throws: PaywallTextError.self) { try PaywallRenderer.reloadCatalogs(.directory(folder.path)) }
        #expect(renderError(trial, "ru-RU", options: RenderOptions(catalogs: .directory(folder.path)))?.catalog?.key == "price.free")
    }

    /// `dir`, `dir/`, `dir/.` and `parent/../dir` are one folder: reloading any spelling
    /// changes what every spelling renders.
    @Test(arguments: ["/", "/.", "/./", "/../NAME"])
    func everySpellingIsOneFolder(_ suffix: String) throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Даром", in: $0.appendingPathComponent("ru.json")) }
        #expect(try free(folder.path) == "Даром")
        try setMessage("price.free", to: "Бесплатно!", in: folder.appendingPathComponent("ru.json"))
        let spelling = folder.path + suffix.replacingOccurrences(of: "NAME", with: folder.url.lastPathComponent)
        try PaywallRenderer.reloadCatalogs(.directory(spelling))
        #expect(try free(folder.path) == "Бесплатно!")
        #expect(try free(spelling) == "Бесплатно!")
    }

    @Test func aRelativePathIsTheSameFolder() throws {
        let folder = try TemporaryFolder.locales { try setMessage("price.free", to: "Даром", in: $0.appendingPathComponent("ru.json")) }
        let current = FileManager.default.currentDirectoryPath
        let relative = String(repeating: "../", count: current.split(separator: "/").count) + folder.path.dropFirst()
        #expect(try free(relative) == "Даром")
        try setMessage("price.free", to: "Задаром", in: folder.appendingPathComponent("ru.json"))
        try PaywallRenderer.reloadCatalogs(.directory(folder.path))
        #expect(try free(relative) == "Задаром")
    }

    @Test func theBuiltInCatalogsCannotBeReloaded() {
        #expect {
            try PaywallRenderer.reloadCatalogs(.embedded)
        } throws: { error in
            let error = error as? PaywallTextError
            return error?.kind == .invalidRequest && error?.message.contains("cannot be reloaded") == true
        }
    }
}
