#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens
import PaywallTextSupport

/// The translators' review site: `index.html`, one page per catalog and one per copy
/// language, plain HTML readable from `file://` without JavaScript, and the style sheet and
/// script they all share (`review.css`, `review.js`; the script only shows the lines both
/// golden files have on both sides of their side-by-side view).
///
/// Every text on it is rendered by ``PaywallRenderer`` from the catalogs under review
/// (``ReviewSamples``, ``GoldenFile``); the same input gives the same bytes.
package enum ReviewSite {
    package struct Options: Sendable {
        /// The catalog folder under review; `nil` for the built-in catalogs.
        package var catalogDirectory: String?
        /// The folder of the recorded golden files; `nil` when there is none.
        package var goldensDirectory: String?
        /// The translators' notes (`Locales/NOTES.md`); `nil` when there are none.
        package var notesFile: String?
        /// Only the pages of the catalogs serving these locales; every page when empty.
        package var locales: [String]
        /// The folder the site is written to (created when missing).
        package var output: String
        /// A copy folder (``PaywallCopy``) to review beside the catalogs, a page per language; `nil` for none.
        package var copyDirectory: String?

        package init(catalogDirectory: String? = nil, goldensDirectory: String? = nil, notesFile: String? = nil,
                     locales: [String] = [], output: String, copyDirectory: String? = nil) {
            self.copyDirectory = copyDirectory
            self.catalogDirectory = catalogDirectory
            self.goldensDirectory = goldensDirectory
            self.notesFile = notesFile
            self.locales = locales
            self.output = output
        }
    }

    /// One page written.
    package struct Page: Sendable, Equatable {
        package let catalog: String
        package let path: String
        /// `21 keys, 0 errors, 2 warnings, golden en-AU: unchanged, en-GB: unchanged`.
        package let summary: String
    }

    package struct Written: Sendable {
        package let pages: [Page]
        package let index: String
        /// Catalogs asked for that have no page (their file could not be read).
        package let skipped: [String]
    }

    /// Writes the site.
    ///
    /// A catalog file that cannot be read, or one with errors, is shown as such on the
    /// index and its own page; every other page is still written and rendered.
    ///
    /// - Parameter progress: Called after each page is written.
    /// - Throws: ``ReviewError``: an unknown locale (usage), a catalog folder or notes file
    ///   that cannot be read (no input), an output folder that cannot be written.
    package static func write(_ options: Options, progress: (Page) -> Void = { _ in }) throws(ReviewError) -> Written {
        var notes = ReviewNotes()
        if let notesFile = options.notesFile {
            guard let data = FileManager.default.contents(atPath: notesFile) else {
                throw ReviewError(kind: .noInput, message: "cannot read the translators' notes \(notesFile)")
            }
            notes = ReviewNotes(markdown: String(decoding: data, as: UTF8.self))
        }
        let catalogs = try ReviewCatalogs(directory: options.catalogDirectory, notes: notes)

        // The pages asked for, each with the locales that asked for it (its samples' locale).
        var requested: [String: [String]] = [:]
        for locale in options.locales {
            requested[try catalogs.catalogName(for: locale), default: []].append(locale)
        }
        let selected = catalogs.entries.filter { options.locales.isEmpty || requested[$0.name] != nil }

        do {
            try FileManager.default.createDirectory(atPath: options.output, withIntermediateDirectories: true)
        } catch {
            throw ReviewError(kind: .output, message: "cannot create the output folder \(options.output): \(error)")
        }

        // What every page shares, written once.
        try write(ReviewHTML.css, to: join(options.output, ReviewHTML.styleSheetName))
        try write(ReviewHTML.script, to: join(options.output, ReviewHTML.scriptName))

        var pages: [Page] = []
        var written: [String: [ReviewGoldenComparison]] = [:]
        var skipped: [String] = []
        // Each page is made on its own (its golden files rendered, its samples, its HTML), all
        // at once on every core; they are written and reported in the catalogs' order.
        let localesOfPages = requested
        let pagesMade = selected.concurrentMap { entry -> (html: String, goldens: [ReviewGoldenComparison])? in
            guard entry.catalog != nil else { return nil }
            let goldens = entry.goldenLocales.map { golden(catalog: entry, locale: $0, catalogs: catalogs, goldensDirectory: options.goldensDirectory) }
            let page = ReviewPage(entry: entry, english: catalogs.english,
                                  samples: samples(for: entry, preferred: localesOfPages[entry.name] ?? [], catalogs: catalogs),
                                  goldens: goldens, sourceDescription: catalogs.sourceDescription)
            return (page.html(), goldens)
        }
        for (entry, made) in zip(selected, pagesMade) {
            guard let (html, goldens) = made else {
                if !options.locales.isEmpty { skipped.append(entry.name) }
                continue
            }
            let path = join(options.output, entry.pageName)
            try write(html, to: path)
            written[entry.name] = goldens
            let goldenSummary = goldens.isEmpty ? "no golden file" : "golden " + goldens.map { "\($0.locale): \($0.summary)" }.joined(separator: ", ")
            let result = Page(catalog: entry.name, path: path, summary: "\(MessageKey.allCases.count) keys, "
                              + "\(entry.errorCount) error\(entry.errorCount == 1 ? "" : "s"), "
                              + "\(entry.warningCount) warning\(entry.warningCount == 1 ? "" : "s"), \(goldenSummary)")
            pages.append(result)
            progress(result)
        }

        var copySection = ""
        if let copyDirectory = options.copyDirectory {
            let copy = try ReviewCopy(directory: copyDirectory)
            var writtenCopy: Set<String> = []
            for language in copy.languages where language.catalog != nil {
                let page = CopyReviewPage(language: language, review: copy, samples: copySamples(language, copy: copy, catalogs: catalogs))
                let path = join(options.output, language.pageName)
                try write(page.html(), to: path)
                writtenCopy.insert(language.name)
                let result = Page(catalog: "copy \(language.name)", path: path, summary: "\(copy.source?.messages.count ?? 0) keys, "
                                  + "\(language.errorCount) error\(language.errorCount == 1 ? "" : "s"), "
                                  + "\(language.warningCount) warning\(language.warningCount == 1 ? "" : "s")")
                pages.append(result)
                progress(result)
            }
            copySection = copy.indexSection(written: writtenCopy)
        }

        let index = ReviewIndex(catalogs: catalogs, written: written, goldensDirectory: options.goldensDirectory, notesFile: options.notesFile,
                                copySection: copySection)
        let indexPath = join(options.output, "index.html")
        try write(index.html(), to: indexPath)
        return Written(pages: pages, index: indexPath, skipped: skipped)
    }

    private static func samples(
        for entry: ReviewCatalogs.Entry, preferred: [String], catalogs: ReviewCatalogs
    ) -> Result<ReviewSamples, ReviewGoldenComparison.Reason> {
        guard entry.isRenderable, let source = catalogs.renderSource else {
            return .failure(.init(message: entry.errorCount > 0 ? "the catalog has errors (listed above); fix them and run the review again"
                                  : "nothing can be rendered without a valid en.json"))
        }
        guard let locale = catalogs.sampleLocale(of: entry, preferred: preferred) else {
            return .failure(.init(message: "no locale ICU knows is served by this catalog"))
        }
        do {
            return .success(try ReviewSamples(locale: locale, catalogs: source))
        } catch {
            return .failure(.init(message: error.description))
        }
    }

    /// The samples of a copy language, rendered in a locale its catalog serves (a golden
    /// file's, or its own name), or why there are none.
    private static func copySamples(
        _ language: ReviewCopy.Language, copy: ReviewCopy, catalogs: ReviewCatalogs
    ) -> Result<CopyReviewSamples, ReviewGoldenComparison.Reason> {
        guard let value = copy.copy else {
            return .failure(.init(message: "the copy folder has errors (listed above); fix them and run the review again"))
        }
        guard let source = catalogs.renderSource else { return .failure(.init(message: "the catalogs cannot be rendered")) }
        let candidates = GoldenLocales.all.filter { $0.catalog == language.name }.map(\.locale) + [language.name]
        let locale = candidates.first { (try? source.catalogName(for: $0)) == language.name } ?? language.name
        do {
            return .success(try CopyReviewSamples(copy: value, locale: locale, catalogs: source))
        } catch {
            return .failure(.init(message: error.description))
        }
    }

    /// A golden file as recorded beside the same file rendered now.
    private static func golden(
        catalog entry: ReviewCatalogs.Entry, locale: String, catalogs: ReviewCatalogs, goldensDirectory: String?
    ) -> ReviewGoldenComparison {
        let recordedName = join(goldensDirectory ?? "Goldens", "\(locale).txt")
        let recorded: Result<String, ReviewGoldenComparison.Reason>
        if goldensDirectory == nil {
            recorded = .failure(.init(message: "no golden folder (give --goldens DIR)"))
        } else if let data = FileManager.default.contents(atPath: recordedName) {
            recorded = .success(String(decoding: data, as: UTF8.self))
        } else {
            recorded = .failure(.init(message: "no file \(recordedName)"))
        }
        let now: Result<String, ReviewGoldenComparison.Reason>
        if entry.isRenderable, let source = catalogs.renderSource {
            do {
                now = .success(try GoldenFile.render(catalog: entry.name, locale: locale, catalogs: source))
            } catch {
                now = .failure(.init(message: error.description))
            }
        } else {
            now = .failure(.init(message: "the catalog has errors"))
        }
        return ReviewGoldenComparison(locale: locale, recordedName: recordedName, recorded: recorded, now: now)
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func write(_ html: String, to path: String) throws(ReviewError) {
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ReviewError(kind: .output, message: "cannot write \(path): \(error)")
        }
    }
}
