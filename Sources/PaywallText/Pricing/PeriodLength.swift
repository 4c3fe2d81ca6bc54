/// A length of time as the stores compare them: days (a week is 7) or months (a year is
/// 12), so that 7 days is 1 week and 12 months is 1 year. Days and months are not
/// compared with each other: a month has no fixed number of days.
struct PeriodLength: Hashable, CustomStringConvertible {
    enum Scale: Hashable { case days, months }
    let scale: Scale
    let count: Int

    init(days: Int) { scale = .days; count = days }
    init(months: Int) { scale = .months; count = months }

    init?(_ period: SubscriptionPeriod) {
        guard (1...Limits.maximumUnits).contains(period.numberOfUnits) else { return nil }
        switch period.unit {
        case .day: self.init(days: period.numberOfUnits)
        case .week: self.init(days: period.numberOfUnits * 7)
        case .month: self.init(months: period.numberOfUnits)
        case .year: self.init(months: period.numberOfUnits * 12)
        }
    }

    func times(_ factor: Int) -> PeriodLength? {
        let (product, overflow) = count.multipliedReportingOverflow(by: factor)
        guard !overflow else { return nil }
        return scale == .days ? PeriodLength(days: product) : PeriodLength(months: product)
    }

    /// In the largest unit that divides it: `2 weeks`, `10 days`, `1 year`, `18 months`.
    /// English, for developers' messages; paywall text comes from the catalogs.
    var description: String {
        func named(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
        switch scale {
        case .days: return count % 7 == 0 ? named(count / 7, "week") : named(count, "day")
        case .months: return count % 12 == 0 ? named(count / 12, "year") : named(count, "month")
        }
    }
}

