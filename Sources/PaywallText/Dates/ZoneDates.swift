/// One time zone's calendar and date formats, for one render context: the days a product's
/// offers end on, as ISO dates and as text.
///
/// ICU's calendar and date format are not safe to use from two threads at once (each call
/// sets the instant they hold), so a ``RenderContext``, which one render uses at a time,
/// keeps its own per zone, opened on first use.
final class ZoneDates {
    let zone: TimeZoneName
    private let calendar: ICU.GregorianCalendar
    /// The display locale's format: the text of ``RenderedDate``.
    private let display: ICU.DateFormatter
    /// The sentence locale's format, for a catalog of another language (a fallback): the
    /// date's words in the sentence's language; `nil` when the two locales are one.
    private let sentence: ICU.DateFormatter?
    /// The days formatted so far: the offers of a paywall end on a few days, and requests
    /// dated `now` on the same day meet the same ones.
    private var days = LRUCache<ICU.GregorianCalendar.Day, DatedDay>(capacity: 64)

    /// The bytes a zone's objects hold, estimated: a calendar, one or two date formats with
    /// their patterns, symbols and calendars, and the days kept.
    static let estimatedBytes = 40 * 1024

    /// - Parameters:
    ///   - displayLocale: The ICU ID of the display locale, with its `calendar` keyword if any.
    ///   - sentenceLocale: The ICU ID of the sentences' locale; the same as `displayLocale`
    ///     unless the catalog is a fallback.
    init(zone: TimeZoneName, displayLocale: String, sentenceLocale: String) throws(PaywallTextError) {
        self.zone = zone
        do {
            calendar = try ICU.GregorianCalendar(zone: zone.identifier)
            display = try ICU.DateFormatter(skeleton: Skeleton.date, locale: displayLocale, zone: zone.identifier)
            sentence = sentenceLocale == displayLocale ? nil
                : try ICU.DateFormatter(skeleton: Skeleton.date, locale: ZoneDates.withCalendar(of: displayLocale, sentenceLocale),
                                        zone: zone.identifier)
        } catch {
            throw PaywallTextError(.formattingFailed, path: "timeZone", message: "\(zone): \(error)")
        }
    }

    /// A sentence locale with the display locale's `calendar` keyword (`en_SA@numbers=arab`
    /// for `ar-SA-u-ca-gregory` becomes `…;calendar=gregorian`): the locale's choice of
    /// calendar holds in a fallback's sentences too.
    private static func withCalendar(of displayLocale: String, _ sentenceLocale: String) -> String {
        guard let calendar = ICU.Locale.keyword("calendar", of: displayLocale) else { return sentenceLocale }
        return sentenceLocale + (sentenceLocale.contains("@") ? ";" : "@") + "calendar=" + calendar
    }

    /// The day reached after `periods`, in order, from `start` (see ``CalendarFields``).
    func day(after periods: [SubscriptionPeriod], from start: AsOf, path: String) throws(PaywallTextError) -> DatedDay {
        do {
            let end = try calendar.adding(CalendarFields.amounts(of: periods), to: start.milliseconds)
            return try dated(end.day, at: end.instant)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(start) in \(zone): \(error)")
        }
    }

    /// The day of an instant (milliseconds since 1970) in the zone.
    func day(at instant: Double, path: String) throws(PaywallTextError) -> DatedDay {
        do {
            return try dated(try calendar.day(of: instant), at: instant)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "a date in \(zone): \(error)")
        }
    }

    /// A day with its texts, formatted once: the text depends on the day alone (the formats
    /// show no time of day), and `instant` is a moment of it.
    private func dated(_ day: ICU.GregorianCalendar.Day, at instant: Double) throws(ICU.Failure) -> DatedDay {
        if let known = days.value(for: day) { return known }
        let text = try display.format(instant)
        let dated = DatedDay(date: RenderedDate(iso: ZoneDates.iso(day.year, day.month, day.day), text: text),
                             inSentence: try sentence?.format(instant) ?? text)
        days.insert(dated, for: day)
        return dated
    }

    /// `2026-02-28`; a year before 1 or after 9999 as ISO 8601's expanded form (`-0001`, `+10000`).
    static func iso(_ year: Int, _ month: Int, _ day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value.magnitude)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let yearText = (0...9999).contains(year) ? padded(year, 4) : (year < 0 ? "-" : "+") + padded(year, 4)
        return "\(yearText)-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// The calendar of the display locale's dates (`gregorian`, `buddhist`, `islamic-umalqura`).
    var displayCalendar: String { display.calendar }
    /// The display locale's date pattern (`MMMM d, y`).
    var displayPattern: String { display.pattern }
}

/// A day as a result gives it, and as a sentence places it.
struct DatedDay: Sendable {
    let date: RenderedDate
    /// The text in the sentence's language: ``RenderedDate/text``, unless the catalog is a
    /// fallback of another language.
    let inSentence: String
}

extension AsOf {
    /// The instant as ICU's calendars take it: milliseconds since 1970.
    var milliseconds: Double { (date.timeIntervalSince1970 * 1000).rounded(.down) }
}
