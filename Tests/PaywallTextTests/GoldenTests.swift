import Foundation
import Synchronization
@testable import PaywallText
@testable import PaywallTextSupport
@testable import PaywallTextGoldens
import Testing

/// Each catalog locale's golden file as rendered, made once for the whole test run: the
/// golden test compares it, and the tests that read a golden file's lines read the same text.
enum RenderedGoldens {
    private static let texts = Mutex<[String: Result<String, PaywallTextError>]>([:])

    /// The golden file of `locale` with the built-in catalogs (``GoldenFile/render(catalog:locale:catalogs:)``).
    static func text(catalog: String, locale: String) throws(PaywallTextError) -> String {
        let key = catalog + " " + locale
        if let text = texts.withLock({ $0[key] }) { return try text.get() }
        // Rendered outside the lock: two tests asking at once both render, and both get one text.
        let text = Result { () throws(PaywallTextError) in try GoldenFile.render(catalog: catalog, locale: locale) }
        return try texts.withLock { texts in
            if let first = texts[key] { return first }
            texts[key] = text
            return text
        }.get()
    }
}

/// One golden file per catalog locale, verified under `PAYWALL_TEXT_RECORD`.
@Suite("Goldens")
struct GoldenTests {
    static let locales = GoldenLocales.all.map { GoldenLocale(catalog: $0.catalog, locale: $0.locale) }

    @Test(arguments: locales)
    func golden(_ locale: GoldenLocale) throws {
        let verifier = GoldenVerifier(
            packageRoot: packageRoot, mode: try RecordMode.fromEnvironment(),
            recordCommand: "PAYWALL_TEXT_RECORD={mode} swift test --filter GoldenTests   (or: swift run paywall-text goldens --record)")
        switch verifier.verify(name: locale.locale, render: { () throws(PaywallTextError) in
            try RenderedGoldens.text(catalog: locale.catalog, locale: locale.locale)
        }) {
        case .matched:
            break
        case .recorded(let message, _), .failed(let message):
            Issue.record(Comment(rawValue: message))
        }
    }

    /// Every plural category that integers reach in a locale appears, for every unit, in its file.
    @Test(arguments: locales)
    func everyIntegerPluralCategoryIsCovered(_ locale: GoldenLocale) throws {
        let text = try RenderedGoldens.text(catalog: locale.catalog, locale: locale.locale)
        let expected = Set(try GoldenCoverage.integerCategories(locale: locale.locale))
        #expect(!expected.isEmpty)
        for unit in PeriodUnit.allCases {
            let categories = Set(text.split(separator: "\n")
                .filter { $0.hasPrefix("\(unit.rawValue) · ") }
                .compactMap { line in line.split(separator: "[").last.map { String($0.dropLast()) } })
            #expect(expected.isSubset(of: categories), "\(locale.locale) \(unit): missing \(expected.subtracting(categories).sorted())")
        }
    }

    @Test func countsAreDerivedFromICURules() {
        // Arabic's zero/one/two/few/many/other, Romanian "other" (first reached at 20), French
        // "many" (1000000), and 21, 22, 100, 101.
        #expect(GoldenFile.counts == [0, 1, 2, 3, 11, 20, 21, 22, 100, 101, 1_000_000])
    }

    @Test func invisibleCharactersAreMarked() throws {
        let text = try RenderedGoldens.text(catalog: "ar", locale: "ar-SA")
        #expect(text.contains("9.99 USD → \u{200F}٩٫٩٩\u{00A0}\u{2068}US$\u{2069}  ⟨[U+200F]٩٫٩٩[U+00A0][U+2068]US$[U+2069]⟩"))
        // …and how a right-to-left paragraph displays it: US$ whole, left of the number.
        #expect(text.contains("\n  display: ⟦US$⟧\u{200E} ⟦٩٫٩٩⟧\u{200E}\n"))
        let french = try RenderedGoldens.text(catalog: "fr", locale: "fr-FR")
        #expect(french.contains("1234.56 EUR → 1\u{202F}234,56\u{00A0}€  ⟨1[U+202F]234,56[U+00A0]€⟩"))
    }

    /// Whether a reviewer cannot see a character or would take it for a plain space: no-break
    /// and narrow spaces, bidi marks, embeddings and isolates, the Arabic letter mark, zero-width
    /// characters, controls.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .control, .lineSeparator, .paragraphSeparator: true
        case .spaceSeparator: scalar != " "
        default: false
        }
    }

    /// The golden files' own rule, in every golden and snapshot file checked in: every line
    /// with an invisible character spells it. An entry's output is followed by `⟨…⟩`, the same
    /// text with each invisible character written `[U+XXXX]`, and its label (the input: a price
    /// in a spoken section's label, `3.99 KWD (KWD[U+00A0]3.990)`) spells them in place; a line
    /// without an output has none. A right-to-left `display:` line shows the runs of the entry
    /// above it as they display (a no-break space as a space), each followed by the format's
    /// LEFT-TO-RIGHT MARK: it holds no invisible character the entry above has not spelled.
    @Test func everyInvisibleCharacterIsSpelled() throws {
        #expect(["\u{00A0}", "\u{202F}", "\u{200E}", "\u{200F}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{061C}", "\u{200B}",
                 "\u{2007}", "\u{2009}", "\u{FEFF}"].allSatisfy { Self.isInvisible(($0 as String).unicodeScalars.first!) })
        func spelled(_ text: Substring) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                if Self.isInvisible(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "[U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        func hasInvisible<S: StringProtocol>(_ text: S) -> Bool { text.unicodeScalars.contains(where: Self.isInvisible) }

        let fileManager = FileManager.default
        var files = try fileManager.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Goldens").path)
            .filter { $0.hasSuffix(".txt") }.map { "Goldens/" + $0 }
        let snapshots = packageRoot.appendingPathComponent("Examples/Snapshots")
        if let walker = fileManager.enumerator(atPath: snapshots.path) {
            for case let path as String in walker where path.hasSuffix(".txt") { files.append("Examples/Snapshots/" + path) }
        }
        #expect(files.filter { $0.hasPrefix("Goldens/") }.count == 50)
        var checkedLines = 0
        for file in files.sorted() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            var entryAbove = Set<Unicode.Scalar>()
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let place = "\(file):\(number + 1): \(line.prefix(120))"
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("display: ") {
                    let runs = trimmed.dropFirst("display: ".count).replacingOccurrences(of: "⟧\u{200E}", with: "⟧")
                    let unspelled = Set(runs.unicodeScalars.filter(Self.isInvisible)).subtracting(entryAbove)
                    #expect(unspelled.isEmpty, "\(place): \(unspelled.map { String($0.value, radix: 16) })")
                    continue
                }
                entryAbove = []
                guard hasInvisible(line) else { continue }
                checkedLines += 1
                guard let arrow = line.range(of: " → ") else {
                    Issue.record("\(place): an invisible character in a line without an output")
                    continue
                }
                #expect(!hasInvisible(line[..<arrow.lowerBound]), "\(place): the label does not spell its invisible characters")
                let rest = line[arrow.upperBound...]
                guard let open = rest.range(of: "  ⟨"), let close = rest.range(of: "⟩", options: .backwards), open.upperBound <= close.lowerBound else {
                    Issue.record("\(place): an output with invisible characters and no ⟨…⟩")
                    continue
                }
                let output = rest[..<open.lowerBound]
                #expect(spelled(output) == String(rest[open.upperBound..<close.lowerBound]), "\(place): ⟨…⟩ is not the output spelled")
                #expect(!hasInvisible(rest[open.lowerBound...]), "\(place)")
                entryAbove = Set(output.unicodeScalars.filter(Self.isInvisible))
            }
        }
        #expect(checkedLines > 10_000)
    }

    /// The header names the ICU the package was built against, as pkg-config reports it
    /// (not as the package reports it), and a CLDR version.
    @Test func headerNamesICUAndCLDR() throws {
        let lines = try RenderedGoldens.text(catalog: "en", locale: "en-US").split(separator: "\n")
        #expect(lines[0] == "# PaywallText golden file · locale en-US · catalog en")
        let installed = try run(URL(fileURLWithPath: "/usr/bin/env"), ["pkg-config", "--modversion", "icu-uc"])
        let version = installed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(installed.status == 0 && !version.isEmpty)
        #expect(lines[1].hasPrefix("# ICU \(version) · CLDR "), "\(lines[1]) vs pkg-config \(version)")
        #expect(lines[1].split(separator: " ").last?.allSatisfy { $0.isNumber || $0 == "." } == true)
    }
}

struct GoldenLocale: Sendable, CustomTestStringConvertible {
    let catalog: String
    let locale: String
    var testDescription: String { "\(catalog) (\(locale))" }
}
