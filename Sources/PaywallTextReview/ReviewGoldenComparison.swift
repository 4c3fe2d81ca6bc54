import PaywallTextGoldens
import PaywallTextSupport
/// A golden file as recorded (`Goldens/<locale>.txt`) beside the same file rendered now
/// with the catalogs under review, line by line.
struct ReviewGoldenComparison: Sendable {
    /// One line of the side-by-side view; line numbers count from 1.
    enum Row: Sendable, Equatable {
        case same(old: Int, new: Int, text: String)
        case changed(old: Int, oldText: String, new: Int, newText: String)
        case removed(old: Int, text: String)
        case added(new: Int, text: String)

        var isChange: Bool {
            if case .same = self { return false }
            return true
        }
    }

    let locale: String
    /// How the recorded file is named on the page (`Goldens/ru-RU.txt`).
    let recordedName: String
    /// The recorded text, or why there is none.
    let recorded: Result<String, Reason>
    /// The text rendered now, or why there is none.
    let now: Result<String, Reason>
    /// The rows, when both texts exist.
    let rows: [Row]

    struct Reason: Error, Sendable, Equatable {
        let message: String
    }

    init(locale: String, recordedName: String, recorded: Result<String, Reason>, now: Result<String, Reason>) {
        self.locale = locale
        self.recordedName = recordedName
        self.recorded = recorded
        self.now = now
        if case .success(let old) = recorded, case .success(let new) = now {
            rows = Self.rows(LineDiff.edits(expected: old, actual: new))
        } else {
            rows = []
        }
    }

    /// Lines that differ (a changed line counts once).
    var changedLines: Int { rows.filter(\.isChange).count }

    /// `unchanged`, `3 lines changed since recorded`, or why nothing is compared.
    var summary: String {
        switch (recorded, now) {
        case (.success, .success):
            let count = changedLines
            return count == 0 ? "unchanged" : "\(count) line\(count == 1 ? "" : "s") changed since recorded"
        case (.failure(let reason), .success):
            return "not recorded: \(reason.message)"
        case (_, .failure(let reason)):
            return "not rendered now: \(reason.message)"
        }
    }

    /// Pairs the removed and added lines of each change, in order: a pair is a changed line.
    static func rows(_ edits: [LineEdit]) -> [Row] {
        var rows: [Row] = []
        var old = 0, new = 0
        var removed: [(Int, String)] = [], added: [(Int, String)] = []
        func flush() {
            for index in 0..<max(removed.count, added.count) {
                switch (index < removed.count ? removed[index] : nil, index < added.count ? added[index] : nil) {
                case let ((oldLine, oldText)?, (newLine, newText)?):
                    rows.append(.changed(old: oldLine, oldText: oldText, new: newLine, newText: newText))
                case let ((oldLine, oldText)?, nil): rows.append(.removed(old: oldLine, text: oldText))
                case let (nil, (newLine, newText)?): rows.append(.added(new: newLine, text: newText))
                case (nil, nil): break
                }
            }
            removed = []
            added = []
        }
        for edit in edits {
            switch edit {
            case .same(let text):
                flush()
                old += 1; new += 1
                rows.append(.same(old: old, new: new, text: text))
            case .removed(let text):
                old += 1
                removed.append((old, text))
            case .added(let text):
                new += 1
                added.append((new, text))
            }
        }
        flush()
        return rows
    }

    // MARK: - HTML

    /// The comparison as a page section: the summary, the changes with three lines of
    /// context, and the whole file side by side (folded; see ``wholeRowsHTML()``).
    func html(nowName: String) -> String {
        var html = "<section class=\"golden\" id=\"golden-\(ReviewHTML.escape(locale))\" data-golden=\"\(ReviewHTML.escape(locale))\">\n"
        html += "<h2 lang=\"en\">Golden file <code>\(ReviewHTML.escape(recordedName))</code></h2>\n"
        let summaryClass = changedLines > 0 ? "warning" : (rows.isEmpty ? "muted" : "ok")
        html += "<p class=\"summary \(summaryClass)\" lang=\"en\">\(ReviewHTML.escape(summary))</p>\n"
        switch (recorded, now) {
        case (.success(let old), .success):
            let columns = "<colgroup><col class=\"ln\"><col><col class=\"ln\"><col></colgroup>\n"
            let titles = "<tr lang=\"en\"><th colspan=\"2\">Recorded: \(ReviewHTML.escape(recordedName))</th>"
                + "<th colspan=\"2\">Now: \(ReviewHTML.escape(nowName))</th></tr>\n"
            if changedLines > 0 {
                html += "<h3 lang=\"en\">Changes</h3>\n<table class=\"diff changes\">\n" + columns + titles
                html += rowsHTML(contextRows(context: 3))
                html += "</table>\n"
            }
            let lineCount = old.split(separator: "\n", omittingEmptySubsequences: false).count - (old.hasSuffix("\n") ? 1 : 0)
            html += "<details><summary lang=\"en\">The whole file side by side (\(lineCount) lines recorded)</summary>\n"
            html += "<noscript><p class=\"muted\" lang=\"en\">Without JavaScript, a line both files have is shown once, on the left.</p></noscript>\n"
            html += "<table class=\"diff whole\">\n<thead><tr lang=\"en\"><th>Recorded: \(ReviewHTML.escape(recordedName))</th>"
                + "<th>Now: \(ReviewHTML.escape(nowName))</th></tr></thead>\n<tbody>" + wholeRowsHTML() + "</tbody>\n</table>\n</details>\n"
        case (.failure, .success(let text)):
            html += "<details><summary lang=\"en\">The file rendered now</summary>\n" + singleColumn(text, title: "Now: \(nowName)") + "</details>\n"
        case (.success(let text), .failure):
            html += "<details><summary lang=\"en\">The recorded file</summary>\n" + singleColumn(text, title: "Recorded: \(recordedName)") + "</details>\n"
        case (.failure, .failure):
            break
        }
        return html + "</section>\n"
    }

    /// Changed rows with `context` rows around them; `nil` marks a gap.
    private func contextRows(context: Int) -> [Row?] {
        let changed = rows.indices.filter { rows[$0].isChange }
        var keep = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(rows.count - 1, index + context) { keep.insert(near) }
        }
        var result: [Row?] = []
        var previous: Int?
        for index in keep.sorted() {
            if let previous, index > previous + 1 { result.append(nil) }
            if previous == nil, index > 0 { result.append(nil) }
            result.append(rows[index])
            previous = index
        }
        if let previous, previous < rows.count - 1 { result.append(nil) }
        return result
    }

    private func rowsHTML(_ rows: [Row?]) -> String {
        var html = ""
        for row in rows {
            switch row {
            case nil:
                html += "<tr class=\"gap\"><td colspan=\"4\">⋯</td></tr>\n"
            case .same(let old, let new, let text)?:
                html += "<tr class=\"same\">" + cells(old, text, "old") + cells(new, text, "new") + "</tr>\n"
            case .changed(let old, let oldText, let new, let newText)?:
                html += "<tr class=\"changed\">" + cells(old, oldText, "old") + cells(new, newText, "new") + "</tr>\n"
            case .removed(let old, let text)?:
                html += "<tr class=\"removed\">" + cells(old, text, "old") + cells(nil, "", "new") + "</tr>\n"
            case .added(let new, let text)?:
                html += "<tr class=\"added\">" + cells(nil, "", "old") + cells(new, text, "new") + "</tr>\n"
            }
        }
        return html
    }

    /// The rows of the whole file, as short as the view allows: a cell for each file's line,
    /// numbered by the style sheet (`.whole` counts the lines and shows each number before
    /// its line, in the margin of the cell). A line both files have is written once, in
    /// the left cell; the site's script (``ReviewHTML/script``) shows it on the right too.
    /// The end tags that HTML implies are left out, and each row's line break follows its
    /// `<tr>`, so that it stays out of the cells' text.
    private func wholeRowsHTML() -> String {
        var html = ""
        for row in rows {
            switch row {
            case .same(_, _, let text):
                html += "<tr>\n<td>\(ReviewHTML.escape(text))"
            case .changed(_, let oldText, _, let newText):
                html += "<tr class=\"changed\">\n<td>\(ReviewHTML.escape(oldText))<td>\(ReviewHTML.escape(newText))"
            case .removed(_, let text):
                html += "<tr class=\"removed\">\n<td>\(ReviewHTML.escape(text))<td>"
            case .added(_, let text):
                html += "<tr class=\"added\">\n<td><td>\(ReviewHTML.escape(text))"
            }
        }
        return html
    }

    private func cells(_ number: Int?, _ text: String, _ side: String) -> String {
        "<td class=\"ln\">\(number.map(String.init) ?? "")</td><td class=\"\(side)\">\(ReviewHTML.escape(text))</td>"
    }

    private func singleColumn(_ text: String, title: String) -> String {
        var html = "<table class=\"diff\">\n<colgroup><col class=\"ln\"><col></colgroup>\n<tr lang=\"en\"><th colspan=\"2\">\(ReviewHTML.escape(title))</th></tr>\n"
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            number += 1
            html += "<tr class=\"same\"><td class=\"ln\">\(number)</td><td>\(ReviewHTML.escape(String(line)))</td></tr>\n"
        }
        return html + "</table>\n"
    }
}
