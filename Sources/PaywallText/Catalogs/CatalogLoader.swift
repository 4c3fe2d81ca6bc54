#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A catalog folder as ``PaywallCaches/catalogFolders`` remembers it: its catalogs, or
/// why it was rejected, until the next reload.
enum CatalogFolder: Sendable {
    case loaded(CatalogSet)
    case rejected(PaywallTextError)
}

/// Reads catalogs: the built-in ones once per process, a folder on first use and
/// again on an explicit reload.
package enum CatalogLoader {
    /// The catalogs of a source.
    package static func load(_ source: CatalogSource) throws(PaywallTextError) -> CatalogSet {
        switch source {
        case .embedded:
            return try embedded.get()
        case .directory(let path):
            let folder = PaywallCaches.catalogFolders.value(for: folderKey(path)) {
                do throws(PaywallTextError) {
                    return CatalogFolder.loaded(try CatalogSet(checking: readDirectory(path)))
                } catch {
                    return CatalogFolder.rejected(error)
                }
            }
            switch folder {
            case .loaded(let set): return set
            case .rejected(let error): throw error
            }
        }
    }

    /// Reads a folder's catalogs again. On success they replace the ones in use; on any
    /// error the catalogs in use stay (a folder that never loaded stays rejected, with the
    /// new reason) and the error names the file, key and reason.
    static func reload(_ source: CatalogSource) throws(PaywallTextError) {
        guard case .directory(let path) = source else {
            throw PaywallTextError(.invalidRequest, path: "catalogs", message:
                "the built-in catalogs are compiled into the library and cannot be reloaded; reload a .directory source")
        }
        let key = folderKey(path)
        do throws(PaywallTextError) {
            let set = try CatalogSet(checking: readDirectory(path))
            PaywallCaches.catalogFolders.set(.loaded(set), for: key)
            PaywallCaches.catalogGeneration.add(1, ordering: .releasing)
        } catch {
            if case .some(.loaded) = PaywallCaches.catalogFolders.value(for: key) {} else {
                PaywallCaches.catalogFolders.set(.rejected(error), for: key)
            }
            throw error
        }
    }

    /// One key per folder however it is spelled: absolute, with `.`, `..`, trailing
    /// slashes and symbolic links resolved (`dir`, `dir/` and `./dir` are one folder).
    static func folderKey(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static let embedded: Result<CatalogSet, PaywallTextError> = Result { () throws(PaywallTextError) in
        var catalogs: [Catalog] = []
        for (name, json) in EmbeddedCatalogs.files {
            catalogs.append(try Catalog(name: name, file: "Locales/\(name).json", json: Data(json.utf8)))
        }
        // The embedded catalogs were checked by the tests and `paywall-text lint` before
        // they were built in; only their presence is checked here.
        guard catalogs.contains(where: { $0.name == "en" }) else {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: "Locales/en.json"), message: "the English catalog is missing")
        }
        return CatalogSet(catalogs: catalogs)
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
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: path), message: "cannot read the catalog folder")
        }
        return names.map { fileName in
            let file = path.hasSuffix("/") ? path + fileName : path + "/" + fileName
            guard let data = FileManager.default.contents(atPath: file) else {
                return .failure(PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: file), message: "cannot read the file"))
            }
            return Result { () throws(PaywallTextError) in
                try Catalog(name: String(fileName.dropLast(".json".count)), file: file, json: data)
            }
        }
    }
}
