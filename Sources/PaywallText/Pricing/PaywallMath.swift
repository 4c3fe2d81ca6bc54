/// How a derived price (a price per unit of time) is rounded to the currency's digits.
public enum UnitPriceRounding: String, Sendable, Hashable, CaseIterable, Codable {
    /// Toward zero (the default): a derived price never exceeds the exact value, so
    /// `$53.99/year` is `$4.49` per month, not `$4.50`.
    case towardZero
    /// To the nearest, ties to the even digit: `$53.99/year` is `$4.50` per month.
    case halfEven
}

/// The arithmetic of a paywall, exact throughout.
///
/// Lengths of time are counted in days, with the conventions of PRODUCT §9: a week is
/// 7 days, a year is 365 days (so 365/7 weeks and 12 months), and a month is 365/12 days
/// (so 365/84 weeks). RevenueCat's SDKs use the same week, month and year figures, but
/// 30-day months when they convert a price given per day or per number of days; for a
/// plan billed in days the two differ (30 days at $9.99 is $9.99/month there and $10.13
/// per month here).
enum PaywallMath {
    /// The days in one unit.
    static func days(in unit: PeriodUnit) -> ExactAmount {
        switch unit {
        case .day: ExactAmount(1)
        case .week: ExactAmount(7)
        case .month: ExactAmount(365, 12)
        case .year: ExactAmount(365)
        }
    }

    /// The days in a period.
    static func days(in period: SubscriptionPeriod) -> ExactAmount {
        days(in: period.unit) * ExactAmount(Int128(period.numberOfUnits))
    }

    /// The exact price of one `unit` when `price` buys `period`.
    static func price(_ price: ExactAmount, per period: SubscriptionPeriod, in unit: PeriodUnit) -> ExactAmount {
        price * days(in: unit) / days(in: period)
    }

    /// The exact price of `other` when `price` buys `period`.
    static func price(_ price: ExactAmount, per period: SubscriptionPeriod, over other: SubscriptionPeriod) -> ExactAmount {
        price * days(in: other) / days(in: period)
    }

    /// The whole percent by which `price` is below `reference`, rounded down, so that a
    /// claim never overstates; `nil` unless it is at least 1.
    static func percentBelow(_ price: ExactAmount, reference: ExactAmount) -> Int? {
        guard ExactAmount.zero < reference, price < reference else { return nil }
        let percent = ((reference - price) * ExactAmount(100) / reference.reduced).floor
        return percent >= 1 ? Int(percent) : nil
    }
}
