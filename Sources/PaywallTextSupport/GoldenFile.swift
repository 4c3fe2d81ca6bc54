#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
package import PaywallText
package import PaywallTextGoldens

/// Renders one locale's golden file: the same cases, in the same order, for every locale,
/// all through ``PaywallRenderer`` (the code that ships).
package enum GoldenFile {
    /// Counts that reach every integer plural category of every golden locale: for each
    /// locale and category, the smallest integer ICU's rules give for it, plus 21, 22,
    /// 100 and 101 (forms that differ from 1 and 2 in several languages).
    package static let counts: [Int] = {
        var counts: Set<Int> = [21, 22, 100, 101]
        for (_, locale) in GoldenLocales.all {
            guard let categories = try? PluralCategories.integers(locale: locale) else { continue }
            counts.formUnion(categories.map(\.smallest))
        }
        return counts.sorted()
    }()

    /// The counts a product may have (1 to ``Limits/maximumUnits``).
    static var productCounts: [Int] { counts.filter { (1...Limits.maximumUnits).contains($0) } }

    /// The golden text of one locale.
    ///
    /// - Parameter catalogs: Where the sentences come from; a translator previews an edited
    ///   folder with `paywall-text goldens --catalogs Locales`.
    package static func render(catalog: String, locale: String, catalogs: Catalogs = .builtIn) throws(PaywallTextError) -> String {
        let display = try DisplayLocale(locale)
        let catalogUsed = try catalogs.catalogName(for: locale)
        guard catalogUsed == catalog else {
            throw PaywallTextError(.invalidCatalog, catalog: CatalogLocation(file: "Locales/\(catalog).json"),
                                   message: "\(locale) is served by the \(catalogUsed) catalog, not \(catalog)")
        }
        var file = GoldenWriter(locale: locale, catalogs: catalogs)
        let localCurrency = try PluralCategories.localCurrency(locale: locale)
        try file.header("# PaywallText golden file · locale \(display.identifier) · catalog \(catalog)", entries: "input",
                        extra: ["# Time zone data \(TimeZoneName.dataVersion) (the dates' clock changes)"])
        try writePrices(&file, localCurrency: localCurrency)
        try writePeriods(&file)
        try writeOffers(&file)
        try writeOffersByCount(&file)
        try writeSeveralPhases(&file)
        try writeUnitPrices(&file, localCurrency: localCurrency)
        try writeBilledByCount(&file)
        try writeSavingsAndDiscounts(&file)
        try writeTerms(&file)
        try writeDates(&file)
        try writeBillingPlans(&file)
        try writeSpokenAndParts(&file, localCurrency: localCurrency)
        try writeDisclosures(&file)
        return file.text
    }

    // MARK: - Sections

    private static func writePrices(_ file: inout GoldenWriter, localCurrency: (code: String, digits: Int)?) throws(PaywallTextError) {
        file.section("Prices")
        for (amount, currency) in GoldenCases.prices(localCurrency: localCurrency) {
            let text = try file.render(Product(price: GoldenCases.decimal(amount), currencyCode: currency))
            file.entry("\(amount) \(currency)", text.price)
        }
    }

    private static func writePeriods(_ file: inout GoldenWriter) throws(PaywallTextError) {
        file.section("Periods")
        for unit in PeriodUnit.allCases {
            for count in counts {
                let (text, category) = try file.renderer().period(SubscriptionPeriod(unit: unit, numberOfUnits: count), locale: file.locale)
                file.entry("\(unit.rawValue) · \(count)", text, category: category)
            }
        }

        file.section("Recurring prices")
        for unit in PeriodUnit.allCases {
            for count in productCounts {
                let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
                let text = try file.render(GoldenCases.product("9.99", "USD", period), normalization: .disabled)
                file.entry("9.99 USD/\(GoldenWriter.describe(period))", text.recurringPrice ?? "", category: try file.category(count))
            }
        }

        file.section("Plan names and short prices")
        for unit in PeriodUnit.allCases {
            for count in productCounts {
                let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
                let text = try file.render(GoldenCases.product("9.99", "USD", period), normalization: .disabled)
                let label = "9.99 USD/\(GoldenWriter.describe(period))"
                let category = try file.category(count)
                file.entry("\(label) plan name", text.planName ?? "", category: category)
                file.entry("\(label) short", text.recurringPriceShort ?? "", category: category)
            }
        }

        file.section("Normalization")
        for (period, normalization, note) in GoldenCases.normalization {
            let (text, counts) = try file.renderWithCounts(GoldenCases.product("1", "USD", period), normalization: normalization)
            file.entry("\(GoldenWriter.describe(period))\(note)", text.period ?? "", category: try file.category(counts.period ?? 0))
        }
    }

    private static func writeOffers(_ file: inout GoldenWriter) throws(PaywallTextError) {
        file.section("Offers")
        for offer in GoldenCases.offers {
            let (rendered, counts) = try file.renderWithCounts(offer.product)
            guard let text = rendered.offers.first, let shown = counts.offers.first?.first, let regular = counts.period else { continue }
            let pricePart = offer.mode == .freeTrial ? "" : " · \(offer.price) \(offer.currency)"
            file.blank()
            file.line("\(offer.mode.rawValue)\(pricePart) · \(GoldenWriter.describe(offer.period)) × \(offer.periods)"
                      + " · then \(offer.regularDescription)")
            file.entry("  regular price", rendered.price)
            file.entry("  regular period", rendered.period ?? "", category: try file.category(regular))
            file.entry("  recurring price", rendered.recurringPrice ?? "")
            file.entry("  offer price", text.price)
            file.entry("  offer period", text.period, category: try file.category(shown.period))
            file.entry("  offer duration", text.duration, category: try file.category(shown.duration))
            file.entry("  headline", text.headline)
            file.entry("  summary", text.summary)
            file.entry("  discount" + (text.discount.map { " \($0.percent)" } ?? ""), text.discount?.headline ?? "none")
            file.entry("  terms", text.terms)
        }
    }

    /// Every payment mode, unit and count, so that each plural category reaches every
    /// offer sentence: after 9.99 USD/1 month, without normalization (21 days stay days).
    private static func writeOffersByCount(_ file: inout GoldenWriter) throws(PaywallTextError) {
        file.section("Offer sentences by count (then 9.99 USD/1 month)")
        for mode in PaymentMode.allCases {
            for unit in PeriodUnit.allCases {
                for count in productCounts {
                    let offer = GoldenCases.offer(mode, unit: unit, count: count)
                    let text = try file.render(GoldenCases.product("9.99", "USD", .months(1), offer: offer), normalization: .disabled)
                    guard let rendered = text.offers.first else { continue }
                    let label = "\(mode.rawValue) · \(GoldenWriter.describe(SubscriptionPeriod(unit: unit, numberOfUnits: count))) [\(try file.category(count))]"
                    file.entry("\(label) headline", rendered.headline)
                    file.entry("\(label) summary", rendered.summary)
                    file.entry("\(label) phase", rendered.phases.first?.headline ?? "")
                }
            }
        }
    }

    private static func writeSeveralPhases(_ file: inout GoldenWriter) throws(PaywallTextError) {
        file.section("Offers of several phases")
        for example in GoldenCases.severalPhases {
            let text = try file.render(GoldenCases.product(phased: example))
            guard let offer = text.offers.first else { continue }
            file.blank()
            file.line(example.title)
            file.entry("  headline", offer.headline)
            file.entry("  summary", offer.summary)
            file.entry("  duration", offer.duration)
            file.entry("  discount" + (offer.discount.map { " \($0.percent)" } ?? ""), offer.discount?.headline ?? "none")
            file.entry("  terms", offer.terms)
            for (index, phase) in offer.phases.enumerated() {
                file.entry("  phase \(index + 1)", phase.headline)
                if let discount = phase.discount { file.entry("  phase \(index + 1) discount \(discount.percent)", discount.headline) }
                if let month = phase.pricePer?.month {
                    file.entry("  phase \(index + 1) per month", month.recurringPrice)
                    // What is charged: recurring for a pay-as-you-go phase, one payment for one paid up front.
                    if let billed = month.billed { file.entry("  phase \(index + 1) per month billed", billed) }
                }
            }
        }
    }

    private static func writeUnitPrices(_ file: inout GoldenWriter, localCurrency: (code: String, digits: Int)?) throws(PaywallTextError) {
        file.section("Prices per unit (exact, rounded toward zero)")
        for (amount, currency, period) in GoldenCases.unitPrices(localCurrency: localCurrency) {
            let text = try file.render(GoldenCases.product(amount, currency, period), normalization: .disabled)
            guard let pricePer = text.pricePer else { continue }
            file.blank()
            file.line("\(amount) \(currency)/\(GoldenWriter.describe(period))")
            for unit in PeriodUnit.allCases {
                let price = pricePer[unit]
                file.entry("  per \(unit.rawValue) (\(price.amount))", price.price)
                file.entry("  per \(unit.rawValue) recurring", price.recurringPrice)
                if let billed = price.billed { file.entry("  per \(unit.rawValue) billed", billed) }
            }
        }
        let halfEven = RenderOptions(unitPriceRounding: .halfEven)
        let text = try file.renderer(.standard, halfEven).render(GoldenCases.product("53.99", "USD", .years(1)), locale: file.locale)
        file.blank()
        file.entry("53.99 USD/1 year per month, rounded half-even (\(text.pricePer?.month.amount ?? ""))", text.pricePer?.month.price ?? "")
    }

    private static func writeBilledByCount(_ file: inout GoldenWriter) throws(PaywallTextError) {
        file.section("Billed prices by count")
        for unit in PeriodUnit.allCases {
            let per: PeriodUnit = unit == .month ? .week : .month
            for count in productCounts {
                let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
                let text = try file.render(GoldenCases.product("99.99", "USD", period), normalization: .disabled)
                file.entry("99.99 USD/\(GoldenWriter.describe(period)) per \(per.rawValue)", text.pricePer?[per].billed ?? "none",
                           category: try file.category(count))
            }
        }
    }

    /// One paywall's plans and what each saves against the others: its percent and badge,
    /// and with `amounts` what it saves in a year.
    static func writeSavings(
        _ products: [Product], names: [String], amounts: Bool, to file: inout GoldenWriter
    ) throws(PaywallTextError) {
        file.blank()
        file.line("plans: " + names.joined(separator: ", "))
        for (name, result) in zip(names, file.renderer().render(products, locale: file.locale)) {
            guard let savings = try result.get().savings else {
                file.line("  \(name) → none")
                continue
            }
            file.entry("  \(name) saves \(savings.percent)", savings.text)
            file.entry("  \(name) badge", savings.headline)
            if amounts { file.entry("  \(name) saves a year (\(savings.amount ?? ""))", savings.amountHeadline ?? "") }
        }
    }

    private static func writeSavingsAndDiscounts(_ file: inout GoldenWriter) throws(PaywallTextError) {
        file.section("Savings between plans (against the dearest per month)")
        for plans in GoldenCases.savings {
            let (products, names) = GoldenCases.paywall(plans)
            try writeSavings(products, names: names, amounts: true, to: &file)
        }

        file.section("Discounts of offers (against the regular price over the same time)")
        for offer in GoldenCases.discounts {
            let label = "\(offer.offerDescription) · regular \(offer.regularDescription)"
            guard let discount = try file.render(offer.product).offers.first?.discount else {
                file.line("\(label) → none")
                continue
            }
            file.entry("\(label) saves \(discount.percent)", discount.text)
            file.entry("\(label) badge", discount.headline)
        }
    }

    private static func writeTerms(_ file: inout GoldenWriter) throws(PaywallTextError) {
        file.section("Renewal terms")
        for unit in PeriodUnit.allCases {
            for count in productCounts {
                let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
                let text = try file.render(GoldenCases.product("9.99", "USD", period), normalization: .disabled)
                file.entry("9.99 USD/\(GoldenWriter.describe(period))", text.terms ?? "", category: try file.category(count))
            }
        }
        let trial = GoldenCases.monthlyWithWeekTrial
        let paid = GoldenCases.product("9.99", "USD", .months(1), offer: GoldenCases.offer(.payAsYouGo, unit: .month, count: 3))
        file.blank()
        file.entry("after a free trial", try file.render(trial).offers.first?.terms ?? "")
        file.entry("after a paid offer", try file.render(paid).offers.first?.terms ?? "")
        for hint in Store.allCases {
            let text = try file.renderer(.standard, RenderOptions(store: hint)).render(trial, locale: file.locale)
            file.entry("with the \(hint.rawValue) hint", text.terms ?? "")
            file.entry("after a free trial, with the \(hint.rawValue) hint", text.offers.first?.terms ?? "")
        }
    }
}

extension GoldenFile {
    /// Spoken forms and parts (``RenderOptions/include``): the spoken price of amounts that reach
    /// every plural category of integers and of several currencies (ICU's long currency names),
    /// then every field of a plan with a free trial, the offers of the other modes, an offer of
    /// three phases, and an annual plan's prices per unit and savings.
    ///
    /// Written for the catalogs that have the spoken messages, so that a catalog not yet
    /// translated still checks the rest of its file (lint names the messages missing).
    private static func writeSpokenAndParts(_ file: inout GoldenWriter, localCurrency: (code: String, digits: Int)?) throws(PaywallTextError) {
        guard try file.catalogs.hasEveryMessage(startingWith: "spoken.", for: file.locale) else { return }
        file.section("Spoken forms and parts")
        let renderer = file.renderer(.standard, RenderOptions(include: [.spoken, .parts]))
        func render(_ product: Product) throws(PaywallTextError) -> RenderedProduct {
            try renderer.render(product, locale: file.locale)
        }

        file.blank()
        file.line("spoken prices")
        var amounts: [(String, String, String?)] = try PluralCategories.integers(locale: file.locale).map {
            ("\($0.smallest)", "USD", $0.category)
        }
        amounts += [("9.99", "USD", nil), ("24.99", "EUR", nil), ("1200", "JPY", nil), ("3.99", "KWD", nil),
                    ("9.90", "PEN", nil), ("99", "SEK", nil)]
        if let local = localCurrency?.code, !amounts.contains(where: { $0.1 == local }) { amounts.append(("10", local, nil)) }
        for (amount, currency, category) in amounts {
            let text = try render(Product(price: GoldenCases.decimal(amount), currencyCode: currency))
            file.entry("  \(amount) \(currency) (\(text.price))", text.spoken["price"] ?? text.price, category: category)
        }

        let paywall = GoldenCases.paywall([("6.99", "USD", .months(1)), ("53.99", "USD", .years(1))])
        let annual = try file.renderer(.standard, RenderOptions(include: [.spoken, .parts]))
            .render(paywall.products, locale: file.locale)[1].get()
        // Prices per unit once (the annual plan's), and a phase's fields only where an offer has several.
        let ownFields = { (path: String) in !path.contains("pricePer") && !path.contains("phases") }
        let offerFields = { (path: String) in path.hasPrefix("offers") && ownFields(path) }
        let examples: [(title: String, text: RenderedProduct, fields: (String) -> Bool)] = [
            ("9.99 USD/1 month · introductory freeTrial 1 week", try render(GoldenCases.monthlyWithWeekTrial), ownFields),
            (GoldenCases.offers[6].offerDescription + " · then " + GoldenCases.offers[6].regularDescription,
             try render(GoldenCases.offers[6].product), offerFields),
            (GoldenCases.offers[11].offerDescription + " · then " + GoldenCases.offers[11].regularDescription,
             try render(GoldenCases.offers[11].product), offerFields),
            (GoldenCases.severalPhases[2].title, try render(GoldenCases.product(phased: GoldenCases.severalPhases[2])),
             { $0.hasPrefix("offers") && !$0.contains("pricePer") }),
            ("53.99 USD/1 year beside 6.99 USD/1 month", annual, { _ in true }),
        ]
        for example in examples {
            file.blank()
            file.line(example.title)
            file.annotations(of: example.text, indent: "  ", fields: example.fields)
        }
    }
}

extension Catalogs {
    /// The message patterns of the catalog that serves a locale, by key.
    func messages(for locale: String) throws(PaywallTextError) -> [String: String] {
        let name = try catalogName(for: locale)
        return all.first { $0.name == name }?.messages ?? [:]
    }

    /// Whether the catalog that serves a locale has every message whose key starts with
    /// `prefix` (`spoken.`, `disclosure.`). A catalog gets such messages from its translators
    /// after the English source, and lint names them missing until then: the golden files
    /// show their section for the catalogs that have them all.
    package func hasEveryMessage(startingWith prefix: String, for locale: String) throws(PaywallTextError) -> Bool {
        let messages = try messages(for: locale)
        return MessageKey.allCases.allSatisfy { !$0.rawValue.hasPrefix(prefix) || messages[$0.rawValue] != nil }
    }
}

/// Facts the golden tests check the files against.
enum GoldenCoverage {
    /// The plural categories integers reach in a locale, from ICU's rules.
    package static func integerCategories(locale: String) throws(PaywallTextError) -> [String] {
        try PluralCategories.integers(locale: locale).map(\.category)
    }
}

extension GoldenVerifier {
    /// Renders and checks one locale's file, `Goldens/<locale>.txt`.
    ///
    /// - Parameter catalogs: Where the sentences come from: the built-in catalogs, or a
    ///   folder being edited (then the comparison shows what the edit changes).
    package func verify(catalog: String, locale: String, catalogs: Catalogs = .builtIn) -> Outcome {
        verify(name: locale) { () throws(PaywallTextError) in
            try GoldenFile.render(catalog: catalog, locale: locale, catalogs: catalogs)
        }
    }
}
