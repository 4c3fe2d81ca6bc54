package import PaywallText

/// The inputs of the golden files' dates (PRODUCT §15), the same for every locale: a fixed
/// instant in a fixed time zone, and the cases where calendar arithmetic goes wrong most
/// easily.
extension GoldenCases {
    /// The instant dates are counted from, as written in the section's header.
    package static let datesStartText = "2026-01-31T10:00:00+01:00"
    /// The time zone dates are counted and written in.
    package static let datesZoneName = "Europe/Berlin"

    /// The options that render dates from ``datesStartText`` in ``datesZoneName``.
    package static func datedOptions(_ normalization: PeriodNormalization = .standard) throws(PaywallTextError) -> RenderOptions {
        try datedOptions(from: datesStartText, in: datesZoneName, normalization)
    }

    /// The options that render dates from an instant in a zone.
    package static func datedOptions(
        from start: String, in zone: String, _ normalization: PeriodNormalization = .standard
    ) throws(PaywallTextError) -> RenderOptions {
        let timeZone = try TimeZoneName(zone)
        return RenderOptions(normalization: normalization, asOf: try AsOf(parsing: start, timeZone: timeZone), timeZone: timeZone)
    }

    /// One offer from its own start: what the case shows, and the day it must end on.
    package struct DateCase: Sendable {
        /// Why the case is there: `Jan 31 + 1 month`.
        package let title: String
        package let start: String
        package let zone: String
        package let offer: Discount
        /// The day the offer ends, worked out by hand (see each case).
        package let endsOn: String

        /// 9.99 USD/1 month with the offer as its introductory offer.
        package var product: Product {
            GoldenCases.product("9.99", "USD", .months(1), offer: offer)
        }
    }

    /// Month ends, a leap day and a clock change (the days checked by hand: a month after
    /// January 31 is the last day of February, 28 days in 2026; February 29 + 1 year is
    /// February 28 in 2029, which has no leap day; 7 days after February 26, 2028 cross
    /// February 29: March 4; Europe/Paris moves its clocks forward in the night of March 29,
    /// 2026, and 23:30 three days after March 28 is 23:30 on March 31, while 72 hours would
    /// be 00:30 on April 1).
    package static let dateCases: [DateCase] = [
        DateCase(title: "Jan 31 + 1 month (free trial)", start: "2026-01-31T10:00:00+01:00", zone: "Europe/Berlin",
                 offer: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1)), endsOn: "2026-02-28"),
        DateCase(title: "Jan 31 + 2 × 1 month (pay as you go, cumulative from the start)", start: "2026-01-31T10:00:00+01:00",
                 zone: "Europe/Berlin", offer: Discount(paymentMode: .payAsYouGo, price: decimal("4.99"), subscriptionPeriod: .months(1),
                                                        numberOfPeriods: 2), endsOn: "2026-03-31"),
        DateCase(title: "Nov 30 + 3 × 1 month (pay as you go)", start: "2026-11-30T12:00:00Z", zone: "UTC",
                 offer: Discount(paymentMode: .payAsYouGo, price: decimal("4.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3),
                 endsOn: "2027-02-28"),
        DateCase(title: "Feb 29 + 1 year (pay up front)", start: "2028-02-29T12:00:00Z", zone: "UTC",
                 offer: Discount(paymentMode: .payUpFront, price: decimal("49.99"), subscriptionPeriod: .years(1)), endsOn: "2029-02-28"),
        DateCase(title: "Feb 26 + 1 week across a leap day (free trial)", start: "2028-02-26T12:00:00Z", zone: "UTC",
                 offer: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)), endsOn: "2028-03-04"),
        DateCase(title: "Mar 28 23:30 + 3 days across the clock change (free trial)", start: "2026-03-28T23:30:00+01:00",
                 zone: "Europe/Paris", offer: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3)),
                 endsOn: "2026-03-31"),
    ]
}
