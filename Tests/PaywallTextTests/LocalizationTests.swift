import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
@testable import PaywallTextGoldens
import Testing

/// All 50 App Store localizations, CLDR's parent locales, one language per sentence, and
/// right-to-left text that displays as written (PRODUCT §8).
@Suite("Localizations")
struct LocalizationTests {
    /// Catalog lookup follows CLDR's parent locales as ICU's data records them.
    @Test(arguments: [
        ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("zh-Hant", "zh-Hant"),
        ("zh-SG", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh", "zh-Hans"),
        ("es-MX", "es-419"), ("es-AR", "es-419"), ("es-US", "es-419"), ("es-419", "es-419"), ("es-CO", "es-419"),
        ("es-ES", "es"), ("es", "es"),
        ("pt-AO", "pt-PT"), ("pt-MZ", "pt-PT"), ("pt-PT", "pt-PT"), ("pt-BR", "pt"), ("pt", "pt"),
        ("fr-CA", "fr-CA"), ("fr-CH", "fr"), ("fr-BE", "fr"), ("fr", "fr"),
        ("no", "no"), ("nb", "no"), ("nn", "no"), ("nb-NO", "no"), ("nn-NO", "no"), ("no-NO", "no"),
        ("en-GB", "en-001"), ("en-AU", "en-001"), ("en-IN", "en-001"), ("en-CA", "en-CA"), ("en-US", "en"),
        ("pa-IN", "pa"), ("pa-PK", "en"), ("sr-Latn-RS", "en"), ("ka-GE", "en"), ("sw-KE", "en"),
        ("de-CH", "de"), ("de-AT", "de"), ("it-CH", "it"), ("nl-BE", "nl"), ("ar-EG", "ar"), ("ur-IN", "ur"),
    ])
    func parentLocales(_ locale: String, _ catalog: String) throws {
        #expect(try PaywallRenderer().catalogName(for: locale) == catalog)
        #expect(try render(product("9.99"), locale).catalog == catalog)
    }

    /// Each of the 50 localizations renders with a catalog of its own language.
    @Test func fiftyLocalizationsInTheirOwnLanguage() throws {
        #expect(GoldenLocales.all.count == 50)
        #expect(Set(GoldenLocales.all.map(\.locale)).count == 50)
        for (catalog, locale) in GoldenLocales.all {
            let text = try render(product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7))), locale)
            #expect(text.catalog == catalog, "\(locale)")
            let language = locale.split(separator: "-").first.map(String.init)
            #expect(catalog == language || catalog.hasPrefix("\(language ?? "")-") || (language == "zh" && catalog.hasPrefix("zh-")),
                    "\(locale) → \(catalog)")
            if !locale.hasPrefix("en") {
                let english = try render(product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7))), "en-US")
                #expect(text.offers.first?.summary != english.offers.first?.summary, "\(locale) summary is English")
                #expect(text.terms != english.terms, "\(locale) terms are English")
            }
        }
    }

    /// Without a catalog of its language, a locale gets English sentences that are English
    /// throughout: no letter of its own script in a headline, summary, recurring price or
    /// terms, while its numbers keep its own digits.
    @Test(arguments: [
        ("ka-GE", 0x10A0...0x10FF), ("hy-AM", 0x0530...0x058F), ("am-ET", 0x1200...0x139F), ("my-MM", 0x1000...0x109F),
        ("km-KH", 0x1780...0x17FF), ("si-LK", 0x0D80...0x0DFF), ("lo-LA", 0x0E80...0x0EFF), ("ne-NP", 0x0900...0x097F),
        ("fa-IR", 0x0600...0x06FF), ("ps-AF", 0x0600...0x06FF), ("bg-BG", 0x0400...0x04FF), ("kk-KZ", 0x0400...0x04FF),
        ("mn-MN", 0x0400...0x04FF), ("sr-RS", 0x0400...0x04FF), ("be-BY", 0x0400...0x04FF), ("pa-PK", 0x0600...0x06FF),
    ])
    func oneLanguagePerSentence(_ locale: String, _ script: ClosedRange<Int>) throws {
        let item = product("9.99", period: .months(1), intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7)),
                           discounts: [Discount(identifier: "p", paymentMode: .payAsYouGo, price: decimal("1.99"),
                                                subscriptionPeriod: .weeks(1), numberOfPeriods: 21)])
        let text = try render(item, locale)
        #expect(text.catalog == "en")
        var sentences = [text.recurringPrice ?? "", text.terms ?? "", text.period ?? ""]
        for offer in text.offers {
            sentences += [offer.headline, offer.summary, offer.terms, offer.duration, offer.period]
        }
        for sentence in sentences {
            let foreign = sentence.unicodeScalars.filter { $0.properties.isAlphabetic && script.contains(Int($0.value)) }
            #expect(foreign.isEmpty, "\(locale): \(sentence)")
        }
        #expect(text.offers.first?.headline.hasSuffix(" free") == true, "\(locale): \(text.offers.first?.headline ?? "")")
    }

    /// A fallback sentence is one language's words and numbers: English as written in the
    /// display locale's region, with Latin digits (`3 weeks free` for fa-IR, not `۳ weeks free`).
    @Test func fallbackSentencesAreOneLanguagesWordsAndNumbers() throws {
        let weekly = product("9.99", intro: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(21)))
        #expect(try render(weekly, "fa-IR").offers.first?.headline == "3 weeks free")
        #expect(try render(weekly, "fa-IR-u-nu-latn").offers.first?.headline == "3 weeks free")
        #expect(try render(weekly, "ka-GE").offers.first?.headline == "3 weeks free")
        // Its price too: no Persian digit or separator anywhere in the English result.
        let persian = try render(weekly, "fa-IR")
        for text in [persian.price, persian.recurringPrice ?? "", persian.offers[0].summary] {
            #expect(!text.unicodeScalars.contains { (0x06F0...0x06F9).contains($0.value) || $0.value == 0x066B || $0.value == 0x066C }, "\(text)")
        }
    }

    /// Under ICU's bidi algorithm, in a right-to-left paragraph, every currency symbol and
    /// every number of every right-to-left golden line displays whole and left to right.
    @Test(arguments: GoldenLocales.all.filter { BidiDisplay.isRightToLeft(locale: $0.locale) }.map(\.locale))
    func rightToLeftGoldensKeepPricesWhole(_ locale: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Goldens/\(locale).txt"), encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where line.contains(" → ") && !line.hasPrefix("#") {
            let output = String(line.split(separator: " → ", maxSplits: 1)[1])
                .components(separatedBy: "  ⟨").first!            // the text, without its marked copy
            let positions = try BidiDisplay.visualPositions(of: output, rightToLeft: true)
            for token in Self.tokens(in: output) {
                let shown = token.map { positions[$0] }
                #expect(zip(shown, shown.dropFirst()).allSatisfy { $1 == $0 + 1 },
                        "\(locale): \(Self.text(of: token, in: output)) is broken or reordered in: \(output)")
                checked += 1
            }
        }
        #expect(checked > 100, "\(locale): only \(checked) prices and numbers checked")
    }

    /// The scalar positions of each price-like token: a currency symbol with Latin letters
    /// (`US$`, `JP¥`, `KWD`) and each number (digits with their separators).
    private static func tokens(in text: String) -> [[Int]] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [[Int]] = []
        var current: [Int] = []
        var kind = 0  // 1 symbol, 2 number
        func close() {
            if current.count > 1 { tokens.append(current) }
            current = []
            kind = 0
        }
        for (index, scalar) in scalars.enumerated() {
            let isLatin = ("A"..."Z").contains(scalar) || scalar.properties.generalCategory == .currencySymbol
            let isDigit = scalar.properties.numericType == .decimal
            let isSeparator = [".", ",", "\u{066B}", "\u{066C}", "\u{202F}", "\u{00A0}", "’"].contains(scalar)
            if isLatin, kind != 2 {
                kind = 1
                current.append(index)
            } else if isDigit, kind != 1 {
                kind = 2
                current.append(index)
            } else if isSeparator, kind == 2, index + 1 < scalars.count, scalars[index + 1].properties.numericType == .decimal {
                current.append(index)
            } else if BidiDisplay.isBidiControl(scalar), !current.isEmpty {
                continue
            } else {
                close()
                if isLatin { kind = 1; current = [index] } else if isDigit { kind = 2; current = [index] }
            }
        }
        close()
        return tokens.filter { token in token.contains { !BidiDisplay.isBidiControl(Array(text.unicodeScalars)[$0]) } }
    }

    private static func text(of token: [Int], in text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: token.map { scalars[$0] })
        return String(view)
    }
}
