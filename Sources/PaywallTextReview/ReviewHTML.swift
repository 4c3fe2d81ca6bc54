import PaywallTextGoldens
import PaywallTextJSON
import PaywallTextSupport
/// The pieces of HTML every review page is made of: escaping, the style sheet, the page frame.
///
/// Every text that comes from a catalog, a note, a golden file or an error goes through
/// ``escape(_:)``: a translator's `<b>` or `&` is shown, never interpreted.
enum ReviewHTML {
    /// Text for an element's content or a quoted attribute value.
    static func escape(_ text: String) -> String {
        HTML.escape(text)
    }

    /// Escaped text whose `code spans` (Markdown backticks, as in NOTES.md) become `<code>`.
    static func escapeWithCode(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        var result = ""
        for (index, part) in parts.enumerated() {
            if index % 2 == 0 {
                result += escape(part)
            } else if index == parts.count - 1 {
                // A backtick without its closing one stays as it is.
                result += "`" + escape(part)
            } else {
                result += "<code>" + escape(part) + "</code>"
            }
        }
        return result
    }

    /// A relative link to a file of the site: its name, percent-encoded beyond letters,
    /// digits and `-._~`.
    static func href(_ fileName: String) -> String {
        var result = ""
        for byte in fileName.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// The style sheet every page links to, written once beside the pages.
    static let styleSheetName = "review.css"
    /// The script every page loads, written once beside the pages.
    static let scriptName = "review.js"

    /// A whole document. `lang` is the page's language; the parts in English say so themselves.
    /// The style sheet and the script are the site's shared files (``styleSheetName``,
    /// ``scriptName``), not copied into each page.
    static func document(lang: String, title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(escape(lang))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title lang="en">\(escape(title))</title>
        <link rel="stylesheet" href="\(styleSheetName)">
        <script src="\(scriptName)" defer></script>
        </head>
        \(body)
        </html>

        """
    }

    /// The fonts a page needs, as a sentence for it: the pages name no web font, so the
    /// machine that shows them needs one for every script. Debian's `fonts-noto-core` has
    /// them all but Chinese, Japanese and Korean, which are in `fonts-noto-cjk`.
    ///
    /// - Parameter language: The catalog or copy language of the page (`bn`, `zh-Hant`), for
    ///   a page of one language; `nil` for the index, which names the fonts of every page.
    static func fonts(for language: String?) -> String {
        let core = (language == nil ? "The pages name no web font: the machine that shows them" : "This page names no web font: the machine that shows it")
            + " needs a font for every script (on Debian or Ubuntu <code>apt-get install fonts-noto-core</code>; without it Bengali, "
            + "Odia and other Indic scripts show as boxes)"
        let cjk = ["ja": "Japanese", "ko": "Korean", "zh": "Chinese"]
        let needsCJK: String?
        if let language {
            needsCJK = language.split(separator: "-").first.flatMap { cjk[String($0)] }
        } else {
            needsCJK = "Chinese, Japanese and Korean"
        }
        let verb = language == nil ? "need" : "needs"
        return core + (needsCJK.map { "; \($0) \(verb) <code>apt-get install fonts-noto-cjk</code> too" } ?? "")
            + ". A letter shown as a box is a missing font, not a wrong text."
    }

    /// The style sheet of every page, ``styleSheetName``. The toggles are checkboxes placed before
    /// `main`, so that `:checked ~` reaches the content without JavaScript; their labels
    /// live in the sticky toolbar, which follows them too.
    static let css = """
        :root { --fg: #1d1d1f; --muted: #5f6368; --line: #d9dce1; --bg-alt: #f5f6f8; --err: #b3261e; --warn: #8a5a00;
          --ok: #1e6b34; --changed: #fff4c2; --removed: #fde2e1; --added: #dcf5e3; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, "Noto Sans", "Segoe UI", sans-serif; color: var(--fg); }
        main, .top { max-width: 1240px; margin: 0 auto; padding: 0 20px; }
        h1 { font-size: 1.6em; margin: 18px 0 6px; }
        h2 { font-size: 1.15em; margin: 0 0 8px; }
        h3 { font-size: .8em; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 4px; }
        a { color: #0b57d0; }
        /* Monospace fonts without Arabic come before Noto Sans Arabic, so that Arabic letters in
           code join as in text rather than being set one per cell (as DejaVu Sans Mono sets them). */
        code, pre, .mono, .diff td { font-family: ui-monospace, Menlo, Consolas, "Liberation Mono", "Noto Sans Mono",
          "Noto Sans Arabic", "Noto Naskh Arabic", "DejaVu Sans Mono", monospace; font-size: .92em; }
        .nowrap { white-space: nowrap; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
        .muted, .input { color: var(--muted); }
        .toggle { position: absolute; opacity: 0; pointer-events: none; }
        .toolbar { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line);
          padding: 6px 20px; display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: center; font-size: .9em; }
        .toolbar label { cursor: pointer; user-select: none; }
        .toolbar label::before { content: "☐ "; }
        #show-marked:checked ~ .toolbar label[for=show-marked]::before,
        #show-display:checked ~ .toolbar label[for=show-display]::before { content: "☑ "; }
        #show-marked:focus-visible ~ .toolbar label[for=show-marked],
        #show-display:focus-visible ~ .toolbar label[for=show-display] { outline: 2px solid #0b57d0; }
        .marked, .display { display: none; font-size: .85em; color: var(--muted); }
        #show-marked:checked ~ main .marked, #show-display:checked ~ main .display { display: block; }
        .keys { columns: 4 14em; font-size: .9em; margin: 8px 0 16px; padding-left: 1.2em; }
        .status { margin: 8px 0 16px; }
        .status li, .problems li { margin: 2px 0; }
        .error { color: var(--err); }
        .warning { color: var(--warn); }
        .ok { color: var(--ok); }
        .flag { display: inline-block; font-size: .75em; font-weight: 600; border-radius: 4px; padding: 1px 6px; margin-left: 6px;
          vertical-align: middle; border: 1px solid currentColor; }
        section.key { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; margin: 0 0 16px; scroll-margin-top: 44px; }
        .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; margin-bottom: 10px; }
        .pair > div { background: var(--bg-alt); border-radius: 6px; padding: 8px 10px; }
        .note { font-size: .88em; color: var(--muted); margin: 6px 0 0; }
        table { border-collapse: collapse; width: 100%; }
        .samples th, .samples td { border-top: 1px solid var(--line); padding: 5px 8px; vertical-align: top; text-align: start; }
        .samples th { width: 34%; font-weight: 500; }
        .samples th .input { display: block; font-weight: 400; font-size: .82em; }
        .samples td .text { font-size: 1.05em; }
        .index td, .index th { border-top: 1px solid var(--line); padding: 6px 8px; vertical-align: top; text-align: start; }
        .index th { background: var(--bg-alt); position: sticky; top: 0; }
        .index ul { margin: 0; padding-left: 1.1em; }
        .diff { font-size: .82em; table-layout: fixed; margin: 6px 0 12px; }
        .diff td { padding: 0 6px; vertical-align: top; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; }
        .diff col.ln { width: 3.5em; }
        .diff td.ln { color: var(--muted); text-align: end; user-select: none; }
        .diff th { text-align: start; padding: 4px 6px; background: var(--bg-alt); }
        .diff tr.changed td.old, .diff tr.removed td.old { background: var(--removed); }
        .diff tr.changed td.new, .diff tr.added td.new { background: var(--added); }
        .diff tr.changed td.ln { background: var(--changed); }
        .diff tr.gap td { color: var(--muted); text-align: center; background: var(--bg-alt); }
        /* The whole golden file: two cells a row, each line numbered here, not in the page, in
           the cell's left margin, as wide as the changes table's number column (3.5em of the
           table's font, which is .92 of the cell's), and an empty cell a line high, as the
           number made it. A removed line has no number on the right, an added one none on the left. */
        .whole { counter-reset: ln-old ln-new; }
        .whole tbody tr { counter-increment: ln-old ln-new; }
        .whole tbody tr.removed { counter-increment: ln-old; }
        .whole tbody tr.added { counter-increment: ln-new; }
        .whole td { position: relative; padding-left: calc(3.5em / .92 + 6px); }
        .whole td:empty::after { content: "\\200B"; }
        .whole td::before { position: absolute; top: 0; bottom: 0; left: 0; width: calc(3.5em / .92); padding: 0 6px; box-sizing: border-box;
          text-align: end; color: var(--muted); background: #fff; user-select: none; content: counter(ln-old); }
        .whole td + td::before { content: counter(ln-new); }
        .whole tr.added td:first-child::before, .whole tr.removed td + td::before { content: ""; }
        .whole tr.changed td::before { background: var(--changed); }
        .whole tr.changed td:first-child, .whole tr.removed td:first-child { background: var(--removed); }
        .whole tr.changed td + td, .whole tr.added td + td { background: var(--added); }
        details { margin: 6px 0; }
        summary { cursor: pointer; }
        @media (max-width: 800px) { .pair { grid-template-columns: 1fr; } .samples th { width: auto; } }

        """

    /// The script of every page, ``scriptName``. A line that the recorded golden file and the
    /// one rendered now both have is written once, on the left of the side-by-side view
    /// (``ReviewGoldenComparison``); this puts it on the right too. Nothing else on a page
    /// needs it.
    static let script = """
        "use strict";
        // A line both golden files have is written once in the page: show it on both sides.
        for (const row of document.querySelectorAll("table.whole > tbody > tr:not([class])")) {
          if (row.cells.length === 1) row.append(row.cells[0].cloneNode(true));
        }

        """
}
