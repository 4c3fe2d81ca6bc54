import PaywallTextGoldens
import PaywallTextSupport
/// The translators' open points, read from the table of `Locales/NOTES.md`:
///
/// ```markdown
/// | catalog | open point |
/// |---|---|
/// | ar | Google Play's menu «المدفوعات والاشتراكات» … |
/// | gu, kn, ml | Google Play's name for "Payments & subscriptions" … |
/// ```
///
/// A row's first cell names one catalog or several separated by commas; the second cell
/// is the point, kept as written (Markdown `code` spans included).
struct ReviewNotes: Sendable, Equatable {
    /// The open points of each catalog, in the file's order.
    package private(set) var points: [String: [String]] = [:]

    package init() {}

    /// Reads every table whose first header cell is `catalog`; other text is ignored.
    package init(markdown: String) {
        var inTable = false
        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingWhitespace
            guard line.hasPrefix("|") else {
                inTable = false
                continue
            }
            let cells = Self.cells(of: line)
            guard let first = cells.first else { continue }
            if !inTable {
                // A table's header row decides whether it is the catalogs' table.
                inTable = first.lowercased() == "catalog"
                continue
            }
            if cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) { continue }  // |---|---|
            let point = cells.dropFirst().joined(separator: " | ")
            guard !point.isEmpty else { continue }
            for name in first.split(separator: ",").map({ String($0).trimmingWhitespace }) where !name.isEmpty {
                points[name, default: []].append(point)
            }
        }
    }

    /// The open points of one catalog.
    package subscript(catalog: String) -> [String] {
        points[catalog] ?? []
    }

    /// The cells of a table row, without the outer pipes; `\|` is a pipe inside a cell.
    private static func cells(of line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in line.dropFirst() {
            if escaped {
                if character != "|" { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(current.trimmingWhitespace)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingWhitespace.isEmpty { cells.append(current.trimmingWhitespace) }
        return cells
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
