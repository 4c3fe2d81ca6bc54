import FoundationEssentials
import Synchronization

/// Where the message catalogs come from.
public enum CatalogSource: Sendable, Hashable {
    /// The catalogs built into the library from `Locales/` (the default).
    case embedded
    /// The `*.json` catalogs of a folder, for previewing edited translations without
    /// rebuilding, or for a server that updates its catalogs. They are checked as
    /// `paywall-text lint` checks them; any error rejects the folder with the file, key
    /// and reason. A folder is read on first use and again only by
    /// ``PaywallRenderer/reloadCatalogs(_:)``.
    case directory(String)
}

/// A loaded set of catalogs, with compiled messages cached per display locale.
package final class CatalogSet: Sendable {
    /// Catalogs by name (`en`, `pt`, `zh-Hans`).
    package let catalogs: [String: Catalog]
    private let compiled = FormatterCache<String, CompiledCatalog>(capacity: 256)

    init(catalogs: [Catalog]) {
        self.catalogs = Dictionary(catalogs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The catalogs for a source, loaded once per process.
    package static func load(_ source: CatalogSource) throws(PaywallTextError) -> CatalogSet {
        switch source {
        case .embedded:
            return try embedded.get()
        case .directory(let path):
            return try directories.value(for: path) { () throws(PaywallTextError) in
                try CatalogSet(checking: readDirectory(path))
            }
        }
    }

    /// The catalog for a display locale: the most specific name that exists
    /// (`pt-PT` → `pt`, `zh-Hans-CN` → `zh-Hans`), else English.
    package func catalog(for formatters: LocaleFormatters) -> Catalog {
        for candidate in formatters.catalogCandidates {
            if let catalog = catalogs[candidate] { return catalog }
        }
        return catalogs["en"]!
    }

    /// Everything a render in a display locale needs: the locale's formatters and the
    /// compiled messages of the catalog that serves it. Each thread asks once per
    /// locale (`ThreadCache` keeps the result), so this is not on the hot path.
    func context(for locale: String) throws(PaywallTextError) -> RenderContext {
        let formatters = try LocaleStore.formatters(for: locale)
        let messages = try compiled.value(for: formatters.icuID) { () throws(PaywallTextError) in
            try CompiledCatalog(catalog: catalog(for: formatters), locale: formatters.icuID)
        }
        return RenderContext(formatters: formatters, messages: messages)
    }

    // MARK: - Loading

    private static let embedded: Result<CatalogSet, PaywallTextError> = Result { () throws(PaywallTextError) in
        var catalogs: [Catalog] = []
        for (name, json) in EmbeddedCatalogs.files {
            catalogs.append(try Catalog(name: name, file: "Locales/\(name).json", json: Data(json.utf8)))
        }
        // The embedded catalogs were checked by the tests and `paywall-text lint` before
        // they were built in; only their presence is checked here.
        guard catalogs.contains(where: { $0.name == "en" }) else {
            throw PaywallTextError(.invalidCatalog, path: "Locales/en.json", message: "the English catalog is missing")
        }
        return CatalogSet(catalogs: catalogs)
    }

    private static let directories = FormatterCache<String, CatalogSet>(capacity: 64)

    /// Counts successful reloads; per-thread contexts made before the latest are dropped.
    static let generation = Atomic<Int>(0)

    /// Reads a folder's catalogs again. On success they replace the ones in use; on any
    /// error nothing changes and the error names the file, key and reason.
    static func reload(_ source: CatalogSource) throws(PaywallTextError) {
        guard case .directory(let path) = source else { return }
        let set = try CatalogSet(checking: readDirectory(path))
        directories.set(set, for: path)
        generation.add(1, ordering: .releasing)
    }

    /// Reads every `*.json` of a folder as a catalog; the first unreadable one is an error.
    package static func readDirectory(_ path: String) throws(PaywallTextError) -> [Catalog] {
        try readEachFile(path).map { result throws(PaywallTextError) in try result.get() }
    }

    /// Reads every `*.json` of a folder, one result per file, sorted by name.
    package static func readEachFile(_ path: String) throws(PaywallTextError) -> [Result<Catalog, PaywallTextError>] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw PaywallTextError(.invalidCatalog, path: path, message: "cannot read the catalog folder")
        }
        return names.map { fileName in
            let file = path.hasSuffix("/") ? path + fileName : path + "/" + fileName
            guard let data = FileManager.default.contents(atPath: file) else {
                return .failure(PaywallTextError(.invalidCatalog, path: file, message: "cannot read the file"))
            }
            return Result { () throws(PaywallTextError) in
                try Catalog(name: String(fileName.dropLast(".json".count)), file: file, json: data)
            }
        }
    }

    /// A set made of catalogs that pass every check; the first error rejects them all.
    private convenience init(checking catalogs: [Catalog]) throws(PaywallTextError) {
        if let problem = CatalogLinter.lint(catalogs).first(where: { $0.severity == .error }) {
            throw PaywallTextError(.invalidCatalog, path: problem.file + (problem.key.map { ": \($0)" } ?? ""), message: problem.message)
        }
        guard catalogs.contains(where: { $0.name == "en" }) else {
            throw PaywallTextError(.invalidCatalog, path: "en.json", message: "the English catalog is missing")
        }
        self.init(catalogs: catalogs)
    }
}

/// A display locale's formatters with the compiled catalog that serves it.
struct RenderContext {
    let formatters: LocaleFormatters
    let messages: CompiledCatalog
}

/// One catalog's messages compiled by ICU for one display locale.
///
/// ICU's MessageFormat must not be used by two threads at once, so the compiled
/// messages are a prototype that is only cloned: each thread formats with its own
/// ``MessageSet`` (see `ThreadCache`).
final class CompiledCatalog: Sendable {
    let name: String
    /// The word for free, formatted once: the message has no arguments.
    let free: String
    private let prototype: MessageSet

    init(catalog: Catalog, locale: String) throws(PaywallTextError) {
        name = catalog.name
        var formats: [ICU.MessageFormat] = []
        for key in MessageKey.allCases {
            // Catalogs are checked before use (lint, tests, directory loading); this guards the rest.
            guard let pattern = catalog.messages[key.rawValue] else {
                throw PaywallTextError(.invalidCatalog, path: "\(catalog.file): \(key.rawValue)", message: "missing message")
            }
            do {
                formats.append(try ICU.MessageFormat(pattern: pattern, locale: locale, arguments: key.argumentOrder))
            } catch {
                throw PaywallTextError(.invalidCatalog, path: "\(catalog.file): \(key.rawValue)", message: "\(error)")
            }
        }
        prototype = MessageSet(catalog: catalog.name, formats: formats)
        // Formatting the argument-free message here, before the prototype is shared, is safe.
        free = try prototype.format(.free, ICU.MessageFormat.Arguments())
    }

    /// A new set of clones for one thread.
    func makeMessageSet() throws(PaywallTextError) -> MessageSet {
        try prototype.clone()
    }
}

/// One caller's copies of a catalog's compiled messages, in `MessageKey.allCases` order.
///
/// `@unchecked Sendable`: a set belongs to one thread (see `ThreadCache`); the
/// prototype inside `CompiledCatalog` is only cloned, never formatted with once shared.
struct MessageSet: @unchecked Sendable {
    let catalog: String
    fileprivate let formats: [ICU.MessageFormat]

    fileprivate func clone() throws(PaywallTextError) -> MessageSet {
        do {
            return MessageSet(catalog: catalog, formats: try formats.map { format throws(ICU.Failure) in try format.clone() })
        } catch {
            throw PaywallTextError(.formattingFailed, path: "", message: "\(catalog) catalog: \(error)")
        }
    }

    /// Formats a message with arguments in its ``MessageKey/argumentOrder``.
    func format(_ key: MessageKey, _ arguments: ICU.MessageFormat.Arguments) throws(PaywallTextError) -> String {
        do {
            return try formats[key.index].format(arguments)
        } catch {
            throw PaywallTextError(.formattingFailed, path: key.rawValue, message: "\(catalog) catalog: \(error)")
        }
    }
}

extension MessageKey {
    /// The key's position in `allCases`, without a search.
    var index: Int {
        switch self {
        case .free: 0
        case .recurringPrice: 1
        case .freeTrialHeadline: 2
        case .freeTrialSummary: 3
        case .payAsYouGoHeadline: 4
        case .payAsYouGoSummary: 5
        case .payUpFrontHeadline: 6
        case .payUpFrontSummary: 7
        }
    }
}

/// What the benchmark needs to set up its raw-ICU floor outside any timing.
package enum BenchSupport {
    /// The message patterns of the built-in catalog that serves a locale.
    package static func catalogPatterns(for locale: String) throws(PaywallTextError) -> [String: String] {
        try CatalogSet.load(.embedded).catalog(for: LocaleStore.formatters(for: locale)).messages
    }

    /// The argument names a message receives, in the order the renderer passes them.
    package static func argumentOrder(of key: String) -> [String] {
        MessageKey(rawValue: key)?.argumentOrder ?? []
    }
}
