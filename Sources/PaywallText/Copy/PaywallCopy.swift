#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Your own paywall messages (a **copy folder**), rendered over the values PaywallText
/// computes, with their grammar: a value the caller owns, like ``Catalogs``.
///
/// A copy folder holds one file per language, `<folder>/<catalog>.json`, in the catalogs'
/// format; `en.json` is the source, whose keys every language shows:
///
/// ```json
/// { "locale": "fr", "messages": {
///     "saveThisPeriod": {
///       "message": "Économisez {savings} sur {unit, select, year {cette année} month {ce mois-ci} week {cette semaine} other {cette période}}",
///       "note": "Badge on a plan with savings." } } }
/// ```
///
/// Messages are ICU MessageFormat over named arguments, listed in <doc:CopyFolders>: texts
/// such as `{price}` and `{offerDuration}`, numbers for `plural` such as `{count}`, and
/// keywords for `select` such as `{unit}`. Give the value to a renderer and each result
/// carries ``RenderedProduct/copy`` and ``RenderedOffer/copy``:
///
/// ```swift
/// let copy = try PaywallCopy(directory: "Paywall/Copy")
/// for warning in copy.warnings { print(warning) }   // keys missing in a language, …
/// let renderer = PaywallRenderer(copy: copy)
/// let text = try renderer.render(product, locale: "fr-FR")
/// text.copy?["saveThisPeriod"]
/// ```
///
/// Loading checks the folder as `paywall-text lint --copy` does: an error rejects it with a
/// ``PaywallTextError`` naming the file, the key and the reason; warnings are kept in
/// ``warnings``. A value never changes: to reload, load a new value and give it to the
/// renderers in place of the old one, which serves until then (a failed load leaves it in use).
///
/// The messages are compiled by ICU once per language and locale, on first use, and kept
/// with their outputs' templates beside the catalogs' messages, in the render contexts of the
/// process-wide pool (bounded; see <doc:Caches>), until a render with another copy value
/// takes their place.
public final class PaywallCopy: Sendable {
    /// A problem that does not stop a folder from being used: the file, the key and the reason.
    public struct Warning: Sendable, Hashable, CustomStringConvertible {
        /// The file and the key.
        public let location: CatalogLocation
        /// What is wrong and what readers get instead.
        public let message: String

        /// Creates a warning.
        public init(location: CatalogLocation, message: String) {
            self.location = location
            self.message = message
        }

        /// `Copy/fr.json: startTrial: warning: missing; …`.
        public var description: String { "\(location): warning: \(message)" }
    }

    /// The folder the messages were read from; `nil` for messages made in memory.
    public let directory: String?
    /// The problems found on loading that do not reject the folder: a key missing in a
    /// language (its readers get the source message whole, in the source language), a plural
    /// without a category the language needs, a key the source does not have.
    public let warnings: [Warning]
    /// The files' names (`en`, `fr`, `pt-BR`), the source `en` first, then the others sorted.
    public let languages: [String]
    /// The source's keys, sorted: the keys every result's copy may have.
    public let keys: [String]

    /// Tells this value apart from every other, for the result cache (never reused).
    let id: UInt64
    /// Every message of every file.
    let messages: [CopyMessage]
    /// Message positions by file name and key.
    private let positions: [String: [String: Int]]
    private let filesByName: [String: Catalog]
    /// Which message serves each key, per catalog name (a catalogs value has a few dozen
    /// names; the table is emptied if it ever holds ``maximumPlans``).
    private let plans = Locked<[String: CopyPlan]>([:])
    private static let maximumPlans = 256

    private static let nextID = Atomic<UInt64>(0)

    /// Reads and checks a copy folder: every `*.json` file is a language named by its file
    /// name (`fr.json`, `pt-BR.json`), and `en.json`, the source, must be there.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/invalidCatalog`` naming
    ///   the file, the key and the reason: a folder or file that cannot be read, or a message
    ///   `paywall-text lint --copy` rejects.
    public convenience init(directory: String) throws(PaywallTextError) {
        try self.init(checking: PaywallCopy.readEachFile(directory).map { result throws(PaywallTextError) in try result.get() },
                      directory: directory)
    }

    /// Messages made in memory, checked as a folder's are.
    ///
    /// - Throws: ``PaywallTextError`` for the first error the checks find.
    init(checking files: [Catalog], directory: String? = nil) throws(PaywallTextError) {
        let (problems, arguments) = CopyLinter.lintWithArguments(files)
        if let error = problems.first(where: \.isError) {
            throw PaywallTextError(.invalidCatalog, catalog: error.location, message: error.message)
        }
        self.directory = directory
        warnings = problems.map { Warning(location: $0.location, message: $0.message) }
        id = PaywallCopy.nextID.add(1, ordering: .relaxed).newValue
        filesByName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        languages = filesByName.keys.sorted { ($0 == CopyLinter.source ? 0 : 1, $0) < ($1 == CopyLinter.source ? 0 : 1, $1) }
        keys = (filesByName[CopyLinter.source]?.messages.keys).map { $0.sorted() } ?? []
        var messages: [CopyMessage] = []
        var positions: [String: [String: Int]] = [:]
        for name in languages {
            let file = filesByName[name]!
            for key in file.messages.keys.sorted() {
                positions[name, default: [:]][key] = messages.count
                // The cases a key applies to are the source's, in every language.
                messages.append(CopyMessage(index: messages.count, file: file.file, language: name, key: key,
                                            pattern: file.messages[key]!, uses: arguments[name]?[key] ?? CopyArgumentSet(),
                                            conditions: CopyCondition.conditions(filesByName[CopyLinter.source]?.conditions[key])))
            }
        }
        self.messages = messages
        self.positions = positions
    }

    /// The messages each key shows in the sentences of a catalog: the catalog's language's
    /// file, else the source (``CopyPlan``).
    func plan(forCatalog catalog: String) -> CopyPlan {
        if let plan = plans.value[catalog] { return plan }
        let sameLanguage = CopyLinter.languageFiles(for: catalog, among: filesByName)
        let sourceLanguage = ICU.Locale.language(ICU.Locale.canonicalID(catalog) ?? catalog) == ICU.Locale.language(CopyLinter.source)
        let entries = keys.map { key -> CopyPlan.Entry in
            if let file = sameLanguage.first(where: { $0.messages[key] != nil }), let position = positions[file.name]?[key] {
                return CopyPlan.Entry(message: messages[position], inSourceLanguage: false)
            }
            return CopyPlan.Entry(message: messages[positions[CopyLinter.source]![key]!], inSourceLanguage: !sourceLanguage)
        }
        let plan = CopyPlan(catalog: catalog, file: sameLanguage.first?.name, entries: entries)
        plans.update { plans in
            if plans.count >= PaywallCopy.maximumPlans { plans.removeAll() }
            plans[catalog] = plan
        }
        return plan
    }

    /// The names of the arguments a key's message uses in one file; `nil` when the file lacks it.
    package func argumentNames(_ key: String, language: String) -> Set<String>? {
        guard let position = positions[language]?[key] else { return nil }
        let uses = messages[position].uses
        return Set(CopyArgument.allCases.filter(uses.contains).map(\.rawValue))
    }

    /// Reads every `*.json` of a folder as a copy file, one result per file, sorted by name.
    static func readEachFile(_ path: String) throws(PaywallTextError) -> [Result<Catalog, PaywallTextError>] {
        do {
            return try Catalogs.readEachFile(path, kind: "copy file")
        } catch {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: path), message: "cannot read the copy folder")
        }
    }
}

/// Which message shows each key of a copy folder in the sentences of one catalog.
struct CopyPlan: Sendable {
    struct Entry: Sendable {
        let message: CopyMessage
        /// Whether the message is the source's shown to readers of another language (the
        /// language's file lacks it): its arguments are then formatted in the source language,
        /// as a catalog that falls back to English formats its sentences.
        let inSourceLanguage: Bool
    }

    /// The catalog (`fr`, `pt-PT`).
    let catalog: String
    /// The most specific file of the catalog's language; `nil` when the folder has none.
    let file: String?
    /// One per key of the source, in order.
    let entries: [Entry]

    /// Whether some message is shown in the source language to readers of another.
    let needsSourceLanguage: Bool
    /// The warnings every product's copy in this catalog's sentences has: the keys shown in
    /// the source language, or the language without a file.
    let languageWarnings: [ProductWarning]

    init(catalog: String, file: String?, entries: [Entry]) {
        self.catalog = catalog
        self.file = file
        self.entries = entries
        needsSourceLanguage = entries.contains(where: \.inSourceLanguage)
        if let file {
            languageWarnings = entries.filter(\.inSourceLanguage).map { entry in
                ProductWarning(path: "copy.\(entry.message.key)", message:
                    "not in \(file).json; the source message (\(CopyLinter.source).json) is shown, in English")
            }
        } else {
            languageWarnings = [ProductWarning(path: "copy", message:
                "no copy file for the catalog \(catalog); every message is the source's (\(CopyLinter.source).json), in English")]
        }
    }
}
