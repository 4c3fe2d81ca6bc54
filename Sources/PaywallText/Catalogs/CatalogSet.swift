import Synchronization

/// A loaded, checked set of catalogs, and which of them serves a display locale.
package final class CatalogSet: Sendable {
    /// Catalogs by name (`en`, `pt`, `zh-Hans`).
    package let catalogs: [String: Catalog]
    /// Tells this set's compiled catalogs apart from another set's in the shared cache.
    let id: Int
    /// The catalogs' names, English first (the fallback), the others sorted.
    let names: [String]
    /// ICU's matcher over ``names``, for language negotiation; `nil` if ICU could not open one.
    let matcher: ICU.LocaleMatcher?

    private static let nextID = Atomic<Int>(0)

    /// A set of catalogs that were checked already (the built-in ones).
    init(catalogs: [Catalog]) {
        self.catalogs = Dictionary(catalogs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        id = CatalogSet.nextID.add(1, ordering: .relaxed).newValue
        names = self.catalogs.keys.sorted { ($0 == "en" ? 0 : 1, $0) < ($1 == "en" ? 0 : 1, $1) }
        matcher = try? ICU.LocaleMatcher(supported: names.map { ICU.Locale.canonicalID($0) ?? $0 })
    }

    /// A set made of catalogs that pass every check; the first error rejects them all.
    convenience init(checking catalogs: [Catalog]) throws(PaywallTextError) {
        if let problem = CatalogLinter.lint(catalogs).first(where: { $0.severity == .error }) {
            throw PaywallTextError(.invalidCatalog, catalog: problem.location, message: problem.message)
        }
        guard catalogs.contains(where: { $0.name == "en" }) else {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: "en.json"), message: "the English catalog is missing")
        }
        self.init(catalogs: catalogs)
    }

    /// The catalog for a display locale: the most specific name that exists
    /// (`pt-PT` → `pt`, `zh-Hans-CN` → `zh-Hans`), else English.
    package func catalog(for formatters: LocaleFormatters) -> Catalog {
        for candidate in CatalogLookup.candidates(for: formatters.icuID) {
            if let catalog = catalogs[candidate] { return catalog }
        }
        return catalogs["en"]!
    }

    /// The catalog that serves a locale, compiled by ICU for it; shared by every thread,
    /// which each clone it once (see ``RenderContext``).
    func compiled(for locale: String) throws(PaywallTextError) -> CompiledCatalog {
        let formatters = try LocaleFormatters.named(locale)
        let key = CompiledCatalog.Key(catalogSet: id, locale: formatters.icuID)
        return try PaywallCaches.compiledCatalogs.value(for: key) { () throws(PaywallTextError) in
            try CompiledCatalog(catalog: catalog(for: formatters), display: formatters)
        }
    }
}
