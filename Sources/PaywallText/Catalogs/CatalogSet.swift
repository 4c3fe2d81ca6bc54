import FoundationEssentials
import Synchronization

/// Where the message catalogs come from.
public enum CatalogSource: Sendable, Hashable {
    /// The catalogs built into the library from `Locales/` (the default).
    case embedded
    /// The `*.json` catalogs of a folder, for previewing edited translations without
    /// rebuilding. They are checked as `paywall-text lint` checks them; any error
    /// rejects the folder with the file, key and reason. A folder is read once per process.
    case directory(String)
}

/// A loaded set of catalogs, with compiled messages cached per display locale.
package final class CatalogSet: Sendable {
    /// Catalogs by name (`en`, `pt`, `zh-Hans`).
    package let catalogs: [String: Catalog]
    private let compiled = FormatterCache<String, CompiledCatalog>(capacity: 1024)

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

    /// The compiled messages of the catalog that serves a display locale.
    func messages(for formatters: LocaleFormatters) throws(PaywallTextError) -> CompiledCatalog {
        try compiled.value(for: formatters.icuID) { () throws(PaywallTextError) in
            try CompiledCatalog(catalog: catalog(for: formatters), locale: formatters.icuID)
        }
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

/// One catalog's messages compiled by ICU for one display locale.
final class CompiledCatalog: Sendable {
    let name: String
    private let formats: [ICU.MessageFormat]

    init(catalog: Catalog, locale: String) throws(PaywallTextError) {
        name = catalog.name
        var formats: [ICU.MessageFormat] = []
        for key in MessageKey.allCases {
            // Catalogs are checked before use (lint, tests, directory loading); this guards the rest.
            guard let pattern = catalog.messages[key.rawValue] else {
                throw PaywallTextError(.invalidCatalog, path: "\(catalog.file): \(key.rawValue)", message: "missing message")
            }
            do {
                formats.append(try ICU.MessageFormat(pattern: pattern, locale: locale))
            } catch {
                throw PaywallTextError(.invalidCatalog, path: "\(catalog.file): \(key.rawValue)", message: "\(error)")
            }
        }
        self.formats = formats
    }

    func format(_ key: MessageKey, _ arguments: KeyValuePairs<String, ICU.MessageFormat.Argument>) throws(PaywallTextError) -> String {
        let index = MessageKey.allCases.firstIndex(of: key)!
        do {
            return try formats[index].format(arguments)
        } catch {
            throw PaywallTextError(.formattingFailed, path: key.rawValue, message: "\(name) catalog: \(error)")
        }
    }
}
