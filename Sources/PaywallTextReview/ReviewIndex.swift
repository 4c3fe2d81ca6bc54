import PaywallText
import PaywallTextGoldens
import PaywallTextSupport

/// `index.html`: every catalog with its status, and a link to each page written.
struct ReviewIndex {
    let catalogs: ReviewCatalogs
    /// The golden comparisons of each catalog whose page was written, by catalog name.
    let written: [String: [ReviewGoldenComparison]]
    /// Where the golden files were read from, or `nil` when there is no folder.
    let goldensDirectory: String?
    /// Where the notes were read from, or `nil` when there is no NOTES.md.
    let notesFile: String?
    /// The copy folder's section (``ReviewCopy/indexSection(written:)``), empty without one.
    var copySection = ""

    func html() -> String {
        let entries = catalogs.entries
        let errors = entries.reduce(0) { $0 + $1.errorCount }, warnings = entries.reduce(0) { $0 + $1.warningCount }
        var body = "<body>\n<main>\n<header lang=\"en\">\n<h1>PaywallText · translators' review</h1>\n"
        body += "<p>\(entries.count) catalogs from <code>\(ReviewHTML.escape(catalogs.sourceDescription))</code>: "
            + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") · "
            + "ICU \(ReviewHTML.escape(PaywallRenderer.icuVersion)), CLDR \(ReviewHTML.escape(PaywallRenderer.cldrVersion)) · "
            + "golden files from \(goldensDirectory.map { "<code>\(ReviewHTML.escape($0))</code>" } ?? "nowhere (no Goldens folder)") · "
            + "open points from \(notesFile.map { "<code>\(ReviewHTML.escape($0))</code>" } ?? "nowhere (no NOTES.md)")</p>\n"
        body += "<p class=\"muted\">Edit <code>Locales/&lt;catalog&gt;.json</code>, run "
            + "<code>swift run paywall-text review --catalogs Locales --output &lt;folder&gt;</code> again and reload the page: "
            + "no rebuild is needed.</p>\n"
        body += "<p class=\"muted\" id=\"fonts\">\(ReviewHTML.fonts(for: nil))</p>\n"
        if !catalogs.generalProblems.isEmpty {
            body += "<ul class=\"problems\">" + catalogs.generalProblems.map { "<li class=\"error\">\(ReviewHTML.escapeWithCode($0))</li>" }.joined() + "</ul>\n"
        }
        body += messages()
        body += "</header>\n<table class=\"index\" lang=\"en\">\n<thead><tr><th>Catalog</th><th>Direction</th><th>Lint</th>"
            + "<th>Identical to English</th><th>Golden files</th><th>Open points (NOTES.md)</th></tr></thead>\n<tbody>\n"
        for entry in entries {
            body += row(entry)
        }
        body += "</tbody>\n</table>\n"
        body += copySection
        body += "</main>\n</body>"
        return ReviewHTML.document(lang: "en", title: "PaywallText · translators' review", body: body)
    }

    /// The messages every catalog has, with the English source and its note.
    private func messages() -> String {
        var html = "<details class=\"messages\"><summary>The \(MessageKey.allCases.count) messages every catalog has</summary>\n<ul>\n"
        for key in MessageKey.allCases {
            let id = ReviewHTML.escape(key.rawValue)
            html += "<li data-key=\"\(id)\"><code>\(id)</code>"
            if let note = catalogs.english?.notes[key.rawValue] { html += " <span class=\"note\">\(ReviewHTML.escape(note))</span>" }
            html += "</li>\n"
        }
        return html + "</ul>\n</details>\n"
    }

    private func row(_ entry: ReviewCatalogs.Entry) -> String {
        let name = ReviewHTML.escape(entry.name)
        let page = written[entry.name] != nil ? ReviewHTML.href(entry.pageName) : nil
        let status = entry.errorCount > 0 ? "error" : entry.warningCount > 0 ? "warning" : "ok"
        var html = "<tr id=\"catalog-\(name)\" data-catalog=\"\(name)\" data-dir=\"\(entry.isRightToLeft ? "rtl" : "ltr")\" data-status=\"\(status)\">"

        // Name, link and file.
        html += "<td>"
        html += page.map { "<a href=\"\($0)\" data-page=\"\(name)\">\(name)</a>" } ?? "<strong>\(name)</strong>"
        html += "<br><span class=\"muted mono nowrap\">\(ReviewHTML.escape(entry.file))</span>"
        if page == nil, entry.catalog != nil { html += "<br><span class=\"muted\">page not written this run (--locale)</span>" }
        if entry.catalog == nil { html += "<br><span class=\"error\">no page: see the error</span>" }
        html += "</td>"

        html += "<td>\(entry.isRightToLeft ? "rtl" : "ltr")</td>"

        // Lint: errors in full, warnings folded.
        html += "<td class=\"\(status)\"><span class=\"nowrap\">\(entry.errorCount) error\(entry.errorCount == 1 ? "" : "s"),</span> "
            + "<span class=\"nowrap\">\(entry.warningCount) warning\(entry.warningCount == 1 ? "" : "s")</span>"
        let errors = entry.problems.filter(\.isError), warnings = entry.problems.filter { !$0.isError }
        if !errors.isEmpty {
            html += "<ul>" + errors.map { "<li class=\"error\">\(problem($0, page: page))</li>" }.joined() + "</ul>"
        }
        if !warnings.isEmpty {
            html += "<details><summary>warnings</summary><ul>"
                + warnings.map { "<li class=\"warning\">\(problem($0, page: page))</li>" }.joined() + "</ul></details>"
        }
        html += "</td>"

        // Messages identical to English.
        if entry.name == "en" || entry.catalog == nil {
            html += "<td class=\"muted\">—</td>"
        } else {
            // The linter accepts some (a message of arguments alone, a regional English
            // catalog): they are listed, muted, for the reviewer to confirm.
            let flagged = entry.flaggedIdenticalToEnglish
            let keys = entry.identicalToEnglish.map { key in
                let text = ReviewHTML.escape(key.rawValue)
                let css = flagged.contains(key) ? "warning" : "muted"
                return "<span class=\"\(css)\">" + (page.map { "<a href=\"\($0)#\(text)\">\(text)</a>" } ?? text) + "</span>"
            }
            let css = keys.isEmpty ? "ok" : flagged.isEmpty ? "muted" : "warning"
            let note = !keys.isEmpty && flagged.isEmpty ? " <span class=\"muted\">(accepted by the linter)</span>" : ""
            html += "<td class=\"\(css)\">\(keys.count)\(note)" + (keys.isEmpty ? "" : ": " + keys.joined(separator: ", ")) + "</td>"
        }

        // Golden files.
        if let goldens = written[entry.name] {
            if goldens.isEmpty {
                html += "<td class=\"muted\">no golden file</td>"
            } else {
                html += "<td><ul>" + goldens.map { golden in
                    let css = golden.changedLines > 0 ? "warning" : golden.rows.isEmpty ? "muted" : "ok"
                    return "<li class=\"\(css)\"><a href=\"\(page ?? "")#golden-\(ReviewHTML.escape(golden.locale))\">"
                        + "\(ReviewHTML.escape(golden.locale))</a>: \(ReviewHTML.escape(golden.summary))</li>"
                }.joined() + "</ul></td>"
            }
        } else {
            let locales = entry.goldenLocales
            html += "<td class=\"muted\">\(locales.isEmpty ? "no golden file" : ReviewHTML.escape(locales.joined(separator: ", ")) + " (not compared)")</td>"
        }

        // Open points.
        html += entry.notes.isEmpty ? "<td class=\"muted\">none</td>"
            : "<td><ul>" + entry.notes.map { "<li>\(ReviewHTML.escapeWithCode($0))</li>" }.joined() + "</ul></td>"
        return html + "</tr>\n"
    }

    private func problem(_ problem: ReviewProblem, page: String?) -> String {
        guard let key = problem.key else { return ReviewHTML.escape(problem.message) }
        let text = ReviewHTML.escape(key)
        let link = page.flatMap { page in MessageKey(rawValue: key).map { _ in "<a href=\"\(page)#\(text)\"><code>\(text)</code></a>" } }
        return (link ?? "<code>\(text)</code>") + ": " + ReviewHTML.escape(problem.message)
    }
}
