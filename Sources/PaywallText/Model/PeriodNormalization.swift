/// Which period conversions to apply before formatting.
///
/// By default 7 days are shown as 1 week (any multiple of 7 days, in weeks) and
/// 12 months as 1 year (any multiple of 12 months, in years). Nothing else is
/// converted: 30 days stay 30 days. Each conversion can be switched off.
public struct PeriodNormalization: Sendable, Hashable {
    /// Show a day count that is a multiple of 7 in weeks.
    public var daysAsWeeks: Bool
    /// Show a month count that is a multiple of 12 in years.
    public var monthsAsYears: Bool

    /// Creates a normalization; both conversions are on by default.
    public init(daysAsWeeks: Bool = true, monthsAsYears: Bool = true) {
        self.daysAsWeeks = daysAsWeeks
        self.monthsAsYears = monthsAsYears
    }

    /// Both conversions on.
    public static let standard = PeriodNormalization()
    /// No conversion: periods are shown in the units they were given in.
    ///
    /// Named `disabled` rather than `none`, which would read as `Optional.none` where a
    /// normalization is optional.
    public static let disabled = PeriodNormalization(daysAsWeeks: false, monthsAsYears: false)

    /// The period in the unit it is shown in.
    public func normalize(_ period: SubscriptionPeriod) -> SubscriptionPeriod {
        switch period.unit {
        case .day where daysAsWeeks && period.numberOfUnits % 7 == 0:
            return .weeks(period.numberOfUnits / 7)
        case .month where monthsAsYears && period.numberOfUnits % 12 == 0:
            return .years(period.numberOfUnits / 12)
        default:
            return period
        }
    }
}

extension PeriodNormalization {
    /// The length of several periods one after another, as it is shown: each unit's total in
    /// the unit it is shown in (a multiple of 7 days in weeks, of 12 months in years), the
    /// largest unit first. One week then three months is `[3 months, 1 week]`; nothing else
    /// is converted, since a month has no fixed number of days or weeks.
    func total(_ periods: [SubscriptionPeriod]) -> [SubscriptionPeriod] {
        var counts: [PeriodUnit: Int] = [:]
        for period in periods { counts[period.unit, default: 0] += period.numberOfUnits }
        var shown: [PeriodUnit: Int] = [:]
        for (unit, count) in counts where count > 0 {
            let period = normalize(SubscriptionPeriod(unit: unit, numberOfUnits: count))
            shown[period.unit, default: 0] += period.numberOfUnits
        }
        return PeriodUnit.allCases.reversed().compactMap { unit in
            shown[unit].map { SubscriptionPeriod(unit: unit, numberOfUnits: $0) }
        }
    }
}
