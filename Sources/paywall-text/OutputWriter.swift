#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens
import PaywallTextJSON

/// Writes entries as a text table, a JSON array or JSON Lines.
struct OutputWriter {
    let format: RenderFormat
    let lines: Bool

    /// Writes the entries and the problems that belong to no product: as entries of their
    /// own in JSON, on standard error in text.
    func write(_ entries: [RenderEntry], problems: [DocumentProblem] = []) {
        switch (format, lines) {
        case (.json, true):
            for entry in entries {
                print(entry.jsonText(positionKey: "line"))
            }
            for problem in problems {
                print(RenderEntry.problemJSONText(problem, positionKey: "line"))
            }
        case (.json, false):
            print(RenderEntry.jsonArray(entries, problems: problems))
        case (.text, _), (.html, _):
            writeTable(entries)
            for problem in problems {
                printError("\(problem.severity.rawValue): \(lines ? "line \(problem.index)" : problem.path.isEmpty ? "the document" : problem.path): \(problem.error.message)")
            }
        }
    }

    /// `item 2 com.example.monthly (DE)`, or `item 2` for a product without an identifier:
    /// its position (`line 2` with `--lines`), then its identifier and territory when it has them.
    static func itemLabel(_ entry: RenderEntry, what: String) -> String {
        var label = "\(what) \(entry.position)"
        if let identifier = entry.productIdentifier { label += " \(identifier)" }
        if let territory = entry.source.territory { label += " (\(territory))" }
        return label
    }

    /// Writes a table, or (for `html`) each entry's fragments as it comes; errors and
    /// warnings go to standard error either way.
    private func writeTable(_ entries: [RenderEntry]) {
        var rows: [(String, String, String, String)] = []
        let what = lines ? "line" : "item"
        // An item is its position, path, identifier and territory: a line of JSON Lines may hold
        // several, and one base plan of a store document is an item per territory.
        var warned: Set<String> = []
        var failed: Set<String> = []
        for entry in entries {
            let key = "\(entry.position) \(entry.source.path) \(entry.productIdentifier ?? "") \(entry.source.territory ?? "")"
            var product = entry.productIdentifier ?? "\(what) \(entry.position)"
            if let territory = entry.source.territory { product += " (\(territory))" }
            // How messages name the item: its position, then its identifier when it has one.
            let item = Self.itemLabel(entry, what: what)
            // Warnings, and the errors of parts left out, are about the product, not the locale: once each.
            if warned.insert(key).inserted {
                if case .success = entry.outcome {
                    for error in entry.errors { printError("error: \(item): \(error)") }
                }
                for warning in entry.warnings { printError("warning: \(item): \(warning)") }
            }
            switch entry.outcome {
            case .success where format == .html:
                for fragment in entry.htmlFragments() { print(fragment) }
            case .success(let text):
                // The rows of the fields asked for, by the table's labels (TableFields.labels).
                for row in TableFields(text).rows { rows.append((text.locale, product, row.field, row.text)) }
                for warning in text.copyWarnings { printError("warning: \(item), \(text.locale): \(warning)") }
                // Spoken forms and parts, when asked for: by each field's path, after the fields.
                for field in text.annotatedFields where text.selection?.includes(FieldSelection.pathWithoutIndices(field.path)) ?? true {
                    if let spoken = field.spoken { rows.append((text.locale, product, "\(field.path) spoken", spoken)) }
                    if let runs = field.runs { rows.append((text.locale, product, "\(field.path) parts", GoldenWriter.outline(runs))) }
                }
            case .failure(let error):
                // The identifier of a rejected product may hold control characters: show them escaped.
                let identifier = entry.productIdentifier.map { " (\(JSONValue.string($0).text))" } ?? ""
                let territory = entry.source.territory.map { " (\($0))" } ?? ""
                // An item that could not be read fails alike in every locale: said once, without
                // a locale; an input that could not be read at all is named as the document (or
                // its line). An error of one locale's render names the locale.
                let unread = entry.errors.first == error
                if unread, !failed.insert(key).inserted { continue }
                let whole = unread && error.path.isEmpty && entry.source.path.isEmpty && entry.productIdentifier == nil && entry.source.territory == nil
                let place = whole ? (lines ? "line \(entry.position)" : "the document")
                    : "\(what) \(entry.position)\(identifier)\(territory)" + (unread ? "" : ", \(entry.locale)")
                printError("error: \(place): \(error)")
                for other in entry.errors.dropFirst() {
                    printError("       \(place): \(other)")
                }
            }
        }
        guard !rows.isEmpty else { return }
        let header = ("LOCALE", "PRODUCT", "FIELD", "TEXT")
        let widths = ([header] + rows).reduce(into: (0, 0, 0)) { widths, row in
            widths = (max(widths.0, row.0.count), max(widths.1, row.1.count), max(widths.2, row.2.count))
        }
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
        for row in [header] + rows {
            print("\(pad(row.0, widths.0))  \(pad(row.1, widths.1))  \(pad(row.2, widths.2))  \(row.3)")
        }
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    var standardError = StandardError()
    print(message, to: &standardError)
}

private struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            // Write straight to file descriptor 2; `stderr` (a C global) is not concurrency-safe in Swift 6.
            _ = systemWrite(2, bytes.baseAddress, bytes.count)
        }
    }
}

/// `write(2)`, named apart from the `write` methods of output streams.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
