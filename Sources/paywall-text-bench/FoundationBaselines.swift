import Foundation

/// What common paywall code does with Foundation: `NumberFormatter` with 0–2
/// fraction digits for prices, `Duration.UnitsFormatStyle` for every period, and
/// sentences by string interpolation. Duration has no calendar units, so a month
/// becomes 30 days: the inconsistency such code ships with.
struct FoundationBaseline {
    /// Create formatters on every call (`naive-foundation`) or keep them (`cached-foundation`).
    let cached: Bool
    private var numberFormatters: [String: NumberFormatter] = [:]
    private var durationStyles: [String: Duration.UnitsFormatStyle] = [:]

    init(cached: Bool) {
        self.cached = cached
    }

    private mutating func price(_ amount: Decimal, currency: String, locale: String) -> String {
        let key = locale + currency
        let formatter: NumberFormatter
        if cached, let existing = numberFormatters[key] {
            formatter = existing
        } else {
            formatter = NumberFormatter()
            formatter.numberStyle = .currency
            formatter.locale = Locale(identifier: locale)
            formatter.currencyCode = currency
            formatter.minimumFractionDigits = 0
            formatter.maximumFractionDigits = 2
            if cached { numberFormatters[key] = formatter }
        }
        return formatter.string(from: amount as NSDecimalNumber) ?? ""
    }

    /// A period of `count` days through `Duration.UnitsFormatStyle`, in weeks when whole.
    private mutating func days(_ count: Int, locale: String) -> String {
        let weeks = count % 7 == 0
        let key = locale + (weeks ? "w" : "d")
        let style: Duration.UnitsFormatStyle
        if cached, let existing = durationStyles[key] {
            style = existing
        } else {
            style = Duration.UnitsFormatStyle(allowedUnits: [weeks ? .weeks : .days], width: .wide).locale(Locale(identifier: locale))
            if cached { durationStyles[key] = style }
        }
        return Duration.seconds(count * 86_400).formatted(style)
    }

    private mutating func months(_ count: Int, locale: String) -> String {
        days(count * 30, locale: locale)
    }

    mutating func render(_ input: ScenarioInput, price: Decimal, offerPrice: Decimal, locale: String) -> Int {
        let regular = self.price(price, currency: "USD", locale: locale)
        let period = months(1, locale: locale)
        let recurring = "\(self.price(price, currency: "USD", locale: locale))/month"
        let trial = days(input.trialDays, locale: locale)
        let trialHeadline = "\(days(input.trialDays, locale: locale)) free"
        let trialSummary = "Free for \(days(input.trialDays, locale: locale)), then \(self.price(price, currency: "USD", locale: locale))/month"
        let offer = self.price(offerPrice, currency: "USD", locale: locale)
        let offerPeriod = months(1, locale: locale)
        let offerDuration = months(input.offerMonths, locale: locale)
        let offerHeadline = "\(self.price(offerPrice, currency: "USD", locale: locale))/month for \(months(input.offerMonths, locale: locale))"
        let offerSummary = "\(self.price(offerPrice, currency: "USD", locale: locale))/month for \(months(input.offerMonths, locale: locale)), then \(self.price(price, currency: "USD", locale: locale))/month"
        return [regular, period, recurring, "Free", trial, trial, trialHeadline, trialSummary,
                offer, offerPeriod, offerDuration, offerHeadline, offerSummary].reduce(0) { $0 &+ $1.utf8.count }
    }
}
