#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
package import PaywallText

/// Renders one locale's golden file: the same cases, in the same order, for every locale.
package enum GoldenFile {
    /// The first line of every file's ICU header, followed by the version.
    static let icuHeaderPrefix = "# ICU "

    /// Counts that reach every integer plural category of every golden locale: for each
    /// locale and category, the smallest integer ICU's rules give for it, plus 21, 22,
    /// 100 and 101 (forms that differ from 1 and 2 in several languages).
    package static let counts: [Int] = {
        var counts: Set<Int> = [21, 22, 100, 101]
        for (_, locale) in GoldenLocales.all {
            guard let formatters = try? LocaleFormatters.named(locale) else { continue }
            counts.formUnion(formatters.integerCategories.map(\.smallest))
        }
        return counts.sorted()
    }()

    /// The golden text of one locale, rendered by ``PaywallRenderer`` (the code that ships).
    package static func render(catalog: String, locale: String) throws(PaywallTextError) -> String {
        let formatters = try LocaleFormatters.named(locale)
        var file = GoldenWriter(locale: locale)
        let categories = formatters.integerCategories.map(\.category)
        let catalogUsed = try PaywallRenderer().catalogName(for: locale)
        guard catalogUsed == catalog else {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: "Locales/\(catalog).json"),
                                   message: "\(locale) is served by the \(catalogUsed) catalog, not \(catalog)")
        }
        file.line("# PaywallText golden file · locale \(formatters.languageTag) · catalog \(catalog)")
        file.line("\(icuHeaderPrefix)\(PaywallRenderer.icuVersion) · CLDR \(PaywallRenderer.cldrVersion)")
        file.line("# Plural categories of integers: \(categories.joined(separator: " "))")
        file.line("# Each entry: input → output [plural category of the count]. Text with invisible")
        file.line("# characters is followed by ⟨…⟩, where each one is written [U+XXXX].")

        file.section("Prices")
        for (amount, currency) in priceCases(localCurrency: formatters.localCurrency) {
            let product = Product(price: Decimal(string: amount) ?? 0, currencyCode: currency)
            let text = try PaywallRenderer().render(product, locale: locale)
            file.line("\(amount) \(currency) → \(VisibleText.entry(text.price))")
        }

        file.section("Periods")
        for unit in PeriodUnit.allCases {
            for count in counts {
                file.line("\(unit.rawValue) · \(count) → \(try file.period(.init(unit: unit, numberOfUnits: count)))")
            }
        }

        file.section("Recurring prices")
        for unit in PeriodUnit.allCases {
            for count in counts where (1...Limits.maximumUnits).contains(count) {
                let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
                let product = Product(price: Decimal(string: "9.99") ?? 0, currencyCode: "USD", subscriptionPeriod: period)
                let text = try PaywallRenderer(options: RenderOptions(normalization: .disabled)).render(product, locale: locale)
                file.line("9.99 USD/\(describe(period)) → \(VisibleText.entry(text.recurringPrice ?? "")) [\(try file.category(count))]")
            }
        }

        file.section("Normalization")
        for (period, normalization, note) in normalizationCases {
            // A product's billing period, normalized by the renderer as it renders it.
            let renderer = PaywallRenderer(options: RenderOptions(normalization: normalization))
            let product = Product(price: 1, currencyCode: "USD", subscriptionPeriod: period)
            let (text, model) = try renderer.renderWithModel(product, locale: locale)
            let shown = model.period?.numberOfUnits ?? 0
            file.line("\(describe(period))\(note) → \(VisibleText.entry(text.period ?? "")) [\(try file.category(shown))]")
        }

        file.section("Offers")
        for offer in offerCases {
            try file.offer(offer)
        }
        return file.text
    }

    // MARK: - Cases

    /// Whole and fractional amounts in USD, EUR, JPY (no decimals), KWD (three) and the
    /// locale's own currency.
    static func priceCases(localCurrency: String?) -> [(String, String)] {
        var cases: [(String, String)] = [
            ("9.99", "USD"), ("9.90", "USD"), ("10", "USD"), ("0.99", "USD"), ("1234.5", "USD"),
            ("24.99", "EUR"), ("24", "EUR"), ("1234.56", "EUR"),
            ("1200", "JPY"), ("98000", "JPY"),
            ("3.99", "KWD"), ("3.5", "KWD"), ("10", "KWD"),
        ]
        if let local = localCurrency {
            switch Currencies.digits(of: local) ?? 2 {
            case 0: cases += [("1200", local), ("98000", local)]
            case 3: cases += [("3.99", local), ("10", local)]
            default: cases += [("9.99", local), ("9.90", local), ("10", local)]
            }
        }
        return cases
    }

    static let normalizationCases: [(SubscriptionPeriod, PeriodNormalization, String)] = [
        (.days(7), .standard, ""),
        (.days(14), .standard, ""),
        (.days(28), .standard, ""),
        (.months(12), .standard, ""),
        (.months(24), .standard, ""),
        (.days(30), .standard, " (not a multiple of 7)"),
        (.months(18), .standard, " (not a multiple of 12)"),
        (.days(7), PeriodNormalization(daysAsWeeks: false), " (days as weeks off)"),
        (.months(12), PeriodNormalization(monthsAsYears: false), " (months as years off)"),
    ]

    /// One offer on one product: every payment mode, several durations and currencies.
    struct OfferCase {
        let mode: PaymentMode
        let price: String
        let period: SubscriptionPeriod
        let periods: Int
        let regularPrice: String
        let regularPeriod: SubscriptionPeriod
        let currency: String
    }

    static let offerCases: [OfferCase] = [
        OfferCase(mode: .freeTrial, price: "0", period: .days(3), periods: 1, regularPrice: "9.99", regularPeriod: .months(1), currency: "USD"),
        OfferCase(mode: .freeTrial, price: "0", period: .days(7), periods: 1, regularPrice: "9.99", regularPeriod: .months(1), currency: "USD"),
        OfferCase(mode: .freeTrial, price: "0", period: .weeks(2), periods: 1, regularPrice: "4.99", regularPeriod: .weeks(1), currency: "USD"),
        OfferCase(mode: .freeTrial, price: "0", period: .months(1), periods: 1, regularPrice: "59.99", regularPeriod: .months(12), currency: "USD"),
        OfferCase(mode: .freeTrial, price: "0", period: .months(3), periods: 1, regularPrice: "1200", regularPeriod: .months(1), currency: "JPY"),
        OfferCase(mode: .payAsYouGo, price: "0.99", period: .weeks(1), periods: 21, regularPrice: "4.99", regularPeriod: .weeks(1), currency: "USD"),
        OfferCase(mode: .payAsYouGo, price: "1.99", period: .months(1), periods: 3, regularPrice: "9.99", regularPeriod: .months(1), currency: "USD"),
        OfferCase(mode: .payAsYouGo, price: "2.99", period: .weeks(2), periods: 2, regularPrice: "9.99", regularPeriod: .months(1), currency: "USD"),
        OfferCase(mode: .payAsYouGo, price: "4.99", period: .months(1), periods: 5, regularPrice: "9.99", regularPeriod: .months(1), currency: "EUR"),
        OfferCase(mode: .payAsYouGo, price: "1.5", period: .months(1), periods: 2, regularPrice: "3.99", regularPeriod: .months(1), currency: "KWD"),
        OfferCase(mode: .payUpFront, price: "4.99", period: .months(3), periods: 1, regularPrice: "9.99", regularPeriod: .months(1), currency: "USD"),
        OfferCase(mode: .payUpFront, price: "29.99", period: .months(12), periods: 1, regularPrice: "59.99", regularPeriod: .years(1), currency: "USD"),
        OfferCase(mode: .payUpFront, price: "9.99", period: .months(1), periods: 5, regularPrice: "24.99", regularPeriod: .months(3), currency: "EUR"),
        OfferCase(mode: .payUpFront, price: "600", period: .days(7), periods: 2, regularPrice: "1200", regularPeriod: .months(1), currency: "JPY"),
    ]

    static func describe(_ period: SubscriptionPeriod) -> String {
        "\(period.numberOfUnits) \(period.unit.rawValue)\(period.numberOfUnits == 1 ? "" : "s")"
    }
}

/// Accumulates a golden file's lines.
struct GoldenWriter {
    let locale: String
    private(set) var text = ""

    init(locale: String) {
        self.locale = locale
    }

    mutating func line(_ line: String) {
        text += line + "\n"
    }

    mutating func section(_ title: String) {
        line("")
        line("## \(title)")
    }

    /// `21 неделя [one]`.
    func period(_ period: SubscriptionPeriod) throws(PaywallTextError) -> String {
        let (text, category) = try PaywallRenderer().period(period, locale: locale)
        return "\(VisibleText.entry(text)) [\(category)]"
    }

    /// The plural category ICU chooses for a count.
    func category(_ count: Int) throws(PaywallTextError) -> String {
        try PaywallRenderer().pluralCategory(for: count, locale: locale)
    }

    mutating func offer(_ offer: GoldenFile.OfferCase) throws(PaywallTextError) {
        let product = Product(
            price: Decimal(string: offer.regularPrice) ?? 0, currencyCode: offer.currency,
            subscriptionPeriod: offer.regularPeriod,
            introductoryPrice: Discount(paymentMode: offer.mode, price: Decimal(string: offer.price) ?? 0,
                                        subscriptionPeriod: offer.period, numberOfPeriods: offer.periods))
        let (rendered, model) = try PaywallRenderer().renderWithModel(product, locale: locale)
        guard let text = rendered.offers.first, let shown = model.offers.first, let regular = model.period else { return }

        let pricePart = offer.mode == .freeTrial ? "" : " · \(offer.price) \(offer.currency)"
        line("")
        line("\(offer.mode.rawValue)\(pricePart) · \(GoldenFile.describe(offer.period)) × \(offer.periods)"
             + " · then \(offer.regularPrice) \(offer.currency)/\(GoldenFile.describe(offer.regularPeriod))")
        line("  regular price → \(VisibleText.entry(rendered.price))")
        line("  regular period → \(VisibleText.entry(rendered.period ?? "")) [\(try category(regular.numberOfUnits))]")
        line("  recurring price → \(VisibleText.entry(rendered.recurringPrice ?? ""))")
        line("  offer price → \(VisibleText.entry(text.price))")
        line("  offer period → \(VisibleText.entry(text.period)) [\(try category(shown.period.numberOfUnits))]")
        line("  offer duration → \(VisibleText.entry(text.duration)) [\(try category(shown.duration.numberOfUnits))]")
        line("  headline → \(VisibleText.entry(text.headline))")
        line("  summary → \(VisibleText.entry(text.summary))")
    }
}

/// Facts the golden tests check the files against.
package enum GoldenCoverage {
    /// The plural categories integers reach in a locale, from ICU's rules.
    package static func integerCategories(locale: String) throws(PaywallTextError) -> [String] {
        try LocaleFormatters.named(locale).integerCategories.map(\.category)
    }
}
