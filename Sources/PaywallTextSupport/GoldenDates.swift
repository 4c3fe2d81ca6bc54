import PaywallText
import PaywallTextGoldens

/// The golden files' dates (PRODUCT §15): every offer of the other sections and every
/// payment mode, unit and count, dated from one instant in one time zone; then the cases
/// where calendar arithmetic goes wrong most easily, each from its own start.
extension GoldenFile {
    static func writeDates(_ file: inout GoldenWriter) throws(PaywallTextError) {
        let options = try GoldenCases.datedOptions()
        file.section("Dates from \(GoldenCases.datesStartText) in \(GoldenCases.datesZoneName)")
        for offer in GoldenCases.offers {
            let pricePart = offer.mode == .freeTrial ? "" : " · \(offer.price) \(offer.currency)"
            try writeDated(offer.product, title: "\(offer.mode.rawValue)\(pricePart) · \(GoldenWriter.describe(offer.period)) × \(offer.periods)"
                           + " · then \(offer.regularDescription)", options: options, to: &file)
        }
        // A promotional offer: the product's own dates follow its introductory offer, and it has none.
        for example in GoldenCases.severalPhases {
            try writeDated(GoldenCases.product(phased: example), title: example.title, options: options, productDates: false, to: &file)
        }

        // Without an introductory offer the first charge is at the start and the first renewal
        // one billing period later (January 31 + 1 month is February 28, + 1 year January 31,
        // 2027); a promotional offer, for existing subscribers, moves neither.
        var promotional = GoldenCases.product("9.99", "USD", .months(1))
        promotional.discounts = [Discount(identifier: "promo", type: .promotional, paymentMode: .payAsYouGo, price: GoldenCases.decimal("4.99"),
                                          subscriptionPeriod: .months(1), numberOfPeriods: 3)]
        for (title, product) in [("no introductory offer · 9.99 USD/1 month", GoldenCases.product("9.99", "USD", .months(1))),
                                 ("no introductory offer · 59.99 USD/1 year", GoldenCases.product("59.99", "USD", .years(1))),
                                 ("a promotional offer only · 4.99 USD · 1 month × 3 · then 9.99 USD/1 month", promotional)] {
            guard let dates = try file.renderer(.standard, options).render(product, locale: file.locale).dates else { continue }
            file.blank()
            file.line(title)
            file.entry("  first charge on (\(dates.firstChargeOn.iso))", dates.firstChargeOn.text)
            file.entry("  renews on (\(dates.renewsOn.iso))", dates.renewsOn.text)
        }

        file.section("Dated sentences by count (then 9.99 USD/1 month, from \(GoldenCases.datesStartText) in \(GoldenCases.datesZoneName))")
        let byCount = try GoldenCases.datedOptions(.disabled)
        for mode in PaymentMode.allCases {
            for unit in PeriodUnit.allCases {
                for count in productCounts {
                    let product = GoldenCases.product("9.99", "USD", .months(1), offer: GoldenCases.offer(mode, unit: unit, count: count))
                    guard let offer = try file.renderer(.disabled, byCount).render(product, locale: file.locale).offers.first else { continue }
                    let label = "\(mode.rawValue) · \(GoldenWriter.describe(SubscriptionPeriod(unit: unit, numberOfUnits: count)))"
                        + " (ends \(offer.dates?.endsOn.iso ?? "?")) [\(try file.category(count))]"
                    file.entry("\(label) dated headline", offer.datedHeadline ?? "")
                    file.entry("\(label) dated summary", offer.datedSummary ?? "")
                }
            }
        }

        file.section("Dates across month ends, a leap day and a clock change (each from its own start)")
        for example in GoldenCases.dateCases {
            try writeDated(example.product, title: "\(example.title) · from \(example.start) in \(example.zone) · then 9.99 USD/1 month",
                           options: try GoldenCases.datedOptions(from: example.start, in: example.zone), to: &file)
        }
    }

    /// A product's first offer with its end and dated sentences, and the product's dates.
    private static func writeDated(
        _ product: Product, title: String, options: RenderOptions, productDates: Bool = true, to file: inout GoldenWriter
    ) throws(PaywallTextError) {
        let text = try file.renderer(.standard, options).render(product, locale: file.locale)
        guard let offer = text.offers.first, let ends = offer.dates?.endsOn, let dates = text.dates else { return }
        file.blank()
        file.line(title)
        file.entry("  ends on (\(ends.iso))", ends.text)
        file.entry("  dated headline", offer.datedHeadline ?? "")
        file.entry("  dated summary", offer.datedSummary ?? "")
        guard productDates else { return }
        file.entry("  first charge on (\(dates.firstChargeOn.iso))", dates.firstChargeOn.text)
        file.entry("  renews on (\(dates.renewsOn.iso))", dates.renewsOn.text)
    }
}
