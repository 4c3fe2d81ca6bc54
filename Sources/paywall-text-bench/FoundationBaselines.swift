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
    private var percentFormatters: [String: NumberFormatter] = [:]

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

    /// `35%` with a percent formatter, created per call or cached like the price formatters.
    private mutating func percent(_ value: Int, locale: String) -> String {
        let formatter: NumberFormatter
        if cached, let existing = percentFormatters[locale] {
            formatter = existing
        } else {
            formatter = NumberFormatter()
            formatter.numberStyle = .percent
            formatter.locale = Locale(identifier: locale)
            if cached { percentFormatters[locale] = formatter }
        }
        return formatter.string(from: NSNumber(value: Double(value) / 100)) ?? ""
    }

    /// Day, week, month and year prices of a monthly price with the usual Decimal rounding,
    /// each with its `/unit` and `billed` lines.
    private mutating func perUnit(_ monthly: Decimal, locale: String) -> [String] {
        let handler = NSDecimalNumberHandler(roundingMode: .down, scale: 2, raiseOnExactness: false, raiseOnOverflow: false,
                                             raiseOnUnderflow: false, raiseOnDivideByZero: false)
        let billed = price(monthly, currency: "USD", locale: locale)
        var texts: [String] = []
        for (unit, factor) in [("day", Decimal(12) / 365), ("week", Decimal(84) / 365), ("month", Decimal(1)), ("year", Decimal(12))] {
            let amount = (monthly * factor as NSDecimalNumber).rounding(accordingToBehavior: handler) as Decimal
            let text = price(amount, currency: "USD", locale: locale)
            texts += [text, "\(text)/\(unit)"]
            if unit != "month" { texts.append("\(text)/\(unit), billed monthly at \(billed)") }
        }
        return texts
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
        let terms = "Renews automatically at \(self.price(price, currency: "USD", locale: locale))/month until canceled."
        let trialTerms = "After the free trial, the subscription renews automatically at \(self.price(price, currency: "USD", locale: locale))/month until canceled."
        let offerTerms = "After the offer, the subscription renews automatically at \(self.price(price, currency: "USD", locale: locale))/month until canceled."
        var percentValue = (price - offerPrice) * 100 / price
        var rounded = Decimal()
        NSDecimalRound(&rounded, &percentValue, 0, .down)
        let percentText = percent(NSDecimalNumber(decimal: rounded).intValue, locale: locale)
        let trialPhase = "Free for \(days(input.trialDays, locale: locale))"
        let offerPhase = "\(self.price(offerPrice, currency: "USD", locale: locale))/month for \(months(input.offerMonths, locale: locale))"
        let pieces = [regular, period, recurring, "Free", trial, trial, trialHeadline, trialSummary,
                      offer, offerPeriod, offerDuration, offerHeadline, offerSummary, terms, trialTerms, offerTerms,
                      percentText, "\(percentText) off", trialPhase, offerPhase]
            + perUnit(price, locale: locale) + perUnit(offerPrice, locale: locale)
        return pieces.reduce(0) { $0 &+ $1.utf8.count }
    }
}
