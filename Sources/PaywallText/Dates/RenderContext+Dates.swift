extension RenderContext {
    /// The calendar and date formats of a time zone in this context's locale, opened once
    /// per context and zone.
    func dates(in zone: TimeZoneName) throws(PaywallTextError) -> ZoneDates {
        if let known = zoneDates.value(for: zone) { return known }
        let made = try ZoneDates(zone: zone, displayLocale: display.icuID, sentenceLocale: sentence.icuID, messages: messages)
        _ = zoneDates.insert(made, for: zone)
        return made
    }

    /// The day reached after `periods`, in order, from `start` in `zone`: the ISO date and
    /// the text of the display locale, and the text a sentence places. What an offer's end,
    /// a product's first charge and a commitment's end are computed with.
    func day(after periods: [SubscriptionPeriod], from start: AsOf, in zone: TimeZoneName, path: String) throws(PaywallTextError) -> DatedDay {
        try dates(in: zone).day(after: periods, from: start, path: path)
    }

    /// A day as a sentence's piece: its form in sentences, with the `date` role.
    func datePiece(_ day: DatedDay, _ mode: TextMode) -> Text {
        Text(day.inSentence).withRole(.date, mode)
    }
}
