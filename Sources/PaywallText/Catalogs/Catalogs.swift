#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The message catalogs a renderer takes its sentences from: the ones built into the
/// library, or the `*.json` catalogs of a folder, owned by the caller.
///
/// A value holds an immutable snapshot of its catalogs, checked as `paywall-text lint`
/// checks them. ``reload()`` reads the folder again and swaps the snapshot at once for
/// every renderer that holds this value; renders already under way finish with the
/// snapshot they started with. Two values of one folder are independent: reloading one
/// leaves the other, and its caches, as they are.
///
/// ```swift
/// let catalogs = try Catalogs(directory: "Locales")
/// let renderer = PaywallRenderer(catalogs: catalogs)
/// // … the translators edit Locales/de.json …
/// try catalogs.reload()   // on error, the catalogs in use stay
/// ```
///
/// The caches behind rendering (compiled messages, a ``RenderCache``'s entries) are keyed
/// by the snapshot, so a reload makes only this value's cached text unreachable.
public final class Catalogs: Sendable {
    /// The catalogs compiled into the library from `Locales/`, checked by the tests and
    /// `paywall-text lint` before they were built in; they never change.
    public static let builtIn = Catalogs(builtIn: ())

    /// The folder the catalogs are read from; `nil` for ``builtIn``.
    public let directory: String?
    /// Tells this value apart from every other, for caches (never reused).
    let id: UInt64
    private let current: Locked<CatalogSnapshot>

    /// Reads and checks the catalogs of a folder: every `*.json` file is a catalog named by
    /// its file name (`de.json`, `pt-PT.json`), and `en.json`, the source, must be there.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/invalidCatalog`` naming
    ///   the file, the key and the reason, for a folder that cannot be read or a catalog that
    ///   `paywall-text lint` would reject.
    public init(directory: String) throws(PaywallTextError) {
        self.directory = directory
        id = Catalogs.nextID.add(1, ordering: .relaxed).newValue
        current = Locked(try CatalogSnapshot(checking: Catalogs.readDirectory(directory)))
    }

    private init(builtIn: Void) {
        directory = nil
        id = Catalogs.nextID.add(1, ordering: .relaxed).newValue
        var catalogs: [Catalog] = []
        for (name, json) in EmbeddedCatalogs.files {
            // The embedded catalogs were checked (lint, tests) before they were built in.
            if let catalog = try? Catalog(name: name, file: "Locales/\(name).json", json: Data(json.utf8)) {
                catalogs.append(catalog)
            }
        }
        current = Locked(CatalogSnapshot(catalogs: catalogs))
    }

    /// Catalogs made in memory and checked as a folder's are (the review site renders the
    /// catalogs of a rejected folder that have no error this way); they cannot be reloaded.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/invalidCatalog`` for the
    ///   first error ``CatalogLintReport`` finds, naming the file, key and reason.
    public init(checking catalogs: [Catalog]) throws(PaywallTextError) {
        directory = nil
        id = Catalogs.nextID.add(1, ordering: .relaxed).newValue
        current = Locked(try CatalogSnapshot(checking: catalogs))
    }

    /// Reads the folder again. On success, every render that starts afterwards uses the new
    /// catalogs; on any error, the catalogs in use stay in use and the error names the file,
    /// key and reason.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/invalidCatalog`` for a
    ///   rejected folder, and of kind ``PaywallTextError/Kind/invalidRequest`` for
    ///   ``builtIn``, which is compiled in and cannot be reloaded.
    public func reload() throws(PaywallTextError) {
        guard let directory else {
            throw PaywallTextError(.invalidRequest, path: "catalogs", message: self === Catalogs.builtIn
                ? "the built-in catalogs are compiled into the library and cannot be reloaded; make a Catalogs(directory:) to reload"
                : "these catalogs were made in memory, not read from a folder, and cannot be reloaded")
        }
        let snapshot = try CatalogSnapshot(checking: Catalogs.readDirectory(directory))
        current.set(snapshot)
    }

    /// The catalogs' names, English (the fallback) first, then the others sorted.
    public var names: [String] { snapshot.names }

    /// Every catalog in use, in the order of ``names``.
    public var all: [Catalog] { snapshot.names.compactMap { snapshot.catalogs[$0] } }

    /// The catalog that serves a locale: `pt` for `pt-PT`, `zh-Hans` for `zh-CN`, `en` for a
    /// language without a catalog.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/unsupportedLocale`` for a
    ///   malformed locale, or one ICU has no data for.
    public func catalogName(for locale: String) throws(PaywallTextError) -> String {
        snapshot.catalog(for: try DisplayLocale(locale).identity).name
    }

    /// The snapshot in use now.
    var snapshot: CatalogSnapshot { current.value }

    private static let nextID = Atomic<UInt64>(0)

    /// Reads every `*.json` of a folder as a catalog; the first unreadable one is an error.
    static func readDirectory(_ path: String) throws(PaywallTextError) -> [Catalog] {
        try readEachFile(path).map { result throws(PaywallTextError) in try result.get() }
    }

    /// Reads every `*.json` of a folder, one result per file, sorted by name.
    ///
    /// - Parameter kind: What the files are, for errors (``Catalog/init(name:file:json:kind:)``).
    static func readEachFile(_ path: String, kind: String = "catalog") throws(PaywallTextError) -> [Result<Catalog, PaywallTextError>] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: path), message: "cannot read the catalog folder")
        }
        return names.map { fileName in
            let file = path.hasSuffix("/") ? path + fileName : path + "/" + fileName
            guard let data = FileManager.default.contents(atPath: file) else {
                return .failure(PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: file), message: "cannot read the file"))
            }
            return Result { () throws(PaywallTextError) in
                try Catalog(name: String(fileName.dropLast(".json".count)), file: file, json: data, kind: kind)
            }
        }
    }
}

/// One checked set of catalogs, as a ``Catalogs`` value holds it between reloads: the
/// catalogs by name, their order, and ICU's language matcher over them. Immutable.
final class CatalogSnapshot: Sendable {
    /// Catalogs by name (`en`, `pt`, `zh-Hans`).
    let catalogs: [String: Catalog]
    /// The catalogs' names, English first (the fallback), the others sorted.
    let names: [String]
    /// ICU's matcher over ``names``, for language negotiation; `nil` if ICU could not open one.
    let matcher: ICU.LocaleMatcher?
    /// Tells this snapshot apart from every other, for the caches keyed by it (never reused).
    let id: UInt64

    private static let nextID = Atomic<UInt64>(0)

    /// A snapshot of catalogs that were checked already (the built-in ones).
    init(catalogs: [Catalog]) {
        self.catalogs = Dictionary(catalogs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        id = CatalogSnapshot.nextID.add(1, ordering: .relaxed).newValue
        names = self.catalogs.keys.sorted { ($0 == "en" ? 0 : 1, $0) < ($1 == "en" ? 0 : 1, $1) }
        matcher = try? ICU.LocaleMatcher(supported: names.map { ICU.Locale.canonicalID($0) ?? $0 })
    }

    /// A snapshot of catalogs that pass every check; the first error rejects them all.
    convenience init(checking catalogs: [Catalog]) throws(PaywallTextError) {
        if let problem = MessageSchema.catalog.lint(catalogs).first(where: { $0.severity == .error }) {
            throw PaywallTextError(.invalidCatalog, catalog: problem.location, message: problem.message)
        }
        guard catalogs.contains(where: { $0.name == "en" }) else {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: "en.json"), message: "the English catalog is missing")
        }
        self.init(catalogs: catalogs)
    }

    /// The catalog for a display locale: the most specific name that exists
    /// (`pt-PT` → `pt`, `zh-Hans-CN` → `zh-Hans`), else English.
    func catalog(for locale: LocaleIdentity) -> Catalog {
        for candidate in CatalogLookup.candidates(for: locale.icuID) {
            if let catalog = catalogs[candidate] { return catalog }
        }
        return catalogs["en"]!
    }
}
