import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
import Testing

/// Spoken forms that keep their grammar: ICU names a currency in the nominative, so a spoken
/// sentence places an amount where the nominative is grammatical, or takes the catalog's form
/// of the amount in the case its words govern (``SpokenCase``); and Catalan's `de` is
/// elided before an amount read with a vowel, by ICU's spellout of the amount.
@Suite("Spoken forms in their case")
struct SpokenCaseTests {
    private static let spoken = RenderOptions(include: [.spoken])

    /// The currencies the forms are given for: both stores' storefronts, and those of the
    /// golden files (KWD, the three-decimal currency, is priced by neither store).
    static let currencies = Array(Set(Currencies.storefront + ["USD", "EUR", "JPY", "KWD", "PEN", "SEK", "BRL", "INR"])).sorted()

    // MARK: - The reported patterns, in every spoken line

    /// What a spoken line must not say, by catalog: the findings of the native review, as
    /// patterns. German: ICU's nominative adjective after `von` (`von 1.200 Japanische Yen`,
    /// `von je 14,90 brasilianische Real`; `Schweizer` is the one adjective that does not
    /// decline). Slovenian: a nominative plural after a decimal (`9,99 ameriški dolarji`,
    /// `24,99 evri`). Kannada: a nominative plural before a postposition (`ಡಾಲರ್‌‌ಗಳು ದರದಲ್ಲಿ`,
    /// `ಯೂರೊಗಳು ರಂತೆ`). Tamil: a case ending hyphenated to a currency's name (`யூரோக்கள்-க்கு`).
    /// Catalan: `de` before a number said with a vowel (`de 1,99`, `de 11`, `de 1.000.000`),
    /// in what is shown as in what is said.
    static let forbidden: [String: [String]] = [
        "de": [#"\bvon (?:je )?[0-9][0-9.,]* (?!Schweizer )\p{Lu}\p{Ll}+(?:e|er|es) "#, #"\bvon (?:je )?[0-9][0-9.,]* \p{Ll}+(?:e|es) \p{Lu}"#],
        "sl": [#"[0-9],[0-9]+ \p{Ll}*i\b"#],
        "kn": ["ಗಳು ದರದಲ್ಲಿ", "ಗಳು ರಂತೆ"],
        "ta": [#"\p{L}\p{M}*-க்கு"#],
        "ca": [#"\bde (?:1|11|1\.000\.000)(?![0-9.])"#],
    ]

    /// Every spoken line of every catalog, for both stores: the golden files' (every golden
    /// product), the examples' (the documents the native review read, dated), and for the
    /// catalogs that say amounts in a case, plans in every storefront currency at amounts of
    /// each plural form. None holds a reported pattern, a brace, or is empty.
    @Test(arguments: GoldenLocales.all)
    func noSpokenLineHoldsAReportedPattern(_ golden: (catalog: String, locale: String)) throws {
        var lines: [(field: String, text: String, spoken: Bool)] = []
        // The golden file: its spoken lines, and (Catalan) every line.
        let file = try RenderedGoldens.text(catalog: golden.catalog, locale: golden.locale)
        var spokenPrices = false
        for line in file.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || line == "spoken prices" { spokenPrices = line == "spoken prices" }
            guard line.contains(" → ") else { continue }
            let parts = line.components(separatedBy: " → ")
            let text = parts[1].components(separatedBy: "  ⟨")[0]
            lines.append((String(parts[0]), text, spokenPrices || parts[0].hasSuffix(" spoken")))
        }
        // The examples and the sweep, through the renderer, for both stores.
        var products: [ImportedProduct] = []
        for name in ["products.json", "billingplans-storekit2.json", "billingplans-playconsole.json", "playconsole.json", "storekit2.json"] {
            products += try StoreDocuments.read(Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(name)"))).items
        }
        let sweep = Self.forbidden[golden.catalog] == nil ? [] : Self.currencies.flatMap(Self.sweep)
        for store in Store.allCases {
            var options = RenderOptions(store: store, include: [.spoken, .disclosures])
            options.asOf = try AsOf(parsing: "2026-12-01")
            let renderer = PaywallRenderer(options: options)
            let results = renderer.render(products, locale: try DisplayLocale(golden.locale))
                + (try sweep.map { try renderer.render($0, locale: golden.locale) }).map { .success($0) }
            for result in results {
                var collector = TextCollector()
                try result.get().visitFields(&collector)
                lines += collector.found
            }
        }
        #expect(lines.contains { $0.spoken })
        for line in lines where line.spoken {
            #expect(!line.text.isEmpty && !line.text.contains("{") && !line.text.contains("}"), "\(golden.locale) \(line.field): \(line.text)")
        }
        for pattern in try (Self.forbidden[golden.catalog] ?? []).map({ try Regex($0) }) {
            for line in lines where line.spoken || golden.catalog == "ca" {
                #expect(line.text.firstMatch(of: pattern) == nil, "\(golden.locale) \(line.field): \(line.text)")
            }
        }
    }

    /// Plans in one currency at amounts of every kind: one unit, a whole amount, a fraction, a
    /// large amount; a commitment, a prepaid plan and a paid offer, whose sentences place the
    /// amount after words that govern a case.
    static func sweep(_ currency: String) -> [Product] {
        let digits = Currencies.digits(of: currency) ?? 2
        let fraction = digits == 0 ? "3" : "1." + String(repeating: "5", count: digits)
        var products: [Product] = []
        for price in ["1", "2", "3", "5", fraction, "21", "1200"] {
            products.append(GoldenCases.product(price, currency, .months(1), offer: GoldenCases.offer(.freeTrial, unit: .week, count: 1)))
        }
        products.append(GoldenCases.product("1200", currency, .months(1), offer: Discount(
            paymentMode: .payAsYouGo, price: GoldenCases.decimal(fraction), subscriptionPeriod: .months(1), numberOfPeriods: 3)))
        products.append(GoldenCases.commitment(GoldenCases.decimal(fraction), .months(1), payments: 12, renewal: .regularPrice, currency: currency))
        products.append(GoldenCases.commitment(GoldenCases.decimal("1"), .months(1), payments: 12, renewal: .newCommitment, currency: currency))
        products.append(GoldenCases.prepaid(fraction, currency, .months(1)))
        products.append(GoldenCases.prepaid("1", currency, .months(1)))
        return products
    }

    /// Every text field of a result, with whether it is a spoken form.
    private struct TextCollector: ResultFieldVisitor {
        var prefix = ""
        var inSpoken = false
        var found: [(field: String, text: String, spoken: Bool)] = []
        mutating func text(_ key: String, _ value: String?) {
            if let value { found.append((prefix + key, value, inSpoken)) }
        }
        mutating func number(_ key: String, _ value: Int?) {}
        mutating func runs(_ key: String, _ value: [TextRun]) {}
        mutating func object(_ key: String, present: Bool, _ members: (inout Self) -> Void) {
            guard present, key != "parts" else { return }
            let (savedPrefix, savedSpoken) = (prefix, inSpoken)
            prefix += key + "."
            inSpoken = inSpoken || key == "spoken"
            members(&self)
            (prefix, inSpoken) = (savedPrefix, savedSpoken)
        }
        mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout Self, Int) -> Void) {
            guard present else { return }
            let saved = prefix
            for index in 0..<count {
                prefix = saved + "\(key)[\(index)]."
                element(&self, index)
            }
            prefix = saved
        }
    }

    // MARK: - The forms each catalog gives

    /// A catalog that says amounts in a case gives the form for every currency of both stores'
    /// storefronts (and the golden files'), at amounts of every plural category and with and
    /// without a fraction; and the number in each form is ICU's, as in ICU's own long name.
    @Test(arguments: GoldenLocales.catalogs)
    func caseFormsCoverEveryStorefrontCurrency(_ catalog: String) throws {
        let locale = try #require(GoldenLocales.all.first { $0.catalog == catalog }?.locale)
        let context = try RenderContext(snapshot: Catalogs.builtIn.snapshot, locale: DisplayLocale(locale).identity)
        let used = context.amountForms.cases
        #expect(Set(used) == Set(Self.expectedCases[catalog] ?? []), "\(catalog) gives forms in \(used)")
        guard !used.isEmpty || context.amountForms.nominative else { return }
        for currency in Self.currencies {
            let formatter = try context.priceFormatter(currency: currency, path: "price")
            for amount in Self.amounts(currency) {
                let text = try context.price(amount, with: formatter, role: .regularPrice, TextMode(speaks: true, listsParts: false),
                                             path: "price")
                let nominative = try #require(text.notes?.spoken)
                let number = try #require(nominative.split(separator: " ").first)
                for spokenCase in used {
                    let form = try #require(text.notes?.cases?[spokenCase], "\(catalog) has no \(spokenCase) form of \(amount) \(currency)")
                    #expect(form.split(separator: " ").first == number, "\(catalog) \(spokenCase) \(amount) \(currency): \(form)")
                }
            }
        }
    }

    /// The cases each catalog gives forms in; every other catalog gives none.
    static let expectedCases: [String: [SpokenCase]] = ["de": [.dative], "ta": [.dative], "kn": [.oblique]]

    /// Amounts of every kind in a currency's digits: one, two, few, many and other in the
    /// languages that have them, a fraction, a large amount.
    static func amounts(_ currency: String) -> [String] {
        let digits = Currencies.digits(of: currency) ?? 2
        let fractions = digits == 0 ? [] : ["0." + String(repeating: "5", count: digits), "1.5", "9.99", "3.5"]
        return ["1", "2", "3", "5", "11", "21", "22", "100", "101", "1200", "1000000"] + fractions
    }

    // MARK: - German: the dative after "von"

    @Test func germanSaysTheDativeAfterVon() throws {
        func terms(_ price: String, _ currency: String) throws -> String? {
            try render(product(price, currency), "de-DE", options: Self.spoken).spoken["terms"]
        }
        #expect(try terms("1200", "JPY") == "Das Abo verlängert sich automatisch zum Preis von 1.200 japanischen Yen pro Monat, bis es gekündigt wird.")
        #expect(try terms("1", "JPY") == "Das Abo verlängert sich automatisch zum Preis von 1 japanischem Yen pro Monat, bis es gekündigt wird.")
        #expect(try terms("1", "CZK") == "Das Abo verlängert sich automatisch zum Preis von 1 tschechischer Krone pro Monat, bis es gekündigt wird.")
        #expect(try terms("249", "CZK") == "Das Abo verlängert sich automatisch zum Preis von 249 tschechischen Kronen pro Monat, bis es gekündigt wird.")
        #expect(try terms("4.99", "GBP") == "Das Abo verlängert sich automatisch zum Preis von 4,99 britischen Pfund pro Monat, bis es gekündigt wird.")
        // A noun without an adjective is the same in the dative.
        #expect(try terms("9.99", "USD") == "Das Abo verlängert sich automatisch zum Preis von 9,99 US-Dollar pro Monat, bis es gekündigt wird.")
        // The nominative, where it is grammatical: the adjective in lower case, as in running text.
        #expect(try render(product("1200", "JPY"), "de-DE", options: Self.spoken).spoken["price"] == "1.200 japanische Yen")
        // A commitment: each payment after "von je", the total in the nominative.
        let commitment = GoldenCases.commitment(decimal("14.90"), .months(1), payments: 12, renewal: .regularPrice, currency: "BRL")
        let text = try render(commitment, "de-DE", options: Self.spoken)
        #expect(text.spoken["billingPlan.summary"] == "12 monatliche Zahlungen von je 14,90 brasilianischen Real (insgesamt 178,80 brasilianische Real)")
        #expect(text.spoken["terms"] == "Das Abo verpflichtet zu 12 monatlichen Zahlungen von je 14,90 brasilianischen Real, insgesamt 178,80 "
                + "brasilianische Real; danach verlängert es sich automatisch zum Preis von 14,90 brasilianischen Real pro Monat, bis es gekündigt wird.")
        // What is shown is as before.
        #expect(text.terms == "Das Abo verpflichtet zu 12 monatlichen Zahlungen von je 14,90\u{00A0}R$, insgesamt 178,80\u{00A0}R$; danach "
                + "verlängert es sich automatisch zum Preis von 14,90\u{00A0}R$/Monat, bis es gekündigt wird.")
    }

    /// A currency neither store prices in has no dative form: the amount is said where ICU's
    /// nominative is grammatical, after a colon.
    @Test func germanPlacesAnyOtherCurrencyAfterAColon() throws {
        let text = try render(product("5000", "XOF"), "de-DE", options: Self.spoken)
        #expect(text.spoken["terms"] == "Das Abo verlängert sich automatisch, bis es gekündigt wird. Preis: 5.000 CFA-Francs (BCEAO) pro Monat.")
        // The shown text keeps its wording.
        #expect(text.terms == "Das Abo verlängert sich automatisch zum Preis von 5.000\u{00A0}F\u{202F}CFA/Monat, bis es gekündigt wird.")
        let commitment = GoldenCases.commitment(decimal("5000"), .months(1), payments: 12, renewal: .ends, currency: "XOF")
        #expect(try render(commitment, "de-DE", options: Self.spoken).spoken["terms"]
                == "Das Abo verpflichtet zu 12 monatlichen Zahlungen, Betrag je Zahlung: 5.000 CFA-Francs (BCEAO), insgesamt 60.000 CFA-Francs (BCEAO); danach endet das Abo.")
    }

    // MARK: - Slovenian: a decimal in the genitive singular

    @Test func slovenianSaysADecimalInTheGenitiveSingular() throws {
        func price(_ amount: String, _ currency: String) throws -> String? {
            try render(product(amount, currency), "sl-SI", options: Self.spoken).spoken["price"]
        }
        #expect(try price("9.99", "USD") == "9,99 ameriškega dolarja")
        #expect(try price("24.99", "EUR") == "24,99 evra")
        #expect(try price("29.90", "BRL") == "29,90 brazilskega reala")
        #expect(try price("3.50", "CZK") == "3,50 češke krone")
        // Whole amounts take ICU's forms, which agree with the number.
        #expect(try price("1", "USD") == "1 ameriški dolar")
        #expect(try price("2", "USD") == "2 ameriška dolarja")
        #expect(try price("3", "USD") == "3 ameriški dolarji")
        #expect(try price("60", "EUR") == "60 evrov")
        #expect(try render(product("9.99", "USD"), "sl-SI", options: Self.spoken).spoken["terms"]
                == "Naročnina se samodejno podaljšuje po ceni 9,99 ameriškega dolarja na mesec, dokler je ne prekličete.")
    }

    /// A decimal in a currency the catalog has no genitive for: the number, and the currency's
    /// name after a colon.
    @Test func slovenianNamesAnyOtherCurrencyAfterAColon() throws {
        #expect(try render(product("9.99", "XCD"), "sl-SI", options: Self.spoken).spoken["price"] == "9,99 (valuta: vzhodnokaribski dolar)")
        #expect(try render(product("5000", "XOF"), "sl-SI", options: Self.spoken).spoken["price"] == "5.000 zahodnoafriških frankov CFA")
    }

    // MARK: - Kannada and Tamil: before a postposition, in the dative

    @Test func kannadaSaysTheNounWithoutItsPluralBeforeAPostposition() throws {
        let monthly = try render(product("9.99", "USD"), "kn-IN", options: Self.spoken)
        #expect(monthly.spoken["terms"] == "ನೀವು ರದ್ದುಗೊಳಿಸುವವರೆಗೆ ಚಂದಾದಾರಿಕೆಯನ್ನು ತಿಂಗಳಿಗೆ 9.99 ಅಮೆರಿಕದ ಡಾಲರ್\u{200C} ದರದಲ್ಲಿ ಸ್ವಯಂಚಾಲಿತವಾಗಿ ನವೀಕರಿಸಲಾಗುತ್ತದೆ.")
        // The price alone keeps ICU's plural.
        #expect(monthly.spoken["price"] == "9.99 ಅಮೆರಿಕದ ಡಾಲರ್\u{200C}\u{200C}ಗಳು")
        let commitment = GoldenCases.commitment(decimal("4.99"), .months(1), payments: 12, renewal: .ends)
        let terms = try #require(try render(commitment, "kn-IN", options: Self.spoken).spoken["terms"])
        #expect(terms.hasPrefix("ನೀವು ತಲಾ 4.99 ಯೂರೊ ರಂತೆ 12 ಮಾಸಿಕ ಪಾವತಿಗಳಿಗೆ ಬದ್ಧರಾಗುತ್ತೀರಿ"))
    }

    @Test func tamilSaysTheDativeInsteadOfAHyphenatedEnding() throws {
        #expect(try render(GoldenCases.prepaid("12.99", "EUR", .months(1)), "ta-IN", options: Self.spoken).spoken["billingPlan.headline"]
                == "12.99 யூரோக்களுக்கு 1 மாதம்")
        #expect(try render(GoldenCases.prepaid("1", "EUR", .months(1)), "ta-IN", options: Self.spoken).spoken["billingPlan.headline"]
                == "1 யூரோவுக்கு 1 மாதம்")
        #expect(try render(GoldenCases.prepaid("39.90", "BRL", .months(1)), "ta-IN", options: Self.spoken).spoken["billingPlan.headline"]
                == "39.90 பிரேசிலியன் ரியால்களுக்கு 1 மாதம்")
        // Any other currency: the amount after a colon.
        #expect(try render(GoldenCases.prepaid("5000", "XOF", .months(1)), "ta-IN", options: Self.spoken).spoken["billingPlan.headline"]
                == "1 மாதம்: 5,000 மேற்கு ஆப்பிரிக்க CFA ஃப்ராங்க்குகள்")
    }

    // MARK: - Catalan: "de" elided before a vowel

    /// ICU's spellout in Catalan, whose first word chooses `d’` or `de`.
    @Test func catalanSpelloutsFirstWords() throws {
        let spellout = try ICU.Spellout(locale: "ca")
        let first = { (decimal: String) throws -> String in String(try spellout.format(decimal: decimal).prefix { !$0.isWhitespace }) }
        #expect(try first("1") == "u")
        #expect(try first("1.99") == "u")
        #expect(try first("11") == "onze")
        #expect(try first("11.99") == "onze")
        #expect(try first("100") == "cent")
        #expect(try first("1000") == "mil")
        #expect(try first("1000000") == "un")
        #expect(try first("8") == "vuit")
    }

    @Test(arguments: [("1.99", "d’1,99"), ("1", "d’1"), ("11", "d’11"), ("11.99", "d’11,99"), ("1000000", "d’1.000.000"),
                      ("8.99", "de 8,99"), ("0.99", "de 0,99"), ("21", "de 21"), ("100", "de 100"), ("1000", "de 1.000")])
    func catalanElidesDeBeforeAVowel(_ price: String, _ expected: String) throws {
        let offer = Discount(paymentMode: .payUpFront, price: decimal(price), subscriptionPeriod: .months(1), numberOfPeriods: 1)
        let text = try render(product("9.99", "EUR", intro: offer), "ca-ES", options: Self.spoken)
        let summary = try #require(text.offers.first?.summary)
        #expect(summary.hasPrefix("Un sol pagament \(expected)\u{00A0}€ pel primer mes"), "\(summary)")
        let said = try #require(text.offers.first?.spoken["summary"])
        #expect(said.hasPrefix("Un sol pagament \(expected) euro"), "\(said)")
        // The billed price of a monthly plan, shown and said.
        let billed = try render(product(price, "USD"), "ca-ES", options: Self.spoken).pricePer?.day.billed ?? ""
        #expect(billed.contains("amb un cobrament mensual \(expected)\u{00A0}USD"), "\(billed)")
    }

    /// Only a catalog that chooses words by an amount's first word spells amounts out.
    @Test func onlyCatalanSpellsAmountsOut() throws {
        let choosing = Catalogs.builtIn.snapshot.catalogs.values.filter(\.choosesAmountWords).map(\.name)
        #expect(choosing == ["ca"])
    }

    // MARK: - The plural category of an amount as written

    @Test func pluralCategoryOfTheAmountAsWritten() throws {
        let rules = try ICU.PluralRules(locale: "sl")
        let euros = try ICU.NumberFormatter(skeleton: Skeleton.amount(digits: 2), locale: "sl")
        #expect(try rules.category(of: "3", formattedBy: euros) == ("few", false))
        #expect(try rules.category(of: "3.5", formattedBy: euros) == ("few", true))
        #expect(try rules.category(of: "5", formattedBy: euros) == ("other", false))
        #expect(try rules.category(of: "101", formattedBy: euros) == ("one", false))
        #expect(try euros.format(decimal: "3.5") == "3,50")
        let english = try ICU.PluralRules(locale: "en")
        let dinars = try ICU.NumberFormatter(skeleton: Skeleton.amount(digits: 3), locale: "en")
        #expect(try english.category(of: "1", formattedBy: dinars) == ("one", false))
        #expect(try english.category(of: "1.5", formattedBy: dinars) == ("other", true))
        #expect(try dinars.format(decimal: "1.5") == "1.500")
    }

    @Test func skeletonOfAnAmount() {
        #expect(Skeleton.amount(digits: 0) == "precision-integer")
        #expect(Skeleton.amount(digits: 2) == ".00/w")
        #expect(Skeleton.amount(digits: 3) == ".000/w")
    }

    // MARK: - The linter

    /// The keywords of the forms: a currency ICU knows, a plural category of the language,
    /// `yes` or `no`; a case's availability; any first word of an amount.
    @Test func lintChecksTheFormsKeywords() throws {
        let english = try #require(CatalogSnapshotProbe.english())
        func problems(_ key: String, _ pattern: String) -> [String] {
            var messages = english.messages
            messages[key] = pattern
            return CatalogLinter.lint(Catalog(name: "en", file: "en.json", messages: messages, notes: english.notes), english: nil)
                .filter { $0.key == key }.map(\.message)
        }
        #expect(problems("spoken.amount.dative", "{currency, select, USD {{amount} dollars} other {}}").isEmpty)
        #expect(problems("spoken.amount.dative", "{currency, select, USDX {{amount}} other {}}").first?.contains("ISO 4217") == true)
        #expect(problems("spoken.amount.dative", "{plural, select, one {a} few {b} other {}}").first?.contains("few") == true)
        #expect(problems("spoken.amount.dative", "{fraction, select, yes {a} maybe {b} other {}}").first?.contains("maybe") == true)
        #expect(problems("spoken.terms.renewal", "{dative, select, given {{recurringPriceDative}} other {{said}}}").isEmpty)
        #expect(problems("spoken.terms.renewal", "{dative, select, yes {{said}} other {{said}}}").first?.contains("given, missing") == true)
        #expect(problems("billedPrice", "{unitPrice}, {priceWord, select, u {d’} anything {x} other {de }}{price}").isEmpty)
        #expect(problems("spoken.amount.oblique", "{amount}/{name}").first?.contains("'/'") == true)
    }
}
