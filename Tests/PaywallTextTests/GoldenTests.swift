import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
@testable import PaywallTextGoldens
import Testing

/// One golden file per catalog locale, verified under `PAYWALL_TEXT_RECORD`.
@Suite("Goldens")
struct GoldenTests {
    static let locales = GoldenLocales.all.map { GoldenLocale(catalog: $0.catalog, locale: $0.locale) }

    @Test(arguments: locales)
    func golden(_ locale: GoldenLocale) throws {
        let verifier = GoldenVerifier(
            packageRoot: packageRoot, mode: try RecordMode.fromEnvironment(),
            recordCommand: "PAYWALL_TEXT_RECORD={mode} swift test --filter GoldenTests   (or: swift run paywall-text goldens --record)")
        switch verifier.verify(catalog: locale.catalog, locale: locale.locale) {
        case .matched:
            break
        case .recorded(let message, _), .failed(let message):
            Issue.record(Comment(rawValue: message))
        }
    }

    /// Every plural category that integers reach in a locale appears, for every unit, in its file.
    @Test(arguments: locales)
    func everyIntegerPluralCategoryIsCovered(_ locale: GoldenLocale) throws {
        let text = try GoldenFile.render(catalog: locale.catalog, locale: locale.locale)
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
        let text = try GoldenFile.render(catalog: "ar", locale: "ar-SA")
        #expect(text.contains("9.99 USD → \u{200F}٩٫٩٩\u{00A0}\u{2068}US$\u{2069}  ⟨[U+200F]٩٫٩٩[U+00A0][U+2068]US$[U+2069]⟩"))
        // …and how a right-to-left paragraph displays it: US$ whole, left of the number.
        #expect(text.contains("\n  display: ⟦US$⟧\u{200E} ⟦٩٫٩٩⟧\u{200E}\n"))
        let french = try GoldenFile.render(catalog: "fr", locale: "fr-FR")
        #expect(french.contains("1234.56 EUR → 1\u{202F}234,56\u{00A0}€  ⟨1[U+202F]234,56[U+00A0]€⟩"))
    }

    /// The header names the ICU the package was built against, as pkg-config reports it
    /// (not as the package reports it), and a CLDR version.
    @Test func headerNamesICUAndCLDR() throws {
        let lines = try GoldenFile.render(catalog: "en", locale: "en-US").split(separator: "\n")
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
