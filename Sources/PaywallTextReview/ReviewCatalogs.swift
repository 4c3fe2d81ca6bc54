#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens
import PaywallTextSupport

/// A problem the review site shows: from the linter, or a file that is not a catalog.
struct ReviewProblem: Sendable, Equatable {
    let isError: Bool
    /// The message key, or `nil` for the whole file.
    let key: String?
    let message: String

    /// `<li class="error">error: <code>key</code>: message</li>`, as a page lists it.
    var listItem: String {
        let kind = isError ? "error" : "warning"
        let key = key.map { "<code>\(ReviewHTML.escape($0))</code>: " } ?? ""
        return "<li class=\"\(kind)\">\(kind): \(key)\(ReviewHTML.escape(message))</li>"
    }
}

/// Why a review site cannot be written: a usage error (an unknown locale), input that
/// cannot be read (the catalog folder), or output that cannot be written.
package struct ReviewError: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable { case usage, noInput, output }
    package let kind: Kind
    package let message: String
    package var description: String { message }
}

/// The catalogs of a review site, each read and checked on its own so that one broken
/// file does not hide the others, and the source their samples are rendered from.
struct ReviewCatalogs {
    /// One catalog as the index lists it.
    struct Entry: Sendable {
        let name: String
        /// The file as it was read (`Locales/ru.json`), or as it would be named when missing.
        let file: String
        /// `nil` when the file is missing or is not a catalog.
        let catalog: Catalog?
        let problems: [ReviewProblem]
        /// Keys whose message is the English one, character for character.
        let identicalToEnglish: [MessageKey]
        /// The translators' open points (NOTES.md).
        let notes: [String]
        let isRightToLeft: Bool
        /// The locales of its golden files (`en-001`: `en-AU`, `en-GB`).
        let goldenLocales: [String]
        /// Whether its samples and golden files can be rendered now.
        let isRenderable: Bool

        /// The keys of ``identicalToEnglish`` the linter warns about (it accepts a message
        /// of arguments alone, and a regional English catalog's messages).
        var flaggedIdenticalToEnglish: [MessageKey] {
            identicalToEnglish.filter { key in
                problems.contains { !$0.isError && $0.key == key.rawValue && $0.message.hasPrefix("identical to English") }
            }
        }
        var errorCount: Int { problems.filter(\.isError).count }
        var warningCount: Int { problems.count - errorCount }
        /// The page's file name; a catalog named `index` does not replace the index.
        var pageName: String { name == "index" ? "index-catalog.html" : "\(name).html" }
    }

    /// English first (the source of every translation), then by name.
    let entries: [Entry]
    let english: Catalog?
    /// What the pages render with; `nil` when nothing can be rendered (no usable `en.json`).
    let renderSource: Catalogs?
    /// Whether ``renderSource`` holds every catalog that was read (then it decides which
    /// catalog serves a locale on its own).
    let rendersEverything: Bool
    /// `the built-in catalogs` or `the folder Locales`.
    let sourceDescription: String
    /// Problems with the source as a whole (the English catalog missing, the folder rejected).
    let generalProblems: [String]

    /// Reads and checks the catalogs of a folder, or the built-in ones when `directory` is `nil`.
    init(directory: String?, notes: ReviewNotes) throws(ReviewError) {
        // What `paywall-text lint` reports: every file as read, and each catalog's problems.
        let report: CatalogLintReport
        if let directory {
            do {
                report = try CatalogLintReport(directory: directory)
            } catch {
                throw ReviewError(kind: .noInput, message: "--catalogs: \(error)")
            }
            sourceDescription = "the folder \(directory)"
        } else {
            report = CatalogLintReport(catalogs: Catalogs.builtIn.all)
            sourceDescription = "the built-in catalogs"
        }
        let results = report.files
        let english = results.lazy.compactMap { try? $0.get() }.first { $0.name == "en" }
        self.english = english

        var general: [String] = []
        if english == nil {
            general.append("The English source catalog en.json is missing or unreadable: nothing can be rendered, and no message can be compared with English.")
        }

        // Each file on its own: lint, identical messages, notes.
        var byName: [String: (file: String, catalog: Catalog?, problems: [ReviewProblem])] = [:]
        for result in results {
            switch result {
            case .success(let catalog):
                let problems = report.problems.filter { $0.location.file == catalog.file }.map { problem in
                    ReviewProblem(isError: problem.isError, key: problem.location.key, message: problem.message)
                }
                byName[catalog.name] = (catalog.file, catalog, problems)
            case .failure(let error):
                let file = error.catalog?.file ?? directory ?? "?"
                let name = Self.catalogName(ofFile: file)
                byName[name] = (file, nil, [ReviewProblem(isError: true, key: error.catalog?.key, message: error.message)])
            }
        }
        for name in GoldenLocales.catalogs where byName[name] == nil {
            let file = directory.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + "\(name).json" } ?? "Locales/\(name).json"
            byName[name] = (file, nil, [ReviewProblem(
                isError: true, key: nil,
                message: "no \(name).json: its locales (\(Self.goldenLocales(of: name).joined(separator: ", "))) are served by another catalog")])
        }

        // What to render with: the source itself, or (a folder rejected for one catalog's
        // errors) the catalogs without errors, so that every other page is rendered.
        var renderSource: Catalogs?
        var rendersEverything = false
        var renderable: Set<String> = []
        let parsed = byName.values.compactMap(\.catalog)
        if let directory {
            do {
                renderSource = try Catalogs(directory: directory)
                rendersEverything = true
                renderable = Set(parsed.map(\.name))
            } catch {
                let clean = byName.values.filter { entry in entry.catalog != nil && !entry.problems.contains(where: \.isError) }
                if english != nil, clean.contains(where: { $0.catalog?.name == "en" }) {
                    do throws(PaywallTextError) {
                        renderSource = try Catalogs(checking: clean.compactMap(\.catalog))
                        renderable = Set(clean.compactMap { $0.catalog?.name })
                    } catch {
                        general.append("The catalogs without errors could not be rendered on their own either: \(error)")
                    }
                }
                general.append("The folder is rejected as a whole (\(error)): `render --catalogs`, `goldens --catalogs` and the server "
                               + "refuse it until this is fixed. These pages render the \(renderable.count) catalogs without errors, "
                               + "as if the others were absent.")
            }
        } else if english != nil {
            renderSource = .builtIn
            rendersEverything = true
            renderable = Set(parsed.map(\.name))
        }
        self.renderSource = renderSource
        self.rendersEverything = rendersEverything
        generalProblems = general

        var entries: [Entry] = []
        for name in byName.keys.sorted(by: Self.catalogOrder) {
            guard let item = byName[name] else { continue }
            var identical: [MessageKey] = []
            if let catalog = item.catalog, let english, name != "en" {
                identical = MessageKey.allCases.filter { key in
                    guard let message = catalog.messages[key.rawValue] else { return false }
                    return message == english.messages[key.rawValue]
                }
            }
            entries.append(Entry(
                name: name, file: item.file, catalog: item.catalog, problems: item.problems, identicalToEnglish: identical,
                notes: notes[name], isRightToLeft: (try? DisplayLocale(name))?.direction == .rightToLeft,
                goldenLocales: Self.goldenLocales(of: name), isRenderable: renderable.contains(name)))
        }
        self.entries = entries
    }

    /// English first, then by name.
    private static func catalogOrder(_ first: String, _ second: String) -> Bool {
        if first == "en" || second == "en" { return first == "en" && second != "en" }
        return first < second
    }

    /// A renderer of ``renderSource``.
    var renderer: PaywallRenderer? {
        renderSource.map { PaywallRenderer(catalogs: $0) }
    }

    /// The catalog whose page shows a locale: the one that serves it. When some catalogs
    /// cannot be rendered, a catalog named like the locale, or whose golden file is in the
    /// locale, comes first, so that `--locale ru-RU` still finds a broken `ru`.
    ///
    /// - Throws: ``ReviewError`` (usage) for a locale ICU has no data for.
    func catalogName(for locale: String) throws(ReviewError) -> String {
        let canonical: String
        do {
            canonical = try PaywallRenderer.canonicalLocale(locale)
        } catch {
            throw ReviewError(kind: .usage, message: "--locale \(locale): \(error.message)")
        }
        if !rendersEverything {
            let spellings = Set([locale.lowercased(), canonical.lowercased()])
            if let named = entries.first(where: { spellings.contains($0.name.lowercased()) }) { return named.name }
            if let golden = GoldenLocales.all.first(where: { spellings.contains($0.locale.lowercased()) }) { return golden.catalog }
        }
        guard let renderer else { return "en" }
        do {
            return try renderer.catalogName(for: locale)
        } catch {
            throw ReviewError(kind: .usage, message: "--locale \(locale): \(error.message)")
        }
    }

    /// The locale an entry's samples are rendered in: the first of `preferred`, its golden
    /// locales and its own name that the entry serves; `nil` when it cannot be rendered.
    func sampleLocale(of entry: Entry, preferred: [String]) -> String? {
        guard entry.isRenderable, let renderer else { return nil }
        for candidate in preferred + entry.goldenLocales + [entry.name] {
            if (try? renderer.catalogName(for: candidate)) == entry.name { return candidate }
        }
        return nil
    }

    private static func goldenLocales(of catalog: String) -> [String] {
        GoldenLocales.all.filter { $0.catalog == catalog }.map(\.locale)
    }

    /// `ru` for `Locales/ru.json`.
    private static func catalogName(ofFile file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        return last.hasSuffix(".json") ? String(last.dropLast(".json".count)) : last
    }
}
