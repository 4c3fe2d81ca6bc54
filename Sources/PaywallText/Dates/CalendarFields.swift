/// Periods as the calendar fields ICU adds (PRODUCT §15): the stores bill by the Gregorian
/// calendar in wall time, so a month is a calendar month (January 31 + 1 month is the last
/// day of February) and a day a calendar day (23:30 + 3 days is 23:30, whatever clock change
/// lies between).
///
/// Durations are added from the start, cumulatively: a week is 7 days and a year 12 months,
/// and consecutive periods of the same field are added as one amount, so that 1 month then
/// 1 month from January 31 ends on March 31 (start + 2 months), not March 28 (February 28 +
/// 1 month). Fields of different kinds are added in the order the periods come (a 1-week
/// trial then 3 monthly payments from January 25: February 1, then May 1), as a store starts
/// a phase when the one before it ends.
enum CalendarFields {
    typealias Amount = (field: ICU.GregorianCalendar.Field, amount: Int32)

    /// The amounts to add for periods in order.
    static func amounts(of periods: [SubscriptionPeriod]) -> [Amount] {
        var amounts: [Amount] = []
        amounts.reserveCapacity(2)
        for period in periods {
            let (field, multiple): (ICU.GregorianCalendar.Field, Int) = switch period.unit {
            case .day: (.days, 1)
            case .week: (.days, 7)
            case .month: (.months, 1)
            case .year: (.months, 12)
            }
            let amount = Int32(clamping: period.numberOfUnits.multipliedReportingOverflow(by: multiple).overflow
                ? Int.max : period.numberOfUnits * multiple)
            if let last = amounts.last, last.field == field {
                amounts[amounts.count - 1].amount = last.amount.addingReportingOverflow(amount).overflow ? .max : last.amount + amount
            } else {
                amounts.append((field, amount))
            }
        }
        return amounts
    }
}
