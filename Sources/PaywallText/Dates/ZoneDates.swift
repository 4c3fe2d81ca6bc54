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
    /// The catalog's messages, for `date.day` (see ``written(_:)``).
    private let messages: MessageSet
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
    ///   - messages: The catalog's messages, whose `date.day` writes the day of the month in
    ///     the sentences, and in ``RenderedDate/text`` when the catalog is the display locale's
    ///     language.
    init(zone: TimeZoneName, displayLocale: String, sentenceLocale: String, messages: MessageSet) throws(PaywallTextError) {
        self.zone = zone
        self.messages = messages
        let datesLocale = ZoneDates.dateLocale(displayLocale)
        do {
            calendar = try ICU.GregorianCalendar(zone: zone.identifier)
            display = try ICU.DateFormatter(skeleton: Skeleton.date, locale: datesLocale, zone: zone.identifier)
            sentence = sentenceLocale == displayLocale ? nil
                : try ICU.DateFormatter(skeleton: Skeleton.date, locale: ZoneDates.withCalendar(of: datesLocale, sentenceLocale),
                                        zone: zone.identifier)
        } catch {
            throw PaywallTextError(.formattingFailed, path: "timeZone", message: "\(zone): \(error)")
        }
    }

    /// The locale a display locale's dates are written in: the locale itself, with the
    /// Gregorian calendar for the region SA (Saudi Arabia) unless the locale names a calendar.
    ///
    /// This is the package's one override of ICU's locale data. CLDR 46 made the Gregorian
    /// calendar Saudi Arabia's default (CLDR-11008), and both stores bill and show Gregorian
    /// dates there; ICU 72 (CLDR 42) still prefers Umm al-Qura for SA. A locale that asks
    /// for Umm al-Qura keeps it (`ar-SA-u-ca-islamic-umalqura`), and every other region keeps
    /// CLDR's preference, as the Buddhist era in Thailand. Drop this when the oldest ICU
    /// supported carries CLDR 46 (ICU 76).
    static func dateLocale(_ displayLocale: String) -> String {
        guard ICU.Locale.keyword("calendar", of: displayLocale) == nil,
              ICU.Locale.region(ICU.Locale.maximized(ICU.Locale.baseName(displayLocale))) == "SA"
        else { return displayLocale }
        return displayLocale + (displayLocale.contains("@") ? ";" : "@") + "calendar=gregorian"
    }

    /// A sentence locale with the display locale's `calendar` keyword (`en_SA` for
    /// `ar-SA-u-ca-gregory` becomes `en_SA@calendar=gregorian`): the locale's choice of
    /// calendar holds in a fallback's sentences too.
    private static func withCalendar(of displayLocale: String, _ sentenceLocale: String) -> String {
        guard let calendar = ICU.Locale.keyword("calendar", of: displayLocale) else { return sentenceLocale }
        return sentenceLocale + (sentenceLocale.contains("@") ? ";" : "@") + "calendar=" + calendar
    }

    /// The day reached after `periods`, in order, from `start` (see ``CalendarFields``).
    func day(after periods: [SubscriptionPeriod], from start: AsOf, path: String) throws(PaywallTextError) -> DatedDay {
        let end: (instant: Double, day: ICU.GregorianCalendar.Day)
        do {
            end = try calendar.adding(CalendarFields.amounts(of: periods), to: start.milliseconds)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(start) in \(zone): \(error)")
        }
        return try dated(end.day, at: end.instant, path: path)
    }

    /// The day of an instant (milliseconds since 1970) in the zone.
    func day(at instant: Double, path: String) throws(PaywallTextError) -> DatedDay {
        let day: ICU.GregorianCalendar.Day
        do {
            day = try calendar.day(of: instant)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "a date in \(zone): \(error)")
        }
        return try dated(day, at: instant, path: path)
    }

    /// A day with its texts, formatted once: the text depends on the day alone (the formats
    /// show no time of day), and `instant` is a moment of it.
    ///
    /// The day of the month goes through the catalog's `date.day` message: ICU's date pattern
    /// has no ordinal day, so where a language writes one day of the month otherwise (French
    /// `1er décembre`, Brazilian Portuguese `1º de dezembro`), its catalog holds that form, not
    /// a rule in code. The display text takes it only from a catalog of its own language; a
    /// fallback catalog's form goes into its own sentences alone.
    private func dated(_ day: ICU.GregorianCalendar.Day, at instant: Double, path: String) throws(PaywallTextError) -> DatedDay {
        if let known = days.value(for: day) { return known }
        // The display locale's date, and the sentence locale's for a fallback catalog.
        let displayed: ICU.DateFormatter.MarkedDate, inOtherLanguage: ICU.DateFormatter.MarkedDate?
        do {
            displayed = try display.formatMarkingDay(instant)
            inOtherLanguage = try sentence?.formatMarkingDay(instant)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "a date in \(zone): \(error)")
        }
        let text: String, inSentence: String
        if let inOtherLanguage {
            text = displayed.text
            inSentence = try written(inOtherLanguage)
        } else {
            text = try written(displayed)
            inSentence = text
        }
        let dated = DatedDay(date: RenderedDate(iso: ZoneDates.iso(day.year, day.month, day.day), text: text), inSentence: inSentence)
        days.insert(dated, for: day)
        return dated
    }

    /// A formatted date with its day of the month as the catalog's `date.day` writes it.
    private func written(_ formatted: ICU.DateFormatter.MarkedDate) throws(PaywallTextError) -> String {
        guard let range = formatted.day else { return formatted.text }
        let dayText = String(formatted.text[range])
        let written = try messages.formatPlain(Messages.dateDay, DayArguments(day: Text(dayText), dayOfMonth: formatted.dayOfMonth))
        guard written != dayText else { return formatted.text }
        var text = formatted.text
        text.replaceSubrange(range, with: written)
        return text
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
