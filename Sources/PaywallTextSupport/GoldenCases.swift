#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
package import PaywallText
import PaywallTextGoldens

/// The inputs of the golden files, the same for every locale.
package enum GoldenCases {
    package static func decimal(_ text: String) -> Decimal {
        Decimal(string: text) ?? 0
    }

    /// A subscription product with an optional introductory offer.
    package static func product(_ price: String, _ currency: String, _ period: SubscriptionPeriod, offer: Discount? = nil) -> Product {
        Product(price: decimal(price), currencyCode: currency, subscriptionPeriod: period, introductoryPrice: offer)
    }

    /// Whole and fractional amounts in USD, EUR, JPY (no decimals), KWD (three) and the
    /// locale's own currency.
    package static func prices(localCurrency: (code: String, digits: Int)?) -> [(String, String)] {
        var cases: [(String, String)] = [
            ("9.99", "USD"), ("9.90", "USD"), ("10", "USD"), ("0.99", "USD"), ("1234.5", "USD"),
            ("24.99", "EUR"), ("24", "EUR"), ("1234.56", "EUR"),
            ("1200", "JPY"), ("98000", "JPY"),
            ("3.99", "KWD"), ("3.5", "KWD"), ("10", "KWD"),
        ]
        if let local = localCurrency?.code, let digits = localCurrency?.digits {
            switch digits {
            case 0: cases += [("1200", local), ("98000", local)]
            case 3: cases += [("3.99", local), ("10", local)]
            default: cases += [("9.99", local), ("9.90", local), ("10", local)]
            }
        }
        return cases
    }

    package static let normalization: [(SubscriptionPeriod, PeriodNormalization, String)] = [
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

    /// One offer on one product.
    package struct OfferCase {
        package let mode: PaymentMode
        package let price: String
        package let period: SubscriptionPeriod
        package let periods: Int
        package let regularPrice: String
        let regularPeriod: SubscriptionPeriod
        package let currency: String

        /// The regular plan with this offer as its introductory offer.
        package var product: Product {
            GoldenCases.product(regularPrice, currency, regularPeriod, offer: Discount(
                paymentMode: mode, price: GoldenCases.decimal(price), subscriptionPeriod: period, numberOfPeriods: periods))
        }

        /// `payAsYouGo 1.99 USD/1 month × 3`.
        package var offerDescription: String {
            "\(mode.rawValue) \(price) \(currency)/\(GoldenWriter.describe(period)) × \(periods)"
        }

        /// `9.99 USD/1 month`.
        package var regularDescription: String {
            "\(regularPrice) \(currency)/\(GoldenWriter.describe(regularPeriod))"
        }
    }

    /// Every payment mode, several durations and currencies.
    package static let offers: [OfferCase] = [
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

    /// An offer of `count` units in a payment mode: a free trial or a one-time price for the
    /// whole time, or a price every unit for `count` units.
    package static func offer(_ mode: PaymentMode, unit: PeriodUnit, count: Int) -> Discount {
        let units = SubscriptionPeriod(unit: unit, numberOfUnits: count)
        switch mode {
        case .freeTrial:
            return Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: units)
        case .payAsYouGo:
            return Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: SubscriptionPeriod(unit: unit, numberOfUnits: 1),
                            numberOfPeriods: count)
        case .payUpFront:
            return Discount(paymentMode: .payUpFront, price: decimal("4.99"), subscriptionPeriod: units)
        }
    }

    /// 9.99 USD/1 month after a free trial of one week.
    package static var monthlyWithWeekTrial: Product {
        product("9.99", "USD", .months(1), offer: offer(.freeTrial, unit: .week, count: 1))
    }

    /// The products of one of ``savings``' paywalls, with their names (`6.99 USD/1 month`).
    package static func paywall(_ plans: [(price: String, currency: String, period: SubscriptionPeriod)]) -> (products: [Product], names: [String]) {
        (plans.map { product($0.price, $0.currency, $0.period) },
         plans.map { "\($0.price) \($0.currency)/\(GoldenWriter.describe($0.period))" })
    }

    /// The regular plan of one of ``severalPhases`` with the phases as a promotional offer.
    package static func product(phased example: (title: String, phases: [OfferPhase], regularPrice: String, regularPeriod: SubscriptionPeriod)) -> Product {
        var product = product(example.regularPrice, "USD", example.regularPeriod)
        product.discounts = [Discount(identifier: "phased", type: .promotional, phases: example.phases[0], then: Array(example.phases.dropFirst()))]
        return product
    }

    /// Offers of two and three phases.
    package static let severalPhases: [(title: String, phases: [OfferPhase], regularPrice: String, regularPeriod: SubscriptionPeriod)] = [
        ("freeTrial 1 week, then payAsYouGo 1.99 USD/1 month × 3 · then 9.99 USD/1 month",
         [OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
          OfferPhase(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)],
         "9.99", .months(1)),
        ("freeTrial 3 days, then payUpFront 4.99 USD for 3 months · then 9.99 USD/1 month",
         [OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3)),
          OfferPhase(paymentMode: .payUpFront, price: decimal("4.99"), subscriptionPeriod: .months(3))],
         "9.99", .months(1)),
        ("freeTrial 1 week, then payAsYouGo 0.99 USD/1 week × 4, then payUpFront 19.99 USD for 6 months · then 59.99 USD/1 year",
         [OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
          OfferPhase(paymentMode: .payAsYouGo, price: decimal("0.99"), subscriptionPeriod: .weeks(1), numberOfPeriods: 4),
          OfferPhase(paymentMode: .payUpFront, price: decimal("19.99"), subscriptionPeriod: .months(6))],
         "59.99", .years(1)),
    ]

    /// Plans whose price per unit PRODUCT §9 and the issue name, a zero-decimal and a
    /// three-decimal currency, and the locale's own currency.
    package static func unitPrices(localCurrency: (code: String, digits: Int)?) -> [(String, String, SubscriptionPeriod)] {
        var cases: [(String, String, SubscriptionPeriod)] = [
            ("53.99", "USD", .years(1)), ("14.99", "USD", .months(1)), ("30", "USD", .months(2)),
            ("40", "USD", .months(3)), ("120", "USD", .years(1)), ("50", "USD", .years(1)),
            ("10", "USD", .weeks(1)), ("10", "USD", .weeks(2)), ("9.99", "USD", .days(30)),
            ("1200", "JPY", .months(1)), ("9800", "JPY", .years(1)),
            ("3.99", "KWD", .months(1)), ("39.99", "KWD", .years(1)),
        ]
        if let local = localCurrency?.code, let digits = localCurrency?.digits, !["USD", "JPY", "KWD"].contains(local) {
            switch digits {
            case 0: cases.append(("9800", local, .years(1)))
            case 3: cases.append(("39.99", local, .years(1)))
            default: cases.append(("53.99", local, .years(1)))
            }
        }
        return cases
    }

    /// Paywalls of several plans; savings are against the dearest per month in each currency
    /// among the plans of another billing period (the last: ``tiers``).
    package static let savings: [[(price: String, currency: String, period: SubscriptionPeriod)]] = [
        [("6.99", "USD", .months(1)), ("53.99", "USD", .years(1))],
        [("2.99", "USD", .weeks(1)), ("7.99", "USD", .months(1)), ("39.99", "USD", .years(1))],
        [("9.99", "USD", .months(1)), ("99.99", "EUR", .years(1)), ("89.99", "USD", .years(1))],
        tiers,
    ]

    /// Offers with and without a discount: pay as you go per period, pay up front over the whole offer.
    package static let discounts: [OfferCase] = [
        OfferCase(mode: .payAsYouGo, price: "0.99", period: .weeks(1), periods: 4, regularPrice: "4.99", regularPeriod: .weeks(1), currency: "USD"),
        OfferCase(mode: .payAsYouGo, price: "1.99", period: .months(1), periods: 3, regularPrice: "9.99", regularPeriod: .months(1), currency: "USD"),
        OfferCase(mode: .payAsYouGo, price: "4.99", period: .months(1), periods: 6, regularPrice: "59.99", regularPeriod: .years(1), currency: "USD"),
        OfferCase(mode: .payUpFront, price: "4.99", period: .months(3), periods: 1, regularPrice: "9.99", regularPeriod: .months(1), currency: "USD"),
        OfferCase(mode: .payUpFront, price: "29.99", period: .years(1), periods: 1, regularPrice: "4.99", regularPeriod: .months(1), currency: "USD"),
        OfferCase(mode: .payUpFront, price: "9.99", period: .months(1), periods: 1, regularPrice: "9.99", regularPeriod: .months(1), currency: "USD"),
    ]
}
