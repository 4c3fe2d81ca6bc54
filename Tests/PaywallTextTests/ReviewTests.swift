import Foundation
@testable import PaywallText
@testable import PaywallTextReview
@testable import PaywallTextSupport
@testable import PaywallTextGoldens
import Testing

/// The translators' review site (`paywall-text review`): its pages, its samples, its diffs.
@Suite("Review site")
struct ReviewTests {
    private static func page(_ name: String, in folder: String) throws -> String {
        try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    /// A site of an edited copy of `Locales/`, limited to a few locales.
    private static func site(locales: [String], _ change: (URL) throws -> Void) throws -> (folder: TemporaryFolder, written: ReviewSite.Written) {
        let catalogs = try TemporaryFolder.locales(change)
        let output = try TemporaryFolder("review")
        let written = try ReviewSite.write(ReviewSite.Options(
            catalogDirectory: catalogs.path, goldensDirectory: packageRoot.appendingPathComponent("Goldens").path,
            notesFile: catalogs.appendingPathComponent("NOTES.md").path, locales: locales, output: output.path))
        return (output, written)
    }

    // MARK: - The built-in catalogs

    /// The site of the built-in catalogs, written once and checked by the functions below.
    @Test func builtInCatalogs() throws {
        let folder = try TemporaryFolder("review")
        let written = try ReviewSite.write(ReviewSite.Options(
            goldensDirectory: packageRoot.appendingPathComponent("Goldens").path,
            notesFile: packageRoot.appendingPathComponent("Locales/NOTES.md").path,
            output: folder.path))
        try everyKeyOfEveryCatalogIsOnItsPage(folder, written)
        try pagesShowTheShippedRendering(folder)
        try rightToLeftPagesMarkTheirText(folder)
        try everyPageLinksTheSharedStyleSheet(folder)
        try theWholeGoldenFileWritesEachSharedLineOnce(folder)
        try everyPageNamesItsKeysInItsOwnHTML(folder)
        try everyPageNamesTheFontsItNeeds(folder)
    }

    private func everyKeyOfEveryCatalogIsOnItsPage(_ folder: TemporaryFolder, _ written: ReviewSite.Written) throws {
        let names = Catalogs.builtIn.names.sorted()
        #expect(Set(GoldenLocales.catalogs).isSubset(of: Set(names)))
        #expect(written.pages.map(\.catalog).sorted() == names)
        let index = try Self.page("index.html", in: folder.path)
        for name in names {
            let page = try Self.page("\(name).html", in: folder.path)
            #expect(page.contains("<html lang=\"\(name)\">"), "\(name)")
            for key in MessageKey.allCases {
                #expect(page.contains("<section class=\"key\" id=\"\(key.rawValue)\" data-key=\"\(key.rawValue)\">"), "\(name): \(key.rawValue)")
            }
            #expect(index.contains("<a href=\"\(name).html\" data-page=\"\(name)\">\(name)</a>"), "index links \(name)")
        }
        for key in MessageKey.allCases {
            #expect(index.contains("<li data-key=\"\(key.rawValue)\">"))
        }
        // The index names the fonts the pages need.
        #expect(index.contains("<code>apt-get install fonts-noto-core</code>"))
    }

    /// The style and the script are files beside the pages, linked by each, never copied into one.
    private func everyPageLinksTheSharedStyleSheet(_ folder: TemporaryFolder) throws {
        let sheet = try Self.page(ReviewHTML.styleSheetName, in: folder.path)
        #expect(sheet == ReviewHTML.css)
        #expect(sheet.contains(".toolbar"))
        let script = try Self.page(ReviewHTML.scriptName, in: folder.path)
        #expect(script == ReviewHTML.script)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }
        #expect(pages.count == Catalogs.builtIn.names.count + 1)
        for name in pages {
            let page = try Self.page(name, in: folder.path)
            #expect(page.contains("<link rel=\"stylesheet\" href=\"review.css\">"), "\(name)")
            #expect(page.contains("<script src=\"review.js\" defer></script>"), "\(name)")
            #expect(!page.contains("<style"), "\(name)")
            #expect(page.components(separatedBy: "<script").count == 2, "\(name): one script, the shared one")
        }
    }

    /// The whole golden file side by side: a line both files have is written once (the
    /// script shows it on both sides), and the style sheet numbers the lines.
    private func theWholeGoldenFileWritesEachSharedLineOnce(_ folder: TemporaryFolder) throws {
        let russian = try Self.page("ru.html", in: folder.path)
        let recorded = try String(contentsOf: packageRoot.appendingPathComponent("Goldens/ru-RU.txt"), encoding: .utf8)
        let line = "day · 2 → 2 дня [few]"
        #expect(recorded.contains("\n\(line)\n"))
        #expect(russian.contains("<tr>\n<td>\(line)<tr>"))
        #expect(russian.components(separatedBy: line).count - 1 == 1)
        #expect(!russian.contains("<td class=\"ln\">"), "an unchanged file has no changes table")
        #expect(ReviewHTML.css.contains("content: counter(ln-old);") && ReviewHTML.css.contains("content: counter(ln-new);"))
    }

    /// Each page names every key it reviews as text of its own HTML, in its section's
    /// heading and in the list of links at the top: not only in attributes, and never from
    /// the shared files or the script.
    private func everyPageNamesItsKeysInItsOwnHTML(_ folder: TemporaryFolder) throws {
        let catalogs = try ReviewCatalogs(directory: nil, notes: ReviewNotes())
        #expect(catalogs.entries.count == Catalogs.builtIn.names.count)
        for entry in catalogs.entries {
            let page = try Self.page(entry.pageName, in: folder.path)
            let keys = Set(MessageKey.allCases.map(\.rawValue)).union(entry.catalog.map { Array($0.messages.keys) } ?? [])
            #expect(keys.count == MessageKey.allCases.count, "\(entry.name): a key no message has")
            for key in keys {
                #expect(page.contains("<h2 lang=\"en\"><code>\(key)</code>"), "\(entry.name): heading of \(key)")
                #expect(page.contains("<a href=\"#\(key)\">\(key)</a>"), "\(entry.name): link to \(key)")
            }
        }
        for shared in [ReviewHTML.css, ReviewHTML.script] {
            #expect(!shared.contains("recurringPrice"))
        }
    }

    /// Each page names the fonts its scripts need; Chinese, Japanese and Korean need more
    /// than fonts-noto-core.
    private func everyPageNamesTheFontsItNeeds(_ folder: TemporaryFolder) throws {
        for name in Catalogs.builtIn.names {
            let page = try Self.page("\(name).html", in: folder.path)
            #expect(page.contains("<li id=\"fonts\">This page names no web font"), "\(name)")
            #expect(page.contains("<code>apt-get install fonts-noto-core</code>"), "\(name)")
            let cjk = ["ja", "ko", "zh"].contains(name.split(separator: "-").first.map(String.init) ?? "")
            #expect(page.contains("<code>apt-get install fonts-noto-cjk</code>") == cjk, "\(name)")
        }
        let index = try Self.page("index.html", in: folder.path)
        #expect(index.contains("Chinese, Japanese and Korean need <code>apt-get install fonts-noto-cjk</code> too"))
    }

    private func pagesShowTheShippedRendering(_ folder: TemporaryFolder) throws {
        let russian = try Self.page("ru.html", in: folder.path)
        // The message, its samples for each category (labelled) and the marked form.
        // The table is English (lang="en"), each text cell Russian, the marked form in the cell's language.
        #expect(russian.contains("<table class=\"samples\" lang=\"en\">"))
        #expect(russian.contains("<th>month · 1 [one]<span class=\"input\">9.99 USD/1 month</span>"
                                 + "<td lang=\"ru\"><div class=\"text\">9,99\u{00A0}$ в месяц</div>"
                                 + "<div class=\"marked\">9,99[U+00A0]$ в месяц</div>\n"))
        #expect(russian.contains("<tr><th>week · 5 [many]<span class=\"input\">14.95 USD/5 weeks</span>"))
        #expect(russian.contains("14,95\u{00A0}$ каждые 5 недель"))
        // English source and note beside the translation.
        #expect(russian.contains("A price with its billing period: &#39;$9.99/month&#39;"))
        #expect(russian.contains("Golden file <a href=\"#golden-ru-RU\"><code>"))
        let english = try Self.page("en-001.html", in: folder.path)
        #expect(english.contains("id=\"golden-en-AU\"") && english.contains("id=\"golden-en-GB\""))
        let index = try Self.page("index.html", in: folder.path)
        // Open points of a row naming several catalogs reach each of them.
        let kannada = try #require(index.range(of: "id=\"catalog-kn\"")).lowerBound
        #expect(index[kannada...].prefix(4000).contains("Google Play&#39;s name for &quot;Payments &amp; subscriptions&quot;"))
    }

    private func rightToLeftPagesMarkTheirText(_ folder: TemporaryFolder) throws {
        for name in ["ar", "he", "ur"] {
            let page = try Self.page("\(name).html", in: folder.path)
            #expect(page.contains("<html lang=\"\(name)\">"))
            #expect(page.contains("<td lang=\"\(name)\" dir=\"rtl\"><div class=\"text\">"), "\(name)")
            #expect(page.contains("<input type=\"checkbox\" id=\"show-display\" class=\"toggle\">"))
        }
        let arabic = try Self.page("ar.html", in: folder.path)
        // How the paragraph displays: the currency whole, left of the number.
        #expect(arabic.contains("<div class=\"display\" dir=\"ltr\">⟦US$⟧\u{200E} ⟦٩٫٩٩⟧\u{200E} ⟦شهريًا⟧\u{200E}</div>")
                || arabic.contains("⟦US$⟧\u{200E} ⟦٩٫٩٩⟧\u{200E}"))
        let russian = try Self.page("ru.html", in: folder.path)
        #expect(!russian.contains("dir=\"rtl\""))
        let index = try Self.page("index.html", in: folder.path)
        #expect(index.contains("data-catalog=\"ar\" data-dir=\"rtl\""))
        #expect(index.contains("data-catalog=\"ru\" data-dir=\"ltr\""))
    }

    // MARK: - Edited catalogs

    @Test func everyTextIsEscaped() throws {
        let (folder, _) = try Self.site(locales: ["ru-RU"]) { locales in
            try setMessage("freeTrial.headline", to: "{duration} <b>бесплатно</b> & \"ещё\"", in: locales.appendingPathComponent("ru.json"))
            try "| catalog | open point |\n|---|---|\n| ru | <script>alert(1)</script> & `<i>` |\n"
                .write(to: locales.appendingPathComponent("NOTES.md"), atomically: true, encoding: .utf8)
        }
        let page = try Self.page("ru.html", in: folder.path)
        #expect(page.contains("{duration} &lt;b&gt;бесплатно&lt;/b&gt; &amp; &quot;ещё&quot;"))
        #expect(page.contains("1 день &lt;b&gt;бесплатно&lt;/b&gt; &amp; &quot;ещё&quot;"))
        #expect(!page.contains("<b>"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; <code>&lt;i&gt;</code>"))
        #expect(!page.contains("<script>"))
        let index = try Self.page("index.html", in: folder.path)
        #expect(index.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!index.contains("<script>"))
    }

    @Test func aChangedCatalogShowsTheChangedGoldenLines() throws {
        let (folder, written) = try Self.site(locales: ["ru-RU"]) { locales in
            try setMessage("savings.headline", to: "Выгода {percent}", in: locales.appendingPathComponent("ru.json"))
        }
        #expect(written.pages.map(\.catalog) == ["ru"])
        let page = try Self.page("ru.html", in: folder.path)
        // Two paywalls have one saving plan, one has two, the monthly tiers four, the paywall
        // with commitments three: eleven badges; and the annual plan's headline spoken and in
        // parts: thirteen lines.
        #expect(page.contains("<p class=\"summary warning\" lang=\"en\">13 lines changed since recorded</p>"))
        #expect(page.contains("<tr class=\"changed\">"))
        #expect(page.contains("<tr class=\"changed\"><td class=\"ln\">965</td><td class=\"old\">  53.99 USD/1 year badge → Экономия 35\u{00A0}%"
                              + "  ⟨Экономия 35[U+00A0]%⟩</td><td class=\"ln\">965</td><td class=\"new\">  53.99 USD/1 year badge → Выгода 35\u{00A0}%"
                              + "  ⟨Выгода 35[U+00A0]%⟩</td></tr>"))
        // The samples show the edit too.
        #expect(page.contains("<div class=\"text\">Выгода 35\u{00A0}%</div>"))
        let index = try Self.page("index.html", in: folder.path)
        #expect(index.contains("ru-RU</a>: 13 lines changed since recorded"))
        // Pages not asked for are listed but not written.
        #expect(index.contains("page not written this run (--locale)"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/de.html"))
    }

    @Test func aBrokenCatalogIsReportedAndTheOtherPagesAreWritten() throws {
        let (folder, written) = try Self.site(locales: ["ru-RU", "de-DE", "ja-JP", "ar-SA"]) { locales in
            try Data(#"{"locale": "de", "messages": {"price.free": "#.utf8).write(to: locales.appendingPathComponent("de.json"))
            try setMessage("recurringPrice", to: "{price} {typo}", in: locales.appendingPathComponent("ja.json"))
        }
        #expect(written.pages.map(\.catalog) == ["ar", "ja", "ru"])
        #expect(written.skipped == ["de"])
        let index = try Self.page("index.html", in: folder.path)
        let german = try #require(index.range(of: "id=\"catalog-de\"")).lowerBound
        let row = index[german...].prefix(while: { $0 != "\n" })
        #expect(row.contains("data-status=\"error\""))
        #expect(row.contains("not a catalog"))
        #expect(row.contains("no page: see the error"))
        #expect(index.contains("The folder is rejected as a whole"))
        // The other catalogs are rendered as usual…
        let russian = try Self.page("ru.html", in: folder.path)
        #expect(russian.contains("9,99\u{00A0}$ в месяц"))
        #expect(russian.contains("unchanged"))
        // …and the one with an error says so, beside its message.
        let japanese = try Self.page("ja.html", in: folder.path)
        #expect(japanese.contains("unknown argument {typo}"))
        #expect(japanese.contains("Not rendered: the catalog has errors"))
        #expect(japanese.contains("not rendered now: the catalog has errors"))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let first = try TemporaryFolder("review"), second = try TemporaryFolder("review")
        for folder in [first, second] {
            _ = try ReviewSite.write(ReviewSite.Options(
                goldensDirectory: packageRoot.appendingPathComponent("Goldens").path,
                notesFile: packageRoot.appendingPathComponent("Locales/NOTES.md").path,
                locales: ["ar-SA", "en-GB"], output: folder.path))
        }
        for name in ["index.html", "ar.html", "en-001.html"] {
            #expect(try Self.page(name, in: first.path) == Self.page(name, in: second.path), "\(name)")
        }
    }

    /// The copy pages: each names every key of the copy folder as text of its own HTML,
    /// links the shared style sheet, and names its fonts.
    @Test func copyPagesNameTheirKeysAndShareTheStyleSheet() throws {
        let copyFolder = packageRoot.appendingPathComponent("Examples/Copy").path
        let output = try TemporaryFolder("review")
        let written = try ReviewSite.write(ReviewSite.Options(locales: ["ja-JP"], output: output.path, copyDirectory: copyFolder))
        let keys = try PaywallCopy(directory: copyFolder).keys
        #expect(!keys.isEmpty)
        let pages = written.pages.filter { $0.catalog.hasPrefix("copy ") }
        #expect(pages.count == 7)
        for written in pages {
            let name = URL(fileURLWithPath: written.path).lastPathComponent
            let page = try Self.page(name, in: output.path)
            for key in keys {
                #expect(page.contains("<h2 lang=\"en\"><code>\(key)</code>"), "\(name): heading of \(key)")
                #expect(page.contains("<a href=\"#\(key)\">\(key)</a>"), "\(name): link to \(key)")
            }
            #expect(page.contains("<link rel=\"stylesheet\" href=\"review.css\">"), "\(name)")
            #expect(!page.contains("<style"), "\(name)")
            #expect(page.contains("<li id=\"fonts\">"), "\(name)")
            #expect(page.contains("fonts-noto-cjk") == (name == "copy-ja.html"), "\(name)")
        }
        #expect(try Self.page(ReviewHTML.styleSheetName, in: output.path) == ReviewHTML.css)
    }

    // MARK: - Samples

    @Test func samplesReachEveryPluralCategoryAProductCanHave() throws {
        let russian = try ReviewSamples(locale: "ru-RU")
        #expect(russian.counts.map(\.category) == ["one", "few", "many"])
        #expect(russian.counts.map(\.count) == [1, 2, 5])
        let arabic = try ReviewSamples(locale: "ar-SA")
        #expect(arabic.counts.map(\.count) == [1, 2, 3, 11, 100])
        #expect(arabic.categories.last == ReviewSamples.Count(category: "zero", count: nil, smallest: 0))
        // French "one" starts at 0, which no product has; "many" (1,000,000) is beyond the limit.
        let french = try ReviewSamples(locale: "fr-FR")
        #expect(french.counts.map(\.category) == ["one", "other"])
        #expect(french.counts.map(\.count) == [1, 2])
        #expect(french.categories.contains { $0.category == "many" && $0.count == nil })
    }

    @Test func samplesGoThroughTheRendererWithRealisticPrices() throws {
        let english = try ReviewSamples(locale: "en-US")
        let recurring = try english.samples(for: .recurringPrice)
        #expect(recurring.count == 8)
        let first = try #require(recurring.first)
        #expect(first.label == "day · 1 [one]" && first.input == "0.99 USD/1 day")
        #expect(first.unit == .day && first.count == 1 && first.category == "one" && first.text == "$0.99/day")
        #expect(recurring.map(\.text).contains("$119.98 every 2 years"))
        let billed = try english.samples(for: .billedPrice)
        #expect(billed.map(\.text).contains("$2.29/week, billed monthly at $9.99"))
        // Without normalization: 2 weeks stay weeks, as 7 days stay days in the golden files.
        let trial = try english.samples(for: .freeTrialSummary)
        #expect(trial.map(\.text).contains("Free for 2 weeks, then $9.99/month"))
        let hints = try english.samples(for: .termsWithHint)
        #expect(hints.count == 4)
        #expect(hints[0].text == "Renews automatically at $9.99/month until canceled. "
                + "You can manage or cancel the subscription in your App Store account settings.")
        for key in MessageKey.allCases {
            let samples = try english.samples(for: key)
            #expect(!samples.isEmpty, "\(key.rawValue)")
            #expect(samples.allSatisfy { !$0.text.isEmpty }, "\(key.rawValue)")
        }
    }

    // MARK: - Pieces

    @Test func notesTableNamesOneOrSeveralCatalogs() {
        let notes = ReviewNotes(markdown: """
            # Notes

            | catalog | open point |
            |---|---|
            | ar | a point with `code` |
            | gu, kn, ml | shared point |
            | es, es-419 | a \\| pipe |

            | other | table |
            |---|---|
            | ru | not a catalog table |
            """)
        #expect(notes["ar"] == ["a point with `code`"])
        #expect(notes["kn"] == ["shared point"] && notes["gu"] == ["shared point"] && notes["ml"] == ["shared point"])
        #expect(notes["es-419"] == ["a | pipe"])
        #expect(notes["ru"].isEmpty)
    }

    @Test func lineEditsMatchTheUnifiedDiff() {
        let old = "a\nb\nc\nd\n", new = "a\nB\nc\nd\ne\n"
        #expect(LineDiff.edits(expected: old, actual: new) == [.same("a"), .removed("b"), .added("B"), .same("c"), .same("d"), .added("e")])
        #expect(LineDiff.edits(expected: old, actual: old) == [.same("a"), .same("b"), .same("c"), .same("d")])
    }

    // MARK: - The command

    @Test func commandWritesPagesAndNamesThem() throws {
        let output = try TemporaryFolder("review")
        let result = try runTool(["review", "--locale", "en-GB", "--output", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == [
            // Every message key is on the page (en-001 has every key).
            "wrote \(output.path)/en-001.html: \(MessageKey.allCases.count) keys, 0 errors, 0 warnings, golden en-AU: unchanged, en-GB: unchanged",
            "index \(output.path)/index.html",
        ])
        #expect(FileManager.default.fileExists(atPath: output.path + "/index.html"))
    }

    @Test func unknownLocaleIsAUsageError() throws {
        let output = try TemporaryFolder("review")
        let result = try runTool(["review", "--locale", "xx-QQ", "--output", output.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--locale xx-QQ"))
        #expect(!FileManager.default.fileExists(atPath: output.path + "/index.html"))
    }
}
