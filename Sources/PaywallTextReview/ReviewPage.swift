import PaywallText
import PaywallTextGoldens
import PaywallTextSupport

/// One catalog's review page, `<catalog>.html`: every message beside its English source
/// and note, rendered for every plural category and unit, and the catalog's golden files
/// as recorded beside the same files rendered now.
///
/// The page's language is the catalog's; the English parts carry `lang="en"`. In a
/// right-to-left language every element of the catalog's text has `dir="rtl"` and `lang`.
struct ReviewPage {
    let entry: ReviewCatalogs.Entry
    let english: Catalog?
    /// The samples, or why there are none (a catalog with errors).
    let samples: Result<ReviewSamples, ReviewGoldenComparison.Reason>
    let goldens: [ReviewGoldenComparison]
    /// `the built-in catalogs`, `the folder Locales`.
    let sourceDescription: String

    private var lang: String { entry.name }
    /// `lang` and, right to left, `dir` of the catalog's text.
    private var target: String {
        " lang=\"\(ReviewHTML.escape(lang))\"" + (entry.isRightToLeft ? " dir=\"rtl\"" : "")
    }

    /// `lang` of a message's ICU MessageFormat source, shown left to right as the JSON file
    /// shows it in an editor: in a right-to-left paragraph, the bidi algorithm would reorder
    /// its braces and argument names around the words and make the syntax unreadable.
    private var source: String {
        " lang=\"\(ReviewHTML.escape(lang))\"" + (entry.isRightToLeft ? " dir=\"ltr\"" : "")
    }

    func html() -> String {
        var body = "<body>\n"
        body += "<input type=\"checkbox\" id=\"show-marked\" class=\"toggle\">\n"
        if entry.isRightToLeft { body += "<input type=\"checkbox\" id=\"show-display\" class=\"toggle\">\n" }
        body += "<div class=\"toolbar\" lang=\"en\"><a href=\"index.html\">← All catalogs</a>"
        body += "<strong>\(ReviewHTML.escape(entry.name))</strong>"
        body += "<label for=\"show-marked\">Show invisible characters ([U+00A0]…)</label>"
        if entry.isRightToLeft { body += "<label for=\"show-display\">Show how a right-to-left paragraph displays each text</label>" }
        if !goldens.isEmpty { body += "<a href=\"#goldens\">Golden files</a>" }
        body += "</div>\n<main>\n"
        body += header()
        for key in MessageKey.allCases {
            body += section(key)
        }
        body += "<div id=\"goldens\">\n"
        if goldens.isEmpty {
            body += "<section class=\"golden\"><h2 lang=\"en\">Golden file</h2><p class=\"muted\" lang=\"en\">No golden file: "
                + "\(ReviewHTML.escape(entry.name)) is not the catalog of an App Store localization in GoldenLocales.</p></section>\n"
        }
        for golden in goldens {
            body += golden.html(nowName: "rendered with \(sourceDescription)")
        }
        body += "</div>\n</main>\n</body>"
        return ReviewHTML.document(lang: lang, title: "\(entry.name) · PaywallText review", body: body)
    }

    // MARK: - Header

    private func header() -> String {
        var html = "<header class=\"status-block\" lang=\"en\">\n"
        html += "<h1><span\(target)>\(ReviewHTML.escape(entry.name))</span> <span class=\"muted mono\">\(ReviewHTML.escape(entry.file))</span></h1>\n"
        html += "<ul class=\"status\">\n"
        html += "<li>Direction: \(entry.isRightToLeft ? "right to left (rtl)" : "left to right (ltr)")</li>\n"
        html += "<li id=\"fonts\">\(ReviewHTML.fonts(for: entry.name))</li>\n"
        switch samples {
        case .success(let samples):
            let categories = samples.categories.map { category in
                category.count.map { "\(category.category) (\($0))" }
                    ?? "\(category.category) (no product count: its smallest integer is \(category.smallest))"
            }
            html += "<li>Samples rendered in <code>\(ReviewHTML.escape(samples.locale))</code> with \(ReviewHTML.escape(sourceDescription))"
                + " (ICU \(ReviewHTML.escape(PaywallRenderer.icuVersion)), CLDR \(ReviewHTML.escape(PaywallRenderer.cldrVersion))),"
                + " normalization off where the golden files turn it off (7 days stay days)</li>\n"
            html += "<li>Plural categories of integers, with the count each sample uses: \(ReviewHTML.escape(categories.joined(separator: ", ")))</li>\n"
        case .failure(let reason):
            html += "<li class=\"error\">No samples: \(ReviewHTML.escape(reason.message))</li>\n"
        }
        let errors = entry.errorCount, warnings = entry.warningCount
        html += "<li class=\"\(errors > 0 ? "error" : warnings > 0 ? "warning" : "ok")\">Lint: \(errors) error\(errors == 1 ? "" : "s"), "
            + "\(warnings) warning\(warnings == 1 ? "" : "s")</li>\n"
        let fileProblems = entry.problems.filter { $0.key == nil || MessageKey(rawValue: $0.key ?? "") == nil }
        if !fileProblems.isEmpty {
            html += "<li><ul class=\"problems\">" + fileProblems.map(\.listItem).joined() + "</ul></li>\n"
        }
        if entry.name != "en" {
            let identical = entry.identicalToEnglish, flagged = entry.flaggedIdenticalToEnglish
            let links = identical.map { "<a href=\"#\(ReviewHTML.escape($0.rawValue))\">\(ReviewHTML.escape($0.rawValue))</a>" }
            html += "<li class=\"\(identical.isEmpty ? "ok" : flagged.isEmpty ? "muted" : "warning")\">Identical to English: \(identical.count)"
                + (identical.isEmpty ? "" : " (" + links.joined(separator: ", ") + ")")
                + (flagged.count < identical.count ? "; the linter accepts \(identical.count - flagged.count) (no words to translate, or a regional English catalog)" : "")
                + "</li>\n"
        }
        if entry.notes.isEmpty {
            html += "<li>Translators' open points (NOTES.md): none</li>\n"
        } else {
            html += "<li>Translators' open points (NOTES.md):<ul>" + entry.notes.map { "<li>\(ReviewHTML.escapeWithCode($0))</li>" }.joined() + "</ul></li>\n"
        }
        for golden in goldens {
            html += "<li>Golden file <a href=\"#golden-\(ReviewHTML.escape(golden.locale))\"><code>\(ReviewHTML.escape(golden.recordedName))</code></a>: "
                + "\(ReviewHTML.escape(golden.summary))</li>\n"
        }
        html += "</ul>\n<nav><ul class=\"keys\">\n"
        for key in MessageKey.allCases {
            html += "<li><a href=\"#\(ReviewHTML.escape(key.rawValue))\">\(ReviewHTML.escape(key.rawValue))</a>\(flags(key))</li>\n"
        }
        return html + "</ul></nav>\n</header>\n"
    }

    /// Badges after a key: its errors, warnings, and whether it is the English message.
    private func flags(_ key: MessageKey) -> String {
        let problems = entry.problems.filter { $0.key == key.rawValue }
        var html = ""
        let errors = problems.filter(\.isError).count
        if errors > 0 { html += " <span class=\"flag error\">\(errors) error\(errors == 1 ? "" : "s")</span>" }
        if entry.identicalToEnglish.contains(key) { html += " <span class=\"flag warning\">identical to English</span>" }
        let otherWarnings = problems.filter { !$0.isError && !$0.message.hasPrefix("identical to English") }.count
        if otherWarnings > 0 { html += " <span class=\"flag warning\">\(otherWarnings) warning\(otherWarnings == 1 ? "" : "s")</span>" }
        return html
    }

    // MARK: - One message

    private func section(_ key: MessageKey) -> String {
        let id = ReviewHTML.escape(key.rawValue)
        var html = "<section class=\"key\" id=\"\(id)\" data-key=\"\(id)\">\n"
        html += "<h2 lang=\"en\"><code>\(id)</code>\(flags(key))</h2>\n<div class=\"pair\">\n"
        html += "<div class=\"english\" lang=\"en\" dir=\"ltr\"><h3>English</h3>"
        if let message = english?.messages[key.rawValue] {
            html += "<pre class=\"message\">\(ReviewHTML.escape(message))</pre>"
        } else {
            html += "<p class=\"error\">No English message.</p>"
        }
        if let note = english?.notes[key.rawValue] {
            html += "<p class=\"note\">\(ReviewHTML.escape(note))</p>"
        }
        html += "</div>\n<div class=\"translation\"><h3 lang=\"en\">\(ReviewHTML.escape(entry.name)) · ICU MessageFormat</h3>"
        if let message = entry.catalog?.messages[key.rawValue] {
            html += "<pre class=\"message\"\(source)>\(ReviewHTML.escape(message))</pre>"
            html += marked(message, block: "pre", attributes: source)
        } else {
            html += "<p class=\"error\" lang=\"en\">Missing from \(ReviewHTML.escape(entry.file)).</p>"
        }
        html += "</div>\n</div>\n"
        let problems = entry.problems.filter { $0.key == key.rawValue }
        if !problems.isEmpty {
            html += "<ul class=\"problems\" lang=\"en\">" + problems.map(\.listItem).joined() + "</ul>\n"
        }
        html += samplesTable(key)
        return html + "</section>\n"
    }

    private func samplesTable(_ key: MessageKey) -> String {
        let samples: [ReviewSample]
        switch self.samples {
        case .failure(let reason):
            return "<p class=\"muted\" lang=\"en\">Not rendered: \(ReviewHTML.escape(reason.message))</p>\n"
        case .success(let source):
            do {
                samples = try source.samples(for: key)
            } catch {
                return "<p class=\"error\" lang=\"en\">Not rendered: \(ReviewHTML.escape(error.description))</p>\n"
            }
        }
        // The table is English, each text cell in the catalog's language; the marked and
        // displayed forms take the cell's. End tags that HTML implies are left out. The unit,
        // count and category a sample varies are in its label (`week · 5 [many]`), once.
        var html = "<table class=\"samples\" lang=\"en\"><tbody>\n"
        for sample in samples {
            html += "<tr><th>\(ReviewHTML.escape(sample.label))<span class=\"input\">\(ReviewHTML.escape(sample.input))</span>"
            html += "<td\(target)><div class=\"text\">\(ReviewHTML.escape(sample.text))</div>"
            html += marked(sample.text, block: "div", attributes: "")
            if entry.isRightToLeft {
                let display = GoldenWriter.display(sample.text) ?? ""
                html += "<div class=\"display\" dir=\"ltr\">\(ReviewHTML.escape(display))</div>"
            }
            html += "\n"
        }
        return html + "</tbody></table>\n"
    }

    /// The text with each invisible character written `[U+XXXX]`, shown by the toggle;
    /// nothing for a text without any.
    private func marked(_ text: String, block: String, attributes: String) -> String {
        guard let marked = VisibleText.marked(text) else { return "" }
        return "<\(block) class=\"marked\"\(attributes)>\(ReviewHTML.escape(marked))</\(block)>"
    }
}
