import ICUBridge

extension ICU {
    /// A date format for a skeleton in a locale and time zone: the pattern CLDR gives the
    /// locale for the skeleton, in the locale's own calendar (or the one its `calendar`
    /// keyword names).
    ///
    /// Not `Sendable`: it keeps a calendar that each call sets, so each render context keeps
    /// its own (see ``RenderContext``).
    final class DateFormatter {
        private let handle: OpaquePointer
        let skeleton: String
        let locale: String
        let zone: String

        /// - Throws: A failure for a zone ICU does not know, or a skeleton or locale ICU refuses.
        init(skeleton: String, locale: String, zone: String) throws(Failure) {
            var status: Int32 = 0
            guard let handle = icub_date_format_open(skeleton, locale, zone, &status), status <= 0 else {
                throw Failure(status: status > 0 ? status : 1, operation: "opening date skeleton '\(skeleton)' for \(locale) in \(zone)")
            }
            self.handle = handle
            self.skeleton = skeleton
            self.locale = locale
            self.zone = zone
        }

        deinit {
            icub_date_format_close(handle)
        }

        /// The day of an instant (milliseconds since 1970) in the zone, as text.
        func format(_ instant: Double) throws(Failure) -> String {
            try ICU.string("formatting a date") { icub_date_format_format(handle, instant, $0, $1, &$2) }
        }

        /// The day of an instant as text, with where its day of the month stands in it (`nil`
        /// when the pattern has none) and that day's number in the format's calendar.
        func formatMarkingDay(_ instant: Double) throws(Failure) -> MarkedDate {
            var start: Int32 = -1, end: Int32 = -1, dayOfMonth: Int32 = 0
            let text = try ICU.string("formatting a date") {
                icub_date_format_format_day(handle, instant, $0, $1, &start, &end, &dayOfMonth, &$2)
            }
            let utf8 = text.utf8
            guard start >= 0, end > start, Int(end) <= utf8.count else { return MarkedDate(text: text, day: nil, dayOfMonth: Int(dayOfMonth)) }
            let lower = utf8.index(utf8.startIndex, offsetBy: Int(start))
            let upper = utf8.index(lower, offsetBy: Int(end - start))
            return MarkedDate(text: text, day: lower..<upper, dayOfMonth: Int(dayOfMonth))
        }

        /// A date as text with where its day of the month stands.
        struct MarkedDate {
            let text: String
            /// The day field's place in ``text``; `nil` when the pattern has none.
            let day: Range<String.Index>?
            /// The day's number in the format's calendar (1–31).
            let dayOfMonth: Int
        }

        /// The pattern used (`MMMM d, y`).
        var pattern: String {
            (try? ICU.string("reading a date pattern") { icub_date_format_pattern(handle, $0, $1, &$2) }) ?? ""
        }

        /// The CLDR name of the calendar dates are written in (`gregorian`, `buddhist`).
        var calendar: String {
            (try? ICU.string("reading a calendar type") { icub_date_format_calendar(handle, $0, $1, &$2) }) ?? ""
        }
    }
}
